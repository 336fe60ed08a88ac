/* Loop planning for N operands over one iteration shape, and its execution.
 *
 * A plan takes operands (pointer, byte strides, element size) that all have the same
 * shape (broadcast operands carry stride 0) and simplifies the loop nest:
 *   1. axes of extent 1 are dropped;
 *   2. axes where operand 0 (the output) has a negative stride are reversed for every
 *      operand, so the output is walked forwards;
 *   3. axes are sorted by operand 0's |stride| (outermost largest), ties broken by the
 *      other operands, so the innermost loop runs along the output's fastest axis;
 *   4. adjacent axes that every operand traverses as one are merged;
 *   5. if another operand's fastest axis differs from the inner one (a transposed or
 *      F-ordered input against a C output), that axis is tiled together with the inner
 *      one, so both operands are read and written in cache-sized blocks (of several such
 *      axes, the one that leaves a third operand the shortest steps; that operand's own
 *      fastest axis is then walked just outside the tile, and beyond 512-byte steps the
 *      plan does not tile);
 *   6. otherwise, if the rows are short and another operand's next axis after the inner
 *      one differs from the output's (a 0213 permutation against a C output), those two
 *      axes are tiled with whole rows as the points of a tile, so that both operands are
 *      walked in runs of several rows instead of one row here, one row there.
 * Tiles are walked in the output's axis order (execute.c).
 * Execution runs an inner loop (kernels/loop.h) over the innermost axis and splits the
 * rows (or tiles) across threads above the grain size. */
#ifndef NDI_PLAN_H
#define NDI_PLAN_H

#include <stdbool.h>
#include <stdint.h>

#include "kernels/loop.h"
#include "nd/types.h"

#define NDI_MAX_OPS 8

typedef struct ndi_operand {
  char *ptr;              /* address of element [0,...,0] */
  const int64_t *strides; /* bytes, one per axis of the iteration shape */
  int64_t elsize;         /* bytes per element */
} ndi_operand;

enum {
  NDI_PLAN_KEEP_ORDER = 1u << 0, /* keep axis order and direction (order-dependent loops) */
  NDI_PLAN_NO_BLOCK = 1u << 1,   /* never tile */
  NDI_PLAN_SERIAL = 1u << 2,     /* never split across threads */
};

typedef struct ndi_plan {
  int nop;
  int ndim;     /* after simplification; 0 with size 1 means a single element */
  int64_t size; /* number of elements */
  unsigned flags;
  int64_t shape[ND_MAX_DIMS]; /* outermost first; axis ndim-1 is the inner loop */
  int64_t strides[NDI_MAX_OPS][ND_MAX_DIMS];
  char *ptrs[NDI_MAX_OPS];
  int64_t elsize[NDI_MAX_OPS];
  int block_axis;     /* axis tiled with tile_axis, or -1 */
  int tile_axis;      /* the inner axis (tiles of elements), or the one outside it (tiles
                       * whose points are whole rows of the inner axis) */
  int64_t tile[2];    /* tile extents along block_axis and along tile_axis */
  int64_t tile_shift; /* the first tile along block_axis is this much shorter (see plan.c) */
  int64_t work_scale; /* cost of one element relative to a copy (for the thread grain) */
} ndi_plan;

/* Builds a plan. nop <= NDI_MAX_OPS, ndim <= ND_MAX_DIMS. */
void ndi_plan_init(ndi_plan *p, int nop, int ndim, const int64_t *shape, const ndi_operand *ops,
                   unsigned flags);

/* Runs fn over every element: fn(ptrs, inner_strides, n, ctx) per row or tile row. fn may
 * be called concurrently from several threads on disjoint parts of the output. */
void ndi_plan_execute(const ndi_plan *p, ndi_loop_fn fn, void *ctx);

/* The same, calling tile_fn once per tile when the plan is tiled (fn is used otherwise). */
void ndi_plan_execute_tiled(const ndi_plan *p, ndi_loop_fn fn, ndi_tile_fn tile_fn, void *ctx);

/* Number of threads ndi_plan_execute will use for this plan. */
int ndi_plan_threads(const ndi_plan *p);

#endif
