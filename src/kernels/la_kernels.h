/* Elementwise and reduction loops private to linear algebra (outer products, cross
 * products, traces and norms). */
#ifndef NDI_KERNELS_LA_H
#define NDI_KERNELS_LA_H

#include "loop.h"

/* out = a * b: ptrs {out, a, b}, one loop per dtype (la_mul.c). */
extern const ndi_loop_fn ndi_la_mul_loops[ND_NUM_DTYPES];

/* Sum of n elements at byte stride s into *out: int64 for bool and signed integers,
 * uint64 for unsigned ones, the input dtype for float and complex (NumPy's pairwise
 * summation; la_sum.c). */
typedef void (*ndi_la_sum_fn)(const char *x, int64_t n, int64_t s, void *out);
extern const ndi_la_sum_fn ndi_la_sum[ND_NUM_DTYPES];
/* NumPy's pairwise sum of a contiguous float64 vector. */
double ndi_la_pairwise_f64(const double *x, int64_t n);

/* Cross products of vectors along one axis: ptrs {out, a, b}; ctx is an
 * ndi_la_cross_ctx (component strides, vector lengths 2 or 3; la_cross.c). */
typedef struct ndi_la_cross_ctx {
  int64_t so, sa, sb; /* byte strides between components */
  int na, nb;         /* 2 or 3 components (2: z is 0; both 2: out is the z component) */
} ndi_la_cross_ctx;
extern const ndi_loop_fn ndi_la_cross_loops[ND_NUM_DTYPES];

#endif
