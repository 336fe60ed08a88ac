/** \file
 *  nd: decompositions and solvers beyond the Array API, with SciPy's semantics
 *  (scipy.linalg): generalized and partial Hermitian eigenproblems, factor-once solves
 *  (Cholesky, LU), triangular solves, solves that exploit structure, the Schur form and
 *  the truncated SVD.
 *
 *  Everything here follows the rules of the decompositions in nd/linalg.h: stacks of
 *  matrices [..., M, N] whose batch axes broadcast between operands, worked on in
 *  parallel over the stack; computed in double precision (LAPACK's d and z routines) and
 *  rounded to float32 / complex64 when every input is single precision, integer and bool
 *  inputs giving float64; C-contiguous results; any layout of the inputs (C, F,
 *  transposed, stepped, negative and zero strides). The errors the decompositions share
 *  (NULL arguments, a stack that is not one of matrices or not of square ones, batch axes
 *  that do not broadcast, extents above INT_MAX / 2, out of memory) are described in
 *  nd/linalg.h's file comment; a failing matrix of a batch is named in ND_ERR_LINALG
 *  messages ("eigh: matrix 2 of the batch did not converge"). */
#ifndef ND_DECOMP_H
#define ND_DECOMP_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Hermitian eigenproblems: generalized and partial ----------------------------- */

/** Which eigenvalues nd_linalg_eigh_ex computes. */
typedef enum nd_eigh_subset {
  ND_EIGH_ALL = 0,   /**< all of them */
  ND_EIGH_BY_INDEX,  /**< the lo-th to the hi-th in ascending order (0-based, inclusive) */
  ND_EIGH_BY_VALUE   /**< those in the half-open interval (vl, vu] */
} nd_eigh_subset;

/** Options of nd_linalg_eigh_ex; a zero-initialised struct (or NULL) means: type 1, all
 *  eigenvalues, lower triangles. */
typedef struct nd_eigh_options {
  int type;              /**< generalized problems: 1 solves a v = w b v, 2 a b v = w v,
                              3 b a v = w v (0 means 1); ignored by the standard problem,
                              as in SciPy */
  nd_eigh_subset subset; /**< which eigenvalues */
  int64_t lo, hi;        /**< ND_EIGH_BY_INDEX: 0 <= lo <= hi < N */
  double vl, vu;         /**< ND_EIGH_BY_VALUE: vl < vu */
  bool upper;            /**< read the upper triangles of a and b instead of the lower ones */
} nd_eigh_options;

/** Eigenvalues (ascending, real dtype) and eigenvectors (columns) of the Hermitian
 *  matrices a [..., N, N] (scipy.linalg.eigh with subset_by_index / subset_by_value; opt
 *  NULL: all eigenvalues, as nd_linalg_eigh). Only one triangle of a is read (the lower
 *  one unless opt->upper). All eigenvalues come from divide and conquer (?syevd /
 *  ?heevd), a subset from MRRR (?syevr / ?heevr), SciPy's drivers.
 *  Results: eigenvalues [..., K] and eigenvectors [..., N, K], K the number selected: N,
 *  hi - lo + 1, or the number in (vl, vu], which must then be the same for every matrix
 *  of a batch.
 *  Errors: the decompositions' (square matrices), ND_ERR_VALUE (an index range outside
 *  the matrix: "eigh: subset_by_index [2, 5] is not within [0, 3]"; "eigh: subset_by_value
 *  needs vl < vu (got 1 and 0)"; an invalid subset kind or type), ND_ERR_SHAPE (different
 *  counts in (vl, vu] over a batch: "eigh: subset_by_value finds 2 eigenvalues in matrix
 *  0 of the batch but 3 in matrix 1 of the batch (a batch needs the same number)"),
 *  ND_ERR_LINALG ("eigh: the matrix contains infinities or NaNs", in the triangle read;
 *  "eigh: matrix 2 of the batch did not converge"). */
ND_API nd_status nd_linalg_eigh_ex(const nd_array *a, const nd_eigh_options *opt,
                                   nd_array **eigenvalues, nd_array **eigenvectors);
