/* sort, argsort, searchsorted and the unique_* set functions on every real dtype and
 * layout against a plain stable reference sort; NaN and signed-zero rules, descending
 * order, long (MSD, threaded) lanes, 1- vs 2-thread equality, errors. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

static const int64_t shape3[3] = {3, 4, 5};

/* NumPy's order: NaN above everything, -0.0 == +0.0. */
static int cmp(double x, double y) {
  bool nx = isnan(x), ny = isnan(y);
  if (nx || ny) return nx - ny;
  return (x > y) - (x < y);
}

/* Reference: stable insertion sort of positions by value (descending: reversed order,
 * still stable). */
static void ref_argsort(const double *v, int64_t n, bool desc, int64_t *pos) {
  for (int64_t i = 0; i < n; i++) pos[i] = i;
  for (int64_t i = 1; i < n; i++) {
    int64_t p = pos[i], j = i;
    while (j > 0) {
      int c = cmp(v[pos[j - 1]], v[p]);
      if (desc ? c >= 0 : c <= 0) break;
      pos[j] = pos[j - 1];
      j--;
    }
    pos[j] = p;
  }
}

static void same_bits(double got, double want, const char *what) {
  if (isnan(want) ? !isnan(got) : (got != want || signbit(got) != signbit(want)))
    fail_msg("%s: got %g want %g", what, got, want);
}

static void check_sort(const nd_array *a, int axis, bool desc) {
  nd_array *s = nd_sort(a, axis, desc), *p = nd_argsort(a, axis, desc);
  if (!s || !p) fail_msg("sort failed: %s", nd_last_error());
  assert_int_equal(nd_dtype_of(s), nd_dtype_of(a));
  assert_int_equal(nd_dtype_of(p), ND_INT64);
  nd_array *src = (nd_array *)a;
  if (axis == ND_AXIS_NONE) {
    nd_array *c = nd_copy(a, ND_C);
    src = nd_reshape(c, ND_SHAPE(-1), ND_C);
    nd_release(c);
    axis = 0;
  }
  int nd = nd_ndim(src), ax = axis < 0 ? axis + nd : axis;
  th_assert_shape(s, nd, nd_shape(src));
  int64_t n = nd_shape(src)[ax], lanes[ND_MAX_DIMS];
  memcpy(lanes, nd_shape(src), sizeof(int64_t) * (size_t)nd);
  lanes[ax] = 1;
  double *v = malloc(sizeof(double) * (size_t)(n + 1));
  int64_t *pos = malloc(sizeof(int64_t) * (size_t)(n + 1));
  int64_t li[ND_MAX_DIMS] = {0};
  bool empty = nd_size(src) == 0;
  if (!empty) do {
      int64_t idx[ND_MAX_DIMS];
      memcpy(idx, li, sizeof idx);
      for (int64_t i = 0; i < n; i++) {
        idx[ax] = i;
        double im;
        th_get(src, idx, &v[i], &im);
      }
      ref_argsort(v, n, desc, pos);
      for (int64_t i = 0; i < n; i++) {
        idx[ax] = i;
        double g, gi;
        th_get(p, idx, &g, &gi);
        if ((int64_t)g != pos[i]) fail_msg("argsort %s lane position %lld: got %g want %lld", nd_dtype_name(nd_dtype_of(a)), (long long)i, g, (long long)pos[i]);
        th_get(s, idx, &g, &gi);
        same_bits(g, v[pos[i]], "sort");
      }
    } while (th_next(nd, lanes, li));
  free(v);
  free(pos);
  if (src != a) nd_release(src);
  nd_release(s);
  nd_release(p);
}

static void test_sort_every_layout(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    if (nd_dtype_is_complex(t)) continue;
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *a = th_make(t, 3, shape3, (th_layout)L, 21 + (unsigned)d);
      for (int ax = -1; ax < 3; ax++)
        for (int desc = 0; desc < 2; desc++) check_sort(a, ax, desc);
      check_sort(a, ND_AXIS_NONE, false);
      nd_release(a);
    }
    nd_array *z = th_make(t, 0, NULL, TH_C, 1);
    check_sort(z, ND_AXIS_NONE, true);
    TH_EXPECT_ERROR(nd_sort(z, -1, false), ND_ERR_INDEX, "sort: axis -1 is out of bounds for array of dimension 0");
    nd_release(z);
    static const int64_t e[2] = {0, 3};
    nd_array *em = th_make(t, 2, e, TH_C, 1);
    check_sort(em, 0, false);
    check_sort(em, 1, true);
    nd_release(em);
  }
}

