/* Bounded integers (see bounded.h). Three cases, as in NumPy:
 *  - rng == 0: the one value, no draw;
 *  - rng + 1 a power of two 2^k (the unit's whole range included): Lemire's product of a
 *    draw and 2^k never rejects, so each value is the unit's top k bits and takes exactly
 *    one unit; these run on the fixed-share engine (stream.h), across threads;
 *  - otherwise Lemire's method with rejection, serially: a draw times rng + 1, the high
 *    part is the value unless the low part falls below (2^bits - rng - 1) mod (rng + 1). */
#include "bounded.h"

#include <string.h>

#include "nd/core.h"
#include "nd/toolkit.h"
#include "stream.h"

/* ---- one unit per value: off + (unit >> shift) ---------------------------------------- */

ND_HOT static void conv_u64_w8(const ndi_stream *k, const void *draws, int64_t n,
                            char *out) {
  const uint64_t *restrict x = draws;
  uint64_t *restrict o = (uint64_t *)out;
  for (int64_t i = 0; i < n; i++) o[i] = k->off + (x[i] >> k->shift);
}

ND_HOT static void conv_u32_w8(const ndi_stream *k, const void *draws, int64_t n,
                            char *out) {
  const uint32_t *restrict w = draws;
  uint64_t *restrict o = (uint64_t *)out;
  for (int64_t i = 0; i < n; i++) o[i] = k->off + (uint64_t)(w[i] >> k->shift);
}

ND_HOT static void conv_u32_w4(const ndi_stream *k, const void *draws, int64_t n,
                            char *out) {
  const uint32_t *restrict w = draws;
  uint32_t *restrict o = (uint32_t *)out;
  for (int64_t i = 0; i < n; i++) o[i] = (uint32_t)k->off + (w[i] >> k->shift);
}

/* 16-bit units: a word's low half first. */
ND_HOT static void conv_u16_w2(const ndi_stream *k, const void *draws, int64_t n,
                            char *out) {
  const uint32_t *restrict w = draws;
  uint16_t *restrict o = (uint16_t *)out;
  for (int64_t i = 0; i < n; i++)
    for (int j = 0; j < 2; j++)
      o[2 * i + j] = (uint16_t)((uint16_t)k->off + ((uint16_t)(w[i] >> (16 * j)) >> k->shift));
}

/* 8-bit units: a word's bytes from the lowest. */
ND_HOT static void conv_u8_w1(const ndi_stream *k, const void *draws, int64_t n,
                            char *out) {
  const uint32_t *restrict w = draws;
  uint8_t *restrict o = (uint8_t *)out;
  for (int64_t i = 0; i < n; i++)
    for (int j = 0; j < 4; j++)
      o[4 * i + j] = (uint8_t)((uint8_t)k->off + ((uint8_t)(w[i] >> (8 * j)) >> k->shift));
}

/* bool: a word's bits from the lowest (NumPy's bool ignores off: rng 1 means off 0). */
ND_HOT static void conv_bit_w1(const ndi_stream *k, const void *draws, int64_t n,
                            char *out) {
  const uint32_t *restrict w = draws;
  uint8_t *restrict o = (uint8_t *)out;
  for (int64_t i = 0; i < n; i++)
    for (int j = 0; j < 32; j++) o[32 * i + j] = (uint8_t)((w[i] >> j) & 1u);
}

/* ---- Lemire with rejection, serial ------------------------------------------------------ */

/* NumPy tests a draw's low part against excl first and computes the threshold only below
 * it; since threshold < excl, a draw is rejected exactly when its low part is below the
 * threshold, so here the threshold is computed once per fill. */

static void lemire64_fill(ndi_pcg64 *g, uint64_t off, uint64_t rng, uint64_t *o, int64_t n) {
  const uint64_t excl = rng + 1, threshold = (UINT64_MAX - rng) % excl;
  ndi_pcg64 s = *g;
  for (int64_t j = 0; j < n; j++) {
    ndi_u128 m;
    do m = (ndi_u128)ndi_pcg64_next64(&s) * excl;
    while ((uint64_t)m < threshold);
    o[j] = off + (uint64_t)(m >> 64);
  }
  *g = s;
}

/* 32-bit draws into 8-byte (int64, uint64) or 4-byte elements. */
static void lemire32_fill8(ndi_pcg64 *g, uint64_t off, uint32_t rng, uint64_t *o, int64_t n) {
  const uint32_t excl = rng + 1, threshold = (UINT32_MAX - rng) % excl;
  ndi_pcg64 s = *g;
  for (int64_t j = 0; j < n; j++) {
    uint64_t m;
    do m = (uint64_t)ndi_pcg64_next32(&s) * excl;
    while ((uint32_t)m < threshold);
    o[j] = off + (m >> 32);
  }
  *g = s;
}

static void lemire32_fill4(ndi_pcg64 *g, uint32_t off, uint32_t rng, uint32_t *o, int64_t n) {
  const uint32_t excl = rng + 1, threshold = (UINT32_MAX - rng) % excl;
  ndi_pcg64 s = *g;
  for (int64_t j = 0; j < n; j++) {
    uint64_t m;
    do m = (uint64_t)ndi_pcg64_next32(&s) * excl;
    while ((uint32_t)m < threshold);
    o[j] = off + (uint32_t)(m >> 32);
  }
  *g = s;
}

/* 16- and 8-bit units come from a 32-bit word kept for the length of one fill (NumPy's
 * bcnt/buf), low bits first; a fill's unused units are dropped with it. These ranges often
 * reject (uint8 in [0, 200): 22% of draws), so the loop has no data-dependent branch: each
 * candidate is stored and the position moves on only when it is accepted (4x faster than a
 * rejection loop that mispredicts). */
static void lemire_small_fill(ndi_pcg64 *g, uint64_t off, uint32_t rng, int bits, void *out,
                              int64_t n) {
  const uint32_t mask = (1u << bits) - 1u, excl = rng + 1, threshold = (mask - rng) % excl;
  const int per_word = 32 / bits;
  ndi_pcg64 s = *g;
  for (int64_t j = 0; j < n;) {
    uint32_t word = ndi_pcg64_next32(&s);
    for (int u = 0; u < per_word && j < n; u++, word >>= bits) {
      uint32_t m = (word & mask) * excl;
      if (bits == 16)
        ((uint16_t *)out)[j] = (uint16_t)((uint16_t)off + (m >> 16));
      else
        ((uint8_t *)out)[j] = (uint8_t)((uint8_t)off + (m >> 8));
      j += (m & mask) >= threshold;
    }
  }
  *g = s;
}

static void lemire_fill(ndi_pcg64 *g, uint64_t off, uint64_t rng, size_t width, void *out,
                        int64_t n) {
  if (width == 8 && rng > UINT32_MAX)
    lemire64_fill(g, off, rng, out, n);
  else if (width == 8)
    lemire32_fill8(g, off, (uint32_t)rng, out, n);
  else if (width == 4)
    lemire32_fill4(g, (uint32_t)off, (uint32_t)rng, out, n);
  else
    lemire_small_fill(g, off, (uint32_t)rng, 8 * (int)width, out, n);
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
