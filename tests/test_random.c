/* Random numbers (nd/random.h): values NumPy printed for a few seeds, `_out` into every
 * layout (C, F, transposed, stepped, negative strides, 0-d, size 0) equal to a new array
 * from the same seed, every dtype, complex parts as consecutive draws, 1- vs 2-thread
 * equality and one call vs many, statistics of 1M draws, shuffle and permutation, spawn,
 * and the errors. The bitwise comparison with NumPy over many seeds and call sequences is
 * in tests/numpy/cases_random.py. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

static const int64_t shape3[3] = {3, 4, 5};

/* ---- samplers by kind, so one test runs them all --------------------------------------- */

typedef enum { K_RANDOM, K_UNIFORM, K_STD_NORMAL, K_NORMAL, K_EXPONENTIAL, K_INTEGERS, K_NUM } kind;

static const char *const kind_names[K_NUM] = {"random", "uniform", "standard_normal", "normal",
                                              "standard_exponential", "integers"};

static bool accepts(kind k, nd_dtype t) {
  bool fl = t == ND_FLOAT32 || t == ND_FLOAT64, cx = t == ND_COMPLEX64 || t == ND_COMPLEX128;
  switch (k) {
    case K_STD_NORMAL:
    case K_NORMAL: return fl || cx;
    case K_INTEGERS: return !fl && !cx && t != ND_FLOAT16 && t != ND_BFLOAT16;
    default: return fl;
  }
}

/* integers' bounds per dtype: a range that is not a power of two (rejection), inside t. */
static void int_bounds(nd_dtype t, int64_t *lo, int64_t *hi) {
  *lo = t == ND_BOOL ? 0 : (t == ND_INT8 || t == ND_INT16 || t == ND_INT32 || t == ND_INT64) ? -50 : 3;
  *hi = t == ND_BOOL ? 2 : 120;
}

static nd_array *sample_new(kind k, nd_rng *g, nd_dtype t, int ndim, const int64_t *shape) {
  int64_t lo, hi;
  switch (k) {
    case K_RANDOM: return nd_random_random(g, t, ndim, shape);
    case K_UNIFORM: return nd_random_uniform(g, -2.0, 5.0, t, ndim, shape);
    case K_STD_NORMAL: return nd_random_standard_normal(g, t, ndim, shape);
    case K_NORMAL: return nd_random_normal(g, 1.5, 3.0, t, ndim, shape);
    case K_EXPONENTIAL: return nd_random_standard_exponential(g, t, ndim, shape);
    default: int_bounds(t, &lo, &hi); return nd_random_integers(g, lo, hi, false, t, ndim, shape);
  }
}

static nd_status sample_out(kind k, nd_rng *g, nd_array *out) {
  int64_t lo, hi;
  switch (k) {
    case K_RANDOM: return nd_random_random_out(g, out);
    case K_UNIFORM: return nd_random_uniform_out(g, out, -2.0, 5.0);
    case K_STD_NORMAL: return nd_random_standard_normal_out(g, out);
    case K_NORMAL: return nd_random_normal_out(g, out, 1.5, 3.0);
    case K_EXPONENTIAL: return nd_random_standard_exponential_out(g, out);
    default: int_bounds(nd_dtype_of(out), &lo, &hi); return nd_random_integers_out(g, out, lo, hi, false);
  }
}

/* ---- comparisons ------------------------------------------------------------------------ */

static const char *elem(const nd_array *a, const int64_t *idx) {
  int64_t off = 0;
  for (int i = 0; i < nd_ndim(a); i++) off += idx[i] * nd_strides(a)[i];
  return (const char *)nd_data(a) + off * (int64_t)nd_itemsize(a);
}

/* Same shape, dtype and element bytes, element by element in C order. */
static void assert_same_bits(const nd_array *got, const nd_array *want, const char *what) {
  assert_non_null(got);
  assert_non_null(want);
  assert_int_equal(nd_dtype_of(got), nd_dtype_of(want));
  th_assert_shape(got, nd_ndim(want), nd_shape(want));
  if (nd_size(want) == 0) return;
  int64_t idx[ND_MAX_DIMS] = {0};
  do {
    if (memcmp(elem(got, idx), elem(want, idx), nd_itemsize(want)) != 0)
      fail_msg("%s: values differ", what);
  } while (th_next(nd_ndim(want), nd_shape(want), idx));
}

/* Two generators are at the same place in their streams (the kept 32-bit half included):
 * their next float32 and float64 draws agree. */
static void assert_same_state(nd_rng *a, nd_rng *b) {
  nd_array *x = nd_random_random(a, ND_FLOAT32, ND_SHAPE(3));
  nd_array *y = nd_random_random(b, ND_FLOAT32, ND_SHAPE(3));
  assert_same_bits(x, y, "next float32 draws");
  nd_release(x);
  nd_release(y);
  x = nd_random_random(a, ND_FLOAT64, ND_SHAPE(2));
  y = nd_random_random(b, ND_FLOAT64, ND_SHAPE(2));
  assert_same_bits(x, y, "next float64 draws");
  nd_release(x);
  nd_release(y);
}

static double get1(const nd_array *a, int64_t i) {
  double re;
  th_get(a, &i, &re, NULL);
  return re;
}

