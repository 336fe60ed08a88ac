/* Gathers and scatters through byte offsets (take, repeat, integer-array and mask
 * indexing). Over one iteration shape, with byte strides per axis for each operand
 * (stride 0 where an operand does not vary):
 *   gather:  out[i] = src[i + off[i]]
 *   scatter: dst[i + off[i]] = val[i]   (serial, so a repeated target gets the last value)
 * off points to int64 byte offsets. */
#ifndef NDI_ITER_GATHER_H
#define NDI_ITER_GATHER_H

#include <stdint.h>

void ndi_gather_run(int ndim, const int64_t *shape, char *out, const int64_t *out_strides,
                    const char *src, const int64_t *src_strides, const char *off,
                    const int64_t *off_strides, int64_t elsize);
void ndi_scatter_run(int ndim, const int64_t *shape, char *dst, const int64_t *dst_strides,
                     const char *val, const int64_t *val_strides, const char *off,
                     const int64_t *off_strides, int64_t elsize);

#endif
