/* .npy files: round trips on every layout and dtype, the header nd writes, chunked
 * writing of views, memory-mapped loads, and malformed files of every kind (through the
 * buffer parser the fuzzers use, on exactly sized heap copies so ASan sees any over-read). */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/alloc.h"
#include "helpers.h"
#include "io/npy_parse.h"

static unsigned char *saved_bytes(const nd_array *a, size_t *len) {
  const char *p = th_path(th_dir, "bytes.npy");
  if (nd_save_npy(p, a)) fail_msg("%s", nd_last_error());
  unsigned char *b = th_read_file(p, len);
  assert_non_null(b);
  return b;
}

/* A file made by hand: magic, version, length field, the header text as given, data. */
static unsigned char *make_npy(int major, int minor, const char *header, const void *data,
                               size_t dlen, size_t *len) {
  size_t fixed = major == 1 ? 10 : 12, hl = strlen(header);
  *len = fixed + hl + dlen;
  unsigned char *b = malloc(*len);
  memcpy(b, "\x93NUMPY", 6);
  b[6] = (unsigned char)major;
  b[7] = (unsigned char)minor;
  for (size_t i = 0; i < fixed - 8; i++) b[8 + i] = (unsigned char)(hl >> (8 * i));
  memcpy(b + fixed, header, hl);
  if (dlen) memcpy(b + fixed + hl, data, dlen);
  return b;
}

/* The buffer parser must fail with ND_ERR_IO, name the buffer and contain `fragment`. */
static void expect_bad(const unsigned char *bytes, size_t len, const char *fragment) {
  unsigned char *exact = malloc(len ? len : 1);
  if (len) memcpy(exact, bytes, len);
  nd_clear_error();
  nd_array *a = ndi_npy_load_buffer("load_npy", "crafted.npy", exact, len);
  if (a) fail_msg("accepted a malformed file (expected \"%s\")", fragment);
  th_assert_error(ND_ERR_IO, fragment);
  th_assert_error(ND_ERR_IO, "load_npy: file 'crafted.npy': ");
  free(exact);
}

static void expect_bad_header(const char *header, const char *fragment) {
  static const double data[16] = {0};
  size_t len;
  unsigned char *b = make_npy(1, 0, header, data, sizeof data, &len);
  expect_bad(b, len, fragment);
  free(b);
}

static nd_array *load_buffer(const unsigned char *b, size_t len) {
  nd_array *a = ndi_npy_load_buffer("load_npy", "crafted.npy", b, len);
  if (!a) fail_msg("%s", nd_last_error());
  return a;
}

/* ---- round trips -------------------------------------------------------------------- */

static void roundtrip(nd_array *a) {
  const char *p = th_path(th_dir, "rt.npy");
  if (nd_save_npy(p, a)) fail_msg("%s", nd_last_error());
  bool want_f = nd_is_contiguous(a, ND_F) && !nd_is_contiguous(a, ND_C);
  nd_array *b = nd_load_npy(p);
  nd_array *m = nd_load_npy_mmap(p);
  if (!b || !m) fail_msg("%s", nd_last_error());
  th_assert_same_values(b, a);
  th_assert_same_values(m, a);
  assert_int_equal(nd_dtype_of(b), nd_dtype_of(a));
  assert_true(nd_is_contiguous(b, want_f ? ND_F : ND_C));
  assert_true(nd_is_contiguous(m, want_f ? ND_F : ND_C));
  assert_true(nd_is_writeable(b));
  assert_false(nd_is_writeable(m));
  nd_release(m);
  nd_release(b);
}

static void test_roundtrip_every_dtype_and_layout(void **state) {
  (void)state;
  static const int64_t s3[] = {2, 3, 4}, s1[] = {5}, s0[] = {0, 3}, s0b[] = {3, 0, 2};
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      const struct { int nd; const int64_t *sh; } shapes[] = {{3, s3}, {1, s1}, {0, NULL},
                                                              {2, s0}, {3, s0b}};
      for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        nd_array *a = th_make(t, shapes[k].nd, shapes[k].sh, (th_layout)L, 3u + (unsigned)d);
        assert_non_null(a);
        roundtrip(a);
        nd_release(a);
      }
    }
  }
}

/* Views written in several chunks of the stream (1 MiB each): split along the first axis,
 * along the last axis (rows longer than a chunk), and a 1-D view. */
