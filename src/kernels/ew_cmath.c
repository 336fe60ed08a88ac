/* Complex transcendental functions. For finite inputs, exp, expm1, log, log1p, log2,
 * log10, sqrt, sin, cos, tan, sinh, cosh and tanh run nd's vector kernels (vmath_complex.h:
 * each part from double-double real parts, within about an ulp of its own exact value);
 * the inverse functions asin, acos, atan, asinh, acosh, atanh run C99's (glibc's casin,
 * ..., within about 3 ulp per part). Where a part of the input is not finite, C99's
 * functions give the special values of C99 Annex G that the Array API lists, with the four
 * C lacks built here:
 *   expm1(x+iy) = expm1(x) cos(y) - 2 sin^2(y/2) + i exp(x) sin(y)
 *   (exp(z) - 1 where a part is not finite, for the standard's special values);
 *   tanh: ctanh but for x infinite, where the standard fixes the zero's sign;
 *   log1p(z) = log|1+z| + i arg(1+z), with log|1+z| = log1p(2x + x^2 + y^2) / 2 for small
 *   |z| (where forming 1+z would lose the digits of z);
 *   log2, log10: log(z) scaled, as NumPy does.
 * pow follows NumPy: z**0 = 1, 0**w = 0 for Re(w) > 0 and NaN otherwise, z**1 = z,
 * z**2 and z**3 as plain products, other integral real exponents below 100 in magnitude
 * by repeated squaring (exact for Gaussian integers; negative ones as 1 / z**|n|), else
 * cpow. */
#include "ew_cmath.h"

#include <complex.h>
#include <math.h>

#include "cmplx.h"
#include "ew_complex.h"
#include "vmath.h"

/* S: suffix, CT: complex type, RT: real type, M: libm suffix ("f" or nothing). */
#define CM_HELPERS(S, CT, RT, M)                                                        \
  /* non-finite parts: exp(z) - 1, whose special values (Annex G's cexp) the standard  \
   * lists for expm1; exp(+-0 + 0i) - 1 is +0, where the formula gives expm1(-0) = -0 */ \
  static inline CT expm1_##S(CT z) {                                                    \
    RT x = __real__ z, y = __imag__ z, h = sin##M(y / 2);                               \
    if (!isfinite(x) || !isfinite(y)) {                                                 \
      CT e = cexp##M(z);                                                                \
      return ndi_cmake_##S(__real__ e - 1, __imag__ e);                                 \
    }                                                                                   \
    if (x == 0 && y == 0) return ndi_cmake_##S(0, y);                                   \
    return ndi_cmake_##S(expm1##M(x) * cos##M(y) - 2 * h * h, exp##M(x) * sin##M(y));   \
  }                                                                                     \
  /* glibc's ctanh(+-inf + iy) gives the zero the sign of sin(2y); the standard (and    \
   * Annex G's table) gives it y's sign: tanh(inf + 2i) is 1 + 0i */                    \
  static inline CT tanh_##S(CT z) {                                                     \
    RT x = __real__ z, y = __imag__ z;                                                  \
    if (isinf(x) && isfinite(y)) return ndi_cmake_##S(copysign##M(1, x), copysign##M(0, y)); \
    return ctanh##M(z);                                                                 \
  }                                                                                     \
  static inline CT log1p_##S(CT z) {                                                    \
    RT x = __real__ z, y = __imag__ z;                                                  \
    if (fabs##M(x) < (RT)0.5 && fabs##M(y) < (RT)0.5)                                   \
      return ndi_cmake_##S(log1p##M(2 * x + x * x + y * y) / 2, atan2##M(y, 1 + x));    \
    return clog##M(ndi_cmake_##S(1 + x, y));                                            \
  }                                                                                     \
  static inline CT log2_##S(CT z) {                                                     \
    CT r = clog##M(z);                                                                  \
    return ndi_cmake_##S(__real__ r * (RT)M_LOG2E, __imag__ r * (RT)M_LOG2E);           \
  }                                                                                     \
  static inline CT log10_##S(CT z) {                                                    \
    CT r = clog##M(z);                                                                  \
    return ndi_cmake_##S(__real__ r * (RT)M_LOG10E, __imag__ r * (RT)M_LOG10E);         \
  }                                                                                     \
  /* NumPy multiplies plainly (no fma) in its scalar complex power. */                  \
  static inline CT pow_##S(CT a, CT b) {                                                \
    RT ar = __real__ a, ai = __imag__ a, br = __real__ b, bi = __imag__ b;              \
    if (br == 0 && bi == 0) return ndi_cmake_##S(1, 0);                                 \
    if (ar == 0 && ai == 0) {                                                           \
      if (br > 0) return ndi_cmake_##S(0, 0);                                           \
      return ndi_cmake_##S(NAN, NAN);                                                   \
    }                                                                                   \
    if (bi == 0 && br > -100 && br < 100 && br == (RT)(int)br) {                        \
      int n = (int)br, m = n < 0 ? -n : n;                                              \
      /* NumPy's first powers skip the product with 1 (which turns inf parts to NaN) */ \
      if (n == 1) return a;                                                             \
      if (n == 2) return ndi_cmul_plain_##S(a, a);                                      \
      if (n == 3) return ndi_cmul_plain_##S(a, ndi_cmul_plain_##S(a, a));               \
      CT r = ndi_cmake_##S(1, 0), p = a;                                                \
      for (int mask = 1; mask <= m; mask <<= 1) {                                       \
        if (m & mask) r = ndi_cmul_plain_##S(r, p);                                     \
        p = ndi_cmul_plain_##S(p, p);                                                   \
      }                                                                                 \
      return n < 0 ? ndi_cdiv_##S(ndi_cmake_##S(1, 0), r) : r;                          \
    }                                                                                   \
    return cpow##M(a, b);                                                               \
  }

