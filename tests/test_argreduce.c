/* argmin/argmax and cumulative_sum/cumulative_prod on every layout and dtype against
 * plain reference loops; first occurrence, NaN rules, the threaded 1-D path, errors. */
#include <complex.h>
#include <math.h>
#include <string.h>

#include "helpers.h"

static const int64_t shape3[3] = {3, 4, 5};

/* The reference first best index along a lane: idx[axis] runs, the rest fixed. */
static int64_t ref_arg(const nd_array *a, int64_t *idx, int axis, bool is_max) {
  int64_t n = nd_shape(a)[axis], best = 0;
  double bv = 0;
  for (int64_t i = 0; i < n; i++) {
    idx[axis] = i;
    double v, im;
    th_get(a, idx, &v, &im);
    if (i == 0) {
      bv = v;
      continue;
    }
    if (isnan(bv)) break;
    if (isnan(v) || (is_max ? v > bv : v < bv)) {
      bv = v;
      best = i;
    }
  }
  return best;
}

static void check_arg(const nd_array *a, int axis, bool keep, bool is_max) {
  nd_array *r = is_max ? nd_argmax(a, axis, keep) : nd_argmin(a, axis, keep);
  if (!r) fail_msg("arg%s failed: %s", is_max ? "max" : "min", nd_last_error());
  assert_int_equal(nd_dtype_of(r), ND_INT64);
  int nd = nd_ndim(a);
  const int64_t *sh = nd_shape(a);
  if (axis == ND_AXIS_NONE) {
    nd_array *c = nd_copy(a, ND_C);
    nd_array *flat = nd_reshape(c, ND_SHAPE(-1), ND_C);
    int64_t idx[1] = {0};
    int64_t want = ref_arg(flat, idx, 0, is_max);
    assert_int_equal(nd_ndim(r), keep ? nd : 0);
    assert_int_equal(*(int64_t *)nd_data(r), want);
    nd_release(flat);
    nd_release(c);
    nd_release(r);
    return;
  }
  int ax = axis < 0 ? axis + nd : axis;
  int64_t wshape[ND_MAX_DIMS];
  int wn = 0;
  for (int i = 0; i < nd; i++)
    if (i != ax || keep) wshape[wn++] = i == ax ? 1 : sh[i];
  th_assert_shape(r, wn, wshape);
  if (nd_size(r) == 0) {
    nd_release(r);
    return;
  }
  int64_t ridx[ND_MAX_DIMS] = {0};
  do {
    int64_t idx[ND_MAX_DIMS];
    for (int i = 0, j = 0; i < nd; i++) {
      if (i == ax) {
        idx[i] = 0;
        if (keep) j++;
      } else {
        idx[i] = ridx[j++];
      }
    }
    int64_t want = ref_arg(a, idx, ax, is_max);
    double got, im;
    th_get(r, ridx, &got, &im);
    if ((int64_t)got != want) fail_msg("arg%s axis %d: got %g, want %lld", is_max ? "max" : "min", axis, got, (long long)want);
  } while (th_next(wn, wshape, ridx));
  nd_release(r);
}

static void test_arg_every_layout(void **state) {
  (void)state;
  static const int axes[] = {0, 1, 2, -1, ND_AXIS_NONE};
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    if (nd_dtype_is_complex(t)) continue;
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *a = th_make(t, 3, shape3, (th_layout)L, 3 + (unsigned)d);
      for (size_t k = 0; k < sizeof axes / sizeof axes[0]; k++)
        for (int keep = 0; keep < 2; keep++) {
          check_arg(a, axes[k], keep, true);
          check_arg(a, axes[k], keep, false);
        }
      nd_release(a);
    }
    nd_array *z = th_make(t, 0, NULL, TH_C, 1);
    check_arg(z, ND_AXIS_NONE, false, true);
    check_arg(z, ND_AXIS_NONE, true, false);
    nd_release(z);
    static const int64_t es[2] = {0, 3};
    nd_array *e = th_make(t, 2, es, TH_C, 1);
    check_arg(e, 1, false, true); /* empty result, nothing to search */
    TH_EXPECT_ERROR(nd_argmax(e, 0, false), ND_ERR_VALUE, "argmax: attempt to get argmax of an empty sequence");
    TH_EXPECT_ERROR(nd_argmin(e, ND_AXIS_NONE, false), ND_ERR_VALUE, "argmin: attempt to get argmin of an empty sequence");
    nd_release(e);
    static const int64_t ee[2] = {0, 0}; /* NumPy refuses it though the result is empty too */
    nd_array *e0 = th_make(t, 2, ee, TH_C, 1);
    TH_EXPECT_ERROR(nd_argmax(e0, 0, false), ND_ERR_VALUE, "argmax: attempt to get argmax of an empty sequence");
    nd_release(e0);
  }
}

