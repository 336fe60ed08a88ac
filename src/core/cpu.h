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

/* Hot loops (kernels, random's converters) are compiled for several x86-64 instruction
 * sets and picked at run time. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(NDI_NO_CLONES)
#define NDI_HOT __attribute__((target_clones("default", "avx2", "arch=x86-64-v4")))
#else
#define NDI_HOT
#endif

#endif
