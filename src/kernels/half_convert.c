/* Vectorised conversions between the 16-bit floats and float32 (see half_convert.h).
 *
 * float16 uses the hardware conversions (vcvtph2ps, vcvtps2ph with round to nearest even
 * in the immediate, so that MXCSR's rounding mode does not matter). They agree with NumPy
 * on every input except signalling NaNs, which the hardware quiets and NumPy does not:
 * a block holding one (rare in real data) is redone with the scalar conversion. bfloat16
 * is integer arithmetic on the float32 bits (a shift one way, round-to-nearest-even with
 * a NaN blend the other), which is as fast as vcvtneps2bf16 and, unlike it, keeps
 * subnormals as ml_dtypes does. All of these run at memory speed (16M elements: 4.2-4.9
 * ms on one core of the development machine, about the time of an 8-byte-per-element
 * copy; scalar code took 13-37 ms). */
#include "half_convert.h"

#include "core/cpu.h"
#include "core/half.h"
#include "half_simd.h"

/* ---- scalar ----------------------------------------------------------------------------- */

static void f16_to_f32_scalar(float *d, const uint16_t *s, int64_t n) {
  for (int64_t i = 0; i < n; i++) d[i] = ndi_f16_to_f32(s[i]);
}
static void f32_to_f16_scalar(uint16_t *d, const float *s, int64_t n) {
  for (int64_t i = 0; i < n; i++) d[i] = ndi_f32_to_f16(s[i]);
}
static void bf16_to_f32_scalar(float *d, const uint16_t *s, int64_t n) {
  for (int64_t i = 0; i < n; i++) d[i] = ndi_bf16_to_f32(s[i]);
}
static void f32_to_bf16_scalar(uint16_t *d, const float *s, int64_t n) {
  for (int64_t i = 0; i < n; i++) d[i] = ndi_f32_to_bf16(s[i]);
}
static void f16_to_bf16_scalar(uint16_t *d, const uint16_t *s, int64_t n) {
  for (int64_t i = 0; i < n; i++) d[i] = ndi_f16_to_bf16(s[i]);
}
static void bf16_to_f16_scalar(uint16_t *d, const uint16_t *s, int64_t n) {
  for (int64_t i = 0; i < n; i++) d[i] = ndi_bf16_to_f16(s[i]);
}

#ifdef NDI_HALF_X86
/* ---- AVX-512 (16 elements a step) --------------------------------------------------------- */

/* lanes holding a signalling NaN */
NDI_T512 static inline __mmask16 snan16_512(__m256i h) {
  __m256i mag = _mm256_and_si256(h, _mm256_set1_epi16(0x7fff));
  return _mm256_cmpgt_epu16_mask(mag, _mm256_set1_epi16(0x7c00)) &
         _mm256_testn_epi16_mask(h, _mm256_set1_epi16(0x0200));
}
NDI_T512 static inline __mmask16 snan32_512(__m512i u) {
  __m512i mag = _mm512_and_si512(u, _mm512_set1_epi32(0x7fffffff));
  return _mm512_cmpgt_epu32_mask(mag, _mm512_set1_epi32(0x7f800000)) &
         _mm512_testn_epi32_mask(u, _mm512_set1_epi32(0x00400000));
}

