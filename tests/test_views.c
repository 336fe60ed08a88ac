/* Layout operations as views, on every layout and dtype, checked element by element
 * against the index mapping each one defines. */
#include <string.h>

#include "helpers.h"

static const int64_t shape3[3] = {3, 4, 5};

/* Checks v[idx] == a[map(idx)] for every idx of v, then releases v. */
typedef void (*index_map)(const int64_t *vidx, int64_t *aidx, const void *ctx);

static void check_view(const nd_array *a, const nd_array *v, index_map map, const void *ctx) {
  assert_non_null(v);
  if (nd_size(v) > 0 && nd_size(a) > 0) assert_true(nd_shares_memory(a, v));
  int64_t idx[ND_MAX_DIMS] = {0}, aidx[ND_MAX_DIMS];
  if (nd_size(v) > 0) {
    do {
      map(idx, aidx, ctx);
      double vr, vi, ar, ai;
      th_get(v, idx, &vr, &vi);
      th_get(a, aidx, &ar, &ai);
      if (vr != ar || vi != ai) fail_msg("view element differs: %g vs %g", vr, ar);
    } while (th_next(nd_ndim(v), nd_shape(v), idx));
  }
  nd_release((nd_array *)v);
}

typedef struct {
  int n;
  int perm[ND_MAX_DIMS];
} perm_ctx;

static void map_perm(const int64_t *v, int64_t *a, const void *ctx) {
  const perm_ctx *p = ctx;
  for (int i = 0; i < p->n; i++) a[p->perm[i]] = v[i];
}

static void map_flip(const int64_t *v, int64_t *a, const void *ctx) {
  const int64_t *sh = ctx; /* shape, with negative entries for flipped axes */
  for (int i = 0; i < 3; i++) a[i] = sh[i] < 0 ? -sh[i] - 1 - v[i] : v[i];
}

typedef struct {
  int64_t offset;
  int ax1, ax2;
} diag_ctx;

static void map_diag(const int64_t *v, int64_t *a, const void *ctx) {
  const diag_ctx *d = ctx;
  int k = 0;
  for (int i = 0; i < 3; i++)
    if (i != d->ax1 && i != d->ax2) a[i] = v[k++];
  int64_t t = v[k];
  a[d->ax1] = d->offset >= 0 ? t : t - d->offset;
  a[d->ax2] = d->offset >= 0 ? t + d->offset : t;
}

static void map_drop_one(const int64_t *v, int64_t *a, const void *ctx) {
  const int *pos = ctx; /* insert a 0 at position *pos */
  for (int i = 0, j = 0; i < 4; i++) a[i] = (i == *pos) ? 0 : v[j++];
}

static void map_add_one(const int64_t *v, int64_t *a, const void *ctx) {
  const int *pos = ctx; /* drop the axis at *pos */
  for (int i = 0, j = 0; i < 4; i++)
    if (i != *pos) a[j++] = v[i];
}

static void map_identity(const int64_t *v, int64_t *a, const void *ctx) {
  (void)ctx;
  memcpy(a, v, 3 * sizeof(int64_t));
}

static void test_permutations(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *a = th_make(th_all_dtypes[d], 3, shape3, (th_layout)L, 1);
      perm_ctx p = {3, {2, 0, 1}};
      check_view(a, nd_permute(a, 3, (int[]){2, 0, 1}), map_perm, &p);
      perm_ctx neg = {3, {1, 2, 0}};
      check_view(a, nd_permute(a, 3, (int[]){-2, -1, 0}), map_perm, &neg);
      perm_ctx tr = {3, {2, 1, 0}};
      check_view(a, nd_transpose(a), map_perm, &tr);
      perm_ctx sw = {3, {0, 2, 1}};
      check_view(a, nd_swapaxes(a, 1, -1), map_perm, &sw);
      check_view(a, nd_matrix_transpose(a), map_perm, &sw);
      perm_ctx mv = {3, {1, 2, 0}}; /* moveaxis(0, -1): result axes are (1, 2, 0) */
      check_view(a, nd_moveaxis(a, 0, -1), map_perm, &mv);
      perm_ctx mv2 = {3, {2, 0, 1}};
      check_view(a, nd_moveaxis(a, 2, 0), map_perm, &mv2);
      nd_release(a);
    }
  }
}

static void test_flip_and_diagonal(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *a = th_make(th_all_dtypes[d], 3, shape3, (th_layout)L, 2);
      int64_t all[3] = {-3, -4, -5}, mid[3] = {3, -4, 5};
      check_view(a, nd_flip(a, ND_ALL_AXES, NULL), map_flip, all);
      check_view(a, nd_flip(a, 1, (int[]){-2}), map_flip, mid);
      for (int64_t off = -3; off <= 5; off++) {
        diag_ctx c = {off, 1, 2};
        nd_array *v = nd_diagonal(a, off, 1, 2);
        int64_t len = off >= 0 ? (5 - off < 4 ? 5 - off : 4) : (4 + off < 5 ? 4 + off : 5);
        if (len < 0) len = 0;
        th_assert_shape(v, 2, (int64_t[]){3, len});
        check_view(a, v, map_diag, &c);
        diag_ctx c2 = {off, 2, 0};
        check_view(a, nd_diagonal(a, off, 2, 0), map_diag, &c2);
      }
      nd_release(a);
    }
  }
}