CM_HELPERS(c64, float _Complex, float, f)
CM_HELPERS(c128, double _Complex, double, )

/* The C99 functions under the names of the list. */
#define CM_WRAP(S, CT, NAME, CFN) \
  static inline CT NAME##_##S(CT z) { return CFN(z); }
#define CM_C99(S, CT, M)                                                                  \
  CM_WRAP(S, CT, exp, cexp##M) CM_WRAP(S, CT, log, clog##M) CM_WRAP(S, CT, sqrt, csqrt##M)  \
  CM_WRAP(S, CT, sin, csin##M) CM_WRAP(S, CT, cos, ccos##M) CM_WRAP(S, CT, tan, ctan##M)    \
  CM_WRAP(S, CT, asin, casin##M) CM_WRAP(S, CT, acos, cacos##M)                             \
  CM_WRAP(S, CT, atan, catan##M) CM_WRAP(S, CT, sinh, csinh##M)                             \
  CM_WRAP(S, CT, cosh, ccosh##M)                                                            \
  CM_WRAP(S, CT, asinh, casinh##M) CM_WRAP(S, CT, acosh, cacosh##M)                         \
  CM_WRAP(S, CT, atanh, catanh##M)
CM_C99(c64, float _Complex, f)
CM_C99(c128, double _Complex, )

/* The loops: any strides (the frontend may also hand them dense chunks). The inverse
 * functions run C99's functions element by element; the others run nd's vector kernels
 * (vmath_complex.h, within about an ulp per part) on blocks gathered into a buffer, and
 * C99's function where a part of the input is not finite (the standard's special values). */
#define CM_LOOP1(F, S, CT)                                                               \
  void ndi_kc_##F##_##S(char *const *p, const int64_t *s, int64_t n, void *ctx) {        \
    (void)ctx;                                                                           \
    char *o = p[0];                                                                      \
    const char *a = p[1];                                                                \
    for (int64_t i = 0; i < n; i++, o += s[0], a += s[1]) *(CT *)o = F##_##S(*(const CT *)a); \
  }
#define CM_LOOPS(F) CM_LOOP1(F, c64, float _Complex) CM_LOOP1(F, c128, double _Complex)
CM_LOOPS(asin) CM_LOOPS(acos) CM_LOOPS(atan) CM_LOOPS(asinh) CM_LOOPS(acosh) CM_LOOPS(atanh)

#define CM_BLOCK 256
#define CMV_LOOP1(F, S, CT, RT)                                                          \
  void ndi_kc_##F##_##S(char *const *p, const int64_t *s, int64_t n, void *ctx) {        \
    (void)ctx;                                                                           \
    CT in[CM_BLOCK], out[CM_BLOCK];                                                      \
    for (int64_t i = 0; i < n; i += CM_BLOCK) {                                          \
      int64_t m = n - i < CM_BLOCK ? n - i : CM_BLOCK;                                   \
      for (int64_t k = 0; k < m; k++) in[k] = *(const CT *)(p[1] + (i + k) * s[1]);     \
      ndi_vmc_##F##_##S((RT *)out, (const RT *)in, m);                                   \
      for (int64_t k = 0; k < m; k++) {                                                  \
        if (!isfinite(__real__ in[k]) || !isfinite(__imag__ in[k])) out[k] = F##_##S(in[k]); \
        *(CT *)(p[0] + (i + k) * s[0]) = out[k];                                         \
      }                                                                                  \
    }                                                                                    \
  }
#define CMV_LOOPS(F) CMV_LOOP1(F, c64, float _Complex, float) CMV_LOOP1(F, c128, double _Complex, double)
NDI_VMATH_CFUNCS(CMV_LOOPS)

#define CM_LOOP2(F, S, CT)                                                               \
  void ndi_kc_##F##_##S(char *const *p, const int64_t *s, int64_t n, void *ctx) {        \
    (void)ctx;                                                                           \
    char *o = p[0];                                                                      \
    const char *a = p[1], *b = p[2];                                                     \
    for (int64_t i = 0; i < n; i++, o += s[0], a += s[1], b += s[2])                     \
      *(CT *)o = F##_##S(*(const CT *)a, *(const CT *)b);                                \
  }
CM_LOOP2(pow, c64, float _Complex)
CM_LOOP2(pow, c128, double _Complex)