/* ---- values NumPy 2 printed ------------------------------------------------------------- */

/* np.random.default_rng(42): random(3), standard_normal(2), integers(0, 1000, 3);
 * default_rng(2**64 - 1).integers(-2**63, 2**63, 2); default_rng(0).permutation(10);
 * default_rng(7).spawn(2), each child's integers(0, 2**62, 1). */
static void test_numpy_values(void **state) {
  nd_rng *g = nd_rng_new(42);
  nd_array *r = nd_random_random(g, ND_FLOAT64, ND_SHAPE(3));
  const double want_r[3] = {0x1.8c43f79a2db24p-1, 0x1.c16959869e47ep-2, 0x1.b79a2584ddb42p-1};
  for (int i = 0; i < 3; i++) assert_true(get1(r, i) == want_r[i]);
  nd_array *z = nd_random_standard_normal(g, ND_FLOAT64, ND_SHAPE(2));
  assert_true(get1(z, 0) == 0x1.e191b2d157f36p-1);
  assert_true(get1(z, 1) == -0x1.f3770ac89d08fp+0);
  nd_array *k = nd_random_integers(g, 0, 1000, false, ND_INT64, ND_SHAPE(3));
  const int64_t want_k[3] = {526, 975, 735};
  assert_memory_equal(nd_data(k), want_k, sizeof want_k);
  nd_release(r);
  nd_release(z);
  nd_release(k);
  nd_rng_free(g);

  g = nd_rng_new(UINT64_MAX);
  k = nd_random_integers(g, INT64_MIN, INT64_MAX, true, ND_INT64, ND_SHAPE(2));
  const int64_t want_full[2] = {3320906073246226063, 6369877635844547417};
  assert_memory_equal(nd_data(k), want_full, sizeof want_full);
  nd_release(k);
  nd_rng_free(g);

  g = nd_rng_new(0);
  nd_array *p = nd_random_permutation(g, 10);
  const int64_t want_p[10] = {4, 6, 2, 7, 3, 5, 9, 0, 8, 1};
  assert_memory_equal(nd_data(p), want_p, sizeof want_p);
  nd_release(p);
  nd_rng_free(g);

  g = nd_rng_new(7);
  nd_rng *kids[2];
  assert_int_equal(nd_rng_spawn(g, 2, kids), ND_OK);
  const int64_t want_kids[2] = {3679476056639351524, 2216293316559634084};
  for (int i = 0; i < 2; i++) {
    k = nd_random_integers(kids[i], 0, INT64_C(1) << 62, false, ND_INT64, ND_SHAPE(1));
    assert_memory_equal(nd_data(k), &want_kids[i], 8);
    nd_release(k);
    nd_rng_free(kids[i]);
  }
  nd_rng_free(g);
}

/* ---- _out into every layout ------------------------------------------------------------- */

static void check_out(kind k, nd_dtype t, nd_array *out, unsigned seed, const char *what) {
  nd_rng *a = nd_rng_new(seed), *b = nd_rng_new(seed);
  /* a kept 32-bit half word at the start, so the float32 and small-integer paths use it */
  nd_release(nd_random_random(a, ND_FLOAT32, ND_SHAPE(1)));
  nd_release(nd_random_random(b, ND_FLOAT32, ND_SHAPE(1)));
  if (sample_out(k, a, out) != ND_OK) fail_msg("%s: %s", what, nd_last_error());
  nd_array *want = sample_new(k, b, t, nd_ndim(out), nd_shape(out));
  assert_same_bits(out, want, what);
  assert_same_state(a, b);
  nd_release(want);
  nd_rng_free(a);
  nd_rng_free(b);
}

static void test_out_layouts(void **state) {
  char what[128];
  for (int k = 0; k < K_NUM; k++) {
    for (int d = 0; d < ND_NUM_DTYPES; d++) {
      nd_dtype t = th_all_dtypes[d];
      if (!accepts((kind)k, t)) continue;
      for (int L = 0; L < TH_BROADCAST; L++) {
        nd_array *out = th_make(t, 3, shape3, (th_layout)L, 1);
        snprintf(what, sizeof what, "%s %s %s", kind_names[k], nd_dtype_name(t),
                 th_layout_names[L]);
        check_out((kind)k, t, out, 100u + (unsigned)L, what);
        nd_release(out);
      }
      nd_array *zero_d = nd_zeros(t, 0, NULL, ND_C);
      nd_array *empty = nd_zeros(t, ND_SHAPE(4, 0, 3), ND_C);
      snprintf(what, sizeof what, "%s %s 0-d", kind_names[k], nd_dtype_name(t));
      check_out((kind)k, t, zero_d, 7, what);
      snprintf(what, sizeof what, "%s %s size 0", kind_names[k], nd_dtype_name(t));
      check_out((kind)k, t, empty, 8, what);
      nd_release(zero_d);
      nd_release(empty);
    }
  }
}

