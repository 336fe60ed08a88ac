/* tensordot, vecdot, inner, outer, kron, trace and cross: every dtype and layout against
 * the reference contraction (linalg_ref.h), NumPy's values where summation order matters,
 * size-0 operands and the error paths. */
#include <complex.h>
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "linalg/contract.h"
#include "linalg_ref.h"

/* ref_check on two operands */
static void check2(nd_array *a, const char *la, nd_array *b, const char *lb, const char *out,
                   bool conj0, const nd_array *got) {
  nd_array *ops[2] = {a, b};
  const char *labels[2] = {la, lb};
  assert_non_null(got);
  ref_check(2, ops, labels, out, conj0, got, 0);
}

static void test_tensordot(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    for (int la = 0; la < TH_NUM_LAYOUTS; la++) {
      for (int lb = 0; lb < TH_NUM_LAYOUTS; lb++) {
        nd_scope_begin();
        nd_array *a = th_make(t, ND_SHAPE(3, 4, 5), (th_layout)la, 1);
        nd_array *b = th_make(t, ND_SHAPE(4, 5, 2), (th_layout)lb, 2);
        nd_array *r = nd_tensordot(a, b, 2);
        check2(a, "ijk", b, "jkl", "il", false, r);
        nd_array *c = th_make(t, ND_SHAPE(5, 3, 6), (th_layout)lb, 3);
        r = nd_tensordot_axes(a, c, 2, (int[]){0, -1}, (int[]){1, 0});
        check2(a, "ijk", c, "kil", "jl", false, r);
        r = nd_tensordot(a, nd_index(c, "0, 1:3"), 0);
        th_assert_shape(r, 5, (int64_t[]){3, 4, 5, 2, 6});
        check2(a, "ijk", nd_index(c, "0, 1:3"), "lm", "ijklm", false, r);
        nd_scope_end();
      }
    }
  }
  nd_scope_begin();
  /* mixed dtypes promote; size 0; 1-D dot */
  nd_array *i = th_arange(ND_INT16, ND_SHAPE(2, 3));
  nd_array *f = th_arange(ND_FLOAT32, ND_SHAPE(3, 2));
  assert_int_equal(nd_dtype_of(nd_tensordot(i, f, 1)), ND_FLOAT32);
  nd_array *z = nd_tensordot(nd_ones(ND_FLOAT64, ND_SHAPE(2, 0), ND_C), nd_ones(ND_FLOAT64, ND_SHAPE(0, 3), ND_C), 1);
  th_assert_same_values(z, nd_zeros(ND_FLOAT64, ND_SHAPE(2, 3), ND_C));
  th_assert_shape(nd_tensordot(nd_ones(ND_FLOAT64, ND_SHAPE(0, 4), ND_C), nd_ones(ND_FLOAT64, ND_SHAPE(4, 3), ND_C), 1), 2,
                  (int64_t[]){0, 3});
  nd_array *v = th_arange(ND_INT64, ND_SHAPE(4));
  double x;
  nd_item_double(nd_tensordot(v, v, 1), &x);
  assert_true(x == 14);
  /* errors */
  TH_EXPECT_ERROR(nd_tensordot(i, f, 3), ND_ERR_VALUE, "tensordot: cannot sum over 3 axes");
  TH_EXPECT_ERROR(nd_tensordot(i, f, -1), ND_ERR_VALUE, "tensordot");
  TH_EXPECT_ERROR(nd_tensordot(i, i, 1), ND_ERR_SHAPE, "summed axes differ (axis 1 of a has extent 3, axis 0 of b 2)");
  TH_EXPECT_ERROR(nd_tensordot_axes(i, f, 1, (int[]){2}, (int[]){0}), ND_ERR_INDEX, "tensordot");
  TH_EXPECT_ERROR(nd_tensordot_axes(i, i, 2, (int[]){0, 0}, (int[]){0, 1}), ND_ERR_INDEX, "repeated axis");
  TH_EXPECT_ERROR(nd_tensordot(NULL, f, 1), ND_ERR_NULL, "tensordot");
  nd_scope_end();
}

