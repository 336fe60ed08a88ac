/* The elementwise engine and driver: broadcasting (the seed's cases, every pair pattern),
 * output layout, _out forms (shape, casting, read-only, overlap, in-place), large arrays
 * (tiled, threaded, streamed paths) against reference loops, 1 and 2 threads giving the
 * same bits, the MP2 denominator, and error messages. */
#include <stdlib.h>

#include "core/alloc.h"
#include "ew_check.h"

static double get_d(const nd_array *a, int64_t i) {
  double v;
  assert_int_equal(nd_get_double(a, &i, &v), ND_OK);
  return v;
}

static void assert_values(const nd_array *a, int n, const double *want) {
  assert_int_equal(nd_size(a), n);
  double got[64];
  assert_int_equal(nd_to_data(nd_astype(a, ND_FLOAT64), got, ND_C), ND_OK);
  for (int i = 0; i < n; i++)
    if (got[i] != want[i]) fail_msg("element %d: got %g, want %g", i, got[i], want[i]);
}

/* Seed 003: a = arange(6) as [2,3], row = [10,20,30], col = [[100],[200]]. */
static void test_seed_broadcasting(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *a = th_arange(ND_FLOAT32, ND_SHAPE(2, 3));
  nd_array *row = nd_from_data(ND_FLOAT32, ND_SHAPE(3), (float[]){10, 20, 30}, ND_C);
  nd_array *col = nd_from_data(ND_FLOAT32, ND_SHAPE(2, 1), (float[]){100, 200}, ND_C);
  nd_array *r1 = nd_add(a, row), *r2 = nd_add(a, col), *r3 = nd_add(col, row);
  th_assert_shape(r3, ND_SHAPE(2, 3));
  assert_values(r1, 6, (double[]){10, 21, 32, 13, 24, 35});
  assert_values(r2, 6, (double[]){100, 101, 102, 203, 204, 205});
  assert_values(r3, 6, (double[]){110, 120, 130, 210, 220, 230});
  nd_array *ones = nd_ones(ND_FLOAT32, ND_SHAPE(2, 2), ND_C);
  TH_EXPECT_ERROR(nd_add(a, ones), ND_ERR_SHAPE,
                  "add: shapes [2,3] and [2,2] cannot be broadcast (axis 1: 3 vs 2)");
  TH_EXPECT_ERROR(nd_multiply(ones, a), ND_ERR_SHAPE, "multiply: shapes [2,2] and [2,3]");
  TH_EXPECT_ERROR(nd_where(a, ones, a), ND_ERR_SHAPE,
                  "where: shapes [2,3], [2,2] and [2,3] cannot be broadcast (axis 1: 3 vs 2)");
  TH_EXPECT_ERROR(nd_clip(a, a, ones), ND_ERR_SHAPE, "clip: shapes [2,3], [2,3] and [2,2]");
  /* a NULL input is named as the header names it */
  TH_EXPECT_ERROR(nd_add(a, NULL), ND_ERR_NULL, "add: argument b is NULL");
  TH_EXPECT_ERROR(nd_sin(NULL), ND_ERR_NULL, "sin: argument x is NULL");
  TH_EXPECT_ERROR(nd_clip(a, NULL, a), ND_ERR_NULL, "clip: argument lo is NULL");
  TH_EXPECT_ERROR(nd_where(NULL, a, a), ND_ERR_NULL, "where: argument cond is NULL");
  nd_scope_end();
}

/* Every pattern of extents 1 and n over two axes for both operands, against a loop. */
static void test_broadcast_patterns(void **state) {
  (void)state;
  nd_scope_begin();
  const int64_t ext[2] = {3, 4};
  for (int ma = 0; ma < 4; ma++) {
    for (int mb = 0; mb < 4; mb++) {
      for (int drop = 0; drop < 2; drop++) { /* b with its leading axis dropped */
        int64_t sa[2] = {ma & 1 ? ext[0] : 1, ma & 2 ? ext[1] : 1};
        int64_t sb[2] = {mb & 1 ? ext[0] : 1, mb & 2 ? ext[1] : 1};
        nd_array *a = th_make(ND_INT32, 2, sa, TH_TRANSPOSED, 1);
        nd_array *b = th_make(ND_INT32, 2 - drop, sb + drop, TH_NEGATIVE, 2);
        nd_array *r = nd_subtract(a, b);
        assert_non_null(r);
        int64_t idx[2] = {0, 0};
        do {
          int64_t ia[2] = {sa[0] == 1 ? 0 : idx[0], sa[1] == 1 ? 0 : idx[1]};
          int64_t ib[2] = {sb[0] == 1 ? 0 : idx[0], sb[1] == 1 ? 0 : idx[1]};
          double x, y, z, im;
          th_get(a, ia, &x, &im);
          th_get(b, ib + drop, &y, &im);
          th_get(r, idx, &z, &im);
          assert_true(z == x - y);
        } while (th_next(2, nd_shape(r), idx));
      }
    }
  }
  nd_scope_end();
}