/* A size-0 request draws nothing; a 0-d one draws one value. */
static void test_sizes_and_draws(void **state) {
  nd_rng *a = nd_rng_new(5), *b = nd_rng_new(5);
  nd_array *e = nd_random_standard_normal(a, ND_FLOAT64, ND_SHAPE(0));
  th_assert_shape(e, 1, (int64_t[]){0});
  nd_release(e);
  assert_same_state(a, b);
  nd_array *s = nd_random_random(a, ND_FLOAT64, 0, NULL);
  nd_array *v = nd_random_random(b, ND_FLOAT64, ND_SHAPE(1));
  assert_int_equal(nd_ndim(s), 0);
  assert_memory_equal(nd_data(s), nd_data(v), 8);
  nd_release(s);
  nd_release(v);
  nd_rng_free(a);
  nd_rng_free(b);
}

/* ---- dtypes ---------------------------------------------------------------------------- */

/* Every integer dtype over small, power-of-two, full and one-value ranges, with and
 * without endpoint: every value in range, and both ends reached on small ranges. */
static void test_integer_dtypes(void **state) {
  const nd_dtype ints[] = {ND_BOOL, ND_INT8, ND_INT16, ND_INT32, ND_INT64,
                           ND_UINT8, ND_UINT16, ND_UINT32, ND_UINT64};
  nd_rng *g = nd_rng_new(11);
  for (size_t d = 0; d < sizeof ints / sizeof ints[0]; d++) {
    nd_dtype t = ints[d];
    nd_iinfo_t info = {0};
    if (t != ND_BOOL) assert_int_equal(nd_iinfo(t, &info), ND_OK);
    int64_t lo_min = t == ND_BOOL ? 0 : info.min, hi_max = t == ND_BOOL ? 1 : info.max;
    struct { int64_t lo, hi; bool endpoint; } cases[] = {
        {0, 2, false}, {0, 1, true}, {hi_max, hi_max, true}, {lo_min, hi_max, true},
        {lo_min, hi_max, false}, {0, hi_max, false}, {lo_min < 0 ? -3 : 0, 1, true}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
      int64_t lo = cases[c].lo, hi = cases[c].hi;
      bool ep = cases[c].endpoint;
      nd_array *a = nd_random_integers(g, lo, hi, ep, t, ND_SHAPE(2000));
      if (!a) fail_msg("integers %s [%lld, %lld]: %s", nd_dtype_name(t), (long long)lo,
                       (long long)hi, nd_last_error());
      int64_t last = ep ? hi : hi - 1;
      bool saw_lo = false, saw_hi = false;
      for (int64_t i = 0; i < 2000; i++) {
        int64_t idx = i, v;
        const char *p = elem(a, &idx);
        switch (t) {
          case ND_BOOL: v = *(const bool *)p; break;
          case ND_INT8: v = *(const int8_t *)p; break;
          case ND_INT16: v = *(const int16_t *)p; break;
          case ND_INT32: v = *(const int32_t *)p; break;
          case ND_UINT8: v = *(const uint8_t *)p; break;
          case ND_UINT16: v = *(const uint16_t *)p; break;
          case ND_UINT32: v = *(const uint32_t *)p; break;
          case ND_UINT64: v = (int64_t)*(const uint64_t *)p; break;
          default: v = *(const int64_t *)p; break;
        }
        if (v < lo || v > last)
          fail_msg("integers %s [%lld, %lld]: %lld out of range", nd_dtype_name(t),
                   (long long)lo, (long long)last, (long long)v);
        saw_lo |= v == lo;
        saw_hi |= v == last;
      }
      if ((uint64_t)last - (uint64_t)lo < 16 && !(saw_lo && saw_hi))
        fail_msg("integers %s [%lld, %lld]: an end never drawn", nd_dtype_name(t),
                 (long long)lo, (long long)last);
      nd_release(a);
    }
  }
  /* uint64 beyond INT64_MAX through the unsigned bounds */
  nd_array *u = nd_random_integers_u64(g, UINT64_MAX - 10, UINT64_MAX, true, ND_UINT64, ND_SHAPE(500));
  for (int64_t i = 0; i < 500; i++) assert_true(((const uint64_t *)nd_data(u))[i] >= UINT64_MAX - 10);
  nd_release(u);
  nd_rng_free(g);
}

/* Complex normals are consecutive draws of the real stream. */
static void test_complex_parts(void **state) {
  nd_rng *a = nd_rng_new(3), *b = nd_rng_new(3);
  nd_array *c = nd_random_standard_normal(a, ND_COMPLEX128, ND_SHAPE(501));
  nd_array *r = nd_random_standard_normal(b, ND_FLOAT64, ND_SHAPE(1002));
  assert_memory_equal(nd_data(c), nd_data(r), 1002 * 8);
  nd_release(c);
  nd_release(r);
  c = nd_random_standard_normal(a, ND_COMPLEX64, ND_SHAPE(333));
  r = nd_random_standard_normal(b, ND_FLOAT32, ND_SHAPE(666));
  assert_memory_equal(nd_data(c), nd_data(r), 666 * 4);
  nd_release(c);
  nd_release(r);
  c = nd_random_normal(a, 2.0, 0.5, ND_COMPLEX128, ND_SHAPE(100));
  nd_array *c64 = nd_random_normal(a, 2.0, 0.5, ND_COMPLEX64, ND_SHAPE(100));
  nd_array *f32 = nd_random_normal(a, 2.0, 0.5, ND_FLOAT32, ND_SHAPE(10));
  r = nd_random_standard_normal(b, ND_FLOAT64, ND_SHAPE(410));
  const double *z = nd_data(r), *cz = nd_data(c);
  const float *cz32 = nd_data(c64), *f = nd_data(f32);
  for (int i = 0; i < 100; i++) {
    assert_true(cz[2 * i] == 2.0 + 0.5 * z[2 * i]);
    assert_true(cz[2 * i + 1] == 0.5 * z[2 * i + 1]);
    assert_true(cz32[2 * i] == (float)(2.0 + 0.5 * z[200 + 2 * i]));
    assert_true(cz32[2 * i + 1] == (float)(0.5 * z[200 + 2 * i + 1]));
  }
  for (int i = 0; i < 10; i++) assert_true(f[i] == (float)(2.0 + 0.5 * z[400 + i]));
  nd_release(c);
  nd_release(c64);
  nd_release(f32);
  nd_release(r);
  nd_rng_free(a);
  nd_rng_free(b);
}

