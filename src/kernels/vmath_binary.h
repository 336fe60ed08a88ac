/* The two-argument functions atan2, hypot, pow and logaddexp for float64 and float32
 * (vmath kernels: vmath_simd.h operations, included by vmath_kernels.h once per
 * instruction set).
 *
 * atan2(y, x): atan(n/d) of n = min(|x|, |y|), d = max (vatan_ratio of vmath_atrig.h),
 * then pi/2 - it where |y| > |x|, pi - that where x < 0 (or -0), all in double-double;
 * both scaled by a power of 2 first where d is beyond 2^+-1000.
 * hypot: big and small scaled by 2^-+600 where big is beyond 2^+-500, big^2 + small^2 as
 * an exact double-double, its square root corrected by the remainder (fma), scaled back
 * with one rounding.
 * pow: |x|^y = exp(y log|x|) with the precise log (vmath_log.h, 2^-67) and the exp core
 * of vmath_exp.h on the double-double y log|x|; the relative error of the log, times
 * |y log|x|| (at most 745 where the result is neither 0 nor inf), stays below 2^-57.
 * logaddexp(a, b) = max + log1p(e^-|a - b|): e^-d as an unrounded double-double, the
 * precise log of 1 + e^-d, the sum with max in double-double. Where the sum cancels
 * (max near -log1p(e^-d), the result near 0) its absolute error stays about 2^-60, so the
 * 1-ulp bound holds for results of magnitude 2^-5 and above (NumPy's own formula errs by
 * 2^-53 absolute there).
 *
 * Special values follow C99 Annex F (pow: the Array API's table; hypot(inf, NaN) = inf;
 * atan2 of zeros and infinities by their signs).
 *
 * float32: atan2, hypot and pow in double with the float32 cores (atan, log, exp);
 * logaddexp through the float64 kernel, rounded once. */
#ifndef NDI_VMATH_BINARY_H
#define NDI_VMATH_BINARY_H

/* the atan2 ladder around r0 = atan(n/d): c pi/2 + s r0 by quadrant, as a double-double
 * without y's sign */
VI vdd vatan2_quadrant(vdd r0, vm swap, vd x) {
  vm xneg = vsignbit(x);
  vd c = vsel(xneg, vsel(swap, vdup(1.0), vdup(2.0)), vsel(swap, vdup(1.0), vdup(0.0)));
  vd s = vsel(mand(swap, mnot(xneg)), vdup(-1.0), vsel(mandnot(xneg, swap), vdup(-1.0), vdup(1.0)));
  return vpio2_plus_dd(c, r0, s);
}

/* ... rounded, with the sign of y, NaN for NaN (zeros and infinities of n and d are mapped
 * to r0 = 0 or pi/4 by the caller) */
VI vd vatan2_finish(vdd r0, vm swap, vd x, vd y) {
  vd r = vmulsign(vdd_round(vatan2_quadrant(r0, swap, x)), y);
  return vsel(mor(visnan(x), visnan(y)), vadd(x, y), r);
}

/* (n, d) with n <= d of |y| and |x|, with both zero read as 0/1 and both infinite as 1/1,
 * and an infinite d with finite n as 0/1 */
typedef struct {
  vd n, d;
  vm swap;
} vatan2_args;

VI vatan2_args vatan2_prepare(vd x, vd y) {
  vd ax = vabs(x), ay = vabs(y);
  vm swap = vgt(ay, ax);
  vd n = vsel(swap, ax, ay), d = vsel(swap, ay, ax);
  vm dinf = veq(d, vdup(INFINITY)), ninf = veq(n, vdup(INFINITY));
  vm zero = mor(veq(n, vdup(0.0)), mandnot(dinf, ninf));
  n = vsel(zero, vdup(0.0), vsel(ninf, vdup(1.0), n));
  d = vsel(mor(zero, ninf), vdup(1.0), d);
  return (vatan2_args){n, d, swap};
}

/* atan(n/d) for vatan2_prepare's n and d: n and d are scaled by 2^-600 where d > 2^1000,
 * and by 2^600 where n < 2^-900 (and d < 2^400: else n/d underflows to 0 anyway), so that
 * 1/d, n + d and the quotient's remainder (about 2^-52 n) neither overflow nor underflow;
 * below 2^-30, atan(n/d) rounds as n/d does: one division (and one for its remainder),
 * correct even where the result is subnormal (where the series' low part would underflow) */
