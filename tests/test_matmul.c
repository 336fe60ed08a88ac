/* matmul: NumPy's @ rules (1-D promotion, batch broadcasting), every dtype and layout
 * against a plain reference loop, the seed-003 cases, size-0 and error paths. */
#include <complex.h>
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/cpu.h"
#include "helpers.h"

/* Reference product of one output element, in exact arithmetic for the values th_make
 * produces: integers wrap through uint64 and are truncated to the dtype's width, bool is
 * or-of-ands, floats and complex accumulate in double. */
static void ref_element(const nd_array *a, const nd_array *b, const int64_t *oidx, int ond,
                        double *re, double *im) {
  int na = nd_ndim(a), nb = nd_ndim(b);
  bool a1 = na == 1, b1 = nb == 1;
  int nbd = ond - (a1 ? 0 : 1) - (b1 ? 0 : 1);
  int64_t i = a1 ? 0 : oidx[nbd], j = b1 ? 0 : oidx[ond - 1];
  int64_t k = nd_shape(a)[na - 1];
  int64_t ia[ND_MAX_DIMS], ib[ND_MAX_DIMS];
  for (int d = 0; d < na - 2; d++) {
    int o = nbd - (na - 2) + d;
    ia[d] = nd_shape(a)[d] == 1 ? 0 : oidx[o];
  }
  for (int d = 0; d < nb - 2; d++) {
    int o = nbd - (nb - 2) + d;
    ib[d] = nd_shape(b)[d] == 1 ? 0 : oidx[o];
  }
  nd_dtype t = nd_dtype_of(a);
  char kind = nd_dtype_kind(t);
  uint64_t iacc = 0;
  double sr = 0, si = 0;
  for (int64_t p = 0; p < k; p++) {
    if (a1) ia[0] = p;
    else { ia[na - 2] = i; ia[na - 1] = p; }
    if (b1) ib[0] = p;
    else { ib[nb - 2] = p; ib[nb - 1] = j; }
    double ar, ai, br, bi;
    th_get(a, ia, &ar, &ai);
    th_get(b, ib, &br, &bi);
    if (kind == 'b') iacc |= (ar != 0 && br != 0);
    else if (kind == 'i' || kind == 'u') iacc += (uint64_t)(int64_t)ar * (uint64_t)(int64_t)br;
    else { sr += ar * br - ai * bi; si += ar * bi + ai * br; }
  }
  *im = 0;
  if (kind == 'f' || kind == 'c') { *re = sr; *im = si; return; }
  switch (t) {
    case ND_INT8: *re = (int8_t)iacc; break;
    case ND_INT16: *re = (int16_t)iacc; break;
    case ND_INT32: *re = (int32_t)iacc; break;
    case ND_INT64: *re = (double)(int64_t)iacc; break;
    case ND_UINT8: *re = (uint8_t)iacc; break;
    case ND_UINT16: *re = (uint16_t)iacc; break;
    case ND_UINT32: *re = (uint32_t)iacc; break;
    default: *re = (double)iacc; break;
  }
}

/* Checks r == a @ b element by element (a and b of the same dtype). */
static void check_product(const nd_array *a, const nd_array *b, const nd_array *r) {
  assert_non_null(r);
  assert_int_equal(nd_dtype_of(r), nd_dtype_of(a));
  if (nd_size(r) == 0) return;
  int ond = nd_ndim(r);
  int64_t idx[ND_MAX_DIMS] = {0};
  do {
    double wr, wi, gr, gi;
    ref_element(a, b, idx, ond, &wr, &wi);
    wr = th_round(nd_dtype_of(r), wr); /* float16, bfloat16: float32 sums, one rounding */
    th_get(r, idx, &gr, &gi);
    if (gr != wr || gi != wi)
      fail_msg("%s: element %lld..: got (%g,%g) want (%g,%g)", nd_dtype_name(nd_dtype_of(a)),
               (long long)idx[0], gr, gi, wr, wi);
  } while (th_next(ond, nd_shape(r), idx));
}