static void test_vecdot(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *a = th_make(t, ND_SHAPE(2, 1, 7), (th_layout)L, 1);
      nd_array *b = th_make(t, ND_SHAPE(4, 7), (th_layout)((L + 1) % TH_NUM_LAYOUTS), 2);
      nd_array *r = nd_vecdot(a, b, -1);
      check2(a, "xyk", b, "yk", "xy", true, r);
      nd_array *c = th_make(t, ND_SHAPE(7, 3), (th_layout)L, 3);
      nd_array *e = th_make(t, ND_SHAPE(7, 3), TH_NEGATIVE, 4);
      check2(c, "kx", e, "kx", "x", true, nd_vecdot(c, e, 0));
      /* beyond the direct kernel: one vector against many (gemv, the conjugated operand
       * as the matrix or as the vector), and many dot products */
      nd_array *v = th_make(t, ND_SHAPE(30), (th_layout)L, 5);
      nd_array *m = th_make(t, ND_SHAPE(20, 30), (th_layout)((L + 2) % TH_NUM_LAYOUTS), 6);
      check2(v, "k", m, "yk", "y", true, nd_vecdot(v, m, -1));
      check2(m, "yk", v, "k", "y", true, nd_vecdot(m, v, -1));
      check2(m, "yk", m, "yk", "y", true, nd_vecdot(m, m, -1));
      nd_scope_end();
    }
  }
  nd_scope_begin();
  /* complex: the first operand is conjugated (NumPy: vecdot([1j, 2], [1j, 1]) = 3) */
  double _Complex va[2] = {1.0i, 2}, vb[2] = {1.0i, 1};
  nd_array *r = nd_vecdot(nd_from_data(ND_COMPLEX128, ND_SHAPE(2), va, ND_C),
                          nd_from_data(ND_COMPLEX128, ND_SHAPE(2), vb, ND_C), -1);
  double re, im;
  nd_get_complex(r, NULL, &re, &im);
  assert_true(re == 3 && im == 0);
  TH_EXPECT_ERROR(nd_vecdot(nd_ones(ND_FLOAT64, ND_SHAPE(2, 3), ND_C), nd_ones(ND_FLOAT64, ND_SHAPE(2, 4), ND_C), -1),
                  ND_ERR_SHAPE, "vecdot: axis -1 has extent 3 in x1 but 4 in x2");
  TH_EXPECT_ERROR(nd_vecdot(nd_ones(ND_FLOAT64, ND_SHAPE(2, 3), ND_C), nd_ones(ND_FLOAT64, ND_SHAPE(4, 3), ND_C), -1),
                  ND_ERR_SHAPE, "vecdot: shapes [2] and [4] cannot be broadcast");
  TH_EXPECT_ERROR(nd_vecdot(nd_ones(ND_FLOAT64, 0, NULL, ND_C), nd_ones(ND_FLOAT64, ND_SHAPE(3), ND_C), -1),
                  ND_ERR_SHAPE, "vecdot: operands need at least one axis");
  TH_EXPECT_ERROR(nd_vecdot(nd_ones(ND_FLOAT64, ND_SHAPE(3), ND_C), nd_ones(ND_FLOAT64, ND_SHAPE(3), ND_C), 1),
                  ND_ERR_INDEX, "vecdot");
  nd_scope_end();
}

