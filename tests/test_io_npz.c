/* .npz archives: round trips (stored and deflated, every dtype and layout), the container
 * and scopes, and malformed archives (through the buffer entry point the fuzzers use). */
#define _GNU_SOURCE /* memmem */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zip.h>

#include "core/alloc.h"
#include "helpers.h"
#include "io/npy_parse.h"

static nd_npz *load_or_fail(const char *path) {
  nd_npz *z = nd_load_npz(path);
  if (!z) fail_msg("%s", nd_last_error());
  return z;
}

static void test_roundtrip_every_dtype_and_layout(void **state) {
  (void)state;
  enum { N = ND_NUM_DTYPES * TH_NUM_LAYOUTS + 2 };
  nd_array *arrays[N];
  char names[N][40];
  const char *keys[N];
  int n = 0;
  for (int d = 0; d < ND_NUM_DTYPES; d++)
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      arrays[n] = th_make(th_all_dtypes[d], 3, (const int64_t[]){2, 3, 4}, (th_layout)L,
                          (unsigned)(n + 1));
      snprintf(names[n], sizeof names[n], "%s_%s", nd_dtype_name(th_all_dtypes[d]), th_layout_names[L]);
      keys[n] = names[n];
      n++;
    }
  arrays[n] = th_make(ND_COMPLEX64, 0, NULL, TH_C, 5);
  keys[n++] = "zero-d";
  arrays[n] = th_make(ND_UINT16, 2, (const int64_t[]){0, 4}, TH_F, 5);
  keys[n++] = "empty";
  for (int c = 0; c < 2; c++) {
    const char *p = th_path(th_dir, c ? "deflated.npz" : "stored.npz");
    assert_int_equal(nd_savez(p, n, keys, (const nd_array *const *)arrays, c), ND_OK);
    nd_npz *z = load_or_fail(p);
    assert_int_equal(nd_npz_count(z), n);
    for (int i = 0; i < n; i++) {
      assert_string_equal(nd_npz_name(z, i), keys[i]);
      nd_array *a = nd_npz_get(z, keys[i]);
      th_assert_same_values(a, arrays[i]);
      assert_int_equal(nd_dtype_of(a), nd_dtype_of(arrays[i]));
      bool want_f = nd_is_contiguous(arrays[i], ND_F) && !nd_is_contiguous(arrays[i], ND_C);
      assert_true(nd_is_contiguous(a, want_f ? ND_F : ND_C));
      nd_release(a);
    }
    nd_npz_close(z);
  }
  for (int i = 0; i < n; i++) nd_release(arrays[i]);
}

/* Compressible data: the deflated archive is much smaller; both hold the same values. */
static void test_deflate_compresses(void **state) {
  (void)state;
  nd_array *a = nd_zeros(ND_FLOAT64, ND_SHAPE(200, 300), ND_C);
  nd_array *big = th_make(ND_INT64, 2, (const int64_t[]){400, 700}, TH_TRANSPOSED, 3);
  const char *names[] = {"zeros", "big"};
  const nd_array *arrays[] = {a, big};
  assert_int_equal(nd_savez(th_path(th_dir, "s.npz"), 2, names, arrays, false), ND_OK);
  assert_int_equal(nd_savez(th_path(th_dir, "d.npz"), 2, names, arrays, true), ND_OK);
  struct stat ss, sd;
  assert_int_equal(stat(th_path(th_dir, "s.npz"), &ss), 0);
  assert_int_equal(stat(th_path(th_dir, "d.npz"), &sd), 0);
  assert_true((size_t)ss.st_size > nd_nbytes(a) + nd_nbytes(big));
  assert_true(sd.st_size * 4 < ss.st_size);
  /* The members are stored / deflated as asked (libzip reads the method back). */
  for (int c = 0; c < 2; c++) {
    int err;
    zip_t *za = zip_open(th_path(th_dir, c ? "d.npz" : "s.npz"), ZIP_RDONLY, &err);
    assert_non_null(za);
    zip_stat_t st;
    assert_int_equal(zip_stat_index(za, 0, 0, &st), 0);
    assert_int_equal(st.comp_method, c ? ZIP_CM_DEFLATE : ZIP_CM_STORE);
    assert_string_equal(st.name, "zeros.npy");
    zip_discard(za);
    nd_npz *z = load_or_fail(th_path(th_dir, c ? "d.npz" : "s.npz"));
    nd_array *g = nd_npz_get(z, "big");
    th_assert_same_values(g, big);
    nd_release(g);
    nd_npz_close(z);
  }
  nd_release(big);
  nd_release(a);
}

