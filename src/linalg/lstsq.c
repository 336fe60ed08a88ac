/* Least squares (LAPACK gelsd, as NumPy): x minimising |a x - b| for each matrix of the
 * stack, with NumPy's outputs: x, the residuals (squared norms of the columns of
 * a x - b, given only when every matrix has full rank N and M > N, else an empty array),
 * the ranks and the singular values. rcond < 0 selects NumPy's default, eps * max(M, N)
 * (eps of float64, the precision LAPACK works in). b is a vector when 1-D (NumPy's rule),
 * else a stack of [M, K] matrices. */
#include <math.h>
#include <string.h>

#include "core/dtype.h"
#include "kernels/loop.h"
#include "lapack_batch.h"
#include "nd/linalg.h"

static int64_t max1(int64_t v) { return v > 1 ? v : 1; }

typedef struct {
  nd_dtype ct, at, bt, xt, st;
  int64_t m, n, k, mn, ldb;
  int64_t ars, acs, brs, bcs, xrs, xcs;
  double rcond;
  lapack_int lwork, liwork, lrwork;
} lsq_ctx;

static void lsq_query(lsq_ctx *c) {
  /* gelsd wants at least one right-hand side: with none, it runs on one zero column (for
   * the rank and the singular values) */
  lapack_int m = (lapack_int)c->m, n = (lapack_int)c->n, k = (lapack_int)max1(c->k), rank, iw = 1;
  double q = 0, rq = 1, dd[2] = {0, 0};
  if (c->mn == 0) {
    c->lwork = c->liwork = c->lrwork = 1;
    return;
  }
  if (c->ct == ND_FLOAT64) {
    LAPACKE_dgelsd_work(LAPACK_COL_MAJOR, m, n, k, dd, (lapack_int)max1(c->m), dd, (lapack_int)c->ldb, dd,
                        c->rcond, &rank, &q, -1, &iw);
  } else {
    lapack_complex_double zq = 0, zd[2] = {0, 0};
    LAPACKE_zgelsd_work(LAPACK_COL_MAJOR, m, n, k, zd, (lapack_int)max1(c->m), zd, (lapack_int)c->ldb, dd,
                        c->rcond, &rank, &zq, -1, &rq, &iw);
    q = __real__ zq;
  }
  c->lwork = (lapack_int)(q > 1 ? q : 1);
  c->liwork = iw > 1 ? iw : 1;
  c->lrwork = (lapack_int)(rq > 1 ? rq : 1);
}

typedef struct {
  size_t a, b, s, work, rwork, iwork, total;
} lsq_layout;

static lsq_layout lsq_work(const lsq_ctx *c) {
  lsq_layout L;
  size_t es = ndi_dtype_size(c->ct);
  L.a = 0;
  L.b = ndi_la_round((size_t)(max1(c->m) * max1(c->n)) * es);
  L.s = L.b + ndi_la_round((size_t)(c->ldb * max1(c->k)) * es);
  L.work = L.s + ndi_la_round(sizeof(double) * (size_t)max1(c->mn));
  L.rwork = L.work + ndi_la_round((size_t)c->lwork * es);
  L.iwork = L.rwork + ndi_la_round(sizeof(double) * (size_t)c->lrwork);
  L.total = L.iwork + ndi_la_round(sizeof(lapack_int) * (size_t)c->liwork);
  return L;
}

/* Operands: a, b, x, residuals (batch + [K]), rank (batch), s (batch + [mn]). */
static int lsq_elem(void *vctx, char *const *p, void *work) {
  const lsq_ctx *c = vctx;
  lsq_layout L = lsq_work(c);
  char *w = work;
  int64_t m = c->m, n = c->n, k = c->k, lda = max1(m);
  size_t es = ndi_dtype_size(c->ct);
  memset(w + L.b, 0, (size_t)(c->ldb * max1(k)) * es);
  ndi_la_load(c->ct, w + L.b, c->ldb, m, k, p[1], c->bt, c->brs, c->bcs);
  lapack_int rank = 0;
  if (c->mn > 0) {
    ndi_la_load(c->ct, w + L.a, lda, m, n, p[0], c->at, c->ars, c->acs);
    if (!ndi_la_finite(c->ct, w + L.a, lda, m, n) || !ndi_la_finite(c->ct, w + L.b, c->ldb, m, k))
      return 2;
    lapack_int info;
    if (c->ct == ND_FLOAT64)
      info = LAPACKE_dgelsd_work(LAPACK_COL_MAJOR, (lapack_int)m, (lapack_int)n, (lapack_int)max1(k),
                                 (double *)(w + L.a), (lapack_int)lda, (double *)(w + L.b), (lapack_int)c->ldb,
                                 (double *)(w + L.s), c->rcond, &rank, (double *)(w + L.work), c->lwork,
                                 (lapack_int *)(w + L.iwork));
    else
      info = LAPACKE_zgelsd_work(LAPACK_COL_MAJOR, (lapack_int)m, (lapack_int)n, (lapack_int)max1(k),
                                 (lapack_complex_double *)(w + L.a), (lapack_int)lda,
                                 (lapack_complex_double *)(w + L.b), (lapack_int)c->ldb, (double *)(w + L.s),
                                 c->rcond, &rank, (lapack_complex_double *)(w + L.work), c->lwork,
                                 (double *)(w + L.rwork), (lapack_int *)(w + L.iwork));
    if (info != 0) return 1;
  } /* else nothing to fit: x stays 0 and all of b is residual */
  ndi_la_store(c->xt, p[2], c->xrs, c->xcs, n, k, w + L.b, c->ct, c->ldb);
  /* residuals: the squared norms of rows n .. m-1 of the solved right-hand sides */
  size_t rs = ndi_dtype_size(c->st);
  for (int64_t j = 0; j < k; j++) {
    double r = 0;
    for (int64_t i = n; i < m; i++) {
      const double *v = (const double *)(w + L.b + (size_t)(j * c->ldb + i) * es);
      r += c->ct == ND_FLOAT64 ? v[0] * v[0] : v[0] * v[0] + v[1] * v[1];
    }
    ndi_convert_one(c->st, p[3] + (size_t)j * rs, ND_FLOAT64, &r);
  }
  *(int64_t *)p[4] = rank;
  ndi_la_store(c->st, p[5], 1, 0, c->mn, 1, w + L.s, ND_FLOAT64, max1(c->mn));
  return 0;
}

