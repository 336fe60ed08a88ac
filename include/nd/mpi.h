/* nd_mpi: dense matrices distributed over the processes of an MPI program, with
 * ScaLAPACK (and ELPA, when it was found at build time) for the linear algebra. A separate
 * library: link libnd_mpi (pkg-config nd-mpi, CMake nd::mpi) and include <nd/mpi.h> after
 * MPI_Init. The guide is docs/guide/distributed.md.
 *
 * The model. A grid arranges the ranks of a communicator as nprow x npcol processes. A
 * distributed matrix (nd_dmatrix) of float32, float64, complex64 or complex128 is cut
 * into mb x nb blocks dealt to the grid cyclically in both directions (ScaLAPACK's 2-D
 * block-cyclic layout, which ELPA shares): block (I, J) lives on process (I mod nprow,
 * J mod npcol). Each rank's blocks form one ordinary nd array, its piece (F order), so
 * every local nd function applies to it.
 *
 * Collective calls. Every function below that takes a grid or a distributed matrix is
 * collective: all ranks of the grid call it, in the same order, with their handles of the
 * same grid and matrices and the same other arguments (a root, block sizes, options),
 * except where it says "local". Before it communicates, each function agrees on its
 * arguments across the ranks (one MPI_Allreduce): a mistake on any rank (a NULL matrix,
 * shapes that do not fit, matrices on different grids, a value that differs between
 * ranks) fails on every rank with the same status and the same message, that of the
 * lowest failing rank, ending "(on rank r)" when not every rank failed. A singular or
 * non-convergent matrix is ND_ERR_LINALG on every rank. A rank that passes only NULL
 * handles (no grid at all: typically after a failed call) agrees over the grid of its
 * latest nd_mpi call, or if that grid is gone the newest grid it holds; that must be the
 * grid the other ranks use, which it is unless the program switches between grids.
 *
 * Results. Functions returning a matrix return a new one (NULL on failure); free it with
 * nd_dmatrix_free. Arrays returned are new references (nd_release them). Messages name
 * the function ("dmatrix_matmul: ...").
 *
 * Threads per rank. nd_grid_new sets this process's thread count (nd's loops, OpenMP and
 * OpenBLAS): ND_MPI_THREADS=N if set (hybrid MPI + threads; "keep" leaves the settings
 * alone, "auto" forces the split below), else OMP_NUM_THREADS if set, else the node's
 * cores divided by the ranks sharing the node (at least 1, at most the cores this
 * process may run on), so ranks x threads never oversubscribe a node by default. */
#ifndef ND_MPI_H
#define ND_MPI_H

#include <mpi.h>

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
 *  meet the program's. Also sets the threads per rank (see the top of this header).
 *  Errors: MPI not initialized (ND_ERR_VALUE, local), "grid_new: a 3 x 2 grid needs 6
 *  ranks, the communicator has 4" (ND_ERR_VALUE), negative extents. */
ND_API nd_grid *nd_grid_new(MPI_Comm comm, int nprow, int npcol);
/** Releases the program's handle (collective over the grid, as it frees MPI and BLACS
 *  resources once no matrix uses the grid any more). NULL: no-op. Matrices on the grid
 *  stay valid until freed. */
ND_API void nd_grid_free(nd_grid *g);
/** Rows of processes (local; -1 for NULL). */
ND_API int nd_grid_nprow(const nd_grid *g);
/** Columns of processes (local; -1 for NULL). */
ND_API int nd_grid_npcol(const nd_grid *g);
/** This rank's process row (local; -1 for NULL). */
ND_API int nd_grid_myrow(const nd_grid *g);
/** This rank's process column (local; -1 for NULL). */
ND_API int nd_grid_mycol(const nd_grid *g);
/** The grid's communicator (its own duplicate; do not free it). MPI_COMM_NULL for NULL. */
ND_API MPI_Comm nd_grid_comm(const nd_grid *g);
/** The grid's BLACS context, for calling ScaLAPACK directly (local; -1 for NULL). */
ND_API int nd_grid_blacs_context(const nd_grid *g);
/** The threads per rank nd_grid_new chose (local; -1 for NULL; 0 with ND_MPI_THREADS=keep). */
ND_API int nd_grid_threads(const nd_grid *g);
/** Ranks of the grid on this rank's node (MPI_Comm_split_type shared; local). */
ND_API int nd_grid_ranks_per_node(const nd_grid *g);

/* ---- creating distributed matrices --------------------------------------------------- */

