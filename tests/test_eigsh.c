/* The iterative eigensolvers (nd/iterative.h): Lanczos and Davidson against nd_linalg_eigh
 * on matrices of known spectrum in every dtype and layout, both ends of the spectrum,
 * degenerate eigenvalues, k near and equal to n; matrix-free operators (real and complex
 * Hermitian, single precision, with and without a diagonal); every error path. */
#include "la_check.h"

/* ---- matrices of known spectrum ----------------------------------------------------- */

/* Q diag(lam) Q^H with Q unitary (orthogonal for real dtypes) from the QR of a random
 * matrix, in dtype t (real dtypes get the real part: Q is real there). */
static nd_array *with_spectrum(nd_dtype t, int64_t n, const double *lam, unsigned seed) {
  bool cplx = nd_dtype_is_complex(t);
  nd_array *r = th_make(cplx ? ND_COMPLEX128 : ND_FLOAT64, ND_SHAPE(n, n), TH_C, seed), *q = NULL, *rr = NULL;
  assert_int_equal(nd_linalg_qr(r, ND_QR_REDUCED, &q, &rr), ND_OK);
  nd_array *l = nd_from_data(ND_FLOAT64, 1, &n, lam, ND_C);
  nd_array *a = nd_matmul(nd_matmul(la_z(q), la_diag(l)), la_h(q));
  nd_array *out = nd_astype(cplx ? a : nd_real(a), t);
  nd_release(r);
  nd_release(q);
  nd_release(rr);
  nd_release(l);
  return out;
}

/* The largest 2-norm of the columns of x (any dtype) and of x alone for 1-D. */
static double max_col_norm(const nd_array *x) {
  int nd = nd_ndim(x);
  int64_t rows = nd_shape(x)[0], cols = nd == 2 ? nd_shape(x)[1] : 1, worst = 0;
  double out = 0;
  for (int64_t c = 0; c < cols; c++) {
    double s = 0;
    for (int64_t r = 0; r < rows; r++) {
      double re, im;
      th_get(x, nd == 2 ? (int64_t[]){r, c} : (int64_t[]){r}, &re, &im);
      s += re * re + im * im;
    }
    if (sqrt(s) > out) out = sqrt(s), worst = c;
  }
  (void)worst;
  return out;
}

/* Checks (w, v) as the k lowest (or highest) eigenpairs of the Hermitian a: each
 * eigenvalue against nd_linalg_eigvalsh and each residual ||a v_i - w_i v_i|| within
 * tol * ||a||, and v^H v = I within tol. */
static void check_pairs(const nd_array *a, const nd_array *w, const nd_array *v, int64_t k, nd_eigsh_which which,
                        double tol, const char *what) {
  int64_t n = nd_shape(a)[0];
  nd_array *all = nd_linalg_eigvalsh(la_z(a));
  double anorm = 0;
  for (int64_t i = 0; i < n; i++) {
    double x;
    nd_get_double(all, &i, &x);
    if (fabs(x) > anorm) anorm = fabs(x);
  }
  th_assert_shape(w, 1, &k);
  th_assert_shape(v, 2, (int64_t[]){n, k});
  char spec[32];
  snprintf(spec, sizeof spec, which == ND_EIGSH_SA ? "0:%lld" : "%lld:", (long long)(which == ND_EIGSH_SA ? k : n - k));
  nd_array *want = nd_index(all, spec);
  double ew = max_col_norm(nd_abs(nd_subtract(la_z(w), want)));
  nd_array *av = nd_matmul(la_z(a), la_z(v)), *vw = nd_matmul(la_z(v), la_diag(w));
  double er = max_col_norm(nd_subtract(av, vw));
  double eo = max_col_norm(nd_subtract(nd_matmul(la_h(v), la_z(v)), nd_eye(ND_COMPLEX128, k, k, 0)));
  if (!(ew <= tol * anorm) || !(er <= tol * anorm) || !(eo <= tol))
    fail_msg("%s: k=%lld: eigenvalue error %.3g, residual %.3g (||A|| %.3g), orthogonality %.3g; tolerance %.3g", what,
             (long long)k, ew, er, anorm, eo, tol);
}

