/* Complex exp, expm1, log, log1p, log2, log10, sqrt, sin, cos, tan, sinh, cosh and tanh
 * for complex128 (vmath kernels: vmath_simd.h operations, included by vmath_kernels.h
 * once per instruction set), on finite inputs (the loops of ew_cmath.c give the other
 * lanes to C99's functions, whose special values the standard lists). complex64 runs the
 * same kernels on its values widened to double, each part rounded to float once.
 *
 * Each part comes from the real double-double cores, rounded once:
 *   exp(x+iy) = e^x cos y + i e^x sin y,  e^x = (1 + P) 2^k scaled after the product;
 *   sin = sin x cosh y + i cos x sinh y,  cos = cos x cosh y - i sin x sinh y,
 *   sinh = sinh x cos y + i cosh x sin y, cosh = cosh x cos y + i sinh x sin y,
 *     cosh and sinh of a large argument as (1 + P) 2^(k-1), scaled after the product;
 *   tan = (sin x cos x + i sinh y cosh y) / (cos^2 x + sinh^2 y) (no cancellation in the
 *     denominator), for |y| > 20 (e^-2|y| below 2^-57) re = 4 sin x cos x e^-2|y|,
 *     im = +-1; a zero part of z is the same zero of the result; tanh(z) = -i tan(iz);
 *   log = log|z| + i atan2(y, x), log|z| = log(x^2 + y^2)/2 + k ln2 on z scaled by 2^-k
 *     (x^2 + y^2 an exact double-double, so its log keeps its accuracy near |z| = 1);
 *     log2 and log10 scale both parts by 1/ln2 or 1/ln10 in double-double;
 *   log1p = log(t)/2 + i atan2(y, 1 + x) with t = (1 + x)^2 + y^2 = 1 + (2x + x^2 + y^2),
 *     1 + x a double-double in both parts;
 *   expm1 = expm1(x) cos y - 2 sin^2(y/2) + i e^x sin y;
 *   sqrt = t + i y/(2t), t = sqrt((|x| + |z|)/2) (for x < 0 the parts swap), on z scaled
 *     by an even power of 2 where |z| is beyond 2^+-500.
 * A part that is a product or quotient of such factors is within 0.5x ulp of its exact
 * value; where a part is a sum that cancels (the real part of expm1 near e^x cos y = 1,
 * of log and log1p near |z| = 1 or |1 + z| = 1) its error is about 2^-100 absolute
 * (tests/accuracy: measured per part). */
#ifndef NDI_VMATH_COMPLEX_H
#define NDI_VMATH_COMPLEX_H

typedef struct {
  vd re, im;
} vcd;

/* a 2^600 and e - 600 where |a| < 2^-900 (a subnormal factor would round its product
 * before the scaling) */
VI vdd vlift(vdd a, vd *e) {
  vm tiny = vlt(vabs(a.h), vdup(0x1p-900));
  *e = vsel(tiny, vsub(*e, vdup(600.0)), *e);
  vd s = vsel(tiny, vdup(0x1p600), vdup(1.0));
  return vdd_make(vmul(a.h, s), vmul(a.l, s));
}

/* (a b) 2^e rounded once, for double-doubles a and b; a zero result takes the product's
 * sign (the double-double sum would lose it) */
VI vd vmul_scaled(vdd a, vdd b, vd e) {
  a = vlift(a, &e);
  b = vlift(b, &e);
  vdd p = vdd_mul(a, b);
  return vcopysign(vscale_dd(p.h, p.l, e), vmul(a.h, b.h));
}

/* a / b rounded once, also where it is subnormal */
VI vd vdiv_round(vdd a, vdd b) {
  vd e = vdup(0.0);
  a = vlift(a, &e);
  vdd q = vdd_div(a, b);
  return vcopysign(vscale_dd(q.h, q.l, e), vmul(a.h, b.h));
}

VI vcd vmc_exp(vcd z) {
  vexp_red t = vexp_reduce(vexp_clamp(z.re, -1400.0, VM_EXP_SCALED_MAX));
  vdd p = vexpm1_r(t);
  vdd e = vfast_two_sum(vdup(1.0), p.h);
  e.l = vadd(e.l, p.l);
  vsincos sc = vsincos_dd(z.im);
  return (vcd){vmul_scaled(e, sc.c, t.k), vmul_scaled(e, sc.s, t.k)};
}

/* sin(x + iy) (or cos with cos_ set): the trig parts of x, the hyperbolic ones of y */
VI vcd vmc_sin_cos(vcd z, int cos_) {
  vsincos sc = vsincos_dd(z.re);
  vcosh_sinh hs = vcosh_sinh_dd(z.im);
  if (cos_) return (vcd){vmul_scaled(sc.c, hs.c, hs.e), vneg(vmul_scaled(sc.s, hs.s, hs.e))};
  return (vcd){vmul_scaled(sc.s, hs.c, hs.e), vmul_scaled(sc.c, hs.s, hs.e)};
}
VI vcd vmc_sin(vcd z) { return vmc_sin_cos(z, 0); }
VI vcd vmc_cos(vcd z) { return vmc_sin_cos(z, 1); }

