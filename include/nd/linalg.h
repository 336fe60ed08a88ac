/** \file
 *  nd: linear algebra. Matrix products (matmul, tensordot, vecdot, einsum, ...) run on
 *  BLAS (OpenBLAS) for float and complex dtypes, reading strided operands in place
 *  whenever BLAS can address them, and on nd's own kernels for integers (which wrap, as in
 *  NumPy) and bool (logical or of ands). Functions over matrices batch over the leading
 *  axes ([..., M, N]) and run the batch in parallel. Results are new arrays (except the
 *  views of nd_linalg_diagonal, and nd_einsum's with one operand and nothing to sum); the
 *  products' results have the promoted dtype of their operands.
 *
 *  Decompositions and solvers (nd_linalg_cholesky to nd_linalg_lstsq) take stacks of
 *  matrices [..., M, N] and work on each matrix, in parallel over the stack. As in NumPy
 *  they compute in double precision (LAPACK's d and z routines) and round to float32 /
 *  complex64 when every input is single precision; integer and bool inputs give float64.
 *  Matrix results are C-contiguous. Infinities and NaNs in the input are errors for
 *  cholesky, the eigen solvers, the SVD-based functions and lstsq; inv, solve, det,
 *  slogdet and qr do not check for them.
 *
 *  Errors. Besides each function's "Errors:" line, every one can fail with the common
 *  errors of nd_status (NULL arguments, among them NULL output pointers; out of memory; a
 *  result whose size overflows int64). The decompositions and solvers share these:
 *  ND_ERR_SHAPE for an input that is not a stack of matrices ("cholesky: needs a matrix or
 *  a stack of matrices (at least 2 axes), got shape [3]") or, where square matrices are
 *  needed, not square ("inv: needs square matrices, got shape [2,3] (2 x 3)"), or for
 *  batch axes that do not broadcast ("solve: shapes [2] and [3] cannot be broadcast (axis
 *  0: 2 vs 3)"); ND_ERR_VALUE for an extent above INT_MAX / 2,
 *  which LAPACK cannot index ("inv: extent 1200000000 is too large for LAPACK");
 *  ND_ERR_LINALG for a matrix LAPACK cannot handle, naming it ("inv: the matrix is
 *  singular", "solve: matrix 3 of the batch is singular", "eigvalsh: the matrix contains
 *  infinities or NaNs"). */
#ifndef ND_LINALG_H
#define ND_LINALG_H

#include "axis.h"
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Matrix product with NumPy's `@` rules: a 1-D left operand is a row vector and a 1-D
 *  right operand a column vector, the added axis being removed from the result; the batch
 *  axes (all but the last two) broadcast, and the result's batch shape is the broadcast
 *  shape. The result dtype is the promoted dtype of the operands; the result is
 *  C-contiguous. 0-d operands and mismatched inner extents are errors:
 *  "matmul: [2,3] @ [4,5]: contracted axes differ (3 vs 4)".
 *  Errors: ND_ERR_SHAPE (a 0-d operand: "matmul: operand 0 is 0-d; matmul needs at least
 *  one axis (multiply scalars instead)"; inner extents; batch shapes that do not broadcast:
 *  "matmul: [2,2,3] @ [3,3,4]: batch shapes [2] and [3] cannot be broadcast"; a result of
 *  more than ND_MAX_DIMS axes).
 *
 *  float16 and bfloat16 products accumulate in float32 and round each result element
 *  once (NumPy's float16 matmul; ml_dtypes returns float32 for bfloat16 @ bfloat16, nd
 *  bfloat16, as for every other dtype); bfloat16 runs on the CPU's bfloat16 dot-product
 *  instruction where it has one (AVX512_BF16), about twice float32's throughput, which
 *  treats bfloat16 subnormal inputs and float32 subnormal partial results as zero. The
 *  same holds for every product built on matmul and the contraction engine (tensordot,
 *  vecdot, inner, einsum, ...). */
