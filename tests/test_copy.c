/* The copy engine through copy, astype, ascontiguous, assign, fill and to/from_data: every
 * layout pair, every dtype pair, overlap, large (tiled and threaded) cases. */
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

static const int64_t shape3[3] = {3, 4, 5};

static void test_copy_orders(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *a = th_make(th_all_dtypes[d], 3, shape3, (th_layout)L, 5);
      nd_array *c = nd_copy(a, ND_C), *f = nd_copy(a, ND_F), *k = nd_copy(a, ND_K),
               *x = nd_copy(a, ND_A);
      assert_true(nd_is_contiguous(c, ND_C));
      assert_true(nd_is_contiguous(f, ND_F));
      th_assert_same_values(c, a);
      th_assert_same_values(f, a);
      th_assert_same_values(k, a);
      th_assert_same_values(x, a);
      assert_false(nd_shares_memory(c, a));
      if (L == TH_F || L == TH_TRANSPOSED) {
        assert_true(nd_is_contiguous(k, ND_F));
        assert_true(nd_is_contiguous(x, ND_F) == (L == TH_F || L == TH_TRANSPOSED));
      } else if (L != TH_BROADCAST) { /* K puts a broadcast axis innermost, as NumPy does */
        assert_true(nd_is_contiguous(k, ND_C));
        assert_true(nd_is_contiguous(x, ND_C));
      }
      nd_array *ac = nd_ascontiguous(a, ND_C);
      th_assert_same_values(ac, a);
      assert_int_equal(nd_shares_memory(ac, a), L == TH_C);
      nd_release(ac);
      nd_release(x);
      nd_release(k);
      nd_release(f);
      nd_release(c);
      nd_release(a);
    }
  }
}

/* NumPy's conversion of v to dtype t (the reference for astype). */
static void convert_ref(nd_dtype t, double re, double im, double *out_re, double *out_im) {
  *out_im = 0;
  *out_re = 0;
  switch (t) {
    case ND_BOOL: *out_re = (re != 0 || im != 0); break;
    case ND_INT8: *out_re = (int8_t)(int32_t)trunc(re); break;
    case ND_INT16: *out_re = (int16_t)(int32_t)trunc(re); break;
    case ND_INT32: *out_re = (int32_t)trunc(re); break;
    case ND_INT64: *out_re = (double)(int64_t)trunc(re); break;
    case ND_UINT8: *out_re = (uint8_t)(int32_t)trunc(re); break;
    case ND_UINT16: *out_re = (uint16_t)(int32_t)trunc(re); break;
    case ND_UINT32: *out_re = (uint32_t)(int64_t)trunc(re); break;
    case ND_UINT64: *out_re = (double)(uint64_t)(int64_t)trunc(re); break;
    case ND_FLOAT32: *out_re = (float)re; break;
    case ND_FLOAT64: *out_re = re; break;
    case ND_COMPLEX64: *out_re = (float)re; *out_im = (float)im; break;
    case ND_COMPLEX128: *out_re = re; *out_im = im; break;
    case ND_FLOAT16:
    case ND_BFLOAT16: *out_re = th_round(t, re); break;
  }
}

static void test_astype_all_pairs(void **state) {
  (void)state;
  for (int s = 0; s < ND_NUM_DTYPES; s++) {
    for (int d = 0; d < ND_NUM_DTYPES; d++) {
      nd_dtype from = th_all_dtypes[s], to = th_all_dtypes[d];
      for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
        nd_array *a = th_make(from, 3, shape3, (th_layout)L, 7);
        nd_array *b = nd_astype(a, to);
        if (nd_dtype_kind(from) == 'c' && nd_dtype_kind(to) != 'c') {
          assert_null(b);
          th_assert_error(ND_ERR_TYPE, "complex to real");
          nd_clear_error();
          nd_release(a);
          continue;
        }
        assert_non_null(b);
        assert_int_equal(nd_dtype_of(b), to);
        int64_t idx[3] = {0};
        do {
          double ar, ai, br, bi, wr, wi;
          th_get(a, idx, &ar, &ai);
          th_get(b, idx, &br, &bi);
          convert_ref(to, ar, ai, &wr, &wi);
          if (br != wr || bi != wi)
            fail_msg("astype %s->%s: %g -> %g (want %g)", nd_dtype_name(from), nd_dtype_name(to), ar, br, wr);
        } while (th_next(3, shape3, idx));
        nd_release(b);
        nd_release(a);
      }
    }
  }
}

