/* Kernels for reductions whose result does not depend on the order of evaluation: min and
 * max (every real dtype), all, any and count_nonzero (on bool input). They run in 16
 * independent lanes so the compiler vectorises them; no pairwise structure is needed.
 *
 * NaN propagates through min and max as in NumPy: max(a, b) keeps a when a > b or a is
 * NaN, else takes b (so a NaN in b wins too). Of equal elements the later one wins, which
 * shows only in the sign of a zero result: max([0.0, -0.0]) is -0.0. The lanes lose that
 * order, so a zero result of a row takes the sign of the row's last zero; the engine
 * keeps the order of rows, and where its order is not the index order it uses last_zero
 * (reduce.h) to find the sign the index order gives. */
#include <stdbool.h>

#include "core/dtype_list.h"
#include "reduce.h"

#define LANES 16

/* Each op is four inline functions: start(x) (a lane's initial value given the first
 * element), step(acc, x), merge(acc, acc) and last_tie(acc, row) (the row's result given
 * the lanes' one, where order matters among equal values). The loops below are generic
 * over them. */
#define LANE_ROW(NAME, TI, TA)                                                                \
  NDI_HOT static void NAME##_row(void *out, const char *in, int64_t s, int64_t n,           \
                                 const void *aux) {                                         \
    (void)aux;                                                                               \
    TA r[LANES];                                                                             \
    for (int j = 0; j < LANES; j++) r[j] = NAME##_start(*(const TI *)in);                    \
    /* the lanes keep no order: a backward run is read forwards from its lowest address */   \
    const char *lo = s < 0 ? in + (n - 1) * s : in;                                          \
    int64_t ls = s < 0 ? -s : s, i = 0;                                                      \
    if (ls == (int64_t)sizeof(TI)) {                                                         \
      const TI *x = (const TI *)lo;                                                          \
      for (; i + LANES <= n; i += LANES)                                                     \
        for (int j = 0; j < LANES; j++) r[j] = NAME##_step(r[j], x[i + j]);                  \
    }                                                                                        \
    for (; i < n; i++) r[0] = NAME##_step(r[0], *(const TI *)(lo + i * ls));                 \
    for (int j = 1; j < LANES; j++) r[0] = NAME##_merge(r[0], r[j]);                         \
    *(TA *)out = NAME##_last_tie(r[0], in, s, n);                                            \
  }

#define LANE_COL(NAME, TI, TA)                                                                \
  NDI_HOT static void NAME##_col(void *out, const char *in, int64_t sk, int64_t sr,         \
                                 int64_t m, int64_t nr, const void *aux) {                  \
    (void)aux;                                                                               \
    TA *restrict o = (TA *)out;                                                              \
    for (int64_t k = 0; k < m; k++) {                                                        \
      TI x = *(const TI *)(in + k * sk);                                                     \
      o[k] = NAME##_step(NAME##_start(x), x);                                                \
    }                                                                                        \
    for (int64_t r = 1; r < nr; r++) {                                                       \
      const char *row = in + r * sr;                                                         \
      if (sk == (int64_t)sizeof(TI)) {                                                       \
        const TI *restrict x = (const TI *)row;                                              \
        for (int64_t k = 0; k < m; k++) o[k] = NAME##_step(o[k], x[k]);                      \
      } else {                                                                               \
        for (int64_t k = 0; k < m; k++) o[k] = NAME##_step(o[k], *(const TI *)(row + k * sk)); \
      }                                                                                      \
    }                                                                                        \
  }

#define LANE_COMBINE(NAME, TA)                                              \
  NDI_HOT static void NAME##_combine(void *a, const void *b, int64_t m) {  \
    TA *restrict x = (TA *)a;                                              \
    const TA *restrict y = (const TA *)b;                                  \
    for (int64_t k = 0; k < m; k++) x[k] = NAME##_merge(x[k], y[k]);       \
  }

#define LANE_INIT(NAME, TA, ID)                                     \
  static void NAME##_init(void *out, int64_t m) {                   \
    for (int64_t k = 0; k < m; k++) ((TA *)out)[k] = (ID);          \
  }

#define LANE_LOOPS(NAME, TI, TA) LANE_ROW(NAME, TI, TA) LANE_COL(NAME, TI, TA) LANE_COMBINE(NAME, TA)

/* ---- min and max ------------------------------------------------------------------- */

#define GE_b(a, b) ((a) | (b))
#define LE_b(a, b) ((a) & (b))
#define GE_i(a, b) ((a) >= (b) ? (a) : (b))
#define LE_i(a, b) ((a) <= (b) ? (a) : (b))
#define GE_u GE_i
#define LE_u LE_i
#define GE_f(a, b) (((a) > (b) || (a) != (a)) ? (a) : (b))
#define LE_f(a, b) (((a) < (b) || (a) != (a)) ? (a) : (b))

