/* The iterative eigensolvers' public functions (nd/iterative.h): argument checks and
 * defaults, a dense matrix as an operator, the run of a method, and the results. */
#include <cblas.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "blas.h"
#include "core/alloc.h"
#include "core/array.h"
#include "core/dtype.h"
#include "core/error.h"
#include "krylov.h"
#include "lapack_batch.h"
#include "layout/layout.h"
#include "nd/core.h"

#define OP "eigsh"

static bool supported(nd_dtype t) {
  return t == ND_FLOAT32 || t == ND_FLOAT64 || t == ND_COMPLEX64 || t == ND_COMPLEX128;
}

/* The options with their defaults filled in, checked against n and k. */
static nd_status settle_options(ndi_ks *s, const nd_eigsh_options *o, nd_dtype opt) {
  int64_t n = s->n, k = s->k;
  if (o->which != ND_EIGSH_SA && o->which != ND_EIGSH_LA)
    return ndi_error(ND_ERR_VALUE, OP ": invalid which %d (ND_EIGSH_SA or ND_EIGSH_LA)", (int)o->which);
  if (o->method != ND_EIGSH_AUTO && o->method != ND_EIGSH_LANCZOS && o->method != ND_EIGSH_DAVIDSON)
    return ndi_error(ND_ERR_VALUE, OP ": invalid method %d (ND_EIGSH_AUTO, ND_EIGSH_LANCZOS or ND_EIGSH_DAVIDSON)",
                     (int)o->method);
  if (!(o->tol >= 0) || isinf(o->tol))
    return ndi_error(ND_ERR_VALUE, OP ": tol must be positive and finite (got %g)", o->tol);
  if (o->maxiter < 0 || o->block < 0 || o->max_basis < 0)
    return ndi_error(ND_ERR_VALUE, OP ": %s must not be negative (got %lld; 0 selects the default)",
                     o->maxiter < 0 ? "maxiter" : o->block < 0 ? "block" : "max_basis",
                     (long long)(o->maxiter < 0 ? o->maxiter : o->block < 0 ? o->block : o->max_basis));
  if (k < 0 || k > n)
    return ndi_error(ND_ERR_VALUE, OP ": k=%lld is out of range for an operator of order %lld (0 <= k <= n)",
                     (long long)k, (long long)n);
  if (ndi_la_check_lapack_size(OP, n)) return nd_last_status();
  int64_t b = o->block ? o->block : (k < 8 ? k : 8);
  if (b < 1) b = 1;
  if (b > n && n > 0) b = n;
  /* a block method needs several blocks between restarts: k + 8 b (with ARPACK's
   * 2 k + 1, at least 20, for one vector) */
  int64_t m = o->max_basis ? o->max_basis : 20;
  if (!o->max_basis && m < 2 * k + 2 * b) m = 2 * k + 2 * b;
  if (!o->max_basis && m < k + 8 * b) m = k + 8 * b;
  if (m < k + 2 * b) m = k + 2 * b;
  if (m > n) m = n;
  s->b = b;
  s->m = m;
  s->maxiter = o->maxiter ? o->maxiter : (10 * ((n + b - 1) / b) > 1000 ? 10 * ((n + b - 1) / b) : 1000);
  s->sign = o->which == ND_EIGSH_LA ? -1.0 : 1.0;
  s->tol = o->tol > 0 ? o->tol : 1e-10;
  bool single = opt == ND_FLOAT32 || opt == ND_COMPLEX64;
  /* an operator in single precision cannot give residuals below its own rounding */
  if (single && s->tol < 1e-5) s->tol = 1e-5;
  s->herm_tol = 10 * sqrt(single ? (double)FLT_EPSILON : DBL_EPSILON);
  return ND_OK;
}

