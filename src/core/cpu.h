/* The instruction sets nd's hand-vectorised kernels may use (vmath.c, copy_tile.c,
 * gemm_outer.c), found once at run time, with a cap for tests that compare paths. */
#ifndef NDI_CPU_H
#define NDI_CPU_H

/* 3 AVX-512F, 2 AVX2, 1 SSE2 only; 0 where nd has no x86-64 vector code (another
 * architecture or compiler). */
int ndi_cpu_level(void);
/* For tests: use at most `level` (the CPU's own if lower); -1 removes the cap. Returns
 * the level now in effect. */
int ndi_cpu_force_level(int level);

/* Features beyond the level that the 16-bit float kernels (half_convert.c, the bfloat16
 * GEMM) and vector math (vmath.c: FMA) use, reported only where the level in effect
 * allows them: F16C and FMA need level 2; AVX512BW (with VL) and AVX512_BF16 need
 * level 3. Detected once (atomically: threads may ask at the same time). */
enum {
  NDI_CPU_F16C = 1u << 0,
  NDI_CPU_AVX512BW = 1u << 1, /* avx512bw and avx512vl */
  NDI_CPU_AVX512BF16 = 1u << 2, /* avx512_bf16 (vdpbf16ps), with avx512bw and avx512vl */
  NDI_CPU_FMA = 1u << 3,        /* fma (some AVX2 CPUs lack it) */
};
unsigned ndi_cpu_features(void);

#include "nd/toolkit.h"

/* Hot loops (kernels, vector math) are compiled for several x86-64 instruction sets and
 * picked at run time: the toolkit's ND_HOT, which components (random) use too. */
#define NDI_HOT ND_HOT

#endif
