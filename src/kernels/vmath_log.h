/* log, log2, log10 and log1p for float64 and float32 (vmath kernels: vmath_simd.h
 * operations, included by vmath_kernels.h once per instruction set).
 *
 * Method: x = 2^e m with m in [sqrt(2)/2, sqrt(2)), f = m - 1 (exact), s = f / (2 + f),
 * so that log(m) = log((1 + s) / (1 - s)) = 2s + s R(s^2); with 2s = f - s f and
 * hfsq = f^2 / 2 this is log(m) = f - hfsq + s (hfsq + R), where the rounding of s only
 * touches the small last term (at most 4% of the result). hfsq is formed exactly (an fma
 * gives its low part) and f - hfsq is summed without error, so log(m) comes out as a
 * double-double good to about 2^-60 relative; e ln2 is added with ln2 in two parts (the
 * first with 42 bits, so that e times it is exact). R(z) = z Q(z) with Q the minimax
 * polynomial of degree 6 on [0, 0.02944] (relative error 2^-51, scripts/vmath_fit.py).
 * The final rounding is the only large one: measured at most 0.51 ulp (tests/accuracy).
 * log2 and log10 multiply that double-double by 1/ln2 or 1/ln10 in double-double (log2
 * adds e exactly), so exact powers give exact results; log1p(x) is log(u) + c/u with
 * u + c = 1 + x exactly (u the rounded sum).
 *
 * float32: the same reduction in double, log(m) = 2s + s z Q(z) with Q of degree 3
 * (relative error 2^-29), rounded to float once.
 *
 * Special values: log(+-0) = -inf, log(x < 0) = NaN, log(inf) = inf, NaN in gives NaN. */
#ifndef NDI_VMATH_LOG_H
#define NDI_VMATH_LOG_H

#define VM_LN2_HI42 0x1.62e42fefa38p-1 /* ln2 to 42 bits: e * it is exact */
#define VM_LN2_LO42 0x1.ef35793c7673p-45

/* x = 2^e m, m in [sqrt2/2, sqrt2), for finite x > 0, by integer arithmetic on the bits
 * (it runs beside the floating-point work): the bits of x minus those of sqrt2/2 have
 * e in their exponent field; subtracting e << 52 from x's bits leaves m. Subnormal x are
 * first scaled by 2^54 (rare: a branch). */
typedef struct {
  vd e, m;
} vlog_red;

#define VM_SQRT1_2_BITS 0x3fe6a09e667f3bcdLL
VI vlog_red vlog_reduce(vd x) {
  vd bias = vdup(VM_SHIFTER + 1024.0);
  vm sub = vlt(x, vdup(0x1p-1022));
  if (many(sub)) {
    x = vsel(sub, vmul(x, vdup(0x1p54)), x);
    bias = vsel(sub, vdup(VM_SHIFTER + 1078.0), bias);
  }
  /* e + 1024 in [0, 2048), shifted out of the biased difference */
  vi eb = visrl(viadd(vasi(x), vidup(((int64_t)1 << 62) - VM_SQRT1_2_BITS)), 52);
  vi mb = visub(vasi(x), visll(visub(eb, vidup(1024)), 52));
  vd e = vsub(vasd(viadd(eb, vasi(vdup(VM_SHIFTER)))), bias);
  return (vlog_red){e, vasd(mb)};
}

/* R(z) = z Q(z) on [0, 0.02944]: Q of degree 6 (scripts/vmath_fit.py log_q6) */
static const double vlog_q6[7] = {
    0x1.5555555555558p-1, 0x1.99999999952a7p-2, 0x1.2492492df7084p-2, 0x1.c71c62defb864p-3,
    0x1.7462b656a437ep-3, 0x1.39fe2deea471ap-3, 0x1.2b5a86818b9fcp-3};
/* the same to degree 3, for float32 (log_q3) */
static const double vlog_q3[4] = {
    0x1.5555554ba98c8p-1, 0x1.9999eb89709d0p-2, 0x1.245c33ef4aa73p-2, 0x1.ddd1999467351p-3};

