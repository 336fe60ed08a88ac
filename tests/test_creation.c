/* Creation functions: empty/zeros/ones/full and _like, scalars, arange, linspace, eye. */
#include <math.h>
#include <string.h>

#include "helpers.h"

static void assert_all(const nd_array *a, double re, double im) {
  if (nd_size(a) == 0) return;
  int64_t idx[ND_MAX_DIMS] = {0};
  do {
    double r, i;
    th_get(a, idx, &r, &i);
    if (r != re || i != im) fail_msg("element is (%g,%g), want (%g,%g)", r, i, re, im);
  } while (th_next(nd_ndim(a), nd_shape(a), idx));
}

static void test_constant_fills(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    for (int o = 0; o < 2; o++) {
      nd_order ord = o ? ND_F : ND_C;
      nd_array *z = nd_zeros(t, ND_SHAPE(2, 3, 4), ord);
      nd_array *one = nd_ones(t, ND_SHAPE(2, 3, 4), ord);
      nd_array *f = nd_full(t, ND_SHAPE(3, 1), 7.75, ord);
      assert_true(nd_is_contiguous(z, ord) && nd_is_contiguous(one, ord));
      assert_int_equal(nd_dtype_of(f), t);
      assert_all(z, 0, 0);
      assert_all(one, 1, 0);
      double w = nd_dtype_kind(t) == 'b' ? 1 : (nd_dtype_kind(t) == 'f' || nd_dtype_kind(t) == 'c') ? 7.75 : 7;
      assert_all(f, w, 0);
      nd_array *zl = nd_zeros_like(one, ND_K), *ol = nd_ones_like(z, ND_A), *fl = nd_full_like(z, 2, ND_C),
               *el = nd_empty_like(z, ND_F);
      assert_int_equal(nd_dtype_of(zl), t);
      assert_true(nd_is_contiguous(zl, ord));
      assert_true(nd_is_contiguous(ol, ord));
      assert_true(nd_is_contiguous(fl, ND_C));
      assert_true(nd_is_contiguous(el, ND_F));
      assert_all(zl, 0, 0);
      assert_all(ol, 1, 0);
      assert_all(fl, nd_dtype_kind(t) == 'b' ? 1 : 2, 0);
      nd_array *arr[] = {el, fl, ol, zl, f, one, z};
      for (size_t i = 0; i < sizeof arr / sizeof arr[0]; i++) nd_release(arr[i]);
    }
  }
  nd_array *c = nd_full_scalar(ND_COMPLEX128, ND_SHAPE(2), ND_COMPLEX(1, -1), ND_C);
  assert_all(c, 1, -1);
  nd_release(c);
  nd_array *big = nd_full_scalar(ND_INT64, ND_SHAPE(2), ND_INT(INT64_C(9007199254740993)), ND_C);
  assert_int_equal(((int64_t *)nd_data(big))[1], INT64_C(9007199254740993));
  nd_release(big);
  /* a transposed prototype: K keeps its axis order */
  nd_array *t = nd_zeros(ND_FLOAT32, ND_SHAPE(4, 5), ND_C);
  nd_array *tt = nd_transpose(t);
  nd_array *k = nd_empty_like(tt, ND_K);
  assert_true(nd_is_contiguous(k, ND_F));
  nd_release(k);
  nd_release(tt);
  nd_release(t);
}

