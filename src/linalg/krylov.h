/* The subspace machinery of the iterative eigensolvers (nd/iterative.h): the state a run
 * shares between the frontend (eigsh.c) and the methods (lanczos.c, davidson.c), and the
 * basis operations both methods are made of (krylov.c): applying the operator to a block,
 * orthonormalising a block against the basis, the Rayleigh-Ritz step, rotating the basis
 * onto Ritz vectors at a restart.
 *
 * Vectors live in column-major blocks of the working dtype (float64 or complex128) with
 * leading dimension n: a basis is an F-ordered [n, columns] nd array, so a block of its
 * columns is itself an F-contiguous [n, b] array (what the operator gets, as a view).
 * Projected matrices (H = V^H A V, Ritz vectors S) are small column-major buffers. Both
 * methods find the lowest eigenpairs of sign * A (sign -1 for the highest of A). */
#ifndef NDI_LINALG_KRYLOV_H
#define NDI_LINALG_KRYLOV_H

#include <stdbool.h>
#include <stdint.h>

#include "nd/iterative.h"
#include "nd/random.h"
#include "nd/types.h"

typedef struct ndi_ks {
  const char *op;     /* the public name errors carry: "eigsh" */
  const nd_linop *A;
  int64_t n, k;
  int64_t b;          /* vectors per application (the block) */
  int64_t m;          /* basis vectors kept before a restart */
  int64_t maxiter;    /* most applications of A */
  nd_dtype ct;        /* working dtype: ND_FLOAT64 or ND_COMPLEX128 */
  bool cplx;
  size_t es;          /* bytes per element of ct */
  double sign;        /* +1: the lowest of A; -1: the highest (as the lowest of -A) */
  double tol;         /* relative residual tolerance */
  double herm_tol;    /* relative asymmetry of V^H A V still taken for rounding */
  double anorm;       /* the largest |Ritz value| seen: the estimate of ||A|| */
  const double *diag; /* sign * Re diag(A) (n values), or NULL */
  const nd_array *v0; /* the caller's start vectors, or NULL */
  nd_rng *rng;        /* random start and refill vectors */
  nd_array *xs, *ys;  /* [n, max(b, k)] blocks in the operator's dtype, when that is not ct */
  char *scratch;      /* (m + b) x max(b, k) elements: projection coefficients */
  char *panel;        /* rows x (m + b) elements: row panels of a basis rotation */
  int64_t panel_rows;
  double *res;        /* k residual norms (relative) of the latest iteration */
  int64_t nconv;      /* how many of the k wanted pairs had converged at the latest check */
  /* counters for nd_eigsh_info */
  int64_t iters, matvecs, restarts;
  nd_eigsh_method method;
} ndi_ks;

/* The methods: on success X (an F-ordered [n, k] array of dtype ct) holds the k lowest
 * eigenvectors of sign * A as unit columns and theta their eigenvalues, ascending. */
nd_status ndi_ks_lanczos(ndi_ks *s, nd_array *X, double *theta);
nd_status ndi_ks_davidson(ndi_ks *s, nd_array *X, double *theta);

/* Column j of a column-major block with leading dimension n. */
static inline char *ndi_ks_col(const ndi_ks *s, char *base, int64_t j) {
  return base + (size_t)j * (size_t)s->n * s->es;
}

/* Y[:, 0:b] = sign * A X[:, 0:b], where X and Y are columns x0 and y0 of the F-ordered
 * [n, *] arrays xa and ya (of dtype ct; the operator sees views of them, or copies in its
 * own dtype). Counts the iteration; fails with the operator's status, or on a result with
 * infinities or NaNs. */
nd_status ndi_ks_apply(ndi_ks *s, nd_array *xa, int64_t x0, nd_array *ya, int64_t y0, int64_t b);

/* The b columns X = V[:, j : j + b] (right after the first j, in the same F-ordered
 * basis array V), orthonormalised against V[:, 0:j] and each other (block classical
 * Gram-Schmidt twice against V, then column by column, with a third pass where a column
 * lost more than half its norm). A column whose remainder is at most `drop` times its
 * norm on entry is dependent: with `refill` it is replaced by a random vector
 * orthonormalised likewise (none if the space is exhausted); without, it is dropped. The
 * new columns are compacted to V[:, j : j + q]; returns q, or -1 on failure (message set).
 * coef (ldc >= j, may be NULL) receives V[:, 0:j]^H X on entry (b columns); R (ldr >= b,
 * may be NULL) the coefficients of X on the new columns (q x b: X = V coef + Q R up to
 * the dropped remainders). */
