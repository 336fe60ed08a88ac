/* Layout arithmetic through the public API: index strings, reshape as view or copy,
 * broadcasting, contiguity and memory overlap. */
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

/* Expected results from NumPy for a = arange(120).reshape(4,5,6): shape, strides and
 * offset (elements) of a[spec]. */
static const struct {
  const char *spec;
  int ndim;
  int64_t shape[5], strides[5], offset;
} index_cases[] = {
    {"", 3, {4, 5, 6}, {30, 6, 1}, 0},
    {"...", 3, {4, 5, 6}, {30, 6, 1}, 0},
    {"1", 2, {5, 6}, {6, 1}, 30},
    {"-1", 2, {5, 6}, {6, 1}, 90},
    {"1:3", 3, {2, 5, 6}, {30, 6, 1}, 30},
    {"::-1", 3, {4, 5, 6}, {-30, 6, 1}, 90},
    {"::2, 1", 2, {2, 6}, {60, 1}, 6},
    {"..., 2", 2, {4, 5}, {30, 6}, 2},
    {"..., None", 4, {4, 5, 6, 1}, {30, 6, 1, 0}, 0},
    {"None, ..., ::-2", 4, {1, 4, 5, 3}, {0, 30, 6, -2}, 5},
    {"1, 2, 3", 0, {0}, {0}, 45},
    {":, :, -6", 2, {4, 5}, {30, 6}, 0},
    {"-4:", 3, {4, 5, 6}, {30, 6, 1}, 0},
    {"10:", 3, {0, 5, 6}, {30, 6, 1}, 0},
    {":-10", 3, {0, 5, 6}, {30, 6, 1}, 0},
    {"3:1:-1", 3, {2, 5, 6}, {-30, 6, 1}, 90},
    {"::-3, None, 1:", 4, {2, 1, 4, 6}, {-90, 0, 6, 1}, 96},
    {"1, ..., 1", 1, {5}, {6}, 31},
    {":,None,:,None", 5, {4, 1, 5, 1, 6}, {30, 0, 6, 0, 1}, 0},
    {" 2 , : : -1 ", 2, {5, 6}, {-6, 1}, 84},
    {"0:0", 3, {0, 5, 6}, {30, 6, 1}, 0},
    {"5:-10:-1", 3, {4, 5, 6}, {-30, 6, 1}, 90},
    {"-100:100:7", 3, {1, 5, 6}, {210, 6, 1}, 0},
    {"1,", 2, {5, 6}, {6, 1}, 30},
    {"newaxis, 0", 3, {1, 5, 6}, {0, 6, 1}, 0},
    {"+1, -2:", 2, {2, 6}, {6, 1}, 48},
};

static void test_index_strings(void **state) {
  (void)state;
  nd_array *a = th_arange(ND_INT64, ND_SHAPE(4, 5, 6));
  for (size_t k = 0; k < sizeof index_cases / sizeof index_cases[0]; k++) {
    nd_array *v = nd_index(a, index_cases[k].spec);
    if (!v) fail_msg("a[%s]: %s", index_cases[k].spec, nd_last_error());
    th_assert_shape(v, index_cases[k].ndim, index_cases[k].shape);
    th_assert_strides(v, index_cases[k].ndim, index_cases[k].strides);
    if (nd_size(v) > 0) assert_int_equal(nd_offset(v), index_cases[k].offset);
    assert_true(nd_size(v) == 0 || nd_shares_memory(a, v));
    nd_release(v);
  }
  /* printf-style specs */
  nd_array *v = nd_indexf(a, "%d, ::%d", 2, -1);
  th_assert_strides(v, 2, (int64_t[]){-6, 1});
  assert_int_equal(nd_offset(v), 84);
  /* values through a chain of views */
  nd_array *w = nd_index(v, "1:, 3");
  int64_t x;
  assert_int_equal(nd_get_int64(w, (int64_t[]){0}, &x), ND_OK);
  assert_int_equal(x, 60 + 3 * 6 + 3);
  nd_release(w);
  nd_release(v);
  /* 0-d arrays index with "" or "..." and nothing else */
  nd_array *z = nd_index(a, "1, 2, 3");
  nd_array *z2 = nd_index(z, "...");
  assert_int_equal(nd_ndim(z2), 0);
  nd_array *z3 = nd_index(z, "None");
  th_assert_shape(z3, 1, (int64_t[]){1});
  nd_release(z3);
  nd_release(z2);
  nd_release(z);
  nd_release(a);
}