static void test_output_layout(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *c = th_make(ND_FLOAT64, ND_SHAPE(3, 4, 5), TH_C, 1);
  nd_array *f = th_make(ND_FLOAT64, ND_SHAPE(3, 4, 5), TH_F, 2);
  nd_array *t = th_make(ND_FLOAT64, ND_SHAPE(3, 4, 5), TH_TRANSPOSED, 3);
  nd_array *n = th_make(ND_FLOAT64, ND_SHAPE(3, 4, 5), TH_NEGATIVE, 4);
  /* NumPy's order K over all inputs: C wins over F, a broadcast input has no say along
   * its broadcast axes; expected strides (elements) are NumPy's (bytes / 8) */
  assert_true(nd_is_contiguous(nd_add(c, f), ND_C));
  assert_true(nd_is_contiguous(nd_add(f, c), ND_C));
  assert_true(nd_is_contiguous(nd_add(f, f), ND_F));
  assert_true(nd_is_contiguous(nd_exp(t), ND_F));
  assert_true(nd_is_contiguous(nd_add(n, f), ND_C)); /* reversed C: C, forwards */
  assert_true(nd_is_contiguous(nd_sqrt(n), ND_C));
  assert_true(nd_is_contiguous(nd_where(nd_greater_scalar(c, ND_FLOAT(0)), f, f), ND_C));
  nd_array *b = nd_index(f, ":, 0:1, :"); /* [3,1,5] */
  assert_true(nd_is_contiguous(nd_add(b, f), ND_F));
  th_assert_strides(nd_add(b, nd_index(f, "0, :, 0:1")), 3, (int64_t[]){1, 15, 3});
  nd_array *g = nd_index(nd_permute(nd_ones(ND_FLOAT64, ND_SHAPE(5, 4, 3), ND_C), 3, (int[]){2, 0, 1}), ":, :, ::2");
  th_assert_strides(nd_sqrt(g), 3, (int64_t[]){1, 6, 3});
  th_assert_strides(nd_sqrt(nd_index(c, ":, :, ::2")), 3, (int64_t[]){12, 3, 1});
  assert_true(nd_is_contiguous(nd_add_scalar(f, ND_FLOAT(1)), ND_F));
  nd_scope_end();
}