static void test_inner_outer(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *a = th_make(t, ND_SHAPE(2, 3, 5), (th_layout)L, 1);
      nd_array *b = th_make(t, ND_SHAPE(4, 5), TH_F, 2);
      check2(a, "ijk", b, "lk", "ijl", false, nd_inner(a, b));
      nd_array *s = th_make(t, 0, NULL, TH_C, 3);
      check2(a, "ijk", s, "", "ijk", false, nd_inner(a, s));
      nd_array *o = nd_outer(a, b);
      th_assert_shape(o, 2, (int64_t[]){30, 20});
      check2(nd_ravel(a, ND_C), "i", nd_ravel(b, ND_C), "j", "ij", false, o);
      nd_array *u = th_make(t, ND_SHAPE(6), (th_layout)L, 4), *w = th_make(t, ND_SHAPE(3), TH_NEGATIVE, 5);
      check2(u, "i", w, "j", "ij", false, nd_linalg_outer(u, w));
      nd_scope_end();
    }
  }
  nd_scope_begin();
  nd_array *m = nd_ones(ND_FLOAT64, ND_SHAPE(2, 2), ND_C), *v = nd_ones(ND_FLOAT64, ND_SHAPE(2), ND_C);
  TH_EXPECT_ERROR(nd_linalg_outer(m, v), ND_ERR_SHAPE, "linalg.outer: x1 and x2 must be 1-D (got 2 and 1 axes)");
  /* a result too large to count is refused before the broadcast operands are copied */
  nd_array *huge = nd_broadcast_to(nd_ones(ND_FLOAT64, ND_SHAPE(1), ND_C), ND_SHAPE((int64_t)1 << 32));
  TH_EXPECT_ERROR(nd_outer(huge, huge), ND_ERR_OVERFLOW, "outer: a result of 4294967296 x 4294967296 elements overflows");
  TH_EXPECT_ERROR(nd_linalg_cross(v, v, -1), ND_ERR_SHAPE, "linalg.cross: both operands need 3 components");
  TH_EXPECT_ERROR(nd_linalg_diagonal(v, 0), ND_ERR_SHAPE, "linalg.diagonal: needs at least 2 axes");
  TH_EXPECT_ERROR(nd_linalg_trace(v, 0), ND_ERR_SHAPE, "linalg.trace: needs at least 2 axes");
  TH_EXPECT_ERROR(nd_inner(m, nd_ones(ND_FLOAT64, ND_SHAPE(3), ND_C)), ND_ERR_SHAPE,
                  "inner: [2,2] and [3]: last axes differ (2 vs 3)");
  th_assert_shape(nd_outer(nd_empty(ND_INT8, ND_SHAPE(0), ND_C), v), 2, (int64_t[]){0, 2});
  TH_EXPECT_ERROR(nd_outer(m, NULL), ND_ERR_NULL, "outer");
  /* a strided operand is copied flat; when that copy cannot be made, outer says so */
  nd_array *mt = nd_transpose(m);
  nd_clear_error();
  ndi_alloc_fail_after(0);
  nd_array *r = nd_outer(mt, v);
  ndi_alloc_fail_after(-1);
  assert_null(r);
  th_assert_error(ND_ERR_NOMEM, "outer: out of memory");
  nd_clear_error();
  nd_scope_end();
}

static void test_kron(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *a = th_make(t, ND_SHAPE(2, 3), (th_layout)L, 1);
      nd_array *b = th_make(t, ND_SHAPE(4, 1, 2), TH_NEGATIVE, 2);
      nd_array *r = nd_kron(a, b);
      th_assert_shape(r, 3, (int64_t[]){4, 2, 6});
      /* r[i0*1 + j0, i1*1 + j1, i2*2 + j2] = a[i1, i2] * b[j0, j1, j2] (a padded to [1,2,3]) */
      nd_array *want = nd_empty(t, ND_SHAPE(4, 2, 6), ND_C);
      for (int64_t j0 = 0; j0 < 4; j0++)
        for (int64_t i1 = 0; i1 < 2; i1++)
          for (int64_t i2 = 0; i2 < 3; i2++)
            for (int64_t j2 = 0; j2 < 2; j2++) {
              double ar, ai, br, bi;
              th_get(a, (int64_t[]){i1, i2}, &ar, &ai);
              th_get(b, (int64_t[]){j0, 0, j2}, &br, &bi);
              double pr = ar * br - ai * bi, pi = ar * bi + ai * br;
              if (nd_dtype_kind(t) == 'b') pr = (ar != 0) && (br != 0);
              else if (nd_dtype_kind(t) != 'f' && nd_dtype_kind(t) != 'c')
                pr = ref_wrap(t, (uint64_t)(int64_t)ar * (uint64_t)(int64_t)br);
              th_set(want, (int64_t[]){j0, i1, i2 * 2 + j2}, pr, pi);
            }
      th_assert_same_values(r, want);
      nd_scope_end();
    }
  }
  nd_scope_begin();
  nd_array *s = nd_full(ND_INT32, 0, NULL, 3, ND_C);
  th_assert_same_values(nd_kron(s, th_arange(ND_INT32, ND_SHAPE(2, 2))),
                        nd_kron(th_arange(ND_INT32, ND_SHAPE(2, 2)), s));
  th_assert_shape(nd_kron(nd_ones(ND_FLOAT64, ND_SHAPE(0, 2), ND_C), nd_ones(ND_FLOAT64, ND_SHAPE(3), ND_C)), 2,
                  (int64_t[]){0, 6});
  nd_scope_end();
}

