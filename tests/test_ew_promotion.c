/* Type promotion: every pair of dtypes against nd_result_type and the function's rules,
 * values computed through the converting buffers (mixed dtypes on every layout) against
 * the same computation on inputs converted first, and NEP 50 scalars against a table made
 * with NumPy 2.4 (float16 results read as float32, nd's substitute). */
#include "ew_check.h"

/* Mixed dtypes: f(a, b) must equal f(astype(a, p), astype(b, p)) for the promoted p. */
static void test_mixed_pairs(void **state) {
  (void)state;
  static const int64_t sh[2] = {4, 5};
  nd_array *(*const fs[])(const nd_array *, const nd_array *) = {nd_add, nd_multiply, nd_maximum,
                                                                  nd_less_equal, nd_divide};
  const char *names[] = {"add", "multiply", "maximum", "less_equal", "divide"};
  for (int x = 0; x < ND_NUM_DTYPES; x++) {
    for (int y = 0; y < ND_NUM_DTYPES; y++) {
      nd_dtype ta = th_all_dtypes[x], tb = th_all_dtypes[y];
      nd_dtype p = (nd_dtype)nd_result_type(ta, tb);
      for (size_t f = 0; f < sizeof fs / sizeof fs[0]; f++) {
        for (int L = 0; L < TH_NUM_LAYOUTS; L += 2) { /* C, transposed, negative */
          nd_array *a = th_make(ta, 2, sh, (th_layout)L, 1);
          nd_array *b = th_make(tb, 2, sh, (th_layout)(L + 1), 2);
          nd_array *r = fs[f](a, b);
          nd_array *ca = nd_astype(a, p), *cb = nd_astype(b, p);
          nd_array *w = fs[f](ca, cb);
          if (!r || !w) fail_msg("%s(%s, %s): %s", names[f], nd_dtype_name(ta), nd_dtype_name(tb), nd_last_error());
          assert_int_equal(nd_dtype_of(r), nd_dtype_of(w));
          th_assert_same_values(r, w);
          nd_release(w);
          nd_release(cb);
          nd_release(ca);
          nd_release(r);
          nd_release(b);
          nd_release(a);
        }
      }
    }
  }
}

/* Result dtypes of every pair under each family's rule. */
static void test_result_dtypes(void **state) {
  (void)state;
  nd_scope_begin();
  for (int x = 0; x < ND_NUM_DTYPES; x++) {
    for (int y = 0; y < ND_NUM_DTYPES; y++) {
      nd_dtype ta = th_all_dtypes[x], tb = th_all_dtypes[y];
      nd_dtype p = (nd_dtype)nd_result_type(ta, tb);
      nd_array *a = nd_zeros(ta, ND_SHAPE(2), ND_C), *b = nd_ones(tb, ND_SHAPE(2), ND_C);
      char k = nd_dtype_kind(p);
      assert_int_equal(nd_dtype_of(nd_add(a, b)), p);
      assert_int_equal(nd_dtype_of(nd_equal(a, b)), ND_BOOL);
      assert_int_equal(nd_dtype_of(nd_divide(a, b)), (k == 'b' || k == 'i' || k == 'u') ? ND_FLOAT64 : p);
      nd_array *h = nd_hypot(a, b);
      if (k == 'c') {
        assert_null(h);
        th_assert_error(ND_ERR_TYPE, "hypot");
      } else {
        /* integers: NumPy's first float loop both inputs cast to safely (int16, uint16: float32) */
        bool wide = (ta != ND_BOOL && nd_dtype_size(ta) > 2) || (tb != ND_BOOL && nd_dtype_size(tb) > 2);
        nd_dtype want = (k == 'b' || k == 'i' || k == 'u') ? (wide ? ND_FLOAT64 : ND_FLOAT32) : p;
        assert_int_equal(nd_dtype_of(h), want);
      }
      nd_array *s = nd_subtract(a, b);
      if (p == ND_BOOL) assert_null(s);
      else assert_int_equal(nd_dtype_of(s), p);
      nd_array *band = nd_bitwise_or(a, b);
      if (k == 'f' || k == 'c') assert_null(band);
      else assert_int_equal(nd_dtype_of(band), p);
      nd_array *fd = nd_floor_divide(a, b);
      if (k == 'c') assert_null(fd);
      else assert_int_equal(nd_dtype_of(fd), ew_bool_as_int8(p));
      nd_clear_error();
    }
  }
  nd_scope_end();
}

