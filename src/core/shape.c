/* The shape checks and dense strides an array's allocation needs (core/shape.h). */
#include "shape.h"

#include "error.h"

nd_status ndi_check_ndim(const char *op, int ndim, const int64_t *shape) {
  if (ndim < 0 || ndim > ND_MAX_DIMS)
    return ndi_error(ND_ERR_VALUE, "%s: ndim %d is out of range [0, %d]", op, ndim, ND_MAX_DIMS);
  if (ndim > 0 && !shape) return ndi_null_arg_named(op, "shape"); /* keeps an earlier error */
  return ND_OK;
}

nd_status ndi_check_order(const char *op, nd_order o, bool allow_ak) {
  if (o == ND_C || o == ND_F) return ND_OK;
  if (allow_ak && (o == ND_A || o == ND_K)) return ND_OK;
  if (o == ND_A || o == ND_K)
    return ndi_error(ND_ERR_VALUE, "%s: order '%c' is not accepted here (use ND_C or ND_F)", op,
                     (char)o);
  return ndi_error(ND_ERR_VALUE, "%s: invalid order value %d (expected ND_C, ND_F%s)", op, (int)o,
                   allow_ak ? ", ND_A or ND_K" : "");
}

nd_status ndi_shape_size(const char *op, int ndim, const int64_t *shape, int64_t *size) {
  nd_status st = ndi_check_ndim(op, ndim, shape);
  if (st) return st;
  int64_t n = 1;
  bool zero = false;
  for (int i = 0; i < ndim; i++) {
    if (shape[i] < 0) {
      char buf[NDI_SHAPE_BUF];
      return ndi_error(ND_ERR_VALUE, "%s: negative dimensions are not allowed (shape %s)", op,
                       ndi_fmt_shape(buf, sizeof buf, ndim, shape));
    }
    if (shape[i] == 0) zero = true;
  }
  /* The product must fit even when a zero extent makes the size 0, as in NumPy. */
  for (int i = 0; i < ndim; i++) {
    if (shape[i] == 0) continue;
    if (__builtin_mul_overflow(n, shape[i], &n)) {
      char buf[NDI_SHAPE_BUF];
      return ndi_error(ND_ERR_OVERFLOW_SIZE, "%s: shape %s is too large (size overflows int64)", op,
                       ndi_fmt_shape(buf, sizeof buf, ndim, shape));
    }
  }
  *size = zero ? 0 : n;
  return ND_OK;
}

void ndi_contiguous_strides(int ndim, const int64_t *shape, nd_order o, int64_t *strides) {
  int64_t s = 1;
  if (o == ND_F) {
    for (int i = 0; i < ndim; i++) {
      strides[i] = s;
      s *= shape[i] > 0 ? shape[i] : 1;
    }
  } else {
    for (int i = ndim - 1; i >= 0; i--) {
      strides[i] = s;
      s *= shape[i] > 0 ? shape[i] : 1;
    }
  }
}
