/* nd: linear algebra. Matrix products (matmul, tensordot, vecdot, einsum, ...) run on
 * BLAS (OpenBLAS) for float and complex dtypes, reading strided operands in place
 * whenever BLAS can address them, and on nd's own kernels for integers (which wrap, as in
 * NumPy) and bool (logical or of ands). Functions over matrices batch over the leading
 * axes ([..., M, N]) and run the batch in parallel. Results are new arrays. */
#ifndef ND_LINALG_H
#define ND_LINALG_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Matrix product with NumPy's `@` rules: a 1-D left operand is a row vector and a 1-D
 *  right operand a column vector, the added axis being removed from the result; the batch
 *  axes (all but the last two) broadcast, and the result's batch shape is the broadcast
 *  shape. The result dtype is the promoted dtype of the operands; the result is
 *  C-contiguous. 0-d operands and mismatched inner extents are errors:
 *  "matmul: [2,3] @ [4,5]: contracted axes differ (3 vs 4)". */
ND_API nd_array *nd_matmul(const nd_array *a, const nd_array *b);

#ifdef __cplusplus
}
#endif
#endif
