/* Arithmetic kernels: add, subtract, multiply, divide, negative, positive, square,
 * reciprocal, abs, sign, conj.
 *
 * Integers wrap (arithmetic in the unsigned type of the same width, never signed
 * overflow); bool add/multiply are or/and, as in NumPy; complex multiply and divide follow
 * NumPy's formulas (ew_complex.h). Integer reciprocal is NumPy's 1/x truncated toward
 * zero, with 1/0 giving what NumPy's conversion of inf gives on x86-64 (the minimum for
 * int32 and int64, 0 for the other widths). */
#include "ew.h"
#include "ew_complex.h"
#include "ew_half.h"
#include "ew_loops.h"

/* Kinds each family accepts. */
#define ALL_b 1
#define ALL_i 1
#define ALL_u 1
#define ALL_f 1
#define ALL_c 1
#define NUM_b 0
#define NUM_i 1
#define NUM_u 1
#define NUM_f 1
#define NUM_c 1
#define INEXACT_b 0
#define INEXACT_i 0
#define INEXACT_u 0
#define INEXACT_f 1
#define INEXACT_c 1

/* ---- add, subtract, multiply ---------------------------------------------------------- */

#define ADD_b(S, T) static inline T add_el_##S(T a, T b) { return a || b; }
#define ADD_i(S, T) \
  static inline T add_el_##S(T a, T b) { return (T)((NDI_WU_##S)a + (NDI_WU_##S)b); }
#define ADD_u ADD_i
#define ADD_f(S, T) static inline T add_el_##S(T a, T b) { return a + b; }
#define ADD_c ADD_f
#define DEF_ADD(E, S, T, K, ...) ADD_##K(S, T) NDI_LOOP2(add_##S, T, T, T, add_el_##S)
NDI_DTYPES(DEF_ADD)
const ndi_loop_fn ndi_k_add[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, ALL, add)
                                                  NDI_HALF_ENTRIES(add)};

#define SUB_i(S, T) \
  static inline T sub_el_##S(T a, T b) { return (T)((NDI_WU_##S)a - (NDI_WU_##S)b); }
#define SUB_u SUB_i
#define SUB_f(S, T) static inline T sub_el_##S(T a, T b) { return a - b; }
#define SUB_c SUB_f
#define DEF_SUB(E, S, T, K, ...) \
  NDI_WHEN(NUM_##K)(SUB_##K(S, T) NDI_LOOP2(subtract_##S, T, T, T, sub_el_##S))
NDI_DTYPES(DEF_SUB)
const ndi_loop_fn ndi_k_subtract[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, NUM, subtract)
                                                  NDI_HALF_ENTRIES(subtract)};

#define MUL_b(S, T) static inline T mul_el_##S(T a, T b) { return a && b; }
#define MUL_i(S, T) \
  static inline T mul_el_##S(T a, T b) { return (T)((NDI_WU_##S)a * (NDI_WU_##S)b); }
#define MUL_u MUL_i
#define MUL_f(S, T) static inline T mul_el_##S(T a, T b) { return a * b; }
#define MUL_c(S, T) static inline T mul_el_##S(T a, T b) { return ndi_cmul_##S(a, b); }
#define DEF_MUL(E, S, T, K, ...) MUL_##K(S, T) NDI_LOOP2(multiply_##S, T, T, T, mul_el_##S)
NDI_DTYPES(DEF_MUL)
const ndi_loop_fn ndi_k_multiply[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, ALL, multiply)
                                                  NDI_HALF_ENTRIES(multiply)};

/* True division: integers are divided in float64 (the frontend casts them). */
#define DIV_f(S, T) static inline T div_el_##S(T a, T b) { return a / b; }
#define DIV_c(S, T) static inline T div_el_##S(T a, T b) { return ndi_cdiv_##S(a, b); }
#define DEF_DIV(E, S, T, K, ...) \
  NDI_WHEN(INEXACT_##K)(DIV_##K(S, T) NDI_LOOP2(divide_##S, T, T, T, div_el_##S))
NDI_DTYPES(DEF_DIV)
const ndi_loop_fn ndi_k_divide[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, INEXACT, divide)
                                                  NDI_HALF_ENTRIES(divide)};