/* The container's arrays survive the caller's scope, and handles from nd_npz_get
 * survive the container. */
static void test_container_ownership(void **state) {
  (void)state;
  nd_array *a = th_make(ND_FLOAT32, 2, (const int64_t[]){3, 4}, TH_C, 1);
  const char *names[] = {"x"};
  const nd_array *arrays[] = {a};
  assert_int_equal(nd_savez(th_path(th_dir, "o.npz"), 1, names, arrays, false), ND_OK);
  nd_scope_begin();
  nd_npz *z = load_or_fail(th_path(th_dir, "o.npz"));
  nd_array *inside = nd_npz_get(z, "x"); /* owned by the scope */
  th_assert_same_values(inside, a);
  nd_scope_end();
  nd_array *g = nd_npz_get(z, "x");
  th_assert_same_values(g, a);
  assert_true(nd_is_writeable(g));
  nd_npz_close(z);
  th_assert_same_values(g, a);
  nd_release(g);
  assert_int_equal(nd_npz_count(NULL), -1);
  assert_null(nd_npz_name(NULL, 0));
  nd_npz_close(NULL);
  nd_release(a);
}

static void test_lookup_errors(void **state) {
  (void)state;
  nd_array *a = nd_zeros(ND_INT8, ND_SHAPE(2), ND_C);
  const char *names[] = {"alpha", "beta"};
  const nd_array *arrays[] = {a, a};
  assert_int_equal(nd_savez(th_path(th_dir, "l.npz"), 2, names, arrays, true), ND_OK);
  nd_npz *z = load_or_fail(th_path(th_dir, "l.npz"));
  assert_null(nd_npz_name(z, 2));
  assert_null(nd_npz_name(z, -1));
  TH_EXPECT_ERROR(nd_npz_get(z, "gamma"), ND_ERR_VALUE, "npz_get: file '");
  TH_EXPECT_ERROR(nd_npz_get(z, "gamma"), ND_ERR_VALUE, "l.npz' has no array named 'gamma' (it has 'alpha', 'beta')");
  TH_EXPECT_ERROR(nd_npz_get(z, NULL), ND_ERR_NULL, "npz_get");
  TH_EXPECT_ERROR(nd_npz_get(NULL, "alpha"), ND_ERR_NULL, "npz_get");
  nd_npz_close(z);
  nd_release(a);
}

static void test_savez_errors(void **state) {
  (void)state;
  nd_array *a = nd_zeros(ND_INT8, ND_SHAPE(2), ND_C);
  const char *p = th_path(th_dir, "e.npz");
  const char *two[] = {"a", "a"}, *empty[] = {""}, *null_name[] = {NULL}, *one[] = {"a"};
  const nd_array *arrays[] = {a, a}, *null_array[] = {NULL};
  TH_EXPECT_ERROR(nd_savez(p, 2, two, arrays, false), ND_ERR_VALUE, "savez: the name 'a' is given twice");
  TH_EXPECT_ERROR(nd_savez(p, 1, empty, arrays, false), ND_ERR_VALUE, "the name of array 0 is empty");
  TH_EXPECT_ERROR(nd_savez(p, -1, one, arrays, false), ND_ERR_VALUE, "negative array count");
  TH_EXPECT_ERROR(nd_savez(p, 1, null_name, arrays, false), ND_ERR_NULL, "savez");
  TH_EXPECT_ERROR(nd_savez(p, 1, one, null_array, false), ND_ERR_NULL, "savez");
  TH_EXPECT_ERROR(nd_savez(p, 1, NULL, arrays, false), ND_ERR_NULL, "savez");
  TH_EXPECT_ERROR(nd_savez(NULL, 1, one, arrays, false), ND_ERR_NULL, "savez");
  TH_EXPECT_ERROR(nd_savez(th_path(th_dir, "no/th_dir/x.npz"), 1, one, arrays, false), ND_ERR_IO, "savez: file '");
  TH_EXPECT_ERROR(nd_savez(th_path(th_dir, "no/th_dir/x.npz"), 0, NULL, NULL, false), ND_ERR_IO, "cannot open for writing");
  nd_release(a);
}

