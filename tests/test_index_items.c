/* The index as a value (nd_index_item): nd_index_items and nd_index_items_assign against
 * the layouts and values the same index gives as a string, and against reference loops,
 * on every layout and dtype; absent and extreme slice bounds; index arrays and masks;
 * 0-d and size-0 arrays; the errors. */
#include "helpers.h"

typedef struct {
  const char *spec; /* the same index as a string */
  int n;
  nd_index_item items[4];
  int ndim;
  int64_t shape[5], strides[5], offset;
} items_case;

/* arange(4*5*6) as [4,5,6] (strides 30, 6, 1); NumPy's layouts. */
static const items_case basic_cases[] = {
    {"", 0, {{0}}, 3, {4, 5, 6}, {30, 6, 1}, 0},
    {"1", 1, {ND_AT(1)}, 2, {5, 6}, {6, 1}, 30},
    {"-1, 2", 2, {ND_AT(-1), ND_AT(2)}, 1, {6}, {1}, 102},
    {"1:3", 1, {ND_SLICE(1, 3, 1)}, 3, {2, 5, 6}, {30, 6, 1}, 30},
    {"::2, 1", 2, {ND_STEP(2), ND_AT(1)}, 2, {2, 6}, {60, 1}, 6},
    {"..., 2", 2, {ND_ELLIPSIS, ND_AT(2)}, 2, {4, 5}, {30, 6}, 2},
    {"None, ..., ::-2", 3, {ND_NEWAXIS, ND_ELLIPSIS, ND_STEP(-2)}, 4, {1, 4, 5, 3}, {0, 30, 6, -2}, 5},
    {"-4:", 1, {ND_FROM(-4)}, 3, {4, 5, 6}, {30, 6, 1}, 0},
    {":-10", 1, {ND_UPTO(-10)}, 3, {0, 5, 6}, {30, 6, 1}, 0},
    {"3:1:-1", 1, {ND_SLICE(3, 1, -1)}, 3, {2, 5, 6}, {-30, 6, 1}, 90},
    {":, None, :, None", 4, {ND_ALL, ND_NEWAXIS, ND_ALL, ND_NEWAXIS}, 5, {4, 1, 5, 1, 6}, {30, 0, 6, 0, 1}, 0},
    {"5:-10:-1", 1, {ND_SLICE(5, -10, -1)}, 3, {4, 5, 6}, {-30, 6, 1}, 90},
    {"-100:100:7", 1, {ND_SLICE(-100, 100, 7)}, 3, {1, 5, 6}, {210, 6, 1}, 0},
    /* bounds at the ends of int64 clip as Python's; the most negative step reverses */
    {"-9223372036854775808:9223372036854775807", 1, {ND_SLICE(INT64_MIN, INT64_MAX, 1)}, 3, {4, 5, 6}, {30, 6, 1}, 0},
    {"9223372036854775807::-1", 1, {{.kind = ND_ITEM_SLICE, .start = INT64_MAX, .has_start = true, .step = -1}},
     3, {4, 5, 6}, {-30, 6, 1}, 90},
    {"::-9223372036854775808", 1, {ND_STEP(INT64_MIN)}, 3, {1, 5, 6}, {30, 6, 1}, 90},
    {"-9223372036854775808::-1", 1, {ND_SLICE(INT64_MIN, 0, -1)}, 3, {0, 5, 6}, {-30, 6, 1}, 0},
};

static void expect_case_layout(const nd_array *v, const items_case *c) {
  if (!v) fail_msg("a[%s] as items: %s", c->spec, nd_last_error());
  th_assert_shape(v, c->ndim, c->shape);
  th_assert_strides(v, c->ndim, c->strides);
  if (nd_size(v) > 0) assert_int_equal(nd_offset(v), c->offset);
}

static void test_basic_items(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *a = th_arange(ND_INT64, ND_SHAPE(4, 5, 6));
  for (size_t k = 0; k < sizeof basic_cases / sizeof basic_cases[0]; k++) {
    const items_case *c = &basic_cases[k];
    nd_array *v = nd_index_items(a, c->n, c->items);
    expect_case_layout(v, c);
    assert_true(nd_size(v) == 0 || nd_shares_memory(a, v));
    expect_case_layout(nd_index(a, c->spec), c);
  }
  /* a 0-d array: nothing, or an ellipsis, or None */
  nd_array *z = nd_index_items(a, ND_ITEMS(ND_AT(1), ND_AT(2), ND_AT(3)));
  assert_int_equal(nd_ndim(z), 0);
  assert_int_equal(((int64_t *)nd_data(z))[0], 30 + 12 + 3);
  assert_int_equal(nd_ndim(nd_index_items(z, 0, NULL)), 0);
  assert_int_equal(nd_ndim(nd_index_items(z, ND_ITEMS(ND_ELLIPSIS))), 0);
  th_assert_shape(nd_index_items(z, ND_ITEMS(ND_NEWAXIS, ND_ELLIPSIS, ND_NEWAXIS)), 2, (int64_t[]){1, 1});
  nd_scope_end();
}

