/* Dense vector math: y[i] = f(x[i]) for n contiguous float64 or float32 values, through
 * glibc's libmvec (the vector variants of libm, documented within 4 ulp) for the widest
 * instruction set the CPU has (AVX-512, AVX2, SSE), with a scalar libm loop where libmvec
 * is missing; float64 exp and log on AVX-512 use nd's own routines (vmath_avx512.h, under 1 ulp).
 * Every element goes through the same vector routine, the last partial vector included
 * (masked or padded), so a value never depends on where a thread's share of the work
 * begins. */
#ifndef NDI_VMATH_H
#define NDI_VMATH_H

#include <stdint.h>

/* X(name, E): E says whose AVX-512 float64 routine serves the function: MVEC (libmvec's) or
 * ND (nd's own, for functions where libmvec's is slower than NumPy's; vmath_avx512.h). */
#define NDI_VMATH_FUNCS(X)                                                                 \
  X(exp, ND) X(expm1, MVEC) X(log, ND) X(log1p, MVEC) X(log2, MVEC) X(log10, MVEC)      \
  X(sin, MVEC) X(cos, MVEC) X(tan, MVEC) X(asin, MVEC) X(acos, MVEC) X(atan, MVEC)         \
  X(sinh, MVEC) X(cosh, MVEC) X(tanh, MVEC) X(asinh, MVEC) X(acosh, MVEC) X(atanh, MVEC)

#define NDI_VMATH_DECLARE(F, E)                                        \
  void ndi_vm_##F##_f64(double *y, const double *x, int64_t n);       \
  void ndi_vm_##F##_f32(float *y, const float *x, int64_t n);
NDI_VMATH_FUNCS(NDI_VMATH_DECLARE)
#undef NDI_VMATH_DECLARE

/* Instruction-set levels: 0 scalar libm, 1 SSE, 2 AVX2, 3 AVX-512. */
int ndi_vmath_level(void);
/* For tests: use at most `level` (the CPU's best if higher); -1 restores the default.
 * Returns the level now in use. */
int ndi_vmath_force_level(int level);

#endif