/* ---- malformed archives ------------------------------------------------------------- */

static void expect_bad_zip(const unsigned char *bytes, size_t len, const char *fragment) {
  unsigned char *exact = malloc(len ? len : 1);
  if (len) memcpy(exact, bytes, len);
  nd_clear_error();
  nd_npz *z = ndi_npz_load_buffer("load_npz", "crafted.npz", exact, len);
  if (z) fail_msg("accepted a malformed archive (expected \"%s\")", fragment);
  th_assert_error(ND_ERR_IO, fragment);
  th_assert_error(ND_ERR_IO, "load_npz: file 'crafted.npz'");
  free(exact);
}

/* An archive with the given members, written by libzip directly (stored). */
static unsigned char *make_zip(int n, const char *const *names, const void *const *data,
                               const size_t *lens, size_t *len) {
  const char *p = th_path(th_dir, "made.zip");
  int err;
  zip_t *za = zip_open(p, ZIP_CREATE | ZIP_TRUNCATE, &err);
  assert_non_null(za);
  for (int i = 0; i < n; i++) {
    zip_source_t *s = zip_source_buffer(za, data[i], lens[i], 0);
    zip_int64_t idx = zip_file_add(za, names[i], s, 0);
    assert_true(idx >= 0);
    zip_set_file_compression(za, (zip_uint64_t)idx, ZIP_CM_STORE, 0);
  }
  assert_int_equal(zip_close(za), 0);
  unsigned char *b = th_read_file(p, len);
  assert_non_null(b);
  return b;
}

static unsigned char *npy_of(const nd_array *a, size_t *len) {
  assert_int_equal(nd_save_npy(th_path(th_dir, "member.npy"), a), ND_OK);
  unsigned char *b = th_read_file(th_path(th_dir, "member.npy"), len);
  assert_non_null(b);
  return b;
}

static void test_truncated_at_every_offset(void **state) {
  (void)state;
  nd_array *a = th_make(ND_FLOAT64, 2, (const int64_t[]){3, 5}, TH_C, 1);
  nd_array *b = th_make(ND_INT16, 1, (const int64_t[]){9}, TH_C, 2);
  const char *names[] = {"a", "b"};
  const nd_array *arrays[] = {a, b};
  for (int c = 0; c < 2; c++) {
    const char *p = th_path(th_dir, "t.npz");
    assert_int_equal(nd_savez(p, 2, names, arrays, c), ND_OK);
    size_t len;
    unsigned char *bytes = th_read_file(p, &len);
    assert_non_null(bytes);
    for (size_t cut = 0; cut < len; cut++) expect_bad_zip(bytes, cut, "load_npz");
    nd_npz *z = ndi_npz_load_buffer("load_npz", "crafted.npz", bytes, len);
    assert_non_null(z);
    assert_int_equal(nd_npz_count(z), 2);
    nd_npz_close(z);
    free(bytes);
  }
  nd_release(b);
  nd_release(a);
}