static void test_seed003(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *a = th_arange(ND_FLOAT32, ND_SHAPE(2, 3));
  nd_array *w = th_arange(ND_FLOAT32, ND_SHAPE(3, 4));
  nd_array *v = nd_ones(ND_FLOAT32, ND_SHAPE(3), ND_C);
  float aw[8], av[2], vw[4];
  assert_int_equal(nd_to_data(nd_matmul(a, w), aw, ND_C), ND_OK);
  const float aw_want[8] = {20, 23, 26, 29, 56, 68, 80, 92};
  assert_memory_equal(aw, aw_want, sizeof aw);
  nd_array *r = nd_matmul(a, v);
  th_assert_shape(r, 1, (int64_t[]){2});
  nd_to_data(r, av, ND_C);
  assert_true(av[0] == 3 && av[1] == 12);
  r = nd_matmul(v, w);
  th_assert_shape(r, 1, (int64_t[]){4});
  nd_to_data(r, vw, ND_C);
  const float vw_want[4] = {12, 15, 18, 21};
  assert_memory_equal(vw, vw_want, sizeof vw);
  nd_array *h = nd_ones(ND_FLOAT32, ND_SHAPE(4, 2, 3), ND_C);
  th_assert_shape(nd_matmul(h, w), 3, (int64_t[]){4, 2, 4});
  th_assert_shape(nd_matmul(h, nd_ones(ND_FLOAT32, ND_SHAPE(1, 3, 4), ND_C)), 3,
                  (int64_t[]){4, 2, 4});
  nd_scope_end();
}

/* Seed 003's candle bug: lhs [1,m,k] expanded to [b,m,k] (batch stride 0) times rhs
 * [b,k,n] must equal the product of the materialised copy exactly, for small (direct
 * kernel) and BLAS-sized matrices. */
static void test_expanded_batch(void **state) {
  (void)state;
  const int64_t sizes[][4] = {{4, 2, 3, 5}, {3, 40, 50, 30}, {5, 17, 3, 2}};
  for (int s = 0; s < 3; s++) {
    nd_scope_begin();
    int64_t b = sizes[s][0], m = sizes[s][1], k = sizes[s][2], n = sizes[s][3];
    nd_array *lhs = th_arange(ND_FLOAT32, ND_SHAPE(1, m, k));
    nd_array *rhs = nd_astype(th_arange(ND_FLOAT64, ND_SHAPE(b, k, n)), ND_FLOAT32);
    for (int64_t i = 0; i < nd_size(rhs); i++) ((float *)nd_data(rhs))[i] *= 0.01f;
    nd_array *view = nd_broadcast_to(lhs, ND_SHAPE(b, m, k));
    assert_int_equal(nd_strides(view)[0], 0);
    nd_array *fast = nd_matmul(view, rhs);
    nd_array *copied = nd_matmul(nd_copy(view, ND_C), rhs);
    th_assert_same_values(fast, copied);
    /* and the last batch is not zeros */
    double x;
    nd_get_double(fast, (int64_t[]){b - 1, m - 1, n - 1}, &x);
    assert_true(x != 0);
    nd_scope_end();
  }
}

/* Every dtype, every layout of both operands, batched, small and BLAS-sized. */
static void test_layouts_dtypes(void **state) {
  (void)state;
  const int64_t dims[][4] = {{3, 4, 5, 2}, {2, 17, 5, 3}}; /* direct kernel, BLAS */
  for (int s = 0; s < 2; s++) {
    int64_t bt = dims[s][0], m = dims[s][1], k = dims[s][2], n = dims[s][3];
    for (int d = 0; d < ND_NUM_DTYPES; d++) {
      for (int la = 0; la < TH_NUM_LAYOUTS; la++) {
        for (int lb = 0; lb < TH_NUM_LAYOUTS; lb += (s ? 1 : 2)) {
          nd_scope_begin();
          nd_dtype t = th_all_dtypes[d];
          nd_array *a = th_make(t, ND_SHAPE(bt, m, k), (th_layout)la, 1);
          nd_array *b = th_make(t, ND_SHAPE(bt, k, n), (th_layout)lb, 2);
          check_product(a, b, nd_matmul(a, b));
          /* 2-D operands of the same layouts, and a 2-D one against the batch */
          nd_array *a2 = th_make(t, ND_SHAPE(m, k), (th_layout)la, 3);
          nd_array *b2 = th_make(t, ND_SHAPE(k, n), (th_layout)lb, 4);
          check_product(a2, b2, nd_matmul(a2, b2));
          check_product(a2, b, nd_matmul(a2, b));
          nd_scope_end();
        }
      }
    }
  }
}