/* log(m) as a double-double, m in [sqrt2/2, sqrt2]. hfsq <= |f|/5, so f - hfsq_hi is an
 * exact fast two-sum; the rest (up to 5% of the result) is added and renormalised. */
VI vdd vlog_m(vd m) {
  vd f = vsub(m, vdup(1.0));
  vd s = vdiv(f, vadd(vdup(2.0), f));
  vd z = vmul(s, s);
  vdd hfsq = vtwo_prod(vmul(vdup(0.5), f), f);
  vd t = vmul(s, vfma(z, vpoly(z, vlog_q6, 7), hfsq.h)); /* s (hfsq + R) */
  vdd a = vfast_two_sum(f, vneg(hfsq.h));
  return vfast_two_sum(a.h, vadd(a.l, vsub(t, hfsq.l)));
}

/* log(x) as a double-double, for finite x > 0. |e ln2| >= |log m| unless e = 0, so the
 * sum of e ln2_hi and log(m) is an exact fast two-sum. */
VI vdd vlog_dd(vd x) {
  vlog_red t = vlog_reduce(x);
  vdd lm = vlog_m(t.m);
  vdd s = vfast_two_sum(vmul(t.e, vdup(VM_LN2_HI42)), lm.h);
  return vdd_make(s.h, vadd(s.l, vfma(t.e, vdup(VM_LN2_LO42), lm.l)));
}

/* ---- the precise log of pow and logaddexp: relative error about 2^-66 ----
 * log m = 2 atanh s = 2 (s + s^3/3 + s^5/5 + s^7 W2(s^2)) with s = f / (2 + f) as a
 * double-double (2 + f exact as a two-sum, the quotient's remainder by fma); the cube and
 * fifth-power terms formed exactly (fma splits, 1/3 and 1/5 in two parts), so that the
 * rounding falls on s^7 W2 (below 2^-18 of the result) and the carry of s's low part
 * (with the derivative 1/(1 - s^2) to its s^6 term). W2 of degree 6 (relative error
 * 2^-50, log_w2). */
static const double vlog_w2[7] = {
    0x1.2492492492497p-3, 0x1.c71c71c71543ap-4, 0x1.745d175509213p-4,
    0x1.3b13a5270e2c7p-4, 0x1.11159f4d5299bp-4, 0x1.e0200da045facp-5,
    0x1.d9c298aef28d7p-5};

/* c v for a double-double v and c = ch + cl, exact to 2^-104 but unnormalised */
VI vdd vdd_scale2(vdd v, double ch, double cl) {
  vdd p = vtwo_prod(v.h, vdup(ch));
  return vdd_make(p.h, vfma(v.h, vdup(cl), vfma(v.l, vdup(ch), p.l)));
}

VI vdd vlog_m_hp(vd m) {
  vd f = vsub(m, vdup(1.0));
  vdd d = vfast_two_sum(vdup(2.0), f);
  vd inv = vdiv(vdup(1.0), d.h);
  vd sh = vmul(f, inv);
  vd sl = vmul(vfnma(sh, d.l, vfnma(sh, d.h, f)), inv);
  vdd z = vtwo_prod(sh, sh);
  vdd v3 = vtwo_prod(sh, z.h);
  v3.l = vfma(sh, z.l, v3.l);
  vdd v5 = vtwo_prod(v3.h, z.h);
  v5.l = vfma(v3.h, z.l, vfma(v3.l, z.h, v5.l));
  vdd t3 = vdd_scale2(v3, 0x1.5555555555555p-2, 0x1.5555555555555p-56);
  vdd t5 = vdd_scale2(v5, 0x1.999999999999ap-3, -0x1.999999999999ap-57);
  vd slope = vfma(z.h, vfma(z.h, vadd(z.h, vdup(1.0)), vdup(1.0)), vdup(1.0));
  vd rest = vfma(vmul(v5.h, z.h), vpoly(z.h, vlog_w2, 7), vfma(slope, sl, vadd(t3.l, t5.l)));
  vdd a = vfast_two_sum(sh, t3.h), b = vfast_two_sum(a.h, t5.h);
  vdd r = vfast_two_sum(b.h, vadd(vadd(a.l, b.l), rest));
  return vdd_make(vadd(r.h, r.h), vadd(r.l, r.l));
}

