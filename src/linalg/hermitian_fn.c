/* Functions of Hermitian matrices through their eigendecomposition a = V diag(w) V^H:
 * f(a) = V diag(f(w)) V^H (nd_linalg_funm_hermitian with a callback on the eigenvalues,
 * nd_linalg_fractional_matrix_power for positive semidefinite a, and
 * nd_linalg_inv_sqrtm_hermitian with a cut-off). The decomposition runs in double
 * precision (the input converted first), the result is rounded at the end. */
#include <complex.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "core/dtype.h"
#include "kernels/loop.h"
#include "lapack_batch.h"
#include "nd/core.h"
#include "nd/elementwise.h"
#include "nd/matfunc.h"
#include "nd/views.h"

/* The eigendecomposition of a in double precision: w [..., N] float64, v [..., N, N]. */
static nd_status eigh_double(const char *op, const nd_array *a, nd_array **w, nd_array **v) {
  if (ndi_la_check_matrix(op, a, true)) return nd_last_status();
  nd_dtype ct, rt;
  ndi_la_dtypes(1, &a->dtype, &ct, &rt);
  nd_array *ad = ndi_la_as_dtype(op, a, ct);
  if (!ad) return nd_last_status();
  nd_status st = ndi_la_eigh(op, ad, w, v);
  nd_release(ad);
  return st;
}

/* V diag(f) V^H in dtype rt; f [..., N] (broadcast to v's batch) real or complex. */
static nd_array *reassemble(const char *op, nd_array *v, nd_array *f, nd_dtype rt) {
  nd_array *fr = nd_expand_dims(f, -2);
  nd_array *vf = fr ? nd_multiply(v, fr) : NULL;
  nd_array *vt = nd_matrix_transpose(v);
  nd_array *vh = vt && ndi_dtype_kind(v->dtype) == 'c' ? nd_conj(vt) : nd_retain(vt);
  nd_array *r = vf && vh ? ndi_la_matmul(op, vf, vh) : NULL;
  nd_array *out = r ? ndi_la_as_dtype(op, r, rt) : NULL;
  nd_release(fr);
  nd_release(vf);
  nd_release(vt);
  nd_release(vh);
  nd_release(r);
  return out;
}

/* ---- funm_hermitian ------------------------------------------------------------------ */

nd_array *nd_linalg_funm_hermitian(const nd_array *a, nd_eigenvalue_fn f, void *ctx) {
  const char *op = "funm_hermitian";
  NDI_REQUIRE(op, a);
  if (!f) {
    ndi_null_arg_named(op, "f");
    return NULL;
  }
  nd_array *w = NULL, *v = NULL;
  if (eigh_double(op, a, &w, &v)) return NULL;
  nd_clear_error();
  nd_array *fw = f(w, ctx), *fb = NULL, *fc = NULL, *r = NULL;
  if (!fw) {
    if (nd_last_status() == ND_OK) ndi_error(ND_ERR_VALUE, "%s: the function failed", op);
    goto done;
  }
  fb = nd_broadcast_to(fw, w->ndim, w->shape);
  if (!fb) {
    char sf[NDI_SHAPE_BUF], sw[NDI_SHAPE_BUF];
    ndi_error(ND_ERR_SHAPE, "%s: f(w) of shape %s does not broadcast to the eigenvalues' shape %s", op,
              ndi_fmt_shape(sf, sizeof sf, fw->ndim, fw->shape), ndi_fmt_shape(sw, sizeof sw, w->ndim, w->shape));
    goto done;
  }
  bool cplx = ndi_dtype_kind(fw->dtype) == 'c';
  fc = ndi_la_as_dtype(op, fb, cplx ? ND_COMPLEX128 : ND_FLOAT64);
  /* a's precision, complex when a or f(w) is */
  nd_dtype ct, rt;
  ndi_la_dtypes(1, &a->dtype, &ct, &rt);
  if (cplx && rt == ND_FLOAT32) rt = ND_COMPLEX64;
  if (cplx && rt == ND_FLOAT64) rt = ND_COMPLEX128;
  if (fc) r = reassemble(op, v, fc, rt);
done:
  nd_release(w);
  nd_release(v);
  nd_release(fw);
  nd_release(fb);
  nd_release(fc);
  return r;
}

/* ---- fractional_matrix_power and inv_sqrtm_hermitian ---------------------------------- */

static double eps_of(nd_dtype t) {
  if (t == ND_FLOAT16) return 0x1p-10;
  if (t == ND_BFLOAT16) return 0x1p-7;
  return (t == ND_FLOAT32 || t == ND_COMPLEX64) ? (double)FLT_EPSILON : DBL_EPSILON;
}