/* r against the definition: r[i] = a[i / eb] * b[i % eb] per axis (shapes padded with
 * leading 1s), read through raw strides. */
static void kron_check(const nd_array *a, const nd_array *b, const nd_array *r) {
  int na = nd_ndim(a), nb = nd_ndim(b), nd = na > nb ? na : nb;
  int64_t shape[ND_MAX_DIMS], idx[ND_MAX_DIMS] = {0}, ia[ND_MAX_DIMS], ib[ND_MAX_DIMS];
  for (int d = 0; d < nd; d++) {
    int64_t ea = d >= nd - na ? nd_shape(a)[d - (nd - na)] : 1;
    int64_t eb = d >= nd - nb ? nd_shape(b)[d - (nd - nb)] : 1;
    shape[d] = ea * eb;
  }
  if (!r) fail_msg("kron of %d and %d axes: %s", na, nb, nd_last_error());
  th_assert_shape(r, nd, shape);
  if (nd_size(r) == 0) return;
  do {
    for (int d = 0; d < nd; d++) {
      int64_t eb = d >= nd - nb ? nd_shape(b)[d - (nd - nb)] : 1;
      if (d >= nd - na) ia[d - (nd - na)] = idx[d] / eb;
      if (d >= nd - nb) ib[d - (nd - nb)] = idx[d] % eb;
    }
    double ar, ai, br, bi, rr, ri;
    th_get(a, ia, &ar, &ai);
    th_get(b, ib, &br, &bi);
    th_get(r, idx, &rr, &ri);
    assert_true(rr == ar * br - ai * bi && ri == ar * bi + ai * br);
  } while (th_next(nd, shape, idx));
}

/* A shape of n extents 1, with extents e[k] at axes ax[k]. */
static const int64_t *ones_with(int n, int k, const int *ax, const int64_t *e, int64_t *buf) {
  for (int i = 0; i < n; i++) buf[i] = 1;
  for (int i = 0; i < k; i++) buf[ax[i]] = e[i];
  return buf;
}

/* th_make, but TH_STEPPED doubles only the extents above 1 (th_make's larger array has
 * 2n + 1 along every axis: 3^40 elements for 40 axes of extent 1). */
static nd_array *make_many(nd_dtype t, int n, const int64_t *shape, th_layout L, unsigned seed) {
  if (L != TH_STEPPED) return th_make(t, n, shape, L, seed);
  int64_t big[ND_MAX_DIMS];
  char spec[4 * ND_MAX_DIMS + 1] = "";
  for (int i = 0; i < n; i++) {
    big[i] = shape[i] > 1 ? 2 * shape[i] : 1;
    strcat(spec, i ? ",::2" : "::2");
  }
  nd_array *base = th_make(t, n, big, TH_C, seed);
  nd_array *v = nd_index(base, spec);
  nd_release(base);
  return v;
}

/* Operands of more than 32 axes: the product pairs up twice as many axes, which used to
 * overflow the engine's label list (and then failed: "kron: ndim 66 is out of range");
 * NumPy fails there too, nd computes it up to ND_MAX_DIMS axes. */
