/* Solves that use the structure of a (nd_linalg_solve_ex), triangular solves, and the
 * factor-once solves (Cholesky: nd_linalg_cho_solve; LU: nd_linalg_lu_factor and
 * nd_linalg_lu_solve), nd/decomp.h: residuals on every layout and dtype of a and b, the
 * triangle read, NumPy 2's rule for b and broadcast batches, SciPy's values of lu_factor,
 * and every error path. */
#include "la_check.h"

static const int64_t sh[3] = {3, 4, 4};

static nd_array *mm(nd_array *x, nd_array *y) { return nd_matmul(x, y); }

/* Another layout than L for a second operand of the same values (the broadcast layout
 * would repeat matrix 0, so it is replaced by F) */
static th_layout other(int L, int k) {
  th_layout o = (th_layout)((L + k) % TH_NUM_LAYOUTS);
  return o == TH_BROADCAST ? TH_F : o;
}

/* a with NaN (as complex128) where the triangle read is not: above the diagonal when
 * reading the lower one, below when reading the upper one */
static nd_array *poison(nd_array *a, bool keep_lower) {
  nd_array *ones = nd_ones(ND_BOOL, ND_SHAPE(4, 4), ND_C);
  nd_array *mask = keep_lower ? nd_triu(ones, 1) : nd_tril(ones, -1);
  nd_array *nan = nd_full(ND_COMPLEX128, 0, NULL, NAN, ND_C);
  nd_array *r = nd_where(mask, nan, la_z(a));
  nd_release(ones);
  nd_release(mask);
  nd_release(nan);
  return r;
}

/* x of op(a) x = b checked as op(a) x - b ~ 0 (vector b: 1-D) */
static void check_solution(nd_array *opa, nd_array *x, nd_array *b, double tol, const char *what) {
  bool vec = nd_ndim(b) == 1;
  nd_array *xz = vec ? nd_expand_dims(la_z(x), -1) : la_z(x);
  nd_array *ax = mm(la_z(opa), xz);
  /* b itself, not nd_retain(b): the scope releases b once, so a retained reference would leak */
  nd_array *bb = vec ? nd_expand_dims(b, -1) : b;
  la_close(ax, nd_broadcast_to(bb, nd_ndim(ax), nd_shape(ax)), tol, what);
}

/* complex symmetric (not Hermitian) for complex t: tril(h) + tril(h, -1)^T */
static nd_array *symmetric(nd_array *h) {
  nd_array *lo = nd_tril(h, 0), *st = nd_tril(h, -1), *t = nd_matrix_transpose(st);
  nd_array *r = nd_add(lo, t);
  nd_release(lo);
  nd_release(st);
  nd_release(t);
  return r;
}

static void test_assume(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d], rt = la_result_dtype(t);
    nd_array *hpd = la_hpd(t, 3, sh, (unsigned)d + 2), *sym = symmetric(hpd);
    double tol = la_tol(rt) * 50;
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      th_layout LB = (th_layout)((L + 3) % TH_NUM_LAYOUTS);
      nd_array *b = th_make(t, ND_SHAPE(3, 4, 2), LB == TH_BROADCAST ? TH_C : LB, 5), *bv = th_make(t, ND_SHAPE(4), TH_NEGATIVE, 6);
      struct {
        nd_assume kind;
        nd_array *a;
      } cases[] = {{ND_ASSUME_GENERAL, hpd},
                   {ND_ASSUME_SYMMETRIC, sym},
                   {ND_ASSUME_HERMITIAN, hpd},
                   {ND_ASSUME_POSITIVE_DEFINITE, hpd},
                   {ND_ASSUME_LOWER_TRIANGULAR, nd_tril(hpd, 0)},
                   {ND_ASSUME_UPPER_TRIANGULAR, nd_triu(hpd, 0)}};
      for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        nd_array *a = la_relayout(cases[c].a, (th_layout)L);
        for (int lower = 0; lower < 2; lower++) {
          nd_array *x = nd_linalg_solve_ex(a, b, cases[c].kind, lower);
          if (!x) fail_msg("%s %s kind %d: %s", nd_dtype_name(t), th_layout_names[L], (int)cases[c].kind, nd_last_error());
          assert_int_equal(nd_dtype_of(x), rt);
          check_solution(a, x, b, tol, "solve_ex");
          check_solution(a, nd_linalg_solve_ex(a, bv, cases[c].kind, lower), bv, tol, "solve_ex, 1-D b");
        }
        /* the kinds that read one triangle do not read the other */
        bool tri_kind = cases[c].kind == ND_ASSUME_SYMMETRIC || cases[c].kind == ND_ASSUME_HERMITIAN ||
                        cases[c].kind == ND_ASSUME_POSITIVE_DEFINITE;
        bool lower_kind = cases[c].kind == ND_ASSUME_LOWER_TRIANGULAR, upper_kind = cases[c].kind == ND_ASSUME_UPPER_TRIANGULAR;
        if ((tri_kind || lower_kind || upper_kind) && nd_dtype_kind(t) == 'c') {
          for (int lower = 0; lower < 2; lower++) {
            bool keep_lower = tri_kind ? lower : lower_kind;
            nd_array *ap = nd_astype(poison(a, keep_lower), t);
            nd_array *x = nd_linalg_solve_ex(ap, b, cases[c].kind, lower);
            if (!x) fail_msg("poisoned: %s", nd_last_error());
            check_solution(a, x, b, tol, "solve_ex: one triangle read");
          }
        }
      }
      nd_scope_end();
    }
    nd_release(hpd);
    nd_release(sym);
  }
}

