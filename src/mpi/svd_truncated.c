/* The k largest singular triplets of a distributed matrix. ScaLAPACK has no truncated SVD
 * (no p?gesvdx) and ELPA none at all, so the path is the randomised subspace iteration
 * of Halko, Martinsson and Tropp (2011) on PBLAS and ScaLAPACK's building blocks: products
 * with a and a^H (p?gemm), orthonormal bases (p?geqrf, p?orgqr), and the SVD of a thin
 * n x l matrix (p?gesvd), with the residual of every triplet tested as
 * nd_linalg_svd_truncated does; or p?gesvd of the whole matrix, truncated. Everything is
 * built from the component's own collective functions, each of which agrees on its
 * outcome, so a failure reaches every rank; its message is relabelled with this
 * function's name. */
#include <complex.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define OP "dmatrix_svd_truncated"

/* A standard normal value for element (i, j) of the starting block, from a hash of the
 * seed and the indices: the same block on every grid. */
static uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15u;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
  return x ^ (x >> 31);
}

static double gauss(uint64_t seed, int64_t i, int64_t j, int part) {
  uint64_t h = mix(mix(mix(seed) ^ (uint64_t)i) ^ ((uint64_t)j << 1 | (uint64_t)part));
  double u1 = ((double)(h >> 11) + 0.5) * 0x1p-53, u2 = (double)(mix(h) >> 11) * 0x1p-53;
  return sqrt(-2 * log(u1)) * cos(2 * M_PI * u2);
}

static void gauss_fn(int64_t i, int64_t j, void *ctx, double *re, double *im) {
  uint64_t seed = *(const uint64_t *)ctx;
  *re = gauss(seed, i, j, 0);
  *im = gauss(seed, i, j, 1);
}

/* A collective call's result: NULL means every rank failed the same way; the message then
 * names this function. */
static bool got(ndm_collective *c, const void *p) {
  if (!p) ndm_coll_failed_as(c);
  return p != NULL;
}

/* The results from a serial or full computation's u, s, vh: the first k of each, with
 * square blocks of nb. */
static nd_status first_k(ndm_collective *c, nd_dmatrix *uu, nd_array *ss, nd_dmatrix *vv, int64_t k, int64_t nb,
                         nd_dmatrix **u, nd_array **s, nd_dmatrix **vh) {
  nd_dmatrix *u1 = ndm_submatrix(c, uu, 0, 0, uu->shape[0], k);
  nd_dmatrix *v1 = u1 ? ndm_submatrix(c, vv, 0, 0, k, vv->shape[1]) : NULL;
  nd_dmatrix *u2 = v1 ? ndm_redistributed_copy(c, u1, uu->grid, nb, nb, uu->dtype) : NULL;
  nd_dmatrix *v2 = u2 ? ndm_redistributed_copy(c, v1, uu->grid, nb, nb, vv->dtype) : NULL;
  nd_array *sv = nd_indexf(ss, ":%lld", (long long)k), *s1 = sv ? nd_copy(sv, ND_C) : NULL;
  if (v2 && !s1) ndm_coll_failed(c);
  nd_release(sv);
  nd_dmatrix_free(u1);
  nd_dmatrix_free(v1);
  if (ndm_agree(c)) {
    nd_dmatrix_free(u2);
    nd_dmatrix_free(v2);
    nd_release(s1);
    return c->st;
  }
  *u = ndm_dmatrix_publish(u2);
  *vh = ndm_dmatrix_publish(v2);
  *s = s1;
  return ND_OK;
}

/* On a 1 x 1 grid: the serial function on the piece. */
static nd_status serial(ndm_collective *c, const nd_dmatrix *a, int64_t k, const nd_svd_truncated_options *o,
                        nd_dmatrix **u, nd_array **s, nd_dmatrix **vh) {
  nd_array *uw = NULL, *sw = NULL, *vw = NULL;
  int64_t nb = ndm_square_block(a), m = a->shape[0], n = a->shape[1];
  nd_dmatrix *ud = NULL, *vd = NULL;
  if (nd_linalg_svd_truncated(a->local, k, o, &uw, &sw, &vw)) {
    ndm_coll_failed_as(c);
  } else {
    ud = ndm_dmatrix_new(OP, a->grid, nd_dtype_of(uw), m, k, nb, nb);
    vd = ud ? ndm_dmatrix_new(OP, a->grid, nd_dtype_of(vw), k, n, nb, nb) : NULL;
    if (!vd || nd_assign(ud->local, uw) || nd_assign(vd->local, vw)) ndm_coll_failed(c);
  }
  nd_release(uw);
  nd_release(vw);
  if (ndm_agree(c)) {
    nd_release(sw);
    nd_dmatrix_free(ud);
    nd_dmatrix_free(vd);
    return c->st;
  }
  *u = ndm_dmatrix_publish(ud);
  *vh = ndm_dmatrix_publish(vd);
  *s = sw;
  return ND_OK;
}