static void test_vectors(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_scope_begin();
    nd_dtype t = th_all_dtypes[d];
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *v = th_make(t, ND_SHAPE(7), (th_layout)L, 5);
      nd_array *u = th_make(t, ND_SHAPE(7), TH_NEGATIVE, 6);
      nd_array *M = th_make(t, ND_SHAPE(3, 7), (th_layout)L, 7);
      nd_array *B = th_make(t, ND_SHAPE(2, 7, 20), (th_layout)L, 8);
      nd_array *r = nd_matmul(v, u);
      th_assert_shape(r, 0, NULL);
      check_product(v, u, r);
      check_product(M, v, nd_matmul(M, v));
      check_product(v, B, nd_matmul(v, B));
      th_assert_shape(nd_matmul(v, B), 2, (int64_t[]){2, 20});
    }
    nd_scope_end();
  }
}

/* Products with a vector in them beyond the direct kernel's sizes: matrix-vector (gemv)
 * both ways, dot products, outer products (k = 1, an elementwise pass), alone and
 * batched, every dtype and every pair of layouts (broadcast vectors, stride 0, are packed
 * for BLAS). */
static void test_vector_shapes(void **state) {
  (void)state;
  typedef struct {
    int na, nb;
    int64_t sa[3], sb[3];
  } pair;
  const pair pairs[] = {
      {2, 1, {37, 29}, {29}},           {1, 2, {29}, {29, 37}},
      {1, 1, {41}, {41}},               {2, 2, {23, 1}, {1, 19}},
      {3, 3, {3, 37, 29}, {3, 29, 1}},  {3, 3, {3, 1, 29}, {3, 29, 37}},
      {3, 3, {3, 1, 41}, {3, 41, 1}},   {3, 3, {3, 23, 1}, {3, 1, 19}},
      {2, 3, {1, 29}, {2, 29, 37}},     {3, 2, {2, 37, 29}, {29, 1}},
  };
  for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++)
    for (int d = 0; d < ND_NUM_DTYPES; d++)
      for (int la = 0; la < TH_NUM_LAYOUTS; la++)
        for (int lb = 0; lb < TH_NUM_LAYOUTS; lb++) {
          nd_scope_begin();
          nd_dtype t = th_all_dtypes[d];
          nd_array *a = th_make(t, pairs[p].na, pairs[p].sa, (th_layout)la, 1);
          nd_array *b = th_make(t, pairs[p].nb, pairs[p].sb, (th_layout)lb, 2);
          check_product(a, b, nd_matmul(a, b));
          nd_scope_end();
        }
}

/* Dot products long enough to be split over nd's threads (gemm_batch.c, dot_full.c):
 * vectors and a row times a column, float32 (summed in float64, rounded once: the
 * reference's rounding of the exact sum) and float64, every layout, one and two threads
 * with the same bits. */
static void test_long_dots(void **state) {
  (void)state;
  const nd_dtype types[] = {ND_FLOAT64, ND_FLOAT32};
  const int64_t k = 131073;
  int threads = nd_get_num_threads();
  for (size_t d = 0; d < 2; d++)
    for (int la = 0; la < TH_NUM_LAYOUTS; la++) {
      nd_scope_begin();
      th_layout lb = (th_layout)((la + 1) % TH_NUM_LAYOUTS);
      nd_array *u = th_make(types[d], ND_SHAPE(k), (th_layout)la, 1);
      nd_array *v = th_make(types[d], ND_SHAPE(k), lb, 2);
      nd_array *row = th_make(types[d], ND_SHAPE(1, k), (th_layout)la, 3);
      nd_array *col = th_make(types[d], ND_SHAPE(k, 1), lb, 4);
      double got[2][2];
      for (int nt = 1; nt <= 2; nt++) {
        nd_set_num_threads(nt);
        nd_array *r = nd_matmul(u, v), *rc = nd_matmul(row, col);
        check_product(u, v, r);
        check_product(row, col, rc);
        assert_int_equal(nd_item_double(r, &got[nt - 1][0]), ND_OK);
        assert_int_equal(nd_item_double(rc, &got[nt - 1][1]), ND_OK);
      }
      assert_memory_equal(got[0], got[1], sizeof got[0]);
      nd_scope_end();
    }
  nd_set_num_threads(threads);
}

