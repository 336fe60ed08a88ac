/* Block Davidson (Davidson-Liu) with a diagonal preconditioner and thick restart.
 *
 * The basis V and its products W = A V are both kept, so the projected matrix H = V^H W
 * and the residuals r_i = W s_i - theta_i V s_i of the Ritz pairs are exact (up to
 * rounding) whatever vectors enter the basis. Each iteration adds, for up to `block` of
 * the wanted pairs not yet converged (lowest first), the correction
 * t_i = (theta_i - diag(A))^-1 r_i: the Newton step for the eigenpair when A is
 * dominated by its diagonal (configuration-interaction and exact-diagonalisation
 * Hamiltonians are), which converges in far fewer iterations than a Krylov method there.
 * Without a diagonal the corrections are the residuals (a block Krylov method).
 * Corrections are orthonormalised against the basis; one that falls (nearly) into it is
 * dropped, and when every one is dropped the plain residuals, then random vectors, are
 * tried instead, so the iteration cannot stall. When the basis would exceed max_basis it
 * is cut to its best Ritz vectors, V <- V S, W <- W S, H <- diag(theta).
 *
 * Denominators theta_i - d_j smaller than 1e-8 ||A|| are set to that size (with their
 * sign): the correction would otherwise blow up along a unit vector whose diagonal entry
 * happens to equal the Ritz value. */
#include <complex.h>
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/array.h"
#include "core/error.h"
#include "krylov.h"
#include "nd/core.h"

typedef struct davidson {
  nd_array *V, *W; /* [n, m + b]: the basis and its products */
  nd_array *R;     /* [n, k]: the residuals of the wanted Ritz pairs */
  char *H, *S;
  double *theta, *norms;
  int64_t ldh;
} davidson;

static void davidson_free(davidson *D) {
  nd_release(D->V);
  nd_release(D->W);
  nd_release(D->R);
  ndi_free(D->H);
  ndi_free(D->S);
  ndi_free(D->theta);
  ndi_free(D->norms);
}

static nd_status davidson_alloc(ndi_ks *s, davidson *D) {
  int64_t ld = s->m + s->b;
  size_t es = s->es;
  D->ldh = ld;
  D->V = ndi_array_alloc(s->op, s->ct, 2, (int64_t[]){s->n, ld}, ND_F);
  D->W = D->V ? ndi_array_alloc(s->op, s->ct, 2, (int64_t[]){s->n, ld}, ND_F) : NULL;
  D->R = D->W ? ndi_array_alloc(s->op, s->ct, 2, (int64_t[]){s->n, s->k}, ND_F) : NULL;
  if (!D->R) return nd_last_status();
  D->H = ndi_calloc((size_t)(ld * ld), es);
  D->S = ndi_malloc((size_t)(ld * ld) * es);
  D->theta = ndi_malloc(sizeof(double) * (size_t)ld);
  D->norms = ndi_malloc(sizeof(double) * (size_t)(s->k + 1));
  if (!D->H || !D->S || !D->theta || !D->norms) return ndi_nomem(s->op, (size_t)(ld * ld) * es);
  return ND_OK;
}

/* H's new columns [nb, nb + q) and rows: V^H W over the new products, and the new
 * vectors against the old products (which A Hermitian makes the conjugate mirror). */
static nd_status project(ndi_ks *s, davidson *D, int64_t nb, int64_t q) {
  size_t es = s->es;
  int64_t ld = D->ldh, n = s->n;
  char *V = nd_data(D->V), *W = nd_data(D->W);
  ndi_ks_gemm(s, true, nb + q, q, n, 1.0, V, n, ndi_ks_col(s, W, nb), n, 0.0, D->H + (size_t)(nb * ld) * es, ld);
  if (nb > 0)
    ndi_ks_gemm(s, true, q, nb, n, 1.0, ndi_ks_col(s, V, nb), n, W, n, 0.0, D->H + (size_t)nb * es, ld);
  return ndi_ks_hermitian(s, D->H, ld, nb, nb + q);
}