/* p?gesvd of the whole matrix, truncated to k. */
static nd_status full(ndm_collective *c, const nd_dmatrix *a, int64_t k, nd_dmatrix **u, nd_array **s,
                      nd_dmatrix **vh) {
  nd_dmatrix *uu = NULL, *vv = NULL;
  nd_array *ss = NULL;
  if (nd_dmatrix_svd(a, &uu, &ss, &vv)) return ndm_coll_failed_as(c);
  nd_status st = first_k(c, uu, ss, vv, k, ndm_square_block(a), u, s, vh);
  nd_dmatrix_free(uu);
  nd_dmatrix_free(vv);
  nd_release(ss);
  return st;
}

/* The largest residual ||a v_i - s_i u_i|| over the first k columns, relative to s_1:
 * av holds a v (its first k columns are read), un the left vectors, both distributed
 * alike. Local sums per column, then one MPI_Allreduce. */
static double residual(const nd_dmatrix *av, const nd_dmatrix *un, const nd_array *sv, int64_t k) {
  nd_grid *g = av->grid;
  double *col = calloc((size_t)(k > 0 ? k : 1), sizeof(double)), s1 = 0, worst = 0;
  if (!col) return INFINITY;
  int64_t zero = 0;
  nd_get_double(sv, &zero, &s1);
  size_t item = av->sl->item;
  bool cplx = av->sl->is_complex, single = av->sl->real == ND_FLOAT32;
  for (int64_t lj = 0; lj < av->nloc; lj++) {
    int64_t j = nd_dmatrix_global_col(av, lj);
    if (j >= k) continue;
    double sj = 0;
    nd_get_double(sv, &j, &sj);
    const char *pa = (const char *)ndm_base(av) + (size_t)(lj * av->desc[8]) * item;
    const char *pu = (const char *)ndm_base(un) + (size_t)(lj * un->desc[8]) * item;
    for (int64_t i = 0; i < av->mloc; i++) {
      double ar, ai = 0, ur, ui = 0;
      if (single) {
        ar = ((const float *)pa)[i * (cplx ? 2 : 1)], ur = ((const float *)pu)[i * (cplx ? 2 : 1)];
        if (cplx) ai = ((const float *)pa)[2 * i + 1], ui = ((const float *)pu)[2 * i + 1];
      } else {
        ar = ((const double *)pa)[i * (cplx ? 2 : 1)], ur = ((const double *)pu)[i * (cplx ? 2 : 1)];
        if (cplx) ai = ((const double *)pa)[2 * i + 1], ui = ((const double *)pu)[2 * i + 1];
      }
      col[j] += (ar - sj * ur) * (ar - sj * ur) + (ai - sj * ui) * (ai - sj * ui);
    }
  }
  MPI_Allreduce(MPI_IN_PLACE, col, (int)k, MPI_DOUBLE, MPI_SUM, g->comm);
  for (int64_t j = 0; j < k; j++)
    if (sqrt(col[j]) > worst) worst = sqrt(col[j]);
  free(col);
  return s1 > 0 ? worst / s1 : worst;
}

/* The state of the subspace iteration: q spans the current range estimate (m x l); av
 * is a times the latest right vectors, whose range is the next q. */
typedef struct rsvd {
  const nd_dmatrix *a;
  nd_dmatrix *ah, *q, *av;
  int64_t k, l;
} rsvd;

static void rsvd_free(rsvd *r) {
  nd_dmatrix_free(r->ah);
  nd_dmatrix_free(r->q);
  nd_dmatrix_free(r->av);
}

/* q <- an orthonormal basis of y (taking y). */
static bool orth(ndm_collective *c, rsvd *r, nd_dmatrix *y) {
  nd_dmatrix *q = NULL, *rr = NULL;
  nd_status st = nd_dmatrix_qr(y, ND_QR_REDUCED, &q, &rr);
  nd_dmatrix_free(y);
  nd_dmatrix_free(rr);
  if (st) return got(c, NULL);
  nd_dmatrix_free(r->q);
  r->q = q;
  return true;
}

