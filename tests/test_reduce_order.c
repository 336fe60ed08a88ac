/* Reductions whose result depends on the order of the elements, on every layout: float
 * and complex products in NumPy's order and with NumPy's complex formula per layout,
 * cumulative products of complex numbers, and the sign of a zero min/max result (the later
 * of equal elements in index order, one rule on every layout and thread count). The
 * references are plain loops written from NumPy's rules as the comments state them. */
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

/* ---- references ---------------------------------------------------------------------- */

/* a*b by the plain formula (NumPy's reduce loop) and with one fma per part (NumPy's vector
 * multiply). volatile keeps the compiler from fusing the plain one. */
static double complex mul_plain(double complex a, double complex b, bool single) {
  volatile double p[4];
  if (single) {
    volatile float q[4] = {(float)creal(a) * (float)creal(b), (float)cimag(a) * (float)cimag(b),
                           (float)creal(a) * (float)cimag(b), (float)cimag(a) * (float)creal(b)};
    return CMPLX((float)(q[0] - q[1]), (float)(q[2] + q[3]));
  }
  p[0] = creal(a) * creal(b), p[1] = cimag(a) * cimag(b);
  p[2] = creal(a) * cimag(b), p[3] = cimag(a) * creal(b);
  return CMPLX(p[0] - p[1], p[2] + p[3]);
}
static double complex mul_fused(double complex a, double complex b, bool single) {
  if (single) {
    float ar = (float)creal(a), ai = (float)cimag(a), br = (float)creal(b), bi = (float)cimag(b);
    return CMPLX(fmaf(ar, br, -(ai * bi)), fmaf(ar, bi, ai * br));
  }
  return CMPLX(fma(creal(a), creal(b), -(cimag(a) * cimag(b))),
               fma(creal(a), cimag(b), cimag(a) * creal(b)));
}

/* Values near 1 (so every order of multiplication rounds differently), from the element's
 * logical index. */
static void near_one(int64_t flat, double *re, double *im) {
  uint64_t h = (uint64_t)flat * 2654435761u + 12345u;
  h ^= h >> 15;
  *re = 1 + (double)((int64_t)(h % 2001) - 1000) * 1.2345e-4;
  *im = (double)((int64_t)((h >> 11) % 2001) - 1000) * 2.345e-4;
}

/* An array of dtype t and shape sh in layout L holding near_one values. TH_BROADCAST's
 * axis 0 has stride 0: its elements along axis 0 are the same element. */
static nd_array *near_one_array(nd_dtype t, int nd, const int64_t *sh, th_layout L) {
  nd_array *a = th_make(t, nd, sh, L, 1);
  int64_t idx[ND_MAX_DIMS] = {0}, flat = 0;
  do {
    double re, im;
    near_one(L == TH_BROADCAST ? flat % (nd_size(a) / sh[0]) : flat, &re, &im);
    th_set(a, idx, re, im);
    flat++;
  } while (th_next(nd, sh, idx));
  return a;
}

/* NumPy's iterator order of the axes (outermost first) for these layouts: decreasing
 * |stride|, ties in C order; a stride-0 axis keeps its place, which for TH_BROADCAST's
 * axis 0 is the outermost. NumPy walks each axis from index 0, negative strides too. */
static void numpy_order(const nd_array *a, int *order) {
  int nd = nd_ndim(a);
  const int64_t *st = nd_strides(a);
  for (int i = 0; i < nd; i++) order[i] = i;
  for (int i = 1; i < nd; i++) {
    int x = order[i], j = i - 1;
    int64_t kx = st[x] ? llabs(st[x]) : INT64_MAX;
    while (j >= 0 && (st[order[j]] ? llabs(st[order[j]]) : INT64_MAX) < kx) {
      order[j + 1] = order[j];
      j--;
    }
    order[j + 1] = x;
  }
}

/* The product over the reduced axes at kept index `base`, the reduced axes visited in
 * NumPy's order, from 1, one element after the other, with the given complex formula. */
static double complex ref_prod(const nd_array *a, const bool *red, const int64_t *base,
                               bool fused) {
  int nd = nd_ndim(a), order[ND_MAX_DIMS], rax[ND_MAX_DIMS], nr = 0;
  numpy_order(a, order);
  int64_t ext[ND_MAX_DIMS], ri[ND_MAX_DIMS] = {0}, idx[ND_MAX_DIMS];
  for (int q = 0; q < nd; q++)
    if (red[order[q]]) {
      rax[nr] = order[q];
      ext[nr++] = nd_shape(a)[order[q]];
    }
  memcpy(idx, base, sizeof(int64_t) * (size_t)nd);
  bool single = nd_dtype_of(a) == ND_COMPLEX64 || nd_dtype_of(a) == ND_FLOAT32;
  bool complex_t = nd_dtype_kind(nd_dtype_of(a)) == 'c';
  double complex acc = 1;
  do {
    for (int k = 0; k < nr; k++) idx[rax[k]] = ri[k];
    double re, im;
    th_get(a, idx, &re, &im);
    if (!complex_t) {
      acc = single ? (double)((float)creal(acc) * (float)re) : creal(acc) * re;
    } else {
      acc = fused ? mul_fused(acc, CMPLX(re, im), single) : mul_plain(acc, CMPLX(re, im), single);
      if (single) acc = CMPLX((float)creal(acc), (float)cimag(acc));
    }
  } while (th_next(nr, ext, ri));
  return acc;
}

