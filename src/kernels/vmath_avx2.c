/* nd's transcendental kernels for AVX2 with FMA (4 doubles per vector). CMake compiles
 * this file with those instruction sets; vmath.c calls it only where the CPU has them. */
#if defined(__x86_64__) && defined(__GNUC__)
#define NDI_VM_ISA 256
#define NDI_VM_SFX avx2
#include "vmath_kernels.h"
#endif
