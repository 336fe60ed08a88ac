/* Comparisons, maximum/minimum, clip, where, bitwise and logical functions, rounding and
 * classification on every dtype and layout against reference loops, with the NaN,
 * signed-zero and shift cases NumPy defines. */
#include <stdlib.h>

#include "ew_check.h"

/* ---- references ------------------------------------------------------------------------ */

#define CMP_REFS(NAME, OP)                                                                  \
  static int64_t i_##NAME(int64_t a, int64_t b, nd_dtype t) { (void)t; return a OP b; }     \
  static double f_##NAME(double a, double b) { return a OP b; }
CMP_REFS(eq, ==)
CMP_REFS(ne, !=)
CMP_REFS(lt, <)
CMP_REFS(le, <=)
CMP_REFS(gt, >)
CMP_REFS(ge, >=)
/* complex: lexicographic (th_make's values have no NaN) */
static int lex(double ar, double ai, double br, double bi) {
  return ar < br ? -1 : ar > br ? 1 : ai < bi ? -1 : ai > bi ? 1 : 0;
}
#define CMP_CREF(NAME, EXPR)                                                                 \
  static void c_##NAME(double ar, double ai, double br, double bi, double *re, double *im) { \
    int c = lex(ar, ai, br, bi);                                                            \
    *re = (EXPR);                                                                           \
    *im = 0;                                                                                \
  }
CMP_CREF(eq, c == 0)
CMP_CREF(ne, c != 0)
CMP_CREF(lt, c < 0)
CMP_CREF(le, c <= 0)
CMP_CREF(gt, c > 0)
CMP_CREF(ge, c >= 0)

static int64_t i_max(int64_t a, int64_t b, nd_dtype t) { (void)t; return a > b ? a : b; }
static int64_t i_min(int64_t a, int64_t b, nd_dtype t) { (void)t; return a < b ? a : b; }
static double f_max(double a, double b) { return a > b ? a : b; }
static double f_min(double a, double b) { return a < b ? a : b; }
static void c_max(double ar, double ai, double br, double bi, double *re, double *im) {
  bool first = lex(ar, ai, br, bi) >= 0;
  *re = first ? ar : br;
  *im = first ? ai : bi;
}
static void c_min(double ar, double ai, double br, double bi, double *re, double *im) {
  bool first = lex(ar, ai, br, bi) <= 0;
  *re = first ? ar : br;
  *im = first ? ai : bi;
}

static int64_t i_and(int64_t a, int64_t b, nd_dtype t) { (void)t; return a & b; }
static int64_t i_or(int64_t a, int64_t b, nd_dtype t) { (void)t; return a | b; }
static int64_t i_xor(int64_t a, int64_t b, nd_dtype t) { (void)t; return a ^ b; }
static int64_t i_inv(int64_t a, int64_t b, nd_dtype t) { (void)b; return t == ND_BOOL ? !a : ~a; }
static int64_t i_land(int64_t a, int64_t b, nd_dtype t) { (void)t; return a && b; }
static int64_t i_lor(int64_t a, int64_t b, nd_dtype t) { (void)t; return a || b; }
static int64_t i_lxor(int64_t a, int64_t b, nd_dtype t) { (void)t; return !a != !b; }
static int64_t i_lnot(int64_t a, int64_t b, nd_dtype t) { (void)b, (void)t; return !a; }
static int64_t bits(nd_dtype t) { return 8 * (int64_t)nd_dtype_size(t); }
/* NumPy: shifts of the bit width or more (or negative) give 0, or -1 for negative >> */
static int64_t i_lshift(int64_t a, int64_t b, nd_dtype t) {
  if (b < 0 || b >= bits(t)) return 0;
  return (int64_t)((uint64_t)a << b);
}
static int64_t i_rshift(int64_t a, int64_t b, nd_dtype t) {
  if (b < 0 || b >= bits(t)) return a < 0 ? -1 : 0;
  return a >> b;
}