/** The generalized problems of the Hermitian pairs (a, b), b positive definite, of type
 *  opt->type (1: a v = w b v, 2: a b v = w v, 3: b a v = w v), with nd_linalg_eigh_ex's
 *  subsets and results (scipy.linalg.eigh(a, b, ...)). One triangle of a and of b is
 *  read; the batch axes of a and b broadcast. All eigenvalues come from ?sygvd / ?hegvd;
 *  a subset from the Cholesky factor of b (?potrf), the reduction to a standard problem
 *  (?sygst), MRRR (?syevr) and the transformation back with the factor (the steps of
 *  ?sygvx, with MRRR for its bisection and inverse iteration). The eigenvectors are
 *  normalised as LAPACK's: V^H b V = I for types 1 and 2, V^H b^-1 V = I for type 3.
 *  Errors: those of nd_linalg_eigh_ex, ND_ERR_VALUE (a type other than 1, 2 or 3: "eigh:
 *  type must be 1, 2 or 3 (got 4)"), ND_ERR_SHAPE (a and b of different sizes: "eigh: a
 *  [3,3] and b [4,4] have different sizes"), ND_ERR_LINALG ("eigh: b is not positive
 *  definite", "eigh: b of matrix 1 of the batch is not positive definite", "eigh: b
 *  contains infinities or NaNs"), ND_ERR_NULL (b NULL). */
ND_API nd_status nd_linalg_eigh_generalized(const nd_array *a, const nd_array *b,
                                            const nd_eigh_options *opt, nd_array **eigenvalues,
                                            nd_array **eigenvectors);
/** Eigenvalues alone, as nd_linalg_eigh_ex.
 *  Errors: as nd_linalg_eigh_ex ("eigvalsh: ..."). */
ND_API nd_array *nd_linalg_eigvalsh_ex(const nd_array *a, const nd_eigh_options *opt);
/** Eigenvalues alone, as nd_linalg_eigh_generalized.
 *  Errors: as nd_linalg_eigh_generalized ("eigvalsh: ..."). */
ND_API nd_array *nd_linalg_eigvalsh_generalized(const nd_array *a, const nd_array *b,
                                                const nd_eigh_options *opt);

/* ---- factor once, solve many; solves that use the structure of a ----------------- */

/* The solves below take b as nd_linalg_solve does (NumPy 2's rule): a 1-D b is one vector
 * [N] (broadcast against the batch of a; x is [..., N]); otherwise b is a stack of
 * [N, K] matrices whose batch axes broadcast with a's. Their shape errors are
 * nd_linalg_solve's ("cho_solve: a [3,3] and b [2] do not match (a has 3 rows, b 2)",
 * "lu_solve: b must have at least 1 dimension (a is [2,2], b is 0-d)"). Infinities and
 * NaNs are not checked: they propagate into x. */

/** op(a) in the solves with a triangular or LU-factored matrix: SciPy's trans = 0, 1, 2. */
typedef enum nd_trans {
  ND_TRANS_N = 0, /**< a x = b */
  ND_TRANS_T = 1, /**< a^T x = b */
  ND_TRANS_C = 2  /**< a^H x = b (the same as ND_TRANS_T for real a) */
} nd_trans;

/** What nd_linalg_solve_ex may assume about a (SciPy's assume_a). */
typedef enum nd_assume {
  ND_ASSUME_GENERAL = 0,         /**< LU with partial pivoting (?gesv), as nd_linalg_solve */
  ND_ASSUME_SYMMETRIC,           /**< a = a^T, indefinite: Bunch-Kaufman (?sysv) */
  ND_ASSUME_HERMITIAN,           /**< a = a^H, indefinite: Bunch-Kaufman (?hesv) */
  ND_ASSUME_POSITIVE_DEFINITE,   /**< Hermitian positive definite: Cholesky (?posv) */
  ND_ASSUME_LOWER_TRIANGULAR,    /**< lower triangular (?trtrs); the upper part is not read */
  ND_ASSUME_UPPER_TRIANGULAR     /**< upper triangular (?trtrs); the lower part is not read */
} nd_assume;

/** Solution x of a x = b using what `assume` says of a (scipy.linalg.solve with
 *  assume_a): the symmetric, Hermitian and positive definite kinds read one triangle of
 *  a, the lower one if `lower`, else the upper one (SciPy's default, lower=False); the
 *  triangular kinds read their own triangle. Symmetric and Hermitian solves cost about
 *  half of the general one, positive definite ones a third.
 *  Errors: nd_linalg_solve's, ND_ERR_VALUE (an invalid assume: "solve: invalid assume_a
 *  9"), ND_ERR_LINALG ("solve: the matrix is singular" for an exactly zero pivot of the
 *  LU or Bunch-Kaufman factorisation or an exact zero on a triangular diagonal; "solve:
 *  matrix 2 of the batch is not positive definite"). */
