/* Decompositions: cholesky, qr, svd/svdvals, eigh/eigvalsh, eig/eigvals. Each result is
 * checked through its defining identities (L L^H = A, Q R = A with Q^H Q = I,
 * U S Vh = A, A V = V diag(w), ...) on C, F, transposed, stepped, negative-stride,
 * broadcast-batch and size-0 inputs of every dtype, and against NumPy's values where
 * those are part of the contract (seed 000's TRG step, ascending eigenvalues, ...). */
#include "la_check.h"

static const int64_t bshape[3] = {3, 5, 5};

/* A Hermitian positive definite [3, 5, 5] matrix of dtype t: M M^H + 300 I. */
static nd_array *spd(nd_dtype t, unsigned seed) {
  nd_scope_begin();
  bool cplx = nd_dtype_kind(t) == 'c';
  nd_array *m = th_make(cplx ? ND_COMPLEX128 : ND_FLOAT64, 3, bshape, TH_C, seed);
  nd_array *mh = cplx ? la_h(m) : nd_copy(nd_matrix_transpose(m), ND_C);
  nd_array *p = nd_matmul(m, mh);
  nd_array *d = nd_diagonal(p, 0, -2, -1);
  for (int64_t b = 0; b < 3; b++)
    for (int64_t i = 0; i < 5; i++) {
      double re, im;
      th_get(d, (int64_t[]){b, i}, &re, &im);
      th_set(d, (int64_t[]){b, i}, re + 300, 0);
    }
  nd_array *r = nd_keep(nd_astype(p, t));
  nd_scope_end();
  return r;
}

static void test_cholesky(void **state) {
  (void)state;
  for (int d = 1; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    /* M M^T + 300 I needs signed entries and room for values up to 12800 */
    if (nd_dtype_kind(t) == 'u' || t == ND_INT8) continue;
    nd_array *src = spd(t, (unsigned)d);
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *a = la_relayout(src, (th_layout)L);
      for (int up = 0; up < 2; up++) {
        nd_array *c = nd_linalg_cholesky(a, up);
        if (!c) fail_msg("%s %s: %s", nd_dtype_name(t), th_layout_names[L], nd_last_error());
        nd_dtype rt = la_result_dtype(t);
        assert_int_equal(nd_dtype_of(c), rt);
        /* lower: L L^H = A; upper: U^H U = A; the other triangle is exactly 0 */
        nd_array *prod = up ? nd_matmul(la_h(c), la_z(c)) : nd_matmul(la_z(c), la_h(c));
        la_close(prod, a, la_tol(rt), "cholesky");
        for (int64_t i = 0; i < 5; i++)
          for (int64_t j = 0; j < 5; j++) {
            double re, im;
            th_get(c, (int64_t[]){1, i, j}, &re, &im);
            if (up ? i > j : i < j) assert_true(re == 0 && im == 0);
          }
      }
      nd_scope_end();
    }
    nd_release(src);
  }
  nd_scope_begin();
  double ab[4] = {1, 2, 2, 1}; /* NumPy: "Matrix is not positive definite" */
  nd_array *bad = nd_from_data(ND_FLOAT64, ND_SHAPE(2, 2), ab, ND_C);
  TH_EXPECT_ERROR(nd_linalg_cholesky(bad, false), ND_ERR_LINALG, "cholesky: the matrix is not positive definite");
  nd_array *stack = nd_copy(nd_broadcast_to(nd_eye(ND_FLOAT64, 2, -1, 0), ND_SHAPE(5, 2, 2)), ND_C);
  nd_array *s3 = nd_index(stack, "3");
  nd_assign(s3, bad);
  TH_EXPECT_ERROR(nd_linalg_cholesky(stack, true), ND_ERR_LINALG, "cholesky: matrix 3 of the batch is not positive definite");
  TH_EXPECT_ERROR(nd_linalg_cholesky(nd_ones(ND_FLOAT64, ND_SHAPE(2, 3), ND_C), false), ND_ERR_SHAPE,
                  "cholesky: needs square matrices, got shape [2,3]");
  TH_EXPECT_ERROR(nd_linalg_cholesky(nd_ones(ND_FLOAT64, ND_SHAPE(3), ND_C), false), ND_ERR_SHAPE,
                  "cholesky: needs a matrix or a stack of matrices");
  TH_EXPECT_ERROR(nd_linalg_cholesky(NULL, false), ND_ERR_NULL, "cholesky");
  /* a NaN or infinity in the triangle read is refused; one in the other triangle is not read */
  const double an[4] = {NAN, 1, 1, 3}, al[4] = {4, 2, INFINITY, 3}, cl[4] = {2, 0, 1, 1.4142135623730951};
  nd_array *nan_m = nd_from_data(ND_FLOAT64, ND_SHAPE(2, 2), an, ND_C);
  TH_EXPECT_ERROR(nd_linalg_cholesky(nan_m, false), ND_ERR_LINALG, "cholesky: the matrix contains infinities or NaNs");
  TH_EXPECT_ERROR(nd_linalg_cholesky(nd_astype(nan_m, ND_COMPLEX64), true), ND_ERR_LINALG, "contains infinities or NaNs");
  nd_array *inf_lower = nd_from_data(ND_FLOAT64, ND_SHAPE(2, 2), al, ND_C);
  TH_EXPECT_ERROR(nd_linalg_cholesky(inf_lower, false), ND_ERR_LINALG, "contains infinities or NaNs");
  nd_array *u = nd_linalg_cholesky(inf_lower, true); /* reads only [4, 2; ., 3] */
  assert_non_null(u);
  nd_array *ut = nd_copy(nd_matrix_transpose(u), ND_C);
  double got[4];
  nd_to_data(ut, got, ND_C);
  assert_true(got[0] == cl[0] && got[1] == cl[1] && fabs(got[2] - cl[2]) < 1e-15 && fabs(got[3] - cl[3]) < 1e-15);
  th_assert_shape(nd_linalg_cholesky(nd_ones(ND_FLOAT64, ND_SHAPE(2, 0, 0), ND_C), false), 3, (int64_t[]){2, 0, 0});
  nd_scope_end();
}