VI vdd vatan2_r0(vatan2_args a) {
  vm up = mand(vlt(a.n, vdup(0x1p-900)), vlt(a.d, vdup(0x1p400)));
  vd sc = vsel(vgt(a.d, vdup(0x1p1000)), vdup(0x1p-600), vsel(up, vdup(0x1p600), vdup(1.0)));
  vdd r0 = vatan_ratio(vmul(a.n, sc), vmul(a.d, sc));
  vm tiny = vlt(a.n, vmul(a.d, vdup(0x1p-30)));
  if (many(tiny)) {
    vd q = vdiv(a.n, a.d); /* and its remainder, unless it would underflow */
    vd l = vsel(vlt(q, vdup(0x1p-960)), vdup(0.0), vdiv(vfnma(q, a.d, a.n), a.d));
    r0.h = vsel(tiny, q, r0.h);
    r0.l = vsel(tiny, l, r0.l);
  }
  return r0;
}

VI vd vm_atan2(vd y, vd x) {
  vatan2_args a = vatan2_prepare(x, y);
  return vatan2_finish(vatan2_r0(a), a.swap, x, y);
}

VI vd vm_hypot(vd x, vd y) {
  vd a = vabs(x), b = vabs(y);
  vm swap = vgt(b, a);
  vd big = vsel(swap, b, a), small = vsel(swap, a, b);
  vd k = vsel(vgt(big, vdup(0x1p500)), vdup(-600.0), vsel(vlt(big, vdup(0x1p-500)), vdup(600.0), vdup(0.0)));
  vd sc = vpow2i(vtoint(k));
  vd bs = vmul(big, sc), ss = vmul(small, sc);
  vdd p = vtwo_prod(bs, bs), q = vtwo_prod(ss, ss);
  vdd s = vfast_two_sum(p.h, q.h);
  s.l = vadd(s.l, vadd(p.l, q.l));
  vd h = vsqrt(s.h);
  vd l = vmul(vadd(vfnma(h, h, s.h), s.l), vdiv(vdup(0.5), h));
  vd r = vscale_dd(h, vsel(veq(h, vdup(0.0)), vdup(0.0), l), vneg(k));
  /* inf beats NaN (C99: hypot(inf, NaN) = inf) */
  r = vsel(mor(visnan(x), visnan(y)), vadd(x, y), r);
  return vsel(mor(veq(a, vdup(INFINITY)), veq(b, vdup(INFINITY))), vdup(INFINITY), r);
}

/* pow's special values (C99 Annex F, the Array API's table) over r, the value for finite
 * x != 0 and finite y: x < 0 needs an integer y (odd: the sign of x), zeros and
 * infinities of x give 0 or inf by the sign of y, infinite y 0, 1 or inf by |x| against
 * 1; y == 0 and x == 1 give 1 whatever the other is, else NaN gives NaN. */
VI vd vpow_special(vd x, vd y, vd r) {
  vd ax = vabs(x), hy = vmul(y, vdup(0.5));
  vm yint = veq(vtrunc(y), y), yodd = mand(yint, mnot(veq(vtrunc(hy), hy)));
  vm xneg = vlt(x, vdup(0.0));
  r = vsel(xneg, vsel(yint, vsel(yodd, vneg(r), r), vdup(NAN)), r);
  vm edge = mor(mor(veq(ax, vdup(0.0)), veq(ax, vdup(INFINITY))), mnot(vlt(vabs(y), vdup(INFINITY))));
  if (many(mor(edge, visnan(x)))) {
    /* |x| 0 or inf: inf where (|x| is inf) differs from (y < 0), signed by x for odd y */
    vm ylt = vlt(y, vdup(0.0)), xinf = veq(ax, vdup(INFINITY));
    vm big = mor(mandnot(xinf, ylt), mandnot(ylt, xinf));
    vd zi = vsel(big, vdup(INFINITY), vdup(0.0));
    zi = vsel(yodd, vmulsign(zi, x), zi);
    vm xedge = mor(veq(ax, vdup(0.0)), xinf);
    r = vsel(xedge, zi, r);
    /* y infinite: 1 for |x| == 1, inf where (|x| > 1) differs from (y < 0), else 0 */
    vm xgt = vgt(ax, vdup(1.0));
    vd yi = vsel(mor(mandnot(xgt, ylt), mandnot(ylt, xgt)), vdup(INFINITY), vdup(0.0));
    yi = vsel(veq(ax, vdup(1.0)), vdup(1.0), yi);
    r = vsel(mandnot(veq(vabs(y), vdup(INFINITY)), xedge), yi, r);
    r = vsel(mor(visnan(x), visnan(y)), vdup(NAN), r);
  }
  return vsel(mor(veq(y, vdup(0.0)), veq(x, vdup(1.0))), vdup(1.0), r);
}