static void test_out_forms(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *a = th_arange(ND_INT32, ND_SHAPE(2, 3));
  nd_array *row = th_arange(ND_INT32, ND_SHAPE(3));
  /* into a strided view of a larger float32 array, inputs broadcast to it */
  nd_array *big = nd_zeros(ND_FLOAT32, ND_SHAPE(4, 6), ND_F);
  nd_array *view = nd_index(big, "::2, ::-2");
  assert_int_equal(nd_add_out(view, a, row), ND_OK);
  assert_values(nd_ascontiguous(view, ND_C), 6, (double[]){0, 2, 4, 3, 5, 7});
  nd_array *flat = nd_ravel(big, ND_C); /* untouched between the steps */
  assert_true(get_d(flat, 0) == 0 && get_d(flat, 6) == 0 && get_d(flat, 1) == 4);
  /* out of another shape than the broadcast: error naming both */
  nd_array *o3 = nd_zeros(ND_INT32, ND_SHAPE(3), ND_C);
  TH_EXPECT_ERROR(nd_add_out(o3, a, row), ND_ERR_SHAPE,
                  "add: output of shape [3] does not match the broadcast shape [2,3]");
  nd_array *o23 = nd_zeros(ND_INT32, ND_SHAPE(2, 2), ND_C);
  TH_EXPECT_ERROR(nd_add_out(o23, a, row), ND_ERR_SHAPE, "[2,2]");
  /* a larger out is fine: inputs broadcast to it */
  nd_array *o423 = nd_zeros(ND_INT64, ND_SHAPE(4, 2, 3), ND_C);
  assert_int_equal(nd_multiply_out(o423, a, row), ND_OK);
  assert_true(get_d(nd_ravel(o423, ND_C), 23) == 10);
  /* same-kind casting: float64 result into int32 out is refused, into float32 allowed */
  nd_array *fa = nd_astype(a, ND_FLOAT64);
  nd_array *oi = nd_zeros(ND_INT32, ND_SHAPE(2, 3), ND_C);
  TH_EXPECT_ERROR(nd_add_out(oi, fa, row), ND_ERR_TYPE,
                  "add: cannot cast the result of dtype float64 to the output's dtype int32");
  nd_array *of = nd_zeros(ND_FLOAT32, ND_SHAPE(2, 3), ND_C);
  assert_int_equal(nd_divide_out(of, fa, nd_weak(ND_INT(4))), ND_OK);
  assert_true(get_d(nd_ravel(of, ND_C), 5) == 1.25);
  nd_array *oc = nd_zeros(ND_FLOAT64, ND_SHAPE(2, 3), ND_C);
  TH_EXPECT_ERROR(nd_add_scalar_out(oc, fa, ND_COMPLEX(0, 1)), ND_ERR_TYPE, "complex128");
  /* int8 result into int64 out; bool into int */
  nd_array *o64 = nd_zeros(ND_INT64, ND_SHAPE(2, 3), ND_C);
  assert_int_equal(nd_less_out(o64, a, row), ND_OK);
  /* read-only and broadcast outs */
  nd_array *ro = nd_broadcast_to(row, ND_SHAPE(2, 3));
  TH_EXPECT_ERROR(nd_add_out(ro, a, row), ND_ERR_READONLY, "add: destination");
  nd_array *frozen = nd_zeros(ND_INT32, ND_SHAPE(2, 3), ND_C);
  nd_set_writeable(frozen, false);
  TH_EXPECT_ERROR(nd_exp_out(frozen, a), ND_ERR_READONLY, "exp: destination array is read-only");
  /* real and imag parts copied out, broadcast and cast */
  nd_array *z = nd_from_data(ND_COMPLEX64, ND_SHAPE(3), (float[]){1, -2, 3, -4, 5, -6}, ND_C);
  nd_array *parts = nd_zeros(ND_FLOAT64, ND_SHAPE(2, 3), ND_C);
  assert_int_equal(nd_real_out(parts, z), ND_OK);
  assert_values(parts, 6, (double[]){1, 3, 5, 1, 3, 5});
  assert_int_equal(nd_imag_out(nd_index(parts, "1"), z), ND_OK);
  assert_values(parts, 6, (double[]){1, 3, 5, -2, -4, -6});
  assert_int_equal(nd_real_out(parts, a), ND_OK); /* a real array is its own real part */
  assert_values(parts, 6, (double[]){0, 1, 2, 3, 4, 5});
  TH_EXPECT_ERROR(nd_real_out(ro, z), ND_ERR_READONLY, "real");
  /* the same-kind rule of every _out form: a float part does not go into integers */
  nd_array *ints = nd_zeros(ND_INT8, ND_SHAPE(3), ND_C);
  TH_EXPECT_ERROR(nd_real_out(ints, z), ND_ERR_TYPE,
                  "real: cannot cast the result of dtype float32 to the output's dtype int8 (same-kind casting)");
  TH_EXPECT_ERROR(nd_imag_out(ints, z), ND_ERR_TYPE, "imag: cannot cast");
  TH_EXPECT_ERROR(nd_real_out(ints, nd_ones(ND_FLOAT64, ND_SHAPE(3), ND_C)), ND_ERR_TYPE, "real: cannot cast");
  /* size 0 */
  nd_array *e = nd_zeros(ND_INT32, ND_SHAPE(0, 3), ND_C);
  assert_int_equal(nd_add_out(e, e, row), ND_OK);
  nd_scope_end();
}

