/* Shared checks for the fuzz harnesses: a view returned by nd must address only bytes of
 * its storage, and reading every element must work. */
#ifndef ND_FUZZ_CHECK_H
#define ND_FUZZ_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#include "core/array.h"
#include "layout/layout.h"
#include "nd.h"

/* Aborts (a finding for the fuzzer) if `a` addresses memory outside its storage. */
static inline void fuzz_check_view(const nd_array *a) {
  if (!a) return;
  int64_t lo, hi;
  if (!ndi_extent(a->ndim, a->shape, a->strides, &lo, &hi)) return; /* size 0 */
  int64_t item = (int64_t)nd_itemsize(a);
  int64_t first = a->offset + lo, last = a->offset + hi;
  if (first < 0 || (uint64_t)((last + 1) * item) > a->storage->nbytes) {
    fprintf(stderr, "view out of bounds: offset %lld, extent [%lld, %lld], storage %zu bytes\n",
            (long long)a->offset, (long long)lo, (long long)hi, a->storage->nbytes);
    abort();
  }
  int64_t size = 1;
  for (int i = 0; i < a->ndim; i++) size *= a->shape[i];
  if (size != nd_size(a)) abort();
  if (size > (1 << 22)) return; /* a broadcast view can be huge: do not allocate its copy */
  nd_array *c = nd_copy(a, ND_C); /* touches every element */
  if (!c && nd_last_status() != ND_ERR_NOMEM) abort();
  nd_clear_error();
  nd_release(c);
}

#endif