static void test_mixed_and_wrap(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *i8 = nd_full(ND_INT8, ND_SHAPE(1, 2), 100, ND_C);
  nd_array *j8 = nd_full(ND_INT8, ND_SHAPE(2, 1), 2, ND_C);
  int64_t x;
  nd_get_int64(nd_matmul(i8, j8), (int64_t[]){0, 0}, &x);
  assert_int_equal(x, -112); /* 400 wraps in int8, as in NumPy */
  nd_array *f32 = nd_ones(ND_FLOAT32, ND_SHAPE(2, 3), ND_C);
  nd_array *r = nd_matmul(f32, nd_ones(ND_INT8, ND_SHAPE(3, 2), ND_C));
  assert_int_equal(nd_dtype_of(r), ND_FLOAT32);
  r = nd_matmul(nd_ones(ND_INT32, ND_SHAPE(2, 3), ND_C), nd_ones(ND_FLOAT32, ND_SHAPE(3), ND_C));
  assert_int_equal(nd_dtype_of(r), ND_FLOAT64);
  nd_array *c = nd_matmul(nd_ones(ND_COMPLEX64, ND_SHAPE(2, 2), ND_C), nd_ones(ND_FLOAT64, ND_SHAPE(2, 2), ND_C));
  assert_int_equal(nd_dtype_of(c), ND_COMPLEX128);
  /* bool: or of ands */
  bool ab[6] = {1, 0, 0, 0, 1, 0}, bb[6] = {0, 1, 1, 0, 0, 0};
  nd_array *ba = nd_from_data(ND_BOOL, ND_SHAPE(2, 3), ab, ND_C);
  nd_array *bm = nd_from_data(ND_BOOL, ND_SHAPE(3, 2), bb, ND_C);
  bool out[4];
  nd_to_data(nd_matmul(ba, bm), out, ND_C);
  assert_true(!out[0] && out[1] && out[2] && !out[3]);
  nd_scope_end();
}

static void test_size_zero(void **state) {
  (void)state;
  nd_scope_begin();
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d];
    /* k = 0: zeros of shape [m, n], for small and BLAS-sized m, n */
    const int64_t mn[2] = {3, 40};
    for (int s = 0; s < 2; s++) {
      nd_array *a = nd_empty(t, ND_SHAPE(2, mn[s], 0), ND_C);
      nd_array *b = nd_empty(t, ND_SHAPE(0, mn[s]), ND_F);
      nd_array *r = nd_matmul(a, b);
      th_assert_shape(r, 3, (int64_t[]){2, mn[s], mn[s]});
      th_assert_same_values(r, nd_zeros(t, ND_SHAPE(2, mn[s], mn[s]), ND_C));
    }
    th_assert_shape(nd_matmul(nd_empty(t, ND_SHAPE(0, 3), ND_C), nd_empty(t, ND_SHAPE(3, 4), ND_C)), 2,
                    (int64_t[]){0, 4});
    th_assert_shape(nd_matmul(nd_empty(t, ND_SHAPE(0, 2, 3), ND_C), nd_empty(t, ND_SHAPE(3, 4), ND_C)), 3,
                    (int64_t[]){0, 2, 4});
    nd_array *e = nd_empty(t, ND_SHAPE(0), ND_C);
    nd_array *z = nd_matmul(e, e);
    th_assert_shape(z, 0, NULL);
    double v;
    nd_item_double(z, &v);
    assert_true(v == 0);
  }
  nd_scope_end();
}

/* Larger products: threaded single BLAS calls, parallel batches of BLAS calls, packed
 * operands (negative strides), against the reference loop with a tolerance. */
