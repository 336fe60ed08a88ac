/* vector_norm and matrix_norm: every ord, axes and keepdims, every dtype and layout
 * against plain loops, NumPy's values, NumPy's rules for empty inputs, errors. */
#include "la_check.h"

/* Reference vector norm of n values (magnitudes m[], squares q[]). */
static double ref_vnorm(const double *m, const double *q, int64_t n, double ord) {
  double r = 0;
  if (isinf(ord)) {
    r = n ? m[0] : 0;
    for (int64_t i = 1; i < n; i++) r = ord > 0 ? fmax(r, m[i]) : fmin(r, m[i]);
    return r;
  }
  for (int64_t i = 0; i < n; i++) {
    if (ord == 0) r += m[i] != 0;
    else if (ord == 2) r += q[i];
    else r += pow(m[i], ord);
  }
  if (ord == 0) return r;
  return ord == 2 ? sqrt(r) : pow(r, 1 / ord);
}

static nd_dtype norm_dtype(nd_dtype t) {
  if (t == ND_FLOAT32 || t == ND_COMPLEX64) return ND_FLOAT32;
  if (t == ND_FLOAT16 || t == ND_BFLOAT16) return t; /* computed in double, rounded once */
  return ND_FLOAT64;
}

/* relative tolerance for a norm of dtype t */
static double norm_tol(nd_dtype t, double f32) {
  return t == ND_FLOAT16 ? 1e-3 : t == ND_BFLOAT16 ? 8e-3 : t == ND_FLOAT32 ? f32 : f32 * 1e-7;
}

