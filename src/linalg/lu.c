/* LU-based functions: inv (LAPACK gesv against the identity, as NumPy; solve is in
 * solve_kinds.c), lu_factor (getrf), det and slogdet (getrf; NumPy's formulas: the sign from the pivots and the
 * diagonal's signs, log|det| as the sum of the logs of the diagonal, det as
 * sign * exp(logdet); a singular matrix has sign 0 and log|det| -inf). */
#include <complex.h>
#include <math.h>
#include <string.h>

#include "core/dtype.h"
#include "kernels/loop.h"
#include "la_typed.h"
#include "lapack_batch.h"
#include "nd/decomp.h"
#include "nd/linalg.h"

/* inv: a x = I */
typedef struct {
  nd_dtype ct, at, xt; /* compute, input and result dtypes */
  int64_t n, ars, acs; /* order, element strides of a */
} inv_ctx;

static int64_t ld_of(int64_t n) { return n > 1 ? n : 1; }

static int inv_elem(void *vctx, char *const *p, void *work) {
  const inv_ctx *c = vctx;
  int64_t n = c->n, ld = ld_of(n), es = (int64_t)ndi_dtype_size(c->ct);
  char *wa = work, *wb = wa + ndi_la_round((size_t)(ld * n * es));
  lapack_int *ipiv = (lapack_int *)(wb + ndi_la_round((size_t)(ld * n * es)));
  ndi_la_load(c->ct, wa, ld, n, n, p[0], c->at, c->ars, c->acs);
  memset(wb, 0, (size_t)(ld * n * es));
  for (int64_t i = 0; i < n; i++) *(double *)(wb + (i * ld + i) * es) = 1;
  lapack_int info;
  if (c->ct == ND_FLOAT64)
    info = LAPACKE_dgesv_work(LAPACK_COL_MAJOR, (lapack_int)n, (lapack_int)n, (double *)wa,
                              (lapack_int)ld, ipiv, (double *)wb, (lapack_int)ld);
  else
    info = LAPACKE_zgesv_work(LAPACK_COL_MAJOR, (lapack_int)n, (lapack_int)n,
                              (lapack_complex_double *)wa, (lapack_int)ld, ipiv,
                              (lapack_complex_double *)wb, (lapack_int)ld);
  if (info > 0) return 1;
  ndi_la_store(c->xt, p[1], n, 1, n, n, wb, c->ct, ld);
  return 0;
}

nd_array *nd_linalg_inv(const nd_array *a) { return ndi_la_inv("inv", a); }

nd_array *ndi_la_inv(const char *op, const nd_array *a) {
  NDI_REQUIRE(op, a);
  if (ndi_la_check_matrix(op, a, true)) return NULL;
  int64_t n = a->shape[a->ndim - 1];
  if (ndi_la_check_lapack_size(op, n)) return NULL;
  inv_ctx c;
  memset(&c, 0, sizeof c);
  ndi_la_dtypes(1, &a->dtype, &c.ct, &c.xt);
  c.n = n;
  c.at = a->dtype;
  c.ars = a->strides[a->ndim - 2];
  c.acs = a->strides[a->ndim - 1];
  ndi_la_batch B;
  const int core = 2;
  if (ndi_la_batch_init(op, &B, 1, &a, &core)) return NULL;
  int64_t oc[2] = {n, n};
  nd_array *x = ndi_la_alloc(op, c.xt, &B, 2, oc);
  if (!x) return NULL;
  ndi_la_batch_add(&B, x, 2);
  B.fn = inv_elem;
  B.ctx = &c;
  int64_t ld = ld_of(n), es = (int64_t)ndi_dtype_size(c.ct);
  B.work = 2 * ndi_la_round((size_t)(ld * n * es)) + ndi_la_round(sizeof(lapack_int) * (size_t)ld);
  B.cost = 2.0 * n * n * n;
  int64_t failed;
  int code;
  nd_status st = ndi_la_batch_run(op, &B, &failed, &code);
  if (!st && failed >= 0) st = ndi_la_batch_error(op, &B, failed, "is singular");
  if (st) {
    nd_release(x);
    return NULL;
  }
  return x;
}

