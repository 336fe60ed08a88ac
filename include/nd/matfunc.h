/** \file
 *  nd: matrix functions, with SciPy's names and semantics (scipy.linalg): the exponential
 *  (expm), square root (sqrtm) and logarithm (logm) of general square matrices, the polar
 *  decomposition, and functions of Hermitian matrices through their eigendecomposition
 *  (fractional powers, the inverse square root of an overlap matrix with a cut-off, any
 *  function given as a callback).
 *
 *  The batch, dtype and layout rules are those of the decompositions (nd/linalg.h): stacks
 *  [..., N, N] worked on in parallel; computed in double precision and rounded to float32
 *  / complex64 when the input is single precision, integer and bool inputs giving
 *  float64; C-contiguous results; any input layout. Inputs with infinities or NaNs are
 *  errors (ND_ERR_LINALG: "expm: the matrix contains infinities or NaNs"), as are the
 *  decompositions' shape and size errors ("sqrtm: needs square matrices, got shape [2,3]
 *  (2 x 3)"). sqrtm and logm of a real matrix are real when their imaginary parts are
 *  negligible (at most 1e6 machine epsilons of the result's largest element, SciPy's
 *  rule for logm), complex otherwise (a real matrix with a negative eigenvalue): the
 *  result dtype depends on the values, for the whole batch at once. */
