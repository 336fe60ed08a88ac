/* Running a plan: rows of the inner axis, or tiles of two axes, split across threads. */
#include <string.h>

#include "odometer.h"
#include "plan.h"
#include "pool.h"
#include "threads.h"

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
} tile_split;

static tile_split split_tiles(const ndi_plan *p) {
  tile_split s;
  int b = p->block_axis, a = p->tile_axis;
  s.nb = (p->shape[b] + p->tile_shift + p->tile[0] - 1) / p->tile[0];
  s.na = (p->shape[a] + p->tile[1] - 1) / p->tile[1];
  s.tiles = s.nb * s.na;
  for (int i = 0; i < a; i++)
    if (i != b) s.tiles *= p->shape[i];
  return s;
}

/* An odometer over the tiles: axes [0, tile_axis], the block and tiled axes counting
 * tiles (stride 0: their offsets are computed from the index). */
static void tile_odometer(nd_odometer *o, const ndi_plan *p, const tile_split *s) {
  o->n = 0;
  o->nop = p->nop;
  for (int k = 0; k < p->nop; k++) o->offset[k] = 0;
  int64_t st[NDI_MAX_OPS] = {0};
  for (int i = 0; i <= p->tile_axis; i++) {
    bool tiled = i == p->block_axis || i == p->tile_axis;
    for (int k = 0; k < p->nop; k++) st[k] = tiled ? 0 : p->strides[k][i];
    ndi_odo_push(o, i == p->block_axis ? s->nb : i == p->tile_axis ? s->na : p->shape[i], st);
  }
}

static void run_tiles(const ndi_plan *p, const tile_split *s, int64_t begin, int64_t end,
                      ndi_loop_fn fn, ndi_tile_fn tile_fn, void *ctx) {
  int b = p->block_axis, a = p->tile_axis, inner = p->ndim - 1;
  bool rows = a != inner; /* each point of the tile is a whole row of the inner axis */
  int64_t is[NDI_MAX_OPS], as[NDI_MAX_OPS], bs[NDI_MAX_OPS];
  for (int k = 0; k < p->nop; k++) {
    is[k] = p->strides[k][inner];
    as[k] = p->strides[k][a];
    bs[k] = p->strides[k][b];
  }
  nd_odometer o;
  tile_odometer(&o, p, s);
  ndi_odo_seek(&o, begin);
  char *ptrs[NDI_MAX_OPS];
  for (int64_t t = begin; t < end; t++, ndi_odo_next(&o)) {
    int64_t b0 = o.index[b] * p->tile[0] - p->tile_shift, b1 = b0 + p->tile[0];
    int64_t a0 = o.index[a] * p->tile[1];
    if (b0 < 0) b0 = 0;
    if (b1 > p->shape[b]) b1 = p->shape[b];
    int64_t nb = b1 - b0;
    int64_t na = p->shape[a] - a0 < p->tile[1] ? p->shape[a] - a0 : p->tile[1];
    for (int k = 0; k < p->nop; k++) ptrs[k] = p->ptrs[k] + o.offset[k] + b0 * bs[k] + a0 * as[k];
    if (rows) {
      char *rp[NDI_MAX_OPS];
      for (int64_t ib = 0; ib < nb; ib++)
        for (int64_t ia = 0; ia < na; ia++) {
          for (int k = 0; k < p->nop; k++) rp[k] = ptrs[k] + ib * bs[k] + ia * as[k];
          fn(rp, is, p->shape[inner], ctx);
        }
      continue;
    }
    if (tile_fn) {
      tile_fn(ptrs, is, bs, na, nb, ctx);
      continue;
    }
    for (int64_t ib = 0; ib < nb; ib++) {
      char *rp[NDI_MAX_OPS];
      for (int k = 0; k < p->nop; k++) rp[k] = ptrs[k] + ib * bs[k];
      fn(rp, is, na, ctx);
    }
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
