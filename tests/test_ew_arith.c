/* Arithmetic elementwise functions on every dtype and layout against reference loops:
 * add, subtract, multiply, divide, floor_divide, remainder, pow, negative, positive,
 * square, reciprocal, abs, sign, conj; integer wrapping and division by zero; complex
 * multiplication and division as NumPy computes them. */
#include <complex.h>
#include <stdlib.h>

#include "ew_check.h"

/* ---- references ------------------------------------------------------------------------ */

static int64_t i_add(int64_t a, int64_t b, nd_dtype t) { return t == ND_BOOL ? (a || b) : a + b; }
static int64_t i_sub(int64_t a, int64_t b, nd_dtype t) { (void)t; return a - b; }
static int64_t i_mul(int64_t a, int64_t b, nd_dtype t) { return t == ND_BOOL ? (a && b) : a * b; }
static int64_t i_fdiv(int64_t a, int64_t b, nd_dtype t) {
  (void)t;
  return b == 0 ? 0 : (int64_t)floor((double)a / (double)b);
}
static int64_t i_rem(int64_t a, int64_t b, nd_dtype t) {
  (void)t;
  return b == 0 ? 0 : a - (int64_t)floor((double)a / (double)b) * b;
}
static double f_add(double a, double b) { return a + b; }
static double f_sub(double a, double b) { return a - b; }
static double f_mul(double a, double b) { return a * b; }
static double f_div(double a, double b) { return a / b; }
static double f_fdiv(double a, double b) { return b == 0 || isinf(a) != isinf(b) ? a / b : floor(a / b); }
static double f_rem(double a, double b) {
  if (b == 0) return NAN;
  double r = a - floor(a / b) * b;
  return r == 0 ? copysign(0.0, b) : r;
}
static void c_add(double ar, double ai, double br, double bi, double *re, double *im) {
  *re = ar + br;
  *im = ai + bi;
}
static void c_sub(double ar, double ai, double br, double bi, double *re, double *im) {
  *re = ar - br;
  *im = ai - bi;
}
static void c_mul(double ar, double ai, double br, double bi, double *re, double *im) {
  *re = ar * br - ai * bi;
  *im = ar * bi + ai * br;
}
/* (a conj(b)) / |b|^2, then compared with a tolerance (nd uses Smith's algorithm). */
static void c_div(double ar, double ai, double br, double bi, double *re, double *im) {
  double d = br * br + bi * bi;
  if (d == 0) {
    *re = ar / fabs(br);
    *im = ai / fabs(bi);
    return;
  }
  *re = (ar * br + ai * bi) / d;
  *im = (ai * br - ar * bi) / d;
}

static int64_t i_neg(int64_t a, int64_t b, nd_dtype t) { (void)b, (void)t; return -a; }
static int64_t i_id(int64_t a, int64_t b, nd_dtype t) { (void)b, (void)t; return a; }
static int64_t i_square(int64_t a, int64_t b, nd_dtype t) { (void)b, (void)t; return a * a; }
static int64_t i_abs(int64_t a, int64_t b, nd_dtype t) { (void)b, (void)t; return a < 0 ? -a : a; }
static int64_t i_sign(int64_t a, int64_t b, nd_dtype t) { (void)b, (void)t; return (a > 0) - (a < 0); }
static int64_t i_recip(int64_t a, int64_t b, nd_dtype t) {
  (void)b;
  if (a == 0) return t == ND_INT32 ? INT32_MIN : t == ND_INT64 ? INT64_MIN : 0;
  return (a == 1 || a == -1) ? a : 0;
}
static double f_neg(double a, double b) { (void)b; return -a; }
static double f_id(double a, double b) { (void)b; return a; }
static double f_square(double a, double b) { (void)b; return a * a; }
static double f_recip(double a, double b) { (void)b; return 1 / a; }
static double f_abs(double a, double b) { (void)b; return fabs(a); }
static double f_sign(double a, double b) { (void)b; return a > 0 ? 1 : a < 0 ? -1 : a == 0 ? 0 : a; }
static void c_neg(double ar, double ai, double br, double bi, double *re, double *im) {
  (void)br, (void)bi;
  *re = -ar;
  *im = -ai;
}
static void c_id(double ar, double ai, double br, double bi, double *re, double *im) {
  (void)br, (void)bi;
  *re = ar;
  *im = ai;
}
static void c_square(double ar, double ai, double br, double bi, double *re, double *im) {
  (void)br, (void)bi;
  c_mul(ar, ai, ar, ai, re, im);
}
static void c_recip(double ar, double ai, double br, double bi, double *re, double *im) {
  (void)br, (void)bi;
  c_div(1, 0, ar, ai, re, im);
}
static void c_abs(double ar, double ai, double br, double bi, double *re, double *im) {
  (void)br, (void)bi;
  *re = hypot(ar, ai);
  *im = 0;
}
static void c_sign(double ar, double ai, double br, double bi, double *re, double *im) {
  (void)br, (void)bi;
  double r = hypot(ar, ai);
  *re = r == 0 ? 0 : ar / r;
  *im = r == 0 ? 0 : ai / r;
}
static void c_conj(double ar, double ai, double br, double bi, double *re, double *im) {
  (void)br, (void)bi;
  *re = ar;
  *im = -ai;
}