static int64_t i_id(int64_t a, int64_t b, nd_dtype t) { (void)b, (void)t; return a; }
static double f_floor(double a, double b) { (void)b; return floor(a); }
static double f_ceil(double a, double b) { (void)b; return ceil(a); }
static double f_trunc(double a, double b) { (void)b; return trunc(a); }
static double f_round(double a, double b) { (void)b; return nearbyint(a); }
static void c_round(double ar, double ai, double br, double bi, double *re, double *im) {
  (void)br, (void)bi;
  *re = nearbyint(ar);
  *im = nearbyint(ai);
}
static int64_t i_false(int64_t a, int64_t b, nd_dtype t) { (void)a, (void)b, (void)t; return 0; }
static int64_t i_true(int64_t a, int64_t b, nd_dtype t) { (void)a, (void)b, (void)t; return 1; }
static int64_t i_neg(int64_t a, int64_t b, nd_dtype t) { (void)b, (void)t; return a < 0; }
static double f_isnan(double a, double b) { (void)b; return isnan(a); }
static double f_isinf(double a, double b) { (void)b; return isinf(a); }
static double f_isfinite(double a, double b) { (void)b; return isfinite(a); }
static double f_signbit(double a, double b) { (void)b; return signbit(a) != 0; }
static void c_isnan(double ar, double ai, double br, double bi, double *re, double *im) {
  (void)br, (void)bi;
  *re = isnan(ar) || isnan(ai);
  *im = 0;
}
static void c_isinf(double ar, double ai, double br, double bi, double *re, double *im) {
  (void)br, (void)bi;
  *re = isinf(ar) || isinf(ai);
  *im = 0;
}
static void c_isfinite(double ar, double ai, double br, double bi, double *re, double *im) {
  (void)br, (void)bi;
  *re = isfinite(ar) && isfinite(ai);
  *im = 0;
}
static double f_copysign(double a, double b) { return copysign(a, b); }
static double f_nextafter(double a, double b) { return nextafter(a, b); }
static double f_nextafter32(double a, double b) { return nextafterf((float)a, (float)b); }
/* NumPy's float16 nextafter on the bits (equal inputs give a; NaN 0x7e00); the inputs are
 * finite float16 values here */
static double f_nextafter16(double a, double b) {
  uint16_t x = nd_float16_from_double(a), y = nd_float16_from_double(b);
  if (a == b) return a;
  if (a == 0) return nd_float16_to_double((uint16_t)((y & 0x8000) | 1));
  bool up = (b > a) == (a > 0); /* away from zero */
  return nd_float16_to_double((uint16_t)(up ? x + 1 : x - 1));
}
/* ml_dtypes' bfloat16 nextafter (equal inputs give b) */
static double f_nextafter_b16(double a, double b) {
  uint16_t x = nd_bfloat16_from_double(a), y = nd_bfloat16_from_double(b);
  if (a == b) return b;
  if (a == 0) return nd_bfloat16_to_double((uint16_t)((y & 0x8000) | 1));
  bool up = (b > a) == (a > 0);
  return nd_bfloat16_to_double((uint16_t)(up ? x + 1 : x - 1));
}

static bool ew_shiftable(nd_dtype t) { return ew_integer_bool(t); }