static void test_triangular(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d], rt = la_result_dtype(t);
    nd_array *hpd = la_hpd(t, 3, sh, (unsigned)d + 4);
    double tol = la_tol(rt) * 50;
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *a = la_relayout(hpd, (th_layout)L);
      nd_array *b = th_make(t, ND_SHAPE(3, 4, 3), (th_layout)((L + 1) % TH_NUM_LAYOUTS), 8);
      for (int lower = 0; lower < 2; lower++)
        for (int unit = 0; unit < 2; unit++)
          for (int tr = 0; tr < 3; tr++) {
            /* the matrix solved with: the triangle, with ones on the diagonal if unit */
            nd_array *tri = la_z(lower ? nd_tril(a, 0) : nd_triu(a, 0));
            if (unit) {
              nd_array *dg = nd_diagonal(tri, 0, -2, -1);
              nd_assign(dg, nd_ones(ND_FLOAT64, 0, NULL, ND_C));
            }
            nd_array *op = tr == 0 ? tri : tr == 1 ? nd_copy(nd_matrix_transpose(tri), ND_C) : la_h(tri);
            nd_array *x = nd_linalg_solve_triangular(a, b, (nd_trans)tr, lower, unit);
            if (!x) fail_msg("%s %s: %s", nd_dtype_name(t), th_layout_names[L], nd_last_error());
            assert_int_equal(nd_dtype_of(x), rt);
            check_solution(op, x, b, tol, "solve_triangular");
          }
      nd_scope_end();
    }
    nd_release(hpd);
  }
}

static void test_cho_solve(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d], rt = la_result_dtype(t);
    nd_array *hpd = la_hpd(t, 3, sh, (unsigned)d + 5);
    double tol = la_tol(rt) * 50;
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *a = la_relayout(hpd, (th_layout)L), *b = th_make(t, ND_SHAPE(3, 4, 2), TH_F, 9);
      for (int lower = 0; lower < 2; lower++) {
        nd_array *c = la_relayout(nd_linalg_cholesky(a, !lower), other(L, 2));
        nd_array *x = nd_linalg_cho_solve(c, lower, b);
        if (!x) fail_msg("%s %s: %s", nd_dtype_name(t), th_layout_names[L], nd_last_error());
        char what[64];
        snprintf(what, sizeof what, "cho_solve %s %s lower %d", nd_dtype_name(t), th_layout_names[L], lower);
        check_solution(a, x, b, tol, what);
        /* the factor's other triangle is not read */
        nd_array *cp = nd_astype(poison(c, lower), nd_dtype_of(c));
        if (nd_dtype_kind(nd_dtype_of(c)) == 'c') check_solution(a, nd_linalg_cho_solve(cp, lower, b), b, tol, "cho_solve: triangle");
      }
      nd_scope_end();
    }
    nd_release(hpd);
  }
}