/* sinh(x + iy) (or cosh): the hyperbolic parts of x, the trig ones of y */
VI vcd vmc_sinh_cosh(vcd z, int cosh_) {
  vcosh_sinh hs = vcosh_sinh_dd(z.re);
  vsincos sc = vsincos_dd(z.im);
  vdd a = cosh_ ? hs.c : hs.s, b = cosh_ ? hs.s : hs.c;
  return (vcd){vmul_scaled(a, sc.c, hs.e), vmul_scaled(b, sc.s, hs.e)};
}
VI vcd vmc_sinh(vcd z) { return vmc_sinh_cosh(z, 0); }
VI vcd vmc_cosh(vcd z) { return vmc_sinh_cosh(z, 1); }

VI vcd vmc_tan(vcd z) {
  vsincos sc = vsincos_dd(z.re);
  vcosh_sinh hs = vcosh_sinh_dd(z.im); /* e = 0 where |y| <= 20 */
  vdd d = vdd_add(vdd_mul(sc.c, sc.c), vdd_mul(hs.s, hs.s));
  vd re = vdiv_round(vdd_mul(sc.s, sc.c), d);
  vd im = vdiv_round(vdd_mul(hs.s, hs.c), d);
  vm big = vgt(vabs(z.im), vdup(20.0));
  if (many(big)) {
    vexp_red t = vexp_reduce(vexp_clamp(vmul(vdup(-2.0), vabs(z.im)), -1400.0, 0.0));
    vdd p = vexpm1_r(t);
    vdd e = vfast_two_sum(vdup(1.0), p.h); /* e^-2|y| = e 2^k */
    e.l = vadd(e.l, p.l);
    vdd f = vdd_mul(vdd_mul(sc.s, sc.c), e);
    re = vsel(big, vscale_dd(f.h, f.l, vadd(t.k, vdup(2.0))), re);
    im = vsel(big, vcopysign(vdup(1.0), z.im), im);
  }
  /* a zero part of z gives the same zero (its sign: tan(-0 + iy) = -0 + i tanh y, and
   * through tanh(z) = -i tan(iz) the standard's tanh(+0 + 0i) = +0 + 0i); the products
   * above lose it (sin of -0 in double-double comes out +0) */
  re = vsel(veq(z.re, vdup(0.0)), z.re, re);
  im = vsel(veq(z.im, vdup(0.0)), z.im, im);
  return (vcd){re, im};
}

VI vcd vmc_tanh(vcd z) {
  vcd t = vmc_tan((vcd){vneg(z.im), z.re});
  return (vcd){t.im, vneg(t.re)};
}

/* log|z| as a double-double: z scaled by 2^-k (k the exponent of the larger part, exact),
 * x^2 + y^2 as an exact double-double sum of squares, its log halved, plus k ln2 */
VI vdd vlog_abs(vcd z) {
  vd ax = vabs(z.re), ay = vabs(z.im);
  vd big = vsel(vgt(ay, ax), ay, ax);
  vd k = vgetexp(vsel(vgt(big, vdup(0.0)), big, vdup(1.0)));
  k = vsel(vlt(k, vdup(-1022.0)), vdup(-1022.0), vsel(vgt(k, vdup(1022.0)), vdup(1022.0), k));
  vd sc = vpow2i(vtoint(vneg(k)));
  vdd x2 = vtwo_prod(vmul(ax, sc), vmul(ax, sc)), y2 = vtwo_prod(vmul(ay, sc), vmul(ay, sc));
  vdd s = vdd_add(x2, y2);
  vdd l = vdd_add_d(vlog_dd(s.h), vdiv(s.l, s.h));
  vdd kl = vtwo_prod(k, vdup(VM_LN2_HI));
  kl.l = vfma(k, vdup(VM_LN2_LO), kl.l);
  vdd r = vdd_add(vdd_make(vmul(l.h, vdup(0.5)), vmul(l.l, vdup(0.5))), kl);
  return vdd_sel(veq(s.h, vdup(0.0)), vdd_make(vdup(-INFINITY), vdup(0.0)), r); /* log 0 */
}

/* atan2(y, x) as a double-double (for log2 and log10's scaling) */
VI vdd vatan2_dd(vd y, vd x) {
  vatan2_args a = vatan2_prepare(x, y);
  return vdd_negsel(vsignbit(y), vatan2_quadrant(vatan2_r0(a), a.swap, x));
}

