/* Files exchanged with NumPy: this test reads the .npy, .npz and raw files that NumPy
 * wrote in the ctest setup step (tests/io/write_numpy_files.py), and writes the files that
 * NumPy reads back afterwards (tests/io/read_nd_files.py). Both sides compare against the
 * same formula (th_value), never against each other's output. Without the NumPy files
 * (no .venv) the reading cases are skipped. */
#include <complex.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "helpers.h"

static const char *np_dir, *nd_dir;
static const int64_t shape3[3] = {2, 3, 4};

static bool have(const char *dir, const char *probe) {
  struct stat st;
  return dir && stat(th_path(dir, probe), &st) == 0;
}
#define NEED_NUMPY_FILES()                                  \
  do {                                                      \
    if (!have(np_dir, "np_float64_C.npy")) {                \
      print_message("no NumPy files in ND_IO_NUMPY_DIR\n"); \
      skip();                                               \
    }                                                       \
  } while (0)

static unsigned seed_of(nd_dtype t) { return (unsigned)t + 1; }

/* The array NumPy wrote: same values as th_make, and contiguous in `order`. */
static void check_loaded(nd_array *a, nd_dtype t, int ndim, const int64_t *shape, nd_order order,
                         unsigned seed) {
  if (!a) fail_msg("load failed: %s", nd_last_error());
  assert_int_equal(nd_dtype_of(a), t);
  nd_array *want = th_make(t, ndim, shape, TH_C, seed);
  th_assert_same_values(a, want);
  assert_true(nd_is_contiguous(a, order));
  if (ndim > 1 && nd_size(a) > 1) assert_false(nd_is_contiguous(a, order == ND_C ? ND_F : ND_C));
  nd_release(want);
}

static void load_both_ways(const char *name, nd_dtype t, int ndim, const int64_t *shape,
                           nd_order order, bool mappable) {
  nd_array *a = nd_load_npy(th_path(np_dir, name));
  check_loaded(a, t, ndim, shape, order, seed_of(t));
  assert_true(nd_is_writeable(a));
  nd_release(a);
  nd_array *m = nd_load_npy_mmap(th_path(np_dir, name));
  if (mappable) {
    check_loaded(m, t, ndim, shape, order, seed_of(t));
    assert_false(nd_is_writeable(m));
  } else {
    assert_null(m);
    th_assert_error(ND_ERR_IO, "other byte order");
  }
  nd_release(m);
}

static void test_npy_from_numpy(void **state) {
  (void)state;
  NEED_NUMPY_FILES();
  char name[128];
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    for (int o = 0; o < 2; o++) {
      nd_order order = o ? ND_F : ND_C;
      snprintf(name, sizeof name, "np_%s_%c.npy", nd_dtype_name(t), (char)order);
      load_both_ways(name, t, 3, shape3, order, true);
      /* big-endian: byte-swapped on load, not mappable (bfloat16 is a void for NumPy,
       * which has no byte order) */
      if (nd_dtype_size(t) > 1 && t != ND_BFLOAT16) {
        snprintf(name, sizeof name, "np_be_%s_%c.npy", nd_dtype_name(t), (char)order);
        load_both_ways(name, t, 3, shape3, order, false);
      }
    }
    snprintf(name, sizeof name, "np_0d_%s.npy", nd_dtype_name(t));
    load_both_ways(name, t, 0, NULL, ND_C, true);
    snprintf(name, sizeof name, "np_1d_%s.npy", nd_dtype_name(t));
    load_both_ways(name, t, 1, (const int64_t[]){7}, ND_C, true);
    snprintf(name, sizeof name, "np_empty_%s.npy", nd_dtype_name(t));
    load_both_ways(name, t, 2, (const int64_t[]){0, 3}, ND_C, true);
  }
}

