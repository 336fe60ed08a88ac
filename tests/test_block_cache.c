/* The cache of freed large blocks (core/block_cache.c) behind ndi_aligned_alloc: its
 * default limit follows the physical memory, a freed block of huge-page size (handed to
 * the cache lazily freed) comes back for the next request of its size with every byte
 * writable and readable, and the arrays built on reused blocks compute as on fresh
 * ones. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/alloc.h"
#include "core/block_cache.h"
#include "helpers.h"

static void default_limit_follows_memory(void **state) {
  (void)state;
  if (getenv("ND_ALLOC_CACHE_MB")) skip();
  size_t want = (size_t)512 << 20;
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  if (pages > 0 && page > 0 && (size_t)pages / 8 * (size_t)page > want)
    want = (size_t)pages / 8 * (size_t)page;
  assert_int_equal(ndi_block_cache_limit(), want);
}

/* 8 MiB: huge-page aligned, lazily freed when cached. */
static void freed_block_is_reused_whole(void **state) {
  (void)state;
  size_t n = (size_t)8 << 20;
  if (ndi_block_cache_limit() < 2 * n) skip();
  unsigned char *p = ndi_aligned_alloc(n);
  assert_non_null(p);
  assert_int_equal((uintptr_t)p % NDI_ALIGN, 0);
  memset(p, 0xA5, n);
  ndi_aligned_free(p, n);
  unsigned char *q = ndi_aligned_alloc(n);
  assert_non_null(q);
  assert_ptr_equal(q, p); /* the newest cached block that fits */
  for (size_t i = 0; i < n; i += 4096) q[i] = (unsigned char)(i >> 12);
  q[n - 1] = 7;
  for (size_t i = 0; i < n; i += 4096) assert_int_equal(q[i], (unsigned char)(i >> 12));
  assert_int_equal(q[n - 1], 7);
  ndi_aligned_free(q, n);
}

/* Arrays of 1M float64 (8 MiB) made and released in a loop: each on the block the last
 * one freed, each result exact. */
static void arrays_on_reused_blocks(void **state) {
  (void)state;
  nd_array *a = nd_arange(ND_FLOAT64, 0, 1 << 20, 1);
  assert_non_null(a);
  for (int r = 0; r < 4; r++) {
    nd_array *b = nd_add(a, a);
    assert_non_null(b);
    const double *d = nd_data(b);
    for (int64_t i = 0; i < (1 << 20); i += 4099) assert_true(d[i] == 2.0 * (double)i);
    assert_true(d[(1 << 20) - 1] == 2.0 * (double)((1 << 20) - 1));
    nd_release(b);
  }
  nd_release(a);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(default_limit_follows_memory),
      cmocka_unit_test(freed_block_is_reused_whole),
      cmocka_unit_test(arrays_on_reused_blocks),
  };
  return TH_RUN(tests);
}
