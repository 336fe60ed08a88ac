/* Generalized and partial Hermitian eigenproblems (nd_linalg_eigh_ex,
 * nd_linalg_eigh_generalized and the eigvalsh forms, nd/decomp.h): the defining equations
 * and normalisations of types 1 to 3, subsets by index and by value against the full
 * spectrum, on every layout and dtype of a and b, the triangle read, size 0, and every
 * error path. The values against SciPy's are tests/python/test_decomp.py's. */
#include "la_check.h"

static const int64_t sh[3] = {3, 4, 4};

static nd_array *mm(nd_array *x, nd_array *y) { return nd_matmul(x, y); }

/* a V = b V diag(w) (type 1), a b V = V diag(w) (2) or b a V = V diag(w) (3), with
 * V^H b V = I (1, 2) or V^H b^-1 V = I (3) */
static void check_pair(nd_array *a, nd_array *b, int type, nd_array *w, nd_array *v, double tol,
                       const char *what) {
  nd_array *az = la_z(a), *bz = la_z(b), *vz = la_z(v), *W = la_diag(w);
  nd_array *lhs = type == 1 ? mm(az, vz) : type == 2 ? mm(mm(az, bz), vz) : mm(mm(bz, az), vz);
  nd_array *rhs = type == 1 ? mm(mm(bz, vz), W) : mm(vz, W);
  la_close(lhs, rhs, tol, what);
  nd_array *g = type == 3 ? nd_linalg_inv(bz) : bz, *nrm = mm(mm(la_h(v), g), vz);
  la_close(nrm, la_eye_like(nrm), tol, what);
}

/* a V = V diag(w), V^H V = I */
static void check_standard(nd_array *a, nd_array *w, nd_array *v, double tol, const char *what) {
  nd_array *vz = la_z(v);
  la_close(mm(la_z(a), vz), mm(vz, la_diag(w)), tol, what);
  nd_array *g = mm(la_h(v), vz);
  la_close(g, la_eye_like(g), tol, what);
}

static void test_generalized(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d], rt = la_result_dtype(t);
    nd_array *hs = la_herm(t, 3, sh, (unsigned)d + 1), *bs = la_hpd(t, 3, sh, (unsigned)d + 7);
    double tol = la_tol(rt) * 100;
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *a = la_relayout(hs, (th_layout)L), *b = la_relayout(bs, (th_layout)((L + 1) % TH_NUM_LAYOUTS));
      for (int type = 1; type <= 3; type++) {
        nd_eigh_options o = {.type = type};
        nd_array *w = NULL, *v = NULL;
        if (nd_linalg_eigh_generalized(a, b, &o, &w, &v))
          fail_msg("%s %s type %d: %s", nd_dtype_name(t), th_layout_names[L], type, nd_last_error());
        assert_int_equal(nd_dtype_of(v), rt);
        assert_int_equal(nd_dtype_of(w), nd_dtype_kind(rt) == 'c' ? (rt == ND_COMPLEX64 ? ND_FLOAT32 : ND_FLOAT64) : rt);
        th_assert_shape(v, 3, sh);
        la_ascending(w);
        check_pair(a, b, type, w, v, tol, "eigh(a, b)");
        la_close(nd_linalg_eigvalsh_generalized(a, b, &o), w, tol, "eigvalsh(a, b) = eigh's values");
        /* a subset by index: the same values as the full spectrum's, vectors that solve
         * the same problem */
        o.subset = ND_EIGH_BY_INDEX;
        o.lo = 1;
        o.hi = 2;
        nd_array *ws = NULL, *vs = NULL;
        assert_int_equal(nd_linalg_eigh_generalized(a, b, &o, &ws, &vs), ND_OK);
        th_assert_shape(vs, 3, (int64_t[]){3, 4, 2});
        la_close(ws, nd_index(w, "..., 1:3"), tol, "subset by index: values");
        check_pair(a, b, type, ws, vs, tol, "subset by index");
        /* upper: the lower triangle is not read (NaN there) */
        if (nd_dtype_kind(t) == 'f' || nd_dtype_kind(t) == 'c') {
          nd_array *au = nd_copy(a, ND_C), *bu = nd_copy(b, ND_C);
          nd_array *tr = nd_ones(ND_BOOL, ND_SHAPE(4, 4), ND_C), *lo = nd_tril(tr, -1);
          nd_array *nan = nd_full(ND_FLOAT64, 0, NULL, NAN, ND_C);
          au = nd_where(lo, nan, au);
          bu = nd_where(lo, nan, bu);
          nd_eigh_options ou = {.type = type, .upper = true};
          nd_array *wu = NULL, *vu = NULL;
          if (nd_linalg_eigh_generalized(nd_astype(au, t), nd_astype(bu, t), &ou, &wu, &vu))
            fail_msg("upper %s: %s", nd_dtype_name(t), nd_last_error());
          la_close(wu, w, tol, "upper triangles");
        }
      }
      nd_scope_end();
    }
    nd_release(hs);
    nd_release(bs);
  }
}