/* log(x) for finite x > 0, as a double-double to about 2^-66 */
VI vdd vlog_dd_hp(vd x) {
  vlog_red t = vlog_reduce(x);
  vdd lm = vlog_m_hp(t.m);
  vdd s = vfast_two_sum(vmul(t.e, vdup(VM_LN2_HI42)), lm.h);
  return vfast_two_sum(s.h, vadd(s.l, vfma(t.e, vdup(VM_LN2_LO42), lm.l)));
}

/* The standard's values where x is not finite and positive; r elsewhere. */
VI vd vlog_special(vd x, vd r) {
  vm bad = mnot(mand(vgt(x, vdup(0.0)), vlt(x, vdup(INFINITY))));
  if (!many(bad)) return r;
  vd sp = vsel(veq(x, vdup(0.0)), vdup(-INFINITY), vsel(vlt(x, vdup(0.0)), vdup(NAN), x));
  return vsel(bad, sp, r);
}

VI vd vm_log(vd x) { return vlog_special(x, vdd_round(vlog_dd(x))); }

#define VM_INV_LN2_LO 0x1.777d0ffda0d24p-56
#define VM_INV_LN10_HI 0x1.bcb7b1526e50ep-2
#define VM_INV_LN10_LO 0x1.95355baaafad3p-57

VI vd vm_log2(vd x) {
  vlog_red t = vlog_reduce(x);
  vdd l2 = vdd_mul(vlog_m(t.m), vdd_make(vdup(VM_INV_LN2), vdup(VM_INV_LN2_LO)));
  vdd s = vtwo_sum(t.e, l2.h);
  return vlog_special(x, vadd(s.h, vadd(s.l, l2.l)));
}

VI vd vm_log10(vd x) {
  vdd l = vdd_mul(vlog_dd(x), vdd_make(vdup(VM_INV_LN10_HI), vdup(VM_INV_LN10_LO)));
  return vlog_special(x, vdd_round(l));
}

/* For |x| < 2^-27, c/u would be a large part of the result and its rounding would count:
 * there log1p(x) = x - x^2/2 (the next term is below 2^-54 of it), which also keeps the
 * sign of zero (log1p(-0) = -0). u = 1 + x rounded is where log1p's special values sit
 * (x = -1, x < -1, inf). */
VI vd vm_log1p(vd x) {
  vdd u = vtwo_sum(vdup(1.0), x);
  vdd l = vdd_add_d(vlog_dd(u.h), vdiv(u.l, u.h));
  vd r = vlog_special(u.h, vdd_round(l));
  return vsel(vlt(vabs(x), vdup(0x1p-27)), vfma(vmul(vdup(-0.5), x), x, x), r);
}

/* ---- float32 inputs ---- */

VI vd vlog_f_core(vd x) {
  vlog_red t = vlog_reduce(x);
  vd f = vsub(t.m, vdup(1.0));
  vd s = vdiv(f, vadd(vdup(2.0), f));
  vd z = vmul(s, s);
  vd q = vpoly(z, vlog_q3, 4);
  vd lm = vfma(vmul(s, z), q, vadd(s, s));
  return vfma(t.e, vdup(VM_LN2_HI), lm);
}

VI vd vm_log_f(vd x) { return vlog_special(x, vlog_f_core(x)); }
VI vd vm_log2_f(vd x) { return vlog_special(x, vmul(vlog_f_core(x), vdup(VM_INV_LN2))); }
VI vd vm_log10_f(vd x) { return vlog_special(x, vmul(vlog_f_core(x), vdup(VM_INV_LN10_HI))); }
VI vd vm_log1p_f(vd x) {
  /* 1 + x in double is exact for float x in [-1, 2^29], and log(u) + (x - (u - 1))/u
   * covers the rest */
  vdd u = vtwo_sum(vdup(1.0), x);
  vd r = vadd(vlog_f_core(u.h), vdiv(u.l, u.h));
  return vsel(veq(x, vdup(0.0)), x, vlog_special(u.h, r));
}

#endif
