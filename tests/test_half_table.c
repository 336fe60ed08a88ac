/* The 16-bit result tables (kernels/half_table.c): every one-input function that reads
 * its float16 or bfloat16 result from a table gives, for all 65536 bit patterns and on
 * every layout (broadcast too), exactly the bits of the float32-and-round computation
 * (the input widened to float32, the float32 function, the result rounded to the 16-bit
 * dtype), NaN payloads included; _out forms into other dtypes round through the 16-bit
 * result; tables are built once under concurrent first use. The functions that compute
 * dense runs in float32 blocks (kernels/half_widen.c) or by polynomials (exp and log,
 * kernels/half_fast.c) instead give the same bits for every length, start and thread
 * split. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/cpu.h"
#include "helpers.h"
#include "kernels/half_fast.h"

typedef nd_array *(*unary_fn)(const nd_array *);
typedef nd_status (*unary_out_fn)(nd_array *, const nd_array *);

static const struct {
  const char *name;
  unary_fn fn;
  unary_out_fn out;
} funcs[] = {
#define ROW(name) {#name, nd_##name, nd_##name##_out},
    ROW(sin) ROW(cos) ROW(tan) ROW(asin) ROW(acos) ROW(atan) ROW(sinh) ROW(cosh) ROW(tanh)
    ROW(asinh) ROW(acosh) ROW(atanh) ROW(exp) ROW(expm1) ROW(log) ROW(log1p) ROW(log2)
    ROW(log10) ROW(sqrt) ROW(abs) ROW(negative) ROW(positive) ROW(square) ROW(reciprocal)
    ROW(sign) ROW(conj) ROW(floor) ROW(ceil) ROW(trunc) ROW(round)
#undef ROW
};
enum { NFUNCS = sizeof funcs / sizeof funcs[0] };
static const nd_dtype halves[2] = {ND_FLOAT16, ND_BFLOAT16};

/* A 256 x 256 array of dtype t whose C-order element i holds the bit pattern i. */
static nd_array *all_patterns(nd_dtype t) {
  static uint16_t bits[65536];
  for (uint32_t i = 0; i < 65536; i++) bits[i] = (uint16_t)i;
  return nd_from_data(t, ND_SHAPE(256, 256), bits, ND_C);
}

/* The float32-and-round computation, from public functions. */
static nd_array *through_f32(unary_fn fn, nd_array *x) {
  return nd_astype(fn(nd_astype(x, ND_FLOAT32)), nd_dtype_of(x));
}

static void assert_bits_equal(const nd_array *got, const nd_array *want, const char *what,
                              const char *fn, nd_dtype t) {
  assert_non_null(got);
  assert_int_equal(nd_dtype_of(got), nd_dtype_of(want));
  assert_int_equal(nd_size(got), nd_size(want));
  nd_array *g = nd_ascontiguous((nd_array *)got, ND_C);
  nd_array *w = nd_ascontiguous((nd_array *)want, ND_C);
  const uint16_t *gb = nd_data(g), *wb = nd_data(w);
  for (int64_t i = 0; i < nd_size(g); i++)
    if (gb[i] != wb[i])
      fail_msg("%s %s (%s): element %lld is 0x%04x, the float32 path gives 0x%04x", fn,
               t == ND_FLOAT16 ? "float16" : "bfloat16", what, (long long)i, gb[i], wb[i]);
}

