/* solve, inv, det, slogdet, lstsq, pinv, matrix_rank, matrix_power: residuals and
 * identities on every layout and dtype, NumPy's values and batch rules, singular
 * matrices named by their batch position, size-0 inputs. */
#include "core/alloc.h"
#include "la_check.h"

static const int64_t ashape[3] = {3, 4, 4};

/* A well-conditioned [3, 4, 4] matrix: th_make values plus 200 on the diagonal (fits
 * every dtype but int8/uint8, which get the identity plus small values). */
static bool small_int(nd_dtype t) { return nd_dtype_size(t) == 1; }
static nd_array *good(nd_dtype t, unsigned seed) {
  nd_array *a = th_make(t, 3, ashape, TH_C, seed);
  int64_t idx[3] = {0};
  do {
    double re, im;
    th_get(a, idx, &re, &im);
    if (t == ND_BOOL) re = idx[1] == idx[2];
    else if (small_int(t)) re = (idx[1] == idx[2]) ? 3 : (re != 0);
    else if (idx[1] == idx[2]) re += 200;
    th_set(a, idx, re, im);
  } while (th_next(3, ashape, idx));
  return a;
}

static nd_dtype result_of(nd_dtype t) { return la_result_dtype(t); }

static void test_solve_inv(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    nd_array *src = good(t, (unsigned)d);
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *a = la_relayout(src, (th_layout)L);
      nd_array *b = th_make(t, ND_SHAPE(3, 4, 2), (th_layout)((L + 2) % TH_NUM_LAYOUTS), 5);
      nd_array *x = nd_linalg_solve(a, b);
      if (!x) fail_msg("%s: %s", nd_dtype_name(t), nd_last_error());
      assert_int_equal(nd_dtype_of(x), result_of(t));
      double tol = la_tol(result_of(t)) * 10;
      la_close(nd_matmul(la_z(a), la_z(x)), b, tol, "solve: a x = b");
      /* 1-D b: one vector for every matrix of the batch (NumPy 2) */
      nd_array *v = th_make(t, ND_SHAPE(4), TH_NEGATIVE, 6);
      nd_array *xv = nd_linalg_solve(a, v);
      th_assert_shape(xv, 2, (int64_t[]){3, 4});
      la_close(nd_matmul(la_z(a), nd_expand_dims(la_z(xv), -1)), nd_broadcast_to(nd_expand_dims(v, -1), ND_SHAPE(3, 4, 1)), tol, "solve 1-D");
      /* broadcast batch: a [3,4,4] with b [2,1,4,1] gives x [2,3,4,1] */
      nd_array *b2 = th_make(t, ND_SHAPE(2, 1, 4, 1), TH_C, 7);
      nd_array *x2 = nd_linalg_solve(a, b2);
      th_assert_shape(x2, 4, (int64_t[]){2, 3, 4, 1});
      la_close(nd_matmul(la_z(a), la_z(x2)), nd_broadcast_to(b2, ND_SHAPE(2, 3, 4, 1)), tol, "solve broadcast");
      nd_array *ai = nd_linalg_inv(a);
      la_close(nd_matmul(la_z(ai), la_z(a)), la_eye_like(a), tol, "inv(a) a = I");
      nd_scope_end();
    }
    nd_release(src);
  }
  nd_scope_begin();
  /* NumPy: inv([[1,2,3],[4,5,6],[7,8,10]]) */
  double B[9] = {1, 2, 3, 4, 5, 6, 7, 8, 10};
  const double Binv[9] = {-2.0 / 3, -4.0 / 3, 1, -2.0 / 3, 11.0 / 3, -2, 1, -2, 1};
  la_close(nd_linalg_inv(nd_from_data(ND_INT32, ND_SHAPE(3, 3), (int32_t[]){1, 2, 3, 4, 5, 6, 7, 8, 10}, ND_C)),
           nd_from_data(ND_FLOAT64, ND_SHAPE(3, 3), Binv, ND_C), 1e-14, "inv");
  (void)B;
  /* singular matrices: an error naming the batch element, never NaNs */
  nd_array *stack = nd_copy(nd_broadcast_to(nd_eye(ND_FLOAT64, 3, -1, 0), ND_SHAPE(5, 3, 3)), ND_C);
  nd_assign(nd_index(stack, "3"), nd_ones(ND_FLOAT64, ND_SHAPE(3, 3), ND_C));
  TH_EXPECT_ERROR(nd_linalg_solve(stack, nd_ones(ND_FLOAT64, ND_SHAPE(3), ND_C)), ND_ERR_LINALG,
                  "solve: matrix 3 of the batch is singular");
  TH_EXPECT_ERROR(nd_linalg_inv(stack), ND_ERR_LINALG, "inv: matrix 3 of the batch is singular");
  nd_array *s4 = nd_reshape(stack, ND_SHAPE(5, 1, 3, 3), ND_C);
  TH_EXPECT_ERROR(nd_linalg_inv(nd_broadcast_to(s4, ND_SHAPE(5, 2, 3, 3))), ND_ERR_LINALG, "inv: matrix [3,0] of the batch is singular");
  TH_EXPECT_ERROR(nd_linalg_inv(nd_zeros(ND_FLOAT64, ND_SHAPE(2, 2), ND_C)), ND_ERR_LINALG, "inv: the matrix is singular");
  TH_EXPECT_ERROR(nd_linalg_solve(nd_eye(ND_FLOAT64, 3, -1, 0), nd_ones(ND_FLOAT64, ND_SHAPE(4), ND_C)), ND_ERR_SHAPE,
                  "solve: a [3,3] and b [4] do not match");
  TH_EXPECT_ERROR(nd_linalg_solve(nd_eye(ND_FLOAT64, 3, -1, 0), nd_ones(ND_FLOAT64, ND_SHAPE(2, 3), ND_C)), ND_ERR_SHAPE,
                  "do not match (a has 3 rows, b 2)");
  TH_EXPECT_ERROR(nd_linalg_solve(nd_ones(ND_FLOAT64, ND_SHAPE(2, 3, 3), ND_C), nd_ones(ND_FLOAT64, ND_SHAPE(4, 3, 1), ND_C)),
                  ND_ERR_SHAPE, "solve: shapes [2] and [4] cannot be broadcast");
  TH_EXPECT_ERROR(nd_linalg_inv(nd_ones(ND_FLOAT64, ND_SHAPE(2, 3), ND_C)), ND_ERR_SHAPE, "inv: needs square matrices");
  TH_EXPECT_ERROR(nd_linalg_solve(NULL, stack), ND_ERR_NULL, "solve: argument a is NULL");
  TH_EXPECT_ERROR(nd_linalg_solve(stack, NULL), ND_ERR_NULL, "solve: argument b is NULL");
  TH_EXPECT_ERROR(nd_linalg_solve(nd_eye(ND_FLOAT64, 3, -1, 0), nd_zeros(ND_FLOAT64, 0, NULL, ND_C)),
                  ND_ERR_SHAPE, "solve: b must have at least 1 dimension (a is [3,3], b is 0-d)");
  th_assert_shape(nd_linalg_inv(nd_ones(ND_FLOAT64, ND_SHAPE(0, 0), ND_C)), 2, (int64_t[]){0, 0});
  th_assert_shape(nd_linalg_inv(nd_ones(ND_FLOAT64, ND_SHAPE(0, 2, 2), ND_C)), 3, (int64_t[]){0, 2, 2});
  th_assert_shape(nd_linalg_solve(nd_ones(ND_FLOAT64, ND_SHAPE(2, 2), ND_C), nd_ones(ND_FLOAT64, ND_SHAPE(2, 0), ND_C)), 2,
                  (int64_t[]){2, 0});
  nd_scope_end();
}