/* Block sizes: mb x nb, each at least 1; mb, nb <= 0 choose the default, 64, or less for
 * a small matrix so that it still spreads over the grid: min(64, ceil(max(m, n) / the
 * largest grid extent)), at least 1. Square blocks (mb = nb) are what the factorisations
 * need; matrices with other blocks are copied to square ones inside them. Extents and
 * block sizes must fit ScaLAPACK's 32-bit integers. */

/** An m x n matrix of zeros of dtype t (ND_ERR_TYPE for dtypes other than float32,
 *  float64, complex64, complex128). */
ND_API nd_dmatrix *nd_dmatrix_zeros(nd_grid *g, nd_dtype t, int64_t m, int64_t n,
                                    int64_t mb, int64_t nb);
/** An n x m matrix with ones on diagonal k (0 the main one, > 0 above), zeros elsewhere
 *  (nd_eye's arguments). */
ND_API nd_dmatrix *nd_dmatrix_eye(nd_grid *g, nd_dtype t, int64_t n, int64_t m, int64_t k,
                                  int64_t mb, int64_t nb);
/** The value of element (i, j) (0-based global indices). */
typedef double (*nd_dmatrix_fn)(int64_t i, int64_t j, void *ctx);
/** The value of element (i, j) as a real and an imaginary part. */
typedef void (*nd_dmatrix_complex_fn)(int64_t i, int64_t j, void *ctx, double *re,
                                      double *im);
/** An m x n matrix with element (i, j) = f(i, j, ctx), evaluated on the rank that holds
 *  it (each rank calls f for its own elements only, serially, column by column), so the
 *  matrix never exists on one rank. For complex dtypes the imaginary parts are 0; f
 *  NULL is ND_ERR_NULL. */
ND_API nd_dmatrix *nd_dmatrix_fromfunction(nd_grid *g, nd_dtype t, int64_t m, int64_t n,
                                           int64_t mb, int64_t nb, nd_dmatrix_fn f,
                                           void *ctx);
/** The same with complex values (for a real dtype the imaginary parts are dropped). */
ND_API nd_dmatrix *nd_dmatrix_fromfunction_complex(nd_grid *g, nd_dtype t, int64_t m,
                                                   int64_t n, int64_t mb, int64_t nb,
                                                   nd_dmatrix_complex_fn f, void *ctx);
/** Distributes the 2-D array a, read on rank `root` of the grid only (any layout; it may
 *  be NULL elsewhere: its shape and dtype are sent to all). Root errors reach every rank:
 *  "dmatrix_scatter: a must be 2-D, got shape [2,3,4]", a NULL a on the root, an
 *  unsupported dtype; a root out of range is ND_ERR_VALUE. */
ND_API nd_dmatrix *nd_dmatrix_scatter(nd_grid *g, const nd_array *a, int root, int64_t mb,
                                      int64_t nb);
/** Collects the whole matrix on rank `root` (an F-contiguous [m, n] array in *out; NULL
 *  on the other ranks), or on every rank with root -1. */
ND_API nd_status nd_dmatrix_gather(const nd_dmatrix *d, int root, nd_array **out);
/** Reads a 2-D .npy file (what nd_save_npy or NumPy's np.save write; C or F order,
 *  either byte order) in parallel: rank 0 reads the header and every rank reads only its
 *  own blocks (MPI-IO), so the matrix never passes through one rank. dtypes as for
 *  nd_dmatrix_zeros. Errors: ND_ERR_IO as nd_load_npy's ("dmatrix_load_npy: file 'x.npy':
 *  truncated file: ..."), "file 'x.npy' holds a 3-D array; a distributed matrix is 2-D"
 *  (ND_ERR_SHAPE), an unsupported dtype (ND_ERR_TYPE). */
ND_API nd_dmatrix *nd_dmatrix_load_npy(nd_grid *g, const char *path, int64_t mb,
                                       int64_t nb);
/** Writes d to a .npy file that np.load reads, in order o (ND_C or ND_F: the file's
 *  fortran_order): rank 0 writes the header, every rank its own blocks (MPI-IO). A file
 *  that cannot be opened or written is ND_ERR_IO on every rank. */
ND_API nd_status nd_dmatrix_save_npy(const char *path, const nd_dmatrix *d, nd_order o);

/* ---- inspection (local) -------------------------------------------------------------- */

/** This rank's piece: a new [mloc, nloc] F-order view (a writeable nd array sharing the
 *  matrix's memory; release it). Its element (li, lj) is the global element
 *  (nd_dmatrix_global_row(d, li), nd_dmatrix_global_col(d, lj)). Local. */
