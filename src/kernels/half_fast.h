/* float16 and bfloat16 exp and log of dense runs computed in float32 vector registers by
 * polynomials of their own, each result checked to round as nd's float32 kernel's does and
 * read from the function's table where that is not certain (half_fast.c): the table's bits,
 * at a fraction of the cost of a lookup or of nd's float32 kernels. */
#ifndef NDI_HALF_FAST_H
#define NDI_HALF_FAST_H

#include <stdbool.h>
#include <stdint.h>

typedef enum { NDI_HALF_FAST_NONE, NDI_HALF_FAST_EXP, NDI_HALF_FAST_LOG } ndi_half_fast_fn;

/* o[i] = table[x[i]] for n dense elements, computed so; false (nothing written) where the
 * CPU lacks AVX-512 (F, BW, VL) or fn is NONE. table: the function's ndi_half_table. */
bool ndi_half_fast(ndi_half_fast_fn fn, bool bf16, uint16_t *o, const uint16_t *x, int64_t n,
                   const uint16_t *table);

#endif