/* ---- the cases -------------------------------------------------------------------------- */

#define BIN(NAME) .name = #NAME, .fn2 = nd_##NAME, .out2 = nd_##NAME##_out
#define UN(NAME) .name = #NAME, .fn1 = nd_##NAME, .out1 = nd_##NAME##_out

static const ew_case cases[] = {
    {BIN(add), .accepts = ew_all, .iref = i_add, .fref = f_add, .cref = c_add},
    {BIN(subtract), .accepts = ew_numeric, .iref = i_sub, .fref = f_sub, .cref = c_sub},
    {BIN(multiply), .accepts = ew_all, .iref = i_mul, .fref = f_mul, .cref = c_mul},
    {BIN(divide), .accepts = ew_all, .compute = ew_int_as_f64, .fref = f_div, .cref = c_div,
     .ctol = 4e-7},
    {BIN(floor_divide), .accepts = ew_real, .compute = ew_bool_as_int8, .iref = i_fdiv,
     .fref = f_fdiv},
    {BIN(remainder), .accepts = ew_real, .compute = ew_bool_as_int8, .iref = i_rem,
     .fref = f_rem},
    {UN(negative), .accepts = ew_numeric, .iref = i_neg, .fref = f_neg, .cref = c_neg},
    {UN(positive), .accepts = ew_numeric, .iref = i_id, .fref = f_id, .cref = c_id},
    {UN(square), .accepts = ew_all, .compute = ew_bool_as_int8, .iref = i_square,
     .fref = f_square, .cref = c_square},
    {UN(reciprocal), .accepts = ew_all, .compute = ew_bool_as_int8, .iref = i_recip, .fref = f_recip, .cref = c_recip,
     .ctol = 4e-7},
    {UN(abs), .accepts = ew_all, .result_real = true, .iref = i_abs, .fref = f_abs,
     .cref = c_abs, .ctol = 1.2e-7},
    {UN(sign), .accepts = ew_numeric, .iref = i_sign, .fref = f_sign, .cref = c_sign,
     .ctol = 2.4e-7},
    {UN(conj), .accepts = ew_all, .compute = ew_bool_as_int8, .iref = i_id, .fref = f_id,
     .cref = c_conj},
};

static void test_cases(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) ew_check_case(&cases[i]);
}

/* ---- integer semantics -------------------------------------------------------------------- */

static nd_array *from_i64(nd_dtype t, int n, const int64_t *v) {
  nd_array *a = nd_from_data(ND_INT64, 1, (const int64_t[]){n}, v, ND_C);
  nd_array *r = nd_astype(a, t);
  nd_release(a);
  return r;
}

static int64_t get_i(const nd_array *a, int64_t i) {
  int64_t v;
  assert_int_equal(nd_get_int64(a, &i, &v), ND_OK);
  return v;
}