static void test_arg_nan_and_ties(void **state) {
  (void)state;
  nd_scope_begin();
  /* NumPy: argmax([1, nan, 3, nan]) = 1, argmin([1, nan, 0]) = 1 */
  nd_array *a = nd_from_data(ND_FLOAT64, ND_SHAPE(4), (double[]){1, NAN, 3, NAN}, ND_C);
  assert_int_equal(*(int64_t *)nd_data(nd_argmax(a, ND_AXIS_NONE, false)), 1);
  nd_array *b = nd_from_data(ND_FLOAT32, ND_SHAPE(3), (float[]){1, NAN, 0}, ND_C);
  assert_int_equal(*(int64_t *)nd_data(nd_argmin(b, 0, false)), 1);
  /* columns (col form): a NaN late in one column, ties in another */
  double m[4][3] = {{1, 5, 2}, {1, 5, 9}, {7, 5, NAN}, {7, 2, NAN}};
  nd_array *c = nd_from_data(ND_FLOAT64, ND_SHAPE(4, 3), m, ND_C);
  nd_array *r = nd_argmax(c, 0, false);
  int64_t want[3] = {2, 0, 2};
  assert_memory_equal(nd_data(r), want, sizeof want);
  nd_array *rn = nd_argmin(c, 0, true);
  int64_t wmin[3] = {0, 3, 2};
  assert_memory_equal(nd_data(rn), wmin, sizeof wmin);
  /* long runs: the threaded path keeps the first occurrence and the first NaN */
  const int64_t n = 1000003;
  nd_array *big = nd_zeros(ND_FLOAT64, ND_SHAPE(n), ND_C);
  double *p = nd_data(big);
  for (int64_t i = 0; i < n; i++) p[i] = (double)((i * 7919) % 1000);
  p[700001] = 5000;
  p[900001] = 5000;
  p[123] = -1;
  p[999999] = -1;
  nd_set_num_threads(2);
  assert_int_equal(*(int64_t *)nd_data(nd_argmax(big, ND_AXIS_NONE, false)), 700001);
  assert_int_equal(*(int64_t *)nd_data(nd_argmin(big, 0, false)), 123);
  p[800000] = NAN;
  p[950000] = NAN;
  assert_int_equal(*(int64_t *)nd_data(nd_argmax(big, ND_AXIS_NONE, false)), 800000);
  assert_int_equal(*(int64_t *)nd_data(nd_argmin(big, ND_AXIS_NONE, false)), 800000);
  nd_set_num_threads(1);
  assert_int_equal(*(int64_t *)nd_data(nd_argmax(big, ND_AXIS_NONE, false)), 800000);
  nd_set_num_threads(0);
  /* a stepped, reversed 1-D view: the flat index counts in the view's order */
  nd_array *rev = nd_index(big, "::-3");
  int64_t ir = *(int64_t *)nd_data(nd_argmax(rev, ND_AXIS_NONE, false));
  int64_t ri[1] = {0};
  assert_int_equal(ir, ref_arg(rev, ri, 0, true));
  double v;
  nd_get_double(rev, (int64_t[]){ir}, &v);
  assert_true(isnan(v) == ((n - 1 - 800000) % 3 == 0 || (n - 1 - 950000) % 3 == 0));
  /* bool and unsigned: first true, first maximum */
  nd_array *bb = nd_from_data(ND_BOOL, ND_SHAPE(5), (bool[]){0, 0, 1, 0, 1}, ND_C);
  assert_int_equal(*(int64_t *)nd_data(nd_argmax(bb, 0, false)), 2);
  assert_int_equal(*(int64_t *)nd_data(nd_argmin(bb, 0, false)), 0);
  nd_scope_end();
}

static void test_arg_errors(void **state) {
  (void)state;
  nd_array *a = nd_zeros(ND_FLOAT64, ND_SHAPE(2, 3), ND_C);
  nd_array *c = nd_zeros(ND_COMPLEX64, ND_SHAPE(2), ND_C);
  TH_EXPECT_ERROR(nd_argmax(a, 2, false), ND_ERR_INDEX, "argmax: axis 2 is out of bounds for array of dimension 2");
  TH_EXPECT_ERROR(nd_argmin(a, -3, false), ND_ERR_INDEX, "argmin: axis -3 is out of bounds");
  TH_EXPECT_ERROR(nd_argmax(c, 0, false), ND_ERR_TYPE, "argmax: not defined for complex input");
  TH_EXPECT_ERROR(nd_argmin(NULL, 0, false), ND_ERR_NULL, "argmin");
  nd_release(a);
  nd_release(c);
}

