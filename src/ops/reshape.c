/* reshape, reshape_view, ravel, flatten: views when strides can express the new shape
 * (layout/reshape.c decides), copies through the copy engine otherwise. */
#include <stdlib.h>

#include "frontend.h"
#include "nd/views.h"

/* NumPy's order 'A' for reshape and ravel: F if the array is F-contiguous and not
 * C-contiguous, else C. */
static nd_order resolve_a(const nd_array *a, nd_order o) {
  if (o != ND_A) return o;
  return ndi_is_contiguous(a->ndim, a->shape, a->strides, ND_F) &&
                 !ndi_is_contiguous(a->ndim, a->shape, a->strides, ND_C)
             ? ND_F
             : ND_C;
}

/* Order 'K' for ravel and flatten, as NumPy's iterator orders axes: by decreasing |stride|
 * (the order the elements lie in memory), keeping each axis' direction; an axis of stride 0
 * (or extent 1) says nothing and is passed over, not sorted. The insertion sort runs as
 * NumPy's does, from the innermost axis outwards by increasing |stride|: with axes that are
 * passed over the direction of the sort decides where a broadcast axis ends up, so it must
 * be the same for the elements to come out in NumPy's order. The result is a view of `a`
 * whose C order is that order. */
static int64_t order_key(const nd_array *a, int ax) {
  return a->shape[ax] == 1 ? 0 : llabs(a->strides[ax]);
}

static nd_array *memory_order_view(const char *op, nd_array *a) {
  int n = a->ndim, inner[ND_MAX_DIMS]; /* inner[0] is the innermost axis */
  for (int i = 0; i < n; i++) inner[i] = n - 1 - i;
  for (int i = 1; i < n; i++) {
    int ax = inner[i], pos = i;
    int64_t si = order_key(a, ax);
    for (int j = i - 1; j >= 0 && si != 0; j--) {
      int64_t sj = order_key(a, inner[j]);
      if (sj == 0) continue; /* ambiguous: look further in */
      if (sj <= si) break;
      pos = j;
    }
    for (int k = i; k > pos; k--) inner[k] = inner[k - 1];
    inner[pos] = ax;
  }
  int64_t shape[ND_MAX_DIMS], strides[ND_MAX_DIMS];
  for (int i = 0; i < n; i++) {
    shape[i] = a->shape[inner[n - 1 - i]];
    strides[i] = a->strides[inner[n - 1 - i]];
  }
  return ndi_view(op, a, n, shape, strides, a->offset);
}

/* Resolves the shape and tries the no-copy path. Returns 1 for a view (out set), 0 when a
 * copy is needed, -1 on error. */
static int try_view(const char *op, nd_array *a, int ndim, const int64_t *shape, nd_order o,
                    int64_t *newshape, nd_array **out) {
  if (ndi_check_order(op, o, false)) return -1;
  if (ndi_reshape_resolve(op, a->size, ndim, shape, newshape)) return -1;
  int64_t strides[ND_MAX_DIMS];
  if (!ndi_reshape_strides(a->ndim, a->shape, a->strides, ndim, newshape, o, strides)) return 0;
  *out = ndi_view(op, a, ndim, newshape, strides, a->offset);
  return *out ? 1 : -1;
}

/* A copy of `a` with flat positions in order o, laid out in `newshape`. */
static nd_array *reshaped_copy(const char *op, nd_array *a, int ndim, const int64_t *newshape,
                               nd_order o) {
  /* Copy into a contiguous array of a's shape in order o; the same buffer read in order o
   * with the new shape is the result. */
  nd_array *tmp = ndi_array_alloc(op, a->dtype, a->ndim, a->shape, o);
  if (!tmp) return NULL;
  ndi_copy_array(tmp, a);
  int64_t strides[ND_MAX_DIMS];
  ndi_contiguous_strides(ndim, newshape, o, strides);
  nd_array *r = ndi_array_view(op, tmp->storage, a->dtype, ndim, newshape, strides, 0);
  nd_release(tmp);
  return r;
}