static void assert_same_bits(double got, double want) {
  if (isnan(want)) {
    assert_true(isnan(got));
    return;
  }
  if (!(got == want && signbit(got) == signbit(want)))
    fail_msg("got %a, want %a", got, want);
}

/* Checks nd_prod(a) over the axes `red` against ref_prod with the given formula. */
static void check_prod(const nd_array *a, const bool *red, bool fused) {
  int nd = nd_ndim(a), axes[ND_MAX_DIMS], na = 0;
  for (int i = 0; i < nd; i++)
    if (red[i]) axes[na++] = i;
  nd_array *p = nd_prod(a, na, axes, true);
  assert_non_null(p);
  int64_t idx[ND_MAX_DIMS] = {0};
  do {
    double complex want = ref_prod(a, red, idx, fused);
    double re, im;
    th_get(p, idx, &re, &im);
    assert_same_bits(re, creal(want));
    assert_same_bits(im, cimag(want));
  } while (th_next(nd, nd_shape(p), idx));
  nd_release(p);
}

/* ---- products -------------------------------------------------------------------------- */

/* The examples of issue 30: np.prod(x[::-1]) multiplies in index order, 0.3 * 0.2 * 0.1
 * (0.006, where memory order gives 0.006000000000000001); for complex64
 * z = [-1.1786-0.2975j, -0.6098+1.4065j, -infj], np.prod(z[::-1]) is nan+nanj, where
 * memory order gives -inf-infj. */
static void test_prod_reversed_examples(void **state) {
  (void)state;
  nd_scope_begin();
  const double x[3] = {0.1, 0.2, 0.3};
  nd_array *r = nd_index(nd_from_data(ND_FLOAT64, ND_SHAPE(3), x, ND_C), "::-1");
  double p = *(double *)nd_data(nd_prod(r, -1, NULL, false));
  assert_true(p == (0.3 * 0.2) * 0.1);
  assert_true(p != (0.1 * 0.2) * 0.3);
  const float z[6] = {-1.1786f, -0.2975f, -0.6098f, 1.4065f, 0.0f, -INFINITY};
  nd_array *zr = nd_index(nd_from_data(ND_COMPLEX64, ND_SHAPE(3), z, ND_C), "::-1");
  float *q = nd_data(nd_prod(zr, -1, NULL, false));
  assert_true(isnan(q[0]) && isnan(q[1]));
  q = nd_data(nd_prod(nd_prod(zr, 0, NULL, false), -1, NULL, false)); /* axis=() then all */
  assert_true(isnan(q[0]) && isnan(q[1]));
  nd_scope_end();
}

/* Real products on every layout, dtype and set of axes: the elements of an output in
 * NumPy's order (which never flips a negative stride in a reduction). */
static void test_prod_every_layout(void **state) {
  (void)state;
  nd_scope_begin();
  const int64_t sh[3] = {3, 4, 5};
  const nd_dtype types[2] = {ND_FLOAT64, ND_FLOAT32};
  for (int ti = 0; ti < 2; ti++)
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *a = near_one_array(types[ti], 3, sh, (th_layout)L);
      nd_array *views[3] = {a, nd_index(a, "::-1, :, ::-2"),
                            nd_permute(nd_index(a, ":, ::-1, :"), 3, (int[]){2, 0, 1})};
      for (int v = 0; v < 3; v++)
        for (int mask = 1; mask < 8; mask++) {
          bool red[3] = {mask & 1, mask & 2, mask & 4};
          check_prod(views[v], red, false);
        }
    }
  nd_scope_end();
}

/* Complex products: NumPy multiplies along a reduced innermost axis by the plain formula
 * (its reduce loop), and across a kept innermost axis with its vector multiply, one fma
 * per part, which refuses negative complex64 strides (then the plain formula again)
 * unless NumPy has buffered the input. Cases measured against NumPy 2.4. */
