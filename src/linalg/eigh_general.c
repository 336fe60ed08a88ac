/* Generalized and partial Hermitian eigenproblems (nd_linalg_eigh_ex, nd/decomp.h).
 *   All eigenvalues: ?syevd / ?heevd, or ?sygvd / ?hegvd with b (SciPy's drivers).
 *   A subset: with b, Cholesky (?potrf) and the reduction to a standard problem (?sygst),
 *   then MRRR (?syevr / ?heevr) for the subset, and the eigenvectors transformed back with
 *   the factor (trsm for types 1 and 2, trmm for type 3), as ?sygvx does it.
 * A subset by value has a count known only after the solve: every matrix writes up to N
 * values and vectors into full-size scratch results and its count, and the results are
 * cut to the count afterwards (which must be the same over a batch). */
#include <math.h>
#include <string.h>

#include "core/dtype.h"
#include "la_typed.h"
#include "lapack_batch.h"
#include "nd/decomp.h"
#include "nd/indexing.h"

static int64_t max1(int64_t v) { return v > 1 ? v : 1; }

/* Codes of a failed matrix */
enum { FAIL_CONVERGE = 1, FAIL_A_NONFINITE, FAIL_B_NOT_PD, FAIL_B_NONFINITE, FAIL_NOMEM };

typedef struct {
  nd_dtype ct, at, bt;       /* compute dtype, dtypes of a and b */
  nd_dtype rt, wt;           /* result dtypes (vectors, values) */
  int64_t n, ars, acs, brs, bcs;
  bool has_b, vectors, upper;
  int type;
  char range;                /* 'A', 'I' or 'V' (LAPACK's) */
  int64_t il, iu;            /* 1-based for 'I' */
  double vl, vu;
  int64_t cols;              /* columns of the stored eigenvector block (and values) */
  int iw, iv, icount;        /* operand positions of the outputs (-1: none) */
} geigh_ctx;

typedef struct {
  size_t a, b, w, z, isuppz, total;
} geigh_layout;

static geigh_layout geigh_work(const geigh_ctx *c) {
  geigh_layout L;
  size_t es = ndi_dtype_size(c->ct), nn = (size_t)(max1(c->n) * max1(c->n));
  bool subset = c->range != 'A';
  L.a = 0;
  L.b = L.a + ndi_la_round(nn * es);
  L.w = L.b + (c->has_b ? ndi_la_round(nn * es) : 0);
  L.z = L.w + ndi_la_round(sizeof(double) * (size_t)max1(c->n));
  L.isuppz = L.z + (subset && c->vectors ? ndi_la_round(nn * es) : 0);
  L.total = L.isuppz + ndi_la_round(sizeof(lapack_int) * 2 * (size_t)max1(c->n));
  return L;
}

/* The eigenvectors y of the reduced standard problem back to those of (a, b): b = L L^H
 * (or U^H U): types 1 and 2 x = L^-H y (U^-1 y), type 3 x = L y (U^H y). */
static void back_transform(const geigh_ctx *c, const void *fac, int64_t ld, void *z, int64_t m) {
  char uplo = c->upper ? 'U' : 'L';
  if (c->type == 3)
    ndi_la_trmm(c->ct, 'L', uplo, c->upper ? 'C' : 'N', 'N', c->n, m, fac, ld, z, ld);
  else
    ndi_la_trsm(c->ct, 'L', uplo, c->upper ? 'N' : 'C', 'N', c->n, m, fac, ld, z, ld);
}

