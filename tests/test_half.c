/* float16 and bfloat16: the scalar conversions against an independent rounding (scaled
 * doubles through rint), NumPy's and ml_dtypes' NaN rules, casts on the vector paths of
 * every instruction-set level, finfo, promotion with weak scalars, printing, sorting with
 * NaN payloads, reductions in float32, the bit-exact 16-bit arithmetic and nextafter. The
 * products are in test_half_gemm.c; every other test file runs its cases on these dtypes
 * too (th_all_dtypes). */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/cpu.h"
#include "helpers.h"

/* ---- references ------------------------------------------------------------------------ */

/* x (finite) rounded to nearest even with `mant` fraction bits, exponent at least emin,
 * and inf from `ovf` (the first value that rounds to inf) on: scaled so that the kept bits
 * are an integer, then rint. Independent of nd's bit arithmetic. */
static double ref_round(double x, int mant, int emin, double ovf) {
  if (x == 0 || isnan(x)) return x;
  if (fabs(x) >= ovf) return copysign(INFINITY, x);
  int e;
  frexp(x, &e); /* |x| = m 2^e, m in [0.5, 1): the leading bit has weight 2^(e-1) */
  e -= 1;
  if (e < emin) e = emin;
  double r = rint(ldexp(x, mant - e)) * ldexp(1.0, e - mant);
  return r == 0 ? copysign(0.0, x) : r;
}
static double ref_f16(double x) { return ref_round(x, 10, -14, 65520.0); }
static double ref_bf16(double x) { return ref_round(x, 7, -126, ldexp(511.0, 119)); } /* (2-2^-8)2^127 */

