/* Hermitian eigenproblems (p?syevd / p?heevd, p?syev / p?heev, or ELPA) and the SVD
 * (p?gesvd). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

bool nd_mpi_have_elpa(void) {
#ifdef ND_HAVE_ELPA
  return true;
#else
  return false;
#endif
}

/* On a 1 x 1 grid the piece is the whole matrix, and LAPACK (nd's serial eigh) does the
 * work: ScaLAPACK on one process only adds its bookkeeping (p?syevd took 1.3-2x
 * nd_linalg_eigh's time at n = 2000 on this project's machines). */
#define NDM_EIGENSOLVER_LAPACK ((nd_eigensolver)100)

/* The solver a call uses: the argument, else ND_MPI_EIGENSOLVER, else LAPACK on a 1 x 1
 * grid and ScaLAPACK on larger ones. (ELPA is not the default: Debian's build has only its
 * generic kernels and no OpenMP, and on this project's machines its two-stage solver took
 * 2.5-4.5x ScaLAPACK's time on one rank.) */
static nd_eigensolver pick_solver(ndm_collective *c, nd_eigensolver s, const nd_dmatrix *a) {
  if (s == ND_EIGENSOLVER_AUTO) {
    const char *e = getenv("ND_MPI_EIGENSOLVER");
    if (e && strcmp(e, "elpa") == 0) s = ND_EIGENSOLVER_ELPA;
    else if (e && strcmp(e, "scalapack") == 0) s = ND_EIGENSOLVER_SCALAPACK;
    else if (e && *e)
      ndm_coll_fail(c, ND_ERR_VALUE, "%s: ND_MPI_EIGENSOLVER='%s' is not 'elpa' or 'scalapack'", c->op, e);
    else if (a && a->grid->size == 1) s = NDM_EIGENSOLVER_LAPACK;
    else s = ND_EIGENSOLVER_SCALAPACK;
  }
  if (s != ND_EIGENSOLVER_SCALAPACK && s != ND_EIGENSOLVER_ELPA && s != ND_EIGENSOLVER_AUTO &&
      s != NDM_EIGENSOLVER_LAPACK)
    ndm_coll_fail(c, ND_ERR_VALUE, "%s: invalid solver %d", c->op, (int)s);
  if (s == ND_EIGENSOLVER_ELPA && !nd_mpi_have_elpa())
    ndm_coll_fail(c, ND_ERR_VALUE, "%s: ELPA is not available (nd_mpi was built without it)", c->op);
  return s;
}

/* nd's serial eigh on the piece of a matrix on a 1 x 1 grid; z (if not NULL) gets the
 * vectors. Returns the eigenvalues, or NULL after recording the failure in c. */
static nd_array *lapack_eigh(ndm_collective *c, const nd_dmatrix *a, nd_dmatrix *z) {
  nd_array *w = NULL, *v = NULL;
  nd_status st = z ? nd_linalg_eigh(a->local, &w, &v) : ((w = nd_linalg_eigvalsh(a->local)) ? ND_OK : nd_last_status());
  if (!st && z) st = nd_assign(z->local, v);
  nd_release(v);
  if (st) {
    ndm_coll_failed_as(c); /* nd's message names its own function */
    nd_release(w);
    return NULL;
  }
  return w;
}

