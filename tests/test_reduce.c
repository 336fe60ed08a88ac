/* Reductions (sum, prod, min, max, all, any, count_nonzero, mean, var, std) on every
 * layout, dtype and axis set against plain reference loops; accumulator dtypes, dtype=
 * forms, NaN, empty reductions, errors; bitwise equality of 1- and 2-thread results and
 * the accuracy of pairwise float sums on 1e7 elements. */
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

typedef enum { R_SUM, R_PROD, R_MIN, R_MAX, R_ALL, R_ANY, R_COUNT, R_MEAN, R_VAR, R_STD, R_NUM } rop;
static const char *const rop_names[R_NUM] = {"sum", "prod", "min", "max", "all", "any",
                                             "count_nonzero", "mean", "var", "std"};

static nd_array *run_op(rop op, const nd_array *a, int naxes, const int *axes, bool keep, double corr) {
  switch (op) {
    case R_SUM: return nd_sum(a, naxes, axes, keep);
    case R_PROD: return nd_prod(a, naxes, axes, keep);
    case R_MIN: return nd_min(a, naxes, axes, keep);
    case R_MAX: return nd_max(a, naxes, axes, keep);
    case R_ALL: return nd_all(a, naxes, axes, keep);
    case R_ANY: return nd_any(a, naxes, axes, keep);
    case R_COUNT: return nd_count_nonzero(a, naxes, axes, keep);
    case R_MEAN: return nd_mean(a, naxes, axes, keep);
    case R_VAR: return nd_var(a, naxes, axes, corr, keep);
    case R_STD: return nd_std(a, naxes, axes, corr, keep);
    default: return NULL;
  }
}

/* The result dtype NumPy gives. */
static nd_dtype want_dtype(rop op, nd_dtype t) {
  char k = nd_dtype_kind(t);
  switch (op) {
    case R_SUM:
    case R_PROD: return (k == 'b' || k == 'i') ? ND_INT64 : k == 'u' ? ND_UINT64 : t;
    case R_MIN:
    case R_MAX: return t;
    case R_ALL:
    case R_ANY: return ND_BOOL;
    case R_COUNT: return ND_INT64;
    case R_MEAN: return (k == 'f' || k == 'c') ? t : ND_FLOAT64;
    default: return k == 'f' ? t : k == 'c' ? (t == ND_COMPLEX64 ? ND_FLOAT32 : ND_FLOAT64) : ND_FLOAT64;
  }
}

/* Reference: op over the elements of `a` whose non-reduced indices are those of `base`. */
static void reference(const nd_array *a, const bool *red, const int64_t *base, rop op,
                      nd_dtype rt, double corr, double *out_re, double *out_im) {
  int nd = nd_ndim(a);
  const int64_t *sh = nd_shape(a);
  int rax[ND_MAX_DIMS], nr = 0;
  int64_t rext[ND_MAX_DIMS], ridx[ND_MAX_DIMS] = {0}, idx[ND_MAX_DIMS];
  int64_t n = 1;
  for (int i = 0; i < nd; i++)
    if (red[i]) {
      rax[nr] = i;
      rext[nr++] = sh[i];
      n *= sh[i];
    }
  char rk = nd_dtype_kind(rt);
  uint64_t usum = 0, uprod = 1;
  long double sre = 0, sim = 0, pre = 1, pim = 0;
  double mn = 0, mx = 0;
  bool any = false, all = true, first = true;
  int64_t count = 0;
  memcpy(idx, base, sizeof(int64_t) * (size_t)nd);
  if (n > 0) {
    do {
      for (int k = 0; k < nr; k++) idx[rax[k]] = ridx[k];
      double re, im;
      th_get(a, idx, &re, &im);
      usum += (uint64_t)(int64_t)re;
      uprod *= (uint64_t)(int64_t)re;
      sre += re;
      sim += im;
      long double t = pre * re - pim * im;
      pim = pre * im + pim * re;
      pre = t;
      bool nz = re != 0 || im != 0;
      any |= nz;
      all &= nz;
      count += nz;
      if (first) mn = mx = re;
      if (isnan(re) || isnan(mx) || re > mx) mx = isnan(mx) ? mx : re;
      if (isnan(re) || isnan(mn) || re < mn) mn = isnan(mn) ? mn : re;
      first = false;
    } while (th_next(nr, rext, ridx));
  }
  *out_im = 0;
  switch (op) {
    case R_SUM:
      if (rk == 'i') *out_re = (double)(int64_t)usum;
      else if (rk == 'u') *out_re = (double)usum;
      else if (rk == 'b') *out_re = any;
      else *out_re = (double)sre, *out_im = (double)sim;
      break;
    case R_PROD:
      if (rk == 'i') *out_re = (double)(int64_t)uprod;
      else if (rk == 'u') *out_re = (double)uprod;
      else *out_re = (double)pre, *out_im = (double)pim;
      if (rt == ND_FLOAT32 || rt == ND_COMPLEX64) *out_re = (float)*out_re, *out_im = (float)*out_im;
      break;
    case R_MIN: *out_re = mn; break;
    case R_MAX: *out_re = mx; break;
    case R_ALL: *out_re = all; break;
    case R_ANY: *out_re = any; break;
    case R_COUNT: *out_re = (double)count; break;
    case R_MEAN:
      *out_re = (double)(sre / n);
      *out_im = rk == 'c' ? (double)(sim / n) : 0.0;
      break;
    default: { /* var, std: two passes */
      long double mre = sre / n, mim = sim / n, ss = 0;
      int64_t ri2[ND_MAX_DIMS] = {0};
      if (n > 0) {
        do {
          for (int k = 0; k < nr; k++) idx[rax[k]] = ri2[k];
          double re, im;
          th_get(a, idx, &re, &im);
          ss += (re - mre) * (re - mre) + (im - mim) * (im - mim);
        } while (th_next(nr, rext, ri2));
      }
      long double d = (long double)n - corr;
      long double v = ss / (d > 0 ? d : 0);
      *out_re = (double)(op == R_STD ? sqrtl(v) : v);
    }
  }
  /* float16 and bfloat16: float32 accumulation, one rounding of the result */
  if (rt == ND_FLOAT16 || rt == ND_BFLOAT16) *out_re = th_round(rt, *out_re);
}