static void test_roundtrip_large_views(void **state) {
  (void)state;
  nd_array *a = th_make(ND_FLOAT64, 2, (const int64_t[]){300, 700}, TH_STEPPED, 1);
  nd_array *b = th_make(ND_COMPLEX128, 2, (const int64_t[]){3, 100000}, TH_NEGATIVE, 2);
  nd_array *c = th_make(ND_FLOAT32, 1, (const int64_t[]){400000}, TH_STEPPED, 3);
  nd_array *d = th_make(ND_INT16, 3, (const int64_t[]){40, 50, 300}, TH_BROADCAST, 4);
  roundtrip(a);
  roundtrip(b);
  roundtrip(c);
  roundtrip(d);
  nd_release(d);
  nd_release(c);
  nd_release(b);
  nd_release(a);
}

/* Contiguous arrays (C, F, a transposed C array) are written from their own memory: no
 * allocation at all, and the file's data bytes are the array's bytes. Views need one
 * scratch buffer. */
static void test_contiguous_written_without_copy(void **state) {
  (void)state;
  const int64_t sh[] = {3, 4, 5};
  for (int L = 0; L <= TH_STEPPED; L++) {
    nd_array *a = th_make(ND_FLOAT64, 3, sh, (th_layout)L, 9);
    ndi_alloc_fail_after(-1);
    assert_int_equal(nd_save_npy(th_path(th_dir, "c.npy"), a), ND_OK);
    long allocs = ndi_alloc_fail_after(-1);
    assert_int_equal(allocs, L == TH_STEPPED ? 1 : 0);
    size_t len;
    unsigned char *b = th_read_file(th_path(th_dir, "c.npy"), &len);
    assert_non_null(b);
    bool fortran = L == TH_F || L == TH_TRANSPOSED;
    assert_non_null(strstr((char *)b + 10, fortran ? "'fortran_order': True" : "'fortran_order': False"));
    if (L != TH_STEPPED) assert_memory_equal(b + len - nd_nbytes(a), nd_data(a), nd_nbytes(a));
    free(b);
    nd_release(a);
  }
}

/* The header is NumPy's: version 1.0, native byte order, padded to 64 bytes with spaces,
 * ending in a newline. */