/* Python's slice forms beyond plain integers: None as a bound, bounds beyond int64
 * (clipped, as Python clips them), any whitespace. arange(10); NumPy's results in comments. */
/* Order K for new arrays follows NumPy's rule, extent-1 axes included: C if the source
 * is C-contiguous, else F if F-contiguous, else axes by decreasing |stride|. Strides in
 * elements; NumPy's (byte strides / 8) in comments. */
static void test_order_k_strides(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *z = nd_zeros(ND_FLOAT64, ND_SHAPE(1, 2, 1, 3), ND_C);
  th_assert_strides(nd_copy(z, ND_K), 4, (int64_t[]){6, 3, 3, 1});          /* z.copy('K') */
  th_assert_strides(nd_zeros_like(nd_transpose(z), ND_K), 4, (int64_t[]){1, 3, 3, 6}); /* F */
  /* (2,1,3) with strides (1, 100, 4): not contiguous; |stride| order puts the extent-1
   * axis outermost: np.zeros_like(as_strided(..., (8, 800, 32))) has strides (8, 48, 16) */
  nd_array *c = nd_zeros(ND_FLOAT64, ND_SHAPE(10, 25, 4), ND_C);
  nd_array *w = nd_permute(nd_index(c, ":1, :3, :2"), 3, (int[]){2, 0, 1});
  th_assert_strides(w, 3, (int64_t[]){1, 100, 4});
  th_assert_strides(nd_zeros_like(w, ND_K), 3, (int64_t[]){1, 6, 2});
  /* broadcast rows copy to F order, as NumPy's copy('K') does */
  nd_array *x = nd_broadcast_to(nd_arange(ND_FLOAT64, 0, 4, 1), ND_SHAPE(3, 4));
  th_assert_strides(nd_copy(x, ND_K), 2, (int64_t[]){1, 3});
  /* expand_dims: the new axis's stride as NumPy's reshape gives it */
  nd_array *m = nd_zeros(ND_FLOAT64, ND_SHAPE(2, 3), ND_C);
  th_assert_strides(nd_expand_dims(m, 0), 3, (int64_t[]){6, 3, 1});
  th_assert_strides(nd_expand_dims(m, 1), 3, (int64_t[]){3, 3, 1});
  th_assert_strides(nd_expand_dims(m, 2), 3, (int64_t[]){3, 1, 1});
  th_assert_strides(nd_expand_dims(nd_index(m, "::-1"), 0), 3, (int64_t[]){-6, -3, 1});
  nd_scope_end();
}