static void check_qr(nd_array *a, nd_qr_mode mode) {
  nd_array *q = NULL, *r = NULL;
  assert_int_equal(nd_linalg_qr(a, mode, &q, &r), ND_OK);
  int nd = nd_ndim(a);
  int64_t m = nd_shape(a)[nd - 2], n = nd_shape(a)[nd - 1], k = m < n ? m : n;
  int64_t mc = mode == ND_QR_COMPLETE ? m : k;
  assert_int_equal(nd_shape(q)[nd - 1], mc);
  assert_int_equal(nd_shape(r)[nd - 2], mc);
  double tol = la_tol(nd_dtype_of(q));
  la_close(nd_matmul(la_z(q), la_z(r)), a, tol * 10, "qr: Q R = A");
  la_close(nd_matmul(la_h(q), la_z(q)), la_eye_like(nd_matmul(la_h(q), la_z(q))), tol * 10, "qr: Q^H Q = I");
  if (nd_size(r) == 0) return;
  int64_t idx[ND_MAX_DIMS] = {0};
  do {
    double re, im;
    th_get(r, idx, &re, &im);
    if (idx[nd - 2] > idx[nd - 1]) assert_true(re == 0 && im == 0);
  } while (th_next(nd, nd_shape(r), idx));
}

static void test_qr(void **state) {
  (void)state;
  const int64_t shapes[3][3] = {{3, 6, 4}, {3, 4, 6}, {2, 5, 5}};
  for (int d = 0; d < ND_NUM_DTYPES; d++)
    for (int s = 0; s < 3; s++) {
      nd_array *src = th_make(th_all_dtypes[d], 3, shapes[s], TH_C, (unsigned)(d + s));
      for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
        nd_scope_begin();
        nd_array *a = la_relayout(src, (th_layout)L);
        check_qr(a, ND_QR_REDUCED);
        check_qr(a, ND_QR_COMPLETE);
        nd_scope_end();
      }
      nd_release(src);
    }
  nd_scope_begin();
  /* NumPy: qr(ones((3, 0)), complete) gives Q = I3, R [3, 0]; ones((0, 3)): Q [0, 0], R [0, 3] */
  nd_array *q, *r;
  assert_int_equal(nd_linalg_qr(nd_ones(ND_FLOAT64, ND_SHAPE(3, 0), ND_C), ND_QR_COMPLETE, &q, &r), ND_OK);
  th_assert_same_values(q, nd_eye(ND_FLOAT64, 3, -1, 0));
  th_assert_shape(r, 2, (int64_t[]){3, 0});
  nd_release(q);
  nd_release(r);
  assert_int_equal(nd_linalg_qr(nd_ones(ND_FLOAT64, ND_SHAPE(0, 3), ND_C), ND_QR_REDUCED, &q, &r), ND_OK);
  th_assert_shape(q, 2, (int64_t[]){0, 0});
  th_assert_shape(r, 2, (int64_t[]){0, 3});
  nd_release(q);
  nd_release(r);
  TH_EXPECT_ERROR(nd_linalg_qr(nd_ones(ND_FLOAT64, ND_SHAPE(3, 3), ND_C), (nd_qr_mode)7, &q, &r), ND_ERR_VALUE, "qr: invalid mode 7");
  TH_EXPECT_ERROR(nd_linalg_qr(nd_ones(ND_FLOAT64, ND_SHAPE(3), ND_C), ND_QR_REDUCED, &q, &r), ND_ERR_SHAPE, "qr: needs a matrix");
  TH_EXPECT_ERROR(nd_linalg_qr(nd_ones(ND_FLOAT64, ND_SHAPE(3, 3), ND_C), ND_QR_REDUCED, NULL, &r), ND_ERR_NULL, "qr");
  nd_scope_end();
}

