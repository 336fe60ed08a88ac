/* Running argmin/argmax along one axis and in-place scans (cumulative sums) over any
 * layout, on top of the loop planner (plan.h): the lanes (every index of the other axes)
 * are the plan's elements, the kernel walks the axis itself. */
#ifndef NDI_ITER_ARGREDUCE_H
#define NDI_ITER_ARGREDUCE_H

#include <stdint.h>

#include "kernels/argreduce.h"

/* out[lane] = index of the best element along `axis` of in. Strides in bytes, per axis of
 * the input's shape; out_strides[axis] is ignored. shape[axis] >= 1. */
void ndi_argreduce_run(const ndi_argreduce_kernel *k, int ndim, const int64_t *shape,
                       const char *in, const int64_t *in_strides, int64_t elsize, int axis,
                       char *out, const int64_t *out_strides);

/* x = scan(x) along `axis` (loop from ndi_scan_sum / ndi_scan_prod), strides in bytes. */
void ndi_scan_run(ndi_loop_fn loop, int ndim, const int64_t *shape, char *data,
                  const int64_t *strides, int64_t elsize, int axis);

#endif
