/* Functions built from the decompositions and products, following NumPy's algorithms
 * step by step (so float32 inputs see the same float32 roundings as in NumPy):
 *   pinv: SVD of conj(a), reciprocals of the singular values above rtol * max(S) (zero
 *   below), then Vh^T (S^+ U^T);
 *   matrix_rank: the number of singular values above rtol * max(S);
 *   matrix_power: repeated squaring with matmul (inv first for negative powers). */
#include <math.h>
#include <string.h>

#include "core/dtype.h"
#include "kernels/loop.h"
#include "lapack_batch.h"
#include "nd/creation.h"
#include "nd/linalg.h"
#include "nd/views.h"

static double eps_of(nd_dtype real) { return real == ND_FLOAT32 ? 1.1920928955078125e-07 : 2.220446049250313e-16; }

/* A C-contiguous copy of a with conjugated elements (a itself, retained, if real). */
static nd_array *conj_copy(const char *op, const nd_array *a) {
  if (ndi_dtype_kind(a->dtype) != 'c') return nd_retain((nd_array *)a);
  nd_array *c = ndi_array_alloc(op, a->dtype, a->ndim, a->shape, ND_C);
  if (!c) return NULL;
  ndi_copy_array(c, a);
  if (a->dtype == ND_COMPLEX64)
    for (int64_t i = 0; i < c->size; i++) ((float *)c->data)[2 * i + 1] *= -1;
  else
    for (int64_t i = 0; i < c->size; i++) ((double *)c->data)[2 * i + 1] *= -1;
  return c;
}

/* Per-matrix tolerances: rtols (any real dtype, broadcast to the batch shape of a) as a
 * C-contiguous float64 array of one value per matrix, or NULL (and *st set) on failure. A
 * NULL rtols gives NULL with *st ND_OK: one tolerance for every matrix. */
static nd_array *batch_rtols(const char *op, const nd_array *a, const nd_array *rtols,
                             nd_status *st) {
  *st = ND_OK;
  if (!rtols) return NULL;
  if (ndi_dtype_kind(rtols->dtype) == 'c') {
    *st = ndi_error(ND_ERR_TYPE, "%s: rtol must be real, not %s", op, ndi_dtype_name(rtols->dtype));
    return NULL;
  }
  nd_array *b = nd_broadcast_to((nd_array *)rtols, a->ndim - 2, a->shape);
  if (!b) {
    char sa[NDI_SHAPE_BUF], sr[NDI_SHAPE_BUF];
    *st = ndi_error(ND_ERR_SHAPE, "%s: rtol of shape %s does not broadcast to the batch shape %s", op,
                    ndi_fmt_shape(sr, sizeof sr, rtols->ndim, rtols->shape),
                    ndi_fmt_shape(sa, sizeof sa, a->ndim - 2, a->shape));
    return NULL;
  }
  nd_array *c = ndi_array_alloc(op, ND_FLOAT64, b->ndim, b->shape, ND_C);
  if (c) ndi_copy_array(c, b);
  nd_release(b);
  if (!c) *st = ND_ERR_NOMEM;
  return c;
}

/* The tolerance of matrix i: rtols[i] if given, else rtol; a negative or NaN one is the
 * Array API default max(M, N) * eps. */
static double rtol_of(const nd_array *rtols, double rtol, int64_t i, double dflt) {
  double t = rtols ? ((const double *)rtols->data)[i] : rtol;
  return (isnan(t) || t < 0) ? dflt : t;
}

/* Largest value along the last axis of s (real, C-contiguous [..., k]), as double. */
static double row_max(const nd_array *s, int64_t row, int64_t k) {
  double m = 0;
  for (int64_t j = 0; j < k; j++) {
    double v;
    ndi_convert_one(ND_FLOAT64, &v, s->dtype, s->data + (size_t)(row * k + j) * ndi_dtype_size(s->dtype));
    if (j == 0 || v > m || isnan(v)) m = v;
  }
  return m;
}