#define BIN(NAME) .name = #NAME, .fn2 = nd_##NAME, .out2 = nd_##NAME##_out
#define UN(NAME) .name = #NAME, .fn1 = nd_##NAME, .out1 = nd_##NAME##_out
#define CMP(NAME, R) \
  {BIN(NAME), .accepts = ew_all, .result_bool = true, .iref = i_##R, .fref = f_##R, .cref = c_##R}

static const ew_case cases[] = {
    CMP(equal, eq), CMP(not_equal, ne), CMP(less, lt), CMP(less_equal, le), CMP(greater, gt),
    CMP(greater_equal, ge),
    {BIN(maximum), .accepts = ew_all, .iref = i_max, .fref = f_max, .cref = c_max},
    {BIN(minimum), .accepts = ew_all, .iref = i_min, .fref = f_min, .cref = c_min},
    {BIN(bitwise_and), .accepts = ew_integer_bool, .iref = i_and},
    {BIN(bitwise_or), .accepts = ew_integer_bool, .iref = i_or},
    {BIN(bitwise_xor), .accepts = ew_integer_bool, .iref = i_xor},
    {UN(bitwise_invert), .accepts = ew_integer_bool, .iref = i_inv},
    {BIN(bitwise_left_shift), .accepts = ew_shiftable, .compute = ew_bool_as_int8, .iref = i_lshift},
    {BIN(bitwise_right_shift), .accepts = ew_shiftable, .compute = ew_bool_as_int8, .iref = i_rshift},
    {BIN(logical_and), .accepts = ew_bool_only, .result_bool = true, .iref = i_land},
    {BIN(logical_or), .accepts = ew_bool_only, .result_bool = true, .iref = i_lor},
    {BIN(logical_xor), .accepts = ew_bool_only, .result_bool = true, .iref = i_lxor},
    {UN(logical_not), .accepts = ew_bool_only, .result_bool = true, .iref = i_lnot},
    {UN(floor), .accepts = ew_real, .iref = i_id, .fref = f_floor},
    {UN(ceil), .accepts = ew_real, .iref = i_id, .fref = f_ceil},
    {UN(trunc), .accepts = ew_real, .iref = i_id, .fref = f_trunc},
    {UN(round), .accepts = ew_all, .compute = ew_bool_as_f32, .iref = i_id, .fref = f_round, .cref = c_round},
    {UN(isnan), .accepts = ew_all, .result_bool = true, .iref = i_false, .fref = f_isnan, .cref = c_isnan},
    {UN(isinf), .accepts = ew_all, .result_bool = true, .iref = i_false, .fref = f_isinf, .cref = c_isinf},
    {UN(isfinite), .accepts = ew_all, .result_bool = true, .iref = i_true, .fref = f_isfinite,
     .cref = c_isfinite},
    {UN(signbit), .accepts = ew_real, .result_bool = true, .iref = i_neg, .fref = f_signbit},
    {BIN(copysign), .accepts = ew_real, .compute = ew_int_as_float, .fref = f_copysign},
};

static void test_cases(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) ew_check_case(&cases[i]);
}

/* nextafter depends on the precision: one case per float dtype (ints compute in float). */
static void test_nextafter(void **state) {
  (void)state;
  ew_case c64 = {BIN(nextafter), .accepts = ew_real, .compute = ew_int_as_float,
                 .fref = f_nextafter};
  ew_case c32 = c64, c16 = c64, cb16 = c64;
  c32.fref = f_nextafter32;
  c16.fref = f_nextafter16;
  cb16.fref = f_nextafter_b16;
  static const int64_t sh[2] = {4, 5};
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    if (nd_dtype_kind(t) == 'c') continue;
    nd_dtype k = ew_int_as_float(t);
    const ew_case *c = k == ND_FLOAT32 ? &c32 : k == ND_FLOAT16 ? &c16 : k == ND_BFLOAT16 ? &cb16 : &c64;
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *a = th_make(t, 2, sh, (th_layout)L, 1), *b = th_make(t, 2, sh, TH_F, 2);
      ew_run_one(c, t, a, b, th_layout_names[L]);
      nd_release(a);
      nd_release(b);
    }
  }
}

/* ---- special values (NumPy 2.4) ------------------------------------------------------------ */

static double get_d(const nd_array *a, int64_t i) {
  double v;
  assert_int_equal(nd_get_double(a, &i, &v), ND_OK);
  return v;
}

static void assert_same_double(double got, double want) {
  if (!ew_same(got, want, 0)) fail_msg("got %.17g, want %.17g", got, want);
}

static nd_array *f64(int n, const double *v) { return nd_from_data(ND_FLOAT64, 1, (int64_t[]){n}, v, ND_C); }

