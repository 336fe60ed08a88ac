/* Thread-count control. nd's loops are OpenMP parallel regions; inside one (a batched
 * operation running per-element work in parallel) nested work runs serially, so threads
 * are never oversubscribed. */
#include "threads.h"

#include <stdatomic.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "nd/core.h"

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

int ndi_threads_for(int64_t work) {
  if (work < 2 * NDI_GRAIN) return 1;
#ifdef _OPENMP
  if (omp_in_parallel()) return 1;
#endif
  int n = ndi_max_threads();
  int64_t by_work = work / NDI_GRAIN;
  return by_work < n ? (int)by_work : n;
}
