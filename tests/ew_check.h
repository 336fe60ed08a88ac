/* Shared checks for the elementwise tests: a harness that runs a function on every dtype
 * and every layout (and pairs of layouts, and broadcast shapes) and compares each element
 * with a plain reference computed here, in int64, double or complex double, then brought
 * to the result dtype. Inputs come from th_make: small integers, halves and quarters, so
 * every exact operation is exact in every dtype and the reference needs no tolerance. */
#ifndef ND_TEST_EW_CHECK_H
#define ND_TEST_EW_CHECK_H

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "helpers.h"

/* int64 v wrapped to the width of integer dtype t (bool: v != 0). */
static inline int64_t ew_wrap(nd_dtype t, int64_t v) {
  switch (t) {
    case ND_BOOL: return v != 0;
    case ND_INT8: return (int8_t)v;
    case ND_INT16: return (int16_t)v;
    case ND_INT32: return (int32_t)v;
    case ND_UINT8: return (uint8_t)v;
    case ND_UINT16: return (uint16_t)v;
    case ND_UINT32: return (uint32_t)v;
    default: return v;
  }
}

/* A double brought to the values dtype t can hold (float32, float16, bfloat16 rounding). */
static inline double ew_round_to(nd_dtype t, double v) {
  return t == ND_COMPLEX64 ? (double)(float)v : th_round(t, v);
}

static inline bool ew_same(double a, double b, double tol) {
  if (isnan(a) || isnan(b)) return isnan(a) && isnan(b);
  if (a == b) return tol > 0 || signbit(a) == signbit(b) || a != 0;
  if (tol <= 0 || isinf(a) || isinf(b)) return false;
  return fabs(a - b) <= tol * fmax(fabs(a), fabs(b));
}

/* Which dtypes a case accepts and what it gives: the dtype computed in and the result's. */
typedef struct {
  const char *name;
  nd_array *(*fn1)(const nd_array *);
  nd_status (*out1)(nd_array *, const nd_array *);
  nd_array *(*fn2)(const nd_array *, const nd_array *);
  nd_status (*out2)(nd_array *, const nd_array *, const nd_array *);
  bool (*accepts)(nd_dtype t);
  nd_dtype (*compute)(nd_dtype t);
  bool result_bool;  /* the result is bool */
  bool result_real;  /* the result is the real dtype of the computed one */
  /* references: integer/bool domain (exact, wrapped by the harness), real, complex */
  int64_t (*iref)(int64_t a, int64_t b, nd_dtype t);
  double (*fref)(double a, double b);
  void (*cref)(double ar, double ai, double br, double bi, double *re, double *im);
  double tol;  /* relative tolerance for real results (0: exact) */
  double ctol; /* the same for complex results */
} ew_case;

static inline nd_dtype ew_result(const ew_case *c, nd_dtype t) {
  nd_dtype k = c->compute ? c->compute(t) : t;
  if (c->result_bool) return ND_BOOL;
  if (c->result_real) return k == ND_COMPLEX64 ? ND_FLOAT32 : k == ND_COMPLEX128 ? ND_FLOAT64 : k;
  return k;
}

/* The expected element for inputs (ar, ai) and (br, bi) of dtype t. */
static inline void ew_expect(const ew_case *c, nd_dtype t, double ar, double ai, double br,
                             double bi, double *re, double *im) {
  nd_dtype k = c->compute ? c->compute(t) : t, r = ew_result(c, t);
  *im = 0;
  char kind = nd_dtype_kind(k);
  if (kind == 'b' || kind == 'i' || kind == 'u') {
    int64_t v = c->iref((int64_t)ar, (int64_t)br, k);
    *re = nd_dtype_kind(r) == 'b'  ? (double)(v != 0)
          : r == ND_UINT64         ? (double)(uint64_t)v
                                   : (double)ew_wrap(r, v);
  } else if (kind == 'f') {
    double v = c->fref(ew_round_to(k, ar), ew_round_to(k, br));
    *re = nd_dtype_kind(r) == 'b' ? (double)(v != 0) : ew_round_to(r, v);
  } else {
    c->cref(ar, ai, br, bi, re, im);
    if (nd_dtype_kind(r) == 'b') {
      *re = *re != 0;
      *im = 0;
    } else {
      *re = ew_round_to(r, *re);
      *im = ew_round_to(r, *im);
    }
  }
}

