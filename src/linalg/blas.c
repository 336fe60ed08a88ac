/* BLAS calls for one matrix product: the layout test (can BLAS address this strided
 * matrix, and transposed or not), the typed cblas_?gemm calls, and BLAS thread control.
 * The batch driver (gemm_batch.c) decides what to pack and how to thread. */
#include <cblas.h>
#include <limits.h>
#include <stdatomic.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "blas_call.h"
#include "iter/pool.h"
#include "iter/threads.h"

bool ndi_la_addressable(int64_t r, int64_t c, int64_t rs, int64_t cs, bool row, int64_t *ld) {
  /* The stride of an axis of extent 1 is never used: pick the value that makes the
   * leading dimension valid. */
  int64_t fast = row ? cs : rs, slow = row ? rs : cs;
  int64_t nfast = row ? c : r, nslow = row ? r : c;
  if (nfast > 1 && fast != 1) return false;
  int64_t need = nfast > 1 ? nfast : 1;
  if (nslow <= 1) slow = need;
  if (slow < need || slow > INT_MAX) return false;
  *ld = slow;
  return true;
}

/* Largest extent handed to BLAS in one call (its dimensions are int). */
#define BLAS_DIM_MAX ((int64_t)1 << 30)

static void gemm_one(nd_dtype t, bool row, bool ta, bool tb, bool conj_a, int m, int n, int k,
                     const void *a, int lda, const void *b, int ldb, void *c, int ldc,
                     bool accumulate) {
  enum CBLAS_ORDER o = row ? CblasRowMajor : CblasColMajor;
  enum CBLAS_TRANSPOSE oa = ta ? (conj_a ? CblasConjTrans : CblasTrans) : CblasNoTrans;
  enum CBLAS_TRANSPOSE ob = tb ? CblasTrans : CblasNoTrans;
  switch (t) {
    case ND_FLOAT32:
      cblas_sgemm(o, oa, ob, m, n, k, 1.0f, a, lda, b, ldb, accumulate ? 1.0f : 0.0f, c, ldc);
      break;
    case ND_FLOAT64:
      cblas_dgemm(o, oa, ob, m, n, k, 1.0, a, lda, b, ldb, accumulate ? 1.0 : 0.0, c, ldc);
      break;
    case ND_COMPLEX64: {
      const float one[2] = {1, 0}, beta[2] = {accumulate ? 1.0f : 0.0f, 0};
      cblas_cgemm(o, oa, ob, m, n, k, one, a, lda, b, ldb, beta, c, ldc);
      break;
    }
    case ND_COMPLEX128: {
      const double one[2] = {1, 0}, beta[2] = {accumulate ? 1.0 : 0.0, 0};
      cblas_zgemm(o, oa, ob, m, n, k, one, a, lda, b, ldb, beta, c, ldc);
      break;
    }
    default: break;
  }
}

void ndi_la_blas_gemm(const ndi_la_blas_op *p, int64_t m, int64_t n, int64_t k, const char *a,
                      const char *b, char *c) {
  ndi_la_blas_gemm_kblocks(p, m, n, k, BLAS_DIM_MAX, a, b, c);
}

void ndi_la_blas_gemm_kblocks(const ndi_la_blas_op *p, int64_t m, int64_t n, int64_t k,
                              int64_t kmax, const char *a, const char *b, char *c) {
  /* Extents beyond BLAS's int are split into blocks; blocks of k (at most kmax long)
   * accumulate. The element offset of (i, j) in an operand depends on the order and the
   * transpose flag. */
  int64_t es = p->elsize;
  if (kmax > BLAS_DIM_MAX) kmax = BLAS_DIM_MAX;
  for (int64_t i0 = 0; i0 < m; i0 += BLAS_DIM_MAX) {
    int64_t mb = m - i0 < BLAS_DIM_MAX ? m - i0 : BLAS_DIM_MAX;
    for (int64_t j0 = 0; j0 < n; j0 += BLAS_DIM_MAX) {
      int64_t nb = n - j0 < BLAS_DIM_MAX ? n - j0 : BLAS_DIM_MAX;
      for (int64_t p0 = 0; p0 < k; p0 += kmax) {
        int64_t kb = k - p0 < kmax ? k - p0 : kmax;
        /* (row, col) element offsets for order `row`: row-major (r*ld + c), else (r + c*ld) */
#define OFF(r_, c_, ld_, tr_) \
  (((p->row) != (tr_)) ? ((r_) * (ld_) + (c_)) : ((r_) + (c_) * (ld_)))
        const char *ab = a + es * OFF(i0, p0, p->lda, p->ta);
        const char *bb = b + es * OFF(p0, j0, p->ldb, p->tb);
        char *cb = c + es * OFF(i0, j0, p->ldc, false);
#undef OFF
        gemm_one(p->dtype, p->row, p->ta, p->tb, p->conj_a, (int)mb, (int)nb, (int)kb, ab,
                 (int)p->lda, bb, (int)p->ldb, cb, (int)p->ldc, p->acc || p0 > 0);
      }
    }
  }
}