/* ScaLAPACK's solvers on f (overwritten); z NULL: values only. */
static void scalapack_eigh(ndm_collective *c, nd_dmatrix *f, void *w, nd_dmatrix *z) {
  const ndm_sl *sl = f->sl;
  int n = (int)f->shape[0], one = 1, info = 0, lwork = -1, lrwork = -1, liwork = -1;
  const char *jobz = z ? "V" : "N";
  /* with values only, z is not referenced: f's own descriptor stands in */
  nd_dmatrix *zz = z ? z : f;
  ndm_scalar_buf q, rq;
  int iq = 0;
  memset(&rq, 0, sizeof rq);
  /* workspace queries */
  if (!sl->is_complex && z)
    sl->syevd(jobz, "L", &n, ndm_base(f), &one, &one, f->desc, w, ndm_base(zz), &one, &one, zz->desc,
              &q, &lwork, &iq, &liwork, &info, 1, 1);
  else if (!sl->is_complex)
    sl->syev(jobz, "L", &n, ndm_base(f), &one, &one, f->desc, w, ndm_base(zz), &one, &one, zz->desc,
             &q, &lwork, &info, 1, 1);
  else if (z)
    sl->heevd(jobz, "L", &n, ndm_base(f), &one, &one, f->desc, w, ndm_base(zz), &one, &one, zz->desc,
              &q, &lwork, &rq, &lrwork, &iq, &liwork, &info, 1, 1);
  else
    sl->heev(jobz, "L", &n, ndm_base(f), &one, &one, f->desc, w, ndm_base(zz), &one, &one, zz->desc,
             &q, &lwork, &rq, &lrwork, &info, 1, 1);
  lwork = ndm_work_size(&q, f->dtype);
  if (z) {
    /* p?syevd / p?heevd underestimate what their back-transformation (p?ormtr / p?unmtr)
     * needs when the block is larger than the matrix (ScaLAPACK 2.2: n = 1 with 8 x 8
     * blocks reports "PDORMTR parameter number 16 had an illegal value" and skips it): add
     * that routine's own requirement. */
    int64_t nb = f->mb, extra = (f->mloc + f->nloc + 2 * nb) * nb + nb * nb;
    if (extra < nb * (nb - 1) / 2 + nb * nb) extra = nb * (nb - 1) / 2 + nb * nb;
    lwork = lwork + extra > INT_MAX ? INT_MAX : (int)(lwork + extra);
  }
  lrwork = ndm_work_size(&rq, sl->real);
  liwork = iq + 64;
  void *work = ndm_coll_alloc_elems(c, lwork, f->dtype);
  void *rwork = ndm_coll_alloc_elems(c, lrwork, sl->real);
  int *iwork = ndm_coll_malloc(c, sizeof(int) * (size_t)liwork);
  if (!ndm_agree(c)) {
    if (!sl->is_complex && z)
      sl->syevd(jobz, "L", &n, ndm_base(f), &one, &one, f->desc, w, ndm_base(zz), &one, &one,
                zz->desc, work, &lwork, iwork, &liwork, &info, 1, 1);
    else if (!sl->is_complex)
      sl->syev(jobz, "L", &n, ndm_base(f), &one, &one, f->desc, w, ndm_base(zz), &one, &one,
               zz->desc, work, &lwork, &info, 1, 1);
    else if (z)
      sl->heevd(jobz, "L", &n, ndm_base(f), &one, &one, f->desc, w, ndm_base(zz), &one, &one,
                zz->desc, work, &lwork, rwork, &lrwork, iwork, &liwork, &info, 1, 1);
    else
      sl->heev(jobz, "L", &n, ndm_base(f), &one, &one, f->desc, w, ndm_base(zz), &one, &one,
               zz->desc, work, &lwork, rwork, &lrwork, &info, 1, 1);
    if (info > 0)
      ndm_coll_fail(c, ND_ERR_LINALG, "%s: the eigensolver did not converge (ScaLAPACK info %d)",
                    c->op, info);
    ndm_coll_info(c, info, z ? "p?syevd/p?heevd" : "p?syev/p?heev");
    ndm_agree(c);
  }
  free(work);
  free(rwork);
  free(iwork);
}

