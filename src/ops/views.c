/* Layout-only operations: axis permutations, broadcasting, squeezing, flipping, diagonals,
 * real/imag. Each builds a new header over the same storage in O(ndim). */
#include <string.h>

#include "frontend.h"
#include "views.h"
#include "nd/views.h"

nd_array *nd_permute(nd_array *a, int naxes, const int *axes) {
  NDI_REQUIRE("permute", a);
  if (naxes != a->ndim)
    return ndi_error_null(ND_ERR_VALUE, "permute: axes don't match array: %d axes given for an array of dimension %d",
                          naxes, a->ndim);
  int ax[ND_MAX_DIMS];
  if (ndi_normalize_axes("permute", naxes, axes, a->ndim, ax, NULL)) return NULL;
  int64_t shape[ND_MAX_DIMS], strides[ND_MAX_DIMS];
  for (int i = 0; i < naxes; i++) {
    shape[i] = a->shape[ax[i]];
    strides[i] = a->strides[ax[i]];
  }
  return ndi_view("permute", a, a->ndim, shape, strides, a->offset);
}

nd_array *nd_transpose(nd_array *a) {
  NDI_REQUIRE("transpose", a);
  int64_t shape[ND_MAX_DIMS], strides[ND_MAX_DIMS];
  for (int i = 0; i < a->ndim; i++) {
    shape[i] = a->shape[a->ndim - 1 - i];
    strides[i] = a->strides[a->ndim - 1 - i];
  }
  return ndi_view("transpose", a, a->ndim, shape, strides, a->offset);
}

nd_array *nd_swapaxes(nd_array *a, int axis1, int axis2) {
  NDI_REQUIRE("swapaxes", a);
  int i, j;
  if (ndi_normalize_axis("swapaxes", axis1, a->ndim, &i) ||
      ndi_normalize_axis("swapaxes", axis2, a->ndim, &j))
    return NULL;
  int64_t shape[ND_MAX_DIMS], strides[ND_MAX_DIMS];
  memcpy(shape, a->shape, sizeof(int64_t) * (size_t)a->ndim);
  memcpy(strides, a->strides, sizeof(int64_t) * (size_t)a->ndim);
  shape[i] = a->shape[j];
  shape[j] = a->shape[i];
  strides[i] = a->strides[j];
  strides[j] = a->strides[i];
  return ndi_view("swapaxes", a, a->ndim, shape, strides, a->offset);
}

nd_array *nd_moveaxis(nd_array *a, int src, int dst) {
  NDI_REQUIRE("moveaxis", a);
  int s, d;
  if (ndi_normalize_axis("moveaxis", src, a->ndim, &s) ||
      ndi_normalize_axis("moveaxis", dst, a->ndim, &d))
    return NULL;
  int order[ND_MAX_DIMS], n = 0;
  for (int i = 0; i < a->ndim; i++)
    if (i != s) order[n++] = i;
  memmove(order + d + 1, order + d, sizeof(int) * (size_t)(n - d));
  order[d] = s;
  return nd_permute(a, a->ndim, order);
}

nd_array *nd_matrix_transpose(nd_array *a) {
  NDI_REQUIRE("matrix_transpose", a);
  if (a->ndim < 2)
    return ndi_error_null(ND_ERR_SHAPE, "matrix_transpose: array of dimension %d has no matrix axes (needs at least 2)",
                          a->ndim);
  return nd_swapaxes(a, -2, -1);
}

nd_array *nd_broadcast_to(nd_array *a, int ndim, const int64_t *shape) {
  NDI_REQUIRE("broadcast_to", a);
  if (ndi_check_ndim("broadcast_to", ndim, shape)) return NULL;
  int64_t size;
  if (ndi_shape_size("broadcast_to", ndim, shape, &size)) return NULL;
  int64_t strides[ND_MAX_DIMS];
  if (ndi_broadcast_strides("broadcast_to", a->ndim, a->shape, a->strides, ndim, shape, strides))
    return NULL;
  nd_array *v = ndi_view("broadcast_to", a, ndim, shape, strides, a->offset);
  if (v) v->flags &= ~(unsigned)NDI_WRITEABLE; /* as NumPy: a broadcast view is read-only */
  return v;
}

