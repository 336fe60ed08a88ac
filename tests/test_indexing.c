/* take, take_along_axis, integer-array and mask indexing (selection and assignment) and
 * nonzero, on every layout and dtype, against reference index mappings; NumPy's placement
 * of broadcast index axes; errors. */
#include <math.h>
#include <string.h>

#include "helpers.h"

static const int64_t shape3[3] = {3, 4, 5};

static void expect_equal_at(const nd_array *got, const int64_t *gi, const nd_array *src,
                            const int64_t *si, const char *what) {
  double gr, gim, sr, sim;
  th_get(got, gi, &gr, &gim);
  th_get(src, si, &sr, &sim);
  if (gr != sr || gim != sim) fail_msg("%s: got (%g,%g), want (%g,%g)", what, gr, gim, sr, sim);
}

/* An index array of dtype t with the given values (normalised by the caller's extent). */
static nd_array *indices(nd_dtype t, int ndim, const int64_t *shape, const int64_t *vals,
                         th_layout L) {
  nd_array *a = th_make(t, ndim, shape, L == TH_BROADCAST ? TH_C : L, 0);
  int64_t j[ND_MAX_DIMS] = {0}, k = 0;
  do {
    th_set(a, j, (double)vals[k++], 0);
  } while (th_next(ndim, shape, j));
  return a;
}

static int64_t norm(int64_t v, int64_t n) { return v < 0 ? v + n : v; }

static void test_take(void **state) {
  (void)state;
  static const int64_t vals[6] = {2, -1, 0, 0, 1, -3};
  static const nd_dtype itypes[] = {ND_INT8, ND_UINT16, ND_INT64};
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *a = th_make(th_all_dtypes[d], 3, shape3, (th_layout)L, 13);
      for (int ax = 0; ax < 3; ax++) {
        nd_dtype it = itypes[(d + ax) % 3];
        int64_t uv[6];
        for (int i = 0; i < 6; i++) uv[i] = it == ND_UINT16 ? norm(vals[i], 3) : vals[i];
        nd_array *ix = indices(it, 2, (int64_t[]){2, 3}, uv, (th_layout)((L + 1) % TH_NUM_LAYOUTS));
        nd_array *r = nd_take(a, ix, ax);
        assert_non_null(r);
        assert_int_equal(nd_ndim(r), 4);
        int64_t j[4] = {0};
        do {
          int64_t si[3], q = 0;
          for (int i = 0; i < 3; i++) {
            if (i == ax) {
              si[i] = norm(uv[j[i] * 3 + j[i + 1]], shape3[i]);
              q = 1;
            } else {
              si[i] = j[i + q];
            }
          }
          expect_equal_at(r, j, a, si, "take");
        } while (th_next(4, nd_shape(r), j));
        nd_release(r);
        nd_release(ix);
      }
      /* flattened: C-order positions */
      nd_array *ix = nd_from_data(ND_INT32, ND_SHAPE(3), (int32_t[]){59, 0, -21}, ND_C);
      nd_array *r = nd_take(a, ix, ND_AXIS_NONE);
      expect_equal_at(r, (int64_t[]){0}, a, (int64_t[]){2, 3, 4}, "take flat");
      expect_equal_at(r, (int64_t[]){1}, a, (int64_t[]){0, 0, 0}, "take flat");
      expect_equal_at(r, (int64_t[]){2}, a, (int64_t[]){1, 3, 4}, "take flat");
      nd_release(r);
      nd_release(ix);
      nd_release(a);
    }
  }
  nd_scope_begin();
  nd_array *a = th_arange(ND_FLOAT64, ND_SHAPE(3, 4));
  th_assert_shape(nd_take(a, nd_zeros(ND_INT64, ND_SHAPE(0), ND_C), 1), 2, (int64_t[]){3, 0});
  nd_array *s = nd_take(a, nd_full(ND_INT64, 0, NULL, 2, ND_C), 0); /* 0-d index removes the axis */
  th_assert_shape(s, 1, (int64_t[]){4});
  TH_EXPECT_ERROR(nd_take(a, nd_full(ND_INT64, ND_SHAPE(1), 4, ND_C), 1), ND_ERR_INDEX,
                  "take: index 4 is out of bounds for axis 1 with size 4");
  TH_EXPECT_ERROR(nd_take(a, nd_full(ND_INT8, ND_SHAPE(1), -4, ND_C), 0), ND_ERR_INDEX, "take: index -4 is out of bounds for axis 0 with size 3");
  TH_EXPECT_ERROR(nd_take(a, nd_astype(nd_full(ND_INT64, ND_SHAPE(1), -1, ND_C), ND_UINT64), 0), ND_ERR_INDEX, "is out of bounds for axis 0");
  TH_EXPECT_ERROR(nd_take(a, nd_ones(ND_FLOAT32, ND_SHAPE(1), ND_C), 0), ND_ERR_TYPE, "take: indices must be an integer array, got float32");
  /* bool indices read as 0 and 1, as NumPy's np.take(a, [True, False]) */
  nd_array *tb = nd_take(a, nd_from_data(ND_BOOL, ND_SHAPE(2), (bool[]){true, false}, ND_C), 0);
  assert_non_null(tb);
  assert_int_equal(nd_dim(tb, 0), 2);
  nd_release(tb);
  TH_EXPECT_ERROR(nd_take_along_axis(a, nd_ones(ND_BOOL, ND_SHAPE(1, 1), ND_C), 0), ND_ERR_TYPE, "got bool");
  TH_EXPECT_ERROR(nd_take(a, nd_ones(ND_INT64, ND_SHAPE(1), ND_C), 2), ND_ERR_INDEX, "take: axis 2 is out of bounds");
  TH_EXPECT_ERROR(nd_take(NULL, a, 0), ND_ERR_NULL, "take");
  /* a 0-d array takes axis 0 or -1 as its flattened self, as in NumPy */
  nd_array *z = nd_full(ND_FLOAT64, 0, NULL, 5, ND_C);
  th_assert_shape(nd_take(z, nd_zeros(ND_INT64, 0, NULL, ND_C), -1), 0, NULL);
  th_assert_same_values(nd_take(z, nd_zeros(ND_INT32, ND_SHAPE(2), ND_C), 0), nd_full(ND_FLOAT64, ND_SHAPE(2), 5, ND_C));
  TH_EXPECT_ERROR(nd_take(z, nd_ones(ND_INT64, ND_SHAPE(1), ND_C), 0), ND_ERR_INDEX,
                  "take: index 1 is out of bounds for axis 0 with size 1");
  TH_EXPECT_ERROR(nd_take(z, nd_ones(ND_INT64, ND_SHAPE(1), ND_C), 1), ND_ERR_INDEX, "take: axis 1 is out of bounds");
  /* as in NumPy, indices are not checked when the axes before `axis` are empty, and are
   * when only later ones are */
  nd_array *e03 = nd_zeros(ND_FLOAT64, ND_SHAPE(0, 3, 2), ND_C);
  th_assert_shape(nd_take(e03, nd_full(ND_INT64, ND_SHAPE(1, 2), 5, ND_C), 1), 4, (int64_t[]){0, 1, 2, 2});
  TH_EXPECT_ERROR(nd_take(nd_zeros(ND_FLOAT64, ND_SHAPE(2, 0), ND_C), nd_full(ND_INT64, ND_SHAPE(1), 5, ND_C), 0),
                  ND_ERR_INDEX, "take: index 5 is out of bounds for axis 0 with size 2");
  nd_scope_end();
}