static void check_svd(nd_array *a, bool full) {
  nd_array *u = NULL, *s = NULL, *vh = NULL;
  assert_int_equal(nd_linalg_svd(a, full, &u, &s, &vh), ND_OK);
  int nd = nd_ndim(a);
  int64_t m = nd_shape(a)[nd - 2], n = nd_shape(a)[nd - 1], k = m < n ? m : n;
  assert_int_equal(nd_shape(u)[nd - 1], full ? m : k);
  assert_int_equal(nd_shape(vh)[nd - 2], full ? n : k);
  double tol = la_tol(nd_dtype_of(u));
  /* U[:, :k] diag(S) Vh[:k] = A */
  nd_array *uk = nd_indexf(u, "..., :%lld", (long long)k), *vk = nd_indexf(vh, "..., :%lld, :", (long long)k);
  nd_array *us = nd_matmul(la_z(uk), la_diag(s));
  la_close(nd_matmul(us, la_z(vk)), a, tol * 10, "svd: U S Vh = A");
  la_close(nd_matmul(la_h(u), la_z(u)), la_eye_like(nd_matmul(la_h(u), la_z(u))), tol * 10, "svd: U^H U = I");
  la_close(nd_matmul(la_z(vh), la_h(vh)), la_eye_like(nd_matmul(la_z(vh), la_h(vh))), tol * 10, "svd: Vh Vh^H = I");
  /* S descending, nonnegative, and svdvals agrees */
  int64_t idx[ND_MAX_DIMS] = {0};
  if (nd_size(s) > 0) do {
    double v, w;
    th_get(s, idx, &v, NULL);
    assert_true(v >= 0);
    if (idx[nd - 2] > 0) {
      idx[nd - 2]--;
      th_get(s, idx, &w, NULL);
      idx[nd - 2]++;
      assert_true(w >= v);
    }
  } while (th_next(nd - 1, nd_shape(s), idx));
  la_close(nd_linalg_svdvals(a), s, tol * 10, "svdvals = S"); /* gesdd 'N' and 'A' differ in rounding */
  nd_release(u);
  nd_release(s);
  nd_release(vh);
}

