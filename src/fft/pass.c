/* The pass engine: a batch of one-dimensional transforms along one axis.
 *
 * The lines are cut into units: a block of B lines along one batch axis (the "vector"
 * axis v, the batch axis with the smallest strides) at one position of the other batch
 * axes. B depends only on the transform length and the shape, never on the thread count,
 * and every unit of B lines runs the same FFTW plan (the last block along v, if shorter,
 * runs a plan of its own), so each line's result is the same on any number of threads.
 * Threads (nd's workers, through nd_parallel_for: OpenMP's idle threads spin, which
 * stalled every batch on a core another program kept busy) take runs of consecutive
 * units, a few per thread, in order as they become free.
 *
 * Within a unit, FFTW addresses the array directly ("direct" side) when its lines are
 * contiguous along the axis or the unit's memory fits in cache anyway, and when no
 * conversion is needed. Otherwise the unit goes through a per-thread buffer of B
 * contiguous lines: nd's transposing copy engine (nd_copy_strided) gathers the lines into
 * it, converting the dtype and cutting to n on the way, zeros pad it, FFTW transforms it
 * in cache, and the copy engine scatters the result. Lines along a slow axis of a big array
 * (columns of a C matrix) thus cost about what rows cost: with FFTW's own strides on the
 * array, 2048 columns of a C [2048,2048] complex128 array took 2 to 6 times as long as
 * through the buffer, as strides of 2^k elements fall into the same cache sets. (A buffer
 * of interleaved lines [len][B] measured slower here: the copy engine then moves rows of
 * only B elements.) */
#include "pass.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nd/core.h"
#include "nd/toolkit.h"
#include "scratch.h"

/* Elements per unit (lines x length): a complex128 buffer of 512 KiB, which fits a core's
 * L2 cache (measured 1.2x faster than 256 KiB for the columns of a 2048x2048 array). */
#define NDF_UNIT_ELEMS 32768
/* A side whose unit spans at most this many bytes is addressed directly even if strided. */
#define NDF_CACHE_SPAN ((int64_t)256 * 1024)
/* Less work than this many elements runs on one thread (nd's grain). */
#define NDF_GRAIN 32768

typedef struct layout {
  int64_t need_in, out_len, cnt; /* per line: input the transform reads, output, copied */
  nd_dtype cin, cout;            /* the transform's input and output dtypes */
  size_t ies, oes, ues_in, ues_out; /* bytes: compute in/out, the arrays' in/out */
  /* The batch axes without those of extent 1, merged where both sides step evenly over
   * two of them (NumPy's coalescing: the lines of a C [N,M,n] array along its last axis
   * are N*M lines at one stride), fastest first. Axis 0 is the vector axis. */
  int nb;
  int64_t shape[ND_MAX_DIMS], sin[ND_MAX_DIMS], sout[ND_MAX_DIMS];
  int tw; /* the twiddles' line axis among them, -1 none */
  int64_t ext_v, B, nblk, tail, units, outer_count;
  bool din, dout, dst_bufin;
  int64_t is, idist, os, odist; /* FFTW strides of the unit's source and destination */
} layout;

static nd_dtype complex_of(bool single) { return single ? ND_COMPLEX64 : ND_COMPLEX128; }
static nd_dtype real_of(bool single) { return single ? ND_FLOAT32 : ND_FLOAT64; }

static int64_t iabs64(int64_t x) { return x < 0 ? -x : x; }

/* Whether FFTW should address a side directly: contiguous lines that do not spread far
 * (the scratch for measuring covers the span), or a unit that fits in cache. */
static bool compact(int64_t len, int64_t stride, int64_t b, int64_t vstride, size_t es) {
  int64_t span = (len - 1) * iabs64(stride) + (b - 1) * iabs64(vstride) + 1;
  if (span * (int64_t)es <= NDF_CACHE_SPAN) return true;
  return iabs64(stride) == 1 && span <= 4 * b * len + 65536;
}

/* Element offsets of unit u's first line in the input and output, and its position
 * along the twiddles' axis. */
static void unit_offsets(const layout *L, int64_t u, int64_t *oin, int64_t *oout, int64_t *coord_tw) {
  int64_t o = u / L->nblk, k = u % L->nblk;
  int64_t in = 0, out = 0;
  *coord_tw = 0;
  for (int d = 1; d < L->nb; d++) {
    int64_t c = o % L->shape[d];
    o /= L->shape[d];
    in += c * L->sin[d];
    out += c * L->sout[d];
    if (d == L->tw) *coord_tw = c;
  }
  if (L->nb > 0) {
    in += k * L->B * L->sin[0];
    out += k * L->B * L->sout[0];
  }
  *oin = in;
  *oout = out;
}

