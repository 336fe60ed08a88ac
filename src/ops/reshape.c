/* reshape, reshape_view, ravel, flatten: views when strides can express the new shape
 * (layout/reshape.c decides), copies through the copy engine otherwise. */
#include "frontend.h"
#include "nd/views.h"

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

nd_array *nd_reshape(nd_array *a, int ndim, const int64_t *shape, nd_order o) {
  NDI_REQUIRE("reshape", a);
  int64_t newshape[ND_MAX_DIMS];
  nd_array *v = NULL;
  int r = try_view("reshape", a, ndim, shape, o, newshape, &v);
  if (r < 0) return NULL;
  if (r > 0) return v;
  return reshaped_copy("reshape", a, ndim, newshape, o);
}

nd_array *nd_reshape_view(nd_array *a, int ndim, const int64_t *shape, nd_order o) {
  NDI_REQUIRE("reshape_view", a);
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
  int64_t n = a->size;
  nd_array *v = NULL;
  int64_t newshape[1];
  int r = try_view("ravel", a, 1, &n, o, newshape, &v);
  if (r < 0) return NULL;
  if (r > 0) return v;
  return reshaped_copy("ravel", a, 1, newshape, o);
}

nd_array *nd_flatten(nd_array *a, nd_order o) {
  NDI_REQUIRE("flatten", a);
  if (ndi_check_order("flatten", o, false)) return NULL;
  int64_t n = a->size;
  return reshaped_copy("flatten", a, 1, &n, o);
}
