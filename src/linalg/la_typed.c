/* BLAS and LAPACK calls typed by nd dtype (see la_typed.h). */
#include "la_typed.h"

#include <cblas.h>

#define LI(v) ((lapack_int)(v))
#define ZP(p) ((lapack_complex_double *)(p))
#define CZP(p) ((const lapack_complex_double *)(p))

static bool cplx(nd_dtype t) { return t == ND_COMPLEX128; }

/* 'T' is the plain transpose, 'C' the conjugate one (the same for real data) */
static enum CBLAS_TRANSPOSE blas_trans(char c) {
  return c == 'N' ? CblasNoTrans : c == 'T' ? CblasTrans : CblasConjTrans;
}

void ndi_la_gemm(nd_dtype t, char ta, char tb, int64_t m, int64_t n, int64_t k, double alpha,
                 const void *a, int64_t lda, const void *b, int64_t ldb, double beta, void *c,
                 int64_t ldc) {
  if (m == 0 || n == 0) return;
  enum CBLAS_TRANSPOSE oa = blas_trans(ta), ob = blas_trans(tb);
  if (cplx(t)) {
    const double al[2] = {alpha, 0}, be[2] = {beta, 0};
    cblas_zgemm(CblasColMajor, oa, ob, (int)m, (int)n, (int)k, al, a, (int)lda, b, (int)ldb, be, c, (int)ldc);
  } else {
    cblas_dgemm(CblasColMajor, oa, ob, (int)m, (int)n, (int)k, alpha, a, (int)lda, b, (int)ldb, beta, c,
                (int)ldc);
  }
}

void ndi_la_trsm(nd_dtype t, char side, char uplo, char trans, char diag, int64_t m, int64_t n,
                 const void *a, int64_t lda, void *b, int64_t ldb) {
  if (m == 0 || n == 0) return;
  enum CBLAS_SIDE s = side == 'L' ? CblasLeft : CblasRight;
  enum CBLAS_UPLO u = uplo == 'U' ? CblasUpper : CblasLower;
  enum CBLAS_DIAG d = diag == 'U' ? CblasUnit : CblasNonUnit;
  if (cplx(t)) {
    const double one[2] = {1, 0};
    cblas_ztrsm(CblasColMajor, s, u, blas_trans(trans), d, (int)m, (int)n, one, a, (int)lda, b, (int)ldb);
  } else {
    cblas_dtrsm(CblasColMajor, s, u, blas_trans(trans), d, (int)m, (int)n, 1.0, a, (int)lda, b,
                (int)ldb);
  }
}

void ndi_la_trmm(nd_dtype t, char side, char uplo, char trans, char diag, int64_t m, int64_t n,
                 const void *a, int64_t lda, void *b, int64_t ldb) {
  if (m == 0 || n == 0) return;
  enum CBLAS_SIDE s = side == 'L' ? CblasLeft : CblasRight;
  enum CBLAS_UPLO u = uplo == 'U' ? CblasUpper : CblasLower;
  enum CBLAS_DIAG d = diag == 'U' ? CblasUnit : CblasNonUnit;
  if (cplx(t)) {
    const double one[2] = {1, 0};
    cblas_ztrmm(CblasColMajor, s, u, blas_trans(trans), d, (int)m, (int)n, one, a, (int)lda, b, (int)ldb);
  } else {
    cblas_dtrmm(CblasColMajor, s, u, blas_trans(trans), d, (int)m, (int)n, 1.0, a, (int)lda, b,
                (int)ldb);
  }
}

int ndi_la_potrf(nd_dtype t, char uplo, int64_t n, void *a, int64_t lda) {
  return cplx(t) ? LAPACKE_zpotrf_work(LAPACK_COL_MAJOR, uplo, LI(n), ZP(a), LI(lda))
                 : LAPACKE_dpotrf_work(LAPACK_COL_MAJOR, uplo, LI(n), a, LI(lda));
}

int ndi_la_potrs(nd_dtype t, char uplo, int64_t n, int64_t nrhs, const void *a, int64_t lda,
                 void *b, int64_t ldb) {
  return cplx(t) ? LAPACKE_zpotrs_work(LAPACK_COL_MAJOR, uplo, LI(n), LI(nrhs), CZP(a), LI(lda), ZP(b), LI(ldb))
                 : LAPACKE_dpotrs_work(LAPACK_COL_MAJOR, uplo, LI(n), LI(nrhs), a, LI(lda), b, LI(ldb));
}

int ndi_la_getrf(nd_dtype t, int64_t m, int64_t n, void *a, int64_t lda, lapack_int *ipiv) {
  return cplx(t) ? LAPACKE_zgetrf_work(LAPACK_COL_MAJOR, LI(m), LI(n), ZP(a), LI(lda), ipiv)
                 : LAPACKE_dgetrf_work(LAPACK_COL_MAJOR, LI(m), LI(n), a, LI(lda), ipiv);
}

int ndi_la_getrs(nd_dtype t, char trans, int64_t n, int64_t nrhs, const void *a, int64_t lda,
                 const lapack_int *ipiv, void *b, int64_t ldb) {
  return cplx(t) ? LAPACKE_zgetrs_work(LAPACK_COL_MAJOR, trans, LI(n), LI(nrhs), CZP(a), LI(lda), ipiv, ZP(b),
                                       LI(ldb))
                 : LAPACKE_dgetrs_work(LAPACK_COL_MAJOR, trans, LI(n), LI(nrhs), a, LI(lda),
                                       ipiv, b, LI(ldb));
}

