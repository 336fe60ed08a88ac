/* The Schur decomposition (nd_linalg_schur, ?gees without sorting) and the helpers of the
 * Schur-based matrix functions (schur.h). */
#include "schur.h"

#include <cblas.h>
#include <complex.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/dtype.h"
#include "la_typed.h"
#include "matfunc_map.h"
#include "nd/decomp.h"

/* The real Schur form of the n x n real matrix a (dgees): t gets T, z gets Z. */
static int schur_real(int64_t n, double *a, double *z) {
  lapack_int sdim = 0;
  double *w = ndi_malloc(sizeof(double) * 2 * (size_t)(n > 1 ? n : 1));
  if (!w) return NDI_MAP_NOMEM;
  lapack_int info = LAPACKE_dgees(LAPACK_COL_MAJOR, 'V', 'N', NULL, (lapack_int)n, a, (lapack_int)n, &sdim, w,
                                  w + n, z, (lapack_int)n);
  ndi_free(w);
  return NDI_LA_NOMEM(info) ? NDI_MAP_NOMEM : info > 0 ? NDI_MAP_CONVERGE : 0;
}

/* Rows i, j of columns [c0, n) (rows) or columns i, j of rows [0, r1) (!rows) of the
 * n x n x through G = [[g00, g01], [g10, g11]]: rows G x, columns x G. */
static void rotate(double complex *x, int64_t n, int64_t i, int64_t j, int64_t lim, bool rows, const double complex g[4]) {
  for (int64_t k = rows ? lim : 0; k < (rows ? n : lim); k++) {
    double complex *p = rows ? &x[k * n + i] : &x[i * n + k], *q = rows ? &x[k * n + j] : &x[j * n + k];
    double complex u = *p, v = *q;
    *p = rows ? g[0] * u + g[1] * v : u * g[0] + v * g[2];
    *q = rows ? g[2] * u + g[3] * v : u * g[1] + v * g[3];
  }
}

/* The real quasi-triangular t and orthogonal z (complex buffers) to a complex upper
 * triangular form by one rotation per 2 x 2 block, from the bottom up (SciPy's rsf2csf). */
static void real_to_complex_schur(int64_t n, double complex *t, double complex *z) {
  for (int64_t m = n - 1; m >= 1; m--) {
    double complex sub = t[(m - 1) * n + m], t11 = t[(m - 1) * n + m - 1], t22 = t[m * n + m];
    if (!(cabs(sub) > DBL_EPSILON * (cabs(t11) + cabs(t22)))) continue;
    /* mu = lambda - t22 for the block's eigenvalue lambda with the + root */
    double complex p = (t11 - t22) / 2, mu = p + csqrt(p * p + t[m * n + m - 1] * sub);
    double r = hypot(cabs(mu), cabs(sub));
    double complex c = mu / r, s = sub / r;
    const double complex g[4] = {conj(c), s, -s, c}, gh[4] = {c, -conj(s), conj(s), conj(c)};
    rotate(t, n, m - 1, m, m - 1, true, g);
    rotate(t, n, m - 1, m, m + 1, false, gh);
    rotate(z, n, m - 1, m, n, false, gh);
    t[(m - 1) * n + m] = 0;
  }
}

int ndi_la_schur_complex(int64_t n, void *a, void *z, bool real, void *scratch) {
  if (real) {
    double complex *ac = a, *zc = z;
    double *ar = scratch, *zr = ar + n * n;
    for (int64_t k = 0; k < n * n; k++) ar[k] = creal(ac[k]);
    int code = schur_real(n, ar, zr);
    if (code) return code;
    for (int64_t k = 0; k < n * n; k++) {
      ac[k] = ar[k];
      zc[k] = zr[k];
    }
    real_to_complex_schur(n, ac, zc);
    return 0;
  }
  lapack_int sdim = 0;
  double complex *w = ndi_malloc(sizeof(double complex) * (size_t)(n > 1 ? n : 1));
  if (!w) return NDI_MAP_NOMEM;
  lapack_int info = LAPACKE_zgees(LAPACK_COL_MAJOR, 'V', 'N', NULL, (lapack_int)n, a, (lapack_int)n, &sdim, w, z,
                                  (lapack_int)n);
  ndi_free(w);
  return NDI_LA_NOMEM(info) ? NDI_MAP_NOMEM : info > 0 ? NDI_MAP_CONVERGE : 0;
}

void ndi_la_schur_back(int64_t n, const void *z, const void *r, void *x, void *work) {
  const double one[2] = {1, 0}, zero[2] = {0, 0};
  memcpy(work, z, sizeof(double complex) * (size_t)(n * n));
  cblas_ztrmm(CblasColMajor, CblasRight, CblasUpper, CblasNoTrans, CblasNonUnit, (int)n, (int)n, one, r, (int)n,
              work, (int)n);
  cblas_zgemm(CblasColMajor, CblasNoTrans, CblasConjTrans, (int)n, (int)n, (int)n, one, work, (int)n, z, (int)n,
              zero, x, (int)n);
}

