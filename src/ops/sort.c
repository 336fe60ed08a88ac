/* sort, argsort, searchsorted: argument checks, promotion and output layout; keys and
 * radix passes are kernels/sort*.c and kernels/radix.c, the lane driver iter/sort.c. */
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "indexing.h"
#include "iter/copy.h"
#include "iter/sort.h"
#include "kernels/sort.h"
#include "nd/indexing.h"
#include "nd/reduce.h"
#include "nd/sorting.h"

static nd_status check_ordered(const char *op, nd_dtype t) {
  if (ndi_sort_keys_table[t].wlog2 >= 0) return ND_OK;
  return ndi_error(ND_ERR_TYPE, "%s: not defined for complex input (%s has no order)", op,
                   ndi_dtype_name(t));
}

static nd_array *sort_impl(const char *op, const nd_array *a, int axis, bool descending,
                           bool arg) {
  NDI_REQUIRE(op, a);
  if (check_ordered(op, a->dtype)) return NULL;
  nd_array *tmp = NULL, *out = NULL;
  int nd = a->ndim, ax = 0;
  int64_t shape[ND_MAX_DIMS], st[ND_MAX_DIMS];
  const char *data = a->data;
  int64_t es = (int64_t)ndi_dtype_size(a->dtype);
  if (arg) axis = ndi_axis_of_0d(nd, axis); /* NumPy: argsort of a 0-d array is [0] */
  if (axis == ND_AXIS_NONE) {
    if (!(data = ndi_flat_source(op, a, &tmp))) return NULL;
    nd = 1;
    shape[0] = a->size;
    st[0] = 1;
  } else {
    if (ndi_normalize_axis(op, axis, a->ndim, &ax)) return NULL;
    memcpy(shape, a->shape, sizeof(int64_t) * (size_t)nd);
    memcpy(st, a->strides, sizeof(int64_t) * (size_t)nd);
  }
  int perm[ND_MAX_DIMS];
  int64_t ostr[ND_MAX_DIMS];
  /* sort keeps the input's layout (order K), argsort gives C order, as NumPy's do */
  if (arg) {
    ndi_contiguous_strides(nd, shape, ND_C, ostr);
  } else {
    ndi_order_k_perm(nd, shape, st, perm);
    ndi_strides_for_perm(nd, shape, perm, ostr);
  }
  nd_dtype ot = arg ? ND_INT64 : a->dtype;
  out = ndi_array_alloc_strided(op, ot, nd, shape, ostr);
  if (out) {
    int64_t ib[ND_MAX_DIMS], ob[ND_MAX_DIMS];
    int64_t os = (int64_t)ndi_dtype_size(ot);
    for (int i = 0; i < nd; i++) {
      ib[i] = st[i] * es;
      ob[i] = out->strides[i] * os;
    }
    ndi_sort_spec spec = {nd, shape, ax, data, ib, a->dtype, out->data, ob, arg, descending};
    if (ndi_sort_run(op, &spec)) {
      nd_release(out);
      out = NULL;
    }
  }
  nd_release(tmp);
  return out;
}

nd_array *nd_sort(const nd_array *a, int axis, bool descending) {
  return sort_impl("sort", a, axis, descending, false);
}
nd_array *nd_argsort(const nd_array *a, int axis, bool descending) {
  return sort_impl("argsort", a, axis, descending, true);
}

/* The keys of a's elements in C order (a converted to dtype t first if it differs). */
static void *flat_keys(const char *op, const nd_array *a, nd_dtype t) {
  const ndi_sort_keys *K = &ndi_sort_keys_table[t];
  size_t W = (size_t)1 << K->wlog2;
  nd_array *c = ndi_array_alloc(op, t, a->ndim, a->shape, ND_C);
  void *keys = c ? ndi_malloc((size_t)(a->size ? a->size : 1) * W) : NULL;
  if (c && !keys) ndi_nomem(op, (size_t)a->size * W);
  if (keys) {
    ndi_copy_array(c, a);
    K->to_keys(keys, c->data, (int64_t)ndi_dtype_size(t), a->size, false);
  }
  nd_release(c);
  return keys;
}

nd_array *nd_searchsorted(const nd_array *sorted, const nd_array *values, nd_side side,
                          const nd_array *sorter) {
  const char *op = "searchsorted";
  NDI_REQUIRE(op, sorted);
  NDI_REQUIRE(op, values);
  if (sorted->ndim != 1)
    return ndi_error_null(ND_ERR_SHAPE, "%s: the sorted array must be 1-D (got %d dimensions)", op, sorted->ndim);
  if (side != ND_SIDE_LEFT && side != ND_SIDE_RIGHT)
    return ndi_error_null(ND_ERR_VALUE, "%s: invalid side %d (ND_SIDE_LEFT or ND_SIDE_RIGHT)", op, (int)side);
  if (check_ordered(op, sorted->dtype) || check_ordered(op, values->dtype)) return NULL;
  nd_dtype t = ndi_promote(sorted->dtype, values->dtype);
  int64_t n = sorted->size;
  nd_array *src = (nd_array *)sorted, *out = NULL;
  if (sorter) {
    if (sorter->ndim != 1)
      return ndi_error_null(ND_ERR_SHAPE, "%s: sorter must be 1-D (got %d dimensions)", op, sorter->ndim);
    if (sorter->size != n)
      return ndi_error_null(ND_ERR_SHAPE, "%s: sorter has %lld elements but the sorted array has %lld", op,
                            (long long)sorter->size, (long long)n);
    char k = ndi_dtype_kind(sorter->dtype);
    if (k != 'i' && k != 'u')
      return ndi_error_null(ND_ERR_TYPE, "%s: sorter must be an integer array, got %s", op,
                            ndi_dtype_name(sorter->dtype));
    /* positions, not indices: NumPy refuses negative ones ("Sorter index out of range") */
    if (n > 0 && ndi_dtype_kind(sorter->dtype) == 'i') {
      int64_t low = 0;
      nd_array *m = nd_min(sorter, -1, NULL, false);
      nd_status st = m ? nd_get_int64(m, NULL, &low) : nd_last_status();
      nd_release(m);
      if (st) return NULL;
      if (low < 0)
        return ndi_error_null(ND_ERR_INDEX, "%s: sorter index %lld is out of range [0, %lld)", op,
                              (long long)low, (long long)n);
    }
    if (!(src = nd_take(sorted, sorter, 0))) {
      char msg[512]; /* "take: ..." said of the sorter */
      snprintf(msg, sizeof msg, "%s", nd_last_error() + strlen("take: "));
      ndi_error(nd_last_extended_status(), "%s: sorter: %s", op, msg);
      return NULL;
    }
  }
  const ndi_sort_keys *K = &ndi_sort_keys_table[t];
  const ndi_radix_ops *R = &ndi_radix[K->wlog2];
  size_t W = (size_t)1 << K->wlog2;
  char *sk = flat_keys(op, src, t), *vk = sk ? flat_keys(op, values, t) : NULL;
  if (vk) out = ndi_array_alloc(op, ND_INT64, values->ndim, values->shape, ND_C);
  if (out) {
    int64_t *o = (int64_t *)out->data;
    for (int64_t i = 0; i < values->size; i++) o[i] = R->search(sk, n, vk + i * W, (int)side);
  }
  ndi_free(sk);
  ndi_free(vk);
  if (src != sorted) nd_release(src);
  return out;
}
