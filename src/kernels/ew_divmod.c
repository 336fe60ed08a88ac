/* floor_divide, remainder and pow for integers and reals (complex pow is in ew_cmath.c,
 * real pow in vector math: ew_math.c).
 *
 * Integers follow NumPy: division by zero gives 0 for both quotient and remainder, the
 * quotient rounds toward minus infinity and the remainder takes the divisor's sign,
 * MIN // -1 wraps to MIN (x86 would trap on the plain C expression), pow wraps and a
 * negative exponent is an error the kernel reports through the context.
 *
 * Reals follow NumPy's divmod: the remainder is fmod corrected toward the divisor's sign
 * (a zero remainder takes the divisor's sign), the quotient is (a - mod) / b rounded to
 * the nearest integer from below, and division by zero gives a / b (inf or nan) as the
 * quotient and fmod's nan as the remainder. One exception, the standard's: floor_divide
 * with exactly one infinite operand is a / b (see FDIV_f). */
#include "ew.h"
#include "ew_cmath.h"
#include "ew_loops.h"

#define INTREAL_b 0
#define INTREAL_i 1
#define INTREAL_u 1
#define INTREAL_f 1
#define INTREAL_c 0
/* integers only (pow's real loops come from vector math) */
#define INT_b 0
#define INT_i 1
#define INT_u 1
#define INT_f 0
#define INT_c 0

/* Minimum of each signed dtype (the one quotient that overflows). */
#define NDI_MIN_i8 INT8_MIN
#define NDI_MIN_i16 INT16_MIN
#define NDI_MIN_i32 INT32_MIN
#define NDI_MIN_i64 INT64_MIN

/* ---- floor_divide ------------------------------------------------------------------------- */

#define FDIV_i(S, T)                                               \
  static inline T fdiv_el_##S(T a, T b) {                          \
    if (b == 0) return 0;                                          \
    if (b == -1) return (T)(0 - (NDI_WU_##S)a); /* wraps MIN */    \
    T q = (T)(a / b);                                              \
    return (T)(((a % b) != 0 && ((a < 0) != (b < 0))) ? q - 1 : q); \
  }
#define FDIV_u(S, T) static inline T fdiv_el_##S(T a, T b) { return b == 0 ? 0 : (T)(a / b); }

/* NumPy's divmod for one real type (R: float or double, F: the libm suffix). */
#define NDI_DIVMOD(S, R, F)                                                    \
  static inline R divmod_##S(R a, R b, R *modulus) {                          \
    R mod = fmod##F(a, b);                                                    \
    if (b == 0) {                                                             \
      *modulus = mod;                                                         \
      return a / b;                                                           \
    }                                                                         \
    R div = (a - mod) / b;                                                    \
    if (mod != 0) {                                                           \
      if ((b < 0) != (mod < 0)) {                                             \
        mod += b;                                                             \
        div -= 1;                                                             \
      }                                                                       \
    } else {                                                                  \
      mod = copysign##F(0, b);                                                \
    }                                                                         \
    R floordiv;                                                               \
    if (div != 0) {                                                           \
      floordiv = floor##F(div);                                               \
      if (div - floordiv > (R)0.5) floordiv += 1;                             \
    } else {                                                                  \
      floordiv = copysign##F(0, a / b);                                       \
    }                                                                         \
    *modulus = mod;                                                           \
    return floordiv;                                                          \
  }
NDI_DIVMOD(f32, float, f)
NDI_DIVMOD(f64, double, )

/* One infinite operand: a / b, the Array API's special cases (finite // +-inf is a zero of
 * the quotient's sign, +-inf // finite an infinity), where NumPy's divmod gives -1 or NaN
 * (floor_divide(-1.0, inf) is -1.0 in NumPy, -0.0 here). */
#define FDIV_f(S, T)                                   \
  static inline T fdiv_el_##S(T a, T b) {              \
    T mod;                                             \
    if (b == 0 || isinf(a) != isinf(b)) return a / b; \
    return divmod_##S(a, b, &mod);                     \
  }
#define DEF_FDIV(E, S, T, K, ...) \
  NDI_WHEN(INTREAL_##K)(FDIV_##K(S, T) NDI_LOOP2(floor_divide_##S, T, T, T, fdiv_el_##S))
NDI_DTYPES(DEF_FDIV)
const ndi_loop_fn ndi_k_floor_divide[ND_NUM_DTYPES] = {
    NDI_DTYPES(NDI_TABLE_ENTRY, INTREAL, floor_divide)};

/* ---- remainder ---------------------------------------------------------------------------- */

#define REM_i(S, T)                                                   \
  static inline T rem_el_##S(T a, T b) {                              \
    if (b == 0 || b == -1) return 0;                                  \
    T r = (T)(a % b);                                                 \
    return (T)((r != 0 && ((r < 0) != (b < 0))) ? r + b : r);         \
  }
#define REM_u(S, T) static inline T rem_el_##S(T a, T b) { return b == 0 ? 0 : (T)(a % b); }
#define REM_f(S, T)                            \
  static inline T rem_el_##S(T a, T b) {       \
    T mod;                                     \
    divmod_##S(a, b, &mod);                    \
    return mod;                                \
  }
#define DEF_REM(E, S, T, K, ...) \
  NDI_WHEN(INTREAL_##K)(REM_##K(S, T) NDI_LOOP2(remainder_##S, T, T, T, rem_el_##S))
NDI_DTYPES(DEF_REM)
const ndi_loop_fn ndi_k_remainder[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, INTREAL, remainder)};

/* ---- pow ---------------------------------------------------------------------------------- */

/* Square-and-multiply in the unsigned type: wraps like repeated multiplication. */
#define POW_INT(S, T, NEG_CHECK)                                \
  static inline T pow_el_##S(T a, T b, void *ctx) {             \
    NEG_CHECK                                                   \
    NDI_WU_##S base = (NDI_WU_##S)a, r = 1;                     \
    NDI_UT_##S e = (NDI_UT_##S)b;                               \
    while (e) {                                                 \
      if (e & 1) r = (NDI_WU_##S)(NDI_UT_##S)(r * base);        \
      base = (NDI_WU_##S)(NDI_UT_##S)(base * base);             \
      e >>= 1;                                                  \
    }                                                           \
    return (T)(NDI_UT_##S)r;                                    \
  }
#define POW_i(S, T)                          \
  POW_INT(S, T, if (b < 0) {                 \
    ndi_ew_fail(ctx, NDI_EW_ERR_NEG_POWER);  \
    return 0;                                \
  })
#define POW_u(S, T) POW_INT(S, T, (void)ctx;)
#define POW_LOOP_i(S, T) NDI_LOOP2_CTX(pow_##S, T, pow_el_##S)
#define POW_LOOP_u POW_LOOP_i
/* Reals: vector math (ew_math.c, vmath_binary.h), with the special cases of C99 Annex F
 * that the standard lists (pow(x, 0) = 1 even for NaN, pow(1, y) = 1, pow(-1, +-inf) = 1,
 * ...). */
#define DEF_POW(E, S, T, K, ...) NDI_WHEN(INT_##K)(POW_##K(S, T) POW_LOOP_##K(S, T))
NDI_DTYPES(DEF_POW)

const ndi_loop_fn ndi_k_pow[ND_NUM_DTYPES] = {
    NDI_DTYPES(NDI_TABLE_ENTRY, INT, pow)[ND_FLOAT32] = ndi_kr_pow_f32,
    [ND_FLOAT64] = ndi_kr_pow_f64, [ND_COMPLEX64] = ndi_kc_pow_c64,
    [ND_COMPLEX128] = ndi_kc_pow_c128};