/* The common part of eigh and eigvalsh: w on every rank and, if want_v, the vectors. */
static nd_status eigh(const char *op, const nd_dmatrix *a, nd_eigensolver solver, nd_array **w,
                      nd_dmatrix **v, bool want_v) {
  ndm_collective c;
  ndm_coll_begin(&c, op);
  ndm_coll_matrix(&c, "a", a);
  ndm_coll_value(&c, "solver", solver);
  if (w) *w = NULL;
  if (v) *v = NULL;
  if (!w || (want_v && !v)) ndm_coll_fail(&c, ND_ERR_NULL, "%s: argument %s is NULL", op, w ? "v" : "w");
  if (!c.st && a->shape[0] != a->shape[1]) {
    char sa[NDM_MPI_SHAPE];
    ndm_coll_fail(&c, ND_ERR_SHAPE_MATRIX, "%s: a must be square, got %s", op, ndm_shape_str(a, sa));
  }
  /* as nd_linalg_eigh (the solvers would return NaNs, refuse an argument, or hang) */
  if (!c.st && !ndm_part_finite(a, NDM_PART_LOWER))
    ndm_coll_fail(&c, ND_ERR_LINALG, "%s: the matrix contains infinities or NaNs", op);
  solver = pick_solver(&c, solver, c.st ? NULL : a);
  /* the solver ND_MPI_EIGENSOLVER picked: an environment that differs between ranks would
   * send them into different solvers' collectives */
  ndm_coll_value(&c, "solver (ND_MPI_EIGENSOLVER)", solver);
  if (ndm_agree(&c)) return c.st;
  int64_t nb = ndm_square_block(a), n = a->shape[0], work_nb = nb;
  if (solver == NDM_EIGENSOLVER_LAPACK) {
    nd_dmatrix *z = want_v ? ndm_dmatrix_new(op, a->grid, a->dtype, n, n, nb, nb) : NULL;
    nd_array *vals = NULL;
    if (want_v && !z) ndm_coll_failed(&c);
    else vals = lapack_eigh(&c, a, z);
    if (ndm_agree(&c)) {
      nd_release(vals);
      nd_dmatrix_free(z);
      return c.st;
    }
    *w = vals;
    if (v) *v = ndm_dmatrix_publish(z);
    return ND_OK;
  }
  if (solver == ND_EIGENSOLVER_ELPA) {
    /* ELPA 2022.11's two-stage solver fails (or returns wrong values) unless every process
     * column holds a block of the matrix: for a matrix that few blocks span, the working
     * copy gets smaller blocks, and one smaller than the grid goes to ScaLAPACK. */
    int64_t p = a->grid->nprow > a->grid->npcol ? a->grid->nprow : a->grid->npcol;
    if (n < p) solver = ND_EIGENSOLVER_SCALAPACK;
    else if ((n + nb - 1) / nb < p) work_nb = n / p;
  }
  /* Debian's ELPA is built without single precision: it works in double, as nd's serial
   * eigh does for float32, and the results are rounded back. */
  nd_dtype wt = a->dtype;
  if (solver == ND_EIGENSOLVER_ELPA && (wt == ND_FLOAT32 || wt == ND_COMPLEX64) && !ndm_elpa_single())
    wt = wt == ND_FLOAT32 ? ND_FLOAT64 : ND_COMPLEX128;
  nd_dmatrix *f = ndm_redistributed_copy(&c, a, a->grid, work_nb, work_nb, wt);
  if (!f) return c.st;
  /* ELPA reads the whole matrix; nd's eigh reads the lower triangle only */
  if (solver == ND_EIGENSOLVER_ELPA && !ndm_make_hermitian(&c, f)) return nd_dmatrix_free(f), c.st;
  nd_dmatrix *z = want_v ? ndm_dmatrix_new(op, a->grid, wt, n, n, work_nb, work_nb) : NULL;
  nd_array *vals = NULL;
  if (want_v && !z) ndm_coll_failed(&c);
  else if (!(vals = nd_empty(f->sl->real, ND_SHAPE(n), ND_C))) ndm_coll_failed(&c);
  if (!ndm_agree(&c) && n > 0) {
    if (solver == ND_EIGENSOLVER_SCALAPACK) {
      scalapack_eigh(&c, f, nd_data(vals), z);
      /* ScaLAPACK 2.2's p?syevd / p?heevd leave w wrong on processes that hold none of
       * the matrix (one block of it on a grid of several processes, say): rank 0, which
       * holds element (0, 0), has the values every rank gets. */
      if (!c.st) MPI_Bcast(nd_data(vals), (int)n, f->sl->mpi_real, 0, f->grid->comm);
    } else {
#ifdef ND_HAVE_ELPA
      int err = ndm_elpa_eigh(f, nd_data(vals), z);
      if (err) ndm_coll_fail(&c, ND_ERR_LINALG, "%s: ELPA failed: %s (error %d)", op, ndm_elpa_strerr(err), err);
      /* ELPA 2022.11 leaves the eigenvalues unset on ranks that hold no rows when n = 1:
       * the values of rank 0 (which holds element (0, 0)) are the ones to keep */
      if (!ndm_agree(&c)) MPI_Bcast(nd_data(vals), (int)n, f->sl->mpi_real, 0, f->grid->comm);
#endif
    }
  }
  nd_dmatrix_free(f);
  if (!c.st && z && work_nb != nb) {
    /* the vectors in the promised distribution (a's square blocks) */
    nd_dmatrix *z1 = ndm_redistributed_copy(&c, z, a->grid, nb, nb, wt);
    nd_dmatrix_free(z);
    z = z1;
  }
  if (!c.st && wt != a->dtype) {
    /* back to the input's precision (local) */
    nd_dmatrix *own = NULL;
    nd_array *w1 = nd_astype(vals, ndm_sl_for(a->dtype)->real);
    if (!w1) ndm_coll_failed(&c);
    const nd_dmatrix *z1 = z ? ndm_as_dtype(&c, z, a->dtype, &own) : NULL;
    (void)z1;
    nd_release(vals);
    vals = w1;
    nd_dmatrix_free(z);
    z = own;
    ndm_agree(&c);
  }
  if (c.st) {
    nd_dmatrix_free(z);
    nd_release(vals);
    return c.st;
  }
  *w = vals;
  if (v) *v = ndm_dmatrix_publish(z);
  return ND_OK;
}

