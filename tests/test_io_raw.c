/* Raw binary files (nd_tofile, nd_fromfile): the bytes are the elements in the order the
 * caller names, checked against nd_to_data; the seed-000 order mistake; sizes that do not
 * match; bad arguments and paths. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/alloc.h"
#include "helpers.h"

static void test_roundtrip_every_dtype_layout_and_order(void **state) {
  (void)state;
  const char *p = th_path(th_dir, "r.bin");
  const int64_t s3[] = {2, 3, 4}, s0[] = {0, 3};
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      for (int k = 0; k < 3; k++) {
        int nd = k == 0 ? 3 : k == 1 ? 0 : 2;
        const int64_t *sh = k == 0 ? s3 : k == 1 ? NULL : s0;
        nd_array *a = th_make(t, nd, sh, (th_layout)L, (unsigned)(d + L));
        for (int o = 0; o < 2; o++) {
          nd_order order = o ? ND_F : ND_C;
          assert_int_equal(nd_tofile(p, a, order), ND_OK);
          /* The file is exactly the flat data in that order (this machine is little-endian
           * wherever these tests run; nd_tofile swaps on big-endian ones). */
          size_t len;
          unsigned char *bytes = th_read_file(p, &len);
          assert_non_null(bytes);
          assert_int_equal(len, nd_nbytes(a));
          unsigned char *flat = malloc(len ? len : 1);
          assert_int_equal(nd_to_data(a, flat, order), ND_OK);
          assert_memory_equal(bytes, flat, len);
          free(flat);
          free(bytes);
          nd_array *b = nd_fromfile(p, t, nd, sh, order, 0);
          if (!b) fail_msg("%s", nd_last_error());
          th_assert_same_values(b, a);
          assert_true(nd_is_contiguous(b, order));
          nd_release(b);
        }
        nd_release(a);
      }
    }
  }
}

/* Seed 000: C-ordered bytes read as F give the tensor with every axis reversed
 * (t_rev[i,j,k,l] = t[l,k,j,i]) and no error; F bytes read as F give t back. */
static void test_seed000_c_bytes_read_as_f(void **state) {
  (void)state;
  const int64_t sh[4] = {3, 3, 3, 3};
  nd_array *t = th_make(ND_FLOAT64, 4, sh, TH_C, 0);
  assert_int_equal(nd_tofile(th_path(th_dir, "T_c.bin"), t, ND_C), ND_OK);
  assert_int_equal(nd_tofile(th_path(th_dir, "T_f.bin"), t, ND_F), ND_OK);
  nd_array *c_as_f = nd_fromfile(th_path(th_dir, "T_c.bin"), ND_FLOAT64, 4, sh, ND_F, 0);
  nd_array *f_as_f = nd_fromfile(th_path(th_dir, "T_f.bin"), ND_FLOAT64, 4, sh, ND_F, 0);
  nd_array *f_as_c = nd_fromfile(th_path(th_dir, "T_f.bin"), ND_FLOAT64, 4, sh, ND_C, 0);
  nd_array *rev = nd_transpose(t);
  th_assert_same_values(f_as_f, t);
  th_assert_same_values(c_as_f, rev);
  th_assert_same_values(f_as_c, rev);
  /* Element by element, the reversal the seed document describes. */
  int64_t i[4] = {0};
  do {
    double x, y;
    assert_int_equal(nd_get_double(c_as_f, i, &x), ND_OK);
    assert_int_equal(nd_get_double(t, (const int64_t[]){i[3], i[2], i[1], i[0]}, &y), ND_OK);
    assert_true(x == y);
  } while (th_next(4, sh, i));
  nd_release(rev);
  nd_release(f_as_c);
  nd_release(f_as_f);
  nd_release(c_as_f);
  nd_release(t);
}

