/* argmax and argmin for every real dtype.
 *
 * row works in blocks of 512: a vectorised pass finds the block's best value (and whether
 * it holds a NaN); only when that beats the best so far does a second pass, over the same
 * block still in L1, find its first position. A NaN ends the scan: the first NaN is the
 * answer, as in NumPy. col keeps a best value and index per column and updates them row
 * by row (a "slow axis" argmax streams memory like a fast one). float16 and bfloat16
 * elements are compared as the float32 values they hold (CT the compare type, LD the
 * load). */
#include <stdbool.h>

#include "argreduce.h"
#include "core/dtype_list.h"
#include "core/half.h"

#define LANES 16
#define ABLK 512

#define GT_MAX(a, b) ((a) > (b))
#define GT_MIN(a, b) ((a) < (b))
/* NaN tests: only floats have them; for others these fold to false. */
#define ISNAN_b(x) false
#define ISNAN_i(x) false
#define ISNAN_u(x) false
#define ISNAN_f(x) ((x) != (x))

#define ARG_ROW(NAME, T, CT, LD, K, GT)                                                            \
  NDI_HOT static int64_t NAME##_row(const char *in, int64_t s, int64_t n) {               \
    CT best = LD(*(const T *)in);                                                          \
    if (ISNAN_##K(best)) return 0;                                                         \
    int64_t bi = 0;                                                                        \
    for (int64_t b0 = 0; b0 < n; b0 += ABLK) {                                             \
      int64_t len = n - b0 < ABLK ? n - b0 : ABLK;                                         \
      const char *p = in + b0 * s;                                                         \
      CT m[LANES];                                                                         \
      bool nan = false;                                                                    \
      for (int j = 0; j < LANES; j++) m[j] = LD(*(const T *)p);                            \
      int64_t i = 0;                                                                       \
      if (s == (int64_t)sizeof(T)) {                                                       \
        const T *x = (const T *)p;                                                         \
        for (; i + LANES <= len; i += LANES)                                               \
          for (int j = 0; j < LANES; j++) {                                                \
            CT v = LD(x[i + j]);                                                           \
            nan |= ISNAN_##K(v);                                                           \
            m[j] = GT(v, m[j]) ? v : m[j];                                                 \
          }                                                                                \
      }                                                                                    \
      for (; i < len; i++) {                                                               \
        CT v = LD(*(const T *)(p + i * s));                                                \
        nan |= ISNAN_##K(v);                                                               \
        m[0] = GT(v, m[0]) ? v : m[0];                                                     \
      }                                                                                    \
      if (nan) {                                                                           \
        for (i = 0;; i++)                                                                  \
          if (ISNAN_##K(LD(*(const T *)(p + i * s)))) return b0 + i;                       \
      }                                                                                    \
      CT bm = m[0];                                                                        \
      for (int j = 1; j < LANES; j++) bm = GT(m[j], bm) ? m[j] : bm;                       \
      if (!GT(bm, best)) continue;                                                         \
      best = bm;                                                                           \
      for (i = 0; LD(*(const T *)(p + i * s)) != bm; i++) {}                               \
      bi = b0 + i;                                                                         \
    }                                                                                      \
    return bi;                                                                             \
  }

#define ARG_COL(NAME, T, CT, LD, K, GT)                                                            \
  NDI_HOT static void NAME##_col(int64_t *restrict idx, void *bestv, const char *in,      \
                                 int64_t sk, int64_t sr, int64_t m, int64_t n) {          \
    T *restrict best = (T *)bestv;                                                         \
    for (int64_t k = 0; k < m; k++) {                                                      \
      best[k] = *(const T *)(in + k * sk);                                                 \
      idx[k] = 0;                                                                          \
    }                                                                                      \
    for (int64_t r = 1; r < n; r++) {                                                      \
      const char *row = in + r * sr;                                                       \
      for (int64_t k = 0; k < m; k++) {                                                    \
        T v = *(const T *)(row + k * sk), b = best[k];                                     \
        CT cv = LD(v), cb = LD(b);                                                         \
        bool take = GT(cv, cb) || (ISNAN_##K(cv) && !ISNAN_##K(cb));                       \
        best[k] = take ? v : b;                                                            \
        idx[k] = take ? r : idx[k];                                                        \
      }                                                                                    \
    }                                                                                      \
  }

#define ARG_BETTER(NAME, T, CT, LD, K, GT)                                                 \
  static bool NAME##_better(const void *cur, const void *cand) {                           \
    CT c = LD(*(const T *)cur), v = LD(*(const T *)cand);                                  \
    return GT(v, c) || (ISNAN_##K(v) && !ISNAN_##K(c));                                    \
  }

#define ARG_ALL(NAME, T, CT, LD, K, GT) \
  ARG_ROW(NAME, T, CT, LD, K, GT) ARG_COL(NAME, T, CT, LD, K, GT) ARG_BETTER(NAME, T, CT, LD, K, GT)
#define ARG_REAL(S, T, CT, LD, K) \
  ARG_ALL(argmax_##S, T, CT, LD, K, GT_MAX) ARG_ALL(argmin_##S, T, CT, LD, K, GT_MIN)
#define AS_IS(x) (x)
#define ARG_b(S, T) ARG_REAL(S, T, T, AS_IS, b)
#define ARG_i(S, T) ARG_REAL(S, T, T, AS_IS, i)
#define ARG_u(S, T) ARG_REAL(S, T, T, AS_IS, u)
#define ARG_f(S, T) ARG_REAL(S, T, T, AS_IS, f)
#define ARG_c(S, T)
#define DEFINE_ARG(E, S, T, K, NAME, ...) ARG_##K(S, T)
NDI_DTYPES(DEFINE_ARG, _)
#define DEFINE_ARG_HALF(E, S, T, K, NAME, ...) ARG_REAL(S, T, float, ndi_##S##_to_f32, f)
NDI_HALF_DTYPES(DEFINE_ARG_HALF, _)

#define AE_b(E, OP, S) [E] = {OP##_##S##_row, OP##_##S##_col, OP##_##S##_better},
#define AE_i AE_b
#define AE_u AE_b
#define AE_f AE_b
#define AE_c(E, OP, S)
#define ARG_ENTRY(E, S, T, K, NAME, OP) AE_##K(E, OP, S)
const ndi_argreduce_kernel ndi_argmax_kernels[ND_NUM_DTYPES] = {NDI_ALL_DTYPES(ARG_ENTRY, argmax)};
const ndi_argreduce_kernel ndi_argmin_kernels[ND_NUM_DTYPES] = {NDI_ALL_DTYPES(ARG_ENTRY, argmin)};
