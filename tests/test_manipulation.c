/* concat, stack, unstack, tile, repeat, roll, meshgrid, tril, triu and diff on every
 * layout and dtype, element by element against the index mapping each one defines;
 * promotion, errors. */
#include <limits.h>
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

static void expect_value_at(const nd_array *got, const int64_t *gi, double want, const char *what) {
  double gr, gim;
  th_get(got, gi, &gr, &gim);
  if (gr != want || gim != 0) fail_msg("%s: got (%g,%g), want %g", what, gr, gim, want);
}

static void test_concat_stack(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      for (int ax = -1; ax < 3; ax++) {
        int a_ = ax < 0 ? 2 : ax;
        int64_t s1[3], s2[3];
        memcpy(s1, shape3, sizeof s1);
        memcpy(s2, shape3, sizeof s2);
        s2[a_] = 2;
        nd_array *x = th_make(t, 3, s1, (th_layout)L, 1), *y = th_make(t, 3, s2, (th_layout)((L + 1) % TH_NUM_LAYOUTS), 2);
        nd_array *c = nd_concat(2, (nd_array *[]){x, y}, ax);
        assert_non_null(c);
        assert_int_equal(nd_dtype_of(c), t);
        int64_t idx[3] = {0};
        do {
          int64_t si[3];
          memcpy(si, idx, sizeof si);
          if (idx[a_] < s1[a_]) {
            expect_equal_at(c, idx, x, si, "concat");
          } else {
            si[a_] -= s1[a_];
            expect_equal_at(c, idx, y, si, "concat");
          }
        } while (th_next(3, nd_shape(c), idx));
        nd_release(c);
        /* stack of two arrays of one shape along each new axis */
        nd_array *y2 = th_make(t, 3, s1, TH_F, 3);
        for (int sa = -1; sa < 4; sa++) {
          nd_array *s = nd_stack(2, (nd_array *[]){x, y2}, sa);
          assert_non_null(s);
          int p = sa < 0 ? 3 : sa;
          int64_t j[4] = {0};
          do {
            int64_t si[3];
            for (int i = 0, k = 0; i < 4; i++)
              if (i != p) si[k++] = j[i];
            expect_equal_at(s, j, j[p] ? y2 : x, si, "stack");
          } while (th_next(4, nd_shape(s), j));
          nd_release(s);
        }
        nd_release(x);
        nd_release(y);
        nd_release(y2);
      }
    }
  }
}