/* take from a 1-D or flattened source through contiguous 64-bit indices (the fused
 * check-and-gather path): every item size, negative indices, a reversed 1-D source, both
 * index signednesses, and the first bad index reported even when a later one is bad too. */
static void test_take_flat(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *a = th_make(th_all_dtypes[d], 3, shape3, (th_layout)L, 21); /* 60 elements */
      nd_array *v = nd_index(nd_ravel(a, ND_C), "::-1"); /* 1-D, reversed */
      const int64_t n = 70000; /* above the threading grain */
      nd_array *ix = nd_empty(L % 2 ? ND_UINT64 : ND_INT64, ND_SHAPE(2, n / 2), ND_C);
      int64_t *p = nd_data(ix);
      for (int64_t i = 0; i < n; i++) p[i] = L % 2 ? (i * 37) % 60 : (i * 37) % 120 - 60;
      nd_array *r1 = nd_take(a, ix, ND_AXIS_NONE), *r2 = nd_take(v, ix, 0);
      th_assert_shape(r1, 2, (int64_t[]){2, n / 2});
      th_assert_shape(r2, 2, (int64_t[]){2, n / 2});
      for (int64_t i = 0; i < n; i += 7) {
        int64_t f = norm(p[i], 60), at[2] = {i / (n / 2), i % (n / 2)};
        int64_t src[3] = {f / 20, f / 5 % 4, f % 5};
        expect_equal_at(r1, at, a, src, "take flat");
        expect_equal_at(r2, at, v, (int64_t[]){f}, "take 1-D reversed");
      }
      p[n - 1] = 60;
      p[40000] = -61;
      if (L % 2) p[40000] = (int64_t)(UINT64_C(1) << 63); /* 2^63 as uint64 */
      TH_EXPECT_ERROR(nd_take(a, ix, ND_AXIS_NONE), ND_ERR_INDEX,
                      L % 2 ? "take: index 9223372036854775808 is out of bounds for axis 0 with size 60"
                            : "take: index -61 is out of bounds for axis 0 with size 60");
      nd_scope_end();
    }
  }
  nd_scope_begin();
  nd_array *e = nd_take(nd_zeros(ND_INT8, ND_SHAPE(0), ND_C), nd_zeros(ND_INT64, ND_SHAPE(0), ND_C), 0);
  th_assert_shape(e, 1, (int64_t[]){0});
  TH_EXPECT_ERROR(nd_take(nd_zeros(ND_INT8, ND_SHAPE(0), ND_C), nd_zeros(ND_INT64, ND_SHAPE(1), ND_C), 0),
                  ND_ERR_INDEX, "take: index 0 is out of bounds for axis 0 with size 0");
  nd_scope_end();
}

