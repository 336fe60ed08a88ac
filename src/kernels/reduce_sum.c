/* Sum and product kernels for every dtype (the accumulator dtype; the engine converts the
 * input to it first), built on the pairwise loops of pairwise.h and the arithmetic of
 * accumulate.h (integers wrap, bool is or/and, complex products as NumPy). */
#include <stdbool.h>

#include "accumulate.h"
#include "core/dtype_list.h"
#include "pairwise.h"
#include "reduce.h"

#define SUM_PROD(E, S, T, K, NAME, ...)                                               \
  static inline T sum_##S##_term(T x, const T *aux) { (void)aux; return x; }         \
  static inline T sum_##S##_op(T a, T b) { return NDI_ACC_ADD_##K(T, a, b); }        \
  static inline T sum_##S##_id(void) { return (T)0; }                                \
  NDI_PW_LOOPS(sum_##S, T, T)                                                        \
  static inline T prod_##S##_term(T x, const T *aux) { (void)aux; return x; }        \
  static inline T prod_##S##_op(T a, T b) { return NDI_ACC_MUL_##K(T, a, b); }       \
  static inline T prod_##S##_id(void) { return (T)1; }                               \
  NDI_PW_LOOPS(prod_##S, T, T)
NDI_DTYPES(SUM_PROD, _)

#define ENTRY(E, S, T, K, NAME, OP) [E] = {OP##_##S##_row, OP##_##S##_col, OP##_##S##_combine, OP##_##S##_init},
const ndi_reduce_kernel ndi_reduce_sum[ND_NUM_DTYPES] = {NDI_DTYPES(ENTRY, sum)};
const ndi_reduce_kernel ndi_reduce_prod[ND_NUM_DTYPES] = {NDI_DTYPES(ENTRY, prod)};
