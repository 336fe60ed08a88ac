/* float16 and bfloat16 exp and log of dense runs, in float32 AVX-512 registers (see
 * half_fast.h).
 *
 * The table of a function holds round16(F(x)), F being nd's float32 kernel. A float32
 * value a that is E float32 ulps from F(x) rounds to the same 16-bit result whenever it
 * lies more than E ulps from every rounding boundary of the 16-bit dtype (the midpoints
 * between neighbouring 16-bit numbers, which lie inside binades), since F(x) is then on
 * the same side. The polynomials below are within a few ulps of F, and a lane is kept
 * only when a is more than MARGIN ulps from a boundary and its 16-bit result is a normal
 * number above the smallest one (so that a lies in the binades where the dropped bits are
 * the ones tested). Lanes nearer a boundary, zeros, subnormals, infinities and NaNs (the
 * special cases and the inputs out of range) read the table instead: about one result in
 * 300. So every result is the table's; tests/test_half_table.c checks all 65536 inputs of
 * both dtypes, dense runs of many lengths and starts, and on two threads.
 *
 * Each step handles 32 elements as two vectors of 16 float32 lanes: about 12 vector
 * operations per 16 elements for exp and 14 for log, with the two conversions and the
 * check, against a core-bound 16-lane gather for the lookup. */
#include "half_fast.h"

#include "core/cpu.h"
#include "half_simd.h"

#ifdef NDI_HALF_X86
/* float32 ulps from a rounding boundary below which a lane reads the table: for float16
 * (13 dropped bits, 8192 ulps between neighbours) and bfloat16 (16 dropped bits); powers
 * of two, so that one test of the moved dropped bits decides. */
enum { MARGIN_F16 = 16, MARGIN_BF16 = 64 };

#define SPLAT(v) _mm512_set1_ps(v)

/* 2^(j/32), j = 0..31, rounded to float32 */
static const float exp2_32nds[32] = {
    0x1p+0f,        0x1.059b0ep+0f, 0x1.0b5586p+0f, 0x1.11301ep+0f, 0x1.172b84p+0f,
    0x1.1d4874p+0f, 0x1.2387a6p+0f, 0x1.29e9ep+0f,  0x1.306fep+0f,  0x1.371a74p+0f,
    0x1.3dea64p+0f, 0x1.44e086p+0f, 0x1.4bfdaep+0f, 0x1.5342b6p+0f, 0x1.5ab07ep+0f,
    0x1.6247ecp+0f, 0x1.6a09e6p+0f, 0x1.71f75ep+0f, 0x1.7a1148p+0f, 0x1.82589ap+0f,
    0x1.8ace54p+0f, 0x1.93737cp+0f, 0x1.9c4918p+0f, 0x1.a5503cp+0f, 0x1.ae89fap+0f,
    0x1.b7f77p+0f,  0x1.c199bep+0f, 0x1.cb720ep+0f, 0x1.d5818ep+0f, 0x1.dfc974p+0f,
    0x1.ea4afap+0f, 0x1.f50766p+0f};

/* e^x = 2^(k/32) e^r with k = round(32 x / ln 2) and r = x - (k/32) ln 2, |r| <= ln2/64:
 * the shifter 1.5 * 2^18 leaves k/32 in t's low bits (its ulp is 1/32), so t's bits index
 * the 32-entry table by their low 5 (vpermt2ps) and t - shifter is k/32 exactly; scalef
 * multiplies by 2^floor(k/32). e^r - 1 = r + r^2 (c2 + c3 r), fitted on the interval: 0.005
 * ulps, so the error is that of r (k/32 ln2 in one rounding: under an ulp for float16's
 * range, 3 for bfloat16's) and of the table entry. Out of range, scalef gives 0 or
 * infinity, and a NaN stays NaN: the check sends them to the table. */
NDI_T512 static inline __m512 exp_512(__m512 x, __m512 tlo, __m512 thi) {
  const __m512 shifter = SPLAT(0x1.8p18f);
  __m512 t = _mm512_fmadd_ps(x, SPLAT(0x1.715476p+0f), shifter);
  __m512 k32 = _mm512_sub_ps(t, shifter);
  __m512 r = _mm512_fnmadd_ps(k32, SPLAT(0x1.62e43p-1f), x);
  __m512 s = _mm512_scalef_ps(_mm512_permutex2var_ps(tlo, _mm512_castps_si512(t), thi), k32);
  __m512 q = _mm512_fmadd_ps(SPLAT(0x1.5555bap-3f), r, SPLAT(0x1.000054p-1f));
  __m512 p = _mm512_mul_ps(_mm512_fmadd_ps(q, r, SPLAT(1.0f)), r);
  return _mm512_fmadd_ps(s, p, s);
}

