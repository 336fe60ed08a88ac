/* Matrix functions (nd/matfunc.h) and the Schur form: expm against the eigendecomposition
 * of Hermitian matrices and exact triangular and nilpotent cases, expm(A) expm(-A) = I;
 * sqrtm(A)^2 = A and expm(logm(A)) = A with real results where SciPy's are real; Schur
 * and polar factors; fractional powers, the inverse square root with a cut-off and a
 * callback on eigenvalues; on every layout and dtype, with every error path. SciPy's
 * values are compared in tests/python/test_matfunc.py. */
#include "la_check.h"

static const int64_t sh[3] = {3, 4, 4};

static nd_array *mm(nd_array *x, nd_array *y) { return nd_matmul(x, y); }

/* f(h) = V diag(f(w)) V^H from nd_linalg_eigh, in complex128 (the reference) */
static nd_array *spectral_ref(nd_array *h, double complex (*f)(double)) {
  nd_array *w = NULL, *v = NULL;
  nd_linalg_eigh(la_z(h), &w, &v);
  nd_array *fw = nd_zeros(ND_COMPLEX128, nd_ndim(w), nd_shape(w), ND_C);
  for (int64_t i = 0; i < nd_size(w); i++) {
    double complex z = f(((double *)nd_data(w))[i]);
    ((double *)nd_data(fw))[2 * i] = creal(z);
    ((double *)nd_data(fw))[2 * i + 1] = cimag(z);
  }
  nd_array *r = mm(mm(v, la_diag(fw)), la_h(v));
  nd_release(w);
  nd_release(v);
  nd_release(fw);
  return r;
}

static double complex f_exp(double x) { return exp(x); }
static double complex f_sqrt(double x) { return sqrt(x); }
static double complex f_inv_sqrt(double x) { return 1 / sqrt(x); }
static double complex f_pow(double x) { return pow(x, 0.3); }

/* A Hermitian stack of modest norm (exp of it stays moderate): la_herm / 16 */
static nd_array *small_herm(nd_dtype t, unsigned seed) {
  nd_array *h = la_herm(t, 3, sh, seed);
  if (nd_dtype_kind(t) != 'f' && nd_dtype_kind(t) != 'c') return h; /* integers stay as they are */
  nd_array *s = nd_multiply_scalar(h, ND_FLOAT(1.0 / 16));
  nd_release(h);
  return s;
}