static nd_dtype result_of(nd_dtype t) {
  if (t == ND_FLOAT32 || t == ND_COMPLEX64) return t;
  return nd_dtype_is_complex(t) ? ND_COMPLEX128 : ND_FLOAT64;
}

/* Every dtype and layout, both methods, both ends. */
static void test_matrix_dtypes_layouts(void **state) {
  (void)state;
  const nd_dtype types[] = {ND_FLOAT64, ND_COMPLEX128, ND_FLOAT32, ND_COMPLEX64};
  enum { N = 40 };
  double lam[N];
  for (int i = 0; i < N; i++) lam[i] = -3.0 + 0.25 * i + 0.01 * i * i;
  for (size_t d = 0; d < sizeof types / sizeof types[0]; d++) {
    nd_scope_begin();
    nd_array *src = with_spectrum(types[d], N, lam, 11 + (unsigned)d);
    for (int L = 0; L < TH_BROADCAST; L++) {
      nd_array *a = la_relayout(src, (th_layout)L);
      for (int method = ND_EIGSH_LANCZOS; method <= ND_EIGSH_DAVIDSON; method++)
        for (int which = ND_EIGSH_SA; which <= ND_EIGSH_LA; which++) {
          nd_array *w = NULL, *v = NULL;
          nd_eigsh_info info;
          nd_eigsh_options o = {.which = (nd_eigsh_which)which, .method = (nd_eigsh_method)method};
          nd_status st = nd_linalg_eigsh_ex(a, 4, &o, &w, &v, &info);
          if (st) fail_msg("%s %s: %s", nd_dtype_name(types[d]), th_layout_names[L], nd_last_error());
          assert_int_equal(nd_dtype_of(v), result_of(types[d]));
          assert_int_equal(nd_dtype_of(w), nd_dtype_is_complex(result_of(types[d])) ? (result_of(types[d]) == ND_COMPLEX64 ? ND_FLOAT32 : ND_FLOAT64) : result_of(types[d]));
          assert_true(nd_is_contiguous(v, ND_C));
          assert_int_equal(info.method, method);
          assert_true(info.iterations > 0 && info.matvecs >= info.iterations);
          assert_true(info.residual <= 1e-10);
          check_pairs(src, w, v, 4, (nd_eigsh_which)which, la_tol(result_of(types[d])) * 10, th_layout_names[L]);
        }
    }
    nd_scope_end();
  }
}

/* Integer and bool matrices give float64 (as nd_linalg_eigh): a path graph's Laplacian
 * and adjacency matrix. */
static void test_matrix_integer(void **state) {
  (void)state;
  nd_scope_begin();
  enum { N = 30 };
  int32_t lap[N * N] = {0};
  bool adj[N * N] = {false};
  for (int i = 0; i < N; i++) {
    lap[i * N + i] = (i == 0 || i == N - 1) ? 1 : 2;
    if (i + 1 < N) lap[i * N + i + 1] = lap[(i + 1) * N + i] = -1, adj[i * N + i + 1] = adj[(i + 1) * N + i] = true;
  }
  nd_array *a = nd_from_data(ND_INT32, ND_SHAPE(N, N), lap, ND_C), *w, *v;
  assert_int_equal(nd_linalg_eigsh(a, 3, ND_EIGSH_SA, &w, &v), ND_OK);
  assert_int_equal(nd_dtype_of(w), ND_FLOAT64);
  check_pairs(a, w, v, 3, ND_EIGSH_SA, 1e-9, "int32 Laplacian");
  /* the Laplacian of a path: 2 - 2 cos(pi j / N) */
  for (int64_t j = 0; j < 3; j++) {
    double x;
    nd_get_double(w, &j, &x);
    assert_true(fabs(x - (2 - 2 * cos(M_PI * (double)j / N))) < 1e-9);
  }
  nd_array *b = nd_from_data(ND_BOOL, ND_SHAPE(N, N), adj, ND_C);
  assert_int_equal(nd_linalg_eigsh(b, 2, ND_EIGSH_LA, &w, &v), ND_OK);
  check_pairs(b, w, v, 2, ND_EIGSH_LA, 1e-9, "bool adjacency");
  nd_scope_end();
}

