/* The truncated SVD (nd_linalg_svd_truncated): the k largest singular triplets of each
 * matrix of a batch, by LAPACK's ?gesvdx or the randomised subspace iteration of
 * svd_randomized.c, as nd_svd_method chooses. The randomised method's Gaussian starting
 * blocks are drawn for the whole batch before it runs, from one generator seeded with the
 * options' seed, so that the result does not depend on the threads. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/dtype.h"
#include "la_typed.h"
#include "lapack_batch.h"
#include "nd/decomp.h"
#include "nd/random.h"
#include "svd_truncated.h"

enum { FAIL_NONFINITE = 1, FAIL_NOCONV, FAIL_NOMEM, FAIL_GESVDX };

typedef struct {
  nd_dtype ct, at, rt, st;
  int64_t m, n, k, ars, acs, ors, ocs;
  bool randomized, fallback; /* fallback: gesvdx when the randomised method gives up */
  ndi_rsvd r;
} tsvd_ctx;

typedef struct {
  size_t a, u, s, v, omega, more, total;
} tsvd_layout;

static int64_t max1(int64_t v) { return v > 1 ? v : 1; }

static tsvd_layout tsvd_work(const tsvd_ctx *c) {
  tsvd_layout L;
  size_t es = ndi_dtype_size(c->ct), m = (size_t)max1(c->m), n = (size_t)max1(c->n), k = (size_t)max1(c->k);
  L.a = 0;
  L.u = L.a + ndi_la_round(m * n * es);
  L.s = L.u + ndi_la_round(m * k * es);
  L.v = L.s + ndi_la_round((m < n ? m : n) * sizeof(double));
  L.omega = L.v + ndi_la_round(n * k * es);
  L.more = L.omega + (c->randomized ? ndi_la_round(n * (size_t)c->r.l * es) : 0);
  /* gesvdx's integer output; the randomised method's buffers */
  size_t gx = ndi_la_round(12 * (m < n ? m : n) * sizeof(lapack_int)), rs = c->randomized ? ndi_rsvd_work(&c->r) : 0;
  L.total = L.more + (gx > rs ? gx : rs);
  return L;
}

/* gesvdx for the k largest: u (m x k, ld m), s, v as vh (k x n, ld k) */
static int gesvdx(const tsvd_ctx *c, char *w, const tsvd_layout *L) {
  lapack_int ns = 0, m = (lapack_int)c->m, n = (lapack_int)c->n, k = (lapack_int)c->k;
  lapack_int info = c->ct == ND_COMPLEX128
                        ? LAPACKE_zgesvdx(LAPACK_COL_MAJOR, 'V', 'V', 'I', m, n, (lapack_complex_double *)(w + L->a), m,
                                          0, 0, 1, k, &ns, (double *)(w + L->s), (lapack_complex_double *)(w + L->u),
                                          m, (lapack_complex_double *)(w + L->v), k, (lapack_int *)(w + L->more))
                        : LAPACKE_dgesvdx(LAPACK_COL_MAJOR, 'V', 'V', 'I', m, n, (double *)(w + L->a), m, 0, 0, 1, k,
                                          &ns, (double *)(w + L->s), (double *)(w + L->u), m, (double *)(w + L->v), k,
                                          (lapack_int *)(w + L->more));
  if (NDI_LA_NOMEM(info)) return FAIL_NOMEM;
  return info != 0 || ns != k ? FAIL_GESVDX : 0;
}