/* Reference determinant by Gaussian elimination in complex double. */
static double _Complex ref_det(const nd_array *a, int64_t b) {
  double _Complex m[16];
  int n = 4;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double re, im;
      th_get(a, (int64_t[]){b, i, j}, &re, &im);
      m[i * n + j] = re + im * I;
    }
  double _Complex det = 1;
  for (int c = 0; c < n; c++) {
    int p = c;
    for (int r = c + 1; r < n; r++)
      if (cabs(m[r * n + c]) > cabs(m[p * n + c])) p = r;
    if (p != c) {
      for (int j = 0; j < n; j++) {
        double _Complex t = m[c * n + j];
        m[c * n + j] = m[p * n + j];
        m[p * n + j] = t;
      }
      det = -det;
    }
    det *= m[c * n + c];
    for (int r = c + 1; r < n; r++) {
      double _Complex f = m[r * n + c] / m[c * n + c];
      for (int j = c; j < n; j++) m[r * n + j] -= f * m[c * n + j];
    }
  }
  return det;
}

static void test_det(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    nd_array *src = good(t, (unsigned)(d + 1));
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *a = la_relayout(src, (th_layout)L);
      nd_array *det = nd_linalg_det(a), *sign, *logd;
      assert_int_equal(nd_linalg_slogdet(a, &sign, &logd), ND_OK);
      assert_int_equal(nd_dtype_of(det), result_of(t));
      assert_int_equal(nd_dtype_of(logd), nd_dtype_kind(la_result_dtype(t)) == 'c' ? (t == ND_COMPLEX64 ? ND_FLOAT32 : ND_FLOAT64) : la_result_dtype(t));
      for (int64_t b = 0; b < 3; b++) {
        double _Complex want = ref_det(a, b);
        double gr, gi, sr, si, l;
        th_get(det, &b, &gr, &gi);
        th_get(sign, &b, &sr, &si);
        th_get(logd, &b, &l, NULL);
        double tol = la_tol(result_of(t)) * 10 * cabs(want);
        if (!(cabs(gr + gi * I - want) <= tol))
          fail_msg("%s %s: det %g%+gi, want %g%+gi", nd_dtype_name(t), th_layout_names[L], gr, gi, creal(want), cimag(want));
        assert_true(cabs((sr + si * I) * exp(l) - want) <= tol);
        assert_true(fabs(hypot(sr, si) - 1) < 1e-6);
      }
      nd_release(sign);
      nd_release(logd);
      nd_scope_end();
    }
    nd_release(src);
  }
  nd_scope_begin();
  /* NumPy: det of [[4,1,2],[1,3,0],[2,0,5]] = 43.000000000000014 (sign * exp(logdet)),
   * slogdet = (1, 3.761200115693563); a singular matrix: det 0, slogdet (0, -inf) */
  double A[9] = {4, 1, 2, 1, 3, 0, 2, 0, 5}, v;
  nd_array *a = nd_from_data(ND_FLOAT64, ND_SHAPE(3, 3), A, ND_C);
  nd_item_double(nd_linalg_det(a), &v);
  assert_true(fabs(v - 43.000000000000014) <= 2e-14 * 43);
  nd_array *sign, *logd;
  nd_linalg_slogdet(a, &sign, &logd);
  nd_item_double(logd, &v);
  assert_true(fabs(v - 3.761200115693563) < 1e-15 * 4);
  nd_release(sign);
  nd_release(logd);
  nd_linalg_slogdet(nd_zeros(ND_FLOAT64, ND_SHAPE(2, 2), ND_C), &sign, &logd);
  nd_item_double(sign, &v);
  assert_true(v == 0);
  nd_item_double(logd, &v);
  assert_true(isinf(v) && v < 0);
  nd_release(sign);
  nd_release(logd);
  nd_item_double(nd_linalg_det(nd_zeros(ND_FLOAT64, ND_SHAPE(3, 3), ND_C)), &v);
  assert_true(v == 0);
  nd_item_double(nd_linalg_det(nd_zeros(ND_FLOAT64, ND_SHAPE(0, 0), ND_C)), &v);
  assert_true(v == 1);
  TH_EXPECT_ERROR(nd_linalg_det(nd_ones(ND_FLOAT64, ND_SHAPE(2, 3), ND_C)), ND_ERR_SHAPE, "det: needs square matrices");
  TH_EXPECT_ERROR(nd_linalg_slogdet(a, NULL, &logd), ND_ERR_NULL, "slogdet");
  nd_scope_end();
}