static void test_npy_versions_from_numpy(void **state) {
  (void)state;
  NEED_NUMPY_FILES();
  static const struct { int version; nd_dtype t; } cases[] = {
      {2, ND_FLOAT64}, {2, ND_INT16}, {2, ND_COMPLEX64}, {2, ND_BOOL},
      {3, ND_FLOAT32}, {3, ND_UINT64}, {3, ND_COMPLEX128}};
  char name[128];
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    for (int o = 0; o < 2; o++) {
      nd_order order = o ? ND_F : ND_C;
      snprintf(name, sizeof name, "np_v%d_%s_%c.npy", cases[i].version,
               nd_dtype_name(cases[i].t), (char)order);
      size_t len;
      unsigned char *bytes = th_read_file(th_path(np_dir, name), &len);
      assert_non_null(bytes);
      assert_int_equal(bytes[6], cases[i].version); /* NumPy did write that version */
      free(bytes);
      load_both_ways(name, cases[i].t, 3, shape3, order, true);
    }
  }
}

/* The .npz members NumPy wrote (tests/io/io_cases.py, NPZ_MEMBERS). */
static const struct npz_member {
  const char *key;
  nd_dtype t;
  int ndim;
  int64_t shape[3];
  th_layout layout; /* how nd builds it when writing */
  nd_order order;   /* how it is stored */
  unsigned seed;
} members[] = {
    {"a", ND_FLOAT64, 3, {2, 3, 4}, TH_C, ND_C, 1},
    {"b", ND_INT32, 3, {2, 3, 4}, TH_F, ND_F, 2},
    {"c", ND_COMPLEX128, 2, {0, 3}, TH_C, ND_C, 3},
    {"d", ND_BOOL, 0, {0}, TH_C, ND_C, 4},
    {"e", ND_INT16, 3, {2, 3, 4}, TH_STEPPED, ND_C, 5},
};
#define NMEMBERS (sizeof members / sizeof members[0])

static void test_npz_from_numpy(void **state) {
  (void)state;
  NEED_NUMPY_FILES();
  const char *files[] = {"np_stored.npz", "np_deflated.npz"};
  for (int f = 0; f < 2; f++) {
    nd_npz *z = nd_load_npz(th_path(np_dir, files[f]));
    if (!z) fail_msg("%s", nd_last_error());
    assert_int_equal(nd_npz_count(z), NMEMBERS);
    for (size_t i = 0; i < NMEMBERS; i++) {
      assert_string_equal(nd_npz_name(z, (int64_t)i), members[i].key); /* archive order */
      nd_array *a = nd_npz_get(z, members[i].key);
      check_loaded(a, members[i].t, members[i].ndim, members[i].shape, members[i].order,
                   members[i].seed);
      nd_release(a);
    }
    nd_npz_close(z);
  }
  nd_npz *z = nd_load_npz(th_path(np_dir, "np_empty.npz"));
  if (!z) fail_msg("%s", nd_last_error());
  assert_int_equal(nd_npz_count(z), 0);
  nd_npz_close(z);
}

/* Seed 000: NumPy's [3,3,3,3] tensor t (seed 0) flattened in C and in F order. Reading the
 * F bytes as F gives t; reading the C bytes as F gives t with all axes reversed,
 * t_rev[i,j,k,l] = t[l,k,j,i], with no error: the order must be said at the boundary. */
static void test_seed000_order_at_the_boundary(void **state) {
  (void)state;
  NEED_NUMPY_FILES();
  const int64_t sh[4] = {3, 3, 3, 3};
  nd_array *t = nd_load_npy(th_path(np_dir, "seed000_T.npy"));
  nd_array *tf = nd_fromfile(th_path(np_dir, "seed000_T_f.bin"), ND_FLOAT64, 4, sh, ND_F, 0);
  nd_array *tc = nd_fromfile(th_path(np_dir, "seed000_T_c.bin"), ND_FLOAT64, 4, sh, ND_C, 0);
  nd_array *wrong = nd_fromfile(th_path(np_dir, "seed000_T_c.bin"), ND_FLOAT64, 4, sh, ND_F, 0);
  assert_non_null(t);
  assert_non_null(tf);
  assert_non_null(tc);
  assert_non_null(wrong);
  th_assert_same_values(tf, t);
  th_assert_same_values(tc, t);
  nd_array *rev = nd_transpose(t);
  th_assert_same_values(wrong, rev);
  /* The numbers the seed document prints for t[1,0,2,1] read both ways. */
  double v;
  assert_int_equal(nd_get_double(tf, (const int64_t[]){1, 0, 2, 1}, &v), ND_OK);
  assert_true(v == 0.2146591225063409);
  assert_int_equal(nd_get_double(wrong, (const int64_t[]){1, 0, 2, 1}, &v), ND_OK);
  assert_true(v == 1.4580206835369587);
  /* The same through .npy: NumPy's C-ordered file with its header flipped to
   * fortran_order True (same length) loads as the axis-reversed tensor. */
  size_t len;
  unsigned char *bytes = th_read_file(th_path(np_dir, "seed000_T.npy"), &len);
  assert_non_null(bytes);
  char *flag = strstr((char *)bytes + 10, "'fortran_order': False");
  assert_non_null(flag);
  memcpy(flag, "'fortran_order': True ", 22);
  char dir[64];
  th_tmpdir(dir, sizeof dir);
  th_write_file(th_path(dir, "f.npy"), bytes, len);
  nd_array *as_f = nd_load_npy(th_path(dir, "f.npy"));
  th_assert_same_values(as_f, rev);
  free(bytes);
  th_tmpdir_remove(dir);
  nd_release(as_f);
  nd_release(rev);
  nd_release(wrong);
  nd_release(tc);
  nd_release(tf);
  nd_release(t);
}

