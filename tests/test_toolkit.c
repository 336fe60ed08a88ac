/* The toolkit for code built on nd (nd/toolkit.h): each helper gives nd's own messages,
 * codes and layouts; the strided copy against a reference loop on every layout and dtype
 * pair; the loop planner and odometer against hand-worked plans. */
#include <string.h>

#include "core/alloc.h" /* ndi_alloc_fail_after, the tests' failure hook */
#include "helpers.h"
#include "nd/toolkit.h"

static void test_failures(void **state) {
  (void)state;
  nd_clear_error();
  assert_int_equal(nd_null_arg("op", "x"), ND_ERR_NULL);
  th_assert_error(ND_ERR_NULL, "op: argument x is NULL");
  /* a pending failure is kept */
  nd_set_error(ND_ERR_INDEX_AXIS, "first: axis 3");
  assert_int_equal(nd_null_arg("op", "x"), ND_ERR_NULL);
  th_assert_error(ND_ERR_INDEX_AXIS, "first: axis 3");
  /* passed on under another name, with its class */
  assert_int_equal(nd_error_prefix("outer"), ND_ERR_INDEX);
  th_assert_error(ND_ERR_INDEX_AXIS, "outer: first: axis 3");
  nd_clear_error();
  assert_int_equal(nd_error_prefix("outer"), ND_OK);
  assert_int_equal(nd_last_status(), ND_OK);
  char buf[ND_SHAPE_TEXT];
  assert_string_equal(nd_format_shape(buf, sizeof buf, 2, (int64_t[]){2, 3}), "[2,3]");
  assert_string_equal(nd_format_shape(buf, sizeof buf, 0, NULL), "[]");
  int64_t many[40];
  for (int i = 0; i < 40; i++) many[i] = INT64_C(1000000000000);
  char small[32];
  nd_format_shape(small, sizeof small, 40, many);
  assert_non_null(strstr(small, "...]"));
  assert_true(strlen(small) < sizeof small);
}

/* ND_REQUIRE and ND_REQUIRE_ST in a function of a component's own */
static nd_array *required_array(const char *op, nd_array *g) {
  ND_REQUIRE(op, g);
  return g;
}
static nd_status required_status(const char *op, const int *out) {
  ND_REQUIRE_ST(op, out);
  return ND_OK;
}
/* a loop compiled for several instruction sets: each clone gives the same sums */
ND_HOT static double hot_sum(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += x[i];
  return s;
}

static void test_requirements_memory(void **state) {
  (void)state;
  nd_clear_error();
  assert_null(required_array("sample", NULL));
  th_assert_error(ND_ERR_NULL, "sample: argument g is NULL");
  nd_clear_error();
  assert_int_equal(required_status("fill", NULL), ND_ERR_NULL);
  th_assert_error(ND_ERR_NULL, "fill: argument out is NULL");
  nd_clear_error();
  int one = 1;
  assert_int_equal(required_status("fill", &one), ND_OK);
  nd_array *a = nd_zeros(ND_INT8, ND_SHAPE(2), ND_C);
  assert_ptr_equal(required_array("sample", a), a);
  nd_release(a);
  assert_int_equal(nd_last_status(), ND_OK);
  /* nd_malloc is nd's allocator: its failure hook reaches it */
  double *x = nd_malloc(5 * sizeof *x);
  assert_non_null(x);
  for (int i = 0; i < 5; i++) x[i] = i + 0.5;
  assert_true(hot_sum(x, 5) == 12.5);
  nd_free(x);
  nd_free(NULL);
  ndi_alloc_fail_after(0);
  assert_null(nd_malloc(64));
  ndi_alloc_fail_after(-1);
  assert_int_equal(nd_last_status(), ND_OK); /* nothing recorded */
  assert_int_equal(nd_out_of_memory("spawn", 96), ND_ERR_NOMEM);
  th_assert_error(ND_ERR_NOMEM, "spawn: out of memory (96 bytes)");
  nd_clear_error();
}

static void test_arguments(void **state) {
  (void)state;
  int ax, axes[3];
  assert_int_equal(nd_normalize_axis("op", -1, 3, &ax), ND_OK);
  assert_int_equal(ax, 2);
  TH_EXPECT_ERROR(nd_normalize_axis("op", 3, 3, &ax), ND_ERR_INDEX_AXIS,
                  "op: axis 3 is out of bounds for array of dimension 3");
  TH_EXPECT_ERROR(nd_normalize_axis("op", 0, 0, &ax), ND_ERR_INDEX_AXIS,
                  "op: axis 0 is out of bounds for array of dimension 0");
  assert_int_equal(nd_normalize_axes("op", 3, (int[]){-1, 0, 1}, 3, axes), ND_OK);
  assert_memory_equal(axes, ((int[]){2, 0, 1}), sizeof axes);
  assert_int_equal(nd_normalize_axes("op", 2, (int[]){0, 1}, 3, NULL), ND_OK);
  TH_EXPECT_ERROR(nd_normalize_axes("op", 2, (int[]){1, -2}, 3, axes), ND_ERR_INDEX_AXIS,
                  "op: repeated axis -2 in axes");
  TH_EXPECT_ERROR(nd_normalize_axes("op", 1, NULL, 3, axes), ND_ERR_NULL, "op: argument axes is NULL");
  assert_int_equal(nd_check_dtype("op", ND_COMPLEX64), ND_OK);
  TH_EXPECT_ERROR(nd_check_dtype("op", 42), ND_ERR_TYPE, "op: invalid dtype value 42");
}

