/* Printing: the strings NumPy's str() gives for the same arrays (NumPy 2.x). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

static void check(nd_array *a, const char *want) {
  assert_non_null(a);
  char *s = nd_to_string(a);
  assert_non_null(s);
  if (strcmp(s, want) != 0) fail_msg("printed\n%s\nwant\n%s", s, want);
  free(s);
  nd_release(a);
}

static nd_array *f64(int n, const double *v) { return nd_from_data(ND_FLOAT64, 1, (int64_t[]){n}, v, ND_C); }

static void test_numbers(void **state) {
  (void)state;
  nd_scope_begin(); /* check() is given chains of temporaries */
  check(th_arange(ND_FLOAT64, ND_SHAPE(2, 3)), "[[0. 1. 2.]\n [3. 4. 5.]]");
  check(th_arange(ND_INT64, ND_SHAPE(2, 3, 4)),
        "[[[ 0  1  2  3]\n  [ 4  5  6  7]\n  [ 8  9 10 11]]\n\n [[12 13 14 15]\n  [16 17 18 19]\n  [20 21 22 23]]]");
  check(f64(2, (double[]){1e-5, 1.5}), "[1.0e-05 1.5e+00]");
  check(nd_from_data(ND_FLOAT32, ND_SHAPE(3), (float[]){0.1f, 1.5f, 3}, ND_C), "[0.1 1.5 3. ]");
  check(f64(3, (double[]){NAN, 1, -INFINITY}), "[ nan   1. -inf]");
  check(f64(2, (double[]){NAN, INFINITY}), "[nan inf]");
  check(nd_from_data(ND_BOOL, ND_SHAPE(3), (bool[]){true, false, true}, ND_C), "[ True False  True]");
  nd_array *r = nd_arange(ND_FLOAT64, 0, 30, 1);
  nd_array *m = nd_full(ND_FLOAT64, ND_SHAPE(30), 1.1, ND_C);
  nd_array *p = nd_empty(ND_FLOAT64, ND_SHAPE(30), ND_C);
  for (int i = 0; i < 30; i++) ((double *)nd_data(p))[i] = ((double *)nd_data(r))[i] * ((double *)nd_data(m))[i];
  check(p, "[ 0.   1.1  2.2  3.3  4.4  5.5  6.6  7.7  8.8  9.9 11.  12.1 13.2 14.3\n"
           " 15.4 16.5 17.6 18.7 19.8 20.9 22.  23.1 24.2 25.3 26.4 27.5 28.6 29.7\n 30.8 31.9]");
  nd_release(m);
  nd_release(r);
  check(f64(2, (double[]){-0.0, 0.0}), "[-0.  0.]");
  check(f64(2, (double[]){123456.789, 0.001}), "[1.23456789e+05 1.00000000e-03]");
  check(nd_from_data(ND_UINT8, ND_SHAPE(3), (uint8_t[]){0, 255, 7}, ND_C), "[  0 255   7]");
  check(nd_from_data(ND_INT8, ND_SHAPE(2), (int8_t[]){-128, 5}, ND_C), "[-128    5]");
  check(f64(2, (double[]){1e10, 1}), "[1.e+10 1.e+00]");
  check(f64(2, (double[]){-1.5, 2.25}), "[-1.5   2.25]");
  check(f64(2, (double[]){1.0 / 3, 2.0 / 3}), "[0.33333333 0.66666667]");
  check(nd_from_data(ND_UINT64, ND_SHAPE(2), (uint64_t[]){UINT64_MAX, 0}, ND_C),
        "[18446744073709551615                    0]");
  /* float32 uses the shortest repr of the float32 value, not of its float64 widening */
  check(nd_from_data(ND_FLOAT32, ND_SHAPE(2), (float[]){1e-5f, 1.0f / 3}, ND_C), "[9.9999997e-06 3.3333334e-01]");
  check(nd_from_data(ND_FLOAT32, ND_SHAPE(1), (float[]){12345678.9f}, ND_C), "[1.2345679e+07]");
  check(nd_from_data(ND_FLOAT32, ND_SHAPE(1), (float[]){1e-4f}, ND_C), "[0.0001]");
  check(f64(2, (double[]){5e-324, 2.5}), "[4.9e-324 2.5e+000]");
  check(nd_from_data(ND_FLOAT32, 0, NULL, (float[]){1.23e11f}, ND_C), "1.23e+11");
  check(nd_from_data(ND_FLOAT32, 0, NULL, (float[]){1e6f}, ND_C), "1e+06");
  check(nd_from_data(ND_FLOAT32, 0, NULL, (float[]){999999.94f}, ND_C), "999999.94");
  nd_scope_end();
}

