/* Selected eigenpairs of Hermitian matrices and of generalized Hermitian-definite pairs:
 * ScaLAPACK's MRRR solver (p?syevr / p?heevr), after the reduction of a generalized
 * problem to a standard one with the Cholesky factor of b (p?potrf, p?sygst / p?hegst),
 * and the transformation of its eigenvectors back (p?trsm / p?trmm). These are the steps
 * of p?sygvx with MRRR in place of its bisection and inverse iteration, whose
 * eigenvectors in a cluster are orthogonal only with workspace proportional to the
 * cluster (p?sygvx reports INFO = 2 otherwise), as nd_linalg_eigh_generalized does
 * serially. On a 1 x 1 grid the serial functions do the work on the piece. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* The bits of a double, for the values the ranks must agree on. */
static int64_t bits_of(double x) {
  int64_t v;
  memcpy(&v, &x, sizeof v);
  return v;
}

/* The checks of the options against a of order n, and the values to agree on. */
static void check_options(ndm_collective *c, const nd_eigh_options *o, int64_t n, bool generalized) {
  ndm_coll_value(c, "opt->subset", o->subset);
  ndm_coll_value(c, "opt->lo", o->lo);
  ndm_coll_value(c, "opt->hi", o->hi);
  ndm_coll_value(c, "opt->vl", bits_of(o->vl));
  ndm_coll_value(c, "opt->vu", bits_of(o->vu));
  ndm_coll_value(c, "opt->type", o->type);
  ndm_coll_value(c, "opt->upper", o->upper);
  if (o->subset != ND_EIGH_ALL && o->subset != ND_EIGH_BY_INDEX && o->subset != ND_EIGH_BY_VALUE)
    ndm_coll_fail(c, ND_ERR_VALUE, "%s: invalid subset %d (ND_EIGH_ALL, ND_EIGH_BY_INDEX or ND_EIGH_BY_VALUE)", c->op,
                  (int)o->subset);
  else if (o->subset == ND_EIGH_BY_INDEX && (o->lo < 0 || o->hi < o->lo || o->hi >= n))
    ndm_coll_fail(c, ND_ERR_VALUE, "%s: subset_by_index [%lld, %lld] is not within [0, %lld]", c->op,
                  (long long)o->lo, (long long)o->hi, (long long)n - 1);
  else if (o->subset == ND_EIGH_BY_VALUE && !(o->vl < o->vu))
    ndm_coll_fail(c, ND_ERR_VALUE, "%s: subset_by_value needs vl < vu (got %g and %g)", c->op, o->vl, o->vu);
  if (generalized && (o->type < 0 || o->type > 3))
    ndm_coll_fail(c, ND_ERR_VALUE, "%s: type must be 1, 2 or 3 (got %d)", c->op, o->type);
}

/* On a 1 x 1 grid: the serial solver on the piece (the whole matrix). */
static nd_status serial(ndm_collective *c, const nd_dmatrix *a, const nd_dmatrix *b, const nd_eigh_options *o,
                        nd_array **w, nd_dmatrix **v) {
  nd_array *vals = NULL, *vecs = NULL;
  nd_status st;
  if (v) st = b ? nd_linalg_eigh_generalized(a->local, b->local, o, &vals, &vecs) : nd_linalg_eigh_ex(a->local, o, &vals, &vecs);
  else st = (vals = b ? nd_linalg_eigvalsh_generalized(a->local, b->local, o) : nd_linalg_eigvalsh_ex(a->local, o))
                ? ND_OK
                : nd_last_status();
  nd_dmatrix *z = NULL;
  if (st) {
    ndm_coll_failed_as(c); /* nd's message names its own function */
  } else if (v) {
    int64_t nb = ndm_square_block(a);
    z = ndm_dmatrix_new(c->op, a->grid, nd_dtype_of(vecs), a->shape[0], nd_shape(vecs)[1], nb, nb);
    if (!z || nd_assign(z->local, vecs)) ndm_coll_failed(c);
  }
  nd_release(vecs);
  if (ndm_agree(c)) {
    nd_release(vals);
    nd_dmatrix_free(z);
    return c->st;
  }
  *w = vals;
  if (v) *v = ndm_dmatrix_publish(z);
  return ND_OK;
}

