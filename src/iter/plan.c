/* Building a loop plan: drop, flip, sort, coalesce, and decide on tiling. */
#include "plan.h"

#include "nd/toolkit.h"

#include <stdlib.h>
#include <string.h>

/* An operand whose inner stride is at least this many bytes touches a new cache line on
 * every access; if it has a faster axis elsewhere, the plan tiles. */
#define NDI_BLOCK_MIN_STRIDE 64

static int64_t iabs64(int64_t v) { return v < 0 ? -v : v; }

/* Tiles along the block axis start where an operand dense along that axis starts a cache
 * line: each tile then reads whole lines of it (32 float64 = 4 lines, not 5 split ones
 * shared with the neighbouring tiles). Arrays from other allocators are often 16 bytes off
 * a line (a + b.T on 4000x4000 float64 with NumPy's memory: 19.1 ms, 17.2 ms aligned). */
static int64_t aligned_tile_shift(const ndi_plan *p) {
  int b = p->block_axis, inner = p->ndim - 1;
  for (int k = 0; k < p->nop; k++) {
    int64_t e = p->elsize[k], sb = p->strides[k][b];
    uintptr_t addr = (uintptr_t)p->ptrs[k];
    if ((sb != e && sb != -e) || iabs64(p->strides[k][inner]) < NDI_BLOCK_MIN_STRIDE ||
        addr % (uintptr_t)e != 0)
      continue;
    /* line boundaries fall before element i where addr + i*e (rising) or addr + e - i*e
     * (falling) is a multiple of 64; tile boundaries are at t*tile[0] - shift */
    int64_t line = (int64_t)(addr % 64);
    int64_t shift = sb > 0 ? line / e : (64 - (line + e) % 64) % 64 / e;
    return shift % p->tile[0];
  }
  return 0;
}

/* Operand k's axis of least nonzero stride under NDI_BLOCK_MIN_STRIDE among the outer
 * ones (not `skip`, extent at least min_ext), or -1: where it runs densely. */
static int dense_axis(const ndi_plan *p, int k, int skip, int64_t min_ext) {
  int best = -1;
  for (int j = 0; j < p->ndim - 1; j++) {
    int64_t sj = iabs64(p->strides[k][j]);
    if (j == skip || sj == 0 || sj >= NDI_BLOCK_MIN_STRIDE || p->shape[j] < min_ext) continue;
    if (best < 0 || sj < iabs64(p->strides[k][best])) best = j;
  }
  return best;
}

/* A tile over the block axis b and the inner axis serves the operands dense along either;
 * any other operand steps by the smaller of its two strides there (each element of it a
 * line of its own). Of the possible block axes the plan takes the one whose worst such
 * stride is least: in sums of three layouts (x + permute_dims(x, (1, 0, 3, 2)) of
 * 21x21x93x93 float64 with x a 1230 view, into C) a tile over the wrong axis read the third
 * operand a page per element (188 ms), over the right one in runs of 4 pages (6.6 ms).
 * Beyond NDI_TILE_THIRD_MAX bytes the plan does not tile at all: the loop in the output's
 * order reuses that operand's lines better than tiles do (the 21x21x93x93 sums of two
 * permuted C arrays into C, 2 threads: at 744 and 3528 bytes 10.5-11 ms untiled against
 * 16-17 and 40 ms tiled, NumPy 20-25 ms; at 168 bytes 6.8 ms tiled against 9.4-14). */
#define NDI_TILE_THIRD_MAX 512
static int64_t third_operand_stride(const ndi_plan *p, int b) {
  int inner = p->ndim - 1;
  int64_t worst = 0;
  for (int k = 0; k < p->nop; k++) {
    int64_t si = iabs64(p->strides[k][inner]), sb = iabs64(p->strides[k][b]);
    int64_t s = si < sb ? si : sb;
    if (s >= NDI_BLOCK_MIN_STRIDE && s > worst) worst = s;
  }
  return worst;
}

static void choose_tiling(ndi_plan *p) {
  p->block_axis = -1;
  if (p->nop < 2 || p->ndim < 2 || (p->flags & NDI_PLAN_NO_BLOCK)) return;
  int inner = p->ndim - 1;
  int64_t maxel = 0;
  for (int k = 0; k < p->nop; k++)
    if (p->elsize[k] > maxel) maxel = p->elsize[k];
  if (p->shape[inner] < 4) return;
  int64_t least = 0;
  for (int k = 0; k < p->nop; k++) {
    int64_t si = iabs64(p->strides[k][inner]);
    if (si < NDI_BLOCK_MIN_STRIDE) continue;
    int best = dense_axis(p, k, -1, 4);
    if (best < 0) continue;
    int64_t cost = third_operand_stride(p, best);
    if (p->block_axis < 0 || cost < least) {
      p->block_axis = best;
      least = cost;
    }
  }
  if (least > NDI_TILE_THIRD_MAX) p->block_axis = -1;
  if (p->block_axis < 0) return;
  p->tile_axis = inner;
  /* 32 rows of about 2 KiB: the output is written in long runs, and the cache lines of
   * the strided operand (one per inner position, 32 elements of each used) stay in L2
   * while the tile is processed. Measured best on 6000x6000 float64 transposes. */
  p->tile[0] = 32;
  p->tile[1] = 2048 / maxel;
  p->tile_shift = aligned_tile_shift(p);
}