/* ---- cumulative ------------------------------------------------------------------------ */

static nd_dtype sum_dtype(nd_dtype t) {
  char k = nd_dtype_kind(t);
  return (k == 'b' || k == 'i') ? ND_INT64 : k == 'u' ? ND_UINT64 : t;
}

static void check_cum(const nd_array *a, int axis, bool init, bool prod, int dtype) {
  nd_array *r;
  if (dtype >= 0)
    r = prod ? nd_cumulative_prod_dtype(a, axis, init, (nd_dtype)dtype) : nd_cumulative_sum_dtype(a, axis, init, (nd_dtype)dtype);
  else
    r = prod ? nd_cumulative_prod(a, axis, init) : nd_cumulative_sum(a, axis, init);
  if (!r) fail_msg("cumulative failed: %s", nd_last_error());
  nd_dtype rt = dtype >= 0 ? (nd_dtype)dtype : sum_dtype(nd_dtype_of(a));
  assert_int_equal(nd_dtype_of(r), rt);
  int nd = nd_ndim(a), ax = axis == ND_AXIS_NONE ? 0 : (axis < 0 ? axis + nd : axis);
  int64_t sh[ND_MAX_DIMS];
  if (nd == 0) sh[0] = 1;
  else memcpy(sh, nd_shape(a), sizeof(int64_t) * (size_t)nd);
  int rn = nd ? nd : 1;
  int64_t len = sh[ax];
  int64_t wsh[ND_MAX_DIMS];
  memcpy(wsh, sh, sizeof(int64_t) * (size_t)rn);
  wsh[ax] = len + init;
  th_assert_shape(r, rn, wsh);
  int64_t lanes[ND_MAX_DIMS];
  memcpy(lanes, sh, sizeof(int64_t) * (size_t)rn);
  lanes[ax] = 1;
  int64_t li[ND_MAX_DIMS] = {0};
  char rk = nd_dtype_kind(rt);
  bool empty = false;
  for (int i = 0; i < rn; i++) empty |= lanes[i] == 0;
  if (empty) {
    nd_release(r);
    return;
  }
  do {
    uint64_t uacc = prod ? 1 : 0;
    double _Complex facc = prod ? 1 : 0;
    for (int64_t j = 0; j < len + init; j++) {
      int64_t oi[ND_MAX_DIMS], ii[ND_MAX_DIMS];
      memcpy(oi, li, sizeof oi);
      oi[ax] = j;
      double wr, wi;
      if (j >= init) {
        memcpy(ii, li, sizeof ii);
        ii[ax] = j - init;
        double re, im;
        th_get(a, nd ? ii : (int64_t[]){0}, &re, &im);
        /* the input converted to the accumulator dtype first */
        if (rk == 'i' || rk == 'u') re = (double)(int64_t)re, im = 0;
        if (rt == ND_FLOAT32 || rt == ND_COMPLEX64) re = (float)re, im = (float)im;
        if (rk == 'f') im = 0;
        if (rk == 'b') re = re != 0 || im != 0, im = 0;
        uint64_t u = (uint64_t)(int64_t)re;
        double _Complex z = re + im * I;
        if (rk == 'b') {
          uacc = prod ? (uacc && u) : (uacc || u);
        } else {
          uacc = prod ? uacc * u : uacc + u;
        }
        facc = prod ? facc * z : facc + z;
        /* float16 and bfloat16 run in float32, each output rounded once */
        if (rt == ND_FLOAT16 || rt == ND_BFLOAT16) facc = (float)creal(facc);
      }
      if (rk == 'i') wr = (double)(int64_t)uacc, wi = 0;
      else if (rk == 'u' || rk == 'b') wr = (double)uacc, wi = 0;
      else wr = th_round(rt, creal(facc)), wi = cimag(facc);
      double gr, gi;
      th_get(r, oi, &gr, &gi);
      if (gr != wr || gi != wi) fail_msg("cumulative %s axis %d position %lld: got (%g,%g) want (%g,%g)",
                                          prod ? "prod" : "sum", axis, (long long)j, gr, gi, wr, wi);
    }
  } while (th_next(rn, lanes, li));
  nd_release(r);
}

