/* Creation: empty, zeros, ones, full (and _like), scalar arrays, arange, linspace, eye. */
#include <math.h>
#include <string.h>

#include "core/half.h"
#include "frontend.h"
#include "kernels/loop.h"
#include "nd/creation.h"

nd_array *nd_empty(nd_dtype t, int ndim, const int64_t *shape, nd_order o) {
  return ndi_array_alloc("empty", t, ndim, shape, o);
}

static nd_array *zeroed(nd_array *a) {
  if (a) memset(a->storage->base, 0, a->storage->nbytes);
  return a;
}

nd_array *nd_zeros(nd_dtype t, int ndim, const int64_t *shape, nd_order o) {
  return zeroed(ndi_array_alloc("zeros", t, ndim, shape, o));
}

static nd_array *filled(const char *op, nd_array *a, nd_scalar v) {
  if (!a) return NULL;
  if (ndi_fill(op, a, v)) {
    nd_release(a);
    return NULL;
  }
  return a;
}

nd_array *nd_full_scalar(nd_dtype t, int ndim, const int64_t *shape, nd_scalar value,
                         nd_order o) {
  return filled("full_scalar", ndi_array_alloc("full_scalar", t, ndim, shape, o), value);
}

nd_array *nd_full(nd_dtype t, int ndim, const int64_t *shape, double value, nd_order o) {
  return filled("full", ndi_array_alloc("full", t, ndim, shape, o), ND_FLOAT(value));
}

nd_array *nd_ones(nd_dtype t, int ndim, const int64_t *shape, nd_order o) {
  return filled("ones", ndi_array_alloc("ones", t, ndim, shape, o), ND_INT(1));
}

nd_array *nd_empty_like(const nd_array *a, nd_order o) {
  NDI_REQUIRE("empty_like", a);
  return ndi_alloc_like("empty_like", a, a->dtype, o);
}

nd_array *nd_zeros_like(const nd_array *a, nd_order o) {
  NDI_REQUIRE("zeros_like", a);
  return zeroed(ndi_alloc_like("zeros_like", a, a->dtype, o));
}

nd_array *nd_ones_like(const nd_array *a, nd_order o) {
  NDI_REQUIRE("ones_like", a);
  return filled("ones_like", ndi_alloc_like("ones_like", a, a->dtype, o), ND_INT(1));
}

nd_array *nd_full_like(const nd_array *a, double value, nd_order o) {
  NDI_REQUIRE("full_like", a);
  return filled("full_like", ndi_alloc_like("full_like", a, a->dtype, o), ND_FLOAT(value));
}

nd_array *nd_scalar_array(nd_scalar value) {
  nd_dtype t = ndi_scalar_default_dtype(value);
  return filled("scalar_array", ndi_array_alloc("scalar_array", t, 0, NULL, ND_C), value);
}

/* Values first + i*delta computed in the target dtype, where delta is the difference of the
 * first two values converted to it: what NumPy's arange fill does. */
static void fill_progression(nd_array *a, double first, double second) {
  int64_t n = a->size;
  nd_dtype t = a->dtype;
  size_t sz = ndi_dtype_size(t);
  char *d = a->data;
  if (n == 0) return;
  ndi_convert_one(t, d, ND_FLOAT64, &first);
  if (n == 1) return;
  ndi_convert_one(t, d + sz, ND_FLOAT64, &second);
  switch (t) {
#define NDI_PROGRESSION(E, N, T, K, NAME, ...)               \
  case E: {                                                  \
    T *v = (T *)d;                                           \
    T delta = (T)(v[1] - v[0]);                              \
    for (int64_t i = 2; i < n; i++) v[i] = (T)(v[0] + (T)i * delta); \
    break;                                                   \
  }
    NDI_DTYPES(NDI_PROGRESSION)
#undef NDI_PROGRESSION
/* NumPy's HALF_fill: the values in float32, each rounded once */
#define NDI_PROGRESSION_HALF(E, N, T, K, NAME, ...)                                   \
  case E: {                                                                           \
    T *v = (T *)d;                                                                    \
    float start = ndi_##N##_to_f32(v[0]), delta = ndi_##N##_to_f32(v[1]) - start;     \
    for (int64_t i = 2; i < n; i++) v[i] = ndi_f32_to_##N(start + (float)i * delta);  \
    break;                                                                            \
  }
    NDI_HALF_DTYPES(NDI_PROGRESSION_HALF)
#undef NDI_PROGRESSION_HALF
  }
}