static void test_sort_special_values(void **state) {
  (void)state;
  nd_scope_begin();
  const double vals[] = {3, NAN, -0.0, 0.0, -1, INFINITY, 0.0, -INFINITY, -NAN, -0.0, 2, 3};
  for (int f = 0; f < 2; f++) {
    nd_array *a = nd_from_data(ND_FLOAT64, ND_SHAPE(12), vals, ND_C);
    if (f) a = nd_astype(a, ND_FLOAT32);
    check_sort(a, 0, false);
    check_sort(a, 0, true);
  }
  /* the expected orders, spelled out: NaNs last (ascending) / first (descending), zeros
   * equal and in input order */
  nd_array *a = nd_from_data(ND_FLOAT64, ND_SHAPE(12), vals, ND_C);
  int64_t want[12] = {7, 4, 2, 3, 6, 9, 10, 0, 11, 5, 1, 8};
  assert_memory_equal(nd_data(nd_argsort(a, 0, false)), want, sizeof want);
  int64_t wantd[12] = {1, 8, 5, 0, 11, 10, 2, 3, 6, 9, 4, 7};
  assert_memory_equal(nd_data(nd_argsort(a, 0, true)), wantd, sizeof wantd);
  nd_array *s = nd_sort(a, 0, false);
  double *sv = nd_data(s);
  assert_true(signbit(sv[2]) && !signbit(sv[3]) && !signbit(sv[4]) && signbit(sv[5]));
  assert_true(isnan(sv[10]) && isnan(sv[11]) && signbit(sv[11])); /* -nan keeps its sign */
  /* integers at their extremes */
  int64_t iv[5] = {INT64_MAX, INT64_MIN, -1, 0, INT64_MIN + 1};
  nd_array *ia = nd_from_data(ND_INT64, ND_SHAPE(5), iv, ND_C);
  int64_t iw[5] = {INT64_MIN, INT64_MIN + 1, -1, 0, INT64_MAX};
  assert_memory_equal(nd_data(nd_sort(ia, 0, false)), iw, sizeof iw);
  uint64_t uv[3] = {UINT64_MAX, 0, UINT64_C(1) << 63};
  uint64_t uw[3] = {UINT64_MAX, UINT64_C(1) << 63, 0};
  assert_memory_equal(nd_data(nd_sort(nd_from_data(ND_UINT64, ND_SHAPE(3), uv, ND_C), 0, true)), uw, sizeof uw);
  nd_scope_end();
}

/* Long lanes take the MSD path (threaded); every key width, with and without NaNs, both
 * directions, values and positions; 1 and 2 threads agree bitwise. */