/* Degenerate eigenvalues at both ends: every eigenvector of the eigenspace is found. */
static void test_degenerate(void **state) {
  (void)state;
  nd_scope_begin();
  enum { N = 50 };
  double lam[N];
  for (int i = 0; i < N; i++) lam[i] = i < 3 ? 1.0 : i >= N - 2 ? 9.0 : 1.5 + 0.1 * i;
  for (int cplx = 0; cplx < 2; cplx++) {
    nd_array *a = with_spectrum(cplx ? ND_COMPLEX128 : ND_FLOAT64, N, lam, 5);
    for (int method = ND_EIGSH_LANCZOS; method <= ND_EIGSH_DAVIDSON; method++) {
      nd_array *w, *v;
      nd_eigsh_options o = {.method = (nd_eigsh_method)method};
      assert_int_equal(nd_linalg_eigsh_ex(a, 3, &o, &w, &v, NULL), ND_OK);
      check_pairs(a, w, v, 3, ND_EIGSH_SA, 1e-9, "triple lowest");
      o.which = ND_EIGSH_LA;
      assert_int_equal(nd_linalg_eigsh_ex(a, 4, &o, &w, &v, NULL), ND_OK);
      check_pairs(a, w, v, 4, ND_EIGSH_LA, 1e-9, "double highest");
    }
  }
  nd_scope_end();
}

/* k near n and equal to n; small n; k = 0 and size 0; v may be NULL. */
static void test_sizes(void **state) {
  (void)state;
  nd_scope_begin();
  double lam[12];
  for (int i = 0; i < 12; i++) lam[i] = (double)(i * i % 7) - 2.0 + 0.01 * i;
  nd_array *a = with_spectrum(ND_FLOAT64, 12, lam, 3), *w, *v;
  for (int method = ND_EIGSH_LANCZOS; method <= ND_EIGSH_DAVIDSON; method++)
    for (int64_t k = 10; k <= 12; k++) {
      nd_eigsh_options o = {.method = (nd_eigsh_method)method};
      if (nd_linalg_eigsh_ex(a, k, &o, &w, &v, NULL)) fail_msg("k=%lld: %s", (long long)k, nd_last_error());
      check_pairs(a, w, v, k, ND_EIGSH_SA, 1e-9, "k near n");
      o.which = ND_EIGSH_LA;
      o.block = 5;
      if (nd_linalg_eigsh_ex(a, k, &o, &w, &v, NULL)) fail_msg("k=%lld LA: %s", (long long)k, nd_last_error());
      check_pairs(a, w, v, k, ND_EIGSH_LA, 1e-9, "k near n, block 5");
    }
  /* 1 x 1 */
  nd_array *one = nd_full(ND_FLOAT64, ND_SHAPE(1, 1), -2.5, ND_C);
  assert_int_equal(nd_linalg_eigsh(one, 1, ND_EIGSH_SA, &w, &v), ND_OK);
  check_pairs(one, w, v, 1, ND_EIGSH_SA, 1e-12, "1 x 1");
  /* k = 0 and an empty matrix: empty results, the operator never called */
  assert_int_equal(nd_linalg_eigsh(a, 0, ND_EIGSH_SA, &w, &v), ND_OK);
  th_assert_shape(w, 1, (int64_t[]){0});
  th_assert_shape(v, 2, (int64_t[]){12, 0});
  assert_int_equal(nd_linalg_eigsh(nd_zeros(ND_COMPLEX64, ND_SHAPE(0, 0), ND_C), 0, ND_EIGSH_LA, &w, &v), ND_OK);
  th_assert_shape(v, 2, (int64_t[]){0, 0});
  assert_int_equal(nd_dtype_of(v), ND_COMPLEX64);
  /* eigenvalues only */
  nd_array *w2;
  assert_int_equal(nd_linalg_eigsh(a, 2, ND_EIGSH_SA, &w2, NULL), ND_OK);
  la_close(w2, nd_index(nd_linalg_eigvalsh(a), "0:2"), 1e-9, "values only");
  /* the zero matrix */
  assert_int_equal(nd_linalg_eigsh(nd_zeros(ND_FLOAT64, ND_SHAPE(9, 9), ND_C), 2, ND_EIGSH_SA, &w, &v), ND_OK);
  la_close(w, nd_zeros(ND_FLOAT64, ND_SHAPE(2), ND_C), 0, "zero matrix");
  nd_scope_end();
}