static void test_index_slice_forms(void **state) {
  (void)state;
  static const struct {
    const char *spec;
    int64_t n, first, step;
  } rows[] = {
      {"None:", 10, 0, 1},                        /* a[None:] = 0..9 */
      {":None", 10, 0, 1},                        /* a[:None] */
      {"::None", 10, 0, 1},                       /* a[::None] */
      {"None:None:-1", 10, 9, -1},                /* a[None:None:-1] = 9..0 */
      {"2:None:3", 3, 2, 3},                      /* [2 5 8] */
      {" None : 4 ", 4, 0, 1},                    /* [0 1 2 3] */
      {"0:99999999999999999999", 10, 0, 1},       /* bounds clip */
      {"-99999999999999999999:3", 3, 0, 1},       /* [0 1 2] */
      {"::99999999999999999999", 1, 0, 0},        /* [0] */
      {"::-99999999999999999999", 1, 9, 0},       /* [9] */
      {"99999999999999999999::-1", 10, 9, -1},    /* 9..0 */
      {"\n1:\r\n4\t", 3, 1, 1},                   /* newlines are whitespace too */
  };
  nd_array *a = nd_arange(ND_INT64, 0, 10, 1);
  for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
    nd_array *v = nd_index(a, rows[r].spec);
    if (!v) fail_msg("\"%s\": %s", rows[r].spec, nd_last_error());
    th_assert_shape(v, 1, &rows[r].n);
    for (int64_t i = 0; i < rows[r].n; i++) {
      int64_t x;
      nd_get_int64(v, &i, &x);
      if (x != rows[r].first + i * rows[r].step) fail_msg("\"%s\"[%lld] = %lld", rows[r].spec, (long long)i, (long long)x);
    }
    nd_release(v);
  }
  /* an integer index beyond int64 is still an error, as a None not used as a bound */
  TH_EXPECT_ERROR(nd_index(a, "-99999999999999999999"), ND_ERR_VALUE, "integer out of range at position 0");
  TH_EXPECT_ERROR(nd_index(a, "None None"), ND_ERR_VALUE, "position 5");
  nd_release(a);
}

static void test_index_errors(void **state) {
  (void)state;
  nd_array *a = nd_zeros(ND_FLOAT64, ND_SHAPE(4, 5), ND_C);
  TH_EXPECT_ERROR(nd_index(a, "1, 2, 3"), ND_ERR_INDEX, "too many indices for array: array is 2-dimensional, but 3 were indexed");
  TH_EXPECT_ERROR(nd_index(a, "4"), ND_ERR_INDEX, "index 4 is out of bounds for axis 0 with size 4");
  TH_EXPECT_ERROR(nd_index(a, ":, -6"), ND_ERR_INDEX, "index -6 is out of bounds for axis 1 with size 5");
  TH_EXPECT_ERROR(nd_index(a, "..., ..."), ND_ERR_VALUE, "single ellipsis");
  TH_EXPECT_ERROR(nd_index(a, "::0"), ND_ERR_VALUE, "slice step cannot be zero");
  TH_EXPECT_ERROR(nd_index(a, "1, x"), ND_ERR_VALUE, "position 3 ('x')");
  TH_EXPECT_ERROR(nd_index(a, "1:2:3:4"), ND_ERR_VALUE, "position 5 (':')");
  TH_EXPECT_ERROR(nd_index(a, "1,,2"), ND_ERR_VALUE, "position 2 (',')");
  TH_EXPECT_ERROR(nd_index(a, "-"), ND_ERR_VALUE, "expected a digit at position 1");
  TH_EXPECT_ERROR(nd_index(a, "99999999999999999999"), ND_ERR_VALUE, "integer out of range at position 0");
  TH_EXPECT_ERROR(nd_index(a, "Nonesuch"), ND_ERR_VALUE, "position 0");
  TH_EXPECT_ERROR(nd_index(a, "1.5"), ND_ERR_VALUE, "position 1 ('.')");
  TH_EXPECT_ERROR(nd_index(a, NULL), ND_ERR_NULL, "index");
  TH_EXPECT_ERROR(nd_index(NULL, "1"), ND_ERR_NULL, "index");
  nd_release(a);
}

/* ravel/flatten 'K' place a broadcast axis where NumPy's iterator does: arange(6) as
 * [2,3], transposed, given a broadcast middle axis -> [3,2,2] with strides (1,0,3); NumPy
 * gives 0..5 twice (the broadcast axis outermost), not each value twice in a row. */
static void test_ravel_k_broadcast_axis(void **state) {
  (void)state;
  nd_array *a = th_arange(ND_FLOAT64, ND_SHAPE(2, 3));
  nd_array *t = nd_transpose(a);
  nd_array *e = nd_expand_dims(t, 1);
  nd_array *b = nd_broadcast_to(e, ND_SHAPE(3, 2, 2));
  th_assert_strides(b, 3, (int64_t[]){1, 0, 3});
  nd_array *want = nd_from_data(ND_FLOAT64, ND_SHAPE(12),
                                (double[]){0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5}, ND_C);
  nd_array *r = nd_ravel(b, ND_K), *f = nd_flatten(b, ND_K);
  th_assert_same_values(r, want);
  th_assert_same_values(f, want);
  nd_release(f);
  nd_release(r);
  nd_release(want);
  nd_release(b);
  nd_release(e);
  nd_release(t);
  nd_release(a);
}

