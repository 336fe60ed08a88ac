/* The vector operations nd's transcendental kernels (vmath_*.h) are written in, for one
 * instruction set per translation unit, chosen by NDI_VM_ISA before this header:
 *   512  AVX-512F: 8 doubles per vector, masks in mask registers (vmath_avx512.c)
 *   256  AVX2 with FMA: 4 doubles, masks as all-ones lanes (vmath_avx2.c)
 *   1    plain C: one double, fma() from libm (vmath_scalar.c)
 * Every operation is one IEEE operation of the same precision (+ - * / sqrt fma, rounding
 * to an integer) or exact bit manipulation, so a kernel written once gives the same bits
 * on all three: nothing here may fuse, reassociate or approximate (the files are compiled
 * with -ffp-contract=off). Lanes are independent: a lane's result never depends on the
 * other lanes of its vector.
 *
 * Names: vd is a vector of doubles, vi of 64-bit integers, vm a mask (one bit per lane);
 * v<op> work on doubles, vi<op> on integers, m<op> on masks. */
#ifndef NDI_VMATH_SIMD_H
#define NDI_VMATH_SIMD_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#define VI static inline __attribute__((always_inline))

#if NDI_VM_ISA == 512 || NDI_VM_ISA == 256
#include <immintrin.h>
/* _mm<bits>_<op>_pd and its kin */
#define VM_CAT5_(a, b, c, d, e) a##b##c##d##e
#define VM_CAT5(a, b, c, d, e) VM_CAT5_(a, b, c, d, e)
#define VM_PD(op) VM_CAT5(_mm, NDI_VM_ISA, _##op, _pd, )
#define VM_EPI(op) VM_CAT5(_mm, NDI_VM_ISA, _##op, _epi64, )
#define VM_SI(op) VM_CAT5(_mm, NDI_VM_ISA, _##op, _si, NDI_VM_ISA)
#define visll(a, n) VM_EPI(slli)(a, n)
#define visrl(a, n) VM_EPI(srli)(a, n)
#if NDI_VM_ISA == 512
#define VL 8
typedef __m512d vd;
typedef __m512i vi;
typedef __mmask8 vm;
#define VM_SET1_EPI64 _mm512_set1_epi64
VI vd vround_(vd a, int mode) { return _mm512_roundscale_pd(a, mode); }
VI vm vcmp_(vd a, vd b, int p) { return _mm512_cmp_pd_mask(a, b, p); }
VI vm mand(vm a, vm b) { return a & b; }
VI vm mor(vm a, vm b) { return a | b; }
VI vm mandnot(vm a, vm b) { return a & (vm)~b; } /* a and not b */
VI vm mnot(vm a) { return (vm)~a; }
VI int mbits(vm a) { return a; } /* bit i: lane i */
VI vd vsel(vm m, vd a, vd b) { return _mm512_mask_blend_pd(m, b, a); } /* m ? a : b */
VI vi vasi(vd a) { return _mm512_castpd_si512(a); }
VI vd vasd(vi a) { return _mm512_castsi512_pd(a); }
VI vm vieq(vi a, vi b) { return _mm512_cmpeq_epi64_mask(a, b); }
VI vm vigt(vi a, vi b) { return _mm512_cmpgt_epi64_mask(a, b); }
VI vi visel(vm m, vi a, vi b) { return _mm512_mask_blend_epi64(m, b, a); }
/* float32 lanes widened to double (exact) and rounded back */
VI vd vldf(const float *p) { return _mm512_cvtps_pd(_mm256_loadu_ps(p)); }
VI void vstf(float *p, vd a) { _mm256_storeu_ps(p, _mm512_cvtpd_ps(a)); }
#else
#define VL 4
typedef __m256d vd;
typedef __m256i vi;
typedef __m256d vm;
#define VM_SET1_EPI64 _mm256_set1_epi64x
VI vd vround_(vd a, int mode) { return _mm256_round_pd(a, mode); }
VI vm vcmp_(vd a, vd b, int p) { return _mm256_cmp_pd(a, b, p); }
VI vm mand(vm a, vm b) { return _mm256_and_pd(a, b); }
VI vm mor(vm a, vm b) { return _mm256_or_pd(a, b); }
VI vm mandnot(vm a, vm b) { return _mm256_andnot_pd(b, a); }
VI vm mnot(vm a) { return _mm256_xor_pd(a, _mm256_castsi256_pd(_mm256_set1_epi64x(-1))); }
VI int mbits(vm a) { return _mm256_movemask_pd(a); }
VI vd vsel(vm m, vd a, vd b) { return _mm256_blendv_pd(b, a, m); }
VI vi vasi(vd a) { return _mm256_castpd_si256(a); }
VI vd vasd(vi a) { return _mm256_castsi256_pd(a); }
VI vm vieq(vi a, vi b) { return _mm256_castsi256_pd(_mm256_cmpeq_epi64(a, b)); }
VI vm vigt(vi a, vi b) { return _mm256_castsi256_pd(_mm256_cmpgt_epi64(a, b)); }
VI vi visel(vm m, vi a, vi b) { return vasi(vsel(m, vasd(a), vasd(b))); }
VI vd vldf(const float *p) { return _mm256_cvtps_pd(_mm_loadu_ps(p)); }
VI void vstf(float *p, vd a) { _mm_storeu_ps(p, _mm256_cvtpd_ps(a)); }
#endif
VI vd vdup(double a) { return VM_PD(set1)(a); }
VI vd vld(const double *p) { return VM_PD(loadu)(p); }
VI void vst(double *p, vd a) { VM_PD(storeu)(p, a); }
VI vd vadd(vd a, vd b) { return VM_PD(add)(a, b); }
VI vd vsub(vd a, vd b) { return VM_PD(sub)(a, b); }
VI vd vmul(vd a, vd b) { return VM_PD(mul)(a, b); }
VI vd vdiv(vd a, vd b) { return VM_PD(div)(a, b); }
VI vd vsqrt(vd a) { return VM_PD(sqrt)(a); }
VI vd vfma(vd a, vd b, vd c) { return VM_PD(fmadd)(a, b, c); }  /* a*b + c */
VI vd vfms(vd a, vd b, vd c) { return VM_PD(fmsub)(a, b, c); }  /* a*b - c */
VI vd vfnma(vd a, vd b, vd c) { return VM_PD(fnmadd)(a, b, c); } /* c - a*b */
VI vd vrint(vd a) { return vround_(a, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC); }
VI vd vtrunc(vd a) { return vround_(a, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC); }
VI vm vlt(vd a, vd b) { return vcmp_(a, b, _CMP_LT_OQ); }
VI vm vle(vd a, vd b) { return vcmp_(a, b, _CMP_LE_OQ); }
VI vm vgt(vd a, vd b) { return vcmp_(a, b, _CMP_GT_OQ); }
VI vm vge(vd a, vd b) { return vcmp_(a, b, _CMP_GE_OQ); }
VI vm veq(vd a, vd b) { return vcmp_(a, b, _CMP_EQ_OQ); }
VI vm visnan(vd a) { return vcmp_(a, a, _CMP_UNORD_Q); }
/* x86's max and min: b where either is NaN (so vmax(bound, x) keeps a NaN x) */
VI vd vmax(vd a, vd b) { return VM_PD(max)(a, b); }
VI vd vmin(vd a, vd b) { return VM_PD(min)(a, b); }
VI vi vidup(int64_t a) { return VM_SET1_EPI64(a); }
VI vi viadd(vi a, vi b) { return VM_EPI(add)(a, b); }
VI vi visub(vi a, vi b) { return VM_EPI(sub)(a, b); }
VI vi viand(vi a, vi b) { return VM_SI(and)(a, b); }
VI vi vior(vi a, vi b) { return VM_SI(or)(a, b); }
VI vi vixor(vi a, vi b) { return VM_SI(xor)(a, b); }

