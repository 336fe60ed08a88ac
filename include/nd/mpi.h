/** \file
 *  nd_mpi: dense matrices distributed over the processes of an MPI program, with
 *  ScaLAPACK (and ELPA, when it was found at build time) for the linear algebra. A
 *  separate library: link libnd_mpi (pkg-config nd-mpi, CMake
 *  `find_package(nd COMPONENTS mpi)` and nd::mpi) and include <nd/mpi.h> after MPI_Init.
 *  The guide is docs/guide/distributed.md.
 *
 *  The model. A grid arranges the ranks of a communicator as nprow x npcol processes. A
 *  distributed matrix (nd_dmatrix) of float32, float64, complex64 or complex128 is cut
 *  into mb x nb blocks dealt to the grid cyclically in both directions (ScaLAPACK's 2-D
 *  block-cyclic layout, which ELPA shares): block (I, J) lives on process (I mod nprow,
 *  J mod npcol). Each rank's blocks form one ordinary nd array, its piece (F order), so
 *  every local nd function applies to it.
 *
 *  Collective calls. Every function below that takes a grid or a distributed matrix is
 *  collective: all ranks of the grid call it, in the same order, with their handles of the
 *  same grid and matrices and the same other arguments (a root, block sizes, options),
 *  except where its comment says "Local". Before it communicates, each function agrees on
 *  its arguments across the ranks (one MPI_Allreduce): a mistake on any rank fails on
 *  every rank with the same status and the same message, that of the lowest failing rank,
 *  ending "(on rank r)" when not every rank failed. A singular or non-convergent matrix
 *  is ND_ERR_LINALG on every rank. A rank that passes only NULL handles (no grid at all,
 *  typically after a failed call) agrees over the grid of its latest nd_mpi call, or if
 *  that grid is gone the newest grid it holds; that must be the grid the other ranks use,
 *  which it is unless the program switches between grids. nd_mpi is called from one
 *  thread per rank.
 *
 *  Results. Functions returning a matrix return a new one (NULL on failure); free it with
 *  nd_dmatrix_free. Arrays returned are new references (nd_release them). Inputs are never
 *  modified.
 *
 *  Threads per rank. nd_grid_new sets this process's thread count (nd's loops, OpenMP and
 *  OpenBLAS): ND_MPI_THREADS=N if set (hybrid MPI + threads; "keep" leaves the settings
 *  alone, "auto" forces the split below), else OMP_NUM_THREADS if set, else the node's
 *  cores divided by the ranks sharing the node (at least 1, at most the cores this
 *  process may run on), so ranks x threads never oversubscribe a node by default.
 *
 *  Errors. Besides each function's "Errors:" line and the common errors of nd_status, the
 *  collective functions share these, on every rank alike:
 *  - ND_ERR_NULL: a NULL grid, matrix or output pointer on any rank ("dmatrix_matmul:
 *    argument a is NULL (on rank 3)"); a NULL matrix keeps an earlier failure's message.
 *  - ND_ERR_VALUE: an argument that differs between ranks ("dmatrix_matmul: argument b
 *    differs between ranks (every rank must pass its handle of the same matrices, and the
 *    same values)"); operands on different grids ("dmatrix_matmul: the operands are on
 *    different grids (2 x 1 and 1 x 2); redistribute one with nd_dmatrix_redistribute").
 *  - ND_ERR_TYPE: a dtype other than the four ("dmatrix_zeros: dtype int64 is not
 *    supported (float32, float64, complex64 or complex128)").
 *  - ND_ERR_OVERFLOW: an extent or block size beyond ScaLAPACK's 32-bit integers
 *    ("dmatrix_zeros: shape [8589934592,4] with blocks 64x64 does not fit ScaLAPACK's
 *    32-bit integers").
 *  - ND_ERR_NOMEM on any rank (a matrix, a copy, a workspace). */
#ifndef ND_MPI_H
#define ND_MPI_H

#include <mpi.h>

#include "decomp.h"
#include "linalg.h"
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A process grid over an MPI communicator (opaque). */
typedef struct nd_grid nd_grid;
/** A 2-D block-cyclic distributed matrix on a grid (opaque). */
typedef struct nd_dmatrix nd_dmatrix;