/* Every function, both dtypes, all 65536 inputs, C order and an _out of each layout. */
static void test_all_patterns(void **state) {
  (void)state;
  for (int d = 0; d < 2; d++) {
    nd_scope_begin();
    nd_array *x = all_patterns(halves[d]);
    nd_array *f = nd_ascontiguous(x, ND_F);
    nd_array *big = nd_zeros(halves[d], ND_SHAPE(512, 512), ND_C);
    nd_array *stepped = nd_index(big, "::2, 1::2");
    assert_int_equal(nd_assign(stepped, x), ND_OK);
    nd_array *neg = nd_index(nd_ascontiguous(nd_index(x, "::-1, ::-1"), ND_C), "::-1, ::-1");
    nd_array *tr = nd_transpose(nd_ascontiguous(nd_transpose(x), ND_C));
    for (int k = 0; k < NFUNCS; k++) {
      nd_scope_begin();
      nd_array *want = through_f32(funcs[k].fn, x);
      assert_bits_equal(funcs[k].fn(x), want, "C", funcs[k].name, halves[d]);
      assert_bits_equal(funcs[k].fn(f), want, "F", funcs[k].name, halves[d]);
      assert_bits_equal(funcs[k].fn(tr), want, "transposed", funcs[k].name, halves[d]);
      assert_bits_equal(funcs[k].fn(stepped), want, "stepped", funcs[k].name, halves[d]);
      assert_bits_equal(funcs[k].fn(neg), want, "negative strides", funcs[k].name, halves[d]);
      /* one row of the patterns broadcast down 3 rows (stride 0) */
      nd_array *row = nd_index(x, "7:8, :");
      int64_t bshape[2] = {3, 256};
      nd_array *bc = nd_broadcast_to(row, 2, bshape);
      nd_array *want_bc = nd_broadcast_to(through_f32(funcs[k].fn, row), 2, bshape);
      assert_bits_equal(funcs[k].fn(bc), want_bc, "broadcast", funcs[k].name, halves[d]);
      /* into a stepped, reversed out; in place */
      nd_array *obig = nd_zeros(halves[d], ND_SHAPE(256, 512), ND_C);
      nd_array *o = nd_index(obig, "::-1, ::2");
      assert_int_equal(funcs[k].out(o, x), ND_OK);
      assert_bits_equal(o, want, "stepped out", funcs[k].name, halves[d]);
      nd_array *inplace = nd_copy(x, ND_C);
      assert_int_equal(funcs[k].out(inplace, inplace), ND_OK);
      assert_bits_equal(inplace, want, "in place", funcs[k].name, halves[d]);
      /* an out of another dtype gets the 16-bit result converted */
      nd_array *o32 = nd_empty(ND_FLOAT32, ND_SHAPE(256, 256), ND_F);
      assert_int_equal(funcs[k].out(o32, x), ND_OK);
      assert_bits_equal(nd_astype(o32, halves[d]), want, "float32 out", funcs[k].name, halves[d]);
      nd_array *o64 = nd_empty(ND_FLOAT64, ND_SHAPE(256, 256), ND_C);
      assert_int_equal(funcs[k].out(o64, x), ND_OK);
      nd_array *w64 = nd_astype(want, ND_FLOAT64);
      assert_memory_equal(nd_data(o64), nd_data(w64), 65536 * sizeof(double));
      nd_scope_end();
    }
    nd_scope_end();
  }
}

/* The lookup loop on every instruction-set level (AVX-512 gathers, scalar), dense and
 * with a tail shorter than a vector. */
static void test_every_level(void **state) {
  (void)state;
  for (int d = 0; d < 2; d++) {
    nd_scope_begin();
    nd_array *x = all_patterns(halves[d]);
    nd_array *tail = nd_index(x, "3:4, 5:40");
    for (int k = 0; k < NFUNCS; k++) {
      nd_array *want = through_f32(funcs[k].fn, x), *want_tail = through_f32(funcs[k].fn, tail);
      for (int level = 3; level >= 1; level--) {
        char what[32];
        snprintf(what, sizeof what, "level %d", level);
        ndi_cpu_force_level(level);
        assert_bits_equal(funcs[k].fn(x), want, what, funcs[k].name, halves[d]);
        assert_bits_equal(funcs[k].fn(tail), want_tail, what, funcs[k].name, halves[d]);
      }
      ndi_cpu_force_level(-1);
    }
    nd_scope_end();
  }
}

/* Dense 1-D runs of every length around the block and vector sizes, from starts that are
 * not aligned, on every level: each element's bits are its pattern's in the table. */