/* ---- threads and call splitting -------------------------------------------------------- */

typedef nd_array *(*big_fill)(nd_rng *g, int64_t n);
static nd_array *big_random64(nd_rng *g, int64_t n) {
  return nd_random_random(g, ND_FLOAT64, ND_SHAPE(n));
}
static nd_array *big_random32(nd_rng *g, int64_t n) {
  return nd_random_random(g, ND_FLOAT32, ND_SHAPE(n));
}
static nd_array *big_uniform32(nd_rng *g, int64_t n) {
  return nd_random_uniform(g, -1, 3, ND_FLOAT32, ND_SHAPE(n));
}
static nd_array *big_int8(nd_rng *g, int64_t n) {
  return nd_random_integers(g, -128, 127, true, ND_INT8, ND_SHAPE(n));
}
static nd_array *big_uint16(nd_rng *g, int64_t n) {
  return nd_random_integers(g, 0, 64, false, ND_UINT16, ND_SHAPE(n));
}
static nd_array *big_int32(nd_rng *g, int64_t n) {
  return nd_random_integers(g, 5, 5 + 1024, false, ND_INT32, ND_SHAPE(n));
}
static nd_array *big_int64_small(nd_rng *g, int64_t n) {
  return nd_random_integers(g, 0, 1 << 20, false, ND_INT64, ND_SHAPE(n));
}
static nd_array *big_int64_large(nd_rng *g, int64_t n) {
  return nd_random_integers(g, -(INT64_C(1) << 40), INT64_C(1) << 40, false, ND_INT64, ND_SHAPE(n));
}
static nd_array *big_bool(nd_rng *g, int64_t n) {
  return nd_random_integers(g, 0, 2, false, ND_BOOL, ND_SHAPE(n));
}
static nd_array *big_normal(nd_rng *g, int64_t n) {
  return nd_random_standard_normal(g, ND_FLOAT32, ND_SHAPE(n));
}

static const big_fill big_fills[] = {big_random64,    big_random32,    big_uniform32, big_int8,
                                     big_uint16,      big_int32,       big_int64_small,
                                     big_int64_large, big_bool,        big_normal};

/* Large fills (split across threads by jumping ahead) give the same values and leave the
 * generator in the same place on 1 and 2 threads, with and without a kept half word at the
 * start, for lengths that end inside a 64-bit draw. */
static void test_threads_same_values(void **state) {
  const int64_t sizes[] = {(1 << 20) + 37, 3 * 65536 + 1};
  for (size_t f = 0; f < sizeof big_fills / sizeof big_fills[0]; f++) {
    for (size_t s = 0; s < 2; s++) {
      for (int kept = 0; kept < 2; kept++) {
        nd_rng *a = nd_rng_new(77), *b = nd_rng_new(77);
        if (kept) {
          nd_release(nd_random_random(a, ND_FLOAT32, ND_SHAPE(1)));
          nd_release(nd_random_random(b, ND_FLOAT32, ND_SHAPE(1)));
        }
        nd_set_num_threads(1);
        nd_array *x = big_fills[f](a, sizes[s]);
        nd_set_num_threads(2);
        nd_array *y = big_fills[f](b, sizes[s]);
        nd_set_num_threads(0);
        assert_same_bits(y, x, "1 vs 2 threads");
        assert_same_state(a, b);
        nd_release(x);
        nd_release(y);
        nd_rng_free(a);
        nd_rng_free(b);
      }
    }
  }
}

/* One long call equals many short ones for samplers whose buffered state lives in the
 * generator (everything but the 8- and 16-bit integers, whose byte buffer is per call). */
static void test_one_call_equals_many(void **state) {
  const big_fill fills[] = {big_random64, big_random32, big_uniform32, big_int32, big_int64_small,
                            big_int64_large, big_normal};
  const int64_t n = 200000;
  for (size_t f = 0; f < sizeof fills / sizeof fills[0]; f++) {
    nd_rng *a = nd_rng_new(99), *b = nd_rng_new(99);
    nd_array *whole = fills[f](a, n);
    size_t isz = nd_itemsize(whole);
    char *parts = malloc((size_t)n * isz);
    int64_t done = 0, step = 1;
    while (done < n) {
      int64_t c = step < n - done ? step : n - done;
      nd_array *p = fills[f](b, c);
      memcpy(parts + done * (int64_t)isz, nd_data(p), (size_t)c * isz);
      nd_release(p);
      done += c;
      step = step * 3 + 1; /* 1, 4, 13, ..., then long ones that cross the bulk rounds */
    }
    assert_memory_equal(nd_data(whole), parts, (size_t)n * isz);
    assert_same_state(a, b);
    free(parts);
    nd_release(whole);
    nd_rng_free(a);
    nd_rng_free(b);
  }
}

