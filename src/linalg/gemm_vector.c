/* Products with a vector in them, in the batched driver: matrix-vector (m or n is 1)
 * through BLAS's gemv, vector-vector (m = n = 1) through its dot, and outer products
 * (k = 1) as one elementwise pass. gemm with m = 1 reads its matrix once per 4-8 columns
 * of packed panels and ran at half of gemv's speed on a 4000 x 4000 matrix (9.7 ms
 * against 4.5 ms on OpenBLAS 0.3.21); gemm with k = 1 packs both operands to write C once,
 * which an elementwise product does directly.
 *
 * A matrix-vector product is y = M x with M of r x k: M = A and x = B's column when n is
 * 1, M = B^T and x = A's row when m is 1. gemv is always called in its transposed form
 * (CblasTrans on M^T, in whichever order M^T is stored), which also gives conj(M) through
 * CblasConjTrans; a conjugated vector x (m = 1 with conj_a) is handled as conj(conj(M) x)
 * after the call. */
#include <cblas.h>
#include <limits.h>
#include <string.h>

#include "blas_call.h"
#include "core/dtype.h"
#include "iter/copy.h"
#include "iter/plan.h"
#include "kernels/la_kernels.h"

static bool blas_dtype(nd_dtype t) {
  return t == ND_FLOAT32 || t == ND_FLOAT64 || t == ND_COMPLEX64 || t == ND_COMPLEX128;
}

/* A BLAS increment for a vector of n elements with element stride s: BLAS takes int, not
 * 0 (for n > 1). */
static bool usable_inc(int64_t n, int64_t s) {
  return n <= 1 || (s != 0 && s <= INT_MAX && s >= -(int64_t)INT_MAX);
}

static size_t reserve(size_t *work, int64_t n, int64_t elsize) {
  size_t at = *work;
  *work += ((size_t)(n * elsize) + 63) / 64 * 64;
  return at;
}

bool ndi_la_vec_plan(const ndi_la_gemm *g, ndi_la_vec *v, size_t *work) {
  if (!blas_dtype(g->dtype) || (g->m != 1 && g->n != 1) || g->k < 2 || g->k > INT_MAX)
    return false;
  memset(v, 0, sizeof *v);
  int64_t es = (int64_t)ndi_dtype_size(g->dtype);
  v->es = es;
  v->k = g->k;
  if (g->m == 1 && g->n == 1) {
    v->dot = true;
    v->conj = g->conj_a;
    v->r = 1;
    v->xs = g->a.cs;
    v->ys = g->b.rs;
  } else if (g->n == 1) {
    if (g->m > INT_MAX) return false;
    v->r = g->m;
    v->mrs = g->a.rs, v->mcs = g->a.cs;
    v->xs = g->b.rs;
    v->ys = g->c.rs;
    v->conj = g->conj_a;
  } else {
    if (g->n > INT_MAX) return false;
    v->from_b = true;
    v->r = g->n;
    v->mrs = g->b.cs, v->mcs = g->b.rs;
    v->xs = g->a.cs;
    v->ys = g->c.cs;
    v->conj = v->conj_out = g->conj_a;
  }
  if (!v->dot) {
    /* M^T (k x r) in the order M's strides give, or M packed row-major */
    int64_t ld;
    if (ndi_la_addressable(v->k, v->r, v->mcs, v->mrs, false, &ld)) {
      v->row = false; /* M row-major: M^T column-major */
      v->ld = ld;
    } else if (ndi_la_addressable(v->k, v->r, v->mcs, v->mrs, true, &ld)) {
      v->row = true;
      v->ld = ld;
    } else {
      v->pack_m = true;
      v->m_off = reserve(work, v->r * v->k, es);
      v->row = false;
      v->ld = v->k;
    }
    if (!usable_inc(v->r, v->ys)) return false; /* C is never so laid out; be safe */
  }
  if (!usable_inc(v->k, v->xs)) {
    v->pack_x = true;
    v->x_off = reserve(work, v->k, es);
  }
  if (v->dot && !usable_inc(v->k, v->ys)) {
    v->pack_y = true;
    v->y_off = reserve(work, v->k, es);
  }
  return true;
}

/* BLAS's convention for a negative increment: the pointer names the lowest address. */
static const char *blas_ptr(const char *p, int64_t n, int64_t inc, int64_t es) {
  return inc < 0 ? p + (n - 1) * inc * es : p;
}

static void copy_vec(nd_dtype t, int64_t n, char *dst, const char *src, int64_t s) {
  const int64_t shape[1] = {n}, ds[1] = {1}, ss[1] = {s};
  ndi_layout_ref d = {dst, ds, t}, sr = {(char *)src, ss, t};
  ndi_copy_layout(1, shape, d, sr);
}

static void conj_vec(nd_dtype t, int64_t n, char *y, int64_t s, int64_t es) {
  for (int64_t i = 0; i < n; i++) {
    char *e = y + i * s * es;
    if (t == ND_COMPLEX64) ((float *)e)[1] = -((float *)e)[1];
    else ((double *)e)[1] = -((double *)e)[1];
  }
}