ND_API nd_array *nd_matmul(const nd_array *a, const nd_array *b);
/** nd_matmul computed in `dtype` (NumPy's matmul(a, b, dtype=...)): the operands, of
 *  promoted dtype t, are converted to dtype, which t must reach by same-kind casting, and
 *  the result has dtype. For float16 or bfloat16 operands and dtype float32 nothing is
 *  converted: the mixed-precision product reads the 16-bit operands as they are,
 *  accumulates in float32 and returns float32, without a rounding to 16 bits (on
 *  AVX512_BF16 for bfloat16).
 *  Errors: as nd_matmul; ND_ERR_TYPE (an invalid dtype; "matmul: cannot compute a product
 *  of float64 inputs in int32 (same-kind casting)"). */
ND_API nd_array *nd_matmul_dtype(const nd_array *a, const nd_array *b, nd_dtype dtype);

/** Tensor contraction over the last `naxes` axes of a and the first `naxes` of b (NumPy's
 *  tensordot with an integer): the result has a's remaining axes, then b's. naxes 0 is
 *  the outer product. Summed extents must be equal. The product reads its operands in
 *  place where their strides allow (nd_einsum describes the engine); the result is
 *  C-contiguous when the product writes that layout at full speed, otherwise a view of
 *  the faster layout (its strides show which).
 *  Errors: ND_ERR_VALUE (naxes < 0 or above either ndim: "tensordot: cannot sum over 3
 *  axes of arrays with 2 and 2 axes"), ND_ERR_SHAPE (summed extents differ: "tensordot:
 *  [2,3] and [4,5]: summed axes differ (axis 1 of a has extent 3, axis 0 of b 4)"; a
 *  result of more than ND_MAX_DIMS axes). */
ND_API nd_array *nd_tensordot(const nd_array *a, const nd_array *b, int naxes);
/** tensordot over explicit axis pairs: a's axis axes_a[i] is summed against b's axis
 *  axes_b[i] (negative axes count from the end; repeats are errors).
 *  Errors: as nd_tensordot, and ND_ERR_INDEX (an axis out of range or repeated),
 *  ND_ERR_NULL (axes_a or axes_b NULL with naxes > 0: "tensordot: argument axes_a is
 *  NULL"). */
ND_API nd_array *nd_tensordot_axes(const nd_array *a, const nd_array *b, int naxes,
                                   const int *axes_a, const int *axes_b);
/** Dot products of vectors along `axis` (of each operand, negative counting from the end),
 *  conjugating a for complex dtypes: sum(conj(a) * b). The other axes broadcast.
 *  Errors: ND_ERR_SHAPE (a 0-d operand: "vecdot: operands need at least one axis (got 0
 *  and 1)"; extents along the axis differ: "vecdot: axis -1 has extent 3 in x1 but 4 in
 *  x2"; other axes that do not broadcast), ND_ERR_INDEX (axis out of range). */
ND_API nd_array *nd_vecdot(const nd_array *a, const nd_array *b, int axis);
/** NumPy's inner: sums over the last axis of both; the result has a's other axes, then
 *  b's. A 0-d operand multiplies the other.
 *  Errors: ND_ERR_SHAPE (last extents differ: "inner: [2,3] and [4]: last axes differ (3
 *  vs 4)"; a result of more than ND_MAX_DIMS axes). */
ND_API nd_array *nd_inner(const nd_array *a, const nd_array *b);
/** NumPy's outer: both operands flattened (C order), result[i, j] = a[i] * b[j].
 *  Errors: ND_ERR_OVERFLOW ("outer: a result of 4294967296 x 4294967296 elements
 *  overflows int64"). */
ND_API nd_array *nd_outer(const nd_array *a, const nd_array *b);
/** Kronecker product (NumPy's kron): shapes padded with leading 1s to the same rank, the
 *  result's extents are the products of theirs. The result dtype is the promoted dtype;
 *  the result is C-contiguous. Operands of up to ND_MAX_DIMS axes are supported (NumPy's
 *  kron stops at 32, as it forms the product with twice as many axes; nd leaves out the
 *  axes of extent 1).
 *  Errors: ND_ERR_OVERFLOW (an extent: "kron: extent 4294967296 x 4294967296
 *  overflows"; the result's size: "kron: a result of 4294967296 x 4294967296 elements
 *  overflows int64"). */