ND_API nd_array *nd_dmatrix_local(const nd_dmatrix *d);
/** Frees the matrix (local: no communication). Views of its piece stay valid. NULL: no-op. */
ND_API void nd_dmatrix_free(nd_dmatrix *d);
/** The matrix's grid (no new reference). */
ND_API nd_grid *nd_dmatrix_grid(const nd_dmatrix *d);
/** The dtype ((nd_dtype)-1 for NULL, as nd_dtype_of). */
ND_API nd_dtype nd_dmatrix_dtype(const nd_dmatrix *d);
/** The global shape, 2 entries (NULL for NULL; valid while d lives). */
ND_API const int64_t *nd_dmatrix_shape(const nd_dmatrix *d);
/** The block sizes (either pointer may be NULL). */
ND_API nd_status nd_dmatrix_blocks(const nd_dmatrix *d, int64_t *mb, int64_t *nb);
/** ScaLAPACK's 9-integer descriptor of the piece, for calling ScaLAPACK or ELPA directly
 *  on nd_data(nd_dmatrix_local(d)) (NULL for NULL). */
ND_API const int *nd_dmatrix_descriptor(const nd_dmatrix *d);
/** Global row of local row li (-1 if out of range). */
ND_API int64_t nd_dmatrix_global_row(const nd_dmatrix *d, int64_t li);
/** Global column of local column lj (-1 if out of range). */
ND_API int64_t nd_dmatrix_global_col(const nd_dmatrix *d, int64_t lj);
/** Where global element (i, j) lives: the process (prow, pcol) and, on that process, the
 *  local indices (li, lj). Any output pointer may be NULL. ND_ERR_INDEX if out of range. */
ND_API nd_status nd_dmatrix_locate(const nd_dmatrix *d, int64_t i, int64_t j, int *prow,
                                   int *pcol, int64_t *li, int64_t *lj);

/* ---- layout ------------------------------------------------------------------------- */

/** A copy of a with mb x nb blocks on grid g (NULL: a's grid), with ScaLAPACK's p?gemr2d.
 *  g must span the same ranks as a's grid (in any arrangement): "dmatrix_redistribute:
 *  the grids span different ranks". Also the way to copy a matrix. */
ND_API nd_dmatrix *nd_dmatrix_redistribute(const nd_dmatrix *a, nd_grid *g, int64_t mb,
                                           int64_t nb);
/** The transpose (n x m, blocks nb x mb), p?tran / p?tranu. */
ND_API nd_dmatrix *nd_dmatrix_transpose(const nd_dmatrix *a);
/** The conjugate transpose (p?tranc); the transpose for real dtypes. */
ND_API nd_dmatrix *nd_dmatrix_conj_transpose(const nd_dmatrix *a);

/* ---- elementwise, between identically distributed matrices -------------------------- */

/* a and b must be on the same grid with the same shape and blocks ("dmatrix_add: a [4,5]
 * (blocks 2x2) and b [4,5] (blocks 3x3) are distributed differently"); the result is
 * distributed alike, its dtype the promoted one (float32 with complex64 is complex64),
 * computed on each rank's piece by nd's elementwise functions, with no communication
 * beyond the agreement. */

/** a + b. */
ND_API nd_dmatrix *nd_dmatrix_add(const nd_dmatrix *a, const nd_dmatrix *b);
/** a - b. */
ND_API nd_dmatrix *nd_dmatrix_subtract(const nd_dmatrix *a, const nd_dmatrix *b);
/** a * b, elementwise (Hadamard). */
ND_API nd_dmatrix *nd_dmatrix_multiply(const nd_dmatrix *a, const nd_dmatrix *b);
/** alpha * a. A complex alpha makes a real matrix complex (NumPy's rule for a Python
 *  scalar); bool, integer and real alpha keep a's dtype. */
ND_API nd_dmatrix *nd_dmatrix_scale(const nd_dmatrix *a, nd_scalar alpha);

/* ---- linear algebra ----------------------------------------------------------------- */

/* Operands of different dtypes are promoted (float64 with complex64 is complex128); the
 * factorisations work on a copy of their input (with square blocks of a's row block
 * size when a's blocks are not square), so inputs are never modified. */

/** Matrix product a @ b (m x k times k x n; "dmatrix_matmul: [4,5] @ [6,2]: contracted
 *  extents differ (5 vs 6)"), p?gemm; the result has a's row blocks and b's column
 *  blocks. */
ND_API nd_dmatrix *nd_dmatrix_matmul(const nd_dmatrix *a, const nd_dmatrix *b);
/** The solution x of a x = b (a n x n, b n x k), LU with partial pivoting (p?gesv). x has
 *  a's row blocks and b's column blocks. Singular a: "dmatrix_solve: the matrix is
 *  singular (U(3,3) is exactly zero)" (ND_ERR_LINALG). */
