/* exp for float64 and float32 (vmath kernels: vmath_simd.h operations, included by
 * vmath_kernels.h once per instruction set).
 *
 * Method: k = round(x / ln2), r = x - k ln2, e^x = 2^k e^r. ln2 is split in two: k * LN2_HI
 * is subtracted exactly by the fma (x and k LN2_HI are multiples of 2^-54 and |r| < 0.35,
 * so r_hi fits a double), and r_lo = -k * LN2_LO carries the rest (|r_lo| < 2^-44, error
 * below 2^-98). e^r = 1 + r + r^2/2 + r^3 Q(r) with Q the minimax polynomial of degree 9
 * on [-0.3466, 0.3466] (relative error 2^-54, scripts/vmath_fit.py), summed as a
 * double-double 1 + r_hi (exact) plus the small terms, so that the only large rounding is
 * the last one: measured at most 0.52 ulp (tests/accuracy). The scaling by 2^k rounds
 * once where the result is subnormal, from the double-double (vscale_dd: no double
 * rounding); x is first clamped to [-746, 710], beyond which e^x is 0 or inf anyway, and
 * NaN passes through.
 *
 * float32: the same reduction in double with Q of degree 5 (relative error 2^-30, so e^r
 * to 2^-37), rounded to float once: correctly rounded except within 2^-13 ulp of a tie. */
#ifndef NDI_VMATH_EXP_H
#define NDI_VMATH_EXP_H

#define VM_INV_LN2 0x1.71547652b82fep0
#define VM_LN2_HI 0x1.62e42fefa39efp-1
#define VM_LN2_LO 0x1.abc9e3b39803fp-56

/* The reduction: k and r = r_hi + r_lo with x = k ln2 + r. */
typedef struct {
  vd k, rh, rl;
} vexp_red;

VI vexp_red vexp_reduce(vd x) {
  vd k = vrint(vmul(x, vdup(VM_INV_LN2)));
  return (vexp_red){k, vfnma(k, vdup(VM_LN2_HI), x), vmul(k, vdup(-VM_LN2_LO))};
}

/* e^r - 1 - r - r^2/2 = r^3 Q(r) on |r| <= 0.3466: Q of degree 9 (scripts/vmath_fit.py exp_q9) */
static const double vexp_q9[10] = {
    0x1.5555555555556p-3, 0x1.5555555555554p-5, 0x1.11111111109b8p-7,
    0x1.6c16c16c1811ep-10, 0x1.a01a01a7c0eedp-13, 0x1.a01a0198a812ap-16,
    0x1.71de0db9258e2p-19, 0x1.27e502c6e800cp-22, 0x1.af3892f8b74d6p-26,
    0x1.1f2a23c4bd443p-29};
/* the same to degree 5, for float32 (exp_q5) */
static const double vexp_q5[6] = {
    0x1.5555555a749edp-3, 0x1.55555547fc104p-5, 0x1.1110e1048c9ffp-7,
    0x1.6c16db1d88802p-10, 0x1.a124caa7ccdc8p-13, 0x1.a0849b2a7d8d6p-16};

/* e^r - 1 for r = r_hi + r_lo (|r| <= 0.3466) as a normalised double-double P:
 * r_hi + r_hi^2/2 is summed exactly (an fma gives the square's low part); the rest, r_lo (1 + r_hi) and
 * r^3 Q(r) (at most 0.02 |r|, Q evaluated at the double r nearest to r_hi + r_lo), adds
 * errors below 2^-60 |r|. */
VI vdd vexpm1_r(vexp_red t) {
  vd r = vadd(t.rh, t.rl), r2 = vmul(r, r);
  vdd h = vtwo_prod(vmul(vdup(0.5), t.rh), t.rh);
  vd rest = vfma(vmul(r2, r), vpoly(r, vexp_q9, 10), vfma(t.rh, t.rl, t.rl));
  vdd s = vfast_two_sum(t.rh, h.h);
  return vfast_two_sum(s.h, vadd(s.l, vadd(h.l, rest)));
}