static bool close_enough(double got, double want, nd_dtype rt) {
  if (got == want || (isnan(got) && isnan(want))) return true;
  /* a complex64 product beyond float range: overflow order decides inf vs nan parts */
  if (rt == ND_COMPLEX64 && fabs(want) > 1e30) return true;
  double tol = (rt == ND_FLOAT32 || rt == ND_COMPLEX64) ? 2e-5
               : rt == ND_FLOAT16 ? 1e-3 : rt == ND_BFLOAT16 ? 8e-3 : 1e-12;
  if (nd_dtype_kind(rt) != 'f' && nd_dtype_kind(rt) != 'c') return false;
  return fabs(got - want) <= tol * fmax(1.0, fabs(want));
}

/* Checks one reduction of `a` against the reference, element by element. */
static void check_reduction(rop op, const nd_array *a, int naxes, const int *axes, bool keep,
                            double corr, const char *what) {
  nd_array *r = run_op(op, a, naxes, axes, keep, corr);
  if (!r) fail_msg("%s %s failed: %s", rop_names[op], what, nd_last_error());
  nd_dtype rt = want_dtype(op, nd_dtype_of(a));
  if (nd_dtype_of(r) != rt)
    fail_msg("%s %s: dtype %s, want %s", rop_names[op], what, nd_dtype_name(nd_dtype_of(r)), nd_dtype_name(rt));
  int nd = nd_ndim(a);
  bool red[ND_MAX_DIMS] = {false};
  if (naxes < 0) {
    for (int i = 0; i < nd; i++) red[i] = true;
  } else {
    for (int i = 0; i < naxes; i++) red[axes[i] < 0 ? axes[i] + nd : axes[i]] = true;
  }
  int64_t wshape[ND_MAX_DIMS];
  int wn = 0;
  for (int i = 0; i < nd; i++)
    if (!red[i] || keep) wshape[wn++] = red[i] ? 1 : nd_shape(a)[i];
  th_assert_shape(r, wn, wshape);
  if (nd_size(r) > 0) {
    int64_t ridx[ND_MAX_DIMS] = {0}, base[ND_MAX_DIMS];
    do {
      for (int i = 0, j = 0; i < nd; i++) {
        if (!red[i] || keep) {
          base[i] = red[i] ? 0 : ridx[j];
          j++;
        } else {
          base[i] = 0;
        }
      }
      double wre, wim, gre, gim;
      reference(a, red, base, op, rt, corr, &wre, &wim);
      th_get(r, ridx, &gre, &gim);
      if (!close_enough(gre, wre, rt) || !close_enough(gim, wim, rt))
        fail_msg("%s %s (%s): got (%.17g,%.17g), want (%.17g,%.17g)", rop_names[op], what,
                 nd_dtype_name(nd_dtype_of(a)), gre, gim, wre, wim);
    } while (th_next(wn, wshape, ridx));
  }
  nd_release(r);
}

static bool op_accepts(rop op, nd_dtype t) {
  return !((op == R_MIN || op == R_MAX) && nd_dtype_kind(t) == 'c');
}

typedef struct {
  int n;
  int axes[3];
} axis_set;

static const axis_set axis_sets[] = {{-1, {0}}, {0, {0}},     {1, {0}},     {1, {1}},
                                     {1, {2}},  {1, {-1}},    {2, {0, 2}},  {2, {2, 0}},
                                     {2, {1, 2}}, {3, {0, 1, 2}}};

static void test_every_layout_dtype_axes(void **state) {
  (void)state;
  static const int64_t shape[3] = {3, 4, 5};
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *a = th_make(t, 3, shape, (th_layout)L, 11 + (unsigned)d);
      for (size_t s = 0; s < sizeof axis_sets / sizeof axis_sets[0]; s++) {
        for (int keep = 0; keep < 2; keep++) {
          for (int op = 0; op < R_NUM; op++) {
            if (!op_accepts((rop)op, t)) continue;
            char what[64];
            snprintf(what, sizeof what, "layout %s, axes set %zu, keepdims %d", th_layout_names[L], s, keep);
            check_reduction((rop)op, a, axis_sets[s].n, axis_sets[s].axes, keep, op == R_STD ? 1.0 : 0.0, what);
          }
        }
      }
      nd_release(a);
    }
  }
}