/* The triplets of the current q: z = a^H q = uz diag(sz) vzh gives u = q vzh^H, s = sz,
 * v = uz (a^H u = s v holds by construction), and r->av = a uz. Returns the largest
 * relative residual ||a v_i - s_i u_i|| / s_1 of the first k (-1 on a failure). */
static double triplets(ndm_collective *c, rsvd *r, nd_dmatrix **u, nd_array **s, nd_dmatrix **v) {
  nd_dmatrix *z = nd_dmatrix_matmul(r->ah, r->q), *vzh = NULL;
  if (!got(c, z)) return -1;
  nd_status st = nd_dmatrix_svd(z, v, s, &vzh);
  nd_dmatrix_free(z);
  if (st) return got(c, NULL), -1;
  nd_dmatrix *v2 = nd_dmatrix_conj_transpose(vzh);
  nd_dmatrix_free(vzh);
  *u = v2 ? nd_dmatrix_matmul(r->q, v2) : NULL;
  nd_dmatrix_free(v2);
  nd_dmatrix_free(r->av);
  r->av = *u ? nd_dmatrix_matmul(r->a, *v) : NULL;
  nd_dmatrix *u2 = r->av ? ndm_redistributed_copy(c, *u, (*u)->grid, r->av->mb, r->av->nb, (*u)->dtype) : NULL;
  if (!u2) {
    if (!c->st) got(c, NULL);
    return -1;
  }
  double res = residual(r->av, u2, *s, r->k);
  nd_dmatrix_free(u2);
  return res;
}

/* The randomised method: > 0 when it did not converge within its iterations (auto then
 * falls back to the full SVD), 0 with the results set, < 0 on a failure. */
static int randomized(ndm_collective *c, const nd_dmatrix *a, int64_t k, int64_t l, const nd_svd_truncated_options *o,
                      bool give_up_early, double tol, nd_dmatrix **u, nd_array **s, nd_dmatrix **vh) {
  rsvd r = {.a = a, .k = k, .l = l};
  int64_t n = a->shape[1], nb = ndm_square_block(a);
  uint64_t seed = o->seed;
  int out = -1;
  nd_dmatrix *omega = nd_dmatrix_fromfunction_complex(a->grid, a->dtype, n, l, a->nb, a->nb, gauss_fn, &seed);
  nd_dmatrix *y = got(c, omega) ? nd_dmatrix_matmul(a, omega) : NULL;
  nd_dmatrix_free(omega);
  if (!got(c, y) || !orth(c, &r, y) || !got(c, r.ah = nd_dmatrix_conj_transpose(a))) goto done;
  /* fixed: n_iter power iterations, then the triplets untested; else a test after each,
   * at most n_iter (100) of them, 10 for auto, whose full SVD is then the cheaper way */
  int64_t steps = o->fixed_iterations ? o->n_iter : o->n_iter ? o->n_iter : 100;
  if (!o->fixed_iterations && give_up_early && steps > 10) steps = 10;
  for (int64_t it = 0;; it++) {
    nd_dmatrix *un = NULL, *vn = NULL;
    nd_array *sn = NULL;
    double res = triplets(c, &r, &un, &sn, &vn);
    bool done_now = res >= 0 && (o->fixed_iterations ? it == steps : res <= tol);
    if (done_now) {
      nd_dmatrix *vh_l = nd_dmatrix_conj_transpose(vn);
      if (got(c, vh_l)) out = first_k(c, un, sn, vh_l, k, nb, u, s, vh) ? -1 : 0;
      nd_dmatrix_free(vh_l);
    }
    nd_dmatrix_free(un);
    nd_dmatrix_free(vn);
    nd_release(sn);
    if (res < 0 || done_now) goto done;
    if (!o->fixed_iterations && it + 1 >= steps) {
      if (give_up_early) out = 1;
      else
        ndm_coll_fail(c, ND_ERR_LINALG, OP ": no convergence in %lld randomized subspace iterations (tolerance %g)",
                      (long long)steps, tol);
      goto done;
    }
    /* the power step: q <- orth(a a^H q), the range of a v */
    nd_dmatrix *av = r.av;
    r.av = NULL;
    if (!orth(c, &r, av)) goto done;
  }
done:
  rsvd_free(&r);
  return out;
}