/* ---- matrix-free operators ---------------------------------------------------------- */

/* A ring of n sites with hopping -e^{+-i alpha} and on-site potential pot * i / n:
 * y_i = -e^{i alpha} x_{i+1} - e^{-i alpha} x_{i-1} + pot (i / n) x_i. Without potential
 * its eigenvalues are -2 cos(2 pi m / n + alpha). */
typedef struct ring {
  int64_t n;
  double alpha, pot;
  int calls;
  int fail_at;      /* fail on this call (1-based), 0: never */
  bool set_message; /* with a message of its own */
  bool nan_at_fail; /* return a NaN instead of failing */
  bool skew;        /* drop the backward hop: not Hermitian */
} ring;

static nd_status ring_apply(const nd_array *x, nd_array *y, void *ctx) {
  ring *r = ctx;
  r->calls++;
  assert_false(nd_is_writeable(x));
  assert_true(nd_is_contiguous(x, ND_F) && nd_is_contiguous(y, ND_F));
  int64_t n = r->n, b = nd_shape(x)[1];
  assert_int_equal(nd_shape(x)[0], n);
  if (r->fail_at == r->calls && !r->nan_at_fail) {
    if (r->set_message) nd_set_error(ND_ERR_VALUE, "ring: refusing block of %lld", (long long)b);
    return ND_ERR_VALUE;
  }
  nd_dtype t = nd_dtype_of(x);
  double complex f = cexp(I * r->alpha), g = r->skew ? 0 : conj(f);
  for (int64_t c = 0; c < b; c++)
    for (int64_t i = 0; i < n; i++) {
      int64_t nx = (i + 1) % n, pv = (i + n - 1) % n, at = i + c * n;
      double complex xi, xn, xp, yi;
#define RING_LOAD(T) \
  xi = ((T *)nd_data(x))[at], xn = ((T *)nd_data(x))[nx + c * n], xp = ((T *)nd_data(x))[pv + c * n]
      if (t == ND_FLOAT64) RING_LOAD(double);
      else if (t == ND_FLOAT32) RING_LOAD(float);
      else if (t == ND_COMPLEX64) RING_LOAD(float complex);
      else RING_LOAD(double complex);
#undef RING_LOAD
      yi = -f * xn - g * xp + r->pot * (double)i / (double)n * xi;
      if (r->fail_at == r->calls && r->nan_at_fail && i == 3) yi = NAN;
      if (t == ND_FLOAT64) ((double *)nd_data(y))[at] = creal(yi);
      else if (t == ND_FLOAT32) ((float *)nd_data(y))[at] = (float)creal(yi);
      else if (t == ND_COMPLEX64) ((float complex *)nd_data(y))[at] = (float complex)yi;
      else ((double complex *)nd_data(y))[at] = yi;
    }
  return ND_OK;
}