static void test_reshape_views_and_copies(void **state) {
  (void)state;
  /* the seed documents' cases */
  nd_array *a = th_arange(ND_FLOAT64, ND_SHAPE(3, 4));
  th_assert_strides(a, 2, (int64_t[]){4, 1});
  nd_array *t = nd_transpose(a);
  th_assert_strides(t, 2, (int64_t[]){1, 4});
  assert_true(nd_shares_memory(a, t));
  nd_array *r = nd_reshape(a, ND_SHAPE(2, 6), ND_C);
  assert_true(nd_shares_memory(a, r));
  nd_array *tf = nd_reshape(t, ND_SHAPE(12), ND_C);
  assert_false(nd_shares_memory(a, tf));
  nd_array *want = nd_from_data(ND_FLOAT64, ND_SHAPE(12), (double[]){0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}, ND_C);
  th_assert_same_values(tf, want);
  nd_array *rv = nd_ravel(a, ND_C), *fl = nd_flatten(a, ND_C), *rf = nd_ravel(a, ND_F);
  assert_true(nd_shares_memory(a, rv));
  assert_false(nd_shares_memory(a, fl));
  th_assert_same_values(rf, want);
  /* the transpose is F-contiguous, so its F ravel is a view */
  nd_array *tr = nd_ravel(t, ND_F);
  assert_true(nd_shares_memory(t, tr));
  /* reshape_view refuses to copy */
  TH_EXPECT_ERROR(nd_reshape_view(t, ND_SHAPE(12), ND_C), ND_ERR_SHAPE, "without a copy");
  nd_array *tv = nd_reshape_view(t, ND_SHAPE(2, 2, 3), ND_F);
  assert_non_null(tv);
  assert_true(nd_shares_memory(t, tv));
  /* a stepped view can still be reshaped as a view along the unit axes */
  nd_array *s = nd_index(a, "::2");
  nd_array *s3 = nd_reshape(s, ND_SHAPE(2, 2, 2), ND_C);
  th_assert_strides(s3, 3, (int64_t[]){8, 2, 1});
  assert_true(nd_shares_memory(a, s3));
  nd_release(s3);
  nd_release(s);
  nd_release(tv);
  nd_release(tr);
  nd_release(rf);
  nd_release(fl);
  nd_release(rv);
  nd_release(want);
  nd_release(tf);
  nd_release(r);
  nd_release(t);
  nd_release(a);
}