static void test_prod_complex_forms(void **state) {
  (void)state;
  nd_scope_begin();
  /* every layout, reducing every axis or the innermost ones: the plain formula */
  const int64_t sh[3] = {3, 4, 5};
  for (int c = 0; c < 2; c++)
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *a = near_one_array(c ? ND_COMPLEX64 : ND_COMPLEX128, 3, sh, (th_layout)L);
      nd_array *r = nd_index(a, "::-1, ::-1, ::-1");
      bool all[3] = {true, true, true};
      check_prod(a, all, false);
      check_prod(r, all, false);
    }
  for (int c = 0; c < 2; c++) {
    nd_dtype t = c ? ND_COMPLEX64 : ND_COMPLEX128;
    /* b: (7, 5) C; b.T is (5, 7) with strides (1, 5): reducing axis 1 multiplies across
     * the kept axis 0 (fused); b[:, ::-1].T walks it backwards (strides (-1, 5)): plain
     * for complex64, fused for complex128 */
    nd_array *b = near_one_array(t, 2, (int64_t[]){7, 5}, TH_C);
    bool red1[2] = {false, true};
    check_prod(nd_transpose(b), red1, true);
    check_prod(nd_transpose(nd_index(b, ":, ::-1")), red1, t == ND_COMPLEX128);
    /* (5, 7, 4) with strides (-1, 160, 20), from a (7, 8, 20) C array: reducing axis 1
     * alone NumPy buffers the input (fused); axes 1 and 2, or axis 2 alone, it reads it in
     * place (plain for complex64) */
    nd_array *g = near_one_array(t, 3, (int64_t[]){7, 8, 20}, TH_C);
    nd_array *v = nd_permute(nd_index(g, ":, 0:4, 4::-1"), 3, (int[]){2, 0, 1});
    assert_true(nd_strides(v)[0] == -1 && nd_strides(v)[1] == 160 && nd_strides(v)[2] == 20);
    check_prod(v, (bool[]){false, true, false}, true);
    check_prod(v, (bool[]){false, true, true}, t == ND_COMPLEX128);
    check_prod(v, (bool[]){false, false, true}, t == ND_COMPLEX128);
    /* the _dtype form converts (NumPy buffers a cast input): fused across a kept axis */
    nd_array *w = nd_prod_dtype(nd_transpose(nd_index(b, ":, ::-1")), 1, (int[]){1}, false,
                                ND_COMPLEX128);
    nd_array *wc = nd_astype(nd_transpose(nd_index(b, ":, ::-1")), ND_COMPLEX128);
    for (int64_t i = 0; i < 5; i++) {
      double complex want = ref_prod(wc, red1, (int64_t[]){i, 0}, true);
      double re, im;
      th_get(w, &i, &re, &im);
      assert_same_bits(re, creal(want));
      assert_same_bits(im, cimag(want));
    }
  }
  /* a broadcast reduced axis: NumPy keeps a stride-0 axis where it is, so b (3,) broadcast
   * to (2, 3) is multiplied as b0 b1 b2 b0 b1 b2, not b0 b0 b1 b1 b2 b2 */
  nd_array *row = near_one_array(ND_FLOAT64, 1, (int64_t[]){3}, TH_C);
  const double *rv = nd_data(row);
  double want = 1;
  for (int k = 0; k < 6; k++) want *= rv[k % 3];
  double got = *(double *)nd_data(nd_prod(nd_broadcast_to(row, ND_SHAPE(2, 3)), -1, NULL, false));
  assert_same_bits(got, want);
  nd_scope_end();
}

/* cumulative_prod: NumPy's accumulate runs its elementwise multiply on each lane; with one
 * product per lane (an axis of length 2) that is its vector path (fused), over longer
 * lanes the overlapping output sends it to the plain scalar loop. A complex64 input read
 * backwards takes the plain loop at length 2 too. */
static void test_cumulative_prod_complex(void **state) {
  (void)state;
  nd_scope_begin();
  for (int c = 0; c < 2; c++) {
    nd_dtype t = c ? ND_COMPLEX64 : ND_COMPLEX128;
    bool single = c;
    for (int64_t n = 2; n <= 5; n++) {
      nd_array *a = near_one_array(t, 2, (int64_t[]){3, n}, TH_C);
      for (int rev = 0; rev < 2; rev++) {
        nd_array *v = rev ? nd_index(a, ":, ::-1") : a;
        nd_array *cp = nd_cumulative_prod(v, 1, false);
        bool fused = n == 2 && !(rev && t == ND_COMPLEX64);
        for (int64_t i = 0; i < 3; i++) {
          double re, im;
          th_get(v, (int64_t[]){i, 0}, &re, &im);
          double complex acc = CMPLX(re, im);
          for (int64_t j = 1; j < n; j++) {
            th_get(v, (int64_t[]){i, j}, &re, &im);
            acc = fused ? mul_fused(acc, CMPLX(re, im), single) : mul_plain(acc, CMPLX(re, im), single);
            th_get(cp, (int64_t[]){i, j}, &re, &im);
            assert_same_bits(re, creal(acc));
            assert_same_bits(im, cimag(acc));
          }
        }
      }
    }
  }
  nd_scope_end();
}