static void test_complex(void **state) {
  (void)state;
  nd_scope_begin(); /* check() is given chains of temporaries */
  check(nd_from_data(ND_COMPLEX128, ND_SHAPE(3), (double[]){1, 2, 3, -4.5, NAN, 0}, ND_C),
        "[ 1.+2.j   3.-4.5j nan+0.j ]");
  check(nd_from_data(ND_COMPLEX64, ND_SHAPE(2), (float[]){0, 0.5f, -1, 0}, ND_C), "[ 0.+0.5j -1.+0.j ]");
  nd_scope_end();
}

static void test_summary(void **state) {
  (void)state;
  nd_scope_begin(); /* check() is given chains of temporaries */
  check(nd_arange(ND_INT32, 0, 1001, 1), "[   0    1    2 ...  998  999 1000]");
  check(th_arange(ND_FLOAT64, ND_SHAPE(40, 50)),
        "[[0.000e+00 1.000e+00 2.000e+00 ... 4.700e+01 4.800e+01 4.900e+01]\n"
        " [5.000e+01 5.100e+01 5.200e+01 ... 9.700e+01 9.800e+01 9.900e+01]\n"
        " [1.000e+02 1.010e+02 1.020e+02 ... 1.470e+02 1.480e+02 1.490e+02]\n"
        " ...\n"
        " [1.850e+03 1.851e+03 1.852e+03 ... 1.897e+03 1.898e+03 1.899e+03]\n"
        " [1.900e+03 1.901e+03 1.902e+03 ... 1.947e+03 1.948e+03 1.949e+03]\n"
        " [1.950e+03 1.951e+03 1.952e+03 ... 1.997e+03 1.998e+03 1.999e+03]]");
  char block[400] = "";
  for (int i = 0; i < 3; i++) strcat(block, i ? "\n  [0. 0. 0. ... 0. 0. 0.]" : "[[0. 0. 0. ... 0. 0. 0.]");
  strcat(block, "\n  ...");
  for (int i = 0; i < 3; i++) strcat(block, "\n  [0. 0. 0. ... 0. 0. 0.]");
  strcat(block, "]");
  char want[4000] = "[";
  for (int i = 0; i < 6; i++) {
    if (i == 3) strcat(want, " ...\n\n");
    if (i) strcat(want, " ");
    strcat(want, block);
    if (i < 5) strcat(want, "\n\n");
  }
  strcat(want, "]");
  check(nd_zeros(ND_FLOAT64, ND_SHAPE(10, 10, 11), ND_C), want);
  nd_scope_end();
}