/* Equal integers are indistinguishable; a float zero takes the sign of the last zero. */
#define LAST_TIE_i(T) return r;
#define LAST_TIE_b LAST_TIE_i
#define LAST_TIE_u LAST_TIE_i
#define LAST_TIE_f(T)                                                  \
  if (r != 0) return r;                                                \
  for (int64_t i = n - 1; i >= 0; i--) {                               \
    T x = *(const T *)(in + i * s);                                    \
    if (x == 0) return x;                                              \
  }                                                                    \
  return r;

#define MINMAX_FUNCS(NAME, T, SEL, K)                                                  \
  static inline T NAME##_start(T x) { return x; }                                      \
  static inline T NAME##_step(T a, T b) { return SEL(a, b); }                          \
  static inline T NAME##_merge(T a, T b) { return SEL(a, b); }                         \
  static inline T NAME##_last_tie(T r, const char *in, int64_t s, int64_t n) { LAST_TIE_##K(T) } \
  LANE_LOOPS(NAME, T, T)

/* The index of the last of n elements (stride s) that equals zero, or -1. */
#define LAST_ZERO(S, T)                                                       \
  static int64_t last_zero_##S(const char *in, int64_t s, int64_t n) {       \
    for (int64_t i = n - 1; i >= 0; i--)                                      \
      if (*(const T *)(in + i * s) == 0) return i;                           \
    return -1;                                                                \
  }

#define MINMAX_REAL(S, T, K) MINMAX_FUNCS(max_##S, T, GE_##K, K) MINMAX_FUNCS(min_##S, T, LE_##K, K)
#define MINMAX_b(S, T) MINMAX_REAL(S, T, b)
#define MINMAX_i(S, T) MINMAX_REAL(S, T, i)
#define MINMAX_u(S, T) MINMAX_REAL(S, T, u)
#define MINMAX_f(S, T) MINMAX_REAL(S, T, f) LAST_ZERO(S, T)
#define MINMAX_c(S, T) /* complex numbers have no order */
#define DEFINE_MINMAX(E, S, T, K, NAME, ...) MINMAX_##K(S, T)
NDI_DTYPES(DEFINE_MINMAX, _)

/* Equal integers (and bools) are indistinguishable; equal floats differ in a zero's sign. */
#define MM_ENTRY_b(E, OP, S) [E] = {OP##_##S##_row, OP##_##S##_col, OP##_##S##_combine, NULL},
#define MM_ENTRY_i MM_ENTRY_b
#define MM_ENTRY_u MM_ENTRY_b
#define MM_ENTRY_f(E, OP, S) \
  [E] = {OP##_##S##_row, OP##_##S##_col, OP##_##S##_combine, NULL, false, NULL, last_zero_##S},
#define MM_ENTRY_c(E, OP, S)
#define MM_ENTRY(E, S, T, K, NAME, OP) MM_ENTRY_##K(E, OP, S)
const ndi_reduce_kernel ndi_reduce_max[ND_NUM_DTYPES] = {NDI_DTYPES(MM_ENTRY, max)};
const ndi_reduce_kernel ndi_reduce_min[ND_NUM_DTYPES] = {NDI_DTYPES(MM_ENTRY, min)};

/* ---- all, any, count_nonzero (bool input) ------------------------------------------ */

/* Order among equal values does not show in these results. */
#define NO_LAST_TIE(NAME, TA)                                                          \
  static inline TA NAME##_last_tie(TA r, const char *in, int64_t s, int64_t n) {      \
    (void)in, (void)s, (void)n;                                                        \
    return r;                                                                          \
  }

static inline bool all_start(bool x) { (void)x; return true; }
static inline bool all_step(bool a, bool x) { return a & x; }
static inline bool all_merge(bool a, bool b) { return a & b; }
NO_LAST_TIE(all, bool)
LANE_LOOPS(all, bool, bool)
LANE_INIT(all, bool, true)

static inline bool any_start(bool x) { (void)x; return false; }
static inline bool any_step(bool a, bool x) { return a | x; }
static inline bool any_merge(bool a, bool b) { return a | b; }
NO_LAST_TIE(any, bool)
LANE_LOOPS(any, bool, bool)
LANE_INIT(any, bool, false)

static inline int64_t count_start(bool x) { (void)x; return 0; }
static inline int64_t count_step(int64_t a, bool x) { return a + x; }
static inline int64_t count_merge(int64_t a, int64_t b) { return a + b; }
NO_LAST_TIE(count, int64_t)
LANE_LOOPS(count, bool, int64_t)
LANE_INIT(count, int64_t, 0)

const ndi_reduce_kernel ndi_reduce_all = {all_row, all_col, all_combine, all_init};
const ndi_reduce_kernel ndi_reduce_any = {any_row, any_col, any_combine, any_init};
const ndi_reduce_kernel ndi_reduce_count = {count_row, count_col, count_combine, count_init};
