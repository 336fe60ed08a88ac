/* Singular value decomposition (LAPACK gesdd, as NumPy): A = U diag(S) Vh with S
 * descending. full_matrices: U [M, M], Vh [N, N]; otherwise U [M, K], Vh [K, N] with
 * K = min(M, N). svdvals computes S alone. For K = 0 the full U and Vh are identities,
 * as NumPy gives them. A matrix with infinities or NaNs is an error, as in NumPy ("SVD did
 * not converge"). */
#include <string.h>

#include "core/dtype.h"
#include "kernels/loop.h"
#include "lapack_batch.h"
#include "nd/linalg.h"

static int64_t max1(int64_t v) { return v > 1 ? v : 1; }
static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

typedef struct {
  nd_dtype ct, at, rt, st;
  int64_t m, n, k, ucols, vrows;
  int64_t ars, acs;
  char jobz; /* 'A', 'S' or 'N' */
  lapack_int lwork;
  int64_t lrwork;
} svd_ctx;

static void svd_query(svd_ctx *c) {
  lapack_int m = (lapack_int)c->m, n = (lapack_int)c->n, lda = (lapack_int)max1(c->m);
  lapack_int ldu = (lapack_int)max1(c->m), ldvt = (lapack_int)max1(c->vrows), iw = 0;
  double q = 0, dd[2] = {0, 0};
  if (c->ct == ND_FLOAT64) {
    LAPACKE_dgesdd_work(LAPACK_COL_MAJOR, c->jobz, m, n, dd, lda, dd, dd, ldu, dd, ldvt, &q, -1, &iw);
  } else {
    lapack_complex_double zq = 0, zd[2] = {0, 0};
    LAPACKE_zgesdd_work(LAPACK_COL_MAJOR, c->jobz, m, n, zd, lda, dd, zd, ldu, zd, ldvt, &zq, -1, dd, &iw);
    q = __real__ zq;
  }
  c->lwork = (lapack_int)(q > 1 ? q : 1);
  /* zgesdd's real work (LAPACK's documented bound) */
  int64_t k = c->k, mx = max64(c->m, c->n);
  c->lrwork = c->jobz == 'N' ? 7 * k : max64(5 * k * k + 5 * k, 2 * mx * k + 2 * k * k + k);
  c->lrwork = max1(c->lrwork);
}

typedef struct {
  size_t a, s, u, vt, work, rwork, iwork, total;
} svd_layout;

static svd_layout svd_work(const svd_ctx *c) {
  svd_layout L;
  size_t es = ndi_dtype_size(c->ct);
  L.a = 0;
  L.s = L.a + ndi_la_round((size_t)(max1(c->m) * c->n) * es);
  L.u = L.s + ndi_la_round(sizeof(double) * (size_t)max1(c->k));
  L.vt = L.u + ndi_la_round((size_t)(max1(c->m) * max1(c->ucols)) * es);
  L.work = L.vt + ndi_la_round((size_t)(max1(c->vrows) * max1(c->n)) * es);
  L.rwork = L.work + ndi_la_round((size_t)c->lwork * es);
  L.iwork = L.rwork + (c->ct == ND_COMPLEX128 ? ndi_la_round(sizeof(double) * (size_t)c->lrwork) : 0);
  L.total = L.iwork + ndi_la_round(sizeof(lapack_int) * 8 * (size_t)max1(c->k));
  return L;
}

/* An identity of r x c into the strided output (full U / Vh of an empty matrix). */
static void store_identity(nd_dtype t, char *dst, int64_t r, int64_t c) {
  size_t es = ndi_dtype_size(t);
  memset(dst, 0, (size_t)(r * c) * es);
  double one[2] = {1, 0};
  for (int64_t i = 0; i < r && i < c; i++) ndi_convert_one(t, dst + (size_t)(i * c + i) * es, ND_COMPLEX128, one);
}