/* The ring as a dense complex128 matrix (for references). */
static nd_array *ring_dense(const ring *r) {
  int64_t n = r->n;
  nd_array *a = nd_zeros(ND_COMPLEX128, ND_SHAPE(n, n), ND_C);
  double complex *d = nd_data(a), f = cexp(I * r->alpha);
  for (int64_t i = 0; i < n; i++) {
    d[i * n + (i + 1) % n] += -f;
    d[i * n + (i + n - 1) % n] += -conj(f);
    d[i * n + i] += r->pot * (double)i / (double)n;
  }
  return a;
}

/* Without potential: exact eigenvalues, real (degenerate pairs) and complex (a flux
 * lifts the degeneracy), both methods, both ends. */
static void test_operator_ring(void **state) {
  (void)state;
  nd_scope_begin();
  for (int cplx = 0; cplx < 2; cplx++) {
    ring r = {.n = 300, .alpha = cplx ? 0.3 : 0.0};
    nd_linop A = {.n = r.n, .dtype = cplx ? ND_COMPLEX128 : ND_FLOAT64, .apply = ring_apply, .ctx = &r};
    nd_array *dense = ring_dense(&r);
    for (int method = ND_EIGSH_LANCZOS; method <= ND_EIGSH_DAVIDSON; method++)
      for (int which = ND_EIGSH_SA; which <= ND_EIGSH_LA; which++) {
        nd_array *w, *v;
        nd_eigsh_info info;
        nd_eigsh_options o = {.which = (nd_eigsh_which)which, .method = (nd_eigsh_method)method};
        nd_status st = nd_linalg_eigsh_op(&A, 5, &o, &w, &v, &info);
        if (st) fail_msg("ring %d %d %d: %s", cplx, method, which, nd_last_error());
        assert_int_equal(nd_dtype_of(v), A.dtype);
        check_pairs(dense, w, v, 5, (nd_eigsh_which)which, 1e-9, "ring");
        assert_true(info.residual <= 1e-10);
        assert_true(info.anorm > 1.9 && info.anorm <= 2 + 1e-9); /* a lower bound of ||A|| */
      }
  }
  nd_scope_end();
}

/* With a potential and its diagonal (Davidson's preconditioner, AUTO's choice of it),
 * against the dense eigh; and single precision operators. */
static void test_operator_diagonal_single(void **state) {
  (void)state;
  nd_scope_begin();
  ring r = {.n = 200, .alpha = 0.7, .pot = 6.0};
  nd_array *diag = nd_multiply_scalar(nd_arange(ND_FLOAT64, 0, 200, 1), ND_FLOAT(6.0 / 200));
  nd_linop A = {.n = r.n, .dtype = ND_COMPLEX128, .apply = ring_apply, .ctx = &r, .diagonal = diag};
  nd_array *dense = ring_dense(&r), *w, *v;
  nd_eigsh_info info;
  assert_int_equal(nd_linalg_eigsh_op(&A, 3, NULL, &w, &v, &info), ND_OK);
  assert_int_equal(info.method, ND_EIGSH_DAVIDSON);
  check_pairs(dense, w, v, 3, ND_EIGSH_SA, 1e-9, "Davidson with diagonal");
  A.diagonal = NULL;
  assert_int_equal(nd_linalg_eigsh_op(&A, 3, NULL, &w, &v, &info), ND_OK);
  assert_int_equal(info.method, ND_EIGSH_LANCZOS);
  check_pairs(dense, w, v, 3, ND_EIGSH_SA, 1e-9, "Lanczos");
  /* complex64 and float32 operators: blocks in single precision, results too, tolerance
   * raised to 1e-5 */
  for (int cplx = 0; cplx < 2; cplx++) {
    ring rs = {.n = 120, .alpha = cplx ? 0.2 : 0.0, .pot = 1.0};
    nd_linop As = {.n = rs.n, .dtype = cplx ? ND_COMPLEX64 : ND_FLOAT32, .apply = ring_apply, .ctx = &rs};
    for (int method = ND_EIGSH_LANCZOS; method <= ND_EIGSH_DAVIDSON; method++) {
      nd_eigsh_options o = {.method = (nd_eigsh_method)method};
      assert_int_equal(nd_linalg_eigsh_op(&As, 2, &o, &w, &v, &info), ND_OK);
      assert_int_equal(nd_dtype_of(v), As.dtype);
      assert_int_equal(nd_dtype_of(w), ND_FLOAT32);
      assert_true(info.residual <= 1e-5);
      check_pairs(ring_dense(&rs), w, v, 2, ND_EIGSH_SA, 1e-4, "single precision");
    }
  }
  nd_scope_end();
}

