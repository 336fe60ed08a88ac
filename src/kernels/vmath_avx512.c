/* nd's transcendental kernels for AVX-512F (8 doubles per vector). CMake compiles this
 * file with that instruction set; vmath.c calls it only where the CPU has it. */
#if defined(__x86_64__) && defined(__GNUC__)
#define NDI_VM_ISA 512
#define NDI_VM_SFX avx512
#include "vmath_kernels.h"
#endif