static void test_inferred_extent_and_offset(void **state) {
  (void)state;
  const char *p = th_path(th_dir, "i.bin");
  nd_array *a = th_arange(ND_INT16, 2, (const int64_t[]){4, 6});
  assert_int_equal(nd_tofile(p, a, ND_C), ND_OK);
  nd_array *b = nd_fromfile(p, ND_INT16, 2, (const int64_t[]){-1, 6}, ND_C, 0);
  th_assert_shape(b, 2, (const int64_t[]){4, 6});
  th_assert_same_values(b, a);
  nd_release(b);
  /* Skip the first row as a header. */
  b = nd_fromfile(p, ND_INT16, 2, (const int64_t[]){3, -1}, ND_C, 12);
  nd_array *want = nd_index(a, "1:");
  th_assert_same_values(b, want);
  nd_release(want);
  nd_release(b);
  b = nd_fromfile(p, ND_INT16, 1, (const int64_t[]){-1}, ND_C, 48); /* nothing left */
  th_assert_shape(b, 1, (const int64_t[]){0});
  nd_release(b);
  th_write_file(th_path(th_dir, "empty.bin"), "", 0);
  b = nd_fromfile(th_path(th_dir, "empty.bin"), ND_FLOAT64, 2, (const int64_t[]){-1, 3}, ND_F, 0);
  th_assert_shape(b, 2, (const int64_t[]){0, 3});
  nd_release(b);
  nd_release(a);
}

static void test_size_and_argument_errors(void **state) {
  (void)state;
  const char *p = th_path(th_dir, "e.bin");
  nd_array *a = th_arange(ND_FLOAT64, 1, (const int64_t[]){6});
  assert_int_equal(nd_tofile(p, a, ND_C), ND_OK);
  TH_EXPECT_ERROR(nd_fromfile(p, ND_FLOAT64, 2, (const int64_t[]){2, 4}, ND_C, 0), ND_ERR_IO,
                  "fromfile: file '");
  TH_EXPECT_ERROR(nd_fromfile(p, ND_FLOAT64, 2, (const int64_t[]){2, 4}, ND_C, 0), ND_ERR_IO,
                  "the file holds 6 float64 elements after the offset, shape [2,4] needs 8");
  TH_EXPECT_ERROR(nd_fromfile(p, ND_FLOAT64, 1, (const int64_t[]){5}, ND_C, 0), ND_ERR_IO, "needs 5");
  TH_EXPECT_ERROR(nd_fromfile(p, ND_FLOAT64, 2, (const int64_t[]){(int64_t)1 << 40, (int64_t)1 << 40}, ND_C, 0),
                  ND_ERR_OVERFLOW_SIZE, "fromfile: shape [1099511627776,1099511627776] is too large");
  TH_EXPECT_ERROR(nd_fromfile(p, ND_FLOAT64, 2, (const int64_t[]){4, -1}, ND_C, 0), ND_ERR_IO,
                  "6 float64 elements cannot be shaped as [4,-1]");
  TH_EXPECT_ERROR(nd_fromfile(p, ND_FLOAT64, 2, (const int64_t[]){0, -1}, ND_C, 0), ND_ERR_IO, "cannot be shaped");
  /* a partial element at the end is ignored, as np.fromfile ignores it */
  nd_array *c = nd_fromfile(p, ND_COMPLEX128, 1, (const int64_t[]){-1}, ND_C, 8); /* 40 bytes */
  assert_non_null(c);
  assert_int_equal(nd_size(c), 2);
  double re, im;
  nd_get_complex(c, (int64_t[]){1}, &re, &im);
  assert_true(re == 3 && im == 4); /* elements 3 and 4 of the file's 0..5 */
  nd_release(c);
  nd_array *f = nd_fromfile(p, ND_FLOAT64, 1, (const int64_t[]){5}, ND_C, 3);
  assert_non_null(f);
  nd_release(f);
  TH_EXPECT_ERROR(nd_fromfile(p, ND_FLOAT64, 1, (const int64_t[]){-1}, ND_C, 49), ND_ERR_IO,
                  "offset 49 is beyond the end of the file (48 bytes)");
  TH_EXPECT_ERROR(nd_fromfile(p, ND_FLOAT64, 1, (const int64_t[]){-1}, ND_C, -1), ND_ERR_VALUE, "negative offset");
  TH_EXPECT_ERROR(nd_fromfile(p, ND_FLOAT64, 2, (const int64_t[]){-1, -1}, ND_C, 0), ND_ERR_VALUE, "invalid shape [-1,-1]");
  TH_EXPECT_ERROR(nd_fromfile(p, ND_FLOAT64, 2, (const int64_t[]){-2, 3}, ND_C, 0), ND_ERR_VALUE, "invalid shape");
  TH_EXPECT_ERROR(nd_fromfile(p, ND_FLOAT64, 1, (const int64_t[]){-1}, ND_A, 0), ND_ERR_VALUE, "fromfile");
  TH_EXPECT_ERROR(nd_fromfile(p, (nd_dtype)42, 1, (const int64_t[]){-1}, ND_C, 0), ND_ERR_TYPE, "fromfile");
  TH_EXPECT_ERROR(nd_fromfile(p, ND_FLOAT64, 65, (const int64_t[65]){0}, ND_C, 0), ND_ERR_VALUE, "fromfile");
  TH_EXPECT_ERROR(nd_fromfile(p, ND_FLOAT64, 1, NULL, ND_C, 0), ND_ERR_NULL, "fromfile");
  TH_EXPECT_ERROR(nd_fromfile(NULL, ND_FLOAT64, 1, (const int64_t[]){-1}, ND_C, 0), ND_ERR_NULL, "fromfile");
  TH_EXPECT_ERROR(nd_fromfile(th_path(th_dir, "missing.bin"), ND_FLOAT64, 1, (const int64_t[]){-1}, ND_C, 0),
                  ND_ERR_IO, "cannot open for reading: No such file");
  TH_EXPECT_ERROR(nd_fromfile(th_dir, ND_FLOAT64, 1, (const int64_t[]){-1}, ND_C, 0), ND_ERR_IO, "is a directory");
  th_write_file(th_path(th_dir, "bool.bin"), "\x01\x00\x07", 3);
  TH_EXPECT_ERROR(nd_fromfile(th_path(th_dir, "bool.bin"), ND_BOOL, 1, (const int64_t[]){3}, ND_C, 0),
                  ND_ERR_IO, "bool data holds the byte 0x07 (flat element 2)");
  TH_EXPECT_ERROR(nd_tofile(p, a, ND_K), ND_ERR_VALUE, "tofile");
  TH_EXPECT_ERROR(nd_tofile(th_path(th_dir, "no/th_dir.bin"), a, ND_C), ND_ERR_IO,
                  "tofile: file '");
  TH_EXPECT_ERROR(nd_tofile(th_path(th_dir, "no/th_dir.bin"), a, ND_C), ND_ERR_IO, "cannot open for writing");
  struct stat st;
  if (stat("/dev/full", &st) == 0)
    TH_EXPECT_ERROR(nd_tofile("/dev/full", a, ND_F), ND_ERR_IO, "write error");
  TH_EXPECT_ERROR(nd_tofile(NULL, a, ND_C), ND_ERR_NULL, "tofile");
  TH_EXPECT_ERROR(nd_tofile(p, NULL, ND_C), ND_ERR_NULL, "tofile");
  nd_release(a);
}

