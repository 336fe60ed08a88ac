/* integers: NumPy's bounds checks and messages, then the bounded fills (bounded.h). */
#include <stdio.h>

#include "bounded.h"
#include "nd/core.h"
#include "nd/toolkit.h"
#include "sampler.h"

typedef __int128 wide; /* holds every int64 and uint64 bound, and high - 1 */

typedef struct {
  uint64_t off, rng; /* values off + [0, rng], wrapped to the element width */
} int_params;

static bool is_int_dtype(nd_dtype t) {
  if (!nd_dtype_is_valid((int)t)) return false;
  char k = nd_dtype_kind(t);
  return k == 'b' || k == 'i' || k == 'u';
}

/* The values dtype t holds. */
static void dtype_bounds(nd_dtype t, wide *lb, wide *ub) {
  size_t bits = 8 * nd_dtype_size(t);
  switch (nd_dtype_kind(t)) {
    case 'b': *lb = 0, *ub = 1; break;
    case 'u': *lb = 0, *ub = ((wide)1 << bits) - 1; break;
    default: *lb = -((wide)1 << (bits - 1)), *ub = ((wide)1 << (bits - 1)) - 1; break;
  }
}

static const char *fmt_wide(char *buf, size_t cap, wide v) {
  if (v < 0)
    snprintf(buf, cap, "-%llu", (unsigned long long)(-(v + 1)) + 1ull);
  else
    snprintf(buf, cap, "%llu", (unsigned long long)v);
  return buf;
}

/* NumPy's checks, in its order: low in range, high (less one unless endpoint) in range,
 * then a non-empty interval, with its messages; all are invalid values (NumPy's
 * ValueError), not sizes that overflow. */
static nd_status check_integers(const char *op, nd_dtype t, wide low, wide high, bool endpoint,
                                int_params *p) {
  if (!is_int_dtype(t))
    return ndi_sample_bad_dtype(op, t, "bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64");
  wide lb, ub, last = endpoint ? high : high - 1;
  dtype_bounds(t, &lb, &ub);
  char a[32], b[32];
  if (low < lb)
    return nd_set_error(ND_ERR_VALUE, "%s: low is out of bounds for %s (low %s)", op,
                     nd_dtype_name(t), fmt_wide(a, sizeof a, low));
  if (last > ub)
    return nd_set_error(ND_ERR_VALUE, "%s: high is out of bounds for %s (high %s%s)", op,
                     nd_dtype_name(t), fmt_wide(a, sizeof a, high), endpoint ? ", endpoint" : "");
  if (low > last) {
    const char *what = low == 0 ? (endpoint ? "high < 0" : "high <= 0")
                                : (endpoint ? "low > high" : "low >= high");
    return nd_set_error(ND_ERR_VALUE, "%s: %s (low %s, high %s%s)", op, what,
                     fmt_wide(a, sizeof a, low), fmt_wide(b, sizeof b, high),
                     endpoint ? ", endpoint" : "");
  }
  p->off = (uint64_t)low;
  p->rng = (uint64_t)(last - low);
  return ND_OK;
}

static void fill_integers(nd_rng *g, nd_dtype t, void *data, int64_t n, const void *params) {
  const int_params *p = params;
  ndi_bounded_fill(&g->bits, p->off, p->rng, nd_dtype_size(t), t == ND_BOOL, data, n);
}

static nd_array *integers_new(const char *op, nd_rng *g, wide low, wide high, bool endpoint,
                              nd_dtype t, int ndim, const int64_t *shape) {
  int_params p;
  if (check_integers(op, t, low, high, endpoint, &p)) return NULL;
  return ndi_sample_new(op, g, t, ndim, shape, fill_integers, &p);
}

static nd_status integers_out(const char *op, nd_rng *g, nd_array *out, wide low, wide high,
                              bool endpoint) {
  int_params p;
  nd_status st = check_integers(op, nd_dtype_of(out), low, high, endpoint, &p);
  return st ? st : ndi_sample_out(op, g, out, fill_integers, &p);
}

nd_array *nd_random_integers(nd_rng *g, int64_t low, int64_t high, bool endpoint, nd_dtype t,
                             int ndim, const int64_t *shape) {
  const char *op = "random_integers";
  ND_REQUIRE(op, g);
  return integers_new(op, g, low, high, endpoint, t, ndim, shape);
}

nd_status nd_random_integers_out(nd_rng *g, nd_array *out, int64_t low, int64_t high,
                                 bool endpoint) {
  const char *op = "random_integers_out";
  ND_REQUIRE_ST(op, g);
  ND_REQUIRE_ST(op, out);
  return integers_out(op, g, out, low, high, endpoint);
}

nd_array *nd_random_integers_u64(nd_rng *g, uint64_t low, uint64_t high, bool endpoint,
                                 nd_dtype t, int ndim, const int64_t *shape) {
  const char *op = "random_integers_u64";
  ND_REQUIRE(op, g);
  return integers_new(op, g, low, high, endpoint, t, ndim, shape);
}

nd_status nd_random_integers_u64_out(nd_rng *g, nd_array *out, uint64_t low, uint64_t high,
                                     bool endpoint) {
  const char *op = "random_integers_u64_out";
  ND_REQUIRE_ST(op, g);
  ND_REQUIRE_ST(op, out);
  return integers_out(op, g, out, low, high, endpoint);
}
