/* Vector and matrix norms (the Array API's vector_norm and matrix_norm, NumPy's
 * definitions). The reduced elements of each result are gathered (with the transposing
 * copy engine) into rows of a float64 / complex128 buffer, so each norm is computed in
 * double precision from a contiguous row: sums use NumPy's pairwise summation, the
 * 2-norm sums squares of the components as NumPy does (x.conj() * x).real. Results have
 * the real dtype of floating inputs (float32 stays float32, float16 float16: computed in
 * double, rounded once) and float64 otherwise.
 * Maxima of empty sets are 0, as in NumPy; minima of empty sets are errors. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/dtype.h"
#include "kernels/la_kernels.h"
#include "kernels/loop.h"
#include "lapack_batch.h"
#include "nd/linalg.h"
#include "nd/views.h"

static nd_dtype norm_dtype(nd_dtype t) {
  char k = ndi_dtype_kind(t);
  return k == 'f' ? t : k == 'c' ? ndi_real_dtype(t) : ND_FLOAT64;
}

/* x with the axes flagged in `red` moved last, copied C-contiguous as float64 (complex128
 * for complex x): rows of `inner` reduced elements. */
static nd_array *gather_rows(const char *op, const nd_array *x, const bool *red, int64_t *inner) {
  int perm[ND_MAX_DIMS], np = 0;
  int64_t shape[ND_MAX_DIMS], strides[ND_MAX_DIMS];
  *inner = 1;
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < x->ndim; i++)
      if (red[i] == (pass == 1)) perm[np++] = i;
  for (int i = 0; i < x->ndim; i++) {
    shape[i] = x->shape[perm[i]];
    strides[i] = x->strides[perm[i]];
    if (red[perm[i]]) *inner *= shape[i];
  }
  nd_array *v = ndi_view(op, x, x->ndim, shape, strides, x->offset);
  if (!v) return NULL;
  nd_dtype t = ndi_dtype_kind(x->dtype) == 'c' ? ND_COMPLEX128 : ND_FLOAT64;
  nd_array *r = ndi_array_alloc(op, t, v->ndim, v->shape, ND_C);
  if (r) ndi_copy_array(r, v);
  nd_release(v);
  return r;
}

/* The norm of one row of n values (reals, or (re, im) pairs when cplx). tmp has room for
 * n doubles. The maximum of an empty row is 0; callers refuse its minimum. */
static void row_norm(const double *x, int64_t n, bool cplx, double ord, double *tmp, double *out) {
  for (int64_t i = 0; i < n; i++) tmp[i] = cplx ? hypot(x[2 * i], x[2 * i + 1]) : fabs(x[i]);
  if (isinf(ord)) {
    if (n == 0) {
      *out = 0;
      return;
    }
    double m = tmp[0];
    for (int64_t i = 1; i < n; i++)
      if (isnan(tmp[i]) || (ord > 0 ? tmp[i] > m : tmp[i] < m)) m = tmp[i];
    *out = m;
    return;
  }
  if (ord == 0) {
    double c = 0;
    for (int64_t i = 0; i < n; i++) c += tmp[i] != 0;
    *out = c;
  } else if (ord == 1) {
    *out = ndi_la_pairwise_f64(tmp, n);
  } else if (ord == 2) {
    for (int64_t i = 0; i < n; i++)
      tmp[i] = cplx ? x[2 * i] * x[2 * i] + x[2 * i + 1] * x[2 * i + 1] : x[i] * x[i];
    *out = sqrt(ndi_la_pairwise_f64(tmp, n));
  } else {
    for (int64_t i = 0; i < n; i++) tmp[i] = pow(tmp[i], ord);
    *out = pow(ndi_la_pairwise_f64(tmp, n), 1.0 / ord);
  }
}

/* what_min: how an error for a minimum over nothing names the norm ("ord=-inf"). */
static nd_array *vector_norm_impl(const char *op, const nd_array *x, const bool *red,
                                  bool keepdims, double ord, const char *what_min) {
  int64_t inner, oshape[ND_MAX_DIMS];
  int ond = 0;
  for (int i = 0; i < x->ndim; i++) {
    if (!red[i]) oshape[ond++] = x->shape[i];
    else if (keepdims) oshape[ond++] = 1;
  }
  nd_array *g = gather_rows(op, x, red, &inner);
  nd_array *r = g ? ndi_array_alloc(op, norm_dtype(x->dtype), ond, oshape, ND_C) : NULL;
  double *tmp = r ? ndi_malloc(sizeof(double) * (size_t)(inner > 0 ? inner : 1)) : NULL;
  nd_status st = g && r && tmp ? ND_OK : nd_last_status();
  if (r && !tmp) st = ndi_nomem(op, sizeof(double) * (size_t)inner);
  bool cplx = g && g->dtype == ND_COMPLEX128;
  size_t rs = r ? ndi_dtype_size(r->dtype) : 0;
  /* a minimum over an empty axis is an error even when no result is asked for (NumPy) */
  if (!st && inner == 0 && ord == -INFINITY)
    st = ndi_error(ND_ERR_VALUE, "%s: %s over an empty set of elements (a minimum of nothing)", op, what_min);
  for (int64_t o = 0; !st && o < r->size; o++) {
    double v;
    row_norm((const double *)g->data + o * inner * (cplx ? 2 : 1), inner, cplx, ord, tmp, &v);
    ndi_convert_one(r->dtype, r->data + (size_t)o * rs, ND_FLOAT64, &v);
  }
  ndi_free(tmp);
  nd_release(g);
  if (st) {
    nd_release(r);
    return NULL;
  }
  return r;
}