static void test_take_along_axis(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d += 2) {
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *a = th_make(th_all_dtypes[d], 3, shape3, (th_layout)L, 14);
      for (int ax = 0; ax < 3; ax++) {
        /* indices with 2 entries along the axis, broadcasting along axis (ax+1)%3 */
        int64_t ish[3];
        memcpy(ish, shape3, sizeof ish);
        ish[ax] = 2;
        ish[(ax + 1) % 3] = 1;
        int64_t n = ish[0] * ish[1] * ish[2], v[40];
        for (int64_t i = 0; i < n; i++) v[i] = (i * 7) % shape3[ax] - (i % 2 ? shape3[ax] : 0);
        nd_array *ix = indices(ND_INT16, 3, ish, v, TH_F);
        nd_array *r = nd_take_along_axis(a, ix, ax - 3);
        assert_non_null(r);
        int64_t want[3];
        memcpy(want, shape3, sizeof want);
        want[ax] = 2;
        th_assert_shape(r, 3, want);
        int64_t j[3] = {0};
        do {
          int64_t ii[3], si[3];
          memcpy(ii, j, sizeof ii);
          ii[(ax + 1) % 3] = 0;
          double iv, im;
          th_get(ix, ii, &iv, &im);
          memcpy(si, j, sizeof si);
          si[ax] = norm((int64_t)iv, shape3[ax]);
          expect_equal_at(r, j, a, si, "take_along_axis");
        } while (th_next(3, want, j));
        nd_release(r);
        nd_release(ix);
      }
      nd_release(a);
    }
  }
  nd_scope_begin();
  /* argsort-style use: take_along_axis(a, argmax(a, keepdims), axis) is the max */
  nd_array *a = th_make(ND_FLOAT64, 3, shape3, TH_TRANSPOSED, 2);
  int ax1 = 1;
  th_assert_same_values(nd_take_along_axis(a, nd_argmax(a, 1, true), 1), nd_max(a, 1, &ax1, true));
  nd_array *flat = nd_take_along_axis(a, nd_from_data(ND_INT64, ND_SHAPE(2), (int64_t[]){59, 5}, ND_C), ND_AXIS_NONE);
  expect_equal_at(flat, (int64_t[]){1}, a, (int64_t[]){0, 1, 0}, "take_along_axis flat");
  TH_EXPECT_ERROR(nd_take_along_axis(a, nd_zeros(ND_INT64, ND_SHAPE(3, 4), ND_C), 0), ND_ERR_SHAPE,
                  "take_along_axis: indices must have as many dimensions as the array (2 vs 3)");
  TH_EXPECT_ERROR(nd_take_along_axis(a, nd_zeros(ND_INT64, ND_SHAPE(2, 3, 5), ND_C), 1), ND_ERR_SHAPE,
                  "take_along_axis: shapes [3,4,5] (array) and [2,3,5] (indices) cannot be broadcast (axis 0: 3 vs 2)");
  TH_EXPECT_ERROR(nd_take_along_axis(a, nd_full(ND_INT64, ND_SHAPE(1, 1, 1), 5, ND_C), 2), ND_ERR_INDEX,
                  "take_along_axis: index 5 is out of bounds for axis 2 with size 5");
  TH_EXPECT_ERROR(nd_take_along_axis(a, nd_zeros(ND_INT64, ND_SHAPE(2, 2), ND_C), ND_AXIS_NONE), ND_ERR_SHAPE, "must be 1-D");
  TH_EXPECT_ERROR(nd_take_along_axis(a, nd_zeros(ND_FLOAT64, ND_SHAPE(1, 1, 1), ND_C), 0), ND_ERR_TYPE, "integer array");
  nd_scope_end();
}

/* ---- integer-array indexing ------------------------------------------------------------ */

static void test_index_arrays_placement(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d += 3) {
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *a = th_make(th_all_dtypes[d], 3, shape3, (th_layout)L, 15);
      int64_t iv[2] = {2, -3}, jv[3] = {4, 0, -1};
      nd_array *i = indices(ND_INT32, 2, (int64_t[]){2, 1}, iv, TH_C);  /* shape (2,1) */
      nd_array *j = indices(ND_INT64, 1, (int64_t[]){3}, jv, TH_NEGATIVE); /* shape (3,) */
      /* adjacent: a[:, i, j] has shape (3, 2, 3) */
      nd_array *r = nd_index_arrays(a, ":, ?, ?", 2, (nd_array *[]){i, j});
      th_assert_shape(r, 3, (int64_t[]){3, 2, 3});
      int64_t k[3] = {0};
      do {
        int64_t si[3] = {k[0], norm(iv[k[1]], 4), norm(jv[k[2]], 5)};
        expect_equal_at(r, k, a, si, "a[:, i, j]");
      } while (th_next(3, nd_shape(r), k));
      /* separated by a slice: a[i, :, j] puts the broadcast axes first: (2, 3, 4) */
      r = nd_index_arrays(a, "?, :, ?", 2, (nd_array *[]){i, j});
      th_assert_shape(r, 3, (int64_t[]){2, 3, 4});
      memset(k, 0, sizeof k);
      do {
        int64_t si[3] = {norm(iv[k[0]], 3), k[2], norm(jv[k[1]], 5)};
        expect_equal_at(r, k, a, si, "a[i, :, j]");
      } while (th_next(3, nd_shape(r), k));
      /* an integer counts as an index array: a[1, :, j] -> (3, 4), a[:, 1, j] -> (3, 3) */
      r = nd_index_arrays(a, "1, :, ?", 1, &j);
      th_assert_shape(r, 2, (int64_t[]){3, 4});
      memset(k, 0, sizeof k);
      do {
        int64_t si[3] = {1, k[1], norm(jv[k[0]], 5)};
        expect_equal_at(r, k, a, si, "a[1, :, j]");
      } while (th_next(2, nd_shape(r), k));
      r = nd_index_arrays(a, ":, -1, ?", 1, &j);
      th_assert_shape(r, 2, (int64_t[]){3, 3});
      memset(k, 0, sizeof k);
      do {
        int64_t si[3] = {k[0], 3, norm(jv[k[1]], 5)};
        expect_equal_at(r, k, a, si, "a[:, -1, j]");
      } while (th_next(2, nd_shape(r), k));
      /* ellipsis, newaxis, stepped and reversed slices around an index array */
      r = nd_index_arrays(a, "..., ?", 1, &j);
      th_assert_shape(r, 3, (int64_t[]){3, 4, 3});
      r = nd_index_arrays(a, "None, ::-1, ?, 1::2", 1, &i);
      th_assert_shape(r, 5, (int64_t[]){1, 3, 2, 1, 2});
      memset(k, 0, sizeof k);
      int64_t k5[5] = {0};
      do {
        int64_t si[3] = {2 - k5[1], norm(iv[k5[2]], 4), 1 + 2 * k5[4]};
        expect_equal_at(r, k5, a, si, "a[None, ::-1, i, 1::2]");
      } while (th_next(5, nd_shape(r), k5));
      /* one array: the same as take */
      th_assert_same_values(nd_index_arrays(a, ":, :, ?", 1, &j), nd_take(a, j, 2));
      /* no arrays: a view, as nd_index */
      nd_array *v = nd_index_arrays(a, "1, ::2", 0, NULL);
      assert_true(nd_size(v) == 0 || nd_shares_memory(v, a));
      th_assert_shape(v, 2, (int64_t[]){2, 5});
      nd_scope_end();
    }
  }
}

