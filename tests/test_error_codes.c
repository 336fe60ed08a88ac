/* Extended status codes (nd/types.h): each class is set where its failures arise, the
 * status functions return stays the plain one, failures outside the classes report their
 * status as their extended code, and a caller that passes a callee's failure on under
 * its own name (index_arrays, which applies the basic part through nd_index's parser)
 * keeps the class. */
#include <string.h>

#include "helpers.h"
#include "nd/random.h"

/* expr fails with status ND_STATUS_OF(code), extended code `code` and the fragment. */
#define EXPECT_CODE(expr, code, fragment)                               \
  do {                                                                  \
    nd_clear_error();                                                   \
    (void)(expr);                                                       \
    assert_int_equal(nd_last_status(), ND_STATUS_OF(code));             \
    assert_int_equal(nd_last_extended_status(), (code));                \
    th_assert_error((code), (fragment));                                \
    nd_clear_error();                                                   \
  } while (0)

static void test_code_layout(void **state) {
  (void)state;
  assert_int_equal(ND_STATUS_OF(ND_ERR_INDEX_AXIS), ND_ERR_INDEX);
  assert_int_equal(ND_STATUS_OF(ND_ERR_SHAPE_MATRIX), ND_ERR_SHAPE);
  assert_int_equal(ND_STATUS_OF(ND_ERR_OVERFLOW_SIZE), ND_ERR_OVERFLOW);
  assert_int_equal(ND_STATUS_OF(ND_ERR_VALUE_INDEX), ND_ERR_VALUE);
  assert_int_equal(ND_STATUS_OF(ND_ERR_LINALG), ND_ERR_LINALG);
  assert_string_equal(nd_status_name(ND_ERR_INDEX_AXIS), "ND_ERR_INDEX_AXIS");
  assert_string_equal(nd_status_name(ND_ERR_SHAPE_MATRIX), "ND_ERR_SHAPE_MATRIX");
  assert_string_equal(nd_status_name(ND_ERR_OVERFLOW_SIZE), "ND_ERR_OVERFLOW_SIZE");
  assert_string_equal(nd_status_name(ND_ERR_VALUE_INDEX), "ND_ERR_VALUE_INDEX");
  assert_string_equal(nd_status_name(ND_ERR_INDEX | 7 << 8), "ND_ERR_UNKNOWN");
  nd_clear_error();
  assert_int_equal(nd_last_extended_status(), ND_OK);
  /* the public setter takes an extended code and returns its status */
  assert_int_equal(nd_set_error(ND_ERR_INDEX_AXIS, "op: axis %d", 3), ND_ERR_INDEX);
  assert_int_equal(nd_last_status(), ND_ERR_INDEX);
  assert_int_equal(nd_last_extended_status(), ND_ERR_INDEX_AXIS);
  /* a NULL in the chain keeps the class of the pending failure */
  assert_null(nd_transpose(NULL));
  assert_int_equal(nd_last_extended_status(), ND_ERR_INDEX_AXIS);
  assert_int_equal(nd_set_error(ND_ERR_INDEX, "op: index"), ND_ERR_INDEX);
  assert_int_equal(nd_last_extended_status(), ND_ERR_INDEX);
  nd_clear_error();
  assert_int_equal(nd_last_extended_status(), ND_OK);
}

static void test_axis(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *x = nd_zeros(ND_FLOAT64, ND_SHAPE(2, 3), ND_C);
  nd_array *s = nd_zeros(ND_FLOAT64, 0, NULL, ND_C);
  nd_array *i = nd_zeros(ND_INT64, ND_SHAPE(1), ND_C);
  EXPECT_CODE(nd_sum(x, 1, (int[]){2}, false), ND_ERR_INDEX_AXIS,
              "sum: axis 2 is out of bounds for array of dimension 2");
  EXPECT_CODE(nd_sum(x, 2, (int[]){0, -2}, false), ND_ERR_INDEX_AXIS, "sum: repeated axis -2 in axes");
  EXPECT_CODE(nd_sum(x, 3, (int[]){0, 1, 0}, false), ND_ERR_INDEX_AXIS,
              "sum: 3 axes given for an array of dimension 2");
  EXPECT_CODE(nd_squeeze(x, 3, (int[]){0, 1, 0}), ND_ERR_INDEX_AXIS,
              "squeeze: 3 axes given for an array of dimension 2");
  EXPECT_CODE(nd_swapaxes(x, 0, 5), ND_ERR_INDEX_AXIS, "swapaxes: axis 5 is out of bounds");
  EXPECT_CODE(nd_argmax(x, -3, false), ND_ERR_INDEX_AXIS, "argmax: axis -3 is out of bounds");
  EXPECT_CODE(nd_take(s, i, 1), ND_ERR_INDEX_AXIS, "take: axis 1 is out of bounds for array of dimension 0");
  EXPECT_CODE(nd_mean(s, 1, (int[]){0}, false), ND_ERR_INDEX_AXIS,
              "mean: axis 0 is out of bounds for array of dimension 0");
  nd_rng *g = nd_rng_new(1);
  EXPECT_CODE(nd_random_shuffle(g, x, 2), ND_ERR_INDEX_AXIS, "random_shuffle: axis 2 is out of bounds");
  nd_rng_free(g);
  /* not axis errors: an index out of range, and permute's count (NumPy's ValueError) */
  EXPECT_CODE(nd_take(x, nd_full(ND_INT64, ND_SHAPE(1), 9, ND_C), 0), ND_ERR_INDEX,
              "take: index 9 is out of bounds for axis 0 with size 2");
  EXPECT_CODE(nd_permute(x, 1, (int[]){0}), ND_ERR_VALUE, "permute: axes don't match array");
  nd_scope_end();
}