/* ---- lu_factor: getrf, the factors in one matrix and 0-based pivots ----------------- */

typedef struct {
  nd_dtype ct, at, rt;
  int64_t m, n, k, ars, acs;
} luf_ctx;

static int luf_elem(void *vctx, char *const *p, void *work) {
  const luf_ctx *c = vctx;
  int64_t m = c->m, n = c->n, ld = ld_of(m), es = (int64_t)ndi_dtype_size(c->ct);
  char *wa = work;
  lapack_int *ipiv = (lapack_int *)(wa + ndi_la_round((size_t)(ld * n * es)));
  ndi_la_load(c->ct, wa, ld, m, n, p[0], c->at, c->ars, c->acs);
  /* an exactly singular matrix is factored all the same (info > 0), as in SciPy;
   * lu_solve refuses it */
  if (m && n) ndi_la_getrf(c->ct, m, n, wa, ld, ipiv);
  ndi_la_store(c->rt, p[1], n, 1, m, n, wa, c->ct, ld);
  int64_t *piv = (int64_t *)p[2];
  for (int64_t i = 0; i < c->k; i++) piv[i] = ipiv[i] - 1;
  return 0;
}

nd_status nd_linalg_lu_factor(const nd_array *a, nd_array **lu, nd_array **piv) {
  const char *op = "lu_factor";
  NDI_REQUIRE_ST(op, a);
  NDI_REQUIRE_ST(op, lu);
  NDI_REQUIRE_ST(op, piv);
  *lu = *piv = NULL;
  if (ndi_la_check_matrix(op, a, false)) return nd_last_status();
  luf_ctx c;
  memset(&c, 0, sizeof c);
  ndi_la_dtypes(1, &a->dtype, &c.ct, &c.rt);
  c.at = a->dtype;
  c.m = a->shape[a->ndim - 2];
  c.n = a->shape[a->ndim - 1];
  if (ndi_la_check_lapack_size(op, c.m) || ndi_la_check_lapack_size(op, c.n)) return nd_last_status();
  c.k = c.m < c.n ? c.m : c.n;
  c.ars = a->strides[a->ndim - 2];
  c.acs = a->strides[a->ndim - 1];
  ndi_la_batch B;
  const int core = 2;
  if (ndi_la_batch_init(op, &B, 1, &a, &core)) return nd_last_status();
  const int64_t oc[2] = {c.m, c.n};
  nd_array *L = ndi_la_alloc(op, c.rt, &B, 2, oc);
  nd_array *P = L ? ndi_la_alloc(op, ND_INT64, &B, 1, &c.k) : NULL;
  if (!P) {
    nd_release(L);
    return nd_last_status();
  }
  ndi_la_batch_add(&B, L, 2);
  ndi_la_batch_add(&B, P, 1);
  B.fn = luf_elem;
  B.ctx = &c;
  B.work = ndi_la_round((size_t)(ld_of(c.m) * c.n) * ndi_dtype_size(c.ct)) +
           ndi_la_round(sizeof(lapack_int) * (size_t)ld_of(c.k));
  B.cost = (double)c.m * c.n * c.k;
  int64_t failed;
  int code;
  nd_status st = ndi_la_batch_run(op, &B, &failed, &code);
  if (st) {
    nd_release(L);
    nd_release(P);
    return st;
  }
  *lu = L;
  *piv = P;
  return ND_OK;
}

/* ---- det and slogdet --------------------------------------------------------------- */

typedef struct {
  nd_dtype ct, at, st, lt; /* compute, input, sign (or det) and logdet dtypes */
  int64_t n, ars, acs;
  bool det;                /* det: one output, sign * exp(logdet) */
} det_ctx;