int64_t ndi_ks_orthonormalize(ndi_ks *s, nd_array *V, int64_t j, int64_t b, char *coef,
                              int64_t ldc, char *R, int64_t ldr, double drop, bool refill);

/* Fills V[:, j : j + b] with the start block (the caller's v0 in the first columns, random
 * ones after) and orthonormalises it; returns the columns made (b unless n is smaller), or
 * -1 on failure. */
int64_t ndi_ks_start(ndi_ks *s, nd_array *V, int64_t b);

/* Eigenvalues (ascending, into theta) and eigenvectors (S, nb x nb, ld nb) of the
 * Hermitian nb x nb matrix H (ld ldh; both triangles stored and equal). */
nd_status ndi_ks_ritz(ndi_ks *s, const char *H, int64_t ldh, int64_t nb, double *theta, char *S);

/* The largest |H[i, j] - conj(H[j, i])| for j in [c0, c1), i in [0, c1), and H made
 * Hermitian there (both entries set to their mean). Fails (ND_ERR_LINALG) when that
 * asymmetry exceeds herm_tol times the scale of the operator (anorm, or the largest
 * entry seen when anorm is still 0). */
nd_status ndi_ks_hermitian(ndi_ks *s, char *H, int64_t ldh, int64_t c0, int64_t c1);

/* V[:, 0:p] = V[:, 0:nb] S[:, 0:p] in place (row panel by row panel), V F-ordered. */
void ndi_ks_rotate(ndi_ks *s, nd_array *V, int64_t nb, const char *S, int64_t lds, int64_t p);

/* BLAS's threads for one call of `work` multiply-adds (ndi_la_blas_begin: threads only
 * for a call of at least NDI_LA_BLAS_THREADED_MIN): most calls here are small (a basis of
 * tens of vectors, projected matrices of its order), and OpenBLAS's threads, spinning
 * between small calls, made a run on a busy machine 90 times slower (0.63 s on one
 * thread, 55 s on two: Lanczos on a ring of 1000 sites). Returns what ndi_ks_blas_end
 * restores. */
int ndi_ks_blas_begin(double work);
void ndi_ks_blas_end(int prev);

/* C (ldc) = alpha op(A) B + beta C with op(A) = A^H when conj_a, else A (m x n result,
 * inner extent k), in the working dtype. */
void ndi_ks_gemm(const ndi_ks *s, bool conj_a, int64_t m, int64_t n, int64_t k, double alpha,
                 const char *A, int64_t lda, const char *B, int64_t ldb, double beta, char *C,
                 int64_t ldc);
/* 2-norm of the n-vector x. */
double ndi_ks_norm(const ndi_ks *s, const char *x, int64_t n);
/* x *= alpha for n elements. */
void ndi_ks_scale(const ndi_ks *s, char *x, int64_t n, double alpha);

/* R[:, i] -= theta[i] X[:, i] for i < kk (R holding A X: the residuals of the Ritz
 * pairs), and norms[i] = ||R[:, i]||. R and X: kk columns, ld n. */
void ndi_ks_residuals(const ndi_ks *s, char *R, const char *X, const double *theta, int64_t kk,
                      double *norms);

/* How many columns a restart keeps: (m + k) / 2, at least k, leaving room for two more
 * blocks. */
int64_t ndi_ks_keep(const ndi_ks *s);

/* Records the convergence of the wanted pairs: res[i] = est[i] / anorm (0 when anorm is
 * 0) for i < min(k, avail); returns whether all k are at most `tol`. */
bool ndi_ks_converged(ndi_ks *s, const double *est, int64_t avail, double tol);

/* The failure after maxiter applications (or when the space is exhausted short of the
 * tolerance): ND_ERR_LINALG, naming the method, the iterations and the residuals. */
nd_status ndi_ks_no_convergence(ndi_ks *s);

#endif