/* v0: [n] or [n, c] with c <= block, and not complex for a real operator. */
static nd_status check_v0(const ndi_ks *s, const nd_array *v0) {
  char sh[NDI_SHAPE_BUF];
  if ((v0->ndim != 1 && v0->ndim != 2) || v0->shape[0] != s->n || (v0->ndim == 2 && v0->shape[1] > s->b))
    return ndi_error(ND_ERR_VALUE,
                     OP ": v0 of shape %s does not fit an operator of order %lld with blocks of %lld (needs [%lld] or "
                        "[%lld,c], c <= %lld)",
                     ndi_fmt_shape(sh, sizeof sh, v0->ndim, v0->shape), (long long)s->n, (long long)s->b,
                     (long long)s->n, (long long)s->n, (long long)s->b);
  if (!s->cplx && ndi_dtype_kind(v0->dtype) == 'c')
    return ndi_error(ND_ERR_TYPE, OP ": v0 is %s but the operator is real", ndi_dtype_name(v0->dtype));
  return ND_OK;
}

/* sign * Re diagonal into d (n values); the diagonal must be [n] and finite. */
static nd_status load_diagonal(const ndi_ks *s, const nd_array *diag, double *d) {
  char sh[NDI_SHAPE_BUF];
  if (diag->ndim != 1 || diag->shape[0] != s->n)
    return ndi_error(ND_ERR_VALUE, OP ": the diagonal of shape %s does not fit an operator of order %lld (needs [%lld])",
                     ndi_fmt_shape(sh, sizeof sh, diag->ndim, diag->shape), (long long)s->n, (long long)s->n);
  bool cplx = ndi_dtype_kind(diag->dtype) == 'c';
  /* the real parts of a complex vector: its real dtype at twice the stride */
  ndi_la_load(ND_FLOAT64, d, s->n, s->n, 1, diag->data, ndi_real_dtype(diag->dtype),
              diag->strides[0] * (cplx ? 2 : 1), 0);
  for (int64_t i = 0; i < s->n; i++) {
    if (!isfinite(d[i])) return ndi_error(ND_ERR_VALUE, OP ": the diagonal contains infinities or NaNs");
    d[i] *= s->sign;
  }
  return ND_OK;
}

/* The work buffers the methods share (released by release_state). */
static nd_status alloc_state(ndi_ks *s, nd_dtype opt, uint64_t seed) {
  int64_t bk = s->b > s->k ? s->b : s->k, cols = s->m + s->b;
  /* rotations go through row panels of about 4 MiB */
  int64_t rows = (int64_t)(((size_t)4 << 20) / ((size_t)cols * s->es));
  s->panel_rows = rows < 64 ? 64 : rows > s->n ? (s->n > 0 ? s->n : 1) : rows;
  s->scratch = ndi_malloc((size_t)(cols * bk) * s->es);
  s->panel = ndi_malloc((size_t)(s->panel_rows * cols) * s->es);
  s->res = ndi_malloc(sizeof(double) * (size_t)(s->k + 1));
  if (!s->scratch || !s->panel || !s->res) return ndi_nomem(OP, (size_t)(s->panel_rows * cols) * s->es);
  if (opt != s->ct) {
    s->xs = ndi_array_alloc(OP, opt, 2, (int64_t[]){s->n, bk}, ND_F);
    s->ys = s->xs ? ndi_array_alloc(OP, opt, 2, (int64_t[]){s->n, bk}, ND_F) : NULL;
    if (!s->ys) return nd_last_status();
  }
  s->rng = nd_rng_new(seed);
  return s->rng ? ND_OK : nd_last_status();
}

static void release_state(ndi_ks *s) {
  ndi_free(s->scratch);
  ndi_free(s->panel);
  ndi_free(s->res);
  nd_release(s->xs);
  nd_release(s->ys);
  nd_rng_free(s->rng);
}

/* w (real dtype of rt, ascending) and v (rt, [n, k] C order) from the methods' theta and
 * X (eigenpairs of sign * A, ascending in theta). */