static void test_scalar_arrays(void **state) {
  (void)state;
  nd_array *b = nd_scalar_array(ND_BOOLV(true)), *i = nd_scalar_array(ND_INT(-3)),
           *f = nd_scalar_array(ND_FLOAT(0.5)), *c = nd_scalar_array(ND_COMPLEX(1, 2));
  assert_int_equal(nd_dtype_of(b), ND_BOOL);
  assert_int_equal(nd_dtype_of(i), ND_INT64);
  assert_int_equal(nd_dtype_of(f), ND_FLOAT64);
  assert_int_equal(nd_dtype_of(c), ND_COMPLEX128);
  assert_int_equal(nd_ndim(c), 0);
  assert_all(i, -3, 0);
  assert_all(c, 1, 2);
  nd_array *arr[] = {b, i, f, c};
  for (size_t k = 0; k < 4; k++) nd_release(arr[k]);
  /* complex scalars keep their parts as given: infinite or NaN parts, the sign of zeros */
  const double parts[][2] = {{1, INFINITY}, {2, -INFINITY}, {1, NAN}, {INFINITY, NAN}, {-0.0, 0.0}, {0.0, -0.0}};
  for (size_t k = 0; k < sizeof parts / sizeof parts[0]; k++) {
    for (int t = ND_COMPLEX64; t <= ND_COMPLEX128; t++) {
      nd_array *z = nd_full_scalar((nd_dtype)t, ND_SHAPE(1), ND_COMPLEX(parts[k][0], parts[k][1]), ND_C);
      double re, im;
      nd_get_complex(z, (int64_t[]){0}, &re, &im);
      assert_true((re == parts[k][0] || (isnan(re) && isnan(parts[k][0]))) && signbit(re) == signbit(parts[k][0]));
      assert_true((im == parts[k][1] || (isnan(im) && isnan(parts[k][1]))) && signbit(im) == signbit(parts[k][1]));
      nd_release(z);
    }
  }
  /* NumPy: ones(1, complex128) * complex(0, inf) is nan+infj */
  nd_array *one = nd_ones(ND_COMPLEX128, ND_SHAPE(1), ND_C);
  nd_array *p = nd_multiply_scalar(one, ND_COMPLEX(0, INFINITY));
  double re, im;
  nd_get_complex(p, (int64_t[]){0}, &re, &im);
  assert_true(isnan(re) && im == INFINITY);
  nd_release(p);
  nd_release(one);
}

static void test_arange(void **state) {
  (void)state;
  /* NumPy fills start + i*delta with delta = (start+step) - start in the target type */
  nd_array *a = nd_arange(ND_FLOAT64, 1, 2, 0.1);
  assert_int_equal(nd_size(a), 10);
  const double want[10] = {1.0, 1.1, 1.2000000000000002, 1.3000000000000003, 1.4000000000000004,
                           1.5000000000000004, 1.6000000000000005, 1.7000000000000006, 1.8000000000000007,
                           1.9000000000000008};
  assert_memory_equal(nd_data(a), want, sizeof want);
  nd_release(a);
  nd_array *i = nd_arange(ND_INT8, 0, 10, 3);
  const int8_t wi[4] = {0, 3, 6, 9};
  assert_int_equal(nd_size(i), 4);
  assert_memory_equal(nd_data(i), wi, 4);
  nd_release(i);
  nd_array *n = nd_arange(ND_FLOAT64, -1, -7, -2.5);
  const double wn[3] = {-1, -3.5, -6};
  assert_memory_equal(nd_data(n), wn, sizeof wn);
  nd_release(n);
  nd_array *e = nd_arange(ND_FLOAT64, 5, 1, 1);
  assert_int_equal(nd_size(e), 0);
  nd_release(e);
  nd_array *c = nd_arange(ND_COMPLEX64, 0, 3, 1);
  assert_int_equal(nd_dtype_of(c), ND_COMPLEX64);
  double re, im;
  nd_get_complex(c, (int64_t[]){2}, &re, &im);
  assert_true(re == 2 && im == 0);
  nd_release(c);
  nd_array *bb = nd_arange(ND_BOOL, 0, 2, 1);
  assert_true(((bool *)nd_data(bb))[1]);
  nd_release(bb);
  TH_EXPECT_ERROR(nd_arange(ND_FLOAT64, 0, 1, 0), ND_ERR_VALUE, "step nonzero");
  /* NumPy: the first two values must fit an integer dtype; later ones wrap */
  TH_EXPECT_ERROR(nd_arange(ND_UINT8, -1, 3, 1), ND_ERR_OVERFLOW, "arange: start -1 is out of bounds for uint8");
  TH_EXPECT_ERROR(nd_arange(ND_UINT8, 255, 257, 1), ND_ERR_OVERFLOW, "arange: start + step 256");
  TH_EXPECT_ERROR(nd_arange(ND_INT8, 200, 300, 50), ND_ERR_OVERFLOW, "start 200");
  nd_array *w = nd_arange(ND_UINT8, 250, 260, 1);
  assert_int_equal(((uint8_t *)nd_data(w))[9], 3);
  nd_release(w);
  nd_array *one = nd_arange(ND_UINT8, 255, 256, 1); /* one element: only start is checked */
  assert_int_equal(nd_size(one), 1);
  nd_release(one);
  /* an underflowing ratio or an infinite step still gives one element */
  nd_array *u = nd_arange(ND_FLOAT64, 0, 1e-300, 1e300), *v = nd_arange(ND_FLOAT64, 0, 1, INFINITY);
  nd_array *none = nd_arange(ND_FLOAT64, 0, -1, INFINITY);
  assert_int_equal(nd_size(u), 1);
  assert_int_equal(nd_size(v), 1);
  assert_int_equal(nd_size(none), 0);
  assert_true(((double *)nd_data(v))[0] == 0);
  nd_release(u);
  nd_release(v);
  nd_release(none);
  TH_EXPECT_ERROR(nd_arange(ND_FLOAT64, 0, 1, NAN), ND_ERR_VALUE, "step nonzero");
  TH_EXPECT_ERROR(nd_arange(ND_FLOAT64, 0, INFINITY, 1), ND_ERR_VALUE, "finite");
  TH_EXPECT_ERROR(nd_arange(ND_BOOL, 0, 3, 1), ND_ERR_VALUE, "bool");
  TH_EXPECT_ERROR(nd_arange((nd_dtype)77, 0, 3, 1), ND_ERR_TYPE, "invalid dtype");
  TH_EXPECT_ERROR(nd_arange(ND_INT8, 0, 1e19, 1), ND_ERR_OVERFLOW, "too many");
}