static void test_vector_norm(void **state) {
  (void)state;
  const double ords[] = {2, 1, 0, INFINITY, -INFINITY, 3, 0.5, -1.5};
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *x = th_make(t, ND_SHAPE(3, 4, 5), (th_layout)L, (unsigned)(d + 1));
      for (size_t o = 0; o < sizeof ords / sizeof ords[0]; o++) {
        double ord = ords[o];
        /* over axes (0, 2), keepdims */
        nd_array *r = nd_linalg_vector_norm(x, 2, (int[]){0, -1}, true, ord);
        assert_non_null(r);
        th_assert_shape(r, 3, (int64_t[]){1, 4, 1});
        assert_int_equal(nd_dtype_of(r), norm_dtype(t));
        for (int64_t j = 0; j < 4; j++) {
          double m[15], q[15];
          int n = 0;
          for (int64_t i = 0; i < 3; i++)
            for (int64_t k = 0; k < 5; k++, n++) {
              double re, im;
              th_get(x, (int64_t[]){i, j, k}, &re, &im);
              m[n] = hypot(re, im);
              q[n] = re * re + im * im;
            }
          double want = ref_vnorm(m, q, n, ord), got;
          th_get(r, (int64_t[]){0, j, 0}, &got, NULL);
          double tol = norm_tol(norm_dtype(t), 1e-6);
          if (!(fabs(got - want) <= tol * (1 + fabs(want))) && !(isinf(want) && got == want))
            fail_msg("%s %s ord %g: got %.17g want %.17g", nd_dtype_name(t), th_layout_names[L], ord, got, want);
        }
        /* all axes: 0-d result */
        th_assert_shape(nd_linalg_vector_norm(x, -1, NULL, false, ord), 0, NULL);
      }
      nd_scope_end();
    }
  }
  nd_scope_begin();
  /* NumPy: vector_norm([3, -4, 0, 1.5]) for ord 2, 1, 0, inf, -inf, 3, -1, 0.5 */
  nd_array *v = nd_from_data(ND_FLOAT64, ND_SHAPE(4), (double[]){3, -4, 0, 1.5}, ND_C);
  const double ov[8] = {2, 1, 0, INFINITY, -INFINITY, 3, -1, 0.5};
  const double want[8] = {5.220153254455275, 8.5, 3.0, 4.0, 0.0, 4.552874245617287, 0.0, 24.56982340296115};
  for (int i = 0; i < 8; i++) {
    double got;
    nd_item_double(nd_linalg_vector_norm(v, -1, NULL, false, ov[i]), &got);
    assert_true(fabs(got - want[i]) <= 1e-15 * (1 + want[i]));
  }
  /* NumPy: vector_norm(arange(5, dtype=int8)) = 5.477225575051661 (float64) */
  double got;
  nd_array *r = nd_linalg_vector_norm(th_arange(ND_INT8, ND_SHAPE(5)), -1, NULL, false, 2);
  assert_int_equal(nd_dtype_of(r), ND_FLOAT64);
  nd_item_double(r, &got);
  assert_true(got == 5.477225575051661);
  /* a 0-d input is one vector */
  nd_item_double(nd_linalg_vector_norm(nd_full(ND_FLOAT64, 0, NULL, -3, ND_C), -1, NULL, false, 2), &got);
  assert_true(got == 3);
  /* empty: NumPy gives 0 for sums and maxima, inf for ord -1, and refuses -inf */
  nd_array *e = nd_zeros(ND_FLOAT64, ND_SHAPE(2, 0), ND_C);
  th_assert_same_values(nd_linalg_vector_norm(e, 1, (int[]){1}, false, 2), nd_zeros(ND_FLOAT64, ND_SHAPE(2), ND_C));
  th_assert_same_values(nd_linalg_vector_norm(e, 1, (int[]){1}, false, INFINITY), nd_zeros(ND_FLOAT64, ND_SHAPE(2), ND_C));
  nd_item_double(nd_linalg_vector_norm(e, -1, NULL, false, -1), &got);
  assert_true(isinf(got));
  TH_EXPECT_ERROR(nd_linalg_vector_norm(e, 1, (int[]){1}, false, -INFINITY), ND_ERR_VALUE, "vector_norm: ord=-inf over an empty set");
  TH_EXPECT_ERROR(nd_linalg_vector_norm(e, 1, (int[]){2}, false, 2), ND_ERR_INDEX, "vector_norm");
  TH_EXPECT_ERROR(nd_linalg_vector_norm(e, 2, (int[]){1, -1}, false, 2), ND_ERR_INDEX, "repeated axis");
  /* ord NaN: NumPy's formula gives NaN, also for an empty vector */
  nd_item_double(nd_linalg_vector_norm(e, -1, NULL, false, NAN), &got);
  assert_true(isnan(got));
  nd_item_double(nd_linalg_vector_norm(nd_ones(ND_FLOAT64, ND_SHAPE(2), ND_C), -1, NULL, false, NAN), &got);
  assert_true(isnan(got));
  /* a minimum over an empty axis is refused even when the result is empty too */
  TH_EXPECT_ERROR(nd_linalg_vector_norm(nd_zeros(ND_FLOAT64, ND_SHAPE(0, 0), ND_C), 1, (int[]){-1}, false, -INFINITY),
                  ND_ERR_VALUE, "vector_norm: ord=-inf over an empty set");
  TH_EXPECT_ERROR(nd_linalg_vector_norm(NULL, -1, NULL, false, 2), ND_ERR_NULL, "vector_norm");
  /* only -1 means all axes, as in the reductions (nd_sum) */
  nd_array *x = nd_ones(ND_FLOAT64, ND_SHAPE(2, 3), ND_C);
  TH_EXPECT_ERROR(nd_linalg_vector_norm(x, -2, NULL, false, 2), ND_ERR_VALUE, "vector_norm: invalid axis count -2 (-1 means all axes)");
  TH_EXPECT_ERROR(nd_linalg_vector_norm(x, INT32_MIN, NULL, false, 2), ND_ERR_VALUE, "invalid axis count");
  TH_EXPECT_ERROR(nd_sum(x, -2, NULL, false), ND_ERR_VALUE, "sum: invalid axis count -2 (-1 means all axes)");
  nd_item_double(nd_linalg_vector_norm(x, -1, NULL, false, 2), &got);
  assert_true(fabs(got - sqrt(6.0)) < 1e-15);
  nd_scope_end();
}

