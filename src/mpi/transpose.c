/* Transposes with PBLAS's p?tran (real), p?tranu and p?tranc (complex). */
#include "internal.h"

static nd_dmatrix *transpose(const char *op, const nd_dmatrix *a, bool conjugate) {
  ndm_collective c;
  ndm_coll_begin(&c, op);
  ndm_coll_matrix(&c, "a", a);
  nd_dmatrix *t = NULL;
  /* The result is n x m with the blocks swapped, so each block of a becomes one block. */
  if (!c.st && !(t = ndm_dmatrix_new(op, a->grid, a->dtype, a->shape[1], a->shape[0], a->nb, a->mb)))
    ndm_coll_failed(&c);
  if (ndm_agree(&c)) return NULL;
  if (t->shape[0] > 0 && t->shape[1] > 0) {
    int m = (int)t->shape[0], n = (int)t->shape[1], one = 1;
    ndm_scalar_buf alpha = ndm_scalar_of(a->dtype, 1, 0), beta = ndm_scalar_of(a->dtype, 0, 0);
    (conjugate ? a->sl->tranc : a->sl->tran)(&m, &n, &alpha, ndm_base(a), &one, &one, a->desc,
                                             &beta, ndm_base(t), &one, &one, t->desc);
  }
  return ndm_dmatrix_publish(t);
}

nd_dmatrix *nd_dmatrix_transpose(const nd_dmatrix *a) {
  return transpose("dmatrix_transpose", a, false);
}

nd_dmatrix *nd_dmatrix_conj_transpose(const nd_dmatrix *a) {
  return transpose("dmatrix_conj_transpose", a, true);
}