static void test_expm(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d], rt = la_result_dtype(t);
    bool exact = nd_dtype_kind(t) == 'f' || nd_dtype_kind(t) == 'c';
    nd_array *hs = small_herm(t, (unsigned)d + 1);
    double tol = la_tol(rt) * 20;
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *h = la_relayout(hs, (th_layout)L), *e = nd_linalg_expm(h);
      if (!e) fail_msg("%s %s: %s", nd_dtype_name(t), th_layout_names[L], nd_last_error());
      assert_int_equal(nd_dtype_of(e), rt);
      if (exact) la_close(e, spectral_ref(h, f_exp), tol, "expm(h) = V exp(w) V^H");
      /* a general matrix: expm(a) expm(-a) = I */
      nd_array *a = la_relayout(nd_multiply_scalar(th_make(ND_COMPLEX128, 3, sh, TH_C, (unsigned)d), ND_FLOAT(0.05)),
                                (th_layout)L);
      nd_array *ea = nd_linalg_expm(a), *eb = nd_linalg_expm(nd_negative(a));
      la_close(mm(ea, eb), la_eye_like(ea), 1e-12, "expm(a) expm(-a) = I");
      nd_scope_end();
    }
    nd_release(hs);
  }
  nd_scope_begin();
  /* triangular and nilpotent: exact values; large norms take the scaling path */
  const double tri[4] = {1, 2, 0, 3}, want[4] = {M_E, 2 * (exp(3) - M_E) / 2, 0, exp(3)};
  la_close(nd_linalg_expm(nd_from_data(ND_FLOAT64, ND_SHAPE(2, 2), tri, ND_C)),
           nd_from_data(ND_FLOAT64, ND_SHAPE(2, 2), want, ND_C), 1e-15, "2 x 2 triangular");
  const double big[4] = {10, 1e6, 0, 10 + 1e-10}, bigw[4] = {exp(10), 1e6 * exp(10) * 1.00000000005, 0, exp(10 + 1e-10)};
  la_close(nd_linalg_expm(nd_from_data(ND_FLOAT64, ND_SHAPE(2, 2), big, ND_C)),
           nd_from_data(ND_FLOAT64, ND_SHAPE(2, 2), bigw, ND_C), 1e-14, "triangular, close diagonal, large off-diagonal");
  const double nil[9] = {0, 1, 0, 0, 0, 1, 0, 0, 0}, nilw[9] = {1, 1, 0.5, 0, 1, 1, 0, 0, 1};
  th_assert_same_values(nd_linalg_expm(nd_from_data(ND_FLOAT64, ND_SHAPE(3, 3), nil, ND_C)),
                        nd_from_data(ND_FLOAT64, ND_SHAPE(3, 3), nilw, ND_C));
  nd_array *z = nd_zeros(ND_FLOAT32, ND_SHAPE(2, 3, 3), ND_C);
  th_assert_same_values(nd_linalg_expm(z), nd_broadcast_to(nd_eye(ND_FLOAT32, 3, -1, 0), ND_SHAPE(2, 3, 3)));
  /* expm(2a) = expm(a)^2 at norms that need squarings */
  nd_array *a = th_make(ND_FLOAT64, ND_SHAPE(6, 6), TH_C, 3);
  nd_array *a2 = nd_multiply_scalar(a, ND_FLOAT(0.2)), *a4 = nd_multiply_scalar(a, ND_FLOAT(0.4));
  nd_array *e2 = nd_linalg_expm(a2);
  la_close(nd_linalg_expm(a4), mm(e2, e2), 1e-9, "expm(2a) = expm(a)^2");
  th_assert_shape(nd_linalg_expm(nd_ones(ND_FLOAT64, ND_SHAPE(2, 0, 0), ND_C)), 3, (int64_t[]){2, 0, 0});
  nd_scope_end();
}