static void test_lstsq(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    nd_array *src = th_make(t, ND_SHAPE(2, 6, 3), TH_C, (unsigned)d);
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *a = la_relayout(src, (th_layout)L);
      nd_array *b = th_make(t, ND_SHAPE(2, 6, 2), TH_F, 3);
      nd_array *x, *res, *rank, *s;
      assert_int_equal(nd_linalg_lstsq(a, b, -1, &x, &res, &rank, &s), ND_OK);
      double tol = la_tol(result_of(t)) * 100;
      /* normal equations a^H (a x - b) = 0 */
      nd_array *r = nd_matmul(la_z(a), la_z(x));
      nd_array *ahb = nd_matmul(la_h(a), la_z(b)), *ahax = nd_matmul(la_h(a), r);
      la_close(ahax, ahb, tol, "lstsq normal equations");
      th_assert_shape(rank, 1, (int64_t[]){2});
      int64_t rk;
      nd_get_int64(rank, (int64_t[]){0}, &rk);
      if (rk == 3) { /* full rank: residuals are |a x - b|^2 per column */
        th_assert_shape(res, 2, (int64_t[]){2, 2});
        for (int64_t bb = 0; bb < 2; bb++)
          for (int64_t k = 0; k < 2; k++) {
            double want = 0;
            for (int64_t i = 0; i < 6; i++) {
              double rr, ri, br, bi;
              th_get(r, (int64_t[]){bb, i, k}, &rr, &ri);
              th_get(b, (int64_t[]){bb, i, k}, &br, &bi);
              want += (rr - br) * (rr - br) + (ri - bi) * (ri - bi);
            }
            double got;
            th_get(res, (int64_t[]){bb, k}, &got, NULL);
            assert_true(fabs(got - want) <= tol * (1 + want));
          }
      }
      la_close(s, nd_linalg_svdvals(a), tol, "lstsq singular values");
      nd_release(x);
      nd_release(res);
      nd_release(rank);
      nd_release(s);
      nd_scope_end();
    }
    nd_release(src);
  }
  nd_scope_begin();
  /* NumPy: lstsq([[1,0],[0,1],[1,1]], [1,2,4]) = x [4/3, 7/3], residuals [1/3], rank 2,
   * s [sqrt 3, 1]; a rank-deficient a gives empty residuals */
  nd_array *a = nd_from_data(ND_FLOAT64, ND_SHAPE(3, 2), (double[]){1, 0, 0, 1, 1, 1}, ND_C);
  nd_array *x, *res, *rank, *s;
  assert_int_equal(nd_linalg_lstsq(a, nd_from_data(ND_FLOAT64, ND_SHAPE(3), (double[]){1, 2, 4}, ND_C), -1, &x, &res, &rank, &s), ND_OK);
  la_close(x, nd_from_data(ND_FLOAT64, ND_SHAPE(2), (double[]){4.0 / 3, 7.0 / 3}, ND_C), 1e-14, "x");
  la_close(res, nd_from_data(ND_FLOAT64, ND_SHAPE(1), (double[]){1.0 / 3}, ND_C), 1e-14, "residuals");
  th_assert_shape(rank, 0, NULL);
  la_close(s, nd_from_data(ND_FLOAT64, ND_SHAPE(2), (double[]){sqrt(3.0), 1}, ND_C), 1e-14, "s");
  nd_release(x);
  nd_release(res);
  nd_release(rank);
  nd_release(s);
  assert_int_equal(nd_linalg_lstsq(nd_ones(ND_FLOAT64, ND_SHAPE(3, 2), ND_C), nd_ones(ND_FLOAT64, ND_SHAPE(3), ND_C), -1, &x, &res, &rank, &s), ND_OK);
  th_assert_shape(res, 1, (int64_t[]){0});
  int64_t rk;
  nd_get_int64(rank, NULL, &rk);
  assert_int_equal(rk, 1);
  nd_release(x);
  nd_release(res);
  nd_release(rank);
  nd_release(s);
  /* NumPy: no right-hand sides still give the rank and singular values of a:
   * lstsq([[1,2],[3,4],[5,7]], zeros((3, 0))) = x (2, 0), rank 2, s [10.19..., 0.367...] */
  nd_array *a3 = nd_from_data(ND_FLOAT64, ND_SHAPE(3, 2), (double[]){1, 2, 3, 4, 5, 7}, ND_C);
  assert_int_equal(nd_linalg_lstsq(a3, nd_zeros(ND_FLOAT64, ND_SHAPE(3, 0), ND_C), -1, &x, &res, &rank, &s), ND_OK);
  th_assert_shape(x, 2, (int64_t[]){2, 0});
  nd_get_int64(rank, NULL, &rk);
  assert_int_equal(rk, 2);
  la_close(s, nd_linalg_svdvals(a3), 1e-14, "s without right-hand sides");
  nd_release(x);
  nd_release(res);
  nd_release(rank);
  nd_release(s);
  /* NaN or infinity anywhere: NumPy's "SVD did not converge in Linear Least Squares" */
  nd_array *nanb = nd_from_data(ND_FLOAT64, ND_SHAPE(3), (double[]){1, NAN, 0}, ND_C);
  TH_EXPECT_ERROR(nd_linalg_lstsq(a3, nanb, -1, &x, &res, &rank, &s), ND_ERR_LINALG,
                     "lstsq: the matrix contains infinities or NaNs");
  /* NumPy: lstsq(ones((3, 0)), ones(3)) = x [], residuals [3], rank 0 */
  assert_int_equal(nd_linalg_lstsq(nd_ones(ND_FLOAT64, ND_SHAPE(3, 0), ND_C), nd_ones(ND_FLOAT64, ND_SHAPE(3), ND_C), -1, &x, &res, &rank, &s), ND_OK);
  th_assert_shape(x, 1, (int64_t[]){0});
  la_close(res, nd_from_data(ND_FLOAT64, ND_SHAPE(1), (double[]){3}, ND_C), 0, "empty residuals");
  nd_release(x);
  nd_release(res);
  nd_release(rank);
  nd_release(s);
  TH_EXPECT_ERROR(nd_linalg_lstsq(a, nd_ones(ND_FLOAT64, ND_SHAPE(4), ND_C), -1, &x, &res, &rank, &s), ND_ERR_SHAPE,
                  "lstsq: a [3,2] and b [4] do not match");
  TH_EXPECT_ERROR(nd_linalg_lstsq(a, a, -1, &x, NULL, &rank, &s), ND_ERR_NULL, "lstsq");
  nd_scope_end();
}