static void test_large(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *a = th_make(ND_FLOAT64, ND_SHAPE(70, 40), TH_NEGATIVE, 1);
  nd_array *b = th_make(ND_FLOAT64, ND_SHAPE(40, 50), TH_TRANSPOSED, 2);
  check_product(a, b, nd_matmul(a, b)); /* exact: half-integers */
  nd_array *ba = th_make(ND_COMPLEX128, ND_SHAPE(16, 24, 30), TH_STEPPED, 3);
  nd_array *bb = th_make(ND_COMPLEX128, ND_SHAPE(16, 30, 20), TH_BROADCAST, 4);
  check_product(ba, bb, nd_matmul(ba, bb));
  nd_array *ia = th_make(ND_INT16, ND_SHAPE(40, 200), TH_F, 5);
  nd_array *ib = th_make(ND_INT16, ND_SHAPE(200, 30), TH_NEGATIVE, 6);
  check_product(ia, ib, nd_matmul(ia, ib));
  /* skinny products (long k) are split along k across threads; sums of these values are
   * exact, so any split must give the reference's bits */
  nd_array *ka = th_make(ND_FLOAT64, ND_SHAPE(5, 20000), TH_C, 9);
  nd_array *kb = th_make(ND_FLOAT64, ND_SHAPE(20000, 4), TH_F, 10);
  check_product(ka, kb, nd_matmul(ka, kb));
  nd_array *kc = th_make(ND_COMPLEX128, ND_SHAPE(3, 20000), TH_F, 11);
  nd_array *kd = th_make(ND_COMPLEX128, ND_SHAPE(20000, 6), TH_C, 12);
  check_product(kc, kd, nd_matmul(kc, kd));
  nd_set_num_threads(1); /* the same bits on one thread */
  nd_array *one = nd_matmul(kc, kd);
  nd_set_num_threads(0);
  th_assert_same_values(one, nd_matmul(kc, kd));
  /* the outer-product form (A along m, B along n: F @ C) goes to nd's own kernel where
   * the CPU has AVX-512; extents that leave partial register tiles (m % 8, n % 24), a
   * transposed C and the BLAS path for the same operands all give the reference's bits */
  for (int on = 1; on >= 0; on--) {
    ndi_cpu_force_level(on ? -1 : 2);
    const int64_t ms[] = {13, 8, 1}, ns[] = {37, 24, 7};
    for (int t = 0; t < 3; t++) {
      nd_array *oa = th_make(ND_FLOAT64, ND_SHAPE(ms[t], 12000), TH_F, 13 + t);
      nd_array *ob = th_make(ND_FLOAT64, ND_SHAPE(12000, ns[t]), TH_C, 16 + t);
      check_product(oa, ob, nd_matmul(oa, ob));
      check_product(oa, ob, nd_transpose(nd_einsum("ij,jk->ki", 2, (nd_array *[]){oa, ob})));
    }
  }
  ndi_cpu_force_level(-1);
  /* with values whose sums round, the k-split still gives the same bits on one and two
   * threads, through nd's kernel (F @ C) and through BLAS (C @ F) */
  nd_array *ra = nd_sin(nd_reshape(nd_arange(ND_FLOAT64, 0, 13 * 20000, 1), ND_SHAPE(13, 20000), ND_F));
  nd_array *rb = nd_cos(nd_reshape(nd_arange(ND_FLOAT64, 0, 20000 * 25, 1), ND_SHAPE(20000, 25), ND_C));
  nd_array *pairs[2][2] = {{ra, rb}, {nd_copy(ra, ND_C), nd_copy(rb, ND_F)}};
  for (int q = 0; q < 2; q++) {
    nd_set_num_threads(1);
    nd_array *r1 = nd_matmul(pairs[q][0], pairs[q][1]);
    nd_set_num_threads(2);
    th_assert_same_values(r1, nd_matmul(pairs[q][0], pairs[q][1]));
    nd_set_num_threads(0);
  }
  /* operands BLAS cannot address (negative strides) are packed once and still split along
   * k: exact values give the reference's bits, rounding ones the same bits on 1 and 2 */
  nd_array *na = th_make(ND_FLOAT32, ND_SHAPE(8, 20000), TH_NEGATIVE, 19);
  nd_array *nb = th_make(ND_FLOAT32, ND_SHAPE(20000, 6), TH_NEGATIVE, 20);
  check_product(na, nb, nd_matmul(na, nb));
  nd_array *flipped[3][2] = {{nd_flip(ra, ND_ALL_AXES, NULL), rb},
                             {ra, nd_flip(rb, ND_ALL_AXES, NULL)},
                             {nd_flip(nd_astype(ra, ND_COMPLEX64), 1, (int[]){1}), nd_astype(rb, ND_COMPLEX64)}};
  for (int q = 0; q < 3; q++) {
    nd_array *fa = flipped[q][0];
    nd_set_num_threads(1);
    nd_array *r1 = nd_matmul(fa, flipped[q][1]);
    nd_set_num_threads(2);
    th_assert_same_values(r1, nd_matmul(fa, flipped[q][1]));
    nd_set_num_threads(0);
  }
  /* many small products, run in parallel */
  nd_array *sa = th_make(ND_FLOAT32, ND_SHAPE(3000, 4, 6), TH_C, 7);
  nd_array *sb = th_make(ND_FLOAT32, ND_SHAPE(6, 5), TH_F, 8);
  check_product(sa, sb, nd_matmul(sa, sb));
  nd_scope_end();
}

