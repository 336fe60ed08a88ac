/* The BLACS, PBLAS and ScaLAPACK routines nd_mpi calls, declared here because Debian
 * ships no C header for them (the one file that knows their calling conventions).
 *
 * Conventions of the Fortran interface (LP64 build, as Debian's libscalapack-openmpi):
 * every argument is passed by address; INTEGER is a C int; matrices are column-major with
 * a 9-integer descriptor (DTYPE=1, CTXT, M, N, MB, NB, RSRC, CSRC, LLD); indices are
 * 1-based. A CHARACTER argument ('N', 'L', ...) adds a hidden length argument, passed by
 * value after all the others in the order of the CHARACTER arguments (gfortran uses
 * size_t). The PBLAS routines (p?gemm, p?tran) are written in C behind the same Fortran
 * interface and ignore the lengths; they are passed anyway so that every CHARACTER call
 * looks the same. p?gemr2d is C with Fortran-style pointer arguments and no CHARACTER.
 *
 * Floating-point arrays and scalars are declared void *, so that the four precisions (s:
 * float, d: double, c: float complex, z: double complex) fit one table of function
 * pointers (scalapack.c); the dtype a routine reads is in its name. */
#ifndef NDM_MPI_SCALAPACK_H
#define NDM_MPI_SCALAPACK_H

#include <stddef.h>

#include <mpi.h>

/* ---- BLACS (C interface) --------------------------------------------------------- */

int Csys2blacs_handle(MPI_Comm comm);
void Cfree_blacs_system_handle(int handle);
void Cblacs_gridinit(int *context, const char *order, int nprow, int npcol);
void Cblacs_gridmap(int *context, int *usermap, int ldumap, int nprow, int npcol);
void Cblacs_gridinfo(int context, int *nprow, int *npcol, int *myrow, int *mycol);
void Cblacs_gridexit(int context);

/* ---- declarations, one macro per family, instantiated for s, d, c, z --------------- */

#define NDM_SL_EACH(M) M(s) M(d) M(c) M(z)
#define NDM_SL_EACH_REAL(M) M(s) M(d)
#define NDM_SL_EACH_COMPLEX(M) M(c) M(z)

/* C = alpha op(A) op(B) + beta C */
#define NDM_SL_GEMM(x)                                                                    \
  void p##x##gemm_(const char *transa, const char *transb, const int *m, const int *n,    \
                   const int *k, const void *alpha, const void *a, const int *ia,         \
                   const int *ja, const int *desca, const void *b, const int *ib,         \
                   const int *jb, const int *descb, const void *beta, void *c,            \
                   const int *ic, const int *jc, const int *descc, size_t ltransa,        \
                   size_t ltransb);
/* C = beta C + alpha A^T (p?tran, p?tranu) or alpha A^H (p?tranc) */
#define NDM_SL_TRAN_SIG(name)                                                             \
  void name(const int *m, const int *n, const void *alpha, const void *a, const int *ia,  \
            const int *ja, const int *desca, const void *beta, void *c, const int *ic,    \
            const int *jc, const int *descc);
#define NDM_SL_TRAN_REAL(x) NDM_SL_TRAN_SIG(p##x##tran_)
#define NDM_SL_TRAN_COMPLEX(x) NDM_SL_TRAN_SIG(p##x##tranu_) NDM_SL_TRAN_SIG(p##x##tranc_)
/* B(ib:, jb:) = A(ia:, ja:) between any two distributions; ictxt spans both grids */
#define NDM_SL_GEMR2D(x)                                                                  \
  void p##x##gemr2d_(const int *m, const int *n, const void *a, const int *ia,            \
                     const int *ja, const int *desca, void *b, const int *ib,             \
                     const int *jb, const int *descb, const int *ictxt);
/* LU with partial pivoting and solve */
#define NDM_SL_GESV(x)                                                                    \
  void p##x##gesv_(const int *n, const int *nrhs, void *a, const int *ia, const int *ja,  \
                   const int *desca, int *ipiv, void *b, const int *ib, const int *jb,    \
                   const int *descb, int *info);
#define NDM_SL_GETRF(x)                                                                   \
  void p##x##getrf_(const int *m, const int *n, void *a, const int *ia, const int *ja,    \
                    const int *desca, int *ipiv, int *info);
#define NDM_SL_GETRI(x)                                                                   \
  void p##x##getri_(const int *n, void *a, const int *ia, const int *ja,                  \
                    const int *desca, const int *ipiv, void *work, const int *lwork,      \
                    int *iwork, const int *liwork, int *info);
#define NDM_SL_POTRF(x)                                                                   \
  void p##x##potrf_(const char *uplo, const int *n, void *a, const int *ia,               \
                    const int *ja, const int *desca, int *info, size_t luplo);
