/* Eigen-decompositions.
 *   eigh / eigvalsh: Hermitian matrices (LAPACK syevd / heevd, as NumPy; the lower
 *   triangle is read, NumPy's default), eigenvalues ascending and real; a lower triangle
 *   with infinities or NaNs is refused.
 *   eig / eigvals: general matrices (geev, right eigenvectors normalised to unit length).
 *   As in NumPy, a real input whose eigenvalues are all real gives real results, else
 *   complex ones; inputs with infinities or NaNs are refused. */
#include <math.h>
#include <string.h>

#include "core/dtype.h"
#include "lapack_batch.h"
#include "nd/linalg.h"
#include "nd/views.h"

static int64_t max1(int64_t v) { return v > 1 ? v : 1; }

/* ---- eigh -------------------------------------------------------------------------- */

typedef struct {
  nd_dtype ct, at, rt, wt;
  int64_t n, ars, acs;
  bool vectors;
  lapack_int lwork, lrwork, liwork;
} eigh_ctx;

static void eigh_query(eigh_ctx *c) {
  char jobz = c->vectors ? 'V' : 'N';
  lapack_int n = (lapack_int)c->n, ld = (lapack_int)max1(c->n), iw = 0;
  double dd[2] = {0, 0}, q = 0, rq = 0;
  if (c->ct == ND_FLOAT64) {
    LAPACKE_dsyevd_work(LAPACK_COL_MAJOR, jobz, 'L', n, dd, ld, dd, &q, -1, &iw, -1);
  } else {
    lapack_complex_double zq = 0, zd[2] = {0, 0};
    LAPACKE_zheevd_work(LAPACK_COL_MAJOR, jobz, 'L', n, zd, ld, dd, &zq, -1, &rq, -1, &iw, -1);
    q = __real__ zq;
  }
  c->lwork = (lapack_int)(q > 1 ? q : 1);
  c->lrwork = (lapack_int)(rq > 1 ? rq : 1);
  c->liwork = iw > 1 ? iw : 1;
}

static size_t eigh_work(const eigh_ctx *c) {
  size_t es = ndi_dtype_size(c->ct);
  return ndi_la_round((size_t)(max1(c->n) * c->n) * es) + ndi_la_round(sizeof(double) * (size_t)max1(c->n)) +
         ndi_la_round((size_t)c->lwork * es) + ndi_la_round(sizeof(double) * (size_t)c->lrwork) +
         ndi_la_round(sizeof(lapack_int) * (size_t)c->liwork);
}

static int eigh_elem(void *vctx, char *const *p, void *work) {
  const eigh_ctx *c = vctx;
  int64_t n = c->n, ld = max1(n);
  size_t es = ndi_dtype_size(c->ct);
  char *wa = work, *w = wa + ndi_la_round((size_t)(ld * n) * es);
  char *wk = w + ndi_la_round(sizeof(double) * (size_t)ld);
  char *rw = wk + ndi_la_round((size_t)c->lwork * es);
  lapack_int *iw = (lapack_int *)(rw + ndi_la_round(sizeof(double) * (size_t)c->lrwork));
  ndi_la_load(c->ct, wa, ld, n, n, p[0], c->at, c->ars, c->acs);
  /* syevd on a NaN can return finite eigenvalues (NumPy's eigvalsh does) */
  if (!ndi_la_triangle_finite(c->ct, wa, ld, n, false)) return 2;
  char jobz = c->vectors ? 'V' : 'N';
  lapack_int info;
  if (c->ct == ND_FLOAT64)
    info = LAPACKE_dsyevd_work(LAPACK_COL_MAJOR, jobz, 'L', (lapack_int)n, (double *)wa, (lapack_int)ld,
                               (double *)w, (double *)wk, c->lwork, iw, c->liwork);
  else
    info = LAPACKE_zheevd_work(LAPACK_COL_MAJOR, jobz, 'L', (lapack_int)n, (lapack_complex_double *)wa,
                               (lapack_int)ld, (double *)w, (lapack_complex_double *)wk, c->lwork,
                               (double *)rw, c->lrwork, iw, c->liwork);
  if (info > 0) return 1;
  ndi_la_store(c->wt, p[1], 1, 0, n, 1, w, ND_FLOAT64, ld);
  if (c->vectors) ndi_la_store(c->rt, p[2], n, 1, n, n, wa, c->ct, ld);
  return 0;
}