/* A start vector that is an eigenvector converges at once; the seed changes the start. */
static void test_start_vector(void **state) {
  (void)state;
  nd_scope_begin();
  ring r = {.n = 64, .alpha = 0.0};
  nd_linop A = {.n = r.n, .dtype = ND_FLOAT64, .apply = ring_apply, .ctx = &r};
  nd_array *w, *v;
  nd_eigsh_info info;
  nd_eigsh_options o = {.v0 = nd_ones(ND_FLOAT32, ND_SHAPE(64), ND_C)}; /* the ground state */
  assert_int_equal(nd_linalg_eigsh_op(&A, 1, &o, &w, &v, &info), ND_OK);
  assert_true(info.iterations <= 3);
  la_close(w, nd_full(ND_FLOAT64, ND_SHAPE(1), -2.0, ND_C), 1e-12, "v0");
  /* [n, c] start blocks, any layout */
  o.v0 = nd_index(th_make(ND_FLOAT64, ND_SHAPE(64, 4), TH_NEGATIVE, 2), ":, 0:2");
  o.block = 2;
  assert_int_equal(nd_linalg_eigsh_op(&A, 3, &o, &w, &v, NULL), ND_OK);
  check_pairs(ring_dense(&r), w, v, 3, ND_EIGSH_SA, 1e-9, "v0 block");
  nd_scope_end();
}

/* ---- errors ------------------------------------------------------------------------ */

