/* Running a plan: rows of the inner axis, or tiles of two axes, split across threads. */
#include <string.h>

#include "odometer.h"
#include "plan.h"
#include "pool.h"
#include "threads.h"

/* Tiled plans whose inputs total at least this many bytes (half the last level cache of
 * the machines nd is tuned on: inputs that come from memory, not L3) fetch each next
 * tile's inputs ahead (run_tiles). Below, the slicing and the fetching cost more than
 * they save (24^4 float64, 5.3 MB of inputs: a 1302 copy 0.068 ms without, 0.111 with). */
#define NDI_TILE_PREFETCH_BYTES ((int64_t)16 << 20)

/* Rows longer than this are cut into pieces when there are too few rows to share. */
#define NDI_MIN_PIECE 4096

/* An odometer over the outer axes [0, nouter) of a plan (byte offsets from the plan's
 * pointers). */
static void outer_odometer(nd_odometer *o, const ndi_plan *p, int nouter) {
  o->n = 0;
  o->nop = p->nop;
  for (int k = 0; k < p->nop; k++) o->offset[k] = 0;
  int64_t st[NDI_MAX_OPS];
  for (int i = 0; i < nouter; i++) {
    for (int k = 0; k < p->nop; k++) st[k] = p->strides[k][i];
    ndi_odo_push(o, p->shape[i], st);
  }
}

static int64_t outer_count(const ndi_plan *p, int nouter) {
  int64_t n = 1;
  for (int i = 0; i < nouter; i++) n *= p->shape[i];
  return n;
}

/* ---- rows ---------------------------------------------------------------------------- */

typedef struct {
  int64_t rows, pieces, piece_len;
} row_split;

static row_split split_rows(const ndi_plan *p, int nthreads) {
  row_split s;
  int64_t len = p->shape[p->ndim - 1];
  int64_t outer = outer_count(p, p->ndim - 1);
  s.pieces = 1;
  if (nthreads > 1 && outer < 16 * (int64_t)nthreads) {
    int64_t want = (16 * (int64_t)nthreads + outer - 1) / outer;
    int64_t most = (len + NDI_MIN_PIECE - 1) / NDI_MIN_PIECE;
    s.pieces = want < most ? want : most;
    if (s.pieces < 1) s.pieces = 1;
  }
  s.piece_len = (len + s.pieces - 1) / s.pieces;
  s.rows = outer * s.pieces;
  return s;
}

static void run_rows(const ndi_plan *p, const row_split *s, int64_t begin, int64_t end,
                     ndi_loop_fn fn, void *ctx) {
  if (begin >= end) return;
  int inner = p->ndim - 1;
  int64_t len = p->shape[inner];
  int64_t is[NDI_MAX_OPS];
  for (int k = 0; k < p->nop; k++) is[k] = p->strides[k][inner];
  nd_odometer o;
  outer_odometer(&o, p, inner);
  ndi_odo_seek(&o, begin / s->pieces);
  int64_t piece = begin % s->pieces;
  char *ptrs[NDI_MAX_OPS];
  for (int64_t r = begin; r < end; r++) {
    int64_t start = piece * s->piece_len;
    int64_t n = len - start < s->piece_len ? len - start : s->piece_len;
    for (int k = 0; k < p->nop; k++) ptrs[k] = p->ptrs[k] + o.offset[k] + start * is[k];
    if (n > 0) fn(ptrs, is, n, ctx);
    if (++piece == s->pieces) {
      piece = 0;
      ndi_odo_next(&o);
    }
  }
}

/* ---- tiles ---------------------------------------------------------------------------
 * Tiles are enumerated in the plan's axis order, the block axis and the tiled axis each
 * standing for its row of tiles where it is: the tiles then follow the output's memory
 * order as rows do, so a thread's range of tiles writes one part of the output front to
 * back, in a few long runs (a 4-d permutation to C tiled over its two inner axes writes
 * tile[0] runs at once, not one per index of every axis between them). */

typedef struct {
  int64_t nb, na, tiles;
  bool prefetch; /* the inputs are too large for L2: fetch each next tile ahead */
  int pos_b, pos_a; /* the tile counts' axes in the tile odometer, -1 when one tile */
} tile_split;

