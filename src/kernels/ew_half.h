/* Elementwise loops of float16 and bfloat16's own (ew_half.c), for the kernel tables of
 * ew_arith.c and ew_round.c. The 16-bit floats have no other loops: the frontend computes
 * every other function in float32 and rounds once (ops/ufunc.c). */
#ifndef NDI_EW_HALF_H
#define NDI_EW_HALF_H

#include "loop.h"

#define NDI_EW_HALF_KERNELS(X) X(add) X(subtract) X(multiply) X(divide) X(nextafter)
#define NDI_EW_HALF_DECLARE(name) \
  void ndi_half_##name##_f16(char *const *p, const int64_t *s, int64_t n, void *ctx); \
  void ndi_half_##name##_bf16(char *const *p, const int64_t *s, int64_t n, void *ctx);
NDI_EW_HALF_KERNELS(NDI_EW_HALF_DECLARE)
#undef NDI_EW_HALF_DECLARE
/* float16 only (NumPy's float16 loops return the first of equal values; bfloat16 takes
 * the float32 loops, which return the second, as ml_dtypes) */
void ndi_half_maximum_f16(char *const *p, const int64_t *s, int64_t n, void *ctx);
void ndi_half_minimum_f16(char *const *p, const int64_t *s, int64_t n, void *ctx);

/* The table entries of a function with its own 16-bit loops. */
#define NDI_HALF_ENTRIES(name) \
  [ND_FLOAT16] = ndi_half_##name##_f16, [ND_BFLOAT16] = ndi_half_##name##_bf16,

#endif
