/* Allocation with an injectable failure for the allocation-failure tests. */
#include "alloc.h"

#include "block_cache.h"

#include <stdatomic.h>
#include <stdlib.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

static _Atomic long fail_countdown = -1; /* < 0: never fail */
static _Atomic long alloc_count = 0;

static int should_fail(void) {
  atomic_fetch_add_explicit(&alloc_count, 1, memory_order_relaxed);
  long c = atomic_load_explicit(&fail_countdown, memory_order_relaxed);
  if (c < 0) return 0;
  /* Only the thread that moves the countdown from 0 to -1 fails. */
  long prev = atomic_fetch_sub(&fail_countdown, 1);
  return prev == 0;
}

long ndi_alloc_fail_after(long n) {
  long ran = atomic_exchange(&alloc_count, 0);
  atomic_store(&fail_countdown, n < 0 ? -1 : n);
  return ran;
}

void *ndi_malloc(size_t n) { return should_fail() ? NULL : malloc(n ? n : 1); }
void *ndi_calloc(size_t count, size_t size) {
  return should_fail() ? NULL : calloc(count ? count : 1, size ? size : 1);
}
void *ndi_realloc(void *p, size_t n) { return should_fail() ? NULL : realloc(p, n ? n : 1); }
void ndi_free(void *p) { free(p); }

/* Blocks from this size on are aligned to 2 MiB and offered to the kernel for transparent
 * huge pages (as NumPy does): large strided copies then miss the TLB far less often, and
 * first-touch page faults drop 512-fold. Freed, they go to the block cache
 * (block_cache.c), so that the next array of their size skips the page faults. */
#define NDI_HUGE_MIN (4u << 20)
#define NDI_HUGE_PAGE (2u << 20)
/* Blocks from this size on go to the block cache too: glibc gives memory of this size back
 * to the kernel when it is freed at the top of the heap, so a loop making such arrays
 * page-faults on every one (a 24^4 float64 tensordot spent half its time so: 1.8 ms
 * against 0.3 ms once the blocks were kept). */
#define NDI_CACHE_MIN (1u << 20)

void *ndi_aligned_alloc(size_t n) {
  if (should_fail()) return NULL;
  size_t align = n >= NDI_HUGE_MIN ? NDI_HUGE_PAGE : NDI_ALIGN;
  size_t rounded = (n + align - 1) / align * align;
  if (rounded < n) return NULL; /* overflow */
  if (rounded >= NDI_CACHE_MIN) {
    void *c = ndi_block_cache_take(rounded);
    if (c) return c;
  }
  void *p = aligned_alloc(align, rounded ? rounded : align);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (p && align == NDI_HUGE_PAGE) madvise(p, rounded, MADV_HUGEPAGE);
#endif
  return p;
}

void ndi_aligned_free(void *p, size_t n) {
  if (!p) return;
  if (n >= NDI_CACHE_MIN) {
    size_t align = n >= NDI_HUGE_MIN ? NDI_HUGE_PAGE : NDI_ALIGN;
    size_t rounded = (n + align - 1) / align * align;
#if defined(__linux__) && defined(MADV_FREE)
    /* Lazily freed before the cache has it (a later madvise could drop the data of the
     * array that takes it): the pages stay mapped, and the next array's writes keep them
     * without a fault, unless the kernel needed the memory and took them meanwhile (they
     * then come back zeroed, as fresh pages would). */
    if (align == NDI_HUGE_PAGE) madvise(p, rounded, MADV_FREE);
#endif
    if (ndi_block_cache_put(p, rounded)) return;
  }
  free(p);
}
