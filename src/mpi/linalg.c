/* Products and linear systems: matmul (p?gemm), solve (p?gesv), inv (p?getrf, p?getri). */
#include <stdlib.h>

#include "internal.h"

nd_dmatrix *nd_dmatrix_matmul(const nd_dmatrix *a, const nd_dmatrix *b) {
  ndm_collective c;
  ndm_coll_begin(&c, "dmatrix_matmul");
  ndm_coll_matrix(&c, "a", a);
  ndm_coll_matrix(&c, "b", b);
  if (!c.st && ndm_same_grid(&c, a, b) && a->shape[1] != b->shape[0]) {
    char sa[NDM_MPI_SHAPE], sb[NDM_MPI_SHAPE];
    ndm_coll_fail(&c, ND_ERR_SHAPE, "dmatrix_matmul: %s @ %s: contracted extents differ (%lld vs %lld)",
                  ndm_shape_str(a, sa), ndm_shape_str(b, sb), (long long)a->shape[1],
                  (long long)b->shape[0]);
  }
  nd_dtype t = c.st ? ND_FLOAT64 : (nd_dtype)nd_result_type(a->dtype, b->dtype);
  nd_dmatrix *own_a, *own_b, *out = NULL;
  const nd_dmatrix *ca = ndm_as_dtype(&c, a, t, &own_a), *cb = ndm_as_dtype(&c, b, t, &own_b);
  if (!c.st && !(out = ndm_dmatrix_new(c.op, a->grid, t, a->shape[0], b->shape[1], a->mb, b->nb)))
    ndm_coll_failed(&c);
  if (!ndm_agree(&c)) {
    int m = (int)a->shape[0], n = (int)b->shape[1], k = (int)a->shape[1], one = 1;
    if (m > 0 && n > 0 && k > 0) {
      ndm_scalar_buf alpha = ndm_scalar_of(t, 1, 0), beta = ndm_scalar_of(t, 0, 0);
      out->sl->gemm("N", "N", &m, &n, &k, &alpha, ndm_base(ca), &one, &one, ca->desc, ndm_base(cb),
                    &one, &one, cb->desc, &beta, ndm_base(out), &one, &one, out->desc, 1, 1);
    }
  } else {
    nd_dmatrix_free(out);
    out = NULL;
  }
  nd_dmatrix_free(own_a);
  nd_dmatrix_free(own_b);
  return ndm_dmatrix_publish(out);
}

/* Fails unless a is square. */
static bool square(ndm_collective *c, const nd_dmatrix *a) {
  if (c->st || a->shape[0] == a->shape[1]) return !c->st;
  char sa[NDM_MPI_SHAPE];
  ndm_coll_fail(c, ND_ERR_SHAPE_MATRIX, "%s: a must be square, got %s", c->op, ndm_shape_str(a, sa));
  return false;
}

nd_dmatrix *nd_dmatrix_solve(const nd_dmatrix *a, const nd_dmatrix *b) {
  ndm_collective c;
  ndm_coll_begin(&c, "dmatrix_solve");
  ndm_coll_matrix(&c, "a", a);
  ndm_coll_matrix(&c, "b", b);
  if (!c.st && ndm_same_grid(&c, a, b) && square(&c, a) && b->shape[0] != a->shape[0]) {
    char sa[NDM_MPI_SHAPE], sb[NDM_MPI_SHAPE];
    ndm_coll_fail(&c, ND_ERR_SHAPE, "dmatrix_solve: a %s and b %s: b must have %lld rows",
                  ndm_shape_str(a, sa), ndm_shape_str(b, sb), (long long)a->shape[0]);
  }
  if (ndm_agree(&c)) return NULL;
  /* p?gesv overwrites a with its LU factors and b with x; both are copies here, with the
   * alignment it needs: square blocks for a, b's rows blocked as a's. */
  nd_dtype t = (nd_dtype)nd_result_type(a->dtype, b->dtype);
  int64_t nb = ndm_square_block(a);
  nd_dmatrix *lu = ndm_redistributed_copy(&c, a, a->grid, nb, nb, t);
  if (!lu) return NULL;
  nd_dmatrix *x = ndm_redistributed_copy(&c, b, a->grid, nb, b->nb, t);
  if (!x) return nd_dmatrix_free(lu), NULL;
  int *ipiv = ndm_coll_malloc(&c, sizeof(int) * (size_t)(lu->mloc + nb));
  if (!ndm_agree(&c)) {
    int n = (int)a->shape[0], k = (int)b->shape[1], one = 1, info = 0;
    if (n > 0 && k > 0)
      lu->sl->gesv(&n, &k, ndm_base(lu), &one, &one, lu->desc, ipiv, ndm_base(x), &one, &one,
                   x->desc, &info);
    if (info > 0)
      ndm_coll_fail(&c, ND_ERR_LINALG, "dmatrix_solve: the matrix is singular (U(%d,%d) is exactly zero)",
                    info, info);
    ndm_coll_info(&c, info, "p?gesv");
    ndm_agree(&c);
  }
  free(ipiv);
  nd_dmatrix_free(lu);
  if (c.st) return nd_dmatrix_free(x), NULL;
  return ndm_dmatrix_publish(x);
}

nd_dmatrix *nd_dmatrix_inv(const nd_dmatrix *a) {
  ndm_collective c;
  ndm_coll_begin(&c, "dmatrix_inv");
  ndm_coll_matrix(&c, "a", a);
  square(&c, a);
  if (ndm_agree(&c)) return NULL;
  int64_t nb = ndm_square_block(a);
  nd_dmatrix *f = ndm_redistributed_copy(&c, a, a->grid, nb, nb, a->dtype);
  if (!f) return NULL;
  int n = (int)a->shape[0], one = 1, info = 0;
  int *ipiv = ndm_coll_malloc(&c, sizeof(int) * (size_t)(f->mloc + nb));
  if (!ndm_agree(&c) && n > 0) {
    f->sl->getrf(&n, &n, ndm_base(f), &one, &one, f->desc, ipiv, &info);
    if (info > 0)
      ndm_coll_fail(&c, ND_ERR_LINALG, "dmatrix_inv: the matrix is singular (U(%d,%d) is exactly zero)",
                    info, info);
    ndm_coll_info(&c, info, "p?getrf");
    if (!ndm_agree(&c)) {
      /* workspace query, then the inverse from the LU factors */
      ndm_scalar_buf q;
      int lwork = -1, liwork = -1, iq = 0;
      f->sl->getri(&n, ndm_base(f), &one, &one, f->desc, ipiv, &q, &lwork, &iq, &liwork, &info);
      lwork = ndm_work_size(&q, f->dtype);
      liwork = iq + 64;
      void *work = ndm_coll_alloc_elems(&c, lwork, f->dtype);
      int *iwork = ndm_coll_malloc(&c, sizeof(int) * (size_t)liwork);
      if (!ndm_agree(&c)) {
        f->sl->getri(&n, ndm_base(f), &one, &one, f->desc, ipiv, work, &lwork, iwork, &liwork, &info);
        if (info > 0)
          ndm_coll_fail(&c, ND_ERR_LINALG, "dmatrix_inv: the matrix is singular (U(%d,%d) is exactly zero)",
                        info, info);
        ndm_coll_info(&c, info, "p?getri");
        ndm_agree(&c);
      }
      free(work);
      free(iwork);
    }
  }
  free(ipiv);
  if (c.st) return nd_dmatrix_free(f), NULL;
  return ndm_dmatrix_publish(f);
}
