/* Gather and scatter through the loop planner (see gather.h). */
#include "gather.h"

#include <stdint.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "kernels/gather.h"
#include "plan.h"
#include "threads.h"

void ndi_gather_run(int ndim, const int64_t *shape, char *out, const int64_t *out_strides,
                    const char *src, const int64_t *src_strides, const char *off,
                    const int64_t *off_strides, int64_t elsize) {
  ndi_operand ops[3] = {{out, out_strides, elsize},
                        {(char *)src, src_strides, elsize},
                        {(char *)off, off_strides, 8}};
  ndi_plan p;
  ndi_plan_init(&p, 3, ndim, shape, ops, NDI_PLAN_NO_BLOCK);
  ndi_plan_execute(&p, ndi_gather_loop, &elsize);
}

void ndi_scatter_run(int ndim, const int64_t *shape, char *dst, const int64_t *dst_strides,
                     const char *val, const int64_t *val_strides, const char *off,
                     const int64_t *off_strides, int64_t elsize) {
  /* Targets may repeat and the last value must win (as NumPy): in index order, on one
   * thread. */
  ndi_operand ops[3] = {{dst, dst_strides, elsize},
                        {(char *)val, val_strides, elsize},
                        {(char *)off, off_strides, 8}};
  ndi_plan p;
  ndi_plan_init(&p, 3, ndim, shape, ops, NDI_PLAN_NO_BLOCK | NDI_PLAN_SERIAL | NDI_PLAN_KEEP_ORDER);
  ndi_plan_execute(&p, ndi_scatter_loop, &elsize);
}

int64_t ndi_take_run(char *out, const char *src, int64_t stride, int64_t extent,
                     const int64_t *idx, int64_t n, int64_t elsize, bool is_unsigned) {
  int nt = ndi_threads_for(n);
#ifdef _OPENMP
  if (nt <= 1) return ndi_take_loop(out, src, stride, extent, idx, n, elsize, is_unsigned);
  /* contiguous shares; the first bad position over all shares is the smallest */
  int64_t first = INT64_MAX;
#pragma omp parallel num_threads(nt) reduction(min : first)
  {
    int t = omp_get_thread_num(), k = omp_get_num_threads();
    int64_t lo = n * t / k, hi = n * (t + 1) / k;
    int64_t bad = ndi_take_loop(out + lo * elsize, src, stride, extent, idx + lo, hi - lo, elsize,
                                is_unsigned);
    if (bad >= 0) first = lo + bad;
  }
  return first == INT64_MAX ? -1 : first;
#else
  (void)nt;
  return ndi_take_loop(out, src, stride, extent, idx, n, elsize, is_unsigned);
#endif
}