ND_API nd_dmatrix *nd_dmatrix_solve(const nd_dmatrix *a, const nd_dmatrix *b);
/** The inverse of a square matrix (p?getrf, p?getri); ND_ERR_LINALG if singular. */
ND_API nd_dmatrix *nd_dmatrix_inv(const nd_dmatrix *a);
/** The Cholesky factor of a Hermitian positive-definite matrix, lower L (a = L L^H) or,
 *  with upper, U (a = U^H U), reading that triangle of a only; the other triangle of the
 *  result is 0 (p?potrf). Not positive definite: ND_ERR_LINALG "dmatrix_cholesky: the
 *  matrix is not positive definite (the leading minor of order 3 is not)". */
ND_API nd_dmatrix *nd_dmatrix_cholesky(const nd_dmatrix *a, bool upper);
/** QR factorisation a = q r (p?geqrf, then p?orgqr / p?ungqr for q): reduced (q m x k,
 *  r k x n, k = min(m, n)) or complete (q m x m, r m x n). */
ND_API nd_status nd_dmatrix_qr(const nd_dmatrix *a, nd_qr_mode mode, nd_dmatrix **q,
                               nd_dmatrix **r);

/** Which solver nd_dmatrix_eigh_ex and nd_dmatrix_eigvalsh_ex use. */
typedef enum nd_eigensolver {
  ND_EIGENSOLVER_AUTO = 0,  /**< ND_MPI_EIGENSOLVER ("elpa" or "scalapack") if set, else
                                 ScaLAPACK */
  ND_EIGENSOLVER_SCALAPACK, /**< p?syevd / p?heevd (values only: p?syev / p?heev) */
  ND_EIGENSOLVER_ELPA       /**< ELPA's two-stage solver ("dmatrix_eigh: ELPA is not
                                 available (nd_mpi was built without it)" if not built in).
                                 It needs every process column to hold a block: a matrix
                                 spanning fewer blocks is solved on a copy with smaller
                                 ones, and one with fewer rows than the grid's larger
                                 extent by ScaLAPACK. An ELPA built without single
                                 precision (Debian's) works on float32 / complex64 in
                                 double precision and rounds the results. */
} nd_eigensolver;
/** True if nd_mpi was built with ELPA. Local. */
ND_API bool nd_mpi_have_elpa(void);

/** Eigenvalues (w: a 1-D array of the real dtype, ascending, the same on every rank) and
 *  eigenvectors (v: the columns, distributed like a's copy) of a Hermitian matrix,
 *  reading its lower triangle (as nd_linalg_eigh). The solver is ND_EIGENSOLVER_AUTO's.
 *  Not converged: ND_ERR_LINALG. */
ND_API nd_status nd_dmatrix_eigh(const nd_dmatrix *a, nd_array **w, nd_dmatrix **v);
/** nd_dmatrix_eigh with a chosen solver. */
ND_API nd_status nd_dmatrix_eigh_ex(const nd_dmatrix *a, nd_eigensolver solver,
                                    nd_array **w, nd_dmatrix **v);
/** Eigenvalues only (ascending, on every rank). */
ND_API nd_array *nd_dmatrix_eigvalsh(const nd_dmatrix *a);
/** nd_dmatrix_eigvalsh with a chosen solver. */
ND_API nd_array *nd_dmatrix_eigvalsh_ex(const nd_dmatrix *a, nd_eigensolver solver);
/** Reduced singular value decomposition a = u diag(s) vh (p?gesvd): u m x k, s (k values
 *  of the real dtype, descending, on every rank), vh k x n, k = min(m, n). Not converged:
 *  ND_ERR_LINALG. */
ND_API nd_status nd_dmatrix_svd(const nd_dmatrix *a, nd_dmatrix **u, nd_array **s,
                                nd_dmatrix **vh);

/** A matrix norm (p?lange) as a 0-d array of the real dtype, the same on every rank:
 *  ND_NORM_FRO, ND_NORM_1 (largest column sum of |a|) or ND_NORM_INF (largest row sum);
 *  other orders are ND_ERR_VALUE. */
ND_API nd_array *nd_dmatrix_norm(const nd_dmatrix *a, nd_norm_ord ord);
/** The sum of the main diagonal (any shape: min(m, n) terms) as a 0-d array of a's dtype,
 *  the same on every rank (each rank sums its diagonal elements in double precision, then
 *  one MPI_Allreduce). */
ND_API nd_array *nd_dmatrix_trace(const nd_dmatrix *a);

#ifdef __cplusplus
}
#endif
#endif
