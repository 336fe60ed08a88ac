/* BLAS and LAPACK calls typed by nd dtype: one entry point for the two compute dtypes
 * (FLOAT64 and COMPLEX128) on column-major work buffers, so that the element functions
 * of the decompositions and matrix functions are written once. Extents and leading
 * dimensions are int64 values the caller has checked against LAPACK's int
 * (ndi_la_check_lapack_size). The LAPACK wrappers return LAPACK's info; drivers that need
 * workspace use LAPACKE's allocating forms, whose failure to allocate is
 * NDI_LA_NOMEM. Transpose arguments are 'N', 'T' (the transpose) or 'C' (the conjugate
 * transpose; the same as 'T' for real data). */
#ifndef NDI_LINALG_LA_TYPED_H
#define NDI_LINALG_LA_TYPED_H

#include <lapacke.h>
#include <stdbool.h>
#include <stdint.h>

#include "nd/types.h"

/* LAPACKE's codes for workspace it could not allocate (LAPACK_WORK_MEMORY_ERROR,
 * LAPACK_TRANSPOSE_MEMORY_ERROR) */
#define NDI_LA_NOMEM(info) ((info) == -1010 || (info) == -1011)

/* C = alpha op(A) op(B) + beta C (real alpha and beta). */
void ndi_la_gemm(nd_dtype t, char ta, char tb, int64_t m, int64_t n, int64_t k, double alpha,
                 const void *a, int64_t lda, const void *b, int64_t ldb, double beta, void *c,
                 int64_t ldc);
/* B = op(A)^-1 B (side 'L') or B op(A)^-1 (side 'R'), A triangular. */
void ndi_la_trsm(nd_dtype t, char side, char uplo, char trans, char diag, int64_t m, int64_t n,
                 const void *a, int64_t lda, void *b, int64_t ldb);
/* B = op(A) B (side 'L') or B op(A) (side 'R'), A triangular. */
void ndi_la_trmm(nd_dtype t, char side, char uplo, char trans, char diag, int64_t m, int64_t n,
                 const void *a, int64_t lda, void *b, int64_t ldb);

int ndi_la_potrf(nd_dtype t, char uplo, int64_t n, void *a, int64_t lda);
int ndi_la_potrs(nd_dtype t, char uplo, int64_t n, int64_t nrhs, const void *a, int64_t lda,
                 void *b, int64_t ldb);
int ndi_la_getrf(nd_dtype t, int64_t m, int64_t n, void *a, int64_t lda, lapack_int *ipiv);
int ndi_la_getrs(nd_dtype t, char trans, int64_t n, int64_t nrhs, const void *a, int64_t lda,
                 const lapack_int *ipiv, void *b, int64_t ldb);
int ndi_la_trtrs(nd_dtype t, char uplo, char trans, char diag, int64_t n, int64_t nrhs,
                 const void *a, int64_t lda, void *b, int64_t ldb);
/* Solution of a symmetric (hermitian false) or Hermitian indefinite system by
 * Bunch-Kaufman (?sysv / ?hesv); a is overwritten by the factor. */
int ndi_la_sysv(nd_dtype t, bool hermitian, char uplo, int64_t n, int64_t nrhs, void *a,
                int64_t lda, lapack_int *ipiv, void *b, int64_t ldb);

/* QR of the m x n matrix a, replaced by its first min(m, n) orthonormal columns Q
 * (geqrf then orgqr / ungqr); r, if not NULL, receives R (min(m, n) x n, leading
 * dimension ldr, zero below the diagonal). tau holds min(m, n) elements. */
int ndi_la_qr_q(nd_dtype t, int64_t m, int64_t n, void *a, int64_t lda, void *tau, void *r,
                int64_t ldr);

/* Hermitian eigenvalues w (ascending) and, with jobz 'V', eigenvectors z of a (range 'A',
 * 'I' with 1-based il..iu, or 'V' for (vl, vu]); *found gets their number. a is
 * destroyed. ?syevr / ?heevr. */
int ndi_la_syevr(nd_dtype t, char jobz, char range, char uplo, int64_t n, void *a, int64_t lda,
                 double vl, double vu, int64_t il, int64_t iu, int64_t *found, double *w,
                 void *z, int64_t ldz, lapack_int *isuppz);
/* All eigenvalues (and with jobz 'V' the eigenvectors, in a) by divide and conquer
 * (?syevd / ?heevd). */
int ndi_la_syevd(nd_dtype t, char jobz, char uplo, int64_t n, void *a, int64_t lda, double *w);
/* The generalized problem of type itype by divide and conquer (?sygvd / ?hegvd): a gets
 * the eigenvectors, b the Cholesky factor. info > n: b is not positive definite. */
int ndi_la_sygvd(nd_dtype t, int itype, char jobz, char uplo, int64_t n, void *a, int64_t lda,
                 void *b, int64_t ldb, double *w);
/* Reduces the generalized problem to the standard one with b's Cholesky factor (?sygst /
 * ?hegst). */
int ndi_la_sygst(nd_dtype t, int itype, char uplo, int64_t n, void *a, int64_t lda,
                 const void *b, int64_t ldb);

#endif