/* Assigning a float scalar into an integer array checks it as NumPy's a[...] = v does
 * (int(v), then the range): -1.0 or 300.0 into uint8 is ND_ERR_OVERFLOW, NaN ND_ERR_VALUE,
 * 255.9 gives 255; nd_full and nd_astype convert unchecked, as np.full and astype. */
static void test_float_scalar_assignment(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *a = nd_zeros(ND_UINT8, ND_SHAPE(3), ND_C);
  nd_array *m = nd_from_data(ND_BOOL, ND_SHAPE(3), (bool[]){true, false, true}, ND_C);
  nd_array *ix = nd_from_data(ND_INT64, ND_SHAPE(1), (int64_t[]){1}, ND_C);
  TH_EXPECT_ERROR(nd_fill(a, -1.0), ND_ERR_OVERFLOW, "fill: float scalar -1 is out of bounds for uint8");
  TH_EXPECT_ERROR(nd_fill_scalar(a, ND_FLOAT(INFINITY)), ND_ERR_OVERFLOW, "out of bounds for uint8");
  TH_EXPECT_ERROR(nd_mask_fill(a, m, ND_FLOAT(300.0)), ND_ERR_OVERFLOW, "mask_fill: float scalar 300");
  TH_EXPECT_ERROR(nd_mask_assign(a, m, nd_weak(ND_FLOAT(-2.5))), ND_ERR_OVERFLOW, "-2.5");
  TH_EXPECT_ERROR(nd_assign(a, nd_weak(ND_FLOAT(NAN))), ND_ERR_VALUE, "NaN");
  TH_EXPECT_ERROR(nd_index_arrays_assign(a, "?", 1, &ix, nd_weak(ND_FLOAT(256.0))), ND_ERR_OVERFLOW, "256");
  nd_array *i64 = nd_zeros(ND_INT64, ND_SHAPE(1), ND_C);
  TH_EXPECT_ERROR(nd_fill(i64, 9223372036854775808.0), ND_ERR_OVERFLOW, "int64");
  assert_int_equal(nd_fill(i64, -9223372036854775808.0), ND_OK);
  assert_int_equal(nd_mask_fill(a, m, ND_FLOAT(255.9)), ND_OK);
  assert_int_equal(nd_fill(a, -0.5), ND_OK); /* int(-0.5) is 0 */
  assert_int_equal(nd_fill(nd_zeros(ND_FLOAT32, ND_SHAPE(1), ND_C), 1e300), ND_OK);
  assert_int_equal(nd_mask_fill(a, m, ND_FLOAT(255.9)), ND_OK);
  assert_int_equal(((uint8_t *)nd_data(a))[0], 255);
  assert_int_equal(((uint8_t *)nd_data(a))[1], 0);
  nd_array *f = nd_full(ND_UINT8, ND_SHAPE(1), -1.0, ND_C);
  assert_int_equal(((uint8_t *)nd_data(f))[0], 255);
  nd_scope_end();
}

