/* Layout arithmetic of reductions: which axes are reduced, and the shape and strides of
 * the output. */
#include "core/error.h"
#include "layout.h"

nd_status ndi_reduce_axes(const char *op, int naxes, const int *axes, int ndim, bool *reduced) {
  /* NumPy's reductions take axis 0 (or -1) of a 0-d array, reducing nothing; any other
   * single axis gets normalize_axes's out-of-bounds message */
  if (ndim == 0 && naxes == 1 && axes && ndi_axis_of_0d(0, axes[0]) == ND_AXIS_NONE) return ND_OK;
  if (naxes > ndim && !(ndim == 0 && naxes == 1 && axes))
    return ndi_error(ND_ERR_INDEX_AXIS, "%s: %d axes given for an array of dimension %d", op, naxes,
                     ndim);
  return ndi_select_axes(op, naxes, axes, ndim, reduced);
}

void ndi_reduce_layout(int ndim, const int64_t *shape, const int64_t *strides,
                       const bool *reduced, bool keepdims, int *out_ndim, int64_t *out_shape,
                       int64_t *out_strides, int *axis_map) {
  /* The output keeps the input's axis order by stride (NumPy's iterator rule, where a
   * broadcast axis has no say), so that the kept axes of the input and the output
   * coalesce alike and the engine writes it in one sweep. */
  int n = 0;
  for (int i = 0; i < ndim; i++) {
    if (reduced[i] && !keepdims) {
      axis_map[i] = -1;
      continue;
    }
    axis_map[i] = reduced[i] ? -1 : n;
    out_shape[n++] = reduced[i] ? 1 : shape[i];
  }
  *out_ndim = n;
  if (!out_strides) return;
  /* ordered over the input's axes, reduced ones with their extents, as NumPy's iterator
   * orders them; the output takes that order of the axes it has */
  int full[ND_MAX_DIMS], perm[ND_MAX_DIMS], k = 0;
  ndi_order_k_perm_iter(ndim, shape, strides, full);
  for (int i = 0; i < ndim; i++)
    if (!reduced[full[i]] || keepdims) perm[k++] = keepdims ? full[i] : axis_map[full[i]];
  ndi_strides_for_perm(n, out_shape, perm, out_strides);
}
