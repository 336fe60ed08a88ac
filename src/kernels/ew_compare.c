/* Comparisons (bool results), maximum, minimum, clip and where.
 *
 * Complex numbers compare lexicographically (real part first), as NumPy does; a NaN in
 * either part of either operand makes every ordering false. maximum and minimum propagate
 * NaN (a NaN in the first operand wins, then one in the second); for equal values the
 * second operand is returned, which is what NumPy gives for signed zeros
 * (maximum(-0.0, 0.0) = 0.0, maximum(0.0, -0.0) = -0.0); float16 has NumPy's float16
 * loops, which return the first (ew_half.c). clip(x, lo, hi) raises x to lo,
 * then lowers it to hi, so lo > hi gives hi and a NaN (x or bound) gives NaN. Where x
 * equals a bound, NumPy keeps x when both bounds are single values (clip(-0.0, 0, 1) is
 * -0.0) and takes the bound otherwise (clip(-0.0, [0.0], [1.0]) is 0.0); ndi_k_clip and
 * ndi_k_clip_to_bound are the two. */
#include "ew.h"
#include "ew_half.h"
#include "ew_loops.h"

#define ALL_b 1
#define ALL_i 1
#define ALL_u 1
#define ALL_f 1
#define ALL_c 1
#define REAL_b 1
#define REAL_i 1
#define REAL_u 1
#define REAL_f 1
#define REAL_c 0

/* ---- comparisons ---------------------------------------------------------------------------- */

/* Per kind: the real case is the C operator; complex gets its own helpers. */
#define CNAN(S, a, b) (isnan(__real__ a) || isnan(__imag__ a) || isnan(__real__ b) || isnan(__imag__ b))
#define CLT(S, a, b) (!CNAN(S, a, b) && (__real__ a < __real__ b || (__real__ a == __real__ b && __imag__ a < __imag__ b)))
#define CLE(S, a, b) (!CNAN(S, a, b) && (__real__ a < __real__ b || (__real__ a == __real__ b && __imag__ a <= __imag__ b)))

#define CMP_EL_REAL(OP, S, T, EXPR) static inline bool OP##_el_##S(T a, T b) { return EXPR; }
#define CMP_b(OP, S, T, RX, CX) CMP_EL_REAL(OP, S, T, RX)
#define CMP_i CMP_b
#define CMP_u CMP_b
#define CMP_f CMP_b
#define CMP_c(OP, S, T, RX, CX) CMP_EL_REAL(OP, S, T, CX)

#define DEF_CMP(E, S, T, K, NAME_, OP, RX, CX) \
  CMP_##K(OP, S, T, RX, CX) NDI_LOOP2(OP##_##S, T, T, bool, OP##_el_##S)

NDI_DTYPES(DEF_CMP, equal, a == b, a == b)
NDI_DTYPES(DEF_CMP, not_equal, a != b, a != b)
NDI_DTYPES(DEF_CMP, less, a < b, CLT(S, a, b))
NDI_DTYPES(DEF_CMP, less_equal, a <= b, CLE(S, a, b))
NDI_DTYPES(DEF_CMP, greater, a > b, CLT(S, b, a))
NDI_DTYPES(DEF_CMP, greater_equal, a >= b, CLE(S, b, a))

const ndi_loop_fn ndi_k_equal[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, ALL, equal)};
const ndi_loop_fn ndi_k_not_equal[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, ALL, not_equal)};
const ndi_loop_fn ndi_k_less[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, ALL, less)};
const ndi_loop_fn ndi_k_less_equal[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, ALL, less_equal)};
const ndi_loop_fn ndi_k_greater[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, ALL, greater)};
const ndi_loop_fn ndi_k_greater_equal[ND_NUM_DTYPES] = {
    NDI_DTYPES(NDI_TABLE_ENTRY, ALL, greater_equal)};

/* Signed against unsigned 64-bit integers, exactly (NumPy 2 compares int64 with uint64
 * without going through float64): [0] takes (int64, uint64), [1] (uint64, int64). */