static void test_integer_wrap(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *a = from_i64(ND_INT8, 3, (const int64_t[]){127, -128, 100});
  nd_array *b = from_i64(ND_INT8, 3, (const int64_t[]){1, -1, 100});
  nd_array *s = nd_add(a, b), *d = nd_subtract(a, b), *m = nd_multiply(a, b);
  assert_int_equal(get_i(s, 0), -128); /* 127 + 1 wraps */
  assert_int_equal(get_i(s, 1), 127);  /* -128 - 1 wraps */
  assert_int_equal(get_i(s, 2), -56);  /* 200 - 256 */
  assert_int_equal(get_i(d, 1), -127);
  assert_int_equal(get_i(m, 2), 16);   /* 10000 mod 256 */
  assert_int_equal(get_i(nd_negative(a), 1), -128);
  assert_int_equal(get_i(nd_abs(a), 1), -128); /* as NumPy */
  nd_array *u = from_i64(ND_UINT16, 2, (const int64_t[]){65535, 0});
  assert_int_equal(get_i(nd_multiply(u, u), 0), 1); /* no int promotion overflow */
  assert_int_equal(get_i(nd_negative(u), 0), 1);
  assert_int_equal(get_i(nd_subtract(nd_positive(u), nd_abs(u)), 0), 0);
  nd_array *big = from_i64(ND_INT64, 2, (const int64_t[]){INT64_MAX, INT64_MIN});
  assert_int_equal(get_i(nd_add_scalar(big, ND_INT(1)), 0), INT64_MIN);
  assert_int_equal(get_i(nd_multiply_scalar(big, ND_INT(2)), 1), 0);
  assert_int_equal(get_i(nd_square(big), 0), 1);
  nd_scope_end();
}

static void test_integer_division(void **state) {
  (void)state;
  nd_scope_begin();
  const int64_t av[] = {7, -7, 7, -7, 0, 5, INT32_MIN, INT32_MIN};
  const int64_t bv[] = {2, 2, -2, -2, 0, 0, -1, 1};
  const int64_t fd[] = {3, -4, -4, 3, 0, 0, INT32_MIN, INT32_MIN}; /* NumPy's // */
  const int64_t rm[] = {1, 1, -1, -1, 0, 0, 0, 0};                 /* NumPy's % */
  for (int t = 0; t < 2; t++) {
    nd_dtype dt = t ? ND_INT32 : ND_INT64;
    nd_array *a = from_i64(dt, 8, av), *b = from_i64(dt, 8, bv);
    nd_array *q = nd_floor_divide(a, b), *r = nd_remainder(a, b);
    for (int i = 0; i < 8; i++) {
      int64_t want = fd[i];
      if (dt == ND_INT64 && i >= 6) want = i == 6 ? -(int64_t)INT32_MIN : INT32_MIN;
      assert_int_equal(get_i(q, i), want);
      assert_int_equal(get_i(r, i), rm[i]);
    }
  }
  /* INT64_MIN // -1 wraps to INT64_MIN (the hardware would trap) */
  nd_array *m = from_i64(ND_INT64, 1, (const int64_t[]){INT64_MIN});
  assert_int_equal(get_i(nd_floor_divide_scalar(m, ND_INT(-1)), 0), INT64_MIN);
  assert_int_equal(get_i(nd_remainder_scalar(m, ND_INT(-1)), 0), 0);
  nd_array *u = from_i64(ND_UINT8, 3, (const int64_t[]){250, 7, 0});
  nd_array *q = nd_floor_divide_scalar(u, ND_INT(0));
  assert_int_equal(get_i(q, 0), 0);
  assert_int_equal(get_i(nd_remainder_scalar(u, ND_INT(7)), 0), 5);
  assert_int_equal(get_i(nd_scalar_floor_divide(ND_INT(100), u), 1), 14);
  assert_int_equal(get_i(nd_scalar_remainder(ND_INT(100), u), 1), 2);
  nd_scope_end();
}