nd_status nd_broadcast_shapes(int n, const int *ndims, const int64_t *const *shapes,
                              int *out_ndim, int64_t *out_shape) {
  if (n < 0) return ndi_error(ND_ERR_VALUE, "broadcast_shapes: negative count %d", n);
  if (!out_ndim || !out_shape || (n > 0 && (!ndims || !shapes)))
    return ndi_null_arg_named("broadcast_shapes", !out_ndim ? "out_ndim" : !out_shape ? "out_shape"
                                                  : !ndims ? "ndims" : "shapes");
  for (int k = 0; k < n; k++)
    if (ndims[k] > 0 && !shapes[k]) return ndi_null_arg_at("broadcast_shapes", "shapes", k);
  return ndi_broadcast_shapes("broadcast_shapes", n, ndims, shapes, out_ndim, out_shape);
}

nd_status nd_broadcast_arrays(int n, nd_array *const *arrays, nd_array **out) {
  if (n < 0) return ndi_error(ND_ERR_VALUE, "broadcast_arrays: negative count %d", n);
  if (!out || (n > 0 && !arrays)) return ndi_null_arg_named("broadcast_arrays", !out ? "out" : "arrays");
  int ndims[64] = {0};
  const int64_t *shapes[64] = {0};
  if (n > 64) return ndi_error(ND_ERR_VALUE, "broadcast_arrays: at most 64 arrays (got %d)", n);
  for (int k = 0; k < n; k++) {
    if (!arrays[k]) return ndi_null_arg_at("broadcast_arrays", "arrays", k);
    ndims[k] = arrays[k]->ndim;
    shapes[k] = arrays[k]->shape;
  }
  int nd;
  int64_t shape[ND_MAX_DIMS];
  nd_status st = ndi_broadcast_shapes("broadcast_arrays", n, ndims, shapes, &nd, shape);
  if (st) return st;
  for (int k = 0; k < n; k++) {
    int64_t strides[ND_MAX_DIMS];
    ndi_broadcast_strides("broadcast_arrays", arrays[k]->ndim, arrays[k]->shape,
                          arrays[k]->strides, nd, shape, strides);
    out[k] = ndi_view("broadcast_arrays", arrays[k], nd, shape, strides, arrays[k]->offset);
    if (!out[k]) {
      for (int j = 0; j < k; j++) {
        nd_release(out[j]);
        out[j] = NULL;
      }
      return ND_ERR_NOMEM;
    }
  }
  return ND_OK;
}

nd_array *nd_expand_dims(nd_array *a, int axis) {
  NDI_REQUIRE("expand_dims", a);
  if (a->ndim + 1 > ND_MAX_DIMS)
    return ndi_error_null(ND_ERR_VALUE, "expand_dims: the result would have more than %d dimensions", ND_MAX_DIMS);
  int ax;
  if (ndi_normalize_axis("expand_dims", axis, a->ndim + 1, &ax)) return NULL;
  int64_t shape[ND_MAX_DIMS], strides[ND_MAX_DIMS];
  for (int i = 0, j = 0; i <= a->ndim; i++) {
    if (i == ax) {
      /* NumPy's stride for the new axis (its expand_dims is a reshape): that of the axis
       * it precedes times its extent, or, at the end, the last axis's stride */
      shape[i] = 1;
      if (j < a->ndim) {
        if (__builtin_mul_overflow(a->strides[j], a->shape[j] > 0 ? a->shape[j] : 1, &strides[i])) strides[i] = 0;
      } else {
        strides[i] = a->ndim ? a->strides[a->ndim - 1] : 1;
      }
    } else {
      shape[i] = a->shape[j];
      strides[i] = a->strides[j];
      j++;
    }
  }
  return ndi_view("expand_dims", a, a->ndim + 1, shape, strides, a->offset);
}

/* nd/axis.h's deprecated spelling of ND_ALL_AXES in squeeze and flip, their meaning of
 * naxes 0 before the one rule: kept for callers that wrote it (with axes NULL). */
static int all_axes_deprecated(int naxes, const int *axes) {
  return naxes == 0 && !axes ? ND_ALL_AXES : naxes;
}

