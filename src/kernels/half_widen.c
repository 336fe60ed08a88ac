/* Dense runs of a one-input 16-bit function computed by half_fast.c's polynomials, or in
 * float32 blocks (see half_widen.h). The polynomials give the table's bits (half_fast.c
 * says why). In blocks: a block of inputs widened into a buffer in L1, the function's own float32
 * loop over it, the results rounded back into the output. The run conversions give the
 * bits of the scalar ones, and nd's float32 loops give an element the same bits wherever
 * a block begins or ends (vmath.h), so every result equals the table's entry, which was
 * filled by the same three steps. */
#include "half_widen.h"

#include "ew_loops.h"
#include "half_convert.h"
#include "half_table.h"
#include "vmath.h"

/* 512 elements: 2 KiB of float32 beside 1 KiB blocks of input and output, well inside L1,
 * and long enough that each call's fixed work in the float32 loop does not count. */
enum { BLOCK = 512 };

void ndi_half_widen_loop(char *const *p, const int64_t *s, int64_t n, void *ctx) {
  const ndi_half_unary *u = ((const ndi_ew_ctx *)ctx)->data;
  if (s[0] == 2 && s[1] == 2 &&
      ndi_half_fast(u->fast, u->bf16, (uint16_t *)p[0], (const uint16_t *)p[1], n, u->table))
    return;
  /* nd's plain-C float32 kernels (level 1: no AVX2 with FMA) give some NaNs other signs
   * and quieting than its vector kernels, so a table filled on one level would not match
   * blocks computed on the other: there, and for strided data, the table is read. */
  if (s[0] != 2 || s[1] != 2 || !u->f32 || ndi_vmath_level() < 2) {
    ndi_ew_ctx lookup = {0, u->table};
    ndi_half_table_loop(p, s, n, &lookup);
    return;
  }
  uint16_t *o = (uint16_t *)p[0];
  const uint16_t *x = (const uint16_t *)p[1];
  _Alignas(64) float buf[BLOCK];
  char *const bp[2] = {(char *)buf, (char *)buf};
  const int64_t bs[2] = {sizeof(float), sizeof(float)};
  for (int64_t i = 0; i < n; i += BLOCK) {
    int64_t m = n - i < BLOCK ? n - i : BLOCK;
    if (u->bf16)
      ndi_bf16_to_f32_n(buf, x + i, m);
    else
      ndi_f16_to_f32_n(buf, x + i, m);
    ndi_ew_ctx inner = {0};
    u->f32(bp, bs, m, &inner);
    if (u->bf16)
      ndi_f32_to_bf16_n(o + i, buf, m);
    else
      ndi_f32_to_f16_n(o + i, buf, m);
  }
}