static void test_integer_pow(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *a = from_i64(ND_INT64, 5, (const int64_t[]){2, -3, 0, 1, 3});
  nd_array *b = from_i64(ND_INT64, 5, (const int64_t[]){10, 3, 0, 1000, 40});
  nd_array *p = nd_pow(a, b);
  assert_int_equal(get_i(p, 0), 1024);
  assert_int_equal(get_i(p, 1), -27);
  assert_int_equal(get_i(p, 2), 1); /* 0**0 */
  assert_int_equal(get_i(p, 3), 1);
  /* 3**40 wraps modulo 2**64 */
  uint64_t w = 1;
  for (int i = 0; i < 40; i++) w *= 3;
  assert_int_equal(get_i(p, 4), (int64_t)w);
  nd_array *a8 = nd_astype(a, ND_INT8);
  assert_int_equal(get_i(nd_pow_scalar(a8, ND_INT(10)), 0), 0); /* 1024 mod 256 */
  /* every dtype on a layout grid: compare with repeated multiplication */
  static const int64_t sh[2] = {3, 4};
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    if (nd_dtype_kind(t) != 'i' && nd_dtype_kind(t) != 'u') continue;
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *x = nd_abs(th_make(t, 2, sh, (th_layout)L, 3));
      nd_array *e = nd_remainder_scalar(nd_abs(th_make(t, 2, sh, TH_F, 4)), ND_INT(9));
      nd_array *r = nd_pow(x, e);
      assert_int_equal(nd_dtype_of(r), t);
      int64_t idx[2] = {0, 0};
      do {
        double xv, ev, rv, im;
        th_get(x, idx, &xv, &im);
        th_get(e, idx, &ev, &im);
        th_get(r, idx, &rv, &im);
        uint64_t acc = 1;
        for (int k = 0; k < (int)ev; k++) acc *= (uint64_t)xv;
        double want = t == ND_UINT64 ? (double)acc : (double)ew_wrap(t, (int64_t)acc);
        assert_true(rv == want);
      } while (th_next(2, sh, idx));
    }
  }
  TH_EXPECT_ERROR(nd_pow_scalar(a, ND_INT(-1)), ND_ERR_VALUE, "pow: integers to negative integer powers");
  TH_EXPECT_ERROR(nd_scalar_pow(ND_INT(2), a), ND_ERR_VALUE, NULL); /* a holds -3 */
  nd_array *bb = nd_full(ND_BOOL, ND_SHAPE(2), 1, ND_C);
  assert_int_equal(nd_dtype_of(nd_pow(bb, bb)), ND_INT8);
  /* A single negative exponent (a scalar, a 0-d array, a broadcast element) fails before
   * anything is written: out keeps its values, as NumPy's np.power(a, -1, out=o) leaves
   * o; on every layout of out and of the base. */
  static const int64_t s34[2] = {3, 4};
  for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
    if (L == TH_BROADCAST) continue; /* read-only: not an out */
    for (int B = 0; B < TH_NUM_LAYOUTS; B++) {
      nd_array *base = th_make(ND_INT32, 2, s34, (th_layout)B, 5);
      nd_array *out = th_make(ND_INT32, 2, s34, (th_layout)L, 6);
      nd_array *keep = nd_copy(out, ND_C);
      TH_EXPECT_ERROR(nd_pow_scalar_out(out, base, ND_INT(-2)), ND_ERR_VALUE,
                      "pow: integers to negative integer powers are not allowed");
      th_assert_same_values(out, keep);
      nd_array *e0 = nd_full(ND_INT8, 0, NULL, -1, ND_C);
      TH_EXPECT_ERROR(nd_pow_out(out, base, e0), ND_ERR_VALUE, "pow: integers to negative");
      th_assert_same_values(out, keep);
      nd_array *e1 = nd_broadcast_to(nd_full(ND_INT64, ND_SHAPE(1), -3, ND_C), ND_SHAPE(3, 4));
      TH_EXPECT_ERROR(nd_pow_out(out, base, e1), ND_ERR_VALUE, "pow: integers to negative");
      th_assert_same_values(out, keep);
      /* out as its own base (the identical-operand path) */
      TH_EXPECT_ERROR(nd_pow_scalar_out(out, out, ND_INT(-1)), ND_ERR_VALUE, "pow: integers to negative");
      th_assert_same_values(out, keep);
    }
  }
  /* nothing to compute, nothing to refuse (NumPy: an empty power is no error) */
  nd_array *none = nd_zeros(ND_INT32, ND_SHAPE(0, 3), ND_C);
  nd_clear_error();
  assert_non_null(nd_pow_scalar(none, ND_INT(-1)));
  assert_int_equal(nd_pow_scalar_out(none, none, ND_INT(-1)), ND_OK);
  /* non-negative single exponents and float bases are unaffected */
  assert_int_equal(get_i(nd_pow_scalar(a, ND_INT(0)), 1), 1);
  assert_non_null(nd_pow_scalar(nd_astype(a, ND_FLOAT64), ND_INT(-1)));
  assert_int_equal(nd_last_status(), ND_OK);
  nd_scope_end();
}