static int svd_elem(void *vctx, char *const *p, void *work) {
  const svd_ctx *c = vctx;
  svd_layout L = svd_work(c);
  char *w = work;
  int64_t m = c->m, n = c->n, lda = max1(m), ldu = max1(m), ldvt = max1(c->vrows);
  bool uv = c->jobz != 'N';
  if (c->k == 0) {
    if (uv) {
      store_identity(c->rt, p[1], m, c->ucols);
      store_identity(c->rt, p[3], c->vrows, n);
    }
    return 0;
  }
  ndi_la_load(c->ct, w + L.a, lda, m, n, p[0], c->at, c->ars, c->acs);
  if (!ndi_la_finite(c->ct, w + L.a, lda, m, n)) return 2;
  lapack_int info;
  if (c->ct == ND_FLOAT64)
    info = LAPACKE_dgesdd_work(LAPACK_COL_MAJOR, c->jobz, (lapack_int)m, (lapack_int)n, (double *)(w + L.a),
                               (lapack_int)lda, (double *)(w + L.s), (double *)(w + L.u), (lapack_int)ldu,
                               (double *)(w + L.vt), (lapack_int)ldvt, (double *)(w + L.work), c->lwork,
                               (lapack_int *)(w + L.iwork));
  else
    info = LAPACKE_zgesdd_work(LAPACK_COL_MAJOR, c->jobz, (lapack_int)m, (lapack_int)n,
                               (lapack_complex_double *)(w + L.a), (lapack_int)lda, (double *)(w + L.s),
                               (lapack_complex_double *)(w + L.u), (lapack_int)ldu,
                               (lapack_complex_double *)(w + L.vt), (lapack_int)ldvt,
                               (lapack_complex_double *)(w + L.work), c->lwork, (double *)(w + L.rwork),
                               (lapack_int *)(w + L.iwork));
  if (info != 0) return 1;
  ndi_la_store(c->st, uv ? p[2] : p[1], 1, 0, c->k, 1, w + L.s, ND_FLOAT64, c->k);
  if (uv) {
    ndi_la_store(c->rt, p[1], c->ucols, 1, m, c->ucols, w + L.u, c->ct, ldu);
    ndi_la_store(c->rt, p[3], n, 1, c->vrows, n, w + L.vt, c->ct, ldvt);
  }
  return 0;
}

nd_status ndi_la_svd(const char *op, const nd_array *a, bool full, bool uv, nd_array **u,
                     nd_array **s, nd_array **vh) {
  if (ndi_la_check_matrix(op, a, false)) return nd_last_status();
  svd_ctx c;
  memset(&c, 0, sizeof c);
  ndi_la_dtypes(1, &a->dtype, &c.ct, &c.rt);
  c.st = ndi_real_dtype(c.rt);
  c.at = a->dtype;
  c.m = a->shape[a->ndim - 2];
  c.n = a->shape[a->ndim - 1];
  if (ndi_la_check_lapack_size(op, c.m) || ndi_la_check_lapack_size(op, c.n)) return nd_last_status();
  c.k = c.m < c.n ? c.m : c.n;
  c.jobz = !uv ? 'N' : full ? 'A' : 'S';
  c.ucols = full ? c.m : c.k;
  c.vrows = full ? c.n : c.k;
  c.ars = a->strides[a->ndim - 2];
  c.acs = a->strides[a->ndim - 1];
  svd_query(&c);
  ndi_la_batch B;
  const int core = 2;
  if (ndi_la_batch_init(op, &B, 1, &a, &core)) return nd_last_status();
  const int64_t uc[2] = {c.m, c.ucols}, sc[1] = {c.k}, vc[2] = {c.vrows, c.n};
  nd_array *U = uv ? ndi_la_alloc(op, c.rt, &B, 2, uc) : NULL;
  nd_array *S = (U || !uv) ? ndi_la_alloc(op, c.st, &B, 1, sc) : NULL;
  nd_array *V = uv && S ? ndi_la_alloc(op, c.rt, &B, 2, vc) : NULL;
  if (!S || (uv && !V)) {
    nd_release(U);
    nd_release(S);
    return nd_last_status();
  }
  if (uv) ndi_la_batch_add(&B, U, 2);
  ndi_la_batch_add(&B, S, 1);
  if (uv) ndi_la_batch_add(&B, V, 2);
  B.fn = svd_elem;
  B.ctx = &c;
  B.work = svd_work(&c).total;
  B.cost = (uv ? 8.0 : 3.0) * (double)max64(c.m, c.n) * c.k * c.k;
  int64_t failed;
  int code;
  nd_status st = ndi_la_batch_run(op, &B, &failed, &code);
  if (!st && failed >= 0)
    st = ndi_la_batch_error(op, &B, failed,
                            code == 2 ? "contains infinities or NaNs (SVD did not converge)"
                                      : "did not converge (SVD)");
  if (st) {
    nd_release(U);
    nd_release(S);
    nd_release(V);
    return st;
  }
  *s = S;
  if (uv) {
    *u = U;
    *vh = V;
  }
  return ND_OK;
}

nd_status nd_linalg_svd(const nd_array *a, bool full_matrices, nd_array **u, nd_array **s,
                        nd_array **vh) {
  NDI_REQUIRE_ST("svd", a);
  NDI_REQUIRE_ST("svd", u);
  NDI_REQUIRE_ST("svd", s);
  NDI_REQUIRE_ST("svd", vh);
  *u = *s = *vh = NULL;
  return ndi_la_svd("svd", a, full_matrices, true, u, s, vh);
}

nd_array *nd_linalg_svdvals(const nd_array *a) {
  NDI_REQUIRE("svdvals", a);
  nd_array *s = NULL;
  return ndi_la_svd("svdvals", a, false, false, NULL, &s, NULL) ? NULL : s;
}
