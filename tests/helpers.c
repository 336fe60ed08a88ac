/* Shared test helpers: see helpers.h. */
#include "helpers.h"

#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *const th_layout_names[TH_NUM_LAYOUTS] = {"C", "F", "transposed", "stepped",
                                                     "negative", "broadcast"};
const nd_dtype th_all_dtypes[ND_NUM_DTYPES] = {
    ND_BOOL,   ND_INT8,   ND_INT16,   ND_INT32,   ND_INT64,     ND_UINT8,      ND_UINT16,
    ND_UINT32, ND_UINT64, ND_FLOAT32, ND_FLOAT64, ND_COMPLEX64, ND_COMPLEX128, ND_FLOAT16,
    ND_BFLOAT16};

int th_next(int ndim, const int64_t *shape, int64_t *idx) {
  for (int d = ndim - 1; d >= 0; d--) {
    if (++idx[d] < shape[d]) return 1;
    idx[d] = 0;
  }
  return 0;
}

static char *addr(const nd_array *a, const int64_t *idx) {
  const int64_t *st = nd_strides(a);
  int64_t off = 0;
  for (int i = 0; i < nd_ndim(a); i++) off += idx[i] * st[i];
  return (char *)nd_data(a) + off * (int64_t)nd_itemsize(a);
}

void th_get(const nd_array *a, const int64_t *idx, double *re, double *im) {
  const char *p = addr(a, idx);
  double r = 0, i = 0;
  switch (nd_dtype_of(a)) {
    case ND_BOOL: r = *(const bool *)p; break;
    case ND_INT8: r = *(const int8_t *)p; break;
    case ND_INT16: r = *(const int16_t *)p; break;
    case ND_INT32: r = *(const int32_t *)p; break;
    case ND_INT64: r = (double)*(const int64_t *)p; break;
    case ND_UINT8: r = *(const uint8_t *)p; break;
    case ND_UINT16: r = *(const uint16_t *)p; break;
    case ND_UINT32: r = *(const uint32_t *)p; break;
    case ND_UINT64: r = (double)*(const uint64_t *)p; break;
    case ND_FLOAT32: r = *(const float *)p; break;
    case ND_FLOAT64: r = *(const double *)p; break;
    case ND_COMPLEX64: r = ((const float *)p)[0]; i = ((const float *)p)[1]; break;
    case ND_COMPLEX128: r = ((const double *)p)[0]; i = ((const double *)p)[1]; break;
    case ND_FLOAT16: r = nd_float16_to_double(*(const uint16_t *)p); break;
    case ND_BFLOAT16: r = nd_bfloat16_to_double(*(const uint16_t *)p); break;
  }
  *re = r;
  if (im) *im = i;
}

double th_round(nd_dtype t, double v) {
  switch (t) {
    case ND_FLOAT16: return nd_float16_to_double(nd_float16_from_double(v));
    case ND_BFLOAT16: return nd_bfloat16_to_double(nd_bfloat16_from_double(v));
    case ND_FLOAT32: return (float)v;
    default: return v;
  }
}

void th_set(nd_array *a, const int64_t *idx, double re, double im) {
  char *p = addr(a, idx);
  switch (nd_dtype_of(a)) {
    case ND_BOOL: *(bool *)p = re != 0; break;
    case ND_INT8: *(int8_t *)p = (int8_t)re; break;
    case ND_INT16: *(int16_t *)p = (int16_t)re; break;
    case ND_INT32: *(int32_t *)p = (int32_t)re; break;
    case ND_INT64: *(int64_t *)p = (int64_t)re; break;
    case ND_UINT8: *(uint8_t *)p = (uint8_t)re; break;
    case ND_UINT16: *(uint16_t *)p = (uint16_t)re; break;
    case ND_UINT32: *(uint32_t *)p = (uint32_t)re; break;
    case ND_UINT64: *(uint64_t *)p = (uint64_t)re; break;
    case ND_FLOAT32: *(float *)p = (float)re; break;
    case ND_FLOAT64: *(double *)p = re; break;
    case ND_COMPLEX64: ((float *)p)[0] = (float)re; ((float *)p)[1] = (float)im; break;
    case ND_COMPLEX128: ((double *)p)[0] = re; ((double *)p)[1] = im; break;
    case ND_FLOAT16: *(uint16_t *)p = nd_float16_from_double(re); break;
    case ND_BFLOAT16: *(uint16_t *)p = nd_bfloat16_from_double(re); break;
  }
}

