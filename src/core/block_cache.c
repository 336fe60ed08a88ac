/* Freed large blocks kept for the next allocation of about the same size.
 *
 * A large block freed to the C library goes back to the kernel (glibc maps blocks of this
 * size separately), and the next array of the same size pays for fresh pages: the kernel
 * zeroes every page on first touch, which costs more than an elementwise pass over the
 * array. Code that makes arrays in a loop (allocating a + b, a chain of temporaries, a
 * batched matmul) then runs at a fraction of the memory bandwidth. Keeping the last few
 * freed blocks and handing one back when a request fits avoids that. The cache holds at
 * most CACHE_SLOTS blocks and ND_ALLOC_CACHE_MB megabytes (environment, read once; 0
 * turns it off), evicting the oldest block first. The default is an eighth of the
 * physical memory, at least 512 MiB. With a fixed 512 MiB, no 600 MB array (93^4 float64,
 * the CCSD update's W_vvvv and its terms) was ever kept: each update made four fresh ones,
 * and each cost 0.1-1 s of page faults (zeroing, and compaction for the huge pages)
 * against 40-120 ms for the subtraction that filled it; the update keeps three such
 * blocks in flight. Blocks of huge-page size come to the cache lazily freed (alloc.c), so
 * the kernel may still take their memory back when it runs short. */
#include "block_cache.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#endif

/* A CCSD update over 93 virtual orbitals frees dozens of 30 MB temporaries between the
 * 600 MB ones of one update and those of the next: with 8 slots the older 600 MB blocks
 * were evicted by the small ones, and each update page-faulted 1300-2000 times (2.69-2.75
 * s); with 32, 0-160 times (2.60-2.71 s). The memory limit is the same either way. */
#define CACHE_SLOTS 32
#define DEFAULT_CAP_MB 512

typedef struct {
  void *block;
  size_t bytes;
} slot;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static slot slots[CACHE_SLOTS]; /* slots[0] the newest; used ones first */
static int used;
static size_t held, cap;
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* An eighth of the physical memory, at least DEFAULT_CAP_MB. */
static size_t default_cap(void) {
  size_t c = (size_t)DEFAULT_CAP_MB << 20;
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGESIZE)
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  if (pages > 0 && page > 0 && (size_t)pages / 8 > c / (size_t)page)
    c = (size_t)pages / 8 * (size_t)page;
#endif
  return c;
}

static void read_cap(void) {
  const char *e = getenv("ND_ALLOC_CACHE_MB");
  char *end;
  long long mb = e ? strtoll(e, &end, 10) : -1;
  if (e && (end == e || *end)) mb = -1;
  cap = mb < 0 ? default_cap() : (size_t)mb << 20;
}

size_t ndi_block_cache_limit(void) {
  pthread_once(&once, read_cap);
  return cap;
}

void *ndi_block_cache_take(size_t bytes) {
  pthread_once(&once, read_cap);
  if (cap == 0) return NULL;
  void *r = NULL;
  pthread_mutex_lock(&lock);
  /* the newest block that fits and wastes at most a quarter of itself */
  for (int i = 0; i < used; i++) {
    if (slots[i].bytes >= bytes && slots[i].bytes - bytes <= slots[i].bytes / 4) {
      r = slots[i].block;
      held -= slots[i].bytes;
      for (int j = i; j + 1 < used; j++) slots[j] = slots[j + 1];
      used--;
      break;
    }
  }
  pthread_mutex_unlock(&lock);
  return r;
}

bool ndi_block_cache_put(void *block, size_t bytes) {
  pthread_once(&once, read_cap);
  if (bytes > cap / 2) return false; /* one block may not crowd out the rest */
  void *evicted[CACHE_SLOTS];
  int nev = 0;
  pthread_mutex_lock(&lock);
  while (used > 0 && (used == CACHE_SLOTS || held + bytes > cap)) {
    used--;
    held -= slots[used].bytes;
    evicted[nev++] = slots[used].block;
  }
  for (int j = used; j > 0; j--) slots[j] = slots[j - 1];
  slots[0] = (slot){block, bytes};
  used++;
  held += bytes;
  pthread_mutex_unlock(&lock);
  for (int i = 0; i < nev; i++) free(evicted[i]);
  return true;
}
