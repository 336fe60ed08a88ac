/* Bounded integers (see bounded.h). Three cases, as in NumPy:
 *  - rng == 0: the one value, no draw;
 *  - rng + 1 a power of two 2^k (the unit's whole range included): Lemire's product of a
 *    draw and 2^k never rejects, so each value is the unit's top k bits and takes exactly
 *    one unit; these run on the fixed-share engine (stream.h), across threads;
 *  - otherwise Lemire's method with rejection, serially: a draw times rng + 1, the high
 *    part is the value unless the low part falls below (2^bits - rng - 1) mod (rng + 1). */
#include "bounded.h"

#include <string.h>

#include "stream.h"

/* ---- one unit per value: off + (unit >> shift) ---------------------------------------- */

static void conv_u64_w8(const ndi_stream *k, const void *draws, int64_t n, char *out) {
  const uint64_t *x = draws;
  uint64_t *o = (uint64_t *)out;
  for (int64_t i = 0; i < n; i++) o[i] = k->off + (x[i] >> k->shift);
}

static void conv_u32_w8(const ndi_stream *k, const void *draws, int64_t n, char *out) {
  const uint32_t *w = draws;
  uint64_t *o = (uint64_t *)out;
  for (int64_t i = 0; i < n; i++) o[i] = k->off + (uint64_t)(w[i] >> k->shift);
}

static void conv_u32_w4(const ndi_stream *k, const void *draws, int64_t n, char *out) {
  const uint32_t *w = draws;
  uint32_t *o = (uint32_t *)out;
  for (int64_t i = 0; i < n; i++) o[i] = (uint32_t)k->off + (w[i] >> k->shift);
}

/* 16-bit units: a word's low half first. */
static void conv_u16_w2(const ndi_stream *k, const void *draws, int64_t n, char *out) {
  const uint32_t *w = draws;
  uint16_t *o = (uint16_t *)out;
  for (int64_t i = 0; i < n; i++)
    for (int j = 0; j < 2; j++)
      o[2 * i + j] = (uint16_t)((uint16_t)k->off + ((uint16_t)(w[i] >> (16 * j)) >> k->shift));
}

/* 8-bit units: a word's bytes from the lowest. */
static void conv_u8_w1(const ndi_stream *k, const void *draws, int64_t n, char *out) {
  const uint32_t *w = draws;
  uint8_t *o = (uint8_t *)out;
  for (int64_t i = 0; i < n; i++)
    for (int j = 0; j < 4; j++)
      o[4 * i + j] = (uint8_t)((uint8_t)k->off + ((uint8_t)(w[i] >> (8 * j)) >> k->shift));
}

/* bool: a word's bits from the lowest (NumPy's bool ignores off: rng 1 means off 0). */
static void conv_bit_w1(const ndi_stream *k, const void *draws, int64_t n, char *out) {
  const uint32_t *w = draws;
  uint8_t *o = (uint8_t *)out;
  for (int64_t i = 0; i < n; i++)
    for (int j = 0; j < 32; j++) o[32 * i + j] = (uint8_t)((w[i] >> j) & 1u);
}

/* ---- Lemire with rejection, serial ------------------------------------------------------ */

static inline uint64_t lemire64(ndi_pcg64 *g, uint64_t rng) {
  const uint64_t excl = rng + 1;
  ndi_u128 m = (ndi_u128)ndi_pcg64_next64(g) * excl;
  uint64_t low = (uint64_t)m;
  if (low < excl) { /* excl bounds the threshold: compute it only when it may matter */
    const uint64_t threshold = (UINT64_MAX - rng) % excl;
    while (low < threshold) {
      m = (ndi_u128)ndi_pcg64_next64(g) * excl;
      low = (uint64_t)m;
    }
  }
  return (uint64_t)(m >> 64);
}

static inline uint32_t lemire32(ndi_pcg64 *g, uint32_t rng) {
  const uint32_t excl = rng + 1;
  uint64_t m = (uint64_t)ndi_pcg64_next32(g) * excl;
  uint32_t low = (uint32_t)m;
  if (low < excl) {
    const uint32_t threshold = (UINT32_MAX - rng) % excl;
    while (low < threshold) {
      m = (uint64_t)ndi_pcg64_next32(g) * excl;
      low = (uint32_t)m;
    }
  }
  return (uint32_t)(m >> 32);
}

