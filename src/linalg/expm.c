/* Matrix exponential (nd_linalg_expm): scaling and squaring with Padé approximants,
 * Al-Mohy and Higham, "A new scaling and squaring algorithm for the matrix exponential"
 * (SIAM J. Matrix Anal. Appl. 31, 2009), Algorithm 6.1, with the choices of
 * scipy.linalg.expm: the 1-norms of A^4, A^6, A^8 and A^10 computed exactly (SciPy does so
 * below N = 400 and estimates them above; exact norms are never smaller than estimates,
 * so the scaling is never less safe), the backward error term ell(A, m) from the powers of
 * |A| applied to a vector, and for triangular A the diagonal and first off-diagonal of
 * each squaring recomputed exactly (their Code Fragment 2.1). Real data stays real; all
 * products are BLAS gemm on column-major buffers. */
#include <complex.h>
#include <math.h>
#include <string.h>

#include "core/dtype.h"
#include "la_typed.h"
#include "matfunc_map.h"
#include "nd/matfunc.h"

/* theta_m of double precision (Al-Mohy and Higham 2009, Table 3.1) */
static const double theta3 = 1.495585217958292e-2, theta5 = 2.539398330063230e-1,
                    theta7 = 9.504178996162932e-1, theta9 = 2.097847961257068e0, theta13 = 4.25;

/* Padé coefficients b_0 .. b_m of degree m = 3, 5, 7, 9, 13 */
static const double pade3[] = {120, 60, 12, 1};
static const double pade5[] = {30240, 15120, 3360, 420, 30, 1};
static const double pade7[] = {17297280, 8648640, 1995840, 277200, 25200, 1512, 56, 1};
static const double pade9[] = {17643225600., 8821612800., 2075673600., 302702400., 30270240.,
                               2162160., 110880., 3960., 90., 1.};
static const double pade13[] = {64764752532480000., 32382376266240000., 7771770303897600.,
                                1187353796428800., 129060195264000., 10559470521600.,
                                670442572800., 33522128640., 1323241920., 40840800.,
                                960960., 16380., 182., 1.};

/* 1 / |c_{2m+1}|, c the Taylor coefficients of the Padé error: the bound on the relative
 * backward error, for m = 3, 5, 7, 9, 13 */
static const double inv_c[] = {100800., 10059033600., 4487938430976000., 5914384781877411840000.,
                               113250775606021113483283660800000000.};

typedef struct {
  int64_t n, w; /* order; doubles per element (1 real, 2 complex) */
  nd_dtype t;
  double *A, *A2, *A4, *A6, *A8, *U, *V, *T;
  double *absA, *x, *y; /* |A| and the vectors of its powers */
  int abs_power;        /* the power of |A| applied to x so far */
  double norm_a;        /* ||A||_1 */
  double complex *diag, *off; /* diagonal and first off-diagonal of a triangular A */
  lapack_int *ipiv;
} expm_work;

static double norm1(const expm_work *e, const double *a) {
  double best = 0;
  for (int64_t j = 0; j < e->n; j++) {
    double s = 0;
    const double *c = a + j * e->n * e->w;
    for (int64_t i = 0; i < e->n; i++) s += e->w == 2 ? hypot(c[2 * i], c[2 * i + 1]) : fabs(c[i]);
    best = s > best ? s : best;
  }
  return best;
}

/* dst = sum_i coef[i] src[i] + id * I: real coefficients act on the doubles directly */
static void lincomb(const expm_work *e, double *dst, int k, const double *coef, double *const *src, double id) {
  int64_t len = e->n * e->n * e->w;
  for (int64_t p = 0; p < len; p++) {
    double s = 0;
    for (int i = 0; i < k; i++) s += coef[i] * src[i][p];
    dst[p] = s;
  }
  for (int64_t i = 0; i < e->n; i++) dst[(i * e->n + i) * e->w] += id;
}

static void mul(const expm_work *e, const double *a, const double *b, double *c) {
  ndi_la_gemm(e->t, 'N', 'N', e->n, e->n, e->n, 1.0, a, e->n, b, e->n, 0.0, c, e->n);
}

/* ||(|A|)^p||_1 = max(e^T |A|^p): x <- |A|^T x until x holds (|A|^T)^p e */
static double abs_power_norm(expm_work *e, int p) {
  int64_t n = e->n;
  for (; e->abs_power < p; e->abs_power++) {
    for (int64_t j = 0; j < n; j++) {
      double s = 0;
      for (int64_t i = 0; i < n; i++) s += e->absA[j * n + i] * e->x[i];
      e->y[j] = s;
    }
    memcpy(e->x, e->y, sizeof(double) * (size_t)n);
  }
  double best = 0;
  for (int64_t i = 0; i < n; i++) best = e->x[i] > best ? e->x[i] : best;
  return best;
}

/* ell(2^-s A, m): the extra squarings the backward error bound asks for (Al-Mohy and
 * Higham 2009, eq. 5.1) with u = 2^-53; k indexes m in 3, 5, 7, 9, 13. */
