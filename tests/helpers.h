/* Shared helpers for the cmocka tests: arrays in every layout, reference element access,
 * and comparisons against plain loops. */
#ifndef ND_TEST_HELPERS_H
#define ND_TEST_HELPERS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
/* cmocka needs the headers above first */
#include <cmocka.h>
#include <nd.h>

/* The layouts every kernel is checked on. */
typedef enum {
  TH_C,          /* C-contiguous */
  TH_F,          /* F-contiguous */
  TH_TRANSPOSED, /* a C array of the reversed shape, transposed */
  TH_STEPPED,    /* every other element of a larger C array along each axis */
  TH_NEGATIVE,   /* a C array with every axis reversed */
  TH_BROADCAST,  /* axis 0 broadcast from extent 1 (stride 0); read-only */
  TH_NUM_LAYOUTS
} th_layout;

extern const char *const th_layout_names[TH_NUM_LAYOUTS];
extern const nd_dtype th_all_dtypes[ND_NUM_DTYPES];

/* An array of dtype t and the given shape in layout L, with deterministic values that
 * depend on the logical index and `seed` (exact in every dtype: small integers, halves for
 * floats, a nonzero imaginary part for complex). */
nd_array *th_make(nd_dtype t, int ndim, const int64_t *shape, th_layout L, unsigned seed);
/* arange(size) in dtype t reshaped (C order) to shape, without leaking the temporary. */
nd_array *th_arange(nd_dtype t, int ndim, const int64_t *shape);
/* The value th_make puts at a C-order flat position (re, im). */
void th_value(nd_dtype t, int64_t flat, unsigned seed, double *re, double *im);

/* v rounded to the precision of a real float dtype t (float16, bfloat16, float32; v
 * itself for float64 and other dtypes), through nd's public conversions. */
double th_round(nd_dtype t, double v);

/* Element access through raw strides (independent of nd's own accessors). */
void th_get(const nd_array *a, const int64_t *idx, double *re, double *im);
void th_set(nd_array *a, const int64_t *idx, double re, double im);
/* Advances a C-order multi-index; returns 0 after the last one. */
int th_next(int ndim, const int64_t *shape, int64_t *idx);

/* Asserts the two arrays have equal shapes and exactly equal elements (as doubles). */
void th_assert_same_values(const nd_array *got, const nd_array *want);
/* Asserts that the last error has status s and its message contains `fragment`. */
void th_assert_error(int s, const char *fragment);
#define TH_EXPECT_ERROR(expr, status, fragment) \
  do {                                         \
    nd_clear_error();                          \
    (void)(expr);                              \
    th_assert_error(status, fragment);         \
    nd_clear_error();                          \
  } while (0)

/* Asserts shape/strides equal the given lists. */
void th_assert_shape(const nd_array *a, int ndim, const int64_t *shape);
void th_assert_strides(const nd_array *a, int ndim, const int64_t *strides);

/* Files for I/O tests: a fresh directory under the current one (ctest runs tests in the
 * build tree), paths inside it, whole-file reads and writes. th_tmpdir_remove deletes the
 * directory and the files in it. */
void th_tmpdir(char *dir, size_t cap);
void th_tmpdir_remove(const char *dir);
/* cmocka group fixtures for a test program's one scratch directory, th_dir. */
extern char th_dir[64];
int th_dir_setup(void **state);
int th_dir_teardown(void **state);
/* dir/name in a rotating static buffer (valid for the next 7 calls). */
const char *th_path(const char *dir, const char *name);
/* The file's bytes in a buffer of exactly its size (malloc, caller frees); NULL if it
 * cannot be read. */
unsigned char *th_read_file(const char *path, size_t *len);
void th_write_file(const char *path, const void *data, size_t len);
/* The next of a fixed sequence of random mutations of a valid file (bit flips, random
 * bytes, header characters, cuts): a malloc'd copy of exactly *len bytes (caller frees).
 * The sequence is the same in every run. */
unsigned char *th_mutate(const unsigned char *orig, size_t n, size_t *len);

/* Runs a cmocka group and returns its status (with a name for the log). */
#define TH_RUN(tests) cmocka_run_group_tests(tests, NULL, NULL)

#endif
