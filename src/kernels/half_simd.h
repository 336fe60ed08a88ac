/* Vector building blocks for the 16-bit floats (half_convert.c, ew_half.c): bfloat16
 * widening and narrowing on the float32 bits, under the target attributes of the loops
 * that inline them. float16 uses the hardware conversions directly (vcvtph2ps; vcvtps2ph
 * with NDI_RNE, round to nearest even whatever MXCSR says). */
#ifndef NDI_HALF_SIMD_H
#define NDI_HALF_SIMD_H

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

#define NDI_HALF_X86 1
#define NDI_T512 __attribute__((target("avx512f,avx512bw,avx512vl")))
#define NDI_T256 __attribute__((target("avx2,f16c")))
#define NDI_RNE (_MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)

NDI_T512 static inline __m512 ndi_bf16_widen_512(__m256i h) {
  return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(h), 16));
}
/* round to nearest even on the bits; NaN -> sign | 0x7fc0 (ml_dtypes) */
NDI_T512 static inline __m256i ndi_bf16_narrow_512(__m512i u) {
  __m512i odd = _mm512_and_si512(_mm512_srli_epi32(u, 16), _mm512_set1_epi32(1));
  __m512i r = _mm512_srli_epi32(_mm512_add_epi32(u, _mm512_add_epi32(odd, _mm512_set1_epi32(0x7fff))), 16);
  __m512i mag = _mm512_and_si512(u, _mm512_set1_epi32(0x7fffffff));
  __mmask16 nan = _mm512_cmpgt_epu32_mask(mag, _mm512_set1_epi32(0x7f800000));
  __m512i qnan = _mm512_or_si512(_mm512_and_si512(_mm512_srli_epi32(u, 16), _mm512_set1_epi32(0x8000)),
                                 _mm512_set1_epi32(0x7fc0));
  return _mm512_cvtepi32_epi16(_mm512_mask_mov_epi32(r, nan, qnan));
}

NDI_T256 static inline __m256 ndi_bf16_widen_256(__m128i h) {
  return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(h), 16));
}
NDI_T256 static inline __m128i ndi_bf16_narrow_256(__m256i u) {
  __m256i odd = _mm256_and_si256(_mm256_srli_epi32(u, 16), _mm256_set1_epi32(1));
  __m256i r = _mm256_srli_epi32(_mm256_add_epi32(u, _mm256_add_epi32(odd, _mm256_set1_epi32(0x7fff))), 16);
  __m256i nan = _mm256_cmpgt_epi32(_mm256_and_si256(u, _mm256_set1_epi32(0x7fffffff)),
                                   _mm256_set1_epi32(0x7f800000)); /* magnitudes are positive */
  __m256i qnan = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(u, 16), _mm256_set1_epi32(0x8000)),
                                 _mm256_set1_epi32(0x7fc0));
  r = _mm256_blendv_epi8(r, qnan, nan); /* 8 results in the low halves of the lanes */
  return _mm_packus_epi32(_mm256_castsi256_si128(r), _mm256_extracti128_si256(r, 1));
}
#endif

#endif