ND_API nd_array *nd_kron(const nd_array *a, const nd_array *b);
/** Sum along diagonals of the planes (axis1, axis2), offset as in nd_diagonal; those two
 *  axes are removed (NumPy's trace). Sums of bool and signed integers are int64, of
 *  unsigned integers uint64 (NumPy's defaults); float and complex keep their dtype and use
 *  NumPy's pairwise summation. The result is C-contiguous.
 *  Errors: ND_ERR_SHAPE (ndim < 2: "trace: needs at least 2 axes (got 1)"), ND_ERR_INDEX
 *  (an axis out of range), ND_ERR_VALUE (axis1 and axis2 the same axis: "trace: axis1 and
 *  axis2 cannot be the same (both 0)"). */
ND_API nd_array *nd_trace(const nd_array *a, int64_t offset, int axis1, int axis2);
/** Cross product of 2- or 3-component vectors along `axis` of a, b and the result
 *  (NumPy's cross with axis=; a 2-vector has z = 0, and two 2-vectors give the z
 *  component alone). The other axes broadcast. Bool is refused, as in NumPy.
 *  Errors: ND_ERR_SHAPE (a 0-d operand; a vector of other than 2 or 3 components: "cross:
 *  vectors must have 2 or 3 components along axis -1 (got 4 and 3)"; other axes that do
 *  not broadcast), ND_ERR_INDEX (axis out of range), ND_ERR_TYPE (bool operands: "cross:
 *  boolean operands are not supported (no boolean subtraction)"). */
ND_API nd_array *nd_cross(const nd_array *a, const nd_array *b, int axis);

/** Most operands nd_einsum takes. */
#define ND_EINSUM_MAX_OPERANDS 1024

/** Einstein summation with NumPy's grammar: "ij,jk->ik". Operands are separated by ',';
 *  letters (a-z, A-Z) label axes, and so does any non-ASCII character (UTF-8), as
 *  opt_einsum names labels beyond 52 (a 5 x 5 PEPS norm has 105); "..." stands for the
 *  axes the labels leave (broadcast across operands, aligned on the right); spaces are
 *  ignored. With "->" the output is explicit; without it, it is "..." followed by the
 *  labels that occur exactly once: uppercase letters, lowercase letters, then other
 *  characters by code point. A label repeated in one operand takes its diagonal; labels
 *  missing from the output are summed; axes of extent 1 broadcast. Operands of different
 *  dtypes are promoted.
 *
 *  The operands are contracted pairwise in the order nd_einsum_path reports (the least
 *  estimated time: nd_einsum_optimize), each pair as one batched matrix product (gemv or
 *  dot where an extent is 1) that reads its operands in place where their strides allow,
 *  loops over axes that do not chain, or copies the operand that costs least to copy. The
 *  order is kept in a cache of the last 64 (subscripts, shapes, strides), so a repeated
 *  call does not plan again. An intermediate is made in the layout its next step reads in
 *  place; the result is C-contiguous in the output order when the last product writes
 *  that layout at full speed, and otherwise (OpenBLAS runs a product up to twice as fast
 *  with its longer side contiguous in C) a view in the output order of the layout the
 *  product wrote, as NumPy's einsum returns a transposed view of its tensordot. With one
 *  operand and nothing to sum, the result is a view of it (as in NumPy). Malformed
 *  subscripts are errors naming the position (in bytes): "einsum: invalid character '$'
 *  at position 1 (subscripts are letters)".
 *  Errors: ND_ERR_VALUE (malformed subscripts, invalid UTF-8: "einsum: invalid UTF-8 byte
 *  0xff at position 1"; n outside [1, ND_EINSUM_MAX_OPERANDS]: "einsum: 0 operands (1 to
 *  1024 are supported)"; subscripts for another number of operands: "einsum: the
 *  subscripts name more operands than the 1 given (',' at position 1)"; an output label
 *  that is in no input, or twice in the output: "einsum: output label 'j' at position 3
 *  does not appear in any input"; more than 140 distinct labels besides the letters),
 *  ND_ERR_SHAPE (subscripts that do not match an operand's axes: "einsum: operand 0 has 2
 *  axes but its subscripts (from position 0) name 3"; a label of two extents: "einsum:
 *  label 'j' has extent 3 in operand 0 but 4 in operand 1"; `...` axes that do not
 *  broadcast; an output of more than ND_MAX_DIMS axes; operands that no pairwise order
 *  contracts without an intermediate product of more than ND_MAX_DIMS axes: "einsum: the
 *  product of operands of 59 and 59 axes would have 72 axes (at most 64)"), ND_ERR_NULL
 *  (subscripts, operands or one operand NULL). */
