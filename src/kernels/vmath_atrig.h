/* asin, acos and atan for float64 and float32 (vmath kernels: vmath_simd.h operations,
 * included by vmath_kernels.h once per instruction set).
 *
 * asin: for |x| <= 1/2, asin s = s + s^3/6 + s^5 P1(s^2); above, asin|x| = pi/2 - 2 asin s
 * with s = sqrt((1 - |x|)/2) (1 - |x| is exact there, and s comes as a double-double: the
 * square root's remainder z - s^2 by an fma). acos: pi/2 - asin x for |x| <= 1/2,
 * 2 asin s for x > 1/2 and pi - 2 asin s for x < -1/2.
 * atan: for a = |x|, atan a = atan(n/d) with n = min(a, 1), d = max(a, 1) (and pi/2 minus
 * it when a > 1); atan(n/d) = atan t with t = n/d when n <= d/2, else pi/4 + atan t with
 * t = (n - d)/(n + d) (n - d exact), so |t| <= 1/2; t as a double-double quotient.
 * atan t = t - t^3/3 + t^5 A1(t^2). In both, the cube term (a sixth or a third of the
 * result's size at most) is formed exactly (fma splits, 1/6 and 1/3 in two parts), so only
 * the higher terms round; P1 and A1 are minimax polynomials of degrees 13 and 12 on
 * [0, 1/4] (relative errors 2^-56, scripts/vmath_fit.py), their terms below 1.3% of the
 * result. The sums with pi/2, pi/4 and pi are double-double. Measured at most 0.5x ulp
 * (tests/accuracy).
 *
 * float32: the same in double with plain arithmetic and polynomials of degree 6 for
 * asin s = s + s^3 P(s^2) and atan t = t + t^3 A(t^2) (relative errors 2^-29 and 2^-30).
 *
 * Special values: asin and atan keep the sign of zero; asin and acos of |x| > 1 are NaN;
 * atan(+-inf) = +-pi/2 (rounded); NaN gives NaN. */
#ifndef NDI_VMATH_ATRIG_H
#define NDI_VMATH_ATRIG_H

#define VM_PIO2_HI 0x1.921fb54442d18p0 /* pi/2, pi/4 and pi as double-doubles */
#define VM_PIO2_LO 0x1.1a62633145c07p-54
#define VM_THIRD_HI 0x1.5555555555555p-2 /* 1/3 */
#define VM_THIRD_LO 0x1.5555555555555p-56

/* scripts/vmath_fit.py asin_p1, atan_a1, asin_p_f, atan_a_f */
static const double vasin_p1[14] = {
    0x1.3333333333333p-4, 0x1.6db6db6db6e5ap-5, 0x1.f1c71c71b29adp-6, 0x1.6e8ba2f0d88e6p-6,
    0x1.1c4ec33ff199cp-6, 0x1.c99a030f82325p-7, 0x1.7a7f26a657507p-7, 0x1.4051662dee772p-7,
    0x1.0ea93f97b33c3p-7, 0x1.0bf2ba02e181fp-7, 0x1.45fa80b6f29b4p-9, 0x1.24cc2a62aeeacp-6,
    -0x1.2555bf8eebe13p-6, 0x1.bcf60b5681628p-6};
static const double vatan_a1[13] = {
    0x1.9999999999999p-3, -0x1.24924924923eap-3, 0x1.c71c71c709ebcp-4,
    -0x1.745d173f645f3p-4, 0x1.3b13b011b4452p-4, -0x1.1110f0f563736p-4,
    0x1.e1dd68e56183dp-5, -0x1.aef29aececcbfp-5, 0x1.845867d3218cep-5,
    -0x1.59ff81418ef57p-5, 0x1.1e7bc1f82528ap-5, -0x1.7a287ffba8358p-6, 0x1.179d8e03c8253p-7};
static const double vasin_p_f[7] = {
    0x1.5555555c6b582p-3, 0x1.33331ddc7e06ap-4, 0x1.6dc149ebb1186p-5, 0x1.efe1da6d076dap-6,
    0x1.833968ce10ec0p-6, 0x1.57dda160198adp-7, 0x1.fd41302cbb613p-6};
static const double vatan_a_f[7] = {
    -0x1.55555551c8e86p-2, 0x1.99998e9c5ec4ep-3, -0x1.248f7d0837d91p-3,
    0x1.c6925da61abe1p-4, -0x1.6deb1916497fcp-4, 0x1.123bf8d3fb435p-4, -0x1.0ca154f0e9b56p-5};

VI vdd vasin_s(vdd s) { return vodd_series(s.h, s.l, 1.0 / 6, 0x1.5555555555555p-57, vasin_p1, 14); }

/* c pi/2 + scale a as a double-double, for c (0, 1 or 2 by lane) larger than the rest
 * wherever it is not 0, and scale a power of 2 with its sign (exact products) */
VI vdd vpio2_plus_dd(vd c, vdd a, vd scale) {
  vd bh = vmul(c, vdup(VM_PIO2_HI)), bl = vmul(c, vdup(VM_PIO2_LO));
  vdd s = vfast_two_sum(bh, vmul(a.h, scale));
  return vdd_make(s.h, vadd(s.l, vfma(a.l, scale, bl)));
}
VI vd vpio2_plus(vd c, vdd a, vd scale) { return vdd_round(vpio2_plus_dd(c, a, scale)); }