/* ---- negative, positive, square, reciprocal --------------------------------------------- */

#define NEG_i(S, T) static inline T neg_el_##S(T a) { return (T)(0 - (NDI_WU_##S)a); }
#define NEG_u NEG_i
#define NEG_f(S, T) static inline T neg_el_##S(T a) { return -a; }
#define NEG_c NEG_f
#define DEF_NEG(E, S, T, K, ...) \
  NDI_WHEN(NUM_##K)(NEG_##K(S, T) NDI_LOOP1(negative_##S, T, T, neg_el_##S))
NDI_DTYPES(DEF_NEG)
const ndi_loop_fn ndi_k_negative[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, NUM, negative)};

#define DEF_POS(E, S, T, K, ...)                                 \
  NDI_WHEN(NUM_##K)(static inline T pos_el_##S(T a) { return a; } \
                    NDI_LOOP1(positive_##S, T, T, pos_el_##S))
NDI_DTYPES(DEF_POS)
const ndi_loop_fn ndi_k_positive[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, NUM, positive)};

#define DEF_SQUARE(E, S, T, K, ...)                                        \
  NDI_WHEN(NUM_##K)(static inline T square_el_##S(T a) { return mul_el_##S(a, a); } \
                    NDI_LOOP1(square_##S, T, T, square_el_##S))
NDI_DTYPES(DEF_SQUARE)
const ndi_loop_fn ndi_k_square[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, NUM, square)};

/* 1/x in integers: 1 and -1 are their own reciprocals, 1/0 as described above. */
#define RECIP_ZERO_i8 0
#define RECIP_ZERO_i16 0
#define RECIP_ZERO_i32 INT32_MIN
#define RECIP_ZERO_i64 INT64_MIN
#define RECIP_ZERO_u8 0
#define RECIP_ZERO_u16 0
#define RECIP_ZERO_u32 0
#define RECIP_ZERO_u64 0
#define RECIP_i(S, T)                                                       \
  static inline T recip_el_##S(T a) {                                       \
    if (a == 0) return (T)RECIP_ZERO_##S;                                   \
    return (a == 1 || a == (T)-1) ? (T)(1 / a) : (T)0;                      \
  }
#define RECIP_u(S, T) \
  static inline T recip_el_##S(T a) { return a == 0 ? (T)RECIP_ZERO_##S : (T)(a == 1); }
#define RECIP_f(S, T) static inline T recip_el_##S(T a) { return (T)1 / a; }
/* Complex 1/z: Smith's algorithm specialised to a numerator of 1, as NumPy has it (so 1/0
 * is nan+nanj there, unlike divide's inf). */
#define RECIP_c(S, T)                                                     \
  static inline T recip_el_##S(T a) {                                     \
    NDI_RT_##S re = __real__ a, im = __imag__ a;                          \
    if (fabs(im) <= fabs(re)) {                                           \
      NDI_RT_##S r = im / re, d = re + im * r;                            \
      return ndi_cmake_##S(1 / d, -r / d);                                \
    }                                                                     \
    NDI_RT_##S r = re / im, d = re * r + im;                              \
    return ndi_cmake_##S(r / d, -1 / d);                                  \
  }
#define DEF_RECIP(E, S, T, K, ...) \
  NDI_WHEN(NUM_##K)(RECIP_##K(S, T) NDI_LOOP1(reciprocal_##S, T, T, recip_el_##S))
NDI_DTYPES(DEF_RECIP)
const ndi_loop_fn ndi_k_reciprocal[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, NUM, reciprocal)};

/* ---- abs, sign, conj ---------------------------------------------------------------------- */

/* abs of a complex number is real, computed as NumPy's vector loop does (bitwise its
 * results): the larger part times sqrt(1 + r*r), r = smaller / larger, with r*r + 1 fused;
 * an infinite part gives inf, else a NaN part NaN. No overflow for large parts; within
 * 2 ulp (hypot would be correctly rounded, but NumPy's arrays do not use it). */