static void test_masks_and_nonzero(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *a = th_make(th_all_dtypes[d], 3, shape3, (th_layout)L, 16);
      /* a full mask from the data (x != 0) and a mask over the first two axes */
      nd_array *full = nd_any(a, 0, NULL, false); /* x != 0, elementwise */
      nd_array *m2 = th_make(ND_BOOL, 2, (int64_t[]){3, 4}, (th_layout)((L + 2) % TH_NUM_LAYOUTS), 3);
      nd_array *r = nd_mask_select(a, full);
      if (!r) fail_msg("mask_select %s %s: %s", nd_dtype_name(th_all_dtypes[d]), th_layout_names[L], nd_last_error());
      int64_t cnt = 0, j[3] = {0};
      do {
        double x, y;
        th_get(full, j, &x, &y);
        if (x != 0) expect_equal_at(r, (int64_t[]){cnt++}, a, j, "a[mask]");
      } while (th_next(3, shape3, j));
      th_assert_shape(r, 1, &cnt);
      r = nd_mask_select(a, m2);
      int64_t c2 = 0, j2[2] = {0};
      do {
        double x, y;
        th_get(m2, j2, &x, &y);
        if (x == 0) continue;
        for (int64_t q = 0; q < 5; q++)
          expect_equal_at(r, (int64_t[]){c2, q}, a, (int64_t[]){j2[0], j2[1], q}, "a[mask2]");
        c2++;
      } while (th_next(2, (int64_t[]){3, 4}, j2));
      th_assert_shape(r, 2, (int64_t[]){c2, 5});
      /* a mask inside a spec: a[:, m] with m over axes 1, 2 */
      nd_array *m12 = th_make(ND_BOOL, 2, (int64_t[]){4, 5}, TH_C, 5);
      r = nd_index_arrays(a, ":, ?", 1, &m12);
      int64_t c3 = 0;
      memset(j2, 0, sizeof j2);
      do {
        double x, y;
        th_get(m12, j2, &x, &y);
        if (x == 0) continue;
        for (int64_t q = 0; q < 3; q++)
          expect_equal_at(r, (int64_t[]){q, c3}, a, (int64_t[]){q, j2[0], j2[1]}, "a[:, mask]");
        c3++;
      } while (th_next(2, (int64_t[]){4, 5}, j2));
      /* nonzero agrees with the mask */
      nd_array *nz[3];
      assert_int_equal(nd_nonzero(a, nz), ND_OK);
      th_assert_shape(nz[0], 1, &cnt);
      int64_t k = 0;
      memset(j, 0, sizeof j);
      do {
        double x, y;
        th_get(a, j, &x, &y);
        if (x == 0 && y == 0) continue;
        for (int q = 0; q < 3; q++) assert_int_equal(((int64_t *)nd_data(nz[q]))[k], j[q]);
        k++;
      } while (th_next(3, shape3, j));
      for (int q = 0; q < 3; q++) nd_release(nz[q]);
      /* assignment through the mask (not into the read-only broadcast layout) */
      if (L != TH_BROADCAST && th_all_dtypes[d] != ND_BOOL) {
        nd_array *b = nd_copy(a, ND_K), *orig = nd_copy(a, ND_C);
        assert_int_equal(nd_mask_fill(b, m2, ND_INT(7)), ND_OK);
        memset(j, 0, sizeof j);
        do {
          double x, y, g, gi;
          th_get(m2, j, &x, &y);
          th_get(b, j, &g, &gi);
          if (x != 0) assert_true(g == 7 && gi == 0);
          else expect_equal_at(b, j, orig, j, "mask_fill keeps");
        } while (th_next(3, shape3, j));
        /* the values in C order of the selection, broadcast along the last axis */
        nd_array *vals = nd_arange(ND_FLOAT64, 0, (double)c2, 1);
        nd_array *col = nd_reshape(vals, ND_SHAPE(c2, 1), ND_C);
        assert_int_equal(nd_mask_assign(b, m2, col), ND_OK);
        int64_t q = 0;
        memset(j2, 0, sizeof j2);
        do {
          double x, y, g, gi;
          th_get(m2, j2, &x, &y);
          if (x == 0) continue;
          th_get(b, (int64_t[]){j2[0], j2[1], 4}, &g, &gi);
          assert_true(g == (double)q);
          q++;
        } while (th_next(2, (int64_t[]){3, 4}, j2));
      }
      nd_scope_end();
    }
  }
}