static int tsvd_elem(void *vctx, char *const *p, void *work) {
  const tsvd_ctx *c = vctx;
  tsvd_layout L = tsvd_work(c);
  char *w = work;
  int64_t m = c->m, n = c->n, k = c->k;
  if (k == 0) return 0;
  ndi_la_load(c->ct, w + L.a, m, m, n, p[0], c->at, c->ars, c->acs);
  if (!ndi_la_finite(c->ct, w + L.a, m, m, n)) return FAIL_NONFINITE;
  int code = 0;
  bool vh_form = true; /* gesvdx leaves vh (k x n); the randomised method v (n x k) */
  if (c->randomized) {
    ndi_la_load(c->ct, w + L.omega, n, n, c->r.l, p[1], c->ct, c->ors, c->ocs);
    code = ndi_rsvd_run(&c->r, w + L.a, w + L.omega, w + L.u, (double *)(w + L.s), w + L.v, w + L.more);
    code = code == NDI_RSVD_NOMEM ? FAIL_NOMEM : code ? FAIL_NOCONV : 0;
    vh_form = false;
    if (code == FAIL_NOCONV && c->fallback) { /* the randomised method left a as it was */
      code = gesvdx(c, w, &L);
      vh_form = true;
    }
  } else {
    code = gesvdx(c, w, &L);
  }
  if (code) return code;
  int first = c->randomized ? 2 : 1; /* the outputs follow a and the Gaussian block */
  char *pu = p[first], *ps = p[first + 1], *pv = p[first + 2];
  ndi_la_store(c->rt, pu, k, 1, m, k, w + L.u, c->ct, m);
  ndi_la_store(c->st, ps, 1, 0, k, 1, w + L.s, ND_FLOAT64, k);
  if (vh_form) {
    ndi_la_store(c->rt, pv, n, 1, k, n, w + L.v, c->ct, k);
  } else { /* vh = v^H: the conjugate, stored transposed */
    if (c->ct == ND_COMPLEX128)
      for (int64_t i = 0; i < n * k; i++) ((double *)(w + L.v))[2 * i + 1] *= -1;
    ndi_la_store(c->rt, pv, 1, n, n, k, w + L.v, c->ct, n);
  }
  return 0;
}

static nd_status check_options(const char *op, const nd_svd_truncated_options *o) {
  if (o->method != ND_SVD_AUTO && o->method != ND_SVD_GESVDX && o->method != ND_SVD_RANDOMIZED)
    return ndi_error(ND_ERR_VALUE, "%s: invalid method %d", op, (int)o->method);
  if (o->oversamples < 0) return ndi_error(ND_ERR_VALUE, "%s: oversamples must be >= 0 (got %lld)", op, (long long)o->oversamples);
  if (o->n_iter < 0) return ndi_error(ND_ERR_VALUE, "%s: n_iter must be >= 0 (got %lld)", op, (long long)o->n_iter);
  if (!(o->tol >= 0)) return ndi_error(ND_ERR_VALUE, "%s: tol must be >= 0 (got %g)", op, o->tol);
  return ND_OK;
}

/* Method, block size and iteration limits for m x n matrices and k triplets. */
static void plan(tsvd_ctx *c, const nd_svd_truncated_options *o) {
  int64_t mn = c->m < c->n ? c->m : c->n, p = o->oversamples ? o->oversamples : (c->k > 10 ? c->k : 10);
  c->r.t = c->ct;
  c->r.m = c->m;
  c->r.n = c->n;
  c->r.k = c->k;
  c->r.l = c->k + p < mn ? c->k + p : mn;
  c->r.fixed = o->fixed_iterations;
  c->r.iters = o->n_iter ? o->n_iter : 100;
  bool single = c->rt == ND_FLOAT32 || c->rt == ND_COMPLEX64;
  c->r.tol = o->tol > 0 ? o->tol : single ? 1e-6 : 1e-12;
  c->randomized = o->method == ND_SVD_RANDOMIZED || (o->method == ND_SVD_AUTO && 4 * c->r.l <= mn && c->k > 0);
  if (o->method == ND_SVD_AUTO && c->randomized && !o->fixed_iterations) {
    /* give up where the passes so far have cost about what gesvdx would (a pass is
     * 4 m n l flops, gesvdx about 4 m n mn at a lower rate) */
    int64_t budget = mn / (2 * c->r.l);
    c->r.iters = o->n_iter ? o->n_iter : (budget > 6 ? budget : 6);
    c->fallback = true;
  }
}

static nd_status tsvd_error(const char *op, const tsvd_ctx *c, const ndi_la_batch *B, int64_t failed, int code) {
  char what[128];
  switch (code) {
    case FAIL_NOMEM: return ndi_error(ND_ERR_NOMEM, "%s: out of memory (LAPACK workspace)", op);
    case FAIL_NONFINITE: return ndi_la_batch_error(op, B, failed, "contains infinities or NaNs");
    case FAIL_NOCONV:
      snprintf(what, sizeof what, "did not converge in %lld randomized subspace iterations (tolerance %g)",
               (long long)c->r.iters, c->r.tol);
      return ndi_la_batch_error(op, B, failed, what);
    default: return ndi_la_batch_error(op, B, failed, "did not converge (gesvdx)");
  }
}

