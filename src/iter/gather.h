/* Gathers and scatters through byte offsets (take, repeat, integer-array and mask
 * indexing). Over one iteration shape, with byte strides per axis for each operand
 * (stride 0 where an operand does not vary):
 *   gather:  out[i] = src[i + off[i]]
 *   scatter: dst[i + off[i]] = val[i]   (serial, so a repeated target gets the last value)
 * off points to int64 byte offsets. */
#ifndef NDI_ITER_GATHER_H
#define NDI_ITER_GATHER_H

#include <stdbool.h>
#include <stdint.h>

void ndi_gather_run(int ndim, const int64_t *shape, char *out, const int64_t *out_strides,
                    const char *src, const int64_t *src_strides, const char *off,
                    const int64_t *off_strides, int64_t elsize);
/* A take along one strided axis through a contiguous int64 (or uint64) index vector,
 * without an offsets array: out[i] = src[wrap(idx[i]) * stride], threaded above the
 * grain. Returns -1, or the position (C order) of the first index out of range. */
int64_t ndi_take_run(char *out, const char *src, int64_t stride, int64_t extent,
                     const int64_t *idx, int64_t n, int64_t elsize, bool is_unsigned);
void ndi_scatter_run(int ndim, const int64_t *shape, char *dst, const int64_t *dst_strides,
                     const char *val, const int64_t *val_strides, const char *off,
                     const int64_t *off_strides, int64_t elsize);

#endif
