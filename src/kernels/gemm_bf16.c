/* The bfloat16 micro-kernel and its packing (see gemm_bf16.h).
 *
 * Measured on the development machine (AMD Zen 4, 2 cores, 2000^3): 202-215 GFLOP/s on
 * one core, twice OpenBLAS's sgemm (100-106), the limit of vdpbf16ps there (one 512-bit
 * instruction per cycle, 234 GFLOP/s per core, against 117 for float32 FMA). MR 12 x NR
 * 32 keeps 24 accumulators in zmm registers with one broadcast of A and two loads of B
 * per pair; MR 8 x NR 48 measured the same. */
#include "gemm_bf16.h"

#include <string.h>

#include "core/cpu.h"

#define MR NDI_BF16_MR
#define NR NDI_BF16_NR

#if defined(__x86_64__) && defined(__GNUC__) && (__GNUC__ >= 10 || defined(__clang__))
#include <immintrin.h>
#define NDI_HAVE_BF16_KERNEL 1
#define T_BF16 __attribute__((target("avx512f,avx512bw,avx512vl,avx512bf16")))
#endif

bool ndi_gemm_bf16_available(void) {
#ifdef NDI_HAVE_BF16_KERNEL
  return (ndi_cpu_features() & NDI_CPU_AVX512BF16) != 0;
#else
  return false;
#endif
}

static inline uint32_t pair_at(const uint16_t *p, int64_t step, bool second) {
  return (uint32_t)p[0] | (second ? (uint32_t)p[step] << 16 : 0);
}

void ndi_bf16_pack_a(uint32_t *dst, const uint16_t *a, int64_t rs, int64_t cs, int64_t mc,
                     int64_t kc) {
  int64_t kp = (kc + 1) / 2;
  for (int64_t i0 = 0; i0 < mc; i0 += MR) {
    uint32_t *o = dst + i0 / MR * kp * MR;
    int64_t rows = mc - i0 < MR ? mc - i0 : MR;
    if (rows == MR && !(kc & 1) && cs == 1) { /* rows of pairs: plain 32-bit loads */
      for (int64_t p = 0; p < kp; p++, o += MR)
        for (int i = 0; i < MR; i++) memcpy(&o[i], a + (i0 + i) * rs + 2 * p, 4);
      continue;
    }
    for (int64_t p = 0; p < kp; p++, o += MR)
      for (int i = 0; i < MR; i++)
        o[i] = i < rows ? pair_at(a + (i0 + i) * rs + 2 * p * cs, cs, 2 * p + 1 < kc) : 0;
  }
}

void ndi_bf16_pack_b(uint16_t *dst, const uint16_t *b, int64_t rs, int64_t cs, int64_t kc,
                     int64_t nc) {
  int64_t kp = (kc + 1) / 2;
  for (int64_t j0 = 0; j0 < nc; j0 += NR) {
    uint16_t *o = dst + j0 / NR * kp * NR * 2;
    int64_t cols = nc - j0 < NR ? nc - j0 : NR;
    for (int64_t p = 0; p < kp; p++, o += 2 * NR) {
      const uint16_t *r0 = b + 2 * p * rs + j0 * cs;
      bool second = 2 * p + 1 < kc;
      if (cols == NR && second && cs == 1) { /* interleave two contiguous rows */
        for (int j = 0; j < NR; j++) {
          o[2 * j] = r0[j];
          o[2 * j + 1] = r0[rs + j];
        }
        continue;
      }
      for (int j = 0; j < NR; j++) {
        o[2 * j] = j < cols ? r0[j * cs] : 0;
        o[2 * j + 1] = j < cols && second ? r0[j * cs + rs] : 0;
      }
    }
  }
}

#ifdef NDI_HAVE_BF16_KERNEL
/* c[mr, nr] (+)= a-panel . b-panel over kp pairs. */
T_BF16 static void micro(int64_t kp, const uint32_t *restrict a, const uint16_t *restrict b,
                         float *c, int64_t ldc, bool first, int mr, int nr) {
  __m512 acc[MR][2];
  for (int i = 0; i < MR; i++) acc[i][0] = acc[i][1] = _mm512_setzero_ps();
  for (int64_t p = 0; p < kp; p++, a += MR, b += 2 * NR) {
    __m512bh b0 = (__m512bh)_mm512_loadu_si512(b), b1 = (__m512bh)_mm512_loadu_si512(b + 32);
#pragma GCC unroll 12
    for (int i = 0; i < MR; i++) {
      __m512bh ai = (__m512bh)_mm512_set1_epi32((int)a[i]);
      acc[i][0] = _mm512_dpbf16_ps(acc[i][0], ai, b0);
      acc[i][1] = _mm512_dpbf16_ps(acc[i][1], ai, b1);
    }
  }
  if (mr == MR && nr == NR) {
    for (int i = 0; i < MR; i++)
      for (int v = 0; v < 2; v++) {
        float *cp = c + i * ldc + 16 * v;
        _mm512_storeu_ps(cp, first ? acc[i][v] : _mm512_add_ps(acc[i][v], _mm512_loadu_ps(cp)));
      }
    return;
  }
  for (int i = 0; i < mr; i++)
    for (int v = 0; v < 2; v++) {
      int w = nr - 16 * v;
      if (w <= 0) break;
      __mmask16 m = w >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << w) - 1);
      float *cp = c + i * ldc + 16 * v;
      __m512 r = first ? acc[i][v] : _mm512_add_ps(acc[i][v], _mm512_maskz_loadu_ps(m, cp));
      _mm512_mask_storeu_ps(cp, m, r);
    }
}
#endif

void ndi_bf16_gemm_block(int64_t mc, int64_t nc, int64_t kp, const uint32_t *ap,
                         const uint16_t *bp, int64_t bstride, float *c, int64_t ldc,
                         bool first) {
#ifdef NDI_HAVE_BF16_KERNEL
  for (int64_t jr = 0; jr < nc; jr += NR) {
    int nr = (int)(nc - jr < NR ? nc - jr : NR);
    const uint16_t *b = bp + jr / NR * bstride;
    for (int64_t ir = 0; ir < mc; ir += MR) {
      int mr = (int)(mc - ir < MR ? mc - ir : MR);
      micro(kp, ap + ir / MR * kp * MR, b, c + ir * ldc + jr, ldc, first, mr, nr);
    }
  }
#else
  (void)mc, (void)nc, (void)kp, (void)ap, (void)bp, (void)bstride, (void)c, (void)ldc, (void)first;
#endif
}