/* On every layout and dtype, the items give the view the string gives, over a's memory. */
static void test_layouts_and_dtypes(void **state) {
  (void)state;
  static const struct {
    const char *spec;
    int n;
    nd_index_item items[3];
  } cases[] = {
      {"1", 1, {ND_AT(1)}},
      {"::-1, 1:", 2, {ND_STEP(-1), ND_FROM(1)}},
      {"..., None, -2", 3, {ND_ELLIPSIS, ND_NEWAXIS, ND_AT(-2)}},
      {"0:2, ::2", 2, {ND_SLICE(0, 2, 1), ND_STEP(2)}},
      {"2:0:-1, :1", 2, {ND_SLICE(2, 0, -1), ND_UPTO(1)}},
  };
  nd_scope_begin();
  for (int t = 0; t < ND_NUM_DTYPES; t++)
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *a = th_make(th_all_dtypes[t], ND_SHAPE(3, 4), (th_layout)L, 5);
      for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        nd_array *v = nd_index_items(a, cases[k].n, cases[k].items);
        nd_array *w = nd_index(a, cases[k].spec);
        assert_non_null(v);
        th_assert_shape(v, nd_ndim(w), nd_shape(w));
        th_assert_strides(v, nd_ndim(w), nd_strides(w));
        assert_int_equal(nd_offset(v), nd_offset(w));
        assert_true(nd_data(v) == nd_data(w));
        assert_int_equal(nd_is_writeable(v), nd_is_writeable(a));
        th_assert_same_values(v, w);
      }
    }
  /* size 0 */
  nd_array *e = nd_zeros(ND_FLOAT32, ND_SHAPE(0, 3), ND_C);
  th_assert_shape(nd_index_items(e, ND_ITEMS(ND_ALL, ND_AT(-1))), 1, (int64_t[]){0});
  TH_EXPECT_ERROR(nd_index_items(e, ND_ITEMS(ND_AT(0))), ND_ERR_INDEX,
                  "index_items: index 0 is out of bounds for axis 0 with size 0");
  nd_scope_end();
}

/* b[r] for an integer array r and a mask m, against a loop over the reference indices. */
static void test_index_arrays(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *r = nd_from_data(ND_INT32, ND_SHAPE(2, 2), (int32_t[]){2, 0, -1, 1}, ND_C);
  nd_array *m = nd_from_data(ND_BOOL, ND_SHAPE(4), (bool[]){true, false, true, true}, ND_C);
  const int64_t rows[4] = {2, 0, 2, 1}, cols[3] = {0, 2, 3};
  for (int t = 0; t < ND_NUM_DTYPES; t++)
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *b = th_make(th_all_dtypes[t], ND_SHAPE(3, 4), (th_layout)L, 7);
      /* b[r, 1:]: shape [2,2,3] */
      nd_array *g = nd_index_items(b, ND_ITEMS(ND_INDICES(r), ND_FROM(1)));
      th_assert_shape(g, 3, (int64_t[]){2, 2, 3});
      assert_true(nd_is_contiguous(g, ND_C));
      for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++) {
          double x, y, u, w;
          th_get(g, (int64_t[]){i / 2, i % 2, j}, &x, &y);
          th_get(b, (int64_t[]){rows[i], j + 1}, &u, &w);
          assert_true(x == u && y == w);
        }
      th_assert_same_values(g, nd_index_arrays(b, "?, 1:", 1, &r));
      /* b[1, m]: an integer next to an index array is one too; shape [3] */
      nd_array *h = nd_index_items(b, ND_ITEMS(ND_AT(1), ND_INDICES(m)));
      th_assert_shape(h, 1, (int64_t[]){3});
      for (int j = 0; j < 3; j++) {
        double x, y, u, w;
        th_get(h, (int64_t[]){j}, &x, &y);
        th_get(b, (int64_t[]){1, cols[j]}, &u, &w);
        assert_true(x == u && y == w);
      }
      /* b[:, None, r]: B goes where the index array stands: [3,1,2,2] */
      th_assert_shape(nd_index_items(b, ND_ITEMS(ND_ALL, ND_NEWAXIS, ND_INDICES(r))), 4,
                      (int64_t[]){3, 1, 2, 2});
      /* b[r, None, 0]: not adjacent, so B comes first: [2,2,1] */
      th_assert_shape(nd_index_items(b, ND_ITEMS(ND_INDICES(r), ND_NEWAXIS, ND_AT(0))), 3,
                      (int64_t[]){2, 2, 1});
    }
  nd_scope_end();
}