static void test_pinv_rank(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    nd_array *src = th_make(t, ND_SHAPE(3, 5, 4), TH_C, (unsigned)d);
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *a = la_relayout(src, (th_layout)L);
      nd_array *p = nd_linalg_pinv(a, -1);
      assert_non_null(p);
      th_assert_shape(p, 3, (int64_t[]){3, 4, 5});
      assert_int_equal(nd_dtype_of(p), result_of(t));
      double tol = la_tol(result_of(t)) * 100;
      la_close(nd_matmul(nd_matmul(la_z(a), la_z(p)), la_z(a)), a, tol, "a pinv(a) a = a");
      nd_array *rk = nd_linalg_matrix_rank(a, -1);
      th_assert_shape(rk, 1, (int64_t[]){3});
      nd_scope_end();
    }
    nd_release(src);
  }
  nd_scope_begin();
  /* NumPy: pinv(arange(12).reshape(3, 4)) */
  const double want[12] = {-0.3375, -0.1, 0.1375, -0.13333333333333333, -0.03333333333333333, 0.06666666666666667,
                           0.07083333333333333, 0.03333333333333333, -0.004166666666666667, 0.275, 0.1, -0.075};
  la_close(nd_linalg_pinv(th_arange(ND_FLOAT64, ND_SHAPE(3, 4)), -1), nd_from_data(ND_FLOAT64, ND_SHAPE(4, 3), want, ND_C),
           1e-13, "pinv");
  /* ranks: outer products have rank 1, sums of k of them rank k */
  nd_array *u = th_make(ND_FLOAT64, ND_SHAPE(6, 2), TH_C, 3), *v = th_make(ND_FLOAT64, ND_SHAPE(2, 5), TH_C, 4);
  int64_t r;
  nd_get_int64(nd_linalg_matrix_rank(nd_matmul(u, v), -1), NULL, &r);
  assert_int_equal(r, 2);
  nd_get_int64(nd_linalg_matrix_rank(nd_ones(ND_FLOAT32, ND_SHAPE(4, 4), ND_C), -1), NULL, &r);
  assert_int_equal(r, 1);
  nd_get_int64(nd_linalg_matrix_rank(nd_eye(ND_FLOAT64, 4, -1, 0), 0.5), NULL, &r);
  assert_int_equal(r, 4);
  nd_get_int64(nd_linalg_matrix_rank(nd_zeros(ND_FLOAT64, ND_SHAPE(3), ND_C), -1), NULL, &r);
  assert_int_equal(r, 0);
  nd_get_int64(nd_linalg_matrix_rank(nd_ones(ND_INT8, ND_SHAPE(3), ND_C), -1), NULL, &r);
  assert_int_equal(r, 1);
  th_assert_shape(nd_linalg_pinv(nd_ones(ND_FLOAT64, ND_SHAPE(2, 0, 3), ND_C), -1), 3, (int64_t[]){2, 3, 0});
  TH_EXPECT_ERROR(nd_linalg_pinv(nd_ones(ND_FLOAT64, ND_SHAPE(3), ND_C), -1), ND_ERR_SHAPE, "pinv: needs a matrix");
  nd_scope_end();
}

