/* Complex transcendental loops (ew_cmath.c), for the tables in ew_math.c and ew_divmod.c:
 * ndi_kc_<name>_c64 and ndi_kc_<name>_c128, any strides. */
#ifndef NDI_EW_CMATH_H
#define NDI_EW_CMATH_H

#include <stdint.h>

#define NDI_CMATH_FUNCS(X)                                                                 \
  X(exp) X(expm1) X(log) X(log1p) X(log2) X(log10) X(sin) X(cos) X(tan) X(asin) X(acos)    \
  X(atan) X(sinh) X(cosh) X(tanh) X(asinh) X(acosh) X(atanh) X(sqrt) X(pow)

#define NDI_CMATH_DECLARE(F)                                                           \
  void ndi_kc_##F##_c64(char *const *p, const int64_t *s, int64_t n, void *ctx);       \
  void ndi_kc_##F##_c128(char *const *p, const int64_t *s, int64_t n, void *ctx);
NDI_CMATH_FUNCS(NDI_CMATH_DECLARE)
#undef NDI_CMATH_DECLARE

/* The real loops of the two-argument vector math functions (ew_math.c, any strides):
 * ndi_kr_<name>_f32 and _f64 for atan2, hypot, pow and logaddexp; ew_divmod.c's pow table
 * takes its float loops from here. */
#define NDI_KR_DECLARE(F)                                                              \
  void ndi_kr_##F##_f32(char *const *p, const int64_t *s, int64_t n, void *ctx);       \
  void ndi_kr_##F##_f64(char *const *p, const int64_t *s, int64_t n, void *ctx);
NDI_KR_DECLARE(pow)
#undef NDI_KR_DECLARE

#endif