/* e^x / 2^s (s = 0 or 1) from the reduction: 2^(k-s) (1 + P), one rounding */
VI vd vexp_scaled(vexp_red t, vdd p, double s) {
  vdd e = vfast_two_sum(vdup(1.0), p.h);
  return vscale_dd(e.h, vadd(e.l, p.l), vsub(t.k, vdup(s)));
}

/* x limited to [lo, hi], NaN kept */
VI vd vexp_clamp(vd x, double lo, double hi) { return vmin(vdup(hi), vmax(vdup(lo), x)); }

VI vd vm_exp(vd x) {
  vexp_red t = vexp_reduce(vexp_clamp(x, -746.0, 710.0));
  return vexp_scaled(t, vexpm1_r(t), 0);
}

/* e^x - 1 as an unnormalised double-double for x in [-40, 45] (given reduced, with P):
 * (2^k - 1) + 2^k P, where 2^k - 1 is split exactly by a two-sum and 2^k P is exact. */
VI vdd vexpm1_dd(vexp_red t, vdd p) {
  vd sk = vpow2i(vtoint(t.k));
  vdd a = vtwo_sum(sk, vdup(-1.0));
  vdd s = vtwo_sum(a.h, vmul(p.h, sk));
  return vdd_make(s.h, vadd(s.l, vfma(p.l, sk, a.l)));
}

/* expm1: below -40 the result rounds to -1, above 45 the -1 no longer counts (e^x) */
VI vd vm_expm1(vd x) {
  vexp_red t = vexp_reduce(vexp_clamp(x, -40.0, 710.0));
  vdd p = vexpm1_r(t);
  vm big = vgt(x, vdup(45.0));
  vd r = vdd_round(vexpm1_dd(t, p));
  if (many(big)) r = vsel(big, vexp_scaled(t, p, 0), r);
  return vsel(veq(x, vdup(0.0)), x, r); /* expm1(-0) = -0 */
}

/* sinh, cosh and tanh of a = |x| from D = e^a = 2^k (1 + P) and E = e^a - 1 =
 * (2^k - 1) + 2^k P, both double-doubles without cancellation (for a <= 36, k <= 52, so
 * 2^k -+ 1 is exact and larger than 2^k P: fast two-sums); E is P itself for k = 0, so
 * it keeps its relative accuracy (2^-56) for tiny a:
 *   sinh = (E + E / D) / 2,  cosh = (D + 1 / D) / 2,  tanh = E2 / (E2 + 2) with E2 the E
 *   of 2a,
 * each rounded once. For a > 36, e^-a is below 2^-104 of the result and sinh = cosh =
 * e^a / 2 (scaled by 2^(k-1): no overflow before 710.47); tanh is +-1 beyond 19.1, where
 * 1 - tanh < 2^-54. */
/* 2^k + c + 2^k P for c = -1, 0, 1 and k in [0, 52] */
VI vdd vexp_shift(vexp_red t, vdd p, double c) {
  vd sk = vpow2i(vtoint(t.k));
  vdd s = vfast_two_sum(vadd(sk, vdup(c)), vmul(p.h, sk));
  return vdd_make(s.h, vfma(p.l, sk, s.l));
}

VI vd vm_sinh(vd x) {
  vd a = vabs(x);
  vexp_red t = vexp_reduce(vexp_clamp(a, 0.0, 711.0));
  vdd p = vexpm1_r(t);
  vdd e = vexp_shift(t, p, -1.0);
  vdd q = vdd_div(e, vexp_shift(t, p, 0.0));
  vdd s = vfast_two_sum(e.h, q.h);
  vd r = vmul(vadd(s.h, vadd(s.l, vadd(e.l, q.l))), vdup(0.5));
  vm big = vgt(a, vdup(36.0));
  if (many(big)) r = vsel(big, vexp_scaled(t, p, 1), r);
  return vmulsign(vsel(visnan(x), x, r), x);
}