static void test_assign(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *a = nd_zeros(ND_INT32, ND_SHAPE(4, 3), ND_C);
  /* repeated targets: the last value wins, as NumPy */
  nd_array *i = nd_from_data(ND_INT64, ND_SHAPE(3), (int64_t[]){1, 1, -1}, ND_C);
  nd_array *v = nd_from_data(ND_FLOAT64, ND_SHAPE(3, 1), (double[]){5, 6, 7}, ND_C);
  assert_int_equal(nd_index_arrays_assign(a, "?", 1, &i, v), ND_OK);
  int32_t want[12] = {0, 0, 0, 6, 6, 6, 0, 0, 0, 7, 7, 7};
  assert_memory_equal(nd_data(a), want, sizeof want);
  /* a[i, j] = scalar with a 2-D broadcast */
  nd_array *r = nd_from_data(ND_INT64, ND_SHAPE(2, 1), (int64_t[]){0, 2}, ND_C);
  nd_array *c = nd_from_data(ND_INT64, ND_SHAPE(2), (int64_t[]){0, 2}, ND_C);
  assert_int_equal(nd_index_arrays_assign(a, "?, ?", 2, (nd_array *[]){r, c}, nd_full(ND_INT8, 0, NULL, -1, ND_C)), ND_OK);
  int32_t want2[12] = {-1, 0, -1, 6, 6, 6, -1, 0, -1, 7, 7, 7};
  assert_memory_equal(nd_data(a), want2, sizeof want2);
  /* values that overlap the target are read first: a[[0, 1]] = a[[1, 0]] swaps rows */
  nd_array *sw = nd_from_data(ND_INT64, ND_SHAPE(2), (int64_t[]){0, 1}, ND_C);
  nd_array *rows = nd_index(a, "1::-1");
  assert_int_equal(nd_index_arrays_assign(a, "?", 1, &sw, rows), ND_OK);
  int32_t want3[12] = {6, 6, 6, -1, 0, -1, -1, 0, -1, 7, 7, 7};
  assert_memory_equal(nd_data(a), want3, sizeof want3);
  /* basic items only: plain assignment into the view */
  assert_int_equal(nd_index_arrays_assign(a, "2, 1:", 0, NULL, nd_full(ND_INT64, 0, NULL, 9, ND_C)), ND_OK);
  assert_int_equal(((int32_t *)nd_data(a))[7], 9);
  /* a value with extra leading axes of extent 1, as NumPy's a[[0, 2]] = [[7, 8]] */
  nd_array *v3 = nd_zeros(ND_INT32, ND_SHAPE(3), ND_C);
  nd_array *i02 = nd_from_data(ND_INT64, ND_SHAPE(2), (int64_t[]){0, 2}, ND_C);
  assert_int_equal(nd_index_arrays_assign(v3, "?", 1, &i02, nd_from_data(ND_INT32, ND_SHAPE(1, 2), (int32_t[]){7, 8}, ND_C)), ND_OK);
  assert_memory_equal(nd_data(v3), ((int32_t[]){7, 0, 8}), 3 * sizeof(int32_t));
  /* a mask over leading axes takes one too; over every axis NumPy takes 0-d or 1-d only */
  nd_array *m23 = nd_zeros(ND_FLOAT64, ND_SHAPE(2, 3), ND_C);
  nd_array *row0 = nd_from_data(ND_BOOL, ND_SHAPE(2), (bool[]){true, false}, ND_C);
  assert_int_equal(nd_mask_assign(m23, row0, nd_ones(ND_FLOAT64, ND_SHAPE(1, 1, 3), ND_C)), ND_OK);
  assert_true(((double *)nd_data(m23))[2] == 1 && ((double *)nd_data(m23))[3] == 0);
  TH_EXPECT_ERROR(nd_mask_assign(m23, nd_ones(ND_BOOL, ND_SHAPE(2, 3), ND_C), nd_ones(ND_FLOAT64, ND_SHAPE(1, 6), ND_C)),
                  ND_ERR_SHAPE, "mask_assign: a mask over every axis takes a 0-d or 1-d value, got 2 dimensions");
  /* errors */
  TH_EXPECT_ERROR(nd_index_arrays_assign(a, "?", 1, &i, nd_ones(ND_INT32, ND_SHAPE(2), ND_C)), ND_ERR_SHAPE, "index_arrays_assign");
  TH_EXPECT_ERROR(nd_index_arrays_assign(a, "?", 1, &i, nd_zeros(ND_COMPLEX64, 0, NULL, ND_C)), ND_ERR_TYPE,
                  "index_arrays_assign: cannot cast complex64 to int32");
  nd_array *ro = nd_broadcast_to(a, 2, (int64_t[]){4, 3});
  TH_EXPECT_ERROR(nd_mask_fill(ro, nd_ones(ND_BOOL, ND_SHAPE(4), ND_C), ND_INT(1)), ND_ERR_READONLY, "mask_fill: destination array is read-only");
  TH_EXPECT_ERROR(nd_mask_assign(a, nd_ones(ND_INT8, ND_SHAPE(4), ND_C), v), ND_ERR_TYPE, "mask_assign: the mask must be a bool array, got int8");
  TH_EXPECT_ERROR(nd_mask_fill(a, nd_ones(ND_BOOL, ND_SHAPE(4), ND_C), ND_COMPLEX(1, 1)), ND_ERR_TYPE, "mask_fill");
  nd_scope_end();
}