static void test_concat_flat_promotion_order(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *a = th_make(ND_INT8, 3, shape3, TH_TRANSPOSED, 4);
  nd_array *b = th_make(ND_FLOAT32, 2, (int64_t[]){2, 3}, TH_NEGATIVE, 5);
  nd_array *z = th_make(ND_UINT8, 0, NULL, TH_C, 6);
  nd_array *c = nd_concat(3, (nd_array *[]){a, b, z}, ND_AXIS_NONE);
  assert_int_equal(nd_dtype_of(c), ND_FLOAT32); /* int8, float32, uint8 -> float32 */
  th_assert_shape(c, 1, (int64_t[]){67});
  int64_t k = 0, idx[3] = {0};
  do {
    expect_equal_at(c, (int64_t[]){k++}, a, idx, "concat flat");
  } while (th_next(3, shape3, idx));
  int64_t j[2] = {0};
  do {
    expect_equal_at(c, (int64_t[]){k++}, b, j, "concat flat");
  } while (th_next(2, (int64_t[]){2, 3}, j));
  expect_equal_at(c, (int64_t[]){66}, z, NULL, "concat flat 0-d");
  /* all F inputs give an F result, mixed ones C */
  nd_array *f1 = th_make(ND_FLOAT64, 2, (int64_t[]){3, 4}, TH_F, 1), *f2 = th_make(ND_FLOAT64, 2, (int64_t[]){3, 2}, TH_F, 2);
  int ax1 = 1;
  assert_true(nd_is_contiguous(nd_concat(2, (nd_array *[]){f1, f2}, ax1), ND_F));
  nd_array *c1 = th_make(ND_FLOAT64, 2, (int64_t[]){3, 2}, TH_C, 2);
  assert_true(nd_is_contiguous(nd_concat(2, (nd_array *[]){f1, c1}, ax1), ND_C));
  /* a single array and size-0 parts */
  nd_array *e = nd_zeros(ND_FLOAT64, ND_SHAPE(0, 3), ND_C);
  nd_array *ce = nd_concat(2, (nd_array *[]){e, nd_transpose(f1)}, 0);
  th_assert_same_values(ce, nd_transpose(f1));
  th_assert_same_values(nd_concat(1, (nd_array *[]){a}, 1), a);
  /* errors */
  TH_EXPECT_ERROR(nd_concat(0, NULL, 0), ND_ERR_VALUE, "concat: need at least one array");
  TH_EXPECT_ERROR(nd_concat(2, (nd_array *[]){a, b}, 0), ND_ERR_SHAPE, "concat: array 1 has shape [2,3] but array 0 has shape [3,4,5]");
  TH_EXPECT_ERROR(nd_concat(2, (nd_array *[]){f1, f2}, 0), ND_ERR_SHAPE, "they must match except along axis 0");
  TH_EXPECT_ERROR(nd_concat(2, (nd_array *[]){z, z}, 0), ND_ERR_SHAPE, "concat: zero-dimensional arrays cannot be concatenated");
  TH_EXPECT_ERROR(nd_concat(2, (nd_array *[]){f1, f1}, 2), ND_ERR_INDEX, "concat: axis 2 is out of bounds");
  TH_EXPECT_ERROR(nd_concat(2, (nd_array *[]){f1, NULL}, 0), ND_ERR_NULL, "concat");
  TH_EXPECT_ERROR(nd_stack(2, (nd_array *[]){f1, f2}, 0), ND_ERR_SHAPE, "stack: all input arrays must have the same shape");
  TH_EXPECT_ERROR(nd_stack(2, (nd_array *[]){f1, f1}, 3), ND_ERR_INDEX, "stack: axis 3 is out of bounds");
  TH_EXPECT_ERROR(nd_stack(0, NULL, 0), ND_ERR_VALUE, "stack: need at least one array");
  nd_scope_end();
}

static void test_unstack(void **state) {
  (void)state;
  for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
    nd_array *a = th_make(ND_COMPLEX64, 3, shape3, (th_layout)L, 7);
    for (int ax = 0; ax < 3; ax++) {
      nd_array *out[5];
      assert_int_equal(nd_unstack(a, ax - 3, shape3[ax], out), ND_OK);
      for (int64_t k = 0; k < shape3[ax]; k++) {
        assert_int_equal(nd_ndim(out[k]), 2);
        assert_true(nd_shares_memory(out[k], a));
        int64_t j[2] = {0};
        do {
          int64_t si[3];
          for (int i = 0, q = 0; i < 3; i++) si[i] = i == ax ? k : j[q++];
          expect_equal_at(out[k], j, a, si, "unstack");
        } while (th_next(2, nd_shape(out[k]), j));
        nd_release(out[k]);
      }
    }
    nd_array *out[4];
    TH_EXPECT_ERROR(nd_unstack(a, 0, 4, out), ND_ERR_VALUE, "unstack: room for 4 arrays given, but axis 0 of shape [3,4,5] has extent 3");
    TH_EXPECT_ERROR(nd_unstack(a, 3, 4, out), ND_ERR_INDEX, "unstack: axis 3 is out of bounds");
    nd_release(a);
  }
  nd_array *z = nd_zeros(ND_INT8, 0, NULL, ND_C), *o[1];
  TH_EXPECT_ERROR(nd_unstack(z, 0, 1, o), ND_ERR_SHAPE, "unstack: a zero-dimensional array cannot be unstacked");
  TH_EXPECT_ERROR(nd_unstack(NULL, 0, 1, o), ND_ERR_NULL, "unstack");
  nd_release(z);
}