/* The working state of the ScaLAPACK path. */
typedef struct subset_work {
  nd_dmatrix *f;    /* a (reduced to standard form for a generalized problem) */
  nd_dmatrix *g;    /* b's Cholesky factor, or NULL */
  nd_dmatrix *z;    /* the eigenvectors, n x n, or NULL */
  nd_array *vals;   /* n eigenvalues (room for all) */
  int found;        /* how many p?syevr found */
} subset_work;

/* The generalized problem to standard form: g = chol(b), f = the reduced a. */
static void reduce(ndm_collective *c, subset_work *s, int itype, const char *uplo) {
  int n = (int)s->f->shape[0], one = 1, info = 0;
  s->g->sl->potrf(uplo, &n, ndm_base(s->g), &one, &one, s->g->desc, &info, 1);
  if (info > 0)
    ndm_coll_fail(c, ND_ERR_LINALG, "%s: b is not positive definite (the leading minor of order %d is not)", c->op,
                  info);
  ndm_coll_info(c, info, "p?potrf");
  if (ndm_agree(c)) return;
  ndm_scalar_buf scale;
  s->f->sl->sygst(&itype, uplo, &n, ndm_base(s->f), &one, &one, s->f->desc, ndm_base(s->g), &one, &one,
                  s->g->desc, &scale, &info, 1);
  ndm_coll_info(c, info, "p?sygst/p?hegst");
  ndm_agree(c);
}

/* p?syevr / p?heevr on f: the eigenvalues in vals (on every rank: rank 0's), and the
 * vectors in z if that is not NULL; the query, the workspace, the call. */
static void mrrr(ndm_collective *c, subset_work *s, const nd_eigh_options *o, const char *uplo) {
  nd_dmatrix *f = s->f, *zz = s->z ? s->z : f; /* without vectors z is not referenced */
  const ndm_sl *sl = f->sl;
  const char *jobz = s->z ? "V" : "N", *range = o->subset == ND_EIGH_BY_INDEX ? "I" : o->subset == ND_EIGH_BY_VALUE ? "V" : "A";
  int n = (int)f->shape[0], one = 1, il = (int)o->lo + 1, iu = (int)o->hi + 1, m = 0, nz = 0, info = 0;
  ndm_scalar_buf vl = ndm_scalar_of(sl->real, o->vl, 0), vu = ndm_scalar_of(sl->real, o->vu, 0), q, rq;
  int iq = 0, lwork = -1, lrwork = -1, liwork = -1;
  void *w = nd_data(s->vals);
#define NDM_SYEVR(wk, lw, rw, lrw, iw, liw)                                                                          \
  (sl->is_complex ? sl->heevr(jobz, range, uplo, &n, ndm_base(f), &one, &one, f->desc, &vl, &vu, &il, &iu, &m, &nz, \
                              w, ndm_base(zz), &one, &one, zz->desc, wk, lw, rw, lrw, iw, liw, &info, 1, 1, 1)      \
                  : sl->syevr(jobz, range, uplo, &n, ndm_base(f), &one, &one, f->desc, &vl, &vu, &il, &iu, &m, &nz, \
                              w, ndm_base(zz), &one, &one, zz->desc, wk, lw, iw, liw, &info, 1, 1, 1))
  NDM_SYEVR(&q, &lwork, &rq, &lrwork, &iq, &liwork);
  lwork = ndm_work_size(&q, f->dtype);
  lrwork = sl->is_complex ? ndm_work_size(&rq, sl->real) : 1;
  liwork = iq + 64;
  void *work = ndm_coll_alloc_elems(c, lwork, f->dtype);
  void *rwork = ndm_coll_alloc_elems(c, lrwork, sl->real);
  int *iwork = ndm_coll_malloc(c, sizeof(int) * (size_t)liwork);
  if (!ndm_agree(c)) {
    info = 0;
    NDM_SYEVR(work, &lwork, rwork, &lrwork, iwork, &liwork);
    if (info > 0)
      ndm_coll_fail(c, ND_ERR_LINALG, "%s: the eigensolver did not converge (ScaLAPACK info %d)", c->op, info);
    ndm_coll_info(c, info, sl->is_complex ? "p?heevr" : "p?syevr");
    /* as for p?syevd (eigen.c): rank 0, which holds element (0, 0), has the values and
     * the count every rank keeps */
    if (!ndm_agree(c)) {
      MPI_Bcast(w, n, sl->mpi_real, 0, f->grid->comm);
      MPI_Bcast(&m, 1, MPI_INT, 0, f->grid->comm);
      s->found = m;
    }
  }
#undef NDM_SYEVR
  free(work);
  free(rwork);
  free(iwork);
}