static void test_outputs(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *a = nd_zeros(ND_FLOAT64, ND_SHAPE(2, 3), ND_C);
  assert_int_equal(nd_check_writeable("op", a), ND_OK);
  nd_array *b = nd_broadcast_to(nd_zeros(ND_FLOAT64, ND_SHAPE(1, 3), ND_C), ND_SHAPE(2, 3));
  TH_EXPECT_ERROR(nd_check_writeable("op", b), ND_ERR_READONLY, "op: destination array is read-only");
  /* writeable memory seen with a stride-0 axis (nd_wrap does not mark it read-only) */
  double mem[3];
  nd_array *w = nd_wrap(ND_FLOAT64, ND_SHAPE(2, 3), (int64_t[]){0, 1}, mem, NULL, NULL);
  TH_EXPECT_ERROR(nd_check_writeable("op", w), ND_ERR_READONLY,
                  "op: destination has a broadcast axis (axis 0 has stride 0 and extent 2)");
  TH_EXPECT_ERROR(nd_check_writeable("op", NULL), ND_ERR_NULL, "op: argument a is NULL");
  assert_int_equal(nd_check_out("op", a, ND_FLOAT64, ND_SHAPE(2, 3)), ND_OK);
  TH_EXPECT_ERROR(nd_check_out("op", a, ND_FLOAT64, ND_SHAPE(3, 3)), ND_ERR_SHAPE,
                  "op: out has shape [2,3], expected [3,3]");
  TH_EXPECT_ERROR(nd_check_out("op", a, ND_FLOAT64, 0, NULL), ND_ERR_SHAPE, "op: out has shape [2,3], expected []");
  TH_EXPECT_ERROR(nd_check_out("op", a, ND_COMPLEX128, ND_SHAPE(2, 3)), ND_ERR_TYPE,
                  "op: out has dtype float64, expected complex128");
  TH_EXPECT_ERROR(nd_check_out("op", b, ND_FLOAT64, ND_SHAPE(2, 3)), ND_ERR_READONLY, "op: destination array is read-only");
  TH_EXPECT_ERROR(nd_check_out("op", NULL, ND_FLOAT64, ND_SHAPE(2, 3)), ND_ERR_NULL, "op: argument out is NULL");
  TH_EXPECT_ERROR(nd_check_out("op", a, ND_FLOAT64, 2, NULL), ND_ERR_NULL, "op: argument shape is NULL");
  /* allocation with the caller's name */
  th_assert_shape(nd_alloc("op", ND_INT8, ND_SHAPE(4, 5), ND_F), 2, (int64_t[]){4, 5});
  th_assert_strides(nd_alloc("op", ND_INT8, ND_SHAPE(4, 5), ND_F), 2, (int64_t[]){1, 4});
  TH_EXPECT_ERROR(nd_alloc("op", ND_FLOAT64, ND_SHAPE(INT64_C(1) << 62, 4), ND_C), ND_ERR_OVERFLOW_SIZE,
                  "op: shape [4611686018427387904,4] is too large");
  TH_EXPECT_ERROR(nd_alloc("op", ND_FLOAT64, ND_SHAPE(-1), ND_C), ND_ERR_VALUE, "op: negative dimensions");
  nd_scope_end();
}