/* A 0-d boolean index adds an axis of extent 1 and keeps it or empties it; next to other
 * index arrays it broadcasts as one of shape [1] or [0] (NumPy's shapes in comments). */
static void test_zero_dim_mask(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *t = nd_full_scalar(ND_BOOL, 0, NULL, ND_BOOLV(true), ND_C);
  nd_array *f = nd_full_scalar(ND_BOOL, 0, NULL, ND_BOOLV(false), ND_C);
  nd_array *s = nd_full_scalar(ND_INT32, 0, NULL, ND_INT(5), ND_C);
  nd_array *r = nd_mask_select(s, t); /* np.array(5)[True] = [5] */
  th_assert_shape(r, 1, (int64_t[]){1});
  assert_int_equal(((int32_t *)nd_data(r))[0], 5);
  th_assert_shape(nd_mask_select(s, f), 1, (int64_t[]){0});
  for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
    nd_array *b = th_make(ND_FLOAT64, 2, (int64_t[]){2, 3}, (th_layout)L, 9);
    r = nd_mask_select(b, t); /* (1, 2, 3) */
    th_assert_shape(r, 3, (int64_t[]){1, 2, 3});
    int64_t j[2] = {0};
    do expect_equal_at(r, (int64_t[]){0, j[0], j[1]}, b, j, "b[True]");
    while (th_next(2, (int64_t[]){2, 3}, j));
    th_assert_shape(nd_mask_select(b, f), 3, (int64_t[]){0, 2, 3});
    nd_array *i = nd_from_data(ND_INT64, ND_SHAPE(2), (int64_t[]){1, 0}, ND_C);
    r = nd_index_arrays(b, "?, ?", 2, (nd_array *[]){i, t}); /* b[[1, 0], True]: (2, 3) */
    th_assert_shape(r, 2, (int64_t[]){2, 3});
    for (int64_t q = 0; q < 3; q++) {
      expect_equal_at(r, (int64_t[]){0, q}, b, (int64_t[]){1, q}, "b[[1,0], True]");
      expect_equal_at(r, (int64_t[]){1, q}, b, (int64_t[]){0, q}, "b[[1,0], True]");
    }
    th_assert_shape(nd_index_arrays(b, "..., ?", 1, &t), 3, (int64_t[]){2, 3, 1}); /* b[..., True] */
    r = nd_index_arrays(b, ":, ?, ?", 2, (nd_array *[]){t, i}); /* b[:, True, [1, 0]]: (2, 2) */
    th_assert_shape(r, 2, (int64_t[]){2, 2});
    expect_equal_at(r, (int64_t[]){1, 0}, b, (int64_t[]){1, 1}, "b[:, True, [1,0]]");
    if (L != TH_BROADCAST) { /* b[True] = 7 writes every element; b[False] = 8 none */
      nd_array *c = nd_copy(b, ND_K);
      assert_int_equal(nd_mask_fill(c, f, ND_INT(8)), ND_OK);
      assert_int_equal(nd_mask_fill(c, t, ND_INT(7)), ND_OK);
      memset(j, 0, sizeof j);
      do {
        double x, y;
        th_get(c, j, &x, &y);
        assert_true(x == 7);
      } while (th_next(2, (int64_t[]){2, 3}, j));
    }
  }
  nd_scope_end();
}

/* A weak integer scalar that the target cannot hold is refused by every assignment form,
 * as NumPy's a[...] = 1000 for an int8 a (OverflowError), not wrapped. */
