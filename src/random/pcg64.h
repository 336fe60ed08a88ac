/* PCG64 (O'Neill's PCG XSL RR 128/64), the bit generator behind NumPy's default_rng, with
 * NumPy's 32-bit draws and its conversions to floating point.
 *
 * The state is a 128-bit LCG, state' = state * MULT + inc (inc odd, fixed per stream). A
 * 64-bit output is taken from the state after the step: the xor of its halves, rotated
 * right by the top 6 bits. A 32-bit draw, as NumPy's PCG64 makes it, takes a fresh 64-bit
 * output, returns its low half and keeps the high half for the next 32-bit draw; 64-bit
 * draws leave that kept half alone. So the stream of 32-bit draws is, per 64-bit output,
 * low half then high half. */
#ifndef NDI_RANDOM_PCG64_H
#define NDI_RANDOM_PCG64_H

#include <stdint.h>

#if !defined(__SIZEOF_INT128__)
#error "nd's random numbers need a compiler with unsigned __int128 (GCC or Clang on 64-bit targets)"
#endif

typedef unsigned __int128 ndi_u128;

typedef struct ndi_pcg64 {
  ndi_u128 state;
  ndi_u128 inc;      /* odd */
  int has_uint32;    /* 1: `uinteger` is the next 32-bit draw */
  uint32_t uinteger; /* high half of the last 64-bit output split for 32-bit draws */
} ndi_pcg64;

/* The LCG's multiplier (PCG's default 128-bit multiplier). */
#define NDI_PCG64_MULT \
  (((ndi_u128)0x2360ED051FC65DA4ULL << 64) | (ndi_u128)0x4385DF649FCCF645ULL)

static inline uint64_t ndi_pcg64_output(ndi_u128 s) {
  uint64_t hi = (uint64_t)(s >> 64), lo = (uint64_t)s;
  unsigned rot = (unsigned)(hi >> 58);
  uint64_t x = hi ^ lo;
  return (x >> rot) | (x << ((64u - rot) & 63u));
}

static inline uint64_t ndi_pcg64_next64(ndi_pcg64 *g) {
  g->state = g->state * NDI_PCG64_MULT + g->inc;
  return ndi_pcg64_output(g->state);
}

static inline uint32_t ndi_pcg64_next32(ndi_pcg64 *g) {
  if (g->has_uint32) {
    g->has_uint32 = 0;
    return g->uinteger;
  }
  uint64_t x = ndi_pcg64_next64(g);
  g->has_uint32 = 1;
  g->uinteger = (uint32_t)(x >> 32);
  return (uint32_t)x;
}

/* [0, 1) from the top 53 bits of a 64-bit draw, and from the top 24 of a 32-bit one. The
 * shifted values fit the signed types, whose conversions are single instructions (and
 * vectorise for float); the results are the same. */
static inline double ndi_u64_to_double(uint64_t x) {
  return (double)(int64_t)(x >> 11) * (1.0 / 9007199254740992.0);
}
static inline float ndi_u32_to_float(uint32_t x) {
  return (float)(int32_t)(x >> 8) * (1.0f / 16777216.0f);
}
static inline double ndi_pcg64_next_double(ndi_pcg64 *g) {
  return ndi_u64_to_double(ndi_pcg64_next64(g));
}
static inline float ndi_pcg64_next_float(ndi_pcg64 *g) {
  return ndi_u32_to_float(ndi_pcg64_next32(g));
}

/* Seeds as PCG's srandom does: inc = 2 * initseq + 1, then state from initstate through
 * two steps. The 32-bit buffer starts empty. */
void ndi_pcg64_seed(ndi_pcg64 *g, ndi_u128 initstate, ndi_u128 initseq);

/* A jump of `delta` steps as one affine map of the state: state' = mult * state + plus.
 * Computing it costs O(log delta) 128-bit products; applying it, one. */
typedef struct ndi_pcg64_jump {
  ndi_u128 mult, plus;
} ndi_pcg64_jump;

ndi_pcg64_jump ndi_pcg64_jump_for(ndi_u128 inc, ndi_u128 delta);
static inline ndi_u128 ndi_pcg64_jump_apply(ndi_pcg64_jump j, ndi_u128 state) {
  return j.mult * state + j.plus;
}
/* Moves the state `delta` 64-bit draws ahead (the 32-bit buffer is left as it is). */
void ndi_pcg64_advance(ndi_pcg64 *g, ndi_u128 delta);

/* Fills out[0..m) with the next m 64-bit outputs, as m calls of ndi_pcg64_next64 would,
 * running several stretches of the stream side by side (each stretch's start is reached by
 * a jump) so that the 128-bit multiplications of different stretches overlap. Rounds of
 * NDI_PCG64_ROUND draws go side by side; the rest of m is drawn one by one. */
#define NDI_PCG64_ROUND 1536
void ndi_pcg64_fill64(ndi_pcg64 *g, uint64_t *out, int64_t m);
/* The same m 64-bit outputs as 2m 32-bit words, each output's low half first: the words
 * 2m calls of ndi_pcg64_next32 would return when no half word is kept at the start. */
void ndi_pcg64_fill32(ndi_pcg64 *g, uint32_t *out, int64_t m);

#endif