static void test_sqrtm_logm(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d], rt = la_result_dtype(t);
    nd_array *ps = la_hpd(t, 3, sh, (unsigned)d + 2);
    double tol = la_tol(rt) * 100;
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *p = la_relayout(ps, (th_layout)L), *s = nd_linalg_sqrtm(p), *l = nd_linalg_logm(p);
      if (!s || !l) fail_msg("%s %s: %s", nd_dtype_name(t), th_layout_names[L], nd_last_error());
      /* positive definite: real stays real */
      assert_int_equal(nd_dtype_of(s), rt);
      assert_int_equal(nd_dtype_of(l), rt);
      la_close(mm(la_z(s), la_z(s)), p, tol, "sqrtm^2 = a");
      la_close(s, spectral_ref(p, f_sqrt), tol, "sqrtm = V sqrt(w) V^H");
      la_close(nd_linalg_expm(la_z(l)), p, tol * 10, "expm(logm(a)) = a");
      /* a general matrix with eigenvalues away from the negative axis */
      nd_array *g = la_relayout(nd_add(th_make(t == ND_BOOL ? ND_FLOAT64 : t, 3, sh, TH_C, (unsigned)d),
                                       nd_multiply_scalar(nd_eye(ND_FLOAT64, 4, -1, 0), ND_FLOAT(300))),
                                (th_layout)L);
      nd_array *gs = nd_linalg_sqrtm(g), *gl = nd_linalg_logm(g);
      la_close(mm(la_z(gs), la_z(gs)), g, tol, "sqrtm^2 = g");
      la_close(nd_linalg_expm(la_z(gl)), g, tol * 10, "expm(logm(g)) = g");
      nd_scope_end();
    }
    nd_release(ps);
  }
  nd_scope_begin();
  /* a negative eigenvalue: complex results, on SciPy's branch (+i) */
  const double neg[4] = {-1, 0, 0, 4};
  nd_array *n = nd_from_data(ND_FLOAT64, ND_SHAPE(2, 2), neg, ND_C), *s = nd_linalg_sqrtm(n);
  assert_int_equal(nd_dtype_of(s), ND_COMPLEX128);
  double re, im;
  th_get(s, (int64_t[]){0, 0}, &re, &im);
  assert_true(fabs(re) < 1e-15 && fabs(im - 1) < 1e-15);
  nd_array *l = nd_linalg_logm(n);
  assert_int_equal(nd_dtype_of(nd_linalg_logm(nd_astype(n, ND_FLOAT32))), ND_COMPLEX64);
  th_get(l, (int64_t[]){0, 0}, &re, &im);
  assert_true(fabs(re) < 1e-13 && fabs(im - M_PI) < 1e-13);
  /* a rotation: complex eigenvalues, real logarithm [[0, pi/2], [-pi/2, 0]] */
  const double rot[4] = {0, 1, -1, 0}, lrot[4] = {0, M_PI / 2, -M_PI / 2, 0};
  nd_array *lr = nd_linalg_logm(nd_from_data(ND_FLOAT64, ND_SHAPE(2, 2), rot, ND_C));
  assert_int_equal(nd_dtype_of(lr), ND_FLOAT64);
  la_close(lr, nd_from_data(ND_FLOAT64, ND_SHAPE(2, 2), lrot, ND_C), 1e-15, "logm(rotation)");
  /* logm(I) = 0, sqrtm(0) = 0 (a non-defective zero eigenvalue), sqrtm(I) = I */
  th_assert_same_values(nd_linalg_logm(nd_eye(ND_FLOAT64, 3, -1, 0)), nd_zeros(ND_FLOAT64, ND_SHAPE(3, 3), ND_C));
  th_assert_same_values(nd_linalg_sqrtm(nd_zeros(ND_FLOAT64, ND_SHAPE(3, 3), ND_C)), nd_zeros(ND_FLOAT64, ND_SHAPE(3, 3), ND_C));
  const double jord[4] = {0, 1, 0, 0};
  nd_array *j = nd_from_data(ND_FLOAT64, ND_SHAPE(2, 2), jord, ND_C);
  TH_EXPECT_ERROR(nd_linalg_sqrtm(j), ND_ERR_LINALG, "sqrtm: the matrix is singular and has no square root");
  TH_EXPECT_ERROR(nd_linalg_logm(j), ND_ERR_LINALG, "logm: the matrix is singular and has no logarithm");
  nd_array *st = nd_stack(2, (nd_array *[]){nd_eye(ND_FLOAT64, 2, -1, 0), j}, 0);
  TH_EXPECT_ERROR(nd_linalg_sqrtm(st), ND_ERR_LINALG, "sqrtm: matrix 1 of the batch is singular");
  th_assert_shape(nd_linalg_logm(nd_ones(ND_COMPLEX64, ND_SHAPE(0, 2, 2), ND_C)), 3, (int64_t[]){0, 2, 2});
  /* a triangular matrix far from I takes square roots before the Padé approximant */
  const double ut[9] = {1e3, 5, 1, 0, 2e-3, 7, 0, 0, 0.5};
  nd_array *u = nd_from_data(ND_FLOAT64, ND_SHAPE(3, 3), ut, ND_C);
  la_close(nd_linalg_expm(nd_linalg_logm(u)), u, 1e-12, "expm(logm(u)) = u");
  nd_scope_end();
}

