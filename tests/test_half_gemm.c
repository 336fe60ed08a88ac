/* Products of float16 and bfloat16: float32 accumulation and one rounding per element, on
 * the bfloat16 kernel (where the CPU has AVX512_BF16) and on the widening path (forced by
 * capping the instruction-set level), every layout, edge sizes around the kernel's blocks
 * (MR 12, NR 32, KC 2048, column blocks of 4096), broadcast batches, the float32 mixed
 * product, einsum chains, tensordot and vecdot, and the errors of nd_matmul_dtype. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/cpu.h"
#include "helpers.h"

/* The product a @ b (2-D, any dtype) in double: sums and sums of |terms| per element. */
static void ref_product(const nd_array *a, const nd_array *b, double *sum, double *mag) {
  int64_t m = nd_shape(a)[0], k = nd_shape(a)[1], n = nd_shape(b)[1];
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++) {
      double s = 0, g = 0;
      for (int64_t l = 0; l < k; l++) {
        double x, y;
        th_get(a, (int64_t[]){i, l}, &x, NULL);
        th_get(b, (int64_t[]){l, j}, &y, NULL);
        s += x * y;
        g += fabs(x * y);
      }
      sum[i * n + j] = s;
      mag[i * n + j] = g;
    }
}

/* got (m x n, dtype t or float32) against the reference: the float32 sum rounded once to
 * t, within float32 accumulation error (exact for exact data: tol 0). */
static void check_against(const nd_array *got, const double *sum, const double *mag,
                          nd_dtype t, double tol, const char *what) {
  int64_t m = nd_shape(got)[0], n = nd_shape(got)[1];
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++) {
      double g, w = sum[i * n + j];
      th_get(got, (int64_t[]){i, j}, &g, NULL);
      double want = th_round(nd_dtype_of(got), w);
      double ulp = nd_dtype_of(got) == ND_FLOAT32 ? 0
                   : t == ND_FLOAT16 ? fmax(fabs(want) * 0x1p-10, 0x1p-24) /* subnormals */
                                     : fabs(want) * 0x1p-7;
      if (tol == 0 ? g != want : fabs(g - w) > ulp + tol * mag[i * n + j] + 1e-30)
        fail_msg("%s: [%lld,%lld] got %.9g want %.9g (exact %.9g)", what, (long long)i,
                 (long long)j, g, want, w);
    }
}

/* Exact data (th_make's small halves) on every layout pair: the result is the exact sum
 * rounded once, whatever the path. */
static void test_layouts_exact(void **state) {
  (void)state;
  static const int64_t sizes[][3] = {{1, 1, 1}, {5, 7, 3}, {13, 33, 17}, {12, 32, 2}, {25, 65, 9}};
  nd_dtype ts[2] = {ND_FLOAT16, ND_BFLOAT16};
  for (int level = 3; level >= 2; level--) {
    ndi_cpu_force_level(level);
    for (int k = 0; k < 2; k++)
      for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (int la = 0; la < TH_BROADCAST; la++)
          for (int lb = 0; lb < TH_BROADCAST; lb += 2) {
            nd_scope_begin();
            int64_t m = sizes[s][0], n = sizes[s][1], kk = sizes[s][2];
            nd_array *a = th_make(ts[k], ND_SHAPE(m, kk), (th_layout)la, 3);
            nd_array *b = th_make(ts[k], ND_SHAPE(kk, n), (th_layout)lb, 4);
            double *sum = malloc(sizeof(double) * (size_t)(m * n)), *mag = malloc(sizeof(double) * (size_t)(m * n));
            ref_product(a, b, sum, mag);
            char what[96];
            snprintf(what, sizeof what, "level %d %s %lldx%lldx%lld %s@%s", level,
                     nd_dtype_name(ts[k]), (long long)m, (long long)n, (long long)kk,
                     th_layout_names[la], th_layout_names[lb]);
            nd_array *r = nd_matmul(a, b);
            if (!r) fail_msg("%s: %s", what, nd_last_error());
            assert_int_equal(nd_dtype_of(r), ts[k]);
            check_against(r, sum, mag, ts[k], 0, what);
            nd_array *r32 = nd_matmul_dtype(a, b, ND_FLOAT32);
            assert_int_equal(nd_dtype_of(r32), ND_FLOAT32);
            check_against(r32, sum, mag, ts[k], 0, what);
            free(sum);
            free(mag);
            nd_scope_end();
          }
  }
  ndi_cpu_force_level(-1);
}