/* 16- and 8-bit units come from a 32-bit word kept for the length of one fill (NumPy's
 * bcnt/buf), low bits first. */
typedef struct {
  uint32_t buf;
  int left; /* units still in buf after the current one */
} unit_buffer;

static inline uint32_t next_unit(ndi_pcg64 *g, unit_buffer *b, int bits) {
  if (b->left == 0) {
    b->buf = ndi_pcg64_next32(g);
    b->left = 32 / bits - 1;
  } else {
    b->buf >>= bits;
    b->left--;
  }
  return b->buf & ((1u << bits) - 1u);
}

static inline uint32_t lemire_small(ndi_pcg64 *g, unit_buffer *b, uint32_t rng, int bits) {
  const uint32_t mask = (1u << bits) - 1u, excl = rng + 1;
  uint32_t m = next_unit(g, b, bits) * excl;
  uint32_t low = m & mask;
  if (low < excl) {
    const uint32_t threshold = (mask - rng) % excl;
    while (low < threshold) {
      m = next_unit(g, b, bits) * excl;
      low = m & mask;
    }
  }
  return m >> bits;
}

static void lemire_fill(ndi_pcg64 *g, uint64_t off, uint64_t rng, size_t width, void *out,
                        int64_t n) {
  ndi_pcg64 s = *g;
  unit_buffer b = {0, 0};
  if (width == 8 && rng > UINT32_MAX) {
    uint64_t *o = out;
    for (int64_t i = 0; i < n; i++) o[i] = off + lemire64(&s, rng);
  } else if (width == 8) {
    uint64_t *o = out;
    for (int64_t i = 0; i < n; i++) o[i] = off + lemire32(&s, (uint32_t)rng);
  } else if (width == 4) {
    uint32_t *o = out;
    for (int64_t i = 0; i < n; i++) o[i] = (uint32_t)off + lemire32(&s, (uint32_t)rng);
  } else if (width == 2) {
    uint16_t *o = out;
    for (int64_t i = 0; i < n; i++)
      o[i] = (uint16_t)((uint16_t)off + lemire_small(&s, &b, (uint32_t)rng, 16));
  } else {
    uint8_t *o = out;
    for (int64_t i = 0; i < n; i++)
      o[i] = (uint8_t)((uint8_t)off + lemire_small(&s, &b, (uint32_t)rng, 8));
  }
  *g = s;
}

/* ---- dispatch -------------------------------------------------------------------------- */

static void fill_constant(uint64_t v, size_t width, void *out, int64_t n) {
  for (int64_t i = 0; i < n; i++) {
    char *p = (char *)out + (size_t)i * width;
    switch (width) { /* little or big endian: store the value, not its first bytes */
      case 1: *(uint8_t *)p = (uint8_t)v; break;
      case 2: *(uint16_t *)p = (uint16_t)v; break;
      case 4: *(uint32_t *)p = (uint32_t)v; break;
      default: *(uint64_t *)p = v; break;
    }
  }
}

void ndi_bounded_fill(ndi_pcg64 *g, uint64_t off, uint64_t rng, size_t width, int is_bool,
                      void *out, int64_t n) {
  if (rng == 0) {
    fill_constant(off, width, out, n);
    return;
  }
  if (rng & (rng + 1)) { /* rng + 1 is not a power of two (nor 2^64) */
    lemire_fill(g, off, rng, width, out, n);
    return;
  }
  int k = 64 - __builtin_clzll(rng); /* rng + 1 == 2^k */
  ndi_stream s = {.elsize = width, .off = off};
  if (is_bool) {
    s.per32 = 32, s.conv = conv_bit_w1, s.shift = 0;
  } else if (width == 1) {
    s.per32 = 4, s.conv = conv_u8_w1, s.shift = 8 - k;
  } else if (width == 2) {
    s.per32 = 2, s.conv = conv_u16_w2, s.shift = 16 - k;
  } else if (width == 4) {
    s.per32 = 1, s.conv = conv_u32_w4, s.shift = 32 - k;
  } else if (k <= 32) {
    s.per32 = 1, s.conv = conv_u32_w8, s.shift = 32 - k;
  } else {
    s.per32 = 0, s.conv = conv_u64_w8, s.shift = 64 - k;
  }
  ndi_stream_fill(g, &s, out, n);
}