/* Results of 16 MiB and more are written with non-temporal stores: the same values as the
 * same draws made in pieces below that size (pieces of whole 64-bit draws, so that even
 * bool, 64 values per draw, splits exactly). */
static void test_streamed_fills(void **state) {
  const big_fill fills[] = {big_random64, big_bool};
  const int64_t sizes[] = {(int64_t)2200000, (int64_t)17000000};
  for (int f = 0; f < 2; f++) {
    for (int threads = 1; threads <= 2; threads++) {
      nd_set_num_threads(threads);
      nd_rng *a = nd_rng_new(5150), *b = nd_rng_new(5150);
      nd_array *whole = fills[f](a, sizes[f]);
      size_t isz = nd_itemsize(whole);
      for (int64_t done = 0; done < sizes[f];) {
        int64_t c = sizes[f] - done < 1 << 20 ? sizes[f] - done : 1 << 20; /* 2^20: whole draws */
        nd_array *p = fills[f](b, c);
        assert_memory_equal((const char *)nd_data(whole) + done * (int64_t)isz, nd_data(p),
                            (size_t)c * isz);
        nd_release(p);
        done += c;
      }
      assert_same_state(a, b);
      nd_release(whole);
      nd_rng_free(a);
      nd_rng_free(b);
    }
  }
  nd_set_num_threads(0);
}

/* ---- statistics of 1M draws ------------------------------------------------------------ */

/* Mean and variance of the array's values (as doubles). */
static void moments(const nd_array *a, double *mean, double *var) {
  int64_t n = nd_size(a);
  double s = 0, s2 = 0;
  for (int64_t i = 0; i < n; i++) {
    double v = get1(a, i);
    s += v;
    s2 += v * v;
  }
  *mean = s / (double)n;
  *var = s2 / (double)n - *mean * *mean;
}

/* Mean within 6 standard errors, variance within 3%. */
static void check_moments(nd_array *a, double mu, double sigma2, const char *what) {
  double m, v, n = (double)nd_size(a);
  moments(a, &m, &v);
  if (fabs(m - mu) > 6 * sqrt(sigma2 / n) || fabs(v - sigma2) > 0.03 * sigma2)
    fail_msg("%s: mean %g (want %g), variance %g (want %g)", what, m, mu, v, sigma2);
  nd_release(a);
}

static void test_statistics(void **state) {
  const int64_t n = 1000000;
  nd_rng *g = nd_rng_new(2024);
  check_moments(nd_random_random(g, ND_FLOAT64, ND_SHAPE(n)), 0.5, 1.0 / 12, "random f64");
  check_moments(nd_random_random(g, ND_FLOAT32, ND_SHAPE(n)), 0.5, 1.0 / 12, "random f32");
  check_moments(nd_random_uniform(g, -3, 5, ND_FLOAT64, ND_SHAPE(n)), 1.0, 64.0 / 12, "uniform");
  check_moments(nd_random_standard_normal(g, ND_FLOAT64, ND_SHAPE(n)), 0, 1, "normal f64");
  check_moments(nd_random_standard_normal(g, ND_FLOAT32, ND_SHAPE(n)), 0, 1, "normal f32");
  check_moments(nd_random_normal(g, 10, 2, ND_FLOAT64, ND_SHAPE(n)), 10, 4, "normal(10, 2)");
  check_moments(nd_random_standard_exponential(g, ND_FLOAT64, ND_SHAPE(n)), 1, 1, "exponential f64");
  check_moments(nd_random_standard_exponential(g, ND_FLOAT32, ND_SHAPE(n)), 1, 1, "exponential f32");
  check_moments(nd_random_integers(g, 0, 1000, false, ND_INT64, ND_SHAPE(n)), 499.5,
                (1000.0 * 1000 - 1) / 12, "integers(0, 1000)");
  check_moments(nd_random_integers(g, -100, 100, true, ND_INT8, ND_SHAPE(n)), 0,
                (201.0 * 201 - 1) / 12, "integers int8 [-100, 100]");
  check_moments(nd_random_integers(g, 0, 2, false, ND_BOOL, ND_SHAPE(n)), 0.5, 0.25, "bool");
  /* complex: each part has the real stream's moments */
  nd_array *c = nd_random_standard_normal(g, ND_COMPLEX128, ND_SHAPE(n / 2));
  check_moments(nd_real(c), 0, 1, "complex normal, real part");
  check_moments(nd_imag(c), 0, 1, "complex normal, imaginary part");
  nd_release(c);
  nd_rng_free(g);
}

/* ---- permutation and shuffle ------------------------------------------------------------ */

static void test_permutation(void **state) {
  nd_rng *g = nd_rng_new(1);
  nd_array *p = nd_random_permutation(g, 100000);
  assert_int_equal(nd_dtype_of(p), ND_INT64);
  char *seen = calloc(100000, 1);
  for (int64_t i = 0; i < 100000; i++) seen[((const int64_t *)nd_data(p))[i]]++;
  for (int64_t i = 0; i < 100000; i++) assert_int_equal(seen[i], 1);
  free(seen);
  nd_release(p);
  p = nd_random_permutation(g, 0);
  th_assert_shape(p, 1, (int64_t[]){0});
  nd_release(p);
  nd_rng_free(g);
}