static void test_schur_polar(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d], rt = la_result_dtype(t);
    nd_array *src = th_make(t, 3, sh, TH_C, (unsigned)d + 4), *rect = th_make(t, ND_SHAPE(2, 5, 3), TH_C, (unsigned)d);
    double tol = la_tol(rt) * 100;
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *a = la_relayout(src, (th_layout)L);
      for (int c = 0; c < 2; c++) {
        nd_array *T = NULL, *Z = NULL;
        assert_int_equal(nd_linalg_schur(a, c, &T, &Z), ND_OK);
        bool cplx = c || nd_dtype_kind(t) == 'c';
        assert_int_equal(nd_dtype_kind(nd_dtype_of(T)), cplx ? 'c' : 'f');
        la_close(mm(mm(la_z(Z), la_z(T)), la_h(Z)), a, tol, "Z T Z^H = a");
        nd_array *g = mm(la_h(Z), la_z(Z));
        la_close(g, la_eye_like(g), tol, "Z unitary");
        /* below the first subdiagonal (complex: the diagonal) T is zero */
        int64_t idx[3] = {0};
        do {
          double re, im;
          th_get(T, idx, &re, &im);
          if (idx[1] > idx[2] + (cplx ? 0 : 1)) assert_true(re == 0 && im == 0);
        } while (th_next(3, sh, idx));
      }
      for (int left = 0; left < 2; left++) {
        nd_array *r = la_relayout(rect, (th_layout)L), *U = NULL, *P = NULL;
        assert_int_equal(nd_linalg_polar(r, left, &U, &P), ND_OK);
        assert_int_equal(nd_dtype_of(U), rt);
        th_assert_shape(P, 3, left ? (int64_t[]){2, 5, 5} : (int64_t[]){2, 3, 3});
        la_close(left ? mm(la_z(P), la_z(U)) : mm(la_z(U), la_z(P)), r, tol, "polar: a = U P / P U");
        la_close(P, la_h(P), tol, "P Hermitian");
        nd_array *w = nd_linalg_eigvalsh(la_z(P)), *m = nd_min(w, -1, NULL, false);
        double mn;
        nd_item_double(m, &mn);
        assert_true(mn > -tol * 100);
        nd_array *g = mm(la_h(U), la_z(U));
        la_close(g, la_eye_like(g), tol, "U^H U = I");
      }
      nd_scope_end();
    }
    nd_release(src);
    nd_release(rect);
  }
}

/* Callbacks for funm_hermitian */
static nd_array *cb_exp(const nd_array *w, void *ctx) { return nd_exp(w); }
static nd_array *cb_phase(const nd_array *w, void *ctx) { /* exp(-i t w), t = *(double *)ctx */
  nd_array *iw = nd_multiply_scalar(w, ND_COMPLEX(0, -*(double *)ctx)), *e = nd_exp(iw);
  nd_release(iw);
  return e;
}
static nd_array *cb_null(const nd_array *w, void *ctx) { return NULL; }
static nd_array *cb_error(const nd_array *w, void *ctx) {
  nd_set_error(ND_ERR_VALUE, "my function: out of domain");
  return NULL;
}
static nd_array *cb_shape(const nd_array *w, void *ctx) { return nd_ones(ND_FLOAT64, ND_SHAPE(7), ND_C); }
static nd_array *cb_int(const nd_array *w, void *ctx) { return nd_ones(ND_INT32, 0, NULL, ND_C); }

