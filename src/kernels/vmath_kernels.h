/* The dense loops of nd's own transcendental kernels for one instruction set: included by
 * vmath_avx512.c, vmath_avx2.c and vmath_scalar.c after they define NDI_VM_ISA (see
 * vmath_simd.h) and NDI_VM_SFX (the suffix of the loops' names). Each function F of the
 * vmath list (vmath.h) gets
 *   ndi_vm_<F>_f64_<SFX>(double *y, const double *x, int64_t n)
 *   ndi_vm_<F>_f32_<SFX>(float *y, const float *x, int64_t n)
 * over its kernels vm_<F> (float64) and vm_<F>_f (float32 inputs widened to double, the
 * result rounded to float once), and each two-argument function (NDI_VMATH_FUNCS2) the
 * same with inputs a and b. The last partial vector is padded with copies of its first
 * element, so every element goes through the same vector code whatever n is. */
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
#include "vmath_binary.h"
#include "vmath_complex.h"

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

/* the padded last vector of a two-argument loop */
#define VM_TAIL2(T, LD, ST, K)                                                        \
  T ta[VL], tb[VL];                                                                   \
  for (int k = 0; k < VL; k++) {                                                      \
    int64_t j = i + (i + k < n ? k : 0);                                              \
    ta[k] = a[j], tb[k] = b[j];                                                       \
  }                                                                                   \
  ST(ta, K(LD(ta), LD(tb)));                                                          \
  memcpy(y + i, ta, (size_t)(n - i) * sizeof *ta);
#define VM_LOOPS2(F)                                                                  \
  void VM_LOOP_NAME(F, f64)(double *y, const double *a, const double *b, int64_t n) { \
    int64_t i = 0;                                                                    \
    for (; i + VL <= n; i += VL) vst(y + i, vm_##F(vld(a + i), vld(b + i)));          \
    if (i == n) return;                                                               \
    VM_TAIL2(double, vld, vst, vm_##F)                                                \
  }                                                                                   \
  void VM_LOOP_NAME(F, f32)(float *y, const float *a, const float *b, int64_t n) {    \
    int64_t i = 0;                                                                    \
    for (; i + VL <= n; i += VL) vstf(y + i, vm_##F##_f(vldf(a + i), vldf(b + i)));   \
    if (i == n) return;                                                               \
    VM_TAIL2(float, vldf, vstf, vm_##F##_f)                                           \
  }
NDI_VMATH_FUNCS2(VM_LOOPS2)

/* complex: n interleaved (re, im) pairs, deinterleaved into vectors (complex64 widened,
 * each part rounded to float once) */
#define VM_LOOPSC_T(F, T, SFX)                                                        \
  void VM_CAT3(ndi_vmc_##F, _##SFX##_, NDI_VM_SFX)(T *y, const T *x, int64_t n) {      \
    for (int64_t i = 0; i < n; i += VL) {                                             \
      double re[VL], im[VL];                                                          \
      int64_t m = n - i < VL ? n - i : VL;                                            \
      for (int k = 0; k < VL; k++) {                                                  \
        int64_t j = i + (k < m ? k : 0);                                              \
        re[k] = x[2 * j], im[k] = x[2 * j + 1];                                       \
      }                                                                               \
      vcd r = vmc_##F((vcd){vld(re), vld(im)});                                       \
      vst(re, r.re);                                                                  \
      vst(im, r.im);                                                                  \
      for (int64_t k = 0; k < m; k++) y[2 * (i + k)] = (T)re[k], y[2 * (i + k) + 1] = (T)im[k]; \
    }                                                                                 \
  }
#define VM_LOOPSC(F) VM_LOOPSC_T(F, double, c128) VM_LOOPSC_T(F, float, c64)
NDI_VMATH_CFUNCS(VM_LOOPSC)
