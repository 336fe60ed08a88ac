/* The elementwise engine: a plan over the output and its inputs, and, where the kernel
 * cannot take the operands as they are, a buffering layer between the plan's rows and the
 * kernel (dtype conversion, gathering into dense chunks, non-temporal output stores). */
#include "elementwise.h"

#include <stdbool.h>


#include "core/alloc.h"
#include "core/dtype.h"
#include "kernels/stream.h"
#include "pool.h"
#include "plan.h"
#include "threads.h"

/* Elements per buffered chunk: 4 KiB for the widest dtype, so the buffers of all operands
 * stay in L1 between conversion and use. */
#define NDI_EW_CHUNK 256
#define NDI_EW_BUF_BYTES (NDI_EW_CHUNK * 16)
/* How many chunks ahead dense inputs are prefetched when the result is streamed: 8 KiB
 * for float64, measured best on one core (4 to 16 KiB all near it). */
#define NDI_EW_PREFETCH 4

typedef struct {
  ndi_loop_fn fn;
  void *ctx;
  int nop;
  bool contiguous, stream;
  /* Per operand: the conversion into (inputs) or out of (output) the loop dtype, NULL
   * when the dtypes agree; the same-dtype copy loop for gathering; element sizes. */
  ndi_loop_fn convert[NDI_EW_MAX_IN + 1];
  ndi_loop_fn copy[NDI_EW_MAX_IN + 1];
  int64_t loop_size[NDI_EW_MAX_IN + 1];
} buffered;

/* Moves m elements: dst (stride ds) <- src (stride ss) through loop fn. */
static inline void move(ndi_loop_fn fn, char *dst, int64_t ds, char *src, int64_t ss,
                        int64_t m) {
  char *p[2] = {dst, src};
  int64_t s[2] = {ds, ss};
  fn(p, s, m, NULL);
}

static void buffered_loop(char *const *ptrs, const int64_t *strides, int64_t n, void *vctx) {
  const buffered *b = vctx;
  _Alignas(64) char buf[NDI_EW_MAX_IN + 1][NDI_EW_BUF_BYTES];
  char *p[NDI_EW_MAX_IN + 1];
  int64_t s[NDI_EW_MAX_IN + 1];
  /* How each operand is handed over in this call: 0 as it is, 1 through the buffer, 2
   * (inputs of stride 0 that need converting) as one converted element of stride 0. */
  int mode[NDI_EW_MAX_IN + 1];
  bool stream = b->stream && strides[0] == b->loop_size[0];
  mode[0] = (b->convert[0] || stream || (b->contiguous && strides[0] != b->loop_size[0])) ? 1 : 0;
  for (int k = 1; k < b->nop; k++) {
    bool dense = strides[k] == b->loop_size[k];
    if (strides[k] == 0 && b->convert[k] && !b->contiguous) {
      mode[k] = 2;
      move(b->convert[k], buf[k], 0, ptrs[k], 0, 1);
    } else {
      mode[k] = (b->convert[k] || (b->contiguous && !dense)) ? 1 : 0;
    }
  }
  for (int64_t start = 0; start < n; start += NDI_EW_CHUNK) {
    int64_t m = n - start < NDI_EW_CHUNK ? n - start : NDI_EW_CHUNK;
    for (int k = 1; k < b->nop; k++) {
      char *src = ptrs[k] + start * strides[k];
      /* a streamed (so large) result: the dense inputs' chunk NDI_EW_PREFETCH ahead is
       * fetched now, so that a slow kernel does not wait on memory (stream.h) */
      int64_t ahead = start + NDI_EW_PREFETCH * NDI_EW_CHUNK;
      if (stream && strides[k] == b->loop_size[k] && ahead < n)
        ndi_prefetch(ptrs[k] + ahead * strides[k],
                     (size_t)((n - ahead < m ? n - ahead : m) * strides[k]));
      if (mode[k] == 0) {
        p[k] = src;
        s[k] = strides[k];
      } else if (mode[k] == 2) {
        p[k] = buf[k];
        s[k] = 0;
      } else {
        move(b->convert[k] ? b->convert[k] : b->copy[k], buf[k], b->loop_size[k], src,
             strides[k], m);
        p[k] = buf[k];
        s[k] = b->loop_size[k];
      }
    }
    char *dst = ptrs[0] + start * strides[0];
    if (mode[0] == 0) {
      p[0] = dst;
      s[0] = strides[0];
    } else {
      p[0] = buf[0];
      s[0] = b->loop_size[0];
    }
    b->fn(p, s, m, b->ctx);
    if (mode[0] == 0) continue;
    if (stream)
      ndi_stream_store(dst, buf[0], (size_t)(m * b->loop_size[0]));
    else
      move(b->convert[0] ? b->convert[0] : b->copy[0], dst, strides[0], buf[0],
           b->loop_size[0], m);
  }
  if (stream) ndi_stream_fence();
}

