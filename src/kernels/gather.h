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
/* out[i] = src[wrap(idx[i]) * stride] (stride in bytes, out contiguous items of es bytes)
 * for i < n, a negative index counting from `extent`; returns -1, or the position of the
 * first index out of range (is_unsigned: idx holds uint64 values, so negative reads are
 * values beyond INT64_MAX). */
int64_t ndi_take_loop(char *out, const char *src, int64_t stride, int64_t extent,
                      const int64_t *idx, int64_t n, int64_t es, bool is_unsigned);

#endif