static int ell(expm_work *e, int m, int k, int s) {
  double pn = abs_power_norm(e, 2 * m + 1);
  if (pn == 0 || e->norm_a == 0) return 0;
  double alpha = log2(pn / inv_c[k] / e->norm_a) - 2.0 * m * s;
  int l = (int)ceil((alpha + 53) / (2.0 * m));
  return l > 0 ? l : 0;
}

/* U and V of the Padé approximant r_m = (V - U)^-1 (V + U) */
static void pade(expm_work *e, int m) {
  if (m == 13) {
    const double *b = pade13;
    double *pw[3] = {e->A6, e->A4, e->A2};
    double c1[3] = {b[13], b[11], b[9]}, c2[3] = {b[7], b[5], b[3]};
    lincomb(e, e->T, 3, c1, pw, 0);
    mul(e, e->A6, e->T, e->U); /* U temporarily holds A6 (b13 A6 + b11 A4 + b9 A2) */
    lincomb(e, e->T, 3, c2, pw, b[1]);
    double *sum[2] = {e->U, e->T};
    const double one[2] = {1, 1};
    lincomb(e, e->V, 2, one, sum, 0);
    mul(e, e->A, e->V, e->U);
    double c3[3] = {b[12], b[10], b[8]}, c4[3] = {b[6], b[4], b[2]};
    lincomb(e, e->T, 3, c3, pw, 0);
    mul(e, e->A6, e->T, e->V);
    lincomb(e, e->T, 3, c4, pw, b[0]);
    sum[0] = e->V;
    lincomb(e, e->V, 2, one, sum, 0);
    return;
  }
  const double *b = m == 3 ? pade3 : m == 5 ? pade5 : m == 7 ? pade7 : pade9;
  double *pw[4] = {e->A2, e->A4, e->A6, e->A8};
  double odd[4], even[4];
  int k = (m - 1) / 2; /* powers A^2 .. A^(m-1) */
  for (int i = 0; i < k; i++) {
    odd[i] = b[2 * i + 3];
    even[i] = b[2 * i + 2];
  }
  lincomb(e, e->T, k, odd, pw, b[1]);
  mul(e, e->A, e->T, e->U);
  lincomb(e, e->V, k, even, pw, b[0]);
}

static double complex get(const expm_work *e, const double *a, int64_t i, int64_t j) {
  const double *p = a + (j * e->n + i) * e->w;
  return e->w == 2 ? CMPLX(p[0], p[1]) : CMPLX(p[0], 0);
}

static void put(const expm_work *e, double *a, int64_t i, int64_t j, double complex v) {
  double *p = a + (j * e->n + i) * e->w;
  p[0] = creal(v);
  if (e->w == 2) p[1] = cimag(v);
}

/* exp of the 2 x 2 triangular [[l1, t], [0, l2]] off the diagonal: t (e^l2 - e^l1) /
 * (l2 - l1), in Higham's sinh form (Functions of Matrices, eq. 10.42) when l1 and l2 are
 * close, where the difference would cancel */
static double complex exp_offdiag(double complex l1, double complex l2, double complex t) {
  double complex d = (l2 - l1) / 2;
  if (cabs(d) > 0.5) return t * (cexp(l2) - cexp(l1)) / (l2 - l1);
  double complex sinhc = d == 0 ? 1 : csinh(d) / d;
  return t * cexp((l1 + l2) / 2) * sinhc;
}

/* The exact diagonal and off-diagonal of exp(2^-i A) for triangular A */
static void fix_triangle(const expm_work *e, double *x, int i, bool lower) {
  double f = ldexp(1.0, -i);
  for (int64_t k = 0; k < e->n; k++) put(e, x, k, k, cexp(f * e->diag[k]));
  for (int64_t k = 0; k + 1 < e->n; k++) {
    double complex v = exp_offdiag(f * e->diag[k], f * e->diag[k + 1], f * e->off[k]);
    if (lower) put(e, x, k + 1, k, v);
    else put(e, x, k, k + 1, v);
  }
}

/* m and s of Algorithm 6.1 */
static int choose(expm_work *e, int *s) {
  double d4 = pow(norm1(e, e->A4), 0.25), d6 = pow(norm1(e, e->A6), 1.0 / 6);
  double eta1 = fmax(d4, d6);
  *s = 0;
  if (eta1 <= theta3 && ell(e, 3, 0, 0) == 0) return 3;
  if (eta1 <= theta5 && ell(e, 5, 1, 0) == 0) return 5;
  mul(e, e->A4, e->A4, e->A8);
  double d8 = pow(norm1(e, e->A8), 0.125), eta2 = fmax(d6, d8);
  if (eta2 <= theta7 && ell(e, 7, 2, 0) == 0) return 7;
  if (eta2 <= theta9 && ell(e, 9, 3, 0) == 0) return 9;
  mul(e, e->A6, e->A4, e->T);
  double d10 = pow(norm1(e, e->T), 0.1), eta4 = fmin(eta2, fmax(d8, d10));
  int sc = (int)ceil(log2(eta4 / theta13));
  *s = sc > 0 ? sc : 0;
  *s += ell(e, 13, 4, *s);
  return 13;
}