static void test_sort_long_lanes(void **state) {
  (void)state;
  static const nd_dtype types[] = {ND_INT8, ND_UINT16, ND_INT32, ND_FLOAT32, ND_FLOAT64, ND_INT64};
  const int64_t n = 150001; /* above the MSD threshold (2^17) */
  for (size_t k = 0; k < sizeof types / sizeof types[0]; k++) {
    nd_scope_begin();
    nd_array *a = nd_empty(types[k], ND_SHAPE(n), ND_C);
    uint64_t h = 99 + k;
    for (int64_t i = 0; i < n; i++) {
      h = h * 6364136223846793005u + 1442695040888963407u;
      double v = (double)(int64_t)(h >> 40) - 8388608.0; /* 24-bit signed values */
      if (types[k] == ND_FLOAT64) v = v * 1e-3 + (i % 1000 == 0 ? NAN : 0);
      if (types[k] == ND_FLOAT32) v = (i % 3) ? v * 0.25 : -0.0;
      nd_set_double(a, (int64_t[]){i}, v);
    }
    for (int desc = 0; desc < 2; desc++) {
      nd_set_num_threads(1);
      nd_array *s1 = nd_sort(a, 0, desc), *p1 = nd_argsort(a, 0, desc);
      nd_set_num_threads(2);
      nd_array *s2 = nd_sort(a, 0, desc), *p2 = nd_argsort(a, 0, desc);
      nd_set_num_threads(0);
      assert_memory_equal(nd_data(s1), nd_data(s2), nd_nbytes(s1));
      assert_memory_equal(nd_data(p1), nd_data(p2), nd_nbytes(p1));
      /* ordered, stable, and s == a[p] */
      const int64_t *p = nd_data(p1);
      for (int64_t i = 0; i < n; i++) {
        double x, y, im;
        th_get(a, &p[i], &x, &im);
        th_get(s1, &i, &y, &im);
        same_bits(y, x, "sort = a[argsort]");
        if (i == 0) continue;
        double w;
        th_get(a, &p[i - 1], &w, &im);
        int c = cmp(w, x);
        if (desc ? c < 0 : c > 0) fail_msg("%s not ordered at %lld", nd_dtype_name(types[k]), (long long)i);
        if (c == 0 && p[i - 1] > p[i]) fail_msg("%s not stable at %lld", nd_dtype_name(types[k]), (long long)i);
      }
    }
    nd_scope_end();
  }
  /* values the sorting code's sample misses (it reads every (n/4096)-th element): the
   * digit found from the sample is wrong and the count is redone */
  nd_scope_begin();
  nd_array *sk = nd_empty(ND_INT64, ND_SHAPE(n), ND_C);
  int64_t *sp = nd_data(sk);
  for (int64_t i = 0; i < n; i++) sp[i] = (i * 37) % 1000;
  sp[1] = INT64_MAX;
  sp[2] = INT64_MIN;
  sp[3] = -5;
  nd_array *ss = nd_sort(sk, 0, false);
  const int64_t *sv = nd_data(ss);
  assert_true(sv[0] == INT64_MIN && sv[1] == -5 && sv[n - 1] == INT64_MAX);
  for (int64_t i = 1; i < n; i++) assert_true(sv[i - 1] <= sv[i]);
  nd_scope_end();
  /* many long lanes along a slow axis: lanes shared by threads */
  nd_scope_begin();
  nd_array *m = th_make(ND_FLOAT64, 2, (int64_t[]){2000, 40}, TH_C, 3);
  nd_set_num_threads(1);
  nd_array *r1 = nd_argsort(m, 0, false);
  nd_set_num_threads(2);
  nd_array *r2 = nd_argsort(m, 0, false);
  nd_set_num_threads(0);
  th_assert_same_values(r1, r2);
  check_sort(th_make(ND_INT16, 2, (int64_t[]){700, 30}, TH_F, 4), 0, true);
  nd_scope_end();
}

static void test_sort_errors(void **state) {
  (void)state;
  nd_array *c = nd_zeros(ND_COMPLEX128, ND_SHAPE(3), ND_C);
  nd_array *a = nd_zeros(ND_FLOAT64, ND_SHAPE(3), ND_C);
  TH_EXPECT_ERROR(nd_sort(c, 0, false), ND_ERR_TYPE, "sort: not defined for complex input (complex128 has no order)");
  TH_EXPECT_ERROR(nd_argsort(c, 0, false), ND_ERR_TYPE, "argsort: not defined for complex");
  TH_EXPECT_ERROR(nd_argsort(a, 1, false), ND_ERR_INDEX, "argsort: axis 1 is out of bounds");
  TH_EXPECT_ERROR(nd_sort(NULL, 0, false), ND_ERR_NULL, "sort");
  nd_release(c);
  nd_release(a);
}

/* ---- searchsorted ---------------------------------------------------------------------- */

static int64_t ref_search(const double *s, int64_t n, double v, int side) {
  int64_t i = 0;
  while (i < n && (side ? cmp(s[i], v) <= 0 : cmp(s[i], v) < 0)) i++;
  return i;
}

