/* Skinny products (small m x n, long k: the MP2 "jbia,kbia->jk" shape) split along k.
 * BLAS parallelises a product over m and n, which leaves little to share when C is 30 x
 * 30 and the time goes into streaming the long operands. Here the inner extent is cut
 * into a fixed number of chunks (a function of k alone), each chunk's partial product
 * is computed on its own thread (single-threaded BLAS, or nd's outer-product kernel for
 * float64 chunks whose A runs along m and B along n, which is faster there: see
 * kernels/gemm_outer.c), and the partials are added in chunk order, so the result does
 * not depend on the number of threads. */
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "blas_call.h"
#include "core/alloc.h"
#include "core/cpu.h"
#include "core/dtype.h"
#include "core/error.h"
#include "iter/threads.h"
#include "kernels/gemm.h"

/* C of at most this many elements, k at least this many times max(m, n) */
#define KS_MAX_MN 16384
#define KS_MIN_RATIO 16
/* Chunks are at least this long; at most KS_MAX_CHUNKS of them. */
#define KS_MIN_CHUNK 4096
#define KS_MAX_CHUNKS 64
/* Each chunk goes to BLAS in calls of at most this inner extent, accumulating: for 30 x 30
 * products OpenBLAS ran about 1.3x faster per core on 1024-long calls (the call's
 * operands stay in L2) than on whole chunks; 120 x 120 ran the same either way. */
#define KS_CALL_K 1024

/* A function of the shape alone: deciding by the thread count too would give one thread
 * a plain BLAS product and two threads the split one, which sum in different orders. */
bool ndi_la_ksplit_wanted(int64_t m, int64_t n, int64_t k) {
  return m * n <= KS_MAX_MN && k >= KS_MIN_RATIO * (m > n ? m : n) && k >= 2 * KS_MIN_CHUNK;
}

nd_status ndi_la_gemm_ksplit(const char *op, const ndi_la_blas_op *p, const ndi_la_gemm *g) {
  int64_t m = g->m, n = g->n, k = g->k;
  int64_t nch = k / KS_MIN_CHUNK;
  if (nch > KS_MAX_CHUNKS) nch = KS_MAX_CHUNKS;
  int64_t len = (k + nch - 1) / nch, es = p->elsize, mn = m * n;
  char *part = ndi_aligned_alloc((size_t)(nch * mn * es));
  if (!part) return ndi_nomem(op, (size_t)(nch * mn * es));
  /* A running along m and B along n (float64): nd's outer-product kernel, partials
   * row-major; otherwise BLAS, partials dense in C's orientation for BLAS */
  bool outer = g->dtype == ND_FLOAT64 && (g->a.rs == 1 || m == 1) && (g->b.cs == 1 || n == 1) &&
               ndi_cpu_level() >= 3;
  bool prow = outer || p->row;
  ndi_la_blas_op q = *p;
  q.ldc = p->row ? (n > 1 ? n : 1) : (m > 1 ? m : 1);
  int nt = ndi_threads_for(m * n * k / 4);
  int prev = ndi_la_blas_serial_begin();
#pragma omp parallel for num_threads(nt) schedule(dynamic, 1)
  for (int64_t ch = 0; ch < nch; ch++) {
    int64_t p0 = ch * len, kb = k - p0 < len ? k - p0 : len;
    const char *ac = g->a.data + p0 * g->a.cs * es, *bc = g->b.data + p0 * g->b.rs * es;
    if (outer) {
      ndi_gemm_args o = {.m = m, .n = n, .k = kb, .a = ac, .ars = 1, .acs = g->a.cs, .b = bc,
                         .brs = g->b.rs, .bcs = 1, .c = part + ch * mn * es, .crs = n, .ccs = 1};
      ndi_gemm_outer_f64(&o);
    } else {
      ndi_la_blas_gemm_kblocks(&q, m, n, kb, KS_CALL_K, ac, bc, part + ch * mn * es);
    }
  }
  ndi_la_blas_restore(prev);
  /* C = sum of the partials, in chunk order (complex values as pairs of reals) */
  bool single = p->dtype == ND_FLOAT32 || p->dtype == ND_COMPLEX64;
  int w = (p->dtype == ND_COMPLEX64 || p->dtype == ND_COMPLEX128) ? 2 : 1;
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++) {
      int64_t off = prow ? i * n + j : i + j * m;
      for (int r = 0; r < w; r++) {
        double sd = 0;
        float sf = 0;
        for (int64_t ch = 0; ch < nch; ch++) {
          const char *x = part + (ch * mn + off) * es;
          if (single) sf += ((const float *)x)[r];
          else sd += ((const double *)x)[r];
        }
        char *dst = g->c.data + (i * g->c.rs + j * g->c.cs) * es;
        if (single) ((float *)dst)[r] = sf;
        else ((double *)dst)[r] = sd;
      }
    }
  ndi_aligned_free(part, (size_t)(nch * mn * es));
  return ND_OK;
}