static void test_tile(void **state) {
  (void)state;
  static const int64_t reps[][4] = {{2}, {1, 3}, {2, 1, 2}, {2, 1, 1, 2}, {0, 2}, {1, 1, 1, 1}, {0}};
  static const int nreps[] = {1, 2, 3, 4, 2, 4, 0};
  for (int d = 0; d < ND_NUM_DTYPES; d += 3) {
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *a = th_make(th_all_dtypes[d], 3, shape3, (th_layout)L, 8);
      for (int r = 0; r < 7; r++) {
        nd_array *t = nd_tile(a, nreps[r], reps[r]);
        assert_non_null(t);
        int nd = nd_ndim(t);
        assert_int_equal(nd, nreps[r] > 3 ? nreps[r] : 3);
        for (int i = 0; i < nd; i++) {
          int ri = i - (nd - nreps[r]), si = i - (nd - 3);
          assert_int_equal(nd_shape(t)[i], (ri >= 0 ? reps[r][ri] : 1) * (si >= 0 ? shape3[si] : 1));
        }
        if (nd_size(t) > 0) {
          int64_t j[4] = {0};
          do {
            int64_t si[3];
            for (int i = 0; i < 3; i++) si[i] = j[i + nd - 3] % shape3[i];
            expect_equal_at(t, j, a, si, "tile");
          } while (th_next(nd, nd_shape(t), j));
        }
        nd_release(t);
      }
      nd_release(a);
    }
  }
  nd_scope_begin();
  /* reps of ones copy in order K, as NumPy's tile (np.array(a, copy=True, ndmin=d)) */
  nd_array *f = nd_zeros(ND_FLOAT64, ND_SHAPE(3, 4), ND_F);
  th_assert_strides(nd_tile(f, 2, (int64_t[]){1, 1}), 2, (int64_t[]){1, 3});
  th_assert_strides(nd_tile(f, 3, (int64_t[]){1, 1, 1}), 3, (int64_t[]){1, 1, 3});
  th_assert_strides(nd_tile(f, 0, NULL), 2, (int64_t[]){1, 3});
  th_assert_strides(nd_tile(f, 2, (int64_t[]){1, 2}), 2, (int64_t[]){8, 1});
  nd_array *z = nd_full(ND_INT16, 0, NULL, 7, ND_C);
  nd_array *t = nd_tile(z, 2, (int64_t[]){2, 3});
  th_assert_shape(t, 2, (int64_t[]){2, 3});
  expect_value_at(t, (int64_t[]){1, 2}, 7, "tile 0-d");
  th_assert_same_values(nd_tile(z, 0, NULL), z);
  TH_EXPECT_ERROR(nd_tile(z, 1, (int64_t[]){-1}), ND_ERR_VALUE, "tile: negative repetition count -1");
  TH_EXPECT_ERROR(nd_tile(z, 1, NULL), ND_ERR_NULL, "tile: argument reps is NULL");
  TH_EXPECT_ERROR(nd_tile(NULL, 0, NULL), ND_ERR_NULL, "tile");
  nd_scope_end();
}