static void test_searchsorted(void **state) {
  (void)state;
  nd_scope_begin();
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    if (nd_dtype_is_complex(t)) continue;
    nd_array *raw = th_make(t, 1, (int64_t[]){23}, TH_NEGATIVE, 7);
    nd_array *sorted = nd_sort(raw, 0, false);
    nd_array *order = nd_argsort(raw, 0, false);
    nd_array *vals = th_make(t, 2, (int64_t[]){4, 6}, TH_TRANSPOSED, 8);
    double sv[23], im;
    for (int64_t i = 0; i < 23; i++) th_get(sorted, &i, &sv[i], &im);
    for (int side = 0; side < 2; side++) {
      nd_array *r = nd_searchsorted(sorted, vals, (nd_side)side, NULL);
      nd_array *rs = nd_searchsorted(raw, vals, (nd_side)side, order); /* via sorter */
      th_assert_shape(r, 2, (int64_t[]){4, 6});
      int64_t j[2] = {0};
      do {
        double v, g;
        th_get(vals, j, &v, &im);
        th_get(r, j, &g, &im);
        assert_int_equal((int64_t)g, ref_search(sv, 23, v, side));
        th_get(rs, j, &g, &im);
        assert_int_equal((int64_t)g, ref_search(sv, 23, v, side));
      } while (th_next(2, (int64_t[]){4, 6}, j));
    }
  }
  /* NaN sorts last; mixed dtypes compare promoted (int array, float values) */
  nd_array *s = nd_from_data(ND_FLOAT64, ND_SHAPE(4), (double[]){-1, 0, 2, NAN}, ND_C);
  nd_array *q = nd_from_data(ND_FLOAT64, ND_SHAPE(4), (double[]){NAN, -0.0, 2, 5}, ND_C);
  int64_t wl[4] = {3, 1, 2, 3}, wr[4] = {4, 2, 3, 3};
  assert_memory_equal(nd_data(nd_searchsorted(s, q, ND_SIDE_LEFT, NULL)), wl, sizeof wl);
  assert_memory_equal(nd_data(nd_searchsorted(s, q, ND_SIDE_RIGHT, NULL)), wr, sizeof wr);
  nd_array *si = nd_from_data(ND_INT32, ND_SHAPE(3), (int32_t[]){1, 3, 5}, ND_C);
  nd_array *qf = nd_from_data(ND_FLOAT32, ND_SHAPE(2), (float[]){2.5f, 3.0f}, ND_C);
  int64_t wf[2] = {1, 2};
  assert_memory_equal(nd_data(nd_searchsorted(si, qf, ND_SIDE_RIGHT, NULL)), wf, sizeof wf);
  nd_array *z = nd_searchsorted(si, nd_full(ND_INT8, 0, NULL, 4, ND_C), ND_SIDE_LEFT, NULL);
  assert_int_equal(nd_ndim(z), 0);
  assert_int_equal(*(int64_t *)nd_data(z), 2);
  /* errors */
  TH_EXPECT_ERROR(nd_searchsorted(nd_zeros(ND_FLOAT64, ND_SHAPE(2, 2), ND_C), q, ND_SIDE_LEFT, NULL), ND_ERR_SHAPE,
                  "searchsorted: the sorted array must be 1-D (got 2 dimensions)");
  TH_EXPECT_ERROR(nd_searchsorted(s, q, (nd_side)2, NULL), ND_ERR_VALUE, "searchsorted: invalid side 2");
  TH_EXPECT_ERROR(nd_searchsorted(s, nd_zeros(ND_COMPLEX64, ND_SHAPE(1), ND_C), ND_SIDE_LEFT, NULL), ND_ERR_TYPE,
                  "searchsorted: not defined for complex input");
  TH_EXPECT_ERROR(nd_searchsorted(s, q, ND_SIDE_LEFT, nd_zeros(ND_INT64, ND_SHAPE(3), ND_C)), ND_ERR_SHAPE,
                  "searchsorted: sorter has 3 elements but the sorted array has 4");
  TH_EXPECT_ERROR(nd_searchsorted(s, q, ND_SIDE_LEFT, nd_zeros(ND_INT64, ND_SHAPE(1, 4), ND_C)), ND_ERR_SHAPE,
                  "searchsorted: sorter must be 1-D (got 2 dimensions)");
  /* NumPy: "Sorter index out of range" for a negative position, not an index from the end */
  TH_EXPECT_ERROR(nd_searchsorted(s, q, ND_SIDE_LEFT, nd_from_data(ND_INT8, ND_SHAPE(4), (int8_t[]){1, -1, 0, 2}, ND_C)),
                  ND_ERR_INDEX, "searchsorted: sorter index -1 is out of range [0, 4)");
  TH_EXPECT_ERROR(nd_searchsorted(s, q, ND_SIDE_LEFT, nd_full(ND_INT64, ND_SHAPE(4), 4, ND_C)), ND_ERR_INDEX,
                  "searchsorted: sorter: index 4 is out of bounds for axis 0 with size 4");
  TH_EXPECT_ERROR(nd_searchsorted(s, q, ND_SIDE_LEFT, nd_zeros(ND_FLOAT64, ND_SHAPE(4), ND_C)), ND_ERR_TYPE,
                  "searchsorted: sorter must be an integer array, got float64");
  TH_EXPECT_ERROR(nd_searchsorted(NULL, q, ND_SIDE_LEFT, NULL), ND_ERR_NULL, "searchsorted");
  nd_scope_end();
}

