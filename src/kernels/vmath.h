/* Dense vector math: y[i] = f(x[i]) for n contiguous float64 or float32 values.
 * Functions marked ND are nd's own kernels (vmath_kernels.h and the vmath_<family>.h it
 * includes): within 1 ulp, the same bits on every instruction set (AVX-512, AVX2 with
 * FMA, plain C), chosen at run time. Those marked MVEC still run glibc's libmvec (the
 * vector variants of libm, within 4 ulp) for the widest instruction set the CPU has, or
 * scalar libm where libmvec is missing. Every element goes through the same vector
 * routine, the last partial vector included (masked or padded), so a value never depends
 * on where a thread's share of the work begins. */
#ifndef NDI_VMATH_H
#define NDI_VMATH_H

#include <stdint.h>

/* X(name, E): E says whose routines serve the function: ND (nd's own) or MVEC (libmvec). */
#define NDI_VMATH_FUNCS(X)                                                                 \
  X(exp, ND) X(expm1, ND) X(log, ND) X(log1p, ND) X(log2, ND) X(log10, ND)             \
  X(sin, ND) X(cos, ND) X(tan, ND) X(asin, ND) X(acos, ND) X(atan, ND)         \
  X(sinh, ND) X(cosh, ND) X(tanh, ND) X(asinh, ND) X(acosh, ND) X(atanh, ND)

#define NDI_VMATH_DECLARE(F, E)                                        \
  void ndi_vm_##F##_f64(double *y, const double *x, int64_t n);       \
  void ndi_vm_##F##_f32(float *y, const float *x, int64_t n);
NDI_VMATH_FUNCS(NDI_VMATH_DECLARE)
#undef NDI_VMATH_DECLARE

/* nd's own loops per instruction set (vmath_avx512.c, vmath_avx2.c, vmath_scalar.c) */
#define NDI_VMATH_DECLARE_ISA_MVEC(F)
#define NDI_VMATH_DECLARE_ISA_ND(F)                                            \
  void ndi_vm_##F##_f64_avx512(double *y, const double *x, int64_t n);        \
  void ndi_vm_##F##_f32_avx512(float *y, const float *x, int64_t n);          \
  void ndi_vm_##F##_f64_avx2(double *y, const double *x, int64_t n);          \
  void ndi_vm_##F##_f32_avx2(float *y, const float *x, int64_t n);            \
  void ndi_vm_##F##_f64_scalar(double *y, const double *x, int64_t n);        \
  void ndi_vm_##F##_f32_scalar(float *y, const float *x, int64_t n);
#define NDI_VMATH_DECLARE_ISA(F, E) NDI_VMATH_DECLARE_ISA_##E(F)
NDI_VMATH_FUNCS(NDI_VMATH_DECLARE_ISA)
#undef NDI_VMATH_DECLARE_ISA

/* Instruction-set levels: 0 scalar, 1 SSE (libmvec only; nd's own kernels run their
 * scalar code there), 2 AVX2 with FMA, 3 AVX-512. */
int ndi_vmath_level(void);
/* For tests: use at most `level` (the CPU's best if higher); -1 restores the default.
 * Returns the level now in use. */
int ndi_vmath_force_level(int level);

#endif
