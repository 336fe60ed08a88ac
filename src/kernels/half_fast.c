/* float16 and bfloat16 exp of dense runs, in float32 AVX-512 registers (see half_fast.h).
 *
 * The table of a function holds round16(F(x)), F being nd's float32 kernel (within an
 * ulp of float32 of the exact value). A float32 polynomial a, within E ulps of the exact
 * value, rounds to the same 16-bit result whenever it lies more than E + 1 float32 ulps
 * from every rounding boundary of the 16-bit dtype (the midpoints between its neighbours),
 * since then F(x) lies on the same side. MARGIN is that distance with room to spare
 * (E is under 2 ulps here; twice E + 1 allows for a boundary at a power of two, where the
 * ulp doubles). Lanes nearer a boundary, and lanes whose result is not a normal number of
 * the 16-bit dtype (zero, subnormal, infinite, NaN: the special cases, the inputs out of
 * range), read the table instead: one result in about 250 for float16, far fewer for
 * bfloat16. So every result is the table's; tests/test_half_table.c checks all 65536
 * inputs of both dtypes, dense runs of many lengths and starts, and on two threads. */
#include "half_fast.h"

#include "core/cpu.h"
#include "half_simd.h"

#ifdef NDI_HALF_X86
enum { MARGIN = 16 };

/* e^x = 2^k e^r, r = x - k ln 2 in [-ln2/2, ln2/2] (ln 2 in two parts, the first exact
 * times any k of the range), e^r = 1 + r + r^2 Q(r), Q fitted to (e^r - 1 - r) / r^2:
 * 0.18 half-ulps of float32 before rounding. scalef gives 0 or infinity out of range, which
 * the check sends to the table. */
NDI_T512 static inline __m512 exp_512(__m512 x) {
  __m512 k = _mm512_roundscale_ps(_mm512_mul_ps(x, _mm512_set1_ps(1.44269504f)),
                                  _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  __m512 r = _mm512_fnmadd_ps(k, _mm512_set1_ps(0.693145751953125f), x);
  r = _mm512_fnmadd_ps(k, _mm512_set1_ps(1.42860677e-06f), r);
  __m512 q = _mm512_set1_ps(0.0013933650916442275f);
  q = _mm512_fmadd_ps(q, r, _mm512_set1_ps(0.008363179862499237f));
  q = _mm512_fmadd_ps(q, r, _mm512_set1_ps(0.04166646674275398f));
  q = _mm512_fmadd_ps(q, r, _mm512_set1_ps(0.16666576266288757f));
  q = _mm512_fmadd_ps(q, r, _mm512_set1_ps(0.5f));
  __m512 p = _mm512_fmadd_ps(_mm512_mul_ps(r, r), q, r);
  return _mm512_scalef_ps(_mm512_add_ps(p, _mm512_set1_ps(1.0f)), k);
}

/* The lanes of a whose rounding to the 16-bit dtype is certain: a normal number of that
 * dtype (float32 exponents lo..hi) more than MARGIN float32 ulps from a rounding boundary
 * (the dropped bits `low` at their midpoint: moved by MARGIN - midpoint, they are at most
 * 2 MARGIN exactly when within MARGIN of it). */
NDI_T512 static inline __mmask16 certain_512(__m512 a, int lo, int hi, int low) {
  __m512i u = _mm512_and_si512(_mm512_castps_si512(a), _mm512_set1_epi32(0x7fffffff));
  __mmask16 normal = _mm512_cmplt_epu32_mask(_mm512_sub_epi32(u, _mm512_set1_epi32(lo << 23)),
                                             _mm512_set1_epi32((hi - lo + 1) << 23));
  __m512i moved = _mm512_and_si512(_mm512_add_epi32(u, _mm512_set1_epi32(MARGIN - low / 2 - 1)),
                                   _mm512_set1_epi32(low));
  return _mm512_mask_cmpgt_epu32_mask(normal, moved, _mm512_set1_epi32(2 * MARGIN));
}

/* One function, one dtype: 16 inputs widened, the polynomial, rounded; the uncertain lanes
 * gathered from the table (as half_table.c's gather: 32-bit words at byte offset 2 x). */
#define FAST_LOOP(NAME, F, WIDEN, NARROW, LO, HI, LOW)                                  \
  NDI_T512 static void NAME(uint16_t *o, const uint16_t *x, int64_t n,                 \
                            const uint16_t *t) {                                       \
    int64_t i = 0;                                                                     \
    for (; i + 16 <= n; i += 16) {                                                     \
      __m256i h = _mm256_loadu_si256((const __m256i *)(x + i));                        \
      __m512 a = F(WIDEN(h));                                                          \
      __mmask16 ok = certain_512(a, LO, HI, LOW);                                      \
      __m256i r = NARROW(a);                                                           \
      if (ok != 0xffff)                                                                \
        r = _mm512_cvtepi32_epi16(_mm512_mask_i32gather_epi32(                         \
            _mm512_cvtepu16_epi32(r), (__mmask16)~ok, _mm512_cvtepu16_epi32(h),        \
            (const void *)t, 2));                                                      \
      _mm256_storeu_si256((__m256i *)(o + i), r);                                      \
    }                                                                                  \
    for (; i < n; i++) o[i] = t[x[i]];                                                 \
  }
NDI_T512 static inline __m512 f16_widen(__m256i h) { return _mm512_cvtph_ps(h); }
NDI_T512 static inline __m256i f16_narrow(__m512 a) { return _mm512_cvtps_ph(a, NDI_RNE); }
NDI_T512 static inline __m256i bf16_narrow(__m512 a) {
  return ndi_bf16_narrow_512(_mm512_castps_si512(a));
}
/* float16: float32 exponents 113..142 (2^-14 to below 2^16), 13 bits dropped; bfloat16:
 * every normal float32, 16 bits dropped */
FAST_LOOP(exp_f16, exp_512, f16_widen, f16_narrow, 113, 142, 0x1fff)
FAST_LOOP(exp_bf16, exp_512, ndi_bf16_widen_512, bf16_narrow, 1, 254, 0xffff)
#endif

bool ndi_half_fast(ndi_half_fast_fn fn, bool bf16, uint16_t *o, const uint16_t *x, int64_t n,
                   const uint16_t *table) {
#ifdef NDI_HALF_X86
  if (!(ndi_cpu_features() & NDI_CPU_AVX512BW)) return false;
  switch (fn) {
    case NDI_HALF_FAST_EXP: (bf16 ? exp_bf16 : exp_f16)(o, x, n, table); return true;
    default: return false;
  }
#else
  (void)fn, (void)bf16, (void)o, (void)x, (void)n, (void)table;
  return false;
#endif
}
