/* The shape arithmetic the core's allocation needs: checked sizes, orders and dense
 * strides. The layout layer (layout/layout.h) builds on these and re-exports them. */
#ifndef NDI_CORE_SHAPE_H
#define NDI_CORE_SHAPE_H

#include <stdbool.h>
#include <stdint.h>

#include "nd/types.h"

/* Product of the extents, checking for negative extents and int64 overflow. */
nd_status ndi_shape_size(const char *op, int ndim, const int64_t *shape, int64_t *size);
/* Checks ndim against [0, ND_MAX_DIMS] and the shape pointer. */
nd_status ndi_check_ndim(const char *op, int ndim, const int64_t *shape);
/* Checks an order argument: ND_C or ND_F only (allow_ak: also ND_A and ND_K). */
nd_status ndi_check_order(const char *op, nd_order o, bool allow_ak);
/* Strides of a dense array in order o (ND_C or ND_F). */
void ndi_contiguous_strides(int ndim, const int64_t *shape, nd_order o, int64_t *strides);

#endif