static void test_in_place_and_overlap(void **state) {
  (void)state;
  nd_scope_begin();
  for (int L = 0; L < TH_BROADCAST; L++) {
    /* in place: a += b on every writeable layout */
    nd_array *a = th_make(ND_FLOAT64, ND_SHAPE(5, 7), (th_layout)L, 1);
    nd_array *b = th_make(ND_FLOAT64, ND_SHAPE(5, 7), TH_TRANSPOSED, 2);
    nd_array *want = nd_add(a, b);
    assert_int_equal(nd_add_out(a, a, b), ND_OK);
    th_assert_same_values(a, want);
    assert_int_equal(nd_multiply_scalar_out(a, a, ND_FLOAT(2)), ND_OK);
    th_assert_same_values(a, nd_multiply_scalar(want, ND_FLOAT(2)));
  }
  /* shifted overlap: x[1:] = x[:-1] + 1 must read the old values (NumPy: fresh output) */
  nd_array *x = th_arange(ND_INT64, ND_SHAPE(10));
  nd_array *dst = nd_index(x, "1:"), *src = nd_index(x, ":-1");
  assert_int_equal(nd_add_scalar_out(dst, src, ND_INT(1)), ND_OK);
  assert_values(x, 10, (double[]){0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
  /* reversed view of itself */
  nd_array *y = th_arange(ND_FLOAT64, ND_SHAPE(6));
  assert_int_equal(nd_subtract_out(y, y, nd_flip(y, ND_ALL_AXES, NULL)), ND_OK);
  assert_values(y, 6, (double[]){-5, -3, -1, 1, 3, 5});
  /* transpose of itself: m = m + m.T */
  nd_array *m = th_arange(ND_FLOAT64, ND_SHAPE(3, 3));
  nd_array *want = nd_add(m, nd_transpose(m));
  assert_int_equal(nd_add_out(m, m, nd_transpose(m)), ND_OK);
  th_assert_same_values(m, want);
  /* an input broadcast from a row of out */
  nd_array *q = th_arange(ND_FLOAT64, ND_SHAPE(3, 3));
  assert_int_equal(nd_add_out(q, q, nd_index(q, "0:1, :")), ND_OK);
  assert_values(q, 9, (double[]){0, 2, 4, 3, 5, 7, 6, 8, 10});
  /* a real view written from its complex base */
  nd_array *z = nd_astype(th_arange(ND_FLOAT64, ND_SHAPE(4)), ND_COMPLEX128);
  nd_array *re = nd_real(z);
  assert_int_equal(nd_abs_out(re, nd_flip(z, ND_ALL_AXES, NULL)), ND_OK);
  assert_values(re, 4, (double[]){3, 2, 1, 0});
  nd_scope_end();
}

/* Large arrays take the threaded, tiled and streamed paths: check them against the
 * small-array reference loops, and 1 against 2 threads bit for bit. */
static void test_large_paths(void **state) {
  (void)state;
  nd_scope_begin();
  const int64_t n = 700; /* 490000 elements: threaded; 3.9 MB */
  nd_array *a = nd_multiply_scalar(th_arange(ND_FLOAT64, ND_SHAPE(n, n)), ND_FLOAT(1e-3));
  nd_array *bt = nd_transpose(nd_multiply_scalar(a, ND_FLOAT(0.5)));
  nd_array *want = nd_empty(ND_FLOAT64, ND_SHAPE(n, n), ND_C);
  double *w = nd_data(want);
  const double *pa = nd_data(a);
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = 0; j < n; j++) w[i * n + j] = pa[i * n + j] + 0.5 * pa[j * n + i];
  for (int threads = 1; threads <= 2; threads++) {
    nd_set_num_threads(threads);
    th_assert_same_values(nd_add(a, bt), want);         /* tiled, transposing buffers */
    th_assert_same_values(nd_add(bt, a), want);         /* F output, a crosses */
    nd_array *f32 = nd_astype(bt, ND_FLOAT32);          /* converted and crossing */
    nd_array *got = nd_add(a, f32);
    nd_array *ref = nd_add(a, nd_astype(f32, ND_FLOAT64));
    th_assert_same_values(got, ref);
    /* a big enough output for non-temporal stores (16 MiB) */
    nd_array *big = nd_zeros(ND_FLOAT64, ND_SHAPE(2100000), ND_C);
    nd_array *ones = nd_ones(ND_FLOAT32, ND_SHAPE(2100000), ND_C);
    assert_int_equal(nd_add_scalar_out(big, ones, ND_FLOAT(0.5)), ND_OK);
    const double *pb = nd_data(big);
    int64_t wrong = 0;
    for (int64_t i = 0; i < 2100000; i++) wrong += pb[i] != 1.5;
    assert_int_equal(wrong, 0);
  }
  nd_set_num_threads(0);
  nd_scope_end();
}

/* The buffered loop works in chunks (256 elements): converted and strided operands of
 * several element sizes at lengths around one and several chunks, against the same sums
 * of unconverted operands, into new and existing results. */
static void test_chunk_boundaries(void **state) {
  (void)state;
  const nd_dtype types[] = {ND_UINT8, ND_FLOAT16, ND_FLOAT32, ND_FLOAT64, ND_COMPLEX128};
  const int64_t lens[] = {1, 255, 257, 511, 513, 2047, 2049, 4095, 4097, 12289};
  for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ti++) {
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
      nd_scope_begin();
      nd_dtype t = types[ti];
      int64_t n = lens[li];
      /* bool + t: the bool operand is converted; every third element of a longer t */
      nd_array *mask = nd_equal(nd_remainder_scalar(th_arange(ND_INT64, ND_SHAPE(n)),
                                                    ND_INT(3)), nd_zeros(ND_INT64, ND_SHAPE(1), ND_C));
      nd_array *base = nd_remainder_scalar(th_arange(ND_INT64, ND_SHAPE(3 * n)), ND_INT(100));
      nd_array *x = nd_index(nd_astype(base, t), "::3");
      nd_array *got = nd_add(mask, x);
      nd_array *want = nd_add(nd_astype(mask, t), nd_copy(x, ND_C));
      th_assert_same_values(got, want);
      nd_array *out = nd_zeros(t, ND_SHAPE(n), ND_C);
      assert_int_equal(nd_add_out(out, x, mask), ND_OK);
      th_assert_same_values(out, want);
      nd_scope_end();
    }
  }
}