static void scale(const expm_work *e, double *a, double f) {
  for (int64_t p = 0; p < e->n * e->n * e->w; p++) a[p] *= f;
}

/* Triangular shape of A: 1 upper, 2 lower, 3 diagonal, 0 neither */
static int triangle(const expm_work *e) {
  bool up = true, lo = true;
  for (int64_t j = 0; j < e->n; j++)
    for (int64_t i = 0; i < e->n; i++)
      if (i != j && get(e, e->A, i, j) != 0) {
        if (i > j) up = false;
        else lo = false;
      }
  return (up ? 1 : 0) | (lo ? 2 : 0);
}

static int expm_fn(const ndi_la_sqmap *m, void *va, void *vr, void *work) {
  int64_t n = m->n, nn = n * n;
  expm_work e = {.n = n, .w = m->ct == ND_COMPLEX128 ? 2 : 1, .t = m->ct, .A = va};
  double *p = work;
  double **mats[7] = {&e.A2, &e.A4, &e.A6, &e.A8, &e.U, &e.V, &e.T};
  for (int i = 0; i < 7; i++, p += nn * e.w) *mats[i] = p;
  e.absA = p;
  e.x = p + nn;
  e.y = e.x + n;
  e.diag = (double complex *)(e.y + n);
  e.off = e.diag + n;
  e.ipiv = (lapack_int *)(e.off + n);
  double *R = vr;
  int tri = triangle(&e);
  if (tri == 3) { /* diagonal: the exponentials of the diagonal */
    memset(R, 0, sizeof(double) * (size_t)(nn * e.w));
    for (int64_t k = 0; k < n; k++) put(&e, R, k, k, cexp(get(&e, e.A, k, k)));
    return 0;
  }
  for (int64_t k = 0; k < n; k++) {
    e.diag[k] = get(&e, e.A, k, k);
    e.off[k] = k + 1 < n ? (tri == 2 ? get(&e, e.A, k + 1, k) : get(&e, e.A, k, k + 1)) : 0;
  }
  for (int64_t q = 0; q < nn; q++) e.absA[q] = e.w == 2 ? hypot(e.A[2 * q], e.A[2 * q + 1]) : fabs(e.A[q]);
  for (int64_t i = 0; i < n; i++) e.x[i] = 1;
  e.norm_a = norm1(&e, e.A);
  mul(&e, e.A, e.A, e.A2);
  mul(&e, e.A2, e.A2, e.A4);
  mul(&e, e.A4, e.A2, e.A6);
  int s, deg = choose(&e, &s);
  if (s) {
    scale(&e, e.A, ldexp(1.0, -s));
    scale(&e, e.A2, ldexp(1.0, -2 * s));
    scale(&e, e.A4, ldexp(1.0, -4 * s));
    scale(&e, e.A6, ldexp(1.0, -6 * s));
  }
  pade(&e, deg);
  for (int64_t q = 0; q < nn * e.w; q++) { /* T = V - U, R = V + U; then T R' = R */
    e.T[q] = e.V[q] - e.U[q];
    R[q] = e.V[q] + e.U[q];
  }
  int info = m->ct == ND_COMPLEX128
                 ? LAPACKE_zgesv_work(LAPACK_COL_MAJOR, (lapack_int)n, (lapack_int)n, (lapack_complex_double *)e.T,
                                      (lapack_int)n, e.ipiv, (lapack_complex_double *)R, (lapack_int)n)
                 : LAPACKE_dgesv_work(LAPACK_COL_MAJOR, (lapack_int)n, (lapack_int)n, e.T, (lapack_int)n, e.ipiv, R,
                                      (lapack_int)n);
  if (info > 0) return NDI_MAP_OWN;
  if (tri && s) fix_triangle(&e, R, s, tri == 2);
  for (int i = s - 1; i >= 0; i--) {
    memcpy(e.T, R, sizeof(double) * (size_t)(nn * e.w));
    mul(&e, e.T, e.T, R);
    if (tri) fix_triangle(&e, R, i, tri == 2);
  }
  return 0;
}

static const char *expm_what(int code) { return "gave a singular Padé denominator"; }

nd_array *nd_linalg_expm(const nd_array *a) {
  NDI_REQUIRE("expm", a);
  nd_dtype ct, rt;
  ndi_la_dtypes(1, &a->dtype, &ct, &rt);
  ndi_la_sqmap m = {.ct = ct, .ot = rt, .fn = expm_fn, .what = expm_what};
  int64_t n = a->ndim >= 2 ? a->shape[a->ndim - 1] : 0, w = ct == ND_COMPLEX128 ? 2 : 1;
  m.extra = ndi_la_round(sizeof(double) * (size_t)(7 * n * n * w + n * n + 2 * n) +
                         sizeof(double complex) * (size_t)(2 * n) + sizeof(lapack_int) * (size_t)n);
  m.cost = 12.0 * n * n * n * w;
  return ndi_la_sqmap_run("expm", &m, a);
}