nd_status ndi_la_eigh(const char *op, const nd_array *a, nd_array **w, nd_array **v) {
  if (ndi_la_check_matrix(op, a, true)) return nd_last_status();
  eigh_ctx c = {0};
  ndi_la_dtypes(1, &a->dtype, &c.ct, &c.rt);
  c.wt = ndi_real_dtype(c.rt);
  c.at = a->dtype;
  c.n = a->shape[a->ndim - 1];
  if (ndi_la_check_lapack_size(op, c.n)) return nd_last_status();
  c.ars = a->strides[a->ndim - 2];
  c.acs = a->strides[a->ndim - 1];
  c.vectors = v != NULL;
  eigh_query(&c);
  ndi_la_batch B;
  const int core = 2;
  if (ndi_la_batch_init(op, &B, 1, &a, &core)) return nd_last_status();
  const int64_t vc[2] = {c.n, c.n};
  nd_array *W = ndi_la_alloc(op, c.wt, &B, 1, vc);
  nd_array *V = W && v ? ndi_la_alloc(op, c.rt, &B, 2, vc) : NULL;
  if (!W || (v && !V)) {
    nd_release(W);
    return nd_last_status();
  }
  ndi_la_batch_add(&B, W, 1);
  if (V) ndi_la_batch_add(&B, V, 2);
  B.fn = eigh_elem;
  B.ctx = &c;
  B.work = eigh_work(&c);
  B.cost = 4.0 * c.n * c.n * c.n;
  int64_t failed;
  int code;
  nd_status st = ndi_la_batch_run(op, &B, &failed, &code);
  if (!st && failed >= 0)
    st = ndi_la_batch_error(op, &B, failed, code == 2 ? "contains infinities or NaNs" : "did not converge");
  if (st) {
    nd_release(W);
    nd_release(V);
    return st;
  }
  *w = W;
  if (v) *v = V;
  return ND_OK;
}

nd_status nd_linalg_eigh(const nd_array *a, nd_array **eigenvalues, nd_array **eigenvectors) {
  NDI_REQUIRE_ST("eigh", a);
  NDI_REQUIRE_ST("eigh", eigenvalues);
  NDI_REQUIRE_ST("eigh", eigenvectors);
  *eigenvalues = *eigenvectors = NULL;
  return ndi_la_eigh("eigh", a, eigenvalues, eigenvectors);
}

nd_array *nd_linalg_eigvalsh(const nd_array *a) {
  NDI_REQUIRE("eigvalsh", a);
  nd_array *w = NULL;
  return ndi_la_eigh("eigvalsh", a, &w, NULL) ? NULL : w;
}

/* ---- eig --------------------------------------------------------------------------- */

typedef struct {
  nd_dtype at;
  bool cplx; /* complex input: zgeev */
  int64_t n, ars, acs;
  bool vectors;
  lapack_int lwork;
} eig_ctx;

static void eig_query(eig_ctx *c) {
  char jobvr = c->vectors ? 'V' : 'N';
  lapack_int n = (lapack_int)c->n, ld = (lapack_int)max1(c->n);
  double q = 0;
  if (!c->cplx) {
    double dd[2] = {0, 0};
    LAPACKE_dgeev_work(LAPACK_COL_MAJOR, 'N', jobvr, n, dd, ld, dd, dd, dd, 1, dd, ld, &q, -1);
  } else {
    lapack_complex_double zq = 0, zd[2] = {0, 0};
    double rd[2] = {0, 0};
    LAPACKE_zgeev_work(LAPACK_COL_MAJOR, 'N', jobvr, n, zd, ld, zd, zd, 1, zd, ld, &zq, -1, rd);
    q = __real__ zq;
  }
  c->lwork = (lapack_int)(q > 1 ? q : 1);
}

