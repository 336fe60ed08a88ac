/* The truncated SVD (nd_linalg_svd_truncated, nd/decomp.h): every method against the
 * full SVD's leading triplets on every layout and dtype, orthonormal factors, the best
 * rank-k approximation, 1e-10 agreement on a matrix with a spectral gap, reproducible
 * seeds, the automatic choice and its fallback, k = 0 and k = min(M, N), batches, and
 * every error path. */
#include "la_check.h"

static nd_array *mm(nd_array *x, nd_array *y) { return nd_matmul(x, y); }

/* u diag(s) vh */
static nd_array *rebuild(nd_array *u, nd_array *s, nd_array *vh) { return mm(mm(la_z(u), la_diag(s)), la_z(vh)); }

/* The triplets agree with the full SVD's first k: values, the rank-k approximation, and
 * orthonormal u and vh. */
static void check_against_full(nd_array *a, int64_t k, nd_array *u, nd_array *s, nd_array *vh, double tol,
                               const char *what) {
  nd_array *U = NULL, *S = NULL, *VH = NULL;
  assert_int_equal(nd_linalg_svd(la_z(a), false, &U, &S, &VH), ND_OK);
  nd_array *Uk = nd_indexf(U, "..., :%lld", (long long)k), *Sk = nd_indexf(S, "..., :%lld", (long long)k);
  nd_array *Vk = nd_indexf(VH, "..., :%lld, :", (long long)k);
  la_close(s, Sk, tol, what);
  la_close(rebuild(u, s, vh), rebuild(Uk, Sk, Vk), tol, what);
  nd_array *g = mm(la_h(u), la_z(u)), *h = mm(la_z(vh), la_h(vh));
  la_close(g, la_eye_like(g), tol, what);
  la_close(h, la_eye_like(h), tol, what);
  nd_release(U);
  nd_release(S);
  nd_release(VH);
}

static void test_methods(void **state) {
  (void)state;
  const int64_t shapes[2][3] = {{2, 9, 6}, {2, 6, 9}};
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d], rt = la_result_dtype(t);
    double tol = la_tol(rt) * 200;
    for (int sidx = 0; sidx < 2; sidx++) {
      nd_array *src = th_make(t, 3, shapes[sidx], TH_C, (unsigned)d + 11 * sidx);
      for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
        nd_scope_begin();
        nd_array *a = la_relayout(src, (th_layout)L);
        for (int method = 0; method < 3; method++)
          for (int fixed = 0; fixed < (method == ND_SVD_RANDOMIZED ? 2 : 1); fixed++) {
            /* oversamples 3: k + 3 = 5 < min(M, N), a true subspace iteration */
            nd_svd_truncated_options o = {.method = (nd_svd_method)method, .seed = 7, .oversamples = 3,
                                          .fixed_iterations = fixed, .n_iter = fixed ? 60 : 0};
            nd_array *u = NULL, *s = NULL, *vh = NULL;
            if (nd_linalg_svd_truncated(a, 2, &o, &u, &s, &vh))
              fail_msg("%s %s method %d: %s", nd_dtype_name(t), th_layout_names[L], method, nd_last_error());
            assert_int_equal(nd_dtype_of(u), rt);
            assert_int_equal(nd_dtype_of(s), nd_dtype_kind(rt) == 'c' ? (rt == ND_COMPLEX64 ? ND_FLOAT32 : ND_FLOAT64) : rt);
            th_assert_shape(u, 3, (int64_t[]){2, shapes[sidx][1], 2});
            th_assert_shape(vh, 3, (int64_t[]){2, 2, shapes[sidx][2]});
            if (t == ND_BOOL) continue; /* 0/1 matrices can have equal singular values */
            char what[80];
            snprintf(what, sizeof what, "%s %s method %d fixed %d", nd_dtype_name(t), th_layout_names[L], method, fixed);
            check_against_full(a, 2, u, s, vh, tol, what);
          }
        nd_scope_end();
      }
      nd_release(src);
    }
  }
}

/* An m x n matrix (m >= n) of dtype t (FLOAT64 or COMPLEX128) with singular values
 * sv(0), sv(1), ..., from orthonormal factors of th_make matrices */