/* The eigenvectors of the generalized problem from those of the reduced one (columns
 * j0 + 1 .. j0 + k of z): x = L^-H y or U^-1 y for types 1 and 2, L y or U^H y for type 3
 * (LAPACK's ?sygvx). */
static void back_transform(subset_work *s, int itype, bool upper, int j0, int k) {
  int n = (int)s->z->shape[0], one = 1, jz = j0 + 1;
  ndm_scalar_buf unit = ndm_scalar_of(s->z->dtype, 1, 0);
  const char *uplo = upper ? "U" : "L";
  if (itype == 3)
    s->z->sl->trmm("L", uplo, upper ? "C" : "N", "N", &n, &k, &unit, ndm_base(s->g), &one, &one, s->g->desc,
                   ndm_base(s->z), &one, &jz, s->z->desc, 1, 1, 1, 1);
  else
    s->z->sl->trsm("L", uplo, upper ? "N" : "C", "N", &n, &k, &unit, ndm_base(s->g), &one, &one, s->g->desc,
                   ndm_base(s->z), &one, &jz, s->z->desc, 1, 1, 1, 1);
}

/* Columns j0 .. j0 + k - 1 of z as a matrix of their own (z itself when that is all of
 * it, taken out of s). */
static nd_dmatrix *columns(ndm_collective *c, subset_work *s, int64_t j0, int64_t k) {
  nd_dmatrix *z = s->z;
  if (j0 == 0 && k == z->shape[1]) {
    s->z = NULL;
    return z;
  }
  return ndm_submatrix(c, z, 0, j0, z->shape[0], k);
}

