/* The entry points of vector math (see vmath.h): each picks the loop of nd's own kernels
 * compiled for the best instruction set the CPU has. */
#include "vmath.h"

#include "core/cpu.h"

#if defined(__x86_64__) && defined(__GNUC__)
#define NDI_VM_X86 1
#endif

/* The CPU's level, capped at 1 where AVX2 comes without FMA; 0 off x86-64. */
int ndi_vmath_level(void) {
#ifdef NDI_VM_X86
  int level = ndi_cpu_level();
  return level >= 2 && !(ndi_cpu_features() & NDI_CPU_FMA) ? 1 : level;
#else
  return 0;
#endif
}

int ndi_vmath_force_level(int level) {
  ndi_cpu_force_level(level);
  return ndi_vmath_level();
}

/* the loop of the CPU's level, called with the arguments (...) */
#ifdef NDI_VM_X86
#define VM_PICK_P(P, F, T, ...)                                 \
  switch (ndi_vmath_level()) {                                  \
    case 3: P##F##_##T##_avx512(__VA_ARGS__); return;           \
    case 2: P##F##_##T##_avx2(__VA_ARGS__); return;             \
    default: P##F##_##T##_scalar(__VA_ARGS__); return;          \
  }
#else
#define VM_PICK_P(P, F, T, ...) P##F##_##T##_scalar(__VA_ARGS__);
#endif
#define VM_PICK(F, T, ...) VM_PICK_P(ndi_vm_, F, T, __VA_ARGS__)
#define VM_PICKC(F, T, ...) VM_PICK_P(ndi_vmc_, F, T, __VA_ARGS__)
#define VM_ENTRY(F)                                                                    \
  void ndi_vm_##F##_f64(double *y, const double *x, int64_t n) { VM_PICK(F, f64, y, x, n) } \
  void ndi_vm_##F##_f32(float *y, const float *x, int64_t n) { VM_PICK(F, f32, y, x, n) }
NDI_VMATH_FUNCS(VM_ENTRY)
#define VM_ENTRY2(F)                                                                   \
  void ndi_vm_##F##_f64(double *y, const double *a, const double *b, int64_t n) {      \
    VM_PICK(F, f64, y, a, b, n)                                                         \
  }                                                                                     \
  void ndi_vm_##F##_f32(float *y, const float *a, const float *b, int64_t n) {          \
    VM_PICK(F, f32, y, a, b, n)                                                         \
  }
NDI_VMATH_FUNCS2(VM_ENTRY2)
#define VM_ENTRYC(F)                                                                       \
  void ndi_vmc_##F##_c128(double *y, const double *x, int64_t n) { VM_PICKC(F, c128, y, x, n) } \
  void ndi_vmc_##F##_c64(float *y, const float *x, int64_t n) { VM_PICKC(F, c64, y, x, n) }
NDI_VMATH_CFUNCS(VM_ENTRYC)
