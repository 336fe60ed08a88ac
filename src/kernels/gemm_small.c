/* Direct matrix product for float and complex matrices of at most NDI_GEMM_SMALL rows,
 * columns and inner extent: a batch of 8x8 products spends most of a BLAS call on argument
 * handling, so these run a plain loop instead.
 *
 * One row of C is accumulated in 64-byte vectors (GCC vector extensions: one AVX-512
 * register, two AVX2 or four SSE registers, whichever target clone runs) while the rows
 * of B stream past: acc += A[i,p] * B[p,:]. The body is instantiated for every column
 * count 1..NDI_GEMM_SMALL so that the row's vectors are fixed in number and stay in
 * registers. Complex values are interleaved (re, im) pairs: acc += re(a) * b +
 * im(a) * (-im b, re b). Each C element is summed over k in ascending order, so the same
 * operands give the same bits whatever batch layout they come from. */
#include <string.h>

#include "core/dtype_list.h"
#include "gemm.h"
#include "loop.h"

#define S NDI_GEMM_SMALL
#define VBYTES 64
#define INLINE static inline __attribute__((always_inline))

typedef float vf __attribute__((vector_size(VBYTES)));
typedef double vd __attribute__((vector_size(VBYTES)));

/* Reals per vector and vectors per row of N elements of W reals. */
#define LANES(R) ((int64_t)(VBYTES / sizeof(R)))
#define NVEC(R, N, W) (((N) * (W) + LANES(R) - 1) / LANES(R))

/* Rows i0 .. i0+RB-1 of C for real type R (vector type V), W reals per element (1 real,
 * 2 complex) and N columns: RB x nv independent accumulators, so that consecutive
 * multiply-adds do not wait for each other. B's rows hold whole vectors (`bstep` reals
 * apart, zero-padded when packed): see pack_b. */
#define ROWS(R, V, W)                                                                   \
  INLINE void rows_##R##W(const ndi_gemm_args *g, const R *B, int64_t bstep,            \
                          const int64_t N, int64_t i0, const int RB) {                  \
    const R *A = (const R *)g->a;                                                       \
    const int64_t nv = NVEC(R, N, W), nr = N * (W);                                     \
    V sign = {0}, acc[ROWBLOCK][MAXVEC];                                                \
    for (int64_t l = 0; l < LANES(R); l++) sign[l] = (l & 1) ? (R)1 : (R)-1;            \
    const R cj = g->conj_a ? (R)-1 : (R)1;                                              \
    for (int r = 0; r < RB; r++)                                                        \
      for (int64_t v = 0; v < nv; v++) acc[r][v] = (V){0};                              \
    for (int64_t p = 0; p < g->k; p++) {                                                \
      const R *br = B + p * bstep;                                                      \
      V b[MAXVEC];                                                                      \
      for (int64_t v = 0; v < nv; v++) /* whole-vector loads; B need not be aligned */  \
        memcpy(&b[v], br + v * LANES(R), sizeof(V));                                    \
      for (int r = 0; r < RB; r++) {                                                    \
        const R *ap = A + (W) * ((i0 + r) * g->ars + p * g->acs);                       \
        const R ar = ap[0], ai = (W) == 2 ? cj * ap[(W) - 1] : 0;                       \
        for (int64_t v = 0; v < nv; v++) {                                              \
          acc[r][v] += ar * b[v];                                                       \
          if ((W) == 2) acc[r][v] += ai * sign * SWAP_PAIRS(V, b[v]);                   \
        }                                                                               \
      }                                                                                 \
    }                                                                                   \
    for (int r = 0; r < RB; r++) {                                                      \
      R *crow = (R *)g->c + (W) * (i0 + r) * g->crs;                                    \
      if (g->ccs == 1) {                                                                \
        memcpy(crow, acc[r], sizeof(R) * (size_t)nr);                                   \
      } else {                                                                          \
        const R *flat = (const R *)acc[r];                                              \
        for (int64_t j = 0; j < N; j++)                                                 \
          for (int w = 0; w < (W); w++) crow[(W) * j * g->ccs + w] = flat[(W) * j + w]; \
      }                                                                                 \
    }                                                                                   \
  }                                                                                     \
  INLINE void body_##R##W(const ndi_gemm_args *g, const R *B, int64_t bstep,            \
                          const int64_t N) {                                            \
    int64_t i = 0;                                                                      \
    for (; i + ROWBLOCK <= g->m; i += ROWBLOCK) rows_##R##W(g, B, bstep, N, i, ROWBLOCK); \
    for (; i < g->m; i++) rows_##R##W(g, B, bstep, N, i, 1);                            \
  }

/* Rows of C computed together. */
#define ROWBLOCK 4
/* Vectors in the longest row (16 complex doubles). */
#define MAXVEC (S * 2 * (int64_t)sizeof(double) / VBYTES)