/* ---- nd writes, NumPy reads (tests/io/read_nd_files.py) ---------------------------- */

static void save_or_fail(const char *name, const nd_array *a) {
  if (nd_save_npy(th_path(nd_dir, name), a)) fail_msg("%s", nd_last_error());
}

static void test_write_files_for_numpy(void **state) {
  (void)state;
  if (!nd_dir) skip();
  mkdir(nd_dir, 0777);
  char name[128];
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *a = th_make(t, 3, shape3, (th_layout)L, seed_of(t));
      snprintf(name, sizeof name, "nd_%s_%s.npy", nd_dtype_name(t), th_layout_names[L]);
      save_or_fail(name, a);
      nd_release(a);
    }
    nd_array *s = th_make(t, 3, shape3, TH_STEPPED, seed_of(t));
    for (int o = 0; o < 2; o++) {
      nd_order order = o ? ND_F : ND_C;
      snprintf(name, sizeof name, "nd_raw_%s_%c.bin", nd_dtype_name(t), (char)order);
      if (nd_tofile(th_path(nd_dir, name), s, order)) fail_msg("%s", nd_last_error());
    }
    nd_release(s);
    nd_array *z = th_make(t, 0, NULL, TH_C, seed_of(t));
    snprintf(name, sizeof name, "nd_0d_%s.npy", nd_dtype_name(t));
    save_or_fail(name, z);
    nd_release(z);
    nd_array *e = th_make(t, 2, (const int64_t[]){0, 3}, TH_C, seed_of(t));
    snprintf(name, sizeof name, "nd_empty_%s.npy", nd_dtype_name(t));
    save_or_fail(name, e);
    nd_release(e);
  }
  const char *keys[NMEMBERS];
  nd_array *arrays[NMEMBERS];
  for (size_t i = 0; i < NMEMBERS; i++) {
    keys[i] = members[i].key;
    arrays[i] = th_make(members[i].t, members[i].ndim, members[i].shape, members[i].layout,
                        members[i].seed);
  }
  for (int c = 0; c < 2; c++)
    if (nd_savez(th_path(nd_dir, c ? "nd_deflated.npz" : "nd_stored.npz"), (int)NMEMBERS, keys,
                 (const nd_array *const *)arrays, c))
      fail_msg("%s", nd_last_error());
  for (size_t i = 0; i < NMEMBERS; i++) nd_release(arrays[i]);
  assert_int_equal(nd_savez(th_path(nd_dir, "nd_empty.npz"), 0, NULL, NULL, false), ND_OK);
}

int main(void) {
  np_dir = getenv("ND_IO_NUMPY_DIR");
  nd_dir = getenv("ND_IO_ND_DIR");
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_npy_from_numpy),
      cmocka_unit_test(test_npy_versions_from_numpy),
      cmocka_unit_test(test_npz_from_numpy),
      cmocka_unit_test(test_seed000_order_at_the_boundary),
      cmocka_unit_test(test_write_files_for_numpy),
  };
  return TH_RUN(tests);
}