/* ---- NEP 50 ----------------------------------------------------------------------------------- */

#define OVF (-1)
#define BAD (-2)
typedef struct {
  const char *op;
  nd_dtype array;
  int want[7]; /* per scalar below: a dtype, OVF (out of range) or BAD (refused) */
} nep50_row;

/* np.<op>(np.zeros(2, dtype), scalar).dtype for the scalars True, 1, -1, 1000, 2**40, 2.5,
 * 1j, computed with NumPy 2.4. */
static const nep50_row rows[] = {
    {"add", ND_BOOL, {ND_BOOL, ND_INT64, ND_INT64, ND_INT64, ND_INT64, ND_FLOAT64, ND_COMPLEX128}},
    {"add", ND_INT8, {ND_INT8, ND_INT8, ND_INT8, OVF, OVF, ND_FLOAT64, ND_COMPLEX128}},
    {"add", ND_INT16, {ND_INT16, ND_INT16, ND_INT16, ND_INT16, OVF, ND_FLOAT64, ND_COMPLEX128}},
    {"add", ND_INT32, {ND_INT32, ND_INT32, ND_INT32, ND_INT32, OVF, ND_FLOAT64, ND_COMPLEX128}},
    {"add", ND_INT64, {ND_INT64, ND_INT64, ND_INT64, ND_INT64, ND_INT64, ND_FLOAT64, ND_COMPLEX128}},
    {"add", ND_UINT8, {ND_UINT8, ND_UINT8, OVF, OVF, OVF, ND_FLOAT64, ND_COMPLEX128}},
    {"add", ND_UINT16, {ND_UINT16, ND_UINT16, OVF, ND_UINT16, OVF, ND_FLOAT64, ND_COMPLEX128}},
    {"add", ND_UINT32, {ND_UINT32, ND_UINT32, OVF, ND_UINT32, OVF, ND_FLOAT64, ND_COMPLEX128}},
    {"add", ND_UINT64, {ND_UINT64, ND_UINT64, OVF, ND_UINT64, ND_UINT64, ND_FLOAT64, ND_COMPLEX128}},
    {"add", ND_FLOAT32, {ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_COMPLEX64}},
    {"add", ND_FLOAT64, {ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_COMPLEX128}},
    {"add", ND_COMPLEX64, {ND_COMPLEX64, ND_COMPLEX64, ND_COMPLEX64, ND_COMPLEX64, ND_COMPLEX64, ND_COMPLEX64, ND_COMPLEX64}},
    {"add", ND_COMPLEX128, {ND_COMPLEX128, ND_COMPLEX128, ND_COMPLEX128, ND_COMPLEX128, ND_COMPLEX128, ND_COMPLEX128, ND_COMPLEX128}},
    {"less", ND_BOOL, {ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL}},
    {"less", ND_INT8, {ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL}},
    {"less", ND_INT16, {ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL}},
    {"less", ND_INT32, {ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL}},
    {"less", ND_INT64, {ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL}},
    {"less", ND_UINT8, {ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL}},
    {"less", ND_UINT16, {ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL}},
    {"less", ND_UINT32, {ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL}},
    {"less", ND_UINT64, {ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL}},
    {"less", ND_FLOAT32, {ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL}},
    {"less", ND_FLOAT64, {ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL}},
    {"less", ND_COMPLEX64, {ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL}},
    {"less", ND_COMPLEX128, {ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL, ND_BOOL}},
    {"divide", ND_BOOL, {ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_COMPLEX128}},
    {"divide", ND_INT8, {ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_COMPLEX128}},
    {"divide", ND_INT16, {ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_COMPLEX128}},
    {"divide", ND_INT32, {ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_COMPLEX128}},
    {"divide", ND_INT64, {ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_COMPLEX128}},
    {"divide", ND_UINT8, {ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_COMPLEX128}},
    {"divide", ND_UINT16, {ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_COMPLEX128}},
    {"divide", ND_UINT32, {ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_COMPLEX128}},
    {"divide", ND_UINT64, {ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_COMPLEX128}},
    {"divide", ND_FLOAT32, {ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_COMPLEX64}},
    {"divide", ND_FLOAT64, {ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_COMPLEX128}},
    {"divide", ND_COMPLEX64, {ND_COMPLEX64, ND_COMPLEX64, ND_COMPLEX64, ND_COMPLEX64, ND_COMPLEX64, ND_COMPLEX64, ND_COMPLEX64}},
    {"divide", ND_COMPLEX128, {ND_COMPLEX128, ND_COMPLEX128, ND_COMPLEX128, ND_COMPLEX128, ND_COMPLEX128, ND_COMPLEX128, ND_COMPLEX128}},
    {"bitwise_and", ND_BOOL, {ND_BOOL, ND_INT64, ND_INT64, ND_INT64, ND_INT64, BAD, BAD}},
    {"bitwise_and", ND_INT8, {ND_INT8, ND_INT8, ND_INT8, OVF, OVF, BAD, BAD}},
    {"bitwise_and", ND_INT16, {ND_INT16, ND_INT16, ND_INT16, ND_INT16, OVF, BAD, BAD}},
    {"bitwise_and", ND_INT32, {ND_INT32, ND_INT32, ND_INT32, ND_INT32, OVF, BAD, BAD}},
    {"bitwise_and", ND_INT64, {ND_INT64, ND_INT64, ND_INT64, ND_INT64, ND_INT64, BAD, BAD}},
    {"bitwise_and", ND_UINT8, {ND_UINT8, ND_UINT8, OVF, OVF, OVF, BAD, BAD}},
    {"bitwise_and", ND_UINT16, {ND_UINT16, ND_UINT16, OVF, ND_UINT16, OVF, BAD, BAD}},
    {"bitwise_and", ND_UINT32, {ND_UINT32, ND_UINT32, OVF, ND_UINT32, OVF, BAD, BAD}},
    {"bitwise_and", ND_UINT64, {ND_UINT64, ND_UINT64, OVF, ND_UINT64, ND_UINT64, BAD, BAD}},
    {"bitwise_and", ND_FLOAT32, {BAD, BAD, BAD, BAD, BAD, BAD, BAD}},
    {"bitwise_and", ND_FLOAT64, {BAD, BAD, BAD, BAD, BAD, BAD, BAD}},
    {"bitwise_and", ND_COMPLEX64, {BAD, BAD, BAD, BAD, BAD, BAD, BAD}},
    {"bitwise_and", ND_COMPLEX128, {BAD, BAD, BAD, BAD, BAD, BAD, BAD}},
    {"maximum", ND_BOOL, {ND_BOOL, ND_INT64, ND_INT64, ND_INT64, ND_INT64, ND_FLOAT64, ND_COMPLEX128}},
    {"maximum", ND_INT8, {ND_INT8, ND_INT8, ND_INT8, OVF, OVF, ND_FLOAT64, ND_COMPLEX128}},
    {"maximum", ND_INT16, {ND_INT16, ND_INT16, ND_INT16, ND_INT16, OVF, ND_FLOAT64, ND_COMPLEX128}},
    {"maximum", ND_INT32, {ND_INT32, ND_INT32, ND_INT32, ND_INT32, OVF, ND_FLOAT64, ND_COMPLEX128}},
    {"maximum", ND_INT64, {ND_INT64, ND_INT64, ND_INT64, ND_INT64, ND_INT64, ND_FLOAT64, ND_COMPLEX128}},
    {"maximum", ND_UINT8, {ND_UINT8, ND_UINT8, OVF, OVF, OVF, ND_FLOAT64, ND_COMPLEX128}},
    {"maximum", ND_UINT16, {ND_UINT16, ND_UINT16, OVF, ND_UINT16, OVF, ND_FLOAT64, ND_COMPLEX128}},
    {"maximum", ND_UINT32, {ND_UINT32, ND_UINT32, OVF, ND_UINT32, OVF, ND_FLOAT64, ND_COMPLEX128}},
    {"maximum", ND_UINT64, {ND_UINT64, ND_UINT64, OVF, ND_UINT64, ND_UINT64, ND_FLOAT64, ND_COMPLEX128}},
    {"maximum", ND_FLOAT32, {ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_COMPLEX64}},
    {"maximum", ND_FLOAT64, {ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_COMPLEX128}},
    {"maximum", ND_COMPLEX64, {ND_COMPLEX64, ND_COMPLEX64, ND_COMPLEX64, ND_COMPLEX64, ND_COMPLEX64, ND_COMPLEX64, ND_COMPLEX64}},
    {"maximum", ND_COMPLEX128, {ND_COMPLEX128, ND_COMPLEX128, ND_COMPLEX128, ND_COMPLEX128, ND_COMPLEX128, ND_COMPLEX128, ND_COMPLEX128}},
    /* int-to-float functions (NumPy's float16 is nd's float32): an integer scalar with a
     * bool array counts as int64, so the loop is float64 */
    {"atan2", ND_BOOL, {ND_FLOAT32, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, BAD}},
    {"atan2", ND_INT8, {ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_FLOAT64, BAD}},
    {"atan2", ND_INT16, {ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_FLOAT64, BAD}},
    {"atan2", ND_INT32, {ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, BAD}},
    {"atan2", ND_UINT8, {ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_FLOAT64, BAD}},
    {"atan2", ND_UINT16, {ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_FLOAT64, BAD}},
    {"atan2", ND_FLOAT32, {ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, ND_FLOAT32, BAD}},
    {"hypot", ND_BOOL, {ND_FLOAT32, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, ND_FLOAT64, BAD}},
};

