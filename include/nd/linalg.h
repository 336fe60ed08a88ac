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

/** Tensor contraction over the last `naxes` axes of a and the first `naxes` of b (NumPy's
 *  tensordot with an integer): the result has a's remaining axes, then b's. naxes 0 is
 *  the outer product. Summed extents must be equal. */
ND_API nd_array *nd_tensordot(const nd_array *a, const nd_array *b, int naxes);
/** tensordot over explicit axis pairs: a's axis axes_a[i] is summed against b's axis
 *  axes_b[i] (negative axes count from the end; repeats are errors). */
ND_API nd_array *nd_tensordot_axes(const nd_array *a, const nd_array *b, int naxes,
                                   const int *axes_a, const int *axes_b);
/** Dot products of vectors along `axis` (of each operand, negative counting from the end),
 *  conjugating a for complex dtypes: sum(conj(a) * b). The other axes broadcast. */
ND_API nd_array *nd_vecdot(const nd_array *a, const nd_array *b, int axis);
/** NumPy's inner: sums over the last axis of both; the result has a's other axes, then
 *  b's. A 0-d operand multiplies the other. */
ND_API nd_array *nd_inner(const nd_array *a, const nd_array *b);
/** NumPy's outer: both operands flattened (C order), result[i, j] = a[i] * b[j]. */
ND_API nd_array *nd_outer(const nd_array *a, const nd_array *b);
/** Kronecker product (NumPy's kron): shapes padded with leading 1s to the same rank, the
 *  result's extents are the products of theirs. */
ND_API nd_array *nd_kron(const nd_array *a, const nd_array *b);
/** Sum along diagonals of the planes (axis1, axis2), offset as in nd_diagonal; those two
 *  axes are removed (NumPy's trace). Sums of bool and signed integers are int64, of
 *  unsigned integers uint64 (NumPy's defaults); float and complex keep their dtype and use
 *  NumPy's pairwise summation. */
ND_API nd_array *nd_trace(const nd_array *a, int64_t offset, int axis1, int axis2);
/** Cross product of 2- or 3-component vectors along `axis` of a, b and the result
 *  (NumPy's cross with axis=; a 2-vector has z = 0, and two 2-vectors give the z
 *  component alone). The other axes broadcast. Bool is refused, as in NumPy. */
ND_API nd_array *nd_cross(const nd_array *a, const nd_array *b, int axis);

/** Most operands nd_einsum takes. */
#define ND_EINSUM_MAX_OPERANDS 32

/** Einstein summation with NumPy's grammar: "ij,jk->ik". Operands are separated by ',';
 *  letters (a-z, A-Z) label axes; "..." stands for the axes the letters leave (broadcast
 *  across operands, aligned on the right); spaces are ignored. With "->" the output is
 *  explicit; without it, it is "..." followed by the letters that occur exactly once, in
 *  alphabetical order (uppercase first). A letter repeated in one operand takes its
 *  diagonal; letters missing from the output are summed; axes of extent 1 broadcast.
 *  Operands of different dtypes are promoted. The operands are contracted pairwise in the
 *  order nd_einsum_path chooses, each pair as one (batched) matrix product read in place
 *  where strides allow. With one operand and nothing to sum, the result is a view of it
 *  (as in NumPy); otherwise a new array (C-contiguous in the output order when the last
 *  product can write it so). Malformed subscripts are errors naming the position:
 *  "einsum: invalid character '$' at position 1 (subscripts are letters)". */
ND_API nd_array *nd_einsum(const char *subscripts, int n, nd_array *const *operands);
/** The contraction order nd_einsum uses for these operands: n - 1 pairs written to
 *  path[0 .. 2n-3] (positions i < j in the current operand list; the result of each step
 *  is appended to the end of the list, NumPy's einsum_path convention), found by
 *  exhaustive search for up to 6 operands and greedily beyond; *flops gets the estimated
 *  cost in NumPy's model (its "Optimized FLOP count"). path and flops may be NULL. */
ND_API nd_status nd_einsum_path(const char *subscripts, int n, nd_array *const *operands,
                                int *path, double *flops);

/* ---- the Array API's linalg extension (plus eig and eigvals) ----------------------- */

/** Cross product of 3-vectors along `axis` (the Array API's linalg.cross). */
ND_API nd_array *nd_linalg_cross(const nd_array *x1, const nd_array *x2, int axis);
/** The diagonals of the matrices (a view), along the last two axes. */
ND_API nd_array *nd_linalg_diagonal(const nd_array *x, int64_t offset);
/** Outer product of two 1-D arrays. */
ND_API nd_array *nd_linalg_outer(const nd_array *x1, const nd_array *x2);
/** Trace of each matrix (last two axes), with nd_trace's dtypes. */
ND_API nd_array *nd_linalg_trace(const nd_array *x, int64_t offset);

#ifdef __cplusplus
}
#endif
#endif
