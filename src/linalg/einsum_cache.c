/* The einsum plan cache (einsum.h): programs call einsum with the same subscripts and
 * shapes over and over (every iteration of a CCSD solver, every sweep of a tensor
 * network), and planning a 30-operand network cost 2 ms of a 2.7 ms call. The last
 * CACHE_SLOTS plans are kept, keyed by the bytes of everything the plan depends on (the
 * subscripts, the search mode, each operand's shape and strides), and the least recently
 * used is replaced. One lock guards the table; planning happens outside it. */
#include <pthread.h>
#include <string.h>

#include "core/alloc.h"
#include "einsum.h"

#define CACHE_SLOTS 64

typedef struct {
  uint64_t hash, used;
  size_t len;
  int npairs;
  unsigned char *key; /* len bytes, then npairs * 2 ints */
} slot;

static struct {
  pthread_mutex_t lock;
  uint64_t clock;
  slot s[CACHE_SLOTS];
} cache = {PTHREAD_MUTEX_INITIALIZER, 0, {{0}}};

static uint64_t fnv1a(const unsigned char *p, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

bool ndi_einsum_cache_get(const void *key, size_t len, int *pairs, int npairs) {
  uint64_t h = fnv1a(key, len);
  bool hit = false;
  pthread_mutex_lock(&cache.lock);
  for (int i = 0; i < CACHE_SLOTS && !hit; i++) {
    slot *e = &cache.s[i];
    if (e->key && e->hash == h && e->len == len && e->npairs == npairs &&
        memcmp(e->key, key, len) == 0) {
      memcpy(pairs, e->key + len, sizeof(int) * 2 * (size_t)npairs);
      e->used = ++cache.clock;
      hit = true;
    }
  }
  pthread_mutex_unlock(&cache.lock);
  return hit;
}

void ndi_einsum_cache_put(const void *key, size_t len, const int *pairs, int npairs) {
  size_t bytes = len + sizeof(int) * 2 * (size_t)npairs;
  unsigned char *copy = ndi_malloc(bytes);
  if (!copy) return; /* not cached: the next call plans again */
  memcpy(copy, key, len);
  memcpy(copy + len, pairs, sizeof(int) * 2 * (size_t)npairs);
  pthread_mutex_lock(&cache.lock);
  slot *victim = &cache.s[0];
  for (int i = 0; i < CACHE_SLOTS; i++) {
    if (!cache.s[i].key) {
      victim = &cache.s[i];
      break;
    }
    if (cache.s[i].used < victim->used) victim = &cache.s[i];
  }
  unsigned char *old = victim->key;
  *victim = (slot){fnv1a(key, len), ++cache.clock, len, npairs, copy};
  pthread_mutex_unlock(&cache.lock);
  ndi_free(old);
}