/* Compares got (shape of the broadcast a, b) with the reference elementwise. */
static inline void ew_compare(const ew_case *c, nd_dtype t, const nd_array *got,
                              const nd_array *a, const nd_array *b, const char *what) {
  int nd = nd_ndim(got);
  if (nd_size(got) == 0) return;
  int64_t idx[ND_MAX_DIMS] = {0}, ia[ND_MAX_DIMS], ib[ND_MAX_DIMS];
  do {
    double ar, ai, br = 0, bi = 0, gr, gi, er, ei;
    int pa = nd - nd_ndim(a);
    for (int i = 0; i < nd_ndim(a); i++) ia[i] = nd_shape(a)[i] == 1 ? 0 : idx[pa + i];
    th_get(a, ia, &ar, &ai);
    if (b) {
      int pb = nd - nd_ndim(b);
      for (int i = 0; i < nd_ndim(b); i++) ib[i] = nd_shape(b)[i] == 1 ? 0 : idx[pb + i];
      th_get(b, ib, &br, &bi);
    }
    th_get(got, idx, &gr, &gi);
    ew_expect(c, t, ar, ai, br, bi, &er, &ei);
    bool cplx = nd_dtype_kind(c->compute ? c->compute(t) : t) == 'c';
    bool ok;
    if (cplx && c->ctol > 0 && isfinite(er) && isfinite(ei)) {
      /* complex results: errors relative to the modulus, not to each part */
      double scale = fmax(fmax(fabs(er), fabs(ei)), 1e-300);
      ok = fabs(gr - er) <= c->ctol * scale && fabs(gi - ei) <= c->ctol * scale;
    } else {
      double tol = cplx ? c->ctol : c->tol;
      ok = ew_same(gr, er, tol) && ew_same(gi, ei, tol);
    }
    if (!ok)
      fail_msg("%s(%s) %s: inputs (%g,%g) (%g,%g): got (%.17g,%.17g), want (%.17g,%.17g)",
               c->name, nd_dtype_name(t), what, ar, ai, br, bi, gr, gi, er, ei);
  } while (th_next(nd, nd_shape(got), idx));
}

/* Runs the case on a (and b) in the allocating and the _out form and compares. */
static inline void ew_run_one(const ew_case *c, nd_dtype t, const nd_array *a,
                              const nd_array *b, const char *what) {
  nd_array *r = c->fn1 ? c->fn1(a) : c->fn2(a, b);
  if (!r) fail_msg("%s(%s) %s: %s", c->name, nd_dtype_name(t), what, nd_last_error());
  assert_int_equal(nd_dtype_of(r), ew_result(c, t));
  ew_compare(c, t, r, a, b, what);
  /* _out into an F-ordered array of the result's shape */
  nd_array *o = nd_empty(nd_dtype_of(r), nd_ndim(r), nd_shape(r), ND_F);
  nd_status st = c->fn1 ? c->out1(o, a) : c->out2(o, a, b);
  if (st) fail_msg("%s_out(%s) %s: %s", c->name, nd_dtype_name(t), what, nd_last_error());
  ew_compare(c, t, o, a, b, what);
  nd_release(o);
  nd_release(r);
}

/* Every dtype; for accepted ones every layout (unary) or pair of layouts (binary) on a
 * [3,4,5] shape, 0-d and size-0 inputs, and broadcast shapes; refused ones must fail with
 * ND_ERR_TYPE naming the function. */