NDI_T512 static void f16_to_f32_512(float *d, const uint16_t *s, int64_t n) {
  int64_t i = 0;
  for (; i + 16 <= n; i += 16) {
    __m256i h = _mm256_loadu_si256((const __m256i *)(s + i));
    if (snan16_512(h)) f16_to_f32_scalar(d + i, s + i, 16);
    else _mm512_storeu_ps(d + i, _mm512_cvtph_ps(h));
  }
  f16_to_f32_scalar(d + i, s + i, n - i);
}
NDI_T512 static void f32_to_f16_512(uint16_t *d, const float *s, int64_t n) {
  int64_t i = 0;
  for (; i + 16 <= n; i += 16) {
    __m512 v = _mm512_loadu_ps(s + i);
    if (snan32_512(_mm512_castps_si512(v))) f32_to_f16_scalar(d + i, s + i, 16);
    else _mm256_storeu_si256((__m256i *)(d + i), _mm512_cvtps_ph(v, NDI_RNE));
  }
  f32_to_f16_scalar(d + i, s + i, n - i);
}
NDI_T512 static void bf16_to_f32_512(float *d, const uint16_t *s, int64_t n) {
  int64_t i = 0;
  for (; i + 16 <= n; i += 16)
    _mm512_storeu_ps(d + i, ndi_bf16_widen_512(_mm256_loadu_si256((const __m256i *)(s + i))));
  bf16_to_f32_scalar(d + i, s + i, n - i);
}
NDI_T512 static void f32_to_bf16_512(uint16_t *d, const float *s, int64_t n) {
  int64_t i = 0;
  for (; i + 16 <= n; i += 16)
    _mm256_storeu_si256((__m256i *)(d + i), ndi_bf16_narrow_512(_mm512_loadu_si512(s + i)));
  f32_to_bf16_scalar(d + i, s + i, n - i);
}
NDI_T512 static void f16_to_bf16_512(uint16_t *d, const uint16_t *s, int64_t n) {
  int64_t i = 0;
  for (; i + 16 <= n; i += 16) {
    /* a float16 NaN (signalling or not) becomes the quiet bfloat16 NaN of its sign either
     * way, so the quieting conversion is exact here */
    __m512 f = _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(s + i)));
    _mm256_storeu_si256((__m256i *)(d + i), ndi_bf16_narrow_512(_mm512_castps_si512(f)));
  }
  f16_to_bf16_scalar(d + i, s + i, n - i);
}
NDI_T512 static void bf16_to_f16_512(uint16_t *d, const uint16_t *s, int64_t n) {
  int64_t i = 0;
  for (; i + 16 <= n; i += 16) {
    __m256i b = _mm256_loadu_si256((const __m256i *)(s + i));
    /* NaN: the quiet float16 NaN of its sign, sign | 0x7e00 (the hardware would keep
     * payload bits) */
    __mmask16 nan = _mm256_cmpgt_epu16_mask(_mm256_and_si256(b, _mm256_set1_epi16(0x7fff)),
                                            _mm256_set1_epi16((short)0x7f80));
    __m256i h = _mm512_cvtps_ph(ndi_bf16_widen_512(b), NDI_RNE);
    __m256i q = _mm256_or_si256(_mm256_and_si256(b, _mm256_set1_epi16((short)0x8000)),
                                _mm256_set1_epi16(0x7e00));
    _mm256_storeu_si256((__m256i *)(d + i), _mm256_mask_mov_epi16(h, nan, q));
  }
  bf16_to_f16_scalar(d + i, s + i, n - i);
}

/* ---- AVX2 with F16C (8 elements a step) --------------------------------------------------- */