ND_API nd_array *nd_einsum(const char *subscripts, int n, nd_array *const *operands);
/** The contraction order nd_einsum uses for these operands: n - 1 pairs written to
 *  path[0 .. 2n-3] (positions i < j in the current operand list; the result of each step
 *  is appended to the end of the list, NumPy's einsum_path convention), chosen as
 *  nd_einsum_optimize's AUTO describes, avoiding any step whose product would have more
 *  than ND_MAX_DIMS axes where another order exists (such a step cannot run); *flops gets
 *  the cost of that path in NumPy's model (its "Optimized FLOP count"). Where no label is
 *  summed over and there are 3 or more operands ("i,j,k->ijk"), NumPy does not plan a
 *  path and reports the cost of one step over all operands; nd still contracts in pairs
 *  and reports their (smaller) cost. path and flops may be NULL.
 *  Errors: as nd_einsum ("einsum_path: ..."). */
ND_API nd_status nd_einsum_path(const char *subscripts, int n, nd_array *const *operands,
                                int *path, double *flops);

/** How einsum chooses its contraction order when none is given. Orders are priced by an
 *  estimate of their time on this class of machine (each step's matrix product by its
 *  extents, elementwise products by their size, the copy of an operand whose summed axes
 *  do not chain), ties going to fewer flops in NumPy's model. AUTO (the default): the
 *  cheapest of all pairwise orders for up to 10 operands (dynamic programming over
 *  subsets of the operands; outer products only where nothing else joins two subsets),
 *  greedily beyond; GREEDY: greedily for any count (opt_einsum's rule: the pair sharing a
 *  label whose result is smallest against its operands, ties by time; outer products of
 *  the smallest operands last); OPTIMAL: the search over subsets for up to 12 operands,
 *  greedily beyond. */
typedef enum nd_einsum_optimize {
  ND_EINSUM_AUTO = 0,
  ND_EINSUM_GREEDY,
  ND_EINSUM_OPTIMAL
} nd_einsum_optimize;

/** NumPy's keyword arguments of einsum, for nd_einsum_ex, nd_einsum_out and
 *  nd_einsum_path_ex. ND_EINSUM_DEFAULTS gives nd_einsum's behaviour; a NULL options
 *  pointer means the same. */
typedef struct nd_einsum_options {
  /** An explicit contraction order in NumPy's einsum_path format, flattened: the
   *  positions of each contraction's operands in the current list, each contraction ended
   *  by -1 ({0, 1, -1, 0, 1, -1} is NumPy's [(0, 1), (0, 1)]); each result is appended to
   *  the end of the list. A contraction may name one operand (it is summed down to what
   *  the rest needs) or more than two (contracted pairwise, left to right). NULL: nd
   *  plans the order with `optimize`. */
  const int *path;
  int path_len;                /**< entries of path, -1s included */
  nd_einsum_optimize optimize; /**< the search when path is NULL */
  /** The dtype to compute in and return, or -1 for the operands' promoted dtype. */
  int dtype;
  /** How operands may be converted to dtype, and the result to out's dtype (NumPy's
   *  default is ND_CAST_SAFE). */
  nd_casting casting;
} nd_einsum_options;

/** nd_einsum's behaviour as options. */
#define ND_EINSUM_DEFAULTS ((nd_einsum_options){NULL, 0, ND_EINSUM_AUTO, -1, ND_CAST_SAFE})

/** nd_einsum with options (NULL: ND_EINSUM_DEFAULTS).
 *  Errors: as nd_einsum, and ND_ERR_TYPE (an operand that cannot be cast to dtype under
 *  the casting rule: "einsum: cannot cast operand 0 from float64 to float32 under the
 *  'safe' rule"; dtype not an nd_dtype), ND_ERR_VALUE (a malformed path: "einsum: path
 *  contraction 2 names position 3 but 2 operands remain"; a path that leaves more than
 *  one operand: "einsum: the path leaves 2 operands (it must end with one)"). */