/* ---- tiles: inputs that run across the output ------------------------------------------
 * When the plan tiles (an input's fastest axis is another one than the output's, as in
 * a + b.T), each such input's tile is first transposed into a dense per-thread buffer by
 * the copy engine's tile kernel (register transposes), and the rows of the tile then run
 * through the kernel's dense path, as for a + b. */

typedef struct {
  ndi_loop_fn row_fn; /* the kernel, or buffered_loop */
  void *row_ctx;
  int nop;
  bool across[NDI_EW_MAX_IN + 1]; /* inputs transposed through the buffer */
  int64_t elsize[NDI_EW_MAX_IN + 1];
  int64_t offset[NDI_EW_MAX_IN + 1]; /* of each input's buffer within a thread's part */
  char *buf;
  int64_t per_thread; /* bytes */
  int threads;        /* buffers allocated: one per thread of the plan */
} tiled;

static void tiled_tile(char *const *ptrs, const int64_t *inner, const int64_t *outer,
                       int64_t na, int64_t nb, void *vctx) {
  const tiled *t = vctx;
  /* with one thread the plan runs without a parallel region of its own (possibly inside
   * someone else's), so the slot is not ours to use */
  int tid = t->threads > 1 ? ndi_slot() : 0;
  char *base = t->buf + tid * t->per_thread;
  for (int k = 1; k < t->nop; k++) {
    if (!t->across[k]) continue;
    char *tp[2] = {base + t->offset[k], ptrs[k]};
    int64_t ti[2] = {t->elsize[k], inner[k]}, to[2] = {na * t->elsize[k], outer[k]};
    int64_t z = t->elsize[k];
    ndi_copy_tile(tp, ti, to, na, nb, &z);
  }
  char *p[NDI_EW_MAX_IN + 1];
  int64_t s[NDI_EW_MAX_IN + 1];
  for (int64_t b = 0; b < nb; b++) {
    for (int k = 0; k < t->nop; k++) {
      if (t->across[k]) {
        p[k] = base + t->offset[k] + b * na * t->elsize[k];
        s[k] = t->elsize[k];
      } else {
        p[k] = ptrs[k] + b * outer[k];
        s[k] = inner[k];
      }
    }
    t->row_fn(p, s, na, t->row_ctx);
  }
}

/* Rows outside tiles (not used by a tiled plan, but the engine's signature wants one). */
static void tiled_row(char *const *ptrs, const int64_t *strides, int64_t n, void *vctx) {
  const tiled *t = vctx;
  t->row_fn(ptrs, strides, n, t->row_ctx);
}

/* Runs a tiled plan with buffers for the inputs that cross the output; false (nothing
 * done) when no input crosses or the buffers cannot be had. */
