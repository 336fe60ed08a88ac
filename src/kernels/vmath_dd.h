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

#endif