ND_API nd_array *nd_einsum_ex(const char *subscripts, int n, nd_array *const *operands,
                              const nd_einsum_options *opts);
/** nd_einsum_ex writing its result into `out`, whose shape must be the result's (no
 *  broadcasting) and whose dtype the result's dtype must cast to under opts->casting
 *  (NumPy's rule). The result is as if computed into a new array first, even when out
 *  overlaps an operand; where out's layout lets the last matrix product write it, it is
 *  written directly.
 *  Errors: as nd_einsum_ex, and ND_ERR_SHAPE ("einsum: out has shape [3,4] but the result
 *  has shape [3,5]"), ND_ERR_TYPE ("einsum: cannot cast the result from float64 to int32
 *  under the 'safe' rule"), ND_ERR_READONLY (out is read-only). */
ND_API nd_status nd_einsum_out(nd_array *out, const char *subscripts, int n,
                               nd_array *const *operands, const nd_einsum_options *opts);
/** nd_einsum_path with options: the steps nd_einsum_ex runs (the given path or the one it
 *  plans), *nsteps of them written to path as pairs (i, j) in the format of nd_einsum_path,
 *  with j = -1 for a step that sums one operand alone (a given path's one-operand
 *  contractions); a given contraction of more than two operands appears as its pairwise
 *  steps. path needs room for 2 (n - 1) ints when nd plans, 4 n + 4 always suffice. When
 *  report is not NULL it gets NumPy's einsum_path text (the complete contraction, naive
 *  and optimized scaling and FLOP counts, the theoretical speedup, the largest
 *  intermediate, then one line per step with its scaling, its subscripts and the
 *  subscripts left), a string the caller frees with free(). path, nsteps, flops and
 *  report may be NULL.
 *  Errors: as nd_einsum_ex ("einsum_path: ..."). */
ND_API nd_status nd_einsum_path_ex(const char *subscripts, int n, nd_array *const *operands,
                                   const nd_einsum_options *opts, int *path, int *nsteps,
                                   double *flops, char **report);

/* ---- the Array API's linalg extension (plus eig and eigvals) ----------------------- */

/** Cross product of 3-vectors along `axis` (the Array API's linalg.cross); otherwise as
 *  nd_cross.
 *  Errors: as nd_cross ("linalg.cross: ..."), with ND_ERR_SHAPE for vectors of other than
 *  3 components ("linalg.cross: both operands need 3 components along axis -1 (got 2 and
 *  3)"). */
ND_API nd_array *nd_linalg_cross(const nd_array *x1, const nd_array *x2, int axis);
/** The diagonals of the matrices along the last two axes: a view, as nd_diagonal(x,
 *  offset, -2, -1) (writeable when x is).
 *  Errors: ND_ERR_SHAPE (ndim < 2: "linalg.diagonal: needs at least 2 axes (got 1)"). */
ND_API nd_array *nd_linalg_diagonal(const nd_array *x, int64_t offset);
/** Outer product of two 1-D arrays.
 *  Errors: ND_ERR_SHAPE (an operand not 1-D: "linalg.outer: x1 and x2 must be 1-D (got 2
 *  and 1 axes)"), ND_ERR_OVERFLOW as nd_outer. */
ND_API nd_array *nd_linalg_outer(const nd_array *x1, const nd_array *x2);
/** Trace of each matrix (last two axes), with nd_trace's dtypes.
 *  Errors: ND_ERR_SHAPE (ndim < 2: "linalg.trace: needs at least 2 axes (got 1)"). */
ND_API nd_array *nd_linalg_trace(const nd_array *x, int64_t offset);