static void test_reshape_orders(void **state) {
  (void)state;
  nd_array *seq = nd_arange(ND_INT32, 0, 8, 1);
  nd_scope_begin();
  nd_array *cc = nd_keep(nd_reshape(nd_reshape(seq, ND_SHAPE(2, 2, 2), ND_C), ND_SHAPE(4, 2), ND_C));
  nd_array *ff = nd_keep(nd_reshape(nd_reshape(seq, ND_SHAPE(2, 2, 2), ND_F), ND_SHAPE(4, 2), ND_F));
  nd_scope_end();
  nd_array *wc = nd_from_data(ND_INT32, ND_SHAPE(4, 2), (int32_t[]){0, 1, 2, 3, 4, 5, 6, 7}, ND_C);
  nd_array *wf = nd_from_data(ND_INT32, ND_SHAPE(4, 2), (int32_t[]){0, 4, 1, 5, 2, 6, 3, 7}, ND_C);
  th_assert_same_values(cc, wc);
  th_assert_same_values(ff, wf);
  /* flat 0..5 read as [2,3] */
  const double flat[6] = {0, 1, 2, 3, 4, 5};
  nd_array *c = nd_from_data(ND_FLOAT64, ND_SHAPE(2, 3), flat, ND_C);
  nd_array *f = nd_from_data(ND_FLOAT64, ND_SHAPE(2, 3), flat, ND_F);
  nd_array *fc = nd_from_data(ND_FLOAT64, ND_SHAPE(2, 3), (double[]){0, 2, 4, 1, 3, 5}, ND_C);
  th_assert_same_values(f, fc);
  double out[6];
  assert_int_equal(nd_to_data(c, out, ND_F), ND_OK);
  const double want[6] = {0, 3, 1, 4, 2, 5};
  assert_memory_equal(out, want, sizeof want);
  /* C-ordered bytes read as F give the tensor with all axes reversed */
  nd_array *rev = nd_from_data(ND_FLOAT64, ND_SHAPE(3, 2), flat, ND_F);
  nd_array *ct = nd_transpose(c);
  th_assert_same_values(rev, ct);
  nd_release(ct);
  nd_release(rev);
  nd_release(fc);
  nd_release(f);
  nd_release(c);
  nd_release(wf);
  nd_release(wc);
  nd_release(ff);
  nd_release(cc);
  nd_release(seq);
}

static void test_reshape_errors(void **state) {
  (void)state;
  nd_array *a = nd_arange(ND_FLOAT64, 0, 24, 1);
  TH_EXPECT_ERROR(nd_reshape(a, ND_SHAPE(-1, -1), ND_C), ND_ERR_VALUE, "only one dimension can be inferred");
  TH_EXPECT_ERROR(nd_reshape(a, ND_SHAPE(5, -1), ND_C), ND_ERR_SHAPE, "cannot reshape array of size 24 into shape [5,-1]");
  TH_EXPECT_ERROR(nd_reshape(a, ND_SHAPE(5, 5), ND_C), ND_ERR_SHAPE, "cannot reshape array of size 24 into shape [5,5]");
  TH_EXPECT_ERROR(nd_reshape(a, ND_SHAPE(-2, 12), ND_C), ND_ERR_VALUE, "negative");
  TH_EXPECT_ERROR(nd_reshape(a, ND_SHAPE(4, 6), (nd_order)'X'), ND_ERR_VALUE, "invalid order");
  TH_EXPECT_ERROR(nd_reshape(a, ND_SHAPE(4, 6), ND_K), ND_ERR_VALUE, "not accepted here");
  TH_EXPECT_ERROR(nd_reshape(a, ND_SHAPE(INT64_MAX, 4), ND_C), ND_ERR_OVERFLOW, "too large");
  TH_EXPECT_ERROR(nd_reshape(NULL, ND_SHAPE(4, 6), ND_C), ND_ERR_NULL, "reshape");
  nd_array *z = nd_zeros(ND_FLOAT64, ND_SHAPE(0), ND_C);
  TH_EXPECT_ERROR(nd_reshape(z, ND_SHAPE(0, -1), ND_C), ND_ERR_SHAPE, "cannot reshape array of size 0 into shape [0,-1]");
  nd_array *z3 = nd_reshape(z, ND_SHAPE(-1, 3), ND_C);
  th_assert_shape(z3, 2, (int64_t[]){0, 3});
  nd_array *z0 = nd_reshape(a, ND_SHAPE(2, 3, 4), ND_F);
  nd_array *z00 = nd_index(z0, "0, 0, 0");
  nd_array *s = nd_reshape(z00, 0, NULL, ND_C);
  nd_release(z00);
  assert_int_equal(nd_ndim(s), 0);
  nd_release(s);
  nd_release(z0);
  nd_release(z3);
  nd_release(z);
  nd_release(a);
}

