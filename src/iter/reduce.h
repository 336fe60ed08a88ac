/* The reduction engine: reduces an input over a set of axes into an output of the kept
 * axes, with any layout on either side.
 *
 * Planning: unit axes are dropped, negative input strides flipped (not those of the
 * reduced axes of ordered ops and of min/max, below), kept and reduced axes
 * each sorted by the input's |stride| and coalesced. If the input's fastest axis is
 * reduced, each output is a reduction of contiguous runs ("row" form); if it is kept, the
 * engine reduces m outputs at once, accumulating whole rows of the fast kept axis into a
 * vector of partial results ("col" form), so reducing a slow axis streams memory as fast
 * as reducing the fast one.
 *
 * Accuracy and determinism: the elements of one output are cut into leaves of a fixed
 * size (4096 elements along the inner reduced axis in row form, 64 rows in col form), each
 * reduced by the kernel (itself pairwise), and the leaf results are merged by a binary
 * counter: pairwise reduction, error O(eps log n). The merge tree depends only on the
 * shape. Threads either take whole outputs, or compute aligned power-of-two blocks of
 * leaves, which are complete subtrees of that same tree; so the result is bitwise the same
 * for every thread count. An ordered op (float products, kernels/reduce.h) instead runs
 * its leaves in order into one accumulator, each output on one thread, and visits the
 * elements of an output in the order NumPy's iterator does (spec->order): the reduced axes
 * in that order, each walked in its own direction, negative strides included (NumPy does
 * not flip strides in reductions), and the elementwise ("col") form exactly when NumPy's
 * innermost axis is a kept one (NumPy then multiplies complex numbers with its multiply
 * loop, otherwise with its reduce loop, and the two differ in the last bits).
 *
 * Float min and max keep the later of equal elements in index order: their reduced axes
 * keep their direction, so the plan walks them in index order unless the sort reorders
 * them; then the engine gives each zero result the sign of its last zero afterwards
 * (reduce_ties.c). */
#ifndef NDI_ITER_REDUCE_H
#define NDI_ITER_REDUCE_H

#include <stdbool.h>
#include <stdint.h>

#include "kernels/reduce.h"
#include "nd/types.h"

typedef struct ndi_reduce_spec {
  int ndim;
  const int64_t *shape;       /* the input's shape */
  const char *in;             /* element [0,...,0] of the input */
  const int64_t *in_strides;  /* bytes */
  nd_dtype in_dtype;
  const bool *reduced;        /* per axis */
  char *out;                  /* element [0,...] of the output (accumulator dtype) */
  const int64_t *out_strides; /* bytes, per input axis (ignored on reduced axes) */
  const char *aux;            /* optional per-output operand of dtype kin, or NULL */
  const int64_t *aux_strides; /* bytes, per input axis (ignored on reduced axes) */
  const ndi_reduce_kernel *kernel;
  nd_dtype kin;               /* dtype the kernel reads: the input is converted to it */
  int64_t acc_size;           /* bytes of one accumulator (= output element) */
  const int *order;           /* the input's axes, outermost first, in NumPy's iterator
                               * order (layout.h: ndi_order_k_perm_iter); an ordered op
                               * follows it, the others ignore it */
} ndi_reduce_spec;

/* Runs the reduction. Outputs of an empty reduction get the kernel's identity (the caller
 * rejects empty reductions of ops without one). Fails only for lack of memory (an error
 * naming op). */
nd_status ndi_reduce_run(const char *op, const ndi_reduce_spec *spec);

/* Gives every zero result of a kernel with last_zero (float min and max) the sign of
 * the last zero among its elements in C index order (reduce_ties.c). */
void ndi_reduce_zero_ties(const ndi_reduce_spec *spec);

/* Whether NumPy runs its elementwise multiply over this reduction's input backwards (its
 * innermost axis kept, the input read in place with a negative stride there), where it
 * multiplies complex64 numbers by the plain formula (reduce_numpy.c). */
bool ndi_reduce_numpy_reads_backward(const ndi_reduce_spec *spec);

#endif
