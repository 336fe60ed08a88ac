/* float16 and bfloat16 exp and log of dense runs, in float32 AVX-512 registers (see
 * half_fast.h).
 *
 * The table of a function holds round16(F(x)), F being nd's float32 kernel. A float32
 * value a that is E float32 ulps from F(x) rounds to the same 16-bit result whenever it
 * lies more than E ulps from every rounding boundary of the 16-bit dtype (the midpoints
 * between neighbouring 16-bit numbers, which lie inside binades), since F(x) is then on
 * the same side. The polynomials below are within 1-4 ulps of F, and a lane is kept only
 * when a is more than MARGIN ulps from a boundary and it lies in the binades where the
 * dropped bits are the ones tested (exp: a normal 16-bit result above the smallest; log:
 * a positive finite input). The other lanes (zeros, subnormals, infinities, NaNs, inputs
 * out of range, and the results nearer a boundary: about one normal result in 2500 for
 * float16, one in 5000 for bfloat16) read the table instead. So every result is the
 * table's; tests/test_half_table.c checks all 65536 inputs of both dtypes, dense runs of
 * many lengths and starts, in place, and on two threads.
 *
 * Each step handles 32 elements as two vectors of 16 float32 lanes: per 16 elements about
 * 10 vector operations for exp and 13 for log with the widening, and 4-5 to round and
 * check, against a 16-lane gather for the lookup (core-bound at 0.38 ns an element). */
#include "half_fast.h"

#include "core/cpu.h"
#include "half_simd.h"

#ifdef NDI_HALF_X86
/* float32 ulps from a rounding boundary below which a lane reads the table: for float16
 * (13 dropped bits, 8192 ulps between neighbours) and bfloat16 (16 dropped bits); powers
 * of two, so that one test of the moved dropped bits decides. Over all 65536 inputs the
 * polynomials lie at most 1 ulp from nd's float32 kernels (4 for bfloat16 exp, whose
 * range reaches k = 4096, where r loses more); a margin must exceed that. float16 takes
 * twice it, as float16 log meets results next to a boundary often (within 4 ulps of one
 * for 15 inputs of [0.01, 5)) and each costs a lookup; bfloat16 four times. */
enum { MARGIN_F16 = 2, MARGIN_BF16 = 16 };

#define SPLAT(v) _mm512_set1_ps(v)

typedef struct {
  __m512 lo, hi;
} table32;
typedef struct {
  table32 a, b;
} tables; /* the 32-entry tables of a function, 16 lanes each */

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
NDI_T512 static inline __m512 exp_512(__m512 x, const tables *c) {
  const __m512 shifter = SPLAT(0x1.8p18f);
  __m512 t = _mm512_fmadd_ps(x, SPLAT(0x1.715476p+0f), shifter);
  __m512 k32 = _mm512_sub_ps(t, shifter);
  __m512 r = _mm512_fnmadd_ps(k32, SPLAT(0x1.62e43p-1f), x);
  __m512 s = _mm512_permutex2var_ps(c->a.lo, _mm512_castps_si512(t), c->a.hi);
  s = _mm512_scalef_ps(s, k32);
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

/* 32 results rounded to the 16-bit dtype, and `far`: the lanes whose float32 value lies
 * more than the margin from a rounding boundary. The dropped bits are tested in 16-bit
 * lanes, taken in element order from the low halves of the float32 lanes (float16: all 13
 * are there) or the moved ones (bfloat16): moved so that the margin either side of their
 * midpoint falls at 0 .. 2 MARGIN - 1, the lanes at 2 MARGIN and above are far. */
typedef struct {
  __m512i h;
  __mmask32 far;
} rounded;

/* float16: vcvtph2ps and vcvtps2ph */
NDI_T512 static inline void f16_widen(const uint16_t *x, __m512 *a0, __m512 *a1) {
  *a0 = _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)x));
  *a1 = _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(x + 16)));
}
/* words 0, 2, .., 30 of the first vector, then of the second */
static const short low_words[32] __attribute__((aligned(64))) = {
    0,  2,  4,  6,  8,  10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30,
    32, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54, 56, 58, 60, 62};
