/* Matrix logarithm (nd_linalg_logm): inverse scaling and squaring on the complex Schur
 * form, Al-Mohy and Higham, "Improved inverse scaling and squaring algorithms for the
 * matrix logarithm" (SIAM J. Sci. Comput. 34, 2012), Algorithm 4.1 as scipy.linalg.logm
 * runs it, with the 1-norms of the powers of T - I computed exactly (SciPy estimates them):
 *   1. a = Z T Z^H; take square roots of T until it is close enough to I for a Padé
 *      approximant of degree m <= 7 (the bounds theta_m of their Table 2.1);
 *   2. R = T^(1/2^s) - I with its diagonal and first superdiagonal recomputed exactly
 *      (Higham and Lin's formulas), U = 2^s r_m(R) by the partial fraction expansion of
 *      the Padé approximant (Gauss-Legendre nodes and weights on [0, 1]);
 *   3. the diagonal and superdiagonal of U recomputed as the exact logarithms, X = Z U Z^H.
 * The last two recomputations are skipped when T has an eigenvalue on the closed negative
 * real axis, where the principal logarithm does not exist. */
#include <cblas.h>
#include <complex.h>
#include <math.h>
#include <string.h>

#include "core/dtype.h"
#include "matfunc_map.h"
#include "nd/matfunc.h"
#include "schur.h"

enum { LOGM_SINGULAR = NDI_MAP_OWN, LOGM_SQRT };

/* theta_m, m = 1..7: the bounds on ||(T - I)^p||^(1/p) for degree m */
static const double theta[8] = {0, 1.59e-5, 2.31e-3, 1.94e-2, 6.21e-2, 1.28e-1, 2.06e-1, 2.88e-1};

typedef struct {
  int64_t n;
  double complex *t, *t0, *p, *q, *u;
} logm_work;

/* ||(T - I)^k||_1, exactly: q = T - I, p = q^k by triangular products */
static double norm_power(const logm_work *w, int k) {
  int64_t n = w->n;
  const double complex one = 1;
  memcpy(w->q, w->t, sizeof(double complex) * (size_t)(n * n));
  for (int64_t i = 0; i < n; i++) w->q[i * n + i] -= 1;
  memcpy(w->p, w->q, sizeof(double complex) * (size_t)(n * n));
  for (int i = 1; i < k; i++)
    cblas_ztrmm(CblasColMajor, CblasLeft, CblasUpper, CblasNoTrans, CblasNonUnit, (int)n, (int)n, &one, w->q, (int)n,
                w->p, (int)n);
  double best = 0;
  for (int64_t j = 0; j < n; j++) {
    double s = 0;
    for (int64_t i = 0; i <= j; i++) s += cabs(w->p[j * n + i]);
    best = s > best ? s : best;
  }
  return best;
}

/* Gauss-Legendre nodes and weights of degree m on [0, 1] (Newton on P_m) */
static void gauss_legendre(int m, double *x, double *wt) {
  for (int i = 0; i < m; i++) {
    double z = cos(M_PI * (i + 0.75) / (m + 0.5)), dp = 1;
    for (int it = 0; it < 100; it++) {
      double p0 = 1, p1 = z; /* P_0, P_1, ..., P_m by the recurrence */
      for (int k = 2; k <= m; k++) {
        double pk = ((2 * k - 1) * z * p1 - (k - 1) * p0) / k;
        p0 = p1;
        p1 = pk;
      }
      dp = m * (z * p1 - p0) / (z * z - 1);
      double dz = p1 / dp;
      z -= dz;
      if (fabs(dz) < 1e-16) break;
    }
    x[i] = (1 - z) / 2;
    wt[i] = 1 / ((1 - z * z) * dp * dp);
  }
}

/* a^(1/2^k) - 1 without the cancellation of the subtraction (Higham's Algorithm 2 in
 * Al-Mohy and Higham 2012) */