static void test_matrix_norm(void **state) {
  (void)state;
  const nd_norm_ord ords[] = {ND_NORM_FRO, ND_NORM_NUC, ND_NORM_INF, ND_NORM_NEG_INF,
                              ND_NORM_1,   ND_NORM_NEG_1, ND_NORM_2, ND_NORM_NEG_2};
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *x = th_make(t, ND_SHAPE(2, 3, 4), (th_layout)L, (unsigned)(d + 2));
      nd_array *s = nd_linalg_svdvals(x);
      for (int o = 0; o < 8; o++) {
        nd_array *r = nd_linalg_matrix_norm(x, o % 2 == 0, ords[o]);
        assert_non_null(r);
        assert_int_equal(nd_dtype_of(r), norm_dtype(t));
        for (int64_t b = 0; b < 2; b++) {
          double a[3][4], want = 0;
          for (int64_t i = 0; i < 3; i++)
            for (int64_t j = 0; j < 4; j++) {
              double re, im;
              th_get(x, (int64_t[]){b, i, j}, &re, &im);
              a[i][j] = hypot(re, im);
            }
          double s0, s2;
          th_get(s, (int64_t[]){b, 0}, &s0, NULL);
          th_get(s, (int64_t[]){b, 2}, &s2, NULL);
          switch (ords[o]) {
            case ND_NORM_FRO:
              for (int i = 0; i < 3; i++)
                for (int j = 0; j < 4; j++) want += a[i][j] * a[i][j];
              want = sqrt(want);
              break;
            case ND_NORM_NUC:
              for (int64_t k = 0; k < 3; k++) {
                double v;
                th_get(s, (int64_t[]){b, k}, &v, NULL);
                want += v;
              }
              break;
            case ND_NORM_2: want = s0; break;
            case ND_NORM_NEG_2: want = s2; break;
            default: {
              bool rows = ords[o] == ND_NORM_INF || ords[o] == ND_NORM_NEG_INF;
              bool mx = ords[o] == ND_NORM_INF || ords[o] == ND_NORM_1;
              int outer = rows ? 3 : 4, inner = rows ? 4 : 3;
              for (int p = 0; p < outer; p++) {
                double sum = 0;
                for (int q = 0; q < inner; q++) sum += rows ? a[p][q] : a[q][p];
                if (p == 0 || (mx ? sum > want : sum < want)) want = sum;
              }
            }
          }
          double got;
          if (o % 2 == 0) th_get(r, (int64_t[]){b, 0, 0}, &got, NULL);
          else th_get(r, &b, &got, NULL);
          double tol = norm_tol(norm_dtype(t), 1e-5);
          if (!(fabs(got - want) <= tol * (1 + want)))
            fail_msg("%s %s ord %d: got %.17g want %.17g", nd_dtype_name(t), th_layout_names[L], (int)ords[o], got, want);
        }
      }
      nd_scope_end();
    }
  }
  nd_scope_begin();
  /* NumPy: matrix_norm(arange(12.).reshape(3, 4)) for fro, nuc, inf, -inf, 1, -1, 2 */
  nd_array *m = th_arange(ND_FLOAT64, ND_SHAPE(3, 4));
  const double want[7] = {22.494443758403985, 24.36463849928471, 38, 6, 21, 12, 22.409298163270435};
  for (int o = 0; o < 7; o++) {
    double got;
    nd_item_double(nd_linalg_matrix_norm(m, false, ords[o]), &got);
    assert_true(fabs(got - want[o]) <= 1e-14 * want[o]);
  }
  /* empty: maxima and sums are 0, minima errors (NumPy) */
  nd_array *e = nd_zeros(ND_FLOAT64, ND_SHAPE(2, 0, 3), ND_C);
  th_assert_same_values(nd_linalg_matrix_norm(e, true, ND_NORM_2), nd_zeros(ND_FLOAT64, ND_SHAPE(2, 1, 1), ND_C));
  th_assert_same_values(nd_linalg_matrix_norm(e, false, ND_NORM_1), nd_zeros(ND_FLOAT64, ND_SHAPE(2), ND_C));
  th_assert_same_values(nd_linalg_matrix_norm(e, false, ND_NORM_INF), nd_zeros(ND_FLOAT64, ND_SHAPE(2), ND_C));
  TH_EXPECT_ERROR(nd_linalg_matrix_norm(e, false, ND_NORM_NEG_2), ND_ERR_VALUE, "matrix_norm: ord=-2 over an empty set");
  nd_array *e00 = nd_zeros(ND_FLOAT64, ND_SHAPE(0, 0), ND_C);
  TH_EXPECT_ERROR(nd_linalg_matrix_norm(e00, false, ND_NORM_NEG_1), ND_ERR_VALUE, "matrix_norm: ord=-1 over an empty set");
  TH_EXPECT_ERROR(nd_linalg_matrix_norm(e00, false, ND_NORM_NEG_INF), ND_ERR_VALUE, "matrix_norm: ord=-inf over an empty set");
  /* NumPy: matrix_norm(zeros((0, 3)), ord=-1) = 0 (three empty columns sum to 0) */
  double got;
  nd_item_double(nd_linalg_matrix_norm(nd_zeros(ND_FLOAT64, ND_SHAPE(0, 3), ND_C), false, ND_NORM_NEG_1), &got);
  assert_true(got == 0);
  TH_EXPECT_ERROR(nd_linalg_matrix_norm(m, false, (nd_norm_ord)42), ND_ERR_VALUE, "matrix_norm: invalid ord 42");
  TH_EXPECT_ERROR(nd_linalg_matrix_norm(nd_ones(ND_FLOAT64, ND_SHAPE(3), ND_C), false, ND_NORM_FRO), ND_ERR_SHAPE,
                  "matrix_norm: needs a matrix");
  nd_scope_end();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_vector_norm),
      cmocka_unit_test(test_matrix_norm),
  };
  return TH_RUN(tests);
}