static void test_hermitian(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d], rt = la_result_dtype(t);
    nd_array *ps = la_hpd(t, 3, sh, (unsigned)d + 8);
    double tol = la_tol(rt) * 100;
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *p = la_relayout(ps, (th_layout)L);
      nd_array *h = nd_linalg_fractional_matrix_power(p, 0.5);
      if (!h) fail_msg("%s %s: %s", nd_dtype_name(t), th_layout_names[L], nd_last_error());
      assert_int_equal(nd_dtype_of(h), rt);
      la_close(mm(la_z(h), la_z(h)), p, tol, "(a^0.5)^2 = a");
      la_close(nd_linalg_fractional_matrix_power(p, 0.3), spectral_ref(p, f_pow), tol, "a^0.3");
      nd_array *inv = nd_linalg_fractional_matrix_power(p, -1);
      la_close(mm(la_z(inv), la_z(p)), la_eye_like(p), tol, "a^-1 a = I");
      la_close(nd_linalg_fractional_matrix_power(p, 0), la_eye_like(p), tol, "a^0 = I");
      nd_array *x = nd_linalg_inv_sqrtm_hermitian(p, -1);
      assert_int_equal(nd_dtype_of(x), rt);
      la_close(x, spectral_ref(p, f_inv_sqrt), tol, "a^-1/2");
      la_close(mm(mm(la_z(x), la_z(p)), la_z(x)), la_eye_like(p), tol, "X S X = I");
      nd_array *f = nd_linalg_funm_hermitian(p, cb_exp, NULL);
      if (nd_dtype_kind(t) == 'f' || nd_dtype_kind(t) == 'c') {
        nd_array *ps16 = nd_multiply_scalar(p, ND_FLOAT(1.0 / 64));
        la_close(nd_linalg_funm_hermitian(ps16, cb_exp, NULL), nd_linalg_expm(ps16), tol, "funm_hermitian(exp) = expm");
      }
      assert_int_equal(nd_dtype_of(f), rt);
      double time = 0.7;
      nd_array *u = nd_linalg_funm_hermitian(p, cb_phase, &time);
      assert_int_equal(nd_dtype_kind(nd_dtype_of(u)), 'c');
      nd_array *g = mm(la_h(u), la_z(u));
      la_close(g, la_eye_like(g), tol, "exp(-i t h) unitary");
      nd_scope_end();
    }
    nd_release(ps);
  }
  nd_scope_begin();
  /* a near-singular overlap: the cut-off leaves the small eigenvalue out; X S X is then the
   * projector onto the kept space (idempotent, trace 2) */
  const double s[9] = {1, 1 - 1e-13, 0, 1 - 1e-13, 1, 0, 0, 0, 1};
  nd_array *S = nd_from_data(ND_FLOAT64, ND_SHAPE(3, 3), s, ND_C), *X = nd_linalg_inv_sqrtm_hermitian(S, 1e-8);
  nd_array *P = mm(mm(X, S), X);
  la_close(mm(P, P), P, 1e-12, "projector");
  double tr;
  nd_item_double(nd_trace(P, 0, 0, 1), &tr);
  assert_true(fabs(tr - 2) < 1e-12);
  /* errors */
  const double ns[4] = {1, 2, 0, 1}, ind[4] = {1, 0, 0, -1};
  TH_EXPECT_ERROR(nd_linalg_fractional_matrix_power(nd_from_data(ND_FLOAT64, ND_SHAPE(2, 2), ns, ND_C), 0.5), ND_ERR_VALUE,
                  "fractional_matrix_power: the matrix is not Hermitian (only Hermitian positive semidefinite");
  TH_EXPECT_ERROR(nd_linalg_fractional_matrix_power(nd_from_data(ND_FLOAT64, ND_SHAPE(2, 2), ind, ND_C), 0.5), ND_ERR_LINALG,
                  "fractional_matrix_power: the matrix is not positive semidefinite (eigenvalue -1)");
  nd_array *sing = nd_stack(2, (nd_array *[]){nd_eye(ND_FLOAT64, 2, -1, 0), nd_zeros(ND_FLOAT64, ND_SHAPE(2, 2), ND_C)}, 0);
  TH_EXPECT_ERROR(nd_linalg_fractional_matrix_power(sing, -0.5), ND_ERR_LINALG,
                  "fractional_matrix_power: matrix 1 of the batch is singular (a negative power of a zero eigenvalue)");
  assert_non_null(nd_linalg_fractional_matrix_power(sing, 0.5)); /* semidefinite: fine */
  TH_EXPECT_ERROR(nd_linalg_fractional_matrix_power(S, INFINITY), ND_ERR_VALUE,
                  "fractional_matrix_power: the power must be finite (got inf)");
  TH_EXPECT_ERROR(nd_linalg_funm_hermitian(S, cb_null, NULL), ND_ERR_VALUE, "funm_hermitian: the function failed");
  TH_EXPECT_ERROR(nd_linalg_funm_hermitian(S, cb_error, NULL), ND_ERR_VALUE, "my function: out of domain");
  TH_EXPECT_ERROR(nd_linalg_funm_hermitian(S, cb_shape, NULL), ND_ERR_SHAPE,
                  "funm_hermitian: f(w) of shape [7] does not broadcast to the eigenvalues' shape [3]");
  la_close(nd_linalg_funm_hermitian(S, cb_int, NULL), nd_eye(ND_FLOAT64, 3, -1, 0), 1e-15, "integer f(w)");
  TH_EXPECT_ERROR(nd_linalg_funm_hermitian(S, NULL, NULL), ND_ERR_NULL, "funm_hermitian");
  TH_EXPECT_ERROR(nd_linalg_inv_sqrtm_hermitian(nd_ones(ND_FLOAT64, ND_SHAPE(2, 3), ND_C), -1), ND_ERR_SHAPE,
                  "inv_sqrtm_hermitian: needs square matrices");
  nd_scope_end();
}

