/* A full contraction (every label summed: a scalar) of two real operands, in any layouts,
 * in one pass split over nd's threads.
 *
 * BLAS's dot runs on one thread (OpenBLAS 0.3.21): 26M float64 took 27 ms against 12.4 ms
 * for a one-row gemv and 7.6 ms for NumPy's dot on its own OpenBLAS. And where the two
 * operands are laid out in different orders, the mapping would copy one into the other's
 * order first: the copy reads and writes it, the dot reads it back ("iajb,ibja->" of the
 * MP2 energy, 21 x 243 x 21 x 243 float64: 15 ms of copy and 16-19 ms of dot). Here one
 * loop plan walks both operands (x as the plan's first operand, so x is read in its
 * memory order; the plan tiles where y runs across it), each tile of y is transposed into
 * a small buffer by the copy engine's tile kernel, and the rows are dotted at once: y goes
 * through memory once, at the speed of the transposing read.
 *
 * The sum's order depends on the layouts alone: the pass is cut into a fixed number of
 * chunks along its outermost axis (a function of the shape), each chunk run on one thread
 * in plan order, and the chunks' sums added in chunk order, so the result does not depend
 * on the thread count. Rows are summed by BLAS's dot. */
#include "dot_full.h"

#include <cblas.h>
#include <limits.h>
#include <stdatomic.h>

#include "core/alloc.h"
#include "core/dtype.h"
#include "iter/plan.h"
#include "iter/pool.h"
#include "iter/threads.h"
#include "kernels/loop.h"

/* Chunks of at least this many elements, at most this many chunks. */
#define DC_MIN_CHUNK ((int64_t)1 << 16)
#define DC_MAX_CHUNKS 64

typedef struct {
  nd_dtype t;
  double acc;
  char *buf; /* a tile of y, transposed (tile[0] x tile[1] elements) */
} dc_chunk;

/* BLAS's dot on pieces of at most this many elements: shorter than where OpenBLAS threads
 * a dot (these run on nd's threads already). */
#define DC_BLAS_PIECE 8192

/* x . y over n elements with byte strides sx, sy: BLAS (float32 summed in float64, as
 * dsdot does) where both strides are positive, a plain loop otherwise (BLAS is not given
 * an increment of 0, a broadcast operand's, nor a negative one, nor one beyond int). */
static double dot_any(nd_dtype t, const char *x, int64_t sx, const char *y, int64_t sy,
                      int64_t n) {
  bool f64 = t == ND_FLOAT64;
  int64_t z = f64 ? 8 : 4;
  double s = 0;
  if (sx > 0 && sy > 0 && sx / z <= INT_MAX && sy / z <= INT_MAX) {
    int ix = (int)(sx / z), iy = (int)(sy / z);
    for (int64_t i = 0; i < n; i += DC_BLAS_PIECE) {
      int k = (int)(n - i < DC_BLAS_PIECE ? n - i : DC_BLAS_PIECE);
      const void *a = x + i * sx, *b = y + i * sy;
      s += f64 ? cblas_ddot(k, a, ix, b, iy) : cblas_dsdot(k, a, ix, b, iy);
    }
    return s;
  }
  for (int64_t i = 0; i < n; i++) {
    const char *a = x + i * sx, *b = y + i * sy;
    s += f64 ? *(const double *)a * *(const double *)b
             : (double)*(const float *)a * (double)*(const float *)b;
  }
  return s;
}

static void dc_row(char *const *ptrs, const int64_t *strides, int64_t n, void *vctx) {
  dc_chunk *c = vctx;
  c->acc += dot_any(c->t, ptrs[0], strides[0], ptrs[1], strides[1], n);
}

static void dc_tile(char *const *ptrs, const int64_t *inner, const int64_t *outer, int64_t na,
                    int64_t nb, void *vctx) {
  dc_chunk *c = vctx;
  int64_t z = (int64_t)ndi_dtype_size(c->t);
  char *tp[2] = {c->buf, ptrs[1]};
  int64_t ti[2] = {z, inner[1]}, to[2] = {na * z, outer[1]};
  ndi_copy_tile(tp, ti, to, na, nb, &z);
  double s = 0;
  for (int64_t b = 0; b < nb; b++)
    s += dot_any(c->t, ptrs[0] + b * outer[0], inner[0], c->buf + b * na * z, z, na);
  c->acc += s;
}