/* 1/c and log c for the 32 subintervals of [0.75, 1.5) that the top 5 mantissa bits of m
 * index (j): j = 0..15 [1 + j/32, 1 + (j + 1)/32), j = 16..31 [j/64 + 1/2, (j + 1)/64 +
 * 1/2), the binade below, where the exponent of x is one less than that of m: there the
 * entry holds ln2 + log c, with ln2 the float32 constant of log_512. c is the centre of its
 * interval, but 1 for the two next to 1 (j = 0 and 31: log c = 0 and ln2 exactly, so that
 * near x = 1 nothing cancels), and each 1/c is the float32 within 2000 ulps of the exact
 * one that makes log c nearest a float32 (under 0.001 ulps from it). */
static const float log_inv_c[32] = {
    0x1p+0f, 0x1.e9108ap-1f, 0x1.dae26cp-1f, 0x1.cd9256p-1f, 0x1.c0d872p-1f, 0x1.b4f388p-1f,
    0x1.a9885ep-1f, 0x1.9ec00ap-1f, 0x1.9494f8p-1f, 0x1.8ad852p-1f, 0x1.81720ap-1f,
    0x1.78a7f4p-1f, 0x1.702518p-1f, 0x1.682356p-1f, 0x1.6062bep-1f, 0x1.58f9b2p-1f,
    0x1.51d2bap+0f, 0x1.4b0196p+0f, 0x1.4476a8p+0f, 0x1.3e23f8p+0f, 0x1.3822bap+0f,
    0x1.32331ep+0f, 0x1.2c9b8p+0f, 0x1.273046p+0f, 0x1.21fda4p+0f, 0x1.1cfcc8p+0f,
    0x1.18085cp+0f, 0x1.135d42p+0f, 0x1.0eded2p+0f, 0x1.0a6122p+0f, 0x1.06270cp+0f, 0x1p+0f};
static const float log_c[32] = {
    0x0p+0f, 0x1.777088p-5f, 0x1.343c96p-4f, 0x1.a8b41ap-4f, 0x1.0d9c6p-3f, 0x1.449d2ap-3f,
    0x1.7ad84cp-3f, 0x1.af6864p-3f, 0x1.e23e5p-3f, 0x1.0a113ap-2f, 0x1.22bd36p-2f,
    0x1.3a5c26p-2f, 0x1.51c3aep-2f, 0x1.684806p-2f, 0x1.7e908cp-2f, 0x1.9453fap-2f,
    0x1.a9c806p-2f, 0x1.bea7f2p-2f, 0x1.d31966p-2f, 0x1.e7406p-2f, 0x1.fac398p-2f,
    0x1.07367p-1f, 0x1.10a664p-1f, 0x1.19f6b2p-1f, 0x1.230f38p-1f, 0x1.2bf868p-1f,
    0x1.34f342p-1f, 0x1.3d8ecp-1f, 0x1.45fb78p-1f, 0x1.4e8ad4p-1f, 0x1.56bb5ap-1f,
    0x1.62e43p-1f};

typedef struct {
  __m512 lo, hi;
} table32;
typedef struct {
  table32 a, b;
} tables;

/* log x = e ln2 + log c + log1p(r): x = m 2^e with m in [0.75, 1.5) (getmant; e is the
 * exponent of x, one less than that of m for m < 1, which the table's entry adds back);
 * r = m/c - 1 in one rounding (-1/64 <= r < 1/32), log1p(r) = r + r^2 (c2 + c3 r + c4 r^2)
 * fitted on that interval (0.15 ulps). Zero, negative, infinite and NaN x give -infinity,
 * NaN or infinity, which the check sends to the table. */