/* sqrt((1 - a)/2) as a double-double, for a in [1/2, 1] (z exact) */
VI vdd vasin_sqrt(vd a) {
  vd z = vmul(vdup(0.5), vsub(vdup(1.0), a));
  vd h = vsqrt(z);
  vd l = vmul(vfnma(h, h, z), vdiv(vdup(0.5), h));
  return vdd_make(h, vsel(veq(h, vdup(0.0)), vdup(0.0), l));
}

VI vd vm_asin(vd x) {
  vd a = vabs(x);
  vm small = vle(a, vdup(0.5));
  vdd s = vasin_sqrt(a);
  s.h = vsel(small, a, s.h);
  s.l = vsel(small, vdup(0.0), s.l);
  vdd r = vasin_s(s);
  /* small: 0 + r; else pi/2 - 2 r */
  vd res = vpio2_plus(vsel(small, vdup(0.0), vdup(1.0)), r, vsel(small, vdup(1.0), vdup(-2.0)));
  return vmulsign(res, x);
}

VI vd vm_acos(vd x) {
  vd a = vabs(x);
  vm small = vle(a, vdup(0.5)), neg = vlt(x, vdup(0.0));
  vdd s = vasin_sqrt(a);
  s.h = vsel(small, x, s.h);
  s.l = vsel(small, vdup(0.0), s.l);
  vdd r = vasin_s(s);
  /* small: pi/2 - asin x; x > 1/2: 2 asin s; x < -1/2: pi - 2 asin s */
  vd c = vsel(small, vdup(1.0), vsel(neg, vdup(2.0), vdup(0.0)));
  vd scale = vsel(small, vdup(-1.0), vsel(neg, vdup(-2.0), vdup(2.0)));
  return vpio2_plus(c, r, scale);
}

/* atan(n/d) as a double-double, for 0 <= n <= d finite, d > 0 and d in [2^-1000, 2^1000]
 * (so that n + d and 1/d stay finite): atan t with t = n/d when n <= d/2, else
 * pi/4 + atan t with t = (n - d)/(n + d) */
VI vdd vatan_ratio(vd n, vd d) {
  vm half = vgt(vadd(n, n), d);
  vdd den = vtwo_sum(n, d);
  vdd num = vdd_make(vsel(half, vsub(n, d), n), vdup(0.0));
  den.h = vsel(half, den.h, d);
  den.l = vsel(half, den.l, vdup(0.0));
  vdd t = vdd_div(num, den);
  vdd r = vodd_series(t.h, t.l, -VM_THIRD_HI, -VM_THIRD_LO, vatan_a1, 13);
  vdd q = vfast_two_sum(vsel(half, vdup(VM_PIO2_HI / 2), vdup(0.0)), r.h);
  q.l = vadd(q.l, vadd(r.l, vsel(half, vdup(VM_PIO2_LO / 2), vdup(0.0))));
  return q;
}

VI vd vm_atan(vd x) {
  vd a = vabs(x);
  vm inv = vgt(a, vdup(1.0));
  vdd q = vatan_ratio(vsel(inv, vdup(1.0), a), vsel(inv, a, vdup(1.0)));
  /* pi/2 - atan(1/a) where a > 1 */
  vd res = vpio2_plus(vsel(inv, vdup(1.0), vdup(0.0)), q, vsel(inv, vdup(-1.0), vdup(1.0)));
  res = vsel(vgt(a, vdup(0x1p60)), vdup(VM_PIO2_HI), res); /* inf too: pi/2 rounded */
  return vmulsign(vsel(visnan(x), x, res), x);
}

/* ---- float32 inputs ---- */

VI vd vasin_f_s(vd s) {
  vd u = vmul(s, s);
  return vfma(vmul(s, u), vpoly(u, vasin_p_f, 7), s);
}

VI vd vm_asin_f(vd x) {
  vd a = vabs(x);
  vm small = vle(a, vdup(0.5));
  vd s = vsel(small, a, vsqrt(vmul(vdup(0.5), vsub(vdup(1.0), a))));
  vd r = vasin_f_s(s);
  r = vsel(small, r, vfnma(vdup(2.0), r, vdup(VM_PIO2_HI)));
  return vmulsign(r, x);
}

VI vd vm_acos_f(vd x) {
  vd a = vabs(x);
  vm small = vle(a, vdup(0.5)), neg = vlt(x, vdup(0.0));
  vd s = vsel(small, x, vsqrt(vmul(vdup(0.5), vsub(vdup(1.0), a))));
  vd r = vasin_f_s(s);
  vd big = vmul(vdup(2.0), r);
  return vsel(small, vsub(vdup(VM_PIO2_HI), r),
              vsel(neg, vsub(vdup(2.0 * VM_PIO2_HI), big), big));
}

/* atan(n/d) in double for 0 <= n <= d, d > 0 (float32 inputs) */
VI vd vatan_ratio_f(vd n, vd d) {
  vm half = vgt(vadd(n, n), d);
  vd t = vdiv(vsel(half, vsub(n, d), n), vsel(half, vadd(n, d), d));
  vd u = vmul(t, t);
  vd r = vfma(vmul(t, u), vpoly(u, vatan_a_f, 7), t);
  return vadd(r, vsel(half, vdup(VM_PIO2_HI / 2), vdup(0.0)));
}

VI vd vm_atan_f(vd x) {
  vd a = vabs(x);
  vm inv = vgt(a, vdup(1.0));
  vd r = vatan_ratio_f(vsel(inv, vdup(1.0), a), vsel(inv, a, vdup(1.0)));
  r = vsel(inv, vsub(vdup(VM_PIO2_HI), r), r);
  r = vsel(vgt(a, vdup(0x1p60)), vdup(VM_PIO2_HI), r);
  return vmulsign(vsel(visnan(x), x, r), x);
}

#endif