#ifndef ND_MATFUNC_H
#define ND_MATFUNC_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Matrix exponential by scaling and squaring with Padé approximants of degree 3, 5, 7,
 *  9 or 13 chosen from the 1-norms of powers of a (Al-Mohy and Higham 2009, the algorithm
 *  of scipy.linalg.expm): the result agrees with SciPy's to the accuracy both meet. A
 *  diagonal matrix gives the exponentials of its diagonal; for a triangular one the
 *  diagonal and first off-diagonal of each squaring are recomputed from exact formulas
 *  (Al-Mohy and Higham's Code Fragment 2.1), as in SciPy. Same dtype as the input for
 *  float and complex ones.
 *  Errors: the file comment's. */
ND_API nd_array *nd_linalg_expm(const nd_array *a);

/** Principal square root X (X X = a, eigenvalues of X in the right half-plane) by the
 *  Schur method (Björck and Hammarling; Higham 1987): the complex Schur form T = Z^H a Z
 *  (?gees), the upper triangular square root of T by its recurrence, then Z R Z^H. Real for
 *  real input unless a has a negative real eigenvalue (see the file comment). A singular
 *  a has a square root when its zero eigenvalues are not defective (the zero matrix, a
 *  diagonal one); otherwise the recurrence divides by zero and that is an error.
 *  Errors: the file comment's, ND_ERR_LINALG ("sqrtm: the matrix is singular and has no
 *  square root (a zero eigenvalue is defective)"; "sqrtm: matrix 1 of the batch did not
 *  converge (Schur form)"). */
ND_API nd_array *nd_linalg_sqrtm(const nd_array *a);

/** Principal logarithm X (expm(X) = a, eigenvalues of X with imaginary parts in
 *  (-pi, pi]) by inverse scaling and squaring on the complex Schur form (Al-Mohy and
 *  Higham 2012, the algorithm of scipy.linalg.logm): repeated square roots of T until it
 *  is close to I, a Padé approximant of degree at most 7 evaluated by partial fractions,
 *  and the diagonal and first superdiagonal recomputed from exact formulas. Real for real
 *  input unless a has a negative real eigenvalue (see the file comment).
 *  Errors: the file comment's, ND_ERR_LINALG ("logm: the matrix is singular and has no
 *  logarithm", for an exactly zero eigenvalue of the Schur form; SciPy instead replaces
 *  it by 1e-20 and warns). */
ND_API nd_array *nd_linalg_logm(const nd_array *a);

/** Polar decomposition of a [..., M, N] from its SVD a = W S V^H (scipy.linalg.polar):
 *  with left false, a = U P, U = W V^H [..., M, N] with orthonormal columns (rows when
 *  M < N) and P = V S V^H [..., N, N] Hermitian positive semidefinite; with left true,
 *  a = P U with P = W S W^H [..., M, M].
 *  Errors: nd_linalg_svd's ("polar: ..."), ND_ERR_NULL (u or p NULL). */
ND_API nd_status nd_linalg_polar(const nd_array *a, bool left, nd_array **u, nd_array **p);

/** a^p for Hermitian positive semidefinite matrices and real p, as V diag(w^p) V^H from
 *  a's eigendecomposition (the lower triangle is read, as nd_linalg_eigh). scipy.linalg
 *  .fractional_matrix_power takes any matrix; nd checks that a is Hermitian (|a - a^H| at
 *  most 100 N machine epsilons of the input dtype times max |a|) and positive
 *  semidefinite: eigenvalues below -100 N eps max|w| are an error, those between it and 0
 *  count as 0. For p < 0 every eigenvalue must be positive; p = 0 gives V V^H, the identity
 *  to rounding.
 *  Errors: the file comment's, ND_ERR_VALUE (a matrix that is not Hermitian:
 *  "fractional_matrix_power: the matrix is not Hermitian (only Hermitian positive
 *  semidefinite matrices are supported)"; a non-finite p), ND_ERR_LINALG
 *  ("fractional_matrix_power: the matrix is not positive semidefinite (eigenvalue -0.5)",
 *  "fractional_matrix_power: matrix 1 of the batch is singular (a negative power of a
 *  zero eigenvalue)"). */
ND_API nd_array *nd_linalg_fractional_matrix_power(const nd_array *a, double p);

/** The inverse square root a^-1/2 of Hermitian positive semidefinite matrices, such as
 *  the overlap matrix S of a non-orthogonal basis (Löwdin's symmetric orthogonalisation,
 *  X = S^-1/2, X^H S X = I): V diag(w^-1/2) V^H over the eigenvalues w above `cutoff`;
 *  the eigenvectors of smaller (near-linearly-dependent) ones are left out, so that the
 *  result is the pseudo-inverse square root and X^H S X is the projector onto the kept
 *  space. cutoff < 0 (or NaN) selects N eps max|w| (the rank tolerance of
 *  nd_linalg_matrix_rank). The lower triangle is read, as nd_linalg_eigh.
 *  Errors: the file comment's. */
ND_API nd_array *nd_linalg_inv_sqrtm_hermitian(const nd_array *a, double cutoff);

/** A function of eigenvalues for nd_linalg_funm_hermitian: called once, on the calling
 *  thread, with the eigenvalues w [..., N] (float64, C-contiguous) of the whole batch; it
 *  returns a new array of the values f(w), broadcastable to w's shape (bool and integer
 *  values are taken as float64), or NULL after recording an error
 *  (nd_set_error, nd/core.h) or with no error recorded, which nd reports as
 *  "funm_hermitian: the function failed". ctx is the pointer given to
 *  nd_linalg_funm_hermitian. */
typedef nd_array *(*nd_eigenvalue_fn)(const nd_array *w, void *ctx);

/** f(a) = V diag(f(w)) V^H for Hermitian matrices a (the lower triangle is read, as
 *  nd_linalg_eigh), with f given by a callback on the eigenvalues: f = exp(-i t w) gives
 *  the time evolution operator of a Hamiltonian a, f = w^p fractional powers, and so on.
 *  The result has a's precision by the decompositions' rule (single for float32 and
 *  complex64 a, else double) and is complex when a or f's values are.
 *  Errors: the file comment's, ND_ERR_NULL (f NULL), ND_ERR_SHAPE (f's values do not
 *  broadcast to w's shape: "funm_hermitian: f(w) of shape [3] does not broadcast to the
 *  eigenvalues' shape [2,4]"), and the error the callback recorded. */
ND_API nd_array *nd_linalg_funm_hermitian(const nd_array *a, nd_eigenvalue_fn f, void *ctx);

#ifdef __cplusplus
}
#endif
#endif