/* ---- floats: IEEE special cases (values from NumPy 2.4) ------------------------------------ */

static double get_d(const nd_array *a, int64_t i) {
  double v;
  assert_int_equal(nd_get_double(a, &i, &v), ND_OK);
  return v;
}

static void assert_same_double(double got, double want) {
  if (!ew_same(got, want, 0)) fail_msg("got %.17g, want %.17g", got, want);
}

static void test_float_specials(void **state) {
  (void)state;
  nd_scope_begin();
  const double inf = INFINITY, nan = NAN;
  double av[] = {1, -1, 0, -0.0, inf, -1, 1, -0.0, 5, -5};
  double bv[] = {0, 0, 0, 1, inf, inf, -inf, -1, 3, 3};
  nd_array *a = nd_from_data(ND_FLOAT64, ND_SHAPE(10), av, ND_C);
  nd_array *b = nd_from_data(ND_FLOAT64, ND_SHAPE(10), bv, ND_C);
  /* NumPy 2.4: np.divide, np.floor_divide, np.remainder of the pairs above, except that
   * floor_divide with one infinite operand follows the Array API's special cases
   * (-1 // inf is -0.0, NumPy's -1.0) */
  const double dv[] = {inf, -inf, nan, -0.0, nan, -0.0, -0.0, 0.0, 5.0 / 3, -5.0 / 3};
  const double fd[] = {inf, -inf, nan, -0.0, nan, -0.0, -0.0, 0.0, 1, -2};
  const double rm[] = {nan, nan, nan, 0.0, nan, inf, -inf, -0.0, 2, 1};
  for (int t = 0; t < 2; t++) {
    nd_dtype dt = t ? ND_FLOAT32 : ND_FLOAT64;
    nd_array *x = nd_astype(a, dt), *y = nd_astype(b, dt);
    nd_array *d = nd_divide(x, y), *q = nd_floor_divide(x, y), *r = nd_remainder(x, y);
    for (int i = 0; i < 10; i++) {
      assert_same_double(get_d(d, i), t ? (double)(float)dv[i] : dv[i]);
      assert_same_double(get_d(q, i), fd[i]);
      assert_same_double(get_d(r, i), rm[i]);
    }
  }
  /* the standard's floor_divide of an infinity by a finite number: a signed infinity
   * (NumPy: NaN) */
  nd_array *fi = nd_floor_divide(nd_from_data(ND_FLOAT64, ND_SHAPE(4), (double[]){inf, inf, -inf, -inf}, ND_C),
                                 nd_from_data(ND_FLOAT64, ND_SHAPE(4), (double[]){2, -2, 2, -2}, ND_C));
  assert_same_double(get_d(fi, 0), inf);
  assert_same_double(get_d(fi, 1), -inf);
  assert_same_double(get_d(fi, 2), -inf);
  assert_same_double(get_d(fi, 3), inf);
  /* signed zeros: -0 + -0 = -0, -0 + 0 = 0, -(0) = -0, 0 * -1 = -0 */
  nd_array *z = nd_from_data(ND_FLOAT64, ND_SHAPE(2), (double[]){-0.0, 0.0}, ND_C);
  assert_same_double(get_d(nd_add_scalar(z, ND_FLOAT(-0.0)), 0), -0.0);
  assert_same_double(get_d(nd_add_scalar(z, ND_FLOAT(-0.0)), 1), 0.0);
  assert_same_double(get_d(nd_negative(z), 1), -0.0);
  assert_same_double(get_d(nd_multiply_scalar(z, ND_FLOAT(-1)), 1), -0.0);
  assert_same_double(get_d(nd_sign(z), 0), 0.0);
  assert_same_double(get_d(nd_abs(z), 0), 0.0);
  assert_same_double(get_d(nd_reciprocal(z), 0), -inf);
  nd_scope_end();
}

