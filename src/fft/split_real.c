/* Long real transforms through a complex transform of half the length.
 *
 * For even n = 2M, the pairs z[j] = x[2j] + i x[2j+1] have the transform Z = E + iO, E and
 * O being the transforms of the even and the odd samples, and X[k] = E[k] + w^k O[k],
 * w = exp(-2 pi i / n). With A = Z[k], B = conj(Z[M-k]):
 *     E = (A + B)/2,  O = -i (A - B)/2,  X[k] = E + w^k O,  X[M-k] = conj(E - w^k O),
 * and X[0] = Re Z[0] + Im Z[0], X[M] = Re Z[0] - Im Z[0]. The inverse runs the other way:
 * Z[k] = (X[k] + conj X[M-k]) + i (X[k] - conj X[M-k]) conj(w^k) (twice the forward
 * relation, so that the unnormalised inverse of length M gives n x like FFTW's c2r), and
 * x[2j] + i x[2j+1] = z[j].
 *
 * The complex transform of length M goes through split.c, so its plans stay short and its
 * passes run on threads; the pre- and post-processing run on nd's threads over pairs (k, M-k).
 * The contiguous input of rfft is read as complex pairs in place, and a contiguous output
 * holds the half-length transform itself (rfft: M+1 slots for M values; irfft: n reals
 * are M complex), so no scratch is needed then. Scratch comes from nd_empty (its block
 * cache keeps big blocks between calls). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "nd/core.h"
#include "nd/creation.h"
#include "nd/toolkit.h"
#include "split.h"

/* Pairs per thread below which the processing runs on one thread. */
#define NDF_REAL_GRAIN 16384

/* w^k from the two tables (k < n). */
static void root(const ndf_twiddle *tw, int64_t k, double *re, double *im) {
  const double *lo = tw->lo + 2 * (k & (((int64_t)1 << tw->shift) - 1)), *hi = tw->hi + 2 * (k >> tw->shift);
  *re = lo[0] * hi[0] - lo[1] * hi[1];
  *im = lo[0] * hi[1] + lo[1] * hi[0];
}

/* A complex value of either precision as doubles, and back. */
static void get(const char *p, bool single, double *re, double *im) {
  if (single) {
    *re = ((const float *)p)[0];
    *im = ((const float *)p)[1];
  } else {
    *re = ((const double *)p)[0];
    *im = ((const double *)p)[1];
  }
}

static void put(char *p, bool single, double re, double im) {
  if (single) {
    ((float *)p)[0] = (float)re;
    ((float *)p)[1] = (float)im;
  } else {
    ((double *)p)[0] = re;
    ((double *)p)[1] = im;
  }
}

typedef struct side {
  char *p;
  int64_t stride; /* elements */
} side;

static char *at(side s, int64_t k, size_t es) { return s.p + k * s.stride * (int64_t)es; }

/* The pairs (k, M-k), k = 1..half, of a pre- or post-processing step, in tasks of
 * NDF_REAL_GRAIN pairs on nd's threads (nd_parallel_for); each pair is computed alone, so
 * the results do not depend on the thread count. */
typedef struct pairs_job {
  side in, out;
  int64_t M, half;
  const ndf_twiddle *tw;
  double s;
  bool conj, single;
  void (*range)(const struct pairs_job *j, int64_t k0, int64_t k1);
} pairs_job;

static void pairs_task(void *ctx, int64_t task, int slot) {
  (void)slot;
  const pairs_job *j = ctx;
  int64_t k0 = 1 + task * NDF_REAL_GRAIN, k1 = k0 + NDF_REAL_GRAIN;
  j->range(j, k0, k1 <= j->half + 1 ? k1 : j->half + 1);
}

static void run_pairs(const pairs_job *j) {
  int64_t tasks = (j->half + NDF_REAL_GRAIN - 1) / NDF_REAL_GRAIN;
  int T = nd_get_num_threads();
  if (T <= 1 || tasks < 2) j->range(j, 1, j->half + 1);
  else nd_parallel_for(T, tasks, pairs_task, (void *)(uintptr_t)j);
}

/* X[k], X[M-k] from Z[k], Z[M-k] (Z may be X's own memory), times scale, conjugated if
 * asked, for k in [k0, k1). */
static void r2c_pairs(const pairs_job *j, int64_t k0, int64_t k1) {
  size_t es = j->single ? 8 : 16;
  double s = j->s, cs = j->conj ? -s : s;
  side Z = j->in, X = j->out;
  int64_t M = j->M;
  for (int64_t k = k0; k < k1; k++) {
    double ar, ai, br, bi, wr, wi;
    get(at(Z, k, es), j->single, &ar, &ai);
    get(at(Z, M - k, es), j->single, &br, &bi);
    bi = -bi; /* B = conj Z[M-k] */
    double er = 0.5 * (ar + br), ei = 0.5 * (ai + bi);
    double or_ = 0.5 * (ai - bi), oi = -0.5 * (ar - br); /* -i (A - B)/2 */
    root(j->tw, k, &wr, &wi);
    double tr = wr * or_ - wi * oi, ti = wr * oi + wi * or_;
    put(at(X, k, es), j->single, s * (er + tr), cs * (ei + ti));
    if (k != M - k) put(at(X, M - k, es), j->single, s * (er - tr), -cs * (ei - ti));
  }
}