/* Whether every matrix of a is Hermitian: |a_ij - conj(a_ji)| <= tol max |a| */
static bool is_hermitian(const nd_array *a, double tol) {
  int64_t n = a->shape[a->ndim - 1], rs = a->strides[a->ndim - 2], cs = a->strides[a->ndim - 1];
  int nb = a->ndim - 2;
  int64_t count = 1, idx[ND_MAX_DIMS] = {0};
  for (int d = 0; d < nb; d++) count *= a->shape[d];
  for (int64_t e = 0; e < count; e++) {
    int64_t off = 0, lin = e;
    for (int d = nb - 1; d >= 0; d--) {
      idx[d] = lin % a->shape[d];
      lin /= a->shape[d];
      off += idx[d] * a->strides[d];
    }
    double big = 0, diff = 0, x[2], y[2];
    for (int64_t i = 0; i < n; i++)
      for (int64_t j = 0; j < n; j++) {
        ndi_convert_one(ND_COMPLEX128, x, a->dtype, a->data + (off + i * rs + j * cs) * (int64_t)ndi_dtype_size(a->dtype));
        ndi_convert_one(ND_COMPLEX128, y, a->dtype, a->data + (off + j * rs + i * cs) * (int64_t)ndi_dtype_size(a->dtype));
        big = fmax(big, hypot(x[0], x[1]));
        diff = fmax(diff, hypot(x[0] - y[0], x[1] + y[1]));
      }
    if (diff > tol * big) return false;
  }
  return true;
}

typedef enum { POWER, INV_SQRT } spectral_kind;

/* f(w) of every matrix into w itself: w^p of positive semidefinite matrices (tiny negative
 * eigenvalues counting as 0), or w^-1/2 above the cut-off and 0 below. Returns -1, or the
 * batch position of the first failing matrix with *neg its offending eigenvalue (a
 * negative one, or NaN for a singular matrix with p < 0). */
static int64_t spectral(nd_array *w, spectral_kind kind, double p, double cutoff, double *neg) {
  int64_t n = w->shape[w->ndim - 1], rows = n ? w->size / n : 0;
  double *d = (double *)w->data;
  for (int64_t r = 0; r < rows; r++, d += n) {
    double big = 0;
    for (int64_t i = 0; i < n; i++) big = fmax(big, fabs(d[i]));
    double tiny = (double)n * DBL_EPSILON * big;
    for (int64_t i = 0; i < n; i++) {
      if (kind == INV_SQRT) {
        double cut = (cutoff >= 0) ? cutoff : tiny;
        d[i] = d[i] > cut ? 1 / sqrt(d[i]) : 0;
        continue;
      }
      if (d[i] < -100 * tiny) {
        *neg = d[i];
        return r;
      }
      double x = d[i] < tiny ? 0 : d[i];
      if (x == 0 && p < 0) {
        *neg = NAN;
        return r;
      }
      d[i] = p == 0 ? 1 : x == 0 ? 0 : pow(x, p);
    }
  }
  return -1;
}

static nd_array *spectral_fn(const char *op, const nd_array *a, spectral_kind kind, double p, double cutoff) {
  nd_array *w = NULL, *v = NULL, *r = NULL;
  if (eigh_double(op, a, &w, &v)) return NULL;
  double neg = 0;
  int64_t bad = spectral(w, kind, p, cutoff, &neg);
  if (bad >= 0) {
    char which[NDI_SHAPE_BUF + 32];
    ndi_la_fmt_batch(which, sizeof which, a->ndim - 2, a->shape, bad);
    if (isnan(neg)) ndi_error(ND_ERR_LINALG, "%s: %s is singular (a negative power of a zero eigenvalue)", op, which);
    else ndi_error(ND_ERR_LINALG, "%s: %s is not positive semidefinite (eigenvalue %g)", op, which, neg);
  } else {
    nd_dtype ct, rt;
    ndi_la_dtypes(1, &a->dtype, &ct, &rt);
    r = reassemble(op, v, w, rt);
  }
  nd_release(w);
  nd_release(v);
  return r;
}

nd_array *nd_linalg_fractional_matrix_power(const nd_array *a, double p) {
  const char *op = "fractional_matrix_power";
  NDI_REQUIRE(op, a);
  if (!isfinite(p)) return ndi_error_null(ND_ERR_VALUE, "%s: the power must be finite (got %g)", op, p);
  if (ndi_la_check_matrix(op, a, true)) return NULL;
  if (!is_hermitian(a, 100.0 * (double)a->shape[a->ndim - 1] * eps_of(a->dtype)))
    return ndi_error_null(ND_ERR_VALUE,
                          "%s: the matrix is not Hermitian (only Hermitian positive semidefinite matrices are supported)",
                          op);
  return spectral_fn(op, a, POWER, p, 0);
}

nd_array *nd_linalg_inv_sqrtm_hermitian(const nd_array *a, double cutoff) {
  NDI_REQUIRE("inv_sqrtm_hermitian", a);
  return spectral_fn("inv_sqrtm_hermitian", a, INV_SQRT, 0, isnan(cutoff) ? -1 : cutoff);
}