ND_API nd_array *nd_linalg_solve_ex(const nd_array *a, const nd_array *b, nd_assume assume,
                                    bool lower);
/** Solution x of op(a) x = b for triangular a (scipy.linalg.solve_triangular): only the
 *  lower (lower) or upper triangle of a is read, and with unit_diagonal not its diagonal
 *  either (taken as ones). ?trtrs, which refuses an exact zero on the diagonal.
 *  Errors: nd_linalg_solve's shape errors ("solve_triangular: ..."), ND_ERR_VALUE (an
 *  invalid trans: "solve_triangular: invalid trans 3 (ND_TRANS_N, ND_TRANS_T or
 *  ND_TRANS_C)"), ND_ERR_LINALG ("solve_triangular: the matrix is singular"). */
ND_API nd_array *nd_linalg_solve_triangular(const nd_array *a, const nd_array *b,
                                            nd_trans trans, bool lower, bool unit_diagonal);
/** Solution x of a x = b from the Cholesky factor c of a (scipy.linalg.cho_solve): c is
 *  lower (a = c c^H) when `lower`, else upper (a = c^H c), as nd_linalg_cholesky returns
 *  it; only that triangle of c is read. ?potrs.
 *  Errors: nd_linalg_solve's shape errors ("cho_solve: ..."), ND_ERR_LINALG (an exact zero
 *  on c's diagonal: "cho_solve: the matrix is singular"). */
ND_API nd_array *nd_linalg_cho_solve(const nd_array *c, bool lower, const nd_array *b);
/** LU factorisation with partial pivoting of the matrices a [..., M, N]
 *  (scipy.linalg.lu_factor, ?getrf): lu [..., M, N] holds L below the diagonal (its unit
 *  diagonal implied) and U on and above it; piv [..., min(M, N)] (int64) the 0-based row
 *  interchanges: row i was swapped with row piv[i], in order. An exactly singular matrix is
 *  factored all the same (U has a zero on its diagonal; SciPy warns) and refused by
 *  nd_linalg_lu_solve. Infinities and NaNs are not checked.
 *  Errors: the decompositions' (any M x N), ND_ERR_NULL (lu or piv NULL). */
ND_API nd_status nd_linalg_lu_factor(const nd_array *a, nd_array **lu, nd_array **piv);
/** Solution x of op(a) x = b from nd_linalg_lu_factor's lu and piv of a square a
 *  (scipy.linalg.lu_solve, ?getrs). piv may have any integer dtype (SciPy's int32 pivots
 *  too); its batch axes broadcast with lu's and b's.
 *  Errors: nd_linalg_solve's shape errors ("lu_solve: ..."; lu square), ND_ERR_TYPE
 *  (pivots that are not integers: "lu_solve: pivots must be integers, not float64"),
 *  ND_ERR_SHAPE (pivots of another length: "lu_solve: pivots [2] do not match lu [3,3]
 *  (one pivot per row)"), ND_ERR_VALUE (an invalid trans), ND_ERR_LINALG (a pivot outside
 *  [0, N): "lu_solve: the matrix has a pivot outside [0, N)"; an exact zero on U's
 *  diagonal: "lu_solve: matrix 1 of the batch is singular"). */
ND_API nd_array *nd_linalg_lu_solve(const nd_array *lu, const nd_array *piv, const nd_array *b,
                                    nd_trans trans);

/* ---- the Schur form --------------------------------------------------------------- */

/** Schur decomposition a = Z T Z^H (scipy.linalg.schur, ?gees without sorting): with
 *  complex_output false and real a, T is real and quasi upper triangular (2 x 2 blocks
 *  for complex conjugate pairs of eigenvalues) and Z real orthogonal; otherwise T is
 *  upper triangular and complex, Z unitary (a complex a always gives these).
 *  Errors: the decompositions', ND_ERR_LINALG ("schur: the matrix contains infinities or
 *  NaNs", "schur: the matrix did not converge"),
 *  ND_ERR_NULL (t or z NULL). */
ND_API nd_status nd_linalg_schur(const nd_array *a, bool complex_output, nd_array **t,
                                 nd_array **z);