/* X[0..M] from Z[0..M) (Z may be X's own memory), times scale, conjugated if asked. */
static void r2c_post(side Z, side X, int64_t M, const ndf_twiddle *tw, double s, bool conj, bool single) {
  size_t es = single ? 8 : 16;
  double a, b;
  get(at(Z, 0, es), single, &a, &b);
  pairs_job j = {Z, X, M, M / 2, tw, s, conj, single, r2c_pairs};
  run_pairs(&j);
  put(at(X, 0, es), single, s * (a + b), 0.0);
  put(at(X, M, es), single, s * (a - b), 0.0);
}

/* Z[k], Z[M-k] from X[k], X[M-k] (conjugated first if asked), times scale, for k in
 * [k0, k1). */
static void c2r_pairs(const pairs_job *j, int64_t k0, int64_t k1) {
  size_t es = j->single ? 8 : 16;
  double s = j->s, sg = j->conj ? -1 : 1;
  side X = j->in, Z = j->out;
  int64_t M = j->M;
  for (int64_t k = k0; k < k1; k++) {
    double ar, ai, br, bi, vr, vi;
    get(at(X, k, es), j->single, &ar, &ai);
    get(at(X, M - k, es), j->single, &br, &bi);
    ai *= sg;
    bi = -bi * sg; /* B = conj X[M-k] */
    double er = ar + br, ei = ai + bi, dr = ar - br, di = ai - bi;
    root(j->tw, k, &vr, &vi); /* conj(w^k): the table has the + sign */
    double or_ = dr * vr - di * vi, oi = dr * vi + di * vr;
    put(at(Z, k, es), j->single, s * (er - oi), s * (ei + or_)); /* E + i O */
    if (k != M - k) put(at(Z, M - k, es), j->single, s * (er + oi), s * (or_ - ei)); /* conj E + i conj O */
  }
}

/* Z[0..M) from X[0..M] (conjugated first if asked), times scale. */
static void c2r_pre(side X, side Z, int64_t M, const ndf_twiddle *tw, double s, bool conj, bool single) {
  size_t es = single ? 8 : 16;
  double x0r, x0i, xmr, xmi;
  get(at(X, 0, es), single, &x0r, &x0i);
  get(at(X, M, es), single, &xmr, &xmi);
  pairs_job j = {X, Z, M, M / 2, tw, s, conj, single, c2r_pairs};
  run_pairs(&j);
  put(at(Z, 0, es), single, s * (x0r + xmr), s * (x0r - xmr));
}

/* dst[0..count) = src (any dtype nd converts), then zeros up to `total`, as complex or
 * real values of dtype t in contiguous scratch. */
static nd_status gather_line(const ndf_pass *p, nd_dtype t, char *dst, int64_t total, const char *src,
                             int64_t count) {
  size_t es = nd_dtype_size(t);
  const int64_t one = 1;
  nd_status st = nd_copy_strided(p->op, 1, &count, t, dst, &one, p->in_dtype, src, &p->in_stride);
  if (st) return st;
  memset(dst + count * (int64_t)es, 0, (size_t)(total - count) * es);
  return ND_OK;
}

/* The half-length complex transform of M points, in place at z (contiguous). */
static nd_status half_transform(const ndf_pass *p, ndf_kind kind, char *in, bool destroy, char *out) {
  ndf_pass c = {.op = p->op, .kind = kind, .single = p->single, .n = p->n / 2, .in = in,
                .in_dtype = p->single ? ND_COMPLEX64 : ND_COMPLEX128, .in_len = p->n / 2,
                .in_stride = 1, .in_destroy = destroy, .out = out, .out_stride = 1, .scale = 1.0,
                .tw_dim = -1};
  c.out_dtype = c.in_dtype;
  return ndf_split_run(&c);
}

/* Scratch of one call: the converted input and the half-length transform, when the
 * arrays cannot hold them (NULL otherwise). */
typedef struct scratch_pair {
  char *real, *half;
} scratch_pair;

/* Whether the input is read as complex pairs in place (r2c) or as the half spectrum in
 * place (c2r), and whether the output holds the half-length transform. */