#define NDM_SL_GEQRF(x)                                                                   \
  void p##x##geqrf_(const int *m, const int *n, void *a, const int *ia, const int *ja,    \
                    const int *desca, void *tau, void *work, const int *lwork, int *info);
/* the explicit Q of a QR factorisation: p?orgqr (real), p?ungqr (complex) */
#define NDM_SL_ORGQR_SIG(name)                                                            \
  void name(const int *m, const int *n, const int *k, void *a, const int *ia,             \
            const int *ja, const int *desca, const void *tau, void *work,                 \
            const int *lwork, int *info);
#define NDM_SL_ORGQR(x) NDM_SL_ORGQR_SIG(p##x##orgqr_)
#define NDM_SL_UNGQR(x) NDM_SL_ORGQR_SIG(p##x##ungqr_)
/* symmetric / Hermitian eigensolvers: divide and conquer (vectors) and QR (values) */
#define NDM_SL_SYEVD(x)                                                                   \
  void p##x##syevd_(const char *jobz, const char *uplo, const int *n, void *a,            \
                    const int *ia, const int *ja, const int *desca, void *w, void *z,     \
                    const int *iz, const int *jz, const int *descz, void *work,           \
                    const int *lwork, int *iwork, const int *liwork, int *info,           \
                    size_t ljobz, size_t luplo);
#define NDM_SL_HEEVD(x)                                                                   \
  void p##x##heevd_(const char *jobz, const char *uplo, const int *n, void *a,            \
                    const int *ia, const int *ja, const int *desca, void *w, void *z,     \
                    const int *iz, const int *jz, const int *descz, void *work,           \
                    const int *lwork, void *rwork, const int *lrwork, int *iwork,         \
                    const int *liwork, int *info, size_t ljobz, size_t luplo);
#define NDM_SL_SYEV(x)                                                                    \
  void p##x##syev_(const char *jobz, const char *uplo, const int *n, void *a,             \
                   const int *ia, const int *ja, const int *desca, void *w, void *z,      \
                   const int *iz, const int *jz, const int *descz, void *work,            \
                   const int *lwork, int *info, size_t ljobz, size_t luplo);
#define NDM_SL_HEEV(x)                                                                    \
  void p##x##heev_(const char *jobz, const char *uplo, const int *n, void *a,             \
                   const int *ia, const int *ja, const int *desca, void *w, void *z,      \
                   const int *iz, const int *jz, const int *descz, void *work,            \
                   const int *lwork, void *rwork, const int *lrwork, int *info,           \
                   size_t ljobz, size_t luplo);
/* selected eigenvalues (and vectors) by MRRR: range 'A', 'V' ([VL, VU]) or 'I' (IL..IU,
 * 1-based); VL and VU are of the real component type; M (found) and NZ (vectors) are
 * global outputs */
#define NDM_SL_SYEVR(x)                                                                   \
  void p##x##syevr_(const char *jobz, const char *range, const char *uplo, const int *n,  \
                    void *a, const int *ia, const int *ja, const int *desca,              \
                    const void *vl, const void *vu, const int *il, const int *iu, int *m, \
                    int *nz, void *w, void *z, const int *iz, const int *jz,              \
                    const int *descz, void *work, const int *lwork, int *iwork,           \
                    const int *liwork, int *info, size_t ljobz, size_t lrange,            \
                    size_t luplo);
#define NDM_SL_HEEVR(x)                                                                   \
  void p##x##heevr_(const char *jobz, const char *range, const char *uplo, const int *n,  \
                    void *a, const int *ia, const int *ja, const int *desca,              \
                    const void *vl, const void *vu, const int *il, const int *iu, int *m, \
                    int *nz, void *w, void *z, const int *iz, const int *jz,              \
                    const int *descz, void *work, const int *lwork, void *rwork,          \
                    const int *lrwork, int *iwork, const int *liwork, int *info,          \
                    size_t ljobz, size_t lrange, size_t luplo);
/* reduction of a generalized symmetric-definite problem to a standard one with the
 * Cholesky factor of b: p?sygst (real), p?hegst (complex); SCALE of the real type */
#define NDM_SL_SYGST_SIG(name)                                                            \
  void name(const int *ibtype, const char *uplo, const int *n, void *a, const int *ia,    \
            const int *ja, const int *desca, const void *b, const int *ib, const int *jb, \
            const int *descb, void *scale, int *info, size_t luplo);