static int geigh_solve(const geigh_ctx *c, char *w, const geigh_layout *L, int64_t *found) {
  int64_t n = c->n, ld = max1(n);
  char uplo = c->upper ? 'U' : 'L', jobz = c->vectors ? 'V' : 'N';
  double *ev = (double *)(w + L->w);
  int info;
  *found = n;
  if (c->range == 'A') {
    info = c->has_b ? ndi_la_sygvd(c->ct, c->type, jobz, uplo, n, w + L->a, ld, w + L->b, ld, ev)
                    : ndi_la_syevd(c->ct, jobz, uplo, n, w + L->a, ld, ev);
    if (NDI_LA_NOMEM(info)) return FAIL_NOMEM;
    return info > n ? FAIL_B_NOT_PD : info > 0 ? FAIL_CONVERGE : 0;
  }
  if (c->has_b) {
    info = ndi_la_potrf(c->ct, uplo, n, w + L->b, ld);
    if (info > 0) return FAIL_B_NOT_PD;
    ndi_la_sygst(c->ct, c->type, uplo, n, w + L->a, ld, w + L->b, ld);
  }
  info = ndi_la_syevr(c->ct, jobz, c->range, uplo, n, w + L->a, ld, c->vl, c->vu, c->il, c->iu, found, ev,
                      c->vectors ? w + L->z : w + L->a, ld, (lapack_int *)(w + L->isuppz));
  if (NDI_LA_NOMEM(info)) return FAIL_NOMEM;
  if (info > 0) return FAIL_CONVERGE;
  if (c->vectors && c->has_b) back_transform(c, w + L->b, ld, w + L->z, *found);
  return 0;
}

static int geigh_elem(void *vctx, char *const *p, void *work) {
  const geigh_ctx *c = vctx;
  geigh_layout L = geigh_work(c);
  int64_t n = c->n, ld = max1(n);
  char *w = work;
  ndi_la_load(c->ct, w + L.a, ld, n, n, p[0], c->at, c->ars, c->acs);
  if (!ndi_la_triangle_finite(c->ct, w + L.a, ld, n, c->upper)) return FAIL_A_NONFINITE;
  if (c->has_b) {
    ndi_la_load(c->ct, w + L.b, ld, n, n, p[1], c->bt, c->brs, c->bcs);
    if (!ndi_la_triangle_finite(c->ct, w + L.b, ld, n, c->upper)) return FAIL_B_NONFINITE;
  }
  int64_t found;
  int code = geigh_solve(c, w, &L, &found);
  if (code) return code;
  ndi_la_store(c->wt, p[c->iw], 1, 0, found, 1, w + L.w, ND_FLOAT64, ld);
  if (c->vectors) /* the subset's vectors are in z, all of them in a */
    ndi_la_store(c->rt, p[c->iv], c->cols, 1, n, found, w + (c->range == 'A' ? L.a : L.z), c->ct, ld);
  if (c->icount >= 0) *(int64_t *)p[c->icount] = found;
  return 0;
}

static nd_status check_options(const char *op, const nd_eigh_options *o, int64_t n) {
  if (o->type < 0 || o->type > 3)
    return ndi_error(ND_ERR_VALUE, "%s: type must be 1, 2 or 3 (got %d)", op, o->type);
  switch (o->subset) {
    case ND_EIGH_ALL: return ND_OK;
    case ND_EIGH_BY_INDEX:
      if (o->lo < 0 || o->hi < o->lo || o->hi >= n)
        return ndi_error(ND_ERR_VALUE, "%s: subset_by_index [%lld, %lld] is not within [0, %lld]", op,
                         (long long)o->lo, (long long)o->hi, (long long)n - 1);
      return ND_OK;
    case ND_EIGH_BY_VALUE:
      if (!(o->vl < o->vu))
        return ndi_error(ND_ERR_VALUE, "%s: subset_by_value needs vl < vu (got %g and %g)", op, o->vl, o->vu);
      return ND_OK;
    default: return ndi_error(ND_ERR_VALUE, "%s: invalid subset kind %d", op, (int)o->subset);
  }
}

static nd_status geigh_error(const char *op, const ndi_la_batch *B, int64_t failed, int code) {
  char which[NDI_SHAPE_BUF + 32];
  switch (code) {
    case FAIL_A_NONFINITE: return ndi_la_batch_error(op, B, failed, "contains infinities or NaNs");
    case FAIL_NOMEM: return ndi_error(ND_ERR_NOMEM, "%s: out of memory (LAPACK workspace)", op);
    case FAIL_CONVERGE: return ndi_la_batch_error(op, B, failed, "did not converge");
    default: break;
  }
  const char *what = code == FAIL_B_NOT_PD ? "is not positive definite" : "contains infinities or NaNs";
  if (B->nbd == 0) return ndi_error(ND_ERR_LINALG, "%s: b %s", op, what);
  return ndi_error(ND_ERR_LINALG, "%s: b of %s %s", op, ndi_la_fmt_batch(which, sizeof which, B->nbd, B->bshape, failed),
                   what);
}