nd_array *nd_arange(nd_dtype t, double start, double stop, double step) {
  if (ndi_check_dtype("arange", (int)t)) return NULL;
  if (step == 0 || isnan(step) || !isfinite(start) || !isfinite(stop))
    return ndi_error_null(ND_ERR_VALUE, "arange: start and stop must be finite and step nonzero (got %g, %g, %g)",
                          start, stop, step);
  /* NumPy's length: a ratio that underflows to zero (or an infinite step) with a nonzero
   * span still gives one element when the step points the span's way */
  double delta = stop - start, ratio = delta / step;
  double len = ratio == 0 && delta != 0 ? (signbit(ratio) ? 0 : 1) : ceil(ratio);
  if (!(len > 0)) len = 0;
  if (len > 9.0e18)
    return ndi_error_null(ND_ERR_OVERFLOW_SIZE, "arange: %g elements is too many", len);
  if (t == ND_BOOL && len > 2)
    return ndi_error_null(ND_ERR_VALUE, "arange: no fill function for bool with more than 2 elements");
  int64_t n = (int64_t)len;
  /* as NumPy, the first two values are checked against an integer dtype's range (the
   * rest wrap): arange(-1, 3, 1) in uint8 is an error */
  if ((n >= 1 && ndi_check_float_fits("arange", "start", start, t)) ||
      (n >= 2 && ndi_check_float_fits("arange", "start + step", start + step, t)))
    return NULL;
  nd_array *a = ndi_array_alloc("arange", t, 1, &n, ND_C);
  if (a) fill_progression(a, start, start + step);
  return a;
}

nd_array *nd_linspace(nd_dtype t, double start, double stop, int64_t num, bool endpoint) {
  if (ndi_check_dtype("linspace", (int)t)) return NULL;
  if (num < 0) return ndi_error_null(ND_ERR_VALUE, "linspace: number of samples, %lld, must be non-negative", (long long)num);
  nd_array *a = ndi_array_alloc("linspace", ND_FLOAT64, 1, &num, ND_C);
  if (!a) return NULL;
  double *y = (double *)a->data;
  int64_t div = endpoint ? num - 1 : num;
  double delta = stop - start;
  if (div > 0) {
    double step = delta / (double)div;
    if (step == 0) { /* underflow: NumPy divides each value instead */
      for (int64_t i = 0; i < num; i++) y[i] = ((double)i / (double)div) * delta + start;
    } else {
      for (int64_t i = 0; i < num; i++) y[i] = (double)i * step + start;
    }
  } else {
    for (int64_t i = 0; i < num; i++) y[i] = (double)i * delta + start;
  }
  if (endpoint && num > 1) y[num - 1] = stop;
  if (t == ND_FLOAT64) return a;
  if (ndi_dtype_kind(t) == 'i' || ndi_dtype_kind(t) == 'u')
    for (int64_t i = 0; i < num; i++) y[i] = floor(y[i]); /* NumPy rounds toward -inf */
  nd_array *r = nd_astype(a, t);
  nd_release(a);
  return r;
}

nd_array *nd_eye(nd_dtype t, int64_t n, int64_t m, int64_t k) {
  if (m < 0) m = n;
  if (n < 0)
    return ndi_error_null(ND_ERR_VALUE, "eye: negative dimensions are not allowed (n=%lld)", (long long)n);
  int64_t shape[2] = {n, m};
  nd_array *a = zeroed(ndi_array_alloc("eye", t, 2, shape, ND_C));
  if (!a) return NULL;
  _Alignas(16) char one[16];
  ndi_scalar_to("eye", ND_INT(1), t, one);
  size_t sz = ndi_dtype_size(t);
  /* rows i with 0 <= i + k < m, found without forming i + k for extreme k */
  int64_t lo = 0, hi = 0;
  if (k < m && k > -n) {
    lo = k >= 0 ? 0 : -k;
    hi = m - k < n ? m - k : n;
  }
  for (int64_t i = lo; i < hi; i++) memcpy(a->data + (size_t)(i * m + i + k) * sz, one, sz);
  return a;
}