static void test_astype_special_values(void **state) {
  (void)state;
  /* NumPy's results on x86-64 for values outside the target's range */
  const double src[] = {NAN, INFINITY, -INFINITY, -1.0, 1e20, 3.7, -3.7, 300.5, 9223372036854775808.0, -129.0};
  nd_array *a = nd_from_data(ND_FLOAT64, ND_SHAPE(10), src, ND_C);
  nd_array *i8 = nd_astype(a, ND_INT8), *i32 = nd_astype(a, ND_INT32), *i64 = nd_astype(a, ND_INT64);
  nd_array *u8 = nd_astype(a, ND_UINT8), *u64 = nd_astype(a, ND_UINT64), *b = nd_astype(a, ND_BOOL);
  const int8_t w8[] = {0, 0, 0, -1, 0, 3, -3, 44, 0, 127};
  const int32_t w32[] = {INT32_MIN, INT32_MIN, INT32_MIN, -1, INT32_MIN, 3, -3, 300, INT32_MIN, -129};
  const int64_t w64[] = {INT64_MIN, INT64_MIN, INT64_MIN, -1, INT64_MIN, 3, -3, 300, INT64_MIN, -129};
  const uint8_t wu8[] = {0, 0, 0, 255, 0, 3, 253, 44, 0, 127};
  const uint64_t wu64[] = {UINT64_C(1) << 63, 0, UINT64_C(1) << 63, UINT64_MAX, 0, 3,
                           UINT64_MAX - 2, 300, UINT64_C(1) << 63, UINT64_MAX - 128};
  const uint32_t wu32[] = {UINT32_C(1) << 31, 0, UINT32_C(1) << 31, UINT32_MAX, 0, 3,
                           UINT32_MAX - 2, 300, 0, UINT32_MAX - 128};
  assert_memory_equal(nd_data(i8), w8, sizeof w8);
  assert_memory_equal(nd_data(i32), w32, sizeof w32);
  assert_memory_equal(nd_data(i64), w64, sizeof w64);
  assert_memory_equal(nd_data(u8), wu8, sizeof wu8);
  assert_memory_equal(nd_data(u64), wu64, sizeof wu64);
  nd_array *u32 = nd_astype(a, ND_UINT32);
  assert_memory_equal(nd_data(u32), wu32, sizeof wu32);
  nd_release(u32);
  for (int i = 0; i < 10; i++) assert_true(((bool *)nd_data(b))[i]);
  /* integer narrowing wraps; uint64 to float keeps magnitude */
  nd_array *big = nd_full_scalar(ND_INT64, ND_SHAPE(1), ND_INT(300), ND_C);
  nd_array *w = nd_astype(big, ND_UINT8);
  assert_int_equal(((uint8_t *)nd_data(w))[0], 44);
  nd_array *m1 = nd_full_scalar(ND_INT64, ND_SHAPE(1), ND_INT(-1), ND_C);
  nd_array *um = nd_astype(m1, ND_UINT64); /* wraps to UINT64_MAX */
  nd_release(m1);
  nd_array *uf = nd_astype(um, ND_FLOAT32);
  assert_true(((float *)nd_data(uf))[0] == 18446744073709551616.0f);
  nd_array *z = nd_full_scalar(ND_COMPLEX128, ND_SHAPE(1), ND_COMPLEX(0, 1), ND_C);
  nd_array *zb = nd_astype(z, ND_BOOL);
  assert_null(zb); /* complex to bool is complex to real: an error */
  nd_clear_error();
  nd_release(z);
  nd_release(uf);
  nd_release(um);
  nd_release(w);
  nd_release(big);
  nd_array *arr[] = {i8, i32, i64, u8, u64, b, a};
  for (size_t i = 0; i < sizeof arr / sizeof arr[0]; i++) nd_release(arr[i]);
}

static void test_assign_layout_pairs(void **state) {
  (void)state;
  const nd_dtype types[] = {ND_BOOL, ND_INT16, ND_UINT32, ND_FLOAT32, ND_FLOAT64, ND_COMPLEX128};
  for (size_t d = 0; d < sizeof types / sizeof types[0]; d++) {
    for (int Ls = 0; Ls < TH_NUM_LAYOUTS; Ls++) {
      for (int Ld = 0; Ld < TH_NUM_LAYOUTS; Ld++) {
        if (Ld == TH_BROADCAST) continue; /* not writable */
        nd_array *src = th_make(types[d], 3, shape3, (th_layout)Ls, 11);
        nd_array *dst = th_make(types[d], 3, shape3, (th_layout)Ld, 12);
        assert_int_equal(nd_assign(dst, src), ND_OK);
        th_assert_same_values(dst, src);
        nd_release(dst);
        nd_release(src);
      }
    }
  }
}