static void test_kron_many_axes(void **state) {
  (void)state;
  int64_t sa[ND_MAX_DIMS], sb[ND_MAX_DIMS];
  const nd_dtype types[] = {ND_FLOAT64, ND_COMPLEX64, ND_INT64};
  for (int t = 0; t < 3; t++)
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      /* 40 and 40 axes, extents above 1 on shared and on separate axes */
      nd_array *a = make_many(types[t], 40, ones_with(40, 4, (int[]){0, 13, 20, 39}, (int64_t[]){2, 2, 2, 3}, sa),
                            (th_layout)L, 1);
      nd_array *b = make_many(types[t], 40, ones_with(40, 4, (int[]){0, 5, 13, 30}, (int64_t[]){3, 2, 2, 2}, sb),
                            (th_layout)((L + 1) % TH_NUM_LAYOUTS), 2);
      kron_check(a, b, nd_kron(a, b));
      /* 64 axes with 3 (b padded), and 64 with 64 */
      nd_array *c = make_many(types[t], 64, ones_with(64, 3, (int[]){0, 50, 63}, (int64_t[]){2, 3, 2}, sa),
                            (th_layout)L, 3);
      nd_array *d = th_make(types[t], ND_SHAPE(2, 1, 3), (th_layout)L, 4);
      kron_check(c, d, nd_kron(c, d));
      kron_check(d, c, nd_kron(d, c));
      nd_array *e = make_many(types[t], 64, ones_with(64, 3, (int[]){0, 1, 63}, (int64_t[]){2, 2, 3}, sb),
                            TH_NEGATIVE, 5);
      kron_check(c, e, nd_kron(c, e));
      nd_scope_end();
    }
  nd_scope_begin();
  /* size 0 with 40 + 21 axes of extent above 1: the empty result, shaped */
  int64_t z[40], w[40];
  z[0] = 0;
  for (int i = 1; i < 40; i++) z[i] = 2;
  w[0] = 3;
  for (int i = 1; i < 40; i++) w[i] = i <= 20 ? 2 : 1;
  nd_array *za = nd_zeros(ND_FLOAT32, 40, z, ND_C);
  nd_array *wb = nd_broadcast_to(nd_scalar_array(ND_INT(2)), 40, w);
  nd_array *zr = nd_kron(za, wb);
  kron_check(za, wb, zr);
  assert_int_equal(nd_dtype_of(zr), ND_FLOAT64); /* float32 with int64 */
  /* sizes whose product overflows: an error, before anything is formed */
  int64_t big[40];
  for (int i = 0; i < 40; i++) big[i] = i < 32 ? 2 : 1;
  nd_array *h = nd_broadcast_to(nd_scalar_array(ND_FLOAT(1)), 40, big); /* 2^32 elements */
  TH_EXPECT_ERROR(nd_kron(h, h), ND_ERR_OVERFLOW,
                  "kron: a result of 4294967296 x 4294967296 elements overflows int64");
  nd_scope_end();
}

/* The contraction engine refuses a product of more than ND_MAX_DIMS kept labels (it used
 * to write them past its label lists). */
static void test_contract_label_limit(void **state) {
  (void)state;
  nd_scope_begin();
  int64_t shape[40];
  for (int i = 0; i < 40; i++) shape[i] = 1;
  nd_array *a = nd_ones(ND_FLOAT64, 40, shape, ND_C);
  ndi_la_term x = {a, {0}}, y = {a, {0}}, r = {NULL, {0}};
  bool keep[NDI_LA_MAX_LABELS] = {false};
  for (int i = 0; i < 40; i++) {
    x.lab[i] = i;
    y.lab[i] = 40 + i;
    keep[i] = keep[40 + i] = true;
  }
  nd_clear_error();
  assert_int_equal(ndi_la_contract("einsum", &x, &y, keep, 0, NULL, false, &r), ND_ERR_SHAPE);
  th_assert_error(ND_ERR_SHAPE, "einsum: the product of operands of 40 and 40 axes would have 80 axes (at most 64)");
  assert_null(r.arr);
  /* 24 of them shared (batch axes): 40 + 16 = 56, within the limit */
  for (int i = 0; i < 24; i++) y.lab[i] = i;
  nd_clear_error();
  assert_int_equal(ndi_la_contract("einsum", &x, &y, keep, 0, NULL, false, &r), ND_OK);
  assert_int_equal(nd_ndim(r.arr), 56);
  nd_release(r.arr);
  nd_scope_end();
}