VI vd vm_cosh(vd x) {
  vd a = vabs(x);
  vexp_red t = vexp_reduce(vexp_clamp(a, 0.0, 711.0));
  vdd p = vexpm1_r(t);
  vdd d = vexp_shift(t, p, 0.0);
  vdd q = vdd_div(vdd_make(vdup(1.0), vdup(0.0)), d);
  vdd s = vfast_two_sum(d.h, q.h);
  vd r = vmul(vadd(s.h, vadd(s.l, vadd(d.l, q.l))), vdup(0.5));
  vm big = vgt(a, vdup(36.0));
  if (many(big)) r = vsel(big, vexp_scaled(t, p, 1), r);
  return vsel(visnan(x), x, r);
}

VI vd vm_tanh(vd x) {
  vd a = vabs(x);
  vexp_red t = vexp_reduce(vexp_clamp(vadd(a, a), 0.0, 40.0));
  vdd p = vexpm1_r(t);
  /* F = e^2a + 1 = 2^k (1 + P) + 1 and E2 = F - 2 by exact sums; E2 keeps a relative
   * accuracy of 2^-80 for a >= 2^-27, below which tanh(a) rounds to a */
  vd sk = vpow2i(vtoint(t.k));
  vdd d = vfast_two_sum(vdup(1.0), p.h);
  vdd f = vfast_two_sum(vmul(d.h, sk), vdup(1.0));
  f.l = vfma(vadd(d.l, p.l), sk, f.l);
  vdd e = vfast_two_sum(f.h, vdup(-2.0));
  e = vfast_two_sum(e.h, vadd(e.l, f.l));
  vd r = vdd_round(vdd_div(e, f));
  r = vsel(vgt(a, vdup(19.1)), vdup(1.0), vsel(vlt(a, vdup(0x1p-27)), a, r));
  return vmulsign(vsel(visnan(x), x, r), x);
}

/* The complex functions keep e^t unscaled, as (1 + P) 2^k, so that a product with a small
 * factor does not overflow before its scaling; t is clamped to VM_EXP_SCALED_MAX, where
 * e^t times the smallest subnormal (2^-1074 = e^-744.4) still overflows, so that a clamped
 * t gives an infinite product wherever the exact one is (at 1400, exp(1e300 + 1e-310i)
 * had a finite imaginary part). */
#define VM_EXP_SCALED_MAX 1500.0

/* cosh t and sinh t as double-doubles times 2^e, for the complex functions: e = 0 and the
 * formulas above for |t| <= 36; beyond, both are e^|t|/2 = (1 + P) 2^(k-1) (to 2^-104),
 * kept unscaled (|t| clamped to VM_EXP_SCALED_MAX); sinh with t's sign */
typedef struct {
  vdd c, s;
  vd e;
} vcosh_sinh;

VI vcosh_sinh vcosh_sinh_dd(vd t) {
  vd a = vabs(t);
  vexp_red r = vexp_reduce(vexp_clamp(a, 0.0, VM_EXP_SCALED_MAX));
  vdd p = vexpm1_r(r);
  vdd e = vexp_shift(r, p, -1.0), d = vexp_shift(r, p, 0.0);
  vdd inv = vdd_div(vdd_make(vdup(1.0), vdup(0.0)), d);
  vdd q = vdd_mul(e, inv); /* E/D */
  vdd s = vdd_add(e, q), c = vdd_add(d, inv);
  vcosh_sinh out = {vdd_make(vmul(c.h, vdup(0.5)), vmul(c.l, vdup(0.5))),
                    vdd_make(vmul(s.h, vdup(0.5)), vmul(s.l, vdup(0.5))), vdup(0.0)};
  vm big = vgt(a, vdup(36.0));
  if (many(big)) {
    vdd m = vfast_two_sum(vdup(1.0), p.h);
    m.l = vadd(m.l, p.l);
    out.c = vdd_sel(big, m, out.c);
    out.s = vdd_sel(big, m, out.s);
    out.e = vsel(big, vsub(r.k, vdup(1.0)), out.e);
  }
  out.s = vdd_negsel(vsignbit(t), out.s);
  return out;
}