/* ---- sets ------------------------------------------------------------------------------ */

static void check_unique(const nd_array *a) {
  nd_array *v, *ix, *inv, *cnt;
  assert_int_equal(nd_unique_all(a, &v, &ix, &inv, &cnt), ND_OK);
  int64_t n = nd_size(a), m = nd_size(v);
  nd_array *c = nd_copy(a, ND_C);
  nd_array *flat = nd_reshape(c, ND_SHAPE(-1), ND_C);
  double *x = malloc(sizeof(double) * (size_t)(n + 1));
  int64_t *pos = malloc(sizeof(int64_t) * (size_t)(n + 1));
  double im;
  for (int64_t i = 0; i < n; i++) th_get(flat, &i, &x[i], &im);
  ref_argsort(x, n, false, pos);
  /* reference entries: runs of equal values in sorted order, NaNs each alone */
  int64_t g = -1, *count = calloc((size_t)(n + 1), sizeof(int64_t));
  for (int64_t i = 0; i < n; i++) {
    if (i == 0 || cmp(x[pos[i]], x[pos[i - 1]]) != 0 || isnan(x[pos[i]])) {
      g++;
      double got;
      th_get(v, &g, &got, &im);
      same_bits(got, x[pos[i]], "unique value (first occurrence)");
      assert_int_equal(((int64_t *)nd_data(ix))[g], pos[i]);
    }
    count[g]++;
    int64_t ii[ND_MAX_DIMS], f = pos[i];
    for (int d = nd_ndim(a) - 1; d >= 0; d--) {
      ii[d] = f % nd_shape(a)[d];
      f /= nd_shape(a)[d];
    }
    double got;
    th_get(inv, ii, &got, &im);
    assert_int_equal((int64_t)got, g);
  }
  assert_int_equal(m, g + 1);
  for (int64_t k = 0; k < m; k++) assert_int_equal(((int64_t *)nd_data(cnt))[k], count[k]);
  th_assert_shape(inv, nd_ndim(a), nd_shape(a));
  /* the other three forms agree */
  nd_array *v1 = nd_unique_values(a), *v2, *c2, *v3, *i3;
  assert_int_equal(nd_unique_counts(a, &v2, &c2), ND_OK);
  assert_int_equal(nd_unique_inverse(a, &v3, &i3), ND_OK);
  th_assert_same_values(v1, v);
  th_assert_same_values(v2, v);
  th_assert_same_values(c2, cnt);
  th_assert_same_values(i3, inv);
  nd_release(v1), nd_release(v2), nd_release(c2), nd_release(v3), nd_release(i3);
  free(x), free(pos), free(count);
  nd_release(flat), nd_release(c);
  nd_release(v), nd_release(ix), nd_release(inv), nd_release(cnt);
}