static void test_nan_and_zeros(void **state) {
  (void)state;
  nd_scope_begin();
  const double nan = NAN;
  /* long enough for the vector paths, with the special values at every position */
  double av[40], bv[40];
  for (int i = 0; i < 40; i++) {
    av[i] = (i % 4 == 0) ? nan : (i % 4 == 1) ? -0.0 : (i % 4 == 2) ? 0.0 : 1.5;
    bv[i] = (i % 5 == 0) ? nan : (i % 5 == 1) ? 0.0 : (i % 5 == 2) ? -0.0 : (i % 5 == 3) ? 2.0 : -1.0;
  }
  for (int t = 0; t < 2; t++) {
    nd_dtype dt = t ? ND_FLOAT32 : ND_FLOAT64;
    nd_array *a = nd_astype(f64(40, av), dt), *b = nd_astype(f64(40, bv), dt);
    nd_array *mx = nd_maximum(a, b), *mn = nd_minimum(a, b);
    nd_array *lt = nd_less(a, b), *ne = nd_not_equal(a, b), *eq = nd_equal(a, b);
    for (int i = 0; i < 40; i++) {
      double x = av[i], y = bv[i];
      /* NaN from either side; equal values give the second operand (NumPy: maximum(-0.0,
       * 0.0) is 0.0 and maximum(0.0, -0.0) is -0.0) */
      double wmx = isnan(x) ? x : isnan(y) ? y : x > y ? x : y;
      double wmn = isnan(x) ? x : isnan(y) ? y : x < y ? x : y;
      assert_same_double(get_d(mx, i), wmx);
      assert_same_double(get_d(mn, i), wmn);
      assert_true(get_d(lt, i) == (x < y));
      assert_true(get_d(ne, i) == (x != y));
      assert_true(get_d(eq, i) == (x == y));
    }
  }
  /* complex: NaN in either part propagates through maximum; orderings are false */
  double z[4] = {nan, 0, 1, 3};
  nd_array *za = nd_from_data(ND_COMPLEX128, ND_SHAPE(1), z, ND_C);
  nd_array *zb = nd_from_data(ND_COMPLEX128, ND_SHAPE(1), z + 2, ND_C);
  double re, im;
  nd_get_complex(nd_maximum(za, zb), (int64_t[]){0}, &re, &im);
  assert_true(isnan(re));
  nd_get_complex(nd_minimum(zb, za), (int64_t[]){0}, &re, &im);
  assert_true(isnan(re));
  assert_true(get_d(nd_less(za, zb), 0) == 0 && get_d(nd_greater_equal(za, zb), 0) == 0);
  assert_true(get_d(nd_not_equal(za, za), 0) == 1);
  /* rounding: ties to even, signs of zero kept */
  double rv[] = {0.5, 1.5, 2.5, -0.5, -2.5, -0.0, 1e300, nan, -0.4};
  nd_array *r = nd_round(f64(9, rv));
  const double rw[] = {0, 2, 2, -0.0, -2, -0.0, 1e300, nan, -0.0};
  for (int i = 0; i < 9; i++) assert_same_double(get_d(r, i), rw[i]);
  assert_same_double(get_d(nd_floor(f64(9, rv)), 8), -1);
  assert_same_double(get_d(nd_ceil(f64(9, rv)), 8), -0.0);
  assert_same_double(get_d(nd_trunc(f64(9, rv)), 4), -2);
  assert_true(get_d(nd_signbit(f64(9, rv)), 5) == 1);
  assert_true(get_d(nd_isfinite(f64(9, rv)), 7) == 0);
  nd_scope_end();
}