static tile_split split_tiles(const ndi_plan *p) {
  tile_split s;
  int b = p->block_axis, a = p->tile_axis;
  s.nb = (p->shape[b] + p->tile_shift + p->tile[0] - 1) / p->tile[0];
  s.na = (p->shape[a] + p->tile[1] - 1) / p->tile[1];
  s.tiles = s.nb * s.na;
  for (int i = 0; i < a; i++)
    if (i != b) s.tiles *= p->shape[i];
  /* where the odometer (tile_odometer) puts the tile counts: axes before them count,
   * a tile count of 1 is left out */
  s.pos_b = s.pos_a = -1;
  for (int i = 0, pos = 0; i <= a; i++) {
    if ((i == b && s.nb == 1) || (i == a && s.na == 1)) continue;
    if (i == b) s.pos_b = pos;
    if (i == a) s.pos_a = pos;
    pos++;
  }
  int64_t in_bytes = 0;
  for (int k = 1; k < p->nop; k++) in_bytes += p->size * p->elsize[k];
  s.prefetch = in_bytes >= NDI_TILE_PREFETCH_BYTES;
  return s;
}

/* An odometer over the tiles: axes [0, tile_axis], the block and tiled axes counting
 * tiles (stride 0: their offsets are computed from the index; left out when there is
 * one tile along them, which saves small arrays a step per tile). */
static void tile_odometer(nd_odometer *o, const ndi_plan *p, const tile_split *s) {
  o->n = 0;
  o->nop = p->nop;
  for (int k = 0; k < p->nop; k++) o->offset[k] = 0;
  int64_t st[NDI_MAX_OPS] = {0};
  for (int i = 0; i <= p->tile_axis; i++) {
    bool tiled = i == p->block_axis || i == p->tile_axis;
    int64_t n = i == p->block_axis ? s->nb : i == p->tile_axis ? s->na : p->shape[i];
    if (tiled && n == 1) continue; /* (split_tiles counted the positions the same way) */
    for (int k = 0; k < p->nop; k++) st[k] = tiled ? 0 : p->strides[k][i];
    ndi_odo_push(o, n, st);
  }
}

/* One tile: its operands' first elements and its extents along the block and tiled axes. */
typedef struct {
  char *ptrs[NDI_MAX_OPS];
  int64_t nb, na;
} tile_at;

static void locate_tile(const ndi_plan *p, const tile_split *s, const nd_odometer *o,
                        const int64_t *as, const int64_t *bs, tile_at *g) {
  int b = p->block_axis, a = p->tile_axis;
  int64_t ib = s->pos_b < 0 ? 0 : o->index[s->pos_b], ia = s->pos_a < 0 ? 0 : o->index[s->pos_a];
  int64_t b0 = ib * p->tile[0] - p->tile_shift, b1 = b0 + p->tile[0];
  int64_t a0 = ia * p->tile[1];
  if (b0 < 0) b0 = 0;
  if (b1 > p->shape[b]) b1 = p->shape[b];
  g->nb = b1 - b0;
  g->na = p->shape[a] - a0 < p->tile[1] ? p->shape[a] - a0 : p->tile[1];
  for (int k = 0; k < p->nop; k++) g->ptrs[k] = p->ptrs[k] + o->offset[k] + b0 * bs[k] + a0 * as[k];
}

/* While a tile of elements is processed, slice by slice along the block axis, the inputs'
 * lines of the next tile are fetched into L2, a share after each slice. The hardware
 * prefetchers do not follow a transposing read from one tile to the next (the next tile
 * starts megabytes away, and inside it the reads step across rows): a copy of a 1302 view
 * of 93^4 float64 to C ran 15-25% faster on one core with it (bench/contract_measured.md,
 * "Passes over permuted operands"). Each input is fetched in runs along its denser axis
 * of the two. */
#define NDI_TILE_SLICE 8
typedef struct {
  int nop, k;            /* inputs 1..nop-1; the one being fetched */
  const int64_t *is, *bs; /* the plan's inner and block strides */
  const int64_t *elsize;
  tile_at next;
  int64_t run, offset;   /* position in input k: run number, byte offset in the run */
} tile_prefetch;

/* Input k of the next tile as runs: `runs` runs of `len` elements `step` bytes apart,
 * the runs `across` bytes apart (a broadcast axis: one run). false: nothing to fetch. */
