/* sin, cos and tan for float64 and float32 (vmath kernels: vmath_simd.h operations,
 * included by vmath_kernels.h once per instruction set).
 *
 * Reduction: x = k pi/2 + r, |r| <= pi/4. For |x| < 2^26, k = round(x 2/pi) and r by
 * Cody and Waite's method with pi/2 in three parts C1 + C2 + C3 (to 2^-160): x - k C1 is
 * exact in the fma (x and k C1 are multiples of 2^-53 and |r| < 1), k C2 is split exactly
 * by an fma, and r comes out as a double-double good to about 2^-100 absolute, far below
 * the smallest |r| a double x can have (about 2^-61). Beyond 2^26, lanes are reduced one
 * by one in integer arithmetic (Payne and Hanek, vmath_rem_pio2.c), so sin(1e300) is as
 * accurate as sin(1).
 *
 * On |r| <= pi/4: sin r = r - r^3/6 + r^5 S1(r^2), cos r = 1 - r^2/2 + r^4 C(r^2), S1 and
 * C minimax polynomials of degrees 5 and 6 (relative errors 2^-56 and 2^-65,
 * scripts/vmath_fit.py), both as double-doubles: the leading terms exact (r - r^3/6 from
 * exact products; for cos, 1 - r^2/2 with its rounding error and the square's low part
 * recovered), the rest and r_lo's share added; the quadrant picks
 * +-sin or +-cos, and tan is their quotient (sin/cos or -cos/sin) in double-double. The
 * final rounding is the only large one: measured at most 0.5x ulp (tests/accuracy).
 *
 * float32: the same in double with two-part pi/2 and polynomials of degree 3 (relative
 * errors 2^-32 and 2^-34), rounded to float once.
 *
 * sin(+-0) and tan(+-0) keep the zero's sign; inf and NaN give NaN. */
#ifndef NDI_VMATH_TRIG_H
#define NDI_VMATH_TRIG_H

#include "vmath_rem_pio2.h"

#define VM_2_PI 0x1.45f306dc9c883p-1
#define VM_PIO2_1 0x1.921fb54442d18p0
#define VM_PIO2_2 0x1.1a62633145c07p-54
#define VM_PIO2_3 -0x1.f1976b7ed8fbcp-110
#define VM_PIO2_BIG 0x1p26

/* sin r = r + r^3 (-1/6 + r^2 S1(r^2)) and cos r = 1 - r^2/2 + r^4 C(r^2) on |r| <= pi/4:
 * degrees 5 and 6 (scripts/vmath_fit.py sin_s1, cos_c), and for float32 sin r = r + r^3
 * S(r^2), both of degree 3 (sin_s_f, cos_c_f) */
#define VM_SIXTH_HI 0x1.5555555555555p-3 /* 1/6 as a double-double */
#define VM_SIXTH_LO 0x1.5555555555555p-57
static const double vsin_s1[6] = {
    0x1.1111111111111p-7, -0x1.a01a01a019ed5p-13, 0x1.71de3a550c6afp-19,
    -0x1.ae64553378089p-26, 0x1.61225a9c18862p-33, -0x1.ab939455a4608p-41};
static const double vcos_c[7] = {
    0x1.5555555555555p-5, -0x1.6c16c16c16c16p-10, 0x1.a01a01a019d06p-16,
    -0x1.27e4fb7712683p-22, 0x1.1eed8deaeb9e2p-29, -0x1.9394b91507d45p-37,
    0x1.ab77d52317540p-45};
static const double vsin_s_f[4] = {-0x1.555555545ab23p-3, 0x1.11110de91a192p-7,
                                   -0x1.a013a1055767ap-13, 0x1.6dbc43417a41dp-19};
static const double vcos_c_f[4] = {0x1.5555555502195p-5, -0x1.6c16bf5251598p-10,
                                   0x1.a015c1b348254p-16, -0x1.25238d4997599p-22};

/* x = k pi/2 + r: k (a double; only k mod 4 is used) and r = rh + rl */
typedef struct {
  vd k, rh, rl;
} vtrig_red;