NDI_T512 static inline __m512 log_512(__m512 x, const tables *t) {
  __m512 m = _mm512_getmant_ps(x, _MM_MANT_NORM_p75_1p5, _MM_MANT_SIGN_nan);
  __m512i j = _mm512_srli_epi32(_mm512_castps_si512(m), 18);
  __m512 invc = _mm512_permutex2var_ps(t->a.lo, j, t->a.hi);
  __m512 logc = _mm512_permutex2var_ps(t->b.lo, j, t->b.hi);
  __m512 r = _mm512_fmsub_ps(m, invc, SPLAT(1.0f));
  __m512 q = _mm512_fmadd_ps(SPLAT(-0x1.f3061ep-3f), r, SPLAT(0x1.555d3cp-2f));
  q = _mm512_fmadd_ps(q, r, SPLAT(-0x1.00002ep-1f));
  __m512 p = _mm512_fmadd_ps(q, _mm512_mul_ps(r, r), r);
  return _mm512_add_ps(_mm512_fmadd_ps(_mm512_getexp_ps(x), SPLAT(0x1.62e43p-1f), logc), p);
}

/* The certain lanes of 32 16-bit results h, given `far`, those whose float32 value lies
 * more than the margin from a rounding boundary: the magnitude of h (h << 1 drops the
 * sign) strictly between the smallest normal number and infinity. */
NDI_T512 static inline __mmask32 certain_32(__m512i h, __mmask32 far, int min_normal,
                                            int max_normal) {
  __m512i mag = _mm512_sub_epi16(_mm512_slli_epi16(h, 1),
                                 _mm512_set1_epi16((short)(2 * min_normal + 2)));
  return _mm512_mask_cmple_epu16_mask(
      far, mag, _mm512_set1_epi16((short)(2 * (max_normal - min_normal - 1))));
}

/* float16: 16 + 16 inputs widened by vcvtph2ps, results rounded by vcvtps2ph */
NDI_T512 static inline __mmask32 f16_narrow(__m512 a0, __m512 a1, __m512i *h) {
  *h = _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtps_ph(a0, NDI_RNE)),
                          _mm512_cvtps_ph(a1, NDI_RNE), 1);
  /* the 13 dropped bits, moved so that the margin either side of their midpoint falls
   * at 0 .. 2 MARGIN - 1 */
  __m512i to0 = _mm512_set1_epi32(MARGIN_F16 - 0x1000);
  __m512i keep = _mm512_set1_epi32(0x1fff & ~(2 * MARGIN_F16 - 1));
  __mmask32 far = _mm512_kunpackw(
      _mm512_test_epi32_mask(_mm512_add_epi32(_mm512_castps_si512(a1), to0), keep),
      _mm512_test_epi32_mask(_mm512_add_epi32(_mm512_castps_si512(a0), to0), keep));
  return certain_32(*h, far, 0x0400, 0x7bff);
}

/* bfloat16: the 32 inputs of a vector placed in the high halves of 32-bit lanes by
 * interleaving with zeros (elements 0-3, 8-11, ... in the first vector, 4-7, 12-15, ... in
 * the second), the results' high halves gathered back in element order. Adding 0x8000 + MARGIN moves
 * the dropped bits so that the MARGIN either side of their midpoint falls at 0 .. 2 MARGIN
 * - 1, and carries into the high half exactly where rounding to nearest rounds up, for
 * every lane the check keeps (a tie is within the margin). */
NDI_T512 static inline void bf16_widen(__m512i v, __m512 *a0, __m512 *a1) {
  *a0 = _mm512_castsi512_ps(_mm512_unpacklo_epi16(_mm512_setzero_si512(), v));
  *a1 = _mm512_castsi512_ps(_mm512_unpackhi_epi16(_mm512_setzero_si512(), v));
}
NDI_T512 static inline __mmask32 bf16_narrow(__m512 a0, __m512 a1, __m512i *h,
                                            __m512i order) {
  __m512i bias = _mm512_set1_epi32(0x8000 + MARGIN_BF16);
  __m512i v0 = _mm512_add_epi32(_mm512_castps_si512(a0), bias);
  __m512i v1 = _mm512_add_epi32(_mm512_castps_si512(a1), bias);
  *h = _mm512_permutex2var_epi16(v0, order, v1);
  __m512i dropped = _mm512_permutex2var_epi16(v0, _mm512_sub_epi16(order, _mm512_set1_epi16(1)), v1);
  __mmask32 far = _mm512_test_epi16_mask(dropped, _mm512_set1_epi16((short)(0xffff & ~(2 * MARGIN_BF16 - 1))));
  return certain_32(*h, far, 0x0080, 0x7f7f);
}
/* word i of the result: the high half of 32-bit lane 4L + i % 8 (L = i / 8) of the first
 * vector (i % 8 < 4) or of the second (words 32 and up of the pair) */
