/* The N-operand elementwise engine: one output and up to NDI_EW_MAX_IN inputs, all seen
 * over one iteration shape (inputs broadcast with stride 0), run through the loop planner
 * (plan.h: unit axes dropped, output walked forwards and in its own axis order, axes
 * coalesced, mixed fastest axes tiled, rows split across threads).
 *
 * Each operand has the dtype of its array and the dtype the kernel works in. Where the two
 * differ (an int32 input of a float64 add, a float64 result written into a float32 out),
 * the engine converts through small per-thread buffers, chunk by chunk, so no temporary
 * array of the full size is ever made. Kernels that can only work on dense runs (the
 * vector math routines) ask for NDI_EW_CONTIGUOUS and get every operand as a dense chunk.
 * Large outputs of existing memory are written with non-temporal stores through the same
 * buffers (they would not stay in cache anyway; this saves the read-for-ownership of every
 * output line). */
#ifndef NDI_ELEMENTWISE_H
#define NDI_ELEMENTWISE_H

#include <stdint.h>

#include "kernels/loop.h"
#include "nd/types.h"

#define NDI_EW_MAX_IN 4

typedef struct ndi_ew_operand {
  char *data;             /* address of element [0,...,0] */
  const int64_t *strides; /* elements, one per axis of the iteration shape (0: broadcast) */
  nd_dtype dtype;         /* dtype of the array */
  nd_dtype loop_dtype;    /* dtype the kernel reads (inputs) or writes (the output) */
} ndi_ew_operand;

enum {
  NDI_EW_CONTIGUOUS = 1u << 0, /* every kernel call gets dense operands (stride = size) */
  NDI_EW_NO_STREAM = 1u << 1,  /* no non-temporal stores (the output was just allocated) */
};

/* Runs fn(ptrs, strides, n, ctx) over every element: ptrs[0] the output, ptrs[1..nin] the
 * inputs, in the loop dtypes. The output must not overlap an input except by exact
 * identity (same address and strides); callers go through a temporary otherwise.
 * work_scale is the cost of one element relative to a copy (for the thread grain). */
void ndi_elementwise(int nin, int ndim, const int64_t *shape, const ndi_ew_operand *out,
                     const ndi_ew_operand *in, ndi_loop_fn fn, void *ctx, unsigned flags,
                     int64_t work_scale);

/* Outputs of at least this many bytes are written with non-temporal stores (half the last
 * level cache of the machines nd is tuned on: a result this large is evicted before it
 * could be reused). */
#define NDI_EW_STREAM_BYTES ((int64_t)16 << 20)

#endif