static void test_zero_d_and_empty(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    /* 0-d: all axes or none */
    nd_array *z = th_make(t, 0, NULL, TH_C, 3);
    for (int op = 0; op < R_NUM; op++) {
      if (!op_accepts((rop)op, t)) continue;
      check_reduction((rop)op, z, -1, NULL, false, 0.0, "0-d");
      check_reduction((rop)op, z, 0, NULL, true, 0.0, "0-d no axes");
    }
    nd_release(z);
    /* size 0: reductions with an identity give it; min/max only when the result is empty */
    static const int64_t e1[2] = {0, 3}, e2[3] = {3, 0, 2};
    nd_array *e = th_make(t, 2, e1, TH_C, 1), *f = th_make(t, 3, e2, TH_F, 1);
    for (int op = 0; op < R_NUM; op++) {
      if (!op_accepts((rop)op, t)) continue;
      int ax0 = 0, ax1 = 1;
      if (op != R_MIN && op != R_MAX) {
        check_reduction((rop)op, e, -1, NULL, false, 0.0, "empty, all axes");
        check_reduction((rop)op, e, 1, &ax0, true, 0.0, "empty, axis 0");
        check_reduction((rop)op, f, 1, &ax1, false, 0.0, "empty F, axis 1");
      } else {
        TH_EXPECT_ERROR(run_op((rop)op, e, -1, NULL, false, 0), ND_ERR_VALUE, "which has no identity");
        TH_EXPECT_ERROR(run_op((rop)op, e, 1, &ax0, false, 0), ND_ERR_VALUE, "zero-size array");
        static const int64_t e3[3] = {0, 3, 0}; /* over axis 0 the result [3, 0] is empty: */
        nd_array *g = th_make(t, 3, e3, TH_C, 1);  /* still an error, as in NumPy */
        TH_EXPECT_ERROR(run_op((rop)op, g, 1, &ax0, false, 0), ND_ERR_VALUE, "zero-size array");
        nd_release(g);
      }
      check_reduction((rop)op, e, 1, &ax1, false, 0.0, "empty result");
    }
    nd_release(e);
    nd_release(f);
  }
  /* the values of empty reductions */
  nd_array *e = nd_zeros(ND_FLOAT64, ND_SHAPE(0, 3), ND_C);
  int ax0 = 0;
  nd_array *s = nd_sum(e, 1, &ax0, false), *p = nd_prod(e, 1, &ax0, false), *m = nd_mean(e, 1, &ax0, false);
  nd_array *al = nd_all(e, -1, NULL, false), *an = nd_any(e, -1, NULL, false);
  double v;
  nd_get_double(s, (int64_t[]){1}, &v);
  assert_true(v == 0.0);
  nd_get_double(p, (int64_t[]){1}, &v);
  assert_true(v == 1.0);
  nd_get_double(m, (int64_t[]){1}, &v);
  assert_true(isnan(v));
  assert_true(*(bool *)nd_data(al));
  assert_false(*(bool *)nd_data(an));
  nd_release(s), nd_release(p), nd_release(m), nd_release(al), nd_release(an), nd_release(e);
}

