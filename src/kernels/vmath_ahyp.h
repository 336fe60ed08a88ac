/* asinh, acosh and atanh for float64 and float32 (vmath kernels: vmath_simd.h operations,
 * included by vmath_kernels.h once per instruction set), through the double-double log of
 * vmath_log.h, whose argument is formed as a double-double without cancellation:
 *   asinh a = log(a + sqrt(a^2 + 1)),   acosh x = log(x + sqrt((x - 1)(x + 1))),
 *   atanh a = log((1 + a) / (1 - a)) / 2,
 * (a = |x|, the sign put back). The sums and the product are exact two-sums and
 * two-products, the square root and the quotient carry their remainders (fma), and
 * log(h + l) = log(h) + l/h. Beyond 2^28, asinh and acosh are log(a) + ln2 (the rest is
 * below 2^-56 of the result); below 2^-27, asinh a and atanh a round to a (where l/h would
 * be a large part of the result). Measured at most 0.5x ulp (tests/accuracy).
 *
 * float32: in double, with asinh a = log1p(a + a^2 / (1 + sqrt(1 + a^2))) and
 * atanh a = log1p(2a / (1 - a)) / 2 (no cancellation near 0), acosh as above.
 *
 * Special values: asinh and atanh keep the sign of zero; acosh(1) = +0, acosh(x < 1) and
 * atanh(|x| > 1) are NaN, atanh(+-1) = +-inf; infinities give infinities, NaN gives NaN. */
#ifndef NDI_VMATH_AHYP_H
#define NDI_VMATH_AHYP_H

#define VM_LN2_LO 0x1.abc9e3b39803fp-56

/* log(h + l) as a double-double, for h > 0 finite and |l| small against h */
VI vdd vlog_dd2(vdd x) { return vdd_add_d(vlog_dd(x.h), vdiv(x.l, x.h)); }

/* sqrt(h + l) as a double-double (0 for 0) */
VI vdd vdd_sqrt(vdd x) {
  vd h = vsqrt(x.h);
  vd l = vmul(vadd(vfnma(h, h, x.h), x.l), vdiv(vdup(0.5), h));
  return vdd_make(h, vsel(veq(h, vdup(0.0)), vdup(0.0), l));
}

/* log(a) + ln2 for large a */
VI vd vlog_2a(vd a) {
  vdd l = vlog_dd(a);
  vdd s = vfast_two_sum(l.h, vdup(VM_LN2_HI));
  return vadd(s.h, vadd(s.l, vadd(l.l, vdup(VM_LN2_LO))));
}

VI vd vm_asinh(vd x) {
  vd a = vabs(x);
  vdd s = vdd_sqrt(vdd_add_d(vtwo_prod(a, a), vdup(1.0)));
  vd r = vdd_round(vlog_dd2(vdd_add_d(s, a)));
  vm big = vgt(a, vdup(0x1p28));
  if (many(big)) r = vsel(big, vlog_2a(a), r);
  r = vsel(vlt(a, vdup(0x1p-27)), a, vsel(veq(a, vdup(INFINITY)), a, r));
  return vmulsign(vsel(visnan(x), x, r), x);
}

VI vd vm_acosh(vd x) {
  vdd p = vdd_mul(vtwo_sum(x, vdup(-1.0)), vtwo_sum(x, vdup(1.0))); /* x^2 - 1 */
  vdd u = vdd_add_d(vdd_sqrt(p), x);
  vd r = vdd_round(vlog_dd2(u));
  vm big = vgt(x, vdup(0x1p28));
  if (many(big)) r = vsel(big, vlog_2a(x), r);
  r = vsel(veq(x, vdup(INFINITY)), x, r);
  return vsel(vge(x, vdup(1.0)), r, vdup(NAN)); /* x < 1 and NaN */
}

VI vd vm_atanh(vd x) {
  vd a = vabs(x);
  vdd q = vdd_div(vtwo_sum(vdup(1.0), a), vtwo_sum(vdup(1.0), vneg(a)));
  vd r = vmul(vdup(0.5), vdd_round(vlog_dd2(q)));
  r = vsel(veq(a, vdup(1.0)), vdup(INFINITY), vsel(vlt(a, vdup(0x1p-27)), a, r));
  r = vsel(vle(a, vdup(1.0)), r, vdup(NAN)); /* NaN too */
  return vmulsign(r, x);
}

/* ---- float32 inputs ---- */

/* log1p(t) for t > -1 in double: log(u) + (t - (u - 1))/u with u = 1 + t rounded */
VI vd vlog1p_f(vd t) {
  vdd u = vtwo_sum(vdup(1.0), t);
  return vadd(vlog_f_core(u.h), vdiv(u.l, u.h));
}

VI vd vm_asinh_f(vd x) {
  vd a = vabs(x), a2 = vmul(a, a);
  vd t = vadd(a, vdiv(a2, vadd(vdup(1.0), vsqrt(vadd(vdup(1.0), a2)))));
  vd r = vlog1p_f(t);
  r = vsel(vgt(a, vdup(0x1p28)), vadd(vlog_f_core(a), vdup(VM_LN2_HI)), r);
  r = vsel(veq(a, vdup(0.0)), a, r);
  r = vsel(veq(a, vdup(INFINITY)), a, r);
  return vmulsign(vsel(visnan(x), x, r), x);
}

VI vd vm_acosh_f(vd x) {
  vd s = vsqrt(vmul(vsub(x, vdup(1.0)), vadd(x, vdup(1.0))));
  vd r = vlog_f_core(vadd(x, s));
  r = vsel(vgt(x, vdup(0x1p28)), vadd(vlog_f_core(x), vdup(VM_LN2_HI)), r);
  r = vsel(veq(x, vdup(INFINITY)), x, r);
  return vsel(vge(x, vdup(1.0)), r, vdup(NAN));
}

VI vd vm_atanh_f(vd x) {
  vd a = vabs(x);
  vd r = vmul(vdup(0.5), vlog1p_f(vdiv(vadd(a, a), vsub(vdup(1.0), a))));
  r = vsel(veq(a, vdup(0.0)), a, r);
  r = vsel(veq(a, vdup(1.0)), vdup(INFINITY), r);
  r = vsel(vle(a, vdup(1.0)), r, vdup(NAN));
  return vmulsign(r, x);
}

#endif
