/** \file
 *  nd: iterative eigensolvers. The k lowest (or highest) eigenpairs of a Hermitian
 *  (real symmetric or complex Hermitian) operator of order n that is known only through
 *  its product with a block of vectors, y = A x, by block Lanczos with thick restart or
 *  by block Davidson with a diagonal preconditioner: the solvers for exact
 *  diagonalisation, configuration interaction and DMRG-like problems, where A is far too
 *  large to store (SciPy's scipy.sparse.linalg.eigsh, PySCF's lib.davidson). A dense
 *  matrix is accepted too (nd_linalg_eigsh), for tests and for a few eigenpairs of a
 *  large dense matrix.
 *
 *  Convergence. A pair (w, v) (v of unit norm) is converged when its residual norm
 *  ||A v - w v|| is at most tol * ||A||, ||A|| estimated by the largest magnitude of the
 *  Ritz values seen (a lower bound of the 2-norm that is close to it after a few
 *  iterations). The eigenvalue is then within tol * ||A|| of an eigenvalue of A (and
 *  within (tol ||A||)^2 / gap when it is separated from the rest of the spectrum by gap).
 *  Lanczos estimates the residuals from its recurrence and, before returning, checks them
 *  with one product of A with the k eigenvectors; Davidson computes them from the stored
 *  products. Every returned pair meets the tolerance: when the solver cannot get there
 *  within maxiter operator applications it fails with ND_ERR_LINALG, naming the method,
 *  the iterations and the residual reached ("eigsh: no convergence after 1000 iterations
 *  (Lanczos): 2 of 3 eigenpairs converged, largest residual 3.1e-07 x ||A|| (tolerance
 *  1e-10, ||A|| ~ 4.2)").
 *
 *  Degenerate eigenvalues. A Krylov method started from one vector finds one vector of
 *  each eigenspace: a block of b vectors finds up to b. The default block is min(k, 8),
 *  so eigenvalues of multiplicity up to the block size among the k wanted are found with
 *  all their eigenvectors; set `block` higher for larger multiplicities. Random starting
 *  vectors (seeded, so runs repeat) reach every symmetry sector of the operator.
 *
 *  Precision. The solvers compute in double precision (float64 or complex128). A float32
 *  or complex64 operator gets and returns blocks in its own dtype, and results are
 *  rounded to it; its own rounding limits the residual, so tolerances below 1e-5 are
 *  raised to 1e-5 for such operators. A float32 or complex64 matrix (nd_linalg_eigsh) is
 *  converted to double once, as nd_linalg_eigh does, and keeps the full tolerance.
 *
 *  Errors common to the functions here (with those of nd_status): ND_ERR_VALUE for k
 *  outside [0, n] ("eigsh: k=5 is out of range for an operator of order 4 (0 <= k <=
 *  n)"), an invalid option ("eigsh: invalid which 7 (ND_EIGSH_SA or ND_EIGSH_LA)",
 *  "eigsh: tol must be positive and finite (got -1)", "eigsh: block 0 ..."), a v0 or a
 *  diagonal of the wrong shape ("eigsh: v0 of shape [5,3] does not fit an operator of
 *  order 4 with blocks of 2 (needs [4] or [4,c], c <= 2)"); ND_ERR_LINALG for no
 *  convergence (above), an operator that is not Hermitian ("eigsh: the operator is not
 *  Hermitian: |V^H A V - (V^H A V)^H| is 0.5 x ||A|| (iteration 2)"), or one that returned
 *  infinities or NaNs ("eigsh: the operator returned infinities or NaNs (iteration 3)");
 *  and the operator's own failure (below). */
