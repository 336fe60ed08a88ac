/* concat, stack, unstack: each input is copied into its slice of the result by the copy
 * engine (which tiles and threads); unstack makes views. */
#include <string.h>

#include "iter/copy.h"
#include "nd/manipulation.h"
#include "frontend.h"

/* Checks the list and returns the promoted dtype (-1 on error). */
static int check_list(const char *op, int n, nd_array *const *arrays) {
  if (n < 1) {
    ndi_error(ND_ERR_VALUE, "%s: need at least one array (got %d)", op, n);
    return -1;
  }
  if (!arrays) {
    ndi_null_arg_named(op, "arrays");
    return -1;
  }
  for (int k = 0; k < n; k++)
    if (!arrays[k]) {
      ndi_null_arg_at(op, "arrays", k);
      return -1;
    }
  ndi_promoter p = {0};
  for (int k = 0; k < n; k++) ndi_promoter_add(&p, arrays[k]->dtype);
  return (int)ndi_promoter_result(&p);
}

/* Extent and stride of an input's axis as a join sees it: stack inserts an axis of
 * extent 1 at `inserted` (-1: none). */
typedef struct {
  nd_array *const *arrays;
  int inserted;
} join_view;

static void join_axis_info(const void *ctx, int k, int i, int64_t *extent, int64_t *stride) {
  const join_view *v = ctx;
  const nd_array *a = v->arrays[k];
  int j = v->inserted < 0 || i < v->inserted ? i : i - 1;
  *extent = i == v->inserted ? 1 : a->shape[j];
  *stride = i == v->inserted ? 0 : a->strides[j];
}

/* A new result of the join's dtype and shape. */
static nd_array *join_alloc(const char *op, nd_dtype t, int n, nd_array *const *arrays, int ndim,
                            const int64_t *shape, int inserted) {
  int perm[ND_MAX_DIMS];
  int64_t strides[ND_MAX_DIMS];
  /* NumPy's concatenate order (stack is a concatenate of expanded arrays): C inputs give
   * C, F inputs F, mixed C and F inputs C */
  join_view v = {arrays, inserted};
  ndi_order_k_perm_multi(NDI_K_CONCAT, n, ndim, join_axis_info, &v, perm);
  ndi_strides_for_perm(ndim, shape, perm, strides);
  return ndi_array_alloc_strided(op, t, ndim, shape, strides);
}

static void copy_into(char *dst, const int64_t *dst_strides, nd_dtype t, const nd_array *a) {
  ndi_copy_layout(a->ndim, a->shape, (ndi_layout_ref){dst, dst_strides, t},
                  (ndi_layout_ref){a->data, a->strides, a->dtype});
}

static nd_array *concat_flat(int n, nd_array *const *arrays, nd_dtype t) {
  int64_t total = 0;
  for (int k = 0; k < n; k++)
    if (__builtin_add_overflow(total, arrays[k]->size, &total))
      return ndi_error_null(ND_ERR_OVERFLOW_SIZE, "concat: total size overflows int64");
  nd_array *out = ndi_array_alloc("concat", t, 1, &total, ND_C);
  if (!out) return NULL;
  int64_t es = (int64_t)ndi_dtype_size(t), off = 0;
  for (int k = 0; k < n; k++) {
    const nd_array *a = arrays[k];
    /* the slice of out, seen as a C-ordered array of a's shape */
    int64_t cs[ND_MAX_DIMS];
    ndi_contiguous_strides(a->ndim, a->shape, ND_C, cs);
    copy_into(out->data + off * es, cs, t, a);
    off += a->size;
  }
  return out;
}