static void test_linspace(void **state) {
  (void)state;
  nd_array *a = nd_linspace(ND_FLOAT64, 0, 1, 5, true);
  const double w[5] = {0, 0.25, 0.5, 0.75, 1};
  assert_memory_equal(nd_data(a), w, sizeof w);
  nd_release(a);
  nd_array *b = nd_linspace(ND_FLOAT64, 0, 1, 5, false);
  const double wb[5] = {0, 0.2, 0.4, 0.6000000000000001, 0.8};
  assert_memory_equal(nd_data(b), wb, sizeof wb);
  nd_release(b);
  nd_array *c = nd_linspace(ND_INT32, -1, 10, 7, true);
  const int32_t wc[7] = {-1, 0, 2, 4, 6, 8, 10};
  assert_memory_equal(nd_data(c), wc, sizeof wc);
  nd_release(c);
  nd_array *d = nd_linspace(ND_FLOAT32, 2, 3, 1, true);
  assert_true(((float *)nd_data(d))[0] == 2.0f);
  nd_release(d);
  nd_array *e = nd_linspace(ND_FLOAT64, 2, 3, 0, true);
  assert_int_equal(nd_size(e), 0);
  nd_release(e);
  nd_array *tiny = nd_linspace(ND_FLOAT64, 0, 1e-320, 3, true);
  const double wt[3] = {0, 5e-321, 1e-320};
  assert_memory_equal(nd_data(tiny), wt, sizeof wt);
  nd_release(tiny);
  TH_EXPECT_ERROR(nd_linspace(ND_FLOAT64, 0, 1, -1, true), ND_ERR_VALUE, "non-negative");
}