static void test_layouts_and_scalars(void **state) {
  (void)state;
  nd_scope_begin(); /* check() is given chains of temporaries */
  /* the printed values follow the logical order whatever the layout */
  nd_array *a = th_arange(ND_INT16, ND_SHAPE(2, 3));
  check(nd_transpose(a), "[[0 3]\n [1 4]\n [2 5]]");
  check(nd_index(a, "::-1, ::2"), "[[3 5]\n [0 2]]");
  check(nd_broadcast_to(nd_index(a, "0"), ND_SHAPE(2, 3)), "[[0 1 2]\n [0 1 2]]");
  nd_release(a);
  check(nd_zeros(ND_FLOAT64, ND_SHAPE(2, 0), ND_C), "[]");
  check(nd_full(ND_FLOAT64, 0, NULL, 1.5, ND_C), "1.5");
  check(nd_full(ND_FLOAT64, 0, NULL, 1e20, ND_C), "1e+20");
  check(nd_full(ND_FLOAT64, 0, NULL, 1e-5, ND_C), "1e-05");
  check(nd_full(ND_FLOAT64, 0, NULL, 100, ND_C), "100.0");
  check(nd_full(ND_FLOAT64, 0, NULL, 1e16, ND_C), "1e+16");
  check(nd_full(ND_FLOAT64, 0, NULL, NAN, ND_C), "nan");
  check(nd_full(ND_FLOAT32, 0, NULL, 0.1, ND_C), "0.1");
  check(nd_full(ND_INT8, 0, NULL, 7, ND_C), "7");
  check(nd_full(ND_BOOL, 0, NULL, 1, ND_C), "True");
  check(nd_full_scalar(ND_COMPLEX128, 0, NULL, ND_COMPLEX(0, 2), ND_C), "2j");
  check(nd_full_scalar(ND_COMPLEX128, 0, NULL, ND_COMPLEX(1, 2), ND_C), "(1+2j)");
  check(nd_full_scalar(ND_COMPLEX128, 0, NULL, ND_COMPLEX(-2.5, -1), ND_C), "(-2.5-1j)");
  nd_scope_end();
}

static void test_print_io(void **state) {
  (void)state;
  nd_array *a = nd_arange(ND_INT32, 0, 3, 1);
  FILE *f = tmpfile();
  assert_int_equal(nd_fprint(f, a), ND_OK);
  rewind(f);
  char buf[64] = "";
  assert_non_null(fgets(buf, sizeof buf, f));
  assert_string_equal(buf, "[0 1 2]\n");
  fclose(f);
  /* a write that fails is reported: a stream opened for reading, a full device */
  char dir[64];
  th_tmpdir(dir, sizeof dir);
  const char *path = th_path(dir, "r.txt");
  th_write_file(path, "x", 1);
  FILE *ro = fopen(path, "r");
  TH_EXPECT_ERROR(nd_fprint(ro, a), ND_ERR_IO, "print: write error");
  fclose(ro);
  FILE *full = fopen("/dev/full", "w");
  if (full) {
    TH_EXPECT_ERROR(nd_fprint(full, a), ND_ERR_IO, "print: write error: No space left on device");
    fclose(full);
  }
  th_tmpdir_remove(dir);
  char *d = nd_describe(a);
  assert_string_equal(d, "array(shape=[3], strides=[1], dtype=int32, C and F)");
  free(d);
  /* read-only as nd_is_writeable says: a broadcast_arrays view keeps its write flag but
   * has a stride-0 axis */
  nd_array *pair[2], *col = nd_zeros(ND_INT32, ND_SHAPE(2, 1), ND_C);
  assert_int_equal(nd_broadcast_arrays(2, (nd_array *[]){a, col}, pair), ND_OK);
  d = nd_describe(pair[0]);
  assert_string_equal(d, "array(shape=[2,3], strides=[0,1], dtype=int32, strided, read-only)");
  free(d);
  d = nd_describe(pair[1]);
  assert_string_equal(d, "array(shape=[2,3], strides=[1,0], dtype=int32, strided, read-only)");
  free(d);
  nd_release(pair[0]);
  nd_release(pair[1]);
  nd_release(col);
  nd_array *bt = nd_broadcast_to(a, ND_SHAPE(2, 3));
  d = nd_describe(bt);
  assert_non_null(strstr(d, ", read-only)"));
  free(d);
  nd_release(bt);
  nd_release(a);
  nd_clear_error();
  assert_null(nd_to_string(NULL));
  th_assert_error(ND_ERR_NULL, "to_string");
  nd_clear_error();
}

static void check_repr(nd_array *a, const char *name, const char *want) {
  assert_non_null(a);
  char *s = nd_repr(a, name);
  assert_non_null(s);
  if (strcmp(s, want) != 0) fail_msg("repr\n%s\nwant\n%s", s, want);
  free(s);
}

