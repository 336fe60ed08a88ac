/* bfloat16 matrix products on the CPU's bfloat16 dot-product instruction (AVX512_BF16
 * vdpbf16ps: two bfloat16 products added into each float32 lane), with float32
 * accumulation: the packing routines and the micro-kernel of gemm_half.c's blocked
 * product (Goto's scheme: A in panels of MR rows, B in panels of NR columns, both in
 * pairs along k, the layout vdpbf16ps reads).
 *
 * The instruction treats bfloat16 subnormal inputs and float32 subnormal results as zero
 * whatever MXCSR says, and adds each pair's odd product before its even one; so results
 * are float32 accumulations, not the bits of sgemm on widened inputs. */
#ifndef NDI_KERNELS_GEMM_BF16_H
#define NDI_KERNELS_GEMM_BF16_H

#include <stdbool.h>
#include <stdint.h>

#define NDI_BF16_MR 12 /* rows of the micro-kernel (12 x 2 accumulators of 16 floats) */
#define NDI_BF16_NR 32 /* columns of the micro-kernel */

/* Whether this build and this CPU have the kernel (ndi_cpu_features's AVX512BF16). */
bool ndi_gemm_bf16_available(void);

/* A[mc, kc] (element strides rs, cs) as ceil(mc / MR) panels, each [ceil(kc / 2)][MR]
 * pairs (element k in the low half, k + 1 in the high half), rows past mc and the
 * element past an odd kc zero. */
void ndi_bf16_pack_a(uint32_t *dst, const uint16_t *a, int64_t rs, int64_t cs, int64_t mc,
                     int64_t kc);
/* B[kc, nc] (element strides rs, cs) as ceil(nc / NR) panels, each [ceil(kc / 2)][NR][2],
 * columns past nc and the row past an odd kc zero. */
void ndi_bf16_pack_b(uint16_t *dst, const uint16_t *b, int64_t rs, int64_t cs, int64_t kc,
                     int64_t nc);
/* C[mc, nc] = (first) or += the product of packed A (ap: the panels of rows [0, mc), kp
 * pairs each) and the packed B panels at bp (kp pairs each, panels bstride elements
 * apart); C is float32 with row stride ldc and unit column stride. */
void ndi_bf16_gemm_block(int64_t mc, int64_t nc, int64_t kp, const uint32_t *ap,
                         const uint16_t *bp, int64_t bstride, float *c, int64_t ldc,
                         bool first);

#endif
