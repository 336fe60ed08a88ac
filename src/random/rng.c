/* Creating, spawning and freeing generators. */
#include "rng.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/random.h>
#endif

#include "nd/core.h"
#include "nd/toolkit.h"

/* A generator over the SeedSequence with these entropy and spawn-key words (copied). */
static nd_rng *rng_make(const char *op, const uint32_t *entropy, int64_t n_entropy,
                        const uint32_t *key, int64_t n_key) {
  nd_rng *g = nd_malloc(sizeof *g);
  if (g) memset(g, 0, sizeof *g);
  uint32_t *words = nd_malloc((size_t)(n_entropy + n_key) * sizeof(uint32_t));
  if (!g || !words) {
    nd_free(g);
    nd_free(words);
    nd_out_of_memory(op, sizeof *g + (size_t)(n_entropy + n_key) * sizeof(uint32_t));
    return NULL;
  }
  memcpy(words, entropy, (size_t)n_entropy * sizeof(uint32_t));
  if (n_key) memcpy(words + n_entropy, key, (size_t)n_key * sizeof(uint32_t));
  g->seq.entropy = words;
  g->seq.n_entropy = n_entropy;
  g->seq.key = words + n_entropy;
  g->seq.n_key = n_key;
  g->seq.n_spawned = 0;
  ndi_seed_seq_pcg64(&g->seq, &g->bits);
  return g;
}

nd_rng *nd_rng_new(uint64_t seed) {
  uint32_t w[2];
  int n = ndi_seed_words(seed, w);
  return rng_make("rng_new", w, n, NULL, 0);
}

/* Fills buf from the OS: getrandom(2), else /dev/urandom. */
static int os_entropy(void *buf, size_t n) {
  size_t got = 0;
#if defined(__linux__)
  while (got < n) {
    ssize_t r = getrandom((char *)buf + got, n - got, 0);
    if (r < 0) {
      if (errno == EINTR) continue;
      break;
    }
    got += (size_t)r;
  }
  if (got == n) return 0;
#endif
  int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  got = 0;
  while (got < n) {
    ssize_t r = read(fd, (char *)buf + got, n - got);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    got += (size_t)r;
  }
  close(fd);
  return got == n ? 0 : -1;
}

nd_rng *nd_rng_from_entropy(void) {
  /* SeedSequence() draws a 128-bit integer (pool size x 32 bits); as an int its words
   * lose their leading zeros. */
  uint32_t w[NDI_SEED_POOL];
  if (os_entropy(w, sizeof w) != 0) {
    nd_set_error(ND_ERR_IO, "rng_from_entropy: cannot read entropy from the OS (getrandom and /dev/urandom failed: %s)",
                 strerror(errno));
    return NULL;
  }
  int n = NDI_SEED_POOL;
  while (n > 1 && w[n - 1] == 0) n--;
  return rng_make("rng_from_entropy", w, n, NULL, 0);
}

nd_status nd_rng_spawn(nd_rng *parent, int n, nd_rng **children) {
  static const char *op = "rng_spawn";
  if (!parent) return nd_null_arg(op, "parent");
  if (n < 0) return nd_set_error(ND_ERR_VALUE, "%s: n must be >= 0 (got %d)", op, n);
  if (n == 0) return ND_OK;
  if (!children) return nd_null_arg(op, "children");
  const ndi_seed_seq *s = &parent->seq;
  /* A child's key is the parent's plus one element, the child's number. */
  uint32_t *key = nd_malloc((size_t)(s->n_key + 2) * sizeof(uint32_t));
  if (!key) return nd_out_of_memory(op, (size_t)(s->n_key + 2) * sizeof(uint32_t));
  if (s->n_key) memcpy(key, s->key, (size_t)s->n_key * sizeof(uint32_t));
  for (int i = 0; i < n; i++) {
    int nw = ndi_seed_words(s->n_spawned + (uint64_t)i, key + s->n_key);
    children[i] = rng_make(op, s->entropy, s->n_entropy, key, s->n_key + nw);
    if (!children[i]) {
      for (int j = 0; j < i; j++) {
        nd_rng_free(children[j]);
        children[j] = NULL;
      }
      nd_free(key);
      return ND_ERR_NOMEM;
    }
  }
  nd_free(key);
  parent->seq.n_spawned += (uint64_t)n;
  return ND_OK;
}

void nd_rng_free(nd_rng *g) {
  if (!g) return;
  nd_free(g->seq.entropy);
  nd_free(g);
}
