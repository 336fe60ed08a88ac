/* argmin / argmax and cumulative (scan) kernels. */
#ifndef NDI_KERNELS_ARGREDUCE_H
#define NDI_KERNELS_ARGREDUCE_H

#include <stdbool.h>
#include <stdint.h>

#include "loop.h"
#include "nd/types.h"

/* argmax/argmin along one axis. row: index (0-based) of the first best element of a run of
 * n >= 1 elements at byte stride s (may be negative). col: for m columns (element k of row
 * r at in + r*sr + k*sk), the row index of each column's first best element, into idx;
 * `best` is scratch room for m elements. better(cur, cand): whether cand replaces cur
 * (strictly better, or the first NaN). NaN is the best of all, as NumPy: the first NaN
 * wins. */
typedef struct ndi_argreduce_kernel {
  int64_t (*row)(const char *in, int64_t s, int64_t n);
  void (*col)(int64_t *idx, void *best, const char *in, int64_t sk, int64_t sr, int64_t m,
              int64_t n);
  bool (*better)(const void *cur, const void *cand);
} ndi_argreduce_kernel;

/* Indexed by dtype; complex entries are empty (row NULL). */
extern const ndi_argreduce_kernel ndi_argmax_kernels[ND_NUM_DTYPES];
extern const ndi_argreduce_kernel ndi_argmin_kernels[ND_NUM_DTYPES];

/* In-place inclusive scan along one axis, as an ndi_loop_fn over lanes: ptrs[0] is the
 * first element of n lanes at byte stride strides[0]; ctx points to an ndi_scan_ctx.
 * x[i] = x[i-1] (op) x[i] for i = 1 .. len-1 of each lane, in order (as NumPy's
 * accumulate: a running sum, not pairwise). Indexed by dtype; ops as sum/prod. */
typedef struct ndi_scan_ctx {
  int64_t axis_stride; /* bytes */
  int64_t len;
} ndi_scan_ctx;
extern const ndi_loop_fn ndi_scan_sum[ND_NUM_DTYPES];
extern const ndi_loop_fn ndi_scan_prod[ND_NUM_DTYPES];
/* The product scan with one fused multiply-add per part of a complex product (NumPy's
 * vector multiply, ew_complex.h) instead of the plain formula; complex dtypes only (NULL
 * otherwise). */
extern const ndi_loop_fn ndi_scan_prod_fused[ND_NUM_DTYPES];

/* out = a - b elementwise (ptrs out, a, b), for diff: integers wrap, bool gives a != b. */
extern const ndi_loop_fn ndi_diff_loops[ND_NUM_DTYPES];

#endif