static void test_errors(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *w = NULL, *v = NULL, *a = nd_eye(ND_FLOAT64, 4, -1, 0);
  ring r = {.n = 100};
  nd_linop A = {.n = r.n, .dtype = ND_FLOAT64, .apply = ring_apply, .ctx = &r};
  nd_eigsh_options o = {0};
  /* arguments */
  TH_EXPECT_ERROR(nd_linalg_eigsh(a, 5, ND_EIGSH_SA, &w, &v), ND_ERR_VALUE,
                  "eigsh: k=5 is out of range for an operator of order 4 (0 <= k <= n)");
  TH_EXPECT_ERROR(nd_linalg_eigsh(a, -1, ND_EIGSH_SA, &w, &v), ND_ERR_VALUE, "eigsh: k=-1 is out of range");
  TH_EXPECT_ERROR(nd_linalg_eigsh(a, 1, (nd_eigsh_which)7, &w, &v), ND_ERR_VALUE,
                  "eigsh: invalid which 7 (ND_EIGSH_SA or ND_EIGSH_LA)");
  o.method = (nd_eigsh_method)9;
  TH_EXPECT_ERROR(nd_linalg_eigsh_ex(a, 1, &o, &w, &v, NULL), ND_ERR_VALUE, "eigsh: invalid method 9");
  o = (nd_eigsh_options){.tol = -1};
  TH_EXPECT_ERROR(nd_linalg_eigsh_ex(a, 1, &o, &w, &v, NULL), ND_ERR_VALUE,
                  "eigsh: tol must be positive and finite (got -1)");
  o = (nd_eigsh_options){.tol = NAN};
  TH_EXPECT_ERROR(nd_linalg_eigsh_ex(a, 1, &o, &w, &v, NULL), ND_ERR_VALUE, "eigsh: tol must be positive");
  o = (nd_eigsh_options){.block = -2};
  TH_EXPECT_ERROR(nd_linalg_eigsh_ex(a, 1, &o, &w, &v, NULL), ND_ERR_VALUE, "eigsh: block must not be negative (got -2");
  o = (nd_eigsh_options){.v0 = nd_ones(ND_FLOAT64, ND_SHAPE(5, 3), ND_C)};
  TH_EXPECT_ERROR(nd_linalg_eigsh_ex(a, 2, &o, &w, &v, NULL), ND_ERR_VALUE,
                  "eigsh: v0 of shape [5,3] does not fit an operator of order 4 with blocks of 2 (needs [4] or [4,c], c <= 2)");
  o = (nd_eigsh_options){.v0 = nd_ones(ND_COMPLEX128, ND_SHAPE(4), ND_C)};
  TH_EXPECT_ERROR(nd_linalg_eigsh_ex(a, 2, &o, &w, &v, NULL), ND_ERR_TYPE, "eigsh: v0 is complex128 but the operator is real");
  TH_EXPECT_ERROR(nd_linalg_eigsh(nd_ones(ND_FLOAT64, ND_SHAPE(2, 3, 3), ND_C), 1, ND_EIGSH_SA, &w, &v), ND_ERR_SHAPE_MATRIX,
                  "eigsh: a must be a square matrix, got shape [2,3,3]");
  TH_EXPECT_ERROR(nd_linalg_eigsh(nd_ones(ND_FLOAT64, ND_SHAPE(2, 3), ND_C), 1, ND_EIGSH_SA, &w, &v), ND_ERR_SHAPE,
                  "got shape [2,3]");
  nd_array *bad = nd_eye(ND_FLOAT64, 4, -1, 0);
  nd_set_double(bad, (int64_t[]){2, 1}, NAN);
  TH_EXPECT_ERROR(nd_linalg_eigsh(bad, 1, ND_EIGSH_SA, &w, &v), ND_ERR_LINALG, "eigsh: the matrix contains infinities or NaNs");
  nd_set_double(bad, (int64_t[]){2, 1}, 0);
  nd_set_double(bad, (int64_t[]){1, 2}, NAN); /* the upper triangle is not read */
  assert_int_equal(nd_linalg_eigsh(bad, 1, ND_EIGSH_SA, &w, &v), ND_OK);
  /* NULL arguments */
  TH_EXPECT_ERROR(nd_linalg_eigsh(NULL, 1, ND_EIGSH_SA, &w, &v), ND_ERR_NULL, "eigsh: argument a is NULL");
  TH_EXPECT_ERROR(nd_linalg_eigsh(a, 1, ND_EIGSH_SA, NULL, &v), ND_ERR_NULL, "eigsh: argument w is NULL");
  TH_EXPECT_ERROR(nd_linalg_eigsh_op(NULL, 1, NULL, &w, &v, NULL), ND_ERR_NULL, "eigsh: argument op is NULL");
  nd_linop bad_op = A;
  bad_op.apply = NULL;
  TH_EXPECT_ERROR(nd_linalg_eigsh_op(&bad_op, 1, NULL, &w, &v, NULL), ND_ERR_NULL, "eigsh: argument op->apply is NULL");
  bad_op = A;
  bad_op.dtype = ND_INT32;
  TH_EXPECT_ERROR(nd_linalg_eigsh_op(&bad_op, 1, NULL, &w, &v, NULL), ND_ERR_TYPE,
                  "eigsh: operator dtype int32 is not supported (float32, float64, complex64 or complex128)");
  bad_op.dtype = (nd_dtype)99;
  TH_EXPECT_ERROR(nd_linalg_eigsh_op(&bad_op, 1, NULL, &w, &v, NULL), ND_ERR_TYPE, "invalid dtype value 99");
  bad_op = A;
  bad_op.n = -1;
  TH_EXPECT_ERROR(nd_linalg_eigsh_op(&bad_op, 1, NULL, &w, &v, NULL), ND_ERR_VALUE, "eigsh: negative order -1");
  bad_op = A;
  bad_op.diagonal = nd_ones(ND_FLOAT64, ND_SHAPE(99), ND_C);
  TH_EXPECT_ERROR(nd_linalg_eigsh_op(&bad_op, 1, NULL, &w, &v, NULL), ND_ERR_VALUE,
                  "eigsh: the diagonal of shape [99] does not fit an operator of order 100 (needs [100])");
  bad_op.diagonal = nd_full(ND_FLOAT64, ND_SHAPE(100), NAN, ND_C);
  TH_EXPECT_ERROR(nd_linalg_eigsh_op(&bad_op, 1, NULL, &w, &v, NULL), ND_ERR_VALUE,
                  "eigsh: the diagonal contains infinities or NaNs");
  /* the operator's failures, with and without a message of its own */
  for (int method = ND_EIGSH_LANCZOS; method <= ND_EIGSH_DAVIDSON; method++) {
    o = (nd_eigsh_options){.method = (nd_eigsh_method)method};
    r = (ring){.n = 100, .fail_at = 3, .set_message = true};
    TH_EXPECT_ERROR(nd_linalg_eigsh_op(&A, 1, &o, &w, &v, NULL), ND_ERR_VALUE,
                    "eigsh: the operator failed at iteration 3: ring: refusing block of 1");
    r = (ring){.n = 100, .fail_at = 2};
    TH_EXPECT_ERROR(nd_linalg_eigsh_op(&A, 1, &o, &w, &v, NULL), ND_ERR_VALUE,
                    "eigsh: the operator failed with status ND_ERR_VALUE at iteration 2");
    r = (ring){.n = 100, .fail_at = 4, .nan_at_fail = true};
    TH_EXPECT_ERROR(nd_linalg_eigsh_op(&A, 1, &o, &w, &v, NULL), ND_ERR_LINALG,
                    "eigsh: the operator returned infinities or NaNs (iteration 4)");
    r = (ring){.n = 100, .skew = true};
    TH_EXPECT_ERROR(nd_linalg_eigsh_op(&A, 2, &o, &w, &v, NULL), ND_ERR_LINALG, "eigsh: the operator is not Hermitian");
    /* no convergence within maxiter */
    r = (ring){.n = 100};
    o.maxiter = 4;
    TH_EXPECT_ERROR(nd_linalg_eigsh_op(&A, 1, &o, &w, &v, NULL), ND_ERR_LINALG,
                    method == ND_EIGSH_LANCZOS ? "eigsh: no convergence after 4 iterations (Lanczos): 0 of 1 eigenpairs converged, largest residual"
                                               : "eigsh: no convergence after 4 iterations (Davidson): 0 of 1 eigenpairs converged, largest residual");
  }
  /* an earlier failure's message is not taken for the operator's */
  r = (ring){.n = 100, .fail_at = 2};
  nd_set_error(ND_ERR_IO, "earlier: something");
  assert_int_equal(nd_linalg_eigsh_op(&A, 1, NULL, &w, &v, NULL), ND_ERR_VALUE);
  th_assert_error(ND_ERR_VALUE, "eigsh: the operator failed with status ND_ERR_VALUE at iteration 2");
  nd_clear_error();
  nd_scope_end();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_matrix_dtypes_layouts), cmocka_unit_test(test_matrix_integer),
      cmocka_unit_test(test_degenerate),          cmocka_unit_test(test_sizes),
      cmocka_unit_test(test_operator_ring),       cmocka_unit_test(test_operator_diagonal_single),
      cmocka_unit_test(test_start_vector),        cmocka_unit_test(test_errors),
  };
  return TH_RUN(tests);
}