/* NumPy's empty_like(a, dtype, order, shape) layouts. */
static void test_alloc_like(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *c = nd_zeros(ND_FLOAT32, ND_SHAPE(2, 3, 4), ND_C);
  nd_array *t = nd_permute(c, 3, (int[]){2, 0, 1}); /* [4,2,3], strides [1,12,4] */
  /* K keeps the axis order for a new shape of the same rank: axis 0 fastest */
  nd_array *k = nd_alloc_like("op", t, ND_COMPLEX128, ND_K, 3, (int64_t[]){5, 2, 3});
  th_assert_strides(k, 3, (int64_t[]){1, 15, 5});
  assert_int_equal(nd_dtype_of(k), ND_COMPLEX128);
  /* shape NULL: a's shape; K of another rank is C */
  th_assert_strides(nd_alloc_like("op", t, ND_INT8, ND_K, 0, NULL), 3, (int64_t[]){1, 12, 4});
  th_assert_strides(nd_alloc_like("op", t, ND_INT8, ND_K, 2, (int64_t[]){3, 5}), 2, (int64_t[]){5, 1});
  /* A: F for an F-contiguous a */
  nd_array *f = nd_zeros(ND_INT8, ND_SHAPE(3, 5), ND_F);
  th_assert_strides(nd_alloc_like("op", f, ND_INT8, ND_A, 2, (int64_t[]){4, 6}), 2, (int64_t[]){1, 4});
  th_assert_strides(nd_alloc_like("op", f, ND_INT8, ND_C, 0, NULL), 2, (int64_t[]){5, 1});
  TH_EXPECT_ERROR(nd_alloc_like("op", f, ND_INT8, (nd_order)'Z', 0, NULL), ND_ERR_VALUE, "op: invalid order");
  TH_EXPECT_ERROR(nd_alloc_like("op", f, ND_INT8, ND_K, 2, (int64_t[]){4, -1}), ND_ERR_VALUE, "op: negative dimensions");
  TH_EXPECT_ERROR(nd_alloc_like("op", NULL, ND_INT8, ND_K, 0, NULL), ND_ERR_NULL, "op: argument a is NULL");
  nd_scope_end();
}

/* dst[i] = src[i] over raw memory, every layout of both sides and every dtype pair but
 * complex to real, against element-by-element conversion (nd_astype of one element). */
static void test_copy_strided(void **state) {
  (void)state;
  nd_scope_begin();
  for (int ts = 0; ts < ND_NUM_DTYPES; ts++)
    for (int td = 0; td < ND_NUM_DTYPES; td++) {
      nd_dtype s_t = th_all_dtypes[ts], d_t = th_all_dtypes[td];
      if (nd_dtype_is_complex(s_t) && !nd_dtype_is_complex(d_t)) {
        TH_EXPECT_ERROR(nd_copy_strided("op", 0, NULL, d_t, (char[16]){0}, NULL, s_t, (char[16]){0}, NULL),
                        ND_ERR_TYPE, "complex to real discards the imaginary part");
        continue;
      }
      for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
        nd_array *src = th_make(s_t, ND_SHAPE(3, 5), (th_layout)L, 3);
        nd_array *dst = th_make(d_t, ND_SHAPE(3, 5), (th_layout)((L + 1) % TH_BROADCAST), 4);
        assert_int_equal(nd_copy_strided("op", 2, nd_shape(src), d_t, nd_data(dst), nd_strides(dst), s_t,
                                         nd_data(src), nd_strides(src)),
                         ND_OK);
        th_assert_same_values(dst, nd_astype(src, d_t));
      }
    }
  /* 0-d, size 0, and NULL pointers where nothing is copied */
  double x = 2.5;
  int32_t y = 0;
  assert_int_equal(nd_copy_strided("op", 0, NULL, ND_INT32, &y, NULL, ND_FLOAT64, &x, NULL), ND_OK);
  assert_int_equal(y, 2);
  assert_int_equal(nd_copy_strided("op", 1, (int64_t[]){0}, ND_INT32, NULL, NULL, ND_FLOAT64, NULL, NULL), ND_OK);
  TH_EXPECT_ERROR(nd_copy_strided("op", 1, (int64_t[]){1}, ND_INT32, NULL, (int64_t[]){1}, ND_FLOAT64, &x, (int64_t[]){1}),
                  ND_ERR_NULL, "op: argument dst is NULL");
  TH_EXPECT_ERROR(nd_copy_strided("op", 1, (int64_t[]){1}, ND_INT32, &y, NULL, ND_FLOAT64, &x, (int64_t[]){1}),
                  ND_ERR_NULL, "op: argument dst_strides is NULL");
  TH_EXPECT_ERROR(nd_copy_strided("op", 1, (int64_t[]){-1}, ND_INT32, &y, (int64_t[]){1}, ND_FLOAT64, &x, (int64_t[]){1}),
                  ND_ERR_VALUE, "op: negative dimensions");
  TH_EXPECT_ERROR(nd_copy_strided("op", 65, NULL, ND_INT32, &y, NULL, ND_FLOAT64, &x, NULL), ND_ERR_VALUE, "op:");
  TH_EXPECT_ERROR(nd_copy_strided("op", 0, NULL, (nd_dtype)99, &y, NULL, ND_FLOAT64, &x, NULL), ND_ERR_TYPE,
                  "op: invalid dtype value 99");
  /* a non-temporal copy with ragged ends */
  char from[300], to[300];
  for (int i = 0; i < 300; i++) from[i] = (char)(i * 7);
  memset(to, 0, sizeof to);
  nd_copy_nontemporal(to + 3, from + 1, 290);
  nd_copy_nontemporal_fence();
  assert_memory_equal(to + 3, from + 1, 290);
  assert_int_equal(to[2], 0);
  assert_int_equal(to[293], 0);
  nd_scope_end();
}