static void test_squeeze_expand(void **state) {
  (void)state;
  const int64_t sh[4] = {3, 1, 4, 5};
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *a = th_make(th_all_dtypes[d], 4, sh, (th_layout)L, 3);
      int pos = 1;
      nd_array *s = nd_squeeze(a, ND_ALL_AXES, NULL);
      th_assert_shape(s, 3, shape3);
      check_view(a, nd_retain(s), map_drop_one, &pos);
      nd_array *s1 = nd_squeeze(a, 1, (int[]){-3});
      th_assert_shape(s1, 3, shape3);
      check_view(a, nd_retain(s1), map_drop_one, &pos);
      for (int ax = -4; ax < 4; ax++) {
        int p = ax < 0 ? ax + 4 : ax;
        nd_array *e = nd_expand_dims(s, ax);
        assert_int_equal(nd_shape(e)[p], 1);
        check_view(s, e, map_add_one, &p);
      }
      nd_release(s1);
      nd_release(s);
      nd_release(a);
    }
  }
}

static void test_real_imag(void **state) {
  (void)state;
  for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
    nd_array *z = th_make(ND_COMPLEX128, 3, shape3, (th_layout)L, 4);
    nd_array *re = nd_real(z), *im = nd_imag(z);
    assert_int_equal(nd_dtype_of(re), ND_FLOAT64);
    int64_t idx[3] = {0};
    do {
      double zr, zi, r, i;
      th_get(z, idx, &zr, &zi);
      th_get(re, idx, &r, NULL);
      th_get(im, idx, &i, NULL);
      assert_true(zr == r && zi == i);
    } while (th_next(3, shape3, idx));
    if (nd_is_writeable(z)) { /* writes go through */
      assert_int_equal(nd_fill(im, -1), ND_OK);
      double zr, zi;
      th_get(z, (int64_t[]){2, 3, 4}, &zr, &zi);
      assert_true(zi == -1);
    }
    nd_release(im);
    nd_release(re);
    nd_release(z);
  }
  nd_array *c64 = th_make(ND_COMPLEX64, 1, (int64_t[]){7}, TH_STEPPED, 1);
  nd_array *im = nd_imag(c64);
  assert_int_equal(nd_dtype_of(im), ND_FLOAT32);
  nd_release(im);
  nd_release(c64);
  nd_array *r = nd_zeros(ND_INT32, ND_SHAPE(3), ND_C);
  nd_array *rr = nd_real(r);
  check_view(r, rr, map_identity, NULL);
  TH_EXPECT_ERROR(nd_imag(r), ND_ERR_TYPE, "not complex");
  nd_release(r);
}

static void test_zero_d_and_empty(void **state) {
  (void)state;
  nd_array *z = nd_full(ND_FLOAT64, 0, NULL, 3.0, ND_C);
  nd_array *t = nd_transpose(z);
  assert_int_equal(nd_ndim(t), 0);
  nd_array *e = nd_expand_dims(z, 0);
  th_assert_shape(e, 1, (int64_t[]){1});
  nd_array *f = nd_flip(z, ND_ALL_AXES, NULL);
  assert_int_equal(nd_ndim(f), 0);
  nd_array *s = nd_squeeze(e, ND_ALL_AXES, NULL);
  assert_int_equal(nd_ndim(s), 0);
  TH_EXPECT_ERROR(nd_matrix_transpose(z), ND_ERR_SHAPE, "matrix_transpose: array of dimension 0 has no matrix axes (needs at least 2)");
  TH_EXPECT_ERROR(nd_diagonal(e, 0, 0, 1), ND_ERR_SHAPE, "diagonal: array of dimension 1 has no diagonal (needs at least 2)");
  nd_release(s);
  nd_release(f);
  nd_release(e);
  nd_release(t);
  nd_release(z);
  nd_array *em = nd_zeros(ND_INT8, ND_SHAPE(0, 3, 2), ND_C);
  nd_array *tp = nd_transpose(em);
  th_assert_shape(tp, 3, (int64_t[]){2, 3, 0});
  nd_array *fl = nd_flip(em, ND_ALL_AXES, NULL);
  th_assert_shape(fl, 3, (int64_t[]){0, 3, 2});
  nd_array *dg = nd_diagonal(em, 0, 1, 2);
  th_assert_shape(dg, 2, (int64_t[]){0, 2});
  nd_release(dg);
  nd_release(fl);
  nd_release(tp);
  nd_release(em);
}

