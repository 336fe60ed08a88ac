/* Argument checks of the transforms (NumPy 2 / Array API rules), the result's dtype,
 * shape, norm factors. */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "frontend.h"
#include "nd/core.h"
#include "nd/toolkit.h"

int nd_fft_norm_from_name(const char *name) {
  if (!name || strcmp(name, "backward") == 0) return ND_FFT_BACKWARD;
  if (strcmp(name, "ortho") == 0) return ND_FFT_ORTHO;
  if (strcmp(name, "forward") == 0) return ND_FFT_FORWARD;
  return -1;
}

double ndf_norm_factor(nd_fft_norm norm, bool inverse, double n) {
  switch (norm) {
    case ND_FFT_ORTHO: return 1.0 / sqrt(n);
    case ND_FFT_FORWARD: return inverse ? 1.0 : 1.0 / n;
    default: return inverse ? 1.0 / n : 1.0;
  }
}

/* The listed axes, normalised and checked (nd's normaliser and messages). */
static nd_status resolve_axes(const char *op, int ndim, int naxes, const int *axes, ndf_args *a) {
  if (naxes == -1) {
    a->naxes = ndim;
    for (int i = 0; i < ndim; i++) a->axes[i] = i;
    return ND_OK;
  }
  /* naxes above ndim must repeat an axis or name one out of range: the check reports it */
  if (naxes < -1) return nd_set_error(ND_ERR_VALUE, "%s: invalid naxes %d (-1: all axes)", op, naxes);
  a->naxes = naxes;
  return nd_normalize_axes(op, naxes, axes, ndim, a->axes);
}

nd_status ndf_resolve(const ndf_request *rq, const nd_array *x, int naxes, const int *axes,
                      int ns, const int64_t *s, nd_fft_norm norm, ndf_args *a) {
  const char *op = rq->op;
  if (!x) return nd_null_arg(op, "x");
  if ((unsigned)norm > ND_FFT_FORWARD)
    return nd_set_error(ND_ERR_VALUE, "%s: invalid norm %d (ND_FFT_BACKWARD, ND_FFT_ORTHO or ND_FFT_FORWARD)",
                        op, (int)norm);
  nd_dtype t = nd_dtype_of(x);
  if (rq->family == NDF_REAL_IN && nd_dtype_is_complex(t))
    return nd_set_error(ND_ERR_TYPE, "%s: complex input (%s) is not accepted; use %s", op,
                        nd_dtype_name(t), rq->hermitian ? "ifft" : "fft");
  /* float16 and bfloat16 transform in single precision, as NumPy's float16 (its float32
   * loops) */
  a->single = t == ND_FLOAT32 || t == ND_COMPLEX64 || t == ND_FLOAT16 || t == ND_BFLOAT16;
  a->result = rq->family == NDF_REAL_OUT ? (a->single ? ND_FLOAT32 : ND_FLOAT64)
                                         : (a->single ? ND_COMPLEX64 : ND_COMPLEX128);
  a->ndim = nd_ndim(x);
  const int64_t *xs = nd_shape(x);
  memcpy(a->shape, xs, sizeof(int64_t) * (size_t)a->ndim);
  nd_status st = resolve_axes(op, a->ndim, naxes, axes, a);
  if (st) return st;
  if (rq->family != NDF_COMPLEX && a->naxes == 0)
    return nd_set_error(ND_ERR_VALUE, "%s: no axes to transform", op);
  if (ns < -1) return nd_set_error(ND_ERR_VALUE, "%s: invalid ns %d (-1: no s)", op, ns);
  if (ns != -1) {
    if (ns != a->naxes)
      return nd_set_error(ND_ERR_VALUE, "%s: s has %d entries but axes has %d", op, ns, a->naxes);
    if (ns > 0 && !s) return nd_null_arg(op, "s");
  }
  for (int i = 0; i < a->naxes; i++) {
    int ax = a->axes[i];
    bool last = i == a->naxes - 1;
    bool given = ns > 0 && s[i] > 0;
    int64_t m = xs[ax], len = given ? s[i] : m;
    /* the default real output length 2*(m-1) is for no s at all (NumPy's s=None) and for
     * irfft/hfft's n <= 0 (n=None); an explicit s[-1] <= 0 is NumPy 2's -1: the axis
     * length m, as np.fft.irfftn(x, s=(..., -1)) gives */
    if (!given && rq->family == NDF_REAL_OUT && last && (ns == -1 || rq->one_axis))
      len = 2 * (m - 1);
    if (len < 1)
      return nd_set_error(ND_ERR_VALUE, "%s: invalid number of data points (%" PRId64 ") along axis %d",
                          op, len, ax);
    a->len[i] = len;
    a->shape[ax] = (rq->family == NDF_REAL_IN && last) ? len / 2 + 1 : len;
  }
  int64_t size = 1;
  for (int d = 0; d < a->ndim; d++) {
    if (a->shape[d] != 0 && size > INT64_MAX / 16 / a->shape[d]) {
      char buf[ND_SHAPE_TEXT];
      return nd_set_error(ND_ERR_OVERFLOW_SIZE, "%s: result of shape %s is too large", op,
                          nd_format_shape(buf, sizeof buf, a->ndim, a->shape));
    }
    size *= a->shape[d];
  }
  return ND_OK;
}
