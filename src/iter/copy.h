/* The strided copy engine: any layout into any layout of the same shape, converting dtypes
 * on the way. copy, astype, ascontiguous, reshape-by-copy, assign and to/from_data all
 * come here. */
#ifndef NDI_COPY_H
#define NDI_COPY_H

#include <stdint.h>

#include "nd/types.h"

typedef struct ndi_layout_ref {
  char *data;             /* element [0,...,0] */
  const int64_t *strides; /* elements */
  nd_dtype dtype;
} ndi_layout_ref;

/* dst[i] = convert(src[i]) for every index of `shape`. The regions must not overlap
 * (callers copy through a temporary when they do). Source strides may be 0. */
void ndi_copy_layout(int ndim, const int64_t *shape, ndi_layout_ref dst, ndi_layout_ref src);

#endif

/* Several copies that all span the whole extent of one axis (`axis`, the same extent in
 * each part's shape), such as the inputs of a concat along another axis: the work is cut
 * into slabs along that axis, and each slab of every part is copied before the next, so
 * the destination is written front to back (its first-touch page faults and cache lines
 * in order) and threads take contiguous ranges of slabs. */
typedef struct ndi_copy_part {
  const int64_t *shape;
  ndi_layout_ref dst, src;
} ndi_copy_part;
void ndi_copy_parts_by_slab(int nparts, const ndi_copy_part *parts, int ndim, int axis);