/* ---- the grid ---------------------------------------------------------------------- */

/** A grid of nprow x npcol processes over the ranks of comm (collective over comm), rank
 *  r at position (r / npcol, r mod npcol). nprow = npcol = 0 picks the most square grid
 *  (nprow <= npcol); one of them 0 is derived from the other. The product must equal the
 *  communicator's size. The grid works on a duplicate of comm, so its messages never
 *  meet the program's. Also sets the threads per rank (see the file comment).
 *  Errors: ND_ERR_VALUE ("grid_new: MPI is not initialized (call MPI_Init first)" and
 *  "grid_new: the communicator is MPI_COMM_NULL", both local; "grid_new: a 3 x 2 grid
 *  needs 6 ranks, the communicator has 4"; "grid_new: 3 rows of processes do not divide 4
 *  ranks"; "grid_new: negative grid extent (-1 x 0)"; "grid_new: ND_MPI_THREADS='x' is
 *  not a thread count, 'auto' or 'keep'"; nprow or npcol differing between ranks). */
ND_API nd_grid *nd_grid_new(MPI_Comm comm, int nprow, int npcol);
/** Releases the program's handle. NULL: no-op. Matrices on the grid stay valid until
 *  freed; the grid's communicator and BLACS contexts are freed with its last use, which
 *  is collective over the grid (call it on every rank).
 *  Errors: none. */
ND_API void nd_grid_free(nd_grid *g);
/** Rows of processes. Local.
 *  Errors: none (-1 for NULL). */
ND_API int nd_grid_nprow(const nd_grid *g);
/** Columns of processes. Local.
 *  Errors: none (-1 for NULL). */
ND_API int nd_grid_npcol(const nd_grid *g);
/** This rank's process row. Local.
 *  Errors: none (-1 for NULL). */
ND_API int nd_grid_myrow(const nd_grid *g);
/** This rank's process column. Local.
 *  Errors: none (-1 for NULL). */
ND_API int nd_grid_mycol(const nd_grid *g);
/** The grid's communicator (its own duplicate; do not free it). Local.
 *  Errors: none (MPI_COMM_NULL for NULL). */
ND_API MPI_Comm nd_grid_comm(const nd_grid *g);
/** The grid's BLACS context, for calling ScaLAPACK directly. Local.
 *  Errors: none (-1 for NULL). */
ND_API int nd_grid_blacs_context(const nd_grid *g);
/** The threads per rank nd_grid_new chose (0 with ND_MPI_THREADS=keep). Local.
 *  Errors: none (-1 for NULL). */
ND_API int nd_grid_threads(const nd_grid *g);
/** Ranks of the grid on this rank's node (MPI_Comm_split_type shared). Local.
 *  Errors: none (-1 for NULL). */
ND_API int nd_grid_ranks_per_node(const nd_grid *g);

/* ---- creating distributed matrices --------------------------------------------------- */

/* Block sizes: mb x nb, each at least 1; mb, nb <= 0 choose the default, 64, or less for
 * a small matrix so that it still spreads over the grid: min(64, ceil(max(m, n) / the
 * largest grid extent)), at least 1. Square blocks (mb = nb) are what the factorisations
 * need; they copy matrices with other blocks to square ones themselves. */

/** An m x n matrix of zeros of dtype t on g.
 *  Errors: ND_ERR_VALUE ("dmatrix_zeros: negative extent in shape [-1,4]"). */
ND_API nd_dmatrix *nd_dmatrix_zeros(nd_grid *g, nd_dtype t, int64_t m, int64_t n,
                                    int64_t mb, int64_t nb);
/** An n x m matrix with ones on diagonal k (0 the main one, > 0 above), zeros elsewhere
 *  (nd_eye's arguments).
 *  Errors: as nd_dmatrix_zeros. */
ND_API nd_dmatrix *nd_dmatrix_eye(nd_grid *g, nd_dtype t, int64_t n, int64_t m, int64_t k,
                                  int64_t mb, int64_t nb);