static void test_svd(void **state) {
  (void)state;
  const int64_t shapes[3][3] = {{3, 6, 4}, {3, 4, 6}, {2, 3, 3}};
  for (int d = 0; d < ND_NUM_DTYPES; d++)
    for (int s = 0; s < 3; s++) {
      nd_array *src = th_make(th_all_dtypes[d], 3, shapes[s], TH_C, (unsigned)(d + 2 * s));
      for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
        nd_scope_begin();
        nd_array *a = la_relayout(src, (th_layout)L);
        check_svd(a, true);
        check_svd(a, false);
        nd_scope_end();
      }
      nd_release(src);
    }
  nd_scope_begin();
  /* larger matrices (blocked LAPACK paths, a threaded batch) */
  check_svd(th_make(ND_FLOAT64, ND_SHAPE(70, 50), TH_F, 9), false);
  check_svd(th_make(ND_COMPLEX128, ND_SHAPE(40, 12, 9), TH_C, 10), true);
  /* empty: NumPy gives identities for the full U and Vh */
  nd_array *u, *s, *vh;
  assert_int_equal(nd_linalg_svd(nd_ones(ND_FLOAT64, ND_SHAPE(0, 3), ND_C), true, &u, &s, &vh), ND_OK);
  th_assert_shape(u, 2, (int64_t[]){0, 0});
  th_assert_shape(s, 1, (int64_t[]){0});
  th_assert_same_values(vh, nd_eye(ND_FLOAT64, 3, -1, 0));
  nd_release(u);
  nd_release(s);
  nd_release(vh);
  TH_EXPECT_ERROR(nd_linalg_svd(nd_ones(ND_FLOAT64, ND_SHAPE(3), ND_C), true, &u, &s, &vh), ND_ERR_SHAPE, "svd: needs a matrix");
  TH_EXPECT_ERROR(nd_linalg_svd(nd_ones(ND_FLOAT64, ND_SHAPE(3, 3), ND_C), true, &u, NULL, &vh), ND_ERR_NULL, "svd");
  TH_EXPECT_ERROR(nd_linalg_svdvals(NULL), ND_ERR_NULL, "svdvals");
  nd_scope_end();
}

/* Seed 000: one TRG step on NumPy's default_rng(0).standard_normal((3, 3, 3, 3)): transpose
 * (2, 1, 0, 3), reshape to 9 x 9 (a copy: not expressible as a view), SVD. The singular
 * values agree with NumPy 2.4's to 1e-14 relative. Batched SVD of [4, 2, 3] gives s of
 * shape [4, 2] (values from NumPy for default_rng(1)). */
static const double trg_t[81] = {
    0.1257302210933933, -0.1321048632913019, 0.6404226504432821, 0.10490011715303971, -0.535669373161111,
    0.36159505490948474, 1.3040000451301372, 0.9470809631292422, -0.7037352358069926, -1.2654214710460525,
    -0.6232744625373522, 0.0413259793472436, -2.3250307746388343, -0.21879166393254573, -1.2459109472530652,
    -0.7322673547034516, -0.5442589828573099, -0.31630015636915454, 0.4116305363741328, 1.0425133694426776,
    -0.12853466294403426, 1.3664634705496859, -0.6651946734866135, 0.3515100700930197, 0.9034701816518086,
    0.09401229776087457, -0.7434992493538084, -0.9217253762584194, -0.45772582566733916, 0.2201951234700494,
    -1.009618183538736, -0.20917557487171307, -0.15922500991447772, 0.5408455846858077, 0.2146591225063409,
    0.3553727090399214, -0.6538286094183394, -0.12961363369276946, 0.7839754700613295, 1.4934311452207607,
    -1.2590655321041202, 1.5139237747390626, 1.3458754237823045, 0.7813114007004275, 0.2644556303293035,
    -0.3139228145364278, 1.4580206835369587, 1.9602583164499647, 1.801634869866125, 1.31510376473437,
    0.357380410658956, -1.2083186322821715, -0.004454133120083229, 0.6564749350763358, -1.2883614637495544,
    0.39512206018200824, 0.42986369482223, 0.6960427239628685, -1.184117966757189, -0.6617025720390349,
    -0.43643524714322124, -1.169801907772864, 1.739367877130134, -0.4959107284421519, 0.3289696294602021,
    -0.258572545473924, 1.5834728788021222, 1.3203609870818391, 0.6333526228249152, -2.2035098806466507,
    0.05202897425988651, 0.6836861907765345, 1.0039615758421696, -0.6179070447076008, 1.8220113633283233,
    -1.3204309700132935, -0.6615280218152191, 0.9350499881140221, 0.049054613825311656, 2.002392583645255,
    0.18851919251246557};