nd_status nd_linalg_lstsq(const nd_array *a, const nd_array *b, double rcond, nd_array **x,
                          nd_array **residuals, nd_array **rank, nd_array **s) {
  const char *op = "lstsq";
  NDI_REQUIRE_ST(op, a);
  NDI_REQUIRE_ST(op, b);
  NDI_REQUIRE_ST(op, x);
  NDI_REQUIRE_ST(op, residuals);
  NDI_REQUIRE_ST(op, rank);
  NDI_REQUIRE_ST(op, s);
  *x = *residuals = *rank = *s = NULL;
  if (ndi_la_check_matrix(op, a, false)) return nd_last_status();
  lsq_ctx c;
  memset(&c, 0, sizeof c);
  c.m = a->shape[a->ndim - 2];
  c.n = a->shape[a->ndim - 1];
  bool vec = b->ndim == 1;
  char sa[NDI_SHAPE_BUF], sb[NDI_SHAPE_BUF];
  if (b->ndim == 0 || b->shape[vec ? 0 : b->ndim - 2] != c.m)
    return ndi_error(ND_ERR_SHAPE, "lstsq: a %s and b %s do not match (a has %lld rows)",
                     ndi_fmt_shape(sa, sizeof sa, a->ndim, a->shape),
                     ndi_fmt_shape(sb, sizeof sb, b->ndim, b->shape), (long long)c.m);
  if (ndi_la_check_lapack_size(op, c.m) || ndi_la_check_lapack_size(op, c.n)) return nd_last_status();
  nd_dtype ts[2] = {a->dtype, b->dtype};
  ndi_la_dtypes(2, ts, &c.ct, &c.xt);
  c.st = ndi_real_dtype(c.xt);
  c.at = a->dtype;
  c.bt = b->dtype;
  c.k = vec ? 1 : b->shape[b->ndim - 1];
  c.mn = c.m < c.n ? c.m : c.n;
  c.ldb = max1(c.m > c.n ? c.m : c.n);
  c.ars = a->strides[a->ndim - 2];
  c.acs = a->strides[a->ndim - 1];
  c.brs = b->strides[vec ? 0 : b->ndim - 2];
  c.bcs = vec ? 0 : b->strides[b->ndim - 1];
  c.rcond = rcond < 0 || isnan(rcond) ? 2.220446049250313e-16 * (double)(c.m > c.n ? c.m : c.n) : rcond;
  lsq_query(&c);
  ndi_la_batch B;
  const nd_array *in[2] = {a, b};
  const int core[2] = {2, vec ? 1 : 2};
  if (ndi_la_batch_init(op, &B, 2, in, core)) return nd_last_status();
  const int64_t xc[2] = {c.n, c.k}, kc[1] = {c.k}, sc[1] = {c.mn};
  nd_array *X = ndi_la_alloc(op, c.xt, &B, vec ? 1 : 2, xc);
  nd_array *R = X ? ndi_la_alloc(op, c.st, &B, 1, kc) : NULL;
  nd_array *K = R ? ndi_la_alloc(op, ND_INT64, &B, 0, NULL) : NULL;
  nd_array *S = K ? ndi_la_alloc(op, c.st, &B, 1, sc) : NULL;
  nd_status st = S ? ND_OK : nd_last_status();
  if (!st) {
    c.xrs = vec ? 1 : c.k;
    c.xcs = vec ? 0 : 1;
    ndi_la_batch_add(&B, X, vec ? 1 : 2);
    ndi_la_batch_add(&B, R, 1);
    ndi_la_batch_add(&B, K, 0);
    ndi_la_batch_add(&B, S, 1);
    B.fn = lsq_elem;
    B.ctx = &c;
    B.work = lsq_work(&c).total;
    B.cost = 4.0 * (double)c.m * c.n * (c.mn + c.k);
    int64_t failed;
    int code;
    st = ndi_la_batch_run(op, &B, &failed, &code);
    if (!st && failed >= 0)
      st = ndi_la_batch_error(op, &B, failed,
                              code == 2 ? "contains infinities or NaNs (SVD of least squares did not converge)"
                                        : "did not converge (SVD of least squares)");
  }
  if (!st) {
    /* NumPy gives the residuals only when they are meaningful for every matrix */
    bool full = c.m > c.n;
    for (int64_t i = 0; i < K->size && full; i++) full = ((int64_t *)K->data)[i] == c.n;
    if (!full) {
      nd_release(R);
      const int64_t zero = 0;
      R = ndi_array_alloc(op, c.st, 1, &zero, ND_C);
      if (!R) st = nd_last_status();
    }
  }
  if (st) {
    nd_release(X);
    nd_release(R);
    nd_release(K);
    nd_release(S);
    return st;
  }
  *x = X;
  *residuals = R;
  *rank = K;
  *s = S;
  return ND_OK;
}