VI vd vm_pow(vd x, vd y) {
  vd ax = vabs(x);
  vd axs = vsel(mand(vgt(ax, vdup(0.0)), vlt(ax, vdup(INFINITY))), ax, vdup(1.0));
  vdd l = vlog_dd_hp(axs);
  vdd w = vdd_mul_d(l, y);
  /* beyond [-746, 710] (the product may even overflow to inf, and w to NaN) the result is
   * 0 or inf: there the clamped plain product serves */
  vd p = vmul(l.h, y);
  vm clamp = mnot(mand(vgt(p, vdup(-746.0)), vlt(p, vdup(710.0))));
  vexp_red t = vexp_reduce(vsel(clamp, vexp_clamp(p, -746.0, 710.0), w.h));
  t.rl = vadd(t.rl, vsel(clamp, vdup(0.0), w.l));
  vd r = vexp_scaled(t, vexpm1_r(t), 0);
  return vpow_special(x, y, r);
}

/* logaddexp: the larger argument plus log1p(e^-d), d = |a - b| as an exact two-sum */
VI vd vm_logaddexp(vd a, vd b) {
  vm agt = vgt(a, b);
  vd m = vsel(agt, a, b);
  vdd d = vtwo_sum(vsel(agt, b, a), vneg(m)); /* -|a - b| */
  vm dnan = visnan(d.h);                      /* a == b == +-inf */
  vd dh = vsel(dnan, vdup(0.0), d.h), dl = vsel(dnan, vdup(0.0), d.l);
  vexp_red t = vexp_reduce(vexp_clamp(dh, -746.0, 0.0));
  t.rl = vadd(t.rl, vsel(vlt(dh, vdup(-746.0)), vdup(0.0), dl));
  vdd p = vexpm1_r(t);
  /* u = 1 + e^-d = 1 + 2^k (1 + P), an exact double-double where e^-d >= 2^-1000 */
  vd sk = vscale(vdup(1.0), t.k);
  vdd e = vfast_two_sum(sk, vmul(p.h, sk));
  vdd u = vfast_two_sum(vdup(1.0), e.h);
  u.l = vadd(u.l, vfma(p.l, sk, e.l));
  vdd l = vdd_add_d(vlog_dd_hp(u.h), vdiv(u.l, u.h));
  vd r = vdd_round(vdd_add_d(l, m));
  r = vsel(veq(m, vdup(INFINITY)), m, vsel(veq(m, vdup(-INFINITY)), m, r));
  return vsel(mor(visnan(a), visnan(b)), vadd(a, b), r);
}

/* ---- float32 inputs ---- */

VI vd vm_atan2_f(vd y, vd x) {
  vatan2_args a = vatan2_prepare(x, y);
  vd r0 = vatan_ratio_f(a.n, a.d); /* float inputs: d <= 2^128, 1/d and n + d finite */
  return vatan2_finish(vdd_make(r0, vdup(0.0)), a.swap, x, y);
}

VI vd vm_hypot_f(vd x, vd y) {
  vd r = vsqrt(vfma(x, x, vmul(y, y))); /* x^2 and y^2 exact in double */
  r = vsel(mor(visnan(x), visnan(y)), vadd(x, y), r);
  return vsel(mor(veq(vabs(x), vdup(INFINITY)), veq(vabs(y), vdup(INFINITY))), vdup(INFINITY), r);
}

/* |x|^y in double: log|x| with the float64 polynomial (relative error 2^-52), times y
 * (|y log|x|| <= 150 matters), then the float32 exp core (2^-37) */
VI vd vm_pow_f(vd x, vd y) {
  vd ax = vabs(x);
  vd axs = vsel(mand(vgt(ax, vdup(0.0)), vlt(ax, vdup(INFINITY))), ax, vdup(1.0));
  vlog_red t = vlog_reduce(axs);
  vd f = vsub(t.m, vdup(1.0));
  vd s = vdiv(f, vadd(vdup(2.0), f));
  vd z = vmul(s, s);
  vd lm = vfma(vmul(s, z), vpoly(z, vlog_q6, 7), vadd(s, s));
  vd w = vmul(y, vfma(t.e, vdup(VM_LN2_HI), lm));
  vexp_f_parts e = vexp_f_core(vexp_clamp(w, -160.0, 130.0));
  return vpow_special(x, y, vscale(vadd(vdup(1.0), e.em1), e.k));
}

VI vd vm_logaddexp_f(vd a, vd b) { return vm_logaddexp(a, b); }

#endif