static void test_standard_subsets(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d], rt = la_result_dtype(t);
    nd_array *hs = la_herm(t, 3, sh, (unsigned)d + 3);
    double tol = la_tol(rt) * 100;
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *a = la_relayout(hs, (th_layout)L), *w = NULL, *v = NULL;
      assert_int_equal(nd_linalg_eigh(a, &w, &v), ND_OK);
      /* options NULL or ND_EIGH_ALL: the same as nd_linalg_eigh */
      nd_array *w0 = NULL, *v0 = NULL;
      assert_int_equal(nd_linalg_eigh_ex(a, NULL, &w0, &v0), ND_OK);
      la_close(w0, w, tol, "eigh_ex(NULL)");
      check_standard(a, w0, v0, tol, "eigh_ex(NULL)");
      for (int64_t lo = 0; lo < 4; lo++) {
        nd_eigh_options o = {.subset = ND_EIGH_BY_INDEX, .lo = lo, .hi = 3};
        nd_array *ws = NULL, *vs = NULL;
        assert_int_equal(nd_linalg_eigh_ex(a, &o, &ws, &vs), ND_OK);
        th_assert_shape(ws, 2, (int64_t[]){3, 4 - lo});
        la_close(ws, nd_indexf(w, "..., %lld:", (long long)lo), tol, "subset values");
        check_standard(a, ws, vs, tol, "subset vectors");
        la_close(nd_linalg_eigvalsh_ex(a, &o), ws, tol, "eigvalsh_ex");
      }
      /* by value, on one matrix (counts may differ between matrices of the batch) */
      nd_array *a1 = nd_index(a, "1"), *w1 = nd_linalg_eigvalsh(a1);
      double e1, e2;
      nd_get_double(w1, (int64_t[]){1}, &e1);
      nd_get_double(w1, (int64_t[]){2}, &e2);
      nd_eigh_options o = {.subset = ND_EIGH_BY_VALUE, .vl = e1 - 1e-3 * (1 + fabs(e1)), .vu = (e1 + e2) / 2};
      nd_array *ws = NULL, *vs = NULL;
      if (e2 - e1 > 1e-2 * (1 + fabs(e1))) { /* a clear gap between the two */
        assert_int_equal(nd_linalg_eigh_ex(a1, &o, &ws, &vs), ND_OK);
        th_assert_shape(ws, 1, (int64_t[]){1});
        la_close(ws, nd_index(w1, "1:2"), tol, "subset by value");
        check_standard(a1, ws, vs, tol, "subset by value");
      }
      /* an interval holding everything: the whole spectrum, over the batch */
      nd_eigh_options all = {.subset = ND_EIGH_BY_VALUE, .vl = -1e6, .vu = 1e6};
      assert_int_equal(nd_linalg_eigh_ex(a, &all, &ws, &vs), ND_OK);
      la_close(ws, w, tol, "subset by value: all");
      check_standard(a, ws, vs, tol, "subset by value: all");
      /* and nothing: [..., 0] */
      nd_eigh_options none = {.subset = ND_EIGH_BY_VALUE, .vl = 1e6, .vu = 2e6};
      assert_int_equal(nd_linalg_eigh_ex(a, &none, &ws, &vs), ND_OK);
      th_assert_shape(ws, 2, (int64_t[]){3, 0});
      th_assert_shape(vs, 3, (int64_t[]){3, 4, 0});
      nd_scope_end();
    }
    nd_release(hs);
  }
}