void th_value(nd_dtype t, int64_t flat, unsigned seed, double *re, double *im) {
  uint64_t h = (uint64_t)flat * 2654435761u + seed * 40503u + 17;
  h ^= h >> 13;
  int64_t v = (int64_t)(h % 101);
  *im = 0;
  switch (nd_dtype_kind(t)) {
    case 'b': *re = (double)(v & 1); break;
    case 'i': *re = (double)(v - 50); break;
    case 'u': *re = (double)(v * 2); break;
    case 'f': *re = (double)(v - 50) * 0.5; break;
    default: *re = (double)(v - 50) * 0.5; *im = (double)((int64_t)(h >> 8) % 21 - 10) * 0.25; break;
  }
}

static void fill(nd_array *a, unsigned seed) {
  int nd = nd_ndim(a);
  const int64_t *sh = nd_shape(a);
  if (nd_size(a) == 0) return;
  int64_t idx[ND_MAX_DIMS] = {0};
  int64_t flat = 0;
  do {
    double re, im;
    th_value(nd_dtype_of(a), flat++, seed, &re, &im);
    th_set(a, idx, re, im);
  } while (th_next(nd, sh, idx));
}

nd_array *th_make(nd_dtype t, int ndim, const int64_t *shape, th_layout L, unsigned seed) {
  int64_t s2[ND_MAX_DIMS];
  nd_array *base = NULL, *a = NULL;
  switch (L) {
    case TH_C: a = nd_empty(t, ndim, shape, ND_C); break;
    case TH_F: a = nd_empty(t, ndim, shape, ND_F); break;
    case TH_TRANSPOSED:
      for (int i = 0; i < ndim; i++) s2[i] = shape[ndim - 1 - i];
      base = nd_empty(t, ndim, s2, ND_C);
      a = nd_transpose(base);
      break;
    case TH_STEPPED: {
      char spec[4 * ND_MAX_DIMS + 1] = "";
      for (int i = 0; i < ndim; i++) {
        s2[i] = 2 * shape[i] + 1;
        strcat(spec, i ? ",1::2" : "1::2");
      }
      base = nd_empty(t, ndim, s2, ND_C);
      a = nd_index(base, spec);
      break;
    }
    case TH_NEGATIVE:
      base = nd_empty(t, ndim, shape, ND_C);
      a = nd_flip(base, ND_ALL_AXES, NULL);
      break;
    case TH_BROADCAST:
      if (ndim == 0) {
        a = nd_empty(t, 0, NULL, ND_C);
        break;
      }
      memcpy(s2, shape, sizeof(int64_t) * (size_t)ndim);
      s2[0] = 1;
      base = nd_empty(t, ndim, s2, ND_C);
      fill(base, seed);
      a = nd_broadcast_to(base, ndim, shape);
      nd_release(base);
      return a;
    default: break;
  }
  nd_release(base);
  if (a) fill(a, seed);
  return a;
}

void th_assert_same_values(const nd_array *got, const nd_array *want) {
  assert_non_null(got);
  assert_non_null(want);
  assert_int_equal(nd_ndim(got), nd_ndim(want));
  int nd = nd_ndim(got);
  for (int i = 0; i < nd; i++) assert_int_equal(nd_shape(got)[i], nd_shape(want)[i]);
  if (nd_size(got) == 0) return;
  int64_t idx[ND_MAX_DIMS] = {0};
  do {
    double gr, gi, wr, wi;
    th_get(got, idx, &gr, &gi);
    th_get(want, idx, &wr, &wi);
    if (!(gr == wr || (isnan(gr) && isnan(wr))) || !(gi == wi || (isnan(gi) && isnan(wi)))) {
      char buf[256] = "";
      for (int i = 0; i < nd; i++) snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%lld", i ? "," : "", (long long)idx[i]);
      fail_msg("element [%s]: got (%g,%g), want (%g,%g)", buf, gr, gi, wr, wi);
    }
  } while (th_next(nd, nd_shape(got), idx));
}

