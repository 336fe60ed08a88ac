/* Helpers for the decomposition tests: well-conditioned matrices in every layout, and
 * comparisons of algebraic identities in complex double. Header-only. */
#ifndef ND_TEST_LA_CHECK_H
#define ND_TEST_LA_CHECK_H

#include <complex.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "helpers.h"

#define LA_HELPER static __attribute__((unused))

/* The same values as src, laid out per L (for TH_BROADCAST every batch element equals
 * src's first one, with a stride-0 axis 0). */
LA_HELPER nd_array *la_relayout(nd_array *src, th_layout L) {
  int nd = nd_ndim(src);
  const int64_t *sh = nd_shape(src);
  int64_t s2[ND_MAX_DIMS];
  nd_array *base = NULL, *v = NULL;
  switch (L) {
    case TH_C: return nd_copy(src, ND_C);
    case TH_F: return nd_copy(src, ND_F);
    case TH_TRANSPOSED:
      for (int i = 0; i < nd; i++) s2[i] = sh[nd - 1 - i];
      base = nd_empty(nd_dtype_of(src), nd, s2, ND_C);
      v = nd_transpose(base);
      break;
    case TH_STEPPED: {
      char spec[4 * ND_MAX_DIMS + 1] = "";
      for (int i = 0; i < nd; i++) {
        s2[i] = 2 * sh[i] + 1;
        strcat(spec, i ? ",1::2" : "1::2");
      }
      base = nd_empty(nd_dtype_of(src), nd, s2, ND_C);
      v = nd_index(base, spec);
      break;
    }
    case TH_NEGATIVE:
      base = nd_empty(nd_dtype_of(src), nd, sh, ND_C);
      v = nd_flip(base, ND_ALL_AXES, NULL);
      break;
    default: {
      if (nd < 3) return nd_copy(src, ND_C);
      nd_array *first = nd_copy(nd_index(src, "0:1"), ND_C);
      v = nd_broadcast_to(first, nd, sh);
      nd_release(first);
      return v;
    }
  }
  nd_assign(v, src);
  nd_release(base);
  return v;
}

/* Tolerance for results of dtype t (single precision results are rounded doubles; the
 * decompositions of float16 and bfloat16 give float32). */
LA_HELPER double la_tol(nd_dtype t) {
  bool single = t == ND_FLOAT32 || t == ND_COMPLEX64 || t == ND_FLOAT16 || t == ND_BFLOAT16;
  return single ? 2e-5 : 1e-11;
}

/* A copy in complex128 (for identities computed with nd_matmul in full precision). */
LA_HELPER nd_array *la_z(const nd_array *a) { return nd_astype(a, ND_COMPLEX128); }

/* Conjugate transpose of the last two axes, as a complex128 copy. */
LA_HELPER nd_array *la_h(const nd_array *a) {
  nd_array *z = la_z(a), *t = nd_matrix_transpose(z), *c = nd_copy(t, ND_C);
  double *d = nd_data(c);
  for (int64_t i = 0; i < nd_size(c); i++) d[2 * i + 1] = -d[2 * i + 1];
  nd_release(z);
  nd_release(t);
  return c;
}

/* Asserts |got - want| <= tol * (1 + max |want|) elementwise (any dtypes, broadcast
 * shapes must be equal). */
LA_HELPER void la_close(const nd_array *got, const nd_array *want, double tol, const char *what) {
  assert_non_null(got);
  assert_non_null(want);
  assert_int_equal(nd_ndim(got), nd_ndim(want));
  int nd = nd_ndim(got);
  for (int i = 0; i < nd; i++) assert_int_equal(nd_shape(got)[i], nd_shape(want)[i]);
  if (nd_size(got) == 0) return;
  double scale = 0;
  int64_t idx[ND_MAX_DIMS] = {0};
  do {
    double r, i;
    th_get(want, idx, &r, &i);
    if (hypot(r, i) > scale) scale = hypot(r, i);
  } while (th_next(nd, nd_shape(want), idx));
  memset(idx, 0, sizeof idx);
  do {
    double gr, gi, wr, wi;
    th_get(got, idx, &gr, &gi);
    th_get(want, idx, &wr, &wi);
    if ((gr != wr || gi != wi) && !(hypot(gr - wr, gi - wi) <= tol * (1 + scale)))
      fail_msg("%s: element %lld: got (%.17g,%.17g) want (%.17g,%.17g)", what, (long long)idx[0], gr, gi, wr, wi);
  } while (th_next(nd, nd_shape(got), idx));
}