#ifndef ND_ITERATIVE_H
#define ND_ITERATIVE_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** y = A x for a block of b vectors: x and y are [n, b] arrays of the operator's dtype,
 *  F-contiguous (each vector contiguous, vector j at nd_data + j * n elements). x is
 *  read-only; y is zero on entry. b is at most max(block, k). Return ND_OK, or a failure
 *  status (after nd_set_error, for a message of your own): the solver then stops and
 *  returns that status, its message prefixed ("eigsh: the operator failed at iteration 3:
 *  <your message>"; without a message of yours, "eigsh: the operator failed with status
 *  ND_ERR_VALUE at iteration 3"). x and y are views of the solver's work arrays: their
 *  contents are valid during the call only. The solver calls apply from the thread that
 *  called it, one call at a time. */
typedef nd_status (*nd_linop_apply)(const nd_array *x, nd_array *y, void *ctx);

/** A Hermitian linear operator of order n given by its product with blocks of vectors. */
typedef struct nd_linop {
  int64_t n;              /**< order (A maps n-vectors to n-vectors), >= 0 */
  nd_dtype dtype;         /**< dtype of the blocks apply gets and returns: ND_FLOAT32,
                               ND_FLOAT64, ND_COMPLEX64 or ND_COMPLEX128 */
  nd_linop_apply apply;   /**< y = A x */
  void *ctx;              /**< passed to apply */
  const nd_array *diagonal; /**< the diagonal of A ([n], any real or complex dtype, real
                                 parts used), for Davidson's preconditioner; NULL: none
                                 (Davidson then adds the residuals themselves, which makes
                                 it a block Krylov method) */
} nd_linop;

/** Which end of the spectrum: smallest algebraic (SciPy's 'SA') or largest ('LA'). */
typedef enum nd_eigsh_which { ND_EIGSH_SA = 0, ND_EIGSH_LA = 1 } nd_eigsh_which;

/** The method. AUTO: Davidson when the diagonal is known (a matrix, or an operator with
 *  a diagonal), else Lanczos. */
typedef enum nd_eigsh_method {
  ND_EIGSH_AUTO = 0,
  ND_EIGSH_LANCZOS, /**< block Lanczos, full reorthogonalisation, thick restart: stores
                         the basis only (max_basis + block vectors of n) */
  ND_EIGSH_DAVIDSON /**< block Davidson (Davidson-Liu), corrections preconditioned by
                         (w - diag(A))^-1, restarted to its best Ritz vectors: stores the
                         basis and its products (2 max_basis vectors of n) */
} nd_eigsh_method;

/** Options; a zero-filled struct (or NULL) gives the defaults. */
typedef struct nd_eigsh_options {
  nd_eigsh_which which;   /**< ND_EIGSH_SA (default) or ND_EIGSH_LA */
  nd_eigsh_method method; /**< ND_EIGSH_AUTO (default) */
  double tol;             /**< relative residual tolerance (see the file comment); 0: 1e-10 */
  int64_t maxiter;        /**< most applications of the operator; 0: max(1000, 10 ceil(n /
                               block)) */
  int64_t block;          /**< vectors per application; 0: min(k, 8) (at least 1) */
  int64_t max_basis;      /**< basis vectors kept before a restart (SciPy's ncv); 0:
                               max(20, 2 k + 2 block, k + 8 block): a block method needs
                               several blocks between restarts (on a ring of 1000 sites,
                               k = 6 and blocks of 6 took 26,700 products with 40 and 8,300
                               with the default 54); at least k + 2 block, at most n */
  const nd_array *v0;     /**< starting vector(s): [n] or [n, c] with c <= block, any
                               dtype; the rest of the first block is random. NULL: random */
  uint64_t seed;          /**< seed of the random starting vectors (nd_rng_new) */
} nd_eigsh_options;

/** What a run did (an optional output). */
typedef struct nd_eigsh_info {
  nd_eigsh_method method; /**< the method used */
  int64_t iterations;     /**< applications of the operator */
  int64_t matvecs;        /**< vectors the operator was applied to */
  int64_t restarts;       /**< basis restarts */
  double residual;        /**< largest ||A v - w v|| / ||A|| of the returned pairs */
  double anorm;           /**< the estimate of ||A|| */
} nd_eigsh_info;

/** The k lowest (which = ND_EIGSH_SA) or highest (ND_EIGSH_LA) eigenvalues w ([k], the
 *  real dtype, ascending in both cases, as SciPy's eigsh) and eigenvectors v ([n, k],
 *  C-contiguous, unit columns: column i belongs to w[i]) of the Hermitian matrix a [n, n]
 *  (any layout; its lower triangle is read, as nd_linalg_eigh does). Integer and bool
 *  matrices give float64, float32 and complex64 their own dtype (computed in double). v
 *  may be NULL (eigenvalues only); w may not. With default options.
 *  Errors: the file comment's, ND_ERR_SHAPE with extended code ND_ERR_SHAPE_MATRIX ("eigsh:
 *  a must be a square matrix, got shape [2,3,3]"), ND_ERR_LINALG ("eigsh: the matrix contains infinities or NaNs", in the lower
 *  triangle). */
ND_API nd_status nd_linalg_eigsh(const nd_array *a, int64_t k, nd_eigsh_which which,
                                 nd_array **w, nd_array **v);
/** nd_linalg_eigsh with options (NULL: the defaults) and an optional info (NULL: none).
 *  The matrix's diagonal is Davidson's preconditioner.
 *  Errors: as nd_linalg_eigsh. */
ND_API nd_status nd_linalg_eigsh_ex(const nd_array *a, int64_t k, const nd_eigsh_options *opt,
                                    nd_array **w, nd_array **v, nd_eigsh_info *info);
/** The same for an operator: w ([k], the real dtype of op->dtype, ascending) and v ([n,
 *  k], op->dtype, C-contiguous). The operator must be Hermitian: the solvers check it on
 *  the subspace they build and fail if it is not.
 *  Errors: the file comment's, ND_ERR_NULL (op or op->apply NULL: "eigsh: argument
 *  op->apply is NULL"), ND_ERR_TYPE ("eigsh: operator dtype int32 is not supported
 *  (float32, float64, complex64 or complex128)"), ND_ERR_VALUE ("eigsh: negative order
 *  -1"), and the operator's own failures. */
ND_API nd_status nd_linalg_eigsh_op(const nd_linop *op, int64_t k, const nd_eigsh_options *opt,
                                    nd_array **w, nd_array **v, nd_eigsh_info *info);

#ifdef __cplusplus
}
#endif
#endif