static void test_repeat(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d += 2) {
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *a = th_make(th_all_dtypes[d], 3, shape3, (th_layout)L, 9);
      for (int ax = 0; ax < 3; ax++) {
        /* per-element counts (of an int32 array), and a single count */
        int32_t cnt[5] = {2, 0, 1, 3, 1};
        nd_array *c = nd_from_data(ND_INT32, ND_SHAPE(shape3[ax]), cnt, ND_C);
        nd_array *r = nd_repeat_array(a, c, ax);
        assert_non_null(r);
        int64_t total = 0, src[16];
        for (int i = 0; i < shape3[ax]; i++)
          for (int k = 0; k < cnt[i]; k++) src[total++] = i;
        assert_int_equal(nd_shape(r)[ax], total);
        int64_t j[3] = {0};
        if (nd_size(r) > 0) do {
            int64_t si[3];
            memcpy(si, j, sizeof si);
            si[ax] = src[j[ax]];
            expect_equal_at(r, j, a, si, "repeat counts");
          } while (th_next(3, nd_shape(r), j));
        nd_release(r);
        nd_release(c);
        r = nd_repeat(a, 3, ax - 3);
        assert_int_equal(nd_shape(r)[ax], 3 * shape3[ax]);
        memset(j, 0, sizeof j);
        do {
          int64_t si[3];
          memcpy(si, j, sizeof si);
          si[ax] = j[ax] / 3;
          expect_equal_at(r, j, a, si, "repeat");
        } while (th_next(3, nd_shape(r), j));
        nd_release(r);
      }
      /* flattened: C order */
      nd_array *one = nd_from_data(ND_UINT8, ND_SHAPE(1), (uint8_t[]){2}, ND_C);
      nd_array *r = nd_repeat_array(a, one, ND_AXIS_NONE);
      th_assert_shape(r, 1, (int64_t[]){120});
      int64_t idx[3] = {0}, k = 0;
      do {
        expect_equal_at(r, (int64_t[]){k++}, a, idx, "repeat flat");
        expect_equal_at(r, (int64_t[]){k++}, a, idx, "repeat flat");
      } while (th_next(3, shape3, idx));
      nd_release(r);
      nd_release(one);
      nd_release(a);
    }
  }
  nd_scope_begin();
  nd_array *a = th_arange(ND_INT64, ND_SHAPE(2, 2));
  /* NumPy: repeat(arange(3), [1, 0, 2]) = [0, 2, 2] */
  nd_array *r = nd_repeat_array(nd_arange(ND_INT64, 0, 3, 1), nd_from_data(ND_INT64, ND_SHAPE(3), (int64_t[]){1, 0, 2}, ND_C), 0);
  int64_t want[3] = {0, 2, 2};
  assert_memory_equal(nd_data(r), want, sizeof want);
  /* uint64 counts above INT64_MAX are too large, not negative */
  TH_EXPECT_ERROR(nd_repeat_array(nd_arange(ND_INT64, 0, 1, 1), nd_from_data(ND_UINT64, ND_SHAPE(1), (uint64_t[]){UINT64_MAX}, ND_C), 0),
                  ND_ERR_OVERFLOW, "repeat: a count of 18446744073709551615 overflows");
  th_assert_shape(nd_repeat(a, 0, 1), 2, (int64_t[]){2, 0});
  /* NumPy repeats a 0-d array along axis 0 or -1 as a 1-D one: repeat(array(5), 3, 0) */
  nd_array *five = nd_full_scalar(ND_INT64, 0, NULL, ND_INT(5), ND_C);
  for (int ax = -1; ax <= 0; ax++) {
    r = nd_repeat(five, 3, ax);
    th_assert_shape(r, 1, (int64_t[]){3});
    assert_memory_equal(nd_data(r), ((int64_t[]){5, 5, 5}), 3 * sizeof(int64_t));
  }
  TH_EXPECT_ERROR(nd_repeat(five, 3, 1), ND_ERR_INDEX, "repeat: axis 1 is out of bounds");
  TH_EXPECT_ERROR(nd_repeat(a, -1, 0), ND_ERR_VALUE, "repeat: repeats may not contain negative values (-1)");
  TH_EXPECT_ERROR(nd_repeat_array(a, nd_from_data(ND_INT8, ND_SHAPE(2), (int8_t[]){1, -2}, ND_C), 0), ND_ERR_VALUE,
                  "repeat: repeats may not contain negative values (-2)");
  TH_EXPECT_ERROR(nd_repeat_array(a, nd_ones(ND_INT64, ND_SHAPE(3), ND_C), 0), ND_ERR_SHAPE,
                  "repeat: repeats has shape [3] but axis 0 has extent 2");
  TH_EXPECT_ERROR(nd_repeat_array(a, nd_ones(ND_FLOAT64, ND_SHAPE(2), ND_C), 0), ND_ERR_TYPE,
                  "repeat: repeats must be an integer array, got float64");
  /* bool counts are 0 and 1, as NumPy's np.repeat(a, [True, False], axis=0) */
  nd_array *rb = nd_repeat_array(a, nd_from_data(ND_BOOL, ND_SHAPE(2), (bool[]){true, false}, ND_C), 0);
  assert_non_null(rb);
  assert_int_equal(nd_dim(rb, 0), 1);
  TH_EXPECT_ERROR(nd_repeat(a, 1, 2), ND_ERR_INDEX, "repeat: axis 2 is out of bounds");
  nd_scope_end();
}

static int64_t mod(int64_t a, int64_t n) { return ((a % n) + n) % n; }