typedef struct {
  int64_t runs, len, step, across;
} tile_runs;

static bool runs_of(const tile_prefetch *f, int k, tile_runs *r) {
  int64_t si = f->is[k], sb = f->bs[k];
  int64_t ai = si < 0 ? -si : si, ab = sb < 0 ? -sb : sb;
  if (ai == 0 && ab == 0) return false;
  bool along_b = ab != 0 && (ab <= ai || ai == 0);
  r->runs = along_b ? f->next.na : f->next.nb;
  r->len = along_b ? f->next.nb : f->next.na;
  r->step = along_b ? sb : si;
  r->across = along_b ? si : sb;
  if (r->across == 0) r->runs = 1;
  return true;
}

static void prefetch_lines(tile_prefetch *f, int64_t lines) {
  tile_runs r;
  while (lines > 0 && f->k < f->nop) {
    if (!runs_of(f, f->k, &r) || f->run >= r.runs) {
      f->k++;
      f->run = f->offset = 0;
      continue;
    }
    /* the run's lowest address and its length in bytes */
    int64_t back = r.step < 0 ? (r.len - 1) * r.step : 0;
    const char *start = f->next.ptrs[f->k] + f->run * r.across + back;
    int64_t bytes = (r.len - 1) * (r.step < 0 ? -r.step : r.step) + f->elsize[f->k];
    for (; f->offset < bytes && lines > 0; f->offset += 64, lines--)
      __builtin_prefetch(start + f->offset, 0, 2);
    if (f->offset >= bytes) {
      f->run++;
      f->offset = 0;
    }
  }
}

/* The lines of the inputs of the next tile (about: each run's lines plus one). */
static int64_t tile_lines(const tile_prefetch *f) {
  int64_t n = 0;
  tile_runs r;
  for (int k = 1; k < f->nop; k++)
    if (runs_of(f, k, &r)) n += r.runs * ((r.len * (r.step < 0 ? -r.step : r.step) + 63) / 64 + 1);
  return n;
}

/* One tile (or slice of one) of elements: the tile kernel, or the row loop per row. */
static inline void run_tile(const ndi_plan *p, const tile_at *g, const int64_t *is,
                            const int64_t *bs, ndi_loop_fn fn, ndi_tile_fn tile_fn, void *ctx) {
  if (tile_fn) {
    tile_fn((char *const *)g->ptrs, is, bs, g->na, g->nb, ctx);
    return;
  }
  char *rp[NDI_MAX_OPS];
  for (int64_t ib = 0; ib < g->nb; ib++) {
    for (int k = 0; k < p->nop; k++) rp[k] = g->ptrs[k] + ib * bs[k];
    fn(rp, is, g->na, ctx);
  }
}

static void run_tiles(const ndi_plan *p, const tile_split *s, int64_t begin, int64_t end,
                      ndi_loop_fn fn, ndi_tile_fn tile_fn, void *ctx) {
  int a = p->tile_axis, inner = p->ndim - 1;
  bool rows = a != inner; /* each point of the tile is a whole row of the inner axis */
  int64_t is[NDI_MAX_OPS], as[NDI_MAX_OPS], bs[NDI_MAX_OPS];
  for (int k = 0; k < p->nop; k++) {
    is[k] = p->strides[k][inner];
    as[k] = p->strides[k][a];
    bs[k] = p->strides[k][p->block_axis];
  }
  nd_odometer o;
  tile_odometer(&o, p, s);
  ndi_odo_seek(&o, begin);
  /* the current tile and the next, swapped after each */
  tile_at tiles[2], *g = &tiles[0];
  locate_tile(p, s, &o, as, bs, g);
  tile_prefetch f = {p->nop, p->nop, is, bs, p->elsize, {{NULL}, 0, 0}, 0, 0};
  for (int64_t t = begin; t < end; t++) {
    tile_at *next = g == &tiles[0] ? &tiles[1] : &tiles[0];
    if (t + 1 < end) {
      ndi_odo_next(&o);
      locate_tile(p, s, &o, as, bs, next);
    }
    if (rows) {
      char *rp[NDI_MAX_OPS];
      for (int64_t ib = 0; ib < g->nb; ib++)
        for (int64_t ia = 0; ia < g->na; ia++) {
          for (int k = 0; k < p->nop; k++) rp[k] = g->ptrs[k] + ib * bs[k] + ia * as[k];
          fn(rp, is, p->shape[inner], ctx);
        }
    } else if (s->prefetch && t + 1 < end) {
      /* slices along the block axis, the next tile's prefetch spread over them */
      f.next = *next;
      f.k = 1;
      f.run = f.offset = 0;
      int64_t nslices = (g->nb + NDI_TILE_SLICE - 1) / NDI_TILE_SLICE;
      int64_t share = (tile_lines(&f) + nslices - 1) / nslices;
      for (int64_t b0 = 0; b0 < g->nb; b0 += NDI_TILE_SLICE) {
        tile_at slice = *g;
        slice.nb = g->nb - b0 < NDI_TILE_SLICE ? g->nb - b0 : NDI_TILE_SLICE;
        for (int k = 0; k < p->nop; k++) slice.ptrs[k] += b0 * bs[k];
        run_tile(p, &slice, is, bs, fn, tile_fn, ctx);
        prefetch_lines(&f, share);
      }
    } else {
      run_tile(p, g, is, bs, fn, tile_fn, ctx);
    }
    g = next;
  }
}