/* The alignment class shared by every unit's pointer on one side, or -1 if they differ. */
static int uniform_alignment(const ndf_pass *p, const layout *L, bool input) {
  const char *base = input ? p->in : p->out;
  const int64_t *st = input ? L->sin : L->sout;
  int64_t es = (int64_t)(input ? L->ues_in : L->ues_out);
  int a0 = ndf_alignment_of(base, p->single);
  bool easy = L->nb == 0 || (L->B * st[0] * es) % 64 == 0;
  for (int d = 1; d < L->nb && easy; d++) easy = (st[d] * es) % 64 == 0;
  if (easy) return a0;
  for (int64_t u = 1; u < L->units; u++) {
    int64_t oi, oo, c;
    unit_offsets(L, u, &oi, &oo, &c);
    if (ndf_alignment_of(base + (input ? oi : oo) * es, p->single) != a0) return -1;
  }
  return a0;
}

/* The batch axes of L (see layout), planned with nd's loop planner: fastest first by the
 * bytes both sides step (ties in the order given), merged where both sides step evenly,
 * the twiddles' axis kept apart. The planner orders axes slowest first, so it gets them
 * reversed and L takes them back reversed. */
static void batch_axes(const ndf_pass *p, layout *L) {
  int64_t shape[ND_MAX_DIMS], sin[ND_MAX_DIMS], sout[ND_MAX_DIMS], cost[ND_MAX_DIMS];
  for (int d = 0; d < p->nb; d++) {
    shape[p->nb - 1 - d] = p->bshape[d];
    sin[p->nb - 1 - d] = p->bin[d];
    sout[p->nb - 1 - d] = p->bout[d];
  }
  nd_loop l;
  nd_loop_init(&l, 2, p->nb, shape, (const int64_t *const[]){sin, sout});
  for (int i = 0; i < l.ndim; i++)
    cost[i] = iabs64(l.strides[0][i]) * (int64_t)L->ues_in + iabs64(l.strides[1][i]) * (int64_t)L->ues_out;
  nd_loop_sort_by(&l, cost);
  nd_loop_coalesce(&l, p->tw_dim >= 0 ? p->nb - 1 - p->tw_dim : -1);
  L->nb = l.ndim;
  L->tw = -1;
  for (int i = 0; i < l.ndim; i++) {
    int k = l.ndim - 1 - i;
    L->shape[i] = l.shape[k];
    L->sin[i] = l.strides[0][k];
    L->sout[i] = l.strides[1][k];
    if (p->tw_dim >= 0 && l.axis[k] == p->nb - 1 - p->tw_dim) L->tw = i;
  }
}

static void make_layout(const ndf_pass *p, layout *L) {
  memset(L, 0, sizeof *L);
  L->need_in = p->kind == NDF_C2R ? p->n / 2 + 1 : p->n;
  L->out_len = p->kind == NDF_R2C ? p->n / 2 + 1 : p->n;
  L->cnt = p->in_len < L->need_in ? p->in_len : L->need_in;
  L->cin = p->kind == NDF_R2C ? real_of(p->single) : complex_of(p->single);
  L->cout = p->kind == NDF_C2R ? real_of(p->single) : complex_of(p->single);
  L->ies = nd_dtype_size(L->cin);
  L->oes = nd_dtype_size(L->cout);
  L->ues_in = nd_dtype_size(p->in_dtype);
  L->ues_out = nd_dtype_size(p->out_dtype);

  batch_axes(p, L);
  L->ext_v = L->nb > 0 ? L->shape[0] : 1;
  L->outer_count = 1;
  for (int d = 1; d < L->nb; d++) L->outer_count *= L->shape[d];
  int64_t len = L->need_in > L->out_len ? L->need_in : L->out_len;
  L->B = NDF_UNIT_ELEMS / len;
  if (L->B < 1) L->B = 1;
  if (L->B > L->ext_v) L->B = L->ext_v;
  L->nblk = (L->ext_v + L->B - 1) / L->B;
  L->tail = L->ext_v - (L->nblk - 1) * L->B;
  L->units = L->outer_count * L->nblk;

  int64_t vin = L->nb > 0 ? L->sin[0] : 0, vout = L->nb > 0 ? L->sout[0] : 0;
  L->din = L->cnt == L->need_in && p->in_dtype == L->cin && !p->conj_in &&
           (p->kind != NDF_C2R || p->in_destroy) &&
           compact(L->need_in, p->in_stride, L->B, vin, L->ies);
  L->dout = compact(L->out_len, p->out_stride, L->B, vout, L->oes);
  L->dst_bufin = !L->din && !L->dout && (p->kind == NDF_C2C_FWD || p->kind == NDF_C2C_BWD);

  /* FFTW's strides: the array's on a direct side, else the buffer's contiguous lines */
  L->is = L->din ? p->in_stride : 1;
  L->idist = L->din && L->nb > 0 ? vin : L->need_in;
  if (L->dout) {
    L->os = p->out_stride;
    L->odist = L->nb > 0 ? vout : L->out_len;
  } else {
    L->os = 1;
    L->odist = L->dst_bufin ? L->need_in : L->out_len;
  }
}