static void test_roll(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d += 2) {
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *a = th_make(th_all_dtypes[d], 3, shape3, (th_layout)L, 10);
      /* shifts on axes (repeats add up, as NumPy) */
      int64_t sh[3] = {1, -7, 2};
      int ax[3] = {0, 2, -1};
      nd_array *r = nd_roll(a, 3, sh, 3, ax);
      assert_non_null(r);
      int64_t eff[3] = {1, 0, -5};
      int64_t j[3] = {0};
      do {
        int64_t si[3];
        for (int i = 0; i < 3; i++) si[i] = mod(j[i] - eff[i], shape3[i]);
        expect_equal_at(r, j, a, si, "roll");
      } while (th_next(3, shape3, j));
      nd_release(r);
      /* one shift for several axes */
      r = nd_roll(a, 1, (int64_t[]){-1}, 2, (int[]){0, 1});
      memset(j, 0, sizeof j);
      do {
        int64_t si[3] = {mod(j[0] + 1, 3), mod(j[1] + 1, 4), j[2]};
        expect_equal_at(r, j, a, si, "roll one shift");
      } while (th_next(3, shape3, j));
      nd_release(r);
      /* flattened */
      r = nd_roll(a, 1, (int64_t[]){13}, -1, NULL);
      th_assert_shape(r, 3, shape3);
      memset(j, 0, sizeof j);
      do {
        int64_t f = mod(j[0] * 20 + j[1] * 5 + j[2] - 13, 60);
        int64_t si[3] = {f / 20, f / 5 % 4, f % 5};
        expect_equal_at(r, j, a, si, "roll flat");
      } while (th_next(3, shape3, j));
      nd_release(r);
      nd_release(a);
    }
  }
  nd_scope_begin();
  /* NumPy: roll(arange(10).reshape(2,5), (1,1), axis=(1,1)) */
  nd_array *m = th_arange(ND_INT64, ND_SHAPE(2, 5));
  nd_array *r = nd_roll(m, 2, (int64_t[]){1, 1}, 2, (int[]){1, 1});
  int64_t want[10] = {3, 4, 0, 1, 2, 8, 9, 5, 6, 7};
  assert_memory_equal(nd_data(r), want, sizeof want);
  th_assert_same_values(nd_roll(nd_zeros(ND_INT8, ND_SHAPE(0, 3), ND_C), 1, (int64_t[]){2}, 1, (int[]){0}),
                        nd_zeros(ND_INT8, ND_SHAPE(0, 3), ND_C));
  TH_EXPECT_ERROR(nd_roll(m, 2, (int64_t[]){1, 2}, 3, (int[]){0, 1, 0}), ND_ERR_VALUE, "roll: 2 shifts given for 3 axes");
  TH_EXPECT_ERROR(nd_roll(m, 2, (int64_t[]){1, 2}, -1, NULL), ND_ERR_VALUE, "roll: the flattened array takes one shift");
  TH_EXPECT_ERROR(nd_roll(m, 1, (int64_t[]){1}, 1, (int[]){2}), ND_ERR_INDEX, "roll: axis 2 is out of bounds");
  TH_EXPECT_ERROR(nd_roll(m, 0, NULL, 1, (int[]){0}), ND_ERR_VALUE, "roll: at least one shift");
  nd_array *same = nd_roll(m, 0, NULL, 0, NULL); /* np.roll(m, (), ()) */
  assert_non_null(same);
  assert_false(nd_shares_memory(same, m));
  nd_release(same);
  nd_scope_end();
}