#elif NDI_VM_ISA == 1
#define VL 1
typedef double vd;
typedef int64_t vi;
typedef int vm;
VI vd vdup(double a) { return a; }
VI vd vld(const double *p) { return *p; }
VI void vst(double *p, vd a) { *p = a; }
VI vd vadd(vd a, vd b) { return a + b; }
VI vd vsub(vd a, vd b) { return a - b; }
VI vd vmul(vd a, vd b) { return a * b; }
VI vd vdiv(vd a, vd b) { return a / b; }
VI vd vsqrt(vd a) { return sqrt(a); }
VI vd vfma(vd a, vd b, vd c) { return fma(a, b, c); }
VI vd vfms(vd a, vd b, vd c) { return fma(a, b, -c); }
VI vd vfnma(vd a, vd b, vd c) { return fma(-a, b, c); }
VI vd vrint(vd a) { return nearbyint(a); } /* the default mode: to nearest, ties to even */
VI vd vtrunc(vd a) { return trunc(a); }
VI vd vmax(vd a, vd b) { return a > b ? a : b; } /* x86's: b where either is NaN */
VI vd vmin(vd a, vd b) { return a < b ? a : b; }
VI vm vlt(vd a, vd b) { return a < b; }
VI vm vle(vd a, vd b) { return a <= b; }
VI vm vgt(vd a, vd b) { return a > b; }
VI vm vge(vd a, vd b) { return a >= b; }
VI vm veq(vd a, vd b) { return a == b; }
VI vm visnan(vd a) { return a != a; }
VI vm mand(vm a, vm b) { return a & b; }
VI vm mor(vm a, vm b) { return a | b; }
VI vm mandnot(vm a, vm b) { return a & !b; }
VI vm mnot(vm a) { return !a; }
VI int mbits(vm a) { return a; }
VI vd vsel(vm m, vd a, vd b) { return m ? a : b; }
VI vi vasi(vd a) { vi r; memcpy(&r, &a, 8); return r; }
VI vd vasd(vi a) { vd r; memcpy(&r, &a, 8); return r; }
VI vi vidup(int64_t a) { return a; }
VI vi viadd(vi a, vi b) { return (vi)((uint64_t)a + (uint64_t)b); }
VI vi visub(vi a, vi b) { return (vi)((uint64_t)a - (uint64_t)b); }
VI vi viand(vi a, vi b) { return a & b; }
VI vi vior(vi a, vi b) { return a | b; }
VI vi vixor(vi a, vi b) { return a ^ b; }
#define visll(a, n) ((vi)((uint64_t)(a) << (n)))
#define visrl(a, n) ((vi)((uint64_t)(a) >> (n)))
VI vm vieq(vi a, vi b) { return a == b; }
VI vm vigt(vi a, vi b) { return a > b; }
VI vi visel(vm m, vi a, vi b) { return m ? a : b; }
VI vd vldf(const float *p) { return *p; }
VI void vstf(float *p, vd a) { *p = (float)a; }

