/* permutation and shuffle: NumPy's Fisher-Yates, i from n-1 down to 1 swapping the
 * subarrays at i and at j uniform in [0, i], with j drawn by masked rejection (the
 * smallest all-ones mask covering i, 32-bit draws while i < 2^32). */
#include <string.h>

#include "core/error.h"
#include "layout/layout.h"
#include "ops/frontend.h"
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

/* The subarray layout (every axis but the shuffled one), with unit axes dropped and
 * adjacent axes merged where they step evenly, so the swap loops are few and long. */
typedef struct {
  int ndim;
  int64_t shape[ND_MAX_DIMS], bstride[ND_MAX_DIMS]; /* bytes */
} sub_layout;

static void sub_layout_of(const nd_array *a, int axis, sub_layout *s) {
  const int64_t size = (int64_t)ndi_dtype_size(a->dtype);
  s->ndim = 0;
  for (int d = 0; d < a->ndim; d++) {
    if (d == axis || a->shape[d] == 1) continue;
    int64_t bs = a->strides[d] * size;
    if (s->ndim && s->bstride[s->ndim - 1] == bs * a->shape[d]) { /* merge into previous */
      s->shape[s->ndim - 1] *= a->shape[d];
      s->bstride[s->ndim - 1] = bs;
      continue;
    }
    s->shape[s->ndim] = a->shape[d];
    s->bstride[s->ndim] = bs;
    s->ndim++;
  }
}

/* Swaps the subarrays starting at p and q, element by element in C order. */
static void swap_sub(const sub_layout *s, char *p, char *q, size_t size) {
  if (s->ndim == 0) {
    swap_elem(p, q, size);
    return;
  }
  int64_t idx[ND_MAX_DIMS] = {0};
  const int last = s->ndim - 1;
  for (;;) {
    for (int64_t i = 0; i < s->shape[last]; i++)
      swap_elem(p + i * s->bstride[last], q + i * s->bstride[last], size);
    int d = last - 1;
    for (; d >= 0; d--) { /* next row: carry through the outer axes */
      p += s->bstride[d];
      q += s->bstride[d];
      if (++idx[d] < s->shape[d]) break;
      p -= s->shape[d] * s->bstride[d];
      q -= s->shape[d] * s->bstride[d];
      idx[d] = 0;
    }
    if (d < 0) return;
  }
}

nd_status nd_random_shuffle(nd_rng *g, nd_array *a, int axis) {
  const char *op = "random_shuffle";
  NDI_REQUIRE_ST(op, g);
  NDI_REQUIRE_ST(op, a);
  nd_status st = ndi_check_writable(op, a);
  if (st) return st;
  if (a->ndim == 0 || axis < -a->ndim || axis >= a->ndim)
    return ndi_error(ND_ERR_INDEX_AXIS, "%s: axis %d is out of bounds for array of dimension %d",
                     op, axis, a->ndim);
  if (axis < 0) axis += a->ndim;
  if (a->size == 0) return ND_OK; /* NumPy draws nothing here either */
  const size_t size = ndi_dtype_size(a->dtype);
  const int64_t n = a->shape[axis], bstride = a->strides[axis] * (int64_t)size;
  if (a->size == n) { /* one lane */
    shuffle_lane(&g->bits, a->data, n, bstride, size);
    return ND_OK;
  }
  sub_layout s;
  sub_layout_of(a, axis, &s);
  for (int64_t i = n - 1; i > 0; i--) {
    int64_t j = (int64_t)random_interval(&g->bits, (uint64_t)i);
    if (j != i) swap_sub(&s, a->data + i * bstride, a->data + j * bstride, size);
  }
  return ND_OK;
}

nd_array *nd_random_permutation(nd_rng *g, int64_t n) {
  const char *op = "random_permutation";
  NDI_REQUIRE(op, g);
  if (n < 0)
    return ndi_error_null(ND_ERR_VALUE, "%s: n must be >= 0 (got %lld)", op, (long long)n);
  nd_array *a = ndi_array_alloc(op, ND_INT64, 1, &n, ND_C);
  if (!a) return NULL;
  int64_t *v = (int64_t *)a->data;
  for (int64_t i = 0; i < n; i++) v[i] = i;
  shuffle_lane(&g->bits, a->data, n, 8, 8);
  return a;
}