NDI_T512 static inline __m512i bf16_order(void) {
  _Alignas(64) short idx[32];
  for (int i = 0; i < 32; i++) {
    int lane = 4 * (i / 8) + i % 4;
    idx[i] = (short)(2 * lane + 1 + (i % 8 >= 4 ? 32 : 0));
  }
  return _mm512_load_si512(idx);
}

/* Stores 32 results, those the check did not keep (rare) read from the table; the inputs
 * are read before the store, which may overwrite them (in place). */
NDI_T512 static inline void put_32(uint16_t *o, const uint16_t *x, __m512i h, __mmask32 ok,
                                   const uint16_t *table) {
  if (ok != 0xffffffffu) {
    _Alignas(64) uint16_t r[32];
    _mm512_store_si512(r, h);
    for (uint32_t uncertain = ~(uint32_t)ok; uncertain; uncertain &= uncertain - 1) {
      int b = __builtin_ctz(uncertain);
      r[b] = table[x[b]];
    }
    h = _mm512_load_si512(r);
  }
  _mm512_storeu_si512(o, h);
}

NDI_T512 static table32 load_table(const float *v) {
  return (table32){_mm512_loadu_ps(v), _mm512_loadu_ps(v + 16)};
}

NDI_T512 static void exp_f16(uint16_t *o, const uint16_t *x, int64_t n, const uint16_t *t) {
  table32 e = load_table(exp2_32nds);
  int64_t i = 0;
  for (; i + 32 <= n; i += 32) {
    __m512 a0 = exp_512(_mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(x + i))), e.lo, e.hi);
    __m512 a1 = exp_512(_mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(x + i + 16))), e.lo, e.hi);
    __m512i h;
    __mmask32 ok = f16_narrow(a0, a1, &h);
    put_32(o + i, x + i, h, ok, t);
  }
  for (; i < n; i++) o[i] = t[x[i]];
}

NDI_T512 static void log_f16(uint16_t *o, const uint16_t *x, int64_t n, const uint16_t *t) {
  tables lt = {load_table(log_inv_c), load_table(log_c)};
  int64_t i = 0;
  for (; i + 32 <= n; i += 32) {
    __m512 a0 = log_512(_mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(x + i))), &lt);
    __m512 a1 = log_512(_mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(x + i + 16))), &lt);
    __m512i h;
    __mmask32 ok = f16_narrow(a0, a1, &h);
    put_32(o + i, x + i, h, ok, t);
  }
  for (; i < n; i++) o[i] = t[x[i]];
}

NDI_T512 static void exp_bf16(uint16_t *o, const uint16_t *x, int64_t n, const uint16_t *t) {
  table32 e = load_table(exp2_32nds);
  __m512i order = bf16_order();
  int64_t i = 0;
  for (; i + 32 <= n; i += 32) {
    __m512 a0, a1;
    bf16_widen(_mm512_loadu_si512(x + i), &a0, &a1);
    __m512i h;
    __mmask32 ok = bf16_narrow(exp_512(a0, e.lo, e.hi), exp_512(a1, e.lo, e.hi), &h, order);
    put_32(o + i, x + i, h, ok, t);
  }
  for (; i < n; i++) o[i] = t[x[i]];
}

NDI_T512 static void log_bf16(uint16_t *o, const uint16_t *x, int64_t n, const uint16_t *t) {
  tables lt = {load_table(log_inv_c), load_table(log_c)};
  __m512i order = bf16_order();
  int64_t i = 0;
  for (; i + 32 <= n; i += 32) {
    __m512 a0, a1;
    bf16_widen(_mm512_loadu_si512(x + i), &a0, &a1);
    __m512i h;
    __mmask32 ok = bf16_narrow(log_512(a0, &lt), log_512(a1, &lt), &h, order);
    put_32(o + i, x + i, h, ok, t);
  }
  for (; i < n; i++) o[i] = t[x[i]];
}
#endif

bool ndi_half_fast(ndi_half_fast_fn fn, bool bf16, uint16_t *o, const uint16_t *x, int64_t n,
                   const uint16_t *table) {
#ifdef NDI_HALF_X86
  if (!(ndi_cpu_features() & NDI_CPU_AVX512BW)) return false;
  switch (fn) {
    case NDI_HALF_FAST_EXP: (bf16 ? exp_bf16 : exp_f16)(o, x, n, table); return true;
    case NDI_HALF_FAST_LOG: (bf16 ? log_bf16 : log_f16)(o, x, n, table); return true;
    default: return false;
  }
#else
  (void)fn, (void)bf16, (void)o, (void)x, (void)n, (void)table;
  return false;
#endif
}
