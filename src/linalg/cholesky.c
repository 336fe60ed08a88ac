/* Cholesky factorisation (LAPACK potrf): the lower factor L with A = L L^H, or with
 * `upper` the upper factor U with A = U^H U. As in NumPy, only the triangle of A named
 * by the factor is read (potrf with 'L' or 'U'), and the other triangle of the result is
 * zero. A matrix that is not positive definite, or whose triangle holds an infinity or a
 * NaN, is an error naming the batch element. */
#include <string.h>

#include "core/dtype.h"
#include "lapack_batch.h"
#include "nd/linalg.h"

typedef struct {
  nd_dtype ct, at, rt;
  int64_t n, ars, acs;
  bool upper;
} chol_ctx;

static int chol_elem(void *vctx, char *const *p, void *work) {
  const chol_ctx *c = vctx;
  int64_t n = c->n, ld = n > 1 ? n : 1, es = (int64_t)ndi_dtype_size(c->ct);
  char *w = work;
  ndi_la_load(c->ct, w, ld, n, n, p[0], c->at, c->ars, c->acs);
  /* OpenBLAS's potrf passes a NaN pivot through instead of stopping at it */
  if (!ndi_la_triangle_finite(c->ct, w, ld, n, c->upper)) return 2;
  char uplo = c->upper ? 'U' : 'L';
  lapack_int info = c->ct == ND_FLOAT64
                        ? LAPACKE_dpotrf_work(LAPACK_COL_MAJOR, uplo, (lapack_int)n, (double *)w, (lapack_int)ld)
                        : LAPACKE_zpotrf_work(LAPACK_COL_MAJOR, uplo, (lapack_int)n,
                                              (lapack_complex_double *)w, (lapack_int)ld);
  if (info > 0) return 1;
  for (int64_t j = 0; j < n; j++) /* zero the triangle potrf leaves as it was */
    for (int64_t i = 0; i < n; i++)
      if (c->upper ? i > j : i < j) memset(w + (j * ld + i) * es, 0, (size_t)es);
  ndi_la_store(c->rt, p[1], n, 1, n, n, w, c->ct, ld);
  return 0;
}

nd_array *nd_linalg_cholesky(const nd_array *a, bool upper) {
  const char *op = "cholesky";
  NDI_REQUIRE(op, a);
  if (ndi_la_check_matrix(op, a, true)) return NULL;
  int64_t n = a->shape[a->ndim - 1];
  if (ndi_la_check_lapack_size(op, n)) return NULL;
  chol_ctx c = {0};
  ndi_la_dtypes(1, &a->dtype, &c.ct, &c.rt);
  c.at = a->dtype;
  c.n = n;
  c.ars = a->strides[a->ndim - 2];
  c.acs = a->strides[a->ndim - 1];
  c.upper = upper;
  ndi_la_batch B;
  const int core = 2;
  if (ndi_la_batch_init(op, &B, 1, &a, &core)) return NULL;
  const int64_t oc[2] = {n, n};
  nd_array *r = ndi_la_alloc(op, c.rt, &B, 2, oc);
  if (!r) return NULL;
  ndi_la_batch_add(&B, r, 2);
  B.fn = chol_elem;
  B.ctx = &c;
  B.work = ndi_la_round((size_t)((n > 1 ? n : 1) * n) * ndi_dtype_size(c.ct));
  B.cost = (double)n * n * n / 3;
  int64_t failed;
  int code;
  nd_status st = ndi_la_batch_run(op, &B, &failed, &code);
  if (!st && failed >= 0)
    st = ndi_la_batch_error(op, &B, failed,
                            code == 2 ? "contains infinities or NaNs" : "is not positive definite");
  if (st) {
    nd_release(r);
    return NULL;
  }
  return r;
}
