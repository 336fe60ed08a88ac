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
