/* The randomised truncated SVD (Halko, Martinsson and Tropp, "Finding structure with
 * randomness", SIAM Review 53, 2011): subspace iteration on a block of l = k + p
 * columns, with a Rayleigh-Ritz step and a residual test at every pass.
 *
 * One pass, with Qv an orthonormal n x l basis (the Gaussian block orthonormalised at the
 * start):
 *   Y = a Qv = Qu R (QR);  R = Ur S Vr^H (SVD of the small l x l matrix);
 * then u_j = Qu Ur e_j, v_j = Qv Vr e_j satisfy a v_j = s_j u_j exactly, and the other
 * half of the singular triplet equations is the residual
 *   r_j = a^H u_j - s_j v_j = Z Ur e_j - s_j v_j,  Z = a^H Qu,
 * whose Z is the next pass's product anyway; the iteration stops when every r_j, j < k, is
 * at most tol * s_1, else continues with Qv = orth(Z). The residual bounds the error of
 * the triplet: s_j within |r_j| of a singular value, the vectors within |r_j| over the gap
 * to the others (Wedin). All products are BLAS gemm; the QRs Householder (?geqrf). */
#include "svd_truncated.h"

#include <complex.h>
#include <math.h>
#include <string.h>

#include "la_typed.h"
#include "lapack_batch.h"

typedef struct {
  size_t qv, qu, z, r, ur, vt, v, e, tau, sv, total;
} rsvd_layout;

static rsvd_layout layout(const ndi_rsvd *r) {
  rsvd_layout L;
  size_t es = r->t == ND_COMPLEX128 ? 16 : 8, m = (size_t)r->m, n = (size_t)r->n, l = (size_t)r->l;
  size_t k = (size_t)(r->k > 0 ? r->k : 1);
  L.qv = 0;
  L.qu = L.qv + ndi_la_round(n * l * es);
  L.z = L.qu + ndi_la_round(m * l * es);
  L.r = L.z + ndi_la_round(n * l * es);
  L.ur = L.r + ndi_la_round(l * l * es);
  L.vt = L.ur + ndi_la_round(l * l * es);
  L.v = L.vt + ndi_la_round(l * l * es);
  L.e = L.v + ndi_la_round(n * k * es);
  L.tau = L.e + ndi_la_round(n * k * es);
  L.sv = L.tau + ndi_la_round(l * es);
  L.total = L.sv + ndi_la_round(l * sizeof(double));
  return L;
}

size_t ndi_rsvd_work(const ndi_rsvd *r) { return layout(r).total; }

/* Euclidean norm of column j of the column-major x (rows n, leading dimension n) */
static double column_norm(const ndi_rsvd *r, const void *x, int64_t n, int64_t j) {
  int64_t w = r->t == ND_COMPLEX128 ? 2 : 1;
  const double *c = (const double *)x + j * n * w;
  double s = 0;
  for (int64_t i = 0; i < n * w; i++) s += c[i] * c[i];
  return sqrt(s);
}

/* The SVD of the l x l R: ur, sv, vt (?gesdd). */
static int small_svd(const ndi_rsvd *r, char *w, const rsvd_layout *L) {
  lapack_int l = (lapack_int)r->l;
  int info = r->t == ND_COMPLEX128
                 ? LAPACKE_zgesdd(LAPACK_COL_MAJOR, 'A', l, l, (lapack_complex_double *)(w + L->r), l,
                                  (double *)(w + L->sv), (lapack_complex_double *)(w + L->ur), l,
                                  (lapack_complex_double *)(w + L->vt), l)
                 : LAPACKE_dgesdd(LAPACK_COL_MAJOR, 'A', l, l, (double *)(w + L->r), l, (double *)(w + L->sv),
                                  (double *)(w + L->ur), l, (double *)(w + L->vt), l);
  return info ? NDI_RSVD_NOMEM : 0;
}

/* max_j<k |r_j| / s_1 for the current triplets; also leaves v = Qv Vr[:, :k] in L->v. */
static double residual(const ndi_rsvd *r, char *w, const rsvd_layout *L) {
  int64_t n = r->n, l = r->l, k = r->k, es = r->t == ND_COMPLEX128 ? 16 : 8;
  const double *sv = (const double *)(w + L->sv);
  ndi_la_gemm(r->t, 'N', 'C', n, k, l, 1.0, w + L->qv, n, w + L->vt, l, 0.0, w + L->v, n);
  ndi_la_gemm(r->t, 'N', 'N', n, k, l, 1.0, w + L->z, n, w + L->ur, l, 0.0, w + L->e, n);
  double worst = 0;
  for (int64_t j = 0; j < k; j++) {
    double *e = (double *)(w + L->e + j * n * es);
    const double *v = (const double *)(w + L->v + j * n * es);
    for (int64_t i = 0; i < n * (es / 8); i++) e[i] -= sv[j] * v[i];
    worst = fmax(worst, column_norm(r, w + L->e, n, j));
  }
  return sv[0] > 0 ? worst / sv[0] : 0;
}

int ndi_rsvd_run(const ndi_rsvd *r, const void *a, void *omega, void *u, double *s, void *v, void *work) {
  int64_t m = r->m, n = r->n, l = r->l, k = r->k;
  char *w = work;
  rsvd_layout L = layout(r);
  memcpy(w + L.qv, omega, (size_t)(n * l) * (r->t == ND_COMPLEX128 ? 16 : 8));
  if (ndi_la_qr_q(r->t, n, l, w + L.qv, n, w + L.tau, NULL, 0)) return NDI_RSVD_NOMEM;
  bool converged = false;
  for (int64_t it = 0;; it++) {
    ndi_la_gemm(r->t, 'N', 'N', m, l, n, 1.0, a, m, w + L.qv, n, 0.0, w + L.qu, m);
    if (ndi_la_qr_q(r->t, m, l, w + L.qu, m, w + L.tau, w + L.r, l)) return NDI_RSVD_NOMEM;
    if (small_svd(r, w, &L)) return NDI_RSVD_NOMEM;
    if (r->fixed && it >= r->iters) { /* no test: the Ritz vectors of this pass */
      ndi_la_gemm(r->t, 'N', 'C', n, k, l, 1.0, w + L.qv, n, w + L.vt, l, 0.0, w + L.v, n);
      converged = true;
      break;
    }
    ndi_la_gemm(r->t, 'C', 'N', n, l, m, 1.0, a, m, w + L.qu, m, 0.0, w + L.z, n);
    if (!r->fixed && residual(r, w, &L) <= r->tol) {
      converged = true;
      break;
    }
    if (it >= r->iters) break;
    memcpy(w + L.qv, w + L.z, (size_t)(n * l) * (r->t == ND_COMPLEX128 ? 16 : 8));
    if (ndi_la_qr_q(r->t, n, l, w + L.qv, n, w + L.tau, NULL, 0)) return NDI_RSVD_NOMEM;
  }
  if (!converged) return NDI_RSVD_NOCONV;
  ndi_la_gemm(r->t, 'N', 'N', m, k, l, 1.0, w + L.qu, m, w + L.ur, l, 0.0, u, m);
  memcpy(s, w + L.sv, sizeof(double) * (size_t)k);
  memcpy(v, w + L.v, (size_t)(n * k) * (r->t == ND_COMPLEX128 ? 16 : 8));
  return 0;
}