static void test_broadcasting(void **state) {
  (void)state;
  nd_array *v = nd_arange(ND_FLOAT64, 0, 3, 1);
  nd_array *b = nd_broadcast_to(v, ND_SHAPE(2, 3));
  th_assert_strides(b, 2, (int64_t[]){0, 1});
  assert_false(nd_is_writeable(b));
  TH_EXPECT_ERROR(nd_broadcast_to(v, ND_SHAPE(3, 2)), ND_ERR_SHAPE, "cannot broadcast shape [3] to [3,2]");
  TH_EXPECT_ERROR(nd_broadcast_to(v, ND_SHAPE(2)), ND_ERR_SHAPE, "[3] to [2]");
  nd_array *m = nd_zeros(ND_FLOAT64, ND_SHAPE(2, 3), ND_C);
  TH_EXPECT_ERROR(nd_broadcast_to(m, ND_SHAPE(3)), ND_ERR_SHAPE, "fewer dimensions");
  int nd;
  int64_t out[ND_MAX_DIMS];
  const int64_t s1[] = {8, 1, 6, 1}, s2[] = {7, 1, 5}, s3[] = {1};
  assert_int_equal(nd_broadcast_shapes(3, (int[]){4, 3, 1}, (const int64_t *[]){s1, s2, s3}, &nd, out), ND_OK);
  assert_int_equal(nd, 4);
  const int64_t want[] = {8, 7, 6, 5};
  assert_memory_equal(out, want, sizeof want);
  const int64_t e1[] = {2, 3}, e2[] = {2, 2};
  TH_EXPECT_ERROR(nd_broadcast_shapes(2, (int[]){2, 2}, (const int64_t *[]){e1, e2}, &nd, out), ND_ERR_SHAPE,
                  "shapes [2,3] and [2,2] cannot be broadcast (axis 1: 3 vs 2)");
  assert_int_equal(nd_broadcast_shapes(0, NULL, NULL, &nd, out), ND_OK);
  assert_int_equal(nd, 0);
  /* broadcast_arrays */
  nd_array *col = nd_zeros(ND_INT8, ND_SHAPE(4, 1), ND_C);
  nd_array *outs[2];
  assert_int_equal(nd_broadcast_arrays(2, (nd_array *[]){v, col}, outs), ND_OK);
  th_assert_shape(outs[0], 2, (int64_t[]){4, 3});
  th_assert_strides(outs[0], 2, (int64_t[]){0, 1});
  th_assert_strides(outs[1], 2, (int64_t[]){1, 0});
  nd_release(outs[0]);
  nd_release(outs[1]);
  nd_array *bad = nd_zeros(ND_INT8, ND_SHAPE(4), ND_C);
  TH_EXPECT_ERROR(nd_broadcast_arrays(2, (nd_array *[]){v, bad}, outs), ND_ERR_SHAPE, "cannot be broadcast");
  nd_release(bad);
  nd_release(col);
  nd_release(m);
  nd_release(b);
  nd_release(v);
}

static void test_overlap(void **state) {
  (void)state;
  nd_array *a = nd_zeros(ND_FLOAT64, ND_SHAPE(10, 10), ND_C);
  nd_array *even = nd_index(a, ":, ::2"), *odd = nd_index(a, ":, 1::2");
  assert_true(nd_may_share_memory(even, odd));
  assert_false(nd_shares_memory(even, odd));
  nd_array *row0 = nd_index(a, "0"), *row1 = nd_index(a, "1"), *col0 = nd_index(a, ":, 0");
  assert_false(nd_may_share_memory(row0, row1));
  assert_true(nd_shares_memory(row0, col0));
  nd_array *col1 = nd_index(a, "1:, 1");
  assert_false(nd_shares_memory(row0, col1));
  nd_array *diag = nd_diagonal(a, 0, 0, 1), *anti = nd_index(a, "::-1, ::3");
  assert_true(nd_shares_memory(diag, anti)); /* both hold a[0,0] */
  nd_array *other = nd_zeros(ND_FLOAT64, ND_SHAPE(10), ND_C);
  assert_false(nd_shares_memory(a, other));
  /* complex parts interleave without touching each other */
  nd_array *z = nd_zeros(ND_COMPLEX128, ND_SHAPE(5), ND_C);
  nd_array *re = nd_real(z), *im = nd_imag(z);
  assert_false(nd_shares_memory(re, im));
  assert_true(nd_shares_memory(z, im));
  nd_array *e = nd_index(a, "3:3");
  assert_false(nd_shares_memory(a, e));
  nd_release(e);
  nd_release(im);
  nd_release(re);
  nd_release(z);
  nd_release(other);
  nd_release(anti);
  nd_release(diag);
  nd_release(col1);
  nd_release(col0);
  nd_release(row1);
  nd_release(row0);
  nd_release(odd);
  nd_release(even);
  nd_release(a);
}