/** The value of element (i, j) (0-based global indices). */
typedef double (*nd_dmatrix_fn)(int64_t i, int64_t j, void *ctx);
/** The value of element (i, j) as a real and an imaginary part. */
typedef void (*nd_dmatrix_complex_fn)(int64_t i, int64_t j, void *ctx, double *re,
                                      double *im);
/** An m x n matrix with element (i, j) = f(i, j, ctx), evaluated on the rank that holds
 *  it (each rank calls f for its own elements only, serially, column by column), so the
 *  matrix never exists on one rank. For complex dtypes the imaginary parts are 0.
 *  Errors: as nd_dmatrix_zeros; ND_ERR_NULL ("dmatrix_fromfunction: argument f is
 *  NULL"). */
ND_API nd_dmatrix *nd_dmatrix_fromfunction(nd_grid *g, nd_dtype t, int64_t m, int64_t n,
                                           int64_t mb, int64_t nb, nd_dmatrix_fn f,
                                           void *ctx);
/** nd_dmatrix_fromfunction with complex values (for a real dtype the imaginary parts are
 *  dropped).
 *  Errors: as nd_dmatrix_fromfunction. */
ND_API nd_dmatrix *nd_dmatrix_fromfunction_complex(nd_grid *g, nd_dtype t, int64_t m,
                                                   int64_t n, int64_t mb, int64_t nb,
                                                   nd_dmatrix_complex_fn f, void *ctx);
/** Distributes the 2-D array a, read on rank `root` of the grid only (any layout; it may
 *  be NULL elsewhere: its shape and dtype are sent to all). The root's errors reach every
 *  rank.
 *  Errors: ND_ERR_SHAPE ("dmatrix_scatter: a must be 2-D, got shape [2,3,4]"); ND_ERR_TYPE
 *  ("dmatrix_scatter: dtype int32 is not supported (...)"); ND_ERR_NULL ("dmatrix_scatter:
 *  argument a is NULL on the root (rank 0)"); ND_ERR_VALUE ("dmatrix_scatter: root 4 is
 *  out of range for a grid of 4 ranks"). */
ND_API nd_dmatrix *nd_dmatrix_scatter(nd_grid *g, const nd_array *a, int root, int64_t mb,
                                      int64_t nb);
/** Collects the whole matrix on rank `root` (an F-contiguous [m, n] array in *out; NULL on
 *  the other ranks), or on every rank with root -1. *out is NULL after a failure.
 *  Errors: ND_ERR_VALUE ("dmatrix_gather: root -2 is out of range for a grid of 4 ranks
 *  (-1: every rank)"). */
ND_API nd_status nd_dmatrix_gather(const nd_dmatrix *d, int root, nd_array **out);
/** Reads a 2-D .npy file (what nd_save_npy, nd_dmatrix_save_npy or NumPy's np.save wrote;
 *  C or F order, either byte order) in parallel: rank 0 reads the header and every rank
 *  reads only its own blocks (MPI-IO), so the matrix never passes through one rank. The
 *  file must be visible to every rank.
 *  Errors: ND_ERR_IO as nd_load_npy's ("dmatrix_load_npy: file 'x.npy': truncated file:
 *  ..."; "dmatrix_load_npy: file 'x.npy': cannot open for reading: ..."); ND_ERR_SHAPE
 *  ("dmatrix_load_npy: file 'x.npy' holds a 3-D array; a distributed matrix is 2-D");
 *  ND_ERR_TYPE ("dmatrix_load_npy: file 'x.npy' holds int64, which is not supported
 *  (...)"); ND_ERR_VALUE (paths that differ between ranks). */
ND_API nd_dmatrix *nd_dmatrix_load_npy(nd_grid *g, const char *path, int64_t mb,
                                       int64_t nb);
/** Writes d to a .npy file that np.load reads, in order o (ND_C or ND_F: the file's
 *  fortran_order), in this machine's byte order: rank 0 writes the header, every rank its
 *  own blocks (MPI-IO). An existing file is replaced (cut to the new length).
 *  Errors: ND_ERR_IO ("dmatrix_save_npy: file 'x.npy': cannot open for writing: ...",
 *  write errors); ND_ERR_VALUE ("dmatrix_save_npy: order must be ND_C or ND_F, got 65";
 *  paths that differ between ranks). */