static nd_array *with_spectrum(nd_dtype t, int64_t m, int64_t n, double (*sv)(int64_t)) {
  nd_array *q1 = NULL, *q2 = NULL, *r = NULL;
  nd_linalg_qr(th_make(t, ND_SHAPE(m, n), TH_C, 3), ND_QR_REDUCED, &q1, &r);
  nd_release(r);
  nd_linalg_qr(th_make(t, ND_SHAPE(n, n), TH_C, 4), ND_QR_REDUCED, &q2, &r);
  nd_release(r);
  nd_array *s = nd_empty(ND_FLOAT64, ND_SHAPE(n), ND_C);
  for (int64_t i = 0; i < n; i++) ((double *)nd_data(s))[i] = sv(i);
  nd_array *a = mm(mm(la_z(q1), la_diag(s)), la_h(q2));
  return t == ND_COMPLEX128 ? a : nd_copy(nd_real(a), ND_C);
}

/* a gap after the 10th: 1, 0.95, ..., 0.55, then 0.2 * 0.97^i */
static double gap_sv(int64_t i) { return i < 10 ? 1 - 0.05 * (double)i : 0.2 * pow(0.97, (double)i); }
/* no gap: 1 / (1 + i / 50) */
static double flat_sv(int64_t i) { return 1.0 / (1.0 + 0.02 * (double)i); }

static void test_accuracy(void **state) {
  (void)state;
  nd_scope_begin();
  for (int c = 0; c < 2; c++) {
    nd_array *a = with_spectrum(c ? ND_COMPLEX128 : ND_FLOAT64, 120, 80, gap_sv);
    for (int method = ND_SVD_GESVDX; method <= ND_SVD_RANDOMIZED; method++) {
      nd_svd_truncated_options o = {.method = (nd_svd_method)method, .seed = 1};
      nd_array *u = NULL, *s = NULL, *vh = NULL;
      assert_int_equal(nd_linalg_svd_truncated(a, 10, &o, &u, &s, &vh), ND_OK);
      check_against_full(a, 10, u, s, vh, 1e-10, "spectral gap: 1e-10");
      /* the same seed, the same result (to the rounding of BLAS's thread count) */
      nd_array *u2 = NULL, *s2 = NULL, *vh2 = NULL;
      assert_int_equal(nd_linalg_svd_truncated(a, 10, &o, &u2, &s2, &vh2), ND_OK);
      la_close(u2, u, 1e-13, "same seed");
      la_close(s2, s, 1e-13, "same seed");
    }
  }
  /* no gap anywhere (singular values 1/(1+i)): the randomised method needs more passes
   * than the automatic choice allows and gesvdx takes over; the answer is right either way */
  nd_array *slow = with_spectrum(ND_FLOAT64, 300, 200, flat_sv);
  nd_array *u = NULL, *sv = NULL, *vh = NULL;
  nd_svd_truncated_options o = {.method = ND_SVD_AUTO, .oversamples = 4};
  assert_int_equal(nd_linalg_svd_truncated(slow, 20, &o, &u, &sv, &vh), ND_OK);
  check_against_full(slow, 20, u, sv, vh, 1e-10, "auto: fallback to gesvdx");
  /* explicitly randomised, the same matrix does not converge in 3 passes: an error */
  nd_svd_truncated_options r = {.method = ND_SVD_RANDOMIZED, .oversamples = 4, .n_iter = 3};
  TH_EXPECT_ERROR(nd_linalg_svd_truncated(slow, 20, &r, &u, &sv, &vh), ND_ERR_LINALG,
                  "svd_truncated: the matrix did not converge in 3 randomized subspace iterations (tolerance 1e-12)");
  nd_scope_end();
}