static void test_errors(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *a = nd_ones(ND_FLOAT64, ND_SHAPE(2, 3), ND_C);
  nd_array *b = nd_ones(ND_FLOAT64, ND_SHAPE(4, 5), ND_C);
  TH_EXPECT_ERROR(nd_matmul(a, b), ND_ERR_SHAPE, "matmul: [2,3] @ [4,5]: contracted axes differ (3 vs 4)");
  TH_EXPECT_ERROR(nd_matmul(nd_ones(ND_FLOAT64, ND_SHAPE(2, 2, 3), ND_C), nd_ones(ND_FLOAT64, ND_SHAPE(3, 3, 4), ND_C)),
                  ND_ERR_SHAPE, "batch shapes [2] and [3] cannot be broadcast");
  TH_EXPECT_ERROR(nd_matmul(nd_ones(ND_FLOAT64, 0, NULL, ND_C), a), ND_ERR_SHAPE, "matmul: operand 0 is 0-d");
  TH_EXPECT_ERROR(nd_matmul(a, nd_ones(ND_FLOAT64, 0, NULL, ND_C)), ND_ERR_SHAPE, "operand 1 is 0-d");
  TH_EXPECT_ERROR(nd_matmul(nd_ones(ND_FLOAT64, ND_SHAPE(3), ND_C), nd_ones(ND_FLOAT64, ND_SHAPE(4), ND_C)),
                  ND_ERR_SHAPE, "[3] @ [4]: contracted axes differ (3 vs 4)");
  TH_EXPECT_ERROR(nd_matmul(NULL, a), ND_ERR_NULL, "matmul");
  TH_EXPECT_ERROR(nd_matmul(a, NULL), ND_ERR_NULL, "matmul");
  nd_scope_end();
}

/* C, F and transposed operands reach BLAS without a copy: the product allocates exactly
 * what a C@C product does (the result), while a negative-stride operand needs a packing
 * buffer. */
static nd_array *big_operand(th_layout L, unsigned seed) {
  return th_make(ND_FLOAT64, ND_SHAPE(60, 60), L, seed);
}
static long allocations_of_product(th_layout la, th_layout lb) {
  nd_array *a = big_operand(la, 1), *b = big_operand(lb, 2);
  ndi_alloc_fail_after(-1);
  nd_array *r = nd_matmul(a, b);
  long n = ndi_alloc_fail_after(-1);
  assert_non_null(r);
  check_product(a, b, r);
  nd_release(r);
  nd_release(a);
  nd_release(b);
  return n;
}
static void test_no_copy(void **state) {
  (void)state;
  long base = allocations_of_product(TH_C, TH_C);
  assert_int_equal(allocations_of_product(TH_F, TH_F), base);
  assert_int_equal(allocations_of_product(TH_TRANSPOSED, TH_C), base);
  assert_int_equal(allocations_of_product(TH_C, TH_TRANSPOSED), base);
  assert_true(allocations_of_product(TH_STEPPED, TH_C) > base); /* no unit stride */
  assert_true(allocations_of_product(TH_NEGATIVE, TH_C) > base);
  /* a slice with unit column stride: BLAS's leading dimension covers it */
  nd_array *big = th_make(ND_FLOAT64, ND_SHAPE(70, 80), TH_C, 3);
  nd_array *sl = nd_index(big, "5:65, 7:67");
  nd_array *b = big_operand(TH_F, 4);
  ndi_alloc_fail_after(-1);
  nd_array *r = nd_matmul(sl, b);
  assert_int_equal(ndi_alloc_fail_after(-1), base);
  check_product(sl, b, r);
  nd_release(r);
  nd_release(b);
  nd_release(sl);
  nd_release(big);
}

static void test_alloc_failures(void **state) {
  (void)state;
  nd_array *a = th_make(ND_FLOAT64, ND_SHAPE(3, 20, 30), TH_NEGATIVE, 1);
  nd_array *b = th_make(ND_INT32, ND_SHAPE(30, 20), TH_C, 2);
  for (long n = 0; n < 12; n++) {
    ndi_alloc_fail_after(n);
    nd_array *r = nd_matmul(a, b);
    ndi_alloc_fail_after(-1);
    if (!r) assert_int_equal(nd_last_status(), ND_ERR_NOMEM);
    nd_release(r);
    nd_clear_error();
  }
  nd_release(a);
  nd_release(b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_seed003),        cmocka_unit_test(test_expanded_batch),
      cmocka_unit_test(test_layouts_dtypes), cmocka_unit_test(test_vectors),
      cmocka_unit_test(test_vector_shapes),  cmocka_unit_test(test_long_dots),
      cmocka_unit_test(test_mixed_and_wrap), cmocka_unit_test(test_size_zero),
      cmocka_unit_test(test_large),          cmocka_unit_test(test_errors),
      cmocka_unit_test(test_no_copy),        cmocka_unit_test(test_alloc_failures),
  };
  return TH_RUN(tests);
}
