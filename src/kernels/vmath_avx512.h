/* nd's own AVX-512 routines for 8 doubles, used in place of libmvec's where the CPU has
 * AVX-512 and libmvec's is slower than NumPy's (log: 0.8x on one core, exp: about 1x).
 * Included by vmath.c only; the vmath list (vmath.h) names the functions they serve.
 * Both are branch-free except for a libm fixup of rare special lanes, and under 1 ulp.
 *
 * ---- log ----
 * Method: x = 2^e * m with m in [sqrt(2)/2, sqrt(2)) (getexp/getmant, which also normalise
 * subnormals), f = m - 1, s = f / (2 + f), so that log(m) = log((1 + s) / (1 - s))
 *   = 2s + s*R(z), z = s^2, R(z) = 2z/3 + 2z^2/5 + ... ;
 * with 2s = f - s*f and 0.5*f^2 = hfsq, log(m) = f - (hfsq - s*(hfsq + R)), summed in that
 * order so that the large terms are exact and the rounding errors fall on the small ones.
 * R is z*Q(z) with Q a degree-6 polynomial fitted by weighted least squares on Chebyshev
 * nodes of [0, zmax], zmax = ((sqrt2 - 1)/(sqrt2 + 1))^2; its relative error is below
 * 4e-15, which moves the result by less than 0.01 ulp. e*ln2 is split into a high part
 * with 20 significant bits (exact for any exponent) and a low part. Measured error: under
 * 1 ulp (tests/test_ew_math.c checks 4 against a long double reference).
 *
 * Lanes with x <= 0, infinities and NaNs take libm's log (rare, and exact as to the special
 * values: log(+-0) = -inf, log(x < 0) = NaN, log(inf) = inf, NaN in gives NaN out). */
#ifndef NDI_VMATH_AVX512_H
#define NDI_VMATH_AVX512_H

#include <immintrin.h>
#include <math.h>

#define NDI_AVX512 __attribute__((target("avx512f")))

NDI_AVX512 static inline __m512d ndi_vlog8_poly(__m512d z) {
  __m512d q = _mm512_set1_pd(0.14616111274735782);
  q = _mm512_fmadd_pd(q, z, _mm512_set1_pd(0.15331748796359562));
  q = _mm512_fmadd_pd(q, z, _mm512_set1_pd(0.1818288844625652));
  q = _mm512_fmadd_pd(q, z, _mm512_set1_pd(0.2222221114406082));
  q = _mm512_fmadd_pd(q, z, _mm512_set1_pd(0.28571428625947903));
  q = _mm512_fmadd_pd(q, z, _mm512_set1_pd(0.39999999999900604));
  q = _mm512_fmadd_pd(q, z, _mm512_set1_pd(0.6666666666666674));
  return _mm512_mul_pd(q, z);
}

/* Special lanes (mask `bad`) through libm, one by one. */
NDI_AVX512 static __m512d ndi_vlog8_fixup(__m512d r, __m512d x, __mmask8 bad) {
  double xs[8], rs[8];
  _mm512_storeu_pd(xs, x);
  _mm512_storeu_pd(rs, r);
  for (int i = 0; i < 8; i++)
    if (bad & (1u << i)) rs[i] = log(xs[i]);
  return _mm512_loadu_pd(rs);
}

NDI_AVX512 static inline __m512d ndi_vlog8(__m512d x) {
  const __m512d one = _mm512_set1_pd(1.0), half = _mm512_set1_pd(0.5);
  __m512d m = _mm512_getmant_pd(x, _MM_MANT_NORM_1_2, _MM_MANT_SIGN_zero); /* [1, 2) */
  __m512d e = _mm512_getexp_pd(x);                                          /* floor(log2 x) */
  __mmask8 big = _mm512_cmp_pd_mask(m, _mm512_set1_pd(1.4142135623730951), _CMP_GT_OQ);
  m = _mm512_mask_mul_pd(m, big, m, half);
  e = _mm512_mask_add_pd(e, big, e, one);
  __m512d f = _mm512_sub_pd(m, one);
  __m512d s = _mm512_div_pd(f, _mm512_add_pd(_mm512_set1_pd(2.0), f));
  __m512d z = _mm512_mul_pd(s, s);
  __m512d R = ndi_vlog8_poly(z);
  __m512d hfsq = _mm512_mul_pd(_mm512_mul_pd(half, f), f);
  /* e*ln2_lo + s*(hfsq + R), then hfsq minus that, f minus that, plus e*ln2_hi */
  __m512d t = _mm512_fmadd_pd(s, _mm512_add_pd(hfsq, R),
                              _mm512_mul_pd(e, _mm512_set1_pd(4.7493250390316726e-07)));
  __m512d r = _mm512_sub_pd(f, _mm512_sub_pd(hfsq, t));
  r = _mm512_fmadd_pd(e, _mm512_set1_pd(0.6931467056274414), r);
  __mmask8 ok = _mm512_cmp_pd_mask(x, _mm512_setzero_pd(), _CMP_GT_OQ) &
                _mm512_cmp_pd_mask(x, _mm512_set1_pd(INFINITY), _CMP_LT_OQ);
  if (ok != 0xff) r = ndi_vlog8_fixup(r, x, (__mmask8)~ok);
  return r;
}

/* ---- exp ----
 * Method: k = round(x / ln2), r = x - k*ln2 with ln2 split in two (the first product
 * subtracted exactly by the fma), |r| <= ln2/2; exp(r) = 1 + (r + r^2 q(r)) with q the
 * Taylor series of (exp(r) - 1 - r)/r^2 to degree 11 (truncation below 1e-16 of q, which
 * is itself at most 6% of the result); then scalef multiplies by 2^k with one rounding,
 * which also gives the overflow to inf and the gradual underflow. x is first clamped to
 * [-746, 710], beyond which the result is 0 or inf anyway; NaN passes through the clamp. */
NDI_AVX512 static inline __m512d ndi_vexp8(__m512d x) {
  x = _mm512_min_pd(_mm512_set1_pd(710.0), _mm512_max_pd(_mm512_set1_pd(-746.0), x));
  __m512d k = _mm512_roundscale_pd(_mm512_mul_pd(x, _mm512_set1_pd(1.4426950408889634)),
                                   _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  __m512d r = _mm512_fnmadd_pd(k, _mm512_set1_pd(0.6931471805599453), x);
  r = _mm512_fnmadd_pd(k, _mm512_set1_pd(2.3190468138462996e-17), r);
  /* q(r) = sum_j r^j / (j + 2)!, j = 0..11 */
  __m512d q = _mm512_set1_pd(1.0 / 6227020800.0); /* 1/13! */
  q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(1.0 / 479001600.0));
  q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(1.0 / 39916800.0));
  q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(1.0 / 3628800.0));
  q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(1.0 / 362880.0));
  q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(1.0 / 40320.0));
  q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(1.0 / 5040.0));
  q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(1.0 / 720.0));
  q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(1.0 / 120.0));
  q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(1.0 / 24.0));
  q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(1.0 / 6.0));
  q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(0.5));
  __m512d p = _mm512_add_pd(_mm512_set1_pd(1.0), _mm512_fmadd_pd(_mm512_mul_pd(r, r), q, r));
  return _mm512_scalef_pd(p, k);
}

#endif
