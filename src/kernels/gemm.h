/* Matrix-product kernels that nd runs itself instead of calling BLAS: a direct kernel for
 * small float and complex matrices (where one BLAS call per matrix of a batch costs more
 * than the arithmetic), and a cache-blocked kernel for integer and bool matrices, which
 * BLAS does not offer. Both take any element strides (zero and negative included). */
#ifndef NDI_KERNELS_GEMM_H
#define NDI_KERNELS_GEMM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nd/types.h"

/* Largest m, n and k the small kernel takes. */
#define NDI_GEMM_SMALL 16

/* C[m,n] = op(A)[m,k] B[k,n]; strides in elements; op is conjugation when conj_a is set
 * (complex only). C must not overlap A or B. */
typedef struct ndi_gemm_args {
  int64_t m, n, k;
  const char *a;
  int64_t ars, acs;
  const char *b;
  int64_t brs, bcs;
  char *c;
  int64_t crs, ccs;
  bool conj_a;
} ndi_gemm_args;

typedef void (*ndi_gemm_fn)(const ndi_gemm_args *g, void *work);

/* Small kernels for float32/64 and complex64/128 (NULL for other dtypes); need no work. */
extern const ndi_gemm_fn ndi_gemm_small[ND_NUM_DTYPES];
/* Blocked kernels for bool and integer dtypes (NULL for others). Integer products wrap
 * modulo 2^bits as NumPy's do; bool is the logical or of ands. */
extern const ndi_gemm_fn ndi_gemm_int[ND_NUM_DTYPES];
/* Bytes of work memory ndi_gemm_int needs (one block of each operand). */
size_t ndi_gemm_int_work(void);

/* float64 C = A B for A contiguous along m (ars == 1), B along n (bcs == 1) and C's rows
 * contiguous (ccs == 1); conj_a is ignored. The outer-product form of a skinny product's
 * chunk (see gemm_outer.c), used where ndi_cpu_level() >= 3 (AVX-512). */
void ndi_gemm_outer_f64(const ndi_gemm_args *g);

#endif