static void test_dense_runs(void **state) {
  (void)state;
  static const int64_t lengths[] = {1, 7, 15, 16, 17, 33, 511, 512, 513, 1023, 1025, 4099};
  static const int64_t starts[] = {0, 1, 3, 14001, 16201, 30001};
  for (int d = 0; d < 2; d++) {
    nd_scope_begin();
    nd_array *x = nd_reshape(all_patterns(halves[d]), ND_SHAPE(65536), ND_C);
    for (int k = 0; k < NFUNCS; k++) {
      nd_scope_begin();
      const uint16_t *want = nd_data(through_f32(funcs[k].fn, x));
      for (int level = 3; level >= 1; level--) {
        ndi_cpu_force_level(level);
        for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++)
          for (size_t j = 0; j < sizeof lengths / sizeof lengths[0]; j++) {
            char idx[48];
            snprintf(idx, sizeof idx, "%lld:%lld", (long long)starts[i],
                     (long long)(starts[i] + lengths[j]));
            nd_array *got = nd_ascontiguous(funcs[k].fn(nd_index(x, idx)), ND_C);
            const uint16_t *g = nd_data(got);
            for (int64_t e = 0; e < lengths[j]; e++)
              if (g[e] != want[starts[i] + e])
                fail_msg("%s %s level %d, [%s] element %lld: 0x%04x, the table gives 0x%04x",
                         funcs[k].name, d ? "bfloat16" : "float16", level, idx, (long long)e,
                         g[e], want[starts[i] + e]);
          }
      }
      ndi_cpu_force_level(-1);
      nd_scope_end();
    }
    nd_scope_end();
  }
}

/* The polynomial path of exp and log (kernels/half_fast.c) called directly: taken on
 * AVX-512 CPUs only, the table's bits for all 65536 inputs from unaligned starts and with
 * tails, and the table read for few of the lanes whose result is a normal number (a check
 * that kept too few would be no faster than the lookup). A table whose entries are all NaN
 * (0x7fff, a result the polynomials never keep) shows which lanes read it. */
static void test_fast_path(void **state) {
  (void)state;
  static const ndi_half_fast_fn fns[2] = {NDI_HALF_FAST_EXP, NDI_HALF_FAST_LOG};
  static const unary_fn refs[2] = {nd_exp, nd_log};
  uint16_t *o = malloc(65536 * sizeof *o), *marker = malloc(65537 * sizeof *marker);
  assert_non_null(o);
  assert_non_null(marker);
  for (int i = 0; i <= 65536; i++) marker[i] = 0x7fff;
  bool avx512 = (ndi_cpu_features() & NDI_CPU_AVX512BW) != 0;
  for (int d = 0; d < 2; d++)
    for (int k = 0; k < 2; k++) {
      nd_scope_begin();
      nd_array *x = nd_reshape(all_patterns(halves[d]), ND_SHAPE(65536), ND_C);
      const uint16_t *bits = nd_data(x), *want = nd_data(through_f32(refs[k], x));
      ndi_cpu_force_level(2);
      assert_false(ndi_half_fast(fns[k], d == 1, o, bits, 65536, want));
      ndi_cpu_force_level(-1);
      assert_false(ndi_half_fast(NDI_HALF_FAST_NONE, d == 1, o, bits, 65536, want));
      if (!avx512) {
        nd_scope_end();
        continue;
      }
      static const int64_t starts[] = {0, 1, 5, 31, 33};
      for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
        int64_t n = 65536 - starts[i] - (int64_t)i;
        assert_true(ndi_half_fast(fns[k], d == 1, o, bits + starts[i], n, want));
        for (int64_t e = 0; e < n; e++)
          if (o[e] != want[starts[i] + e])
            fail_msg("%s %s, fast path from %lld, input 0x%04x: 0x%04x, the table gives 0x%04x",
                     k ? "log" : "exp", d ? "bfloat16" : "float16", (long long)starts[i],
                     bits[starts[i] + e], o[e], want[starts[i] + e]);
      }
      assert_true(ndi_half_fast(fns[k], d == 1, o, bits, 65536, marker));
      int64_t normal = 0, looked_up = 0;
      for (int e = 0; e < 65536; e++) {
        int mag = want[e] & 0x7fff, lo = d ? 0x0080 : 0x0400, inf = d ? 0x7f80 : 0x7c00;
        if (mag < lo || mag >= inf) continue;
        normal++;
        looked_up += o[e] == 0x7fff;
      }
      if (looked_up * 100 > normal)
        fail_msg("%s %s: %lld of %lld normal results read from the table", k ? "log" : "exp",
                 d ? "bfloat16" : "float16", (long long)looked_up, (long long)normal);
      nd_scope_end();
    }
  free(o);
  free(marker);
}

/* A long dense run split between two threads at whatever element the split falls on (all
 * patterns in a scrambled order, 2M elements): each element's bits are its pattern's. */
