/* The dense loops of nd's own transcendental kernels for one instruction set: included by
 * vmath_avx512.c, vmath_avx2.c and vmath_scalar.c after they define NDI_VM_ISA (see
 * vmath_simd.h) and NDI_VM_SFX (the suffix of the loops' names). Each function F of the
 * vmath list (vmath.h) gets
 *   ndi_vm_<F>_f64_<SFX>(double *y, const double *x, int64_t n)
 *   ndi_vm_<F>_f32_<SFX>(float *y, const float *x, int64_t n)
 * over its kernels vm_<F> (float64) and vm_<F>_f (float32 inputs widened to double, the
 * result rounded to float once). The last partial vector is padded with copies of its
 * first element, so every element goes through the same vector code whatever n is. */
#include <stdint.h>
#include <string.h>

#include "vmath.h"
#include "vmath_simd.h"
#include "vmath_dd.h"
#include "vmath_exp.h"
#include "vmath_log.h"
#include "vmath_trig.h"
#include "vmath_atrig.h"
#include "vmath_ahyp.h"

#define VM_CAT3_(a, b, c) a##b##c
#define VM_CAT3(a, b, c) VM_CAT3_(a, b, c)
#define VM_LOOP_NAME(F, T) VM_CAT3(ndi_vm_##F, _##T##_, NDI_VM_SFX)

#define VM_LOOPS(F)                                                           \
  void VM_LOOP_NAME(F, f64)(double *y, const double *x, int64_t n) {          \
    int64_t i = 0;                                                            \
    for (; i + VL <= n; i += VL) vst(y + i, vm_##F(vld(x + i)));              \
    if (i == n) return;                                                       \
    double t[VL];                                                             \
    for (int k = 0; k < VL; k++) t[k] = x[i + (i + k < n ? k : 0)];           \
    vst(t, vm_##F(vld(t)));                                                   \
    memcpy(y + i, t, (size_t)(n - i) * sizeof *t);                            \
  }                                                                           \
  void VM_LOOP_NAME(F, f32)(float *y, const float *x, int64_t n) {            \
    int64_t i = 0;                                                            \
    for (; i + VL <= n; i += VL) vstf(y + i, vm_##F##_f(vldf(x + i)));        \
    if (i == n) return;                                                       \
    float t[VL];                                                              \
    for (int k = 0; k < VL; k++) t[k] = x[i + (i + k < n ? k : 0)];           \
    vstf(t, vm_##F##_f(vldf(t)));                                             \
    memcpy(y + i, t, (size_t)(n - i) * sizeof *t);                            \
  }
NDI_VMATH_FUNCS(VM_LOOPS)
