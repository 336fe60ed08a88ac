/* Generic loops for reductions that need pairwise summation (sum, prod, sum of squared
 * deviations). An op NAME provides three inline functions:
 *   TA NAME_term(TI x, const TI *aux)   the value one input element contributes;
 *   TA NAME_op(TA a, TA b)               the (associative) combination;
 *   TA NAME_id(void)                     its identity.
 *
 * row: blocks of 128 elements are reduced in 16 independent lanes (vectorised, itself a
 * small tree: 16 partials of 8 terms combined pairwise); the block results are merged with
 * a binary counter, which is pairwise reduction over the blocks. The error of a float sum
 * is O(eps log n). col: m columns at once, row after row (the rows of one call are few;
 * the engine merges calls pairwise). */
#ifndef NDI_KERNELS_PAIRWISE_H
#define NDI_KERNELS_PAIRWISE_H

#include <stdbool.h>
#include <stdint.h>

#include "loop.h"

#define NDI_PW_LANES 16
#define NDI_PW_BLOCK 128

#define NDI_PW_BLOCK_FN(NAME, TI, TA)                                                     \
  static inline TA NAME##_block(const char *in, int64_t s, int64_t n, const TI *aux) {   \
    TA r[NDI_PW_LANES];                                                                  \
    for (int j = 0; j < NDI_PW_LANES; j++) r[j] = NAME##_id();                           \
    int64_t i = 0;                                                                       \
    if (s == (int64_t)sizeof(TI)) {                                                      \
      const TI *x = (const TI *)in;                                                      \
      for (; i + NDI_PW_LANES <= n; i += NDI_PW_LANES)                                   \
        for (int j = 0; j < NDI_PW_LANES; j++)                                           \
          r[j] = NAME##_op(r[j], NAME##_term(x[i + j], aux));                            \
    }                                                                                    \
    for (; i < n; i++)                                                                   \
      r[i % NDI_PW_LANES] =                                                              \
          NAME##_op(r[i % NDI_PW_LANES], NAME##_term(*(const TI *)(in + i * s), aux));   \
    for (int w = NDI_PW_LANES / 2; w > 0; w /= 2)                                        \
      for (int j = 0; j < w; j++) r[j] = NAME##_op(r[j], r[j + w]);                      \
    return r[0];                                                                         \
  }

#define NDI_PW_ROW_FN(NAME, TI, TA)                                                       \
  NDI_HOT static void NAME##_row(void *out, const char *in, int64_t s, int64_t n,       \
                                 const void *aux) {                                     \
    TA stack[64];                                                                        \
    uint64_t cnt = 0;                                                                    \
    for (int64_t i0 = 0; i0 < n; i0 += NDI_PW_BLOCK) {                                   \
      int64_t len = n - i0 < NDI_PW_BLOCK ? n - i0 : NDI_PW_BLOCK;                       \
      TA v = NAME##_block(in + i0 * s, s, len, (const TI *)aux);                         \
      int lv = 0;                                                                        \
      for (uint64_t c = cnt; c & 1; c >>= 1, lv++) v = NAME##_op(stack[lv], v);          \
      stack[lv] = v;                                                                     \
      cnt++;                                                                             \
    }                                                                                    \
    TA r = NAME##_id();                                                                  \
    bool have = false;                                                                   \
    for (int lv = 0; lv < 64; lv++) {                                                    \
      if (!((cnt >> lv) & 1)) continue;                                                  \
      r = have ? NAME##_op(stack[lv], r) : stack[lv];                                    \
      have = true;                                                                       \
    }                                                                                    \
    *(TA *)out = r;                                                                      \
  }

/* col: rows are taken four at a time ((x0 + x1) + (x2 + x3)), so each pass over the
 * accumulators reads four input streams. The first rows join the identity, as in row
 * form and in NumPy (a sum of -0.0 alone is +0.0). */
#define NDI_PW_TERM(NAME, TI, p, k, a) NAME##_term(*(const TI *)((p) + (k) * sk), (a) ? (a) + (k) : NULL)
#define NDI_PW_COL_FN(NAME, TI, TA)                                                           \
  NDI_HOT static void NAME##_col(void *out, const char *in, int64_t sk, int64_t sr,         \
                                 int64_t m, int64_t nr, const void *aux) {                  \
    TA *restrict o = (TA *)out;                                                              \
    const TI *a = (const TI *)aux;                                                           \
    int64_t r = 0;                                                                           \
    for (; r + 4 <= nr; r += 4) {                                                            \
      const char *p0 = in + r * sr, *p1 = p0 + sr, *p2 = p1 + sr, *p3 = p2 + sr;             \
      if (sk == (int64_t)sizeof(TI)) {                                                       \
        const TI *restrict x0 = (const TI *)p0, *restrict x1 = (const TI *)p1;               \
        const TI *restrict x2 = (const TI *)p2, *restrict x3 = (const TI *)p3;               \
        for (int64_t k = 0; k < m; k++) {                                                    \
          const TI *ak = a ? a + k : NULL;                                                   \
          TA v = NAME##_op(NAME##_op(NAME##_term(x0[k], ak), NAME##_term(x1[k], ak)),        \
                           NAME##_op(NAME##_term(x2[k], ak), NAME##_term(x3[k], ak)));       \
          o[k] = NAME##_op(r ? o[k] : NAME##_id(), v);                                                 \
        }                                                                                    \
      } else {                                                                               \
        for (int64_t k = 0; k < m; k++) {                                                    \
          TA v = NAME##_op(NAME##_op(NDI_PW_TERM(NAME, TI, p0, k, a), NDI_PW_TERM(NAME, TI, p1, k, a)), \
                           NAME##_op(NDI_PW_TERM(NAME, TI, p2, k, a), NDI_PW_TERM(NAME, TI, p3, k, a))); \
          o[k] = NAME##_op(r ? o[k] : NAME##_id(), v);                                                 \
        }                                                                                    \
      }                                                                                      \
    }                                                                                        \
    for (; r < nr; r++) {                                                                    \
      const char *p0 = in + r * sr;                                                          \
      for (int64_t k = 0; k < m; k++) {                                                      \
        TA v = NDI_PW_TERM(NAME, TI, p0, k, a);                                              \
        o[k] = NAME##_op(r ? o[k] : NAME##_id(), v);                                                   \
      }                                                                                      \
    }                                                                                        \
  }

#define NDI_PW_COMBINE_FN(NAME, TA)                                        \
  NDI_HOT static void NAME##_combine(void *a, const void *b, int64_t m) { \
    TA *restrict x = (TA *)a;                                             \
    const TA *restrict y = (const TA *)b;                                 \
    for (int64_t k = 0; k < m; k++) x[k] = NAME##_op(x[k], y[k]);         \
  }

#define NDI_PW_INIT_FN(NAME, TA)                                     \
  static void NAME##_init(void *out, int64_t m) {                    \
    for (int64_t k = 0; k < m; k++) ((TA *)out)[k] = NAME##_id();    \
  }

/* All five functions of an op. */
#define NDI_PW_LOOPS(NAME, TI, TA) \
  NDI_PW_BLOCK_FN(NAME, TI, TA)    \
  NDI_PW_ROW_FN(NAME, TI, TA)      \
  NDI_PW_COL_FN(NAME, TI, TA)      \
  NDI_PW_COMBINE_FN(NAME, TA)      \
  NDI_PW_INIT_FN(NAME, TA)

#endif