/* ---- float32 inputs ---- */

/* e^x for |x| <= 104 to a relative 2^-37 (Q of degree 5, relative error 2^-30), with
 * e^r - 1 kept apart for expm1 */
typedef struct {
  vd k, em1;
} vexp_f_parts;

VI vexp_f_parts vexp_f_core(vd x) {
  vd k = vrint(vmul(x, vdup(VM_INV_LN2)));
  vd r = vfnma(k, vdup(VM_LN2_HI), x);
  vd q = vpoly(r, vexp_q5, 6);
  vd r2 = vmul(r, r);
  return (vexp_f_parts){k, vfma(vmul(r2, r), q, vfma(vdup(0.5), r2, r))};
}

/* |x| beyond the clamp gives 0 or inf as a float anyway */
VI vd vm_exp_f(vd x) {
  vexp_f_parts e = vexp_f_core(vexp_clamp(x, -104.0, 89.0));
  return vscale(vadd(vdup(1.0), e.em1), e.k);
}

/* (2^k - 1) + 2^k em1: the first sum is exact for k <= 52 (and |x| <= 20 keeps k there);
 * below -20, e^x < 2^-28 and the double e^x - 1 rounds correctly to float */
VI vd vm_expm1_f(vd x) {
  vexp_f_parts e = vexp_f_core(vexp_clamp(x, -20.0, 89.0));
  vd sk = vscale(vdup(1.0), e.k);
  vd r = vfma(sk, e.em1, vsub(sk, vdup(1.0)));
  return vsel(veq(x, vdup(0.0)), x, r);
}

/* sinh and cosh: (e^|x| -+ e^-|x|) / 2 in double; for sinh below 0.5, where that
 * difference would cancel, the odd series to x^11 (relative error 2^-35) */
VI vd vm_sinh_f(vd x) {
  vd a = vabs(x);
  vexp_f_parts e = vexp_f_core(vexp_clamp(a, 0.0, 90.0));
  vd ex = vscale(vadd(vdup(1.0), e.em1), e.k);
  vd r = vmul(vdup(0.5), vsub(ex, vdiv(vdup(1.0), ex)));
  vd a2 = vmul(a, a);
  vd s = vfma(a2, vdup(1.0 / 39916800), vdup(1.0 / 362880));
  s = vfma(a2, s, vdup(1.0 / 5040));
  s = vfma(a2, s, vdup(1.0 / 120));
  s = vfma(a2, s, vdup(1.0 / 6));
  s = vfma(vmul(a2, a), s, a);
  r = vsel(vlt(a, vdup(0.5)), s, r);
  return vmulsign(vsel(visnan(x), x, r), x);
}

VI vd vm_cosh_f(vd x) {
  vd a = vabs(x);
  vexp_f_parts e = vexp_f_core(vexp_clamp(a, 0.0, 90.0));
  vd ex = vscale(vadd(vdup(1.0), e.em1), e.k);
  vd r = vmul(vdup(0.5), vadd(ex, vdiv(vdup(1.0), ex)));
  return vsel(visnan(x), x, r);
}

/* tanh = E2 / (E2 + 2), E2 = expm1(2|x|); +-1 beyond 10 */
VI vd vm_tanh_f(vd x) {
  vd a = vabs(x);
  vexp_f_parts e = vexp_f_core(vexp_clamp(vadd(a, a), 0.0, 20.0));
  vd sk = vscale(vdup(1.0), e.k);
  vd em1 = vfma(sk, e.em1, vsub(sk, vdup(1.0)));
  vd r = vdiv(em1, vadd(em1, vdup(2.0)));
  r = vsel(vgt(a, vdup(10.0)), vdup(1.0), r);
  return vmulsign(vsel(visnan(x), x, r), x);
}

#endif
