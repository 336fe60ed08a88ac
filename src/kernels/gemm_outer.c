/* Outer-product kernel for float64 C[m,n] = sum_p A[i,p] B[p,j] when A runs contiguously
 * along m and B along n: each p adds the outer product of a piece of A's column p and a
 * piece of B's row p. This is the form of MP2's "jcia,jcib->ab" (both operands [K, 120]
 * with the kept axis last), where the k-split of gemm_ksplit.c hands BLAS chunks of
 * 120 x 120 x ~1700: OpenBLAS ran those at ~55% of its large-matrix speed per core, this
 * kernel at ~80%, because it needs no packing (the operands are already laid out as a
 * packed GEMM panel would be) and its register tile divides 120.
 *
 * The register tile is RB rows (<= 8) by NV vectors of 8 columns (<= 3): 24 AVX-512
 * accumulators, one broadcast of A and three loads of B per 24 multiply-adds. Columns
 * beyond n are masked. The inner extent is walked in blocks of KB so that a block of A
 * and B (2 x KB x 120 doubles) stays in L2 while every tile of C passes over it. Each C
 * element is summed over p in ascending order, so the result does not depend on the
 * tiling. AVX-512 only (ndi_cpu_level() >= 3): elsewhere the caller uses BLAS. */
#include "gemm.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define OUTER_X86 1
#endif

#ifdef OUTER_X86

#define KB 128
#define AVX512 __attribute__((target("avx512f")))
#define INLINE static inline __attribute__((always_inline))

/* One tile over one block of kb values of p; `first` starts from zero instead of C. */
INLINE AVX512 void tile(const int RB, const int NV, __mmask8 last, int64_t kb, const double *a,
                        int64_t lda, const double *b, int64_t ldb, double *c, int64_t ldc,
                        bool first) {
  __m512d acc[8][3];
  __mmask8 mk[3];
#pragma GCC unroll 3
  for (int v = 0; v < 3; v++) mk[v] = v == NV - 1 ? last : (__mmask8)0xFF;
#pragma GCC unroll 8
  for (int r = 0; r < RB; r++)
#pragma GCC unroll 3
    for (int v = 0; v < NV; v++)
      acc[r][v] = first ? _mm512_setzero_pd() : _mm512_maskz_loadu_pd(mk[v], c + r * ldc + 8 * v);
  for (int64_t p = 0; p < kb; p++) {
    const double *ap = a + p * lda, *bp = b + p * ldb;
    __m512d bv[3];
#pragma GCC unroll 3
    for (int v = 0; v < NV; v++) bv[v] = _mm512_maskz_loadu_pd(mk[v], bp + 8 * v);
#pragma GCC unroll 8
    for (int r = 0; r < RB; r++) {
      __m512d ar = _mm512_set1_pd(ap[r]);
#pragma GCC unroll 3
      for (int v = 0; v < NV; v++) acc[r][v] = _mm512_fmadd_pd(ar, bv[v], acc[r][v]);
    }
  }
#pragma GCC unroll 8
  for (int r = 0; r < RB; r++)
#pragma GCC unroll 3
    for (int v = 0; v < NV; v++) _mm512_mask_storeu_pd(c + r * ldc + 8 * v, mk[v], acc[r][v]);
}

typedef void (*tile_fn)(__mmask8 last, int64_t kb, const double *a, int64_t lda,
                        const double *b, int64_t ldb, double *c, int64_t ldc, bool first);

/* Every (RB, NV) with the extents fixed at compile time, so the accumulators stay in
 * registers. */
#define TILE_FN(R, V)                                                                       \
  static AVX512 void tile_##R##_##V(__mmask8 last, int64_t kb, const double *a, int64_t lda, \
                                    const double *b, int64_t ldb, double *c, int64_t ldc,   \
                                    bool first) {                                           \
    tile(R, V, last, kb, a, lda, b, ldb, c, ldc, first);                                    \
  }
#define TILE_ROW(R) TILE_FN(R, 1) TILE_FN(R, 2) TILE_FN(R, 3)
TILE_ROW(1) TILE_ROW(2) TILE_ROW(3) TILE_ROW(4) TILE_ROW(5) TILE_ROW(6) TILE_ROW(7) TILE_ROW(8)
#define TILE_ENTRY(R) {tile_##R##_1, tile_##R##_2, tile_##R##_3}
static const tile_fn tiles[8][3] = {TILE_ENTRY(1), TILE_ENTRY(2), TILE_ENTRY(3), TILE_ENTRY(4),
                                    TILE_ENTRY(5), TILE_ENTRY(6), TILE_ENTRY(7), TILE_ENTRY(8)};

void ndi_gemm_outer_f64(const ndi_gemm_args *g) {
  const double *A = (const double *)g->a, *B = (const double *)g->b;
  double *C = (double *)g->c;
  for (int64_t p0 = 0; p0 < g->k; p0 += KB) {
    int64_t kb = g->k - p0 < KB ? g->k - p0 : KB;
    const double *ab = A + p0 * g->acs, *bb = B + p0 * g->brs;
    for (int64_t j = 0; j < g->n; j += 24) {
      int64_t w = g->n - j < 24 ? g->n - j : 24, nv = (w + 7) / 8;
      __mmask8 last = (__mmask8)(w % 8 ? (1u << (w % 8)) - 1 : 0xFF);
      for (int64_t i = 0; i < g->m; i += 8) {
        int64_t rb = g->m - i < 8 ? g->m - i : 8;
        tiles[rb - 1][nv - 1](last, kb, ab + i, g->acs, bb + j, g->brs, C + i * g->crs + j,
                              g->crs, p0 == 0);
      }
    }
  }
}

#else

/* Never chosen here (ndi_cpu_level() is 0), but correct if called. */
void ndi_gemm_outer_f64(const ndi_gemm_args *g) {
  const double *A = (const double *)g->a, *B = (const double *)g->b;
  for (int64_t i = 0; i < g->m; i++)
    for (int64_t j = 0; j < g->n; j++) {
      double s = 0;
      for (int64_t p = 0; p < g->k; p++) s += A[i + p * g->acs] * B[j + p * g->brs];
      ((double *)g->c)[i * g->crs + j] = s;
    }
}
#endif
