/* NumPy's SeedSequence (bit_generator.pyx): how a seed and a spawn key become the 128-bit
 * state and increment of PCG64, so that nd_rng_new(seed) starts where
 * np.random.default_rng(seed) starts and nd_rng_spawn gives Generator.spawn's children. */
#ifndef NDI_RANDOM_SEED_SEQUENCE_H
#define NDI_RANDOM_SEED_SEQUENCE_H

#include <stdint.h>

#include "pcg64.h"

/* Words of the default entropy pool (128 bits). */
#define NDI_SEED_POOL 4

typedef struct ndi_seed_seq {
  uint32_t *entropy;  /* the seed as 32-bit words, least significant first */
  int64_t n_entropy;
  uint32_t *key;      /* the spawn key, each element as its 32-bit words */
  int64_t n_key;
  uint64_t n_spawned; /* children spawned so far: the next child's key element */
} ndi_seed_seq;

/* A Python int's 32-bit words as SeedSequence splits it: least significant first, no
 * leading zero words, one word for 0. Writes at most 2 words into w; returns the count. */
int ndi_seed_words(uint64_t v, uint32_t w[2]);

/* Mixes entropy and spawn key into the pool and draws PCG64's seed from it: four uint64
 * words (generate_state(4, uint64)), the first two the initial state (high, low), the
 * last two the stream selector. */
void ndi_seed_seq_pcg64(const ndi_seed_seq *s, ndi_pcg64 *g);

#endif