static const double trg_s[9] = {4.927039373327934, 4.347056795845395, 3.7592682119993146,
                                2.9569278616680927, 2.196335316728821, 1.627363359130107,
                                1.0915534831775808, 0.8667133109225511, 0.12746278748770531};
static const double bx[24] = {
    0.345584192064786, 0.8216181435011584, 0.33043707618338714, -1.303157231604361, 0.9053558666731177,
    0.4463745723640113, -0.5369532353602852, 0.5811181041963531, 0.36457239618607573, 0.294132496655526,
    0.02842224131579679, 0.5467129866124469, -0.7364540870016669, -0.16290994799305278, -0.48211931267997826,
    0.5988462126346276, 0.03972210748165899, -0.2924567509650886, -0.7819084623568421, -0.2571922406188707,
    0.008142180518343508, -0.2756029052993704, 1.2940638143982073, 1.0067243153057943};
static const double bs[8] = {1.6788972654264325, 0.8956091309555536, 0.8761945108602387, 0.6143533822718106,
                             0.9888740800975827, 0.518841924078433, 1.6642548983283698, 0.8196966419387285};

static void test_seed000(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *t = nd_from_data(ND_FLOAT64, ND_SHAPE(3, 3, 3, 3), trg_t, ND_C);
  double t1021;
  nd_get_double(t, (int64_t[]){1, 0, 2, 1}, &t1021);
  assert_true(t1021 == 0.2146591225063409);
  nd_array *ma = nd_reshape(nd_permute(t, 4, (int[]){2, 1, 0, 3}), ND_SHAPE(9, 9), ND_C);
  double m0[3];
  for (int j = 0; j < 3; j++) nd_get_double(ma, (int64_t[]){0, j}, &m0[j]);
  assert_true(m0[0] == 0.1257302210933933 && m0[1] == -0.1321048632913019 && m0[2] == 0.6404226504432821);
  nd_array *u, *s, *vh;
  assert_int_equal(nd_linalg_svd(ma, true, &u, &s, &vh), ND_OK);
  for (int64_t i = 0; i < 9; i++) {
    double v;
    nd_get_double(s, &i, &v);
    assert_true(fabs(v - trg_s[i]) <= 1e-14 * trg_s[i]);
  }
  la_close(nd_matmul(nd_matmul(u, la_diag(s)), vh), ma, 1e-14, "TRG: U S Vh");
  nd_release(u);
  nd_release(s);
  nd_release(vh);
  nd_array *x = nd_from_data(ND_FLOAT64, ND_SHAPE(4, 2, 3), bx, ND_C);
  nd_array *sv = nd_linalg_svdvals(x);
  th_assert_shape(sv, 2, (int64_t[]){4, 2});
  la_close(sv, nd_from_data(ND_FLOAT64, ND_SHAPE(4, 2), bs, ND_C), 1e-14, "batched svd");
  nd_scope_end();
}

