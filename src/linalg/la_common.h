/* Helpers shared by the linear-algebra frontend (src/linalg/). */
#ifndef NDI_LINALG_COMMON_H
#define NDI_LINALG_COMMON_H

#include "core/array.h"
#include "core/error.h"
#include "layout/layout.h"
#include "nd/core.h"
#include "ops/copy.h"

/* `a` in dtype t: a new reference to `a` itself when it already has that dtype, else a
 * converted copy in a's axis order. Broadcast (stride-0) axes stay broadcast: only the
 * distinct elements are converted. NULL (message naming op) on failure. */
nd_array *ndi_la_as_dtype(const char *op, const nd_array *a, nd_dtype t);

/* "matrix 3 of the batch" (one batch axis) or "matrix [1,2] of the batch" for the batch
 * element at C-order position lin of bshape; "the matrix" when there is no batch. */
char *ndi_la_fmt_batch(char *buf, size_t cap, int nbd, const int64_t *bshape, int64_t lin);

/* Element strides of a C-contiguous array of the given shape (batch strides for the
 * outputs nd allocates). */
static inline void ndi_la_c_strides(int ndim, const int64_t *shape, int64_t *strides) {
  ndi_contiguous_strides(ndim, shape, ND_C, strides);
}

/* Runs fn(ctx, begin, end, thread) over [0, n) batch elements on nt threads: blocks of
 * elements handed out dynamically (a thread slowed by other work takes fewer), thread the
 * caller's index for per-thread work space; one call fn(ctx, 0, n, 0) when nt <= 1. */
typedef void (*ndi_la_range_fn)(void *ctx, int64_t begin, int64_t end, int thread);
void ndi_la_run_blocks(int64_t n, int nt, ndi_la_range_fn fn, void *ctx);

/* matmul with NumPy's rules, errors naming op (nd_matmul and the functions built on it). */
nd_array *ndi_la_matmul(const char *op, const nd_array *a, const nd_array *b);

/* nd_linalg_inv with errors named after op (matrix_power's negative powers). */
nd_array *ndi_la_inv(const char *op, const nd_array *a);

#endif