static void test_unique(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    if (nd_dtype_is_complex(t)) continue;
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *a = th_make(t, 3, shape3, (th_layout)L, 31 + (unsigned)d);
      check_unique(a);
      nd_release(a);
    }
    nd_array *z = th_make(t, 0, NULL, TH_C, 2), *e = th_make(t, 2, (int64_t[]){0, 4}, TH_C, 2);
    check_unique(z);
    check_unique(e);
    nd_release(z);
    nd_release(e);
  }
  nd_scope_begin();
  /* NumPy 2.4: unique_all([2., nan, 1, 0.0, -0.0, nan, 1]) (values embedded from its output) */
  nd_array *a = nd_from_data(ND_FLOAT64, ND_SHAPE(7), (double[]){2, NAN, 1, 0.0, -0.0, NAN, 1}, ND_C);
  nd_array *v, *ix, *inv, *cnt;
  assert_int_equal(nd_unique_all(a, &v, &ix, &inv, &cnt), ND_OK);
  double *vv = nd_data(v);
  assert_int_equal(nd_size(v), 5);
  assert_true(vv[0] == 0 && !signbit(vv[0]) && vv[1] == 1 && vv[2] == 2 && isnan(vv[3]) && isnan(vv[4]));
  int64_t wi[5] = {3, 2, 0, 1, 5}, winv[7] = {2, 3, 1, 0, 0, 4, 1}, wc[5] = {2, 2, 1, 1, 1};
  assert_memory_equal(nd_data(ix), wi, sizeof wi);
  assert_memory_equal(nd_data(inv), winv, sizeof winv);
  assert_memory_equal(nd_data(cnt), wc, sizeof wc);
  /* NumPy: unique_values([nan, 1, nan, -0.0, 0.0]) = [-0., 1., nan, nan] */
  nd_array *u = nd_unique_values(nd_from_data(ND_FLOAT32, ND_SHAPE(5), (float[]){NAN, 1, NAN, -0.0f, 0.0f}, ND_C));
  float *uv = nd_data(u);
  assert_true(nd_size(u) == 4 && uv[0] == 0 && signbit(uv[0]) && uv[1] == 1 && isnan(uv[2]) && isnan(uv[3]));
  /* a long input (threaded sort inside) */
  nd_array *big = nd_astype(nd_arange(ND_INT64, 0, 400000, 1), ND_UINT8);
  nd_array *bv, *bc;
  assert_int_equal(nd_unique_counts(big, &bv, &bc), ND_OK);
  assert_int_equal(nd_size(bv), 256);
  assert_int_equal(((int64_t *)nd_data(bc))[255], 400000 / 256);
  nd_release(bv), nd_release(bc);
  /* complex: by real part, then imaginary part (NumPy's order); -0 equals +0; an entry
   * with a NaN part is its own; on a reversed (negative-stride) view */
  for (int t = 0; t < 2; t++) {
    const double zv[] = {1, 2, 0, -0.0, 1, 2, NAN, 0, 1, -1, -0.0, 0.0, 1, -1, 0, NAN};
    nd_array *z = nd_astype(nd_from_data(ND_COMPLEX128, ND_SHAPE(8), zv, ND_C), t ? ND_COMPLEX64 : ND_COMPLEX128);
    nd_array *vals, *idx, *zinv, *zcnt;
    assert_int_equal(nd_unique_all(nd_flip(z, ND_ALL_AXES, NULL), &vals, &idx, &zinv, &zcnt),
                     ND_OK);
    /* reversed input: 0+nanj, 1-1j, -0+0j, 1-1j, nan+0j, 1+2j, 0-0j, 1+2j */
    const double want_re[] = {0, 0, 1, 1, NAN}, want_im[] = {0, NAN, -1, 2, 0};
    const int64_t want_cnt[] = {2, 1, 2, 2, 1}, want_idx[] = {2, 0, 1, 5, 4};
    const int64_t want_inv[] = {1, 2, 0, 2, 4, 3, 0, 3};
    assert_int_equal(nd_size(vals), 5);
    for (int i = 0; i < 5; i++) {
      double re, im;
      int64_t c, k;
      nd_get_complex(vals, (int64_t[]){i}, &re, &im);
      assert_true(isnan(want_re[i]) ? isnan(re) : re == want_re[i]);
      assert_true(isnan(want_im[i]) ? isnan(im) : im == want_im[i]);
      nd_get_int64(zcnt, (int64_t[]){i}, &c);
      nd_get_int64(idx, (int64_t[]){i}, &k);
      assert_int_equal(c, want_cnt[i]);
      assert_int_equal(k, want_idx[i]);
    }
    for (int i = 0; i < 8; i++) {
      int64_t k;
      nd_get_int64(zinv, (int64_t[]){i}, &k);
      assert_int_equal(k, want_inv[i]);
    }
    nd_release(vals);
    nd_release(idx);
    nd_release(zinv);
    nd_release(zcnt);
    nd_release(z);
  }
  TH_EXPECT_ERROR(nd_unique_counts(a, &v, NULL), ND_ERR_NULL, "unique_counts");
  TH_EXPECT_ERROR(nd_unique_inverse(NULL, &v, &inv), ND_ERR_NULL, "unique_inverse");
  nd_release(v), nd_release(ix), nd_release(inv), nd_release(cnt);
  nd_scope_end();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sort_every_layout), cmocka_unit_test(test_sort_special_values),
      cmocka_unit_test(test_sort_long_lanes),   cmocka_unit_test(test_sort_errors),
      cmocka_unit_test(test_searchsorted),      cmocka_unit_test(test_unique),
  };
  return TH_RUN(tests);
}