/* nd_repr: NumPy 2's repr with the dtype always shown (strings from NumPy 2.4). */
static void test_repr(void **state) {
  (void)state;
  nd_scope_begin();
  check_repr(th_arange(ND_FLOAT64, ND_SHAPE(2, 3)), NULL, "array([[0., 1., 2.],\n       [3., 4., 5.]], dtype=float64)");
  check_repr(th_arange(ND_INT64, ND_SHAPE(2, 2, 2)), "Array",
             "Array([[[0, 1],\n        [2, 3]],\n\n       [[4, 5],\n        [6, 7]]], dtype=int64)");
  check_repr(nd_from_data(ND_FLOAT64, 0, NULL, (double[]){1}, ND_C), "Array", "Array(1., dtype=float64)");
  check_repr(nd_from_data(ND_BOOL, 0, NULL, (bool[]){true}, ND_C), NULL, "array(True, dtype=bool)");
  check_repr(nd_from_data(ND_BOOL, ND_SHAPE(2), (bool[]){true, false}, ND_C), NULL,
             "array([ True, False], dtype=bool)");
  check_repr(nd_zeros(ND_FLOAT32, ND_SHAPE(0, 3), ND_C), NULL, "array([], shape=(0, 3), dtype=float32)");
  check_repr(nd_zeros(ND_INT8, ND_SHAPE(0), ND_C), NULL, "array([], dtype=int8)");
  check_repr(nd_from_data(ND_COMPLEX128, ND_SHAPE(2), (double[]){1, 2, 3, -4}, ND_C), NULL,
             "array([1.+2.j, 3.-4.j], dtype=complex128)");
  /* wrapped lines, and the dtype moved to its own line when it does not fit */
  check_repr(nd_multiply_scalar(th_arange(ND_FLOAT64, ND_SHAPE(20)), ND_FLOAT(1.001)), NULL,
             "array([ 0.   ,  1.001,  2.002,  3.003,  4.004,  5.005,  6.006,  7.007,\n"
             "        8.008,  9.009, 10.01 , 11.011, 12.012, 13.013, 14.014, 15.015,\n"
             "       16.016, 17.017, 18.018, 19.019], dtype=float64)");
  check_repr(th_arange(ND_FLOAT64, ND_SHAPE(13)), NULL,
             "array([ 0.,  1.,  2.,  3.,  4.,  5.,  6.,  7.,  8.,  9., 10., 11., 12.],\n      dtype=float64)");
  /* summarised: the shape is given */
  check_repr(th_arange(ND_FLOAT64, ND_SHAPE(2000)), NULL,
             "array([0.000e+00, 1.000e+00, 2.000e+00, ..., 1.997e+03, 1.998e+03,\n"
             "       1.999e+03], shape=(2000,), dtype=float64)");
  check_repr(th_arange(ND_INT64, ND_SHAPE(3, 1000)), NULL,
             "array([[   0,    1,    2, ...,  997,  998,  999],\n"
             "       [1000, 1001, 1002, ..., 1997, 1998, 1999],\n"
             "       [2000, 2001, 2002, ..., 2997, 2998, 2999]],\n      shape=(3, 1000), dtype=int64)");
  /* a view: transposed */
  check_repr(nd_transpose(th_arange(ND_INT32, ND_SHAPE(2, 3))), NULL,
             "array([[0, 3],\n       [1, 4],\n       [2, 5]], dtype=int32)");
  nd_scope_end();
  nd_clear_error();
  assert_null(nd_repr(NULL, NULL));
  th_assert_error(ND_ERR_NULL, "repr");
  nd_clear_error();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_numbers), cmocka_unit_test(test_complex),
      cmocka_unit_test(test_summary), cmocka_unit_test(test_layouts_and_scalars),
      cmocka_unit_test(test_print_io), cmocka_unit_test(test_repr),
  };
  return TH_RUN(tests);
}