NDI_T256 static inline int snan16_256(__m128i h) {
  __m128i mag = _mm_and_si128(h, _mm_set1_epi16(0x7fff));
  __m128i nan = _mm_cmpgt_epi16(mag, _mm_set1_epi16(0x7c00)); /* magnitudes are positive */
  __m128i quiet = _mm_cmpeq_epi16(_mm_and_si128(h, _mm_set1_epi16(0x0200)), _mm_set1_epi16(0x0200));
  return _mm_movemask_epi8(_mm_andnot_si128(quiet, nan));
}
NDI_T256 static inline int snan32_256(__m256i u) {
  __m256i mag = _mm256_and_si256(u, _mm256_set1_epi32(0x7fffffff));
  __m256i nan = _mm256_cmpgt_epi32(mag, _mm256_set1_epi32(0x7f800000));
  __m256i quiet = _mm256_cmpeq_epi32(_mm256_and_si256(u, _mm256_set1_epi32(0x00400000)),
                                     _mm256_set1_epi32(0x00400000));
  return _mm256_movemask_epi8(_mm256_andnot_si256(quiet, nan));
}
NDI_T256 static void f16_to_f32_256(float *d, const uint16_t *s, int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m128i h = _mm_loadu_si128((const __m128i *)(s + i));
    if (snan16_256(h)) f16_to_f32_scalar(d + i, s + i, 8);
    else _mm256_storeu_ps(d + i, _mm256_cvtph_ps(h));
  }
  f16_to_f32_scalar(d + i, s + i, n - i);
}
NDI_T256 static void f32_to_f16_256(uint16_t *d, const float *s, int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m256 v = _mm256_loadu_ps(s + i);
    if (snan32_256(_mm256_castps_si256(v))) f32_to_f16_scalar(d + i, s + i, 8);
    else _mm_storeu_si128((__m128i *)(d + i), _mm256_cvtps_ph(v, NDI_RNE));
  }
  f32_to_f16_scalar(d + i, s + i, n - i);
}
NDI_T256 static void bf16_to_f32_256(float *d, const uint16_t *s, int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    _mm256_storeu_ps(d + i, ndi_bf16_widen_256(_mm_loadu_si128((const __m128i *)(s + i))));
  }
  bf16_to_f32_scalar(d + i, s + i, n - i);
}
NDI_T256 static void f32_to_bf16_256(uint16_t *d, const float *s, int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m128i r = ndi_bf16_narrow_256(_mm256_loadu_si256((const __m256i *)(s + i)));
    _mm_storeu_si128((__m128i *)(d + i), r);
  }
  f32_to_bf16_scalar(d + i, s + i, n - i);
}
NDI_T256 static void f16_to_bf16_256(uint16_t *d, const uint16_t *s, int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m256 f = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(s + i)));
    _mm_storeu_si128((__m128i *)(d + i), ndi_bf16_narrow_256(_mm256_castps_si256(f)));
  }
  f16_to_bf16_scalar(d + i, s + i, n - i);
}
NDI_T256 static void bf16_to_f16_256(uint16_t *d, const uint16_t *s, int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m128i b = _mm_loadu_si128((const __m128i *)(s + i));
    __m128i nan = _mm_cmpgt_epi16(_mm_and_si128(b, _mm_set1_epi16(0x7fff)), _mm_set1_epi16(0x7f80));
    __m128i h = _mm256_cvtps_ph(ndi_bf16_widen_256(b), NDI_RNE);
    __m128i q = _mm_or_si128(_mm_and_si128(b, _mm_set1_epi16((short)0x8000)), _mm_set1_epi16(0x7e00));
    _mm_storeu_si128((__m128i *)(d + i), _mm_blendv_epi8(h, q, nan));
  }
  bf16_to_f16_scalar(d + i, s + i, n - i);
}
#endif

/* ---- dispatch ------------------------------------------------------------------------- */

#ifdef NDI_HALF_X86
#define DISPATCH(name, ...)                                                     \
  do {                                                                          \
    unsigned f = ndi_cpu_features();                                            \
    if (f & NDI_CPU_AVX512BW) name##_512(__VA_ARGS__);                          \
    else if (f & NDI_CPU_F16C) name##_256(__VA_ARGS__);                         \
    else name##_scalar(__VA_ARGS__);                                            \
  } while (0)
#else
#define DISPATCH(name, ...) name##_scalar(__VA_ARGS__)
#endif

void ndi_f16_to_f32_n(float *d, const uint16_t *s, int64_t n) { DISPATCH(f16_to_f32, d, s, n); }
void ndi_f32_to_f16_n(uint16_t *d, const float *s, int64_t n) { DISPATCH(f32_to_f16, d, s, n); }
void ndi_bf16_to_f32_n(float *d, const uint16_t *s, int64_t n) { DISPATCH(bf16_to_f32, d, s, n); }
void ndi_f32_to_bf16_n(uint16_t *d, const float *s, int64_t n) { DISPATCH(f32_to_bf16, d, s, n); }
void ndi_f16_to_bf16_n(uint16_t *d, const uint16_t *s, int64_t n) { DISPATCH(f16_to_bf16, d, s, n); }
void ndi_bf16_to_f16_n(uint16_t *d, const uint16_t *s, int64_t n) { DISPATCH(bf16_to_f16, d, s, n); }