/* Shuffling along an axis moves whole subarrays: the result along the axis is the
 * original gathered by the permutation a same-seeded generator gives for that length
 * (both draw the same j's). Every dtype, every writeable layout, every axis. */
static void test_shuffle_layouts(void **state) {
  char what[128];
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    for (int L = 0; L < TH_BROADCAST; L++) {
      for (int axis = -3; axis < 3; axis++) {
        nd_array *a = th_make(t, 3, shape3, (th_layout)L, 5);
        nd_array *orig = nd_copy(a, ND_C);
        nd_rng *g1 = nd_rng_new(31), *g2 = nd_rng_new(31);
        snprintf(what, sizeof what, "shuffle %s %s axis %d", nd_dtype_name(t), th_layout_names[L], axis);
        if (nd_random_shuffle(g1, a, axis) != ND_OK) fail_msg("%s: %s", what, nd_last_error());
        int ax = axis < 0 ? axis + 3 : axis;
        nd_array *perm = nd_random_permutation(g2, shape3[ax]);
        const int64_t *pv = nd_data(perm);
        int64_t idx[3] = {0}, src[3];
        do {
          memcpy(src, idx, sizeof src);
          src[ax] = pv[idx[ax]];
          if (memcmp(elem(a, idx), elem(orig, src), nd_itemsize(a)) != 0) fail_msg("%s: wrong element", what);
        } while (th_next(3, shape3, idx));
        assert_same_state(g1, g2);
        nd_release(perm);
        nd_release(orig);
        nd_release(a);
        nd_rng_free(g1);
        nd_rng_free(g2);
      }
    }
  }
  /* size 0: nothing moves, nothing drawn */
  nd_rng *g1 = nd_rng_new(4), *g2 = nd_rng_new(4);
  nd_array *e = nd_zeros(ND_INT32, ND_SHAPE(5, 0), ND_C);
  assert_int_equal(nd_random_shuffle(g1, e, 0), ND_OK);
  assert_same_state(g1, g2);
  nd_release(e);
  nd_rng_free(g1);
  nd_rng_free(g2);
}

/* ---- spawn and entropy ------------------------------------------------------------------ */

static void test_spawn(void **state) {
  nd_rng *p1 = nd_rng_new(9), *p2 = nd_rng_new(9), *ref = nd_rng_new(9);
  nd_rng *a[3], *b[3], *c[2];
  assert_int_equal(nd_rng_spawn(p1, 3, a), ND_OK);
  assert_int_equal(nd_rng_spawn(p2, 3, b), ND_OK);
  assert_int_equal(nd_rng_spawn(p1, 2, c), ND_OK); /* the next children: new streams */
  assert_int_equal(nd_rng_spawn(p1, 0, NULL), ND_OK);
  assert_same_state(p1, ref); /* spawning does not move the parent's stream */
  nd_array *v[5];
  for (int i = 0; i < 3; i++) {
    assert_same_state(a[i], b[i]); /* deterministic */
    v[i] = nd_random_random(a[i], ND_FLOAT64, ND_SHAPE(4));
  }
  for (int i = 0; i < 2; i++) v[3 + i] = nd_random_random(c[i], ND_FLOAT64, ND_SHAPE(4));
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < i; j++) assert_memory_not_equal(nd_data(v[i]), nd_data(v[j]), 32);
  /* a grandchild comes from a longer spawn key */
  nd_rng *gc[1];
  assert_int_equal(nd_rng_spawn(a[0], 1, gc), ND_OK);
  nd_array *w = nd_random_random(gc[0], ND_FLOAT64, ND_SHAPE(4));
  for (int i = 0; i < 5; i++) assert_memory_not_equal(nd_data(w), nd_data(v[i]), 32);
  nd_release(w);
  nd_rng_free(gc[0]);
  for (int i = 0; i < 5; i++) nd_release(v[i]);
  for (int i = 0; i < 3; i++) {
    nd_rng_free(a[i]);
    nd_rng_free(b[i]);
  }
  nd_rng_free(c[0]);
  nd_rng_free(c[1]);
  nd_rng_free(p1);
  nd_rng_free(p2);
  nd_rng_free(ref);
}

static void test_from_entropy(void **state) {
  nd_rng *a = nd_rng_from_entropy(), *b = nd_rng_from_entropy();
  assert_non_null(a);
  assert_non_null(b);
  nd_array *x = nd_random_random(a, ND_FLOAT64, ND_SHAPE(4));
  nd_array *y = nd_random_random(b, ND_FLOAT64, ND_SHAPE(4));
  assert_memory_not_equal(nd_data(x), nd_data(y), 32); /* equal with probability 2^-212 */
  nd_release(x);
  nd_release(y);
  nd_rng_free(a);
  nd_rng_free(b);
}

/* ---- errors ----------------------------------------------------------------------------- */