/* Column j of the square root by the scalar recurrence, where some r_ii + r_jj is 0. */
static bool sqrt_column_scalar(int64_t n, const double complex *t, double complex *r, int64_t j) {
  for (int64_t i = j - 1; i >= 0; i--) {
    double complex s = t[j * n + i];
    for (int64_t k = i + 1; k < j; k++) s -= r[k * n + i] * r[j * n + k];
    double complex d = r[i * n + i] + r[j * n + j];
    if (d == 0) {
      if (s != 0) return false;
      r[j * n + i] = 0;
    } else {
      r[j * n + i] = s / d;
    }
  }
  return true;
}

bool ndi_la_sqrtm_triu(int64_t n, const void *vt, void *vr) {
  const double complex *t = vt;
  double complex *r = vr;
  if (r != t) memcpy(r, t, sizeof(double complex) * (size_t)(n * n));
  for (int64_t j = 0; j < n; j++) r[j * n + j] = csqrt(r[j * n + j]);
  for (int64_t j = 1; j < n; j++) {
    /* (R[:j, :j] + r_jj I) x = T[:j, j]: the diagonal is shifted for the solve */
    double complex rjj = r[j * n + j];
    bool zero = false;
    for (int64_t i = 0; i < j; i++) zero |= r[i * n + i] + rjj == 0;
    if (zero) {
      if (!sqrt_column_scalar(n, t, r, j)) return false;
      continue;
    }
    for (int64_t i = 0; i < j; i++) r[i * n + i] += rjj;
    cblas_ztrsv(CblasColMajor, CblasUpper, CblasNoTrans, CblasNonUnit, (int)j, r, (int)n, r + j * n, 1);
    for (int64_t i = 0; i < j; i++) r[i * n + i] -= rjj;
  }
  return true;
}

/* ---- nd_linalg_schur ----------------------------------------------------------------- */

typedef struct {
  nd_dtype ct, at, rt;
  int64_t n, ars, acs;
} schur_ctx;

static int schur_elem(void *vctx, char *const *p, void *work) {
  const schur_ctx *c = vctx;
  int64_t n = c->n, ld = n > 1 ? n : 1;
  char *a = work, *z = a + ndi_la_round((size_t)(ld * n) * ndi_dtype_size(c->ct));
  ndi_la_load(c->ct, a, ld, n, n, p[0], c->at, c->ars, c->acs);
  if (!ndi_la_finite(c->ct, a, ld, n, n)) return NDI_MAP_NONFINITE;
  if (n == 0) return 0;
  int code = c->ct == ND_COMPLEX128 ? ndi_la_schur_complex(n, a, z, false, NULL) : schur_real(n, (double *)a, (double *)z);
  if (code) return code;
  ndi_la_store(c->rt, p[1], n, 1, n, n, a, c->ct, ld);
  ndi_la_store(c->rt, p[2], n, 1, n, n, z, c->ct, ld);
  return 0;
}

nd_status nd_linalg_schur(const nd_array *a, bool complex_output, nd_array **t, nd_array **z) {
  const char *op = "schur";
  NDI_REQUIRE_ST(op, a);
  NDI_REQUIRE_ST(op, t);
  NDI_REQUIRE_ST(op, z);
  *t = *z = NULL;
  if (ndi_la_check_matrix(op, a, true)) return nd_last_status();
  schur_ctx c = {0};
  ndi_la_dtypes(1, &a->dtype, &c.ct, &c.rt);
  if (complex_output && c.ct == ND_FLOAT64) {
    c.ct = ND_COMPLEX128;
    c.rt = c.rt == ND_FLOAT32 ? ND_COMPLEX64 : ND_COMPLEX128;
  }
  c.at = a->dtype;
  c.n = a->shape[a->ndim - 1];
  if (ndi_la_check_lapack_size(op, c.n)) return nd_last_status();
  c.ars = a->strides[a->ndim - 2];
  c.acs = a->strides[a->ndim - 1];
  ndi_la_batch B;
  const int core = 2;
  if (ndi_la_batch_init(op, &B, 1, &a, &core)) return nd_last_status();
  const int64_t rc[2] = {c.n, c.n};
  nd_array *T = ndi_la_alloc(op, c.rt, &B, 2, rc);
  nd_array *Z = T ? ndi_la_alloc(op, c.rt, &B, 2, rc) : NULL;
  if (!Z) {
    nd_release(T);
    return nd_last_status();
  }
  ndi_la_batch_add(&B, T, 2);
  ndi_la_batch_add(&B, Z, 2);
  B.fn = schur_elem;
  B.ctx = &c;
  B.work = 2 * ndi_la_round((size_t)((c.n > 1 ? c.n : 1) * c.n) * ndi_dtype_size(c.ct));
  B.cost = 25.0 * c.n * c.n * c.n;
  int64_t failed;
  int code;
  nd_status st = ndi_la_batch_run(op, &B, &failed, &code);
  if (!st && failed >= 0)
    st = code == NDI_MAP_NOMEM ? ndi_error(ND_ERR_NOMEM, "%s: out of memory (LAPACK workspace)", op)
                               : ndi_la_batch_error(op, &B, failed,
                                                    code == NDI_MAP_NONFINITE ? "contains infinities or NaNs"
                                                                              : "did not converge");
  if (st) {
    nd_release(T);
    nd_release(Z);
    return st;
  }
  *t = T;
  *z = Z;
  return ND_OK;
}