ND_API nd_status nd_dmatrix_save_npy(const char *path, const nd_dmatrix *d, nd_order o);

/* ---- inspection (local) -------------------------------------------------------------- */

/** This rank's piece: a new [mloc, nloc] F-order view (a writeable nd array sharing the
 *  matrix's memory; release it). Its element (li, lj) is the global element
 *  (nd_dmatrix_global_row(d, li), nd_dmatrix_global_col(d, lj)). Local.
 *  Errors: ND_ERR_NULL ("dmatrix_local: argument d is NULL"). */
ND_API nd_array *nd_dmatrix_local(const nd_dmatrix *d);
/** Frees the matrix. Local, except when it frees the last use of a grid whose handle was
 *  freed (see nd_grid_free). Views of its piece stay valid. NULL: no-op.
 *  Errors: none. */
ND_API void nd_dmatrix_free(nd_dmatrix *d);
/** The matrix's grid (no new reference). Local.
 *  Errors: none (NULL for NULL). */
ND_API nd_grid *nd_dmatrix_grid(const nd_dmatrix *d);
/** The dtype. Local.
 *  Errors: none ((nd_dtype)-1 for NULL, as nd_dtype_of). */
ND_API nd_dtype nd_dmatrix_dtype(const nd_dmatrix *d);
/** The global shape, 2 entries, valid while d lives. Local.
 *  Errors: none (NULL for NULL). */
ND_API const int64_t *nd_dmatrix_shape(const nd_dmatrix *d);
/** The block sizes (either pointer may be NULL). Local.
 *  Errors: ND_ERR_NULL (d). */
ND_API nd_status nd_dmatrix_blocks(const nd_dmatrix *d, int64_t *mb, int64_t *nb);
/** ScaLAPACK's 9-integer descriptor of the piece, for calling ScaLAPACK or ELPA directly
 *  on nd_data(nd_dmatrix_local(d)). Local.
 *  Errors: none (NULL for NULL). */
ND_API const int *nd_dmatrix_descriptor(const nd_dmatrix *d);
/** Global row of local row li. Local.
 *  Errors: none (-1 for NULL or li out of range). */
ND_API int64_t nd_dmatrix_global_row(const nd_dmatrix *d, int64_t li);
/** Global column of local column lj. Local.
 *  Errors: none (-1 for NULL or lj out of range). */
ND_API int64_t nd_dmatrix_global_col(const nd_dmatrix *d, int64_t lj);
/** Where global element (i, j) lives: the process (prow, pcol) and, on that process, the
 *  local indices (li, lj). Any output pointer may be NULL. Local.
 *  Errors: ND_ERR_INDEX ("dmatrix_locate: index (9, 0) is out of range for shape [9,7]"),
 *  ND_ERR_NULL (d). */
ND_API nd_status nd_dmatrix_locate(const nd_dmatrix *d, int64_t i, int64_t j, int *prow,
                                   int *pcol, int64_t *li, int64_t *lj);

/* ---- layout ------------------------------------------------------------------------- */

/** A copy of a with mb x nb blocks on grid g (NULL: a's grid), with ScaLAPACK's p?gemr2d.
 *  g must span the same ranks as a's grid, in any arrangement. Also the way to copy a
 *  matrix.
 *  Errors: ND_ERR_VALUE ("dmatrix_redistribute: the grids span different ranks"). */
ND_API nd_dmatrix *nd_dmatrix_redistribute(const nd_dmatrix *a, nd_grid *g, int64_t mb,
                                           int64_t nb);
/** The transpose (n x m, blocks nb x mb), p?tran / p?tranu.
 *  Errors: only the shared ones. */
ND_API nd_dmatrix *nd_dmatrix_transpose(const nd_dmatrix *a);
/** The conjugate transpose (p?tranc); the transpose for real dtypes.
 *  Errors: only the shared ones. */