static bool input_in_place(const ndf_pass *p) {
  nd_dtype rt = p->single ? ND_FLOAT32 : ND_FLOAT64, ct = p->single ? ND_COMPLEX64 : ND_COMPLEX128;
  if (p->kind == NDF_R2C) return p->in_dtype == rt && p->in_stride == 1 && p->in_len >= p->n && !p->conj_in;
  return p->in_dtype == ct && p->in_len >= p->n / 2 + 1;
}

static bool output_in_place(const ndf_pass *p) {
  nd_dtype rt = p->single ? ND_FLOAT32 : ND_FLOAT64, ct = p->single ? ND_COMPLEX64 : ND_COMPLEX128;
  return p->out_stride == 1 && p->out_dtype == (p->kind == NDF_R2C ? ct : rt);
}

static nd_status r2c_line(const ndf_pass *p, const char *in, char *out, const ndf_twiddle *tw,
                          scratch_pair sc) {
  int64_t n = p->n, M = n / 2;
  nd_dtype rt = p->single ? ND_FLOAT32 : ND_FLOAT64;
  char *z = (char *)(uintptr_t)in;
  if (sc.real) { /* cut, padded or converted to contiguous reals first */
    z = sc.real;
    nd_status st = gather_line(p, rt, z, n, in, p->in_len < n ? p->in_len : n);
    if (st) return st;
  }
  char *Z = sc.half ? sc.half : out;
  nd_status st = half_transform(p, NDF_C2C_FWD, z, sc.real != NULL, Z);
  if (st) return st;
  r2c_post((side){Z, 1}, (side){out, p->out_stride}, M, tw, p->scale, p->conj_out, p->single);
  return ND_OK;
}

static nd_status c2r_line(const ndf_pass *p, const char *in, char *out, const ndf_twiddle *tw,
                          scratch_pair sc) {
  int64_t n = p->n, M = n / 2;
  nd_dtype rt = p->single ? ND_FLOAT32 : ND_FLOAT64, ct = p->single ? ND_COMPLEX64 : ND_COMPLEX128;
  side X = {(char *)(uintptr_t)in, p->in_stride};
  if (sc.real) { /* cut, padded or converted first */
    X = (side){sc.real, 1};
    nd_status st = gather_line(p, ct, X.p, M + 1, in, p->in_len < M + 1 ? p->in_len : M + 1);
    if (st) return st;
  }
  char *Z = sc.half ? sc.half : out;
  c2r_pre(X, (side){Z, 1}, M, tw, p->scale, p->conj_in, p->single);
  nd_status st = half_transform(p, NDF_C2C_BWD, Z, true, Z);
  if (st || !sc.half) return st;
  const int64_t one = 1; /* the pairs back into the strided real output */
  return nd_copy_strided(p->op, 1, &n, rt, out, &p->out_stride, rt, Z, &one);
}

nd_status ndf_split_real(const ndf_pass *p) {
  int64_t lines = 1;
  for (int d = 0; d < p->nb; d++) lines *= p->bshape[d];
  if (lines == 0) return ND_OK;
  nd_dtype ct = p->single ? ND_COMPLEX64 : ND_COMPLEX128;
  int64_t M = p->n / 2, Mp1 = M + 1;
  nd_array *ra = input_in_place(p) ? NULL : nd_empty(ct, 1, p->kind == NDF_R2C ? &M : &Mp1, ND_C);
  nd_array *ha = output_in_place(p) ? NULL : nd_empty(ct, 1, &M, ND_C);
  scratch_pair sc = {ra ? nd_data(ra) : NULL, ha ? nd_data(ha) : NULL};
  ndf_twiddle tw;
  double *tmem = NULL;
  nd_status st = ND_OK;
  if ((!input_in_place(p) && !ra) || (!output_in_place(p) && !ha) ||
      !ndf_twiddle_make(p->n, p->kind == NDF_R2C ? -1 : 1, &tw, &tmem))
    st = nd_set_error(ND_ERR_NOMEM, "%s: out of memory (scratch for %lld points)", p->op, (long long)p->n);
  int64_t idx[ND_MAX_DIMS] = {0};
  size_t ies = nd_dtype_size(p->in_dtype), oes = nd_dtype_size(p->out_dtype);
  for (int64_t l = 0; l < lines && !st; l++) {
    int64_t oi = 0, oo = 0;
    for (int d = 0; d < p->nb; d++) {
      oi += idx[d] * p->bin[d];
      oo += idx[d] * p->bout[d];
    }
    const char *in = p->in + oi * (int64_t)ies;
    char *out = p->out + oo * (int64_t)oes;
    st = p->kind == NDF_R2C ? r2c_line(p, in, out, &tw, sc) : c2r_line(p, in, out, &tw, sc);
    for (int d = p->nb - 1; d >= 0; d--) {
      if (++idx[d] < p->bshape[d]) break;
      idx[d] = 0;
    }
  }
  free(tmem);
  nd_release(ra);
  nd_release(ha);
  return st;
}