static void test_complex_numpy(void **state) {
  (void)state;
  nd_scope_begin();
  /* NumPy multiplies with an fma per part: (1e300+1e300j)**2 is -inf+infj, not nan */
  double big[2] = {1e300, 1e300};
  nd_array *z = nd_from_data(ND_COMPLEX128, ND_SHAPE(1), big, ND_C);
  double re, im;
  assert_int_equal(nd_get_complex(nd_multiply(z, z), (int64_t[]){0}, &re, &im), ND_OK);
  assert_true(isinf(re) && re < 0 && isinf(im) && im > 0);
  assert_int_equal(nd_get_complex(nd_square(z), (int64_t[]){0}, &re, &im), ND_OK);
  assert_true(isinf(re) && re < 0);
  /* abs as NumPy's array loop computes it (np.abs of these, NumPy 2.4): not hypot, whose
   * 3.0413812651491097 and float32 3.0413814 are the correctly rounded moduli */
  double za[12] = {0.5, 3, 1, 1, 3e-310, 4e-310, 1e308, 1e308, INFINITY, NAN, NAN, -INFINITY};
  const double wabs[6] = {3.0413812651491092, 1.4142135623730951, 5e-310, 1.4142135623730951e+308,
                          INFINITY, INFINITY};
  nd_array *zab = nd_abs(nd_from_data(ND_COMPLEX128, ND_SHAPE(6), za, ND_C));
  for (int64_t i = 0; i < 6; i++) assert_same_double(get_d(zab, i), wabs[i]);
  nd_array *z32 = nd_abs(nd_astype(nd_from_data(ND_COMPLEX128, ND_SHAPE(2), za, ND_C), ND_COMPLEX64));
  assert_true(get_d(z32, 0) == (double)3.0413811f && get_d(z32, 1) == (double)1.4142135f);
  /* sign(z) = z/|z| where |z| overflows: scaled first (NumPy 2.4 gives 1j for 3e38+3e38j) */
  double hz[2] = {1.5e308, -1.5e308};
  nd_array *sg = nd_sign(nd_from_data(ND_COMPLEX128, ND_SHAPE(1), hz, ND_C));
  nd_get_complex(sg, (int64_t[]){0}, &re, &im);
  assert_true(fabs(re - 0.70710678118654752) < 1e-15 && fabs(im + 0.70710678118654752) < 1e-15);
  /* random products, bit for bit with NumPy 2.4 (np.multiply of these complex128) */
  double a[6] = {0.1, 0.7, -1.3, 2.9, 3.3e-5, -8.5};
  double b[6] = {0.3, -0.2, 1.7, 0.11, 4.4e3, 1e-7};
  const double want[6] = {0.16999999999999998, 0.19, -2.529, 4.787, 0.14520085000000002,
                          -37400.0};
  nd_array *x = nd_from_data(ND_COMPLEX128, ND_SHAPE(3), a, ND_C);
  nd_array *y = nd_from_data(ND_COMPLEX128, ND_SHAPE(3), b, ND_C);
  nd_array *p = nd_multiply(x, y);
  for (int i = 0; i < 3; i++) {
    assert_int_equal(nd_get_complex(p, (int64_t[]){i}, &re, &im), ND_OK);
    assert_same_double(re, want[2 * i]);
    assert_same_double(im, want[2 * i + 1]);
  }
  /* division by zero and by infinity, as NumPy (Smith's algorithm) */
  double num[2] = {1, 1}, zero[2] = {0, 0};
  nd_array *n1 = nd_from_data(ND_COMPLEX128, ND_SHAPE(1), num, ND_C);
  nd_array *z0 = nd_from_data(ND_COMPLEX128, ND_SHAPE(1), zero, ND_C);
  assert_int_equal(nd_get_complex(nd_divide(n1, z0), (int64_t[]){0}, &re, &im), ND_OK);
  assert_true(isinf(re) && isinf(im));
  assert_int_equal(nd_get_complex(nd_reciprocal(z0), (int64_t[]){0}, &re, &im), ND_OK);
  assert_true(isnan(re) && isnan(im));
  /* sign: an infinite part decides; both infinite give NaN (NumPy 2) */
  double sv[8] = {INFINITY, 0, INFINITY, INFINITY, 1, -INFINITY, -3, 4};
  nd_array *s = nd_sign(nd_from_data(ND_COMPLEX128, ND_SHAPE(4), sv, ND_C));
  const double sw[8] = {1, 0, NAN, NAN, 0, -1, -0.6, 0.8};
  for (int i = 0; i < 4; i++) {
    assert_int_equal(nd_get_complex(s, (int64_t[]){i}, &re, &im), ND_OK);
    assert_true(ew_same(re, sw[2 * i], 1e-15) && ew_same(im, sw[2 * i + 1], 1e-15));
  }
  /* abs of complex64 is float32 */
  assert_int_equal(nd_dtype_of(nd_abs(nd_astype(z, ND_COMPLEX64))), ND_FLOAT32);
  nd_scope_end();
}