/* a[items] = value into a copy, against the same assignment done element by element. */
static void test_assign(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *r = nd_from_data(ND_INT64, ND_SHAPE(3), (int64_t[]){2, 0, 2}, ND_C);
  for (int t = 0; t < ND_NUM_DTYPES; t++)
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_dtype dt = th_all_dtypes[t];
      if (L == TH_BROADCAST) {
        nd_array *b = th_make(dt, ND_SHAPE(3, 4), (th_layout)L, 3);
        TH_EXPECT_ERROR(nd_index_items_assign(b, ND_ITEMS(ND_AT(0)), nd_zeros(dt, 0, NULL, ND_C)),
                        ND_ERR_READONLY, "index_items_assign: destination array is read-only");
        continue;
      }
      nd_array *b = th_make(dt, ND_SHAPE(3, 4), (th_layout)L, 3);
      nd_array *want = nd_copy(b, ND_C);
      /* b[::-2, 1] = [v0, v1] (basic: a view assigned) */
      nd_array *v = th_make(dt, ND_SHAPE(2), TH_C, 11);
      assert_int_equal(nd_index_items_assign(b, ND_ITEMS(ND_STEP(-2), ND_AT(1)), v), ND_OK);
      for (int i = 0; i < 2; i++) {
        double x, y;
        th_get(v, (int64_t[]){i}, &x, &y);
        th_set(want, (int64_t[]){2 - 2 * i, 1}, x, y);
      }
      th_assert_same_values(b, want);
      /* b[r, :2] = w (index array, repeated row 2: the last value wins) */
      nd_array *w = th_make(dt, ND_SHAPE(3, 2), TH_F, 13);
      assert_int_equal(nd_index_items_assign(b, ND_ITEMS(ND_INDICES(r), ND_UPTO(2)), w), ND_OK);
      const int64_t rows[3] = {2, 0, 2};
      for (int i = 0; i < 3; i++)
        for (int j = 0; j < 2; j++) {
          double x, y;
          th_get(w, (int64_t[]){i, j}, &x, &y);
          th_set(want, (int64_t[]){rows[i], j}, x, y);
        }
      th_assert_same_values(b, want);
    }
  /* the value may overlap the target: read before anything is written (a[1:] = a[:-1]) */
  nd_array *s = th_arange(ND_INT32, ND_SHAPE(5));
  assert_int_equal(nd_index_items_assign(s, ND_ITEMS(ND_FROM(1)), nd_index_items(s, ND_ITEMS(ND_UPTO(-1)))), ND_OK);
  assert_memory_equal(nd_data(s), ((int32_t[]){0, 0, 1, 2, 3}), 5 * sizeof(int32_t));
  nd_array *ri = nd_from_data(ND_INT64, ND_SHAPE(2), (int64_t[]){4, 0}, ND_C);
  assert_int_equal(nd_index_items_assign(s, ND_ITEMS(ND_INDICES(ri)), nd_index_items(s, ND_ITEMS(ND_UPTO(2)))), ND_OK);
  assert_memory_equal(nd_data(s), ((int32_t[]){0, 0, 1, 2, 0}), 5 * sizeof(int32_t));
  /* a weak scalar is checked against the target's range */
  TH_EXPECT_ERROR(nd_index_items_assign(nd_zeros(ND_UINT8, ND_SHAPE(3), ND_C), ND_ITEMS(ND_AT(0)), nd_weak(ND_INT(256))),
                  ND_ERR_OVERFLOW, "index_items_assign: integer scalar 256 is out of bounds for uint8");
  nd_scope_end();
}