/* The count every matrix of the batch found in (vl, vu], or -1 (error set) when they
 * differ. */
static int64_t common_count(const char *op, const ndi_la_batch *B, const nd_array *counts) {
  const int64_t *k = (const int64_t *)counts->data;
  for (int64_t i = 1; i < counts->size; i++)
    if (k[i] != k[0]) {
      char w0[NDI_SHAPE_BUF + 32], wi[NDI_SHAPE_BUF + 32];
      ndi_error(ND_ERR_SHAPE, "%s: subset_by_value finds %lld eigenvalues in %s but %lld in %s (a batch needs the same number)",
                op, (long long)k[0], ndi_la_fmt_batch(w0, sizeof w0, B->nbd, B->bshape, 0), (long long)k[i],
                ndi_la_fmt_batch(wi, sizeof wi, B->nbd, B->bshape, i));
      return -1;
    }
  return counts->size ? k[0] : 0;
}

/* r[..., :m] (the first m values, or eigenvector columns) as a new C-contiguous array */
static nd_array *cut(const char *op, nd_array *r, int64_t m) {
  nd_array *v = nd_index_items(r, ND_ITEMS(ND_ELLIPSIS, ND_UPTO(m)));
  nd_array *c = v ? ndi_array_alloc(op, r->dtype, v->ndim, v->shape, ND_C) : NULL;
  if (c) ndi_copy_array(c, v);
  nd_release(v);
  return c;
}

static nd_status geigh_prepare(const char *op, const nd_array *a, const nd_array *b,
                               const nd_eigh_options *o, geigh_ctx *c) {
  if (ndi_la_check_matrix(op, a, true)) return nd_last_status();
  if (b && ndi_la_check_matrix(op, b, true)) return nd_last_status();
  memset(c, 0, sizeof *c);
  c->n = a->shape[a->ndim - 1];
  if (b && b->shape[b->ndim - 1] != c->n) {
    char sa[NDI_SHAPE_BUF], sb[NDI_SHAPE_BUF];
    return ndi_error(ND_ERR_SHAPE, "%s: a %s and b %s have different sizes", op,
                     ndi_fmt_shape(sa, sizeof sa, a->ndim, a->shape), ndi_fmt_shape(sb, sizeof sb, b->ndim, b->shape));
  }
  if (ndi_la_check_lapack_size(op, c->n) || check_options(op, o, c->n)) return nd_last_status();
  nd_dtype ts[2] = {a->dtype, b ? b->dtype : a->dtype};
  ndi_la_dtypes(b ? 2 : 1, ts, &c->ct, &c->rt);
  c->wt = ndi_real_dtype(c->rt);
  c->at = a->dtype;
  c->ars = a->strides[a->ndim - 2];
  c->acs = a->strides[a->ndim - 1];
  if (b) {
    c->bt = b->dtype;
    c->brs = b->strides[b->ndim - 2];
    c->bcs = b->strides[b->ndim - 1];
  }
  c->has_b = b != NULL;
  c->upper = o->upper;
  c->type = o->type ? o->type : 1;
  c->range = o->subset == ND_EIGH_BY_INDEX ? 'I' : o->subset == ND_EIGH_BY_VALUE ? 'V' : 'A';
  c->il = o->lo + 1;
  c->iu = o->hi + 1;
  c->vl = o->vl;
  c->vu = o->vu;
  c->cols = c->range == 'I' ? o->hi - o->lo + 1 : c->n;
  c->icount = -1;
  return ND_OK;
}