ND_API nd_dmatrix *nd_dmatrix_conj_transpose(const nd_dmatrix *a);

/* ---- elementwise, between identically distributed matrices -------------------------- */

/* a and b must be on the same grid with the same shape and blocks; the result is
 * distributed alike, its dtype the promoted one (float32 with complex64 is complex64),
 * computed on each rank's piece by nd's elementwise functions, with no communication
 * beyond the agreement. Errors of the binary ones: ND_ERR_SHAPE for different shapes and
 * ND_ERR_VALUE for different blocks ("dmatrix_add: a [5,2] (blocks 2x2) and b [5,2]
 * (blocks 3x3) are distributed differently (redistribute one with
 * nd_dmatrix_redistribute)"). */

/** a + b.
 *  Errors: as described above. */
ND_API nd_dmatrix *nd_dmatrix_add(const nd_dmatrix *a, const nd_dmatrix *b);
/** a - b.
 *  Errors: as described above. */
ND_API nd_dmatrix *nd_dmatrix_subtract(const nd_dmatrix *a, const nd_dmatrix *b);
/** a * b, elementwise (Hadamard).
 *  Errors: as described above. */
ND_API nd_dmatrix *nd_dmatrix_multiply(const nd_dmatrix *a, const nd_dmatrix *b);
/** alpha * a. A complex alpha makes a real matrix complex (NumPy's rule for a Python
 *  scalar); bool, integer and real alpha keep a's dtype.
 *  Errors: ND_ERR_VALUE (alpha differing between ranks: "dmatrix_scale: argument alpha
 *  differs between ranks (...)"; "dmatrix_scale: invalid scalar kind 9"). */
ND_API nd_dmatrix *nd_dmatrix_scale(const nd_dmatrix *a, nd_scalar alpha);

/* ---- linear algebra ----------------------------------------------------------------- */

/* Operands of different dtypes are promoted (float64 with complex64 is complex128); the
 * factorisations work on a copy of their input, with square blocks of a's row block size
 * (the distribution of their matrix results). Functions that need a square matrix fail
 * with ND_ERR_SHAPE otherwise ("dmatrix_inv: a must be square, got [4,5]"). */

/** Matrix product a @ b (m x k times k x n), p?gemm; the result has a's row blocks and b's
 *  column blocks.
 *  Errors: ND_ERR_SHAPE ("dmatrix_matmul: [4,5] @ [6,2]: contracted extents differ (5 vs
 *  6)"). */
ND_API nd_dmatrix *nd_dmatrix_matmul(const nd_dmatrix *a, const nd_dmatrix *b);
/** The solution x of a x = b (a n x n, b n x k), LU with partial pivoting (p?gesv). x has
 *  a's row blocks and b's column blocks.
 *  Errors: ND_ERR_SHAPE (a not square; "dmatrix_solve: a [4,4] and b [5,2]: b must have 4
 *  rows"); ND_ERR_LINALG ("dmatrix_solve: the matrix is singular (U(3,3) is exactly
 *  zero)"). */
ND_API nd_dmatrix *nd_dmatrix_solve(const nd_dmatrix *a, const nd_dmatrix *b);
/** The inverse of a square matrix (p?getrf, p?getri).
 *  Errors: ND_ERR_SHAPE (not square); ND_ERR_LINALG ("dmatrix_inv: the matrix is singular
 *  (U(1,1) is exactly zero)"). */
ND_API nd_dmatrix *nd_dmatrix_inv(const nd_dmatrix *a);
/** The Cholesky factor of a Hermitian positive-definite matrix, lower L (a = L L^H) or,
 *  with upper, U (a = U^H U), reading that triangle of a only; the other triangle of the
 *  result is 0 (p?potrf).
 *  Errors: ND_ERR_SHAPE (not square); ND_ERR_LINALG ("dmatrix_cholesky: the matrix is not
 *  positive definite (the leading minor of order 3 is not)"; "dmatrix_cholesky: the matrix
 *  contains infinities or NaNs", in the triangle read). */