static void test_accumulator_dtypes(void **state) {
  (void)state;
  nd_scope_begin();
  /* int8 values that overflow int8 but not int64 */
  nd_array *i8 = nd_full(ND_INT8, ND_SHAPE(300), 100, ND_C);
  nd_array *s = nd_sum(i8, -1, NULL, false);
  assert_int_equal(nd_dtype_of(s), ND_INT64);
  assert_int_equal(*(int64_t *)nd_data(s), 30000);
  /* dtype=int8 accumulates in int8 and wraps: 300 * 100 mod 256 as int8 */
  nd_array *s8 = nd_sum_dtype(i8, -1, NULL, false, ND_INT8);
  assert_int_equal(nd_dtype_of(s8), ND_INT8);
  assert_int_equal(*(int8_t *)nd_data(s8), (int8_t)(30000 % 256));
  nd_array *u16 = nd_full(ND_UINT16, ND_SHAPE(3), 65535, ND_C);
  nd_array *pu = nd_prod(u16, -1, NULL, false);
  assert_int_equal(nd_dtype_of(pu), ND_UINT64);
  assert_true(*(uint64_t *)nd_data(pu) == (uint64_t)65535 * 65535 * 65535);
  nd_array *b = nd_ones(ND_BOOL, ND_SHAPE(7), ND_C);
  nd_array *sb = nd_sum(b, -1, NULL, false), *sbb = nd_sum_dtype(b, -1, NULL, false, ND_BOOL);
  assert_int_equal(nd_dtype_of(sb), ND_INT64);
  assert_int_equal(*(int64_t *)nd_data(sb), 7);
  assert_true(*(bool *)nd_data(sbb)); /* logical or, as np.sum(b, dtype=bool) */
  /* float64 data summed in float32: converted first */
  nd_array *f = nd_full(ND_FLOAT64, ND_SHAPE(10), 0.1, ND_C);
  nd_array *sf = nd_sum_dtype(f, -1, NULL, false, ND_FLOAT32);
  assert_int_equal(nd_dtype_of(sf), ND_FLOAT32);
  float want = 0;
  for (int i = 0; i < 10; i++) want += 0.1f;
  assert_true(fabsf(*(float *)nd_data(sf) - want) < 1e-6f);
  /* float sum with dtype=int32 truncates each element first (NumPy: 1.5+2.5 -> 3) */
  nd_array *h = nd_from_data(ND_FLOAT64, ND_SHAPE(2), (double[]){1.5, 2.5}, ND_C);
  nd_array *si = nd_sum_dtype(h, -1, NULL, false, ND_INT32);
  assert_int_equal(*(int32_t *)nd_data(si), 3);
  nd_array *pi = nd_prod_dtype(h, -1, NULL, false, ND_FLOAT32);
  assert_true(*(float *)nd_data(pi) == 3.75f);
  /* mean: float32 stays float32, int gives float64, dtype= float32 */
  nd_array *mf = nd_mean(nd_ones(ND_FLOAT32, ND_SHAPE(4), ND_C), -1, NULL, false);
  assert_int_equal(nd_dtype_of(mf), ND_FLOAT32);
  nd_array *mi = nd_mean(nd_arange(ND_INT16, 0, 4, 1), -1, NULL, false);
  assert_int_equal(nd_dtype_of(mi), ND_FLOAT64);
  assert_true(*(double *)nd_data(mi) == 1.5);
  nd_array *m32 = nd_mean_dtype(nd_arange(ND_INT16, 0, 4, 1), -1, NULL, false, ND_FLOAT32);
  assert_int_equal(nd_dtype_of(m32), ND_FLOAT32);
  assert_true(*(float *)nd_data(m32) == 1.5f);
  /* a complex mean divides as NumPy's complex division by n + 0i: both parts times 1/n
   * (mean([1+2j, 2+3j, 2]) has real part 5 * (1/3), not 5/3), and [inf+1j, 1+2j] gives
   * inf+nanj */
  nd_array *z3 = nd_from_data(ND_COMPLEX128, ND_SHAPE(3), (double _Complex[]){1 + 2 * I, 2 + 3 * I, 2}, ND_C);
  double _Complex zm = *(double _Complex *)nd_data(nd_mean(z3, -1, NULL, false));
  volatile double third = 1.0 / 3.0;
  assert_true(creal(zm) == 5.0 * third && cimag(zm) == 5.0 * third);
  nd_array *zi = nd_from_data(ND_COMPLEX128, ND_SHAPE(2), (double[]){INFINITY, 1, 1, 2}, ND_C);
  double _Complex zim = *(double _Complex *)nd_data(nd_mean(zi, -1, NULL, false));
  assert_true(creal(zim) == INFINITY && isnan(cimag(zim)));
  /* var of complex is real: var([1+1j, 2]) = 0.5 (NumPy) */
  nd_array *c = nd_from_data(ND_COMPLEX64, ND_SHAPE(2), (float _Complex[]){1 + 1 * I, 2}, ND_C);
  nd_array *vc = nd_var(c, -1, NULL, 0, false);
  assert_int_equal(nd_dtype_of(vc), ND_FLOAT32);
  assert_true(*(float *)nd_data(vc) == 0.5f);
  /* NumPy: var([1.], ddof=1) is nan, var([1., 2.], ddof=2) is inf */
  nd_array *one = nd_ones(ND_FLOAT64, ND_SHAPE(1), ND_C);
  assert_true(isnan(*(double *)nd_data(nd_var(one, -1, NULL, 1, false))));
  nd_array *two = nd_from_data(ND_FLOAT64, ND_SHAPE(2), (double[]){1, 2}, ND_C);
  assert_true(isinf(*(double *)nd_data(nd_var(two, -1, NULL, 2, false))));
  assert_true(*(double *)nd_data(nd_std(two, -1, NULL, 0, false)) == 0.5);
  nd_scope_end();
}

static void test_nan(void **state) {
  (void)state;
  nd_scope_begin();
  /* a NaN anywhere propagates through min and max, in row and col form */
  for (int pos = 0; pos < 40; pos += 13) {
    nd_array *a = nd_arange(ND_FLOAT64, 0, 40, 1);
    nd_set_double(a, (int64_t[]){pos}, NAN);
    nd_array *m = nd_reshape(a, ND_SHAPE(8, 5), ND_C);
    assert_true(isnan(*(double *)nd_data(nd_max(a, -1, NULL, false))));
    assert_true(isnan(*(double *)nd_data(nd_min(a, -1, NULL, false))));
    int ax0 = 0;
    nd_array *c = nd_max(m, 1, &ax0, false); /* col form */
    for (int k = 0; k < 5; k++) {
      double v;
      nd_get_double(c, (int64_t[]){k}, &v);
      assert_true(k == pos % 5 ? isnan(v) : v == 35 + k);
    }
    nd_array *s = nd_sum(nd_astype(m, ND_FLOAT32), 1, &ax0, false);
    double v;
    nd_get_double(s, (int64_t[]){pos % 5}, &v);
    assert_true(isnan(v));
  }
  nd_scope_end();
}