/* The lanes of mask big, reduced one by one (vmath_rem_pio2.c) into t. */
static __attribute__((noinline)) void vtrig_reduce_big(vtrig_red *t, vd x, vm big) {
  double xs[VL], ks[VL], hs[VL], ls[VL];
  vst(xs, x);
  vst(ks, t->k);
  vst(hs, t->rh);
  vst(ls, t->rl);
  for (int i = 0; i < VL; i++)
    if (mbits(big) >> i & 1) ks[i] = ndi_vm_rem_pio2(xs[i], &hs[i], &ls[i]);
  t->k = vld(ks);
  t->rh = vld(hs);
  t->rl = vld(ls);
}

VI vtrig_red vtrig_reduce(vd x) {
  vd k = vrint(vmul(x, vdup(VM_2_PI)));
  vd r1 = vfnma(k, vdup(VM_PIO2_1), x);
  vdd p = vtwo_prod(k, vdup(VM_PIO2_2));
  vdd s = vtwo_sum(r1, vneg(p.h));
  vdd r = vfast_two_sum(s.h, vfnma(k, vdup(VM_PIO2_3), vsub(s.l, p.l)));
  vtrig_red t = {k, r.h, r.l};
  vm big = mnot(vlt(vabs(x), vdup(VM_PIO2_BIG))); /* NaN and inf too */
  if (many(big)) vtrig_reduce_big(&t, x, big);
  return t;
}

/* sin(rh + rl) as a double-double: r^3 = rh^3 is formed exactly as v (two fma splits),
 * -v/6 as well (1/6 in two parts), so that only the terms below r^5/120 and rl's share
 * rl (1 - rh^2/2) are rounded */
VI vdd vsin_r(vd rh, vd rl) {
  vdd z = vtwo_prod(rh, rh);
  vdd v = vtwo_prod(rh, z.h);
  v.l = vfma(rh, z.l, v.l);
  vdd s = vtwo_prod(v.h, vdup(-VM_SIXTH_HI));
  vd rest = vfma(v.h, vdup(-VM_SIXTH_LO), vfma(v.l, vdup(-VM_SIXTH_HI), s.l));
  rest = vfma(vmul(v.h, z.h), vpoly(z.h, vsin_s1, 6), rest);
  rest = vadd(rest, vfma(vmul(vdup(-0.5), z.h), rl, rl));
  vdd a = vfast_two_sum(rh, s.h);
  return vfast_two_sum(a.h, vadd(a.l, rest));
}

/* cos(rh + rl) as a double-double: w = 1 - z/2 rounded, then its rounding error, the low
 * part of z = rh^2, z^2 C(z) and -rh rl (1 - w is exact: w is in [0.69, 1]) */
VI vdd vcos_r(vd rh, vd rl) {
  vdd z = vtwo_prod(rh, rh);
  vd hz = vmul(vdup(0.5), z.h);
  vd w = vsub(vdup(1.0), hz);
  vd tail = vsub(vsub(vdup(1.0), w), hz);
  vd rest = vfma(vmul(z.h, z.h), vpoly(z.h, vcos_c, 7), vfnma(rh, rl, vmul(vdup(-0.5), z.l)));
  return vfast_two_sum(w, vadd(tail, rest));
}

/* quadrant bits of k: odd (bit 0) and the sign bits */
VI vm vtrig_odd(vd k) { return vieq(viand(vtoint(k), vidup(1)), vidup(1)); }
VI vm vtrig_bit2(vd k, int add) {
  return vieq(viand(viadd(vtoint(k), vidup(add)), vidup(2)), vidup(2));
}

/* sin y and cos y as double-doubles, signed by quadrant (the complex functions' parts) */
typedef struct {
  vdd s, c;
} vsincos;