ND_API nd_dmatrix *nd_dmatrix_cholesky(const nd_dmatrix *a, bool upper);
/** QR factorisation a = q r (p?geqrf, then p?orgqr / p?ungqr for q): reduced (q m x k,
 *  r k x n, k = min(m, n)) or complete (q m x m, r m x n). q has orthonormal columns, r
 *  is upper triangular (trapezoidal).
 *  Errors: ND_ERR_VALUE ("dmatrix_qr: invalid mode 7"). */
ND_API nd_status nd_dmatrix_qr(const nd_dmatrix *a, nd_qr_mode mode, nd_dmatrix **q,
                               nd_dmatrix **r);

/** Which solver nd_dmatrix_eigh_ex and nd_dmatrix_eigvalsh_ex use. */
typedef enum nd_eigensolver {
  ND_EIGENSOLVER_AUTO = 0,  /**< ND_MPI_EIGENSOLVER ("elpa" or "scalapack") if set (the
                                 solver it picks must be the same on every rank); else
                                 on a 1 x 1 grid LAPACK (nd_linalg_eigh on the piece,
                                 then the whole matrix: ScaLAPACK on one process only adds
                                 its bookkeeping), on larger grids ScaLAPACK */
  ND_EIGENSOLVER_SCALAPACK, /**< p?syevd / p?heevd (values only: p?syev / p?heev) */
  ND_EIGENSOLVER_ELPA       /**< ELPA's two-stage solver. It needs every process column
                                 to hold a block: a matrix spanning fewer blocks is solved
                                 on a copy with smaller ones, and one with fewer rows than
                                 the grid's larger extent by ScaLAPACK. An ELPA built
                                 without single precision (Debian's) works on float32 /
                                 complex64 in double precision and rounds the results.
                                 Complex matrices of n = k nbw + 1 rows (k below the
                                 grid's rows, nbw the smallest multiple of the block >= 32)
                                 go to ELPA's one-stage solver: ELPA 2022.11's two-stage
                                 one returns wrong eigenvectors for them. */
} nd_eigensolver;
/** True if nd_mpi was built with ELPA. Local.
 *  Errors: none. */
ND_API bool nd_mpi_have_elpa(void);

/** Eigenvalues (w: a 1-D array of the real dtype, ascending, the same on every rank) and
 *  eigenvectors (v: the columns, distributed with square blocks of a's row block size) of
 *  a Hermitian matrix, reading its lower triangle (as nd_linalg_eigh). The solver is
 *  ND_EIGENSOLVER_AUTO's.
 *  Errors: as nd_dmatrix_eigh_ex. */
ND_API nd_status nd_dmatrix_eigh(const nd_dmatrix *a, nd_array **w, nd_dmatrix **v);
/** nd_dmatrix_eigh with a chosen solver.
 *  Errors: ND_ERR_SHAPE ("dmatrix_eigh: a must be square, got [4,5]"); ND_ERR_VALUE
 *  ("dmatrix_eigh: ELPA is not available (nd_mpi was built without it)", "dmatrix_eigh:
 *  ND_MPI_EIGENSOLVER='x' is not 'elpa' or 'scalapack'", "dmatrix_eigh: invalid solver
 *  9", "dmatrix_eigh: argument solver (ND_MPI_EIGENSOLVER) differs between ranks");
 *  ND_ERR_LINALG ("dmatrix_eigh: the eigensolver did not converge (ScaLAPACK info 12)",
 *  "dmatrix_eigh: ELPA failed: ...", "dmatrix_eigh: the matrix contains infinities or
 *  NaNs", in the lower triangle). */
ND_API nd_status nd_dmatrix_eigh_ex(const nd_dmatrix *a, nd_eigensolver solver,
                                    nd_array **w, nd_dmatrix **v);
/** Eigenvalues only (ascending, on every rank).
 *  Errors: as nd_dmatrix_eigh_ex, naming dmatrix_eigvalsh. */
ND_API nd_array *nd_dmatrix_eigvalsh(const nd_dmatrix *a);
/** nd_dmatrix_eigvalsh with a chosen solver.
 *  Errors: as nd_dmatrix_eigh_ex, naming dmatrix_eigvalsh. */