static void test_malformed_archives(void **state) {
  (void)state;
  nd_array *a = th_make(ND_INT32, 1, (const int64_t[]){6}, TH_C, 1);
  size_t nlen;
  unsigned char *npy = npy_of(a, &nlen);
  /* Not a zip at all: a .npy file. */
  expect_bad_zip(npy, nlen, "not a readable zip archive");
  /* A member that is not a .npy file. */
  {
    const char *names[] = {"a.npy", "notes.txt"};
    const void *data[] = {npy, "hello"};
    const size_t lens[] = {nlen, 5};
    size_t len;
    unsigned char *z = make_zip(2, names, data, lens, &len);
    expect_bad_zip(z, len, "member 'notes.txt': not a .npy file");
    free(z);
  }
  /* A member named .npy that is not one, a truncated one, one with a bad header. */
  {
    unsigned char *bad = malloc(nlen);
    memcpy(bad, npy, nlen);
    bad[30] = '#';
    const char *names[] = {"a.npy", "b.npy"};
    const void *data[][2] = {{npy, "garbage!"}, {npy, npy}, {npy, bad}};
    const size_t lens[][2] = {{nlen, 8}, {nlen, nlen - 1}, {nlen, nlen}};
    const char *frags[] = {"member 'b.npy': not a .npy file (the magic",
                           "member 'b.npy': truncated file", "member 'b.npy': malformed header"};
    for (int k = 0; k < 3; k++) {
      size_t len;
      unsigned char *z = make_zip(2, names, data[k], lens[k], &len);
      expect_bad_zip(z, len, frags[k]);
      free(z);
    }
    free(bad);
  }
  /* ".npy" alone has no key. */
  {
    const char *names[] = {".npy"};
    const void *data[] = {npy};
    size_t len;
    unsigned char *z = make_zip(1, names, data, &nlen, &len);
    expect_bad_zip(z, len, "member '.npy': not a .npy file");
    free(z);
  }
  /* A corrupted data byte in a stored member: the CRC check catches it. */
  {
    const char *names[] = {"a.npy"};
    const void *data[] = {npy};
    size_t len;
    unsigned char *z = make_zip(1, names, data, &nlen, &len);
    unsigned char *hit = memmem(z, len, npy + nlen - 8, 8);
    assert_non_null(hit);
    hit[0] ^= 0x40;
    expect_bad_zip(z, len, "member 'a.npy'");
    free(z);
  }
  /* A forged uncompressed size (local and central headers agree): refused before any
   * allocation of that size. */
  {
    const char *names[] = {"a.npy"};
    const void *data[] = {npy};
    size_t len;
    unsigned char *z = make_zip(1, names, data, &nlen, &len);
    unsigned char *local = memmem(z, len, "PK\3\4", 4), *central = memmem(z, len, "PK\1\2", 4);
    assert_non_null(local);
    assert_non_null(central);
    memcpy(local + 22, "\xff\xff\xff\x7f", 4);
    memcpy(central + 24, "\xff\xff\xff\x7f", 4);
    expect_bad_zip(z, len, "member 'a.npy': the member's recorded size (2147483647 bytes) cannot come from its");
    free(z);
  }
  /* Two members with the same name (renamed in the bytes: libzip refuses to write it). */
  {
    const char *names[] = {"a.npy", "b.npy"};
    const void *data[] = {npy, npy};
    const size_t lens[] = {nlen, nlen};
    size_t len;
    unsigned char *z = make_zip(2, names, data, lens, &len);
    for (unsigned char *q = z; (q = memmem(q, len - (size_t)(q - z), "b.npy", 5)); q += 5) q[0] = 'a';
    expect_bad_zip(z, len, "load_npz");
    free(z);
  }
  free(npy);
  nd_release(a);
}

static void test_path_errors(void **state) {
  (void)state;
  TH_EXPECT_ERROR(nd_load_npz(th_path(th_dir, "missing.npz")), ND_ERR_IO, "load_npz: file '");
  TH_EXPECT_ERROR(nd_load_npz(th_path(th_dir, "missing.npz")), ND_ERR_IO, "cannot open for reading: No such file");
  TH_EXPECT_ERROR(nd_load_npz(th_dir), ND_ERR_IO, "is a directory");
  th_write_file(th_path(th_dir, "empty.npz"), "", 0);
  TH_EXPECT_ERROR(nd_load_npz(th_path(th_dir, "empty.npz")), ND_ERR_IO, "not a readable zip archive: the file is empty");
  TH_EXPECT_ERROR(nd_load_npz(NULL), ND_ERR_NULL, "load_npz");
  TH_EXPECT_ERROR(ndi_npz_load_buffer("load_npz", "crafted.npz", NULL, 0), ND_ERR_IO, "not a readable zip");
}