static void test_shifts_numpy(void **state) {
  (void)state;
  nd_scope_begin();
  /* NumPy 2.4: np.left_shift / np.right_shift on int8 */
  const double av[] = {3, -8, 1, -1, 100, 5};
  const double bv[] = {-1, -1, 7, 8, 9, 200};
  nd_array *a = nd_astype(f64(6, av), ND_INT8), *b = nd_astype(f64(6, bv), ND_INT16);
  nd_array *l = nd_bitwise_left_shift(a, nd_astype(b, ND_INT8));
  nd_array *r = nd_bitwise_right_shift(a, nd_astype(b, ND_INT8));
  /* b as int8: -1, -1, 7, 8, 9, -56 */
  const double lw[] = {0, 0, -128, 0, 0, 0}, rw[] = {0, -1, 0, -1, 0, 0};
  for (int i = 0; i < 6; i++) {
    assert_true(get_d(l, i) == lw[i]);
    assert_true(get_d(r, i) == rw[i]);
  }
  /* int8 << int16 promotes to int16: 100 << 9 = 51200 wraps to -14336 */
  assert_true(get_d(nd_bitwise_left_shift(a, b), 4) == -14336);
  nd_array *u = nd_astype(f64(2, (double[]){255, 1}), ND_UINT64);
  assert_true(get_d(nd_bitwise_left_shift_scalar(u, ND_INT(63)), 1) == 9223372036854775808.0);
  assert_true(get_d(nd_bitwise_left_shift_scalar(u, ND_INT(64)), 1) == 0);
  assert_true(get_d(nd_scalar_bitwise_right_shift(ND_INT(-64), nd_astype(u, ND_INT32)), 1) == -32);
  assert_int_equal(nd_dtype_of(nd_bitwise_left_shift(nd_less(a, a), nd_less(a, a))), ND_INT8);
  assert_int_equal(nd_dtype_of(nd_bitwise_and_scalar(a, ND_BOOLV(true))), ND_INT8);
  assert_int_equal(nd_dtype_of(nd_bitwise_xor_scalar(nd_less(a, a), ND_BOOLV(true))), ND_BOOL);
  nd_scope_end();
}

