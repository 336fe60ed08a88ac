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
  bool acc; /* C += op(A) B (beta = 1) instead of C = op(A) B */
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

/* A product with a vector in it (gemm_vector.c): y = M x (M r x k) through gemv, or a
 * dot product (dot: x from A's row, y from B's column), for one batch element. Strides in
 * elements; what BLAS cannot take (zero or too large increments, a matrix it cannot
 * address) is packed at the given offsets of the per-thread work buffer. */
typedef struct ndi_la_vec {
  bool dot, from_b;    /* dot product; M = B^T and x = A's row (m == 1), else M = A */
  bool row;            /* M^T stored row-major (else column-major), leading dimension ld */
  bool conj, conj_out; /* ConjTrans (or conjugated dot); conjugate y after the call */
  bool pack_m, pack_x, pack_y;
  int64_t r, k, es, ld;
  int64_t mrs, mcs, xs, ys;
  size_t m_off, x_off, y_off;
} ndi_la_vec;

/* Whether g (float or complex, m or n equal to 1, k > 1) is such a product; fills v and
 * adds the bytes of work it needs per thread to *work. */
bool ndi_la_vec_plan(const ndi_la_gemm *g, ndi_la_vec *v, size_t *work);
/* One batch element: a, b, c point at its element [0,0] of A, B, C; acc adds the product
 * to C instead of writing it. */
void ndi_la_vec_run(const ndi_la_gemm *g, const ndi_la_vec *v, const char *a, const char *b,
                    char *c, char *work, bool acc);
/* k == 1 without conjugation: C = A B as one elementwise pass over the whole batch. */
nd_status ndi_la_outer_run(const ndi_la_gemm *g);

#endif