ND_API nd_array *nd_dmatrix_eigvalsh_ex(const nd_dmatrix *a, nd_eigensolver solver);
/** Selected eigenvalues (w: a 1-D array of the real dtype, ascending, the same on every
 *  rank) and, when v is not NULL, eigenvectors (v: n x k, square blocks of a's row block
 *  size) of a Hermitian matrix, as nd_linalg_eigh_ex (nd/decomp.h) selects them:
 *  opt->subset ND_EIGH_ALL, ND_EIGH_BY_INDEX (the lo-th to the hi-th, 0-based, inclusive)
 *  or ND_EIGH_BY_VALUE (those in (vl, vu]); the lower triangle of a is read, the upper one
 *  with opt->upper; opt NULL: all eigenvalues (opt->type is ignored). ScaLAPACK's MRRR
 *  solver (p?syevr / p?heevr) on grids of several processes; on a 1 x 1 grid
 *  nd_linalg_eigh_ex on the piece. Single precision stays single on the grid (the serial
 *  path computes in double and rounds).
 *  Errors: ND_ERR_SHAPE_MATRIX ("dmatrix_eigh_subset: a must be square, got [4,5]");
 *  ND_ERR_VALUE ("dmatrix_eigh_subset: subset_by_index [2, 5] is not within [0, 3]",
 *  "dmatrix_eigh_subset: subset_by_value needs vl < vu (got 1 and 0)", "dmatrix_eigh_subset:
 *  invalid subset 7 (...)", options that differ between ranks: "argument opt->hi differs
 *  between ranks (...)"); ND_ERR_LINALG ("dmatrix_eigh_subset: the matrix contains
 *  infinities or NaNs", in the triangle read; "dmatrix_eigh_subset: the eigensolver did not
 *  converge (ScaLAPACK info 2)"). */
ND_API nd_status nd_dmatrix_eigh_subset(const nd_dmatrix *a, const nd_eigh_options *opt, nd_array **w,
                                        nd_dmatrix **v);
/** The generalized eigenproblem of the Hermitian pair (a, b), b positive definite, of
 *  type opt->type (1 or 0: a v = w b v, 2: a b v = w v, 3: b a v = w v), all eigenpairs or
 *  the subset opt selects, as nd_linalg_eigh_generalized: the steps of p?sygvx / p?hegvx
 *  (the Cholesky factor of b, p?potrf; the reduction to a standard problem, p?sygst /
 *  p?hegst; the transformation of the eigenvectors back, p?trsm / p?trmm) with the MRRR
 *  solver of nd_dmatrix_eigh_subset in place of p?sygvx's bisection and inverse
 *  iteration, whose eigenvectors in a cluster need workspace proportional to the cluster
 *  to come out orthogonal. The eigenvectors are normalised as LAPACK's: V^H b V = I for
 *  types 1 and 2, V^H b^-1 V = I for type 3. a and b are promoted to one dtype (float32
 *  with complex64 is complex64) and must be on the same grid; the triangle opt selects is
 *  read of both. On a 1 x 1 grid nd_linalg_eigh_generalized on the pieces.
 *  Errors: those of nd_dmatrix_eigh_subset ("dmatrix_eigh_generalized: ..."),
 *  ND_ERR_SHAPE ("dmatrix_eigh_generalized: a [4,4] and b [5,5] have different sizes"),
 *  ND_ERR_VALUE ("dmatrix_eigh_generalized: type must be 1, 2 or 3 (got 4)"; operands on
 *  different grids), ND_ERR_LINALG ("dmatrix_eigh_generalized: b is not positive definite
 *  (the leading minor of order 3 is not)", "dmatrix_eigh_generalized: b contains
 *  infinities or NaNs"). */
ND_API nd_status nd_dmatrix_eigh_generalized(const nd_dmatrix *a, const nd_dmatrix *b,
                                             const nd_eigh_options *opt, nd_array **w,
                                             nd_dmatrix **v);