static nd_status results(const ndi_ks *s, nd_dtype rt, const double *theta, const nd_array *X, nd_array **w,
                         nd_array **v) {
  int64_t k = s->k, n = s->n;
  nd_dtype wt = ndi_real_dtype(rt);
  nd_array *W = ndi_array_alloc(OP, wt, 1, &k, ND_C);
  nd_array *Vr = W && v ? ndi_array_alloc(OP, rt, 2, (int64_t[]){n, k}, ND_C) : NULL;
  if (!W || (v && !Vr)) {
    nd_release(W);
    return nd_last_status();
  }
  size_t res = ndi_dtype_size(rt);
  for (int64_t i = 0; i < k; i++) {
    /* the highest of A are the lowest of -A in reverse */
    int64_t src = s->sign > 0 ? i : k - 1 - i;
    double val = s->sign * theta[src];
    ndi_la_store(wt, W->data + (size_t)i * ndi_dtype_size(wt), 1, 0, 1, 1, &val, ND_FLOAT64, 1);
    if (Vr) ndi_la_store(rt, Vr->data + (size_t)i * res, k, 1, n, 1, ndi_ks_col(s, X->data, src), s->ct, n);
  }
  *w = W;
  if (v) *v = Vr;
  return ND_OK;
}

/* Runs a method on the operator A, whose results have dtype rt. diag: Re diag(A) (n
 * values, not yet signed) or NULL, overriding A->diagonal. */
static nd_status run(const nd_linop *A, int64_t k, const nd_eigsh_options *opt, nd_dtype rt, double *diag,
                     nd_array **w, nd_array **v, nd_eigsh_info *info) {
  const nd_eigsh_options defaults = {0};
  const nd_eigsh_options *o = opt ? opt : &defaults;
  ndi_ks s = {.op = OP, .A = A, .n = A->n, .k = k, .v0 = o->v0};
  s.cplx = ndi_dtype_kind(A->dtype) == 'c';
  s.ct = s.cplx ? ND_COMPLEX128 : ND_FLOAT64;
  s.es = ndi_dtype_size(s.ct);
  nd_status st = settle_options(&s, o, A->dtype);
  if (!st && o->v0) st = check_v0(&s, o->v0);
  double *own_diag = NULL;
  if (!st && !diag && A->diagonal) {
    if (!(own_diag = ndi_malloc(sizeof(double) * (size_t)(s.n > 0 ? s.n : 1)))) st = ndi_nomem(OP, sizeof(double) * (size_t)s.n);
    else st = load_diagonal(&s, A->diagonal, own_diag);
    diag = own_diag;
  } else if (!st && diag) {
    for (int64_t i = 0; i < s.n; i++) diag[i] *= s.sign;
  }
  s.diag = diag;
  s.method = o->method != ND_EIGSH_AUTO ? o->method : diag ? ND_EIGSH_DAVIDSON : ND_EIGSH_LANCZOS;
  nd_array *X = NULL;
  double *theta = NULL;
  if (!st && k > 0) {
    st = alloc_state(&s, A->dtype, o->seed);
    X = st ? NULL : ndi_array_alloc(OP, s.ct, 2, (int64_t[]){s.n, k}, ND_F);
    theta = X ? ndi_malloc(sizeof(double) * (size_t)k) : NULL;
    if (!st && !theta) st = X ? ndi_nomem(OP, sizeof(double) * (size_t)k) : nd_last_status();
    if (!st) st = s.method == ND_EIGSH_DAVIDSON ? ndi_ks_davidson(&s, X, theta) : ndi_ks_lanczos(&s, X, theta);
  }
  if (!st) st = results(&s, rt, theta, X, w, v);
  if (!st && info) {
    double worst = 0;
    for (int64_t i = 0; i < k; i++)
      if (s.res[i] > worst) worst = s.res[i];
    *info = (nd_eigsh_info){.method = s.method, .iterations = s.iters, .matvecs = s.matvecs,
                            .restarts = s.restarts, .residual = worst, .anorm = s.anorm};
  }
  release_state(&s);
  nd_release(X);
  ndi_free(theta);
  ndi_free(own_diag);
  return st;
}