static void test_eigh(void **state) {
  (void)state;
  for (int d = 1; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    if (nd_dtype_kind(t) == 'u' || t == ND_INT8) continue;
    nd_array *src = spd(t, (unsigned)(d + 7));
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *a = la_relayout(src, (th_layout)L);
      nd_array *w, *v;
      assert_int_equal(nd_linalg_eigh(a, &w, &v), ND_OK);
      double tol = la_tol(nd_dtype_of(v));
      assert_int_equal(nd_dtype_kind(nd_dtype_of(w)), 'f');
      la_close(nd_matmul(la_z(a), la_z(v)), nd_matmul(la_z(v), la_diag(w)), tol * 10, "eigh: A V = V diag(w)");
      la_close(nd_matmul(la_h(v), la_z(v)), la_eye_like(a), tol * 10, "eigh: V^H V = I");
      for (int64_t i = 1; i < 5; i++) {
        double p, q;
        th_get(w, (int64_t[]){2, i - 1}, &p, NULL);
        th_get(w, (int64_t[]){2, i}, &q, NULL);
        assert_true(p <= q);
      }
      la_close(nd_linalg_eigvalsh(a), w, tol * 10, "eigvalsh = eigh's w");
      nd_scope_end();
    }
    nd_release(src);
  }
  nd_scope_begin();
  /* NumPy: eigh([[4,1,2],[1,3,0],[2,0,5]]) eigenvalues */
  double A[9] = {4, 1, 2, 1, 3, 0, 2, 0, 5};
  const double want[3] = {1.85489731, 3.4760236, 6.66907909};
  nd_array *w = nd_linalg_eigvalsh(nd_from_data(ND_FLOAT64, ND_SHAPE(3, 3), A, ND_C));
  for (int64_t i = 0; i < 3; i++) {
    double v;
    nd_get_double(w, &i, &v);
    assert_true(fabs(v - want[i]) < 1e-8);
  }
  /* only the lower triangle is read */
  double Au[9] = {4, 99, 99, 1, 3, 99, 2, 0, 5};
  la_close(nd_linalg_eigvalsh(nd_from_data(ND_FLOAT64, ND_SHAPE(3, 3), Au, ND_C)), w, 1e-14, "lower");
  th_assert_shape(nd_linalg_eigvalsh(nd_ones(ND_FLOAT64, ND_SHAPE(0, 0), ND_C)), 1, (int64_t[]){0});
  TH_EXPECT_ERROR(nd_linalg_eigvalsh(nd_ones(ND_FLOAT64, ND_SHAPE(2, 3), ND_C)), ND_ERR_SHAPE, "eigvalsh: needs square");
  nd_array *v;
  TH_EXPECT_ERROR(nd_linalg_eigh(NULL, &w, &v), ND_ERR_NULL, "eigh");
  /* syevd gives finite eigenvalues for a NaN (NumPy's eigvalsh does): refused instead */
  const double an[4] = {NAN, 1, 1, 3};
  nd_array *nan_m = nd_from_data(ND_FLOAT64, ND_SHAPE(2, 2), an, ND_C);
  TH_EXPECT_ERROR(nd_linalg_eigvalsh(nan_m), ND_ERR_LINALG, "eigvalsh: the matrix contains infinities or NaNs");
  TH_EXPECT_ERROR(nd_linalg_eigh(nd_astype(nan_m, ND_COMPLEX128), &w, &v), ND_ERR_LINALG, "eigh: the matrix contains infinities or NaNs");
  const double upper_inf[4] = {2, INFINITY, 1, 3}; /* the upper triangle is not read */
  assert_non_null(nd_linalg_eigvalsh(nd_from_data(ND_FLOAT64, ND_SHAPE(2, 2), upper_inf, ND_C)));
  nd_scope_end();
}