/* y = M x, or y += M x (acc: beta = 1) */
static void gemv(nd_dtype t, bool row, bool conj, int k, int r, const void *m, int ld,
                 const void *x, int incx, void *y, int incy, bool acc) {
  enum CBLAS_ORDER o = row ? CblasRowMajor : CblasColMajor;
  enum CBLAS_TRANSPOSE tr = conj ? CblasConjTrans : CblasTrans;
  const double one[2] = {1, 0}, beta[2] = {acc ? 1 : 0, 0};
  const float onef[2] = {1, 0}, betaf[2] = {acc ? 1.0f : 0.0f, 0};
  switch (t) {
    case ND_FLOAT32: cblas_sgemv(o, tr, k, r, 1.0f, m, ld, x, incx, betaf[0], y, incy); break;
    case ND_FLOAT64: cblas_dgemv(o, tr, k, r, 1.0, m, ld, x, incx, beta[0], y, incy); break;
    case ND_COMPLEX64: cblas_cgemv(o, tr, k, r, onef, m, ld, x, incx, betaf, y, incy); break;
    case ND_COMPLEX128: cblas_zgemv(o, tr, k, r, one, m, ld, x, incx, beta, y, incy); break;
    default: break;
  }
}

/* *out = x . y, or *out += x . y (acc) */
static void dot(nd_dtype t, bool conj, int k, const void *x, int incx, const void *y, int incy,
                void *out, bool acc) {
  double d[2] = {0, 0};
  float f[2] = {0, 0};
  switch (t) {
    case ND_FLOAT32: f[0] = cblas_sdot(k, x, incx, y, incy); break;
    case ND_FLOAT64: d[0] = cblas_ddot(k, x, incx, y, incy); break;
    case ND_COMPLEX64:
      if (conj) cblas_cdotc_sub(k, x, incx, y, incy, f);
      else cblas_cdotu_sub(k, x, incx, y, incy, f);
      break;
    case ND_COMPLEX128:
      if (conj) cblas_zdotc_sub(k, x, incx, y, incy, d);
      else cblas_zdotu_sub(k, x, incx, y, incy, d);
      break;
    default: break;
  }
  int w = t == ND_COMPLEX64 || t == ND_COMPLEX128 ? 2 : 1;
  bool single = t == ND_FLOAT32 || t == ND_COMPLEX64;
  for (int i = 0; i < w; i++) {
    if (single) ((float *)out)[i] = (acc ? ((float *)out)[i] : 0.0f) + f[i];
    else ((double *)out)[i] = (acc ? ((double *)out)[i] : 0.0) + d[i];
  }
}

void ndi_la_vec_run(const ndi_la_gemm *g, const ndi_la_vec *v, const char *a, const char *b,
                    char *c, char *work, bool acc) {
  nd_dtype t = g->dtype;
  int64_t es = v->es, xs = v->xs, ys = v->ys;
  const char *m = v->from_b ? b : a, *x = v->dot || v->from_b ? a : b, *y = v->dot ? b : NULL;
  if (v->pack_x) {
    copy_vec(t, v->k, work + v->x_off, x, xs);
    x = work + v->x_off;
    xs = 1;
  }
  if (v->dot) {
    if (v->pack_y) {
      copy_vec(t, v->k, work + v->y_off, y, ys);
      y = work + v->y_off;
      ys = 1;
    }
    dot(t, v->conj, (int)v->k, blas_ptr(x, v->k, xs, es), (int)xs, blas_ptr(y, v->k, ys, es),
        (int)ys, c, acc);
    return;
  }
  if (v->pack_m) {
    char *w = work + v->m_off;
    const int64_t shape[2] = {v->r, v->k}, ds[2] = {v->k, 1}, ss[2] = {v->mrs, v->mcs};
    ndi_layout_ref d = {w, ds, t}, s = {(char *)m, ss, t};
    ndi_copy_layout(2, shape, d, s);
    m = w;
  }
  /* conj(x) M accumulates as conj(conj(C) + conj(M) x) */
  if (v->conj_out && acc) conj_vec(t, v->r, c, ys, es);
  gemv(t, v->row, v->conj, (int)v->k, (int)v->r, m, (int)v->ld, blas_ptr(x, v->k, xs, es),
       (int)xs, (char *)blas_ptr(c, v->r, ys, es), (int)ys, acc);
  if (v->conj_out) conj_vec(t, v->r, c, ys, es);
}

nd_status ndi_la_outer_run(const ndi_la_gemm *g) {
  int nd = g->nbd + 2;
  int64_t es = (int64_t)ndi_dtype_size(g->dtype);
  int64_t shape[ND_MAX_DIMS + 2], sc[ND_MAX_DIMS + 2], sa[ND_MAX_DIMS + 2], sb[ND_MAX_DIMS + 2];
  for (int i = 0; i < g->nbd; i++) {
    shape[i] = g->bshape[i];
    sc[i] = g->c.bs[i] * es;
    sa[i] = g->a.bs[i] * es;
    sb[i] = g->b.bs[i] * es;
  }
  shape[nd - 2] = g->m;
  shape[nd - 1] = g->n;
  sc[nd - 2] = g->c.rs * es, sc[nd - 1] = g->c.cs * es;
  sa[nd - 2] = g->a.rs * es, sa[nd - 1] = 0;
  sb[nd - 2] = 0, sb[nd - 1] = g->b.cs * es;
  ndi_operand ops[3] = {{g->c.data, sc, es}, {g->a.data, sa, es}, {g->b.data, sb, es}};
  ndi_plan plan;
  ndi_plan_init(&plan, 3, nd, shape, ops, 0);
  ndi_plan_execute(&plan, ndi_la_mul_loops[g->dtype], NULL);
  return ND_OK;
}