static void test_sizes(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *a = th_make(ND_FLOAT64, ND_SHAPE(4, 6), TH_F, 2), *u = NULL, *s = NULL, *vh = NULL;
  for (int method = 0; method < 3; method++) {
    nd_svd_truncated_options o = {.method = (nd_svd_method)method};
    assert_int_equal(nd_linalg_svd_truncated(a, 0, &o, &u, &s, &vh), ND_OK);
    th_assert_shape(u, 2, (int64_t[]){4, 0});
    th_assert_shape(vh, 2, (int64_t[]){0, 6});
    assert_int_equal(nd_linalg_svd_truncated(a, 4, &o, &u, &s, &vh), ND_OK);
    check_against_full(a, 4, u, s, vh, 1e-12, "k = min(M, N)");
    assert_int_equal(nd_linalg_svd_truncated(nd_ones(ND_FLOAT64, ND_SHAPE(0, 3, 4), ND_C), 2, &o, &u, &s, &vh), ND_OK);
    th_assert_shape(u, 3, (int64_t[]){0, 3, 2});
    assert_int_equal(nd_linalg_svd_truncated(nd_ones(ND_FLOAT64, ND_SHAPE(3, 0), ND_C), 0, &o, &u, &s, &vh), ND_OK);
    th_assert_shape(vh, 2, (int64_t[]){0, 0});
  }
  /* a rank-2 matrix: the third triplet has s = 0 */
  nd_array *r2 = mm(th_make(ND_FLOAT64, ND_SHAPE(30, 2), TH_C, 1), th_make(ND_FLOAT64, ND_SHAPE(2, 20), TH_C, 2));
  nd_svd_truncated_options o = {.method = ND_SVD_RANDOMIZED};
  assert_int_equal(nd_linalg_svd_truncated(r2, 3, &o, &u, &s, &vh), ND_OK);
  check_against_full(r2, 3, u, s, vh, 1e-10, "rank 2");
  nd_scope_end();
}

static void test_errors(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *a = th_make(ND_FLOAT64, ND_SHAPE(4, 6), TH_C, 2), *u, *s, *vh;
  TH_EXPECT_ERROR(nd_linalg_svd_truncated(a, 5, NULL, &u, &s, &vh), ND_ERR_VALUE,
                  "svd_truncated: k = 5 is outside [0, 4] for a [4,6] matrix");
  TH_EXPECT_ERROR(nd_linalg_svd_truncated(a, -1, NULL, &u, &s, &vh), ND_ERR_VALUE, "k = -1 is outside");
  nd_svd_truncated_options o = {.method = (nd_svd_method)7};
  TH_EXPECT_ERROR(nd_linalg_svd_truncated(a, 2, &o, &u, &s, &vh), ND_ERR_VALUE, "svd_truncated: invalid method 7");
  nd_svd_truncated_options ov = {.oversamples = -2};
  TH_EXPECT_ERROR(nd_linalg_svd_truncated(a, 2, &ov, &u, &s, &vh), ND_ERR_VALUE, "oversamples must be >= 0 (got -2)");
  nd_svd_truncated_options it = {.n_iter = -1};
  TH_EXPECT_ERROR(nd_linalg_svd_truncated(a, 2, &it, &u, &s, &vh), ND_ERR_VALUE, "n_iter must be >= 0 (got -1)");
  nd_svd_truncated_options tl = {.tol = NAN};
  TH_EXPECT_ERROR(nd_linalg_svd_truncated(a, 2, &tl, &u, &s, &vh), ND_ERR_VALUE, "tol must be >= 0 (got nan)");
  nd_array *nan = nd_copy(a, ND_C);
  nd_set_double(nan, (int64_t[]){3, 5}, NAN);
  for (int method = 0; method < 3; method++) {
    nd_svd_truncated_options m = {.method = (nd_svd_method)method};
    TH_EXPECT_ERROR(nd_linalg_svd_truncated(nan, 2, &m, &u, &s, &vh), ND_ERR_LINALG,
                    "svd_truncated: the matrix contains infinities or NaNs");
  }
  nd_array *st = nd_stack(3, (nd_array *[]){a, a, nan}, 0);
  TH_EXPECT_ERROR(nd_linalg_svd_truncated(st, 1, NULL, &u, &s, &vh), ND_ERR_LINALG, "matrix 2 of the batch contains");
  TH_EXPECT_ERROR(nd_linalg_svd_truncated(nd_ones(ND_FLOAT64, ND_SHAPE(3), ND_C), 1, NULL, &u, &s, &vh), ND_ERR_SHAPE,
                  "svd_truncated: needs a matrix");
  TH_EXPECT_ERROR(nd_linalg_svd_truncated(a, 1, NULL, &u, NULL, &vh), ND_ERR_NULL, "svd_truncated");
  TH_EXPECT_ERROR(nd_linalg_svd_truncated(NULL, 1, NULL, &u, &s, &vh), ND_ERR_NULL, "svd_truncated");
  nd_scope_end();
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_methods), cmocka_unit_test(test_accuracy),
                                     cmocka_unit_test(test_sizes), cmocka_unit_test(test_errors)};
  return TH_RUN(tests);
}
