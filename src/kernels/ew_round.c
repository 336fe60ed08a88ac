/* Rounding (floor, ceil, trunc, round), classification (isnan, isinf, isfinite, signbit)
 * and the bit-level binary functions copysign and nextafter.
 *
 * Rounding integers or bool is the identity (NumPy keeps their dtype); round is to the
 * nearest integer with ties to even, on both parts of a complex number. Integers are never
 * NaN or infinite; signbit of an integer is x < 0. */
#include "ew.h"
#include "ew_half.h"
#include "ew_loops.h"

#define REAL_b 1
#define REAL_i 1
#define REAL_u 1
#define REAL_f 1
#define REAL_c 0
#define ALL_b 1
#define ALL_i 1
#define ALL_u 1
#define ALL_f 1
#define ALL_c 1
#define FLOAT_b 0
#define FLOAT_i 0
#define FLOAT_u 0
#define FLOAT_f 1
#define FLOAT_c 0

/* ---- floor, ceil, trunc, round ----------------------------------------------------------- */

#define ROUND_b(OP, S, T, LIBM) static inline T OP##_el_##S(T a) { return a; }
#define ROUND_i ROUND_b
#define ROUND_u ROUND_b
#define ROUND_f(OP, S, T, LIBM) static inline T OP##_el_##S(T a) { return NDI_M(S, LIBM)(a); }
/* round is nearbyint: ties to even, without raising the inexact flag. */
#define DEF_ROUND(E, S, T, K, NAME_, OP, LIBM) \
  NDI_WHEN(REAL_##K)(ROUND_##K(OP, S, T, LIBM) NDI_LOOP1(OP##_##S, T, T, OP##_el_##S))
NDI_DTYPES(DEF_ROUND, floor, floor)
NDI_DTYPES(DEF_ROUND, ceil, ceil)
NDI_DTYPES(DEF_ROUND, trunc, trunc)
NDI_DTYPES(DEF_ROUND, round, nearbyint)

static inline float _Complex round_el_c64(float _Complex z) {
  float _Complex r;
  __real__ r = nearbyintf(__real__ z);
  __imag__ r = nearbyintf(__imag__ z);
  return r;
}
static inline double _Complex round_el_c128(double _Complex z) {
  double _Complex r;
  __real__ r = nearbyint(__real__ z);
  __imag__ r = nearbyint(__imag__ z);
  return r;
}
NDI_LOOP1(round_c64, float _Complex, float _Complex, round_el_c64)
NDI_LOOP1(round_c128, double _Complex, double _Complex, round_el_c128)

const ndi_loop_fn ndi_k_floor[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, REAL, floor)};
const ndi_loop_fn ndi_k_ceil[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, REAL, ceil)};
const ndi_loop_fn ndi_k_trunc[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, REAL, trunc)};
const ndi_loop_fn ndi_k_round[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, ALL, round)};

/* ---- isnan, isinf, isfinite, signbit --------------------------------------------------------- */

/* Per kind: integers and bool have fixed answers, complex looks at both parts. */
#define CLS_b(OP, S, T, RX, IX, CX) static inline bool OP##_el_##S(T a) { (void)a; return IX; }
#define CLS_i CLS_b
#define CLS_u CLS_b
#define CLS_f(OP, S, T, RX, IX, CX) static inline bool OP##_el_##S(T a) { return RX; }
#define CLS_c(OP, S, T, RX, IX, CX) static inline bool OP##_el_##S(T a) { return CX; }
#define DEF_CLS(E, S, T, K, NAME_, OP, RX, IX, CX) \
  CLS_##K(OP, S, T, RX, IX, CX) NDI_LOOP1(OP##_##S, T, bool, OP##_el_##S)
NDI_DTYPES(DEF_CLS, isnan, isnan(a), false, isnan(__real__ a) || isnan(__imag__ a))
NDI_DTYPES(DEF_CLS, isinf, isinf(a), false, isinf(__real__ a) || isinf(__imag__ a))
NDI_DTYPES(DEF_CLS, isfinite, isfinite(a), true, isfinite(__real__ a) && isfinite(__imag__ a))
const ndi_loop_fn ndi_k_isnan[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, ALL, isnan)};
const ndi_loop_fn ndi_k_isinf[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, ALL, isinf)};
const ndi_loop_fn ndi_k_isfinite[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, ALL, isfinite)};

#define SIGNBIT_b(S, T) static inline bool signbit_el_##S(T a) { (void)a; return false; }
#define SIGNBIT_u SIGNBIT_b
#define SIGNBIT_i(S, T) static inline bool signbit_el_##S(T a) { return a < 0; }
#define SIGNBIT_f(S, T) static inline bool signbit_el_##S(T a) { return signbit(a) != 0; }
#define DEF_SIGNBIT(E, S, T, K, ...) \
  NDI_WHEN(REAL_##K)(SIGNBIT_##K(S, T) NDI_LOOP1(signbit_##S, T, bool, signbit_el_##S))
NDI_DTYPES(DEF_SIGNBIT)
const ndi_loop_fn ndi_k_signbit[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, REAL, signbit)};

/* ---- copysign, nextafter ------------------------------------------------------------------- */

#define DEF_BITREAL(E, S, T, K, ...)                                                         \
  NDI_WHEN(FLOAT_##K)(static inline T copysign_el_##S(T a, T b) {                           \
    return NDI_M(S, copysign)(a, b);                                                         \
  } static inline T nextafter_el_##S(T a, T b) { return NDI_M(S, nextafter)(a, b); }         \
  NDI_LOOP2(copysign_##S, T, T, T, copysign_el_##S)                                          \
  NDI_LOOP2_PLAIN(nextafter_##S, T, T, T, nextafter_el_##S))
NDI_DTYPES(DEF_BITREAL)
const ndi_loop_fn ndi_k_copysign[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, FLOAT, copysign)};
const ndi_loop_fn ndi_k_nextafter[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, FLOAT, nextafter)
                                                        NDI_HALF_ENTRIES(nextafter)};