/* Of equal elements max and min keep the later one, as NumPy does, which shows only in the
 * sign of a zero result: np.max([0.0, -0.0]) is -0.0, np.min([-0.0, 0.0]) is 0.0. Rows of
 * zeros of random sign among values that lose (-1 for max, 1 for min), reduced along
 * either axis (row and col form, several lane counts); want: the sign of the last zero. */
static void test_signed_zero_ties(void **state) {
  (void)state;
  nd_scope_begin();
  const int64_t shapes[][2] = {{1, 2}, {3, 17}, {5, 1000}, {2, 4099}, {300, 7}};
  nd_rng *g = nd_rng_new(7);
  for (size_t si = 0; si < sizeof shapes / sizeof shapes[0]; si++) {
    int64_t r = shapes[si][0], c = shapes[si][1];
    for (int want_max = 0; want_max < 2; want_max++) {
      nd_array *a = nd_empty(ND_FLOAT64, ND_SHAPE(r, c), ND_C);
      nd_array *kinds = nd_random_integers(g, 0, 3, false, ND_INT8, ND_SHAPE(r * c));
      assert_non_null(kinds);
      double *d = nd_data(a);
      const int8_t *kd = nd_data(kinds);
      for (int64_t i = 0; i < r * c; i++)
        d[i] = kd[i] == 0 ? 0.0 : kd[i] == 1 ? -0.0 : (want_max ? -1.0 : 1.0);
      nd_release(kinds);
      for (int axis = 0; axis < 2; axis++) {
        nd_array *m = want_max ? nd_max(a, 1, &axis, false) : nd_min(a, 1, &axis, false);
        assert_non_null(m);
        int64_t n_out = axis == 0 ? c : r, n_red = axis == 0 ? r : c;
        for (int64_t o = 0; o < n_out; o++) {
          double last = want_max ? -1.0 : 1.0;
          for (int64_t j = 0; j < n_red; j++) {
            double x = axis == 0 ? d[j * c + o] : d[o * c + j];
            if (x == 0) last = x;
          }
          double got;
          nd_get_double(m, &o, &got);
          assert_true(got == last && signbit(got) == signbit(last));
        }
      }
      /* every axis: the last zero in C order */
      double last = want_max ? -1.0 : 1.0;
      for (int64_t i = 0; i < r * c; i++)
        if (d[i] == 0) last = d[i];
      nd_array *m = want_max ? nd_max(a, -1, NULL, false) : nd_min(a, -1, NULL, false);
      double got = *(double *)nd_data(m);
      assert_true(got == last && signbit(got) == signbit(last));
    }
  }
  nd_rng_free(g);
  nd_scope_end();
}

/* Result layouts as NumPy's iterator gives them: a broadcast (stride-0) axis has no say,
 * and reduced axes take part in ordering the kept ones (strides from NumPy 2.4). */
static void test_result_layout(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *b = nd_broadcast_to(nd_arange(ND_FLOAT64, 0, 4, 1), ND_SHAPE(3, 4));
  const int64_t *st = nd_strides(nd_sum(b, 0, NULL, false)); /* np.sum(b, axis=()) */
  assert_true(st[0] == 4 && st[1] == 1);
  st = nd_strides(nd_cumulative_sum(b, 0, false));
  assert_true(st[0] == 4 && st[1] == 1);
  /* x of shape (4, 2, 3), strides (1, 0, 4) elements: sum over axis 2 with keepdims gives
   * strides (1, 4, 4) */
  nd_array *base = nd_transpose(nd_arange(ND_FLOAT64, 0, 12, 1)); /* [12] */
  nd_array *x = nd_reshape(nd_copy(base, ND_C), ND_SHAPE(3, 1, 4), ND_C);
  x = nd_broadcast_to(x, ND_SHAPE(3, 2, 4));
  int perm[3] = {2, 1, 0};
  x = nd_permute(x, 3, perm); /* (4, 2, 3), strides (1, 0, 4) */
  int ax = 2;
  st = nd_strides(nd_sum(x, 1, &ax, true));
  assert_true(st[0] == 1 && st[1] == 4 && st[2] == 4);
  nd_scope_end();
}

/* Float and complex products multiply one element after the other from 1, as NumPy:
 * bitwise NumPy's results, and with overflow the order decides between 0 and NaN. */
