/* Gather and scatter through the loop planner (see gather.h). */
#include "gather.h"

#include <stdatomic.h>
#include <stdint.h>

#include "kernels/gather.h"
#include "plan.h"
#include "pool.h"
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

typedef struct {
  char *out;
  const char *src;
  int64_t stride, extent, n, elsize, ntasks;
  const int64_t *idx;
  bool is_unsigned;
  _Atomic int64_t first; /* the first bad position found, over all shares */
} take_shares;

static void take_share(void *v, int64_t t, int slot) {
  take_shares *s = v;
  (void)slot;
  int64_t lo = s->n * t / s->ntasks, hi = s->n * (t + 1) / s->ntasks;
  int64_t bad = ndi_take_loop(s->out + lo * s->elsize, s->src, s->stride, s->extent, s->idx + lo,
                              hi - lo, s->elsize, s->is_unsigned);
  if (bad < 0) return;
  int64_t cur = atomic_load(&s->first);
  while (lo + bad < cur && !atomic_compare_exchange_weak(&s->first, &cur, lo + bad)) {
  }
}

int64_t ndi_take_run(char *out, const char *src, int64_t stride, int64_t extent,
                     const int64_t *idx, int64_t n, int64_t elsize, bool is_unsigned) {
  int nt = ndi_threads_for(n);
  if (nt <= 1) return ndi_take_loop(out, src, stride, extent, idx, n, elsize, is_unsigned);
  /* contiguous shares, a few per thread; the first bad position over all shares is the
   * smallest */
  take_shares s = {out, src, stride, extent, n, elsize, 4 * (int64_t)nt, idx, is_unsigned, INT64_MAX};
  ndi_parallel(nt, s.ntasks, take_share, &s);
  int64_t first = atomic_load(&s.first);
  return first == INT64_MAX ? -1 : first;
}
