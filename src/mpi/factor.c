/* Factorisations: Cholesky (p?potrf) and QR (p?geqrf, p?orgqr / p?ungqr). */
#include <stdlib.h>

#include "internal.h"

nd_dmatrix *nd_dmatrix_cholesky(const nd_dmatrix *a, bool upper) {
  ndm_collective c;
  ndm_coll_begin(&c, "dmatrix_cholesky");
  ndm_coll_matrix(&c, "a", a);
  ndm_coll_value(&c, "upper", upper);
  if (!c.st && a->shape[0] != a->shape[1]) {
    char sa[NDM_MPI_SHAPE];
    ndm_coll_fail(&c, ND_ERR_SHAPE_MATRIX, "dmatrix_cholesky: a must be square, got %s", ndm_shape_str(a, sa));
  }
  /* as nd_linalg_cholesky (p?potrf lets a NaN through into the factor) */
  if (!c.st && !ndm_part_finite(a, upper ? NDM_PART_UPPER : NDM_PART_LOWER))
    ndm_coll_fail(&c, ND_ERR_LINALG, "dmatrix_cholesky: the matrix contains infinities or NaNs");
  if (ndm_agree(&c)) return NULL;
  int64_t nb = ndm_square_block(a);
  nd_dmatrix *f = ndm_redistributed_copy(&c, a, a->grid, nb, nb, a->dtype);
  if (!f) return NULL;
  int n = (int)a->shape[0], one = 1, two = 2, info = 0;
  if (n > 0) {
    f->sl->potrf(upper ? "U" : "L", &n, ndm_base(f), &one, &one, f->desc, &info, 1);
    if (info > 0)
      ndm_coll_fail(&c, ND_ERR_LINALG,
                    "dmatrix_cholesky: the matrix is not positive definite (the leading minor of order %d is not)",
                    info);
    ndm_coll_info(&c, info, "p?potrf");
    if (ndm_agree(&c)) return nd_dmatrix_free(f), NULL;
    /* p?potrf leaves the other triangle as it was: zero it (the strict part, as the
     * submatrix one row below or one column right of the diagonal). */
    int n1 = n - 1;
    ndm_scalar_buf zero = ndm_scalar_of(f->dtype, 0, 0);
    if (n1 > 0) {
      if (upper) f->sl->laset("L", &n1, &n1, &zero, &zero, ndm_base(f), &two, &one, f->desc, 1);
      else f->sl->laset("U", &n1, &n1, &zero, &zero, ndm_base(f), &one, &two, f->desc, 1);
    }
  }
  return ndm_dmatrix_publish(f);
}

nd_status nd_dmatrix_qr(const nd_dmatrix *a, nd_qr_mode mode, nd_dmatrix **q, nd_dmatrix **r) {
  ndm_collective c;
  ndm_coll_begin(&c, "dmatrix_qr");
  ndm_coll_matrix(&c, "a", a);
  ndm_coll_value(&c, "mode", mode);
  if (q) *q = NULL;
  if (r) *r = NULL;
  if (!q || !r) ndm_coll_fail(&c, ND_ERR_NULL, "dmatrix_qr: argument %s is NULL", q ? "r" : "q");
  if (mode != ND_QR_REDUCED && mode != ND_QR_COMPLETE)
    ndm_coll_fail(&c, ND_ERR_VALUE, "dmatrix_qr: invalid mode %d", (int)mode);
  if (ndm_agree(&c)) return c.st;
  int64_t nb = ndm_square_block(a), m = a->shape[0], n = a->shape[1], k = m < n ? m : n;
  int64_t qcols = mode == ND_QR_COMPLETE ? m : k, rrows = mode == ND_QR_COMPLETE ? m : k;
  nd_dmatrix *f = ndm_redistributed_copy(&c, a, a->grid, nb, nb, a->dtype);
  if (!f) return c.st;
  nd_dmatrix *qm = ndm_dmatrix_new(c.op, a->grid, a->dtype, m, qcols, nb, nb);
  nd_dmatrix *rm = qm ? ndm_dmatrix_new(c.op, a->grid, a->dtype, rrows, n, nb, nb) : NULL;
  if (!rm) ndm_coll_failed(&c);
  /* tau follows f's columns: LOCc(k) elements (plus a block of room) */
  void *tau = ndm_coll_alloc_elems(&c, f->nloc + nb, a->dtype);
  void *work = NULL;
  int mi = (int)m, ni = (int)n, ki = (int)k, qc = (int)qcols, rr = (int)rrows, one = 1, info = 0;
  if (!ndm_agree(&c) && k > 0) {
    ndm_scalar_buf qry;
    int lwork = -1;
    f->sl->geqrf(&mi, &ni, ndm_base(f), &one, &one, f->desc, tau, &qry, &lwork, &info);
    int lw1 = ndm_work_size(&qry, a->dtype);
    lwork = -1;
    /* Q starts as the reflectors (the first k columns of f) */
    f->sl->orgqr(&mi, &qc, &ki, ndm_base(qm), &one, &one, qm->desc, tau, &qry, &lwork, &info);
    int lw2 = ndm_work_size(&qry, a->dtype);
    lwork = lw1 > lw2 ? lw1 : lw2;
    work = ndm_coll_alloc_elems(&c, lwork, a->dtype);
    if (!ndm_agree(&c)) {
      f->sl->geqrf(&mi, &ni, ndm_base(f), &one, &one, f->desc, tau, work, &lwork, &info);
      ndm_coll_info(&c, info, "p?geqrf");
      if (!ndm_agree(&c)) {
        f->sl->lacpy("U", &rr, &ni, ndm_base(f), &one, &one, f->desc, ndm_base(rm), &one, &one,
                     rm->desc, 1);
        f->sl->lacpy("A", &mi, &ki, ndm_base(f), &one, &one, f->desc, ndm_base(qm), &one, &one,
                     qm->desc, 1);
        f->sl->orgqr(&mi, &qc, &ki, ndm_base(qm), &one, &one, qm->desc, tau, work, &lwork, &info);
        ndm_coll_info(&c, info, "p?orgqr");
        ndm_agree(&c);
      }
    }
  } else if (!c.st && mode == ND_QR_COMPLETE && m > 0) {
    /* k = 0 (n = 0): Q is the identity */
    ndm_scalar_buf zero = ndm_scalar_of(a->dtype, 0, 0), unit = ndm_scalar_of(a->dtype, 1, 0);
    f->sl->laset("A", &mi, &mi, &zero, &unit, ndm_base(qm), &one, &one, qm->desc, 1);
  }
  free(tau);
  free(work);
  nd_dmatrix_free(f);
  if (c.st) {
    nd_dmatrix_free(qm);
    nd_dmatrix_free(rm);
    return c.st;
  }
  *q = ndm_dmatrix_publish(qm);
  *r = ndm_dmatrix_publish(rm);
  return ND_OK;
}