#define CABS(S, RT, FMA, SQRT)                                   \
  static inline RT cabs_##S(RT re, RT im) {                      \
    re = re < 0 ? -re : re;                                      \
    im = im < 0 ? -im : im;                                      \
    if (isinf(re) || isinf(im)) return (RT)INFINITY;             \
    if (isnan(re) || isnan(im)) return (RT)NAN;                  \
    RT larger = re > im ? re : im, smaller = re > im ? im : re;  \
    if (larger == 0) return 0;                                   \
    RT r = smaller / larger;                                     \
    return SQRT(FMA(r, r, (RT)1)) * larger;                      \
  }
CABS(c64, float, fmaf, sqrtf)
CABS(c128, double, fma, sqrt)

#define ABS_b(S, T) static inline T abs_el_##S(T a) { return a; }
#define ABS_i(S, T) \
  static inline T abs_el_##S(T a) { return a < 0 ? (T)(0 - (NDI_WU_##S)a) : a; }
#define ABS_u ABS_b
#define ABS_f(S, T) static inline T abs_el_##S(T a) { return (T)fabs(a); }
#define ABS_c(S, T) \
  static inline NDI_RT_##S abs_el_##S(T a) { return cabs_##S(__real__ a, __imag__ a); }
#define DEF_ABS(E, S, T, K, ...) ABS_##K(S, T) NDI_LOOP1(abs_##S, T, NDI_RT_##S, abs_el_##S)
NDI_DTYPES(DEF_ABS)
const ndi_loop_fn ndi_k_abs[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, ALL, abs)};

/* sign: -1, 0, 1 (NaN stays NaN, -0 gives +0); complex: z/|z|, as NumPy 2, where an
 * infinite part decides alone (both infinite: NaN) and 0 gives 0. */
#define SIGN_i(S, T) static inline T sign_el_##S(T a) { return (T)((a > 0) - (a < 0)); }
#define SIGN_u(S, T) static inline T sign_el_##S(T a) { return (T)(a > 0); }
#define SIGN_f(S, T) \
  static inline T sign_el_##S(T a) { return a > 0 ? (T)1 : a < 0 ? (T)-1 : a == 0 ? (T)0 : a; }
#define SIGN_c(S, T)                                                                   \
  static inline T sign_el_##S(T z) {                                                   \
    NDI_RT_##S re = __real__ z, im = __imag__ z;                                       \
    bool ir = isinf(re), ii = isinf(im);                                               \
    if (ir && ii) return ndi_cmake_##S(NAN, NAN);                                      \
    if (ir) return ndi_cmake_##S(re > 0 ? 1 : -1, 0);                                  \
    if (ii) return ndi_cmake_##S(0, im > 0 ? 1 : -1);                                  \
    if (isnan(re) || isnan(im)) return ndi_cmake_##S(NAN, NAN);                        \
    if (re == 0 && im == 0) return ndi_cmake_##S(0, 0);                                \
    NDI_RT_##S r = (NDI_RT_##S)hypot(re, im);                                          \
    if (isinf(r)) { /* |z| overflows: scale by the larger part first (NumPy gives 0) */ \
      NDI_RT_##S m = fabs(re) > fabs(im) ? fabs(re) : fabs(im);                        \
      re /= m, im /= m;                                                                \
      r = (NDI_RT_##S)hypot(re, im);                                                   \
    }                                                                                  \
    return ndi_cmake_##S(re / r, im / r);                                              \
  }
#define DEF_SIGN(E, S, T, K, ...) \
  NDI_WHEN(NUM_##K)(SIGN_##K(S, T) NDI_LOOP1(sign_##S, T, T, sign_el_##S))
NDI_DTYPES(DEF_SIGN)
const ndi_loop_fn ndi_k_sign[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, NUM, sign)};

/* conj: the identity on real numbers (NumPy gives their values back). */
#define CONJ_i(S, T) static inline T conj_el_##S(T a) { return a; }
#define CONJ_u CONJ_i
#define CONJ_f CONJ_i
#define CONJ_c(S, T) \
  static inline T conj_el_##S(T a) { return ndi_cmake_##S(__real__ a, -__imag__ a); }
#define DEF_CONJ(E, S, T, K, ...) \
  NDI_WHEN(NUM_##K)(CONJ_##K(S, T) NDI_LOOP1(conj_##S, T, T, conj_el_##S))
NDI_DTYPES(DEF_CONJ)
const ndi_loop_fn ndi_k_conj[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, NUM, conj)};
