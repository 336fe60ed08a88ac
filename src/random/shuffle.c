/* permutation and shuffle: NumPy's Fisher-Yates, i from n-1 down to 1 swapping the
 * subarrays at i and at j uniform in [0, i], with j drawn by masked rejection (the
 * smallest all-ones mask covering i, 32-bit draws while i < 2^32). */
#include <string.h>

#include "nd/core.h"
#include "nd/toolkit.h"
#include "rng.h"

/* j uniform in [0, max] (NumPy's random_interval). */
static inline uint64_t random_interval(ndi_pcg64 *g, uint64_t max) {
  if (max == 0) return 0;
  uint64_t mask = max;
  mask |= mask >> 1;
  mask |= mask >> 2;
  mask |= mask >> 4;
  mask |= mask >> 8;
  mask |= mask >> 16;
  mask |= mask >> 32;
  uint64_t v;
  if (max <= UINT32_MAX) {
    do v = ndi_pcg64_next32(g) & mask; while (v > max);
  } else {
    do v = ndi_pcg64_next64(g) & mask; while (v > max);
  }
  return v;
}

/* Swaps two elements of `size` bytes. */
static inline void swap_elem(char *a, char *b, size_t size) {
  char t[16];
  memcpy(t, a, size);
  memcpy(a, b, size);
  memcpy(b, t, size);
}

/* One axis of a 1-D lane: the fast path for 1-D arrays and permutation. */
static void shuffle_lane(ndi_pcg64 *g, char *base, int64_t n, int64_t bstride, size_t size) {
  for (int64_t i = n - 1; i > 0; i--) {
    int64_t j = (int64_t)random_interval(g, (uint64_t)i);
    if (j != i) swap_elem(base + i * bstride, base + j * bstride, size);
  }
}

/* The subarray layout: every axis but the shuffled one, in C order (byte strides), with
 * unit axes dropped and adjacent axes merged where they step evenly, so the swap loops are
 * few and long. */
static void sub_layout_of(const nd_array *a, int axis, nd_loop *s) {
  const int64_t size = (int64_t)nd_itemsize(a);
  int64_t shape[ND_MAX_DIMS], bstride[ND_MAX_DIMS];
  int n = 0;
  for (int d = 0; d < nd_ndim(a); d++) {
    if (d == axis) continue;
    shape[n] = nd_shape(a)[d];
    bstride[n++] = nd_strides(a)[d] * size;
  }
  nd_loop_init(s, 1, n, shape, (const int64_t *const[]){bstride});
  nd_loop_coalesce(s, -1);
}

/* Swaps the subarrays starting at p and q, element by element in C order. */
static void swap_sub(const nd_loop *s, char *p, char *q, size_t size) {
  if (s->ndim == 0) {
    swap_elem(p, q, size);
    return;
  }
  const int last = s->ndim - 1;
  const int64_t n = s->shape[last], st = s->strides[0][last];
  nd_odometer rows;
  nd_odometer_init(&rows, s, 0, last);
  for (int64_t r = s->size / n; r > 0; r--, nd_odometer_next(&rows)) {
    char *pr = p + rows.offset[0], *qr = q + rows.offset[0];
    for (int64_t i = 0; i < n; i++) swap_elem(pr + i * st, qr + i * st, size);
  }
}

nd_status nd_random_shuffle(nd_rng *g, nd_array *a, int axis) {
  const char *op = "random_shuffle";
  ND_REQUIRE_ST(op, g);
  ND_REQUIRE_ST(op, a);
  nd_status st = nd_check_writeable(op, a);
  if (st) return st;
  /* (a 0-d array has no axis to shuffle, even axis 0, as in NumPy) */
  if ((st = nd_normalize_axis(op, axis, nd_ndim(a), &axis))) return st;
  if (nd_size(a) == 0) return ND_OK; /* NumPy draws nothing here either */
  const size_t size = nd_itemsize(a);
  char *data = nd_data(a);
  const int64_t n = nd_shape(a)[axis], bstride = nd_strides(a)[axis] * (int64_t)size;
  if (nd_size(a) == n) { /* one lane */
    shuffle_lane(&g->bits, data, n, bstride, size);
    return ND_OK;
  }
  nd_loop s;
  sub_layout_of(a, axis, &s);
  for (int64_t i = n - 1; i > 0; i--) {
    int64_t j = (int64_t)random_interval(&g->bits, (uint64_t)i);
    if (j != i) swap_sub(&s, data + i * bstride, data + j * bstride, size);
  }
  return ND_OK;
}

nd_array *nd_random_permutation(nd_rng *g, int64_t n) {
  const char *op = "random_permutation";
  ND_REQUIRE(op, g);
  if (n < 0) {
    nd_set_error(ND_ERR_VALUE, "%s: n must be >= 0 (got %lld)", op, (long long)n);
    return NULL;
  }
  nd_array *a = nd_alloc(op, ND_INT64, 1, &n, ND_C);
  if (!a) return NULL;
  int64_t *v = nd_data(a);
  for (int64_t i = 0; i < n; i++) v[i] = i;
  shuffle_lane(&g->bits, (char *)v, n, 8, 8);
  return a;
}