static void test_cumulative_every_layout(void **state) {
  (void)state;
  static const int64_t small[3] = {2, 3, 4};
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *a = th_make(t, 3, shape3, (th_layout)L, 5 + (unsigned)d);
      /* products of small values stay exact in every dtype */
      nd_array *p = th_make(t, 3, small, (th_layout)L, 9 + (unsigned)d);
      for (int ax = -1; ax < 3; ax++)
        for (int init = 0; init < 2; init++) {
          check_cum(a, ax, init, false, -1);
          check_cum(p, ax, init, true, -1);
        }
      nd_release(a);
      nd_release(p);
    }
    nd_array *z = th_make(t, 0, NULL, TH_C, 2);
    check_cum(z, ND_AXIS_NONE, false, false, -1);
    check_cum(z, ND_AXIS_NONE, true, true, -1);
    nd_release(z);
    static const int64_t n1[1] = {17}, e1[2] = {0, 3};
    nd_array *v = th_make(t, 1, n1, TH_NEGATIVE, 4);
    check_cum(v, ND_AXIS_NONE, true, false, -1);
    check_cum(v, 0, false, false, -1);
    nd_release(v);
    nd_array *e = th_make(t, 2, e1, TH_C, 4);
    check_cum(e, 0, true, false, -1);
    check_cum(e, 1, false, true, -1);
    nd_release(e);
  }
}

static void test_cumulative_dtypes_and_errors(void **state) {
  (void)state;
  nd_array *a = th_make(ND_INT16, 3, shape3, TH_F, 2);
  check_cum(a, 1, false, false, ND_INT8);   /* wraps in int8 */
  check_cum(a, 2, true, false, ND_FLOAT32);
  check_cum(a, 0, true, true, ND_COMPLEX128);
  check_cum(a, 0, false, false, ND_BOOL);   /* logical or */
  nd_array *f = th_make(ND_FLOAT64, 3, shape3, TH_TRANSPOSED, 3);
  check_cum(f, 1, false, false, ND_INT32);  /* floats truncated first */
  TH_EXPECT_ERROR(nd_cumulative_sum(a, ND_AXIS_NONE, false), ND_ERR_VALUE,
                  "cumulative_sum: axis is required for arrays of more than one dimension (array has 3)");
  TH_EXPECT_ERROR(nd_cumulative_prod(a, 3, false), ND_ERR_INDEX, "cumulative_prod: axis 3 is out of bounds");
  nd_array *c = nd_zeros(ND_COMPLEX64, ND_SHAPE(2), ND_C);
  TH_EXPECT_ERROR(nd_cumulative_sum_dtype(c, 0, false, ND_FLOAT32), ND_ERR_TYPE, "cumulative_sum: cannot accumulate complex64");
  TH_EXPECT_ERROR(nd_cumulative_prod_dtype(a, 0, false, (nd_dtype)77), ND_ERR_TYPE, "cumulative_prod");
  TH_EXPECT_ERROR(nd_cumulative_sum(NULL, 0, false), ND_ERR_NULL, "cumulative_sum");
  /* NumPy: cumulative_sum([[0,1,2],[3,4,5]], axis=1, include_initial=True) */
  nd_array *m = th_arange(ND_INT64, ND_SHAPE(2, 3));
  nd_array *r = nd_cumulative_sum(m, 1, true);
  int64_t want[8] = {0, 0, 1, 3, 0, 3, 7, 12};
  int64_t got[8];
  nd_to_data(r, got, ND_C);
  assert_memory_equal(got, want, sizeof want);
  /* a large scan along the slow axis, threaded, equals the 1-thread result */
  nd_array *big = nd_ones(ND_FLOAT64, ND_SHAPE(300, 1000), ND_C);
  nd_set_num_threads(1);
  nd_array *r1 = nd_cumulative_sum(big, 0, false);
  nd_set_num_threads(2);
  nd_array *r2 = nd_cumulative_sum(big, 0, false);
  nd_set_num_threads(0);
  assert_memory_equal(nd_data(r1), nd_data(r2), nd_nbytes(r1));
  assert_true(((double *)nd_data(r1))[299 * 1000 + 5] == 300.0);
  nd_release(r1), nd_release(r2), nd_release(big), nd_release(r), nd_release(m);
  nd_release(a), nd_release(f), nd_release(c);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_arg_every_layout),
      cmocka_unit_test(test_arg_nan_and_ties),
      cmocka_unit_test(test_arg_errors),
      cmocka_unit_test(test_cumulative_every_layout),
      cmocka_unit_test(test_cumulative_dtypes_and_errors),
  };
  return TH_RUN(tests);
}