/* Work: A, w (complex n), wr/wi or rwork (2n reals), VR (n x n, compute dtype), work. */
static size_t eig_work(const eig_ctx *c) {
  size_t es = c->cplx ? 16 : 8;
  int64_t n = max1(c->n);
  return ndi_la_round((size_t)(n * n) * es) + ndi_la_round(16 * (size_t)n) + ndi_la_round(16 * (size_t)n) +
         ndi_la_round((size_t)(n * n) * es) + ndi_la_round((size_t)c->lwork * es);
}

static int eig_elem(void *vctx, char *const *p, void *work) {
  const eig_ctx *c = vctx;
  int64_t n = c->n, ld = max1(n);
  nd_dtype ct = c->cplx ? ND_COMPLEX128 : ND_FLOAT64;
  size_t es = ndi_dtype_size(ct);
  char *wa = work, *w = wa + ndi_la_round((size_t)(ld * ld) * es);
  double *ri = (double *)(w + ndi_la_round(16 * (size_t)ld));
  char *vr = (char *)ri + ndi_la_round(16 * (size_t)ld);
  char *wk = vr + ndi_la_round((size_t)(ld * ld) * es);
  ndi_la_load(ct, wa, ld, n, n, p[0], c->at, c->ars, c->acs);
  if (!ndi_la_finite(ct, wa, ld, n, n)) return 2;
  char jobvr = c->vectors ? 'V' : 'N';
  lapack_int info;
  double _Complex *wz = (double _Complex *)w;
  if (!c->cplx) {
    double *wr = ri, *wi = ri + ld;
    info = LAPACKE_dgeev_work(LAPACK_COL_MAJOR, 'N', jobvr, (lapack_int)n, (double *)wa, (lapack_int)ld, wr, wi,
                              NULL, 1, (double *)vr, (lapack_int)ld, (double *)wk, c->lwork);
    if (info > 0) return 1;
    for (int64_t j = 0; j < n; j++) {
      __real__ wz[j] = wr[j];
      __imag__ wz[j] = wi[j];
    }
  } else {
    info = LAPACKE_zgeev_work(LAPACK_COL_MAJOR, 'N', jobvr, (lapack_int)n, (lapack_complex_double *)wa,
                              (lapack_int)ld, (lapack_complex_double *)w, NULL, 1,
                              (lapack_complex_double *)vr, (lapack_int)ld, (lapack_complex_double *)wk,
                              c->lwork, ri);
    if (info > 0) return 1;
  }
  ndi_la_store(ND_COMPLEX128, p[1], 1, 0, n, 1, w, ND_COMPLEX128, ld);
  if (!c->vectors) return 0;
  if (c->cplx) {
    ndi_la_store(ND_COMPLEX128, p[2], n, 1, n, n, vr, ND_COMPLEX128, ld);
    return 0;
  }
  /* Real geev packs a conjugate pair (w_j, w_j+1 = conj w_j) as the columns
   * re = VR[:, j], im = VR[:, j+1]: v_j = re + i im, v_j+1 = re - i im. */
  double _Complex *V = (double _Complex *)p[2];
  const double *R = (const double *)vr;
  for (int64_t j = 0; j < n; j++) {
    const double *re = R + j * ld;
    if (ri[ld + j] != 0 && j + 1 < n) {
      const double *im = R + (j + 1) * ld;
      for (int64_t i = 0; i < n; i++) {
        __real__ V[i * n + j] = re[i];
        __imag__ V[i * n + j] = im[i];
        __real__ V[i * n + j + 1] = re[i];
        __imag__ V[i * n + j + 1] = -im[i];
      }
      j++;
      continue;
    }
    for (int64_t i = 0; i < n; i++) {
      __real__ V[i * n + j] = re[i];
      __imag__ V[i * n + j] = 0;
    }
  }
  return 0;
}