/* A tiled plan starts its tiles where the crossing operand starts a cache line, so an
 * operand at any offset from a line (rising or falling along the tiled axis) splits the
 * tiles differently: every offset must still give every element, in add and in copy. */
static void test_tile_alignment(void **state) {
  (void)state;
  const nd_dtype types[] = {ND_UINT8, ND_FLOAT32, ND_FLOAT64, ND_COMPLEX128};
  const int64_t rows = 70, cols = 67; /* neither a multiple of the tile */
  for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ti++) {
    nd_dtype t = types[ti];
    int64_t lanes = 64 / (int64_t)nd_dtype_size(t) + 1;
    for (int64_t off = 0; off < lanes; off++) {
      for (int falling = 0; falling <= 1; falling++) {
        nd_scope_begin();
        nd_array *flat = th_arange(t, ND_SHAPE(rows * cols + lanes));
        char spec[32];
        snprintf(spec, sizeof spec, "%lld:%lld", (long long)off, (long long)(off + rows * cols));
        nd_array *src = nd_reshape(nd_index(flat, spec), ND_SHAPE(cols, rows), ND_C);
        if (falling) src = nd_flip(src, 1, (int[]){1});
        nd_array *bt = nd_transpose(src); /* [rows, cols], dense along axis 0 */
        nd_array *a = th_arange(t, ND_SHAPE(rows, cols));
        nd_array *sum = nd_add(a, bt), *copy = nd_copy(bt, ND_C);
        for (int64_t i = 0; i < rows; i++)
          for (int64_t j = 0; j < cols; j++) {
            int64_t ij[2] = {i, j}, ji[2] = {j, falling ? rows - 1 - i : i};
            double xr, xi, yr, yi, gr, gi, cr, ci;
            th_get(a, ij, &xr, &xi);
            th_get(nd_reshape(nd_index(flat, spec), ND_SHAPE(cols, rows), ND_C), ji, &yr, &yi);
            th_get(sum, ij, &gr, &gi);
            th_get(copy, ij, &cr, &ci);
            if (cr != yr || ci != yi)
              fail_msg("%s copy, offset %lld%s: [%lld,%lld] is %g, want %g", nd_dtype_name(t),
                       (long long)off, falling ? " falling" : "", (long long)i, (long long)j, cr, yr);
            double wr = t == ND_UINT8 ? (double)(uint8_t)(xr + yr) : xr + yr;
            if (gr != wr || gi != xi + yi)
              fail_msg("%s add, offset %lld%s: [%lld,%lld] is %g, want %g", nd_dtype_name(t),
                       (long long)off, falling ? " falling" : "", (long long)i, (long long)j, gr, wr);
          }
        nd_scope_end();
      }
    }
  }
}