static void test_prod_order(void **state) {
  (void)state;
  nd_scope_begin();
  const double x[3] = {0x1.5ec8a6de6bea8p+0, 0x1.92d9b489ec0e0p-1, 0x1.1a67eacb1d46ap+0};
  nd_array *a = nd_from_data(ND_FLOAT64, ND_SHAPE(3), x, ND_C);
  assert_true(*(double *)nd_data(nd_prod(a, -1, NULL, false)) == (x[0] * x[1]) * x[2]);
  const double z1[3] = {1e200, 0, 1e200}, z2[3] = {1e200, 1e200, 0};
  assert_true(*(double *)nd_data(nd_prod(nd_from_data(ND_FLOAT64, ND_SHAPE(3), z1, ND_C), -1, NULL, false)) == 0);
  assert_true(isnan(*(double *)nd_data(nd_prod(nd_from_data(ND_FLOAT64, ND_SHAPE(3), z2, ND_C), -1, NULL, false))));
  /* long rows (several leaves, two threads): still the sequential product */
  nd_array *big = nd_full(ND_FLOAT64, ND_SHAPE(3, 20000), 1.0001, ND_C);
  double *b = nd_data(big);
  for (int64_t i = 0; i < 60000; i++) b[i] = 1 + 1e-4 * (double)((i * 7919) % 13 - 6);
  nd_array *rows = nd_prod(big, 1, (int[]){1}, false), *cols = nd_prod(big, 1, (int[]){0}, false);
  for (int64_t r = 0; r < 3; r++) {
    double p = 1;
    for (int64_t j = 0; j < 20000; j++) p *= b[r * 20000 + j];
    assert_true(((double *)nd_data(rows))[r] == p);
  }
  for (int64_t j = 0; j < 20000; j += 997) {
    double p = 1;
    for (int64_t r = 0; r < 3; r++) p *= b[r * 20000 + j];
    assert_true(((double *)nd_data(cols))[j] == p);
  }
  /* sums start from +0.0 in every form, as NumPy: a sum of -0.0s is +0.0 */
  nd_array *nz = nd_full(ND_FLOAT64, ND_SHAPE(300, 40), -0.0, ND_C);
  for (int ax = 0; ax < 2; ax++) {
    nd_array *sz = nd_sum(nz, 1, &ax, false);
    assert_false(signbit(((double *)nd_data(sz))[0]));
  }
  assert_false(signbit(((double *)nd_data(nd_sum(nz, 0, NULL, false)))[5]));
  /* complex: np.prod([inf+0j]) is inf+nanj (1 * (inf+0j) by the plain formula) */
  const double zi[2] = {INFINITY, 0};
  nd_array *ci = nd_prod(nd_from_data(ND_COMPLEX128, ND_SHAPE(1), zi, ND_C), -1, NULL, false);
  double re, im;
  nd_get_complex(ci, (int64_t[]){0}, &re, &im);
  assert_true(re == INFINITY && isnan(im));
  nd_scope_end();
}

/* NumPy's reductions, argmax/argmin and cumulative functions take axis 0 or -1 of a 0-d
 * array (np.sum(np.array(5.), axis=0) = 5, np.argmax(..., axis=-1) = 0,
 * np.cumulative_sum(..., axis=0) = [5.]); axis 1 is out of bounds. */
static void test_zero_d_axis(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *x = nd_full(ND_FLOAT64, 0, NULL, 5, ND_C);
  double v;
  for (int ax = -1; ax <= 0; ax++) {
    nd_array *r = nd_sum(x, 1, &ax, false);
    th_assert_shape(r, 0, NULL);
    nd_item_double(r, &v);
    assert_true(v == 5);
    nd_item_double(nd_max(x, 1, &ax, true), &v);
    assert_true(v == 5);
    nd_item_double(nd_prod(x, 1, &ax, false), &v);
    assert_true(v == 5);
    nd_array *am = nd_argmax(x, ax, false);
    th_assert_shape(am, 0, NULL);
    nd_item_double(am, &v);
    assert_true(v == 0);
    nd_array *c = nd_cumulative_sum(x, ax, false);
    th_assert_shape(c, 1, (int64_t[]){1});
  }
  TH_EXPECT_ERROR(nd_sum(x, 1, (int[]){1}, false), ND_ERR_INDEX, "sum: axis 1 is out of bounds for array of dimension 0");
  TH_EXPECT_ERROR(nd_argmin(x, 1, false), ND_ERR_INDEX, "argmin");
  TH_EXPECT_ERROR(nd_sum(x, 2, (int[]){0, -1}, false), ND_ERR_INDEX, "sum: 2 axes given for an array of dimension 0");
  /* but mean, var and std refuse it, as NumPy's do; no axes or all axes are fine */
  TH_EXPECT_ERROR(nd_mean(x, 1, (int[]){0}, false), ND_ERR_INDEX, "mean: axis 0 is out of bounds for array of dimension 0");
  TH_EXPECT_ERROR(nd_var(x, 1, (int[]){-1}, 0, false), ND_ERR_INDEX, "var: axis -1 is out of bounds");
  TH_EXPECT_ERROR(nd_std(x, 1, (int[]){0}, 0, false), ND_ERR_INDEX, "std: axis 0");
  nd_item_double(nd_mean(x, 0, NULL, false), &v);
  assert_true(v == 5);
  nd_item_double(nd_var(x, -1, NULL, 0, false), &v);
  assert_true(v == 0);
  /* argsort of a 0-d array is [0] (NumPy); sort keeps refusing an axis */
  nd_array *as = nd_argsort(x, -1, false);
  th_assert_shape(as, 1, (int64_t[]){1});
  nd_item_double(as, &v);
  assert_true(v == 0);
  TH_EXPECT_ERROR(nd_sort(x, -1, false), ND_ERR_INDEX, "sort: axis -1 is out of bounds");
  /* argmax and argsort results are C-ordered whatever the input (NumPy): for an F [3,5],
   * argmax over axis 0 of an F [3,5,2] has strides (2, 1), argsort (10, 2, 1) */
  nd_array *f3 = nd_zeros(ND_FLOAT64, ND_SHAPE(3, 5, 2), ND_F);
  th_assert_strides(nd_argmax(f3, 0, false), 2, (int64_t[]){2, 1});
  th_assert_strides(nd_argsort(f3, 1, false), 3, (int64_t[]){10, 2, 1});
  th_assert_strides(nd_sort(f3, 1, false), 3, (int64_t[]){1, 3, 15});
  nd_scope_end();
}