static void test_assign_broadcast_and_cast(void **state) {
  (void)state;
  nd_array *dst = nd_zeros(ND_FLOAT32, ND_SHAPE(2, 3), ND_F);
  nd_array *row = nd_arange(ND_INT64, 10, 40, 10);
  assert_int_equal(nd_assign(dst, row), ND_OK);
  nd_array *want = nd_from_data(ND_FLOAT32, ND_SHAPE(2, 3), (float[]){10, 20, 30, 10, 20, 30}, ND_C);
  th_assert_same_values(dst, want);
  nd_array *sub = nd_index(dst, ":, 1");
  nd_array *s0 = nd_full(ND_FLOAT64, 0, NULL, -1.5, ND_C);
  assert_int_equal(nd_assign(sub, s0), ND_OK);
  double x;
  nd_get_double(dst, (int64_t[]){1, 1}, &x);
  assert_true(x == -1.5);
  nd_array *bad = nd_zeros(ND_FLOAT32, ND_SHAPE(2), ND_C);
  TH_EXPECT_ERROR(nd_assign(dst, bad), ND_ERR_SHAPE, "cannot broadcast shape [2] to [2,3]");
  nd_array *z = nd_zeros(ND_COMPLEX64, ND_SHAPE(3), ND_C);
  TH_EXPECT_ERROR(nd_assign(dst, z), ND_ERR_TYPE, "complex to real");
  nd_array *ro = nd_broadcast_to(row, ND_SHAPE(2, 3));
  TH_EXPECT_ERROR(nd_assign(ro, dst), ND_ERR_READONLY, "read-only");
  nd_array *zs = nd_wrap(ND_FLOAT32, ND_SHAPE(4), (int64_t[]){0}, nd_data(bad), NULL, NULL);
  TH_EXPECT_ERROR(nd_assign(zs, row), ND_ERR_READONLY, "broadcast axis");
  /* An empty array with a zero stride (NumPy gives np.zeros((2, 0)) strides (0, 8)) has no
   * element to write twice: a destination all the same. */
  nd_array *es = nd_wrap(ND_FLOAT32, ND_SHAPE(2, 0), (int64_t[]){0, 1}, nd_data(bad), NULL, NULL);
  nd_array *erow = nd_zeros(ND_FLOAT64, ND_SHAPE(0), ND_C);
  assert_true(nd_is_writeable(es));
  assert_int_equal(nd_assign(es, erow), ND_OK);
  assert_int_equal(nd_add_out(es, es, erow), ND_OK);
  nd_release(erow);
  nd_release(es);
  TH_EXPECT_ERROR(nd_assign(NULL, row), ND_ERR_NULL, "assign");
  TH_EXPECT_ERROR(nd_assign(dst, NULL), ND_ERR_NULL, "assign");
  nd_array *arr[] = {zs, ro, z, bad, s0, sub, want, row, dst};
  for (size_t i = 0; i < sizeof arr / sizeof arr[0]; i++) nd_release(arr[i]);
}

/* dst = src where the two overlap: the result must be what a fresh copy gives. */
static void check_overlap(nd_array *base, const char *dst_spec, const char *src_spec) {
  nd_array *ref = nd_copy(base, ND_C);
  nd_array *dst = nd_index(base, dst_spec), *src = nd_index(base, src_spec);
  nd_array *rdst = nd_index(ref, dst_spec), *rsrc = nd_copy(nd_index(ref, src_spec), ND_C);
  assert_int_equal(nd_assign(rdst, rsrc), ND_OK);
  assert_int_equal(nd_assign(dst, src), ND_OK);
  th_assert_same_values(base, ref);
  nd_release(rsrc);
  nd_release(rdst);
  nd_release(src);
  nd_release(dst);
  nd_release(ref);
}