static float f32_of(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}
static uint32_t bits32(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
static double f64_of(uint64_t u) {
  double d;
  memcpy(&d, &u, 8);
  return d;
}

/* NumPy's float16 and ml_dtypes' bfloat16 of float32 bits u, and back, on the bits (a
 * NaN passed through a double would be quieted) */
static uint16_t want_16(nd_dtype t, uint32_t u) {
  if ((u & 0x7fffffffu) <= 0x7f800000u)
    return t == ND_FLOAT16 ? nd_float16_from_double(f32_of(u)) : nd_bfloat16_from_double(f32_of(u));
  uint16_t sign = (uint16_t)(u >> 16 & 0x8000), p = (uint16_t)((u & 0x7fffff) >> 13);
  return t == ND_FLOAT16 ? (uint16_t)(sign | 0x7c00 | (p ? p : 1)) : (uint16_t)(sign | 0x7fc0);
}
static uint32_t want_32(nd_dtype t, uint16_t h) {
  if (t == ND_BFLOAT16) return (uint32_t)h << 16;
  if ((h & 0x7fff) <= 0x7c00) return bits32((float)nd_float16_to_double(h));
  return (uint32_t)(h & 0x8000) << 16 | 0x7f800000u | (uint32_t)(h & 0x3ff) << 13;
}

static void test_scalar_conversions(void **state) {
  (void)state;
  /* every float16 and bfloat16 value reads back as itself through double */
  for (uint32_t h = 0; h < 65536; h++) {
    double v = nd_float16_to_double((uint16_t)h), w = nd_bfloat16_to_double((uint16_t)h);
    if (!isnan(v)) assert_int_equal(nd_float16_from_double(v), h);
    if (!isnan(w)) assert_int_equal(nd_bfloat16_from_double(w), h);
    assert_true(isnan(v) == ((h & 0x7fff) > 0x7c00));
    assert_true(isnan(w) == ((h & 0x7fff) > 0x7f80));
  }
  /* float32 patterns of every exponent, sampled mantissas (ties included) */
  for (uint32_t e = 0; e < 255; e++)
    for (uint32_t k = 0; k < 4096; k++) {
      uint32_t m = (k * 2053u) & 0x7fffffu;
      if (k < 64) m = (k & 31) << 8 | 0x1000 * (k >> 5); /* float16 ties and near-ties */
      for (int s = 0; s < 2; s++) {
        double x = f32_of((uint32_t)s << 31 | e << 23 | m);
        double h = nd_float16_to_double(nd_float16_from_double(x));
        double b = nd_bfloat16_to_double(nd_bfloat16_from_double(x));
        if (!(h == ref_f16(x) && signbit(h) == signbit(x)))
          fail_msg("float16(%a) = %a, want %a", x, h, ref_f16(x));
        if (!(b == ref_bf16(x) && signbit(b) == signbit(x)))
          fail_msg("bfloat16(%a) = %a, want %a", x, b, ref_bf16(x));
      }
    }
  /* float64 rounds once, directly (through float32 it would round twice) */
  assert_int_equal(nd_float16_from_double(1 + 0x1p-11 + 0x1p-40), 0x3c01);
  assert_int_equal(nd_float16_from_double((float)(1 + 0x1p-11 + 0x1p-40)), 0x3c00);
  assert_int_equal(nd_bfloat16_from_double(1 + 0x1p-8 + 0x1p-40), 0x3f81);
  for (int i = 0; i < 200000; i++) {
    double x = ldexp(1.0 + (double)((uint64_t)i * 0x9e3779b97f4a7c15u >> 12) * 0x1p-52,
                     i % 80 - 40) * (i & 1 ? -1 : 1);
    assert_true(nd_float16_to_double(nd_float16_from_double(x)) == ref_f16(x));
    assert_true(nd_bfloat16_to_double(nd_bfloat16_from_double(x)) == ref_bf16(x));
  }
  /* limits and subnormals */
  assert_int_equal(nd_float16_from_double(65504), 0x7bff);
  assert_int_equal(nd_float16_from_double(65519.99), 0x7bff);
  assert_int_equal(nd_float16_from_double(65520), 0x7c00);
  assert_int_equal(nd_float16_from_double(0x1p-24), 0x0001);
  assert_int_equal(nd_float16_from_double(0x1p-25), 0x0000); /* a tie: to even */
  assert_int_equal(nd_float16_from_double(-0x1.0000000000001p-25), 0x8001);
  assert_int_equal(nd_bfloat16_from_double(1e-40), 0x0001); /* subnormals kept (ml_dtypes) */
  assert_int_equal(nd_bfloat16_from_double(0x1p-133), 0x0001);
  assert_int_equal(nd_bfloat16_from_double(f32_of(0x7f7fffff)), 0x7f80);
  assert_int_equal(nd_bfloat16_from_double(f32_of(0x7f7f8000)), 0x7f80);
  assert_int_equal(nd_bfloat16_from_double(65504), 0x4780); /* 65536 */
  /* NaN: float16 keeps sign and the top payload bits unquieted (0x7c01 when they are 0),
   * bfloat16 is the quiet NaN of the sign */
  assert_int_equal(nd_float16_from_double(NAN), 0x7e00);
  assert_int_equal(nd_float16_from_double(-NAN), 0xfe00);
  assert_int_equal(nd_float16_from_double(f64_of(0x7ff0000000000001u)), 0x7c01); /* signalling */
  assert_int_equal(nd_float16_from_double(f64_of(0xfff4000000000000u)), 0xfd00);
  assert_int_equal(nd_bfloat16_from_double(f64_of(0x7ff0000000000001u)), 0x7fc0);
  assert_int_equal(nd_bfloat16_from_double(-NAN), 0xffc0);
  /* back: the payload kept (a double NaN is quiet) */
  assert_int_equal(bits32((float)nd_float16_to_double(0x7c01)), 0x7fc02000);
  assert_int_equal(bits32((float)nd_bfloat16_to_double(0x7f81)), 0x7fc10000);
}

/* ---- casts on every path ------------------------------------------------------------------ */

/* float32 inputs with the cases that matter: NaNs (quiet, signalling, payloads), infinities,
 * subnormals of both formats, ties, overflow. */
static nd_array *special_f32(int64_t n) {
  static const uint32_t special[] = {
      0x7f800001, 0xff800001, 0x7fa00000, 0xffc00000, 0x7fc00001, 0x7f802000, 0x7f800000,
      0xff800000, 0x00000001, 0x80000001, 0x33000000, 0x33000001, 0x387fe000, 0x38800000,
      0x477fe000, 0x477ff000, 0x477fefff, 0x7f7fffff, 0x7f7f8000, 0x3f808000, 0x3f818000,
      0x3f800001, 0x00000000, 0x80000000, 0x3dcccccd, 0xc2c80000};
  nd_array *a = nd_empty(ND_FLOAT32, ND_SHAPE(n), ND_C);
  uint32_t *d = nd_data(a);
  int ns = (int)(sizeof special / sizeof special[0]);
  for (int64_t i = 0; i < n; i++)
    d[i] = i % 3 == 0 ? special[(i / 3) % ns] : (uint32_t)(i * 0x9e3779b1u);
  return a;
}

static void check_casts(int64_t n, const char *level) {
  nd_scope_begin();
  nd_array *f = special_f32(n);
  const float *fv = nd_data(f);
  nd_array *fs = nd_index(f, "::-2"); /* a strided source: the plain loop */
  nd_dtype halves[2] = {ND_FLOAT16, ND_BFLOAT16};
  for (int k = 0; k < 2; k++) {
    nd_dtype t = halves[k];
    double (*to)(uint16_t) = t == ND_FLOAT16 ? nd_float16_to_double : nd_bfloat16_to_double;
    nd_array *h = nd_astype(f, t), *hs = nd_astype(fs, t);
    const uint16_t *hv = nd_data(h), *hsv = nd_data(hs);
    const uint32_t *fb = (const uint32_t *)fv;
    for (int64_t i = 0; i < n; i++)
      if (hv[i] != want_16(t, fb[i]))
        fail_msg("%s: %s(0x%08x) = 0x%04x, want 0x%04x", level, nd_dtype_name(t), fb[i], hv[i], want_16(t, fb[i]));
    for (int64_t i = 0; i < nd_size(hs); i++) assert_int_equal(hsv[i], want_16(t, fb[n - 1 - 2 * i]));
    /* back to float32: exact, NaN payloads kept unquieted */
    nd_array *back = nd_astype(h, ND_FLOAT32);
    const uint32_t *bv = nd_data(back);
    for (int64_t i = 0; i < n; i++)
      if (bv[i] != want_32(t, hv[i]))
        fail_msg("%s: float32(%s 0x%04x) = 0x%08x", level, nd_dtype_name(t), hv[i], bv[i]);
    /* float16 <-> bfloat16: through float32, a NaN the quiet NaN of its sign */
    nd_array *other = nd_astype(h, halves[1 - k]);
    const uint16_t *ov = nd_data(other);
    for (int64_t i = 0; i < n; i++) {
      double v = to(hv[i]);
      uint16_t want = isnan(v) ? (uint16_t)((hv[i] & 0x8000) | (k ? 0x7e00 : 0x7fc0))
                               : (k ? nd_float16_from_double(v) : nd_bfloat16_from_double(v));
      if (ov[i] != want) fail_msg("%s: %s 0x%04x -> 0x%04x, want 0x%04x", level, nd_dtype_name(t), hv[i], ov[i], want);
    }
  }
  nd_scope_end();
}

static void test_casts_every_level(void **state) {
  (void)state;
  for (int level = 3; level >= 1; level--) {
    ndi_cpu_force_level(level);
    char what[32];
    snprintf(what, sizeof what, "level %d", level);
    check_casts(1000, what); /* vector bodies and tails */
    check_casts(7, what);
  }
  ndi_cpu_force_level(-1);
}

static void test_casts_integers(void **state) {
  (void)state;
  nd_scope_begin();
  /* 64-bit integers round directly: 2^24 + 2^16 + 1 is bfloat16 0x4b81 (0x4b80 through
   * float32); uint64's maximum is 2^64 */
  nd_array *i = nd_from_data(ND_INT64, ND_SHAPE(3), (int64_t[]){(1 << 24) + (1 << 16) + 1, -65519, 65520}, ND_C);
  uint16_t *b = nd_data(nd_astype(i, ND_BFLOAT16)), *h = nd_data(nd_astype(i, ND_FLOAT16));
  assert_int_equal(b[0], 0x4b81);
  assert_int_equal(h[1], 0xfbff);
  assert_int_equal(h[2], 0x7c00);
  nd_array *u = nd_from_data(ND_UINT64, ND_SHAPE(1), (uint64_t[]){UINT64_MAX}, ND_C);
  assert_true(nd_bfloat16_to_double(*(uint16_t *)nd_data(nd_astype(u, ND_BFLOAT16))) == 0x1p64);
  /* to integers by float32's rules (NumPy's for float16): NaN -> INT32_MIN, int8(300) 44 */
  uint16_t src[4] = {0x7e00, nd_float16_from_double(300), nd_float16_from_double(-1.5), 0xfc00};
  nd_array *x = nd_from_data(ND_FLOAT16, ND_SHAPE(4), src, ND_C);
  int32_t *i32 = nd_data(nd_astype(x, ND_INT32));
  int8_t *i8 = nd_data(nd_astype(x, ND_INT8));
  uint8_t *u8 = nd_data(nd_astype(x, ND_UINT8));
  bool *bl = nd_data(nd_astype(x, ND_BOOL));
  assert_int_equal(i32[0], INT32_MIN);
  assert_int_equal(i8[1], 44);
  assert_int_equal(u8[2], 255);
  assert_int_equal(i32[3], INT32_MIN);
  assert_true(bl[0] && bl[1] && bl[3]);
  /* complex to real is refused for them too */
  nd_array *c = nd_zeros(ND_COMPLEX64, ND_SHAPE(2), ND_C);
  TH_EXPECT_ERROR(nd_astype(c, ND_FLOAT16), ND_ERR_TYPE, "complex64 to float16");
  nd_scope_end();
}

/* ---- dtype facts -------------------------------------------------------------------------- */

static void test_dtype_facts(void **state) {
  (void)state;
  assert_int_equal(nd_dtype_size(ND_FLOAT16), 2);
  assert_int_equal(nd_dtype_size(ND_BFLOAT16), 2);
  assert_int_equal(nd_dtype_kind(ND_BFLOAT16), 'f');
  assert_true(nd_dtype_is_floating(ND_FLOAT16) && nd_isdtype(ND_BFLOAT16, ND_KIND_REAL_FLOATING));
  assert_string_equal(nd_dtype_name(ND_BFLOAT16), "bfloat16");
  nd_finfo_t f;
  assert_int_equal(nd_finfo(ND_FLOAT16, &f), ND_OK);
  assert_true(f.bits == 16 && f.eps == 0x1p-10 && f.max == 65504 && f.min == -65504 &&
              f.smallest_normal == 0x1p-14 && f.dtype == ND_FLOAT16);
  assert_int_equal(nd_finfo(ND_BFLOAT16, &f), ND_OK);
  assert_true(f.bits == 16 && f.eps == 0x1p-7 && f.max == 3.3895313892515355e38 &&
              f.smallest_normal == 0x1p-126 && f.dtype == ND_BFLOAT16);
  /* promotion: float16 with bfloat16 is float32; 8-bit integers keep either; int16 float32 */
  assert_int_equal(nd_result_type(ND_FLOAT16, ND_BFLOAT16), ND_FLOAT32);
  assert_int_equal(nd_result_type(ND_UINT8, ND_BFLOAT16), ND_BFLOAT16);
  assert_int_equal(nd_result_type(ND_INT16, ND_FLOAT16), ND_FLOAT32);
  assert_int_equal(nd_result_type(ND_FLOAT16, ND_COMPLEX64), ND_COMPLEX64);
  assert_false(nd_can_cast(ND_FLOAT16, ND_BFLOAT16));
  assert_true(nd_can_cast_with(ND_BFLOAT16, ND_FLOAT16, ND_CAST_SAME_KIND));
  assert_false(nd_can_cast_with(ND_COMPLEX64, ND_BFLOAT16, ND_CAST_SAME_KIND));
  nd_dtype three[3] = {ND_INT8, ND_FLOAT16, ND_BFLOAT16};
  assert_int_equal(nd_result_type_n(3, three), ND_FLOAT32);
}

/* Weak scalars are rounded to the 16-bit dtype first, as NumPy converts them to its loop's
 * dtype; the arithmetic is then one float32 operation rounded once. */
static void test_weak_scalars(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *z = nd_zeros(ND_FLOAT16, ND_SHAPE(3), ND_C);
  uint16_t *r = nd_data(nd_add_scalar(z, ND_FLOAT(1 + 0x1p-11 + 0x1p-40)));
  assert_int_equal(r[0], 0x3c01);
  r = nd_data(nd_multiply_scalar(z, ND_INT(70000))); /* 70000 is inf in float16: 0 * inf */
  assert_true((r[0] & 0x7fff) > 0x7c00);
  assert_int_equal(nd_dtype_of(nd_add_scalar(z, ND_INT(3))), ND_FLOAT16);
  assert_int_equal(nd_dtype_of(nd_add_scalar(z, ND_COMPLEX(1, 1))), ND_COMPLEX64);
  nd_array *b = nd_zeros(ND_BFLOAT16, ND_SHAPE(2), ND_C);
  assert_true(nd_bfloat16_to_double(((uint16_t *)nd_data(nd_add_scalar(b, ND_INT(70000))))[0]) == 70144);
  /* a comparison rounds the scalar too: float16(0.1) == 0.1 is true in NumPy */
  nd_array *t = nd_full(ND_FLOAT16, ND_SHAPE(1), 0.1, ND_C);
  assert_true(*(bool *)nd_data(nd_equal(t, nd_weak(ND_FLOAT(0.1)))));
  /* an out of another dtype gets the rounded 16-bit result */
  nd_array *one = nd_full(ND_FLOAT16, ND_SHAPE(1), 1, ND_C), *o = nd_zeros(ND_FLOAT32, ND_SHAPE(1), ND_C);
  nd_array *tiny = nd_full(ND_FLOAT16, ND_SHAPE(1), 0x1p-12, ND_C);
  assert_int_equal(nd_add_out(o, one, tiny), ND_OK);
  assert_true(*(float *)nd_data(o) == 1.0f); /* 1 + 2^-12 rounds to 1 in float16 */
  nd_scope_end();
}

/* ---- printing (NumPy 2.4's float16 repr; bfloat16 by the same rules, precision 2) -------- */

static void expect_text(char *got, const char *want) {
  if (!got || strcmp(got, want) != 0) fail_msg("got '%s', want '%s'", got ? got : "(null)", want);
  free(got);
}

static nd_array *f16s(int n, const double *v) {
  nd_array *a = nd_empty(ND_FLOAT16, ND_SHAPE(n), ND_C);
  for (int i = 0; i < n; i++) ((uint16_t *)nd_data(a))[i] = nd_float16_from_double(v[i]);
  return a;
}

static void test_printing(void **state) {
  (void)state;
  nd_scope_begin();
  static const struct { double v; const char *str; } scalars[] = {
      {0.1, "0.1"},       {1.0 / 3, "0.3333"},   {65504, "6.55e+04"}, {1024, "1.024e+03"},
      {1000, "1e+03"},    {999.5, "999.5"},      {1e-5, "1e-05"},     {0x1p-24, "6e-08"},
      {9.995e-5, "9.996e-05"}, {-0.0, "-0.0"},   {0x1p-6, "0.01563"}, {100, "100.0"},
      {INFINITY, "inf"},  {NAN, "nan"},
  };
  for (size_t i = 0; i < sizeof scalars / sizeof scalars[0]; i++) {
    nd_array *s = nd_full(ND_FLOAT16, 0, NULL, scalars[i].v, ND_C);
    expect_text(nd_to_string(s), scalars[i].str);
  }
  expect_text(nd_repr(f16s(2, (double[]){0.1, 0.25}), NULL), "array([0.1 , 0.25], dtype=float16)");
  expect_text(nd_repr(f16s(3, (double[]){1.0 / 3, 2.0 / 3, 1}), NULL),
              "array([0.3333, 0.6665, 1.    ], dtype=float16)");
  expect_text(nd_repr(f16s(2, (double[]){0.1, 1000}), NULL), "array([1.e-01, 1.e+03], dtype=float16)");
  expect_text(nd_repr(f16s(2, (double[]){999, 0.5}), NULL), "array([9.99e+02, 5.00e-01], dtype=float16)");
  expect_text(nd_repr(f16s(4, (double[]){NAN, INFINITY, -INFINITY, 1}), NULL),
              "array([ nan,  inf, -inf,   1.], dtype=float16)");
  expect_text(nd_repr(f16s(2, (double[]){1e-4, 1}), NULL), "array([1.e-04, 1.e+00], dtype=float16)");
  expect_text(nd_repr(f16s(2, (double[]){100, 200.5}), NULL), "array([100. , 200.5], dtype=float16)");
  expect_text(nd_repr(nd_full(ND_FLOAT16, 0, NULL, 7.5, ND_C), NULL), "array(7.5, dtype=float16)");
  nd_array *big = nd_arange(ND_FLOAT16, 0, 2000, 1);
  expect_text(nd_repr(big, NULL),
              "array([0.000e+00, 1.000e+00, 2.000e+00, ..., 1.997e+03, 1.998e+03,\n"
              "       1.999e+03], shape=(2000,), dtype=float16)");
  /* bfloat16: shortest digits in its precision, scientific from 1e2 */
  nd_array *b = nd_astype(f16s(3, (double[]){0.1, 2.5, 50}), ND_BFLOAT16);
  expect_text(nd_repr(b, NULL), "array([ 0.1,  2.5, 50. ], dtype=bfloat16)");
  expect_text(nd_to_string(nd_full(ND_BFLOAT16, 0, NULL, 300, ND_C)), "3e+02");
  expect_text(nd_to_string(nd_full(ND_BFLOAT16, 0, NULL, 1.0 / 3, ND_C)), "0.334");
  nd_scope_end();
}

/* ---- sorting and searching ---------------------------------------------------------------- */

/* NumPy's stable sort: NaNs last in input order with their bits, -0.0 and +0.0 equal. */
static void test_sort_nan_payloads(void **state) {
  (void)state;
  nd_scope_begin();
  nd_dtype ts[2] = {ND_FLOAT16, ND_BFLOAT16};
  for (int k = 0; k < 2; k++) {
    uint16_t nan1 = k ? 0x7f81 : 0x7c01, nan2 = k ? 0xffc0 : 0xfe00, one = k ? 0x3f80 : 0x3c00;
    uint16_t in[8] = {one, nan1, 0x8000, 0x0000, nan2, (uint16_t)(one | 0x8000), 0x8000, one};
    uint16_t want[8] = {(uint16_t)(one | 0x8000), 0x8000, 0x0000, 0x8000, one, one, nan1, nan2};
    nd_array *a = nd_from_data(ts[k], ND_SHAPE(8), in, ND_C);
    assert_memory_equal(nd_data(nd_sort(a, 0, false)), want, sizeof want);
    int64_t *pos = nd_data(nd_argsort(a, 0, false));
    static const int64_t wpos[8] = {5, 2, 3, 6, 0, 7, 1, 4};
    assert_memory_equal(pos, wpos, sizeof wpos);
    /* searchsorted: NaN is the largest value */
    nd_array *s = nd_sort(a, 0, false);
    nd_array *q = nd_from_data(ts[k], ND_SHAPE(2), (uint16_t[]){0x7e00, 0x0000}, ND_C);
    int64_t *at = nd_data(nd_searchsorted(s, q, ND_SIDE_LEFT, NULL));
    assert_int_equal(at[0], 6);
    assert_int_equal(at[1], 1);
    /* unique keeps every NaN (NumPy 2's equal_nan=False for unique_values is not the
     * Array API's; nd follows the standard: NaNs are distinct) */
    nd_array *u = nd_unique_values(a);
    assert_int_equal(nd_size(u), 5);
    nd_array *am = nd_argmax(a, ND_AXIS_NONE, false), *an = nd_argmin(a, ND_AXIS_NONE, false);
    assert_int_equal(*(int64_t *)nd_data(am), 1); /* the first NaN */
    assert_int_equal(*(int64_t *)nd_data(an), 1);
  }
  nd_scope_end();
}

/* ---- reductions: float32 accumulation, one rounding -------------------------------------- */

static double item(const nd_array *a) {
  double v;
  assert_int_equal(nd_item_double(a, &v), ND_OK);
  return v;
}

static void test_reductions(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *x = f16s(4, (double[]){60000, 10000, 0, -10000});
  assert_true(item(nd_sum(x, -1, NULL, false)) == 60000); /* not inf */
  /* a sum over the slow axis of a C array: 5000, where NumPy rounds per row and sticks at
   * 2048; cumulative sums likewise */
  nd_array *ones = nd_ones(ND_FLOAT16, ND_SHAPE(5000, 3), ND_C);
  assert_true(item(nd_index(nd_sum(ones, 1, (int[]){0}, false), "0")) == 5000);
  nd_array *cs = nd_cumulative_sum(nd_index(ones, ":, 0"), 0, false);
  assert_true(item(nd_index(cs, "-1")) == 5000);
  assert_int_equal(nd_dtype_of(cs), ND_FLOAT16);
  assert_true(item(nd_mean(ones, -1, NULL, false)) == 1);
  assert_true(item(nd_index(nd_var(ones, 1, (int[]){0}, 0, false), "0")) == 0); /* NumPy: 0.2048 */
  /* var of arange(200): 3333.25 rounded once (NumPy sums the squares in float16) */
  nd_array *r = nd_arange(ND_FLOAT16, 0, 200, 1);
  assert_true(item(nd_var(r, -1, NULL, 0, false)) == nd_float16_to_double(nd_float16_from_double(3333.25)));
  nd_array *bones = nd_ones(ND_BFLOAT16, ND_SHAPE(5000), ND_C);
  assert_true(item(nd_sum(bones, -1, NULL, false)) == 4992); /* round(5000) in bfloat16 */
  assert_true(item(nd_mean(bones, -1, NULL, false)) == 1); /* ml_dtypes: 0.0513 */
  assert_int_equal(nd_dtype_of(nd_sum_dtype(bones, -1, NULL, false, ND_FLOAT32)), ND_FLOAT32);
  assert_true(item(nd_sum_dtype(bones, -1, NULL, false, ND_FLOAT32)) == 5000);
  /* an input of another dtype is cast to the 16-bit result dtype first (NumPy) */
  nd_array *f = nd_full(ND_FLOAT32, ND_SHAPE(2), 1 + 0x1p-12, ND_C);
  assert_true(item(nd_sum_dtype(f, -1, NULL, false, ND_FLOAT16)) == 2);
  nd_scope_end();
}

/* ---- arithmetic: bit-exact on every path ---------------------------------------------------- */

static uint16_t ref_arith(int op, nd_dtype t, uint16_t x, uint16_t y) {
  double (*to)(uint16_t) = t == ND_FLOAT16 ? nd_float16_to_double : nd_bfloat16_to_double;
  float a = (float)to(x), b = (float)to(y);
  volatile float r = op == 0 ? a + b : op == 1 ? a - b : op == 2 ? a * b : a / b;
  if (isnan(r)) return 0; /* NaN: compared as NaN-ness */
  return t == ND_FLOAT16 ? nd_float16_from_double(r) : nd_bfloat16_from_double(r);
}

static void test_arithmetic_bits(void **state) {
  (void)state;
  enum { N = 4099 };
  nd_array *(*fns[4])(const nd_array *, const nd_array *) = {nd_add, nd_subtract, nd_multiply, nd_divide};
  nd_dtype ts[2] = {ND_FLOAT16, ND_BFLOAT16};
  for (int level = 3; level >= 1; level--) {
    ndi_cpu_force_level(level);
    for (int k = 0; k < 2; k++) {
      nd_scope_begin();
      nd_dtype t = ts[k];
      nd_array *a = nd_empty(t, ND_SHAPE(N), ND_C), *b = nd_empty(t, ND_SHAPE(N), ND_C);
      uint16_t *av = nd_data(a), *bv = nd_data(b);
      for (int i = 0; i < N; i++) {
        av[i] = (uint16_t)(i * 40503u + 7);
        bv[i] = (uint16_t)(i * 2654435761u >> 7);
      }
      nd_array *b0 = nd_index(b, "5"), *bs = nd_index(b, "::-1");
      for (int op = 0; op < 4; op++) {
        const uint16_t *r = nd_data(fns[op](a, b)), *r0 = nd_data(fns[op](a, b0));
        const uint16_t *rs = nd_data(fns[op](a, bs));
        for (int i = 0; i < N; i++) {
          uint16_t w = ref_arith(op, t, av[i], bv[i]), w0 = ref_arith(op, t, av[i], bv[5]);
          uint16_t ws = ref_arith(op, t, av[i], bv[N - 1 - i]);
          bool nan = t == ND_FLOAT16 ? (r[i] & 0x7fff) > 0x7c00 : (r[i] & 0x7fff) > 0x7f80;
          if (w ? r[i] != w : !nan && r[i] != w)
            fail_msg("level %d %s op %d: 0x%04x, 0x%04x -> 0x%04x, want 0x%04x", level,
                     nd_dtype_name(t), op, av[i], bv[i], r[i], w);
          if (w0 && r0[i] != w0) fail_msg("scalar operand op %d: 0x%04x", op, r0[i]);
          if (ws && rs[i] != ws) fail_msg("strided op %d: 0x%04x", op, rs[i]);
        }
      }
      nd_scope_end();
    }
  }
  ndi_cpu_force_level(-1);
}

/* nextafter on the bits: NumPy's float16 and ml_dtypes' bfloat16 rules at the edges */
static void test_nextafter_edges(void **state) {
  (void)state;
  nd_scope_begin();
  static const uint16_t x16[6] = {0x0000, 0x8000, 0x7bff, 0x3c00, 0x7e00, 0x8000};
  static const uint16_t y16[6] = {0x8000, 0x3c00, 0x7c00, 0x3c00, 0x3c00, 0x0000};
  static const uint16_t w16[6] = {0x0000, 0x0001, 0x7c00, 0x3c00, 0x7e00, 0x8000};
  nd_array *r = nd_nextafter(nd_from_data(ND_FLOAT16, ND_SHAPE(6), x16, ND_C),
                             nd_from_data(ND_FLOAT16, ND_SHAPE(6), y16, ND_C));
  assert_memory_equal(nd_data(r), w16, sizeof w16);
  static const uint16_t xb[4] = {0x0000, 0x8000, 0x7f7f, 0x7fc1};
  static const uint16_t yb[4] = {0x8000, 0x0000, 0x7f80, 0x3f80};
  static const uint16_t wb[4] = {0x8000, 0x0000, 0x7f80, 0x7fc0};
  r = nd_nextafter(nd_from_data(ND_BFLOAT16, ND_SHAPE(4), xb, ND_C),
                   nd_from_data(ND_BFLOAT16, ND_SHAPE(4), yb, ND_C));
  assert_memory_equal(nd_data(r), wb, sizeof wb);
  nd_scope_end();
}

/* maximum and minimum of equal values: float16 returns the first operand (NumPy's float16
 * loops), bfloat16 the second (ml_dtypes, and nd's other float dtypes); NaN wins, the
 * first operand's before the second's. Contiguous, reversed and with a 0-d operand. */
static void test_maximum_minimum_ties(void **state) {
  (void)state;
  nd_scope_begin();
  enum { N = 7 };
  /* 0, -0, 0, -0, NaN(0x7e01), 1, -inf  against  -0, 0, 0, -0, 1, NaN(0x7e02), -inf */
  static const uint16_t x16[N] = {0x0000, 0x8000, 0x0000, 0x8000, 0x7e01, 0x3c00, 0xfc00};
  static const uint16_t y16[N] = {0x8000, 0x0000, 0x0000, 0x8000, 0x3c00, 0x7e02, 0xfc00};
  static const uint16_t max16[N] = {0x0000, 0x8000, 0x0000, 0x8000, 0x7e01, 0x7e02, 0xfc00};
  static const uint16_t min16[N] = {0x0000, 0x8000, 0x0000, 0x8000, 0x7e01, 0x7e02, 0xfc00};
  nd_array *x = nd_from_data(ND_FLOAT16, ND_SHAPE(N), x16, ND_C);
  nd_array *y = nd_from_data(ND_FLOAT16, ND_SHAPE(N), y16, ND_C);
  assert_memory_equal(nd_data(nd_maximum(x, y)), max16, sizeof max16);
  assert_memory_equal(nd_data(nd_minimum(x, y)), min16, sizeof min16);
  nd_array *xr = nd_index(x, "::-1"), *yr = nd_index(y, "::-1");
  nd_array *r = nd_ascontiguous(nd_index(nd_maximum(xr, yr), "::-1"), ND_C);
  assert_memory_equal(nd_data(r), max16, sizeof max16);
  uint16_t z = 0x8000; /* -0 against every element: the first operand of equal ones */
  nd_array *mz = nd_maximum(nd_from_data(ND_FLOAT16, 0, NULL, &z, ND_C), x);
  assert_int_equal(((const uint16_t *)nd_data(mz))[0], 0x8000);
  assert_int_equal(((const uint16_t *)nd_data(mz))[5], 0x3c00);
  static const uint16_t xb[3] = {0x0000, 0x8000, 0x7fc0}, yb[3] = {0x8000, 0x0000, 0x3f80};
  static const uint16_t maxb[3] = {0x8000, 0x0000, 0x7fc0};
  nd_array *mb = nd_maximum(nd_from_data(ND_BFLOAT16, ND_SHAPE(3), xb, ND_C),
                            nd_from_data(ND_BFLOAT16, ND_SHAPE(3), yb, ND_C));
  assert_memory_equal(nd_data(mb), maxb, sizeof maxb);
  nd_scope_end();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_maximum_minimum_ties),
      cmocka_unit_test(test_scalar_conversions), cmocka_unit_test(test_casts_every_level),
      cmocka_unit_test(test_casts_integers),     cmocka_unit_test(test_dtype_facts),
      cmocka_unit_test(test_weak_scalars),       cmocka_unit_test(test_printing),
      cmocka_unit_test(test_sort_nan_payloads),  cmocka_unit_test(test_reductions),
      cmocka_unit_test(test_arithmetic_bits),    cmocka_unit_test(test_nextafter_edges),
  };
  return TH_RUN(tests);
}