#define NDM_SL_SYGST(x) NDM_SL_SYGST_SIG(p##x##sygst_)
#define NDM_SL_HEGST(x) NDM_SL_SYGST_SIG(p##x##hegst_)
/* B = alpha op(A)^-1 B (p?trsm) and B = alpha op(A) B (p?trmm), A triangular, side 'L' */
#define NDM_SL_TRSM_SIG(name)                                                             \
  void name(const char *side, const char *uplo, const char *transa, const char *diag,     \
            const int *m, const int *n, const void *alpha, const void *a, const int *ia,  \
            const int *ja, const int *desca, void *b, const int *ib, const int *jb,       \
            const int *descb, size_t lside, size_t luplo, size_t ltransa, size_t ldiag);
#define NDM_SL_TRSM(x) NDM_SL_TRSM_SIG(p##x##trsm_) NDM_SL_TRSM_SIG(p##x##trmm_)
/* SVD; the complex routines take a real workspace as well */
#define NDM_SL_GESVD_REAL(x)                                                              \
  void p##x##gesvd_(const char *jobu, const char *jobvt, const int *m, const int *n,      \
                    void *a, const int *ia, const int *ja, const int *desca, void *s,     \
                    void *u, const int *iu, const int *ju, const int *descu, void *vt,    \
                    const int *ivt, const int *jvt, const int *descvt, void *work,        \
                    const int *lwork, int *info, size_t ljobu, size_t ljobvt);
#define NDM_SL_GESVD_COMPLEX(x)                                                           \
  void p##x##gesvd_(const char *jobu, const char *jobvt, const int *m, const int *n,      \
                    void *a, const int *ia, const int *ja, const int *desca, void *s,     \
                    void *u, const int *iu, const int *ju, const int *descu, void *vt,    \
                    const int *ivt, const int *jvt, const int *descvt, void *work,        \
                    const int *lwork, void *rwork, int *info, size_t ljobu,               \
                    size_t ljobvt);
/* matrix norms ('F', '1', 'I', 'M'): REAL functions for s and c, DOUBLE PRECISION for
 * d and z; the result is the same on every process of the grid */
#define NDM_SL_LANGE_SIG(ret, name)                                                       \
  ret name(const char *norm, const int *m, const int *n, const void *a, const int *ia,    \
           const int *ja, const int *desca, void *work, size_t lnorm);
/* A = beta on the diagonal, alpha off it, in the triangle uplo ('U', 'L', else all) */
#define NDM_SL_LASET(x)                                                                   \
  void p##x##laset_(const char *uplo, const int *m, const int *n, const void *alpha,      \
                    const void *beta, void *a, const int *ia, const int *ja,              \
                    const int *desca, size_t luplo);
/* B = A in the triangle uplo (or all); A and B distributed alike */
#define NDM_SL_LACPY(x)                                                                   \
  void p##x##lacpy_(const char *uplo, const int *m, const int *n, const void *a,          \
                    const int *ia, const int *ja, const int *desca, void *b,              \
                    const int *ib, const int *jb, const int *descb, size_t luplo);

NDM_SL_EACH(NDM_SL_GEMM)
NDM_SL_EACH_REAL(NDM_SL_TRAN_REAL)
NDM_SL_EACH_COMPLEX(NDM_SL_TRAN_COMPLEX)
NDM_SL_EACH(NDM_SL_GEMR2D)
NDM_SL_EACH(NDM_SL_GESV)
NDM_SL_EACH(NDM_SL_GETRF)
NDM_SL_EACH(NDM_SL_GETRI)
NDM_SL_EACH(NDM_SL_POTRF)
NDM_SL_EACH(NDM_SL_GEQRF)
NDM_SL_EACH_REAL(NDM_SL_ORGQR)
NDM_SL_EACH_COMPLEX(NDM_SL_UNGQR)
NDM_SL_EACH_REAL(NDM_SL_SYEVD)
NDM_SL_EACH_COMPLEX(NDM_SL_HEEVD)
NDM_SL_EACH_REAL(NDM_SL_SYEV)
NDM_SL_EACH_COMPLEX(NDM_SL_HEEV)
NDM_SL_EACH_REAL(NDM_SL_SYEVR)
NDM_SL_EACH_COMPLEX(NDM_SL_HEEVR)
NDM_SL_EACH_REAL(NDM_SL_SYGST)
NDM_SL_EACH_COMPLEX(NDM_SL_HEGST)
NDM_SL_EACH(NDM_SL_TRSM)
NDM_SL_EACH_REAL(NDM_SL_GESVD_REAL)
NDM_SL_EACH_COMPLEX(NDM_SL_GESVD_COMPLEX)
NDM_SL_LANGE_SIG(float, pslange_)
NDM_SL_LANGE_SIG(double, pdlange_)
NDM_SL_LANGE_SIG(float, pclange_)
NDM_SL_LANGE_SIG(double, pzlange_)
NDM_SL_EACH(NDM_SL_LASET)
NDM_SL_EACH(NDM_SL_LACPY)

#endif