VI vcd vmc_log(vcd z) { return (vcd){vdd_round(vlog_abs(z)), vm_atan2(z.im, z.re)}; }

/* log(z) times the double-double c, both parts */
VI vcd vmc_log_scaled(vcd z, double ch, double cl) {
  vdd c = vdd_make(vdup(ch), vdup(cl));
  vd im = vcopysign(vdd_round(vdd_mul(vatan2_dd(z.im, z.re), c)), z.im);
  /* atan2 below 2^-900 (x > 0): y/x times c, rounded once where it is subnormal (and with
   * the quotient's remainder, which would underflow there otherwise) */
  vm tiny = mand(vgt(z.re, vdup(0.0)), vlt(vabs(z.im), vmul(z.re, vdup(0x1p-900))));
  if (many(tiny)) {
    vd e = vdup(0.0);
    vdd y = vlift(vdd_make(z.im, vdup(0.0)), &e);
    vdd q = vdd_mul(vdd_div(y, vdd_make(z.re, vdup(0.0))), c);
    im = vsel(tiny, vcopysign(vscale_dd(q.h, q.l, e), z.im), im);
  }
  /* log 0 = -inf stays -inf (its double-double product with c would be NaN) */
  vdd l = vlog_abs(z);
  vd re = vsel(veq(l.h, vdup(-INFINITY)), l.h, vdd_round(vdd_mul(l, c)));
  return (vcd){re, im};
}
VI vcd vmc_log2(vcd z) { return vmc_log_scaled(z, VM_INV_LN2, VM_INV_LN2_LO); }
VI vcd vmc_log10(vcd z) { return vmc_log_scaled(z, VM_INV_LN10_HI, VM_INV_LN10_LO); }

/* log1p: |1 + z|^2 = 1 + t with t = 2x + x^2 + y^2 (a double-double; log(1 + t)/2 by the
 * log1p of vmath_log.h, or (t - t^2/2 + t^3/3)/2 below 2^-27); the imaginary part atan2 of
 * y and the double-double 1 + x (its low part carried through the quotient); beyond 2^500
 * (where the squares would overflow) log1p(z) is log(z) to 2^-500 */
VI vcd vmc_log1p(vcd z) {
  vd x = z.re, y = z.im;
  vdd x2 = vtwo_prod(x, x), y2 = vtwo_prod(y, y);
  vdd t = vdd_add_d(vdd_add(x2, y2), vadd(x, x));
  vdd u = vtwo_sum(vdup(1.0), t.h);
  u.l = vadd(u.l, t.l);
  vdd l = vdd_add_d(vlog_dd(u.h), vdiv(u.l, u.h));
  vd re = vmul(vdup(0.5), vdd_round(l));
  vm tiny = vlt(vabs(t.h), vdup(0x1p-27));
  vd tail = vfma(vmul(t.h, t.h), vfma(t.h, vdup(1.0 / 3), vdup(-0.5)), t.l); /* -t^2/2 + t^3/3 */
  re = vsel(tiny, vmul(vdup(0.5), vadd(t.h, tail)), re);
  /* atan2(y, 1 + x): n/d with the double-double d = 1 + x */
  vdd d = vtwo_sum(vdup(1.0), x);
  vd im = vm_atan2(y, d.h);
  vm fine = mand(vgt(d.h, vdup(0.0)), vlt(vabs(y), vmul(d.h, vdup(0x1p-30))));
  /* where y/d is small, atan2(y, d) = y/d (1 - ...) and d's low part matters: y/(dh + dl) */
  im = vsel(fine, vdiv_round(vdd_make(y, vdup(0.0)), d), im);
  vm other = mnot(fine);
  if (many(other)) {
    /* elsewhere atan2(y, dh + dl) = atan2(y, dh) - y dl / (dh^2 + y^2) */
    vdd a = vatan2_dd(y, d.h);
    vd den = vfma(d.h, d.h, vmul(y, y));
    vd corr = vsel(veq(den, vdup(0.0)), vdup(0.0), vdiv(vmul(y, d.l), den));
    im = vsel(other, vdd_round(vdd_add_d(a, vneg(corr))), im);
  }
  re = vsel(veq(u.h, vdup(0.0)), vdup(-INFINITY), re); /* z = -1 */
  vm huge = mor(vgt(vabs(x), vdup(0x1p500)), vgt(vabs(y), vdup(0x1p500)));
  if (many(huge)) {
    vcd lg = vmc_log(z);
    re = vsel(huge, lg.re, re);
    im = vsel(huge, lg.im, im);
  }
  return (vcd){vsel(mand(veq(x, vdup(0.0)), veq(y, vdup(0.0))), x, re), im};
}

/* expm1 = expm1(x) cos y + (cos y - 1) + i e^x sin y, cos y - 1 = -2 sin^2(y/2); for
 * x > 36 (expm1(x) = e^x there to 2^-104) e^x cos y - 1, for x < -40 -1 + e^x cos y */