/* Per-matrix tolerances: each matrix of the batch uses its own rtol, as a loop of
 * single-tolerance calls would; the rtol array broadcasts to the batch shape. */
static void test_pinv_rank_rtol_array(void **state) {
  (void)state;
  nd_scope_begin();
  /* diag(1, 0.1, 0.01) in a batch of 3: rtols 0.5, 0.05, 0.005 keep 1, 2, 3 values */
  nd_array *a = nd_zeros(ND_FLOAT64, ND_SHAPE(3, 3, 3), ND_C);
  for (int b = 0; b < 3; b++)
    for (int i = 0; i < 3; i++) nd_set_double(a, (int64_t[]){b, i, i}, pow(0.1, i));
  nd_array *rt = nd_from_data(ND_FLOAT32, ND_SHAPE(3), (float[]){0.5f, 0.05f, 0.005f}, ND_C);
  nd_array *rk = nd_linalg_matrix_rank_rtol(a, rt);
  assert_non_null(rk);
  for (int b = 0; b < 3; b++) {
    int64_t r, r1;
    nd_get_int64(rk, (int64_t[]){b}, &r);
    assert_int_equal(r, b + 1);
    double t;
    nd_get_double(rt, (int64_t[]){b}, &t);
    nd_array *one = nd_index(a, b == 0 ? "0" : b == 1 ? "1" : "2");
    nd_get_int64(nd_linalg_matrix_rank(one, (double)(float)t), NULL, &r1);
    assert_int_equal(r, r1);
    la_close(nd_index(nd_linalg_pinv_rtol(a, rt), b == 0 ? "0" : b == 1 ? "1" : "2"),
             nd_linalg_pinv(one, (double)(float)t), 1e-15, "pinv with rtol array");
  }
  /* a 0-d rtol broadcasts; a negative entry is the default */
  nd_array *r0 = nd_linalg_matrix_rank_rtol(a, nd_full(ND_FLOAT64, 0, NULL, -1, ND_C));
  int64_t r;
  nd_get_int64(r0, (int64_t[]){2}, &r);
  assert_int_equal(r, 3);
  TH_EXPECT_ERROR(nd_linalg_pinv_rtol(a, nd_ones(ND_FLOAT64, ND_SHAPE(2), ND_C)), ND_ERR_SHAPE,
                  "pinv: rtol of shape [2] does not broadcast to the batch shape [3]");
  TH_EXPECT_ERROR(nd_linalg_matrix_rank_rtol(a, nd_ones(ND_COMPLEX64, ND_SHAPE(3), ND_C)), ND_ERR_TYPE,
                  "matrix_rank: rtol must be real");
  nd_scope_end();
  nd_clear_error();
  nd_array *m = nd_eye(ND_FLOAT64, 2, -1, 0);
  assert_null(nd_linalg_pinv_rtol(m, NULL));
  th_assert_error(ND_ERR_NULL, "pinv");
  nd_release(m);
  nd_clear_error();
}