/* Per-thread buffers and the first failure of any thread. */
typedef struct run_state {
  const ndf_pass *p;
  const layout *L;
  ndf_plan *full, *part;
  char **bin, **bout;
  size_t bin_bytes, bout_bytes;
  int64_t chunks;  /* tasks: runs of consecutive units */
  bool ready[256]; /* slot k > 0 has fetched its buffers (only slot k's thread touches it) */
  _Atomic int failed;
  int status; /* the extended code (nd_last_extended_status) */
  char msg[512];
} run_state;

static void record_failure(run_state *rs) {
  int expected = 0;
  if (atomic_compare_exchange_strong(&rs->failed, &expected, 1)) {
    rs->status = nd_last_status() ? nd_last_extended_status() : ND_ERR_NOMEM;
    strncpy(rs->msg, nd_last_error(), sizeof rs->msg - 1);
  }
}

/* dst[...] = src over two 2-D strided views of raw memory (nd's copy engine). */
static nd_status copy2d(const char *op, nd_dtype td, void *dst, const int64_t *dst_st,
                        nd_dtype ts, const void *src, const int64_t *src_st, int64_t rows,
                        int64_t cols) {
  return nd_copy_strided(op, 2, (const int64_t[]){rows, cols}, td, dst, dst_st, ts, src, src_st);
}

static nd_status gather(const ndf_pass *p, const layout *L, const char *ip, int64_t b, char *buf) {
  int64_t src_st[2] = {L->nb > 0 ? L->sin[0] : 0, p->in_stride};
  int64_t dst_st[2] = {L->need_in, 1};
  nd_status st = copy2d(p->op, L->cin, buf, dst_st, p->in_dtype, ip, src_st, b, L->cnt);
  if (st) return st;
  if (L->cnt < L->need_in) /* zeros after the input */
    for (int64_t l = 0; l < b; l++)
      memset(buf + (l * L->need_in + L->cnt) * (int64_t)L->ies, 0, (size_t)(L->need_in - L->cnt) * L->ies);
  if (p->conj_in)
    ndf_scale_lines(buf, p->single, true, b, L->cnt, dst_st[1], dst_st[0], 1.0, true);
  return ND_OK;
}

/* Thread tid's buffers (its own scratch, kept between calls). */
static bool thread_buffers(run_state *rs, int tid) {
  const layout *L = rs->L;
  if (!L->din && !(rs->bin[tid] = ndf_scratch_get(NDF_SLOT_IN, rs->bin_bytes))) {
    nd_set_error(ND_ERR_NOMEM, "%s: out of memory (%zu bytes)", rs->p->op, rs->bin_bytes);
    return false;
  }
  if (!L->dout && !L->dst_bufin && !(rs->bout[tid] = ndf_scratch_get(NDF_SLOT_OUT, rs->bout_bytes))) {
    nd_set_error(ND_ERR_NOMEM, "%s: out of memory (%zu bytes)", rs->p->op, rs->bout_bytes);
    return false;
  }
  return true;
}

static void release_buffers(void) {
  ndf_scratch_done(NDF_SLOT_IN);
  ndf_scratch_done(NDF_SLOT_OUT);
}

static void run_unit(run_state *rs, int tid, int64_t u) {
  const ndf_pass *p = rs->p;
  const layout *L = rs->L;
  int64_t oin, oout, ctw;
  unit_offsets(L, u, &oin, &oout, &ctw);
  int64_t k = u % L->nblk, b = k == L->nblk - 1 ? L->tail : L->B;
  const char *ip = p->in + oin * (int64_t)L->ues_in;
  char *op = p->out + oout * (int64_t)L->ues_out;
  void *src = (void *)(uintptr_t)ip, *dst = op;
  if (!L->din) {
    if (gather(p, L, ip, b, rs->bin[tid])) {
      record_failure(rs);
      return;
    }
    src = rs->bin[tid];
  }
  if (!L->dout) dst = L->dst_bufin ? rs->bin[tid] : rs->bout[tid];
  ndf_plan_execute(b == L->B ? rs->full : rs->part, src, dst);
  bool cplx = p->kind != NDF_C2R;
  if (p->tw) {
    bool along_v = L->tw == 0;
    ndf_twiddle_lines(dst, p->single, p->tw, along_v ? k * L->B : ctw, along_v ? 1 : 0, b,
                      L->out_len, L->os, L->odist);
  }
  if (p->scale != 1.0 || (p->conj_out && cplx))
    ndf_scale_lines(dst, p->single, cplx, b, L->out_len, L->os, L->odist, p->scale, p->conj_out);
  if (!L->dout) {
    int64_t out_st[2] = {L->nb > 0 ? L->sout[0] : 0, p->out_stride};
    int64_t buf_st[2] = {L->odist, L->os};
    if (copy2d(p->op, p->out_dtype, op, out_st, L->cout, dst, buf_st, b, L->out_len)) record_failure(rs);
  }
}