static nd_status geigh_impl(const char *op, const nd_array *a, const nd_array *b,
                            const nd_eigh_options *opt, nd_array **w, nd_array **v) {
  const nd_eigh_options defaults = {0};
  geigh_ctx c;
  if (geigh_prepare(op, a, b, opt ? opt : &defaults, &c)) return nd_last_status();
  c.vectors = v != NULL;
  ndi_la_batch B;
  const nd_array *in[2] = {a, b};
  const int core[2] = {2, 2};
  if (ndi_la_batch_init(op, &B, b ? 2 : 1, in, core)) return nd_last_status();
  const int64_t vc[2] = {c.n, c.cols};
  nd_array *W = ndi_la_alloc(op, c.wt, &B, 1, vc + 1);
  nd_array *V = W && v ? ndi_la_alloc(op, c.rt, &B, 2, vc) : NULL;
  nd_array *K = W && c.range == 'V' ? ndi_la_alloc(op, ND_INT64, &B, 0, NULL) : NULL;
  nd_status st = (!W || (v && !V) || (c.range == 'V' && !K)) ? nd_last_status() : ND_OK;
  if (!st) {
    c.iw = ndi_la_batch_add(&B, W, 1);
    c.iv = V ? ndi_la_batch_add(&B, V, 2) : -1;
    c.icount = K ? ndi_la_batch_add(&B, K, 0) : -1;
    B.fn = geigh_elem;
    B.ctx = &c;
    B.work = geigh_work(&c).total;
    B.cost = (b ? 6.0 : 4.0) * c.n * c.n * c.n;
    int64_t failed;
    int code;
    st = ndi_la_batch_run(op, &B, &failed, &code);
    if (!st && failed >= 0) st = geigh_error(op, &B, failed, code);
  }
  if (!st && K) { /* cut the scratch results to the common count */
    int64_t m = common_count(op, &B, K);
    nd_array *W2 = m >= 0 ? cut(op, W, m) : NULL;
    nd_array *V2 = W2 && V ? cut(op, V, m) : NULL;
    st = (!W2 || (V && !V2)) ? nd_last_status() : ND_OK;
    nd_release(W);
    nd_release(V);
    W = W2;
    V = V2;
  }
  nd_release(K);
  if (st) {
    nd_release(W);
    nd_release(V);
    return st;
  }
  *w = W;
  if (v) *v = V;
  return ND_OK;
}

nd_status nd_linalg_eigh_ex(const nd_array *a, const nd_eigh_options *opt, nd_array **eigenvalues,
                            nd_array **eigenvectors) {
  NDI_REQUIRE_ST("eigh", a);
  NDI_REQUIRE_ST("eigh", eigenvalues);
  NDI_REQUIRE_ST("eigh", eigenvectors);
  *eigenvalues = *eigenvectors = NULL;
  return geigh_impl("eigh", a, NULL, opt, eigenvalues, eigenvectors);
}

nd_status nd_linalg_eigh_generalized(const nd_array *a, const nd_array *b, const nd_eigh_options *opt,
                                     nd_array **eigenvalues, nd_array **eigenvectors) {
  NDI_REQUIRE_ST("eigh", a);
  NDI_REQUIRE_ST("eigh", b);
  NDI_REQUIRE_ST("eigh", eigenvalues);
  NDI_REQUIRE_ST("eigh", eigenvectors);
  *eigenvalues = *eigenvectors = NULL;
  return geigh_impl("eigh", a, b, opt, eigenvalues, eigenvectors);
}

nd_array *nd_linalg_eigvalsh_ex(const nd_array *a, const nd_eigh_options *opt) {
  NDI_REQUIRE("eigvalsh", a);
  nd_array *w = NULL;
  return geigh_impl("eigvalsh", a, NULL, opt, &w, NULL) ? NULL : w;
}

nd_array *nd_linalg_eigvalsh_generalized(const nd_array *a, const nd_array *b, const nd_eigh_options *opt) {
  NDI_REQUIRE("eigvalsh", a);
  NDI_REQUIRE("eigvalsh", b);
  nd_array *w = NULL;
  return geigh_impl("eigvalsh", a, b, opt, &w, NULL) ? NULL : w;
}