static inline void ew_check_case(const ew_case *c) {
  static const int64_t shape[3] = {3, 4, 5}, zero[2] = {0, 3};
  static const int64_t bs_a[3] = {3, 1, 5}, bs_b[2] = {4, 1};
  char what[64];
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    if (!c->accepts(t)) {
      nd_array *x = th_make(t, 3, shape, TH_C, 1);
      nd_clear_error();
      nd_array *r = c->fn1 ? c->fn1(x) : c->fn2(x, x);
      assert_null(r);
      th_assert_error(ND_ERR_TYPE, c->name);
      th_assert_error(ND_ERR_TYPE, nd_dtype_name(t));
      nd_clear_error();
      nd_release(x);
      continue;
    }
    for (int la = 0; la < TH_NUM_LAYOUTS; la++) {
      nd_array *a = th_make(t, 3, shape, (th_layout)la, 11);
      if (c->fn1) {
        snprintf(what, sizeof what, "layout %s", th_layout_names[la]);
        ew_run_one(c, t, a, NULL, what);
      } else {
        for (int lb = 0; lb < TH_NUM_LAYOUTS; lb++) {
          nd_array *b = th_make(t, 3, shape, (th_layout)lb, 23);
          snprintf(what, sizeof what, "layouts %s, %s", th_layout_names[la], th_layout_names[lb]);
          ew_run_one(c, t, a, b, what);
          nd_release(b);
        }
      }
      nd_release(a);
    }
    /* 0-d, size 0, broadcasting */
    nd_array *s0 = th_make(t, 0, NULL, TH_C, 5), *z0 = th_make(t, 2, zero, TH_C, 5);
    nd_array *ba = th_make(t, 3, bs_a, TH_C, 7), *bb = th_make(t, 2, bs_b, TH_F, 9);
    ew_run_one(c, t, s0, c->fn1 ? NULL : s0, "0-d");
    ew_run_one(c, t, z0, c->fn1 ? NULL : z0, "size 0");
    if (c->fn2) {
      ew_run_one(c, t, ba, bb, "[3,1,5] with [4,1]");
      ew_run_one(c, t, s0, ba, "0-d with [3,1,5]");
      ew_run_one(c, t, bb, s0, "[4,1] with 0-d");
    } else {
      ew_run_one(c, t, ba, NULL, "[3,1,5]");
    }
    nd_release(s0);
    nd_release(z0);
    nd_release(ba);
    nd_release(bb);
  }
}

/* Accept/compute helpers for the cases. */
static inline bool ew_all(nd_dtype t) { (void)t; return true; }
static inline bool ew_numeric(nd_dtype t) { return t != ND_BOOL; }
static inline bool ew_real(nd_dtype t) { return nd_dtype_kind(t) != 'c'; }
static inline bool ew_real_numeric(nd_dtype t) { return t != ND_BOOL && nd_dtype_kind(t) != 'c'; }
static inline bool ew_integer_bool(nd_dtype t) { char k = nd_dtype_kind(t); return k == 'b' || k == 'i' || k == 'u'; }
static inline bool ew_bool_only(nd_dtype t) { return t == ND_BOOL; }
static inline nd_dtype ew_bool_as_int8(nd_dtype t) { return t == ND_BOOL ? ND_INT8 : t; }
/* round of bool: NumPy's float16 loop, float32 in nd */
static inline nd_dtype ew_bool_as_f32(nd_dtype t) { return t == ND_BOOL ? ND_FLOAT32 : t; }
static inline nd_dtype ew_int_as_f64(nd_dtype t) { return ew_integer_bool(t) ? ND_FLOAT64 : t; }
/* NumPy's float16 for bool and 8-bit integers is float32 in nd. */
static inline nd_dtype ew_int_as_float(nd_dtype t) {
  if (!ew_integer_bool(t)) return t;
  return (t == ND_BOOL || nd_dtype_size(t) <= 2) ? ND_FLOAT32 : ND_FLOAT64;
}

#endif