static void test_errors(void **state) {
  (void)state;
  nd_array *a = nd_zeros(ND_FLOAT64, ND_SHAPE(2, 3), ND_C);
  nd_array *c = nd_zeros(ND_COMPLEX128, ND_SHAPE(2, 3), ND_C);
  int bad[] = {2}, rep[] = {1, -1}, neg[] = {-3};
  /* a negative dtype (nd_dtype_from_name's -1 for an unknown name) is an error too */
  TH_EXPECT_ERROR(nd_sum_dtype(a, -1, NULL, false, (nd_dtype)-1), ND_ERR_TYPE, "sum: invalid dtype value -1");
  TH_EXPECT_ERROR(nd_prod_dtype(a, -1, NULL, false, (nd_dtype)-2), ND_ERR_TYPE, "prod: invalid dtype value -2");
  TH_EXPECT_ERROR(nd_cumulative_sum_dtype(a, 0, false, (nd_dtype)-1), ND_ERR_TYPE, "cumulative_sum: invalid dtype");
  TH_EXPECT_ERROR(nd_cumulative_prod_dtype(a, 0, false, (nd_dtype)-1), ND_ERR_TYPE, "cumulative_prod: invalid dtype");
  for (int op = 0; op < R_NUM; op++) {
    TH_EXPECT_ERROR(run_op((rop)op, a, 1, bad, false, 0), ND_ERR_INDEX, "axis 2 is out of bounds for array of dimension 2");
    TH_EXPECT_ERROR(run_op((rop)op, a, 1, neg, false, 0), ND_ERR_INDEX, "axis -3 is out of bounds");
    TH_EXPECT_ERROR(run_op((rop)op, a, 2, rep, false, 0), ND_ERR_INDEX, "repeated axis");
    TH_EXPECT_ERROR(run_op((rop)op, a, -2, bad, false, 0), ND_ERR_VALUE, "invalid axis count -2");
    TH_EXPECT_ERROR(run_op((rop)op, a, 3, rep, false, 0), ND_ERR_INDEX, "3 axes given");
    TH_EXPECT_ERROR(run_op((rop)op, NULL, -1, NULL, false, 0), ND_ERR_NULL, rop_names[op]);
    /* messages name the function */
    TH_EXPECT_ERROR(run_op((rop)op, a, 1, bad, false, 0), ND_ERR_INDEX, rop_names[op]);
  }
  TH_EXPECT_ERROR(nd_max(c, -1, NULL, false), ND_ERR_TYPE, "max: not defined for complex input");
  TH_EXPECT_ERROR(nd_min(c, -1, NULL, false), ND_ERR_TYPE, "min: not defined for complex");
  TH_EXPECT_ERROR(nd_sum_dtype(c, -1, NULL, false, ND_FLOAT64), ND_ERR_TYPE, "sum: cannot accumulate complex128 in float64");
  TH_EXPECT_ERROR(nd_prod_dtype(a, -1, NULL, false, (nd_dtype)99), ND_ERR_TYPE, "prod");
  TH_EXPECT_ERROR(nd_mean_dtype(a, -1, NULL, false, ND_INT32), ND_ERR_TYPE, "mean: dtype must be a floating or complex type, got int32");
  TH_EXPECT_ERROR(nd_mean_dtype(c, -1, NULL, false, ND_FLOAT32), ND_ERR_TYPE, "mean: cannot accumulate complex128");
  TH_EXPECT_ERROR(nd_var(a, -1, NULL, NAN, false), ND_ERR_VALUE, "var: correction is NaN");
  nd_release(a);
  nd_release(c);
}

/* ---- threads and accuracy ------------------------------------------------------------ */

/* Values uniform in [-30, 70), converted to a's dtype, in a's C-order sequence. */
static void fill_random(nd_array *a, uint64_t seed) {
  nd_rng *g = nd_rng_new(seed);
  nd_array *v = nd_random_uniform(g, -30.0, 70.0, ND_FLOAT64, nd_ndim(a), nd_shape(a));
  assert_non_null(v);
  assert_int_equal(nd_assign(a, v), ND_OK);
  nd_release(v);
  nd_rng_free(g);
}

static void assert_bitwise_equal(const nd_array *x, const nd_array *y) {
  assert_int_equal(nd_nbytes(x), nd_nbytes(y));
  assert_true(nd_is_contiguous(x, ND_C) || nd_is_contiguous(x, ND_F));
  assert_memory_equal(nd_data(x), nd_data(y), nd_nbytes(x));
}