/* reshape takes C, F and A; ravel and flatten K too (NumPy's sets). */
static nd_status check_order(const char *op, nd_order o, bool k_ok) {
  if (o == ND_C || o == ND_F || o == ND_A || (k_ok && o == ND_K)) return ND_OK;
  if (o == ND_K)
    return ndi_error(ND_ERR_VALUE, "%s: order 'K' is not accepted here (use ND_C, ND_F or ND_A)", op);
  return ndi_error(ND_ERR_VALUE, "%s: invalid order value %d (expected ND_C, ND_F, ND_A%s)", op, (int)o,
                   k_ok ? " or ND_K" : "");
}

nd_array *nd_reshape(nd_array *a, int ndim, const int64_t *shape, nd_order o) {
  NDI_REQUIRE("reshape", a);
  if (check_order("reshape", o, false)) return NULL;
  o = resolve_a(a, o);
  int64_t newshape[ND_MAX_DIMS];
  nd_array *v = NULL;
  int r = try_view("reshape", a, ndim, shape, o, newshape, &v);
  if (r < 0) return NULL;
  if (r > 0) return v;
  return reshaped_copy("reshape", a, ndim, newshape, o);
}

nd_array *nd_reshape_view(nd_array *a, int ndim, const int64_t *shape, nd_order o) {
  NDI_REQUIRE("reshape_view", a);
  if (check_order("reshape_view", o, false)) return NULL;
  o = resolve_a(a, o);
  int64_t newshape[ND_MAX_DIMS];
  nd_array *v = NULL;
  int r = try_view("reshape_view", a, ndim, shape, o, newshape, &v);
  if (r < 0) return NULL;
  if (r > 0) return v;
  char b1[NDI_SHAPE_BUF], b2[NDI_SHAPE_BUF], b3[NDI_SHAPE_BUF];
  return ndi_error_null(ND_ERR_SHAPE,
                        "reshape_view: array of shape %s and strides %s cannot be viewed as shape %s in order %c without a copy",
                        ndi_fmt_shape(b1, sizeof b1, a->ndim, a->shape),
                        ndi_fmt_shape(b2, sizeof b2, a->ndim, a->strides),
                        ndi_fmt_shape(b3, sizeof b3, ndim, newshape), (char)o);
}

nd_array *nd_ravel(nd_array *a, nd_order o) {
  NDI_REQUIRE("ravel", a);
  if (check_order("ravel", o, true)) return NULL;
  if (o == ND_K) {
    nd_array *m = memory_order_view("ravel", a);
    nd_array *r = m ? nd_ravel(m, ND_C) : NULL;
    nd_release(m);
    return r;
  }
  o = resolve_a(a, o);
  int64_t n = a->size;
  nd_array *v = NULL;
  int64_t newshape[1];
  int r = try_view("ravel", a, 1, &n, o, newshape, &v);
  if (r < 0) return NULL;
  /* NumPy's ravel is a view only of an array contiguous in the order asked for: a strided
   * one-stride view (a[::2], a column, a broadcast) would be a copy there, and writes
   * through it must not reach a */
  if (r > 0 && (v->size <= 1 || v->strides[0] == 1)) return v;
  nd_release(v);
  return reshaped_copy("ravel", a, 1, newshape, o);
}

nd_array *nd_flatten(nd_array *a, nd_order o) {
  NDI_REQUIRE("flatten", a);
  if (check_order("flatten", o, true)) return NULL;
  if (o == ND_K) {
    nd_array *m = memory_order_view("flatten", a);
    nd_array *r = m ? nd_flatten(m, ND_C) : NULL;
    nd_release(m);
    return r;
  }
  o = resolve_a(a, o);
  if (ndi_check_order("flatten", o, false)) return NULL;
  int64_t n = a->size;
  return reshaped_copy("flatten", a, 1, &n, o);
}