static void test_eig(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    nd_array *src = th_make(t, 3, bshape, TH_C, (unsigned)(d + 3));
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *a = la_relayout(src, (th_layout)L);
      nd_array *w, *v;
      assert_int_equal(nd_linalg_eig(a, &w, &v), ND_OK);
      double tol = la_tol(nd_dtype_of(v)) * 100;
      la_close(nd_matmul(la_z(a), la_z(v)), nd_matmul(la_z(v), la_diag(w)), tol, "eig: A V = V diag(w)");
      th_assert_same_values(nd_linalg_eigvals(a), w);
      nd_scope_end();
    }
    nd_release(src);
  }
  nd_scope_begin();
  /* real input, complex eigenvalues: complex results; all real: real results (NumPy) */
  double rot[4] = {0, -1, 1, 0}, dg[4] = {2, 0, 0, 1};
  nd_array *w = nd_linalg_eigvals(nd_from_data(ND_FLOAT64, ND_SHAPE(2, 2), rot, ND_C));
  assert_int_equal(nd_dtype_of(w), ND_COMPLEX128);
  double re, im;
  nd_get_complex(w, (int64_t[]){0}, &re, &im);
  assert_true(fabs(re) < 1e-15 && fabs(im - 1) < 1e-15);
  w = nd_linalg_eigvals(nd_from_data(ND_FLOAT32, ND_SHAPE(2, 2), (float[]){2, 0, 0, 1}, ND_C));
  assert_int_equal(nd_dtype_of(w), ND_FLOAT32);
  w = nd_linalg_eigvals(nd_from_data(ND_FLOAT64, ND_SHAPE(2, 2), dg, ND_C));
  assert_int_equal(nd_dtype_of(w), ND_FLOAT64);
  nd_get_double(w, (int64_t[]){0}, &re);
  assert_true(re == 2);
  assert_int_equal(nd_dtype_of(nd_linalg_eigvals(nd_from_data(ND_FLOAT32, ND_SHAPE(2, 2), (float[]){0, -1, 1, 0}, ND_C))),
                   ND_COMPLEX64);
  double bad[4] = {1, NAN, 0, 1};
  nd_array *stack = nd_zeros(ND_FLOAT64, ND_SHAPE(4, 2, 2), ND_C);
  nd_assign(nd_index(stack, "2"), nd_from_data(ND_FLOAT64, ND_SHAPE(2, 2), bad, ND_C));
  TH_EXPECT_ERROR(nd_linalg_eigvals(stack), ND_ERR_LINALG, "eigvals: matrix 2 of the batch contains infinities or NaNs");
  /* the SVD family refuses them too (NumPy: "SVD did not converge"), never a garbage S */
  nd_array *u, *sv, *vh;
  TH_EXPECT_ERROR(nd_linalg_svd(stack, false, &u, &sv, &vh), ND_ERR_LINALG,
                     "svd: matrix 2 of the batch contains infinities or NaNs (SVD did not converge)");
  TH_EXPECT_ERROR(nd_linalg_svdvals(stack), ND_ERR_LINALG, "svdvals: matrix 2 of the batch contains infinities");
  TH_EXPECT_ERROR(nd_linalg_pinv(stack, -1), ND_ERR_LINALG, "pinv: matrix 2 of the batch contains infinities");
  TH_EXPECT_ERROR(nd_linalg_matrix_rank(stack, -1), ND_ERR_LINALG, "matrix_rank: matrix 2");
  TH_EXPECT_ERROR(nd_linalg_matrix_norm(stack, false, ND_NORM_2), ND_ERR_LINALG, "matrix_norm: matrix 2");
  nd_assign(nd_index(stack, "2"), nd_from_data(ND_FLOAT64, ND_SHAPE(2, 2), (double[]){1, 0, INFINITY, 1}, ND_C));
  TH_EXPECT_ERROR(nd_linalg_matrix_norm(nd_astype(stack, ND_COMPLEX64), false, ND_NORM_NUC), ND_ERR_LINALG,
                  "matrix_norm: matrix 2 of the batch contains infinities");
  nd_array *v;
  assert_int_equal(nd_linalg_eig(nd_ones(ND_FLOAT64, ND_SHAPE(0, 0), ND_C), &w, &v), ND_OK);
  th_assert_shape(v, 2, (int64_t[]){0, 0});
  nd_release(w);
  nd_release(v);
  TH_EXPECT_ERROR(nd_linalg_eig(nd_ones(ND_FLOAT64, ND_SHAPE(2, 3), ND_C), &w, &v), ND_ERR_SHAPE, "eig: needs square");
  nd_scope_end();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_cholesky), cmocka_unit_test(test_qr),   cmocka_unit_test(test_svd),
      cmocka_unit_test(test_seed000),  cmocka_unit_test(test_eigh), cmocka_unit_test(test_eig),
  };
  return TH_RUN(tests);
}