static void test_sizes_and_batches(void **state) {
  (void)state;
  nd_scope_begin();
  /* size 0 */
  nd_array *e = nd_ones(ND_FLOAT64, ND_SHAPE(2, 0, 0), ND_C), *w = NULL, *v = NULL;
  assert_int_equal(nd_linalg_eigh_generalized(e, e, NULL, &w, &v), ND_OK);
  th_assert_shape(w, 2, (int64_t[]){2, 0});
  th_assert_shape(v, 3, (int64_t[]){2, 0, 0});
  nd_eigh_options val = {.subset = ND_EIGH_BY_VALUE, .vl = 0, .vu = 1};
  assert_int_equal(nd_linalg_eigh_ex(e, &val, &w, &v), ND_OK);
  th_assert_shape(w, 2, (int64_t[]){2, 0});
  nd_array *none = nd_ones(ND_FLOAT64, ND_SHAPE(0, 3, 3), ND_C);
  assert_int_equal(nd_linalg_eigh_generalized(none, none, &val, &w, &v), ND_OK);
  th_assert_shape(v, 3, (int64_t[]){0, 3, 0});
  /* batch axes of a and b broadcast: a [2,1,3,3] and b [4,3,3] give [2,4,3] */
  nd_array *a = la_herm(ND_FLOAT64, 4, (int64_t[]){2, 1, 3, 3}, 3), *b = la_hpd(ND_FLOAT64, 3, (int64_t[]){4, 3, 3}, 4);
  assert_int_equal(nd_linalg_eigh_generalized(a, b, NULL, &w, &v), ND_OK);
  th_assert_shape(w, 3, (int64_t[]){2, 4, 3});
  check_pair(nd_broadcast_to(a, 4, (int64_t[]){2, 4, 3, 3}), nd_broadcast_to(b, 4, (int64_t[]){2, 4, 3, 3}), 1, w, v,
             1e-10, "broadcast batch");
  /* 1 x 1: w = a / b */
  nd_array *a1 = nd_full(ND_FLOAT64, ND_SHAPE(1, 1), 6, ND_C), *b1 = nd_full(ND_FLOAT64, ND_SHAPE(1, 1), 4, ND_C);
  double x;
  nd_item_double(nd_linalg_eigvalsh_generalized(a1, b1, NULL), &x);
  assert_true(x == 1.5);
  nd_scope_end();
}

