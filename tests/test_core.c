/* Core: dtypes, promotion, casting rules, limits, errors, ownership, scopes. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "helpers.h"

static void test_dtype_table(void **state) {
  (void)state;
  static const struct { nd_dtype t; const char *name; size_t size; char kind; } rows[] = {
      {ND_BOOL, "bool", 1, 'b'},          {ND_INT8, "int8", 1, 'i'},
      {ND_INT16, "int16", 2, 'i'},        {ND_INT32, "int32", 4, 'i'},
      {ND_INT64, "int64", 8, 'i'},        {ND_UINT8, "uint8", 1, 'u'},
      {ND_UINT16, "uint16", 2, 'u'},      {ND_UINT32, "uint32", 4, 'u'},
      {ND_UINT64, "uint64", 8, 'u'},      {ND_FLOAT32, "float32", 4, 'f'},
      {ND_FLOAT64, "float64", 8, 'f'},    {ND_COMPLEX64, "complex64", 8, 'c'},
      {ND_COMPLEX128, "complex128", 16, 'c'},
  };
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    assert_string_equal(nd_dtype_name(rows[i].t), rows[i].name);
    assert_int_equal(nd_dtype_size(rows[i].t), rows[i].size);
    assert_int_equal(nd_dtype_kind(rows[i].t), rows[i].kind);
    assert_int_equal(nd_dtype_from_name(rows[i].name), rows[i].t);
  }
  assert_int_equal(nd_dtype_from_name("f8"), ND_FLOAT64);
  assert_int_equal(nd_dtype_from_name("c16"), ND_COMPLEX128);
  assert_int_equal(nd_dtype_from_name("float16"), ND_FLOAT16);
  assert_int_equal(nd_dtype_from_name("bfloat16"), ND_BFLOAT16);
  /* NumPy's other spellings: np.dtype(name) for each of these gives the dtype listed. */
  static const struct { const char *name; int t; } spellings[] = {
      {"<f8", ND_FLOAT64}, {"=i4", ND_INT32},    {"|u1", ND_UINT8},     {"|b1", ND_BOOL},
      {">u1", ND_UINT8},   {"<c16", ND_COMPLEX128}, {"d", ND_FLOAT64},  {"f", ND_FLOAT32},
      {"F", ND_COMPLEX64}, {"D", ND_COMPLEX128}, {"b", ND_INT8},       {"B", ND_UINT8},
      {"h", ND_INT16},     {"H", ND_UINT16},     {"i", ND_INT32},      {"I", ND_UINT32},
      {"l", ND_INT64},     {"L", ND_UINT64},     {"q", ND_INT64},      {"Q", ND_UINT64},
      {"int", ND_INT64},   {"uint", ND_UINT64},  {"float", ND_FLOAT64},
      {"complex", ND_COMPLEX128},
      {"double", ND_FLOAT64}, {"single", ND_FLOAT32}, {"intp", ND_INT64}, {"short", ND_INT16},
      {"?", ND_BOOL},      {"e", ND_FLOAT16},    {"half", ND_FLOAT16}, {"<f2", ND_FLOAT16},
      /* big-endian multi-byte data cannot be an nd dtype; unknown codes and stray marks */
      {">f8", -1},         {"<float64", -1},     {"<", -1},            {"", -1},
      {"f2", ND_FLOAT16},  {"<e", -1},           {"float_", -1},       {"<f16", -1},
  };
  for (size_t i = 0; i < sizeof spellings / sizeof spellings[0]; i++)
    assert_int_equal(nd_dtype_from_name(spellings[i].name), spellings[i].t);
  assert_null(nd_dtype_name((nd_dtype)99));
  assert_int_equal(nd_dtype_size((nd_dtype)-1), 0);
  assert_true(nd_dtype_is_integer(ND_UINT16));
  assert_false(nd_dtype_is_integer(ND_BOOL));
  assert_true(nd_dtype_is_floating(ND_FLOAT32));
  assert_true(nd_dtype_is_complex(ND_COMPLEX64));
  /* isdtype: each dtype against each kind, as numpy.isdtype gives it */
  for (int t = 0; t < ND_NUM_DTYPES; t++) {
    char k = nd_dtype_kind((nd_dtype)t);
    assert_int_equal(nd_isdtype((nd_dtype)t, ND_KIND_BOOL), k == 'b');
    assert_int_equal(nd_isdtype((nd_dtype)t, ND_KIND_SIGNED_INTEGER), k == 'i');
    assert_int_equal(nd_isdtype((nd_dtype)t, ND_KIND_UNSIGNED_INTEGER), k == 'u');
    assert_int_equal(nd_isdtype((nd_dtype)t, ND_KIND_INTEGRAL), k == 'i' || k == 'u');
    assert_int_equal(nd_isdtype((nd_dtype)t, ND_KIND_REAL_FLOATING), k == 'f');
    assert_int_equal(nd_isdtype((nd_dtype)t, ND_KIND_COMPLEX_FLOATING), k == 'c');
    assert_int_equal(nd_isdtype((nd_dtype)t, ND_KIND_NUMERIC), k != 'b');
    assert_false(nd_isdtype((nd_dtype)t, 0));
  }
  assert_true(nd_isdtype(ND_BOOL, ND_KIND_INTEGRAL | ND_KIND_BOOL));
  assert_false(nd_isdtype(ND_FLOAT32, ND_KIND_INTEGRAL | ND_KIND_COMPLEX_FLOATING));
  assert_false(nd_isdtype((nd_dtype)99, ND_KIND_NUMERIC));
  assert_false(nd_isdtype((nd_dtype)-1, ND_KIND_BOOL));
}