static nd_array *pinv(const nd_array *a, double rtol, const nd_array *rtol_array) {
  const char *op = "pinv";
  NDI_REQUIRE(op, a);
  if (ndi_la_check_matrix(op, a, false)) return NULL;
  int64_t m = a->shape[a->ndim - 2], n = a->shape[a->ndim - 1], k = m < n ? m : n;
  nd_dtype ct, rt;
  ndi_la_dtypes(1, &a->dtype, &ct, &rt);
  double dflt = (double)(m > n ? m : n) * eps_of(ndi_real_dtype(rt));
  nd_status st;
  nd_array *rtols = batch_rtols(op, a, rtol_array, &st);
  if (st) return NULL;
  if (a->size == 0) { /* NumPy: an empty result of the transposed shape */
    int64_t shape[ND_MAX_DIMS];
    memcpy(shape, a->shape, sizeof(int64_t) * (size_t)a->ndim);
    shape[a->ndim - 2] = n;
    shape[a->ndim - 1] = m;
    nd_release(rtols);
    return ndi_array_alloc(op, rt, a->ndim, shape, ND_C);
  }
  nd_array *ac = conj_copy(op, a), *u = NULL, *s = NULL, *vt = NULL, *r = NULL;
  if (ac && !ndi_la_svd(op, ac, false, true, &u, &s, &vt)) {
    /* s <- 1/s above the cutoff, 0 below, in s's own precision */
    int64_t rows = s->size / (k ? k : 1);
    for (int64_t i = 0; i < rows; i++) {
      double cut = rtol_of(rtols, rtol, i, dflt) * row_max(s, i, k);
      for (int64_t j = 0; j < k; j++) {
        if (s->dtype == ND_FLOAT32) {
          float *v = (float *)s->data + i * k + j;
          *v = *v > (float)cut ? 1.0f / *v : 0.0f;
        } else {
          double *v = (double *)s->data + i * k + j;
          *v = *v > cut ? 1.0 / *v : 0.0;
        }
      }
    }
    nd_array *ops[2] = {s, u};
    nd_array *su = nd_einsum("...k,...mk->...km", 2, ops); /* s[..., None] * u^T */
    nd_array *v = su ? nd_matrix_transpose(vt) : NULL;
    if (v) r = ndi_la_matmul(op, v, su);
    nd_release(v);
    nd_release(su);
  }
  nd_release(ac);
  nd_release(u);
  nd_release(s);
  nd_release(vt);
  nd_release(rtols);
  return r;
}

nd_array *nd_linalg_pinv(const nd_array *a, double rtol) { return pinv(a, rtol, NULL); }

nd_array *nd_linalg_pinv_rtol(const nd_array *a, const nd_array *rtol) {
  if (!rtol) return ndi_null_arg_named("pinv", "rtol"), NULL;
  return pinv(a, 0, rtol);
}

