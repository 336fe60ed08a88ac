/* Sample frequencies (fftfreq, rfftfreq) and the shifts that centre the zero frequency
 * (fftshift, ifftshift, through nd_roll). */
#include "frontend.h"
#include "nd/core.h"
#include "nd/creation.h"
#include "nd/manipulation.h"
#include "nd/toolkit.h"

static nd_array *freq(const char *op, int64_t n, double d, nd_dtype t, bool half) {
  if (t != ND_FLOAT32 && t != ND_FLOAT64) {
    const char *name = nd_dtype_name(t);
    nd_set_error(ND_ERR_TYPE, "%s: dtype %s is not a real floating dtype (float32 or float64)", op,
                 name ? name : "(invalid)");
    return NULL;
  }
  if (n < 1) {
    nd_set_error(ND_ERR_VALUE, "%s: n must be positive (got %lld)", op, (long long)n);
    return NULL;
  }
  if (d == 0) {
    nd_set_error(ND_ERR_VALUE, "%s: d must be nonzero", op);
    return NULL;
  }
  int64_t count = half ? n / 2 + 1 : n, positive = half ? count : (n - 1) / 2 + 1;
  nd_array *r = nd_empty(t, 1, &count, ND_C);
  if (!r) {
    nd_error_prefix(op);
    return NULL;
  }
  /* NumPy: integers [0, 1, ..., -(n/2), ..., -1] times 1/(n*d), in double */
  double val = 1.0 / ((double)n * d);
  for (int64_t i = 0; i < count; i++) {
    double f = (double)(i < positive ? i : i - n) * val;
    if (t == ND_FLOAT32) ((float *)nd_data(r))[i] = (float)f;
    else ((double *)nd_data(r))[i] = f;
  }
  return r;
}

nd_array *nd_fft_fftfreq(int64_t n, double d, nd_dtype t) { return freq("fftfreq", n, d, t, false); }
nd_array *nd_fft_rfftfreq(int64_t n, double d, nd_dtype t) { return freq("rfftfreq", n, d, t, true); }

static nd_array *shift(const char *op, const nd_array *x, int naxes, const int *axes, int sign) {
  if (!x) {
    nd_null_arg(op, "x");
    return NULL;
  }
  int nd = nd_ndim(x), ax[ND_MAX_DIMS], count = naxes;
  int64_t shifts[ND_MAX_DIMS];
  if (naxes == -1) {
    count = nd;
    for (int i = 0; i < nd; i++) ax[i] = i;
  } else if (naxes < -1 || naxes > ND_MAX_DIMS) {
    nd_set_error(ND_ERR_VALUE, "%s: invalid naxes %d (-1: all axes)", op, naxes);
    return NULL;
  } else if (naxes > 0 && !axes) {
    nd_null_arg(op, "axes");
    return NULL;
  }
  /* (an axis may be listed twice: it is shifted twice, as NumPy's roll does) */
  for (int i = 0; naxes != -1 && i < count; i++)
    if (nd_normalize_axis(op, axes[i], nd, &ax[i])) return NULL;
  for (int i = 0; i < count; i++) shifts[i] = sign * (nd_shape(x)[ax[i]] / 2);
  nd_array *r = nd_roll(x, count, shifts, count, ax);
  if (!r) nd_error_prefix(op);
  return r;
}

nd_array *nd_fft_fftshift(const nd_array *x, int naxes, const int *axes) {
  return shift("fftshift", x, naxes, axes, 1);
}
nd_array *nd_fft_ifftshift(const nd_array *x, int naxes, const int *axes) {
  return shift("ifftshift", x, naxes, axes, -1);
}
