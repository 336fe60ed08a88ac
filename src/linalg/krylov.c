/* Basis operations of the iterative eigensolvers (see krylov.h). */
#include "krylov.h"

#include <cblas.h>
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/array.h"
#include "core/error.h"
#include "la_typed.h"
#include "lapack_batch.h"
#include "layout/layout.h"
#include "nd/core.h"
#include "ops/copy.h"
#include "ops/exchange.h"

/* ---- dense kernels in the working dtype ------------------------------------------- */

void ndi_ks_gemm(const ndi_ks *s, bool conj_a, int64_t m, int64_t n, int64_t k, double alpha,
                 const char *A, int64_t lda, const char *B, int64_t ldb, double beta, char *C,
                 int64_t ldc) {
  if (m == 0 || n == 0) return;
  int prev = ndi_ks_blas_begin((double)m * (double)n * (double)k * (s->cplx ? 4 : 1));
  int rows = (int)(conj_a ? k : m), cols = (int)(conj_a ? m : k);
  if (n == 1 && s->cplx) {
    /* one column: gemv, which streams A once where gemm would first copy it into its
     * packed panels (that copy took 40 % of a Lanczos run on a 184,756-state operator) */
    const double complex al = alpha, be = beta;
    cblas_zgemv(CblasColMajor, conj_a ? CblasConjTrans : CblasNoTrans, rows, cols, &al, A, (int)lda, B, 1, &be, C, 1);
  } else if (n == 1) {
    cblas_dgemv(CblasColMajor, conj_a ? CblasTrans : CblasNoTrans, rows, cols, alpha, (const double *)A, (int)lda,
                (const double *)B, 1, beta, (double *)C, 1);
  } else {
    ndi_la_gemm(s->ct, conj_a ? 'C' : 'N', 'N', m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
  }
  ndi_ks_blas_end(prev);
}

double ndi_ks_norm(const ndi_ks *s, const char *x, int64_t n) {
  int prev = ndi_ks_blas_begin((double)n);
  double r = s->cplx ? cblas_dznrm2((int)n, x, 1) : cblas_dnrm2((int)n, (const double *)x, 1);
  ndi_ks_blas_end(prev);
  return r;
}

void ndi_ks_scale(const ndi_ks *s, char *x, int64_t n, double alpha) {
  int prev = ndi_ks_blas_begin((double)n);
  if (s->cplx) cblas_zdscal((int)n, alpha, x, 1);
  else cblas_dscal((int)n, alpha, (double *)x, 1);
  ndi_ks_blas_end(prev);
}

/* acc += h for q elements. */
static void axpy(const ndi_ks *s, int64_t q, const char *h, char *acc) {
  if (q <= 0) return;
  int prev = ndi_ks_blas_begin((double)q);
  if (s->cplx) cblas_zaxpy((int)q, &(double complex){1}, h, 1, acc, 1);
  else cblas_daxpy((int)q, 1.0, (const double *)h, 1, (double *)acc, 1);
  ndi_ks_blas_end(prev);
}

/* h = U^H x (q entries) and x -= U h for the q columns of U (ld n); h is added to acc
 * (q entries) unless that is NULL. Returns the norm of x afterwards. */
static double project_out(const ndi_ks *s, const char *U, int64_t q, char *x, char *h, char *acc) {
  if (q > 0) {
    ndi_ks_gemm(s, true, q, 1, s->n, 1.0, U, s->n, x, s->n, 0.0, h, q);
    ndi_ks_gemm(s, false, s->n, 1, q, -1.0, U, s->n, h, q, 1.0, x, s->n);
    if (acc) axpy(s, q, h, acc);
  }
  return ndi_ks_norm(s, x, s->n);
}

/* ---- the operator ----------------------------------------------------------------- */

static nd_array *block_view(const ndi_ks *s, nd_array *a, int64_t col, int64_t b) {
  const int64_t shape[2] = {s->n, b}, strides[2] = {1, s->n};
  return ndi_view(s->op, a, 2, shape, strides, a->offset + col * s->n);
}

static bool all_finite(const ndi_ks *s, const char *y, int64_t b) {
  const double *d = (const double *)y;
  int64_t len = s->n * b * (s->cplx ? 2 : 1);
  for (int64_t i = 0; i < len; i++)
    if (!isfinite(d[i])) return false;
  return true;
}

/* The operator's failure: its own message (if it set one during the call) prefixed with
 * ours, else its status named. */
static nd_status operator_failed(const ndi_ks *s, nd_status st, nd_status before, const char *msg_before) {
  nd_status now = nd_last_status();
  const char *msg = nd_last_error();
  if (now != ND_OK && (before == ND_OK || strcmp(msg, msg_before) != 0)) {
    char copy[1024];
    snprintf(copy, sizeof copy, "%s", msg);
    return ndi_error(st, "%s: the operator failed at iteration %lld: %s", s->op, (long long)s->iters, copy);
  }
  return ndi_error(st, "%s: the operator failed with status %s at iteration %lld", s->op,
                   nd_status_name(st), (long long)s->iters);
}

nd_status ndi_ks_apply(ndi_ks *s, nd_array *xa, int64_t x0, nd_array *ya, int64_t y0, int64_t b) {
  s->iters++;
  s->matvecs += b;
  nd_array *x = block_view(s, xa, x0, b), *y = x ? block_view(s, ya, y0, b) : NULL;
  nd_array *xo = NULL, *yo = NULL; /* what the operator sees */
  nd_status st = ND_OK;
  if (!y) {
    st = nd_last_status();
    goto done;
  }
  if (s->xs) { /* an operator of another dtype: copies in its dtype */
    xo = block_view(s, s->xs, 0, b);
    yo = xo ? block_view(s, s->ys, 0, b) : NULL;
    if (!yo || (st = ndi_assign(s->op, xo, x))) {
      st = nd_last_status();
      goto done;
    }
  } else {
    xo = nd_retain(x);
    yo = nd_retain(y);
  }
  memset(nd_data(yo), 0, (size_t)(s->n * b) * nd_itemsize(yo));
  nd_set_writeable(xo, false);
  /* the operator's own message is told apart from one recorded before the call */
  nd_status before = nd_last_status();
  char msg_before[1024] = "";
  if (before != ND_OK) snprintf(msg_before, sizeof msg_before, "%s", nd_last_error());
  st = s->A->apply(xo, yo, s->A->ctx);
  if (st != ND_OK) {
    st = operator_failed(s, st, before, msg_before);
    goto done;
  }
  if (s->xs && (st = ndi_assign(s->op, y, yo))) goto done;
  if (!all_finite(s, nd_data(y), b)) {
    st = ndi_error(ND_ERR_LINALG, "%s: the operator returned infinities or NaNs (iteration %lld)", s->op,
                   (long long)s->iters);
    goto done;
  }
  if (s->sign < 0) ndi_ks_scale(s, nd_data(y), s->n * b, -1.0);
done:
  nd_release(x);
  nd_release(y);
  nd_release(xo);
  nd_release(yo);
  return st;
}

/* ---- orthonormalisation ----------------------------------------------------------- */

/* Fills the b columns at x with standard normal numbers. */
static nd_status fill_random(ndi_ks *s, char *x, int64_t b) {
  const int64_t len = s->n * b * (s->cplx ? 2 : 1);
  nd_array *r = ndi_wrap(s->op, ND_FLOAT64, 1, &len, NULL, x, NULL, NULL, 0);
  if (!r) return nd_last_status();
  nd_status st = nd_random_standard_normal_out(s->rng, r);
  nd_release(r);
  return st;
}

/* A random unit vector at x orthogonal to the q columns of U (x must follow U, or not:
 * only U's columns matter); false when none is left (the space is exhausted). h: q
 * elements of scratch. */
static int refill(ndi_ks *s, const char *U, int64_t q, char *x, char *h) {
  if (q >= s->n) return 0;
  if (fill_random(s, x, 1)) return -1;
  double before = ndi_ks_norm(s, x, s->n), after = before;
  for (int pass = 0; pass < 3; pass++) {
    double prev = after;
    after = project_out(s, U, q, x, h, NULL);
    if (after > 0.5 * prev) break;
  }
  /* a random vector keeps about sqrt((n - q) / n) of its norm; far less means that the
   * basis spans everything (up to rounding) */
  if (!(after > 1e-8 * before)) return 0;
  ndi_ks_scale(s, x, s->n, 1.0 / after);
  return 1;
}

int64_t ndi_ks_orthonormalize(ndi_ks *s, nd_array *V, int64_t j, int64_t b, char *coef,
                              int64_t ldc, char *R, int64_t ldr, double drop, bool refill_dependent) {
  char *base = nd_data(V), *X = ndi_ks_col(s, base, j);
  size_t es = s->es;
  double *norm0 = ndi_malloc(sizeof(double) * (size_t)(b > 0 ? b : 1));
  char *h = ndi_malloc(es * (size_t)(j + b + 1));
  if (!norm0 || !h) {
    ndi_free(norm0);
    ndi_free(h);
    ndi_nomem(s->op, es * (size_t)(j + b + 1));
    return -1;
  }
  for (int64_t c = 0; c < b; c++) norm0[c] = ndi_ks_norm(s, ndi_ks_col(s, X, c), s->n);
  if (coef)
    for (int64_t c = 0; c < b; c++) memset(coef + (size_t)(c * ldc) * es, 0, (size_t)j * es);
  if (R)
    for (int64_t c = 0; c < b; c++) memset(R + (size_t)(c * ldr) * es, 0, (size_t)b * es);
  /* block classical Gram-Schmidt against V[:, 0:j], twice */
  for (int pass = 0; pass < 2 && j > 0; pass++) {
    char *C = s->scratch;
    ndi_ks_gemm(s, true, j, b, s->n, 1.0, base, s->n, X, s->n, 0.0, C, j);
    ndi_ks_gemm(s, false, s->n, b, j, -1.0, base, s->n, C, j, 1.0, X, s->n);
    if (coef)
      for (int64_t c = 0; c < b; c++) axpy(s, j, C + (size_t)(c * j) * es, coef + (size_t)(c * ldc) * es);
  }
  /* then column by column against the columns already accepted */
  int64_t q = 0;
  for (int64_t c = 0; c < b; c++) {
    char *x = ndi_ks_col(s, X, c);
    char *rc = R ? R + (size_t)(c * ldr) * es : NULL;
    double before = ndi_ks_norm(s, x, s->n), after = before;
    for (int pass = 0; pass < 2 && q > 0; pass++) after = project_out(s, X, q, x, h, rc);
    if (after < 0.5 * before && after > drop * norm0[c]) {
      /* lost most of its norm to the accepted columns: one more pass against everything
       * (twice is enough only when the first pass did not cancel), its coefficients
       * added to coef (V's part) and R (the accepted columns' part) */
      after = project_out(s, base, j + q, x, h, NULL);
      if (coef) axpy(s, j, h, coef + (size_t)(c * ldc) * es);
      if (rc) axpy(s, q, h + (size_t)j * es, rc);
    }
    char *dst = ndi_ks_col(s, X, q);
    if (after > drop * norm0[c] && after > 0) {
      ndi_ks_scale(s, x, s->n, 1.0 / after);
      if (dst != x) memcpy(dst, x, (size_t)s->n * es);
      if (rc) {
        if (s->cplx) ((double complex *)rc)[q] += after;
        else ((double *)rc)[q] += after;
      }
      q++;
    } else if (refill_dependent) {
      int got = refill(s, base, j + q, dst, h);
      if (got < 0) {
        q = -1;
        break;
      }
      q += got;
    }
  }
  ndi_free(norm0);
  ndi_free(h);
  return q;
}

int64_t ndi_ks_start(ndi_ks *s, nd_array *V, int64_t b) {
  char *X = nd_data(V);
  int64_t c = 0;
  if (s->v0) {
    const nd_array *v0 = s->v0;
    c = v0->ndim == 1 ? 1 : v0->shape[1];
    int64_t cs = v0->ndim == 1 ? 0 : v0->strides[1];
    ndi_la_load(s->ct, X, s->n, s->n, c, v0->data, v0->dtype, v0->strides[0], cs);
  }
  if (c < b && fill_random(s, ndi_ks_col(s, X, c), b - c)) return -1;
  return ndi_ks_orthonormalize(s, V, 0, b, NULL, 0, NULL, 0, 1e-10, true);
}

/* ---- the projected problem -------------------------------------------------------- */

nd_status ndi_ks_ritz(ndi_ks *s, const char *H, int64_t ldh, int64_t nb, double *theta, char *S) {
  for (int64_t j = 0; j < nb; j++) memcpy(S + (size_t)(j * nb) * s->es, H + (size_t)(j * ldh) * s->es, (size_t)nb * s->es);
  if (!ndi_la_finite(s->ct, S, nb, nb, nb))
    return ndi_error(ND_ERR_LINALG, "%s: the projected matrix V^H A V has infinities or NaNs (iteration %lld)",
                     s->op, (long long)s->iters);
  int prev = ndi_ks_blas_begin(0);
  int info = ndi_la_syevd(s->ct, 'V', 'L', nb, S, nb, theta);
  ndi_ks_blas_end(prev);
  if (NDI_LA_NOMEM(info)) return ndi_nomem(s->op, (size_t)(nb * nb) * s->es);
  if (info != 0)
    return ndi_error(ND_ERR_LINALG, "%s: the projected eigenproblem of order %lld did not converge (iteration %lld)",
                     s->op, (long long)nb, (long long)s->iters);
  for (int64_t i = 0; i < nb; i++)
    if (fabs(theta[i]) > s->anorm) s->anorm = fabs(theta[i]);
  return ND_OK;
}

nd_status ndi_ks_hermitian(ndi_ks *s, char *H, int64_t ldh, int64_t c0, int64_t c1) {
  double asym = 0, scale = s->anorm;
  for (int64_t j = c0; j < c1; j++)
    for (int64_t i = 0; i < c1; i++) {
      if (i >= c0 && i > j) continue; /* pairs inside the new columns: once */
      size_t a = (size_t)(i + j * ldh), bt = (size_t)(j + i * ldh);
      if (s->cplx) {
        double complex *h = (double complex *)H, u = h[a], l = conj(h[bt]);
        double d = cabs(u - l);
        if (d > asym || isnan(d)) asym = d;
        if (cabs(u) > scale) scale = cabs(u);
        h[a] = 0.5 * (u + l);
        h[bt] = conj(h[a]);
        if (i == j) h[a] = creal(h[a]);
      } else {
        double *h = (double *)H, d = fabs(h[a] - h[bt]);
        if (d > asym || isnan(d)) asym = d;
        if (fabs(h[a]) > scale) scale = fabs(h[a]);
        h[a] = h[bt] = 0.5 * (h[a] + h[bt]);
      }
    }
  if (!(asym <= s->herm_tol * scale))
    return ndi_error(ND_ERR_LINALG,
                     "%s: the operator is not Hermitian: |V^H A V - (V^H A V)^H| is %.2g x ||A|| (iteration %lld)",
                     s->op, scale > 0 ? asym / scale : asym, (long long)s->iters);
  return ND_OK;
}

void ndi_ks_rotate(ndi_ks *s, nd_array *V, int64_t nb, const char *S, int64_t lds, int64_t p) {
  char *base = nd_data(V), *T = s->panel;
  int64_t n = s->n;
  for (int64_t r0 = 0; r0 < n; r0 += s->panel_rows) {
    int64_t rows = n - r0 < s->panel_rows ? n - r0 : s->panel_rows;
    char *Vr = base + (size_t)r0 * s->es;
    ndi_ks_gemm(s, false, rows, p, nb, 1.0, Vr, n, S, lds, 0.0, T, rows);
    for (int64_t c = 0; c < p; c++)
      memcpy(Vr + (size_t)(c * n) * s->es, T + (size_t)(c * rows) * s->es, (size_t)rows * s->es);
  }
}

void ndi_ks_residuals(const ndi_ks *s, char *R, const char *X, const double *theta, int64_t kk,
                      double *norms) {
  for (int64_t i = 0; i < kk; i++) {
    char *r = ndi_ks_col(s, R, i);
    const char *x = ndi_ks_col(s, (char *)X, i);
    int prev = ndi_ks_blas_begin((double)s->n);
    if (s->cplx) cblas_zaxpy((int)s->n, &(double complex){-theta[i]}, x, 1, r, 1);
    else cblas_daxpy((int)s->n, -theta[i], (const double *)x, 1, (double *)r, 1);
    ndi_ks_blas_end(prev);
    norms[i] = ndi_ks_norm(s, r, s->n);
  }
}

int64_t ndi_ks_keep(const ndi_ks *s) {
  int64_t p = (s->m + s->k) / 2, hi = s->m - 2 * s->b;
  if (p > hi) p = hi;
  if (p < s->k) p = s->k;
  return p;
}

bool ndi_ks_converged(ndi_ks *s, const double *est, int64_t avail, double tol) {
  int64_t kk = avail < s->k ? avail : s->k;
  s->nconv = 0;
  for (int64_t i = 0; i < s->k; i++) {
    s->res[i] = i < kk ? (s->anorm > 0 ? est[i] / s->anorm : (est[i] > 0 ? INFINITY : 0)) : INFINITY;
    if (s->res[i] <= tol) s->nconv++;
  }
  return s->nconv == s->k;
}

nd_status ndi_ks_no_convergence(ndi_ks *s) {
  double worst = 0;
  for (int64_t i = 0; i < s->k; i++)
    if (s->res[i] > worst) worst = s->res[i];
  return ndi_error(ND_ERR_LINALG,
                   "%s: no convergence after %lld iterations (%s): %lld of %lld eigenpairs converged, "
                   "largest residual %.2g x ||A|| (tolerance %.2g, ||A|| ~ %.3g)",
                   s->op, (long long)s->iters, s->method == ND_EIGSH_DAVIDSON ? "Davidson" : "Lanczos",
                   (long long)s->nconv, (long long)s->k, worst, s->tol, s->anorm);
}