static void test_threads_identical(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *x = nd_multiply_scalar(th_arange(ND_FLOAT64, ND_SHAPE(300001)), ND_FLOAT(1.37e-4));
  nd_array *xs = nd_index(nd_subtract_scalar(nd_astype(x, ND_FLOAT32), ND_FLOAT(20)), "::-3");
  nd_array *(*const funcs[])(const nd_array *) = {nd_exp, nd_log, nd_sin, nd_tanh, nd_sqrt,
                                                   nd_expm1, nd_atan};
  for (size_t f = 0; f < sizeof funcs / sizeof funcs[0]; f++) {
    for (int v = 0; v < 2; v++) {
      const nd_array *in = v ? xs : x;
      nd_set_num_threads(1);
      nd_array *r1 = funcs[f](in);
      nd_set_num_threads(2);
      nd_array *r2 = funcs[f](in);
      assert_int_equal(memcmp(nd_data(r1), nd_data(r2), nd_nbytes(r1)), 0);
    }
  }
  nd_set_num_threads(2);
  nd_array *p2 = nd_pow(x, nd_flip(x, ND_ALL_AXES, NULL));
  nd_set_num_threads(1);
  nd_array *p1 = nd_pow(x, nd_flip(x, ND_ALL_AXES, NULL));
  assert_int_equal(memcmp(nd_data(p1), nd_data(p2), nd_nbytes(p1)), 0);
  nd_set_num_threads(0);
  nd_scope_end();
}

/* D[i,j,a,b] = e_i + e_j - e_a - e_b from four broadcast views of two vectors. */
static void test_mp2_denominator(void **state) {
  (void)state;
  const double eo_v[3] = {-20.5, -1.25, -0.5}, ev_v[4] = {0.25, 0.75, 1.5, 3.0};
  nd_scope_begin();
  nd_array *eo = nd_from_data(ND_FLOAT64, ND_SHAPE(3), eo_v, ND_C);
  nd_array *ev = nd_from_data(ND_FLOAT64, ND_SHAPE(4), ev_v, ND_C);
  nd_array *d = nd_keep(nd_subtract(
      nd_subtract(nd_add(nd_index(eo, ":, None, None, None"), nd_index(eo, "None, :, None, None")),
                  nd_index(ev, "None, None, :, None")),
      nd_index(ev, "None, None, None, :")));
  nd_scope_end();
  th_assert_shape(d, ND_SHAPE(3, 3, 4, 4));
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++) {
          double v;
          nd_get_double(d, (int64_t[]){i, j, a, b}, &v);
          assert_true(v == eo_v[i] + eo_v[j] - ev_v[a] - ev_v[b]);
        }
  nd_release(d);
}