nd_status nd_linalg_eigsh_op(const nd_linop *op, int64_t k, const nd_eigsh_options *opt, nd_array **w,
                             nd_array **v, nd_eigsh_info *info) {
  NDI_REQUIRE_ST(OP, op);
  NDI_REQUIRE_ST(OP, w);
  if (!op->apply) return ndi_null_arg_named(OP, "op->apply");
  if (ndi_check_dtype(OP, (int)op->dtype)) return nd_last_status();
  if (!supported(op->dtype))
    return ndi_error(ND_ERR_TYPE, OP ": operator dtype %s is not supported (float32, float64, complex64 or complex128)",
                     ndi_dtype_name(op->dtype));
  if (op->n < 0) return ndi_error(ND_ERR_VALUE, OP ": negative order %lld", (long long)op->n);
  return run(op, k, opt, op->dtype, NULL, w, v, info);
}

int ndi_ks_blas_begin(double work) { return ndi_la_blas_begin(1, work); }

void ndi_ks_blas_end(int prev) { ndi_la_blas_restore(prev); }

/* ---- a dense matrix as the operator ----------------------------------------------- */

typedef struct dense_op {
  const char *a; /* the matrix, column-major, ld n; its lower triangle is read */
  int64_t n;
  bool cplx;
} dense_op;

static nd_status dense_apply(const nd_array *x, nd_array *y, void *ctx) {
  const dense_op *d = ctx;
  int n = (int)d->n, b = (int)nd_shape(x)[1];
  int prev = ndi_ks_blas_begin((double)n * n * b * (d->cplx ? 4 : 1));
  if (d->cplx) {
    const double _Complex one = 1, zero = 0;
    cblas_zhemm(CblasColMajor, CblasLeft, CblasLower, n, b, &one, d->a, n, nd_data(x), n, &zero, nd_data(y), n);
  } else {
    cblas_dsymm(CblasColMajor, CblasLeft, CblasLower, n, b, 1.0, (const double *)d->a, n, nd_data(x), n, 0.0,
                nd_data(y), n);
  }
  ndi_ks_blas_end(prev);
  return ND_OK;
}

nd_status nd_linalg_eigsh_ex(const nd_array *a, int64_t k, const nd_eigsh_options *opt, nd_array **w,
                             nd_array **v, nd_eigsh_info *info) {
  NDI_REQUIRE_ST(OP, a);
  NDI_REQUIRE_ST(OP, w);
  char sh[NDI_SHAPE_BUF];
  if (a->ndim != 2 || a->shape[0] != a->shape[1])
    return ndi_error(ND_ERR_SHAPE_MATRIX, OP ": a must be a square matrix, got shape %s",
                     ndi_fmt_shape(sh, sizeof sh, a->ndim, a->shape));
  int64_t n = a->shape[0];
  if (ndi_la_check_lapack_size(OP, n)) return nd_last_status();
  nd_dtype ct, rt;
  ndi_la_dtypes(1, &a->dtype, &ct, &rt);
  nd_array *M = ndi_array_alloc(OP, ct, 2, (int64_t[]){n, n}, ND_F);
  double *diag = M ? ndi_malloc(sizeof(double) * (size_t)(n > 0 ? n : 1)) : NULL;
  if (!diag) {
    nd_release(M);
    return M ? ndi_nomem(OP, sizeof(double) * (size_t)n) : nd_last_status();
  }
  nd_status st = ND_OK;
  ndi_la_load(ct, M->data, n, n, n, a->data, a->dtype, a->strides[0], a->strides[1]);
  if (!ndi_la_triangle_finite(ct, M->data, n, n, false)) {
    st = ndi_error(ND_ERR_LINALG, OP ": the matrix contains infinities or NaNs");
  } else {
    bool cplx = ct == ND_COMPLEX128;
    for (int64_t i = 0; i < n; i++) diag[i] = ((const double *)M->data)[(i + i * n) * (cplx ? 2 : 1)];
    dense_op d = {.a = M->data, .n = n, .cplx = cplx};
    const nd_linop A = {.n = n, .dtype = ct, .apply = dense_apply, .ctx = &d};
    st = run(&A, k, opt, rt, diag, w, v, info);
  }
  nd_release(M);
  ndi_free(diag);
  return st;
}

nd_status nd_linalg_eigsh(const nd_array *a, int64_t k, nd_eigsh_which which, nd_array **w, nd_array **v) {
  const nd_eigsh_options o = {.which = which};
  return nd_linalg_eigsh_ex(a, k, &o, w, v, NULL);
}