/* Real parts of a complex array, as a new array of dtype t. */
static nd_array *real_part(const char *op, nd_array *z, nd_dtype t) {
  nd_array *re = nd_real(z);
  nd_array *r = re ? ndi_array_alloc(op, t, re->ndim, re->shape, ND_C) : NULL;
  if (r) ndi_copy_array(r, re);
  nd_release(re);
  return r;
}

static bool imag_all_zero(const nd_array *z) {
  const double *d = (const double *)z->data;
  for (int64_t i = 0; i < z->size; i++)
    if (d[2 * i + 1] != 0) return false;
  return true;
}

static nd_status eig_impl(const char *op, const nd_array *a, nd_array **w, nd_array **v) {
  if (ndi_la_check_matrix(op, a, true)) return nd_last_status();
  eig_ctx c = {0};
  nd_dtype ct, rt;
  ndi_la_dtypes(1, &a->dtype, &ct, &rt);
  c.cplx = ct == ND_COMPLEX128;
  c.at = a->dtype;
  c.n = a->shape[a->ndim - 1];
  if (ndi_la_check_lapack_size(op, c.n)) return nd_last_status();
  c.ars = a->strides[a->ndim - 2];
  c.acs = a->strides[a->ndim - 1];
  c.vectors = v != NULL;
  eig_query(&c);
  ndi_la_batch B;
  const int core = 2;
  if (ndi_la_batch_init(op, &B, 1, &a, &core)) return nd_last_status();
  /* computed into complex128 arrays, converted afterwards */
  const int64_t vc[2] = {c.n, c.n};
  nd_array *W = ndi_la_alloc(op, ND_COMPLEX128, &B, 1, vc);
  nd_array *V = W && v ? ndi_la_alloc(op, ND_COMPLEX128, &B, 2, vc) : NULL;
  if (!W || (v && !V)) {
    nd_release(W);
    return nd_last_status();
  }
  ndi_la_batch_add(&B, W, 1);
  if (V) ndi_la_batch_add(&B, V, 2);
  B.fn = eig_elem;
  B.ctx = &c;
  B.work = eig_work(&c);
  B.cost = 10.0 * c.n * c.n * c.n;
  int64_t failed;
  int code;
  nd_status st = ndi_la_batch_run(op, &B, &failed, &code);
  if (!st && failed >= 0)
    st = ndi_la_batch_error(op, &B, failed,
                            code == 2 ? "contains infinities or NaNs" : "did not converge");
  nd_array *W2 = NULL, *V2 = NULL;
  if (!st) {
    bool real = !c.cplx && imag_all_zero(W);
    nd_dtype out = real ? ndi_real_dtype(rt) : (rt == ND_FLOAT32 || rt == ND_COMPLEX64 ? ND_COMPLEX64 : ND_COMPLEX128);
    if (real) {
      W2 = real_part(op, W, out);
      V2 = V && W2 ? real_part(op, V, out) : NULL;
    } else {
      W2 = ndi_la_as_dtype(op, W, out);
      V2 = V && W2 ? ndi_la_as_dtype(op, V, out) : NULL;
    }
    if (!W2 || (V && !V2)) st = nd_last_status();
  }
  nd_release(W);
  nd_release(V);
  if (st) {
    nd_release(W2);
    nd_release(V2);
    return st;
  }
  *w = W2;
  if (v) *v = V2;
  return ND_OK;
}

nd_status nd_linalg_eig(const nd_array *a, nd_array **eigenvalues, nd_array **eigenvectors) {
  NDI_REQUIRE_ST("eig", a);
  NDI_REQUIRE_ST("eig", eigenvalues);
  NDI_REQUIRE_ST("eig", eigenvectors);
  *eigenvalues = *eigenvectors = NULL;
  return eig_impl("eig", a, eigenvalues, eigenvectors);
}

nd_array *nd_linalg_eigvals(const nd_array *a) {
  NDI_REQUIRE("eigvals", a);
  nd_array *w = NULL;
  return eig_impl("eigvals", a, &w, NULL) ? NULL : w;
}