static void test_float_pow(void **state) {
  (void)state;
  nd_scope_begin();
  const double inf = INFINITY, nan = NAN;
  /* the Array API's special cases for pow */
  double av[] = {nan, 1, 2, -1, 0.5, 2, 0.0, -0.0, -0.0, -2, -inf, inf, -inf, -8};
  double bv[] = {0, nan, nan, inf, -inf, -inf, -1, -3, 3, 0.5, 3, -2, 2, 1.0 / 3};
  const double want[] = {1, 1, nan, 1, inf, 0, inf, -inf, -0.0, nan, -inf, 0, inf, nan};
  nd_array *a = nd_from_data(ND_FLOAT64, ND_SHAPE(14), av, ND_C);
  nd_array *b = nd_from_data(ND_FLOAT64, ND_SHAPE(14), bv, ND_C);
  for (int t = 0; t < 2; t++) {
    nd_dtype dt = t ? ND_FLOAT32 : ND_FLOAT64;
    nd_array *p = nd_pow(nd_astype(a, dt), nd_astype(b, dt));
    for (int i = 0; i < 14; i++) assert_same_double(get_d(p, i), want[i]);
  }
  /* values against libm on every layout (both within an ulp: tests/accuracy) */
  static const int64_t sh[3] = {3, 4, 5};
  for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
    nd_array *x = nd_abs(th_make(ND_FLOAT64, 3, sh, (th_layout)L, 1));
    nd_array *y = th_make(ND_FLOAT64, 3, sh, TH_TRANSPOSED, 2);
    nd_array *r = nd_pow(x, nd_multiply_scalar(y, ND_FLOAT(0.1)));
    int64_t idx[3] = {0};
    do {
      double xv, yv, rv, im;
      th_get(x, idx, &xv, &im);
      th_get(y, idx, &yv, &im);
      th_get(r, idx, &rv, &im);
      assert_true(ew_same(rv, pow(xv, yv * 0.1), 2.3e-16));
    } while (th_next(3, sh, idx));
  }
  /* complex: z**0 = 1, 0**w, integral powers by multiplication */
  double zv[6] = {0, 0, 0, 0, 1, 2};
  double wv[6] = {0, 0, 1, 1, 3, 0};
  nd_array *z = nd_from_data(ND_COMPLEX128, ND_SHAPE(3), zv, ND_C);
  nd_array *w = nd_from_data(ND_COMPLEX128, ND_SHAPE(3), wv, ND_C);
  nd_array *p = nd_pow(z, w);
  double re, im;
  nd_get_complex(p, (int64_t[]){0}, &re, &im);
  assert_true(re == 1 && im == 0);
  nd_get_complex(p, (int64_t[]){1}, &re, &im);
  assert_true(re == 0 && im == 0);
  nd_get_complex(p, (int64_t[]){2}, &re, &im); /* (1+2i)^3 = -11-2i exactly */
  assert_true(re == -11 && im == -2);
  nd_array *neg = nd_pow_scalar(z, ND_COMPLEX(-1, 0));
  nd_get_complex(neg, (int64_t[]){0}, &re, &im);
  assert_true(isnan(re) && isnan(im));
  /* overflowing and infinite bases: np.power(z, n) for n = 2, 3, -1, 4 (NumPy 2.4) */
  double big[6] = {1e300, 1e300, INFINITY, 0, 2, 3};
  nd_array *zb = nd_from_data(ND_COMPLEX128, ND_SHAPE(3), big, ND_C);
  static const struct { int n; double want[6]; } rows[] = {
      {2, {NAN, INFINITY, INFINITY, NAN, -5, 12}},
      {3, {NAN, NAN, NAN, NAN, -46, 9}},
      {-1, {5e-301, -5e-301, NAN, NAN, 2.0 / 13, -3.0 / 13}},
      {4, {NAN, NAN, NAN, NAN, -119, -120}},
  };
  for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
    nd_array *q = nd_pow_scalar(zb, ND_INT(rows[k].n));
    for (int64_t i = 0; i < 3; i++) {
      nd_get_complex(q, (int64_t[]){i}, &re, &im);
      double wr = rows[k].want[2 * i], wi = rows[k].want[2 * i + 1];
      bool ok = (isnan(wr) ? isnan(re) : re == wr || fabs(re - wr) <= 1e-15 * fabs(wr)) &&
                (isnan(wi) ? isnan(im) : im == wi || fabs(im - wi) <= 1e-15 * fabs(wi));
      if (!ok) fail_msg("pow(z[%lld], %d) = (%g, %g), NumPy (%g, %g)", (long long)i, rows[k].n, re, im, wr, wi);
    }
  }
  /* NumPy 2: a single-valued exponent 2, 0.5 or -1 is square, sqrt or reciprocal (bitwise
   * theirs; (-0.0) ** 0.5 is -0.0 and (-inf) ** 0.5 NaN), for a scalar, a 0-d array or a
   * broadcast one-element array; an array of exponents goes through pow. */
  double xs[4] = {-0.0, -INFINITY, 9.616866, 1.0 / 3};
  nd_array *x64 = nd_from_data(ND_FLOAT64, ND_SHAPE(4), xs, ND_C);
  for (int t = 0; t < 2; t++) {
    nd_array *x = t ? nd_astype(x64, ND_FLOAT32) : x64;
    nd_array *sq = nd_square(x), *rt = nd_sqrt(x), *rc = nd_reciprocal(x);
    nd_array *half0d = nd_scalar_array(ND_FLOAT(0.5));
    nd_array *half1 = nd_full(ND_FLOAT64, ND_SHAPE(1), 0.5, ND_C);
    nd_array *got[] = {nd_pow_scalar(x, ND_INT(2)), nd_pow_scalar(x, ND_FLOAT(0.5)),
                       nd_pow_scalar(x, ND_FLOAT(-1)), nd_pow(x, half0d), nd_pow(x, half1)};
    nd_array *want_arr[] = {sq, rt, rc, nd_sqrt(nd_astype(x, ND_FLOAT64)), nd_sqrt(nd_astype(x, ND_FLOAT64))};
    for (int k = 0; k < 5; k++)
      for (int64_t i = 0; i < 4; i++) assert_same_double(get_d(got[k], i), get_d(want_arr[k], i));
    nd_array *halves = nd_full(ND_FLOAT64, ND_SHAPE(4), 0.5, ND_C);
    assert_same_double(get_d(nd_pow(x, halves), 0), 0.0); /* pow(-0.0, 0.5) */
    assert_same_double(get_d(nd_pow(x, halves), 1), INFINITY);
  }
  nd_scope_end();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_cases),          cmocka_unit_test(test_integer_wrap),
      cmocka_unit_test(test_integer_division), cmocka_unit_test(test_integer_pow),
      cmocka_unit_test(test_float_specials), cmocka_unit_test(test_complex_numpy),
      cmocka_unit_test(test_float_pow),
  };
  return TH_RUN(tests);
}