static void test_clip(void **state) {
  (void)state;
  nd_scope_begin();
  const double nan = NAN;
  nd_array *x = f64(5, (double[]){1, 5, nan, -3, 3});
  nd_array *c = nd_clip_scalar(x, ND_INT(2), ND_INT(4));
  const double w[] = {2, 4, nan, 2, 3};
  for (int i = 0; i < 5; i++) assert_same_double(get_d(c, i), w[i]);
  nd_array *swapped = nd_clip_scalar(x, ND_INT(4), ND_INT(2)); /* lo > hi gives hi */
  assert_true(get_d(swapped, 0) == 2 && get_d(swapped, 1) == 2);
  assert_true(isnan(get_d(nd_clip_scalar(x, ND_FLOAT(NAN), ND_INT(2)), 0)));
  assert_true(isnan(get_d(nd_clip_scalar(x, ND_INT(0), ND_FLOAT(NAN)), 1)));
  /* x equal to a bound is kept, as NumPy: clip(-0.0, 0, 1000) is -0.0 and clip(0.0, -0.0,
   * -0.0) is 0.0 */
  nd_array *zeros = f64(2, (double[]){-0.0, 0.0});
  assert_same_double(get_d(nd_clip_scalar(zeros, ND_INT(0), ND_INT(1000)), 0), -0.0);
  assert_same_double(get_d(nd_clip_scalar(zeros, ND_FLOAT(-0.0), ND_FLOAT(-0.0)), 1), 0.0);
  /* single-valued array bounds keep x too; bounds that vary take the bound (NumPy's
   * clip(-0.0, [0.0, 0.0], [1.0, 1.0]) is 0.0, and so with one bound an array) */
  nd_array *z1 = f64(1, (double[]){0.0}), *one1 = f64(1, (double[]){1.0});
  nd_array *z2 = f64(2, (double[]){0.0, -0.0}), *one2 = f64(2, (double[]){1.0, 1.0});
  assert_same_double(get_d(nd_clip(zeros, z1, one1), 0), -0.0);
  assert_same_double(get_d(nd_clip(zeros, z2, one2), 0), 0.0);
  assert_same_double(get_d(nd_clip(zeros, z2, one2), 1), -0.0);
  assert_same_double(get_d(nd_clip(zeros, z2, one1), 0), 0.0);
  nd_array *mz2 = f64(2, (double[]){-0.0, -0.0});
  assert_same_double(get_d(nd_clip(zeros, f64(2, (double[]){-1, -1}), mz2), 1), -0.0);
  /* int8 with a bound beyond its range stays int8 (NumPy 2) */
  nd_array *i8 = nd_astype(f64(4, (double[]){-100, 0, 1, 100}), ND_INT8);
  nd_array *ci = nd_clip_scalar(i8, ND_INT(-1000), ND_INT(1000));
  assert_int_equal(nd_dtype_of(ci), ND_INT8);
  th_assert_same_values(ci, i8);
  nd_array *cj = nd_clip_scalar(i8, ND_INT(0), ND_INT(1000));
  assert_true(get_d(cj, 0) == 0 && get_d(cj, 3) == 100);
  /* but a low bound above the range, or a high one below it, is out of bounds (NumPy:
   * np.clip(uint8, 300, 400) raises OverflowError) */
  nd_array *u8 = nd_astype(f64(3, (double[]){0, 1, 2}), ND_UINT8);
  TH_EXPECT_ERROR(nd_clip_scalar(u8, ND_INT(300), ND_INT(400)), ND_ERR_OVERFLOW,
                  "clip: integer scalar 300 is out of bounds for uint8");
  TH_EXPECT_ERROR(nd_clip_scalar(u8, ND_INT(-5), ND_INT(-1)), ND_ERR_OVERFLOW,
                  "clip: integer scalar -1 is out of bounds for uint8");
  TH_EXPECT_ERROR(nd_clip_scalar(i8, ND_INT(-300), ND_INT(-200)), ND_ERR_OVERFLOW,
                  "clip: integer scalar -200 is out of bounds for int8");
  nd_array *ck = nd_clip_scalar(u8, ND_INT(-1), ND_INT(1)); /* NumPy: [0 1 1] */
  assert_true(get_d(ck, 0) == 0 && get_d(ck, 2) == 1);
  /* float32 x with float scalars stays float32 */
  assert_int_equal(nd_dtype_of(nd_clip_scalar(nd_astype(x, ND_FLOAT32), ND_FLOAT(0), ND_FLOAT(2))), ND_FLOAT32);
  /* array bounds, broadcast, on every layout and real dtype */
  static const int64_t sh[3] = {3, 4, 5};
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    if (nd_dtype_kind(t) == 'c') continue;
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *v = th_make(t, 3, sh, (th_layout)L, 3);
      nd_array *lo = th_make(t, 2, (int64_t[]){4, 1}, TH_C, 4);
      nd_array *hi = nd_add(lo, th_make(t, 1, (int64_t[]){5}, TH_NEGATIVE, 5));
      if (!hi) { /* bool + bool is bool; use a constant */
        nd_clear_error();
        hi = nd_full(t, 0, NULL, 1, ND_C);
      }
      nd_array *r = nd_clip(v, lo, hi);
      nd_array *o = nd_empty(t, 3, sh, ND_F);
      assert_int_equal(nd_clip_out(o, v, lo, hi), ND_OK);
      int64_t idx[3] = {0};
      do {
        double xv, lv, hv, rv, ov, im;
        int64_t il[2] = {idx[1], 0}, ih[2] = {idx[1], nd_ndim(hi) ? idx[2] : 0};
        th_get(v, idx, &xv, &im);
        th_get(lo, il, &lv, &im);
        if (nd_ndim(hi)) th_get(hi, ih, &hv, &im);
        else th_get(hi, NULL, &hv, &im);
        th_get(r, idx, &rv, &im);
        th_get(o, idx, &ov, &im);
        double want = fmin(fmax(xv, lv), hv);
        assert_true(rv == want && ov == want);
      } while (th_next(3, sh, idx));
    }
  }
  nd_scope_end();
}

/* np.clip drops an integer bound that bounds nothing for x's integer dtype (lo at or below
 * its minimum, hi at or above its maximum) whatever the other bound is, then clips with
 * the other alone: maximum(x, lo) or minimum(x, hi), which take the bound where x equals
 * it. So clip(uint8 [0, 1, 2], 400.0, 300) is [400., 400., 400.] (issue 30; NumPy 2.4). */