static void test_eye(void **state) {
  (void)state;
  nd_array *a = nd_eye(ND_INT8, 3, 4, 1);
  const int8_t w[12] = {0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  assert_memory_equal(nd_data(a), w, 12);
  nd_release(a);
  nd_array *b = nd_eye(ND_FLOAT64, 2, -1, -1);
  const double wb[4] = {0, 0, 1, 0};
  assert_memory_equal(nd_data(b), wb, sizeof wb);
  nd_release(b);
  nd_array *c = nd_eye(ND_COMPLEX64, 2, 2, 5);
  assert_all(c, 0, 0);
  nd_release(c);
  /* extreme offsets: no diagonal inside, and no overflow forming i + k */
  for (int e = 0; e < 4; e++) {
    int64_t k = e == 0 ? INT64_MAX : e == 1 ? INT64_MIN : e == 2 ? -3 : 4;
    nd_array *d = nd_eye(ND_FLOAT64, 3, 4, k);
    assert_all(d, 0, 0);
    nd_release(d);
  }
  nd_array *d = nd_eye(ND_INT8, 3, 2, -2);
  const int8_t wd[6] = {0, 0, 0, 0, 1, 0};
  assert_memory_equal(nd_data(d), wd, 6);
  nd_release(d);
  TH_EXPECT_ERROR(nd_eye(ND_FLOAT64, -2, 2, 0), ND_ERR_VALUE, "negative");
}

/* Large blocks are reused after release (the block cache): a reused block must come back
 * as nd_zeros / nd_ones / nd_full ask, whatever the array before it held; arrays alive at
 * the same time never share a block. */
static void test_reused_blocks(void **state) {
  (void)state;
  const int64_t n = 1 << 20; /* 8 MiB of float64 */
  for (int round = 0; round < 3; round++) {
    nd_array *a = nd_full(ND_FLOAT64, ND_SHAPE(n), 7.0, ND_C);
    assert_non_null(a);
    nd_release(a);
    nd_array *z = round == 0 ? nd_zeros(ND_FLOAT64, ND_SHAPE(n), ND_C)
                  : round == 1 ? nd_ones(ND_FLOAT64, ND_SHAPE(n), ND_C)
                               : nd_full(ND_FLOAT64, ND_SHAPE(n / 2, 2), -2.5, ND_C);
    nd_array *other = nd_zeros(ND_FLOAT64, ND_SHAPE(n), ND_C); /* alive together */
    assert_non_null(z);
    assert_non_null(other);
    assert_ptr_not_equal(nd_data(z), nd_data(other));
    const double want = round == 0 ? 0.0 : round == 1 ? 1.0 : -2.5;
    const double *d = nd_data(z), *o = nd_data(other);
    for (int64_t i = 0; i < n; i++) {
      if (d[i] != want || o[i] != 0.0) fail_msg("element %lld: %g, %g", (long long)i, d[i], o[i]);
    }
    nd_release(z);
    nd_release(other);
  }
}

static void test_creation_errors(void **state) {
  (void)state;
  TH_EXPECT_ERROR(nd_zeros(ND_FLOAT64, ND_SHAPE(2, -3), ND_C), ND_ERR_VALUE, "zeros: negative dimensions are not allowed (shape [2,-3])");
  TH_EXPECT_ERROR(nd_empty(ND_FLOAT64, ND_SHAPE(INT64_MAX / 2, 3), ND_C), ND_ERR_OVERFLOW, "too large");
  TH_EXPECT_ERROR(nd_empty(ND_FLOAT64, ND_SHAPE(INT64_MAX / 16, 2), ND_C), ND_ERR_OVERFLOW, "too large");
  TH_EXPECT_ERROR(nd_empty(ND_FLOAT64, ND_SHAPE(2, 3), (nd_order)0), ND_ERR_VALUE, "invalid order");
  TH_EXPECT_ERROR(nd_empty(ND_FLOAT64, ND_SHAPE(2, 3), ND_K), ND_ERR_VALUE, "not accepted");
  TH_EXPECT_ERROR(nd_ones((nd_dtype)ND_NUM_DTYPES, ND_SHAPE(2), ND_C), ND_ERR_TYPE, "invalid dtype value 15");
  TH_EXPECT_ERROR(nd_zeros(ND_FLOAT64, 65, NULL, ND_C), ND_ERR_VALUE, "ndim 65");
  TH_EXPECT_ERROR(nd_zeros(ND_FLOAT64, 2, NULL, ND_C), ND_ERR_NULL, "shape is NULL");
  TH_EXPECT_ERROR(nd_full_scalar(ND_INT32, ND_SHAPE(2), ND_COMPLEX(1, 0), ND_C), ND_ERR_TYPE, "complex value to int32");
  TH_EXPECT_ERROR(nd_zeros_like(NULL, ND_C), ND_ERR_NULL, "zeros_like");
  nd_array *a = nd_zeros(ND_FLOAT64, ND_SHAPE(2), ND_C);
  TH_EXPECT_ERROR(nd_empty_like(a, (nd_order)'Q'), ND_ERR_VALUE, "invalid order");
  nd_release(a);
  /* a shape with a zero extent can have a huge product elsewhere only if it fits */
  nd_array *z = nd_zeros(ND_FLOAT64, ND_SHAPE(0, INT64_MAX), ND_C);
  assert_non_null(z);
  assert_int_equal(nd_size(z), 0);
  nd_release(z);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_constant_fills), cmocka_unit_test(test_scalar_arrays),
      cmocka_unit_test(test_arange),         cmocka_unit_test(test_linspace),
      cmocka_unit_test(test_eye),            cmocka_unit_test(test_creation_errors),
      cmocka_unit_test(test_reused_blocks),
  };
  return TH_RUN(tests);
}
