/* Argument checks of the transforms (NumPy 2 / Array API rules), the result's dtype,
 * shape and layout, _out checks, norm factors. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "frontend.h"
#include "nd/core.h"
#include "nd/creation.h"
#include "nd/views.h"

nd_status ndf_null_arg(const char *op, const char *name) {
  if (nd_last_status() == ND_OK) nd_set_error(ND_ERR_NULL, "%s: argument %s is NULL", op, name);
  return ND_ERR_NULL;
}

char *ndf_fmt_shape(char *buf, size_t cap, int ndim, const int64_t *shape) {
  size_t len = 0;
  if (cap < 8) {
    if (cap) buf[0] = '\0';
    return buf;
  }
  buf[len++] = '[';
  for (int i = 0; i < ndim; i++) {
    char item[24];
    int w = snprintf(item, sizeof item, "%s%" PRId64, i ? "," : "", shape[i]);
    if (len + (size_t)w + 5 > cap) {
      memcpy(buf + len, "...", 3);
      len += 3;
      break;
    }
    memcpy(buf + len, item, (size_t)w);
    len += (size_t)w;
  }
  buf[len++] = ']';
  buf[len] = '\0';
  return buf;
}

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

/* The listed axes, normalised and checked. */
static nd_status resolve_axes(const char *op, int ndim, int naxes, const int *axes, ndf_args *a) {
  if (naxes == -1) {
    a->naxes = ndim;
    for (int i = 0; i < ndim; i++) a->axes[i] = i;
    return ND_OK;
  }
  /* naxes above ndim must repeat an axis or name one out of range: the loop reports it */
  if (naxes < -1) return nd_set_error(ND_ERR_VALUE, "%s: invalid naxes %d (-1: all axes)", op, naxes);
  if (naxes > 0 && !axes) return ndf_null_arg(op, "axes");
  bool seen[ND_MAX_DIMS] = {false};
  for (int i = 0; i < naxes; i++) {
    int ax = axes[i];
    if (ax < -ndim || ax >= ndim)
      return nd_set_error(ND_ERR_INDEX_AXIS, "%s: axis %d is out of bounds for array of dimension %d", op,
                          ax, ndim);
    if (ax < 0) ax += ndim;
    if (seen[ax]) return nd_set_error(ND_ERR_INDEX_AXIS, "%s: repeated axis %d in axes", op, axes[i]);
    seen[ax] = true;
    a->axes[i] = ax;
  }
  a->naxes = naxes;
  return ND_OK;
}

nd_status ndf_resolve(const ndf_request *rq, const nd_array *x, int naxes, const int *axes,
                      int ns, const int64_t *s, nd_fft_norm norm, ndf_args *a) {
  const char *op = rq->op;
  if (!x) return ndf_null_arg(op, "x");
  if ((unsigned)norm > ND_FFT_FORWARD)
    return nd_set_error(ND_ERR_VALUE, "%s: invalid norm %d (ND_FFT_BACKWARD, ND_FFT_ORTHO or ND_FFT_FORWARD)",
                        op, (int)norm);
  nd_dtype t = nd_dtype_of(x);
  if (rq->family == NDF_REAL_IN && nd_dtype_is_complex(t))
    return nd_set_error(ND_ERR_TYPE, "%s: complex input (%s) is not accepted; use %s", op,
                        nd_dtype_name(t), rq->hermitian ? "ifft" : "fft");
  a->single = t == ND_FLOAT32 || t == ND_COMPLEX64;
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
    if (ns > 0 && !s) return ndf_null_arg(op, "s");
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
      char buf[256];
      return nd_set_error(ND_ERR_OVERFLOW_SIZE, "%s: result of shape %s is too large", op,
                          ndf_fmt_shape(buf, sizeof buf, a->ndim, a->shape));
    }
    size *= a->shape[d];
  }
  return ND_OK;
}

nd_array *ndf_alloc_like(const char *op, const nd_array *x, nd_dtype t, int ndim,
                         const int64_t *shape) {
  const int64_t *st = nd_strides(x), *xs = nd_shape(x);
  /* memory order: axes of extent 1 first (their place does not matter), then the others
   * by decreasing |stride|, ties in C order */
  int perm[ND_MAX_DIMS], inv[ND_MAX_DIMS], k = 0;
  for (int i = 0; i < ndim; i++)
    if (xs[i] <= 1) perm[k++] = i;
  int first = k;
  for (int i = 0; i < ndim; i++) {
    if (xs[i] <= 1) continue;
    int64_t si = st[i] < 0 ? -st[i] : st[i];
    int j = k++;
    for (; j > first; j--) {
      int64_t sp = st[perm[j - 1]] < 0 ? -st[perm[j - 1]] : st[perm[j - 1]];
      if (sp >= si) break;
      perm[j] = perm[j - 1];
    }
    perm[j] = i;
  }
  int64_t mshape[ND_MAX_DIMS];
  for (int i = 0; i < ndim; i++) {
    mshape[i] = shape[perm[i]];
    inv[perm[i]] = i;
  }
  nd_array *m = nd_empty(t, ndim, mshape, ND_C);
  if (!m) {
    char buf[256];
    nd_set_error(nd_last_extended_status(), "%s: cannot allocate the result of shape %s (%s)", op,
                 ndf_fmt_shape(buf, sizeof buf, ndim, shape), nd_last_error());
    return NULL;
  }
  nd_array *r = nd_permute(m, ndim, inv);
  nd_release(m);
  return r;
}

nd_status ndf_check_out(const char *op, const nd_array *out, const ndf_args *a) {
  if (nd_ndim(out) != a->ndim || memcmp(nd_shape(out), a->shape, sizeof(int64_t) * (size_t)a->ndim)) {
    char b1[256], b2[256];
    return nd_set_error(ND_ERR_SHAPE, "%s: out has shape %s, expected %s", op,
                        ndf_fmt_shape(b1, sizeof b1, nd_ndim(out), nd_shape(out)),
                        ndf_fmt_shape(b2, sizeof b2, a->ndim, a->shape));
  }
  if (nd_dtype_of(out) != a->result)
    return nd_set_error(ND_ERR_TYPE, "%s: out has dtype %s, expected %s", op,
                        nd_dtype_name(nd_dtype_of(out)), nd_dtype_name(a->result));
  if (!nd_is_writeable(out))
    return nd_set_error(ND_ERR_READONLY, "%s: out is read-only (or a broadcast view)", op);
  return ND_OK;
}
