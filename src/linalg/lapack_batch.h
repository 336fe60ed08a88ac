/* The LAPACK side of the linalg layer: NumPy's dtype rules for decompositions, the
 * batch driver that runs one LAPACK computation per matrix of a stack (in parallel, with
 * BLAS single-threaded inside), and the copies between nd's strided matrices and the
 * column-major work buffers LAPACK overwrites.
 *
 * As in NumPy, every decomposition computes in double precision (float64 or complex128)
 * and rounds the results to float32 / complex64 when all inputs were single precision;
 * integers and bool compute and return float64. */
#ifndef NDI_LINALG_LAPACK_BATCH_H
#define NDI_LINALG_LAPACK_BATCH_H

#include <lapacke.h>
#include <stdbool.h>

#include "la_common.h"

/* Computation and result dtypes for inputs of dtypes t[0..n) (NumPy's _commonType;
 * float16 and bfloat16 count as float32, SciPy's rule, where NumPy refuses them). */
void ndi_la_dtypes(int n, const nd_dtype *t, nd_dtype *compute, nd_dtype *result);

/* Checks that a is a stack of matrices (ndim >= 2), square if `square`; errors name op. */
nd_status ndi_la_check_matrix(const char *op, const nd_array *a, bool square);

/* LAPACK takes int extents. */
nd_status ndi_la_check_lapack_size(const char *op, int64_t n);

/* Copies the m x n matrix at src (dtype st, element strides rs, cs) into the column-major
 * buffer dst (dtype dt, leading dimension ld), converting. */
void ndi_la_load(nd_dtype dt, void *dst, int64_t ld, int64_t m, int64_t n, const void *src,
                 nd_dtype st, int64_t rs, int64_t cs);
/* Whether every value of the column-major m x n matrix a (FLOAT64 or COMPLEX128, leading
 * dimension ld) is finite: LAPACK's drivers are not defined on NaN or infinite input
 * (the SVD drivers then return garbage or reject an argument), so those refuse it. */
bool ndi_la_finite(nd_dtype t, const void *a, int64_t ld, int64_t m, int64_t n);
/* The same for the triangle (with the diagonal) of the n x n matrix a that a Hermitian
 * driver reads: the lower one, or the upper one with `upper`. */
bool ndi_la_triangle_finite(nd_dtype t, const void *a, int64_t ld, int64_t n, bool upper);
/* The reverse: column-major src (dtype st, leading dimension ld) into the strided dst. */
void ndi_la_store(nd_dtype dt, void *dst, int64_t rs, int64_t cs, int64_t m, int64_t n,
                  const void *src, nd_dtype st, int64_t ld);

#define NDI_LA_BATCH_OPS 8

/* A batch computation. Each operand is an array whose leading axes are the batch (of
 * shape bshape, broadcasting) and whose trailing `core` axes one element function call
 * handles. fn gets the address of each operand's core block and a per-thread work buffer
 * of `work` bytes, and returns 0, or a positive code for a failed matrix (singular, not
 * converged, ...). */
typedef struct ndi_la_batch {
  int nbd;
  int64_t bshape[ND_MAX_DIMS];
  int nops;
  const nd_array *ops[NDI_LA_BATCH_OPS];
  int64_t bs[NDI_LA_BATCH_OPS][ND_MAX_DIMS]; /* byte strides over the batch axes */
  size_t work;
  double cost; /* multiply-adds per element, to decide on threads */
  int (*fn)(void *ctx, char *const *core, void *work);
  void *ctx;
} ndi_la_batch;

/* Starts a batch over the broadcast batch shape of arrays a[0..n) with core[i] core axes
 * each. */
nd_status ndi_la_batch_init(const char *op, ndi_la_batch *b, int n, const nd_array *const *a,
                            const int *core);
/* Adds an operand (an output allocated with the batch shape in front); returns its index. */
int ndi_la_batch_add(ndi_la_batch *b, const nd_array *a, int core);
/* Runs fn over the batch. On failure of some element, *failed is the lowest failing
 * batch position (C order) and *code its code; else *failed is -1. Fails itself only when
 * the work buffers cannot be allocated. */
nd_status ndi_la_batch_run(const char *op, ndi_la_batch *b, int64_t *failed, int *code);

/* The error for a failed batch element: "solve: matrix 3 of the batch is singular". */
nd_status ndi_la_batch_error(const char *op, const ndi_la_batch *b, int64_t failed,
                             const char *what);

/* A new C-contiguous array of shape batch + core (ncore extents), dtype t. */
nd_array *ndi_la_alloc(const char *op, nd_dtype t, const ndi_la_batch *b, int ncore,
                       const int64_t *core);

/* The SVD behind svd, svdvals, pinv, matrix_rank and the 2-norms (svd.c): with uv, U,
 * S and Vh (full or reduced); without, S alone. Errors name op. */
nd_status ndi_la_svd(const char *op, const nd_array *a, bool full, bool uv, nd_array **u,
                     nd_array **s, nd_array **vh);

/* The Hermitian eigendecomposition behind eigh and eigvalsh (eigen.c): eigenvalues and,
 * with v, eigenvectors of the lower triangles; errors name op. */
nd_status ndi_la_eigh(const char *op, const nd_array *a, nd_array **w, nd_array **v);

/* Work buffer layout: bytes rounded to 64 for each piece. */
static inline size_t ndi_la_round(size_t n) { return (n + 63) / 64 * 64; }

#endif