nd_array *nd_squeeze(nd_array *a, int naxes, const int *axes) {
  NDI_REQUIRE("squeeze", a);
  bool drop[ND_MAX_DIMS] = {false};
  naxes = all_axes_deprecated(naxes, axes);
  if (naxes <= 0) {
    if (ndi_select_axes("squeeze", naxes, axes, a->ndim, drop)) return NULL;
    for (int i = 0; i < a->ndim; i++) drop[i] = drop[i] && a->shape[i] == 1;
  } else {
    int ax[ND_MAX_DIMS];
    if (naxes > a->ndim)
      return ndi_error_null(ND_ERR_INDEX_AXIS, "squeeze: %d axes given for an array of dimension %d", naxes, a->ndim);
    if (ndi_normalize_axes("squeeze", naxes, axes, a->ndim, ax, drop)) return NULL;
    for (int i = 0; i < naxes; i++) {
      if (a->shape[ax[i]] != 1) {
        char buf[NDI_SHAPE_BUF];
        return ndi_error_null(ND_ERR_VALUE, "squeeze: cannot select an axis to squeeze out which has size not equal to one (axis %d of shape %s)",
                              axes[i], ndi_fmt_shape(buf, sizeof buf, a->ndim, a->shape));
      }
    }
  }
  int64_t shape[ND_MAX_DIMS], strides[ND_MAX_DIMS];
  int n = 0;
  for (int i = 0; i < a->ndim; i++) {
    if (drop[i]) continue;
    shape[n] = a->shape[i];
    strides[n] = a->strides[i];
    n++;
  }
  return ndi_view("squeeze", a, n, shape, strides, a->offset);
}

nd_array *nd_flip(nd_array *a, int naxes, const int *axes) {
  NDI_REQUIRE("flip", a);
  bool rev[ND_MAX_DIMS] = {false};
  if (ndi_select_axes("flip", all_axes_deprecated(naxes, axes), axes, a->ndim, rev))
    return NULL;
  int64_t strides[ND_MAX_DIMS], offset = a->offset;
  for (int i = 0; i < a->ndim; i++) {
    strides[i] = a->strides[i];
    if (rev[i] && a->size > 0) {
      offset += a->strides[i] * (a->shape[i] - 1);
      strides[i] = -a->strides[i];
    }
  }
  return ndi_view("flip", a, a->ndim, a->shape, strides, offset);
}

nd_array *ndi_diagonal(const char *op, nd_array *a, int64_t offset, int axis1, int axis2) {
  NDI_REQUIRE(op, a);
  if (a->ndim < 2)
    return ndi_error_null(ND_ERR_SHAPE, "%s: array of dimension %d has no diagonal (needs at least 2)", op, a->ndim);
  int i, j;
  if (ndi_normalize_axis(op, axis1, a->ndim, &i) ||
      ndi_normalize_axis(op, axis2, a->ndim, &j))
    return NULL;
  if (i == j)
    return ndi_error_null(ND_ERR_VALUE, "%s: axis1 and axis2 cannot be the same (both %d)", op, i);
  int64_t ni = a->shape[i], nj = a->shape[j], off = a->offset, len;
  if (offset >= 0) {
    len = nj - offset < ni ? nj - offset : ni;
    if (len > 0) off += offset * a->strides[j];
  } else {
    len = ni + offset < nj ? ni + offset : nj;
    if (len > 0) off -= offset * a->strides[i];
  }
  if (len < 0) len = 0;
  int64_t shape[ND_MAX_DIMS], strides[ND_MAX_DIMS];
  int n = 0;
  for (int k = 0; k < a->ndim; k++) {
    if (k == i || k == j) continue;
    shape[n] = a->shape[k];
    strides[n] = a->strides[k];
    n++;
  }
  shape[n] = len;
  strides[n] = a->strides[i] + a->strides[j];
  return ndi_view(op, a, n + 1, shape, strides, off);
}

nd_array *nd_diagonal(nd_array *a, int64_t offset, int axis1, int axis2) {
  return ndi_diagonal("diagonal", a, offset, axis1, axis2);
}

/* Real or imaginary part of a complex array: a float view with doubled strides. */
static nd_array *complex_part(const char *op, nd_array *a, int part) {
  nd_dtype r = ndi_real_dtype(a->dtype);
  int64_t strides[ND_MAX_DIMS];
  for (int i = 0; i < a->ndim; i++) strides[i] = 2 * a->strides[i];
  return ndi_array_view_of(op, a, r, a->ndim, a->shape, strides, 2 * a->offset + part);
}

nd_array *nd_real(nd_array *a) {
  NDI_REQUIRE("real", a);
  if (ndi_dtype_kind(a->dtype) != 'c') return ndi_view("real", a, a->ndim, a->shape, a->strides, a->offset);
  return complex_part("real", a, 0);
}

nd_array *nd_imag(nd_array *a) {
  NDI_REQUIRE("imag", a);
  if (ndi_dtype_kind(a->dtype) != 'c')
    return ndi_error_null(ND_ERR_TYPE, "imag: array of dtype %s is not complex", ndi_dtype_name(a->dtype));
  return complex_part("imag", a, 1);
}
