/* Do two strided regions share a byte? The cheap test compares address ranges; the exact
 * one solves sum(c_k z_k) = T with 0 <= z_k <= U_k (a bounded linear Diophantine problem,
 * as NumPy's shares_memory does) by depth-first search with range and gcd pruning. */
#include <stdlib.h>

#include "layout.h"

static bool region_range(const ndi_region *r, intptr_t *lo, intptr_t *hi) {
  int64_t l = 0, h = 0;
  for (int i = 0; i < r->ndim; i++) {
    if (r->shape[i] == 0) return false;
    int64_t span = r->byte_strides[i] * (r->shape[i] - 1);
    if (span < 0) l += span;
    else h += span;
  }
  if (r->itemsize <= 0) return false;
  *lo = r->base + (intptr_t)l;
  *hi = r->base + (intptr_t)h + (intptr_t)r->itemsize; /* one past the last byte */
  return true;
}

bool ndi_regions_may_overlap(const ndi_region *a, const ndi_region *b) {
  intptr_t alo, ahi, blo, bhi;
  if (!region_range(a, &alo, &ahi) || !region_range(b, &blo, &bhi)) return false;
  return alo < bhi && blo < ahi;
}

typedef struct {
  int64_t c, u; /* coefficient > 0, bound >= 1 */
} term;

typedef struct {
  int n;
  term t[2 * ND_MAX_DIMS + 1];
  int64_t rest[2 * ND_MAX_DIMS + 2]; /* sum of c*u over terms k.. */
  int64_t g[2 * ND_MAX_DIMS + 2];    /* gcd of coefficients k.. */
  long work;
} problem;

#define NDI_OVERLAP_MAX_WORK 2000000L

static int64_t gcd64(int64_t a, int64_t b) {
  while (b) {
    int64_t r = a % b;
    a = b;
    b = r;
  }
  return a;
}

/* 1: solution, 0: none, -1: gave up. */
static int search(problem *p, int k, int64_t target) {
  if (target < 0 || target > p->rest[k]) return 0;
  if (k == p->n) return target == 0;
  if (target % p->g[k] != 0) return 0;
  if (++p->work > NDI_OVERLAP_MAX_WORK) return -1;
  int64_t c = p->t[k].c, u = p->t[k].u, r = p->rest[k + 1];
  int64_t zlo = target > r ? (target - r + c - 1) / c : 0;
  int64_t zhi = target / c < u ? target / c : u;
  for (int64_t z = zhi; z >= zlo; z--) {
    int res = search(p, k + 1, target - c * z);
    if (res) return res;
  }
  return 0;
}

static int cmp_term(const void *x, const void *y) {
  const term *a = x, *b = y;
  return a->c < b->c ? 1 : a->c > b->c ? -1 : 0;
}

static bool add_term(problem *p, int64_t c, int64_t u) {
  if (u <= 0 || c == 0) return true;
  for (int i = 0; i < p->n; i++) {
    if (p->t[i].c == c) {
      if (__builtin_add_overflow(p->t[i].u, u, &p->t[i].u)) return false;
      return true;
    }
  }
  p->t[p->n++] = (term){c, u};
  return true;
}

bool ndi_regions_overlap(const ndi_region *a, const ndi_region *b) {
  if (!ndi_regions_may_overlap(a, b)) return false;
  /* base_a + sum x_i sa_i + u = base_b + sum y_j sb_j + v, with u < ia, v < ib.
   * Flip signs so every coefficient is positive, moving constants into the target. */
  problem *p = calloc(1, sizeof *p);
  if (!p) return true;
  int64_t target = (int64_t)(b->base - a->base);
  bool ok = true;
  for (int i = 0; i < a->ndim && ok; i++) {
    int64_t s = a->byte_strides[i], n1 = a->shape[i] - 1;
    if (s < 0) { /* x = n1 - x' */
      target -= s * n1;
      s = -s;
    }
    ok = add_term(p, s, n1);
  }
  for (int j = 0; j < b->ndim && ok; j++) {
    /* The B side enters with a minus sign: substitute y = n1 - y' for positive strides. */
    int64_t s = b->byte_strides[j], n1 = b->shape[j] - 1;
    if (s > 0) { /* -s*y = -s*n1 + s*y' */
      target += s * n1;
    } else {
      s = -s;
    }
    ok = add_term(p, s, n1);
  }
  /* u - v + (ib - 1) in [0, ia + ib - 2] with coefficient 1. */
  target += b->itemsize - 1;
  if (ok) ok = add_term(p, 1, a->itemsize + b->itemsize - 2);
  if (!ok) {
    free(p);
    return true;
  }
  qsort(p->t, (size_t)p->n, sizeof(term), cmp_term);
  p->rest[p->n] = 0;
  p->g[p->n] = 0;
  for (int k = p->n - 1; k >= 0; k--) {
    int64_t cu;
    if (__builtin_mul_overflow(p->t[k].c, p->t[k].u, &cu) ||
        __builtin_add_overflow(p->rest[k + 1], cu, &p->rest[k])) {
      free(p);
      return true;
    }
    p->g[k] = gcd64(p->t[k].c, p->g[k + 1]);
  }
  int res = search(p, 0, target);
  free(p);
  return res != 0;
}