#else
#error "NDI_VM_ISA must be 512, 256 or 1"
#endif

/* ---- built from the above: the same on every instruction set -------------------------- */

/* c[0] + c[1] x + ... + c[n-1] x^(n-1) by Horner's rule (the coefficients of
 * scripts/vmath_fit.py, lowest degree first) */
VI vd vpoly(vd x, const double *c, int n) {
  vd p = vdup(c[n - 1]);
  for (int i = n - 2; i >= 0; i--) p = vfma(p, x, vdup(c[i]));
  return p;
}

#define VM_SIGN INT64_MIN /* the sign bit (1 << 63 would overflow int64_t) */
VI int many(vm m) { return mbits(m) != 0; }
VI vd vabs(vd a) { return vasd(viand(vasi(a), vidup(~VM_SIGN))); }
VI vd vneg(vd a) { return vasd(vixor(vasi(a), vidup(VM_SIGN))); }
/* |a| with the sign of s */
VI vd vcopysign(vd a, vd s) {
  return vasd(vior(viand(vasi(a), vidup(~VM_SIGN)), viand(vasi(s), vidup(VM_SIGN))));
}
/* a with its sign flipped where s is negative (a * sign(s), exactly) */
VI vd vmulsign(vd a, vd s) { return vasd(vixor(vasi(a), viand(vasi(s), vidup(VM_SIGN)))); }
VI vm vsignbit(vd a) { return vigt(vidup(0), vasi(a)); }