static void test_clip_dropped_bounds(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *u8 = nd_astype(f64(3, (double[]){0, 1, 2}), ND_UINT8);
  nd_array *c = nd_clip_scalar(u8, ND_FLOAT(400.0), ND_INT(300));
  assert_int_equal(nd_dtype_of(c), ND_FLOAT64);
  for (int i = 0; i < 3; i++) assert_same_double(get_d(c, i), 400.0);
  c = nd_clip_scalar(u8, ND_INT(400), ND_FLOAT(300.0)); /* 400 is not dropped: lo > hi */
  for (int i = 0; i < 3; i++) assert_same_double(get_d(c, i), 300.0);
  c = nd_clip_scalar(u8, ND_INT(-1), ND_FLOAT(1.5)); /* minimum(x, 1.5) */
  assert_int_equal(nd_dtype_of(c), ND_FLOAT64);
  assert_true(get_d(c, 0) == 0 && get_d(c, 1) == 1 && get_d(c, 2) == 1.5);
  assert_true(isnan(get_d(nd_clip_scalar(u8, ND_FLOAT(NAN), ND_INT(300)), 1)));
  assert_true(isnan(get_d(nd_clip_scalar(u8, ND_INT(-1), ND_FLOAT(NAN)), 1)));
  /* ties take the bound once the other is dropped: np.clip(uint8 0, -0.0, 300) is -0.0,
   * np.clip(uint8 0, 0, -0.0) is -0.0 (0 is uint8's minimum: dropped), while
   * np.clip(uint8 0, -0.0, 200) keeps x: 0.0 */
  nd_array *z = nd_zeros(ND_UINT8, ND_SHAPE(2), ND_C);
  assert_same_double(get_d(nd_clip_scalar(z, ND_FLOAT(-0.0), ND_INT(300)), 0), -0.0);
  assert_same_double(get_d(nd_clip_scalar(z, ND_INT(0), ND_FLOAT(-0.0)), 0), -0.0);
  assert_same_double(get_d(nd_clip_scalar(z, ND_FLOAT(-0.0), ND_INT(200)), 0), 0.0);
  /* int8: 200 as lo is not dropped, -200.0 is a float: both apply */
  nd_array *i8 = nd_astype(f64(3, (double[]){-5, 0, 5}), ND_INT8);
  c = nd_clip_scalar(i8, ND_INT(200), ND_FLOAT(-200.0));
  for (int i = 0; i < 3; i++) assert_same_double(get_d(c, i), -200.0);
  c = nd_clip_scalar(i8, ND_FLOAT(-200.0), ND_INT(200));
  for (int i = 0; i < 3; i++) assert_same_double(get_d(c, i), (double)(i * 5 - 5));
  /* uint64: hi = INT64_MAX is below its maximum, so it bounds */
  const uint64_t big[2] = {(UINT64_C(1) << 63) + 5, 3};
  nd_array *u64 = nd_from_data(ND_UINT64, ND_SHAPE(2), big, ND_C);
  const uint64_t *cu = nd_data(nd_clip_scalar(u64, ND_INT(0), ND_INT(INT64_MAX)));
  assert_true(cu[0] == (uint64_t)INT64_MAX && cu[1] == 3);
  /* bool x drops nothing: NumPy's np.clip(bool, -1000, int8 array) is an OverflowError */
  nd_array *b = nd_astype(f64(2, (double[]){1, 0}), ND_BOOL);
  nd_array *hi8 = nd_astype(f64(2, (double[]){3, 4}), ND_INT8);
  TH_EXPECT_ERROR(nd_clip(b, nd_weak(ND_INT(-1000)), hi8), ND_ERR_OVERFLOW,
                  "clip: integer scalar -1000 is out of bounds for int8");
  /* every layout and integer dtype: a dropped bound leaves maximum / minimum with the
   * other, also through nd_clip with weak scalars and the _out form */
  static const int64_t sh[3] = {3, 4, 5};
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    char k = nd_dtype_kind(t);
    if (k != 'i' && k != 'u') continue;
    nd_iinfo_t info;
    assert_int_equal(nd_iinfo(t, &info), ND_OK);
    nd_scalar below = ND_INT(k == 'u' ? 0 : info.min), above = ND_INT(INT64_MAX);
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *x = th_make(t, 3, sh, (th_layout)L, 9);
      nd_array *r1 = nd_clip_scalar(x, ND_FLOAT(2.5), above);
      th_assert_same_values(r1, nd_maximum_scalar(x, ND_FLOAT(2.5)));
      nd_array *r2 = nd_clip(x, nd_weak(below), nd_weak(ND_FLOAT(-0.5)));
      th_assert_same_values(r2, nd_minimum_scalar(x, ND_FLOAT(-0.5)));
      nd_array *o = nd_empty(ND_FLOAT64, 3, sh, ND_F);
      assert_int_equal(nd_clip_scalar_out(o, x, below, ND_FLOAT(3.0)), ND_OK);
      th_assert_same_values(o, nd_minimum_scalar(x, ND_FLOAT(3.0)));
      nd_array *r3 = nd_clip_scalar(x, below, above); /* both dropped: x as it is */
      assert_int_equal(nd_dtype_of(r3), t);
      th_assert_same_values(r3, x);
    }
  }
  nd_scope_end();
}