/* The Gaussian starting blocks [..., n, l] of the batch, in the compute dtype. */
static nd_array *gaussian_blocks(const char *op, const tsvd_ctx *c, const ndi_la_batch *B, uint64_t seed) {
  int64_t shape[ND_MAX_DIMS + 2];
  memcpy(shape, B->bshape, sizeof(int64_t) * (size_t)B->nbd);
  shape[B->nbd] = c->n;
  shape[B->nbd + 1] = c->r.l;
  nd_rng *g = nd_rng_new(seed);
  if (!g) return NULL;
  nd_array *o = nd_random_standard_normal(g, c->ct, B->nbd + 2, shape);
  nd_rng_free(g);
  return o;
}

nd_status nd_linalg_svd_truncated(const nd_array *a, int64_t k, const nd_svd_truncated_options *opt,
                                  nd_array **u, nd_array **s, nd_array **vh) {
  const char *op = "svd_truncated";
  NDI_REQUIRE_ST(op, a);
  NDI_REQUIRE_ST(op, u);
  NDI_REQUIRE_ST(op, s);
  NDI_REQUIRE_ST(op, vh);
  *u = *s = *vh = NULL;
  const nd_svd_truncated_options defaults = {0};
  const nd_svd_truncated_options *o = opt ? opt : &defaults;
  if (ndi_la_check_matrix(op, a, false) || check_options(op, o)) return nd_last_status();
  tsvd_ctx c;
  memset(&c, 0, sizeof c);
  c.m = a->shape[a->ndim - 2];
  c.n = a->shape[a->ndim - 1];
  if (ndi_la_check_lapack_size(op, c.m) || ndi_la_check_lapack_size(op, c.n)) return nd_last_status();
  int64_t mn = c.m < c.n ? c.m : c.n;
  if (k < 0 || k > mn) {
    char sa[NDI_SHAPE_BUF];
    return ndi_error(ND_ERR_VALUE, "%s: k = %lld is outside [0, %lld] for a %s matrix", op, (long long)k,
                     (long long)mn, ndi_fmt_shape(sa, sizeof sa, 2, a->shape + a->ndim - 2));
  }
  c.k = k;
  ndi_la_dtypes(1, &a->dtype, &c.ct, &c.rt);
  c.st = ndi_real_dtype(c.rt);
  c.at = a->dtype;
  c.ars = a->strides[a->ndim - 2];
  c.acs = a->strides[a->ndim - 1];
  plan(&c, o);
  ndi_la_batch B;
  const int core = 2;
  if (ndi_la_batch_init(op, &B, 1, &a, &core)) return nd_last_status();
  nd_array *omega = c.randomized ? gaussian_blocks(op, &c, &B, o->seed) : NULL;
  const int64_t uc[2] = {c.m, k}, vc[2] = {k, c.n};
  nd_array *U = (omega || !c.randomized) ? ndi_la_alloc(op, c.rt, &B, 2, uc) : NULL;
  nd_array *S = U ? ndi_la_alloc(op, c.st, &B, 1, &k) : NULL;
  nd_array *V = S ? ndi_la_alloc(op, c.rt, &B, 2, vc) : NULL;
  nd_status st = V ? ND_OK : nd_last_status();
  if (!st) {
    if (omega) {
      ndi_la_batch_add(&B, omega, 2);
      c.ors = omega->strides[omega->ndim - 2];
      c.ocs = omega->strides[omega->ndim - 1];
    }
    ndi_la_batch_add(&B, U, 2);
    ndi_la_batch_add(&B, S, 1);
    ndi_la_batch_add(&B, V, 2);
    B.fn = tsvd_elem;
    B.ctx = &c;
    B.work = tsvd_work(&c).total;
    B.cost = 4.0 * c.m * c.n * (c.randomized ? 8.0 * c.r.l : mn);
    int64_t failed;
    int code;
    st = ndi_la_batch_run(op, &B, &failed, &code);
    if (!st && failed >= 0) st = tsvd_error(op, &c, &B, failed, code);
  }
  nd_release(omega);
  if (st) {
    nd_release(U);
    nd_release(S);
    nd_release(V);
    return st;
  }
  *u = U;
  *s = S;
  *vh = V;
  return ND_OK;
}
