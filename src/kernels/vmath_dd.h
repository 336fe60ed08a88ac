/* Double-double arithmetic on vectors (vmath_simd.h): a value carried as an unevaluated
 * sum h + l with |l| <= ulp(h)/2, for the steps of a transcendental function whose
 * rounding would otherwise cost more than the final rounding's half ulp. The error-free
 * transformations are exact: a + b == s + e and a * b == p + e in real arithmetic. */
#ifndef NDI_VMATH_DD_H
#define NDI_VMATH_DD_H

typedef struct {
  vd h, l;
} vdd;

VI vdd vdd_make(vd h, vd l) { return (vdd){h, l}; }

/* s + e = a + b exactly, when |a| >= |b| or a == 0 (Dekker) */
VI vdd vfast_two_sum(vd a, vd b) {
  vd s = vadd(a, b);
  return (vdd){s, vsub(b, vsub(s, a))};
}
/* s + e = a + b exactly, any order (Knuth) */
VI vdd vtwo_sum(vd a, vd b) {
  vd s = vadd(a, b), bb = vsub(s, a);
  return (vdd){s, vadd(vsub(a, vsub(s, bb)), vsub(b, bb))};
}
/* p + e = a * b exactly (barring underflow) */
VI vdd vtwo_prod(vd a, vd b) {
  vd p = vmul(a, b);
  return (vdd){p, vfms(a, b, p)};
}
/* -a where m is set, a elsewhere (exact) */
VI vdd vdd_negsel(vm m, vdd a) { return (vdd){vsel(m, vneg(a.h), a.h), vsel(m, vneg(a.l), a.l)}; }
/* a where m is set, b elsewhere */
VI vdd vdd_sel(vm m, vdd a, vdd b) { return (vdd){vsel(m, a.h, b.h), vsel(m, a.l, b.l)}; }
/* The double nearest to h + l (for |l| small against h: one rounding) */
VI vd vdd_round(vdd a) { return vadd(a.h, a.l); }
/* (a.h + a.l) + b, renormalised, relative error about 2^-104 (|a| >= |b| not needed) */
VI vdd vdd_add_d(vdd a, vd b) {
  vdd s = vtwo_sum(a.h, b);
  return vfast_two_sum(s.h, vadd(s.l, a.l));
}
/* a + b for two double-doubles (the "sloppy" sum: accurate unless they cancel to far
 * below either; callers use it where they do not) */
VI vdd vdd_add(vdd a, vdd b) {
  vdd s = vtwo_sum(a.h, b.h);
  return vfast_two_sum(s.h, vadd(s.l, vadd(a.l, b.l)));
}
/* a * b, relative error about 2^-102 */
VI vdd vdd_mul(vdd a, vdd b) {
  vdd p = vtwo_prod(a.h, b.h);
  return vfast_two_sum(p.h, vfma(a.h, b.l, vfma(a.l, b.h, p.l)));
}
VI vdd vdd_mul_d(vdd a, vd b) {
  vdd p = vtwo_prod(a.h, b);
  return vfast_two_sum(p.h, vfma(a.l, b, p.l));
}
/* a / b, relative error about 2^-100, with one division (the divider is the slowest
 * unit): q from the reciprocal of b.h, then the remainder a - q b (an fma keeps it to
 * 2^-53 of itself, and it is about ulp(q) b) times that reciprocal again. */
VI vdd vdd_div(vdd a, vdd b) {
  vd inv = vdiv(vdup(1.0), b.h);
  vd q = vmul(a.h, inv);
  vd r = vsub(vfnma(q, b.h, a.h), vfms(q, b.l, a.l)); /* a.h - q b.h + a.l - q b.l */
  return vfast_two_sum(q, vmul(r, inv));
}

/* s + c s^3 + s^5 Q(s^2) as a double-double, for s = sh + sl (|sl| a few ulp of sh at
 * most) and the double-double c = ch + cl (1/6 for asin, -1/3 for atan, 1/3 for the
 * precise log): s^3 and c s^3 formed exactly, sl carried with the derivative to its z^2
 * term, 1 + 3c z + 5 Q(0) z^2 (z = s^2); the rounding falls on s^5 Q and below
 * (vmath_atrig.h, vmath_log.h) */
VI vdd vodd_series(vd sh, vd sl, double ch, double cl, const double *q, int nq) {
  vdd z = vtwo_prod(sh, sh);
  vdd v = vtwo_prod(sh, z.h);
  v.l = vfma(sh, z.l, v.l);
  vdd c3 = vtwo_prod(v.h, vdup(ch));
  vd rest = vfma(v.h, vdup(cl), vfma(v.l, vdup(ch), c3.l));
  rest = vfma(vmul(v.h, z.h), vpoly(z.h, q, nq), rest);
  vd slope = vfma(z.h, vfma(z.h, vdup(5.0 * q[0]), vdup(3.0 * ch)), vdup(1.0));
  rest = vfma(slope, sl, rest);
  vdd a = vfast_two_sum(sh, c3.h);
  return vfast_two_sum(a.h, vadd(a.l, rest));
}

#endif
