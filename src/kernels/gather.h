/* Gather/scatter loops (ndi_loop_fn, three operands, ctx: int64_t element size):
 *   gather:  ptrs[0][i] = ptrs[1][i + offset]   (output, source base, int64 byte offsets)
 *   scatter: ptrs[0][i + offset] = ptrs[1][i]   (destination base, values, offsets) */
#ifndef NDI_KERNELS_GATHER_H
#define NDI_KERNELS_GATHER_H

#include <stdbool.h>
#include <stdint.h>

#include "loop.h"

void ndi_gather_loop(char *const *ptrs, const int64_t *strides, int64_t n, void *ctx);
void ndi_scatter_loop(char *const *ptrs, const int64_t *strides, int64_t n, void *ctx);

#endif