nd_status nd_dmatrix_svd_truncated(const nd_dmatrix *a, int64_t k, const nd_svd_truncated_options *opt, nd_dmatrix **u,
                                   nd_array **s, nd_dmatrix **vh) {
  const nd_svd_truncated_options defaults = {0};
  const nd_svd_truncated_options *o = opt ? opt : &defaults;
  ndm_collective c;
  ndm_coll_begin(&c, OP);
  ndm_coll_matrix(&c, "a", a);
  ndm_coll_value(&c, "k", k);
  ndm_coll_value(&c, "opt->method", o->method);
  ndm_coll_value(&c, "opt->seed", (int64_t)o->seed);
  ndm_coll_value(&c, "opt->oversamples", o->oversamples);
  ndm_coll_value(&c, "opt->n_iter", o->n_iter);
  ndm_coll_value(&c, "opt->fixed_iterations", o->fixed_iterations);
  int64_t tolbits;
  memcpy(&tolbits, &o->tol, sizeof tolbits);
  ndm_coll_value(&c, "opt->tol", tolbits);
  if (u) *u = NULL;
  if (s) *s = NULL;
  if (vh) *vh = NULL;
  if (!u || !s || !vh) ndm_coll_fail(&c, ND_ERR_NULL, OP ": argument %s is NULL", !u ? "u" : !s ? "s" : "vh");
  int64_t m = a && !c.st ? a->shape[0] : 0, n = a && !c.st ? a->shape[1] : 0, kmax = m < n ? m : n;
  if (!c.st && (k < 0 || k > kmax)) {
    char sa[NDM_MPI_SHAPE];
    ndm_coll_fail(&c, ND_ERR_VALUE, OP ": k = %lld is outside [0, %lld] for a %s matrix", (long long)k,
                  (long long)kmax, ndm_shape_str(a, sa));
  }
  if (o->method != ND_SVD_AUTO && o->method != ND_SVD_GESVDX && o->method != ND_SVD_RANDOMIZED)
    ndm_coll_fail(&c, ND_ERR_VALUE, OP ": invalid method %d", (int)o->method);
  if (o->oversamples < 0 || o->n_iter < 0 || !(o->tol >= 0))
    ndm_coll_fail(&c, ND_ERR_VALUE, OP ": oversamples, n_iter and tol must not be negative (got %lld, %lld, %g)",
                  (long long)o->oversamples, (long long)o->n_iter, o->tol);
  if (!c.st && !ndm_part_finite(a, NDM_PART_ALL))
    ndm_coll_fail(&c, ND_ERR_LINALG, OP ": the matrix contains infinities or NaNs");
  if (ndm_agree(&c)) return c.st;
  if (a->grid->size == 1) return serial(&c, a, k, o, u, s, vh);
  int64_t p = o->oversamples ? o->oversamples : (k > 10 ? k : 10), l = k + p > kmax ? kmax : k + p;
  bool single = a->sl->real == ND_FLOAT32;
  double tol = o->tol > 0 ? o->tol : single ? 1e-6 : 1e-12;
  bool rand = o->method == ND_SVD_RANDOMIZED || (o->method == ND_SVD_AUTO && 4 * (k + p) <= kmax);
  if (k == 0) { /* nothing to compute */
    int64_t nb = ndm_square_block(a);
    nd_dmatrix *u0 = ndm_dmatrix_new(OP, a->grid, a->dtype, m, 0, nb, nb);
    nd_dmatrix *v0 = u0 ? ndm_dmatrix_new(OP, a->grid, a->dtype, 0, n, nb, nb) : NULL;
    nd_array *s0 = v0 ? nd_empty(a->sl->real, ND_SHAPE(0), ND_C) : NULL;
    if (!s0) ndm_coll_failed(&c);
    if (ndm_agree(&c)) return nd_dmatrix_free(u0), nd_dmatrix_free(v0), c.st;
    *u = ndm_dmatrix_publish(u0);
    *vh = ndm_dmatrix_publish(v0);
    *s = s0;
    return ND_OK;
  }
  if (!rand) return full(&c, a, k, u, s, vh);
  int r = randomized(&c, a, k, l, o, o->method == ND_SVD_AUTO, tol, u, s, vh);
  if (r > 0) return full(&c, a, k, u, s, vh);
  return r < 0 ? c.st : ND_OK;
}