VI vsincos vsincos_dd(vd y) {
  vtrig_red t = vtrig_reduce(y);
  vdd s = vsin_r(t.rh, t.rl), c = vcos_r(t.rh, t.rl);
  vm odd = vtrig_odd(t.k);
  vdd sy = vdd_negsel(vtrig_bit2(t.k, 0), vdd_sel(odd, c, s));
  vdd cy = vdd_negsel(vtrig_bit2(t.k, 1), vdd_sel(odd, s, c));
  sy.h = vsel(veq(y, vdup(0.0)), y, sy.h); /* sin(-0) = -0 */
  return (vsincos){sy, cy};
}

VI vd vm_sin(vd x) {
  vtrig_red t = vtrig_reduce(x);
  vm odd = vtrig_odd(t.k);
  vd r = vsel(odd, vdd_round(vcos_r(t.rh, t.rl)), vdd_round(vsin_r(t.rh, t.rl)));
  r = vsel(vtrig_bit2(t.k, 0), vneg(r), r);
  return vsel(veq(x, vdup(0.0)), x, r);
}

VI vd vm_cos(vd x) {
  vtrig_red t = vtrig_reduce(x);
  vm odd = vtrig_odd(t.k);
  vd r = vsel(odd, vdd_round(vsin_r(t.rh, t.rl)), vdd_round(vcos_r(t.rh, t.rl)));
  return vsel(vtrig_bit2(t.k, 1), vneg(r), r);
}

/* tan = sin r / cos r for even k, -cos r / sin r for odd k */
VI vd vm_tan(vd x) {
  vtrig_red t = vtrig_reduce(x);
  vm odd = vtrig_odd(t.k);
  vdd s = vsin_r(t.rh, t.rl), c = vcos_r(t.rh, t.rl);
  vdd num = {vsel(odd, c.h, s.h), vsel(odd, c.l, s.l)};
  vdd den = {vsel(odd, s.h, c.h), vsel(odd, s.l, c.l)};
  vd r = vdd_round(vdd_div(num, den));
  r = vsel(odd, vneg(r), r);
  return vsel(veq(x, vdup(0.0)), x, r);
}

/* ---- float32 inputs ---- */

VI vtrig_red vtrig_reduce_f(vd x) {
  vd k = vrint(vmul(x, vdup(VM_2_PI)));
  vd r = vfnma(k, vdup(VM_PIO2_2), vfnma(k, vdup(VM_PIO2_1), x));
  vtrig_red t = {k, r, vdup(0.0)};
  vm big = mnot(vlt(vabs(x), vdup(VM_PIO2_BIG)));
  if (many(big)) vtrig_reduce_big(&t, x, big);
  return t;
}

VI vd vsin_f(vd r, vd z) { return vfma(vmul(r, z), vpoly(z, vsin_s_f, 4), r); }
VI vd vcos_f(vd z) {
  return vfma(vmul(z, z), vpoly(z, vcos_c_f, 4), vfnma(vdup(0.5), z, vdup(1.0)));
}

VI vd vm_sin_f(vd x) {
  vtrig_red t = vtrig_reduce_f(x);
  vd z = vmul(t.rh, t.rh);
  vd r = vsel(vtrig_odd(t.k), vcos_f(z), vsin_f(t.rh, z));
  r = vsel(vtrig_bit2(t.k, 0), vneg(r), r);
  return vsel(veq(x, vdup(0.0)), x, r);
}

VI vd vm_cos_f(vd x) {
  vtrig_red t = vtrig_reduce_f(x);
  vd z = vmul(t.rh, t.rh);
  vd r = vsel(vtrig_odd(t.k), vsin_f(t.rh, z), vcos_f(z));
  return vsel(vtrig_bit2(t.k, 1), vneg(r), r);
}

VI vd vm_tan_f(vd x) {
  vtrig_red t = vtrig_reduce_f(x);
  vd z = vmul(t.rh, t.rh);
  vd s = vsin_f(t.rh, z), c = vcos_f(z);
  vm odd = vtrig_odd(t.k);
  vd r = vdiv(vsel(odd, vneg(c), s), vsel(odd, s, c));
  return vsel(veq(x, vdup(0.0)), x, r);
}

#endif