static void test_header_format(void **state) {
  (void)state;
  static const struct { nd_dtype t; int nd; int64_t sh[3]; nd_order o; const char *dict; } cases[] = {
      {ND_FLOAT64, 2, {2, 3}, ND_C, "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }"},
      {ND_INT32, 3, {4, 1, 2}, ND_F, "{'descr': '<i4', 'fortran_order': True, 'shape': (4, 1, 2), }"},
      {ND_BOOL, 1, {5}, ND_C, "{'descr': '|b1', 'fortran_order': False, 'shape': (5,), }"},
      {ND_COMPLEX64, 0, {0}, ND_C, "{'descr': '<c8', 'fortran_order': False, 'shape': (), }"},
      {ND_UINT8, 2, {0, 7}, ND_F, "{'descr': '|u1', 'fortran_order': False, 'shape': (0, 7), }"},
      {ND_COMPLEX128, 1, {3}, ND_C, "{'descr': '<c16', 'fortran_order': False, 'shape': (3,), }"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    nd_array *a = nd_zeros(cases[i].t, cases[i].nd, cases[i].sh, cases[i].o);
    size_t len;
    unsigned char *b = saved_bytes(a, &len);
    assert_memory_equal(b, "\x93NUMPY\x01\x00", 8);
    size_t hlen = b[8] | (size_t)b[9] << 8;
    assert_int_equal((10 + hlen) % 64, 0);
    assert_int_equal(len, 10 + hlen + nd_nbytes(a));
    assert_int_equal(b[10 + hlen - 1], '\n');
    size_t dl = strlen(cases[i].dict);
    assert_memory_equal(b + 10, cases[i].dict, dl);
    for (size_t k = 10 + dl; k < 10 + hlen - 1; k++) assert_int_equal(b[k], ' ');
    free(b);
    nd_release(a);
  }
}

/* The public header functions agree with what nd_save_npy writes and nd_load_npy reads. */
static void test_public_header_functions(void **state) {
  (void)state;
  static const struct { nd_dtype t; int nd; int64_t sh[3]; nd_order o; } cases[] = {
      {ND_FLOAT64, 2, {2, 3}, ND_C}, {ND_COMPLEX64, 2, {3, 5}, ND_F},
      {ND_INT16, 3, {4, 1, 2}, ND_C}, {ND_BOOL, 0, {0}, ND_C}, {ND_FLOAT32, 1, {0}, ND_C},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    nd_array *a = nd_zeros(cases[i].t, cases[i].nd, cases[i].sh, cases[i].o);
    bool fortran = cases[i].o == ND_F;
    size_t len;
    unsigned char *b = saved_bytes(a, &len);
    char hdr[ND_NPY_HEADER_MAX];
    size_t hl = nd_npy_format_header(cases[i].t, cases[i].nd, cases[i].sh, fortran, hdr, sizeof hdr);
    assert_int_equal(hl, len - nd_nbytes(a));
    assert_memory_equal(hdr, b, hl);
    nd_npy_header h;
    assert_int_equal(nd_npy_read_header(th_path(th_dir, "bytes.npy"), &h), ND_OK);
    assert_int_equal(h.dtype, cases[i].t);
    assert_int_equal(h.fortran_order, fortran);
    assert_false(h.byteswapped);
    assert_int_equal(h.data_offset, (int64_t)hl);
    th_assert_shape(a, h.ndim, h.shape);
    free(b);
    nd_release(a);
  }
  /* a big-endian file NumPy wrote: the flag says the data needs swapping */
  static const unsigned char be[8] = {0x3f, 0xf0, 0, 0, 0, 0, 0, 0};
  size_t len;
  unsigned char *b = make_npy(1, 0, "{'descr': '>f8', 'fortran_order': False, 'shape': (1,), }\n", be, 8, &len);
  th_write_file(th_path(th_dir, "be.npy"), b, len);
  nd_npy_header h;
  assert_int_equal(nd_npy_read_header(th_path(th_dir, "be.npy"), &h), ND_OK);
  assert_true(h.byteswapped);
  assert_int_equal(h.data_offset, (int64_t)(len - 8));
  /* the same checks as the loader: a file cut short is refused */
  th_write_file(th_path(th_dir, "cut.npy"), b, len - 1);
  TH_EXPECT_ERROR(nd_npy_read_header(th_path(th_dir, "cut.npy"), &h), ND_ERR_IO,
                  "npy_read_header: file '");
  TH_EXPECT_ERROR(nd_npy_read_header(th_path(th_dir, "cut.npy"), &h), ND_ERR_IO, "truncated file");
  free(b);
  TH_EXPECT_ERROR(nd_npy_read_header(NULL, &h), ND_ERR_NULL, "npy_read_header: argument path is NULL");
  TH_EXPECT_ERROR(nd_npy_read_header(th_path(th_dir, "be.npy"), NULL), ND_ERR_NULL, "argument out is NULL");
  char small[16];
  TH_EXPECT_ERROR(nd_npy_format_header(ND_FLOAT64, ND_SHAPE(2, 3), false, small, sizeof small),
                  ND_ERR_VALUE, "npy_format_header: the header needs 128 bytes, the buffer has 16");
  char hdr[ND_NPY_HEADER_MAX];
  TH_EXPECT_ERROR(nd_npy_format_header(ND_FLOAT64, ND_SHAPE(2, -3), false, hdr, sizeof hdr),
                  ND_ERR_VALUE, "negative extent -3 (axis 1)");
  TH_EXPECT_ERROR(nd_npy_format_header((nd_dtype)99, ND_SHAPE(2), false, hdr, sizeof hdr),
                  ND_ERR_TYPE, "npy_format_header");
  TH_EXPECT_ERROR(nd_npy_format_header(ND_FLOAT64, ND_SHAPE(2), false, NULL, 0), ND_ERR_NULL,
                  "npy_format_header");
}

/* ---- what the parser accepts -------------------------------------------------------- */

static void test_accepts_numpy_variants(void **state) {
  (void)state;
  const int32_t le[6] = {1, -2, 3, -4, 5, 600000};
  unsigned char be[24];
  for (int i = 0; i < 6; i++)
    for (int k = 0; k < 4; k++) be[4 * i + k] = (unsigned char)((uint32_t)le[i] >> (8 * (3 - k)));
  nd_array *want = nd_from_data(ND_INT32, ND_SHAPE(2, 3), le, ND_C);
  nd_array *want_f = nd_from_data(ND_INT32, ND_SHAPE(2, 3), le, ND_F);
  static const struct { int major; const char *h; bool big, fortran; } cases[] = {
      {1, "{'descr': '>i4', 'fortran_order': False, 'shape': (2, 3), }\n", true, false},
      {1, "{'descr': '>i4', 'fortran_order': True, 'shape': (2, 3), }\n", true, true},
      {1, "{\"shape\": (2,3), \"fortran_order\": False, \"descr\": \"<i4\"}", false, false},
      {1, "{'descr':'=i4','fortran_order':True,'shape':(2,3,)}   \n", false, true},
      {1, "{'descr': '|i4', 'fortran_order': False, 'shape': (2L, 3L), }\n", false, false},
      {1, "{ 'descr' : 'i4' ,\n 'fortran_order' : False ,\n 'shape' : ( 2 , 3 ) ,\n }\n", false, false},
      {2, "{'descr': '>i4', 'fortran_order': False, 'shape': (2, 3), }\n", true, false},
      {3, "{'descr': '<i4', 'fortran_order': True, 'shape': (2, 3), }\n", false, true},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    size_t len;
    unsigned char *b = make_npy(cases[i].major, 0, cases[i].h, cases[i].big ? (const void *)be : le,
                                24, &len);
    nd_array *a = load_buffer(b, len);
    th_assert_same_values(a, cases[i].fortran ? want_f : want);
    assert_true(nd_is_contiguous(a, cases[i].fortran ? ND_F : ND_C));
    nd_release(a);
    free(b);
  }
  /* Complex data swaps each component; bool is '?' or 'b1'. */
  const float z[4] = {1.5f, -2.0f, 0.25f, 8.0f};
  unsigned char zb[16];
  for (int i = 0; i < 4; i++) {
    uint32_t u;
    memcpy(&u, &z[i], 4);
    for (int k = 0; k < 4; k++) zb[4 * i + k] = (unsigned char)(u >> (8 * (3 - k)));
  }
  size_t len;
  unsigned char *b = make_npy(1, 0, "{'descr': '>c8', 'fortran_order': False, 'shape': (2,), }", zb, 16, &len);
  nd_array *a = load_buffer(b, len);
  double re, im;
  assert_int_equal(nd_get_complex(a, (const int64_t[]){1}, &re, &im), ND_OK);
  assert_true(re == 0.25 && im == 8.0);
  nd_release(a);
  free(b);
  const unsigned char bools[3] = {1, 0, 1};
  b = make_npy(1, 0, "{'descr': '?', 'fortran_order': False, 'shape': (3,), }", bools, 3, &len);
  a = load_buffer(b, len);
  assert_int_equal(nd_dtype_of(a), ND_BOOL);
  nd_release(a);
  free(b);
  nd_release(want_f);
  nd_release(want);
}

/* ---- malformed files ---------------------------------------------------------------- */

static void test_truncated_at_every_offset(void **state) {
  (void)state;
  nd_array *arrays[] = {
      th_make(ND_FLOAT64, 3, (const int64_t[]){2, 3, 4}, TH_C, 1),
      th_make(ND_COMPLEX128, 2, (const int64_t[]){3, 2}, TH_F, 2),
      th_make(ND_BOOL, 0, NULL, TH_C, 3),
      th_make(ND_INT8, 2, (const int64_t[]){0, 3}, TH_C, 4),
  };
  for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; i++) {
    size_t len;
    unsigned char *b = saved_bytes(arrays[i], &len);
    for (size_t cut = 0; cut < len; cut++) expect_bad(b, cut, "truncated");
    /* One byte too many: the header or the shape is wrong. */
    unsigned char *longer = malloc(len + 1);
    memcpy(longer, b, len);
    longer[len] = 0;
    expect_bad(longer, len + 1, "bytes after the header");
    free(longer);
    nd_array *whole = load_buffer(b, len);
    th_assert_same_values(whole, arrays[i]);
    nd_release(whole);
    free(b);
    nd_release(arrays[i]);
  }
  /* Version 2.0 (a 4-byte length field), cut everywhere too. */
  const double v[3] = {1, 2, 3};
  size_t len;
  unsigned char *b = make_npy(2, 0, "{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }\n", v, sizeof v, &len);
  for (size_t cut = 0; cut < len; cut++) expect_bad(b, cut, "truncated");
  free(b);
}