/* ---- signed-zero ties of min and max --------------------------------------------------- */

/* Of equal elements the later in index order is kept: a zero result has the sign of the
 * last zero in C index order of the reduced elements, on every layout, set of axes and
 * thread count. Issue 30's example: max of [-1, 0., -0., -3][::-1] is 0.0 (as NumPy);
 * memory order would give -0.0. */
static void test_zero_ties_every_layout(void **state) {
  (void)state;
  nd_scope_begin();
  const double m[4] = {-1, 0.0, -0.0, -3};
  nd_array *mr = nd_index(nd_from_data(ND_FLOAT64, ND_SHAPE(4), m, ND_C), "::-1");
  assert_same_bits(*(double *)nd_data(nd_max(mr, -1, NULL, false)), 0.0);
  assert_same_bits(*(double *)nd_data(nd_min(nd_negative(mr), -1, NULL, false)), -0.0);
  /* where NumPy's C and F loops disagree (x = full((2, 8), -1); x[0, 0] = 0.0;
   * x[0, 1] = -0.0: np.max(x) is 0.0, of its F copy -0.0), nd gives -0.0 for both */
  nd_array *cf[2] = {nd_full(ND_FLOAT64, ND_SHAPE(2, 8), -1.0, ND_C),
                     nd_full(ND_FLOAT64, ND_SHAPE(2, 8), -1.0, ND_F)};
  for (int o = 0; o < 2; o++) {
    th_set(cf[o], (int64_t[]){0, 0}, 0.0, 0);
    th_set(cf[o], (int64_t[]){0, 1}, -0.0, 0);
    assert_same_bits(*(double *)nd_data(nd_max(cf[o], -1, NULL, false)), -0.0);
  }
  const int64_t shapes[2][3] = {{3, 4, 5}, {40, 30, 33}}; /* the second runs on threads */
  for (int si = 0; si < 2; si++)
    for (int ti = 0; ti < 2; ti++)
      for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
        nd_dtype t = ti ? ND_FLOAT32 : ND_FLOAT64;
        nd_array *a = th_make(t, 3, shapes[si], (th_layout)L, 1);
        int64_t idx[3] = {0}, flat = 0, nb = nd_size(a) / shapes[si][0];
        do { /* zeros of both signs among -1 (max) or 1 (min); few zeros in the big case */
          uint64_t h = (uint64_t)(L == TH_BROADCAST ? flat % nb : flat) * 2654435761u;
          h ^= h >> 13;
          int k = (int)(h % (si ? 50 : 3));
          th_set(a, idx, k == 0 ? 0.0 : k == 1 ? -0.0 : -1.0, 0);
          flat++;
        } while (th_next(3, shapes[si], idx));
        nd_array *views[3] = {a, nd_index(a, "::-1, :, ::-2"),
                              nd_permute(nd_index(a, ":, ::-1, :"), 3, (int[]){2, 0, 1})};
        for (int vi = 0; vi < 3; vi++)
          for (int mask = 1; mask < 8; mask++)
            for (int op = 0; op < 2; op++) {
              nd_array *x = op ? nd_negative(views[vi]) : views[vi]; /* min of -x */
              int axes[3], na = 0;
              for (int i = 0; i < 3; i++)
                if (mask & (1 << i)) axes[na++] = i;
              nd_array *r = op ? nd_min(x, na, axes, true) : nd_max(x, na, axes, true);
              const int64_t *rs = nd_shape(r);
              /* want: per output (C order over r), the last zero of its elements in C
               * order, else the best value */
              static double want[40 * 30 * 33];
              double v, im;
              for (int64_t k = 0; k < nd_size(r); k++) want[k] = op ? 1.0 : -1.0;
              int64_t e[3] = {0};
              do {
                th_get(x, e, &v, &im);
                if (v != 0) continue;
                int64_t k = 0;
                for (int i = 0; i < 3; i++) k = k * rs[i] + ((mask & (1 << i)) ? 0 : e[i]);
                want[k] = v;
              } while (th_next(3, nd_shape(x), e));
              int64_t o[3] = {0}, k = 0;
              do {
                th_get(r, o, &v, &im);
                assert_same_bits(v, want[k++]);
              } while (th_next(3, rs, o));
            }
      }
  nd_scope_end();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_prod_reversed_examples),
      cmocka_unit_test(test_prod_every_layout),
      cmocka_unit_test(test_prod_complex_forms),
      cmocka_unit_test(test_cumulative_prod_complex),
      cmocka_unit_test(test_zero_ties_every_layout),
  };
  return TH_RUN(tests);
}