static void test_loop(void **state) {
  (void)state;
  /* operand 0: a transposed [2,3,4] view in elements (strides 1, 8, 2) with a unit axis;
   * operand 1: C strides of the same shape */
  const int64_t shape[4] = {4, 1, 3, 2};
  const int64_t s0[4] = {1, 99, 8, -24}, s1[4] = {6, 6, 2, 1};
  nd_loop l;
  nd_loop_init(&l, 2, 4, shape, (const int64_t *const[]){s0, s1});
  assert_int_equal(l.ndim, 3);
  assert_int_equal(l.size, 24);
  assert_memory_equal(l.axis, ((int[]){0, 2, 3}), 3 * sizeof(int));
  nd_loop_flip(&l, 0); /* axis 3 reversed for both: starts move by -24 and +1 */
  assert_int_equal(l.offset[0], -24);
  assert_int_equal(l.offset[1], 1);
  assert_int_equal(l.strides[1][2], -1);
  nd_loop_sort(&l, 2); /* by |stride| of operand 0: 24, 8, 1 */
  assert_memory_equal(l.axis, ((int[]){3, 2, 0}), 3 * sizeof(int));
  assert_memory_equal(l.strides[0], ((int64_t[]){24, 8, 1}), 3 * sizeof(int64_t));
  /* ties go to operand 1, then keep their order; sort_by orders by a key */
  nd_loop m;
  const int64_t t0[3] = {4, 4, 4}, t1[3] = {1, 3, 2};
  nd_loop_init(&m, 2, 3, (int64_t[]){2, 2, 2}, (const int64_t *const[]){t0, t1});
  nd_loop_sort(&m, 1);
  assert_memory_equal(m.axis, ((int[]){0, 1, 2}), 3 * sizeof(int));
  nd_loop_sort(&m, 2);
  assert_memory_equal(m.axis, ((int[]){1, 2, 0}), 3 * sizeof(int));
  nd_loop_sort_by(&m, (int64_t[]){5, 5, 9});
  assert_memory_equal(m.axis, ((int[]){0, 1, 2}), 3 * sizeof(int));
  /* a C-contiguous [2,3,4] merges into one axis, unless an axis is kept apart */
  const int64_t c[3] = {12, 4, 1};
  nd_loop_init(&m, 1, 3, (int64_t[]){2, 3, 4}, (const int64_t *const[]){c});
  nd_loop_coalesce(&m, -1);
  assert_int_equal(m.ndim, 1);
  assert_int_equal(m.shape[0], 24);
  assert_int_equal(m.strides[0][0], 1);
  assert_int_equal(m.axis[0], 2);
  nd_loop_init(&m, 1, 3, (int64_t[]){2, 3, 4}, (const int64_t *const[]){c});
  nd_loop_coalesce(&m, 1);
  assert_int_equal(m.ndim, 3);
  nd_loop_init(&m, 1, 3, (int64_t[]){2, 3, 4}, (const int64_t *const[]){c});
  nd_loop_coalesce(&m, 0);
  assert_int_equal(m.ndim, 2);
  assert_int_equal(m.shape[1], 12);
  /* the odometer walks the outer axes in C order, with each operand's offset */
  nd_odometer o;
  nd_odometer_init(&o, &l, 0, 2); /* axes of extents 2 and 3 */
  for (int64_t pos = 0; pos < 6; pos++) {
    int64_t i = pos / 3, j = pos % 3;
    assert_int_equal(o.offset[0], i * 24 + j * 8);
    assert_int_equal(o.offset[1], i * -1 + j * 2);
    nd_odometer_next(&o);
  }
  assert_int_equal(o.offset[0], 0); /* back to the start */
  nd_odometer_seek(&o, 5);
  assert_int_equal(o.index[0], 1);
  assert_int_equal(o.index[1], 2);
  assert_int_equal(o.offset[0], 24 + 2 * 8);
  assert_int_equal(o.offset[1], -1 + 2 * 2);
}

static void test_threads(void **state) {
  (void)state;
  assert_int_equal(nd_threads_for(1000), 1);
  int n = nd_threads_for(INT64_C(1) << 30);
  assert_true(n >= 1 && n <= nd_get_num_threads());
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_failures),     cmocka_unit_test(test_arguments),
      cmocka_unit_test(test_outputs),      cmocka_unit_test(test_alloc_like),
      cmocka_unit_test(test_copy_strided), cmocka_unit_test(test_loop),
      cmocka_unit_test(test_threads),      cmocka_unit_test(test_requirements_memory),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
