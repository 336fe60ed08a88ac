/* Block Lanczos with full reorthogonalisation and thick restart (the Hermitian case of
 * Krylov-Schur; Wu and Simon's TRLan for blocks).
 *
 * The basis V grows by one block per iteration: the product A V_j of the newest block is
 * orthonormalised against the whole basis (so orthogonality never decays, as it does in
 * the three-term recurrence), its coefficients on the basis are column j of the projected
 * matrix H = V^H A V, and its remainder, once orthonormalised (A V_j = sum_i V_i H_ij +
 * V_{j+1} R), is the next block. The Ritz pairs of H approximate A's extreme eigenpairs;
 * a Ritz vector y = V s has the residual A y - theta y = V_{j+1} R s_j (s_j: the last
 * block's rows of s), whose norm ||R s_j|| costs nothing to get. When the basis is full
 * it is cut to its p best Ritz vectors (thick restart): then A Y = Y Theta + V_{j+1} R S_j
 * holds exactly, so H restarts as diag(Theta) plus an arrow coupling the kept vectors to
 * the residual block, and the Krylov structure survives.
 *
 * Computing every entry of a column of H (not only the tridiagonal band) gives the
 * projection of A as it is, and a check that A is Hermitian: the new column's entries
 * must match the conjugates of the row that the previous steps predicted.
 *
 * When the estimates say converged, the k Ritz vectors are formed and multiplied by A
 * once more: the residuals reported (and tested against the tolerance) are those true
 * ones. If they miss the tolerance (rounding, a tolerance near machine precision) the
 * iteration goes on with the estimates held to a tolerance 10 times tighter. */
#include <complex.h>
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/array.h"
#include "core/error.h"
#include "krylov.h"
#include "nd/core.h"

typedef struct lanczos {
  nd_array *V;      /* [n, m + b]: the basis, then room for the next block */
  nd_array *AX;     /* [n, k]: A times the Ritz vectors, for the final check */
  char *H, *S, *coef, *R, *C;
  double *theta, *est;
  int64_t ldh;
} lanczos;

static void lanczos_free(lanczos *L) {
  nd_release(L->V);
  nd_release(L->AX);
  ndi_free(L->H);
  ndi_free(L->S);
  ndi_free(L->coef);
  ndi_free(L->R);
  ndi_free(L->C);
  ndi_free(L->theta);
  ndi_free(L->est);
}

static nd_status lanczos_alloc(ndi_ks *s, lanczos *L) {
  int64_t ld = s->m + s->b, bk = s->b > s->k ? s->b : s->k;
  size_t es = s->es;
  L->ldh = ld;
  L->V = ndi_array_alloc(s->op, s->ct, 2, (int64_t[]){s->n, ld}, ND_F);
  L->H = ndi_calloc((size_t)(ld * ld), es);
  L->S = ndi_malloc((size_t)(ld * ld) * es);
  L->coef = ndi_malloc((size_t)(ld * s->b) * es);
  L->R = ndi_malloc((size_t)(s->b * s->b) * es);
  L->C = ndi_malloc((size_t)(s->b * bk) * es + (size_t)(s->b * ld) * es);
  L->theta = ndi_malloc(sizeof(double) * (size_t)ld);
  L->est = ndi_malloc(sizeof(double) * (size_t)(s->k + 1));
  if (!L->V) return nd_last_status();
  if (!L->H || !L->S || !L->coef || !L->R || !L->C || !L->theta || !L->est)
    return ndi_nomem(s->op, (size_t)(ld * ld) * es);
  return ND_OK;
}

/* Column c of a column-major matrix with leading dimension ld, element size es. */
static char *mcol(char *M, int64_t ld, int64_t c, size_t es) { return M + (size_t)(c * ld) * es; }

/* est[i] = ||R[0:nq, 0:bw] S[nb - bw : nb, i]|| for i < cnt: the residual norm of Ritz
 * pair i (R: the coupling of the newest block, whose rows of S are the last bw). */
static void estimates(ndi_ks *s, lanczos *L, int64_t nb, int64_t nq, int64_t bw, int64_t cnt) {
  if (nq == 0) {
    for (int64_t i = 0; i < cnt; i++) L->est[i] = 0;
    return;
  }
  ndi_ks_gemm(s, false, nq, cnt, bw, 1.0, L->R, bw, L->S + (size_t)(nb - bw) * s->es, nb, 0.0, L->C, nq);
  for (int64_t i = 0; i < cnt; i++) L->est[i] = ndi_ks_norm(s, mcol(L->C, nq, i, s->es), nq);
}

/* The thick restart: V[:, 0:p] = the p lowest Ritz vectors, the residual block (nq columns
 * at nb) moved after them, H = diag(theta) plus the arrow R S_j coupling the two. */