static void test_header_length_lies(void **state) {
  (void)state;
  nd_array *a = th_make(ND_FLOAT64, 1, (const int64_t[]){4}, TH_C, 1);
  size_t len;
  unsigned char *b = saved_bytes(a, &len);
  size_t hlen = b[8] | (size_t)b[9] << 8;
  /* Longer than the file. */
  b[8] = 0xff;
  b[9] = 0xff;
  expect_bad(b, len, "the header length says the data starts at byte 65545");
  /* Longer by 8: the header swallows data, and the data is short. */
  b[8] = (unsigned char)((hlen + 8) & 0xff);
  b[9] = (unsigned char)((hlen + 8) >> 8);
  expect_bad(b, len, "only spaces and a newline after the dictionary");
  /* Shorter: the dictionary is cut. */
  b[8] = 30;
  b[9] = 0;
  expect_bad(b, len, "malformed header");
  /* Shorter by a few spaces of padding: the data seems longer than the shape. */
  b[8] = (unsigned char)((hlen - 8) & 0xff);
  b[9] = (unsigned char)((hlen - 8) >> 8);
  expect_bad(b, len, "the header length or the shape is wrong");
  free(b);
  nd_release(a);
}

static void test_malformed_headers(void **state) {
  (void)state;
  static const struct { const char *header, *fragment; } cases[] = {
      {"{'descr': '<f1', 'fortran_order': False, 'shape': (2,), }", "unsupported dtype '<f1'"},
      {"{'descr': '<V4', 'fortran_order': False, 'shape': (2,), }", "unsupported dtype '<V4'"},
      {"{'descr': '<U5', 'fortran_order': False, 'shape': (2,), }", "unsupported dtype '<U5'"},
      {"{'descr': '|O', 'fortran_order': False, 'shape': (2,), }", "unsupported dtype '|O'"},
      {"{'descr': '<f16', 'fortran_order': False, 'shape': (2,), }", "unsupported dtype '<f16'"},
      {"{'descr': '<i3', 'fortran_order': False, 'shape': (2,), }", "unsupported dtype '<i3'"},
      {"{'descr': '', 'fortran_order': False, 'shape': (2,), }", "unsupported dtype ''"},
      {"{'descr': '<M8[ns]', 'fortran_order': False, 'shape': (2,), }", "unsupported dtype"},
      {"{'descr': [('a', '<f8')], 'fortran_order': False, 'shape': (2,), }", "structured"},
      {"{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296, 4), }", "more elements than fit"},
      /* empty, but the other extents' product must still fit (NumPy: "array is too big") */
      {"{'descr': '<f8', 'fortran_order': False, 'shape': (0, 9223372036854775807, 9223372036854775807), }", "more elements than fit"},
      {"{'descr': '<f8', 'fortran_order': False, 'shape': (1152921504606846976,), }", "more bytes of float64"},
      {"{'descr': '<f8', 'fortran_order': False, 'shape': (99999999999999999999,), }", "does not fit in 64 bits"},
      {"{'descr': '<f8', 'fortran_order': False, 'shape': (1000,), }", "truncated file: shape [1000] of float64 needs 8000 bytes"},
      {"{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }", "the header length or the shape is wrong"},
      {"{'descr': '<f8', 'fortran_order': Maybe, 'shape': (2,), }", "True or False"},
      {"{'descr': '<f8', 'fortran_order': 0, 'shape': (2,), }", "True or False"},
      {"{'descr': '<f8', 'fortran_order': Truely, 'shape': (2,), }", "True or False"},
      {"{'descr': '<f8', 'shape': (2,), }", "lacks 'fortran_order'"},
      {"{'fortran_order': False, 'shape': (2,), }", "lacks 'descr'"},
      {"{'descr': '<f8', 'fortran_order': False}", "lacks 'shape'"},
      {"{'descr': '<f8', 'fortran_order': False, 'shape': (2,), 'extra': 1}", "unexpected key 'extra'"},
      {"{'descr': '<f8', 'descr': '<f8', 'fortran_order': False, 'shape': (2,)}", "appears twice"},
      {"{'descr': '<f8', 'fortran_order': False, 'shape': (-1,), }", "non-negative integer"},
      {"{'descr': '<f8', 'fortran_order': False, 'shape': (2), }", "a 1-tuple needs a trailing comma"},
      {"{'descr': '<f8', 'fortran_order': False, 'shape': [2], }", "a tuple"},
      {"{'descr': '<f8', 'fortran_order': False, 'shape': (2 3), }", "',' or ')'"},
      {"{'descr': '<f8', 'fortran_order': False, 'shape': (2.5,), }", "',' or ')'"},
      {"{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }x", "'x' at byte"},
      {"{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }\n\x01", "0x01 at byte"},
      {"{'descr' '<f8', 'fortran_order': False, 'shape': (2,), }", "':' after a key"},
      {"{'descr': '<f8, 'fortran_order': False, 'shape': (2,), }", "unsupported dtype '<f8, '"},
      {"{'descr': '<f8', 'fortran_order': False, 'shape': (2,) ", "ends where"},
      {"{'descr': 'a\\'b', 'fortran_order': False, 'shape': (2,), }", "the end of the string"},
      {"{descr: '<f8'}", "a quoted string"},
      {"['descr', '<f8']", "'{' opening"},
      {"", "ends where '{' opening"},
      {"{'descr': '<f8' 'fortran_order': False}", "',' or '}'"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) expect_bad_header(cases[i].header, cases[i].fragment);
  /* 65 dimensions: more than nd's limit. */
  char h[512] = "{'descr': '<f8', 'fortran_order': False, 'shape': (";
  for (int i = 0; i < 65; i++) strcat(h, "1, ");
  strcat(h, "), }");
  expect_bad_header(h, "more than 64 dimensions");
  /* A NUL in the padding. */
  size_t len;
  static const double two[2] = {0};
  unsigned char *z = make_npy(1, 0, "{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }X", two, 16, &len);
  z[len - 17] = 0;
  expect_bad(z, len, "0x00 at byte 57");
  free(z);
  /* Magic, version. */
  unsigned char *b = make_npy(1, 0, "{'descr': '<f8', 'fortran_order': False, 'shape': (), }", "\0\0\0\0\0\0\0\0", 8, &len);
  b[1] = 'n';
  expect_bad(b, len, "not a .npy file");
  b[1] = 'N';
  b[6] = 4;
  expect_bad(b, len, "unsupported .npy format version 4.0");
  b[6] = 1;
  b[7] = 1;
  expect_bad(b, len, "unsupported .npy format version 1.1");
  free(b);
}

static void test_bool_data_checked(void **state) {
  (void)state;
  const unsigned char bytes[4] = {1, 0, 2, 1};
  size_t len;
  unsigned char *b = make_npy(1, 0, "{'descr': '|b1', 'fortran_order': False, 'shape': (4,), }", bytes, 4, &len);
  expect_bad(b, len, "bool data holds the byte 0x02 (flat element 2)");
  th_write_file(th_path(th_dir, "bad_bool.npy"), b, len);
  TH_EXPECT_ERROR(nd_load_npy(th_path(th_dir, "bad_bool.npy")), ND_ERR_IO, "byte 0x02");
  TH_EXPECT_ERROR(nd_load_npy_mmap(th_path(th_dir, "bad_bool.npy")), ND_ERR_IO, "byte 0x02");
  free(b);
}

static void test_path_and_argument_errors(void **state) {
  (void)state;
  const char *missing = th_path(th_dir, "missing.npy");
  TH_EXPECT_ERROR(nd_load_npy(missing), ND_ERR_IO, "load_npy: file '");
  TH_EXPECT_ERROR(nd_load_npy(missing), ND_ERR_IO, "missing.npy': cannot open for reading: No such file");
  TH_EXPECT_ERROR(nd_load_npy(th_dir), ND_ERR_IO, "is a directory");
  TH_EXPECT_ERROR(nd_load_npy("/dev/null"), ND_ERR_IO, "is not a regular file");
  TH_EXPECT_ERROR(nd_load_npy_mmap(missing), ND_ERR_IO, "load_npy_mmap: file '");
  TH_EXPECT_ERROR(nd_load_npy_mmap(th_dir), ND_ERR_IO, "is a directory");
  th_write_file(th_path(th_dir, "empty.npy"), "", 0);
  TH_EXPECT_ERROR(nd_load_npy(th_path(th_dir, "empty.npy")), ND_ERR_IO, "truncated");
  TH_EXPECT_ERROR(nd_load_npy_mmap(th_path(th_dir, "empty.npy")), ND_ERR_IO, "the file is empty");
  nd_array *a = nd_zeros(ND_FLOAT64, ND_SHAPE(2), ND_C);
  TH_EXPECT_ERROR(nd_save_npy(th_path(th_dir, "no/such/th_dir.npy"), a), ND_ERR_IO, "cannot open for writing");
  struct stat st;
  if (stat("/dev/full", &st) == 0) /* a device that is always full: the write fails */
    TH_EXPECT_ERROR(nd_save_npy("/dev/full", a), ND_ERR_IO, "save_npy: file '/dev/full': write error");
  TH_EXPECT_ERROR(nd_save_npy(NULL, a), ND_ERR_NULL, "save_npy");
  TH_EXPECT_ERROR(nd_save_npy(th_path(th_dir, "x.npy"), NULL), ND_ERR_NULL, "save_npy");
  TH_EXPECT_ERROR(nd_load_npy(NULL), ND_ERR_NULL, "load_npy");
  TH_EXPECT_ERROR(nd_load_npy_mmap(NULL), ND_ERR_NULL, "load_npy_mmap");
  nd_release(a);
}

/* Saving over an existing file overwrites it in place and cuts it to the new length
 * (nd does not truncate at open): a longer old file leaves no tail, its permissions
 * stay, and a device that is not a regular file is written without being cut. */
static void test_overwrite_existing_file(void **state) {
  (void)state;
  nd_scope_begin();
  const char *p = th_path(th_dir, "over.npy");
  nd_array *big = th_make(ND_FLOAT64, ND_SHAPE(50, 40), TH_C, 1);
  nd_array *small = th_make(ND_INT16, ND_SHAPE(3), TH_C, 2);
  assert_int_equal(nd_save_npy(p, big), ND_OK);
  assert_int_equal(chmod(p, 0600), 0);
  assert_int_equal(nd_save_npy(p, small), ND_OK);
  size_t len;
  unsigned char *bytes = th_read_file(p, &len);
  assert_non_null(bytes);
  assert_int_equal(len, 128 + 3 * 2); /* the header pads to 64 bytes; no old tail */
  free(bytes);
  struct stat st;
  assert_int_equal(stat(p, &st), 0);
  assert_int_equal(st.st_mode & 0777, 0600);
  th_assert_same_values(nd_load_npy(p), small);
  assert_int_equal(nd_save_npy(p, big), ND_OK); /* and longer again */
  th_assert_same_values(nd_load_npy(p), big);
  assert_int_equal(nd_save_npy("/dev/null", big), ND_OK);
  nd_scope_end();
}

/* ---- memory maps -------------------------------------------------------------------- */

static bool mapped(const char *name) {
  FILE *f = fopen("/proc/self/maps", "r");
  if (!f) return false;
  char line[4096];
  bool found = false;
  while (!found && fgets(line, sizeof line, f)) found = strstr(line, name) != NULL;
  fclose(f);
  return found;
}

static void test_mmap_is_a_readonly_view(void **state) {
  (void)state;
  nd_array *a = th_make(ND_FLOAT64, 3, (const int64_t[]){3, 4, 5}, TH_F, 6);
  const char *p = th_path(th_dir, "mapped_view.npy");
  assert_int_equal(nd_save_npy(p, a), ND_OK);
  nd_array *m = nd_load_npy_mmap(p);
  assert_non_null(m);
  assert_true(mapped("mapped_view.npy"));
  assert_true(nd_is_contiguous(m, ND_F));
  th_assert_same_values(m, a);
  /* Writes are refused, and the flag cannot be turned back on. */
  TH_EXPECT_ERROR(nd_fill(m, 1.0), ND_ERR_READONLY, "fill: destination array is read-only (its memory is read-only)");
  TH_EXPECT_ERROR(nd_assign(m, a), ND_ERR_READONLY, "assign: destination array is read-only");
  TH_EXPECT_ERROR(nd_set_writeable(m, true), ND_ERR_READONLY, "read-only");
  /* Overwriting the mapped file in place would shrink the memory under the array. */
  TH_EXPECT_ERROR(nd_save_npy(p, m), ND_ERR_IO, "save_npy: file '");
  TH_EXPECT_ERROR(nd_save_npy(p, m), ND_ERR_IO, "mapped_view.npy': the file is memory-mapped by a live array");
  TH_EXPECT_ERROR(nd_save_npy(p, a), ND_ERR_IO, "memory-mapped by a live array");
  TH_EXPECT_ERROR(nd_tofile(p, a, ND_C), ND_ERR_IO, "tofile: file '");
  TH_EXPECT_ERROR(nd_tofile(p, m, ND_C), ND_ERR_IO, "memory-mapped by a live array");
  assert_int_equal(nd_save_npy(th_path(th_dir, "other.npy"), m), ND_OK);
  /* Views keep the mapping and its read-only state; copies are ordinary arrays. */
  nd_array *v = nd_index(m, "1, ::-1");
  nd_array *c = nd_copy(m, ND_C);
  nd_array *want_v_early = nd_index(a, "1, ::-1");
  assert_false(nd_is_writeable(v));
  TH_EXPECT_ERROR(nd_set_writeable(v, true), ND_ERR_READONLY, "read-only");
  assert_true(nd_is_writeable(c));
  nd_release(m);
  assert_true(mapped("mapped_view.npy")); /* the view still uses it */
  TH_EXPECT_ERROR(nd_save_npy(p, c), ND_ERR_IO, "memory-mapped by a live array");
  /* nd_savez replaces a file (a new one renamed over it): the view keeps the old data. */
  const char *names[] = {"c"};
  const nd_array *arrays[] = {c};
  assert_int_equal(nd_savez(p, 1, names, arrays, false), ND_OK);
  th_assert_same_values(v, want_v_early);
  th_assert_same_values(c, a);
  nd_array *want_v = nd_index(a, "1, ::-1");
  th_assert_same_values(v, want_v);
  nd_release(want_v);
  nd_release(want_v_early);
  nd_release(v);
  assert_false(mapped("mapped_view.npy")); /* unmapped with the last array */
  assert_int_equal(nd_save_npy(p, a), ND_OK); /* and free to be written again */
  nd_release(c);
  nd_release(a);
}

static void test_mmap_refuses_unaligned_data(void **state) {
  (void)state;
  /* 10 + 58 = 68 bytes before the data: not a multiple of 8. */
  const char *h = "{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }\n";
  const double v[2] = {1.5, 2.5};
  size_t len;
  unsigned char *b = make_npy(1, 0, h, v, sizeof v, &len);
  assert_int_not_equal((len - sizeof v) % 8, 0);
  th_write_file(th_path(th_dir, "unaligned.npy"), b, len);
  TH_EXPECT_ERROR(nd_load_npy_mmap(th_path(th_dir, "unaligned.npy")), ND_ERR_IO, "not aligned for float64");
  nd_array *a = nd_load_npy(th_path(th_dir, "unaligned.npy")); /* the copying load is fine */
  assert_non_null(a);
  double x;
  assert_int_equal(nd_get_double(a, (const int64_t[]){1}, &x), ND_OK);
  assert_true(x == 2.5);
  nd_release(a);
  free(b);
}

/* ---- allocation failures ------------------------------------------------------------ */

/* A fixed sequence of random mutations (bit flips, random bytes, header characters, cuts)
 * of valid files: each result loads or fails with ND_ERR_IO, never anything else, and
 * never reads outside the exactly sized buffer (ASan). A smoke test; fuzz/ goes further. */
static void mutate_and_load(const unsigned char *orig, size_t n, int iterations) {
  for (int it = 0; it < iterations; it++) {
    size_t len;
    unsigned char *b = th_mutate(orig, n, &len);
    nd_clear_error();
    nd_array *r = ndi_npy_load_buffer("load_npy", "mutated.npy", b, len);
    if (!r && nd_last_status() != ND_ERR_IO)
      fail_msg("mutation %d: %s (%s)", it, nd_status_name(nd_last_status()), nd_last_error());
    nd_release(r);
    free(b);
  }
}

static void test_random_mutations(void **state) {
  (void)state;
  nd_array *arrays[] = {
      th_make(ND_FLOAT64, 3, (const int64_t[]){2, 3, 4}, TH_C, 1),
      th_make(ND_INT16, 2, (const int64_t[]){3, 2}, TH_F, 2),
      th_make(ND_BOOL, 1, (const int64_t[]){7}, TH_C, 3),
  };
  for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; i++) {
    size_t len;
    unsigned char *b = saved_bytes(arrays[i], &len);
    mutate_and_load(b, len, 3000);
    free(b);
    nd_release(arrays[i]);
  }
}