/* Row tiles (step 6 in plan.h). A row of the output shorter than this is a short run;
 * the tile then takes about NDI_ROW_RUN bytes of consecutive rows of each of the two
 * operands along its axis, so each is walked in runs of that length: a copy of a 0213
 * view of 93^4 float64 to C (rows of 744 bytes, 69 KB apart in the source) ran at 15 GB/s
 * row by row. */
#define NDI_ROW_SHORT 4096
#define NDI_ROW_RUN 8192

static int64_t rows_for_run(int64_t row_bytes) {
  int64_t n = (NDI_ROW_RUN + row_bytes - 1) / row_bytes;
  return n < 2 ? 2 : n;
}

static void choose_row_tiling(ndi_plan *p) {
  if (p->nop < 2 || p->ndim < 3 || (p->flags & NDI_PLAN_NO_BLOCK)) return;
  int inner = p->ndim - 1, c = p->ndim - 2;
  int64_t row0 = p->shape[inner] * p->elsize[0];
  if (iabs64(p->strides[0][inner]) != p->elsize[0] || row0 > NDI_ROW_SHORT) return;
  for (int k = 1; k < p->nop; k++) {
    int64_t si = iabs64(p->strides[k][inner]), sc = iabs64(p->strides[k][c]);
    if (si == 0 || si >= NDI_BLOCK_MIN_STRIDE) continue;
    int best = -1;
    for (int j = 0; j < c; j++) {
      int64_t sj = iabs64(p->strides[k][j]);
      if (sj == 0 || sj >= sc || p->shape[j] < 2) continue;
      if (best < 0 || sj < iabs64(p->strides[k][best])) best = j;
    }
    if (best < 0) continue;
    p->block_axis = best;
    p->tile_axis = c;
    p->tile[0] = rows_for_run(p->shape[inner] * si);
    p->tile[1] = rows_for_run(row0);
    return;
  }
}

/* A third operand whose fastest axis is neither of the tiled two (i + j^T into a C result
 * of ijab shapes: each operand fast along another axis) reads one element per cache line
 * in a tile; the tiles are then walked with that axis innermost, so the next tile reads the
 * rest of the same lines while they are still in L2. Walked in the output's order instead,
 * the next tile along it came only after the whole of the other axes: 21x21x93x93 float64,
 * i.e. x + permute_dims(x, (1, 0, 3, 2)) with x stored 1230, took 188 ms, NumPy 17 ms. */
static void order_for_third_operand(ndi_plan *p) {
  int inner = p->ndim - 1, b = p->block_axis;
  if (p->tile_axis != inner || p->nop < 3) return;
  for (int k = 0; k < p->nop; k++) {
    if (iabs64(p->strides[k][inner]) < NDI_BLOCK_MIN_STRIDE ||
        iabs64(p->strides[k][b]) < NDI_BLOCK_MIN_STRIDE)
      continue;
    int c = dense_axis(p, k, b, 2);
    if (c < 0) continue;
    if (c == inner - 1) return;
    /* move axis c to just outside the inner axis: the tile odometer then counts it inside
     * the tiles along the block axis (and innermost when the inner axis is one tile) */
    int to = inner - 1;
    int64_t shape = p->shape[c], st[NDI_MAX_OPS];
    for (int q = 0; q < p->nop; q++) st[q] = p->strides[q][c];
    for (int j = c; j < to; j++) {
      p->shape[j] = p->shape[j + 1];
      for (int q = 0; q < p->nop; q++) p->strides[q][j] = p->strides[q][j + 1];
    }
    p->shape[to] = shape;
    for (int q = 0; q < p->nop; q++) p->strides[q][to] = st[q];
    if (b > c && b <= to) p->block_axis = b - 1;
    return;
  }
}

void ndi_plan_init(ndi_plan *p, int nop, int ndim, const int64_t *shape, const ndi_operand *ops,
                   unsigned flags) {
  p->nop = nop;
  p->flags = flags;
  p->block_axis = -1;
  p->tile_axis = -1;
  p->tile_shift = 0;
  p->work_scale = 1;
  const int64_t *st[NDI_MAX_OPS];
  for (int k = 0; k < nop; k++) {
    p->ptrs[k] = ops[k].ptr;
    p->elsize[k] = ops[k].elsize;
    st[k] = ops[k].strides;
  }
  nd_loop l; /* (not zero-initialised: 4 KiB, and only the axes in use are read) */
  nd_loop_init(&l, nop, ndim, shape, st);
  p->size = l.size;
  p->ndim = 0;
  if (p->size == 0) return;
  if (!(flags & NDI_PLAN_KEEP_ORDER)) {
    nd_loop_flip(&l, 0);
    for (int k = 0; k < nop; k++) p->ptrs[k] += l.offset[k];
    nd_loop_sort(&l, nop);
  }
  nd_loop_coalesce(&l, -1);
  p->ndim = l.ndim;
  for (int i = 0; i < l.ndim; i++) { /* (a few elements: loops cost less than memcpy calls) */
    p->shape[i] = l.shape[i];
    for (int k = 0; k < nop; k++) p->strides[k][i] = l.strides[k][i];
  }
  choose_tiling(p);
  if (p->block_axis >= 0)
    order_for_third_operand(p);
  else
    choose_row_tiling(p);
}