static void test_trace(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    nd_dtype want_t = nd_dtype_kind(t) == 'b' || nd_dtype_kind(t) == 'i' ? ND_INT64
                      : nd_dtype_kind(t) == 'u'                          ? ND_UINT64
                                                                         : t;
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *a = th_make(t, ND_SHAPE(4, 5, 6), (th_layout)L, 1);
      nd_array *r = nd_trace(a, 1, 0, 2); /* sum a[i, j, i + 1] */
      assert_int_equal(nd_dtype_of(r), want_t);
      th_assert_shape(r, 1, (int64_t[]){5});
      for (int64_t j = 0; j < 5; j++) {
        double sr = 0, si = 0, vr, vi;
        for (int64_t i = 0; i < 4; i++) {
          th_get(a, (int64_t[]){i, j, i + 1}, &vr, &vi);
          sr += nd_dtype_kind(t) == 'b' ? (vr != 0) : vr;
          si += vi;
        }
        th_get(r, &j, &vr, &vi);
        assert_true(vr == sr && vi == si);
      }
      nd_array *lt = nd_linalg_trace(a, -1); /* over the last two axes */
      th_assert_shape(lt, 1, (int64_t[]){4});
      nd_array *dg = nd_linalg_diagonal(a, -1);
      th_assert_shape(dg, 2, (int64_t[]){4, 4});
      assert_true(nd_shares_memory(dg, a));
      nd_scope_end();
    }
  }
  nd_scope_begin();
  /* NumPy's pairwise summation gives NumPy's bits (values from NumPy 2.4) */
  nd_array *x = nd_reshape(nd_arange(ND_FLOAT64, 1, 300 * 300 + 1, 1), ND_SHAPE(300, 300), ND_C);
  double *xd = nd_data(x);
  for (int64_t i = 0; i < 300 * 300; i++) xd[i] = 1.0 / xd[i];
  double v;
  nd_item_double(nd_trace(x, 0, 0, 1), &v);
  assert_true(v == 1.0208434882736714);
  nd_item_double(nd_trace(x, 3, 0, 1), &v);
  assert_true(v == 0.2707563400675844);
  nd_item_double(nd_trace(nd_astype(x, ND_FLOAT32), 0, 0, 1), &v);
  assert_true((float)v == 1.0208434f);
  th_assert_same_values(nd_linalg_trace(nd_zeros(ND_INT8, ND_SHAPE(2, 0, 0), ND_C), 0),
                        nd_zeros(ND_INT64, ND_SHAPE(2), ND_C));
  TH_EXPECT_ERROR(nd_trace(nd_ones(ND_FLOAT64, ND_SHAPE(3), ND_C), 0, 0, 1), ND_ERR_SHAPE, "trace: needs at least 2 axes");
  TH_EXPECT_ERROR(nd_linalg_diagonal(nd_ones(ND_FLOAT64, ND_SHAPE(3), ND_C), 0), ND_ERR_SHAPE, "diagonal");
  TH_EXPECT_ERROR(nd_trace(x, 0, 0, 0), ND_ERR_VALUE, "trace: axis1 and axis2 cannot be the same");
  TH_EXPECT_ERROR(nd_trace(x, 0, 0, 5), ND_ERR_INDEX, "trace: axis 5 is out of bounds");
  nd_scope_end();
}