nd_status nd_dmatrix_eigh_ex(const nd_dmatrix *a, nd_eigensolver solver, nd_array **w,
                             nd_dmatrix **v) {
  return eigh("dmatrix_eigh", a, solver, w, v, true);
}

nd_status nd_dmatrix_eigh(const nd_dmatrix *a, nd_array **w, nd_dmatrix **v) {
  return eigh("dmatrix_eigh", a, ND_EIGENSOLVER_AUTO, w, v, true);
}

nd_array *nd_dmatrix_eigvalsh_ex(const nd_dmatrix *a, nd_eigensolver solver) {
  nd_array *w = NULL;
  eigh("dmatrix_eigvalsh", a, solver, &w, NULL, false);
  return w;
}

nd_array *nd_dmatrix_eigvalsh(const nd_dmatrix *a) {
  return nd_dmatrix_eigvalsh_ex(a, ND_EIGENSOLVER_AUTO);
}

/* ---- SVD ------------------------------------------------------------------------------ */

/* ScaLAPACK 2.2's p?gesvd fails on a matrix that is small against the grid. Every
 * process computes the singular values; a process that holds neither a row of U nor a
 * column of VT in p?gesvd's own 1-D layouts over all P processes (max(m, n) <= its index)
 * computes them with LAPACK's other algorithm (dbdsqr without vectors uses dqds), their
 * last bits differ, and p?gesvd reports "heterogeneity" (INFO = min(m, n) + 1): for
 * max(m, n) < P always when min(m, n) >= 3, often when it is 2. And a 1 x 2 matrix on a grid of several columns
 * hangs it (in p?ormbr). Such matrices (max(m, n) < P, or min(m, n) = 1: a vector) are
 * small: LAPACK factors them on rank 0 and the factors are scattered. */
static bool svd_on_rank0(const nd_dmatrix *a) {
  int64_t m = a->shape[0], n = a->shape[1], big = m > n ? m : n, k = m < n ? m : n;
  return a->grid->size > 1 && k >= 1 && (big < a->grid->size || k == 1);
}

static nd_status svd_rank0(ndm_collective *c, const nd_dmatrix *a, int64_t nb, nd_dmatrix **u,
                           nd_array **s, nd_dmatrix **vh) {
  nd_grid *g = a->grid;
  int64_t k = a->shape[0] < a->shape[1] ? a->shape[0] : a->shape[1];
  nd_array *whole = NULL, *uw = NULL, *sw = NULL, *vw = NULL;
  nd_status st = nd_dmatrix_gather(a, 0, &whole); /* collective: agreed */
  if (st) return ndm_coll_failed_as(c);
  if (g->rank == 0) {
    if ((st = nd_linalg_svd(whole, false, &uw, &sw, &vw))) ndm_coll_failed_as(c);
  } else if (!(sw = nd_empty(a->sl->real, ND_SHAPE(k), ND_C))) {
    ndm_coll_failed(c);
  }
  nd_release(whole);
  if (!ndm_agree(c)) {
    MPI_Bcast(nd_data(sw), (int)k, a->sl->mpi_real, 0, g->comm);
    *u = nd_dmatrix_scatter(g, uw, 0, nb, nb); /* collective: agreed */
    *vh = *u ? nd_dmatrix_scatter(g, vw, 0, nb, nb) : NULL;
    if (!*vh) {
      ndm_coll_failed_as(c);
      nd_dmatrix_free(*u);
      *u = NULL;
    }
  }
  nd_release(uw);
  nd_release(vw);
  if (c->st) return nd_release(sw), c->st;
  *s = sw;
  return ND_OK;
}

