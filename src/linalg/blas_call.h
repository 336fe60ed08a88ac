/* Internal to the BLAS layer: the decided form of one BLAS matrix product. */
#ifndef NDI_LINALG_BLAS_CALL_H
#define NDI_LINALG_BLAS_CALL_H

#include "blas.h"

/* True if BLAS can address the r x c matrix with element strides (rs, cs) in row-major
 * (row) or column-major order; *ld gets the leading dimension. */
bool ndi_la_addressable(int64_t r, int64_t c, int64_t rs, int64_t cs, bool row, int64_t *ld);

/* A product in BLAS's terms: C's order, transpose flags and leading dimensions. ta means
 * A is stored in the other order (passed transposed; conjugate-transposed if conj_a). */
typedef struct ndi_la_blas_op {
  nd_dtype dtype;
  int64_t elsize;
  bool row, ta, tb, conj_a;
  int64_t lda, ldb, ldc;
} ndi_la_blas_op;

/* C = op(A) B through cblas_?gemm, in blocks when an extent exceeds BLAS's int. */
void ndi_la_blas_gemm(const ndi_la_blas_op *p, int64_t m, int64_t n, int64_t k, const char *a,
                      const char *b, char *c);
/* The same in calls whose inner extent is at most kmax (partial products accumulate). */
void ndi_la_blas_gemm_kblocks(const ndi_la_blas_op *p, int64_t m, int64_t n, int64_t k,
                              int64_t kmax, const char *a, const char *b, char *c);

/* Skinny products split along k (gemm_ksplit.c): is it worth it for m x n x k, and the
 * product itself (g's operands addressable by BLAS as p says, one batch element, k > 1). */
bool ndi_la_ksplit_wanted(int64_t m, int64_t n, int64_t k);
nd_status ndi_la_gemm_ksplit(const char *op, const ndi_la_blas_op *p, const ndi_la_gemm *g);

#endif