static void test_cross(void **state) {
  (void)state;
  for (int d = 1; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    char kind = nd_dtype_kind(t);
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *a = th_make(t, ND_SHAPE(4, 3), (th_layout)L, 1);
      nd_array *b = th_make(t, ND_SHAPE(3), TH_NEGATIVE, 2);
      nd_array *r = nd_linalg_cross(a, b, -1);
      th_assert_shape(r, 2, (int64_t[]){4, 3});
      for (int64_t i = 0; i < 4; i++) {
        double A[3][2], B[3][2];
        for (int64_t c = 0; c < 3; c++) {
          th_get(a, (int64_t[]){i, c}, &A[c][0], &A[c][1]);
          th_get(b, &c, &B[c][0], &B[c][1]);
        }
        for (int c = 0; c < 3; c++) {
          int p = (c + 1) % 3, q = (c + 2) % 3;
          double _Complex ap = A[p][0] + A[p][1] * I, aq = A[q][0] + A[q][1] * I;
          double _Complex bp = B[p][0] + B[p][1] * I, bq = B[q][0] + B[q][1] * I;
          double _Complex w = ap * bq - aq * bp;
          double wr = creal(w);
          if (kind == 'i' || kind == 'u')
            wr = ref_wrap(t, (uint64_t)(int64_t)A[p][0] * (uint64_t)(int64_t)B[q][0] -
                                 (uint64_t)(int64_t)A[q][0] * (uint64_t)(int64_t)B[p][0]);
          wr = th_round(t, wr); /* float16, bfloat16: computed in float32, rounded once */
          double gr, gi;
          th_get(r, (int64_t[]){i, c}, &gr, &gi);
          assert_true(gr == wr && gi == (kind == 'c' ? cimag(w) : 0));
        }
      }
      nd_scope_end();
    }
  }
  nd_scope_begin();
  /* NumPy: cross([1,2],[3,4,5]) = [10,-5,-2]; cross([1,2,3],[3,4]) = [-12,9,-2]; cross([1,2],[3,5]) = -1 */
  nd_array *v2 = nd_from_data(ND_INT64, ND_SHAPE(2), (int64_t[]){1, 2}, ND_C);
  nd_array *v3 = nd_from_data(ND_INT64, ND_SHAPE(3), (int64_t[]){3, 4, 5}, ND_C);
  int64_t out[3];
  nd_to_data(nd_cross(v2, v3, -1), out, ND_C);
  assert_true(out[0] == 10 && out[1] == -5 && out[2] == -2);
  nd_to_data(nd_cross(nd_from_data(ND_INT64, ND_SHAPE(3), (int64_t[]){1, 2, 3}, ND_C),
                      nd_from_data(ND_INT64, ND_SHAPE(2), (int64_t[]){3, 4}, ND_C), -1), out, ND_C);
  assert_true(out[0] == -12 && out[1] == 9 && out[2] == -2);
  nd_array *z = nd_cross(v2, nd_from_data(ND_INT64, ND_SHAPE(2), (int64_t[]){3, 5}, ND_C), 0);
  th_assert_shape(z, 0, NULL);
  nd_to_data(z, out, ND_C);
  assert_true(out[0] == -1);
  /* axis 0: a.T x b (NumPy: shape (3, 2)) */
  nd_array *a = th_arange(ND_INT64, ND_SHAPE(2, 3)), *b = nd_reshape(nd_arange(ND_INT64, 6, 12, 1), ND_SHAPE(3, 2), ND_C);
  nd_array *c0 = nd_cross(nd_transpose(a), b, 0);
  th_assert_shape(c0, 2, (int64_t[]){3, 2});
  th_assert_same_values(nd_transpose(c0), nd_cross(a, nd_transpose(b), -1));
  int64_t want[6] = {-6, 12, -6, -1, 2, -1};
  int64_t all[6];
  nd_to_data(nd_cross(a, nd_transpose(b), -1), all, ND_C);
  assert_memory_equal(all, want, sizeof want);
  th_assert_shape(nd_cross(nd_ones(ND_FLOAT64, ND_SHAPE(0, 3), ND_C), nd_ones(ND_FLOAT64, ND_SHAPE(3), ND_C), -1), 2,
                  (int64_t[]){0, 3});
  TH_EXPECT_ERROR(nd_cross(nd_ones(ND_BOOL, ND_SHAPE(3), ND_C), nd_ones(ND_BOOL, ND_SHAPE(3), ND_C), -1), ND_ERR_TYPE,
                  "cross: boolean operands are not supported");
  TH_EXPECT_ERROR(nd_cross(nd_ones(ND_FLOAT64, ND_SHAPE(4), ND_C), v3, -1), ND_ERR_SHAPE,
                  "cross: vectors must have 2 or 3 components along axis -1 (got 4 and 3)");
  TH_EXPECT_ERROR(nd_linalg_cross(v2, v3, -1), ND_ERR_SHAPE, "cross: both operands need 3 components");
  TH_EXPECT_ERROR(nd_cross(nd_ones(ND_FLOAT64, ND_SHAPE(2, 3), ND_C), nd_ones(ND_FLOAT64, ND_SHAPE(4, 3), ND_C), -1),
                  ND_ERR_SHAPE, "cross: shapes [2] and [4] cannot be broadcast");
  nd_scope_end();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_tensordot), cmocka_unit_test(test_vecdot),
      cmocka_unit_test(test_inner_outer), cmocka_unit_test(test_kron),
      cmocka_unit_test(test_kron_many_axes), cmocka_unit_test(test_contract_label_limit),
      cmocka_unit_test(test_trace),     cmocka_unit_test(test_cross),
  };
  return TH_RUN(tests);
}