static void test_errors(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *f = th_arange(ND_FLOAT64, ND_SHAPE(2, 3));
  nd_array *z = nd_astype(f, ND_COMPLEX128), *i = nd_astype(f, ND_INT16);
  TH_EXPECT_ERROR(nd_bitwise_and(f, f), ND_ERR_TYPE,
                  "bitwise_and: input dtypes float64 and float64 are not supported (accepts integer");
  TH_EXPECT_ERROR(nd_bitwise_left_shift_scalar(i, ND_FLOAT(1)), ND_ERR_TYPE,
                  "bitwise_left_shift: input dtypes int16 and float scalar");
  TH_EXPECT_ERROR(nd_atan2(z, f), ND_ERR_TYPE, "atan2: input dtypes complex128 and float64");
  TH_EXPECT_ERROR(nd_floor(z), ND_ERR_TYPE, "floor: input dtype complex128 is not supported");
  TH_EXPECT_ERROR(nd_logical_and(i, i), ND_ERR_TYPE, "logical_and: input dtypes int16 and int16");
  TH_EXPECT_ERROR(nd_logical_not(f), ND_ERR_TYPE, "logical_not: input dtype float64");
  TH_EXPECT_ERROR(nd_subtract(nd_less(f, f), nd_less(f, f)), ND_ERR_TYPE, "subtract: input dtypes bool and bool");
  TH_EXPECT_ERROR(nd_negative(nd_less(f, f)), ND_ERR_TYPE, "negative: input dtype bool");
  TH_EXPECT_ERROR(nd_clip(z, f, f), ND_ERR_TYPE, "clip: input dtypes complex128, float64 and float64");
  TH_EXPECT_ERROR(nd_maximum_scalar(i, ND_INT(100000)), ND_ERR_OVERFLOW,
                  "maximum: integer scalar 100000 is out of bounds for int16");
  /* NULL arguments: status, name, and an earlier message kept */
  TH_EXPECT_ERROR(nd_add(NULL, f), ND_ERR_NULL, "add");
  TH_EXPECT_ERROR(nd_add(f, NULL), ND_ERR_NULL, "add");
  TH_EXPECT_ERROR(nd_exp(NULL), ND_ERR_NULL, "exp");
  TH_EXPECT_ERROR(nd_add_out(NULL, f, f), ND_ERR_NULL, "add");
  TH_EXPECT_ERROR(nd_add_scalar(NULL, ND_INT(1)), ND_ERR_NULL, "add");
  TH_EXPECT_ERROR(nd_add_scalar_out(f, NULL, ND_INT(1)), ND_ERR_NULL, "add");
  TH_EXPECT_ERROR(nd_scalar_subtract(ND_INT(1), NULL), ND_ERR_NULL, "subtract");
  TH_EXPECT_ERROR(nd_where(NULL, f, f), ND_ERR_NULL, "where");
  TH_EXPECT_ERROR(nd_where_out(f, f, f, NULL), ND_ERR_NULL, "where");
  TH_EXPECT_ERROR(nd_clip(f, NULL, f), ND_ERR_NULL, "clip");
  TH_EXPECT_ERROR(nd_clip_scalar(NULL, ND_INT(0), ND_INT(1)), ND_ERR_NULL, "clip");
  TH_EXPECT_ERROR(nd_clip_scalar_out(NULL, f, ND_INT(0), ND_INT(1)), ND_ERR_NULL, "clip");
  TH_EXPECT_ERROR(nd_real_out(NULL, f), ND_ERR_NULL, "real");
  TH_EXPECT_ERROR(nd_imag_out(f, f), ND_ERR_TYPE, "imag: array of dtype float64 is not complex");
  nd_clear_error();
  nd_array *bad = nd_add(f, nd_ones(ND_FLOAT64, ND_SHAPE(5), ND_C)); /* first error */
  assert_null(bad);
  assert_null(nd_exp(nd_multiply(bad, f)));
  th_assert_error(ND_ERR_SHAPE, "add: shapes [2,3] and [5]");
  nd_clear_error();
  /* an allocation failure on the way is reported, and nothing leaks */
  for (long k = 0; k < 3; k++) {
    ndi_alloc_fail_after(k);
    nd_array *r = nd_add_scalar(f, ND_FLOAT(1));
    ndi_alloc_fail_after(-1);
    if (!r) th_assert_error(ND_ERR_NOMEM, "add");
    nd_clear_error();
  }
  nd_scope_end();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_seed_broadcasting), cmocka_unit_test(test_broadcast_patterns),
      cmocka_unit_test(test_output_layout),     cmocka_unit_test(test_out_forms),
      cmocka_unit_test(test_in_place_and_overlap), cmocka_unit_test(test_large_paths),
      cmocka_unit_test(test_chunk_boundaries), cmocka_unit_test(test_tile_alignment),
      cmocka_unit_test(test_threads_identical), cmocka_unit_test(test_mp2_denominator),
      cmocka_unit_test(test_errors),
  };
  return TH_RUN(tests);
}