/* The integer value of a double that holds an integer k, |k| < 2^51, as an int64 lane:
 * adding 1.5 * 2^52 moves k into the low bits of the significand. */
#define VM_SHIFTER 0x1.8p52
VI vi vtoint(vd k) { return visub(vasi(vadd(k, vdup(VM_SHIFTER))), vasi(vdup(VM_SHIFTER))); }
/* 2^k for integer lanes k in [-1022, 1023] */
VI vd vpow2i(vi k) { return vasd(visll(viadd(k, vidup(1023)), 52)); }
/* a * 2^k for a double k holding an integer, rounded once; k is first clamped to
 * [-2044, 2046] (on every path: the kernels' values a lie within 2^+-1100, so that far out
 * the result is 0 or inf either way). The two halves of the scaling keep the first
 * product exact (no overflow or underflow), so only the second rounds, where the result
 * overflows or is subnormal. */
VI vd vscale(vd a, vd k) {
#if NDI_VM_ISA == 512
  return _mm512_scalef_pd(a, k); /* the same single rounding in one instruction (at any k) */
#else
  k = vmin(vdup(2046.0), vmax(vdup(-2044.0), k));
  vi ki = vtoint(k);
  /* k1 = floor(k / 2), without a 64-bit arithmetic shift (AVX2 has none) */
  vi k1 = visub(visrl(viadd(ki, vidup((int64_t)1 << 62)), 1), vidup((int64_t)1 << 61));
  return vmul(vmul(a, vpow2i(k1)), vpow2i(visub(ki, k1)));
#endif
}

/* (h + l) * 2^k rounded once, for a double-double h + l (|l| <= ulp(h)/2) and k as for
 * vscale. Where the result is subnormal, rounding h + l first and scaling then would round
 * twice; instead u = |h| 2^(k + 1074) (exact, below 2^53) counts the smallest subnormals,
 * and u is rounded to an integer with l deciding the ties (the only place where l can
 * change the rounding: it is below half an ulp of u). */
VI vd vscale_dd(vd h, vd l, vd k) {
  vd r = vscale(vadd(h, l), k);
  vm sub = vlt(vabs(r), vdup(0x1p-1022));
  if (many(sub)) {
    vd u = vscale(vabs(h), vadd(k, vdup(1074.0)));
    vd lu = vmulsign(l, h); /* l as seen from |h| */
    vd t = vtrunc(u), n = vrint(u);
    vm tie = veq(vsub(u, t), vdup(0.5));
    n = vsel(mand(tie, vgt(lu, vdup(0.0))), vadd(t, vdup(1.0)), n);
    n = vsel(mand(tie, vlt(lu, vdup(0.0))), t, n);
    r = vsel(sub, vmulsign(vmul(n, vdup(0x1p-1074)), h), r);
  }
  return r;
}

/* Exponent and significand: x = m * 2^e with m in [1, 2), for finite x > 0 (subnormals
 * included); other lanes give unspecified values. e is a double. */
VI vd vgetexp(vd x) {
#if NDI_VM_ISA == 512
  return _mm512_getexp_pd(x);
#else
  vm sub = vlt(x, vdup(0x1p-1022));
  vd xs = vsel(sub, vmul(x, vdup(0x1p54)), x);
  vi eb = visrl(vasi(xs), 52);
  vd e = vsub(vasd(vior(eb, vasi(vdup(VM_SHIFTER)))), vdup(VM_SHIFTER + 1023));
  return vsel(sub, vsub(e, vdup(54)), e);
#endif
}
VI vd vgetmant(vd x) {
#if NDI_VM_ISA == 512
  return _mm512_getmant_pd(x, _MM_MANT_NORM_1_2, _MM_MANT_SIGN_zero);
#else
  vm sub = vlt(x, vdup(0x1p-1022));
  vd xs = vsel(sub, vmul(x, vdup(0x1p54)), x);
  return vasd(vior(viand(vasi(xs), vidup(((int64_t)1 << 52) - 1)), vasi(vdup(1.0))));
#endif
}

#endif