static void test_allocation_failures(void **state) {
  (void)state;
  nd_array *a = th_make(ND_INT32, 2, (const int64_t[]){3, 4}, TH_STEPPED, 2);
  const char *p = th_path(th_dir, "alloc.npy");
  assert_int_equal(nd_save_npy(p, a), ND_OK);
  for (int which = 0; which < 3; which++) {
    ndi_alloc_fail_after(-1);
    nd_array *r = NULL;
    nd_status st = ND_OK;
    if (which == 0) r = nd_load_npy(p);
    else if (which == 1) r = nd_load_npy_mmap(p);
    else st = nd_save_npy(th_path(th_dir, "alloc2.npy"), a);
    long n = ndi_alloc_fail_after(-1);
    assert_true(n > 0);
    nd_release(r);
    for (long k = 0; k < n; k++) {
      nd_clear_error();
      ndi_alloc_fail_after(k);
      if (which == 0) r = nd_load_npy(p);
      else if (which == 1) r = nd_load_npy_mmap(p);
      else st = nd_save_npy(th_path(th_dir, "alloc2.npy"), a);
      ndi_alloc_fail_after(-1);
      if (which < 2) assert_null(r);
      else assert_int_equal(st, ND_ERR_NOMEM);
      assert_int_equal(nd_last_status(), ND_ERR_NOMEM);
    }
  }
  nd_release(a);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_roundtrip_every_dtype_and_layout),
      cmocka_unit_test(test_roundtrip_large_views),
      cmocka_unit_test(test_contiguous_written_without_copy),
      cmocka_unit_test(test_header_format),
      cmocka_unit_test(test_accepts_numpy_variants),
      cmocka_unit_test(test_truncated_at_every_offset),
      cmocka_unit_test(test_header_length_lies),
      cmocka_unit_test(test_malformed_headers),
      cmocka_unit_test(test_bool_data_checked),
      cmocka_unit_test(test_path_and_argument_errors),
      cmocka_unit_test(test_mmap_is_a_readonly_view),
      cmocka_unit_test(test_mmap_refuses_unaligned_data),
      cmocka_unit_test(test_random_mutations),
      cmocka_unit_test(test_overwrite_existing_file),
      cmocka_unit_test(test_allocation_failures),
      cmocka_unit_test(test_public_header_functions),
  };
  return cmocka_run_group_tests(tests, th_dir_setup, th_dir_teardown);
}