static double complex briggs(double complex a, int k) {
  if (k == 0) return a - 1;
  if (k == 1) return csqrt(a) - 1;
  int kk = k;
  if (carg(a) >= M_PI / 2) {
    a = csqrt(a);
    kk = k - 1;
  }
  double complex z0 = a - 1;
  a = csqrt(a);
  double complex r = 1 + a;
  for (int j = 1; j < kk; j++) {
    a = csqrt(a);
    r *= 1 + a;
  }
  return z0 / r;
}

static double unwind(double complex z) { return ceil((cimag(z) - M_PI) / (2 * M_PI)); }

/* The (1,2) entry of f([[l1, t], [0, l2]]) for f(x) = x^p (Higham and Lin 2011, eq. 5.6)
 * or, with p = 0, f = log (Higham, Functions of Matrices, eq. 11.28). */
static double complex superdiag(double complex l1, double complex l2, double complex t, double p, bool log_f) {
  if (l1 == l2) return log_f ? t / l1 : t * p * cpow(l1, p - 1);
  if (cabs(l2 - l1) > cabs(l1 + l2) / 2)
    return log_f ? t * (clog(l2) - clog(l1)) / (l2 - l1) : t * (cpow(l2, p) - cpow(l1, p)) / (l2 - l1);
  double complex z = (l2 - l1) / (l2 + l1), ll1 = clog(l1), ll2 = clog(l2);
  double complex at = catanh(z) + I * M_PI * unwind(ll2 - ll1);
  if (log_f) return t * 2 * at / (l2 - l1);
  return t * cexp(p / 2 * (ll2 + ll1)) * 2 * csinh(p * at) / (l2 - l1);
}

static bool principal_branch(const logm_work *w) {
  for (int64_t i = 0; i < w->n; i++) {
    double complex d = w->t0[i * w->n + i];
    if (!(creal(d) > 0 || cimag(d) != 0)) return false;
  }
  return true;
}

/* Square roots of T until the Padé degree m is found; returns m, *s the square roots. */
static int reduce(logm_work *w, int *s) {
  int64_t n = w->n;
  int s0 = 0;
  for (bool far = true; far && s0 < 128;) { /* square roots of the diagonal first */
    far = false;
    for (int64_t i = 0; i < n; i++) {
      double complex d = w->t0[i * n + i];
      for (int k = 0; k < s0; k++) d = csqrt(d);
      far |= cabs(d - 1) > theta[7];
    }
    if (far) s0++;
  }
  for (int i = 0; i < s0; i++)
    if (!ndi_la_sqrtm_triu(n, w->t, w->t)) return -1;
  *s = s0;
  double d3 = pow(norm_power(w, 3), 1.0 / 3), a2 = fmax(sqrt(norm_power(w, 2)), d3);
  if (a2 <= theta[1]) return 1;
  if (a2 <= theta[2]) return 2;
  for (int k = 0; *s < 256;) {
    if (*s > s0) d3 = pow(norm_power(w, 3), 1.0 / 3);
    double d4 = pow(norm_power(w, 4), 0.25), a3 = fmax(d3, d4);
    if (a3 <= theta[7]) {
      int j1 = 3;
      while (a3 > theta[j1]) j1++;
      if (j1 <= 6) return j1;
      if (a3 / 2 <= theta[5] && k < 2) {
        k++;
        if (!ndi_la_sqrtm_triu(n, w->t, w->t)) return -1;
        (*s)++;
        continue;
      }
    }
    double d5 = pow(norm_power(w, 5), 0.2), eta = fmin(a3, fmax(d4, d5));
    if (eta <= theta[6]) return 6;
    if (eta <= theta[7]) return 7;
    if (!ndi_la_sqrtm_triu(n, w->t, w->t)) return -1;
    (*s)++;
  }
  return 7;
}