nd_array *nd_concat(int n, nd_array *const *arrays, int axis) {
  int t = check_list("concat", n, arrays);
  if (t < 0) return NULL;
  if (axis == ND_AXIS_NONE) return concat_flat(n, arrays, (nd_dtype)t);
  const nd_array *a0 = arrays[0];
  for (int k = 0; k < n; k++)
    if (arrays[k]->ndim == 0)
      return ndi_error_null(ND_ERR_SHAPE, "concat: zero-dimensional arrays cannot be concatenated (array %d)", k);
  int ax;
  if (ndi_normalize_axis("concat", axis, a0->ndim, &ax)) return NULL;
  int64_t shape[ND_MAX_DIMS];
  memcpy(shape, a0->shape, sizeof(int64_t) * (size_t)a0->ndim);
  for (int k = 1; k < n; k++) {
    const nd_array *a = arrays[k];
    bool ok = a->ndim == a0->ndim;
    for (int i = 0; ok && i < a0->ndim; i++) ok = i == ax || a->shape[i] == a0->shape[i];
    if (!ok) {
      char b0[NDI_SHAPE_BUF], b1[NDI_SHAPE_BUF];
      return ndi_error_null(ND_ERR_SHAPE, "concat: array %d has shape %s but array 0 has shape %s (they must match except along axis %d)",
                            k, ndi_fmt_shape(b1, sizeof b1, a->ndim, a->shape),
                            ndi_fmt_shape(b0, sizeof b0, a0->ndim, a0->shape), ax);
    }
    if (__builtin_add_overflow(shape[ax], a->shape[ax], &shape[ax]))
      return ndi_error_null(ND_ERR_OVERFLOW_SIZE, "concat: extent of axis %d overflows int64", ax);
  }
  nd_array *out = join_alloc("concat", (nd_dtype)t, n, arrays, a0->ndim, shape, -1);
  if (!out) return NULL;
  int64_t es = (int64_t)ndi_dtype_size((nd_dtype)t), off = 0;
  /* the output's outermost axis: if it is not the joined one, every input spans it, and
   * the inputs are copied slab by slab so the output is written in order */
  int outer = 0;
  for (int i = 1; i < a0->ndim; i++)
    if (out->strides[i] > out->strides[outer]) outer = i;
  bool slabs = outer != ax && n <= 64 && out->size > 0;
  ndi_copy_part parts[64];
  for (int k = 0; k < n; k++) {
    char *dst = out->data + off * out->strides[ax] * es;
    if (slabs)
      parts[k] = (ndi_copy_part){arrays[k]->shape, {dst, out->strides, (nd_dtype)t},
                                 {arrays[k]->data, arrays[k]->strides, arrays[k]->dtype}};
    else
      copy_into(dst, out->strides, (nd_dtype)t, arrays[k]);
    off += arrays[k]->shape[ax];
  }
  if (slabs) ndi_copy_parts_by_slab(n, parts, a0->ndim, outer);
  return out;
}

nd_array *nd_stack(int n, nd_array *const *arrays, int axis) {
  int t = check_list("stack", n, arrays);
  if (t < 0) return NULL;
  const nd_array *a0 = arrays[0];
  for (int k = 1; k < n; k++) {
    const nd_array *a = arrays[k];
    bool ok = a->ndim == a0->ndim;
    for (int i = 0; ok && i < a0->ndim; i++) ok = a->shape[i] == a0->shape[i];
    if (!ok) {
      char b0[NDI_SHAPE_BUF], b1[NDI_SHAPE_BUF];
      return ndi_error_null(ND_ERR_SHAPE, "stack: all input arrays must have the same shape (array %d has shape %s, array 0 %s)",
                            k, ndi_fmt_shape(b1, sizeof b1, a->ndim, a->shape),
                            ndi_fmt_shape(b0, sizeof b0, a0->ndim, a0->shape));
    }
  }
  if (a0->ndim + 1 > ND_MAX_DIMS)
    return ndi_error_null(ND_ERR_VALUE, "stack: the result would have more than %d dimensions", ND_MAX_DIMS);
  int ax;
  if (ndi_normalize_axis("stack", axis, a0->ndim + 1, &ax)) return NULL;
  int64_t shape[ND_MAX_DIMS];
  for (int i = 0, j = 0; i <= a0->ndim; i++) shape[i] = i == ax ? n : a0->shape[j++];
  nd_array *out = join_alloc("stack", (nd_dtype)t, n, arrays, a0->ndim + 1, shape, ax);
  if (!out) return NULL;
  int64_t es = (int64_t)ndi_dtype_size((nd_dtype)t), st[ND_MAX_DIMS];
  for (int i = 0, j = 0; i <= a0->ndim; i++)
    if (i != ax) st[j++] = out->strides[i];
  for (int k = 0; k < n; k++) copy_into(out->data + k * out->strides[ax] * es, st, (nd_dtype)t, arrays[k]);
  return out;
}

nd_status nd_unstack(nd_array *a, int axis, int64_t n, nd_array **out) {
  NDI_REQUIRE_ST("unstack", a);
  if (!out) return ndi_null_arg_named("unstack", "out");
  if (a->ndim == 0)
    return ndi_error(ND_ERR_SHAPE, "unstack: a zero-dimensional array cannot be unstacked");
  int ax;
  nd_status st = ndi_normalize_axis("unstack", axis, a->ndim, &ax);
  if (st) return st;
  if (n != a->shape[ax]) {
    char b[NDI_SHAPE_BUF];
    return ndi_error(ND_ERR_VALUE, "unstack: room for %lld arrays given, but axis %d of shape %s has extent %lld",
                     (long long)n, axis, ndi_fmt_shape(b, sizeof b, a->ndim, a->shape),
                     (long long)a->shape[ax]);
  }
  int64_t shape[ND_MAX_DIMS], strides[ND_MAX_DIMS];
  for (int i = 0, j = 0; i < a->ndim; i++)
    if (i != ax) {
      shape[j] = a->shape[i];
      strides[j++] = a->strides[i];
    }
  for (int64_t k = 0; k < n; k++) {
    out[k] = ndi_view("unstack", a, a->ndim - 1, shape, strides, a->offset + k * a->strides[ax]);
    if (!out[k]) {
      for (int64_t q = 0; q < k; q++) {
        nd_release(out[q]);
        out[q] = NULL;
      }
      return ND_ERR_NOMEM;
    }
  }
  return ND_OK;
}