static void test_matrix_power(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *a = th_make(t, ND_SHAPE(2, 3, 3), (th_layout)L, (unsigned)d);
      nd_array *p = a;
      /* float16 overflows from the third power on (entries up to 25), where the order of
       * the products decides between inf and NaN */
      for (int n = 1; n <= (t == ND_FLOAT16 ? 2 : 6); n++) {
        /* same dtype, and equal to repeated products (exact for integers; floats use
         * NumPy's order of products, so compare with a tolerance) */
        nd_array *r = nd_linalg_matrix_power(a, n);
        assert_int_equal(nd_dtype_of(r), t);
        /* the 16-bit floats round each product: a tolerance of a few of their units */
        double tol = t == ND_FLOAT16 ? 4e-3 : t == ND_BFLOAT16 ? 3e-2 : 1e-6;
        if (nd_dtype_kind(t) == 'f' || nd_dtype_kind(t) == 'c') la_close(r, p, tol, "matrix_power");
        else th_assert_same_values(r, p);
        p = nd_matmul(p, a);
      }
      nd_array *e = nd_linalg_matrix_power(a, 0);
      assert_int_equal(nd_dtype_of(e), t);
      th_assert_same_values(e, nd_broadcast_to(nd_eye(t, 3, -1, 0), ND_SHAPE(2, 3, 3)));
      nd_scope_end();
    }
  }
  nd_scope_begin();
  nd_array *a = good(ND_FLOAT64, 1);
  la_close(nd_linalg_matrix_power(a, -2), nd_matmul(nd_linalg_inv(a), nd_linalg_inv(a)), 1e-13, "power -2");
  TH_EXPECT_ERROR(nd_linalg_matrix_power(nd_ones(ND_FLOAT64, ND_SHAPE(2, 3), ND_C), 2), ND_ERR_SHAPE, "matrix_power: needs square");
  TH_EXPECT_ERROR(nd_linalg_matrix_power(nd_zeros(ND_FLOAT64, ND_SHAPE(2, 2), ND_C), -1), ND_ERR_LINALG, "matrix_power: the matrix is singular");
  nd_scope_end();
}

static void test_alloc_failures(void **state) {
  (void)state;
  nd_array *a = good(ND_FLOAT32, 2);
  for (long n = 0; n < 12; n++) {
    ndi_alloc_fail_after(n);
    nd_array *r = nd_linalg_inv(a), *u = NULL, *s = NULL, *vh = NULL;
    nd_status st = nd_linalg_svd(a, true, &u, &s, &vh);
    ndi_alloc_fail_after(-1);
    if (!r || st) assert_int_equal(nd_last_status(), ND_ERR_NOMEM);
    nd_release(r);
    nd_release(u);
    nd_release(s);
    nd_release(vh);
    nd_clear_error();
  }
  nd_release(a);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_solve_inv),    cmocka_unit_test(test_det),
      cmocka_unit_test(test_lstsq),        cmocka_unit_test(test_pinv_rank),
      cmocka_unit_test(test_pinv_rank_rtol_array),
      cmocka_unit_test(test_matrix_power), cmocka_unit_test(test_alloc_failures),
  };
  return TH_RUN(tests);
}