static int logm_fn(const ndi_la_sqmap *m, void *a, void *r, void *work) {
  int64_t n = m->n, nn = n * n;
  double complex *z = work;
  logm_work w = {.n = n, .t = a, .t0 = z + nn, .p = z + 2 * nn, .q = z + 3 * nn, .u = z + 4 * nn};
  int code = ndi_la_schur_complex(n, a, z, *(const bool *)m->ctx, w.p);
  if (code) return code;
  for (int64_t i = 0; i < n; i++)
    if (w.t[i * n + i] == 0) return LOGM_SINGULAR;
  memcpy(w.t0, w.t, sizeof(double complex) * (size_t)nn);
  int s, deg = reduce(&w, &s);
  if (deg < 0) return LOGM_SQRT;
  bool principal = principal_branch(&w);
  double complex *R = w.t; /* R = T - I, then corrected */
  for (int64_t i = 0; i < n; i++) R[i * n + i] -= 1;
  if (principal) {
    double p = ldexp(1.0, -s);
    for (int64_t i = 0; i < n; i++) R[i * n + i] = briggs(w.t0[i * n + i], s);
    for (int64_t i = 0; i + 1 < n; i++)
      R[(i + 1) * n + i] = superdiag(w.t0[i * n + i], w.t0[(i + 1) * n + i + 1], w.t0[(i + 1) * n + i], p, false);
  }
  /* U = 2^s sum_j wt_j (I + x_j R)^-1 R */
  double x[8], wt[8];
  gauss_legendre(deg, x, wt);
  memset(w.u, 0, sizeof(double complex) * (size_t)nn);
  const double complex one = 1;
  for (int j = 0; j < deg; j++) {
    for (int64_t q = 0; q < nn; q++) {
      w.p[q] = R[q];
      w.q[q] = x[j] * R[q];
    }
    for (int64_t i = 0; i < n; i++) w.q[i * n + i] += 1;
    cblas_ztrsm(CblasColMajor, CblasLeft, CblasUpper, CblasNoTrans, CblasNonUnit, (int)n, (int)n, &one, w.q, (int)n,
                w.p, (int)n);
    for (int64_t q = 0; q < nn; q++) w.u[q] += wt[j] * w.p[q];
  }
  double scale = ldexp(1.0, s);
  for (int64_t q = 0; q < nn; q++) w.u[q] *= scale;
  if (principal) {
    for (int64_t i = 0; i < n; i++) w.u[i * n + i] = clog(w.t0[i * n + i]);
    for (int64_t i = 0; i + 1 < n; i++)
      w.u[(i + 1) * n + i] = superdiag(w.t0[i * n + i], w.t0[(i + 1) * n + i + 1], w.t0[(i + 1) * n + i], 0, true);
  }
  for (int64_t j = 0; j < n; j++) /* below the diagonal: exactly zero */
    for (int64_t i = j + 1; i < n; i++) w.u[j * n + i] = 0;
  ndi_la_schur_back(n, z, w.u, r, w.p);
  return 0;
}

static const char *logm_what(int code) {
  return code == LOGM_SINGULAR ? "is singular and has no logarithm"
                               : "has no square root on the way to its logarithm";
}

nd_array *nd_linalg_logm(const nd_array *a) {
  NDI_REQUIRE("logm", a);
  int64_t n = a->ndim >= 2 ? a->shape[a->ndim - 1] : 0;
  ndi_la_sqmap m = {.ct = ND_COMPLEX128, .ot = ND_COMPLEX128, .fn = logm_fn, .what = logm_what};
  m.extra = ndi_la_round(sizeof(double complex) * 5 * (size_t)(n * n));
  m.cost = 60.0 * n * n * n;
  bool real = ndi_dtype_kind(a->dtype) != 'c'; /* real Schur form first */
  m.ctx = &real;
  nd_array *z = ndi_la_sqmap_run("logm", &m, a);
  return z ? ndi_la_maybe_real("logm", z, a->dtype) : NULL;
}