/* Identity matrices of the shape of a's last two axes, broadcast over its batch. */
LA_HELPER nd_array *la_eye_like(const nd_array *a) {
  int nd = nd_ndim(a);
  nd_array *e = nd_eye(ND_COMPLEX128, nd_shape(a)[nd - 2], nd_shape(a)[nd - 1], 0);
  nd_array *b = nd_broadcast_to(e, nd, nd_shape(a));
  nd_release(e);
  return b;
}

/* diag(v) from the last axis of v: [..., k] -> [..., k, k] complex128 */
LA_HELPER nd_array *la_diag(const nd_array *v) {
  int nd = nd_ndim(v);
  int64_t shape[ND_MAX_DIMS];
  memcpy(shape, nd_shape(v), sizeof(int64_t) * (size_t)nd);
  shape[nd] = shape[nd - 1];
  nd_array *d = nd_zeros(ND_COMPLEX128, nd + 1, shape, ND_C);
  nd_array *dg = nd_diagonal(d, 0, -2, -1);
  nd_assign(dg, v);
  nd_release(dg);
  return d;
}

/* The result dtype of the decompositions for input dtype t: float32 and complex64 stay,
 * float16 and bfloat16 give float32 (SciPy's rule), other complex inputs complex128,
 * everything else float64. */
LA_HELPER nd_dtype la_result_dtype(nd_dtype t) {
  if (t == ND_FLOAT32 || t == ND_COMPLEX64) return t;
  if (t == ND_FLOAT16 || t == ND_BFLOAT16) return ND_FLOAT32;
  return nd_dtype_kind(t) == 'c' ? ND_COMPLEX128 : ND_FLOAT64;
}

/* A Hermitian (symmetric for real t) matrix stack of dtype t: m + m^H from th_make values
 * (bool: their logical or; 1-byte integers: divided by 8, so that la_hpd fits). */
LA_HELPER nd_array *la_herm(nd_dtype t, int ndim, const int64_t *shape, unsigned seed) {
  nd_array *m = th_make(t, ndim, shape, TH_C, seed), *r = nd_empty(t, ndim, shape, ND_C);
  int64_t idx[ND_MAX_DIMS] = {0}, tr[ND_MAX_DIMS];
  if (nd_size(r)) do {
      memcpy(tr, idx, sizeof tr);
      tr[ndim - 1] = idx[ndim - 2];
      tr[ndim - 2] = idx[ndim - 1];
      double ar, ai, br, bi;
      th_get(m, idx, &ar, &ai);
      th_get(m, tr, &br, &bi);
      double re = ar + br, im = ai - bi;
      if (t == ND_BOOL) re = (ar != 0 || br != 0);
      else if (nd_dtype_size(t) == 1) re = floor(re / 8);
      th_set(r, idx, re, im);
    } while (th_next(ndim, shape, idx));
  nd_release(m);
  return r;
}

/* A Hermitian positive definite stack of dtype t: la_herm with its diagonal replaced by 1
 * plus the sum of the row's other magnitudes (strictly diagonally dominant); the identity
 * for bool. Values fit int8 for matrices up to 4 x 4. */
LA_HELPER nd_array *la_hpd(nd_dtype t, int ndim, const int64_t *shape, unsigned seed) {
  int64_t n = shape[ndim - 1];
  if (t == ND_BOOL) {
    nd_array *e = nd_eye(t, n, -1, 0), *b = nd_broadcast_to(e, ndim, shape), *c = nd_copy(b, ND_C);
    nd_release(e);
    nd_release(b);
    return c;
  }
  nd_array *h = la_herm(t, ndim, shape, seed);
  int64_t idx[ND_MAX_DIMS] = {0};
  do {
    if (idx[ndim - 1] != 0) continue; /* once per row */
    double sum = 1, re, im;
    for (int64_t j = 0; j < n; j++) {
      int64_t k[ND_MAX_DIMS];
      memcpy(k, idx, sizeof k);
      k[ndim - 1] = j;
      th_get(h, k, &re, &im);
      if (j != idx[ndim - 2]) sum += hypot(re, im);
    }
    int64_t d[ND_MAX_DIMS];
    memcpy(d, idx, sizeof d);
    d[ndim - 1] = idx[ndim - 2];
    th_set(h, d, sum, 0);
  } while (th_next(ndim, shape, idx));
  return h;
}

/* Asserts that the values along the last axis of w (real) do not decrease. */
LA_HELPER void la_ascending(const nd_array *w) {
  int nd = nd_ndim(w);
  if (nd_size(w) == 0) return;
  int64_t idx[ND_MAX_DIMS] = {0};
  double prev = -INFINITY, re, im;
  do {
    th_get(w, idx, &re, &im);
    if (idx[nd - 1] == 0) prev = -INFINITY;
    assert_true(re >= prev);
    prev = re;
  } while (th_next(nd, nd_shape(w), idx));
}

#endif
