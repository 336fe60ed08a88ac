/* Thread-count control. nd's loops run on its worker pool (pool.h; linear algebra on
 * OpenMP); inside a parallel region (a batched operation running per-element work in
 * parallel) nested work runs serially, so threads are never oversubscribed. */
#include "threads.h"

#include <stdatomic.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "nd/core.h"
#include "pool.h"

static _Atomic int configured = 0; /* 0: OpenMP's default */

void nd_set_num_threads(int n) { atomic_store(&configured, n > 0 ? n : 0); }

int ndi_max_threads(void) {
  int n = atomic_load(&configured);
  if (n > 0) return n;
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}

int nd_get_num_threads(void) { return ndi_max_threads(); }

void nd_parallel_for(int nthreads, int64_t ntasks, nd_task_fn fn, void *ctx) {
  if (!fn || ntasks <= 0) return;
  /* the pool's task signature is the public one; benched workers sit out by themselves */
  ndi_parallel(nthreads > 0 ? nthreads : ndi_max_threads(), ntasks, (ndi_task_fn)fn, ctx);
}

int ndi_threads_for(int64_t work) {
  if (work < 2 * NDI_GRAIN) return 1;
  if (ndi_in_parallel()) return 1;
  int n = ndi_max_threads();
  int64_t by_work = work / NDI_GRAIN;
  return ndi_pool_usable(by_work < n ? (int)by_work : n);
}