/* P L U = a for one m x n matrix from lu_factor's lu and 0-based piv */
static void check_lu(nd_array *a, nd_array *lu, nd_array *piv) {
  int64_t m = nd_dim(a, 0), n = nd_dim(a, 1), k = m < n ? m : n;
  nd_array *l = nd_zeros(ND_COMPLEX128, ND_SHAPE(m, k), ND_C), *u = nd_zeros(ND_COMPLEX128, ND_SHAPE(k, n), ND_C);
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++) {
      double re, im;
      th_get(lu, (int64_t[]){i, j}, &re, &im);
      if (i > j && j < k) th_set(l, (int64_t[]){i, j}, re, im);
      if (i <= j && i < k) th_set(u, (int64_t[]){i, j}, re, im);
      if (i == j) th_set(l, (int64_t[]){i, j}, 1, 0);
    }
  nd_array *p = nd_matmul(l, u);
  for (int64_t i = k - 1; i >= 0; i--) { /* undo the row interchanges, last first */
    int64_t r;
    nd_get_int64(piv, (int64_t[]){i}, &r);
    assert_true(r >= i && r < m);
    nd_array *ri = nd_copy(nd_indexf(p, "%lld", (long long)i), ND_C), *rr = nd_copy(nd_indexf(p, "%lld", (long long)r), ND_C);
    nd_assign(nd_indexf(p, "%lld", (long long)i), rr);
    nd_assign(nd_indexf(p, "%lld", (long long)r), ri);
  }
  la_close(p, a, la_tol(nd_dtype_of(lu)) * 20, "P L U = a");
}

static void test_lu(void **state) {
  (void)state;
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    nd_dtype t = th_all_dtypes[d], rt = la_result_dtype(t);
    nd_array *hpd = la_hpd(t, 3, sh, (unsigned)d + 6);
    double tol = la_tol(rt) * 50;
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_scope_begin();
      nd_array *a = la_relayout(hpd, (th_layout)L), *lu = NULL, *piv = NULL;
      assert_int_equal(nd_linalg_lu_factor(a, &lu, &piv), ND_OK);
      assert_int_equal(nd_dtype_of(lu), rt);
      assert_int_equal(nd_dtype_of(piv), ND_INT64);
      th_assert_shape(piv, 2, (int64_t[]){3, 4});
      check_lu(nd_index(a, "2"), nd_index(lu, "2"), nd_index(piv, "2"));
      nd_array *b = th_make(t, ND_SHAPE(2, 1, 4, 3), TH_C, 3), *bv = th_make(t, ND_SHAPE(4), TH_STEPPED, 4);
      nd_array *lul = la_relayout(lu, other(L, 1));
      for (int tr = 0; tr < 3; tr++) {
        nd_array *op = tr == 0 ? a : tr == 1 ? nd_copy(nd_matrix_transpose(a), ND_C) : la_h(a);
        nd_array *x = nd_linalg_lu_solve(lul, piv, b, (nd_trans)tr);
        if (!x) fail_msg("%s %s: %s", nd_dtype_name(t), th_layout_names[L], nd_last_error());
        th_assert_shape(x, 4, (int64_t[]){2, 3, 4, 3});
        char what[64];
        snprintf(what, sizeof what, "lu_solve %s %s trans %d", nd_dtype_name(t), th_layout_names[L], tr);
        check_solution(op, x, b, tol, what);
        check_solution(op, nd_linalg_lu_solve(lul, piv, bv, (nd_trans)tr), bv, tol, "lu_solve, 1-D b");
      }
      /* SciPy's int32 pivots work too */
      check_solution(a, nd_linalg_lu_solve(lu, nd_astype(piv, ND_INT32), bv, ND_TRANS_N), bv, tol, "int32 pivots");
      nd_scope_end();
    }
    nd_release(hpd);
  }
  nd_scope_begin();
  /* SciPy: lu_factor([[1, 2], [3, 4]]) = ([[3, 4], [1/3, 2/3]], [1, 1]) */
  nd_array *a = nd_from_data(ND_FLOAT64, ND_SHAPE(2, 2), (double[]){1, 2, 3, 4}, ND_C), *lu, *piv;
  assert_int_equal(nd_linalg_lu_factor(a, &lu, &piv), ND_OK);
  th_assert_same_values(nd_index(lu, "0"), nd_from_data(ND_FLOAT64, ND_SHAPE(2), (double[]){3, 4}, ND_C));
  la_close(nd_index(lu, "1"), nd_from_data(ND_FLOAT64, ND_SHAPE(2), (double[]){1.0 / 3, 2.0 / 3}, ND_C), 1e-15, "lu");
  th_assert_same_values(piv, nd_from_data(ND_INT64, ND_SHAPE(2), (int64_t[]){1, 1}, ND_C));
  /* rectangular, both ways */
  nd_array *r = th_make(ND_FLOAT64, ND_SHAPE(3, 5), TH_TRANSPOSED, 3);
  assert_int_equal(nd_linalg_lu_factor(r, &lu, &piv), ND_OK);
  th_assert_shape(piv, 1, (int64_t[]){3});
  check_lu(r, lu, piv);
  nd_array *rt = nd_matrix_transpose(r);
  assert_int_equal(nd_linalg_lu_factor(rt, &lu, &piv), ND_OK);
  th_assert_shape(lu, 2, (int64_t[]){5, 3});
  check_lu(rt, lu, piv);
  /* an exactly singular matrix factors (U has a zero), lu_solve refuses it */
  nd_array *sing = nd_from_data(ND_FLOAT64, ND_SHAPE(2, 2), (double[]){1, 2, 2, 4}, ND_C);
  assert_int_equal(nd_linalg_lu_factor(sing, &lu, &piv), ND_OK);
  TH_EXPECT_ERROR(nd_linalg_lu_solve(lu, piv, nd_ones(ND_FLOAT64, ND_SHAPE(2), ND_C), ND_TRANS_N), ND_ERR_LINALG,
                  "lu_solve: the matrix is singular");
  /* size 0 */
  assert_int_equal(nd_linalg_lu_factor(nd_ones(ND_FLOAT64, ND_SHAPE(2, 0, 3), ND_C), &lu, &piv), ND_OK);
  th_assert_shape(piv, 2, (int64_t[]){2, 0});
  nd_array *e = nd_ones(ND_FLOAT64, ND_SHAPE(0, 0), ND_C);
  th_assert_shape(nd_linalg_lu_solve(e, nd_ones(ND_INT64, ND_SHAPE(0), ND_C), nd_ones(ND_FLOAT64, ND_SHAPE(0, 2), ND_C), ND_TRANS_N), 2,
                  (int64_t[]){0, 2});
  th_assert_shape(nd_linalg_solve_ex(e, nd_ones(ND_FLOAT64, ND_SHAPE(0), ND_C), ND_ASSUME_POSITIVE_DEFINITE, false), 1, (int64_t[]){0});
  nd_scope_end();
}

