/* The dense paths of a one-input 16-bit function (half_widen.c): dense runs computed by
 * half_fast.h's polynomials (exp, log) on AVX-512 CPUs, or converted to float32 a block at
 * a time, computed by the function's float32 loop and rounded back (sqrt); other strides,
 * and the CPUs where neither applies, read the function's result table (half_table.h).
 * The frontend (ops/ufunc.c) takes them for the functions where they are faster than the
 * lookup. */
#ifndef NDI_HALF_WIDEN_H
#define NDI_HALF_WIDEN_H

#include <stdbool.h>
#include <stdint.h>

#include "half_fast.h"
#include "loop.h"

typedef struct ndi_half_unary {
  const uint16_t *table; /* the function's 65536 results (ndi_half_table) */
  ndi_loop_fn f32;       /* its float32 loop (dense operands, same bits on AVX2 and
                          * AVX-512), or NULL: no widened path */
  bool bf16;             /* bfloat16 (else float16) */
  ndi_half_fast_fn fast; /* dense runs by half_fast.h where the CPU allows, else f32 */
} ndi_half_unary;

/* The loop: o[i] = f(x[i]) for 16-bit o and x, any strides; ctx is an ndi_ew_ctx whose
 * `data` is an ndi_half_unary. */
void ndi_half_widen_loop(char *const *p, const int64_t *s, int64_t n, void *ctx);

#endif