static nd_status subset(const char *op, bool generalized, const nd_dmatrix *a, const nd_dmatrix *b,
                        const nd_eigh_options *opt, nd_array **w, nd_dmatrix **v) {
  const nd_eigh_options defaults = {0};
  const nd_eigh_options *o = opt ? opt : &defaults;
  ndm_collective c;
  ndm_coll_begin(&c, op);
  ndm_coll_matrix(&c, "a", a);
  if (generalized) ndm_coll_matrix(&c, "b", b);
  ndm_coll_value(&c, "v (NULL or not)", v != NULL);
  if (w) *w = NULL;
  if (v) *v = NULL;
  if (!w) ndm_coll_fail(&c, ND_ERR_NULL, "%s: argument w is NULL", op);
  char sa[NDM_MPI_SHAPE], sb[NDM_MPI_SHAPE];
  if (!c.st && a->shape[0] != a->shape[1])
    ndm_coll_fail(&c, ND_ERR_SHAPE_MATRIX, "%s: a must be square, got %s", op, ndm_shape_str(a, sa));
  if (!c.st && b && ndm_same_grid(&c, a, b) && (b->shape[0] != a->shape[0] || b->shape[1] != a->shape[1]))
    ndm_coll_fail(&c, ND_ERR_SHAPE, "%s: a %s and b %s have different sizes", op, ndm_shape_str(a, sa),
                  ndm_shape_str(b, sb));
  ndm_part part = o->upper ? NDM_PART_UPPER : NDM_PART_LOWER;
  if (!c.st && !ndm_part_finite(a, part))
    ndm_coll_fail(&c, ND_ERR_LINALG, "%s: the matrix contains infinities or NaNs", op);
  if (!c.st && b && !ndm_part_finite(b, part)) ndm_coll_fail(&c, ND_ERR_LINALG, "%s: b contains infinities or NaNs", op);
  check_options(&c, o, c.st ? 0 : a->shape[0], b != NULL);
  if (ndm_agree(&c)) return c.st;
  if (a->grid->size == 1) return serial(&c, a, b, o, w, v);

  int64_t n = a->shape[0], nb = ndm_square_block(a);
  int itype = o->type ? o->type : 1;
  const char *uplo = o->upper ? "U" : "L";
  nd_dtype t = b ? (nd_dtype)nd_result_type(a->dtype, b->dtype) : a->dtype;
  subset_work s = {0};
  nd_array *vals = NULL;
  nd_dmatrix *vecs = NULL;
  if (!(s.f = ndm_redistributed_copy(&c, a, a->grid, nb, nb, t))) return c.st;
  if (b && !(s.g = ndm_redistributed_copy(&c, b, a->grid, nb, nb, t))) goto done;
  if (v && !(s.z = ndm_dmatrix_new(op, a->grid, t, n, n, nb, nb))) ndm_coll_failed(&c);
  if (!(s.vals = nd_empty(s.f->sl->real, ND_SHAPE(n > 0 ? n : 1), ND_C))) ndm_coll_failed(&c);
  if (ndm_agree(&c)) goto done;
  if (n > 0 && s.g) reduce(&c, &s, itype, uplo);
  if (n > 0 && !c.st) mrrr(&c, &s, o, uplo);
  if (c.st) goto done;
  /* p?syevr's value range is the closed [vl, vu]; nd's (as LAPACK's) is (vl, vu] */
  int64_t j0 = 0;
  if (o->subset == ND_EIGH_BY_VALUE)
    while (j0 < s.found) {
      double x;
      int64_t at = j0;
      nd_get_double(s.vals, &at, &x);
      if (x > o->vl) break;
      j0++;
    }
  int64_t k = (n > 0 ? s.found : 0) - j0;
  if (s.z && s.g && k > 0) back_transform(&s, itype, o->upper, (int)j0, (int)k);
  if (s.z && !(vecs = columns(&c, &s, j0, k))) goto done;
  nd_array *found = nd_indexf(s.vals, "%lld:%lld", (long long)j0, (long long)(j0 + k));
  if (!found || !(vals = nd_copy(found, ND_C))) ndm_coll_failed(&c);
  nd_release(found);
  ndm_agree(&c);
done:
  nd_dmatrix_free(s.f);
  nd_dmatrix_free(s.g);
  nd_dmatrix_free(s.z);
  nd_release(s.vals);
  if (c.st) {
    nd_release(vals);
    nd_dmatrix_free(vecs);
    return c.st;
  }
  *w = vals;
  if (v) *v = ndm_dmatrix_publish(vecs);
  return ND_OK;
}

nd_status nd_dmatrix_eigh_subset(const nd_dmatrix *a, const nd_eigh_options *opt, nd_array **w, nd_dmatrix **v) {
  return subset("dmatrix_eigh_subset", false, a, NULL, opt, w, v);
}

nd_status nd_dmatrix_eigh_generalized(const nd_dmatrix *a, const nd_dmatrix *b, const nd_eigh_options *opt,
                                      nd_array **w, nd_dmatrix **v) {
  return subset("dmatrix_eigh_generalized", true, a, b, opt, w, v);
}
