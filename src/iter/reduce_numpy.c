/* Which complex multiply NumPy's reduction runs where its innermost axis is a kept one (an
 * ordered op's col form, reduce.h). NumPy then calls its elementwise multiply loop, whose
 * vector path multiplies with one fused multiply-add per part. That path refuses every
 * negative stride of 32-bit lanes (its stride check divides a negative stride by an
 * unsigned element size: numpy/_core/src/common/simd/simd.h, NumPy 2.4), so a complex64
 * input that reaches the loop with a negative stride is multiplied by NumPy's scalar loop,
 * with the plain formula; complex128 is not affected. The input reaches the loop in place,
 * or copied in iteration order into a forward buffer when NumPy's buffered iterator
 * decides to buffer it; this file replays that decision (NumPy's
 * npyiter_find_buffering_setup, for the two operands of a reduction: the allocated result
 * and the input). */
#include "reduce.h"

#define NUMPY_BUFSIZE 8192 /* NumPy's default buffer size, in elements */

typedef struct {
  int64_t n, st[2]; /* extent; strides of the result (0 on reduced axes) and of the input */
} np_axis;

/* NumPy's axes from the innermost, unit axes dropped, the result laid out densely in
 * iteration order (as NumPy allocates it), then coalesced as NumPy coalesces. */
static int numpy_axes(const ndi_reduce_spec *s, np_axis *ax) {
  int n = 0;
  int64_t dense = s->acc_size;
  for (int q = s->ndim - 1; q >= 0; q--) {
    int i = s->order[q];
    if (s->shape[i] == 1) continue;
    ax[n] = (np_axis){s->shape[i], {s->reduced[i] ? 0 : dense, s->in_strides[i]}};
    if (!s->reduced[i]) dense *= s->shape[i];
    n++;
  }
  int m = 0;
  for (int j = 1; j < n; j++) {
    bool merge = true;
    for (int op = 0; op < 2; op++) merge = merge && ax[m].st[op] * ax[m].n == ax[j].st[op];
    if (merge) {
      ax[m].n *= ax[j].n;
    } else {
      ax[++m] = ax[j];
    }
  }
  return n ? m + 1 : 0;
}

/* Whether NumPy buffers the input (operand 1): it does when the stretch of axes it
 * iterates at once (the core, chosen by a cost of (1 + buffered operands) per call) spans
 * axes the input cannot walk with one stride. */
static bool numpy_buffers_input(const np_axis *ax, int ndim, bool reduces) {
  int single[2] = {1, 1}, reduce_outer[2] = {0, 0};
  int cost = 1, outer_reduce = 0, best_dim = 0, best_cost = 1;
  int64_t size = ax[0].n, best_size = size;
  for (int d = 1; d < ndim && !outer_reduce; d++) {
    if (size >= NUMPY_BUFSIZE && cost > 1) break;
    for (int op = 0; op < 2; op++) {
      if (single[op] == d) {
        if (ax[d - 1].st[op] * ax[d - 1].n == ax[d].st[op]) {
          single[op]++;
          continue;
        }
        cost++; /* this operand now needs a buffer */
      }
      if (op == 0 && reduces && (ax[d].st[0] == 0 || ax[d - 1].st[0] == 0))
        reduce_outer[0] = outer_reduce = d;
    }
    size *= ax[d].n;
    int64_t bufsize = size > NUMPY_BUFSIZE && cost > 1 ? NUMPY_BUFSIZE : size;
    if ((double)cost * (double)best_size <= (double)best_cost * (double)bufsize) {
      best_cost = cost;
      best_size = size;
      best_dim = d;
    }
  }
  bool using_reduce = outer_reduce && best_dim == outer_reduce;
  bool reduce_op = using_reduce && (reduce_outer[1] == best_dim || single[1] == best_dim ||
                                    (ax[outer_reduce].st[1] == 0 && single[1] <= best_dim));
  return single[1] + (reduce_op ? 1 : 0) <= best_dim;
}

bool ndi_reduce_numpy_reads_backward(const ndi_reduce_spec *s) {
  if (s->kin != s->in_dtype) return false; /* a cast input is always buffered */
  np_axis ax[ND_MAX_DIMS];
  int ndim = numpy_axes(s, ax);
  if (ndim == 0 || ax[0].st[0] == 0 || ax[0].st[1] >= 0) return false;
  bool reduces = false;
  for (int i = 0; i < s->ndim; i++) reduces = reduces || s->reduced[i];
  return !numpy_buffers_input(ax, ndim, reduces);
}