static void test_allocation_failures(void **state) {
  (void)state;
  const char *p = th_path(th_dir, "a.bin");
  nd_array *a = th_make(ND_COMPLEX64, 2, (const int64_t[]){5, 4}, TH_NEGATIVE, 3);
  for (int which = 0; which < 2; which++) {
    ndi_alloc_fail_after(-1);
    if (which == 0) assert_int_equal(nd_tofile(p, a, ND_F), ND_OK);
    else nd_release(nd_fromfile(p, ND_COMPLEX64, 2, (const int64_t[]){5, 4}, ND_F, 0));
    long n = ndi_alloc_fail_after(-1);
    assert_true(n > 0);
    for (long k = 0; k < n; k++) {
      nd_clear_error();
      ndi_alloc_fail_after(k);
      if (which == 0) assert_int_equal(nd_tofile(p, a, ND_F), ND_ERR_NOMEM);
      else assert_null(nd_fromfile(p, ND_COMPLEX64, 2, (const int64_t[]){5, 4}, ND_F, 0));
      ndi_alloc_fail_after(-1);
      assert_int_equal(nd_last_status(), ND_ERR_NOMEM);
    }
  }
  nd_release(a);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_roundtrip_every_dtype_layout_and_order),
      cmocka_unit_test(test_seed000_c_bytes_read_as_f),
      cmocka_unit_test(test_inferred_extent_and_offset),
      cmocka_unit_test(test_size_and_argument_errors),
      cmocka_unit_test(test_allocation_failures),
  };
  return cmocka_run_group_tests(tests, th_dir_setup, th_dir_teardown);
}