int ndi_la_trtrs(nd_dtype t, char uplo, char trans, char diag, int64_t n, int64_t nrhs,
                 const void *a, int64_t lda, void *b, int64_t ldb) {
  return cplx(t) ? LAPACKE_ztrtrs_work(LAPACK_COL_MAJOR, uplo, trans, diag, LI(n), LI(nrhs), CZP(a), LI(lda),
                                       ZP(b), LI(ldb))
                 : LAPACKE_dtrtrs_work(LAPACK_COL_MAJOR, uplo, trans, diag, LI(n), LI(nrhs),
                                       a, LI(lda), b, LI(ldb));
}

int ndi_la_sysv(nd_dtype t, bool hermitian, char uplo, int64_t n, int64_t nrhs, void *a,
                int64_t lda, lapack_int *ipiv, void *b, int64_t ldb) {
  if (!cplx(t)) return LAPACKE_dsysv(LAPACK_COL_MAJOR, uplo, LI(n), LI(nrhs), a, LI(lda), ipiv, b, LI(ldb));
  return hermitian ? LAPACKE_zhesv(LAPACK_COL_MAJOR, uplo, LI(n), LI(nrhs), ZP(a), LI(lda), ipiv, ZP(b), LI(ldb))
                   : LAPACKE_zsysv(LAPACK_COL_MAJOR, uplo, LI(n), LI(nrhs), ZP(a), LI(lda), ipiv, ZP(b), LI(ldb));
}

int ndi_la_qr_q(nd_dtype t, int64_t m, int64_t n, void *a, int64_t lda, void *tau, void *r,
                int64_t ldr) {
  int64_t k = m < n ? m : n;
  lapack_int info = cplx(t) ? LAPACKE_zgeqrf(LAPACK_COL_MAJOR, LI(m), LI(n), ZP(a), LI(lda), ZP(tau))
                            : LAPACKE_dgeqrf(LAPACK_COL_MAJOR, LI(m), LI(n), a, LI(lda), tau);
  if (info) return info;
  if (r) {
    size_t es = cplx(t) ? 16 : 8;
    for (int64_t j = 0; j < n; j++)
      for (int64_t i = 0; i < k; i++) {
        char *dst = (char *)r + (size_t)(j * ldr + i) * es;
        const char *src = (const char *)a + (size_t)(j * lda + i) * es;
        for (size_t b = 0; b < es; b++) dst[b] = i <= j ? src[b] : 0;
      }
  }
  return cplx(t) ? LAPACKE_zungqr(LAPACK_COL_MAJOR, LI(m), LI(k), LI(k), ZP(a), LI(lda), CZP(tau))
                 : LAPACKE_dorgqr(LAPACK_COL_MAJOR, LI(m), LI(k), LI(k), a, LI(lda), tau);
}

int ndi_la_syevr(nd_dtype t, char jobz, char range, char uplo, int64_t n, void *a, int64_t lda,
                 double vl, double vu, int64_t il, int64_t iu, int64_t *found, double *w,
                 void *z, int64_t ldz, lapack_int *isuppz) {
  /* the safe minimum as abstol: eigenvalues to high relative accuracy (LAPACK's advice) */
  const double abstol = LAPACKE_dlamch('S');
  lapack_int m = 0, info;
  if (cplx(t))
    info = LAPACKE_zheevr(LAPACK_COL_MAJOR, jobz, range, uplo, LI(n), ZP(a), LI(lda), vl, vu, LI(il), LI(iu),
                          abstol, &m, w, ZP(z), LI(ldz), isuppz);
  else
    info = LAPACKE_dsyevr(LAPACK_COL_MAJOR, jobz, range, uplo, LI(n), a, LI(lda), vl, vu, LI(il), LI(iu), abstol,
                          &m, w, z, LI(ldz), isuppz);
  *found = m;
  return info;
}

int ndi_la_syevd(nd_dtype t, char jobz, char uplo, int64_t n, void *a, int64_t lda, double *w) {
  return cplx(t) ? LAPACKE_zheevd(LAPACK_COL_MAJOR, jobz, uplo, LI(n), ZP(a), LI(lda), w)
                 : LAPACKE_dsyevd(LAPACK_COL_MAJOR, jobz, uplo, LI(n), a, LI(lda), w);
}

int ndi_la_sygvd(nd_dtype t, int itype, char jobz, char uplo, int64_t n, void *a, int64_t lda,
                 void *b, int64_t ldb, double *w) {
  return cplx(t) ? LAPACKE_zhegvd(LAPACK_COL_MAJOR, itype, jobz, uplo, LI(n), ZP(a), LI(lda), ZP(b), LI(ldb), w)
                 : LAPACKE_dsygvd(LAPACK_COL_MAJOR, itype, jobz, uplo, LI(n), a, LI(lda), b, LI(ldb), w);
}

int ndi_la_sygst(nd_dtype t, int itype, char uplo, int64_t n, void *a, int64_t lda,
                 const void *b, int64_t ldb) {
  return cplx(t) ? LAPACKE_zhegst(LAPACK_COL_MAJOR, itype, uplo, LI(n), ZP(a), LI(lda), CZP(b), LI(ldb))
                 : LAPACKE_dsygst(LAPACK_COL_MAJOR, itype, uplo, LI(n), a, LI(lda), b, LI(ldb));
}
