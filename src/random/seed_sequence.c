/* SeedSequence: entropy -> pool (hashmix/mix), pool -> state words. The constants are
 * NumPy's; they fix the streams, so they are facts to match, not choices. */
#include "seed_sequence.h"

#include <string.h>

/* Hash multiplier seeds and steps while mixing entropy into the pool (A) and while
 * drawing state words from it (B); the mixing function's multipliers; half a word. */
static const uint32_t INIT_A = 0x43b0d7e5u, MULT_A = 0x931e8875u;
static const uint32_t INIT_B = 0x8b51f9ddu, MULT_B = 0x58f38dedu;
static const uint32_t MIX_MULT_L = 0xca01f9ddu, MIX_MULT_R = 0x4973f715u;
enum { XSHIFT = 16 };

int ndi_seed_words(uint64_t v, uint32_t w[2]) {
  w[0] = (uint32_t)v;
  w[1] = (uint32_t)(v >> 32);
  return w[1] ? 2 : 1;
}

/* One word through the running hash; the multiplier moves on with every call. */
static uint32_t hashmix(uint32_t value, uint32_t *hash_const) {
  value ^= *hash_const;
  *hash_const *= MULT_A;
  value *= *hash_const;
  value ^= value >> XSHIFT;
  return value;
}

static uint32_t mix(uint32_t x, uint32_t y) {
  uint32_t r = MIX_MULT_L * x - MIX_MULT_R * y;
  return r ^ (r >> XSHIFT);
}

/* Word i of the assembled entropy: the seed words, padded with zeros to the pool size
 * when a spawn key follows (so that a key never aliases a longer seed), then the key. */
static uint32_t assembled_word(const ndi_seed_seq *s, int64_t i, int64_t run_len) {
  if (i < s->n_entropy) return s->entropy[i];
  if (i < run_len) return 0;
  return s->key[i - run_len];
}

void ndi_seed_seq_pcg64(const ndi_seed_seq *s, ndi_pcg64 *g) {
  int64_t run_len = s->n_entropy;
  if (s->n_key > 0 && run_len < NDI_SEED_POOL) run_len = NDI_SEED_POOL;
  const int64_t n = run_len + s->n_key;

  uint32_t pool[NDI_SEED_POOL];
  uint32_t hc = INIT_A;
  for (int i = 0; i < NDI_SEED_POOL; i++)
    pool[i] = hashmix(i < n ? assembled_word(s, i, run_len) : 0u, &hc);
  for (int src = 0; src < NDI_SEED_POOL; src++)
    for (int dst = 0; dst < NDI_SEED_POOL; dst++)
      if (src != dst) pool[dst] = mix(pool[dst], hashmix(pool[src], &hc));
  for (int64_t src = NDI_SEED_POOL; src < n; src++)
    for (int dst = 0; dst < NDI_SEED_POOL; dst++)
      pool[dst] = mix(pool[dst], hashmix(assembled_word(s, src, run_len), &hc));

  /* generate_state(4, uint64): eight 32-bit words cycling over the pool, paired little
   * end first. */
  uint64_t w64[4];
  uint32_t hb = INIT_B;
  for (int i = 0; i < 8; i++) {
    uint32_t v = pool[i % NDI_SEED_POOL];
    v ^= hb;
    hb *= MULT_B;
    v *= hb;
    v ^= v >> XSHIFT;
    if (i % 2 == 0)
      w64[i / 2] = v;
    else
      w64[i / 2] |= (uint64_t)v << 32;
  }
  ndi_u128 initstate = ((ndi_u128)w64[0] << 64) | w64[1];
  ndi_u128 initseq = ((ndi_u128)w64[2] << 64) | w64[3];
  ndi_pcg64_seed(g, initstate, initseq);
}