static int det_elem(void *vctx, char *const *p, void *work) {
  const det_ctx *c = vctx;
  int64_t n = c->n, ld = ld_of(n), es = (int64_t)ndi_dtype_size(c->ct);
  char *wa = work;
  lapack_int *ipiv = (lapack_int *)(wa + ndi_la_round((size_t)(ld * n * es)));
  ndi_la_load(c->ct, wa, ld, n, n, p[0], c->at, c->ars, c->acs);
  lapack_int info;
  if (c->ct == ND_FLOAT64)
    info = LAPACKE_dgetrf_work(LAPACK_COL_MAJOR, (lapack_int)n, (lapack_int)n, (double *)wa,
                               (lapack_int)ld, ipiv);
  else
    info = LAPACKE_zgetrf_work(LAPACK_COL_MAJOR, (lapack_int)n, (lapack_int)n,
                               (lapack_complex_double *)wa, (lapack_int)ld, ipiv);
  double sr = 0, si = 0, logdet = -INFINITY;
  if (info == 0) {
    int swaps = 0;
    for (int64_t i = 0; i < n; i++) swaps += ipiv[i] != (lapack_int)(i + 1);
    sr = (swaps % 2) ? -1.0 : 1.0;
    logdet = 0;
    for (int64_t i = 0; i < n; i++) {
      if (c->ct == ND_FLOAT64) {
        double v = ((double *)wa)[i * ld + i];
        if (v < 0) {
          sr = -sr;
          v = -v;
        }
        logdet += log(v);
      } else {
        const double *z = (const double *)wa + 2 * (i * ld + i);
        double ab = hypot(z[0], z[1]), er = z[0] / ab, ei = z[1] / ab;
        double nr = sr * er - si * ei, ni = sr * ei + si * er;
        sr = nr;
        si = ni;
        logdet += log(ab);
      }
    }
  }
  double s[2] = {sr, si};
  if (c->det) {
    double e = exp(logdet), d[2] = {sr * e, si * e};
    ndi_convert_one(c->st, p[1], c->ct, d);
  } else {
    ndi_convert_one(c->st, p[1], c->ct, s);
    ndi_convert_one(c->lt, p[2], ND_FLOAT64, &logdet);
  }
  return 0;
}

static nd_status det_impl(const char *op, const nd_array *a, bool det, nd_array **sign,
                          nd_array **logdet) {
  if (ndi_la_check_matrix(op, a, true)) return nd_last_status();
  int64_t n = a->shape[a->ndim - 1];
  if (ndi_la_check_lapack_size(op, n)) return nd_last_status();
  det_ctx c;
  memset(&c, 0, sizeof c);
  ndi_la_dtypes(1, &a->dtype, &c.ct, &c.st);
  c.lt = ndi_real_dtype(c.st);
  c.at = a->dtype;
  c.n = n;
  c.ars = a->strides[a->ndim - 2];
  c.acs = a->strides[a->ndim - 1];
  c.det = det;
  ndi_la_batch B;
  const int core = 2;
  if (ndi_la_batch_init(op, &B, 1, &a, &core)) return nd_last_status();
  nd_array *s = ndi_la_alloc(op, c.st, &B, 0, NULL);
  nd_array *l = det || !s ? NULL : ndi_la_alloc(op, c.lt, &B, 0, NULL);
  if (!s || (!det && !l)) {
    nd_release(s);
    return nd_last_status();
  }
  ndi_la_batch_add(&B, s, 0);
  if (l) ndi_la_batch_add(&B, l, 0);
  B.fn = det_elem;
  B.ctx = &c;
  B.work = ndi_la_round((size_t)(ld_of(n) * n) * ndi_dtype_size(c.ct)) +
           ndi_la_round(sizeof(lapack_int) * (size_t)ld_of(n));
  B.cost = (double)n * n * n / 3;
  int64_t failed;
  int code;
  nd_status st = ndi_la_batch_run(op, &B, &failed, &code);
  if (st) {
    nd_release(s);
    nd_release(l);
    return st;
  }
  *sign = s;
  if (logdet) *logdet = l;
  return ND_OK;
}

nd_array *nd_linalg_det(const nd_array *a) {
  NDI_REQUIRE("det", a);
  nd_array *d = NULL;
  return det_impl("det", a, true, &d, NULL) ? NULL : d;
}

nd_status nd_linalg_slogdet(const nd_array *a, nd_array **sign, nd_array **logabsdet) {
  NDI_REQUIRE_ST("slogdet", a);
  NDI_REQUIRE_ST("slogdet", sign);
  NDI_REQUIRE_ST("slogdet", logabsdet);
  *sign = *logabsdet = NULL;
  return det_impl("slogdet", a, false, sign, logabsdet);
}
