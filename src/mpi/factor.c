/* Factorisations: Cholesky (p?potrf) and QR (p?geqrf, p?orgqr / p?ungqr). */
#include <stdlib.h>

#include "internal.h"

nd_dmatrix *nd_dmatrix_cholesky(const nd_dmatrix *a, bool upper) {
  ndi_collective c;
  ndi_coll_begin(&c, "dmatrix_cholesky");
  ndi_coll_matrix(&c, "a", a);
  ndi_coll_value(&c, "upper", upper);
  if (!c.st && a->shape[0] != a->shape[1]) {
    char sa[NDI_MPI_SHAPE];
    ndi_coll_fail(&c, ND_ERR_SHAPE_MATRIX, "dmatrix_cholesky: a must be square, got %s", ndi_shape_str(a, sa));
  }
  /* as nd_linalg_cholesky (p?potrf lets a NaN through into the factor) */
  if (!c.st && !ndi_part_finite(a, upper ? NDI_PART_UPPER : NDI_PART_LOWER))
    ndi_coll_fail(&c, ND_ERR_LINALG, "dmatrix_cholesky: the matrix contains infinities or NaNs");
  if (ndi_agree(&c)) return NULL;
  int64_t nb = ndi_square_block(a);
  nd_dmatrix *f = ndi_redistributed_copy(&c, a, a->grid, nb, nb, a->dtype);
  if (!f) return NULL;
  int n = (int)a->shape[0], one = 1, two = 2, info = 0;
  if (n > 0) {
    f->sl->potrf(upper ? "U" : "L", &n, ndi_base(f), &one, &one, f->desc, &info, 1);
    if (info > 0)
      ndi_coll_fail(&c, ND_ERR_LINALG,
                    "dmatrix_cholesky: the matrix is not positive definite (the leading minor of order %d is not)",
                    info);
    ndi_coll_info(&c, info, "p?potrf");
    if (ndi_agree(&c)) return nd_dmatrix_free(f), NULL;
    /* p?potrf leaves the other triangle as it was: zero it (the strict part, as the
     * submatrix one row below or one column right of the diagonal). */
    int n1 = n - 1;
    ndi_scalar_buf zero = ndi_scalar_of(f->dtype, 0, 0);
    if (n1 > 0) {
      if (upper) f->sl->laset("L", &n1, &n1, &zero, &zero, ndi_base(f), &two, &one, f->desc, 1);
      else f->sl->laset("U", &n1, &n1, &zero, &zero, ndi_base(f), &one, &two, f->desc, 1);
    }
  }
  return ndi_dmatrix_publish(f);
}

nd_status nd_dmatrix_qr(const nd_dmatrix *a, nd_qr_mode mode, nd_dmatrix **q, nd_dmatrix **r) {
  ndi_collective c;
  ndi_coll_begin(&c, "dmatrix_qr");
  ndi_coll_matrix(&c, "a", a);
  ndi_coll_value(&c, "mode", mode);
  if (q) *q = NULL;
  if (r) *r = NULL;
  if (!q || !r) ndi_coll_fail(&c, ND_ERR_NULL, "dmatrix_qr: argument %s is NULL", q ? "r" : "q");
  if (mode != ND_QR_REDUCED && mode != ND_QR_COMPLETE)
    ndi_coll_fail(&c, ND_ERR_VALUE, "dmatrix_qr: invalid mode %d", (int)mode);
  if (ndi_agree(&c)) return c.st;
  int64_t nb = ndi_square_block(a), m = a->shape[0], n = a->shape[1], k = m < n ? m : n;
  int64_t qcols = mode == ND_QR_COMPLETE ? m : k, rrows = mode == ND_QR_COMPLETE ? m : k;
  nd_dmatrix *f = ndi_redistributed_copy(&c, a, a->grid, nb, nb, a->dtype);
  if (!f) return c.st;
  nd_dmatrix *qm = ndi_dmatrix_new(c.op, a->grid, a->dtype, m, qcols, nb, nb);
  nd_dmatrix *rm = qm ? ndi_dmatrix_new(c.op, a->grid, a->dtype, rrows, n, nb, nb) : NULL;
  if (!rm) ndi_coll_failed(&c);
  /* tau follows f's columns: LOCc(k) elements (plus a block of room) */
  void *tau = ndi_coll_alloc_elems(&c, f->nloc + nb, a->dtype);
  void *work = NULL;
  int mi = (int)m, ni = (int)n, ki = (int)k, qc = (int)qcols, rr = (int)rrows, one = 1, info = 0;
  if (!ndi_agree(&c) && k > 0) {
    ndi_scalar_buf qry;
    int lwork = -1;
    f->sl->geqrf(&mi, &ni, ndi_base(f), &one, &one, f->desc, tau, &qry, &lwork, &info);
    int lw1 = ndi_work_size(&qry, a->dtype);
    lwork = -1;
    /* Q starts as the reflectors (the first k columns of f) */
    f->sl->orgqr(&mi, &qc, &ki, ndi_base(qm), &one, &one, qm->desc, tau, &qry, &lwork, &info);
    int lw2 = ndi_work_size(&qry, a->dtype);
    lwork = lw1 > lw2 ? lw1 : lw2;
    work = ndi_coll_alloc_elems(&c, lwork, a->dtype);
    if (!ndi_agree(&c)) {
      f->sl->geqrf(&mi, &ni, ndi_base(f), &one, &one, f->desc, tau, work, &lwork, &info);
      ndi_coll_info(&c, info, "p?geqrf");
      if (!ndi_agree(&c)) {
        f->sl->lacpy("U", &rr, &ni, ndi_base(f), &one, &one, f->desc, ndi_base(rm), &one, &one,
                     rm->desc, 1);
        f->sl->lacpy("A", &mi, &ki, ndi_base(f), &one, &one, f->desc, ndi_base(qm), &one, &one,
                     qm->desc, 1);
        f->sl->orgqr(&mi, &qc, &ki, ndi_base(qm), &one, &one, qm->desc, tau, work, &lwork, &info);
        ndi_coll_info(&c, info, "p?orgqr");
        ndi_agree(&c);
      }
    }
  } else if (!c.st && mode == ND_QR_COMPLETE && m > 0) {
    /* k = 0 (n = 0): Q is the identity */
    ndi_scalar_buf zero = ndi_scalar_of(a->dtype, 0, 0), unit = ndi_scalar_of(a->dtype, 1, 0);
    f->sl->laset("A", &mi, &mi, &zero, &unit, ndi_base(qm), &one, &one, qm->desc, 1);
  }
  free(tau);
  free(work);
  nd_dmatrix_free(f);
  if (c.st) {
    nd_dmatrix_free(qm);
    nd_dmatrix_free(rm);
    return c.st;
  }
  *q = ndi_dmatrix_publish(qm);
  *r = ndi_dmatrix_publish(rm);
  return ND_OK;
}