static void test_errors(void **state) {
  nd_rng *g = nd_rng_new(1);
  nd_array *f64 = nd_zeros(ND_FLOAT64, ND_SHAPE(4), ND_C);
  nd_array *i32 = nd_zeros(ND_INT32, ND_SHAPE(4), ND_C);
  /* NULL generator and arrays */
  TH_EXPECT_ERROR(nd_random_random(NULL, ND_FLOAT64, ND_SHAPE(2)), ND_ERR_NULL, "random_random: argument g is NULL");
  TH_EXPECT_ERROR(nd_random_normal_out(NULL, f64, 0, 1), ND_ERR_NULL, "argument g");
  TH_EXPECT_ERROR(nd_random_integers_out(g, NULL, 0, 5, false), ND_ERR_NULL, "argument out");
  TH_EXPECT_ERROR(nd_random_shuffle(g, NULL, 0), ND_ERR_NULL, "random_shuffle");
  TH_EXPECT_ERROR(nd_random_permutation(NULL, 3), ND_ERR_NULL, "random_permutation");
  TH_EXPECT_ERROR(nd_rng_spawn(NULL, 2, NULL), ND_ERR_NULL, "rng_spawn");
  /* a NULL argument keeps an earlier error */
  nd_clear_error();
  assert_null(nd_random_normal(g, 0, -1, ND_FLOAT64, ND_SHAPE(2)));
  assert_null(nd_random_random(NULL, ND_FLOAT64, ND_SHAPE(2)));
  th_assert_error(ND_ERR_VALUE, "scale < 0");
  nd_clear_error();
  /* integers: empty ranges, bounds outside the dtype, wrong dtypes */
  TH_EXPECT_ERROR(nd_random_integers(g, 5, 5, false, ND_INT64, ND_SHAPE(2)), ND_ERR_VALUE, "random_integers: low >= high (low 5, high 5)");
  TH_EXPECT_ERROR(nd_random_integers(g, 5, 4, true, ND_INT64, ND_SHAPE(2)), ND_ERR_VALUE, "low > high");
  TH_EXPECT_ERROR(nd_random_integers(g, 0, 0, false, ND_UINT8, ND_SHAPE(2)), ND_ERR_VALUE, "high <= 0");
  TH_EXPECT_ERROR(nd_random_integers(g, 0, -1, true, ND_INT8, ND_SHAPE(2)), ND_ERR_VALUE, "high < 0");
  TH_EXPECT_ERROR(nd_random_integers(g, 0, INT64_MIN, false, ND_INT64, ND_SHAPE(2)), ND_ERR_VALUE, "high <= 0");
  TH_EXPECT_ERROR(nd_random_integers(g, 0, 300, false, ND_UINT8, ND_SHAPE(2)), ND_ERR_VALUE, "high is out of bounds for uint8");
  TH_EXPECT_ERROR(nd_random_integers(g, 0, 256, true, ND_UINT8, ND_SHAPE(2)), ND_ERR_VALUE, "high is out of bounds for uint8");
  TH_EXPECT_ERROR(nd_random_integers(g, -200, 0, false, ND_INT8, ND_SHAPE(2)), ND_ERR_VALUE, "low is out of bounds for int8 (low -200)");
  TH_EXPECT_ERROR(nd_random_integers(g, -1, 5, false, ND_UINT64, ND_SHAPE(2)), ND_ERR_VALUE, "low is out of bounds for uint64");
  TH_EXPECT_ERROR(nd_random_integers(g, 0, 3, false, ND_BOOL, ND_SHAPE(2)), ND_ERR_VALUE, "high is out of bounds for bool");
  TH_EXPECT_ERROR(nd_random_integers(g, 0, 3, false, ND_FLOAT64, ND_SHAPE(2)), ND_ERR_TYPE, "random_integers: unsupported dtype float64");
  TH_EXPECT_ERROR(nd_random_integers_out(g, f64, 0, 3, false), ND_ERR_TYPE, "unsupported dtype float64");
  TH_EXPECT_ERROR(nd_random_integers(g, 0, 3, false, (nd_dtype)-1, ND_SHAPE(2)), ND_ERR_TYPE, "invalid dtype");
  TH_EXPECT_ERROR(nd_random_standard_normal(g, (nd_dtype)99, ND_SHAPE(2)), ND_ERR_TYPE, "invalid dtype");
  TH_EXPECT_ERROR(nd_random_integers_u64(g, 10, 5, false, ND_UINT64, ND_SHAPE(2)), ND_ERR_VALUE, "low >= high");
  TH_EXPECT_ERROR(nd_random_integers_u64(g, 0, UINT64_MAX, true, ND_INT64, ND_SHAPE(2)), ND_ERR_VALUE, "high is out of bounds for int64");
  /* the bounds are checked for size-0 shapes too */
  TH_EXPECT_ERROR(nd_random_integers(g, 3, 1, false, ND_INT64, ND_SHAPE(0)), ND_ERR_VALUE, "low >= high");
  /* floating-point samplers */
  TH_EXPECT_ERROR(nd_random_random(g, ND_INT32, ND_SHAPE(2)), ND_ERR_TYPE, "random_random: unsupported dtype int32 (accepted: float32, float64)");
  TH_EXPECT_ERROR(nd_random_random(g, ND_COMPLEX128, ND_SHAPE(2)), ND_ERR_TYPE, "unsupported dtype complex128");
  TH_EXPECT_ERROR(nd_random_random(g, (nd_dtype)77, ND_SHAPE(2)), ND_ERR_TYPE, "invalid dtype");
  TH_EXPECT_ERROR(nd_random_random_out(g, i32), ND_ERR_TYPE, "random_random_out: unsupported dtype int32");
  TH_EXPECT_ERROR(nd_random_standard_exponential(g, ND_COMPLEX64, ND_SHAPE(2)), ND_ERR_TYPE, "unsupported dtype complex64");
  TH_EXPECT_ERROR(nd_random_standard_normal(g, ND_INT64, ND_SHAPE(2)), ND_ERR_TYPE, "accepted: float32, float64, complex64, complex128");
  TH_EXPECT_ERROR(nd_random_standard_normal_out(g, i32), ND_ERR_TYPE, "unsupported dtype int32");
  TH_EXPECT_ERROR(nd_random_uniform(g, 0, 1, ND_BOOL, ND_SHAPE(2)), ND_ERR_TYPE, "random_uniform: unsupported dtype bool");
  TH_EXPECT_ERROR(nd_random_uniform(g, 2, 1, ND_FLOAT64, ND_SHAPE(2)), ND_ERR_VALUE, "random_uniform: high - low < 0");
  TH_EXPECT_ERROR(nd_random_uniform(g, -1e308, 1e308, ND_FLOAT64, ND_SHAPE(2)), ND_ERR_OVERFLOW, "high - low range exceeds valid bounds");
  TH_EXPECT_ERROR(nd_random_uniform_out(g, f64, 0, NAN), ND_ERR_OVERFLOW, "random_uniform_out: high - low range exceeds valid bounds");
  TH_EXPECT_ERROR(nd_random_normal(g, 0, -1, ND_FLOAT64, ND_SHAPE(2)), ND_ERR_VALUE, "random_normal: scale < 0");
  TH_EXPECT_ERROR(nd_random_normal(g, 0, -0.0, ND_FLOAT64, ND_SHAPE(2)), ND_ERR_VALUE, "scale < 0");
  TH_EXPECT_ERROR(nd_random_normal_out(g, f64, 0, -2), ND_ERR_VALUE, "random_normal_out: scale < 0");
  /* a shape that cannot be */
  TH_EXPECT_ERROR(nd_random_random(g, ND_FLOAT64, ND_SHAPE(-1)), ND_ERR_VALUE, "negative dimensions");
  TH_EXPECT_ERROR(nd_random_standard_normal(g, ND_FLOAT64, 2, NULL), ND_ERR_NULL, "argument shape is NULL");
  /* read-only and broadcast targets */
  nd_array *b = th_make(ND_FLOAT64, 3, shape3, TH_BROADCAST, 1);
  TH_EXPECT_ERROR(nd_random_random_out(g, b), ND_ERR_READONLY, "random_random_out");
  TH_EXPECT_ERROR(nd_random_shuffle(g, b, 0), ND_ERR_READONLY, "random_shuffle");
  nd_set_writeable(f64, false);
  TH_EXPECT_ERROR(nd_random_standard_normal_out(g, f64), ND_ERR_READONLY, "read-only");
  /* shuffle axes, permutation and spawn arguments */
  nd_array *s = nd_zeros(ND_FLOAT64, 0, NULL, ND_C);
  TH_EXPECT_ERROR(nd_random_shuffle(g, s, 0), ND_ERR_INDEX, "random_shuffle: axis 0 is out of bounds for array of dimension 0");
  TH_EXPECT_ERROR(nd_random_shuffle(g, i32, 1), ND_ERR_INDEX, "axis 1 is out of bounds for array of dimension 1");
  TH_EXPECT_ERROR(nd_random_shuffle(g, i32, -2), ND_ERR_INDEX, "axis -2");
  TH_EXPECT_ERROR(nd_random_permutation(g, -1), ND_ERR_VALUE, "random_permutation: n must be >= 0");
  nd_rng *kids[1];
  TH_EXPECT_ERROR(nd_rng_spawn(g, -1, kids), ND_ERR_VALUE, "rng_spawn: n must be >= 0");
  TH_EXPECT_ERROR(nd_rng_spawn(g, 1, NULL), ND_ERR_NULL, "argument children");
  /* the failed calls drew nothing */
  nd_rng *ref = nd_rng_new(1);
  assert_same_state(g, ref);
  nd_rng_free(ref);
  nd_rng_free(NULL);
  nd_release(s);
  nd_release(b);
  nd_release(f64);
  nd_release(i32);
  nd_rng_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_numpy_values),        cmocka_unit_test(test_out_layouts),
      cmocka_unit_test(test_sizes_and_draws),     cmocka_unit_test(test_integer_dtypes),
      cmocka_unit_test(test_complex_parts),       cmocka_unit_test(test_threads_same_values),
      cmocka_unit_test(test_one_call_equals_many), cmocka_unit_test(test_streamed_fills),
      cmocka_unit_test(test_statistics),
      cmocka_unit_test(test_permutation),         cmocka_unit_test(test_shuffle_layouts),
      cmocka_unit_test(test_spawn),               cmocka_unit_test(test_from_entropy),
      cmocka_unit_test(test_errors),
  };
  return TH_RUN(tests);
}
