/* Reduction kernels: the typed inner loops the reduction engine (iter/reduce.c) calls.
 *
 * A reduction op is four loops over one accumulator dtype:
 *   row     reduces n >= 1 elements at `in` (byte stride s) into one accumulator;
 *   col     reduces nr >= 1 rows of m elements (element k of row r at in + r*sr + k*sk)
 *           into m accumulators, one per column (the vectorised "slow axis" form);
 *   combine a[k] = a[k] (op) b[k] for k < m, how partial results are merged;
 *   init    sets m accumulators to the op's identity (NULL when the op has none).
 * row and col write fresh results (they do not accumulate into `out`). Sums use pairwise
 * (blocked) summation inside row; the engine merges leaves pairwise above that, so the
 * error is O(eps log n) whatever axis is reduced.
 *
 * An `ordered` op (float and complex products) instead continues from the value in `out`:
 * the engine sets its accumulators to the identity and hands it the elements in order, as
 * NumPy multiplies them one after the other (its products are sequential, and with
 * overflow the order decides between 0, inf and NaN); combine is then unused. NumPy
 * multiplies complex numbers in two ways: its reduce loop (along a reduced axis) uses the
 * plain formula, its elementwise loop (along a kept axis) one fused multiply-add per part,
 * except over a complex64 input running backwards (iter/reduce_numpy.c). So complex64
 * products have two col loops: col (fma) and col_backward (plain), which the engine runs
 * where NumPy's elementwise axis runs backwards; NULL for every other op.
 *
 * Float min and max keep the later of equal elements, which shows only in the sign of a
 * zero result; their loops keep the later in the order the engine hands them elements
 * (row: the row's last zero; col: row after row). Where the engine's order is not the
 * index order, last_zero (the index of the last of n elements at stride s that equals
 * zero, or -1) lets it give each zero result the sign of its last zero in index order
 * (iter/reduce_ties.c). NULL for every other op.
 *
 * `aux` is a per-output operand of the kernel's input dtype (the mean for var): one value
 * for row, m contiguous values for col; NULL for ops that do not use it. */
#ifndef NDI_KERNELS_REDUCE_H
#define NDI_KERNELS_REDUCE_H

#include <stdbool.h>
#include <stdint.h>

#include "loop.h"
#include "nd/types.h"

typedef void (*ndi_reduce_row_fn)(void *out, const char *in, int64_t s, int64_t n,
                                  const void *aux);
typedef void (*ndi_reduce_col_fn)(void *out, const char *in, int64_t sk, int64_t sr, int64_t m,
                                  int64_t nr, const void *aux);
typedef void (*ndi_reduce_combine_fn)(void *a, const void *b, int64_t m);
typedef void (*ndi_reduce_init_fn)(void *out, int64_t m);
typedef int64_t (*ndi_reduce_last_zero_fn)(const char *in, int64_t s, int64_t n);

typedef struct ndi_reduce_kernel {
  ndi_reduce_row_fn row;
  ndi_reduce_col_fn col;
  ndi_reduce_combine_fn combine;
  ndi_reduce_init_fn init;
  bool ordered;
  ndi_reduce_col_fn col_backward;
  ndi_reduce_last_zero_fn last_zero;
} ndi_reduce_kernel;

/* Indexed by the accumulator dtype (= the dtype the kernel reads). Entries with a NULL row
 * do not exist (min/max of complex). */
extern const ndi_reduce_kernel ndi_reduce_sum[ND_NUM_DTYPES];
extern const ndi_reduce_kernel ndi_reduce_prod[ND_NUM_DTYPES];
extern const ndi_reduce_kernel ndi_reduce_min[ND_NUM_DTYPES];
extern const ndi_reduce_kernel ndi_reduce_max[ND_NUM_DTYPES];
/* On bool input (the engine converts other dtypes to bool first). */
extern const ndi_reduce_kernel ndi_reduce_all;
extern const ndi_reduce_kernel ndi_reduce_any;
extern const ndi_reduce_kernel ndi_reduce_count; /* bool in, int64 accumulators */
/* Sum of |x - aux|^2, indexed by the input dtype (float32/64, complex64/128); the
 * accumulator is the real dtype. */
extern const ndi_reduce_kernel ndi_reduce_sqdev[ND_NUM_DTYPES];

/* In-place finishing loops over an output (ptrs[0], one operand; ctx points to a double):
 * x / d, and sqrt(x / d). Indexed by dtype, floating and complex only (NULL otherwise). */
extern const ndi_loop_fn ndi_reduce_divide[ND_NUM_DTYPES];
extern const ndi_loop_fn ndi_reduce_divide_sqrt[ND_NUM_DTYPES];

#endif