void th_assert_error(int s, const char *fragment) {
  /* an extended code (ND_ERR_INDEX_AXIS) is compared as such, a status with the status */
  int got = (s & ~0xff) == 0 ? (int)nd_last_status() : nd_last_extended_status();
  if (got != s)
    fail_msg("expected status %s, got %s (\"%s\")", nd_status_name(s), nd_status_name(got),
             nd_last_error());
  if (fragment && !strstr(nd_last_error(), fragment))
    fail_msg("message \"%s\" lacks \"%s\"", nd_last_error(), fragment);
}

void th_assert_shape(const nd_array *a, int ndim, const int64_t *shape) {
  assert_non_null(a);
  assert_int_equal(nd_ndim(a), ndim);
  for (int i = 0; i < ndim; i++) assert_int_equal(nd_shape(a)[i], shape[i]);
}

void th_assert_strides(const nd_array *a, int ndim, const int64_t *strides) {
  assert_non_null(a);
  assert_int_equal(nd_ndim(a), ndim);
  for (int i = 0; i < ndim; i++) assert_int_equal(nd_strides(a)[i], strides[i]);
}

nd_array *th_arange(nd_dtype t, int ndim, const int64_t *shape) {
  int64_t n = 1;
  for (int i = 0; i < ndim; i++) n *= shape[i];
  nd_array *r = nd_arange(t, 0, (double)n, 1);
  nd_array *a = nd_reshape(r, ndim, shape, ND_C);
  nd_release(r);
  return a;
}

void th_tmpdir(char *dir, size_t cap) {
  snprintf(dir, cap, "nd_test_XXXXXX");
  assert_non_null(mkdtemp(dir));
}

void th_tmpdir_remove(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    unlink(th_path(dir, e->d_name));
  }
  closedir(d);
  rmdir(dir);
}

char th_dir[64];

int th_dir_setup(void **state) {
  (void)state;
  th_tmpdir(th_dir, sizeof th_dir);
  return 0;
}

int th_dir_teardown(void **state) {
  (void)state;
  th_tmpdir_remove(th_dir);
  return 0;
}

const char *th_path(const char *dir, const char *name) {
  static char bufs[8][4096];
  static int next = 0;
  char *b = bufs[next++ % 8];
  snprintf(b, sizeof bufs[0], "%s/%s", dir, name);
  return b;
}

unsigned char *th_read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char *buf = malloc(n > 0 ? (size_t)n : 1);
  size_t got = buf ? fread(buf, 1, (size_t)n, f) : 0;
  fclose(f);
  if (!buf || got != (size_t)n) {
    free(buf);
    return NULL;
  }
  *len = (size_t)n;
  return buf;
}

void th_write_file(const char *path, const void *data, size_t len) {
  FILE *f = fopen(path, "wb");
  assert_non_null(f);
  assert_int_equal(fwrite(data, 1, len, f), len);
  assert_int_equal(fclose(f), 0);
}

/* The mutations' random numbers: one generator for the program, drawn 64 at a time. */
static nd_rng *mut_rng;
static uint64_t mut_buf[64];
static int mut_left;

static void mut_free(void) { nd_rng_free(mut_rng); }

static uint64_t mut_next(void) {
  if (!mut_rng) {
    mut_rng = nd_rng_new(88172645463325252u);
    assert_non_null(mut_rng);
    atexit(mut_free);
  }
  if (mut_left == 0) {
    nd_array *a = nd_random_integers_u64(mut_rng, 0, UINT64_MAX, true, ND_UINT64, ND_SHAPE(64));
    assert_non_null(a);
    memcpy(mut_buf, nd_data(a), sizeof mut_buf);
    nd_release(a);
    mut_left = 64;
  }
  return mut_buf[--mut_left];
}

unsigned char *th_mutate(const unsigned char *orig, size_t n, size_t *len) {
  *len = mut_next() % 8 == 0 ? (size_t)(mut_next() % (n + 1)) : n;
  unsigned char *b = malloc(*len ? *len : 1);
  assert_non_null(b);
  memcpy(b, orig, *len);
  for (int j = 0, k = 1 + (int)(mut_next() % 8); j < k && *len; j++) {
    size_t pos = (size_t)(mut_next() % *len);
    switch (mut_next() % 4) {
      case 0: b[pos] ^= (unsigned char)(1u << (mut_next() % 8)); break;
      case 1: b[pos] = (unsigned char)mut_next(); break;
      case 2: b[pos] = (unsigned char)"0123456789(),' {}:\n"[mut_next() % 19]; break;
      default: b[pos] = 0xff; break;
    }
  }
  return b;
}