static void test_weak_assign_range(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *z = nd_zeros(ND_INT8, ND_SHAPE(3), ND_C);
  nd_array *i = nd_from_data(ND_INT64, ND_SHAPE(1), (int64_t[]){0}, ND_C);
  nd_array *m = nd_from_data(ND_BOOL, ND_SHAPE(3), (bool[]){1, 0, 0}, ND_C);
  TH_EXPECT_ERROR(nd_index_arrays_assign(z, "?", 1, &i, nd_weak(ND_INT(1000))), ND_ERR_OVERFLOW,
                  "index_arrays_assign: integer scalar 1000 is out of bounds for int8");
  TH_EXPECT_ERROR(nd_mask_assign(z, m, nd_weak(ND_INT(-200))), ND_ERR_OVERFLOW,
                  "mask_assign: integer scalar -200 is out of bounds for int8");
  TH_EXPECT_ERROR(nd_assign(z, nd_weak(ND_INT(128))), ND_ERR_OVERFLOW, "assign: integer scalar 128 is out of bounds for int8");
  TH_EXPECT_ERROR(nd_assign(nd_zeros(ND_UINT8, ND_SHAPE(2), ND_C), nd_weak(ND_INT(-1))), ND_ERR_OVERFLOW,
                  "assign: integer scalar -1 is out of bounds for uint8");
  const int8_t zeros[3] = {0, 0, 0};
  assert_memory_equal(nd_data(z), zeros, 3);
  /* in range, and into float dtypes, they assign */
  assert_int_equal(nd_mask_assign(z, m, nd_weak(ND_INT(-128))), ND_OK);
  assert_int_equal(nd_index_arrays_assign(z, "?", 1, &i, nd_weak(ND_INT(127))), ND_OK);
  assert_int_equal(((int8_t *)nd_data(z))[0], 127);
  assert_int_equal(nd_assign(nd_zeros(ND_FLOAT32, ND_SHAPE(2), ND_C), nd_weak(ND_INT(100000))), ND_OK);
  /* a strong int64 array still converts as astype does */
  assert_int_equal(nd_assign(z, nd_full_scalar(ND_INT64, 0, NULL, ND_INT(1000), ND_C)), ND_OK);
  assert_int_equal(((int8_t *)nd_data(z))[1], (int8_t)(1000 - 1024));
  nd_scope_end();
}

static void test_index_errors(void **state) {
  (void)state;
  nd_scope_begin();
  TH_EXPECT_ERROR(nd_eye(ND_FLOAT64, INT64_MAX, 2, 0), ND_ERR_OVERFLOW_SIZE, "eye: shape [9223372036854775807,2] is too large");
  TH_EXPECT_ERROR(nd_print(NULL), ND_ERR_NULL, "print");
  TH_EXPECT_ERROR(nd_ravel(nd_zeros(ND_INT8, ND_SHAPE(2), ND_C), (nd_order)'Z'), ND_ERR_VALUE,
                  "ravel: invalid order value 90 (expected ND_C, ND_F, ND_A or ND_K)");
  TH_EXPECT_ERROR(nd_reshape(nd_zeros(ND_INT8, ND_SHAPE(2), ND_C), 1, (int64_t[]){2}, ND_K), ND_ERR_VALUE,
                  "reshape: order 'K' is not accepted here");
  nd_array *a = th_arange(ND_FLOAT64, ND_SHAPE(3, 4));
  nd_array *i = nd_from_data(ND_INT64, ND_SHAPE(2), (int64_t[]){0, 2}, ND_C);
  nd_array *j = nd_from_data(ND_INT64, ND_SHAPE(3), (int64_t[]){0, 1, 2}, ND_C);
  /* index arrays that do not broadcast: NumPy's IndexError, so ND_ERR_INDEX */
  TH_EXPECT_ERROR(nd_index_arrays(a, "?, ?", 2, (nd_array *[]){i, j}), ND_ERR_INDEX,
                  "index_arrays: shapes [2] and [3] cannot be broadcast (axis 0: 2 vs 3)");
  nd_array *zero = nd_zeros(ND_FLOAT64, 0, NULL, ND_C);
  TH_EXPECT_ERROR(nd_index_arrays_assign(a, "?, ?", 2, (nd_array *[]){i, j}, zero), ND_ERR_INDEX,
                  "index_arrays_assign: shapes [2] and [3] cannot be broadcast (axis 0: 2 vs 3)");
  nd_release(zero);
  TH_EXPECT_ERROR(nd_index_arrays(a, "?, ?", 1, &i), ND_ERR_VALUE, "index_arrays: more '?' items");
  TH_EXPECT_ERROR(nd_index_arrays(a, "?", 2, (nd_array *[]){i, j}), ND_ERR_VALUE, "index_arrays: 2 index arrays given but \"?\" has 1");
  TH_EXPECT_ERROR(nd_index_arrays(a, ":, ?", 1, (nd_array *[]){nd_full(ND_INT64, ND_SHAPE(1), 4, ND_C)}), ND_ERR_INDEX,
                  "index_arrays: index 4 is out of bounds for axis 1 with size 4");
  TH_EXPECT_ERROR(nd_index_arrays(a, "?, x", 1, &i), ND_ERR_VALUE, "index_arrays: ");
  TH_EXPECT_ERROR(nd_index_arrays(a, "?x", 1, &i), ND_ERR_VALUE,
                  "index_arrays: invalid index item \"?x\" at position 0 of \"?x\"");
  TH_EXPECT_ERROR(nd_index_arrays(a, "1, ??", 1, &i), ND_ERR_VALUE, "invalid index item \"??\" at position 3");
  TH_EXPECT_ERROR(nd_index_arrays(a, "?, 5", 1, &i), ND_ERR_INDEX, "index_arrays: index 5 is out of bounds for axis 1 with size 4");
  /* integers and 0-d index arrays are checked even when the broadcast index is empty */
  nd_array *none = nd_zeros(ND_INT64, ND_SHAPE(0), ND_C);
  TH_EXPECT_ERROR(nd_index_arrays(a, "?, 5", 1, &none), ND_ERR_INDEX, "index_arrays: index 5 is out of bounds for axis 1 with size 4");
  TH_EXPECT_ERROR(nd_index_arrays(a, "9, ?", 1, &none), ND_ERR_INDEX, "index 9 is out of bounds for axis 0 with size 3");
  TH_EXPECT_ERROR(nd_index_arrays(a, "?, ?", 2, (nd_array *[]){nd_full(ND_INT8, 0, NULL, -4, ND_C), none}), ND_ERR_INDEX,
                  "index -4 is out of bounds for axis 0 with size 3");
  TH_EXPECT_ERROR(nd_index_arrays_assign(a, "?, 7", 1, &none, nd_weak(ND_INT(1))), ND_ERR_INDEX, "index_arrays_assign: index 7");
  assert_int_equal(nd_size(nd_index_arrays(a, "?, -4", 1, &none)), 0);
  TH_EXPECT_ERROR(nd_index_arrays(a, "?, :, :", 1, &i), ND_ERR_INDEX, "index_arrays");
  TH_EXPECT_ERROR(nd_index_arrays(a, "?", 1, (nd_array *[]){nd_ones(ND_FLOAT64, ND_SHAPE(1), ND_C)}), ND_ERR_INDEX,
                  "index_arrays: arrays used as indices must be of integer or boolean type, got float64");
  TH_EXPECT_ERROR(nd_index_arrays(a, "?", 1, (nd_array *[]){NULL}), ND_ERR_NULL, "index_arrays");
  TH_EXPECT_ERROR(nd_mask_select(a, nd_ones(ND_BOOL, ND_SHAPE(3, 5), ND_C)), ND_ERR_INDEX,
                  "mask_select: boolean index did not match indexed array along axis 1; size of axis is 4 but size of corresponding boolean axis is 5");
  TH_EXPECT_ERROR(nd_mask_select(a, nd_ones(ND_BOOL, ND_SHAPE(3, 4, 1), ND_C)), ND_ERR_INDEX, "mask_select");
  {
    /* a mask axis of extent 0 matches any extent, as in NumPy (a is 3 x 4); others must match */
    nd_array *m0 = nd_zeros(ND_BOOL, ND_SHAPE(0), ND_C), *m03 = nd_zeros(ND_BOOL, ND_SHAPE(0, 3), ND_C);
    nd_array *r = nd_mask_select(a, m0);
    th_assert_shape(r, 2, (int64_t[]){0, 4});
    nd_release(r);
    r = nd_index_arrays(a, ":, ?", 1, &m0);
    th_assert_shape(r, 2, (int64_t[]){3, 0});
    nd_release(r);
    nd_array *one = nd_weak(ND_FLOAT(1));
    assert_int_equal(nd_index_arrays_assign(a, "?", 1, &m0, one), ND_OK);
    nd_release(one);
    TH_EXPECT_ERROR(nd_mask_select(a, m03), ND_ERR_INDEX, "along axis 1; size of axis is 4 but size of corresponding boolean axis is 3");
    nd_release(m03);
    nd_release(m0);
  }
  TH_EXPECT_ERROR(nd_mask_select(a, i), ND_ERR_TYPE, "mask_select: the mask must be a bool array, got int64");
  TH_EXPECT_ERROR(nd_nonzero(nd_ones(ND_INT8, 0, NULL, ND_C), (nd_array *[1]){0}), ND_ERR_SHAPE, "nonzero: a zero-dimensional array");
  TH_EXPECT_ERROR(nd_nonzero(NULL, (nd_array *[1]){0}), ND_ERR_NULL, "nonzero");
  nd_scope_end();
}