static bool run_tiled(const ndi_plan *plan, ndi_loop_fn row_fn, void *row_ctx) {
  if (plan->block_axis < 0 || plan->tile_axis != plan->ndim - 1) return false;
  tiled t = {row_fn, row_ctx, plan->nop, {false}, {0}, {0}, NULL, 0, 1};
  int inner = plan->ndim - 1;
  bool any = false;
  for (int k = 1; k < plan->nop; k++) {
    int64_t si = plan->strides[k][inner], sb = plan->strides[k][plan->block_axis];
    t.elsize[k] = plan->elsize[k];
    /* crosses: not dense along the inner axis, dense along the tiled one */
    t.across[k] = si != t.elsize[k] && si != 0 && (sb == t.elsize[k] || sb == -t.elsize[k]);
    if (!t.across[k]) continue;
    t.offset[k] = t.per_thread;
    t.per_thread += (plan->tile[0] * plan->tile[1] * t.elsize[k] + 63) / 64 * 64;
    any = true;
  }
  if (!any) return false;
  t.threads = ndi_plan_threads(plan);
  t.buf = ndi_malloc((size_t)(t.per_thread * t.threads));
  if (!t.buf) return false; /* the plain tiled traversal still works */
  ndi_plan_execute_tiled(plan, tiled_row, tiled_tile, &t);
  ndi_free(t.buf);
  return true;
}

void ndi_elementwise(int nin, int ndim, const int64_t *shape, const ndi_ew_operand *out,
                     const ndi_ew_operand *in, ndi_loop_fn fn, void *ctx, unsigned flags,
                     int64_t work_scale) {
  int nop = nin + 1;
  int64_t bstrides[NDI_EW_MAX_IN + 1][ND_MAX_DIMS];
  ndi_operand ops[NDI_EW_MAX_IN + 1];
  buffered b = {fn, ctx, nop, (flags & NDI_EW_CONTIGUOUS) != 0, false, {0}, {0}, {0}};
  bool need_buffer = b.contiguous;
  for (int k = 0; k < nop; k++) {
    const ndi_ew_operand *o = k == 0 ? out : &in[k - 1];
    int64_t z = (int64_t)ndi_dtype_size(o->dtype);
    for (int i = 0; i < ndim; i++) bstrides[k][i] = o->strides[i] * z;
    ops[k] = (ndi_operand){o->data, bstrides[k], z};
    b.loop_size[k] = (int64_t)ndi_dtype_size(o->loop_dtype);
    b.copy[k] = ndi_cast_loops[o->loop_dtype][o->loop_dtype];
    if (o->dtype != o->loop_dtype) {
      b.convert[k] = k == 0 ? ndi_cast_loops[o->dtype][o->loop_dtype]
                            : ndi_cast_loops[o->loop_dtype][o->dtype];
      need_buffer = true;
    }
  }
  ndi_plan plan;
  ndi_plan_init(&plan, nop, ndim, shape, ops, 0);
  plan.work_scale = work_scale > 0 ? work_scale : 1;
  /* Non-temporal stores pay off for long rows into existing memory when several threads
   * share the memory bus; a tiled plan writes short rows (measured slower), and freshly
   * allocated pages are better written through the cache the kernel just zeroed them in
   * (the caller says so with NDI_EW_NO_STREAM). One thread cannot fill the bus: one core
   * has too few write-combining buffers for streaming stores to beat plain ones (16M
   * float64 on one core: add 26 ms streamed against 16 ms plain, log 29-30 ms against
   * 23-29 ms), so a one-thread loop writes through the cache. Nor do kernels that cost more
   * than a copy (work_scale above 1: math functions, table lookups): their threads do not
   * fill the bus either, and the buffer and its fences cost them up to a third (16M
   * elements on two threads, written through the cache against streamed: float64 exp 9.3-9.8
   * against 12.0-13.7 ms, sin 17.6 against 20.9-21.5, float16 log 2.0-2.2 against 3.0-3.3). */
  if (!(flags & NDI_EW_NO_STREAM) && !b.convert[0] && plan.ndim > 0 && plan.block_axis < 0 &&
      plan.work_scale <= 1 &&
      plan.size * b.loop_size[0] >= NDI_EW_STREAM_BYTES && ndi_plan_threads(&plan) > 1) {
    b.stream = true;
    need_buffer = true;
  }
  ndi_loop_fn row_fn = need_buffer ? buffered_loop : fn;
  void *row_ctx = need_buffer ? (void *)&b : ctx;
  if (!run_tiled(&plan, row_fn, row_ctx)) ndi_plan_execute(&plan, row_fn, row_ctx);
}