static void test_errors(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *a = la_herm(ND_FLOAT64, 2, (int64_t[]){3, 3}, 1), *b = la_hpd(ND_FLOAT64, 2, (int64_t[]){3, 3}, 2);
  nd_array *w = NULL, *v = NULL;
  nd_eigh_options o = {0};
  /* b not positive definite: every driver */
  nd_array *nb = nd_negative(b);
  TH_EXPECT_ERROR(nd_linalg_eigh_generalized(a, nb, NULL, &w, &v), ND_ERR_LINALG, "eigh: b is not positive definite");
  nd_eigh_options sub = {.subset = ND_EIGH_BY_INDEX, .lo = 0, .hi = 1};
  TH_EXPECT_ERROR(nd_linalg_eigh_generalized(a, nb, &sub, &w, &v), ND_ERR_LINALG, "eigh: b is not positive definite");
  TH_EXPECT_ERROR(nd_linalg_eigvalsh_generalized(a, nb, &sub), ND_ERR_LINALG, "eigvalsh: b is not positive definite");
  nd_array *stack = nd_copy(nd_stack(3, (nd_array *[]){b, nb, b}, 0), ND_C);
  TH_EXPECT_ERROR(nd_linalg_eigh_generalized(a, stack, NULL, &w, &v), ND_ERR_LINALG,
                  "eigh: b of matrix 1 of the batch is not positive definite");
  /* infinities and NaNs in the triangle read */
  nd_array *an = nd_copy(a, ND_C), *bn = nd_copy(b, ND_C);
  nd_set_double(an, (int64_t[]){2, 0}, NAN);
  nd_set_double(bn, (int64_t[]){2, 1}, INFINITY);
  TH_EXPECT_ERROR(nd_linalg_eigh_ex(an, NULL, &w, &v), ND_ERR_LINALG, "eigh: the matrix contains infinities or NaNs");
  TH_EXPECT_ERROR(nd_linalg_eigh_generalized(a, bn, NULL, &w, &v), ND_ERR_LINALG, "eigh: b contains infinities or NaNs");
  nd_eigh_options up = {.upper = true};
  assert_int_equal(nd_linalg_eigh_generalized(an, bn, &up, &w, &v), ND_OK); /* lower triangles not read */
  nd_release(w);
  nd_release(v);
  /* shapes */
  TH_EXPECT_ERROR(nd_linalg_eigh_generalized(a, nd_eye(ND_FLOAT64, 4, -1, 0), NULL, &w, &v), ND_ERR_SHAPE,
                  "eigh: a [3,3] and b [4,4] have different sizes");
  TH_EXPECT_ERROR(nd_linalg_eigh_generalized(a, nd_ones(ND_FLOAT64, ND_SHAPE(3, 2), ND_C), NULL, &w, &v), ND_ERR_SHAPE,
                  "eigh: needs square matrices, got shape [3,2]");
  TH_EXPECT_ERROR(nd_linalg_eigh_ex(nd_ones(ND_FLOAT64, ND_SHAPE(3), ND_C), NULL, &w, &v), ND_ERR_SHAPE,
                  "eigh: needs a matrix or a stack of matrices");
  TH_EXPECT_ERROR(nd_linalg_eigh_generalized(nd_ones(ND_FLOAT64, ND_SHAPE(2, 3, 3), ND_C), nd_ones(ND_FLOAT64, ND_SHAPE(4, 3, 3), ND_C),
                                             NULL, &w, &v),
                  ND_ERR_SHAPE, "eigh: shapes [2] and [4] cannot be broadcast");
  /* options */
  o.type = 4;
  TH_EXPECT_ERROR(nd_linalg_eigh_generalized(a, b, &o, &w, &v), ND_ERR_VALUE, "eigh: type must be 1, 2 or 3 (got 4)");
  nd_eigh_options bad = {.subset = ND_EIGH_BY_INDEX, .lo = 2, .hi = 5};
  TH_EXPECT_ERROR(nd_linalg_eigh_ex(a, &bad, &w, &v), ND_ERR_VALUE, "eigh: subset_by_index [2, 5] is not within [0, 2]");
  bad.lo = 2;
  bad.hi = 1;
  TH_EXPECT_ERROR(nd_linalg_eigvalsh_ex(a, &bad), ND_ERR_VALUE, "eigvalsh: subset_by_index [2, 1]");
  bad.lo = -1;
  bad.hi = 1;
  TH_EXPECT_ERROR(nd_linalg_eigvalsh_ex(a, &bad), ND_ERR_VALUE, "subset_by_index [-1, 1]");
  nd_eigh_options badv = {.subset = ND_EIGH_BY_VALUE, .vl = 1, .vu = 0};
  TH_EXPECT_ERROR(nd_linalg_eigh_ex(a, &badv, &w, &v), ND_ERR_VALUE, "eigh: subset_by_value needs vl < vu (got 1 and 0)");
  badv.vl = NAN;
  TH_EXPECT_ERROR(nd_linalg_eigh_ex(a, &badv, &w, &v), ND_ERR_VALUE, "subset_by_value needs vl < vu");
  nd_eigh_options kind = {.subset = (nd_eigh_subset)9};
  TH_EXPECT_ERROR(nd_linalg_eigh_ex(a, &kind, &w, &v), ND_ERR_VALUE, "eigh: invalid subset kind 9");
  /* a batch whose matrices have different counts in (vl, vu] */
  nd_array *d = nd_zeros(ND_FLOAT64, ND_SHAPE(2, 2, 2), ND_C);
  nd_set_double(d, (int64_t[]){0, 0, 0}, 1);
  nd_set_double(d, (int64_t[]){1, 0, 0}, 1);
  nd_set_double(d, (int64_t[]){1, 1, 1}, 1);
  nd_eigh_options half = {.subset = ND_EIGH_BY_VALUE, .vl = 0.5, .vu = 2};
  TH_EXPECT_ERROR(nd_linalg_eigh_ex(d, &half, &w, &v), ND_ERR_SHAPE,
                  "eigh: subset_by_value finds 1 eigenvalues in matrix 0 of the batch but 2 in matrix 1 of the batch");
  /* NULL arguments */
  TH_EXPECT_ERROR(nd_linalg_eigh_generalized(a, NULL, NULL, &w, &v), ND_ERR_NULL, "eigh");
  TH_EXPECT_ERROR(nd_linalg_eigh_ex(NULL, NULL, &w, &v), ND_ERR_NULL, "eigh");
  TH_EXPECT_ERROR(nd_linalg_eigh_ex(a, NULL, NULL, &v), ND_ERR_NULL, "eigh");
  TH_EXPECT_ERROR(nd_linalg_eigvalsh_generalized(NULL, b, NULL), ND_ERR_NULL, "eigvalsh");
  nd_scope_end();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_generalized), cmocka_unit_test(test_standard_subsets),
      cmocka_unit_test(test_sizes_and_batches), cmocka_unit_test(test_errors)};
  return TH_RUN(tests);
}
