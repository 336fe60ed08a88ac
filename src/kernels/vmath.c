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
  static int fma = -1;
  if (fma < 0) {
    __builtin_cpu_init();
    fma = __builtin_cpu_supports("fma") != 0;
  }
  int level = ndi_cpu_level();
  return level >= 2 && !fma ? 1 : level;
#else
  return 0;
#endif
}

int ndi_vmath_force_level(int level) {
  ndi_cpu_force_level(level);
  return ndi_vmath_level();
}

#ifdef NDI_VM_X86
#define VM_PICK(F, T, Y, X, N)                           \
  switch (ndi_vmath_level()) {                           \
    case 3: ndi_vm_##F##_##T##_avx512(Y, X, N); return;  \
    case 2: ndi_vm_##F##_##T##_avx2(Y, X, N); return;    \
    default: break;                                      \
  }
#else
#define VM_PICK(F, T, Y, X, N)
#endif
#define VM_ENTRY(F)                                                  \
  void ndi_vm_##F##_f64(double *y, const double *x, int64_t n) {   \
    VM_PICK(F, f64, y, x, n)                                       \
    ndi_vm_##F##_f64_scalar(y, x, n);                              \
  }                                                                \
  void ndi_vm_##F##_f32(float *y, const float *x, int64_t n) {     \
    VM_PICK(F, f32, y, x, n)                                       \
    ndi_vm_##F##_f32_scalar(y, x, n);                              \
  }
NDI_VMATH_FUNCS(VM_ENTRY)
