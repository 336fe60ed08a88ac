/* PCG64: seeding, jumps ahead and the multi-stretch bulk fill (see pcg64.h). */
#include "pcg64.h"

#include <stddef.h>

void ndi_pcg64_seed(ndi_pcg64 *g, ndi_u128 initstate, ndi_u128 initseq) {
  g->inc = (initseq << 1) | 1u;
  g->state = 0;
  g->state = g->state * NDI_PCG64_MULT + g->inc;
  g->state += initstate;
  g->state = g->state * NDI_PCG64_MULT + g->inc;
  g->has_uint32 = 0;
  g->uinteger = 0;
}

/* Square and multiply over the affine maps x -> a x + c (Brown, "Random number generation
 * with arbitrary strides", 1994): `step` is the map of 2^k steps, `acc` the composition of
 * the maps of the bits of delta seen so far. */
ndi_pcg64_jump ndi_pcg64_jump_for(ndi_u128 inc, ndi_u128 delta) {
  ndi_pcg64_jump acc = {1, 0}, step = {NDI_PCG64_MULT, inc};
  while (delta) {
    if (delta & 1u) {
      acc.mult *= step.mult;
      acc.plus = acc.plus * step.mult + step.plus;
    }
    step.plus *= step.mult + 1u; /* two steps of x -> a x + c: a^2 x + (a + 1) c */
    step.mult *= step.mult;
    delta >>= 1;
  }
  return acc;
}

void ndi_pcg64_advance(ndi_pcg64 *g, ndi_u128 delta) {
  g->state = ndi_pcg64_jump_apply(ndi_pcg64_jump_for(g->inc, delta), g->state);
}

/* Stretches run side by side: independent LCG chains overlap the latency of the 128-bit
 * product (about 5 cycles per step on one chain); three keep every state in registers on
 * x86-64 (a fourth spills them, measured slower), and bring a draw from 1.63 to 1.28 ns on
 * the 2-core AMD EPYC this was tuned on (three 64-bit products per step bound it there). */
enum { LANES = 3, STRETCH = NDI_PCG64_ROUND / LANES };

/* The bulk loop behind both fills: 64-bit outputs into o64 (split == 0), or each output's
 * low then high half into o32 (the order of NumPy's 32-bit draws). Inlined into each fill
 * with `split` constant, so the choice costs nothing per draw. */
static inline void put(int split, uint64_t *o64, uint32_t *o32, int64_t i, uint64_t x) {
  if (!split) {
    o64[i] = x;
  } else {
    o32[2 * i] = (uint32_t)x;
    o32[2 * i + 1] = (uint32_t)(x >> 32);
  }
}

static inline void fill_lanes(ndi_pcg64 *g, int split, uint64_t *o64, uint32_t *o32,
                              int64_t m) {
  const ndi_u128 inc = g->inc;
  int64_t done = 0;
  if (m >= NDI_PCG64_ROUND) {
    const ndi_pcg64_jump j = ndi_pcg64_jump_for(inc, STRETCH);
    for (; m - done >= NDI_PCG64_ROUND; done += NDI_PCG64_ROUND) {
      ndi_u128 s0 = g->state;
      ndi_u128 s1 = ndi_pcg64_jump_apply(j, s0);
      ndi_u128 s2 = ndi_pcg64_jump_apply(j, s1);
      for (int i = 0; i < STRETCH; i++) {
        s0 = s0 * NDI_PCG64_MULT + inc;
        s1 = s1 * NDI_PCG64_MULT + inc;
        s2 = s2 * NDI_PCG64_MULT + inc;
        put(split, o64, o32, done + i, ndi_pcg64_output(s0));
        put(split, o64, o32, done + STRETCH + i, ndi_pcg64_output(s1));
        put(split, o64, o32, done + 2 * STRETCH + i, ndi_pcg64_output(s2));
      }
      g->state = s2;
    }
  }
  for (; done < m; done++) put(split, o64, o32, done, ndi_pcg64_next64(g));
}

void ndi_pcg64_fill64(ndi_pcg64 *g, uint64_t *out, int64_t m) { fill_lanes(g, 0, out, NULL, m); }

void ndi_pcg64_fill32(ndi_pcg64 *g, uint32_t *out, int64_t m) { fill_lanes(g, 1, NULL, out, m); }
