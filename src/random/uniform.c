/* random and uniform: one 64-bit draw per float64 value, one 32-bit draw per float32 value
 * of random, so both run on the fixed-share engine (stream.h) and split across threads. The
 * converters from draws to values are compiled for several instruction sets (ND_HOT). */
#include <math.h>

#include "nd/core.h"
#include "nd/toolkit.h"
#include "sampler.h"
#include "stream.h"

ND_HOT static void conv_random_f64(const ndi_stream *k, const void *draws, int64_t n,
                            char *out) {
  const uint64_t *restrict x = draws;
  double *restrict o = (double *)out;
  for (int64_t i = 0; i < n; i++) o[i] = ndi_u64_to_double(x[i]);
}

ND_HOT static void conv_random_f32(const ndi_stream *k, const void *draws, int64_t n,
                            char *out) {
  const uint32_t *restrict w = draws;
  float *restrict o = (float *)out;
  for (int64_t i = 0; i < n; i++) o[i] = ndi_u32_to_float(w[i]);
}

ND_HOT static void conv_uniform_f64(const ndi_stream *k, const void *draws, int64_t n,
                            char *out) {
  const uint64_t *restrict x = draws;
  double *restrict o = (double *)out;
  const double low = k->low, range = k->range;
  for (int64_t i = 0; i < n; i++) o[i] = low + range * ndi_u64_to_double(x[i]);
}

ND_HOT static void conv_uniform_f32(const ndi_stream *k, const void *draws, int64_t n,
                            char *out) {
  const uint64_t *restrict x = draws;
  float *restrict o = (float *)out;
  const double low = k->low, range = k->range;
  for (int64_t i = 0; i < n; i++) o[i] = (float)(low + range * ndi_u64_to_double(x[i]));
}

static void fill_random(nd_rng *g, nd_dtype t, void *data, int64_t n, const void *params) {
  ndi_stream k = {.per32 = 0, .elsize = 8, .conv = conv_random_f64};
  if (t == ND_FLOAT32) k = (ndi_stream){.per32 = 1, .elsize = 4, .conv = conv_random_f32};
  ndi_stream_fill(&g->bits, &k, data, n);
}

typedef struct {
  double low, range;
} uniform_params;

static void fill_uniform(nd_rng *g, nd_dtype t, void *data, int64_t n, const void *params) {
  const uniform_params *p = params;
  ndi_stream k = {.per32 = 0, .elsize = 8, .conv = conv_uniform_f64, .low = p->low,
                  .range = p->range};
  if (t == ND_FLOAT32) {
    k.elsize = 4;
    k.conv = conv_uniform_f32;
  }
  ndi_stream_fill(&g->bits, &k, data, n);
}

static nd_status check_float(const char *op, nd_dtype t) {
  if (t == ND_FLOAT32 || t == ND_FLOAT64) return ND_OK;
  return ndi_sample_bad_dtype(op, t, "float32, float64");
}

nd_array *nd_random_random(nd_rng *g, nd_dtype t, int ndim, const int64_t *shape) {
  const char *op = "random_random";
  ND_REQUIRE(op, g);
  if (check_float(op, t)) return NULL;
  return ndi_sample_new(op, g, t, ndim, shape, fill_random, NULL);
}

nd_status nd_random_random_out(nd_rng *g, nd_array *out) {
  const char *op = "random_random_out";
  ND_REQUIRE_ST(op, g);
  ND_REQUIRE_ST(op, out);
  nd_status st = check_float(op, nd_dtype_of(out));
  return st ? st : ndi_sample_out(op, g, out, fill_random, NULL);
}

/* NumPy's checks: the range must be finite and not negative (-0.0 counts as negative). */
static nd_status check_uniform(const char *op, double low, double high, uniform_params *p) {
  p->low = low;
  p->range = high - low;
  if (!isfinite(p->range))
    return nd_set_error(ND_ERR_OVERFLOW, "%s: high - low range exceeds valid bounds (low %g, high %g)",
                     op, low, high);
  if (signbit(p->range))
    return nd_set_error(ND_ERR_VALUE, "%s: high - low < 0 (low %g, high %g)", op, low, high);
  return ND_OK;
}

nd_array *nd_random_uniform(nd_rng *g, double low, double high, nd_dtype t, int ndim,
                            const int64_t *shape) {
  const char *op = "random_uniform";
  ND_REQUIRE(op, g);
  uniform_params p;
  if (check_float(op, t) || check_uniform(op, low, high, &p)) return NULL;
  return ndi_sample_new(op, g, t, ndim, shape, fill_uniform, &p);
}

nd_status nd_random_uniform_out(nd_rng *g, nd_array *out, double low, double high) {
  const char *op = "random_uniform_out";
  ND_REQUIRE_ST(op, g);
  ND_REQUIRE_ST(op, out);
  uniform_params p;
  nd_status st = check_float(op, nd_dtype_of(out));
  if (!st) st = check_uniform(op, low, high, &p);
  return st ? st : ndi_sample_out(op, g, out, fill_uniform, &p);
}