/* ---- the truncated SVD ------------------------------------------------------------ */

/** How nd_linalg_svd_truncated computes the k largest singular triplets. */
typedef enum nd_svd_method {
  ND_SVD_AUTO = 0,     /**< randomized when k + oversamples is at most min(M, N) / 4,
                            falling back to gesvdx for a matrix it does not converge on
                            within the iterations that cost less than gesvdx; else gesvdx */
  ND_SVD_GESVDX,       /**< LAPACK's ?gesvdx: bidiagonalisation, then the k largest
                            triplets of the bidiagonal matrix by bisection and inverse
                            iteration */
  ND_SVD_RANDOMIZED    /**< randomised subspace iteration (Halko, Martinsson and Tropp
                            2011) with a residual test on every triplet */
} nd_svd_method;

/** Options of nd_linalg_svd_truncated; a zero-initialised struct (or NULL) means the
 *  defaults. */
typedef struct nd_svd_truncated_options {
  nd_svd_method method;  /**< ND_SVD_AUTO by default */
  uint64_t seed;         /**< randomized: seed of the Gaussian starting block (nd_rng_new) */
  int64_t oversamples;   /**< randomized: columns beyond k in the block (0: k, at least 10;
                              the block never exceeds min(M, N)) */
  bool fixed_iterations; /**< randomized: run exactly n_iter power iterations and no
                              residual test (scikit-learn's randomized_svd) */
  int64_t n_iter;        /**< randomized: with fixed_iterations the count (>= 0), else the
                              most before giving up (0: 100; ND_SVD_AUTO gives up earlier) */
  double tol;            /**< randomized, without fixed_iterations: every triplet's residual
                              |a^H u - s v| at most tol * s_1 (0: 1e-12; 1e-6 for single
                              precision input) */
} nd_svd_truncated_options;

/** The k largest singular values (descending) of the matrices a [..., M, N] and their
 *  singular vectors: u [..., M, k], s [..., k] (real dtype), vh [..., k, N], with
 *  a ~ u diag(s) vh the best rank-k approximation. For 0 <= k <= min(M, N).
 *  gesvdx costs most of a full SVD's bidiagonalisation (about 4 M N min(M, N) flops, half
 *  of them in matrix-vector products), so it wins over the full SVD by the back
 *  transformation it saves: 1.5 times at 2304 x 2304, k = 48. The randomised method costs
 *  about 4 M N (k + p) flops per iteration, all in matrix products, and converges in a
 *  few iterations when the singular values beyond k + p are well below the k-th (TRG and
 *  DMRG truncations, low-rank data): it wins by far when k + p is much smaller than
 *  min(M, N) (8.4 times faster than the full SVD at 2304 x 2304, k = 48, for singular
 *  values falling by 5 % each); for a flat spectrum it needs many iterations and gesvdx
 *  wins. Its residual
 *  test makes each returned triplet accurate to tol * s_1 (as a singular triplet of a:
 *  the values to about that, the vectors to that over the gap to the other singular
 *  values), so on matrices with a spectral gap both methods agree with the full SVD's
 *  leading triplets to 1e-10. Vectors are determined up to a phase (a sign for real
 *  data), as in every SVD. Each matrix of a batch starts from its own Gaussian block
 *  drawn from one generator seeded with opt->seed, so that a seed gives the same result
 *  (to the last bits, which BLAS's thread count can change).
 *  Errors: the decompositions' (any M x N), ND_ERR_VALUE (k outside [0, min(M, N)]:
 *  "svd_truncated: k = 5 is outside [0, 4] for a [4,6] matrix"; negative oversamples or
 *  n_iter, a negative or NaN tol, an invalid method), ND_ERR_LINALG ("svd_truncated: the
 *  matrix contains infinities or NaNs", "svd_truncated: matrix 1 of the batch did not
 *  converge in 100 randomized subspace iterations (tolerance 1e-12)", "svd_truncated:
 *  the matrix did not converge (gesvdx)"), ND_ERR_NULL (u, s or vh NULL). */
ND_API nd_status nd_linalg_svd_truncated(const nd_array *a, int64_t k,
                                         const nd_svd_truncated_options *opt, nd_array **u,
                                         nd_array **s, nd_array **vh);

#ifdef __cplusplus
}
#endif
#endif