nd_array *nd_linalg_vector_norm(const nd_array *x, int naxes, const int *axes, bool keepdims,
                                double ord) {
  const char *op = "vector_norm";
  NDI_REQUIRE(op, x);
  bool red[ND_MAX_DIMS] = {false};
  if (ndi_select_axes(op, naxes, axes, x->ndim, red)) return NULL;
  return vector_norm_impl(op, x, red, keepdims, ord, "ord=-inf");
}

/* ---- matrix norms ------------------------------------------------------------------ */

/* Sums of |x| over axis `sum_axis` (-2: down the columns, -1: along the rows) of each
 * matrix, then their maximum (or minimum) over the other axis. */
static nd_array *sum_then_extreme(const char *op, const nd_array *x, int sum_axis, bool max,
                                  bool keepdims, const char *what_min) {
  int nd = x->ndim;
  bool red[ND_MAX_DIMS] = {false};
  red[nd + sum_axis] = true;
  nd_array *sums = vector_norm_impl(op, x, red, false, 1, NULL); /* float: sums of |x| */
  if (!sums) return NULL;
  bool red2[ND_MAX_DIMS] = {false};
  red2[nd - 2] = true;
  nd_array *r = vector_norm_impl(op, sums, red2, false, max ? INFINITY : -INFINITY, what_min);
  nd_release(sums);
  if (!r || !keepdims) return r;
  int64_t shape[ND_MAX_DIMS];
  memcpy(shape, x->shape, sizeof(int64_t) * (size_t)nd);
  shape[nd - 2] = shape[nd - 1] = 1;
  nd_array *k = nd_reshape(r, nd, shape, ND_C);
  nd_release(r);
  return k;
}

/* Functions of the singular values: max (2), min (-2) or sum (nuclear). */
static nd_array *sv_norm(const char *op, const nd_array *x, int kind, bool keepdims) {
  nd_array *s = NULL;
  if (ndi_la_svd(op, x, false, false, NULL, &s, NULL)) return NULL;
  bool red[ND_MAX_DIMS] = {false};
  red[s->ndim - 1] = true;
  /* s >= 0, so its max / min / sum are its inf, -inf and 1 vector norms */
  double ord = kind == 2 ? INFINITY : kind == -2 ? -INFINITY : 1;
  /* the singular values of float16 and bfloat16 matrices are float32 (ndi_la_dtypes) */
  nd_array *r = ndi_round_result(op, vector_norm_impl(op, s, red, false, ord, "ord=-2"),
                               norm_dtype(x->dtype));
  nd_release(s);
  if (!r || !keepdims) return r;
  int64_t shape[ND_MAX_DIMS];
  memcpy(shape, x->shape, sizeof(int64_t) * (size_t)x->ndim);
  shape[x->ndim - 2] = shape[x->ndim - 1] = 1;
  nd_array *k = nd_reshape(r, x->ndim, shape, ND_C);
  nd_release(r);
  return k;
}

nd_array *nd_linalg_matrix_norm(const nd_array *x, bool keepdims, nd_norm_ord ord) {
  const char *op = "matrix_norm";
  NDI_REQUIRE(op, x);
  if (ndi_la_check_matrix(op, x, false)) return NULL;
  bool red[ND_MAX_DIMS] = {false};
  switch (ord) {
    case ND_NORM_FRO:
      red[x->ndim - 2] = red[x->ndim - 1] = true;
      return vector_norm_impl(op, x, red, keepdims, 2, NULL);
    case ND_NORM_NUC: return sv_norm(op, x, 0, keepdims);
    case ND_NORM_2: return sv_norm(op, x, 2, keepdims);
    case ND_NORM_NEG_2: return sv_norm(op, x, -2, keepdims);
    case ND_NORM_1: return sum_then_extreme(op, x, -2, true, keepdims, NULL);
    case ND_NORM_NEG_1: return sum_then_extreme(op, x, -2, false, keepdims, "ord=-1");
    case ND_NORM_INF: return sum_then_extreme(op, x, -1, true, keepdims, NULL);
    case ND_NORM_NEG_INF: return sum_then_extreme(op, x, -1, false, keepdims, "ord=-inf");
  }
  return ndi_error_null(ND_ERR_VALUE, "matrix_norm: invalid ord %d", (int)ord);
}
