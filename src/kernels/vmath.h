/* Dense vector math: y[i] = f(x[i]) (or f(a[i], b[i])) for n contiguous float64 or float32
 * values, by nd's own kernels (vmath_kernels.h and the vmath_<family>.h it includes):
 * within 1 ulp (0.62 measured against MPFR for float64; float32 evaluated in double and
 * rounded once), the same bits on every instruction set (AVX-512, AVX2 with FMA, plain C),
 * chosen at run time. NaN results aside: they are NaN on every path, but the plain-C path
 * may give another sign or leave a signalling NaN unquieted (exp, log; tests/test_vmath.c
 * allows it), which is why the 16-bit block path (half_widen.c) runs only from AVX2 up.
 * Every element goes through the same vector code, the last partial vector included
 * (padded), so a value never depends on where a thread's share of the work begins. */
#ifndef NDI_VMATH_H
#define NDI_VMATH_H

#include <stdint.h>

#define NDI_VMATH_FUNCS(X)                                                                 \
  X(exp) X(expm1) X(log) X(log1p) X(log2) X(log10) X(sin) X(cos) X(tan) X(asin) X(acos)    \
  X(atan) X(sinh) X(cosh) X(tanh) X(asinh) X(acosh) X(atanh)
/* z[i] = f(a[i], b[i]) */
#define NDI_VMATH_FUNCS2(X) X(atan2) X(hypot) X(pow) X(logaddexp)
/* complex, finite values only: ndi_vmc_<name>_c128 and _c64 (interleaved parts) */
#define NDI_VMATH_CFUNCS(X)                                                                \
  X(exp) X(expm1) X(log) X(log1p) X(log2) X(log10) X(sqrt) X(sin) X(cos) X(tan) X(sinh)    \
  X(cosh) X(tanh)

/* the entry points (vmath.c), and the loops per instruction set they choose from
 * (vmath_avx512.c, vmath_avx2.c, vmath_scalar.c): D(suffix, F) for each */
#define NDI_VMATH_EACH_ISA(D, F) D(, F) D(_avx512, F) D(_avx2, F) D(_scalar, F)
#define NDI_VMATH_DECL1(ISA, F)                                          \
  void ndi_vm_##F##_f64##ISA(double *y, const double *x, int64_t n);    \
  void ndi_vm_##F##_f32##ISA(float *y, const float *x, int64_t n);
#define NDI_VMATH_DECL2(ISA, F)                                                        \
  void ndi_vm_##F##_f64##ISA(double *y, const double *a, const double *b, int64_t n); \
  void ndi_vm_##F##_f32##ISA(float *y, const float *a, const float *b, int64_t n);
#define NDI_VMATH_DECLC(ISA, F)                                           \
  void ndi_vmc_##F##_c128##ISA(double *y, const double *x, int64_t n);   \
  void ndi_vmc_##F##_c64##ISA(float *y, const float *x, int64_t n);
#define NDI_VMATH_DECLARE1(F) NDI_VMATH_EACH_ISA(NDI_VMATH_DECL1, F)
#define NDI_VMATH_DECLARE2(F) NDI_VMATH_EACH_ISA(NDI_VMATH_DECL2, F)
#define NDI_VMATH_DECLAREC(F) NDI_VMATH_EACH_ISA(NDI_VMATH_DECLC, F)
NDI_VMATH_FUNCS(NDI_VMATH_DECLARE1)
NDI_VMATH_FUNCS2(NDI_VMATH_DECLARE2)
NDI_VMATH_CFUNCS(NDI_VMATH_DECLAREC)

/* Instruction-set levels: 3 AVX-512, 2 AVX2 with FMA, 1 and 0 the scalar code (SSE only,
 * or not x86-64). */
int ndi_vmath_level(void);
/* For tests: use at most `level` (the CPU's best if higher); -1 restores the default.
 * Returns the level now in use. */
int ndi_vmath_force_level(int level);

#endif