/* The decompositions below take stacks of matrices [..., M, N] and work on each matrix,
 * in parallel over the stack. As in NumPy they compute in double precision (LAPACK's
 * d and z routines) and round to float32 / complex64 when every input is single
 * precision; integer and bool inputs give float64. Matrix results are C-contiguous. A
 * singular or non-convergent matrix is an ND_ERR_LINALG error naming the batch element
 * ("solve: matrix 3 of the batch is singular"), never NaNs (except det and slogdet, where
 * a singular matrix gives 0 and -inf, as in NumPy). Singular means what LAPACK's LU meets:
 * an exactly zero pivot (inv, solve, matrix_power with n < 0). A nearly singular matrix is
 * not detected, nor an exactly singular one whose pivots round to tiny nonzero values
 * (common for complex matrices): the result then has huge entries, as in NumPy, and which
 * of the two a given matrix meets can differ between LAPACK builds (so between nd and
 * NumPy). Where it matters, check the conditioning first: nd_linalg_matrix_rank, or the
 * ratio of the largest to the smallest singular value (nd_linalg_svdvals), which is the
 * 2-norm condition number. See the file comment for the errors these functions share. */

/** Cholesky factor: lower L with a = L L^H, or (upper) U with a = U^H U. Reads only that
 *  triangle of a; the other triangle of the result is 0.
 *  Errors: the decompositions' (see the file comment; square matrices), and ND_ERR_LINALG
 *  ("cholesky: the matrix is not positive definite", "cholesky: matrix 1 of the batch
 *  contains infinities or NaNs": only the triangle read counts). */
ND_API nd_array *nd_linalg_cholesky(const nd_array *a, bool upper);
/** Determinant, NumPy's way: sign * exp(log|det|) from an LU factorisation; 0 for a
 *  singular matrix. One value per matrix (the batch shape; 0-d for one matrix).
 *  Errors: the decompositions' shape and size errors (square matrices); a singular matrix
 *  is not an error. */
ND_API nd_array *nd_linalg_det(const nd_array *a);
/** Sign (a unit complex number for complex input; 0 if singular) and log|det| (-inf if
 *  singular, in the real dtype) of each matrix.
 *  Errors: as nd_linalg_det. */
ND_API nd_status nd_linalg_slogdet(const nd_array *a, nd_array **sign, nd_array **logabsdet);
/** Inverse of each square matrix.
 *  Errors: the decompositions' (square matrices), and ND_ERR_LINALG ("inv: the matrix is
 *  singular", "inv: matrix 0 of the batch is singular"). */
ND_API nd_array *nd_linalg_inv(const nd_array *a);
/** Solution x of a x = b. NumPy 2's rule: a 1-D b is one vector [M] (broadcast against a's
 *  batch, x [..., M]); otherwise b is a stack of [M, K] matrices whose batch axes
 *  broadcast with a's.
 *  Errors: the decompositions' (a square), ND_ERR_SHAPE (a 0-d b: "solve: b must have at
 *  least 1 dimension (a is [2,2], b is 0-d)"; rows that differ: "solve: a [3,3] and b [2]
 *  do not match (a has 3 rows, b 2)"), ND_ERR_LINALG ("solve: the matrix is singular"). */
ND_API nd_array *nd_linalg_solve(const nd_array *a, const nd_array *b);
/** Eigenvalues (ascending, real dtype) and eigenvectors (columns) of Hermitian matrices;
 *  the lower triangle is read (NumPy's default).
 *  Errors: the decompositions' (square matrices), and ND_ERR_LINALG ("eigh: the matrix
 *  contains infinities or NaNs", in the lower triangle; "eigh: matrix 2 of the batch did
 *  not converge"). */
ND_API nd_status nd_linalg_eigh(const nd_array *a, nd_array **eigenvalues,
                                nd_array **eigenvectors);
/** Eigenvalues of Hermitian matrices, ascending (real dtype); the lower triangle is read.
 *  Errors: as nd_linalg_eigh ("eigvalsh: ..."). */
ND_API nd_array *nd_linalg_eigvalsh(const nd_array *a);
/** Eigenvalues and right eigenvectors (unit columns) of general square matrices. As in
 *  NumPy the results are real when the input is real and every eigenvalue (of the whole
 *  batch) is real, complex otherwise. Inputs with infinities or NaNs are errors.
 *  Errors: the decompositions' (square matrices), and ND_ERR_LINALG ("eig: the matrix
 *  contains infinities or NaNs", "eig: ... did not converge"). */
ND_API nd_status nd_linalg_eig(const nd_array *a, nd_array **eigenvalues,
                               nd_array **eigenvectors);
/** Eigenvalues of general square matrices (real or complex as for nd_linalg_eig).
 *  Errors: as nd_linalg_eig ("eigvals: ..."). */
