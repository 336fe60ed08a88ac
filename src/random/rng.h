/* The generator object behind nd_rng: a PCG64 state and the SeedSequence it came from
 * (kept for nd_rng_spawn). */
#ifndef NDI_RANDOM_RNG_H
#define NDI_RANDOM_RNG_H

#include "nd/random.h"
#include "pcg64.h"
#include "seed_sequence.h"

struct nd_rng {
  ndi_pcg64 bits;
  ndi_seed_seq seq;
};

#endif