/* ---- entry point --------------------------------------------------------------------- */

int ndi_plan_threads(const ndi_plan *p) {
  if (p->flags & NDI_PLAN_SERIAL) return 1;
  return ndi_threads_for(p->size * p->work_scale);
}

void ndi_plan_execute(const ndi_plan *p, ndi_loop_fn fn, void *ctx) {
  ndi_plan_execute_tiled(p, fn, NULL, ctx);
}

/* How many tasks a region of `units` rows or tiles is cut into for nt threads: about one
 * per NDI_GRAIN elements of work, at least one per thread and at most 16: threads take
 * tasks as they become free, so a thread that its core shares with another process
 * takes fewer of them. Which thread runs a task does not change what it computes. */
static int64_t task_count(const ndi_plan *p, int nt, int64_t units) {
  int64_t n = p->size * p->work_scale / NDI_GRAIN;
  if (n > 16 * (int64_t)nt) n = 16 * (int64_t)nt;
  if (n < nt) n = nt;
  return n < units ? n : units;
}

typedef struct {
  const ndi_plan *p;
  const void *split; /* row_split or tile_split */
  int64_t units, ntasks;
  ndi_loop_fn fn;
  ndi_tile_fn tile_fn;
  void *ctx;
} region;

static void row_task(void *vr, int64_t task, int slot) {
  const region *r = vr;
  (void)slot;
  run_rows(r->p, r->split, r->units * task / r->ntasks, r->units * (task + 1) / r->ntasks,
           r->fn, r->ctx);
}

static void tile_task(void *vr, int64_t task, int slot) {
  const region *r = vr;
  (void)slot;
  run_tiles(r->p, r->split, r->units * task / r->ntasks,
            r->units * (task + 1) / r->ntasks, r->fn, r->tile_fn, r->ctx);
}

void ndi_plan_execute_tiled(const ndi_plan *p, ndi_loop_fn fn, ndi_tile_fn tile_fn, void *ctx) {
  if (p->size == 0) return;
  if (p->ndim == 0) {
    static const int64_t zero[NDI_MAX_OPS] = {0};
    fn((char *const *)p->ptrs, zero, 1, ctx);
    return;
  }
  int nt = ndi_plan_threads(p);
  if (p->block_axis >= 0) {
    tile_split s = split_tiles(p);
    if (nt > s.tiles) nt = (int)s.tiles;
    if (nt <= 1) {
      run_tiles(p, &s, 0, s.tiles, fn, tile_fn, ctx);
      return;
    }
    region r = {p, &s, s.tiles, task_count(p, nt, s.tiles), fn, tile_fn, ctx};
    ndi_parallel(nt, r.ntasks, tile_task, &r);
    return;
  }
  row_split s = split_rows(p, nt);
  if (nt > s.rows) nt = (int)s.rows;
  if (nt <= 1) {
    run_rows(p, &s, 0, s.rows, fn, ctx);
    return;
  }
  region r = {p, &s, s.rows, task_count(p, nt, s.rows), fn, NULL, ctx};
  ndi_parallel(nt, r.ntasks, row_task, &r);
}