/* numpy.result_type for every pair, in the order of th_all_dtypes (NumPy 2.x; bfloat16
 * from ml_dtypes 0.7, whose rules nd follows for it). */
static const char *const numpy_promotion[ND_NUM_DTYPES][ND_NUM_DTYPES] = {
    {"bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64", "complex64", "complex128", "float16", "bfloat16"},
    {"int8", "int8", "int16", "int32", "int64", "int16", "int32", "int64", "float64", "float32", "float64", "complex64", "complex128", "float16", "bfloat16"},
    {"int16", "int16", "int16", "int32", "int64", "int16", "int32", "int64", "float64", "float32", "float64", "complex64", "complex128", "float32", "float32"},
    {"int32", "int32", "int32", "int32", "int64", "int32", "int32", "int64", "float64", "float64", "float64", "complex128", "complex128", "float64", "float64"},
    {"int64", "int64", "int64", "int64", "int64", "int64", "int64", "int64", "float64", "float64", "float64", "complex128", "complex128", "float64", "float64"},
    {"uint8", "int16", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64", "complex64", "complex128", "float16", "bfloat16"},
    {"uint16", "int32", "int32", "int32", "int64", "uint16", "uint16", "uint32", "uint64", "float32", "float64", "complex64", "complex128", "float32", "float32"},
    {"uint32", "int64", "int64", "int64", "int64", "uint32", "uint32", "uint32", "uint64", "float64", "float64", "complex128", "complex128", "float64", "float64"},
    {"uint64", "float64", "float64", "float64", "float64", "uint64", "uint64", "uint64", "uint64", "float64", "float64", "complex128", "complex128", "float64", "float64"},
    {"float32", "float32", "float32", "float64", "float64", "float32", "float32", "float64", "float64", "float32", "float64", "complex64", "complex128", "float32", "float32"},
    {"float64", "float64", "float64", "float64", "float64", "float64", "float64", "float64", "float64", "float64", "float64", "complex128", "complex128", "float64", "float64"},
    {"complex64", "complex64", "complex64", "complex128", "complex128", "complex64", "complex64", "complex128", "complex128", "complex64", "complex128", "complex64", "complex128", "complex64", "complex64"},
    {"complex128", "complex128", "complex128", "complex128", "complex128", "complex128", "complex128", "complex128", "complex128", "complex128", "complex128", "complex128", "complex128", "complex128", "complex128"},
    {"float16", "float16", "float32", "float64", "float64", "float16", "float32", "float64", "float64", "float32", "float64", "complex64", "complex128", "float16", "float32"},
    {"bfloat16", "bfloat16", "float32", "float64", "float64", "bfloat16", "float32", "float64", "float64", "float32", "float64", "complex64", "complex128", "float32", "bfloat16"},
};

/* numpy.can_cast(a, b, 'same_kind') (bfloat16: ml_dtypes 0.7 registered with NumPy 2.4) */
static const char numpy_same_kind[ND_NUM_DTYPES][ND_NUM_DTYPES + 1] = {
    "111111111111111", "011110000111111", "011110000111111", "011110000111111",
    "011110000111111", "011111111111111", "011111111111111", "011111111111111",
    "011111111111111", "000000000111111", "000000000111111", "000000000001100",
    "000000000001100", "000000000111111", "000000000111111",
};

static void test_promotion(void **state) {
  (void)state;
  for (int i = 0; i < ND_NUM_DTYPES; i++) {
    for (int j = 0; j < ND_NUM_DTYPES; j++) {
      nd_dtype a = th_all_dtypes[i], b = th_all_dtypes[j];
      int r = nd_result_type(a, b);
      assert_true(r >= 0);
      if (strcmp(nd_dtype_name((nd_dtype)r), numpy_promotion[i][j]) != 0)
        fail_msg("result_type(%s, %s) = %s, NumPy gives %s", nd_dtype_name(a), nd_dtype_name(b),
                 nd_dtype_name((nd_dtype)r), numpy_promotion[i][j]);
      /* safe casting is "promotion lands on the target" */
      assert_int_equal(nd_can_cast(a, b), r == (int)b);
      assert_int_equal(nd_can_cast_with(a, b, ND_CAST_SAME_KIND), numpy_same_kind[i][j] == '1');
      assert_int_equal(nd_can_cast_with(a, b, ND_CAST_NO), a == b);
      bool unsafe_ok = !(nd_dtype_kind(a) == 'c' && nd_dtype_kind(b) != 'c');
      assert_int_equal(nd_can_cast_with(a, b, ND_CAST_UNSAFE), unsafe_ok);
    }
  }
  nd_dtype three[3] = {ND_INT8, ND_UINT8, ND_FLOAT32};
  assert_int_equal(nd_result_type_n(3, three), ND_FLOAT32);
  /* NumPy's result_type of several: a member every other promotes into wins whatever the
   * order, where the left fold would pass through int32 and give float64 */
  nd_dtype orders[3][3] = {{ND_INT8, ND_UINT16, ND_FLOAT32}, {ND_UINT16, ND_FLOAT32, ND_INT8},
                           {ND_FLOAT32, ND_UINT16, ND_INT8}};
  for (int k = 0; k < 3; k++) assert_int_equal(nd_result_type_n(3, orders[k]), ND_FLOAT32);
  nd_dtype cplx[4] = {ND_INT16, ND_UINT16, ND_COMPLEX64, ND_INT16};
  assert_int_equal(nd_result_type_n(4, cplx), ND_COMPLEX64);
  nd_dtype ints[3] = {ND_INT8, ND_UINT16, ND_INT16}; /* no member dominates: the fold */
  assert_int_equal(nd_result_type_n(3, ints), ND_INT32);
  TH_EXPECT_ERROR(nd_result_type((nd_dtype)42, ND_INT8), ND_ERR_TYPE, "invalid dtype");
  TH_EXPECT_ERROR(nd_result_type_n(0, three), ND_ERR_VALUE, "at least one");
}

static void test_limits(void **state) {
  (void)state;
  nd_finfo_t f;
  assert_int_equal(nd_finfo(ND_FLOAT32, &f), ND_OK);
  assert_true(f.eps == FLT_EPSILON && f.max == FLT_MAX && f.bits == 32);
  assert_int_equal(nd_finfo(ND_COMPLEX128, &f), ND_OK);
  assert_true(f.eps == DBL_EPSILON && f.dtype == ND_FLOAT64 && f.smallest_normal == DBL_MIN);
  TH_EXPECT_ERROR(nd_finfo(ND_INT32, &f), ND_ERR_TYPE, "not a floating-point");
  nd_iinfo_t ii;
  assert_int_equal(nd_iinfo(ND_INT8, &ii), ND_OK);
  assert_true(ii.min == -128 && ii.max == 127 && ii.bits == 8);
  assert_int_equal(nd_iinfo(ND_UINT64, &ii), ND_OK);
  assert_true(ii.min == 0 && ii.umax == UINT64_MAX);
  assert_int_equal(nd_iinfo(ND_INT64, &ii), ND_OK);
  assert_true(ii.min == INT64_MIN && ii.max == INT64_MAX);
  TH_EXPECT_ERROR(nd_iinfo(ND_FLOAT64, &ii), ND_ERR_TYPE, "not an integer");
  TH_EXPECT_ERROR(nd_iinfo(ND_INT8, NULL), ND_ERR_NULL, "iinfo");
}

static void test_errors_and_null_chains(void **state) {
  (void)state;
  nd_clear_error();
  assert_int_equal(nd_last_status(), ND_OK);
  assert_string_equal(nd_last_error(), "");
  /* the first failure of a chain survives the NULLs it produces downstream */
  nd_array *a = nd_arange(ND_FLOAT64, 0, 24, 1);
  nd_array *r = nd_reshape(a, ND_SHAPE(5, -1), ND_C);
  assert_null(r);
  nd_array *t = nd_transpose(r);
  nd_array *s = nd_index(t, "0");
  assert_null(t);
  assert_null(s);
  th_assert_error(ND_ERR_SHAPE, "reshape: cannot reshape array of size 24 into shape [5,-1]");
  nd_clear_error();
  /* without a pending failure, a NULL argument is itself reported */
  assert_null(nd_transpose(NULL));
  th_assert_error(ND_ERR_NULL, "transpose");
  nd_clear_error();
  assert_string_equal(nd_status_name(ND_ERR_LINALG), "ND_ERR_LINALG");
  /* components record their failures through the public setter */
  assert_int_equal(nd_set_error(ND_ERR_SHAPE, "op: shapes [%d] and [%d]", 2, 3), ND_ERR_SHAPE);
  th_assert_error(ND_ERR_SHAPE, "op: shapes [2] and [3]");
  assert_null(nd_transpose(NULL)); /* and a NULL chain keeps that message */
  th_assert_error(ND_ERR_SHAPE, "op: shapes [2] and [3]");
  /* the pending message may be an argument: a caller adds its name to a callee's message */
  assert_int_equal(nd_set_error(ND_ERR_VALUE, "outer: %s (%s)", nd_last_error(), nd_last_error()),
                   ND_ERR_VALUE);
  th_assert_error(ND_ERR_VALUE, "outer: op: shapes [2] and [3] (op: shapes [2] and [3])");
  assert_int_equal(nd_set_error(ND_OK, "ignored"), ND_OK);
  assert_int_equal(nd_last_status(), ND_OK);
  assert_string_equal(nd_last_error(), "");
  nd_release(NULL);
  nd_release(a);
}

/* One rule for every NULL required pointer (arrays, shapes, axis and index lists, output
 * pointers): ND_ERR_NULL naming the parameter, unless an earlier failure is pending, which
 * is then kept. */
static void make_pending(void) {
  nd_clear_error();
  nd_array *a = nd_arange(ND_FLOAT64, 0, 24, 1);
  assert_null(nd_reshape(a, ND_SHAPE(5, -1), ND_C));
  nd_release(a);
}
static void expect_pending(void) {
  th_assert_error(ND_ERR_SHAPE, "reshape: cannot reshape array of size 24 into shape [5,-1]");
  nd_clear_error();
}
#define NULL_ARRAY_CASE(expr, fragment) \
  do {                                  \
    nd_clear_error();                   \
    assert_null(expr);                  \
    th_assert_error(ND_ERR_NULL, fragment); \
    make_pending();                     \
    assert_null(expr);                  \
    expect_pending();                   \
  } while (0)
#define NULL_STATUS_CASE(expr, fragment)        \
  do {                                          \
    nd_clear_error();                           \
    assert_int_equal((expr), ND_ERR_NULL);      \
    th_assert_error(ND_ERR_NULL, fragment);     \
    make_pending();                             \
    assert_int_equal((expr), ND_ERR_NULL);      \
    expect_pending();                           \
  } while (0)

static void test_null_pointer_rule(void **state) {
  (void)state;
  nd_array *x = nd_from_data(ND_FLOAT64, ND_SHAPE(2, 2), (const double[]){2, 1, 1, 3}, ND_C);
  nd_array *o1, *o2, *o3, *o4;
  const int ax[1] = {0};
  const int64_t sh[1] = {1}, idx[2] = {0, 0};
  double v;
  NULL_ARRAY_CASE(nd_zeros(ND_FLOAT64, 2, NULL, ND_C), "zeros: argument shape is NULL");
  NULL_ARRAY_CASE(nd_permute(x, 2, NULL), "permute: argument axes is NULL");
  NULL_ARRAY_CASE(nd_sum(x, 1, NULL, false), "sum: argument axes is NULL");
  NULL_ARRAY_CASE(nd_tile(x, 1, NULL), "tile: argument reps is NULL");
  NULL_ARRAY_CASE(nd_roll(x, 1, NULL, 1, ax), "roll: argument shifts is NULL");
  NULL_ARRAY_CASE(nd_roll(x, 1, sh, 1, NULL), "roll: argument axes is NULL");
  NULL_ARRAY_CASE(nd_tensordot_axes(x, x, 1, NULL, ax), "tensordot: argument axes_a is NULL");
  NULL_ARRAY_CASE(nd_tensordot_axes(x, x, 1, ax, NULL), "tensordot: argument axes_b is NULL");
  /* the scalar forms name their array operand as declared: a in NAME_scalar(a, s), b in
   * nd_scalar_NAME(s, b) */
  NULL_ARRAY_CASE(nd_subtract_scalar(NULL, ND_INT(1)), "subtract: argument a is NULL");
  NULL_ARRAY_CASE(nd_scalar_subtract(ND_INT(1), NULL), "subtract: argument b is NULL");
  NULL_ARRAY_CASE(nd_scalar_divide(ND_INT(1), NULL), "divide: argument b is NULL");
  NULL_ARRAY_CASE(nd_scalar_floor_divide(ND_INT(1), NULL), "floor_divide: argument b is NULL");
  NULL_ARRAY_CASE(nd_scalar_remainder(ND_INT(1), NULL), "remainder: argument b is NULL");
  NULL_ARRAY_CASE(nd_scalar_pow(ND_INT(1), NULL), "pow: argument b is NULL");
  NULL_ARRAY_CASE(nd_scalar_atan2(ND_INT(1), NULL), "atan2: argument b is NULL");
  NULL_ARRAY_CASE(nd_scalar_copysign(ND_INT(1), NULL), "copysign: argument b is NULL");
  NULL_ARRAY_CASE(nd_scalar_nextafter(ND_INT(1), NULL), "nextafter: argument b is NULL");
  NULL_ARRAY_CASE(nd_scalar_bitwise_left_shift(ND_INT(1), NULL), "bitwise_left_shift: argument b is NULL");
  NULL_ARRAY_CASE(nd_scalar_bitwise_right_shift(ND_INT(1), NULL), "bitwise_right_shift: argument b is NULL");
  NULL_STATUS_CASE(nd_add_scalar_out(x, NULL, ND_INT(1)), "add: argument a is NULL");
  /* lists of arrays name the element that is NULL; strings and output pointers their
   * parameter */
  NULL_ARRAY_CASE(nd_stack(2, (nd_array *const[]){x, NULL}, 0), "stack: argument arrays[1] is NULL");
  NULL_ARRAY_CASE(nd_concat(1, NULL, 0), "concat: argument arrays is NULL");
  NULL_ARRAY_CASE(nd_einsum("ij,jk", 2, (nd_array *const[]){NULL, x}), "einsum: argument operands[0] is NULL");
  NULL_ARRAY_CASE(nd_einsum(NULL, 1, (nd_array *const[]){x}), "einsum: argument subscripts is NULL");
  NULL_ARRAY_CASE(nd_index(x, NULL), "index: argument spec is NULL");
  NULL_ARRAY_CASE(nd_index_arrays(x, "?", 1, (nd_array *[]){NULL}), "index_arrays: argument indices[0] is NULL");
  NULL_STATUS_CASE(nd_unique_counts(x, &o1, NULL), "unique_counts: argument counts is NULL");
  NULL_STATUS_CASE(nd_nonzero(x, NULL), "nonzero: argument out is NULL");
  NULL_STATUS_CASE(nd_to_data(x, NULL, ND_C), "to_data: argument dst is NULL");
  NULL_STATUS_CASE(nd_save_npy(NULL, x), "save_npy: argument path is NULL");
  NULL_STATUS_CASE(nd_broadcast_arrays(2, (nd_array *const[]){x, NULL}, &o1), "broadcast_arrays: argument arrays[1] is NULL");
  /* element access */
  NULL_STATUS_CASE(nd_get_double(x, NULL, &v), "get_double: argument index is NULL");
  NULL_STATUS_CASE(nd_get_double(NULL, idx, &v), "get_double: argument a is NULL");
  NULL_STATUS_CASE(nd_set_double(x, NULL, 1.0), "set_double: argument index is NULL");
  /* output pointers of the decompositions */
  NULL_STATUS_CASE(nd_linalg_svd(x, false, NULL, &o2, &o3), "svd: argument u is NULL");
  NULL_STATUS_CASE(nd_linalg_svd(x, false, &o1, NULL, &o3), "svd: argument s is NULL");
  NULL_STATUS_CASE(nd_linalg_svd(x, false, &o1, &o2, NULL), "svd: argument vh is NULL");
  NULL_STATUS_CASE(nd_linalg_qr(x, ND_QR_REDUCED, NULL, &o2), "qr: argument q is NULL");
  NULL_STATUS_CASE(nd_linalg_qr(x, ND_QR_REDUCED, &o1, NULL), "qr: argument r is NULL");
  NULL_STATUS_CASE(nd_linalg_eigh(x, NULL, &o2), "eigh: argument eigenvalues is NULL");
  NULL_STATUS_CASE(nd_linalg_eigh(x, &o1, NULL), "eigh: argument eigenvectors is NULL");
  NULL_STATUS_CASE(nd_linalg_eig(x, NULL, &o2), "eig: argument eigenvalues is NULL");
  NULL_STATUS_CASE(nd_linalg_eig(x, &o1, NULL), "eig: argument eigenvectors is NULL");
  NULL_STATUS_CASE(nd_linalg_slogdet(x, NULL, &o2), "slogdet: argument sign is NULL");
  NULL_STATUS_CASE(nd_linalg_slogdet(x, &o1, NULL), "slogdet: argument logabsdet is NULL");
  NULL_STATUS_CASE(nd_linalg_lstsq(x, x, -1, NULL, &o2, &o3, &o4), "lstsq: argument x is NULL");
  NULL_STATUS_CASE(nd_linalg_lstsq(x, x, -1, &o1, NULL, &o3, &o4), "lstsq: argument residuals is NULL");
  NULL_STATUS_CASE(nd_linalg_lstsq(x, x, -1, &o1, &o2, NULL, &o4), "lstsq: argument rank is NULL");
  NULL_STATUS_CASE(nd_linalg_lstsq(x, x, -1, &o1, &o2, &o3, NULL), "lstsq: argument s is NULL");
  /* result_type_n: a NULL list is ND_ERR_NULL, n <= 0 ND_ERR_VALUE */
  nd_clear_error();
  assert_int_equal(nd_result_type_n(2, NULL), -1);
  th_assert_error(ND_ERR_NULL, "result_type: argument types is NULL");
  make_pending();
  assert_int_equal(nd_result_type_n(2, NULL), -1);
  expect_pending();
  TH_EXPECT_ERROR(nd_result_type_n(0, NULL), ND_ERR_VALUE, "result_type: at least one dtype is required (n is 0)");
  nd_release(x);
}

static void test_inspection(void **state) {
  (void)state;
  nd_array *a = nd_zeros(ND_INT32, ND_SHAPE(3, 4), ND_F);
  assert_int_equal(nd_ndim(a), 2);
  th_assert_shape(a, 2, (int64_t[]){3, 4});
  th_assert_strides(a, 2, (int64_t[]){1, 3});
  assert_int_equal(nd_size(a), 12);
  assert_int_equal(nd_itemsize(a), 4);
  assert_int_equal(nd_nbytes(a), 48);
  assert_int_equal(nd_dim(a, -1), 4);
  assert_int_equal(nd_dim(a, 2), -1);
  assert_int_equal(nd_dtype_of(a), ND_INT32);
  assert_true(nd_is_contiguous(a, ND_F));
  assert_false(nd_is_contiguous(a, ND_C));
  assert_false(nd_is_contiguous(a, ND_K));
  assert_int_equal((uintptr_t)nd_data(a) % 64, 0);
  assert_true(nd_is_writeable(a));
  assert_int_equal(nd_ndim(NULL), -1);
  assert_null(nd_shape(NULL));
  nd_release(a);
  /* 0-d and size-0 arrays */
  nd_array *z = nd_zeros(ND_FLOAT64, 0, NULL, ND_C);
  assert_int_equal(nd_ndim(z), 0);
  assert_int_equal(nd_size(z), 1);
  assert_true(nd_is_contiguous(z, ND_C) && nd_is_contiguous(z, ND_F));
  double v = -1;
  assert_int_equal(nd_item_double(z, &v), ND_OK);
  assert_true(v == 0.0);
  nd_release(z);
  nd_array *e = nd_empty(ND_FLOAT64, ND_SHAPE(0, 3), ND_C);
  assert_int_equal(nd_size(e), 0);
  assert_true(nd_is_contiguous(e, ND_C) && nd_is_contiguous(e, ND_F));
  TH_EXPECT_ERROR(nd_item_double(e, &v), ND_ERR_VALUE, "item_double: can only convert an array of size 1");
  TH_EXPECT_ERROR(nd_item_double(z, NULL), ND_ERR_NULL, "item_double: argument value is NULL");
  nd_release(e);
}

static void test_element_access(void **state) {
  (void)state;
  nd_array *a = nd_arange(ND_INT16, 0, 6, 1);
  int64_t i = -1, v = 0;
  assert_int_equal(nd_get_int64(a, &i, &v), ND_OK);
  assert_int_equal(v, 5);
  i = 6;
  TH_EXPECT_ERROR(nd_get_int64(a, &i, &v), ND_ERR_INDEX, "index 6 is out of bounds for axis 0 with size 6");
  i = 2;
  assert_int_equal(nd_set_double(a, &i, 41.9), ND_OK);
  assert_int_equal(nd_get_int64(a, &i, &v), ND_OK);
  assert_int_equal(v, 41);
  nd_array *c = nd_full_scalar(ND_COMPLEX64, ND_SHAPE(2), ND_COMPLEX(1.5, -2), ND_C);
  double re, im;
  i = 1;
  assert_int_equal(nd_get_complex(c, &i, &re, &im), ND_OK);
  assert_true(re == 1.5 && im == -2);
  TH_EXPECT_ERROR(nd_get_int64(c, &i, &v), ND_ERR_TYPE, "not an integer");
  TH_EXPECT_ERROR(nd_get_int64(a, &i, NULL), ND_ERR_NULL, "get_int64");
  /* uint64 above INT64_MAX does not fit: an error, *value untouched (it used to wrap) */
  nd_array *u = nd_from_data(ND_UINT64, ND_SHAPE(3), (const uint64_t[]){(uint64_t)INT64_MAX, (uint64_t)INT64_MAX + 1, UINT64_MAX}, ND_C);
  int64_t j = 0, got = 7;
  assert_int_equal(nd_get_int64(u, &j, &got), ND_OK);
  assert_true(got == INT64_MAX);
  got = 7;
  j = 1;
  TH_EXPECT_ERROR(nd_get_int64(u, &j, &got), ND_ERR_OVERFLOW, "get_int64: uint64 value 9223372036854775808 does not fit in int64");
  j = -1;
  TH_EXPECT_ERROR(nd_get_int64(u, &j, &got), ND_ERR_OVERFLOW, "get_int64: uint64 value 18446744073709551615 does not fit in int64");
  assert_int_equal(got, 7);
  /* through a reversed view too */
  nd_array *ur = nd_flip(u, ND_ALL_AXES, NULL);
  j = 0;
  TH_EXPECT_ERROR(nd_get_int64(ur, &j, &got), ND_ERR_OVERFLOW, "18446744073709551615");
  j = 2;
  assert_int_equal(nd_get_int64(ur, &j, &got), ND_OK);
  assert_true(got == INT64_MAX);
  nd_release(ur);
  nd_release(u);
  TH_EXPECT_ERROR(nd_get_double(a, &i, NULL), ND_ERR_NULL, "get_double");
  TH_EXPECT_ERROR(nd_get_complex(c, &i, NULL, NULL), ND_ERR_NULL, "get_complex");
  assert_int_equal(nd_get_complex(c, &i, NULL, &im), ND_OK); /* only the imaginary part */
  assert_true(im == -2);
  nd_array *ro = nd_broadcast_to(a, ND_SHAPE(2, 6));
  int64_t ij[2] = {0, 0};
  TH_EXPECT_ERROR(nd_set_double(ro, ij, 1), ND_ERR_READONLY, "read-only");
  nd_release(ro);
  nd_release(c);
  nd_release(a);
}

static void test_storage_lifetime(void **state) {
  (void)state;
  nd_array *a = nd_zeros(ND_FLOAT64, ND_SHAPE(4, 4), ND_C);
  assert_int_equal(nd_storage_refcount(a), 1);
  nd_array *v = nd_transpose(a);
  assert_int_equal(nd_storage_refcount(a), 2);
  nd_release(a); /* the view keeps the storage alive */
  assert_int_equal(nd_storage_refcount(v), 1);
  assert_int_equal(nd_set_double(v, (int64_t[]){1, 2}, 7), ND_OK);
  nd_array *r = nd_retain(v);
  assert_ptr_equal(r, v);
  nd_release(r);
  nd_release(v);
}

static int deleted = 0;
static void deleter(void *data, void *ctx) {
  (void)data;
  deleted += *(int *)ctx;
}

static void test_wrap(void **state) {
  (void)state;
  double *buf = malloc(6 * sizeof(double));
  for (int i = 0; i < 6; i++) buf[i] = i;
  int inc = 1;
  deleted = 0;
  /* an F-ordered wrap given explicit strides */
  nd_array *w = nd_wrap(ND_FLOAT64, ND_SHAPE(2, 3), (int64_t[]){1, 2}, buf, deleter, &inc);
  assert_non_null(w);
  assert_true(nd_is_contiguous(w, ND_F));
  assert_ptr_equal(nd_data(w), buf);
  double x;
  assert_int_equal(nd_get_double(w, (int64_t[]){1, 2}, &x), ND_OK);
  assert_true(x == 5);
  nd_array *t = nd_transpose(w);
  nd_release(w);
  assert_int_equal(deleted, 0);
  nd_release(t);
  assert_int_equal(deleted, 1);
  /* a negative-stride wrap over the same memory, no deleter */
  nd_array *rev = nd_wrap(ND_FLOAT64, ND_SHAPE(6), (int64_t[]){-1}, buf + 5, NULL, NULL);
  assert_int_equal(nd_get_double(rev, (int64_t[]){0}, &x), ND_OK);
  assert_true(x == 5);
  nd_release(rev);
  TH_EXPECT_ERROR(nd_wrap(ND_FLOAT64, ND_SHAPE(2), NULL, (char *)buf + 1, NULL, NULL), ND_ERR_VALUE, "aligned");
  TH_EXPECT_ERROR(nd_wrap(ND_FLOAT64, ND_SHAPE(2), NULL, NULL, NULL, NULL), ND_ERR_NULL, "wrap");
  TH_EXPECT_ERROR(nd_wrap(ND_FLOAT64, ND_SHAPE(-2), NULL, buf, NULL, NULL), ND_ERR_VALUE, "negative");
  /* strides whose byte offsets do not fit in int64 */
  const int64_t huge[4] = {INT64_MAX, INT64_MIN, (int64_t)1 << 61, -((int64_t)1 << 61)};
  for (int i = 0; i < 4; i++)
    TH_EXPECT_ERROR(nd_wrap(ND_FLOAT64, ND_SHAPE(3), &huge[i], buf, NULL, NULL), ND_ERR_OVERFLOW,
                    "wrap: strides");
  TH_EXPECT_ERROR(nd_wrap(ND_FLOAT64, ND_SHAPE(3, 3), ((int64_t[]){(int64_t)1 << 59, (int64_t)1 << 59}),
                          buf, NULL, NULL),
                  ND_ERR_OVERFLOW, "address offsets beyond 64 bits");
  /* a huge stride over an axis of extent 1 is never used; so is any over an empty array */
  nd_array *one = nd_wrap(ND_FLOAT64, ND_SHAPE(1, 2), ((int64_t[]){INT64_MAX, 1}), buf, NULL, NULL);
  assert_non_null(one);
  nd_release(one);
  nd_array *none = nd_wrap(ND_FLOAT64, ND_SHAPE(0, 2), ((int64_t[]){INT64_MAX, INT64_MAX}), buf, NULL, NULL);
  assert_non_null(none);
  nd_release(none);
  assert_int_equal(deleted, 1);
  free(buf);
}

static void count_free(void *data, void *ctx) {
  (void)data;
  ++*(int *)ctx;
}

static void test_scope(void **state) {
  (void)state;
  nd_array *kept;
  nd_scope_begin();
  assert_int_equal(nd_scope_depth(), 1);
  nd_array *a = nd_arange(ND_FLOAT64, 0, 6, 1);
  nd_array *b = nd_reshape(a, ND_SHAPE(2, 3), ND_C);
  nd_array *c = nd_transpose(b);
  nd_release(b); /* explicit release inside a scope is allowed */
  nd_scope_begin();
  nd_array *inner = nd_copy(c, ND_C);
  kept = nd_keep(nd_copy(inner, ND_F)); /* moves to the outer scope */
  nd_scope_end();
  assert_int_equal(nd_scope_depth(), 1);
  kept = nd_keep(kept); /* and out of every scope */
  nd_scope_end();
  assert_int_equal(nd_scope_depth(), 0);
  /* the storage of kept is its own (a copy) */
  assert_int_equal(nd_storage_refcount(kept), 1);
  double x;
  assert_int_equal(nd_get_double(kept, (int64_t[]){2, 1}, &x), ND_OK);
  assert_true(x == 5);
  nd_release(kept);
  nd_scope_end(); /* unbalanced end: ignored */
  assert_null(nd_keep(NULL));
  /* keeping, in an inner scope, what an outer scope owns leaves it the outer scope's: it
   * is released at the outer end (its deleter runs once, there) */
  static int freed;
  freed = 0;
  static double buf2[2];
  nd_scope_begin();
  nd_array *w = nd_wrap(ND_FLOAT64, ND_SHAPE(2), NULL, buf2, count_free, &freed);
  nd_scope_begin();
  assert_ptr_equal(nd_keep(w), w);
  nd_scope_end();
  assert_int_equal(freed, 0);
  nd_scope_end();
  assert_int_equal(freed, 1);
  /* kept twice in one scope: moved once, to the enclosing scope */
  freed = 0;
  nd_scope_begin();
  nd_scope_begin();
  w = nd_wrap(ND_FLOAT64, ND_SHAPE(2), NULL, buf2, count_free, &freed);
  nd_keep(nd_keep(w));
  nd_scope_end();
  assert_int_equal(freed, 0);
  nd_scope_end();
  assert_int_equal(freed, 1);
}

static void test_version(void **state) {
  (void)state;
  assert_string_equal(nd_version(), ND_VERSION_STRING);
  assert_true(ND_VERSION_NUMBER >= 100);
}

static void test_threads_setting(void **state) {
  (void)state;
  int def = nd_get_num_threads();
  assert_true(def >= 1);
  nd_set_num_threads(1);
  assert_int_equal(nd_get_num_threads(), 1);
  nd_set_num_threads(0);
  assert_int_equal(nd_get_num_threads(), def);
}

static void test_alloc_failure_hook(void **state) {
  (void)state;
  /* creation reports an allocation failure with ND_ERR_NOMEM, and recovers afterwards */
  for (long n = 0; n < 4; n++) {
    ndi_alloc_fail_after(n);
    nd_array *a = nd_ones(ND_FLOAT64, ND_SHAPE(3, 3), ND_C);
    nd_array *t = nd_transpose(a);
    ndi_alloc_fail_after(-1);
    if (!a || !t) assert_int_equal(nd_last_status(), ND_ERR_NOMEM);
    nd_release(t);
    nd_release(a);
    nd_clear_error();
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_dtype_table),     cmocka_unit_test(test_promotion),
      cmocka_unit_test(test_limits),          cmocka_unit_test(test_errors_and_null_chains),
      cmocka_unit_test(test_null_pointer_rule),
      cmocka_unit_test(test_inspection),      cmocka_unit_test(test_element_access),
      cmocka_unit_test(test_storage_lifetime), cmocka_unit_test(test_wrap),
      cmocka_unit_test(test_scope),           cmocka_unit_test(test_version),
      cmocka_unit_test(test_threads_setting), cmocka_unit_test(test_alloc_failure_hook),
  };
  return TH_RUN(tests);
}