static nd_array *matrix_rank(const nd_array *a, double rtol, const nd_array *rtol_array) {
  const char *op = "matrix_rank";
  NDI_REQUIRE(op, a);
  if (a->ndim < 2) { /* NumPy: 1 unless every element is 0 */
    nd_array *r = ndi_array_alloc(op, ND_INT64, 0, NULL, ND_C);
    if (!r) return NULL;
    int64_t any = 0;
    int64_t idx[ND_MAX_DIMS] = {0};
    size_t es = ndi_dtype_size(a->dtype);
    for (int64_t e = 0; e < a->size && !any; e++) {
      const char *p = a->data;
      for (int i = 0; i < a->ndim; i++) p += idx[i] * a->strides[i] * (int64_t)es;
      double v[2];
      ndi_convert_one(ND_COMPLEX128, v, a->dtype, p);
      any = v[0] != 0 || v[1] != 0;
      for (int i = a->ndim - 1; i >= 0 && ++idx[i] == a->shape[i]; i--) idx[i] = 0;
    }
    *(int64_t *)r->data = any;
    return r;
  }
  int64_t m = a->shape[a->ndim - 2], n = a->shape[a->ndim - 1], k = m < n ? m : n;
  nd_status st;
  nd_array *rtols = batch_rtols(op, a, rtol_array, &st);
  if (st) return NULL;
  nd_array *s = NULL;
  if (ndi_la_svd(op, a, false, false, NULL, &s, NULL)) {
    nd_release(rtols);
    return NULL;
  }
  double dflt = (double)(m > n ? m : n) * eps_of(s->dtype);
  nd_array *r = ndi_array_alloc(op, ND_INT64, a->ndim - 2, a->shape, ND_C);
  if (r) {
    for (int64_t i = 0; i < r->size; i++) {
      int64_t count = 0;
      double t = rtol_of(rtols, rtol, i, dflt);
      if (s->dtype == ND_FLOAT32) {
        const float *v = (const float *)s->data + i * k;
        float tol = k ? (float)(v[0] * (float)t) : 0;
        for (int64_t j = 0; j < k; j++) count += v[j] > tol;
      } else {
        const double *v = (const double *)s->data + i * k;
        double tol = k ? v[0] * t : 0;
        for (int64_t j = 0; j < k; j++) count += v[j] > tol;
      }
      ((int64_t *)r->data)[i] = count;
    }
  }
  nd_release(s);
  nd_release(rtols);
  return r;
}

nd_array *nd_linalg_matrix_rank(const nd_array *a, double rtol) { return matrix_rank(a, rtol, NULL); }

nd_array *nd_linalg_matrix_rank_rtol(const nd_array *a, const nd_array *rtol) {
  if (!rtol) return ndi_null_arg_named("matrix_rank", "rtol"), NULL;
  return matrix_rank(a, 0, rtol);
}

nd_array *nd_linalg_matrix_power(const nd_array *a, int64_t n) {
  const char *op = "matrix_power";
  NDI_REQUIRE(op, a);
  if (ndi_la_check_matrix(op, a, true)) return NULL;
  if (n == 0) { /* the identity, in a's dtype */
    nd_array *r = ndi_array_alloc(op, a->dtype, a->ndim, a->shape, ND_C);
    if (!r || ndi_fill(op, r, ND_INT(0))) {
      nd_release(r);
      return NULL;
    }
    nd_array *d = nd_diagonal(r, 0, -2, -1);
    nd_status st = d ? ndi_fill(op, d, ND_INT(1)) : nd_last_status();
    nd_release(d);
    if (st) {
      nd_release(r);
      return NULL;
    }
    return r;
  }
  nd_array *base = n < 0 ? ndi_la_inv("matrix_power", a) : nd_copy(a, ND_C);
  if (!base) return NULL;
  uint64_t e = n < 0 ? (uint64_t)0 - (uint64_t)n : (uint64_t)n;
  if (e == 1) return base;
  /* NumPy's order: 2 and 3 directly, then binary decomposition from the low bits */
  if (e == 2 || e == 3) {
    nd_array *sq = ndi_la_matmul(op, base, base);
    nd_array *r = sq && e == 3 ? ndi_la_matmul(op, sq, base) : nd_retain(sq);
    nd_release(sq);
    nd_release(base);
    return r;
  }
  nd_array *z = NULL, *result = NULL;
  while (e > 0) {
    nd_array *nz = z ? ndi_la_matmul(op, z, z) : nd_retain(base);
    nd_release(z);
    z = nz;
    if (!z) break;
    if (e & 1) {
      nd_array *nr = result ? ndi_la_matmul(op, result, z) : nd_retain(z);
      nd_release(result);
      result = nr;
      if (!result) break;
    }
    e >>= 1;
  }
  nd_release(z);
  nd_release(base);
  if (e > 0) { /* stopped by a failure */
    nd_release(result);
    return NULL;
  }
  return result;
}