static nd_array *apply(const char *op, const nd_array *a, nd_scalar s) {
  if (!strcmp(op, "add")) return nd_add_scalar(a, s);
  if (!strcmp(op, "less")) return nd_less_scalar(a, s);
  if (!strcmp(op, "divide")) return nd_divide_scalar(a, s);
  if (!strcmp(op, "bitwise_and")) return nd_bitwise_and_scalar(a, s);
  if (!strcmp(op, "atan2")) return nd_atan2_scalar(a, s);
  if (!strcmp(op, "hypot")) {
    nd_array *w = nd_weak(s), *r = nd_hypot(a, w);
    nd_release(w);
    return r;
  }
  return nd_maximum_scalar(a, s);
}

static void test_nep50(void **state) {
  (void)state;
  const nd_scalar scalars[7] = {ND_BOOLV(true), ND_INT(1), ND_INT(-1), ND_INT(1000),
                                ND_INT(1LL << 40), ND_FLOAT(2.5), ND_COMPLEX(0, 1)};
  for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
    nd_array *a = nd_zeros(rows[r].array, ND_SHAPE(2), ND_C);
    for (int s = 0; s < 7; s++) {
      nd_clear_error();
      nd_array *got = apply(rows[r].op, a, scalars[s]);
      int want = rows[r].want[s];
      if (want == OVF) {
        assert_null(got);
        th_assert_error(ND_ERR_OVERFLOW, "out of bounds");
        th_assert_error(ND_ERR_OVERFLOW, rows[r].op);
      } else if (want == BAD) {
        assert_null(got);
        th_assert_error(ND_ERR_TYPE, rows[r].op);
      } else {
        if (!got) fail_msg("%s(%s, scalar %d): %s", rows[r].op, nd_dtype_name(rows[r].array), s, nd_last_error());
        if ((int)nd_dtype_of(got) != want)
          fail_msg("%s(%s, scalar %d) gives %s, want %s", rows[r].op, nd_dtype_name(rows[r].array), s,
                   nd_dtype_name(nd_dtype_of(got)), nd_dtype_name((nd_dtype)want));
        /* the same through nd_weak and through the scalar-first form where it exists */
        nd_scope_begin();
        nd_array *w = nd_weak(scalars[s]);
        assert_true(nd_is_weak(w));
        if (!strcmp(rows[r].op, "add")) {
          assert_int_equal(nd_dtype_of(nd_add(w, a)), want);
          assert_int_equal(nd_dtype_of(nd_add(a, w)), want);
        }
        if (!strcmp(rows[r].op, "divide"))
          assert_int_equal(nd_dtype_of(nd_scalar_divide(scalars[s], a)), want);
        nd_scope_end();
        nd_release(got);
      }
    }
    nd_release(a);
  }
  nd_clear_error();
}