/* ---- threads ------------------------------------------------------------------------- */

/* The OpenMP build of OpenBLAS (the one nd links, see CMakeLists.txt) sizes each call's
 * thread team by the calling thread's OpenMP setting, omp_get_max_threads(), and runs
 * serially inside an active parallel region; openblas_set_num_threads() changes a count
 * shared by every thread. So with that build nd sets the calling thread's OpenMP count,
 * which user threads calling nd at the same time cannot change under each other. Other
 * builds only have the shared count. */
static bool blas_follows_openmp(void) {
#if defined(_OPENMP) && defined(OPENBLAS_OPENMP)
  return openblas_get_parallel() == OPENBLAS_OPENMP;
#else
  return false;
#endif
}

static int set_blas_threads(int n) {
#ifdef _OPENMP
  if (blas_follows_openmp()) {
    int prev = omp_get_max_threads();
    if (prev != n) omp_set_num_threads(n);
    return prev;
  }
#endif
  int prev = openblas_get_num_threads();
  if (prev != n) openblas_set_num_threads(n);
  return prev;
}

/* A busy core. OpenBLAS's threads are OpenMP's, which spin between its many parallel
 * regions: while another program keeps a core busy, a threaded LAPACK call can run many
 * times slower than on one thread (an SVD of 576x576 float64: 0.3-0.46 s against 0.07 s).
 * So BLAS gets only the threads nd's pool can use now (ndi_pool_usable: none of a
 * benched worker's), and a threaded call during which the calling thread shared its core
 * benches one worker, as the pool's own regions do, unless the time went to other threads
 * of this process (pool.h: another library's spinning threads). The outermost threaded
 * section of this thread is the one judged. */
static _Thread_local struct {
  int active, depth, n;
  ndi_core_clocks clocks;
} judged;

/* Other user threads. OpenBLAS's thread count is per calling thread here (see above), so
 * two user threads that each run a large product at once (Dask's threaded scheduler runs
 * a block on each of its threads) would each get nd's full count: four threads on two
 * cores, and a 4000 x 4000 blocked product under Dask 0.75-1.07x NumPy's time instead of
 * 1.07-1.18x with one thread each. So every begin, serial or not (a batch running on
 * nd's pool is busy too), counts the thread in among the program threads inside nd's
 * threaded work (pool.h, ndi_callers_enter; its restore counts it out), and a call that
 * finds another program thread there runs BLAS on one thread. Only calls that
 * would be threaded change: their last bits already depend on the thread count (OpenBLAS's
 * threaded GEMM sums in another order than its serial one), which the guide says. */
static _Thread_local int granted = 1;

int ndi_la_blas_granted(void) { return granted; }

int ndi_la_blas_serial_begin(void) {
  (void)ndi_callers_enter(); /* counts this thread in */
  if (judged.active) judged.depth++;
  return set_blas_threads(1);
}

/* OpenBLAS's own thread count when nd was loaded (OPENBLAS_NUM_THREADS, OMP_NUM_THREADS
 * or the cores; OpenBLAS, a dependency, is initialised first): nd never gives BLAS more
 * threads than that, so a user's BLAS setting stands. */
static _Atomic int blas_default = 0;
__attribute__((constructor)) static void read_blas_default(void) {
  atomic_store(&blas_default, openblas_get_num_threads());
}

int ndi_la_blas_parallel_begin(void) {
  int d = atomic_load(&blas_default);
  if (d < 1) d = 1;
  int n = ndi_max_threads();
  if (n > d) n = d;
  if (ndi_in_parallel()) n = 1;
  if (ndi_callers_enter()) n = 1;
  n = ndi_pool_usable(n);
  granted = n;
  if (judged.active) {
    judged.depth++;
  } else if (n > 1) {
    judged.active = 1;
    judged.depth = 0;
    judged.n = n;
    ndi_core_clocks_start(&judged.clocks);
  }
  return set_blas_threads(n);
}

int ndi_la_blas_begin(int nt, double work) {
  /* Threaded BLAS inside LAPACK (symv in the tridiagonal reduction, the panel updates of
   * getrf) sums partial results per thread, so its bits depend on the thread count;
   * below NDI_LA_BLAS_THREADED_MIN it would gain nothing anyway. */
  if (nt > 1 || work < (double)NDI_LA_BLAS_THREADED_MIN) return ndi_la_blas_serial_begin();
  return ndi_la_blas_parallel_begin();
}

void ndi_la_blas_restore(int prev) {
  set_blas_threads(prev);
  ndi_callers_leave();
  if (!judged.active) return;
  if (judged.depth > 0) {
    judged.depth--;
    return;
  }
  judged.active = 0;
  if (ndi_shared_core(&judged.clocks, judged.n)) ndi_pool_bench(judged.n - 1);
}
