/* Sorting along one axis of any layout: each lane (an index of the other axes) is turned
 * into keys (kernels/sort.h), radix-sorted, and written back as values or as positions.
 *
 * Lanes of at least 2^17 elements are sorted most-significant digit first: one pass
 * scatters the keys by up to 11 of the highest bits in which they differ (threads count and
 * scatter their own parts), then every bucket, now small enough for the cache, is sorted
 * least-significant digit first, threads taking buckets. Smaller lanes go straight to the
 * LSD sort, threads taking lanes. All of it is stable, so the result does not depend on
 * the thread count. */
#ifndef NDI_ITER_SORT_H
#define NDI_ITER_SORT_H

#include <stdbool.h>
#include <stdint.h>

#include "nd/types.h"

typedef struct ndi_sort_spec {
  int ndim;
  const int64_t *shape;
  int axis;
  const char *in;
  const int64_t *in_strides; /* bytes */
  nd_dtype dtype;            /* a real dtype */
  char *out;                 /* sorted values (dtype) or positions (int64) */
  const int64_t *out_strides; /* bytes */
  bool argsort, descending;
} ndi_sort_spec;

/* Fails only for lack of memory (an error naming op). */
nd_status ndi_sort_run(const char *op, const ndi_sort_spec *s);

/* Sorts n keys of 2^wlog2 bytes in a (b: scratch; ia/ib: payload and its scratch, or
 * NULL), with up to nt threads (0: as many as the size merits). The result is in a.
 * Returns false for lack of memory. */
bool ndi_radix_sort(int wlog2, void *a, void *b, int64_t *ia, int64_t *ib, int64_t n, int nt);

#endif