static void test_where(void **state) {
  (void)state;
  nd_scope_begin();
  static const int64_t sh[3] = {3, 4, 5};
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      /* conditions of several dtypes (read as != 0), a and b broadcast */
      nd_dtype ct = th_all_dtypes[(d + L) % ND_NUM_DTYPES];
      nd_array *cond = th_make(ct, 3, sh, (th_layout)L, 6);
      nd_array *a = th_make(t, 2, (int64_t[]){4, 5}, TH_F, 7);
      nd_array *b = th_make(t, 3, (int64_t[]){3, 1, 5}, TH_C, 8);
      nd_array *r = nd_where(cond, a, b);
      assert_int_equal(nd_dtype_of(r), t);
      int64_t idx[3] = {0};
      do {
        double cr, ci, xr, xi, rr, ri;
        th_get(cond, idx, &cr, &ci);
        if (cr != 0 || ci != 0) th_get(a, idx + 1, &xr, &xi);
        else th_get(b, (int64_t[]){idx[0], 0, idx[2]}, &xr, &xi);
        th_get(r, idx, &rr, &ri);
        assert_true(rr == xr && ri == xi);
      } while (th_next(3, sh, idx));
    }
  }
  /* promotion of a and b, weak scalars, NaN payloads moved as they are */
  nd_array *c = nd_greater_scalar(f64(3, (double[]){1, -1, 2}), ND_INT(0));
  nd_array *i8 = nd_astype(f64(3, (double[]){1, 2, 3}), ND_INT8);
  assert_int_equal(nd_dtype_of(nd_where(c, i8, nd_weak(ND_INT(5)))), ND_INT8);
  assert_int_equal(nd_dtype_of(nd_where(c, i8, nd_weak(ND_FLOAT(5)))), ND_FLOAT64);
  assert_int_equal(nd_dtype_of(nd_where(c, i8, nd_astype(i8, ND_FLOAT32))), ND_FLOAT32);
  nd_array *o = nd_zeros(ND_FLOAT64, ND_SHAPE(2, 3), ND_C);
  assert_int_equal(nd_where_out(o, c, i8, nd_weak(ND_FLOAT(-1))), ND_OK);
  assert_true(get_d(nd_ravel(o, ND_C), 4) == -1 && get_d(nd_ravel(o, ND_C), 5) == 3);
  TH_EXPECT_ERROR(nd_where(c, i8, nd_weak(ND_INT(1000))), ND_ERR_OVERFLOW, "where: integer scalar 1000");
  nd_scope_end();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_cases),        cmocka_unit_test(test_nextafter),
      cmocka_unit_test(test_nan_and_zeros), cmocka_unit_test(test_shifts_numpy),
      cmocka_unit_test(test_clip),         cmocka_unit_test(test_where),
      cmocka_unit_test(test_clip_dropped_bounds),
  };
  return TH_RUN(tests);
}