static void test_assign_overlap(void **state) {
  (void)state;
  nd_scope_begin(); /* check_overlap leaves an index temporary to the scope */
  nd_array *v = nd_arange(ND_FLOAT64, 0, 10, 1);
  check_overlap(v, "1:", ":-1");  /* a[1:] = a[:-1] */
  check_overlap(v, ":-1", "1:");  /* a[:-1] = a[1:] */
  check_overlap(v, "::-1", "..."); /* reversed onto itself */
  check_overlap(v, "...", "...");  /* identical */
  nd_array *m = th_arange(ND_INT32, ND_SHAPE(6, 6));
  nd_array *mt = nd_transpose(m);
  nd_array *ref = nd_copy(mt, ND_C);
  assert_int_equal(nd_assign(m, mt), ND_OK); /* a = a.T in place */
  th_assert_same_values(m, ref);
  check_overlap(m, "1:, :", ":-1, ::-1");
  check_overlap(m, "::2, 1:4", "1::2, 2:5");
  nd_scope_end();
}

static void test_large_copies(void **state) {
  (void)state;
  /* big enough for tiling and for two threads; compare 1- and 2-thread results too */
  const int64_t n = 700, m = 523;
  nd_array *a = th_make(ND_FLOAT64, 2, (int64_t[]){n, m}, TH_TRANSPOSED, 3);
  nd_array *s = th_make(ND_INT16, 2, (int64_t[]){n, m}, TH_NEGATIVE, 4);
  for (int threads = 1; threads <= 2; threads++) {
    nd_set_num_threads(threads);
    nd_array *c = nd_copy(a, ND_C);
    th_assert_same_values(c, a);
    nd_array *f = nd_copy(c, ND_F);
    th_assert_same_values(f, a);
    nd_array *cast = nd_astype(s, ND_FLOAT32); /* K order: keeps the reversed C layout */
    th_assert_same_values(cast, s);
    nd_array *ft = nd_transpose(f);
    nd_array *tf = nd_copy(ft, ND_C);
    nd_release(ft);
    nd_array *tt = nd_transpose(a);
    th_assert_same_values(tf, tt);
    nd_release(tt);
    nd_release(tf);
    nd_release(cast);
    nd_release(f);
    nd_release(c);
  }
  nd_set_num_threads(0);
  /* a 4-d permutation whose fastest axes differ, with stride and casting */
  nd_array *big = th_make(ND_FLOAT32, 4, (int64_t[]){9, 37, 41, 13}, TH_STEPPED, 5);
  nd_array *p = nd_permute(big, 4, (int[]){3, 1, 0, 2});
  nd_array *pc = nd_astype(p, ND_FLOAT64);
  nd_array *pcc = nd_copy(p, ND_C);
  th_assert_same_values(pc, p);
  th_assert_same_values(pcc, p);
  nd_release(pcc);
  nd_release(pc);
  nd_release(p);
  nd_release(big);
  nd_release(s);
  nd_release(a);
}