static double get_d(const nd_array *a, int64_t i) {
  double v;
  assert_int_equal(nd_get_double(a, &i, &v), ND_OK);
  return v;
}

static void test_scalar_values(void **state) {
  (void)state;
  nd_scope_begin();
  /* the cases */
  nd_array *f32 = nd_full(ND_FLOAT32, ND_SHAPE(3), 1.5, ND_C);
  nd_array *r = nd_add_scalar(f32, ND_FLOAT(2.0));
  assert_int_equal(nd_dtype_of(r), ND_FLOAT32);
  assert_true(get_d(r, 0) == 3.5);
  nd_array *i8 = nd_full(ND_INT8, ND_SHAPE(3), -3, ND_C);
  TH_EXPECT_ERROR(nd_add_scalar(i8, ND_INT(1000)), ND_ERR_OVERFLOW,
                  "add: integer scalar 1000 is out of bounds for int8");
  nd_array *i32 = nd_full(ND_INT32, ND_SHAPE(3), 3, ND_C);
  nd_array *h = nd_multiply_scalar(i32, ND_FLOAT(0.5));
  assert_int_equal(nd_dtype_of(h), ND_FLOAT64);
  assert_true(get_d(h, 2) == 1.5);
  /* comparisons with out-of-range integers are exact (NumPy 2) */
  assert_true(get_d(nd_less_scalar(i8, ND_INT(1000)), 0) == 1);
  assert_true(get_d(nd_equal_scalar(i8, ND_INT(1000)), 0) == 0);
  assert_true(get_d(nd_greater_scalar(i8, ND_INT(-1000)), 0) == 1);
  nd_array *u8 = nd_full(ND_UINT8, ND_SHAPE(2), 200, ND_C);
  assert_true(get_d(nd_equal_scalar(u8, ND_INT(-56)), 0) == 0); /* not 200 as int8 */
  assert_true(get_d(nd_greater_scalar(u8, ND_INT(-1)), 0) == 1);
  nd_array *u64 = nd_from_data(ND_UINT64, ND_SHAPE(1), (uint64_t[]){UINT64_MAX}, ND_C);
  assert_true(get_d(nd_greater_scalar(u64, ND_INT(-1)), 0) == 1);
  assert_true(get_d(nd_not_equal_scalar(u64, ND_INT(-1)), 0) == 1);
  /* signed against uint64 compares exactly, not through float64 (NumPy 2.4 values) */
  nd_array *sa = nd_from_data(ND_INT64, ND_SHAPE(3), (int64_t[]){(1LL << 53) + 1, -1, INT64_MAX}, ND_C);
  nd_array *ub = nd_from_data(ND_UINT64, ND_SHAPE(3), (uint64_t[]){1ULL << 53, UINT64_MAX, 1ULL << 63}, ND_C);
  const double eqw[3] = {0, 0, 0}, ltw[3] = {0, 1, 1}, gtw[3] = {1, 0, 0};
  for (int i = 0; i < 3; i++) {
    assert_true(get_d(nd_equal(sa, ub), i) == eqw[i] && get_d(nd_equal(ub, sa), i) == eqw[i]);
    assert_true(get_d(nd_not_equal(ub, sa), i) == !eqw[i]);
    assert_true(get_d(nd_less(sa, ub), i) == ltw[i] && get_d(nd_greater(ub, sa), i) == ltw[i]);
    assert_true(get_d(nd_greater(sa, ub), i) == gtw[i] && get_d(nd_less(ub, sa), i) == gtw[i]);
    assert_true(get_d(nd_less_equal(sa, ub), i) == !gtw[i] && get_d(nd_greater_equal(sa, ub), i) == !ltw[i]);
  }
  nd_array *s8 = nd_astype(nd_from_data(ND_INT64, ND_SHAPE(2), (int64_t[]){-1, 5}, ND_C), ND_INT8);
  nd_array *u2 = nd_from_data(ND_UINT64, ND_SHAPE(2), (uint64_t[]){UINT64_MAX, 5}, ND_C);
  assert_true(get_d(nd_equal(s8, u2), 0) == 0 && get_d(nd_equal(s8, u2), 1) == 1);
  assert_true(get_d(nd_less_scalar(u2, ND_INT(-1)), 0) == 0);
  assert_true(get_d(nd_equal_scalar(u2, ND_INT(-1)), 0) == 0);
  assert_true(get_d(nd_greater_equal_scalar(u2, ND_INT(5)), 1) == 1);
  /* weak scalars keep int64 precision beyond 2^53 */
  nd_array *big = nd_full_scalar(ND_INT64, ND_SHAPE(1), ND_INT((1LL << 62) + 1), ND_C);
  int64_t v;
  nd_get_int64(nd_subtract_scalar(big, ND_INT(1LL << 62)), (int64_t[]){0}, &v);
  assert_int_equal(v, 1);
  /* scalar-first forms */
  assert_true(get_d(nd_scalar_subtract(ND_INT(1), i32), 0) == -2);
  assert_true(get_d(nd_scalar_divide(ND_INT(1), nd_full(ND_FLOAT32, ND_SHAPE(1), 4, ND_C)), 0) == 0.25);
  assert_true(get_d(nd_scalar_pow(ND_INT(2), i32), 0) == 8);
  assert_int_equal(nd_dtype_of(nd_scalar_pow(ND_INT(2), i32)), ND_INT32);
  assert_true(fabs(get_d(nd_scalar_atan2(ND_FLOAT(1), nd_full(ND_FLOAT64, ND_SHAPE(1), 1, ND_C)), 0) - M_PI / 4) < 1e-16);
  assert_true(get_d(nd_scalar_copysign(ND_FLOAT(2), nd_full(ND_FLOAT64, ND_SHAPE(1), -1, ND_C)), 0) == -2);
  assert_true(get_d(nd_scalar_nextafter(ND_FLOAT(1), nd_full(ND_FLOAT64, ND_SHAPE(1), 2, ND_C)), 0) ==
              nextafter(1.0, 2.0));
  assert_true(get_d(nd_scalar_bitwise_left_shift(ND_INT(1), i32), 0) == 8);
  /* scalars only: their default dtypes, as arrays */
  nd_scope_begin();
  nd_array *both = nd_add(nd_weak(ND_INT(2)), nd_weak(ND_FLOAT(0.5)));
  nd_keep(both);
  nd_scope_end();
  assert_int_equal(nd_dtype_of(both), ND_FLOAT64);
  assert_int_equal(nd_ndim(both), 0);
  assert_false(nd_is_weak(both)); /* results are ordinary arrays */
  nd_release(both);
  /* _scalar_out in place */
  assert_int_equal(nd_add_scalar_out(i8, i8, ND_INT(5)), ND_OK);
  assert_true(get_d(i8, 1) == 2);
  TH_EXPECT_ERROR(nd_add_scalar_out(i8, i8, ND_FLOAT(0.5)), ND_ERR_TYPE, "float64 to the output's dtype int8");
  /* a complex scalar into a real function */
  TH_EXPECT_ERROR(nd_atan2_scalar(f32, ND_COMPLEX(1, 1)), ND_ERR_TYPE, "atan2: input dtypes float32 and complex scalar");
  nd_scope_end();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_mixed_pairs), cmocka_unit_test(test_result_dtypes),
      cmocka_unit_test(test_nep50),       cmocka_unit_test(test_scalar_values),
  };
  return TH_RUN(tests);
}