static void test_contiguity(void **state) {
  (void)state;
  nd_array *a = nd_zeros(ND_FLOAT32, ND_SHAPE(3, 1, 4), ND_C);
  assert_true(nd_is_contiguous(a, ND_C));
  assert_false(nd_is_contiguous(a, ND_F));
  nd_array *t = nd_transpose(a);
  assert_true(nd_is_contiguous(t, ND_F));
  nd_array *row = nd_zeros(ND_FLOAT32, ND_SHAPE(1, 5), ND_C);
  assert_true(nd_is_contiguous(row, ND_C) && nd_is_contiguous(row, ND_F));
  nd_array *s = nd_index(a, "::2");
  assert_false(nd_is_contiguous(s, ND_C) || nd_is_contiguous(s, ND_F));
  nd_array *n = nd_flip(a, ND_ALL_AXES, NULL);
  assert_false(nd_is_contiguous(n, ND_C));
  nd_release(n);
  nd_release(s);
  nd_release(row);
  nd_release(t);
  nd_release(a);
}

/* reshape and index on every layout and dtype: values against the C-order flattening */
static void test_reshape_index_all_layouts(void **state) {
  (void)state;
  const int64_t shape[3] = {3, 4, 5};
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_dtype t = th_all_dtypes[d];
      nd_array *a = th_make(t, 3, shape, (th_layout)L, 21);
      for (int o = 0; o < 2; o++) {
        nd_order ord = o ? ND_F : ND_C;
        char *flat = malloc(nd_nbytes(a));
        assert_int_equal(nd_to_data(a, flat, ord), ND_OK);
        nd_array *want = nd_from_data(t, ND_SHAPE(6, 10), flat, ord);
        nd_array *r = nd_reshape(a, ND_SHAPE(6, -1), ord);
        th_assert_same_values(r, want);
        nd_array *rv = nd_ravel(a, ord), *w1 = nd_from_data(t, ND_SHAPE(60), flat, ND_C);
        th_assert_same_values(rv, w1);
        nd_release(w1);
        nd_release(rv);
        nd_release(r);
        nd_release(want);
        free(flat);
      }
      /* a[1:, ::-2, 3] against element access */
      nd_array *v = nd_index(a, "1:, ::-2, 3");
      th_assert_shape(v, 2, (int64_t[]){2, 2});
      for (int64_t i = 0; i < 2; i++)
        for (int64_t j = 0; j < 2; j++) {
          double vr, vi, ar, ai;
          th_get(v, (int64_t[]){i, j}, &vr, &vi);
          th_get(a, (int64_t[]){1 + i, 3 - 2 * j, 3}, &ar, &ai);
          assert_true(vr == ar && vi == ai);
        }
      nd_release(v);
      nd_release(a);
    }
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_index_strings),
      cmocka_unit_test(test_order_k_strides),
      cmocka_unit_test(test_index_slice_forms),
      cmocka_unit_test(test_index_errors),
      cmocka_unit_test(test_reshape_views_and_copies),
      cmocka_unit_test(test_ravel_k_broadcast_axis),
      cmocka_unit_test(test_reshape_orders),
      cmocka_unit_test(test_reshape_errors),
      cmocka_unit_test(test_broadcasting),
      cmocka_unit_test(test_overlap),
      cmocka_unit_test(test_contiguity),
      cmocka_unit_test(test_reshape_index_all_layouts),
  };
  return TH_RUN(tests);
}
