/* standard_normal, normal and standard_exponential: the ziggurat samplers (ziggurat.h)
 * take a varying number of draws per value, so they run serially; complex and float32
 * forms are built from the float64 and float32 streams as random.h describes. */
#include <math.h>

#include "nd/core.h"
#include "nd/toolkit.h"
#include "sampler.h"
#include "ziggurat.h"

/* float64 values made and converted at a time for the float32 and complex64 results of
 * normal. */
enum { CHUNK = 1024 };

static void fill_standard_normal(nd_rng *g, nd_dtype t, void *data, int64_t n,
                                 const void *params) {
  switch (t) {
    case ND_FLOAT64: ndi_zig_normal_fill(&g->bits, data, n); break;
    case ND_FLOAT32: ndi_zig_normal_fill_f(&g->bits, data, n); break;
    case ND_COMPLEX128: ndi_zig_normal_fill(&g->bits, data, 2 * n); break;
    default: ndi_zig_normal_fill_f(&g->bits, data, 2 * n); break; /* complex64 */
  }
}

typedef struct {
  double loc, scale;
} normal_params;

/* z[0..n) -> loc + scale z, or for complex (pairs) loc + scale z1, scale z2; into a float64
 * (out64) or float32 (out32) destination. */
static void normal_transform(const normal_params *p, bool complex, const double *z, int64_t n,
                             double *out64, float *out32) {
  for (int64_t i = 0; i < n; i++) {
    double v = (complex && (i & 1)) ? p->scale * z[i] : p->loc + p->scale * z[i];
    if (out64)
      out64[i] = v;
    else
      out32[i] = (float)v;
  }
}

static void fill_normal(nd_rng *g, nd_dtype t, void *data, int64_t n, const void *params) {
  const bool complex = t == ND_COMPLEX64 || t == ND_COMPLEX128;
  const int64_t m = complex ? 2 * n : n; /* float64 normals to draw */
  if (t == ND_FLOAT64 || t == ND_COMPLEX128) {
    double *o = data;
    ndi_zig_normal_fill(&g->bits, o, m);
    normal_transform(params, complex, o, m, o, NULL);
    return;
  }
  double z[CHUNK];
  float *o = data;
  for (int64_t done = 0; done < m; done += CHUNK) {
    int64_t c = m - done < CHUNK ? m - done : CHUNK; /* CHUNK is even: pairs stay whole */
    ndi_zig_normal_fill(&g->bits, z, c);
    normal_transform(params, complex, z, c, NULL, o + done);
  }
}

static void fill_exponential(nd_rng *g, nd_dtype t, void *data, int64_t n, const void *params) {
  if (t == ND_FLOAT64)
    ndi_zig_exp_fill(&g->bits, data, n);
  else
    ndi_zig_exp_fill_f(&g->bits, data, n);
}

static nd_status check_normal_dtype(const char *op, nd_dtype t) {
  if (t == ND_FLOAT32 || t == ND_FLOAT64 || t == ND_COMPLEX64 || t == ND_COMPLEX128)
    return ND_OK;
  return ndi_sample_bad_dtype(op, t, "float32, float64, complex64, complex128");
}

static nd_status check_real_dtype(const char *op, nd_dtype t) {
  if (t == ND_FLOAT32 || t == ND_FLOAT64) return ND_OK;
  return ndi_sample_bad_dtype(op, t, "float32, float64");
}

/* NumPy's constraint on scale: not negative, -0.0 included; NaN passes. */
static nd_status check_scale(const char *op, double scale) {
  if (!isnan(scale) && signbit(scale))
    return nd_set_error(ND_ERR_VALUE, "%s: scale < 0 (scale %g)", op, scale);
  return ND_OK;
}

nd_array *nd_random_standard_normal(nd_rng *g, nd_dtype t, int ndim, const int64_t *shape) {
  const char *op = "random_standard_normal";
  ND_REQUIRE(op, g);
  if (check_normal_dtype(op, t)) return NULL;
  return ndi_sample_new(op, g, t, ndim, shape, fill_standard_normal, NULL);
}

nd_status nd_random_standard_normal_out(nd_rng *g, nd_array *out) {
  const char *op = "random_standard_normal_out";
  ND_REQUIRE_ST(op, g);
  ND_REQUIRE_ST(op, out);
  nd_status st = check_normal_dtype(op, nd_dtype_of(out));
  return st ? st : ndi_sample_out(op, g, out, fill_standard_normal, NULL);
}

nd_array *nd_random_normal(nd_rng *g, double loc, double scale, nd_dtype t, int ndim,
                           const int64_t *shape) {
  const char *op = "random_normal";
  ND_REQUIRE(op, g);
  if (check_normal_dtype(op, t) || check_scale(op, scale)) return NULL;
  normal_params p = {loc, scale};
  return ndi_sample_new(op, g, t, ndim, shape, fill_normal, &p);
}

nd_status nd_random_normal_out(nd_rng *g, nd_array *out, double loc, double scale) {
  const char *op = "random_normal_out";
  ND_REQUIRE_ST(op, g);
  ND_REQUIRE_ST(op, out);
  nd_status st = check_normal_dtype(op, nd_dtype_of(out));
  if (!st) st = check_scale(op, scale);
  normal_params p = {loc, scale};
  return st ? st : ndi_sample_out(op, g, out, fill_normal, &p);
}

nd_array *nd_random_standard_exponential(nd_rng *g, nd_dtype t, int ndim,
                                         const int64_t *shape) {
  const char *op = "random_standard_exponential";
  ND_REQUIRE(op, g);
  if (check_real_dtype(op, t)) return NULL;
  return ndi_sample_new(op, g, t, ndim, shape, fill_exponential, NULL);
}

nd_status nd_random_standard_exponential_out(nd_rng *g, nd_array *out) {
  const char *op = "random_standard_exponential_out";
  ND_REQUIRE_ST(op, g);
  ND_REQUIRE_ST(op, out);
  nd_status st = check_real_dtype(op, nd_dtype_of(out));
  return st ? st : ndi_sample_out(op, g, out, fill_exponential, NULL);
}