typedef struct {
  const ndi_plan *p; /* the whole pass, serial */
  nd_dtype t;
  int64_t nch, len; /* chunks of len indices of the plan's axis 0 */
  double *part;
  _Atomic size_t failed; /* the bytes of a tile buffer that could not be had, or 0 */
} dc_job;

static void dc_task(void *vj, int64_t ch, int slot) {
  (void)slot;
  dc_job *j = vj;
  const ndi_plan *p = j->p;
  int64_t s = ch * j->len, n = p->shape[0] - s < j->len ? p->shape[0] - s : j->len;
  int64_t shape[ND_MAX_DIMS], st[2][ND_MAX_DIMS];
  for (int i = 0; i < p->ndim; i++) {
    shape[i] = i == 0 ? n : p->shape[i];
    st[0][i] = p->strides[0][i];
    st[1][i] = p->strides[1][i];
  }
  ndi_operand ops[2] = {{p->ptrs[0] + s * p->strides[0][0], st[0], p->elsize[0]},
                        {p->ptrs[1] + s * p->strides[1][0], st[1], p->elsize[1]}};
  ndi_plan q;
  ndi_plan_init(&q, 2, p->ndim, shape, ops, NDI_PLAN_SERIAL);
  q.tile_shift = 0; /* tiles aligned to the data's cache lines would make the sum's grouping
                     * depend on where the data lies */
  dc_chunk c = {j->t, 0.0, NULL};
  if (q.block_axis >= 0 && q.tile_axis == q.ndim - 1) {
    size_t bytes = (size_t)(q.tile[0] * q.tile[1] * q.elsize[1]);
    c.buf = ndi_malloc(bytes);
    if (!c.buf) {
      atomic_store(&j->failed, bytes);
      return;
    }
  }
  ndi_plan_execute_tiled(&q, dc_row, c.buf ? dc_tile : NULL, &c);
  ndi_free(c.buf);
  j->part[ch] = c.acc;
}

bool ndi_la_dot_full_wanted(nd_dtype t) { return t == ND_FLOAT64 || t == ND_FLOAT32; }

nd_status ndi_la_dot_full(const char *op, nd_dtype t, int ndim, const int64_t *shape,
                          const char *x, const int64_t *xs, const char *y, const int64_t *ys,
                          void *out) {
  int64_t z = (int64_t)ndi_dtype_size(t);
  int64_t bx[ND_MAX_DIMS], by[ND_MAX_DIMS];
  for (int i = 0; i < ndim; i++) {
    bx[i] = xs[i] * z;
    by[i] = ys[i] * z;
  }
  ndi_operand ops[2] = {{(char *)x, bx, z}, {(char *)y, by, z}};
  ndi_plan p;
  ndi_plan_init(&p, 2, ndim, shape, ops, NDI_PLAN_SERIAL);
  double sum = 0;
  if (p.size > 0 && p.ndim > 0) {
    /* chunks: a function of the shape alone */
    int64_t nch = p.size / DC_MIN_CHUNK;
    if (nch > DC_MAX_CHUNKS) nch = DC_MAX_CHUNKS;
    if (nch > p.shape[0]) nch = p.shape[0];
    if (nch < 1) nch = 1;
    dc_job j = {&p, t, nch, (p.shape[0] + nch - 1) / nch, NULL, 0};
    j.nch = (p.shape[0] + j.len - 1) / j.len;
    j.part = ndi_malloc((size_t)j.nch * sizeof(double));
    if (!j.part) return ndi_nomem(op, (size_t)j.nch * sizeof(double));
    int nt = ndi_threads_for(p.size);
    ndi_parallel(nt, j.nch, dc_task, &j);
    size_t failed = atomic_load(&j.failed);
    for (int64_t c = 0; c < j.nch && !failed; c++) sum += j.part[c];
    ndi_free(j.part);
    if (failed) return ndi_nomem(op, failed);
  } else if (p.size > 0) {
    sum = dot_any(t, p.ptrs[0], 0, p.ptrs[1], 0, 1);
  }
  if (t == ND_FLOAT64)
    *(double *)out = sum;
  else
    *(float *)out = (float)sum;
  return ND_OK;
}