ND_API nd_array *nd_linalg_eigvals(const nd_array *a);

/** QR modes: reduced (Q [M, K], R [K, N], K = min(M, N)) or complete (Q [M, M], R [M, N]). */
typedef enum nd_qr_mode { ND_QR_REDUCED = 0, ND_QR_COMPLETE = 1 } nd_qr_mode;
/** QR factorisation a = Q R with orthonormal (unitary) columns of Q and upper-triangular R.
 *  Infinities and NaNs are not checked (they propagate into Q and R).
 *  Errors: the decompositions' (any M x N), ND_ERR_VALUE (an invalid mode: "qr: invalid
 *  mode 5 (ND_QR_REDUCED or ND_QR_COMPLETE)"), ND_ERR_LINALG if LAPACK reports a failure
 *  ("qr: the matrix could not be factored"). */
ND_API nd_status nd_linalg_qr(const nd_array *a, nd_qr_mode mode, nd_array **q, nd_array **r);
/** Singular value decomposition a = U diag(S) Vh, S descending (real dtype). With
 *  full_matrices U is [M, M] and Vh [N, N], else U [M, K] and Vh [K, N], K = min(M, N).
 *  Errors: the decompositions' (any M x N), and ND_ERR_LINALG ("svd: the matrix contains
 *  infinities or NaNs (SVD did not converge)", "svd: ... did not converge (SVD)"). */
ND_API nd_status nd_linalg_svd(const nd_array *a, bool full_matrices, nd_array **u,
                               nd_array **s, nd_array **vh);
/** Singular values, descending: [..., K], in the real dtype.
 *  Errors: as nd_linalg_svd ("svdvals: ..."). */
ND_API nd_array *nd_linalg_svdvals(const nd_array *a);
/** Pseudo-inverse [..., N, M] from the SVD: singular values at most rtol * max(S) count as
 *  zero. rtol < 0 (or NaN) selects the Array API default max(M, N) * eps; NumPy's
 *  np.linalg.pinv default corresponds to rtol = 1e-15.
 *  Errors: as nd_linalg_svd ("pinv: ..."). */
ND_API nd_array *nd_linalg_pinv(const nd_array *a, double rtol);
/** nd_linalg_pinv with one tolerance per matrix: `rtol` (a real array, converted to
 *  float64) broadcasts to a's batch shape ([..., M, N] -> [...]); a negative or NaN entry
 *  selects the default for its matrix.
 *  Errors: as nd_linalg_pinv, and ND_ERR_SHAPE for an rtol that does not broadcast to the
 *  batch ("pinv: rtol of shape [3] does not broadcast to the batch shape [2]"), ND_ERR_TYPE
 *  for a complex rtol ("pinv: rtol must be real, not complex64"), ND_ERR_NULL for a NULL
 *  rtol. */
ND_API nd_array *nd_linalg_pinv_rtol(const nd_array *a, const nd_array *rtol);
/** Rank of each matrix: the number of singular values above rtol * max(S); rtol < 0
 *  (or NaN) selects max(M, N) * eps of the singular values' dtype (NumPy's default). int64
 *  results of the batch shape; a 0-d or 1-D input gives 1 unless it is all zeros (NumPy).
 *  Errors: as nd_linalg_svd for 2 or more axes ("matrix_rank: ..."). */
ND_API nd_array *nd_linalg_matrix_rank(const nd_array *a, double rtol);
/** nd_linalg_matrix_rank with one tolerance per matrix, broadcast as for
 *  nd_linalg_pinv_rtol (for a 0-d or 1-D a, where NumPy's rule needs no tolerance, it is
 *  not read).
 *  Errors: as nd_linalg_matrix_rank, and those of nd_linalg_pinv_rtol's rtol
 *  ("matrix_rank: rtol ..."). */
ND_API nd_array *nd_linalg_matrix_rank_rtol(const nd_array *a, const nd_array *rtol);
/** a raised to the integer power n by repeated squaring (NumPy's order of products); n = 0
 *  gives the identity in a's dtype, n < 0 powers of the inverse. Integer matrices stay
 *  integer (products wrap) for n >= 0.
 *  Errors: the decompositions' shape errors (square matrices), and for n < 0 nd_linalg_inv's
 *  ("matrix_power: the matrix is singular"). */
