/* Gather and scatter loops: element i of the output comes from (goes to) the source
 * address plus a byte offset read from a third operand, the offsets that an index array
 * was turned into. Elements are moved as whole items of 1, 2, 4, 8 or 16 bytes. */
#include <string.h>

#include "gather.h"

#define MOVE_LOOP(NAME, BYTES, DST, SRC)                                                   \
  static void NAME##_##BYTES(char *const *p, const int64_t *s, int64_t n) {               \
    char *o = p[0];                                                                        \
    const char *x = p[1], *off = p[2];                                                     \
    for (int64_t i = 0; i < n; i++, o += s[0], x += s[1], off += s[2])                     \
      memcpy(DST, SRC, BYTES);                                                             \
  }
#define GATHER_SIZES(X) X(1) X(2) X(4) X(8) X(16)
#define DEFINE_GATHER(B) MOVE_LOOP(gather, B, o, x + *(const int64_t *)off)
#define DEFINE_SCATTER(B) MOVE_LOOP(scatter, B, o + *(const int64_t *)off, x)
GATHER_SIZES(DEFINE_GATHER)
GATHER_SIZES(DEFINE_SCATTER)

static void move_any(char *const *p, const int64_t *s, int64_t n, int64_t es, bool scatter) {
  char *o = p[0];
  const char *x = p[1], *off = p[2];
  for (int64_t i = 0; i < n; i++, o += s[0], x += s[1], off += s[2]) {
    int64_t d = *(const int64_t *)off;
    if (scatter) memcpy(o + d, x, (size_t)es);
    else memcpy(o, x + d, (size_t)es);
  }
}

#define DISPATCH(NAME, es, p, s, n)          \
  switch (es) {                              \
    case 1: NAME##_1(p, s, n); return;       \
    case 2: NAME##_2(p, s, n); return;       \
    case 4: NAME##_4(p, s, n); return;       \
    case 8: NAME##_8(p, s, n); return;       \
    case 16: NAME##_16(p, s, n); return;     \
    default: break;                          \
  }

void ndi_gather_loop(char *const *p, const int64_t *s, int64_t n, void *ctx) {
  int64_t es = *(const int64_t *)ctx;
  if (s[2] == 0 && s[0] == es && s[1] == es) { /* one offset for a contiguous run */
    memcpy(p[0], p[1] + *(const int64_t *)p[2], (size_t)(n * es));
    return;
  }
  DISPATCH(gather, es, p, s, n)
  move_any(p, s, n, es, false);
}

void ndi_scatter_loop(char *const *p, const int64_t *s, int64_t n, void *ctx) {
  int64_t es = *(const int64_t *)ctx;
  if (s[2] == 0 && s[0] == es && s[1] == es) {
    memmove(p[0] + *(const int64_t *)p[2], p[1], (size_t)(n * es));
    return;
  }
  DISPATCH(scatter, es, p, s, n)
  move_any(p, s, n, es, true);
}

/* ---- take through an index vector ------------------------------------------------ */

/* out[i] = src[wrap(idx[i]) * stride]; stops at the first index outside [-extent, extent)
 * (or, unsigned, beyond INT64_MAX) and returns its position. Inlined with a constant es
 * for each item size, so every copy is one move. */
static inline __attribute__((always_inline)) int64_t take_items(char *out, const char *src, int64_t stride,
                                                                int64_t extent, const int64_t *idx,
                                                                int64_t n, int64_t es, bool is_unsigned) {
  for (int64_t i = 0; i < n; i++) {
    int64_t v = idx[i];
    if (v < -extent || v >= extent || (is_unsigned && v < 0)) return i;
    v += v < 0 ? extent : 0;
    memcpy(out + i * es, src + v * stride, (size_t)es);
  }
  return -1;
}

int64_t ndi_take_loop(char *out, const char *src, int64_t stride, int64_t extent,
                      const int64_t *idx, int64_t n, int64_t es, bool is_unsigned) {
  switch (es) {
#define TAKE_CASE(B) \
    case B: return take_items(out, src, stride, extent, idx, n, B, is_unsigned);
    GATHER_SIZES(TAKE_CASE)
#undef TAKE_CASE
    default: return take_items(out, src, stride, extent, idx, n, es, is_unsigned);
  }
}