static void restart(ndi_ks *s, lanczos *L, int64_t nb, int64_t nq, int64_t bw, int64_t p) {
  size_t es = s->es;
  int64_t ld = L->ldh;
  char *base = nd_data(L->V);
  ndi_ks_rotate(s, L->V, nb, L->S, nb, p);
  memmove(ndi_ks_col(s, base, p), ndi_ks_col(s, base, nb), (size_t)(nq * s->n) * es);
  /* the coupling R S[nb - bw : nb, 0:p] (nq x p) */
  ndi_ks_gemm(s, false, nq, p, bw, 1.0, L->R, bw, L->S + (size_t)(nb - bw) * es, nb, 0.0, L->C, nq);
  memset(L->H, 0, (size_t)(ld * ld) * es);
  for (int64_t i = 0; i < p; i++) {
    if (s->cplx) ((double complex *)L->H)[i + i * ld] = L->theta[i];
    else ((double *)L->H)[i + i * ld] = L->theta[i];
    for (int64_t r = 0; r < nq; r++) {
      size_t lo = (size_t)(p + r + i * ld), up = (size_t)(i + (p + r) * ld), c = (size_t)(r + i * nq);
      if (s->cplx) {
        ((double complex *)L->H)[lo] = ((double complex *)L->C)[c];
        ((double complex *)L->H)[up] = conj(((double complex *)L->C)[c]);
      } else {
        ((double *)L->H)[lo] = ((double *)L->H)[up] = ((double *)L->C)[c];
      }
    }
  }
  s->restarts++;
}

/* The final check: X = V[:, 0:nb] S[:, 0:k], AX = A X, the true residuals. Returns
 * whether they meet the tolerance (-1 on failure). */
static int verify(ndi_ks *s, lanczos *L, int64_t nb, nd_array *X) {
  if (!L->AX && !(L->AX = ndi_array_alloc(s->op, s->ct, 2, (int64_t[]){s->n, s->k}, ND_F))) return -1;
  ndi_ks_gemm(s, false, s->n, s->k, nb, 1.0, nd_data(L->V), s->n, L->S, nb, 0.0, nd_data(X), s->n);
  if (ndi_ks_apply(s, X, 0, L->AX, 0, s->k)) return -1;
  ndi_ks_residuals(s, nd_data(L->AX), nd_data(X), L->theta, s->k, L->est);
  return ndi_ks_converged(s, L->est, s->k, s->tol);
}

nd_status ndi_ks_lanczos(ndi_ks *s, nd_array *X, double *theta_out) {
  lanczos L = {0};
  nd_status st = lanczos_alloc(s, &L);
  if (st) goto done;
  int64_t ld = L.ldh, nb = 0, cur = ndi_ks_start(s, L.V, s->b);
  double tol_est = s->tol; /* the estimates' tolerance, tightened after a failed check */
  size_t es = s->es;
  if (cur < 0) {
    st = nd_last_status();
    goto done;
  }
  for (;;) {
    if (s->iters >= s->maxiter) {
      st = ndi_ks_no_convergence(s);
      goto done;
    }
    int64_t j = nb + cur;
    if ((st = ndi_ks_apply(s, L.V, nb, L.V, j, cur))) goto done;
    int64_t nq = ndi_ks_orthonormalize(s, L.V, j, cur, L.coef, j, L.R, cur, 1e-12, true);
    if (nq < 0) {
      st = nd_last_status();
      goto done;
    }
    /* column block [nb, j) of H: the coefficients; rows [j, j + nq) of it: the coupling */
    for (int64_t c = 0; c < cur; c++) {
      memcpy(mcol(L.H, ld, nb + c, es), mcol(L.coef, j, c, es), (size_t)j * es);
      memcpy(mcol(L.H, ld, nb + c, es) + (size_t)j * es, mcol(L.R, cur, c, es), (size_t)nq * es);
    }
    if ((st = ndi_ks_hermitian(s, L.H, ld, nb, j))) goto done;
    nb = j;
    if ((st = ndi_ks_ritz(s, L.H, ld, nb, L.theta, L.S))) goto done;
    int64_t cnt = nb < s->k ? nb : s->k;
    estimates(s, &L, nb, nq, cur, cnt);
    if (ndi_ks_converged(s, L.est, nb, tol_est)) {
      int ok = verify(s, &L, nb, X);
      if (ok < 0) {
        st = nd_last_status();
        goto done;
      }
      if (ok) break;
      tol_est *= 0.1;
    }
    if (nq == 0) { /* the basis spans the whole space, and still short of the tolerance */
      st = ndi_ks_no_convergence(s);
      goto done;
    }
    if (nb + nq > s->m) {
      int64_t p = ndi_ks_keep(s);
      restart(s, &L, nb, nq, cur, p);
      nb = p;
    }
    cur = nq;
  }
  memcpy(theta_out, L.theta, sizeof(double) * (size_t)s->k);
done:
  lanczos_free(&L);
  return st;
}
