/* nd's transcendental kernels in plain C, one double at a time with fma() from libm: the
 * path of x86-64 CPUs without AVX2 and FMA and of other architectures. The same code as
 * the vector paths (vmath_kernels.h), so the same bits. */
#define NDI_VM_ISA 1
#define NDI_VM_SFX scalar
#include "vmath_kernels.h"