/* t = r / (theta - d), elementwise, with small denominators held at 1e-8 ||A||. */
static void precondition(const ndi_ks *s, char *t, const char *r, double theta) {
  double floor = 1e-8 * (s->anorm > 0 ? s->anorm : 1);
  for (int64_t i = 0; i < s->n; i++) {
    double den = theta - s->diag[i];
    if (fabs(den) < floor) den = den < 0 ? -floor : floor;
    if (s->cplx) ((double complex *)t)[i] = ((const double complex *)r)[i] / den;
    else ((double *)t)[i] = ((const double *)r)[i] / den;
  }
}

/* Puts up to b corrections for the unconverged wanted pairs at V[:, nb..] and
 * orthonormalises them: preconditioned (kind 0), plain residuals (1), random (2). Returns
 * the columns added, 0 when even random vectors find no room (or -1 on failure). */
static int64_t corrections(ndi_ks *s, davidson *D, int64_t nb, int kind) {
  char *V = nd_data(D->V), *R = nd_data(D->R);
  int64_t q = 0, kk = nb < s->k ? nb : s->k; /* R holds kk residuals */
  for (int64_t i = 0; i < kk && q < s->b && kind < 2; i++) {
    if (s->res[i] <= s->tol) continue;
    char *t = ndi_ks_col(s, V, nb + q), *r = ndi_ks_col(s, R, i);
    if (kind == 0 && s->diag) precondition(s, t, r, D->theta[i]);
    else memcpy(t, r, (size_t)s->n * s->es);
    q++;
  }
  if (kind == 2) { /* one random vector: ndi_ks_orthonormalize refills a zero column */
    memset(ndi_ks_col(s, V, nb), 0, (size_t)s->n * s->es);
    q = 1;
  }
  return ndi_ks_orthonormalize(s, D->V, nb, q, NULL, 0, NULL, 0, 1e-8, kind == 2);
}

nd_status ndi_ks_davidson(ndi_ks *s, nd_array *X, double *theta_out) {
  davidson D = {0};
  nd_status st = davidson_alloc(s, &D);
  if (st) goto done;
  size_t es = s->es;
  int64_t n = s->n, nb = 0, q = ndi_ks_start(s, D.V, s->b);
  if (q < 0) {
    st = nd_last_status();
    goto done;
  }
  for (;;) {
    if ((st = ndi_ks_apply(s, D.V, nb, D.W, nb, q))) goto done;
    if ((st = project(s, &D, nb, q))) goto done;
    nb += q;
    if ((st = ndi_ks_ritz(s, D.H, D.ldh, nb, D.theta, D.S))) goto done;
    /* the wanted Ritz vectors (into X) and their residuals (into R) */
    int64_t kk = nb < s->k ? nb : s->k;
    ndi_ks_gemm(s, false, n, kk, nb, 1.0, nd_data(D.V), n, D.S, nb, 0.0, nd_data(X), n);
    ndi_ks_gemm(s, false, n, kk, nb, 1.0, nd_data(D.W), n, D.S, nb, 0.0, nd_data(D.R), n);
    ndi_ks_residuals(s, nd_data(D.R), nd_data(X), D.theta, kk, D.norms);
    if (ndi_ks_converged(s, D.norms, nb, s->tol)) break;
    if (s->iters >= s->maxiter) {
      st = ndi_ks_no_convergence(s);
      goto done;
    }
    if (s->m < s->n && nb + s->b > s->m) { /* restart on the best Ritz vectors (a basis that
                                                can hold the whole space never needs to) */
      int64_t p = ndi_ks_keep(s);
      ndi_ks_rotate(s, D.V, nb, D.S, nb, p);
      ndi_ks_rotate(s, D.W, nb, D.S, nb, p);
      memset(D.H, 0, (size_t)(D.ldh * D.ldh) * es);
      for (int64_t i = 0; i < p; i++) {
        if (s->cplx) ((double complex *)D.H)[i + i * D.ldh] = D.theta[i];
        else ((double *)D.H)[i + i * D.ldh] = D.theta[i];
      }
      nb = p;
      s->restarts++;
    }
    q = 0;
    for (int kind = 0; kind < 3 && q == 0; kind++)
      if ((q = corrections(s, &D, nb, kind)) < 0) {
        st = nd_last_status();
        goto done;
      }
    if (q == 0) { /* the basis spans the whole space, and still short of the tolerance */
      st = ndi_ks_no_convergence(s);
      goto done;
    }
  }
  memcpy(theta_out, D.theta, sizeof(double) * (size_t)s->k);
done:
  davidson_free(&D);
  return st;
}