VI vcd vmc_expm1(vcd z) {
  vd x = vexp_clamp(z.re, -1400.0, VM_EXP_SCALED_MAX);
  vexp_red t = vexp_reduce(x);
  vdd p = vexpm1_r(t);
  vdd e = vfast_two_sum(vdup(1.0), p.h);
  e.l = vadd(e.l, p.l);
  vsincos sc = vsincos_dd(z.im);
  vd im = vmul_scaled(e, sc.s, t.k);
  vsincos half = vsincos_dd(vmul(vdup(0.5), z.im));
  vdd cm1 = vdd_mul(half.s, half.s);
  cm1 = vdd_make(vmul(vdup(-2.0), cm1.h), vmul(vdup(-2.0), cm1.l));
  vm mid = mand(vge(x, vdup(-40.0)), vle(x, vdup(36.0)));
  vexp_red tm = t;
  tm.k = vsel(mid, t.k, vdup(0.0));
  vdd em1 = vexpm1_dd(tm, p);
  vd re = vdd_round(vdd_add(vdd_mul(em1, sc.c), cm1));
  if (many(mnot(mid))) {
    /* e^x cos y in double-double, scaled exactly (in two halves of at most 1023 each)
     * unless it overflows: |cos y| of a double y is above 2^-61, so beyond 2^2046 the
     * product overflows anyway, and an overflowed product is the result (inf - 1 in
     * double-double would give inf - inf = NaN in its low part) */
    vdd ec = vdd_mul(e, sc.c);
    vd ks = vsel(vgt(t.k, vdup(2046.0)), vdup(2046.0), t.k);
    vd k1 = vtrunc(vmul(vdup(0.5), ks));
    vd s1 = vpow2i(vtoint(k1)), s2 = vpow2i(vtoint(vsub(ks, k1)));
    ec = vdd_make(vmul(vmul(ec.h, s1), s2), vmul(vmul(ec.l, s1), s2));
    vm over = vgt(vabs(ec.h), vdup(0x1.fffffffffffffp+1023));
    vd big = vsel(over, ec.h, vdd_round(vdd_add_d(ec, vdup(-1.0))));
    re = vsel(mid, re, big);
  }
  /* exp(+-0 + 0i) - 1 is +0 + 0i (the standard's expm1(z) = exp(z) - 1) */
  return (vcd){vsel(mand(veq(z.re, vdup(0.0)), veq(z.im, vdup(0.0))), vdup(0.0), re), im};
}

/* sqrt: t = sqrt((|x| + |z|)/2), t + i y/(2t) for x >= 0, |y|/(2t) + i copysign(t, y) for
 * x < 0; |z| and t double-doubles; z scaled by 2^-600 or 2^600 (t by 2^-+300) where the
 * larger part is beyond 2^+-500 */
VI vcd vmc_sqrt(vcd z) {
  vd ax = vabs(z.re), ay = vabs(z.im);
  vd big = vsel(vgt(ay, ax), ay, ax);
  vd k = vsel(vgt(big, vdup(0x1p500)), vdup(-600.0), vsel(vlt(big, vdup(0x1p-500)), vdup(600.0), vdup(0.0)));
  vd sc = vpow2i(vtoint(k));
  vd X = vmul(ax, sc), Y = vmul(ay, sc);
  vdd s = vdd_add(vtwo_prod(X, X), vtwo_prod(Y, Y));
  vdd h = vdd_sqrt(s);                        /* |z| */
  vdd w = vdd_add_d(h, X);                    /* |x| + |z| */
  vdd t = vdd_sqrt(vdd_make(vmul(w.h, vdup(0.5)), vmul(w.l, vdup(0.5))));
  /* y/(2t) from the unscaled |y| where z was scaled down (the scaled one may have lost
   * bits), the scaled one where it was scaled up: either way it is 2^300 times too big */
  vm down = vlt(k, vdup(0.0));
  vd qe = vsel(veq(k, vdup(0.0)), vdup(0.0), vdup(-300.0));
  vdd qn = vlift(vdd_make(vsel(down, ay, Y), vdup(0.0)), &qe);
  vdd q = vdd_div(qn, vdd_make(vadd(t.h, t.h), vadd(t.l, t.l)));
  vd back = vmul(vdup(-0.5), k);
  vd tr = vscale_dd(t.h, t.l, back);
  vd qr = vscale_dd(q.h, q.l, qe);
  qr = vsel(veq(t.h, vdup(0.0)), vdup(0.0), qr);
  vm neg = vsignbit(z.re);
  vd re = vsel(neg, qr, tr), im = vsel(neg, tr, qr);
  return (vcd){re, vcopysign(im, z.im)};
}

#endif