/* Large gathers run threaded (the plan splits them); compare with a serial reference. */
static void test_large_gather(void **state) {
  (void)state;
  nd_scope_begin();
  const int64_t n = 300000;
  nd_array *a = nd_arange(ND_FLOAT64, 0, (double)n, 1);
  nd_array *ix = nd_empty(ND_INT64, ND_SHAPE(n), ND_C);
  int64_t *p = nd_data(ix);
  for (int64_t i = 0; i < n; i++) p[i] = (i * 7919) % n;
  nd_array *r = nd_take(a, ix, 0);
  for (int64_t i = 0; i < n; i++) assert_true(((double *)nd_data(r))[i] == (double)p[i]);
  nd_array *m = nd_astype(nd_reshape(nd_arange(ND_INT64, 0, (double)n, 1), ND_SHAPE(600, 500), ND_C), ND_UINT8);
  nd_array *sel = nd_mask_select(m, nd_astype(m, ND_BOOL));
  int64_t cnt = 0;
  for (int64_t i = 0; i < n; i++) cnt += (uint8_t)i != 0;
  th_assert_shape(sel, 1, &cnt);
  nd_scope_end();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_take),
      cmocka_unit_test(test_take_flat),
      cmocka_unit_test(test_take_along_axis),
      cmocka_unit_test(test_index_arrays_placement),
      cmocka_unit_test(test_masks_and_nonzero),
      cmocka_unit_test(test_assign),
      cmocka_unit_test(test_zero_dim_mask),
      cmocka_unit_test(test_weak_assign_range),
      cmocka_unit_test(test_index_errors),
      cmocka_unit_test(test_large_gather),
  };
  return TH_RUN(tests);
}
