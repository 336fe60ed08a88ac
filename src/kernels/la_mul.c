/* Elementwise products out = a * b for the outer products of linear algebra (outer,
 * kron, tensordot over no axes, einsum terms without a summed index), computed as NumPy's
 * einsum computes them: the plain complex formula, unfused on every instruction set
 * (la_arith.h). ptrs[0] is the output, ptrs[1] and ptrs[2]
 * the factors (strides may be 0). */
#include "core/dtype_list.h"
#include "la_arith.h"
#include "la_kernels.h"

#define MUL_LOOP(E, SFX, T, K, NAME, ...)                                                   \
  NDI_HOT static void mul_##SFX(char *const *p, const int64_t *s, int64_t n, void *ctx) {   \
    (void)ctx;                                                                              \
    char *o = p[0];                                                                         \
    const char *a = p[1], *b = p[2];                                                        \
    for (int64_t i = 0; i < n; i++, o += s[0], a += s[1], b += s[2])                        \
      *(T *)o = NDI_LA_MUL(K, T, *(const T *)a, *(const T *)b);                             \
  }
NDI_DTYPES(MUL_LOOP)

#define MUL_ENTRY(E, SFX, ...) [E] = mul_##SFX,
const ndi_loop_fn ndi_la_mul_loops[ND_NUM_DTYPES] = {NDI_DTYPES(MUL_ENTRY)};