static void test_meshgrid(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *x = th_make(ND_FLOAT64, 1, (int64_t[]){3}, TH_NEGATIVE, 1);
  nd_array *y = th_make(ND_INT32, 1, (int64_t[]){4}, TH_STEPPED, 2);
  nd_array *z = th_make(ND_COMPLEX64, 2, (int64_t[]){1, 2}, TH_F, 3); /* flattened: 2 values */
  nd_array *in[3] = {x, y, z};
  for (int ix = 0; ix < 2; ix++) {
    nd_array *g[3];
    assert_int_equal(nd_meshgrid(3, in, ix ? ND_MESH_IJ : ND_MESH_XY, g), ND_OK);
    int64_t want[3] = {ix ? 3 : 4, ix ? 4 : 3, 2};
    for (int k = 0; k < 3; k++) {
      th_assert_shape(g[k], 3, want);
      assert_int_equal(nd_dtype_of(g[k]), nd_dtype_of(in[k]));
      assert_true(nd_is_contiguous(g[k], ND_C));
      int pos = (!ix && k < 2) ? 1 - k : k;
      int64_t j[3] = {0};
      do {
        int64_t s[2] = {0, j[pos]};
        expect_equal_at(g[k], j, in[k], k == 2 ? s : &j[pos], "meshgrid");
      } while (th_next(3, want, j));
      nd_release(g[k]);
    }
  }
  nd_array *g[1];
  assert_int_equal(nd_meshgrid(1, in, ND_MESH_XY, g), ND_OK); /* one array: no swap */
  th_assert_shape(g[0], 1, (int64_t[]){3});
  nd_release(g[0]);
  assert_int_equal(nd_meshgrid(0, NULL, ND_MESH_IJ, NULL), ND_OK);
  TH_EXPECT_ERROR(nd_meshgrid(2, in, (nd_meshgrid_indexing)5, g), ND_ERR_VALUE, "meshgrid: invalid indexing 5");
  TH_EXPECT_ERROR(nd_meshgrid(2, (nd_array *[]){x, NULL}, ND_MESH_IJ, g), ND_ERR_NULL, "meshgrid");
  nd_scope_end();
}

static void test_tril_triu(void **state) {
  (void)state;
  static const int64_t ks[] = {-5, -1, 0, 2, 9, INT64_MAX, INT64_MIN};
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *a = th_make(th_all_dtypes[d], 3, shape3, (th_layout)L, 11);
      for (size_t q = 0; q < sizeof ks / sizeof ks[0]; q++) {
        for (int lower = 0; lower < 2; lower++) {
          nd_array *r = lower ? nd_tril(a, ks[q]) : nd_triu(a, ks[q]);
          assert_non_null(r);
          int64_t j[3] = {0};
          do {
            int64_t diff = j[2] - j[1];
            bool keep = lower ? diff <= ks[q] : diff >= ks[q];
            if (keep) expect_equal_at(r, j, a, j, "tril/triu kept");
            else expect_value_at(r, j, 0, "tril/triu zeroed");
          } while (th_next(3, shape3, j));
          nd_release(r);
        }
      }
      nd_release(a);
    }
  }
  nd_array *v = nd_ones(ND_FLOAT64, ND_SHAPE(3), ND_C);
  TH_EXPECT_ERROR(nd_tril(v, 0), ND_ERR_SHAPE, "tril: array of dimension 1 has no matrix axes");
  TH_EXPECT_ERROR(nd_triu(v, 0), ND_ERR_SHAPE, "triu: array of dimension 1");
  TH_EXPECT_ERROR(nd_tril(NULL, 0), ND_ERR_NULL, "tril");
  nd_array *e = nd_ones(ND_FLOAT64, ND_SHAPE(0, 3), ND_C);
  nd_array *te = nd_tril(e, 0);
  th_assert_shape(te, 2, (int64_t[]){0, 3});
  nd_release(te), nd_release(e), nd_release(v);
}

/* ---- diff ---------------------------------------------------------------------------- */

/* x - y in dtype t (integers wrap, bool: !=). */
static double sub_in(nd_dtype t, double x, double y) {
  switch (t) {
    case ND_BOOL: return x != y;
    case ND_INT8: return (int8_t)(int64_t)(x - y);
    case ND_INT16: return (int16_t)(int64_t)(x - y);
    case ND_INT32: return (int32_t)(int64_t)(x - y);
    case ND_UINT8: return (uint8_t)(int64_t)(x - y);
    case ND_UINT16: return (uint16_t)(int64_t)(x - y);
    case ND_UINT32: return (uint32_t)(int64_t)(x - y);
    case ND_UINT64: return (double)(uint64_t)(int64_t)(x - y);
    default: return x - y;
  }
}