/** Reduced singular value decomposition a = u diag(s) vh (p?gesvd): u m x k, s (k values
 *  of the real dtype, descending, the same on every rank), vh k x n, k = min(m, n); u and
 *  vh have square blocks of a's row block size. A matrix with fewer rows and columns than
 *  the grid has processes, or with one row or column, is factored by LAPACK on rank 0
 *  (nd_linalg_svd) and u and vh are scattered: ScaLAPACK 2.2's p?gesvd fails on the first
 *  and can hang on the second.
 *  Errors: ND_ERR_LINALG ("dmatrix_svd: the SVD did not converge (ScaLAPACK info 3)",
 *  "dmatrix_svd: the matrix contains infinities or NaNs (SVD did not converge)"). */
ND_API nd_status nd_dmatrix_svd(const nd_dmatrix *a, nd_dmatrix **u, nd_array **s,
                                nd_dmatrix **vh);

/** The k largest singular triplets of a (nd_linalg_svd_truncated's for a distributed
 *  matrix): u m x k and vh k x n (square blocks of a's row block size), s (k values of the
 *  real dtype, descending, the same on every rank), a ~ u diag(s) vh the best rank-k
 *  approximation; 0 <= k <= min(m, n). ScaLAPACK has no truncated SVD (no p?gesvdx) and
 *  ELPA has none, so the methods are: ND_SVD_RANDOMIZED, the randomised subspace
 *  iteration of Halko, Martinsson and Tropp on p?gemm, p?geqrf / p?orgqr and the SVD of
 *  an n x (k + oversamples) matrix, every triplet's residual ||a v - s u|| tested against
 *  opt->tol * s_1 (default 1e-12, 1e-6 in single precision) after each iteration, at most
 *  opt->n_iter (100) of them, or exactly n_iter without the test with
 *  opt->fixed_iterations; ND_SVD_GESVDX, which here means p?gesvd of the whole matrix,
 *  truncated; ND_SVD_AUTO (the default): randomised when k + oversamples is at most
 *  min(m, n) / 4, falling back to the full p?gesvd when 10 iterations do not converge,
 *  else the full p?gesvd. The starting block depends on opt->seed and the indices only,
 *  so results do not depend on the grid. On a 1 x 1 grid nd_linalg_svd_truncated on the
 *  piece (LAPACK's ?gesvdx for ND_SVD_GESVDX).
 *  Errors: ND_ERR_VALUE ("dmatrix_svd_truncated: k = 5 is outside [0, 4] for a [4,6]
 *  matrix", "dmatrix_svd_truncated: invalid method 7", negative oversamples, n_iter or
 *  tol; options that differ between ranks), ND_ERR_LINALG ("dmatrix_svd_truncated: the
 *  matrix contains infinities or NaNs", "dmatrix_svd_truncated: no convergence in 100
 *  randomized subspace iterations (tolerance 1e-12)"), ND_ERR_NULL (u, s or vh NULL), and
 *  the failures of the functions it is made of, named after it. */
ND_API nd_status nd_dmatrix_svd_truncated(const nd_dmatrix *a, int64_t k,
                                          const nd_svd_truncated_options *opt, nd_dmatrix **u,
                                          nd_array **s, nd_dmatrix **vh);

/** A matrix norm (p?lange) as a 0-d array of the real dtype, the same on every rank:
 *  ND_NORM_FRO, ND_NORM_1 (largest column sum of |a|) or ND_NORM_INF (largest row sum); 0
 *  for an empty matrix.
 *  Errors: ND_ERR_VALUE ("dmatrix_norm: order 6 is not supported for distributed matrices
 *  (ND_NORM_FRO, ND_NORM_1 or ND_NORM_INF)"). */
ND_API nd_array *nd_dmatrix_norm(const nd_dmatrix *a, nd_norm_ord ord);
/** The sum of the main diagonal (any shape: min(m, n) terms) as a 0-d array of a's dtype,
 *  the same on every rank (each rank sums its diagonal elements in double precision, then
 *  one MPI_Allreduce).
 *  Errors: only the shared ones. */
ND_API nd_array *nd_dmatrix_trace(const nd_dmatrix *a);

#ifdef __cplusplus
}
#endif
#endif