/* A fixed sequence of random mutations (bit flips, random bytes, header characters, cuts)
 * of valid files: each result loads or fails with ND_ERR_IO, never anything else, and
 * never reads outside the exactly sized buffer (ASan). A smoke test; fuzz/ goes further. */
static void mutate_and_load(const unsigned char *orig, size_t n, int iterations) {
  for (int it = 0; it < iterations; it++) {
    size_t len;
    unsigned char *b = th_mutate(orig, n, &len);
    nd_clear_error();
    nd_npz *r = ndi_npz_load_buffer("load_npz", "mutated.npz", b, len);
    if (!r && nd_last_status() != ND_ERR_IO)
      fail_msg("mutation %d: %s (%s)", it, nd_status_name(nd_last_status()), nd_last_error());
    nd_npz_close(r);
    free(b);
  }
}

static void test_random_mutations(void **state) {
  (void)state;
  nd_array *a = th_make(ND_FLOAT64, 1, (const int64_t[]){10}, TH_C, 1);
  nd_array *b = th_make(ND_BOOL, 2, (const int64_t[]){2, 2}, TH_F, 2);
  const char *names[] = {"a", "b"};
  const nd_array *arrays[] = {a, b};
  for (int c = 0; c < 2; c++) {
    assert_int_equal(nd_savez(th_path(th_dir, "m.npz"), 2, names, arrays, c), ND_OK);
    size_t len;
    unsigned char *bytes = th_read_file(th_path(th_dir, "m.npz"), &len);
    assert_non_null(bytes);
    mutate_and_load(bytes, len, 3000);
    free(bytes);
  }
  nd_release(b);
  nd_release(a);
}

static void test_allocation_failures(void **state) {
  (void)state;
  nd_array *a = th_make(ND_FLOAT64, 2, (const int64_t[]){3, 4}, TH_STEPPED, 1);
  nd_array *b = th_make(ND_BOOL, 1, (const int64_t[]){5}, TH_C, 2);
  const char *names[] = {"a", "b"};
  const nd_array *arrays[] = {a, b};
  const char *p = th_path(th_dir, "alloc.npz");
  assert_int_equal(nd_savez(p, 2, names, arrays, true), ND_OK);
  for (int which = 0; which < 2; which++) {
    ndi_alloc_fail_after(-1);
    if (which == 0) nd_npz_close(nd_load_npz(p));
    else assert_int_equal(nd_savez(th_path(th_dir, "alloc2.npz"), 2, names, arrays, true), ND_OK);
    long n = ndi_alloc_fail_after(-1);
    assert_true(n > 0);
    for (long k = 0; k < n; k++) {
      nd_clear_error();
      ndi_alloc_fail_after(k);
      if (which == 0) assert_null(nd_load_npz(p));
      else assert_int_equal(nd_savez(th_path(th_dir, "alloc2.npz"), 2, names, arrays, true), ND_ERR_NOMEM);
      ndi_alloc_fail_after(-1);
      assert_int_equal(nd_last_status(), ND_ERR_NOMEM);
    }
  }
  nd_release(b);
  nd_release(a);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_roundtrip_every_dtype_and_layout),
      cmocka_unit_test(test_deflate_compresses),
      cmocka_unit_test(test_container_ownership),
      cmocka_unit_test(test_lookup_errors),
      cmocka_unit_test(test_savez_errors),
      cmocka_unit_test(test_truncated_at_every_offset),
      cmocka_unit_test(test_malformed_archives),
      cmocka_unit_test(test_path_errors),
      cmocka_unit_test(test_random_mutations),
      cmocka_unit_test(test_allocation_failures),
  };
  return cmocka_run_group_tests(tests, th_dir_setup, th_dir_teardown);
}