nd_status nd_dmatrix_svd(const nd_dmatrix *a, nd_dmatrix **u, nd_array **s, nd_dmatrix **vh) {
  ndm_collective c;
  ndm_coll_begin(&c, "dmatrix_svd");
  ndm_coll_matrix(&c, "a", a);
  if (u) *u = NULL;
  if (s) *s = NULL;
  if (vh) *vh = NULL;
  if (!u || !s || !vh)
    ndm_coll_fail(&c, ND_ERR_NULL, "dmatrix_svd: argument %s is NULL", !u ? "u" : !s ? "s" : "vh");
  if (!c.st && !ndm_part_finite(a, NDM_PART_ALL)) /* as nd_linalg_svd */
    ndm_coll_fail(&c, ND_ERR_LINALG, "dmatrix_svd: the matrix contains infinities or NaNs (SVD did not converge)");
  if (ndm_agree(&c)) return c.st;
  int64_t nb = ndm_square_block(a), m = a->shape[0], n = a->shape[1], k = m < n ? m : n;
  if (svd_on_rank0(a)) return svd_rank0(&c, a, nb, u, s, vh);
  nd_dmatrix *f = ndm_redistributed_copy(&c, a, a->grid, nb, nb, a->dtype);
  if (!f) return c.st;
  const ndm_sl *sl = f->sl;
  nd_dmatrix *um = ndm_dmatrix_new(c.op, a->grid, a->dtype, m, k, nb, nb);
  nd_dmatrix *vm = um ? ndm_dmatrix_new(c.op, a->grid, a->dtype, k, n, nb, nb) : NULL;
  nd_array *sv = vm ? nd_empty(sl->real, ND_SHAPE(k), ND_C) : NULL;
  if (!sv) ndm_coll_failed(&c);
  /* the complex routines' real workspace: 1 + 4 max(m, n) */
  int64_t big = m > n ? m : n;
  void *rwork = sl->is_complex ? ndm_coll_alloc_elems(&c, 1 + 4 * big, sl->real) : NULL;
  void *work = NULL;
  int mi = (int)m, ni = (int)n, one = 1, info = 0, lwork = -1;
  if (!ndm_agree(&c) && k > 0) {
    ndm_scalar_buf q;
#define NDM_GESVD(wk, lw)                                                                     \
  (sl->is_complex                                                                            \
       ? sl->cgesvd("V", "V", &mi, &ni, ndm_base(f), &one, &one, f->desc, nd_data(sv),       \
                    ndm_base(um), &one, &one, um->desc, ndm_base(vm), &one, &one, vm->desc,  \
                    wk, lw, rwork, &info, 1, 1)                                              \
       : sl->gesvd("V", "V", &mi, &ni, ndm_base(f), &one, &one, f->desc, nd_data(sv),        \
                   ndm_base(um), &one, &one, um->desc, ndm_base(vm), &one, &one, vm->desc,   \
                   wk, lw, &info, 1, 1))
    NDM_GESVD(&q, &lwork);
    lwork = ndm_work_size(&q, a->dtype);
    work = ndm_coll_alloc_elems(&c, lwork, a->dtype);
    if (!ndm_agree(&c)) {
      NDM_GESVD(work, &lwork);
      if (info > 0)
        ndm_coll_fail(&c, ND_ERR_LINALG, "dmatrix_svd: the SVD did not converge (ScaLAPACK info %d)", info);
      ndm_coll_info(&c, info, "p?gesvd");
      ndm_agree(&c);
    }
#undef NDM_GESVD
  }
  free(work);
  free(rwork);
  nd_dmatrix_free(f);
  if (c.st) {
    nd_dmatrix_free(um);
    nd_dmatrix_free(vm);
    nd_release(sv);
    return c.st;
  }
  *u = ndm_dmatrix_publish(um);
  *s = sv;
  *vh = ndm_dmatrix_publish(vm);
  return ND_OK;
}