static void test_dense_threads(void **state) {
  (void)state;
  enum { N = 1 << 21 };
  uint16_t *bits = malloc(N * sizeof *bits);
  assert_non_null(bits);
  for (uint32_t j = 0; j < N; j++) bits[j] = (uint16_t)(j * 40503u + 7u);
  nd_set_num_threads(2);
  for (int d = 0; d < 2; d++) {
    nd_scope_begin();
    nd_array *x = nd_from_data(halves[d], ND_SHAPE(N), bits, ND_C);
    nd_array *all = nd_reshape(all_patterns(halves[d]), ND_SHAPE(65536), ND_C);
    for (int k = 0; k < NFUNCS; k++) {
      nd_scope_begin();
      const uint16_t *want = nd_data(through_f32(funcs[k].fn, all));
      nd_array *o = nd_empty(halves[d], ND_SHAPE(N), ND_C);
      assert_int_equal(funcs[k].out(o, x), ND_OK);
      const uint16_t *g = nd_data(o);
      for (int64_t e = 0; e < N; e++)
        if (g[e] != want[bits[e]])
          fail_msg("%s %s, 2 threads, element %lld: 0x%04x, the table gives 0x%04x",
                   funcs[k].name, d ? "bfloat16" : "float16", (long long)e, g[e],
                   want[bits[e]]);
      nd_scope_end();
    }
    nd_scope_end();
  }
  nd_set_num_threads(0);
  free(bits);
}

/* 0-d arrays (each of a few patterns, NaN payloads among them) and size 0. */
static void test_0d_and_empty(void **state) {
  (void)state;
  static const uint16_t picks[] = {0x0000, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7c01,
                                   0xfe55, 0x7fc1, 0xff81, 0x0001, 0x3555, 0x4248, 0x7bff};
  for (int d = 0; d < 2; d++) {
    for (int k = 0; k < NFUNCS; k++) {
      nd_scope_begin();
      for (size_t i = 0; i < sizeof picks / sizeof picks[0]; i++) {
        nd_array *x = nd_from_data(halves[d], 0, NULL, &picks[i], ND_C);
        nd_array *got = funcs[k].fn(x);
        assert_int_equal(nd_ndim(got), 0);
        assert_bits_equal(got, through_f32(funcs[k].fn, x), "0-d", funcs[k].name, halves[d]);
      }
      nd_array *e = nd_empty(halves[d], ND_SHAPE(3, 0), ND_C);
      nd_array *r = funcs[k].fn(e);
      assert_non_null(r);
      assert_int_equal(nd_dtype_of(r), halves[d]);
      th_assert_shape(r, 2, (int64_t[]){3, 0});
      assert_int_equal(funcs[k].out(nd_empty(halves[d], ND_SHAPE(0, 2), ND_F),
                                    nd_empty(halves[d], ND_SHAPE(0, 2), ND_C)),
                       ND_OK);
      nd_scope_end();
    }
  }
}

/* First uses racing from several threads: each gets the one table (TSan checks the
 * publication). */
typedef struct {
  nd_array *x;
  nd_array *r;
} race_arg;
static void *race_one(void *p) {
  race_arg *a = p;
  a->r = nd_atanh(a->x);
  return NULL;
}
static void test_concurrent_first_use(void **state) {
  (void)state;
  enum { T = 4 };
  nd_array *x = all_patterns(ND_BFLOAT16); /* atanh of bfloat16 is used nowhere else first */
  pthread_t th[T];
  race_arg args[T];
  for (int i = 0; i < T; i++) {
    args[i].x = x;
    assert_int_equal(pthread_create(&th[i], NULL, race_one, &args[i]), 0);
  }
  for (int i = 0; i < T; i++) assert_int_equal(pthread_join(th[i], NULL), 0);
  nd_scope_begin();
  nd_array *want = through_f32(nd_atanh, x);
  for (int i = 0; i < T; i++) {
    assert_bits_equal(args[i].r, want, "threads", "atanh", ND_BFLOAT16);
    nd_release(args[i].r);
  }
  nd_scope_end();
  nd_release(x);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_concurrent_first_use),
      cmocka_unit_test(test_all_patterns),
      cmocka_unit_test(test_0d_and_empty),
      cmocka_unit_test(test_every_level),
      cmocka_unit_test(test_dense_runs),
      cmocka_unit_test(test_fast_path),
      cmocka_unit_test(test_dense_threads),
  };
  return TH_RUN(tests);
}