static inline bool eq_su(int64_t a, uint64_t b) { return a >= 0 && (uint64_t)a == b; }
static inline bool lt_su(int64_t a, uint64_t b) { return a < 0 || (uint64_t)a < b; }
static inline bool le_su(int64_t a, uint64_t b) { return a < 0 || (uint64_t)a <= b; }
static inline bool ne_su(int64_t a, uint64_t b) { return !eq_su(a, b); }
static inline bool gt_su(int64_t a, uint64_t b) { return !le_su(a, b); }
static inline bool ge_su(int64_t a, uint64_t b) { return !lt_su(a, b); }
static inline bool eq_us(uint64_t a, int64_t b) { return eq_su(b, a); }
static inline bool ne_us(uint64_t a, int64_t b) { return ne_su(b, a); }
static inline bool lt_us(uint64_t a, int64_t b) { return gt_su(b, a); }
static inline bool le_us(uint64_t a, int64_t b) { return ge_su(b, a); }
static inline bool gt_us(uint64_t a, int64_t b) { return lt_su(b, a); }
static inline bool ge_us(uint64_t a, int64_t b) { return le_su(b, a); }
#define DEF_MIXED(OP, SHORT)                                                     \
  NDI_LOOP2(OP##_su, int64_t, uint64_t, bool, SHORT##_su)                        \
  NDI_LOOP2(OP##_us, uint64_t, int64_t, bool, SHORT##_us)                        \
  const ndi_loop_fn ndi_k_##OP##_mixed[2] = {OP##_su, OP##_us};
DEF_MIXED(equal, eq)
DEF_MIXED(not_equal, ne)
DEF_MIXED(less, lt)
DEF_MIXED(less_equal, le)
DEF_MIXED(greater, gt)
DEF_MIXED(greater_equal, ge)

/* ---- maximum, minimum ------------------------------------------------------------------------ */

#define MAX_b(S, T) static inline T max_el_##S(T a, T b) { return a || b; }
#define MIN_b(S, T) static inline T min_el_##S(T a, T b) { return a && b; }
#define MAX_i(S, T) static inline T max_el_##S(T a, T b) { return a > b ? a : b; }
#define MIN_i(S, T) static inline T min_el_##S(T a, T b) { return a < b ? a : b; }
#define MAX_u MAX_i
#define MIN_u MIN_i
/* a != a is isnan(a), in a form every instruction set vectorises. */
#define MAX_f(S, T) static inline T max_el_##S(T a, T b) { return (a > b || a != a) ? a : b; }
#define MIN_f(S, T) static inline T min_el_##S(T a, T b) { return (a < b || a != a) ? a : b; }
#define MAX_c(S, T)                                                                   \
  static inline T max_el_##S(T a, T b) {                                              \
    return (isnan(__real__ a) || isnan(__imag__ a) || CLE(S, b, a)) ? a : b;          \
  }
#define MIN_c(S, T)                                                                   \
  static inline T min_el_##S(T a, T b) {                                              \
    return (isnan(__real__ a) || isnan(__imag__ a) || CLE(S, a, b)) ? a : b;          \
  }
#define DEF_MAXMIN(E, S, T, K, ...)                                                   \
  MAX_##K(S, T) MIN_##K(S, T) NDI_LOOP2(maximum_##S, T, T, T, max_el_##S)              \
      NDI_LOOP2(minimum_##S, T, T, T, min_el_##S)
NDI_DTYPES(DEF_MAXMIN)
const ndi_loop_fn ndi_k_maximum[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, ALL, maximum)
                                                      [ND_FLOAT16] = ndi_half_maximum_f16};
const ndi_loop_fn ndi_k_minimum[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, ALL, minimum)
                                                      [ND_FLOAT16] = ndi_half_minimum_f16};

/* ---- clip ------------------------------------------------------------------------------------ */

#define DEF_CLIP(E, S, T, K, ...)                                                     \
  NDI_WHEN(REAL_##K)(static inline T clip_el_##S(T x, T lo, T hi) {                   \
    T t = (x >= lo || x != x) ? x : lo;                                               \
    return (t <= hi || t != t) ? t : hi;                                              \
  } NDI_LOOP3(clip_##S, T, clip_el_##S))
NDI_DTYPES(DEF_CLIP)
const ndi_loop_fn ndi_k_clip[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, REAL, clip)};

#define DEF_CLIP_TO_BOUND(E, S, T, K, ...)                                            \
  NDI_WHEN(REAL_##K)(static inline T clip_to_bound_el_##S(T x, T lo, T hi) {          \
    T t = (x > lo || x != x) ? x : lo;                                                \
    return (t < hi || t != t) ? t : hi;                                               \
  } NDI_LOOP3(clip_to_bound_##S, T, clip_to_bound_el_##S))
NDI_DTYPES(DEF_CLIP_TO_BOUND)
const ndi_loop_fn ndi_k_clip_to_bound[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, REAL, clip_to_bound)};

/* ---- where ----------------------------------------------------------------------------------- */

/* out = cond ? a : b, moving the elements as they are (NaN payloads included). */
#define DEF_WHERE(E, S, T, K, ...)                                                             \
  NDI_HOT static void where_##S(char *const *p, const int64_t *s, int64_t n, void *ctx) {      \
    (void)ctx;                                                                                 \
    const int64_t z = sizeof(T);                                                               \
    if (s[0] == z && s[1] == 1 && s[2] == z && s[3] == z) {                                    \
      T *restrict o = (T *)p[0];                                                               \
      const uint8_t *restrict c = (const uint8_t *)p[1]; /* bytes: GCC vectorises those */     \
      const T *restrict a = (const T *)p[2], *restrict b = (const T *)p[3];                    \
      for (int64_t i = 0; i < n; i++) { /* both loaded: the select vectorises */             \
        T x = a[i], y = b[i];                                                                  \
        o[i] = c[i] != 0 ? x : y;                                                              \
      }                                                                                        \
    } else {                                                                                   \
      char *o = p[0];                                                                          \
      const char *c = p[1], *a = p[2], *b = p[3];                                              \
      for (int64_t i = 0; i < n; i++, o += s[0], c += s[1], a += s[2], b += s[3])              \
        *(T *)o = *(const bool *)c ? *(const T *)a : *(const T *)b;                            \
    }                                                                                          \
  }
NDI_DTYPES(DEF_WHERE)
const ndi_loop_fn ndi_k_where[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, ALL, where)};