static void test_diff(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *a = th_make(t, 3, shape3, (th_layout)L, 12);
      for (int ax = 0; ax < 3; ax++) {
        /* first difference */
        nd_array *r = nd_diff(a, ax - 3, 1, NULL, NULL);
        assert_non_null(r);
        assert_int_equal(nd_dtype_of(r), t);
        assert_int_equal(nd_shape(r)[ax], shape3[ax] - 1);
        int64_t j[3] = {0};
        do {
          int64_t i1[3], i0[3];
          memcpy(i0, j, sizeof i0);
          memcpy(i1, j, sizeof i1);
          i1[ax]++;
          double x1, y1, x0, y0, g, gi;
          th_get(a, i1, &x1, &y1);
          th_get(a, i0, &x0, &y0);
          th_get(r, j, &g, &gi);
          if (g != sub_in(t, x1, x0) || gi != (nd_dtype_is_complex(t) ? y1 - y0 : 0))
            fail_msg("diff %s axis %d: got %g want %g", nd_dtype_name(t), ax, g, sub_in(t, x1, x0));
        } while (th_next(3, nd_shape(r), j));
        /* second difference = diff of the first */
        nd_array *r2 = nd_diff(a, ax, 2, NULL, NULL), *rr = nd_diff(r, ax, 1, NULL, NULL);
        th_assert_same_values(r2, rr);
        nd_release(r2), nd_release(rr), nd_release(r);
      }
      nd_release(a);
    }
  }
  nd_scope_begin();
  /* layouts as NumPy's a[1:] - a[:-1]: an F input gives F (strides (1, 2) for [3,5] along
   * axis 0); n = 0 returns the input as it is, without checking axis or prepend */
  nd_array *fa = nd_zeros(ND_FLOAT64, ND_SHAPE(3, 5), ND_F);
  th_assert_strides(nd_diff(fa, 0, 1, NULL, NULL), 2, (int64_t[]){1, 2});
  /* an order beyond the length gives an empty axis at once, as in NumPy (not n passes) */
  nd_array *huge_n = nd_diff(fa, 1, INT_MAX, NULL, NULL);
  th_assert_shape(huge_n, 2, (int64_t[]){3, 0});
  assert_int_equal(nd_dtype_of(huge_n), ND_FLOAT64);
  th_assert_shape(nd_diff(nd_zeros(ND_BOOL, ND_SHAPE(4), ND_C), 0, 1000000, NULL, NULL), 1, (int64_t[]){0});
  nd_array *same = nd_diff(fa, 7, 0, nd_ones(ND_FLOAT64, ND_SHAPE(9), ND_C), NULL);
  th_assert_same_values(same, fa);
  th_assert_strides(same, 2, (int64_t[]){1, 3});
  th_assert_same_values(nd_diff(nd_full(ND_INT8, 0, NULL, 4, ND_C), 0, 0, NULL, NULL), nd_full(ND_INT8, 0, NULL, 4, ND_C));
  /* NumPy: diff(arange(6).reshape(2,3), prepend=0, append=[[7],[8]]) = [[0,1,1,5],[3,1,1,3]] */
  nd_array *m = th_arange(ND_INT64, ND_SHAPE(2, 3));
  nd_array *r = nd_diff(m, -1, 1, nd_full(ND_INT64, 0, NULL, 0, ND_C),
                        nd_from_data(ND_INT64, ND_SHAPE(2, 1), (int64_t[]){7, 8}, ND_C));
  int64_t want[8] = {0, 1, 1, 5, 3, 1, 1, 3};
  assert_memory_equal(nd_data(r), want, sizeof want);
  /* NumPy: diff([True, False, False]) = [True, False]; diff(uint8 [1,4,9]) = [3,5] */
  nd_array *b = nd_diff(nd_from_data(ND_BOOL, ND_SHAPE(3), (bool[]){1, 0, 0}, ND_C), 0, 1, NULL, NULL);
  assert_true(((bool *)nd_data(b))[0] && !((bool *)nd_data(b))[1]);
  /* the prepend's dtype promotes: int8 with a float prepend gives float64 */
  nd_array *f = nd_diff(nd_arange(ND_INT8, 0, 3, 1), 0, 1, nd_full(ND_FLOAT64, 0, NULL, 0.5, ND_C), NULL);
  assert_int_equal(nd_dtype_of(f), ND_FLOAT64);
  assert_true(((double *)nd_data(f))[0] == -0.5);
  /* n larger than the axis gives an empty axis; n 0 gives the input */
  th_assert_shape(nd_diff(m, 1, 5, NULL, NULL), 2, (int64_t[]){2, 0});
  th_assert_same_values(nd_diff(m, 1, 0, NULL, NULL), m);
  TH_EXPECT_ERROR(nd_diff(m, 0, -1, NULL, NULL), ND_ERR_VALUE, "diff: order must be non-negative but got -1");
  TH_EXPECT_ERROR(nd_diff(nd_zeros(ND_INT8, 0, NULL, ND_C), 0, 1, NULL, NULL), ND_ERR_SHAPE, "diff: requires input that is at least one dimensional");
  TH_EXPECT_ERROR(nd_diff(m, ND_AXIS_NONE, 1, NULL, NULL), ND_ERR_INDEX, "diff: an axis is required");
  TH_EXPECT_ERROR(nd_diff(m, 2, 1, NULL, NULL), ND_ERR_INDEX, "diff: axis 2 is out of bounds");
  TH_EXPECT_ERROR(nd_diff(m, 1, 1, nd_ones(ND_INT64, ND_SHAPE(3, 1), ND_C), NULL), ND_ERR_SHAPE,
                  "diff: prepend has shape [3,1] but the array has shape [2,3]");
  TH_EXPECT_ERROR(nd_diff(m, 1, 1, NULL, nd_ones(ND_INT64, ND_SHAPE(3), ND_C)), ND_ERR_SHAPE, "diff: append has shape [3]");
  nd_scope_end();
}