static void test_errors(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *a = th_arange(ND_FLOAT64, ND_SHAPE(3, 4));
  nd_array *f = nd_ones(ND_FLOAT64, ND_SHAPE(2), ND_C);
  nd_array *i = nd_from_data(ND_INT64, ND_SHAPE(2), (int64_t[]){0, 2}, ND_C);
  TH_EXPECT_ERROR(nd_index_items(a, ND_ITEMS(ND_AT(3))), ND_ERR_INDEX,
                  "index_items: index 3 is out of bounds for axis 0 with size 3");
  TH_EXPECT_ERROR(nd_index_items(a, ND_ITEMS(ND_ALL, ND_AT(-5))), ND_ERR_INDEX,
                  "index_items: index -5 is out of bounds for axis 1 with size 4");
  TH_EXPECT_ERROR(nd_index_items(a, ND_ITEMS(ND_AT(0), ND_AT(0), ND_AT(0))), ND_ERR_INDEX,
                  "index_items: too many indices for array: array is 2-dimensional, but 3 were indexed");
  TH_EXPECT_ERROR(nd_index_items(a, ND_ITEMS(ND_ALL, ND_STEP(0))), ND_ERR_VALUE,
                  "index_items: slice step cannot be zero (items[1])");
  TH_EXPECT_ERROR(nd_index_items(a, ND_ITEMS(ND_ELLIPSIS, ND_AT(0), ND_ELLIPSIS)), ND_ERR_VALUE_INDEX,
                  "index_items: an index can only have a single ellipsis ('...')");
  TH_EXPECT_ERROR(nd_index_items(a, ND_ITEMS(ND_ELLIPSIS, ND_INDICES(i), ND_ELLIPSIS)), ND_ERR_VALUE_INDEX,
                  "index_items: an index can only have a single ellipsis ('...')");
  TH_EXPECT_ERROR(nd_index_items(a, 1, (nd_index_item[]){{.kind = (nd_index_kind)9}}), ND_ERR_VALUE,
                  "index_items: items[0] has an invalid kind 9");
  TH_EXPECT_ERROR(nd_index_items(a, ND_ITEMS(ND_INDICES(i), {.kind = (nd_index_kind)-1})), ND_ERR_VALUE,
                  "index_items: items[1] has an invalid kind -1");
  TH_EXPECT_ERROR(nd_index_items(a, -1, NULL), ND_ERR_VALUE, "index_items: negative number of index items -1");
  TH_EXPECT_ERROR(nd_index_items(a, 2, NULL), ND_ERR_NULL, "index_items: argument items is NULL");
  TH_EXPECT_ERROR(nd_index_items(NULL, 0, NULL), ND_ERR_NULL, "index_items: argument a is NULL");
  TH_EXPECT_ERROR(nd_index_items(a, ND_ITEMS(ND_INDICES(NULL))), ND_ERR_NULL,
                  "index_items: argument items[0].array is NULL");
  TH_EXPECT_ERROR(nd_index_items(a, ND_ITEMS(ND_INDICES(f))), ND_ERR_INDEX,
                  "index_items: arrays used as indices must be of integer or boolean type, got float64");
  TH_EXPECT_ERROR(nd_index_items(a, ND_ITEMS(ND_INDICES(i), ND_INDICES(nd_zeros(ND_INT8, ND_SHAPE(3), ND_C)))),
                  ND_ERR_INDEX, "index_items: shapes [2] and [3] cannot be broadcast (axis 0: 2 vs 3)");
  TH_EXPECT_ERROR(nd_index_items(a, ND_ITEMS(ND_INDICES(nd_ones(ND_BOOL, ND_SHAPE(2), ND_C)))), ND_ERR_INDEX,
                  "index_items: boolean index did not match indexed array along axis 0; size of axis is 3 but size of corresponding boolean axis is 2");
  TH_EXPECT_ERROR(nd_index_items(a, ND_ITEMS(ND_INDICES(i), ND_AT(9))), ND_ERR_INDEX,
                  "index_items: index 9 is out of bounds for axis 1 with size 4");
  /* more axes than an array can have */
  nd_index_item many[ND_MAX_DIMS + 1];
  for (int k = 0; k <= ND_MAX_DIMS; k++) many[k] = ND_NEWAXIS;
  TH_EXPECT_ERROR(nd_index_items(f, ND_MAX_DIMS, many), ND_ERR_VALUE,
                  "index_items: the result would have more than 64 dimensions");
  /* assignment */
  TH_EXPECT_ERROR(nd_index_items_assign(a, ND_ITEMS(ND_AT(0)), nd_ones(ND_FLOAT64, ND_SHAPE(3), ND_C)), ND_ERR_SHAPE,
                  "index_items_assign");
  TH_EXPECT_ERROR(nd_index_items_assign(a, ND_ITEMS(ND_INDICES(i)), nd_ones(ND_FLOAT64, ND_SHAPE(3), ND_C)), ND_ERR_SHAPE,
                  "index_items_assign");
  TH_EXPECT_ERROR(nd_index_items_assign(a, ND_ITEMS(ND_AT(0)), nd_zeros(ND_COMPLEX128, 0, NULL, ND_C)), ND_ERR_TYPE,
                  "index_items_assign: cannot cast complex128 to float64 (complex to real discards the imaginary part)");
  TH_EXPECT_ERROR(nd_index_items_assign(a, ND_ITEMS(ND_AT(5)), f), ND_ERR_INDEX,
                  "index_items_assign: index 5 is out of bounds for axis 0 with size 3");
  TH_EXPECT_ERROR(nd_index_items_assign(a, ND_ITEMS(ND_AT(0)), NULL), ND_ERR_NULL,
                  "index_items_assign: argument value is NULL");
  nd_scope_end();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_basic_items), cmocka_unit_test(test_layouts_and_dtypes),
      cmocka_unit_test(test_index_arrays), cmocka_unit_test(test_assign),
      cmocka_unit_test(test_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
