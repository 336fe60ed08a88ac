/* Cross products as NumPy's cross computes them: for 3-vectors
 * (a1 b2 - a2 b1, a2 b0 - a0 b2, a0 b1 - a1 b0); a 2-vector has z = 0 (NumPy's rule,
 * deprecated there but still supported), and two 2-vectors give the z component only.
 * Integers wrap. No bool loop: NumPy refuses boolean subtraction, and so does the
 * frontend. */
#include "core/dtype_list.h"
#include "la_arith.h"
#include "la_kernels.h"

#define AT(T, p, s, i) (*(const T *)((p) + (i) * (s)))

#define CROSS_LOOP(E, SFX, T, K, NAME, ...)                                                  \
  static void cross_##SFX(char *const *p, const int64_t *s, int64_t n, void *ctx) {          \
    const ndi_la_cross_ctx *c = ctx;                                                         \
    char *o = p[0];                                                                          \
    const char *a = p[1], *b = p[2];                                                         \
    for (int64_t i = 0; i < n; i++, o += s[0], a += s[1], b += s[2]) {                       \
      T a0 = AT(T, a, c->sa, 0), a1 = AT(T, a, c->sa, 1), b0 = AT(T, b, c->sb, 0),           \
        b1 = AT(T, b, c->sb, 1);                                                             \
      T z = NDI_LA_SUB(K, T, NDI_LA_MUL(K, T, a0, b1), NDI_LA_MUL(K, T, a1, b0));            \
      if (c->na == 2 && c->nb == 2) {                                                        \
        *(T *)o = z;                                                                         \
        continue;                                                                            \
      }                                                                                      \
      T x, y;                                                                                \
      if (c->na == 3 && c->nb == 3) {                                                        \
        T a2 = AT(T, a, c->sa, 2), b2 = AT(T, b, c->sb, 2);                                  \
        x = NDI_LA_SUB(K, T, NDI_LA_MUL(K, T, a1, b2), NDI_LA_MUL(K, T, a2, b1));            \
        y = NDI_LA_SUB(K, T, NDI_LA_MUL(K, T, a2, b0), NDI_LA_MUL(K, T, a0, b2));            \
      } else if (c->na == 2) {                                                               \
        T b2 = AT(T, b, c->sb, 2);                                                           \
        x = NDI_LA_MUL(K, T, a1, b2);                                                        \
        y = NDI_LA_NEG(K, T, NDI_LA_MUL(K, T, a0, b2));                                \
      } else {                                                                               \
        T a2 = AT(T, a, c->sa, 2);                                                           \
        x = NDI_LA_NEG(K, T, NDI_LA_MUL(K, T, a2, b1));                                \
        y = NDI_LA_MUL(K, T, a2, b0);                                                        \
      }                                                                                      \
      *(T *)o = x;                                                                           \
      *(T *)(o + c->so) = y;                                                                 \
      *(T *)(o + 2 * c->so) = z;                                                             \
    }                                                                                        \
  }
#define CROSS_DEF_b(E, SFX, T, K)
#define CROSS_DEF_i(E, SFX, T, K) CROSS_LOOP(E, SFX, T, K, )
#define CROSS_DEF_u(E, SFX, T, K) CROSS_LOOP(E, SFX, T, K, )
#define CROSS_DEF_f(E, SFX, T, K) CROSS_LOOP(E, SFX, T, K, )
#define CROSS_DEF_c(E, SFX, T, K) CROSS_LOOP(E, SFX, T, K, )
#define CROSS_DEF(E, SFX, T, K, NAME, ...) CROSS_DEF_##K(E, SFX, T, K)
NDI_DTYPES(CROSS_DEF)

#define CROSS_ENTRY_b(E, SFX)
#define CROSS_ENTRY_i(E, SFX) [E] = cross_##SFX,
#define CROSS_ENTRY_u(E, SFX) [E] = cross_##SFX,
#define CROSS_ENTRY_f(E, SFX) [E] = cross_##SFX,
#define CROSS_ENTRY_c(E, SFX) [E] = cross_##SFX,
#define CROSS_ENTRY(E, SFX, T, K, ...) CROSS_ENTRY_##K(E, SFX)
const ndi_loop_fn ndi_la_cross_loops[ND_NUM_DTYPES] = {NDI_DTYPES(CROSS_ENTRY)};
