/* NumPy broadcasting: align shapes on the right, pad with 1, each pair equal or 1. */
#include <stdio.h>

#include "core/error.h"
#include "layout.h"

/* "op: shapes [2,3] and [2,2] cannot be broadcast (axis 1: 3 vs 2)"; with more than two
 * operands every shape is listed, in order ("shapes [3,3], [3,3] and [3,2] ..."), and the
 * axis is the output's. */
static nd_status shape_mismatch(const char *op, int n, const int *ndims,
                                const int64_t *const *shapes, int axis, int64_t ej,
                                int64_t ek) {
  char list[8 * NDI_SHAPE_BUF] = "", b[NDI_SHAPE_BUF];
  size_t used = 0;
  for (int q = 0; q < n; q++) {
    const char *sep = q == 0 ? "" : q == n - 1 ? " and " : ", ";
    int w = snprintf(list + used, sizeof list - used, "%s%s", sep,
                     ndi_fmt_shape(b, sizeof b, ndims[q], shapes[q]));
    if (w < 0 || (size_t)w >= sizeof list - used) break;
    used += (size_t)w;
  }
  return ndi_error(ND_ERR_SHAPE, "%s: shapes %s cannot be broadcast (axis %d: %lld vs %lld)", op,
                   list, axis, (long long)ej, (long long)ek);
}

nd_status ndi_broadcast_shapes(const char *op, int n, const int *ndims,
                               const int64_t *const *shapes, int *out_ndim, int64_t *out_shape) {
  int nd = 0;
  for (int k = 0; k < n; k++) {
    if (ndims[k] < 0 || ndims[k] > ND_MAX_DIMS)
      return ndi_error(ND_ERR_VALUE, "%s: ndim %d is out of range", op, ndims[k]);
    if (ndims[k] > nd) nd = ndims[k];
  }
  for (int i = 0; i < nd; i++) out_shape[i] = 1;
  for (int k = 0; k < n; k++) {
    int pad = nd - ndims[k];
    for (int i = 0; i < ndims[k]; i++) {
      int64_t e = shapes[k][i];
      int o = pad + i;
      if (e < 0) return ndi_error(ND_ERR_VALUE, "%s: negative dimension %lld", op, (long long)e);
      if (e == out_shape[o] || e == 1) continue;
      if (out_shape[o] == 1) {
        out_shape[o] = e;
        continue;
      }
      return shape_mismatch(op, n, ndims, shapes, o, out_shape[o], e);
    }
  }
  /* Each input fits in memory, but their broadcast need not (a [2^40] with a [2^40,1]). */
  int64_t size;
  nd_status st = ndi_shape_size(op, nd, out_shape, &size);
  if (st) return st;
  *out_ndim = nd;
  return ND_OK;
}

nd_status ndi_broadcast_strides(const char *op, int ndim, const int64_t *shape,
                                const int64_t *strides, int out_ndim, const int64_t *out_shape,
                                int64_t *out_strides) {
  int pad = out_ndim - ndim;
  int bad = -1;
  if (pad < 0) bad = 0;
  for (int i = 0; bad < 0 && i < out_ndim; i++) {
    if (i < pad) {
      out_strides[i] = 0;
      continue;
    }
    int64_t e = shape[i - pad];
    if (e == out_shape[i]) out_strides[i] = e == 1 ? 0 : strides[i - pad];
    else if (e == 1) out_strides[i] = 0;
    else bad = i;
  }
  if (bad < 0) return ND_OK;
  char b1[NDI_SHAPE_BUF], b2[NDI_SHAPE_BUF];
  ndi_fmt_shape(b1, sizeof b1, ndim, shape);
  ndi_fmt_shape(b2, sizeof b2, out_ndim, out_shape);
  if (pad < 0)
    return ndi_error(ND_ERR_SHAPE,
                     "%s: cannot broadcast shape %s to %s (the target has fewer dimensions)", op,
                     b1, b2);
  return ndi_error(ND_ERR_SHAPE, "%s: cannot broadcast shape %s to %s (axis %d: %lld vs %lld)", op,
                   b1, b2, bad, (long long)shape[bad - pad], (long long)out_shape[bad]);
}