/* Random data across the blocking: k beyond one block of 2048 (and odd), n beyond a
 * column block of 4096, sizes not multiples of the micro-kernel's. */
static void test_blocks_random(void **state) {
  (void)state;
  static const int64_t sizes[][3] = {{30, 40, 2101}, {3, 4100, 5}, {49, 97, 1}};
  for (int level = 3; level >= 2; level--) {
    ndi_cpu_force_level(level);
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
      nd_scope_begin();
      int64_t m = sizes[s][0], n = sizes[s][1], k = sizes[s][2];
      nd_rng *g = nd_rng_new(7 + s);
      nd_array *a = nd_astype(nd_add_scalar(nd_random_random(g, ND_FLOAT64, ND_SHAPE(m, k)), ND_FLOAT(-0.5)), ND_BFLOAT16);
      nd_array *b = nd_astype(nd_add_scalar(nd_random_random(g, ND_FLOAT64, ND_SHAPE(k, n)), ND_FLOAT(-0.5)), ND_BFLOAT16);
      nd_rng_free(g);
      double *sum = malloc(sizeof(double) * (size_t)(m * n)), *mag = malloc(sizeof(double) * (size_t)(m * n));
      ref_product(a, b, sum, mag);
      char what[64];
      snprintf(what, sizeof what, "level %d %lldx%lldx%lld", level, (long long)m, (long long)n, (long long)k);
      check_against(nd_matmul(a, b), sum, mag, ND_BFLOAT16, 4e-7 * (double)k, what);
      check_against(nd_matmul_dtype(a, b, ND_FLOAT32), sum, mag, ND_BFLOAT16, 4e-7 * (double)k, what);
      nd_array *h = nd_astype(a, ND_FLOAT16), *hb = nd_astype(b, ND_FLOAT16);
      ref_product(h, hb, sum, mag);
      check_against(nd_matmul(h, hb), sum, mag, ND_FLOAT16, 4e-7 * (double)k, what);
      free(sum);
      free(mag);
      nd_scope_end();
    }
  }
  ndi_cpu_force_level(-1);
}

/* Batches: broadcast batch axes (stride 0, never copied), 1-D operands, empty sums. */
static void test_batches(void **state) {
  (void)state;
  nd_scope_begin();
  for (int level = 3; level >= 2; level--) {
    ndi_cpu_force_level(level);
    nd_array *a = th_make(ND_BFLOAT16, ND_SHAPE(3, 1, 4, 5), TH_C, 1);
    nd_array *b = th_make(ND_BFLOAT16, ND_SHAPE(2, 5, 6), TH_TRANSPOSED, 2);
    nd_array *r = nd_matmul(a, b);
    th_assert_shape(r, 4, (int64_t[]){3, 2, 4, 6});
    for (int64_t i = 0; i < 3; i++)
      for (int64_t j = 0; j < 2; j++) {
        char spec[16];
        snprintf(spec, sizeof spec, "%lld, 0", (long long)i);
        nd_array *ai = nd_index(a, spec);
        snprintf(spec, sizeof spec, "%lld", (long long)j);
        nd_array *bj = nd_index(b, spec);
        snprintf(spec, sizeof spec, "%lld, %lld", (long long)i, (long long)j);
        double sum[24], mag[24];
        ref_product(ai, bj, sum, mag);
        check_against(nd_index(r, spec), sum, mag, ND_BFLOAT16, 0, "batch");
      }
    /* vector @ matrix, matrix @ vector, vector @ vector */
    nd_array *v = th_make(ND_FLOAT16, ND_SHAPE(5), TH_NEGATIVE, 3);
    th_assert_shape(nd_matmul(v, th_make(ND_FLOAT16, ND_SHAPE(5, 3), TH_F, 4)), 1, (int64_t[]){3});
    nd_array *dot = nd_matmul(v, v);
    double want = 0, x, got;
    for (int64_t i = 0; i < 5; i++) {
      th_get(v, &i, &x, NULL);
      want += x * x;
    }
    assert_int_equal(nd_item_double(dot, &got), ND_OK);
    assert_true(got == th_round(ND_FLOAT16, want));
    /* k = 0: zeros, in the 16-bit dtype and in float32 */
    nd_array *e = nd_matmul_dtype(nd_zeros(ND_BFLOAT16, ND_SHAPE(3, 0), ND_C),
                                  nd_zeros(ND_BFLOAT16, ND_SHAPE(0, 2), ND_C), ND_FLOAT32);
    assert_int_equal(nd_dtype_of(e), ND_FLOAT32);
    th_assert_same_values(e, nd_zeros(ND_FLOAT32, ND_SHAPE(3, 2), ND_C));
  }
  ndi_cpu_force_level(-1);
  nd_scope_end();
}