ND_API nd_array *nd_linalg_matrix_power(const nd_array *a, int64_t n);
/** The norms nd_linalg_matrix_norm offers (the Array API's ord values). */
typedef enum nd_norm_ord {
  ND_NORM_FRO = 0, /**< Frobenius: sqrt of the sum of |x|^2 */
  ND_NORM_NUC,     /**< nuclear: sum of the singular values */
  ND_NORM_INF,     /**< max over rows of the sum of |x| along the row */
  ND_NORM_NEG_INF, /**< min over rows of the row sums */
  ND_NORM_1,       /**< max over columns of the sum of |x| down the column */
  ND_NORM_NEG_1,   /**< min over columns of the column sums */
  ND_NORM_2,       /**< largest singular value */
  ND_NORM_NEG_2    /**< smallest singular value */
} nd_norm_ord;
/** Norm of each matrix (last two axes); keepdims leaves them as extents 1. Real result
 *  dtype (float32 for float32 / complex64 input, else float64); NumPy's definitions, with
 *  NumPy's rule for empty matrices (maxima are 0, minima are errors). The Frobenius,
 *  +-1 and +-inf norms are summed in double precision, as nd_linalg_vector_norm.
 *  Errors: ND_ERR_SHAPE (fewer than 2 axes), ND_ERR_VALUE (an invalid ord: "matrix_norm:
 *  invalid ord 9"; a minimum over nothing: "matrix_norm: ord=-2 over an empty set of
 *  elements (a minimum of nothing)"), and for ND_NORM_2, ND_NORM_NEG_2 and ND_NORM_NUC
 *  nd_linalg_svd's (ND_ERR_LINALG). */
ND_API nd_array *nd_linalg_matrix_norm(const nd_array *x, bool keepdims, nd_norm_ord ord);
/** Vector norm over the axes listed (naxes ND_ALL_AXES: all axes, the array taken as one
 *  vector; naxes 0: none, each element its own vector; nd/axis.h's rule): ord = INFINITY (max |x|), -INFINITY
 *  (min |x|), 0 (number of nonzeros), or any other p: (sum |x|^p)^(1/p) (p = 2 the
 *  Euclidean norm). Computed in double precision, float32 and complex64 included, so it
 *  neither overflows nor underflows where NumPy's float32 arithmetic does: float32
 *  [1e30, 1e30] gives 1.4142135e30 (NumPy inf), [1e-30, 1e-30] 1.4142136e-30 (NumPy 0).
 *  The result has the real dtype of a floating x, float64 otherwise.
 *  Errors: ND_ERR_INDEX (an axis out of range or repeated), ND_ERR_VALUE (naxes below -1,
 *  as in the reductions: "vector_norm: invalid axis count -2 (-1 means all axes)"; ord
 *  -INFINITY over no elements: "vector_norm: ord=-inf over an empty set of elements (a
 *  minimum of nothing)"). */
ND_API nd_array *nd_linalg_vector_norm(const nd_array *x, int naxes, const int *axes,
                                       bool keepdims, double ord);
/** Least-squares solution of a x = b (LAPACK gelsd, NumPy's lstsq, batched): x, the
 *  residuals (squared column norms of b - a x, shape [..., K]; an empty array unless
 *  every matrix has rank N and M > N, as in NumPy), the ranks (int64, batch shape) and
 *  the singular values. b is a vector when 1-D, else a stack of [M, K]. rcond < 0 (or NaN)
 *  gives NumPy's default eps * max(M, N).
 *  Errors: the decompositions' (any M x N), ND_ERR_SHAPE (a 0-d b, or rows that differ:
 *  "lstsq: a [3,2] and b [4] do not match (a has 3 rows)"), ND_ERR_LINALG ("lstsq: the
 *  matrix contains infinities or NaNs (SVD of least squares did not converge)"). */
ND_API nd_status nd_linalg_lstsq(const nd_array *a, const nd_array *b, double rcond,
                                 nd_array **x, nd_array **residuals, nd_array **rank,
                                 nd_array **s);

#ifdef __cplusplus
}
#endif
#endif
