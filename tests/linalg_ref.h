/* Reference contractions for the linear-algebra tests: a plain loop over every
 * assignment of the labels (einsum semantics), in exact arithmetic for the values th_make
 * produces. Integers wrap (products and sums in uint64, truncated to the dtype at the
 * end), bool is or-of-ands, float and complex accumulate in double. Header-only: each test
 * executable includes it once. */
#ifndef ND_TEST_LINALG_REF_H
#define ND_TEST_LINALG_REF_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

/* Truncates a wrapped integer accumulator to dtype t, as a double. */
static double ref_wrap(nd_dtype t, uint64_t v) {
  switch (t) {
    case ND_BOOL: return v != 0;
    case ND_INT8: return (int8_t)v;
    case ND_INT16: return (int16_t)v;
    case ND_INT32: return (int32_t)v;
    case ND_INT64: return (double)(int64_t)v;
    case ND_UINT8: return (uint8_t)v;
    case ND_UINT16: return (uint16_t)v;
    case ND_UINT32: return (uint32_t)v;
    default: return (double)v;
  }
}

/* Checks `got` (in dtype t, axes labelled by out) against the contraction of the n
 * operands (axes labelled by labels[k], one char per axis; an axis of extent 1 broadcasts
 * against the label's extent elsewhere). conj0 conjugates operand 0. tol: allowed
 * relative error (0: exact). */
static void ref_check(int n, nd_array *const *ops, const char *const *labels, const char *out,
                      bool conj0, const nd_array *got, double tol) {
  char labs[64];
  int64_t dims[64];
  int nl = 0;
  for (int k = 0; k < n; k++)
    for (int i = 0; labels[k][i]; i++) {
      char c = labels[k][i];
      int64_t e = nd_shape(ops[k])[i];
      int j = 0;
      while (j < nl && labs[j] != c) j++;
      if (j == nl) { labs[nl] = c; dims[nl++] = e; }
      else if (dims[j] == 1) dims[j] = e;
    }
  int no = (int)strlen(out);
  if (!got) fail_msg("no result: %s", nd_last_error());
  assert_int_equal(nd_ndim(got), no);
  int64_t osize = 1;
  for (int i = 0; i < no; i++) {
    int j = 0;
    while (labs[j] != out[i]) j++;
    assert_int_equal(nd_shape(got)[i], dims[j]);
    osize *= dims[j];
  }
  nd_dtype t = nd_dtype_of(got);
  char kind = nd_dtype_kind(t);
  double *re = calloc((size_t)osize + 1, sizeof(double)), *im = calloc((size_t)osize + 1, sizeof(double));
  uint64_t *iv = calloc((size_t)osize + 1, sizeof(uint64_t));
  int64_t total = 1;
  for (int j = 0; j < nl; j++) total *= dims[j];
  int64_t asg[64] = {0};
  for (int64_t it = 0; it < total; it++) {
    double pr = 1, pi = 0;
    uint64_t ip = 1;
    for (int k = 0; k < n; k++) {
      int64_t idx[ND_MAX_DIMS];
      for (int i = 0; labels[k][i]; i++) {
        int j = 0;
        while (labs[j] != labels[k][i]) j++;
        idx[i] = nd_shape(ops[k])[i] == 1 ? 0 : asg[j];
      }
      double vr, vi;
      th_get(ops[k], idx, &vr, &vi);
      if (k == 0 && conj0) vi = -vi;
      double nr = pr * vr - pi * vi, ni = pr * vi + pi * vr;
      pr = nr;
      pi = ni;
      ip *= kind == 'b' ? (vr != 0) : (uint64_t)(int64_t)vr;
    }
    int64_t o = 0;
    for (int i = 0; i < no; i++) {
      int j = 0;
      while (labs[j] != out[i]) j++;
      o = o * dims[j] + asg[j];
    }
    re[o] += pr;
    im[o] += pi;
    if (kind == 'b') iv[o] |= ip;
    else iv[o] += ip;
    for (int j = nl - 1; j >= 0 && ++asg[j] == dims[j]; j--) asg[j] = 0;
  }
  int64_t idx[ND_MAX_DIMS] = {0};
  for (int64_t o = 0; o < osize; o++) {
    double gr, gi, wr = re[o], wi = im[o];
    if (kind != 'f' && kind != 'c') { wr = ref_wrap(t, iv[o]); wi = 0; }
    if (t == ND_FLOAT16 || t == ND_BFLOAT16) wr = th_round(t, wr); /* float32 sums, one rounding */
    th_get(got, idx, &gr, &gi);
    double err = fabs(gr - wr) + fabs(gi - wi), scale = fabs(wr) + fabs(wi) + 1;
    if (tol == 0 ? (gr != wr || gi != wi) : err > tol * scale)
      fail_msg("%s: element %lld: got (%.17g,%.17g) want (%.17g,%.17g)", nd_dtype_name(t),
               (long long)o, gr, gi, wr, wi);
    th_next(no, nd_shape(got), idx);
  }
  free(re);
  free(im);
  free(iv);
}

#endif