NDI_T512 static inline rounded f16_round(__m512 a0, __m512 a1) {
  rounded r;
  r.h = _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtps_ph(a0, NDI_RNE)),
                           _mm512_cvtps_ph(a1, NDI_RNE), 1);
  __m512i low = _mm512_permutex2var_epi16(_mm512_castps_si512(a0),
                                          _mm512_load_si512(low_words), _mm512_castps_si512(a1));
  __m512i moved = _mm512_add_epi16(low, _mm512_set1_epi16(MARGIN_F16 - 0x1000));
  r.far = _mm512_test_epi16_mask(moved, _mm512_set1_epi16(0x1fff & ~(2 * MARGIN_F16 - 1)));
  return r;
}

/* bfloat16: the 32 inputs of a vector placed in the high halves of 32-bit lanes by
 * interleaving with zeros (elements 0-3, 8-11, ... in the first vector, 4-7, 12-15, ... in
 * the second), the results' high halves gathered back in element order. Adding 0x8000 +
 * MARGIN moves the dropped bits and carries into the high half exactly where rounding to
 * nearest rounds up, for every lane the check keeps (a tie is within the margin). */
NDI_T512 static inline void bf16_widen(const uint16_t *x, __m512 *a0, __m512 *a1) {
  __m512i v = _mm512_loadu_si512(x);
  *a0 = _mm512_castsi512_ps(_mm512_unpacklo_epi16(_mm512_setzero_si512(), v));
  *a1 = _mm512_castsi512_ps(_mm512_unpackhi_epi16(_mm512_setzero_si512(), v));
}
/* word i of the result: the high half of 32-bit lane 4 (i / 8) + i % 4 of the first vector
 * (i % 8 < 4) or of the second (words 32 and up of the pair); the low half is one before */
static const short bf16_high_words[32] __attribute__((aligned(64))) = {
    1,  3,  5,  7,  33, 35, 37, 39, 9,  11, 13, 15, 41, 43, 45, 47,
    17, 19, 21, 23, 49, 51, 53, 55, 25, 27, 29, 31, 57, 59, 61, 63};
NDI_T512 static inline rounded bf16_round(__m512 a0, __m512 a1) {
  __m512i bias = _mm512_set1_epi32(0x8000 + MARGIN_BF16);
  __m512i v0 = _mm512_add_epi32(_mm512_castps_si512(a0), bias);
  __m512i v1 = _mm512_add_epi32(_mm512_castps_si512(a1), bias);
  __m512i high = _mm512_load_si512(bf16_high_words);
  __m512i moved = _mm512_permutex2var_epi16(v0, _mm512_sub_epi16(high, _mm512_set1_epi16(1)), v1);
  rounded r = {_mm512_permutex2var_epi16(v0, high, v1),
               _mm512_test_epi16_mask(moved, _mm512_set1_epi16(
                                                 (short)(0xffff & ~(2 * MARGIN_BF16 - 1))))};
  return r;
}

/* The lanes to keep, exp: far, with a result whose magnitude (h << 1 drops the sign) is
 * strictly between the smallest normal number and infinity, so that its float32 value lay
 * in the binades where the dropped bits are the ones tested. */
NDI_T512 static inline __mmask32 normal_result(rounded r, const uint16_t *x, int min_normal,
                                               int max_normal) {
  (void)x;
  __m512i mag = _mm512_sub_epi16(_mm512_slli_epi16(r.h, 1),
                                 _mm512_set1_epi16((short)(2 * min_normal + 2)));
  return _mm512_mask_cmple_epu16_mask(
      r.far, mag, _mm512_set1_epi16((short)(2 * (max_normal - min_normal - 1))));
}
/* log: far, with a positive finite input (0 < x bits <= the largest finite), which
 * is all it takes: log of such an input is a normal number far from the subnormals and
 * infinity, or 0 exactly (x = 1, computed so). */
NDI_T512 static inline __mmask32 positive_input(rounded r, const uint16_t *x, int min_normal,
                                                int max_normal) {
  (void)min_normal;
  __m512i below = _mm512_sub_epi16(_mm512_loadu_si512(x), _mm512_set1_epi16(1));
  return _mm512_mask_cmplt_epu16_mask(r.far, below, _mm512_set1_epi16((short)max_normal));
}