static void test_threads_bitwise(void **state) {
  (void)state;
  typedef struct {
    int ndim;
    int64_t shape[3];
    nd_order order;
    int naxes;
    int axes[2];
  } tcase;
  static const tcase cases[] = {
      {1, {1 << 21}, ND_C, -1, {0}},        /* one output, contiguous: leaves split across threads */
      {2, {3, 400001}, ND_C, 1, {1}},       /* few outputs, row form */
      {2, {400001, 3}, ND_C, 1, {0}},       /* few outputs, col form */
      {2, {1500, 1001}, ND_C, 1, {0}},      /* col form, many tasks */
      {2, {1500, 1001}, ND_C, 1, {1}},      /* row form, many outputs */
      {2, {1500, 1001}, ND_F, -1, {0}},
      {2, {1500, 1001}, ND_F, 1, {1}},
      {3, {64, 90, 300}, ND_C, 2, {0, 2}},  /* non-coalescable reduced axes */
      {3, {300, 90, 64}, ND_F, 2, {1, 2}},
      {2, {70000, 2}, ND_C, 1, {1}},        /* short reductions */
  };
  static const nd_dtype types[] = {ND_FLOAT64, ND_FLOAT32, ND_COMPLEX128};
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
      const tcase *k = &cases[c];
      if (types[t] == ND_COMPLEX128 && c % 3) continue; /* keep the test quick */
      nd_array *a = nd_empty(types[t], k->ndim, k->shape, k->order);
      fill_random(a, c);
      static const rop ops[] = {R_SUM, R_PROD, R_MEAN, R_VAR, R_MAX};
      for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
        if (!op_accepts(ops[o], types[t])) continue;
        nd_set_num_threads(1);
        nd_array *r1 = run_op(ops[o], a, k->naxes, k->axes, false, 0);
        nd_set_num_threads(2);
        nd_array *r2 = run_op(ops[o], a, k->naxes, k->axes, false, 0);
        assert_non_null(r1);
        assert_non_null(r2);
        assert_bitwise_equal(r1, r2);
        nd_release(r1);
        nd_release(r2);
      }
      nd_release(a);
    }
  }
  nd_set_num_threads(0);
}

/* A float sum of 1e7 values against a long double reference: pairwise summation keeps
 * the float32 error near eps (a running sum would lose about 1e-3 relative), along the
 * contiguous axis, along a strided one, and down the columns (col form). */
static void test_sum_accuracy_1e7(void **state) {
  (void)state;
  const int64_t n = 10000000;
  nd_array *f = nd_empty(ND_FLOAT32, ND_SHAPE(n), ND_C);
  nd_array *d = nd_empty(ND_FLOAT64, ND_SHAPE(n), ND_C);
  float *pf = nd_data(f);
  double *pd = nd_data(d);
  nd_rng *rng = nd_rng_new(7); /* values uniform in [0.5, 1.5) */
  assert_int_equal(nd_random_random_out(rng, f), ND_OK);
  assert_int_equal(nd_random_random_out(rng, d), ND_OK);
  nd_rng_free(rng);
  long double ref = 0, ref_even = 0;
  for (int64_t i = 0; i < n; i++) {
    pf[i] = (float)((double)pf[i] + 0.5);
    pd[i] += 0.5;
    ref += pf[i];
    if (i % 2 == 0) ref_even += pf[i];
  }
  nd_array *sf = nd_sum(f, -1, NULL, false);
  double got = *(float *)nd_data(sf);
  assert_true(fabs(got - (double)ref) / (double)ref < 4e-7);
  /* a running float32 sum is far off: the test can tell the two apart */
  float naive = 0;
  for (int64_t i = 0; i < n; i++) naive += pf[i];
  print_message("float32 1e7 sum: pairwise rel. error %.2e, running sum %.2e\n",
                fabs(got - (double)ref) / (double)ref, fabs(naive - (double)ref) / (double)ref);
  assert_true(fabs(naive - (double)ref) / (double)ref > 1e-5);

  nd_array *even = nd_index(f, "::2");
  nd_array *se = nd_sum(even, -1, NULL, false);
  assert_true(fabs(*(float *)nd_data(se) - (double)ref_even) / (double)ref_even < 4e-7);

  nd_array *m = nd_reshape(f, ND_SHAPE(n / 8, 8), ND_C);
  int ax0 = 0;
  nd_array *cols = nd_sum(m, 1, &ax0, false);
  for (int k = 0; k < 8; k++) {
    long double rc = 0;
    for (int64_t i = k; i < n; i += 8) rc += pf[i];
    double g = ((float *)nd_data(cols))[k];
    assert_true(fabs(g - (double)rc) / (double)rc < 4e-7);
  }

  long double refd = 0;
  for (int64_t i = 0; i < n; i++) refd += pd[i];
  nd_array *sd = nd_sum(d, -1, NULL, false);
  assert_true(fabsl(*(double *)nd_data(sd) - refd) / refd < 1e-15);
  nd_release(sf), nd_release(se), nd_release(even), nd_release(cols), nd_release(m);
  nd_release(sd), nd_release(f), nd_release(d);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_layout_dtype_axes),
      cmocka_unit_test(test_zero_d_and_empty),
      cmocka_unit_test(test_accumulator_dtypes),
      cmocka_unit_test(test_nan),
      cmocka_unit_test(test_signed_zero_ties),
      cmocka_unit_test(test_result_layout),
      cmocka_unit_test(test_prod_order),
      cmocka_unit_test(test_zero_d_axis),
      cmocka_unit_test(test_errors),
      cmocka_unit_test(test_threads_bitwise),
      cmocka_unit_test(test_sum_accuracy_1e7),
  };
  return TH_RUN(tests);
}