/* The layout of concat and stack results follows NumPy's concatenate (stack is a
 * concatenate of expanded arrays): axes by decreasing |stride| over all inputs, the C
 * order winning where inputs disagree. Strides in elements; NumPy's (bytes / 8) are the
 * expected values, e.g. np.stack([f, f], 2).strides == (16, 48, 8). Values are checked
 * by the other tests; this checks only where the elements are. */
static void test_join_layouts(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *f = nd_zeros(ND_FLOAT64, ND_SHAPE(3, 4), ND_F), *c = nd_zeros(ND_FLOAT64, ND_SHAPE(3, 4), ND_C);
  th_assert_strides(nd_stack(2, (nd_array *[]){f, f}, 0), 3, (int64_t[]){12, 1, 3});
  th_assert_strides(nd_stack(2, (nd_array *[]){f, f}, 1), 3, (int64_t[]){2, 1, 6});
  th_assert_strides(nd_stack(2, (nd_array *[]){f, f}, 2), 3, (int64_t[]){2, 6, 1});
  th_assert_strides(nd_stack(2, (nd_array *[]){c, f}, 0), 3, (int64_t[]){12, 4, 1});
  th_assert_strides(nd_stack(2, (nd_array *[]){f, c}, 2), 3, (int64_t[]){8, 2, 1});
  th_assert_strides(nd_concat(2, (nd_array *[]){f, f}, 0), 2, (int64_t[]){1, 6});
  th_assert_strides(nd_concat(2, (nd_array *[]){f, c}, 0), 2, (int64_t[]){4, 1});
  th_assert_strides(nd_concat(2, (nd_array *[]){f, c}, 1), 2, (int64_t[]){8, 1});
  /* g = zeros((4, 6, 5)).transpose(2, 0, 1)[:, :, ::2]: shape (5, 4, 3), strides (1, 30, 10) */
  nd_array *g = nd_index(nd_permute(nd_zeros(ND_FLOAT64, ND_SHAPE(4, 6, 5), ND_C), 3, (int[]){2, 0, 1}), ":, :, ::2");
  th_assert_strides(g, 3, (int64_t[]){1, 30, 10});
  th_assert_strides(nd_concat(2, (nd_array *[]){g, g}, 0), 3, (int64_t[]){1, 30, 10});
  th_assert_strides(nd_stack(2, (nd_array *[]){g, g}, 1), 4, (int64_t[]){2, 1, 30, 10});
  nd_scope_end();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_concat_stack),  cmocka_unit_test(test_concat_flat_promotion_order),
      cmocka_unit_test(test_join_layouts),
      cmocka_unit_test(test_unstack),       cmocka_unit_test(test_tile),
      cmocka_unit_test(test_repeat),        cmocka_unit_test(test_roll),
      cmocka_unit_test(test_meshgrid),      cmocka_unit_test(test_tril_triu),
      cmocka_unit_test(test_diff),
  };
  return TH_RUN(tests);
}
