/* Matrix products of integer and bool matrices, which BLAS does not cover.
 *
 * Integers: NumPy's result is the product computed in the operand type, which wraps; sums
 * and products modulo 2^bits are the same whatever width they are formed in, so the
 * kernel accumulates in uint64_t (unsigned: wrapping is defined) and truncates on the
 * store. Bool: C[i,j] is true if any A[i,p] && B[p,j].
 *
 * Blocking: C is produced in MB x NB tiles; for each tile the inner extent is walked in
 * KB-long slices, with the slice of A and of B first converted into contiguous blocks, so
 * the innermost loop runs over a contiguous row of the B block and of the accumulator. */
#include "core/dtype_list.h"
#include "gemm.h"
#include "loop.h"

#define MB 32
#define NB 64
#define KB 128

size_t ndi_gemm_int_work(void) { return sizeof(uint64_t) * (MB * KB + KB * NB + MB * NB); }

static inline int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* ACC: the accumulator type; MAC(acc, a, b): acc += a * b in it. */
#define MAC_INT(acc, a, b) ((acc) += (a) * (b))
#define MAC_BOOL(acc, a, b) ((acc) |= (a) & (b))

#define GEMM_BLOCKED(SFX, T, ACC, MAC)                                                     \
  NDI_HOT static void gemm_##SFX(const ndi_gemm_args *g, void *work) {                     \
    ACC *ap = work, *bp = ap + MB * KB, *acc = bp + KB * NB;                               \
    const T *A = (const T *)g->a, *B = (const T *)g->b;                                    \
    T *C = (T *)g->c;                                                                      \
    for (int64_t i0 = 0; i0 < g->m; i0 += MB) {                                            \
      int64_t mb = min64(MB, g->m - i0);                                                   \
      for (int64_t j0 = 0; j0 < g->n; j0 += NB) {                                          \
        int64_t nb = min64(NB, g->n - j0);                                                 \
        for (int64_t x = 0; x < mb * nb; x++) acc[x] = 0;                                  \
        for (int64_t p0 = 0; p0 < g->k; p0 += KB) {                                        \
          int64_t kb = min64(KB, g->k - p0);                                               \
          for (int64_t i = 0; i < mb; i++)                                                 \
            for (int64_t p = 0; p < kb; p++)                                               \
              ap[i * kb + p] = (ACC)A[(i0 + i) * g->ars + (p0 + p) * g->acs];              \
          for (int64_t p = 0; p < kb; p++)                                                 \
            for (int64_t j = 0; j < nb; j++)                                               \
              bp[p * nb + j] = (ACC)B[(p0 + p) * g->brs + (j0 + j) * g->bcs];              \
          for (int64_t i = 0; i < mb; i++) {                                               \
            ACC *restrict row = acc + i * nb;                                              \
            for (int64_t p = 0; p < kb; p++) {                                             \
              const ACC av = ap[i * kb + p];                                               \
              const ACC *restrict br = bp + p * nb;                                        \
              for (int64_t j = 0; j < nb; j++) MAC(row[j], av, br[j]);                     \
            }                                                                              \
          }                                                                                \
        }                                                                                  \
        for (int64_t i = 0; i < mb; i++)                                                   \
          for (int64_t j = 0; j < nb; j++)                                                 \
            C[(i0 + i) * g->crs + (j0 + j) * g->ccs] = (T)acc[i * nb + j];                 \
      }                                                                                    \
    }                                                                                      \
  }

/* bool accumulates in bytes (0 or 1); integers in uint64_t; floats have BLAS. */
#define INT_DEF_b(SFX, T) GEMM_BLOCKED(SFX, T, uint8_t, MAC_BOOL)
#define INT_DEF_i(SFX, T) GEMM_BLOCKED(SFX, T, uint64_t, MAC_INT)
#define INT_DEF_u(SFX, T) GEMM_BLOCKED(SFX, T, uint64_t, MAC_INT)
#define INT_DEF_f(SFX, T)
#define INT_DEF_c(SFX, T)
#define INT_DEF(E, SFX, T, K, NAME, ...) INT_DEF_##K(SFX, T)
NDI_DTYPES(INT_DEF)

#define INT_ENTRY_b(E, SFX) [E] = gemm_##SFX,
#define INT_ENTRY_i(E, SFX) [E] = gemm_##SFX,
#define INT_ENTRY_u(E, SFX) [E] = gemm_##SFX,
#define INT_ENTRY_f(E, SFX)
#define INT_ENTRY_c(E, SFX)
#define INT_ENTRY(E, SFX, T, K, NAME, ...) INT_ENTRY_##K(E, SFX)
const ndi_gemm_fn ndi_gemm_int[ND_NUM_DTYPES] = {NDI_DTYPES(INT_ENTRY)};
