/* QR factorisation (LAPACK geqrf, then orgqr / ungqr for Q), NumPy's modes: reduced
 * (Q [M, K], R [K, N], K = min(M, N)) and complete (Q [M, M], R [M, N]; the same as
 * reduced when M <= N). R is the upper triangle of geqrf's result. */
#include <string.h>

#include "core/dtype.h"
#include "lapack_batch.h"
#include "nd/linalg.h"

typedef struct {
  nd_dtype ct, at, rt;
  int64_t m, n, k, mc; /* rows, columns, min(m, n), columns of Q */
  int64_t ars, acs;
  lapack_int lwork;
} qr_ctx;

static int64_t max1(int64_t v) { return v > 1 ? v : 1; }

static lapack_int qr_lwork(const qr_ctx *c) {
  double q[2] = {0, 0}, dummy[2] = {0, 0};
  lapack_int m = (lapack_int)c->m, n = (lapack_int)c->n, ld = (lapack_int)max1(c->m);
  lapack_int mc = (lapack_int)c->mc, k = (lapack_int)c->k;
  double a = 0, b = 0;
  if (c->ct == ND_FLOAT64) {
    LAPACKE_dgeqrf_work(LAPACK_COL_MAJOR, m, n, dummy, ld, dummy, q, -1);
    a = q[0];
    LAPACKE_dorgqr_work(LAPACK_COL_MAJOR, m, mc, k, dummy, ld, dummy, q, -1);
    b = q[0];
  } else {
    lapack_complex_double zq = 0, zd[2] = {0, 0};
    LAPACKE_zgeqrf_work(LAPACK_COL_MAJOR, m, n, zd, ld, zd, &zq, -1);
    a = __real__ zq;
    LAPACKE_zungqr_work(LAPACK_COL_MAJOR, m, mc, k, zd, ld, zd, &zq, -1);
    b = __real__ zq;
  }
  double w = a > b ? a : b;
  return (lapack_int)(w > 1 ? w : 1);
}

static int qr_elem(void *vctx, char *const *p, void *work) {
  const qr_ctx *c = vctx;
  int64_t m = c->m, n = c->n, ld = max1(m), es = (int64_t)ndi_dtype_size(c->ct);
  int64_t cols = n > c->mc ? n : c->mc;
  char *wa = work, *tau = wa + ndi_la_round((size_t)(ld * cols * es));
  char *w = tau + ndi_la_round((size_t)(max1(c->k) * es));
  ndi_la_load(c->ct, wa, ld, m, n, p[0], c->at, c->ars, c->acs);
  lapack_int info;
  if (c->ct == ND_FLOAT64)
    info = LAPACKE_dgeqrf_work(LAPACK_COL_MAJOR, (lapack_int)m, (lapack_int)n, (double *)wa,
                               (lapack_int)ld, (double *)tau, (double *)w, c->lwork);
  else
    info = LAPACKE_zgeqrf_work(LAPACK_COL_MAJOR, (lapack_int)m, (lapack_int)n,
                               (lapack_complex_double *)wa, (lapack_int)ld,
                               (lapack_complex_double *)tau, (lapack_complex_double *)w, c->lwork);
  if (info) return 1;
  /* R: the first mc rows of the factored matrix, zero below the diagonal */
  char *r = p[2];
  int64_t rs = (int64_t)ndi_dtype_size(c->rt);
  ndi_la_store(c->rt, r, n, 1, c->mc < m ? c->mc : m, n, wa, c->ct, ld);
  for (int64_t i = 0; i < c->mc; i++)
    for (int64_t j = 0; j < (i < n ? i : n); j++) memset(r + (i * n + j) * rs, 0, (size_t)rs);
  if (c->ct == ND_FLOAT64)
    info = LAPACKE_dorgqr_work(LAPACK_COL_MAJOR, (lapack_int)m, (lapack_int)c->mc, (lapack_int)c->k,
                               (double *)wa, (lapack_int)ld, (const double *)tau, (double *)w, c->lwork);
  else
    info = LAPACKE_zungqr_work(LAPACK_COL_MAJOR, (lapack_int)m, (lapack_int)c->mc, (lapack_int)c->k,
                               (lapack_complex_double *)wa, (lapack_int)ld,
                               (const lapack_complex_double *)tau, (lapack_complex_double *)w, c->lwork);
  if (info) return 1;
  ndi_la_store(c->rt, p[1], c->mc, 1, m, c->mc, wa, c->ct, ld);
  return 0;
}

nd_status nd_linalg_qr(const nd_array *a, nd_qr_mode mode, nd_array **q, nd_array **r) {
  const char *op = "qr";
  NDI_REQUIRE_ST(op, a);
  NDI_REQUIRE_ST(op, q);
  NDI_REQUIRE_ST(op, r);
  *q = *r = NULL;
  if (mode != ND_QR_REDUCED && mode != ND_QR_COMPLETE)
    return ndi_error(ND_ERR_VALUE, "qr: invalid mode %d (ND_QR_REDUCED or ND_QR_COMPLETE)", (int)mode);
  if (ndi_la_check_matrix(op, a, false)) return nd_last_status();
  qr_ctx c = {0};
  ndi_la_dtypes(1, &a->dtype, &c.ct, &c.rt);
  c.at = a->dtype;
  c.m = a->shape[a->ndim - 2];
  c.n = a->shape[a->ndim - 1];
  if (ndi_la_check_lapack_size(op, c.m) || ndi_la_check_lapack_size(op, c.n)) return nd_last_status();
  c.k = c.m < c.n ? c.m : c.n;
  c.mc = (mode == ND_QR_COMPLETE && c.m > c.n) ? c.m : c.k;
  c.ars = a->strides[a->ndim - 2];
  c.acs = a->strides[a->ndim - 1];
  c.lwork = qr_lwork(&c);
  ndi_la_batch B;
  const int core = 2;
  if (ndi_la_batch_init(op, &B, 1, &a, &core)) return nd_last_status();
  const int64_t qc[2] = {c.m, c.mc}, rc[2] = {c.mc, c.n};
  nd_array *Q = ndi_la_alloc(op, c.rt, &B, 2, qc);
  nd_array *R = Q ? ndi_la_alloc(op, c.rt, &B, 2, rc) : NULL;
  if (!R) {
    nd_release(Q);
    return nd_last_status();
  }
  ndi_la_batch_add(&B, Q, 2);
  ndi_la_batch_add(&B, R, 2);
  size_t es = ndi_dtype_size(c.ct);
  int64_t cols = c.n > c.mc ? c.n : c.mc;
  B.work = ndi_la_round((size_t)(max1(c.m) * cols) * es) + ndi_la_round((size_t)max1(c.k) * es) +
           ndi_la_round((size_t)c.lwork * es);
  B.fn = qr_elem;
  B.ctx = &c;
  B.cost = 2.0 * (double)c.m * c.n * c.k;
  int64_t failed;
  int code;
  nd_status st = ndi_la_batch_run(op, &B, &failed, &code);
  if (!st && failed >= 0) st = ndi_la_batch_error(op, &B, failed, "could not be factored");
  if (st) {
    nd_release(Q);
    nd_release(R);
    return st;
  }
  *q = Q;
  *r = R;
  return ND_OK;
}