static void test_view_errors(void **state) {
  (void)state;
  nd_array *a = nd_zeros(ND_FLOAT64, ND_SHAPE(2, 1, 3), ND_C);
  TH_EXPECT_ERROR(nd_permute(a, 2, (int[]){0, 1}), ND_ERR_VALUE, "axes don't match array");
  TH_EXPECT_ERROR(nd_permute(a, 3, (int[]){0, 1, 1}), ND_ERR_INDEX, "repeated axis");
  TH_EXPECT_ERROR(nd_permute(a, 3, (int[]){0, 1, 3}), ND_ERR_INDEX, "axis 3 is out of bounds for array of dimension 3");
  TH_EXPECT_ERROR(nd_permute(a, 3, (int[]){0, 1, -4}), ND_ERR_INDEX, "axis -4 is out of bounds");
  TH_EXPECT_ERROR(nd_permute(a, 3, NULL), ND_ERR_NULL, "axes is NULL");
  TH_EXPECT_ERROR(nd_swapaxes(a, 0, 5), ND_ERR_INDEX, "axis 5");
  TH_EXPECT_ERROR(nd_moveaxis(a, -4, 0), ND_ERR_INDEX, "axis -4");
  TH_EXPECT_ERROR(nd_squeeze(a, 1, (int[]){0}), ND_ERR_VALUE, "size not equal to one");
  TH_EXPECT_ERROR(nd_squeeze(a, 2, (int[]){1, 1}), ND_ERR_INDEX, "repeated axis");
  TH_EXPECT_ERROR(nd_squeeze(a, -2, NULL), ND_ERR_VALUE, "squeeze: invalid axis count -2 (-1 means all axes)");
  TH_EXPECT_ERROR(nd_flip(a, -3, NULL), ND_ERR_VALUE, "flip: invalid axis count -3 (-1 means all axes)");
  TH_EXPECT_ERROR(nd_expand_dims(a, 4), ND_ERR_INDEX, "axis 4 is out of bounds for array of dimension 4");
  TH_EXPECT_ERROR(nd_flip(a, 1, (int[]){3}), ND_ERR_INDEX, "axis 3");
  TH_EXPECT_ERROR(nd_diagonal(a, 0, 1, -2), ND_ERR_VALUE, "cannot be the same");
  TH_EXPECT_ERROR(nd_diagonal(a, 0, 1, 7), ND_ERR_INDEX, "axis 7");
  TH_EXPECT_ERROR(nd_broadcast_to(a, ND_SHAPE(2, -1, 3)), ND_ERR_VALUE, "negative");
  TH_EXPECT_ERROR(nd_broadcast_to(a, -1, NULL), ND_ERR_VALUE, "ndim -1");
  nd_array *nulls[] = {nd_transpose(NULL), nd_swapaxes(NULL, 0, 1), nd_moveaxis(NULL, 0, 1),
                       nd_matrix_transpose(NULL), nd_expand_dims(NULL, 0),
                       nd_squeeze(NULL, ND_ALL_AXES, NULL), nd_flip(NULL, ND_ALL_AXES, NULL),
                       nd_diagonal(NULL, 0, 0, 1), nd_real(NULL),
                       nd_imag(NULL), nd_broadcast_to(NULL, 0, NULL), nd_ravel(NULL, ND_C),
                       nd_flatten(NULL, ND_C), nd_reshape_view(NULL, 0, NULL, ND_C),
                       nd_permute(NULL, 0, NULL)};
  for (size_t i = 0; i < sizeof nulls / sizeof nulls[0]; i++) assert_null(nulls[i]);
  nd_clear_error();
  /* a deep stack of axes up to the limit */
  nd_array *x = nd_retain(a);
  for (int i = 3; i < ND_MAX_DIMS; i++) {
    nd_array *y = nd_expand_dims(x, 0);
    nd_release(x);
    x = y;
  }
  assert_int_equal(nd_ndim(x), ND_MAX_DIMS);
  TH_EXPECT_ERROR(nd_expand_dims(x, 0), ND_ERR_VALUE, "more than 64 dimensions");
  TH_EXPECT_ERROR(nd_index(x, "None"), ND_ERR_VALUE, "more than 64 dimensions");
  nd_array *sq = nd_squeeze(x, ND_ALL_AXES, NULL);
  th_assert_shape(sq, 2, (int64_t[]){2, 3});
  nd_release(sq);
  nd_release(x);
  nd_release(a);
}

static void test_view_keeps_readonly(void **state) {
  (void)state;
  nd_array *v = nd_arange(ND_FLOAT64, 0, 3, 1);
  nd_array *b = nd_broadcast_to(v, ND_SHAPE(2, 3));
  nd_array *t = nd_transpose(b);
  assert_false(nd_is_writeable(t));
  assert_int_equal(nd_set_writeable(v, false), ND_OK);
  nd_array *s = nd_index(v, "1:");
  assert_false(nd_is_writeable(s));
  assert_int_equal(nd_set_writeable(s, true), ND_OK);
  assert_true(nd_is_writeable(s));
  nd_release(s);
  nd_release(t);
  nd_release(b);
  nd_release(v);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_permutations),      cmocka_unit_test(test_flip_and_diagonal),
      cmocka_unit_test(test_squeeze_expand),    cmocka_unit_test(test_real_imag),
      cmocka_unit_test(test_zero_d_and_empty),  cmocka_unit_test(test_view_errors),
      cmocka_unit_test(test_view_keeps_readonly),
  };
  return TH_RUN(tests);
}