static void test_flat_data_roundtrips(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *a = th_make(th_all_dtypes[d], 3, shape3, (th_layout)L, 9);
      size_t nb = nd_nbytes(a);
      char *bc = malloc(nb), *bf = malloc(nb);
      assert_int_equal(nd_to_data(a, bc, ND_C), ND_OK);
      assert_int_equal(nd_to_data(a, bf, ND_F), ND_OK);
      nd_array *rc = nd_from_data(th_all_dtypes[d], 3, shape3, bc, ND_C);
      nd_array *rf = nd_from_data(th_all_dtypes[d], 3, shape3, bf, ND_F);
      th_assert_same_values(rc, a);
      th_assert_same_values(rf, a);
      /* unaligned destinations work too */
      char *un = malloc(nb + 1);
      assert_int_equal(nd_to_data(a, un + 1, ND_F), ND_OK);
      assert_memory_equal(un + 1, bf, nb);
      free(un);
      nd_release(rf);
      nd_release(rc);
      free(bf);
      free(bc);
      nd_release(a);
    }
  }
  nd_array *a = nd_zeros(ND_INT8, ND_SHAPE(2), ND_C);
  char buf[2];
  TH_EXPECT_ERROR(nd_to_data(a, buf, ND_K), ND_ERR_VALUE, "not accepted here");
  TH_EXPECT_ERROR(nd_to_data(a, NULL, ND_C), ND_ERR_NULL, "to_data");
  TH_EXPECT_ERROR(nd_from_data(ND_INT8, ND_SHAPE(2), NULL, ND_C), ND_ERR_NULL, "from_data");
  TH_EXPECT_ERROR(nd_from_data(ND_INT8, ND_SHAPE(2), buf, ND_A), ND_ERR_VALUE, "order");
  nd_release(a);
}

static void test_fill(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      if (L == TH_BROADCAST) continue;
      nd_array *a = th_make(th_all_dtypes[d], 3, shape3, (th_layout)L, 1);
      nd_dtype t = th_all_dtypes[d];
      nd_scalar v = nd_dtype_kind(t) == 'c' ? ND_COMPLEX(2.5, -1) : ND_FLOAT(2.5);
      assert_int_equal(nd_fill_scalar(a, v), ND_OK);
      double wr, wi;
      convert_ref(t, 2.5, nd_dtype_kind(t) == 'c' ? -1 : 0, &wr, &wi);
      int64_t idx[3] = {0};
      do {
        double r, i;
        th_get(a, idx, &r, &i);
        assert_true(r == wr && i == wi);
      } while (th_next(3, shape3, idx));
      nd_release(a);
    }
  }
  nd_array *r = nd_zeros(ND_FLOAT64, ND_SHAPE(2), ND_C);
  TH_EXPECT_ERROR(nd_fill_scalar(r, ND_COMPLEX(1, 1)), ND_ERR_TYPE, "complex value to float64");
  nd_release(r);
  /* A Python int the integer dtype cannot hold is an error, as np.full(2, 1000, np.int8) */
  nd_array *i8 = nd_zeros(ND_INT8, ND_SHAPE(2), ND_C);
  TH_EXPECT_ERROR(nd_fill_scalar(i8, ND_INT(1000)), ND_ERR_OVERFLOW, "fill_scalar: integer scalar 1000 is out of bounds for int8");
  assert_int_equal(nd_fill_scalar(i8, ND_INT(-128)), ND_OK);
  assert_int_equal(((int8_t *)nd_data(i8))[1], -128);
  nd_release(i8);
  assert_null(nd_full_scalar(ND_UINT8, ND_SHAPE(2), ND_INT(-1), ND_C));
  th_assert_error(ND_ERR_OVERFLOW, "integer scalar -1 is out of bounds for uint8");
  nd_clear_error();
  nd_array *bf = nd_full_scalar(ND_BOOL, ND_SHAPE(1), ND_INT(1000), ND_C); /* nonzero is True */
  assert_true(((bool *)nd_data(bf))[0]);
  nd_release(bf);
  nd_array *ff = nd_full_scalar(ND_FLOAT32, ND_SHAPE(1), ND_INT(1000), ND_C);
  assert_true(((float *)nd_data(ff))[0] == 1000.0f);
  nd_release(ff);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_copy_orders),           cmocka_unit_test(test_astype_all_pairs),
      cmocka_unit_test(test_float_scalar_assignment),
      cmocka_unit_test(test_astype_special_values), cmocka_unit_test(test_assign_layout_pairs),
      cmocka_unit_test(test_assign_broadcast_and_cast), cmocka_unit_test(test_assign_overlap),
      cmocka_unit_test(test_large_copies),          cmocka_unit_test(test_flat_data_roundtrips),
      cmocka_unit_test(test_fill),
  };
  return TH_RUN(tests);
}