/* Contractions: tensordot, vecdot, an einsum chain (float32 intermediates, one rounding at
 * the end), an einsum writing its result transposed. */
static void test_contractions(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *a = th_make(ND_BFLOAT16, ND_SHAPE(4, 6), TH_C, 5), *b = th_make(ND_BFLOAT16, ND_SHAPE(6, 7), TH_F, 6);
  nd_array *c = th_make(ND_BFLOAT16, ND_SHAPE(7, 3), TH_STEPPED, 7);
  nd_array *ab = nd_matmul_dtype(a, b, ND_FLOAT32), *abc = nd_matmul(ab, nd_astype(c, ND_FLOAT32));
  nd_array *e = nd_einsum("ij,jk,kl->li", 3, (nd_array *[]){a, b, c});
  assert_int_equal(nd_dtype_of(e), ND_BFLOAT16);
  th_assert_shape(e, 2, (int64_t[]){3, 4});
  for (int64_t i = 0; i < 4; i++)
    for (int64_t l = 0; l < 3; l++) {
      double w, g;
      th_get(abc, (int64_t[]){i, l}, &w, NULL);
      th_get(e, (int64_t[]){l, i}, &g, NULL);
      assert_true(g == th_round(ND_BFLOAT16, w));
    }
  nd_array *td = nd_tensordot(a, b, 1);
  assert_int_equal(nd_dtype_of(td), ND_BFLOAT16);
  th_assert_same_values(td, nd_astype(ab, ND_BFLOAT16));
  nd_array *h = th_make(ND_FLOAT16, ND_SHAPE(3, 5), TH_TRANSPOSED, 8);
  nd_array *vd = nd_vecdot(h, h, -1);
  assert_int_equal(nd_dtype_of(vd), ND_FLOAT16);
  nd_array *sq = nd_sum_dtype(nd_multiply(nd_astype(h, ND_FLOAT32), nd_astype(h, ND_FLOAT32)), 1, (int[]){-1}, false, ND_FLOAT32);
  th_assert_same_values(vd, nd_astype(sq, ND_FLOAT16));
  /* mixed dtypes: float16 with bfloat16 promotes to float32 */
  assert_int_equal(nd_dtype_of(nd_matmul(a, nd_astype(b, ND_FLOAT16))), ND_FLOAT32);
  nd_scope_end();
}

static void test_dtype_errors(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *a = nd_ones(ND_FLOAT64, ND_SHAPE(2, 2), ND_C);
  TH_EXPECT_ERROR(nd_matmul_dtype(a, a, ND_INT32), ND_ERR_TYPE,
                  "matmul: cannot compute a product of float64 inputs in int32 (same-kind casting)");
  TH_EXPECT_ERROR(nd_matmul_dtype(a, a, (nd_dtype)77), ND_ERR_TYPE, "invalid dtype value 77");
  TH_EXPECT_ERROR(nd_matmul_dtype(a, NULL, ND_FLOAT32), ND_ERR_NULL, "matmul");
  nd_array *z = nd_zeros(ND_COMPLEX64, ND_SHAPE(2, 2), ND_C);
  TH_EXPECT_ERROR(nd_matmul_dtype(z, z, ND_FLOAT32), ND_ERR_TYPE, "complex64 inputs in float32");
  /* float64 computed in float32 (NumPy's dtype=): the inputs converted */
  nd_array *r = nd_matmul_dtype(a, a, ND_FLOAT32);
  assert_int_equal(nd_dtype_of(r), ND_FLOAT32);
  th_assert_same_values(r, nd_full(ND_FLOAT32, ND_SHAPE(2, 2), 2, ND_C));
  nd_scope_end();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_layouts_exact), cmocka_unit_test(test_blocks_random),
      cmocka_unit_test(test_batches),       cmocka_unit_test(test_contractions),
      cmocka_unit_test(test_dtype_errors),
  };
  return TH_RUN(tests);
}