/* Task `task`, one of rs->chunks runs of consecutive units, on the thread of slot `slot`
 * with that thread's buffers, fetched on its first task. A worker keeps them between
 * calls (as the caller does up to NDF_SCRATCH_KEEP; a larger one, of a single long line,
 * stays until that worker's next transform). */
static void unit_task(void *ctx, int64_t task, int slot) {
  run_state *rs = ctx;
  if (atomic_load(&rs->failed)) return;
  if (slot > 0 && !rs->ready[slot]) {
    if (!thread_buffers(rs, slot)) {
      record_failure(rs);
      return;
    }
    rs->ready[slot] = true;
  }
  int64_t n = rs->L->units, u0 = n * task / rs->chunks, u1 = n * (task + 1) / rs->chunks;
  for (int64_t u = u0; u < u1 && !atomic_load(&rs->failed); u++) run_unit(rs, slot, u);
}

static ndf_plan *plan_for(const ndf_pass *p, const layout *L, int64_t howmany, int ain, int aout,
                          void *in, void *out) {
  ndf_geom g = {
      .kind = p->kind, .single = p->single, .n = p->n,
      .is = L->is, .os = L->os, .howmany = howmany, .idist = L->idist, .odist = L->odist,
      .align_in = ain, .align_out = aout,
  };
  g.inplace = in == out;
  g.destroy_in = !L->din || p->in_destroy;
  return ndf_plan_acquire(p->op, &g, in, out);
}

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

nd_status ndf_pass_run(const ndf_pass *p) {
  for (int d = 0; d < p->nb; d++)
    if (p->bshape[d] == 0) return ND_OK;
  layout L;
  make_layout(p, &L);

  int T = nd_get_num_threads();
  int64_t len = L.need_in > L.out_len ? L.need_in : L.out_len;
  if (T < 1 || L.units * L.B * len < NDF_GRAIN) T = 1;
  if (T > L.units) T = (int)L.units;

  run_state rs = {.p = p, .L = &L};
  char *bufs[2 * 256] = {0};
  if (T > 256) T = 256;
  rs.bin = bufs;
  rs.bout = bufs + 256;
  rs.bin_bytes = (size_t)(L.B * L.need_in) * L.ies;
  rs.bout_bytes = (size_t)(L.B * L.out_len) * L.oes;
  nd_status st = thread_buffers(&rs, 0) ? ND_OK : nd_last_status(); /* this thread is 0 */
  if (!st) {
    int ain = L.din ? uniform_alignment(p, &L, true) : 0;
    int aout = L.dout ? uniform_alignment(p, &L, false) : 0;
    void *in0 = L.din ? (void *)(uintptr_t)p->in : rs.bin[0];
    void *out0 = L.dout ? p->out : L.dst_bufin ? rs.bin[0] : rs.bout[0];
    if (L.din && L.dout && p->in == p->out) out0 = in0;
    rs.full = plan_for(p, &L, L.B, ain, aout, in0, out0);
    if (rs.full && L.tail != L.B) rs.part = plan_for(p, &L, L.tail, ain, aout, in0, out0);
    if (!rs.full || (L.tail != L.B && !rs.part)) st = nd_last_status();
  }
  if (!st) {
    double t0 = now_seconds();
    if (T > 1) {
      /* a few runs of consecutive units per thread: one unit per task, threads taking
       * them in turn, measured 20-30% slower (2048 transforms along axis 0 of a C
       * [1024,4096]: 16 against 21 ms on 2 threads), as neighbouring columns went to
       * different cores; a few per thread still let a thread on a busy core take fewer */
      rs.chunks = L.units < 4 * T ? L.units : 4 * T;
      nd_parallel_for(T, rs.chunks, unit_task, &rs);
    } else {
      for (int64_t u = 0; u < L.units && !atomic_load(&rs.failed); u++) run_unit(&rs, 0, u);
    }
    /* the time of the call, shared between the two plans by their lines */
    double spent = now_seconds() - t0, part_lines = L.tail != L.B ? (double)L.tail : 0.0;
    ndf_plan_note_time(rs.full, spent * (1.0 - part_lines / (double)L.ext_v));
    if (rs.part) ndf_plan_note_time(rs.part, spent * part_lines / (double)L.ext_v);
    if (atomic_load(&rs.failed)) st = nd_set_error(rs.status, "%s", rs.msg);
  }
  ndf_plan_release(rs.full);
  ndf_plan_release(rs.part);
  release_buffers();
  return st;
}
