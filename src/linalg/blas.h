/* The BLAS layer: matrix products over CBLAS (OpenBLAS) for strided operands, batched
 * over any number of broadcast batch axes, and control of BLAS's own threads.
 *
 * A strided matrix goes to BLAS as it is whenever one of its two strides is 1 and the
 * other is a valid leading dimension (C, F and transposed views, slices of them); only a
 * matrix BLAS cannot address (negative, zero or two non-unit strides) is packed, one
 * batch element at a time into a per-thread buffer, so a broadcast (stride-0) batch
 * operand is never materialised. */
#ifndef NDI_LINALG_BLAS_H
#define NDI_LINALG_BLAS_H

#include <stdbool.h>
#include <stdint.h>

#include "nd/types.h"

/* One operand of a batched product: element [0,0] of batch element 0, the row and
 * column strides, one stride per batch axis and one per summed axis (A and B only), all
 * in elements. */
typedef struct ndi_la_mat {
  char *data;
  int64_t rs, cs;
  int64_t bs[ND_MAX_DIMS];
  int64_t ss[ND_MAX_DIMS];
} ndi_la_mat;

/* C[b..., m, n] = op(A)[b..., m, k] B[b..., k, n] for every index b of bshape. C is
 * written, never read (no accumulation), and must not overlap A or B; its batch strides
 * must not be 0 where the extent is above 1. op conjugates A when conj_a is set.
 * With summed axes (nsd > 0, float and complex dtypes only): C[b...] = sum over s of
 * op(A)[b..., s...] B[b..., s...], the "looped product" of a contraction whose summed
 * labels do not walk as one axis: each s is a product at A's and B's s strides,
 * accumulated into C (BLAS's beta = 1), so neither operand is copied whole. */
typedef struct ndi_la_gemm {
  nd_dtype dtype;
  int nbd, nsd;
  int64_t bshape[ND_MAX_DIMS], sshape[ND_MAX_DIMS];
  int64_t m, n, k;
  ndi_la_mat a, b, c;
  bool conj_a;
  bool c_float32; /* float16 or bfloat16 A and B with a float32 C (the mixed-precision
                   * product); otherwise C has dtype too */
} ndi_la_gemm;

/* Runs the product: k = 0 writes zeros without calling BLAS; integer and bool dtypes use
 * nd's blocked kernel, small float matrices the direct kernel, the 16-bit floats
 * ndi_la_gemm_half, others BLAS. Batches run in
 * parallel with BLAS single-threaded inside; a single large product uses BLAS's threads.
 * Fails only on allocation failure (message naming op). g is modified (batch axes
 * simplified). */
nd_status ndi_la_gemm_run(const char *op, ndi_la_gemm *g);
/* The products of float16 and bfloat16 (gemm_half.c), which ndi_la_gemm_run hands over
 * once the batch axes are simplified and nothing is empty: float32 accumulation, on
 * vdpbf16ps for bfloat16 where the CPU has it; C rounded once, or float32 (c_float32). */
nd_status ndi_la_gemm_half(const char *op, ndi_la_gemm *g);

/* BLAS threads: ndi_la_blas_serial_begin() makes BLAS single-threaded (for calls inside
 * nd's parallel regions) and returns the previous count for ndi_la_blas_restore();
 * ndi_la_blas_parallel_begin() lets BLAS use nd's thread count (1 inside a parallel
 * region). ndi_la_blas_begin(nt, work) picks between them for a batch run on nt threads
 * whose single calls cost `work` multiply-adds: BLAS's threads only for one call of at
 * least NDI_LA_BLAS_THREADED_MIN, and only while no other user thread is inside one of
 * these sections or a pool region. The count is the calling thread's own where OpenBLAS follows OpenMP
 * (see blas.c). All only change the count when it differs; every begin needs its
 * restore. */
#define NDI_LA_BLAS_THREADED_MIN ((int64_t)1 << 21)
int ndi_la_blas_serial_begin(void);
int ndi_la_blas_parallel_begin(void);
int ndi_la_blas_begin(int nt, double work);
void ndi_la_blas_restore(int prev);
/* The thread count this thread's last ndi_la_blas_parallel_begin() gave BLAS: 1 when
 * another user thread was inside nd's threaded work then (pool.h, ndi_callers_enter),
 * for tests. */
int ndi_la_blas_granted(void);

#endif