/* (x0, x1, x2, x3, ...) -> (x1, x0, x3, x2, ...) */
#define SWAP_PAIRS(V, x) SWAP_PAIRS_##V(x)
#if defined(__clang__) /* clang spells GCC's __builtin_shuffle differently */
#define SWAP_PAIRS_vd(x) __builtin_shufflevector((x), (x), 1, 0, 3, 2, 5, 4, 7, 6)
#define SWAP_PAIRS_vf(x) \
  __builtin_shufflevector((x), (x), 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14)
#else
typedef int64_t vd_mask __attribute__((vector_size(VBYTES)));
typedef int32_t vf_mask __attribute__((vector_size(VBYTES)));
#define SWAP_PAIRS_vd(x) __builtin_shuffle((x), ((vd_mask){1, 0, 3, 2, 5, 4, 7, 6}))
#define SWAP_PAIRS_vf(x) \
  __builtin_shuffle((x), ((vf_mask){1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14}))
#endif

ROWS(float, vf, 1)
ROWS(double, vd, 1)
ROWS(float, vf, 2)
ROWS(double, vd, 2)

/* B is used in place when its rows are contiguous and hold whole vectors; otherwise its
 * rows are copied into `pack`, each padded with zeros to whole vectors, so that the body
 * only ever loads whole vectors (a partial load right after partial stores would stall
 * on store forwarding, and a whole one could read past the end of B). */
#define PACK_B(R, W)                                                                    \
  INLINE const R *pack_b_##R##W(const ndi_gemm_args *g, R *pack, int64_t *step) {       \
    const R *B = (const R *)g->b;                                                       \
    int64_t nr = g->n * (W), pad = (nr + LANES(R) - 1) / LANES(R) * LANES(R);           \
    if ((g->bcs == 1 || g->n == 1) && nr == pad) {                                      \
      *step = g->brs * (W);                                                             \
      return B;                                                                         \
    }                                                                                   \
    for (int64_t p = 0; p < g->k; p++) {                                                \
      R *row = pack + p * pad;                                                          \
      for (int64_t j = 0; j < g->n; j++)                                                \
        for (int w = 0; w < (W); w++) row[j * (W) + w] = B[(p * g->brs + j * g->bcs) * (W) + w]; \
      for (int64_t l = nr; l < pad; l++) row[l] = 0;                                    \
    }                                                                                   \
    *step = pad;                                                                        \
    return pack;                                                                        \
  }
PACK_B(float, 1)
PACK_B(double, 1)
PACK_B(float, 2)
PACK_B(double, 2)

/* switch (n) over 1..16, each case calling the body with a constant column count */
#define CASES_N(F, g, B, st)                                                            \
  switch ((g)->n) {                                                                     \
    case 1: F(g, B, st, 1); break;   case 2: F(g, B, st, 2); break;                     \
    case 3: F(g, B, st, 3); break;   case 4: F(g, B, st, 4); break;                     \
    case 5: F(g, B, st, 5); break;   case 6: F(g, B, st, 6); break;                     \
    case 7: F(g, B, st, 7); break;   case 8: F(g, B, st, 8); break;                     \
    case 9: F(g, B, st, 9); break;   case 10: F(g, B, st, 10); break;                   \
    case 11: F(g, B, st, 11); break; case 12: F(g, B, st, 12); break;                   \
    case 13: F(g, B, st, 13); break; case 14: F(g, B, st, 14); break;                   \
    case 15: F(g, B, st, 15); break; default: F(g, B, st, 16); break;                   \
  }
_Static_assert(NDI_GEMM_SMALL == 16, "CASES_N lists 1..16");

/* One kernel per (real type, reals per element). */
#define KERNEL(R, W)                                                                    \
  NDI_HOT static void small_##R##W(const ndi_gemm_args *g, void *work) {                \
    (void)work;                                                                         \
    _Alignas(VBYTES) R pack[S * MAXVEC * LANES(R)];                                     \
    int64_t step;                                                                       \
    const R *B = pack_b_##R##W(g, pack, &step);                                         \
    CASES_N(body_##R##W, g, B, step)                                                    \
  }
KERNEL(float, 1)
KERNEL(double, 1)
KERNEL(float, 2)
KERNEL(double, 2)

/* The table, from the dtype list: float and complex kinds only. KIND picks the number of
 * reals per element; the C type's size picks the real type. */
#define SMALL_FN_f(T) (sizeof(T) == 4 ? small_float1 : small_double1)
#define SMALL_FN_c(T) (sizeof(T) == 8 ? small_float2 : small_double2)
#define SMALL_ENTRY_b(E, T)
#define SMALL_ENTRY_i(E, T)
#define SMALL_ENTRY_u(E, T)
#define SMALL_ENTRY_f(E, T) [E] = SMALL_FN_f(T),
#define SMALL_ENTRY_c(E, T) [E] = SMALL_FN_c(T),
#define SMALL_ENTRY(E, SFX, T, K, NAME, ...) SMALL_ENTRY_##K(E, T)
const ndi_gemm_fn ndi_gemm_small[ND_NUM_DTYPES] = {NDI_DTYPES(SMALL_ENTRY)};