static void test_errors(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *a = la_hpd(ND_FLOAT64, 2, (int64_t[]){3, 3}, 1), *b = nd_ones(ND_FLOAT64, ND_SHAPE(3, 2), ND_C);
  nd_array *z = nd_zeros(ND_FLOAT64, ND_SHAPE(3, 3), ND_C), *lu, *piv;
  TH_EXPECT_ERROR(nd_linalg_solve_ex(z, b, ND_ASSUME_GENERAL, false), ND_ERR_LINALG, "solve: the matrix is singular");
  TH_EXPECT_ERROR(nd_linalg_solve_ex(z, b, ND_ASSUME_SYMMETRIC, false), ND_ERR_LINALG, "solve: the matrix is singular");
  TH_EXPECT_ERROR(nd_linalg_solve_ex(nd_astype(z, ND_COMPLEX128), b, ND_ASSUME_HERMITIAN, true), ND_ERR_LINALG,
                  "solve: the matrix is singular");
  TH_EXPECT_ERROR(nd_linalg_solve_ex(nd_negative(a), b, ND_ASSUME_POSITIVE_DEFINITE, false), ND_ERR_LINALG,
                  "solve: the matrix is not positive definite");
  nd_array *st = nd_stack(2, (nd_array *[]){a, nd_negative(a)}, 0);
  TH_EXPECT_ERROR(nd_linalg_solve_ex(st, b, ND_ASSUME_POSITIVE_DEFINITE, true), ND_ERR_LINALG,
                  "solve: matrix 1 of the batch is not positive definite");
  TH_EXPECT_ERROR(nd_linalg_solve_ex(z, b, ND_ASSUME_UPPER_TRIANGULAR, false), ND_ERR_LINALG, "solve: the matrix is singular");
  TH_EXPECT_ERROR(nd_linalg_solve_ex(a, b, (nd_assume)9, false), ND_ERR_VALUE, "solve: invalid assume_a 9");
  TH_EXPECT_ERROR(nd_linalg_solve_triangular(z, b, ND_TRANS_T, true, false), ND_ERR_LINALG,
                  "solve_triangular: the matrix is singular");
  assert_non_null(nd_linalg_solve_triangular(z, b, ND_TRANS_N, true, true)); /* unit diagonal: not read */
  TH_EXPECT_ERROR(nd_linalg_solve_triangular(a, b, (nd_trans)3, true, false), ND_ERR_VALUE,
                  "solve_triangular: invalid trans 3 (ND_TRANS_N, ND_TRANS_T or ND_TRANS_C)");
  TH_EXPECT_ERROR(nd_linalg_cho_solve(z, true, b), ND_ERR_LINALG, "cho_solve: the matrix is singular");
  /* shapes, with nd_linalg_solve's messages */
  TH_EXPECT_ERROR(nd_linalg_cho_solve(a, false, nd_ones(ND_FLOAT64, ND_SHAPE(2), ND_C)), ND_ERR_SHAPE,
                  "cho_solve: a [3,3] and b [2] do not match (a has 3 rows, b 2)");
  TH_EXPECT_ERROR(nd_linalg_solve_triangular(a, nd_ones(ND_FLOAT64, 0, NULL, ND_C), ND_TRANS_N, false, false), ND_ERR_SHAPE,
                  "solve_triangular: b must have at least 1 dimension (a is [3,3], b is 0-d)");
  TH_EXPECT_ERROR(nd_linalg_solve_ex(nd_ones(ND_FLOAT64, ND_SHAPE(3, 2), ND_C), b, ND_ASSUME_SYMMETRIC, false), ND_ERR_SHAPE,
                  "solve: needs square matrices, got shape [3,2]");
  TH_EXPECT_ERROR(nd_linalg_solve_ex(nd_ones(ND_FLOAT64, ND_SHAPE(2, 3, 3), ND_C), nd_ones(ND_FLOAT64, ND_SHAPE(4, 3, 1), ND_C),
                                     ND_ASSUME_GENERAL, false),
                  ND_ERR_SHAPE, "solve: shapes [2] and [4] cannot be broadcast");
  /* lu_solve's pivots */
  assert_int_equal(nd_linalg_lu_factor(a, &lu, &piv), ND_OK);
  TH_EXPECT_ERROR(nd_linalg_lu_solve(lu, nd_astype(piv, ND_FLOAT64), b, ND_TRANS_N), ND_ERR_TYPE,
                  "lu_solve: pivots must be integers, not float64");
  TH_EXPECT_ERROR(nd_linalg_lu_solve(lu, nd_index(piv, ":2"), b, ND_TRANS_N), ND_ERR_SHAPE,
                  "lu_solve: pivots [2] do not match lu [3,3] (one pivot per row)");
  nd_array *badp = nd_from_data(ND_INT64, ND_SHAPE(3), (int64_t[]){0, 7, 2}, ND_C);
  TH_EXPECT_ERROR(nd_linalg_lu_solve(lu, badp, b, ND_TRANS_N), ND_ERR_LINALG, "lu_solve: the matrix has a pivot outside [0, N)");
  badp = nd_from_data(ND_INT64, ND_SHAPE(3), (int64_t[]){-1, 1, 2}, ND_C);
  TH_EXPECT_ERROR(nd_linalg_lu_solve(lu, badp, b, ND_TRANS_N), ND_ERR_LINALG, "pivot outside");
  TH_EXPECT_ERROR(nd_linalg_lu_solve(lu, piv, b, (nd_trans)-1), ND_ERR_VALUE, "lu_solve: invalid trans -1");
  TH_EXPECT_ERROR(nd_linalg_lu_solve(nd_ones(ND_FLOAT64, ND_SHAPE(3, 4), ND_C), piv, b, ND_TRANS_N), ND_ERR_SHAPE,
                  "lu_solve: needs square matrices");
  /* NULL arguments */
  TH_EXPECT_ERROR(nd_linalg_lu_factor(a, NULL, &piv), ND_ERR_NULL, "lu_factor");
  TH_EXPECT_ERROR(nd_linalg_lu_factor(NULL, &lu, &piv), ND_ERR_NULL, "lu_factor");
  TH_EXPECT_ERROR(nd_linalg_lu_solve(lu, NULL, b, ND_TRANS_N), ND_ERR_NULL, "lu_solve");
  TH_EXPECT_ERROR(nd_linalg_cho_solve(NULL, true, b), ND_ERR_NULL, "cho_solve");
  TH_EXPECT_ERROR(nd_linalg_solve_triangular(a, NULL, ND_TRANS_N, true, false), ND_ERR_NULL, "solve_triangular");
  TH_EXPECT_ERROR(nd_linalg_solve_ex(NULL, b, ND_ASSUME_GENERAL, true), ND_ERR_NULL, "solve");
  nd_scope_end();
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_assume), cmocka_unit_test(test_triangular),
                                     cmocka_unit_test(test_cho_solve), cmocka_unit_test(test_lu),
                                     cmocka_unit_test(test_errors)};
  return TH_RUN(tests);
}