static void test_matrix(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *v = nd_ones(ND_FLOAT64, ND_SHAPE(3), ND_C);
  nd_array *r = nd_ones(ND_FLOAT64, ND_SHAPE(2, 3), ND_C);
  EXPECT_CODE(nd_linalg_inv(v), ND_ERR_SHAPE_MATRIX,
              "inv: needs a matrix or a stack of matrices (at least 2 axes), got shape [3]");
  EXPECT_CODE(nd_linalg_det(r), ND_ERR_SHAPE_MATRIX, "det: needs square matrices, got shape [2,3]");
  EXPECT_CODE(nd_linalg_cholesky(r, false), ND_ERR_SHAPE_MATRIX, "cholesky: needs square matrices");
  /* a singular matrix is ND_ERR_LINALG itself; a matmul mismatch a plain shape error */
  EXPECT_CODE(nd_linalg_inv(nd_zeros(ND_FLOAT64, ND_SHAPE(2, 2), ND_C)), ND_ERR_LINALG, "singular");
  EXPECT_CODE(nd_matmul(r, r), ND_ERR_SHAPE, "matmul");
  nd_scope_end();
}

static void test_size(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *x = nd_ones(ND_INT8, ND_SHAPE(4), ND_C);
  EXPECT_CODE(nd_zeros(ND_FLOAT64, ND_SHAPE(INT64_C(1) << 32, INT64_C(1) << 32), ND_C),
              ND_ERR_OVERFLOW_SIZE, "zeros: shape [4294967296,4294967296] is too large");
  EXPECT_CODE(nd_empty(ND_FLOAT64, ND_SHAPE(INT64_C(1) << 61), ND_C), ND_ERR_OVERFLOW_SIZE,
              "too large to allocate");
  EXPECT_CODE(nd_reshape(x, ND_SHAPE(INT64_C(1) << 62, 4), ND_C), ND_ERR_OVERFLOW_SIZE, "is too large");
  EXPECT_CODE(nd_arange(ND_FLOAT64, 0, 1e30, 1), ND_ERR_OVERFLOW_SIZE, "arange:");
  EXPECT_CODE(nd_tile(x, 1, (int64_t[]){INT64_C(1) << 62}), ND_ERR_OVERFLOW_SIZE,
              "tile: extent of axis 0 overflows int64");
  nd_array *big = nd_broadcast_to(nd_ones(ND_INT8, ND_SHAPE(1), ND_C), ND_SHAPE(INT64_C(1) << 62));
  EXPECT_CODE(nd_concat(2, (nd_array *[]){big, big}, 0), ND_ERR_OVERFLOW_SIZE, "concat:");
  EXPECT_CODE(nd_repeat(x, INT64_C(1) << 62, 0), ND_ERR_OVERFLOW_SIZE, "repeat:");
  EXPECT_CODE(nd_outer(big, big), ND_ERR_OVERFLOW_SIZE, "outer: a result of");
  EXPECT_CODE(nd_kron(big, big), ND_ERR_OVERFLOW_SIZE, "kron:");
  /* a value that does not fit a dtype is a plain overflow */
  EXPECT_CODE(nd_add_scalar(x, ND_INT(300)), ND_ERR_OVERFLOW, "integer scalar 300 is out of bounds for int8");
  nd_scope_end();
}

static void test_malformed_index(void **state) {
  (void)state;
  nd_array *x = nd_zeros(ND_FLOAT64, ND_SHAPE(2, 3), ND_C);
  nd_array *i = nd_zeros(ND_INT64, ND_SHAPE(1), ND_C);
  EXPECT_CODE(nd_index(x, "..., 0, ..."), ND_ERR_VALUE_INDEX, "an index can only have a single ellipsis");
  EXPECT_CODE(nd_index(x, "1x"), ND_ERR_VALUE_INDEX, "expected ',' or the end of the index");
  EXPECT_CODE(nd_index(x, "99999999999999999999"), ND_ERR_VALUE_INDEX, "integer out of range");
  EXPECT_CODE(nd_index_arrays(x, "?, ?", 1, &i), ND_ERR_VALUE_INDEX, "more '?' items");
  EXPECT_CODE(nd_index_arrays(x, "..., ?, ...", 1, &i), ND_ERR_VALUE_INDEX, "single ellipsis");
  EXPECT_CODE(nd_index_arrays(x, ":", 1, &i), ND_ERR_VALUE_INDEX, "1 index arrays given");
  /* a zero step is NumPy's ValueError, an index out of range its IndexError */
  EXPECT_CODE(nd_index(x, "::0"), ND_ERR_VALUE, "slice step cannot be zero");
  EXPECT_CODE(nd_index(x, "5"), ND_ERR_INDEX, "index 5 is out of bounds for axis 0 with size 2");
  nd_release(i);
  nd_release(x);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_code_layout), cmocka_unit_test(test_axis),
      cmocka_unit_test(test_matrix),      cmocka_unit_test(test_size),
      cmocka_unit_test(test_malformed_index),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