/* The lanes the check did not keep (rare: about 3 blocks of 32 in a hundred for float16
 * log of values in [0.01, 5), its worst) read the table. In place, at once: the inputs are
 * copied first, as the store overwrites them. Otherwise after the vector loop: a branch
 * taken at random in the loop would wait for its block's loads from memory and discard
 * the work running ahead of it when mispredicted (0.27 ns an element over 16M against
 * 0.23 in L1); instead every block records its position and uncertain lanes, without a
 * branch, and only uncertain ones advance the count. */
NDI_T512 static inline void put_in_place(uint16_t *o, __m512i h, __mmask32 ok,
                                         const uint16_t *table) {
  if (ok == 0xffffffffu) {
    _mm512_storeu_si512(o, h);
    return;
  }
  _Alignas(64) uint16_t in[32];
  _mm512_store_si512(in, _mm512_loadu_si512(o));
  _mm512_storeu_si512(o, h);
  for (uint32_t uncertain = ~(uint32_t)ok; uncertain; uncertain &= uncertain - 1) {
    int b = __builtin_ctz(uncertain);
    o[b] = table[in[b]];
  }
}

enum { DEFERRED = 64 };
typedef struct {
  int n;
  uint32_t lanes[DEFERRED];
  int64_t at[DEFERRED];
} deferred;

__attribute__((noinline, cold)) static void settle(deferred *d, uint16_t *o, const uint16_t *x,
                                                   const uint16_t *table) {
  for (int k = 0; k < d->n; k++)
    for (uint32_t lanes = d->lanes[k]; lanes; lanes &= lanes - 1) {
      int64_t e = d->at[k] + __builtin_ctz(lanes);
      o[e] = table[x[e]];
    }
  d->n = 0;
}

NDI_T512 static inline void put_32(uint16_t *o, const uint16_t *x, int64_t i, __m512i h,
                                   __mmask32 ok, const uint16_t *table, deferred *d) {
  if (o == x) {
    put_in_place(o + i, h, ok, table);
    return;
  }
  _mm512_storeu_si512(o + i, h);
  d->lanes[d->n] = ~(uint32_t)ok;
  d->at[d->n] = i;
  d->n += ok != 0xffffffffu;
  if (d->n == DEFERRED) settle(d, o, x, table);
}

NDI_T512 static tables load_tables(const float *a, const float *b) {
  return (tables){{_mm512_loadu_ps(a), _mm512_loadu_ps(a + 16)},
                  {_mm512_loadu_ps(b), _mm512_loadu_ps(b + 16)}};
}

/* One function (F, its tables A and B; exp has one, which B repeats), one dtype (WIDEN,
 * ROUND; the smallest normal and largest finite bit patterns), and the lanes to keep
 * (KEEP). */
#define FAST_LOOP(NAME, F, A, B, WIDEN, ROUND, KEEP, MIN_NORMAL, MAX_NORMAL)               \
  NDI_T512 static void NAME(uint16_t *o, const uint16_t *x, int64_t n, const uint16_t *t) { \
    tables c = load_tables(A, B);                                                         \
    deferred d;                                                                           \
    d.n = 0;                                                                              \
    int64_t i = 0;                                                                        \
    for (; i + 32 <= n; i += 32) {                                                        \
      __m512 a0, a1;                                                                      \
      WIDEN(x + i, &a0, &a1);                                                             \
      rounded r = ROUND(F(a0, &c), F(a1, &c));                                            \
      put_32(o, x, i, r.h, KEEP(r, x + i, MIN_NORMAL, MAX_NORMAL), t, &d);                 \
    }                                                                                     \
    if (d.n) settle(&d, o, x, t);                                                        \
    for (; i < n; i++) o[i] = t[x[i]];                                                    \
  }
FAST_LOOP(exp_f16, exp_512, exp2_32nds, exp2_32nds, f16_widen, f16_round, normal_result,
          0x0400, 0x7bff)
FAST_LOOP(log_f16, log_512, log_inv_c, log_c, f16_widen, f16_round, positive_input, 0x0400,
          0x7bff)
FAST_LOOP(exp_bf16, exp_512, exp2_32nds, exp2_32nds, bf16_widen, bf16_round, normal_result,
          0x0080, 0x7f7f)
FAST_LOOP(log_bf16, log_512, log_inv_c, log_c, bf16_widen, bf16_round, positive_input, 0x0080,
          0x7f7f)
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