static void test_errors(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *nan = nd_eye(ND_FLOAT64, 3, -1, 0);
  nd_set_double(nan, (int64_t[]){0, 2}, NAN);
  TH_EXPECT_ERROR(nd_linalg_expm(nan), ND_ERR_LINALG, "expm: the matrix contains infinities or NaNs");
  TH_EXPECT_ERROR(nd_linalg_sqrtm(nan), ND_ERR_LINALG, "sqrtm: the matrix contains infinities or NaNs");
  TH_EXPECT_ERROR(nd_linalg_logm(nan), ND_ERR_LINALG, "logm: the matrix contains infinities or NaNs");
  nd_array *t, *z;
  TH_EXPECT_ERROR(nd_linalg_schur(nan, false, &t, &z), ND_ERR_LINALG, "schur: the matrix contains infinities or NaNs");
  TH_EXPECT_ERROR(nd_linalg_polar(nan, false, &t, &z), ND_ERR_LINALG, "polar: the matrix contains infinities or NaNs");
  nd_set_double(nan, (int64_t[]){2, 0}, INFINITY);
  TH_EXPECT_ERROR(nd_linalg_inv_sqrtm_hermitian(nan, -1), ND_ERR_LINALG, "inv_sqrtm_hermitian: the matrix contains infinities or NaNs");
  nd_array *r = nd_ones(ND_FLOAT64, ND_SHAPE(2, 3), ND_C);
  TH_EXPECT_ERROR(nd_linalg_expm(r), ND_ERR_SHAPE, "expm: needs square matrices, got shape [2,3] (2 x 3)");
  TH_EXPECT_ERROR(nd_linalg_logm(nd_ones(ND_FLOAT64, ND_SHAPE(3), ND_C)), ND_ERR_SHAPE, "logm: needs a matrix");
  TH_EXPECT_ERROR(nd_linalg_schur(r, true, &t, &z), ND_ERR_SHAPE, "schur: needs square matrices");
  TH_EXPECT_ERROR(nd_linalg_polar(nd_ones(ND_FLOAT64, 0, NULL, ND_C), false, &t, &z), ND_ERR_SHAPE, "polar: needs a matrix");
  TH_EXPECT_ERROR(nd_linalg_schur(r, true, NULL, &z), ND_ERR_NULL, "schur");
  TH_EXPECT_ERROR(nd_linalg_polar(r, true, &t, NULL), ND_ERR_NULL, "polar");
  TH_EXPECT_ERROR(nd_linalg_expm(NULL), ND_ERR_NULL, "expm");
  TH_EXPECT_ERROR(nd_linalg_sqrtm(NULL), ND_ERR_NULL, "sqrtm");
  TH_EXPECT_ERROR(nd_linalg_fractional_matrix_power(NULL, 1), ND_ERR_NULL, "fractional_matrix_power");
  nd_scope_end();
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_expm), cmocka_unit_test(test_sqrtm_logm),
                                     cmocka_unit_test(test_schur_polar), cmocka_unit_test(test_hermitian),
                                     cmocka_unit_test(test_errors)};
  return TH_RUN(tests);
}
