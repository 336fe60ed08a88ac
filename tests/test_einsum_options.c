/* einsum beyond the subscripts: explicit paths in NumPy's format (pairs, one-operand and
 * many-operand contractions) and their errors, the path search modes against NumPy's FLOP
 * counts, dtype= and casting, out= (shapes, casts, overlap with an operand, read-only),
 * more than 32 operands and labels beyond the letters, einsum_path's report, and the plan
 * cache under threads. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "linalg_ref.h"

static nd_einsum_options with_path(const int *path, int len) {
  nd_einsum_options o = ND_EINSUM_DEFAULTS;
  o.path = path;
  o.path_len = len;
  return o;
}

/* Every way of writing the order of a 4-operand chain gives the reference result. */
static void test_given_paths(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *ops[4];
  const int64_t sh[4][2] = {{3, 4}, {4, 5}, {5, 2}, {2, 3}};
  const char *labels[4] = {"ab", "bc", "cd", "de"};
  for (int k = 0; k < 4; k++) ops[k] = th_make(ND_INT64, 2, sh[k], (th_layout)k, (unsigned)k + 1);
  const int p1[] = {0, 1, -1, 0, 1, -1, 0, 1, -1};      /* [(0,1), (0,1), (0,1)] */
  const int p2[] = {2, 3, -1, 0, 1, -1, 0, 1, -1};      /* [(2,3), (0,1), (0,1)] */
  const int p3[] = {3, 1, 0, -1, 0, 1, -1};             /* [(3,1,0), (0,1)] */
  const int p4[] = {0, 1, 2, 3, -1};                    /* one contraction of all four */
  const int p5[] = {0, -1, 0, 1, -1, 1, -1, 0, 1, -1, 0, 1, -1}; /* one-operand steps too */
  const struct {
    const int *p;
    int len;
  } paths[] = {{p1, 9}, {p2, 9}, {p3, 7}, {p4, 5}, {p5, 13}};
  for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
    nd_einsum_options o = with_path(paths[i].p, paths[i].len);
    nd_array *r = nd_einsum_ex("ab,bc,cd,de->ae", 4, ops, &o);
    if (!r) fail_msg("path %zu: %s", i, nd_last_error());
    ref_check(4, ops, labels, "ae", false, r, 0);
    int steps[20], ns = -1;
    assert_int_equal(nd_einsum_path_ex("ab,bc,cd,de->ae", 4, ops, &o, steps, &ns, NULL, NULL), ND_OK);
    assert_true(ns >= 3);
  }
  /* the steps reported for [(3,1,0), (0,1)]: 3 with 1, then 0 with that (at position 2 of
   * [0, 2, r]), then the two left */
  nd_einsum_options o = with_path(p3, 7);
  int steps[20], ns;
  assert_int_equal(nd_einsum_path_ex("ab,bc,cd,de->ae", 4, ops, &o, steps, &ns, NULL, NULL), ND_OK);
  assert_int_equal(ns, 3);
  const int want[6] = {1, 3, 0, 2, 0, 1};
  assert_memory_equal(steps, want, sizeof want);
  /* errors */
  const int bad1[] = {0, 4, -1}, bad2[] = {0, 0, -1}, bad3[] = {0, 1, -1}, bad4[] = {0, 1};
  const int bad5[] = {-1};
  nd_einsum_options b1 = with_path(bad1, 3), b2 = with_path(bad2, 3), b3 = with_path(bad3, 3);
  nd_einsum_options b4 = with_path(bad4, 2), b5 = with_path(bad5, 1);
  TH_EXPECT_ERROR(nd_einsum_ex("ab,bc,cd,de->ae", 4, ops, &b1), ND_ERR_VALUE,
                  "einsum: path contraction 0 names position 4 but 4 operands remain");
  TH_EXPECT_ERROR(nd_einsum_ex("ab,bc,cd,de->ae", 4, ops, &b2), ND_ERR_VALUE,
                  "einsum: path contraction 0 names position 0 twice");
  TH_EXPECT_ERROR(nd_einsum_ex("ab,bc,cd,de->ae", 4, ops, &b3), ND_ERR_VALUE,
                  "einsum: the path leaves 3 operands (it must end with one)");
  TH_EXPECT_ERROR(nd_einsum_ex("ab,bc,cd,de->ae", 4, ops, &b4), ND_ERR_VALUE,
                  "einsum: path contraction 0 is not ended by -1");
  TH_EXPECT_ERROR(nd_einsum_ex("ab,bc,cd,de->ae", 4, ops, &b5), ND_ERR_VALUE,
                  "einsum: path contraction 0 names no operand");
  TH_EXPECT_ERROR(nd_einsum_path_ex("ab,bc,cd,de->ae", 4, ops, &b1, NULL, NULL, NULL, NULL),
                  ND_ERR_VALUE, "einsum_path: path contraction 0 names position 4");
  nd_scope_end();
}

/* The search modes: every one contracts correctly; AUTO and OPTIMAL find NumPy's optimal
 * FLOP count on chains and rings; the three-operand CCSD term sums the large operand against
 * the vector first, which NumPy's flop-only model also prefers, and never forms kd x ic. */
static void test_search_modes(void **state) {
  (void)state;
  nd_scope_begin();
  const nd_einsum_optimize modes[] = {ND_EINSUM_AUTO, ND_EINSUM_GREEDY, ND_EINSUM_OPTIMAL};
  nd_array *m[6];
  const int64_t d[7] = {3, 7, 2, 9, 4, 6, 3};
  for (int k = 0; k < 6; k++) m[k] = th_make(ND_FLOAT64, ND_SHAPE(d[k], d[k + 1]), TH_C, (unsigned)k + 1);
  const char *lab[6] = {"ab", "bc", "cd", "de", "ef", "fg"};
  for (int i = 0; i < 3; i++) {
    nd_einsum_options o = ND_EINSUM_DEFAULTS;
    o.optimize = modes[i];
    ref_check(6, m, lab, "ag", false, nd_einsum_ex("ab,bc,cd,de,ef,fg->ag", 6, m, &o), 1e-12);
    double f;
    assert_int_equal(nd_einsum_path_ex("ab,bc,cd,de,ef,fg->ag", 6, m, &o, NULL, NULL, &f, NULL), ND_OK);
    /* NumPy 2.4's einsum_path(..., optimize='optimal') reports 4.330e+02 */
    if (modes[i] != ND_EINSUM_GREEDY) assert_true(f <= 433);
  }
  nd_array *x = nd_ones(ND_FLOAT64, ND_SHAPE(3, 20, 20, 20), ND_C);
  nd_array *v1 = nd_ones(ND_FLOAT64, ND_SHAPE(3, 20), ND_C), *v2 = nd_ones(ND_FLOAT64, ND_SHAPE(3, 20), ND_C);
  int path[4];
  assert_int_equal(nd_einsum_path("kdac,kd,ic->ia", 3, (nd_array *[]){x, v1, v2}, path, NULL), ND_OK);
  assert_true(path[0] == 0 && path[1] == 1);
  nd_scope_end();
}

/* dtype=, casting, out= */
static void test_dtype_and_out(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *a = th_make(ND_FLOAT64, ND_SHAPE(3, 4), TH_TRANSPOSED, 1);
  nd_array *b = th_make(ND_FLOAT64, ND_SHAPE(4, 5), TH_STEPPED, 2);
  nd_array *i32 = th_make(ND_INT32, ND_SHAPE(4, 5), TH_C, 3);
  const char *lab[2] = {"ij", "jk"};
  nd_einsum_options o = ND_EINSUM_DEFAULTS;
  o.dtype = ND_COMPLEX128;
  nd_array *r = nd_einsum_ex("ij,jk->ik", 2, (nd_array *[]){a, b}, &o);
  assert_int_equal(nd_dtype_of(r), ND_COMPLEX128);
  ref_check(2, (nd_array *[]){nd_astype(a, ND_COMPLEX128), nd_astype(b, ND_COMPLEX128)}, lab, "ik",
            false, r, 0);
  o.dtype = ND_FLOAT32;
  TH_EXPECT_ERROR(nd_einsum_ex("ij,jk->ik", 2, (nd_array *[]){a, b}, &o), ND_ERR_TYPE,
                  "einsum: cannot cast operand 0 from float64 to float32 under the 'safe' rule");
  o.casting = ND_CAST_SAME_KIND;
  assert_int_equal(nd_dtype_of(nd_einsum_ex("ij,jk->ik", 2, (nd_array *[]){a, b}, &o)), ND_FLOAT32);
  o.dtype = ND_INT32;
  TH_EXPECT_ERROR(nd_einsum_ex("ij,jk->ik", 2, (nd_array *[]){a, i32}, &o), ND_ERR_TYPE,
                  "einsum: cannot cast operand 0 from float64 to int32 under the 'same_kind' rule");
  o.dtype = 99;
  TH_EXPECT_ERROR(nd_einsum_ex("ij,jk->ik", 2, (nd_array *[]){a, b}, &o), ND_ERR_TYPE,
                  "einsum: dtype 99 is not an nd_dtype");
  o = ND_EINSUM_DEFAULTS;
  o.casting = (nd_casting)7;
  TH_EXPECT_ERROR(nd_einsum_ex("ij,jk->ik", 2, (nd_array *[]){a, b}, &o), ND_ERR_VALUE,
                  "einsum: casting 7 is not an nd_casting");
  /* out: every layout, a wider dtype, the exact shape */
  for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
    if (L == TH_BROADCAST) continue;
    nd_array *out = th_make(ND_FLOAT64, ND_SHAPE(3, 5), (th_layout)L, 9);
    assert_int_equal(nd_einsum_out(out, "ij,jk->ik", 2, (nd_array *[]){a, b}, NULL), ND_OK);
    ref_check(2, (nd_array *[]){a, b}, lab, "ik", false, out, 0);
  }
  nd_array *wide = nd_zeros(ND_COMPLEX128, ND_SHAPE(3, 5), ND_C);
  assert_int_equal(nd_einsum_out(wide, "ij,jk->ik", 2, (nd_array *[]){a, b}, NULL), ND_OK);
  ref_check(2, (nd_array *[]){a, b}, lab, "ik", false, nd_real(wide), 0);
  TH_EXPECT_ERROR(nd_einsum_out(nd_zeros(ND_FLOAT64, ND_SHAPE(3, 4), ND_C), "ij,jk->ik", 2,
                                   (nd_array *[]){a, b}, NULL),
                     ND_ERR_SHAPE, "einsum: out has shape [3,4] but the result has shape [3,5]");
  TH_EXPECT_ERROR(nd_einsum_out(nd_zeros(ND_INT32, ND_SHAPE(3, 5), ND_C), "ij,jk->ik", 2,
                                   (nd_array *[]){a, b}, NULL),
                     ND_ERR_TYPE, "einsum: cannot cast the result from float64 to int32 under the 'safe' rule");
  TH_EXPECT_ERROR(nd_einsum_out(nd_broadcast_to(nd_zeros(ND_FLOAT64, ND_SHAPE(5), ND_C), ND_SHAPE(3, 5)),
                                   "ij,jk->ik", 2, (nd_array *[]){a, b}, NULL),
                     ND_ERR_READONLY, "einsum");
  TH_EXPECT_ERROR(nd_einsum_out(NULL, "ij,jk->ik", 2, (nd_array *[]){a, b}, NULL), ND_ERR_NULL, "einsum");
  /* out overlapping an operand: as if computed into a new array first (a <- a a) */
  nd_array *sq = th_make(ND_FLOAT64, ND_SHAPE(6, 6), TH_C, 4), *sq0 = nd_copy(sq, ND_C);
  assert_int_equal(nd_einsum_out(sq, "ij,jk->ik", 2, (nd_array *[]){sq, sq}, NULL), ND_OK);
  th_assert_same_values(sq, nd_matmul(sq0, sq0));
  nd_scope_end();
}

/* 40 operands (a ring of matrices) and labels beyond the 52 letters: a 3 x 3 PEPS-like
 * network written with non-ASCII labels equals the same written with letters. */
static void test_many_operands_and_labels(void **state) {
  (void)state;
  nd_scope_begin();
  enum { R = 40 };
  nd_array *ring[R];
  char subs[4 * R + 8], *p = subs;
  const char *L = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  nd_array *prod = NULL;
  for (int k = 0; k < R; k++) {
    ring[k] = th_make(ND_FLOAT64, ND_SHAPE(2, 2), TH_C, (unsigned)k + 1);
    p += sprintf(p, "%s%c%c", k ? "," : "", L[k], L[(k + 1) % R]);
    prod = prod ? nd_matmul(prod, ring[k]) : ring[k];
  }
  sprintf(p, "->");
  nd_array *r = nd_einsum(subs, R, ring);
  if (!r) fail_msg("%s", nd_last_error());
  double got, want;
  nd_item_double(r, &got);
  nd_item_double(nd_trace(prod, 0, 0, 1), &want);
  assert_true(fabs(got - want) <= 1e-9 * fabs(want));
  /* the same contraction with every label a non-ASCII character (two-byte UTF-8) */
  char usubs[8 * R + 8], *q = usubs;
  for (int k = 0; k < R; k++) {
    unsigned c1 = 0x3B1 + (unsigned)k, c2 = 0x3B1 + (unsigned)((k + 1) % R); /* from alpha */
    q += sprintf(q, "%s%c%c%c%c", k ? "," : "", 0xC0 | (c1 >> 6), 0x80 | (c1 & 0x3F), 0xC0 | (c2 >> 6),
                 0x80 | (c2 & 0x3F));
  }
  sprintf(q, "->");
  nd_item_double(nd_einsum(usubs, R, ring), &got);
  assert_true(fabs(got - want) <= 1e-9 * fabs(want));
  /* implicit output: letters first (uppercase, lowercase), then other labels by code point */
  nd_array *x = th_make(ND_FLOAT64, ND_SHAPE(2, 3, 4), TH_C, 1);
  nd_array *t = nd_einsum("\xce\xb2" "a" "\xce\xb1", 1, &x); /* beta a alpha -> a alpha beta */
  th_assert_shape(t, 3, (int64_t[]){3, 4, 2});
  th_assert_same_values(t, nd_permute(x, 3, (int[]){1, 2, 0}));
  TH_EXPECT_ERROR(nd_einsum("a\xff", 1, (nd_array *[]){nd_ones(ND_FLOAT64, ND_SHAPE(2, 2), ND_C)}),
                  ND_ERR_VALUE, "einsum: invalid UTF-8 byte 0xff at position 1");
  TH_EXPECT_ERROR(nd_einsum("a\xce", 1, (nd_array *[]){nd_ones(ND_FLOAT64, ND_SHAPE(2, 2), ND_C)}),
                  ND_ERR_VALUE, "einsum: invalid UTF-8 byte 0xce at position 1");
  TH_EXPECT_ERROR(nd_einsum("ab->\xce\xb1", 1, (nd_array *[]){nd_ones(ND_FLOAT64, ND_SHAPE(2, 2), ND_C)}),
                  ND_ERR_VALUE, "einsum: output label '\xce\xb1' at position 4 does not appear in any input");
  nd_scope_end();
}

/* The report's header and one line per step, as NumPy prints them (the numbers are
 * NumPy 2.4's einsum_path(optimize='greedy') for these shapes, whose path nd's greedy
 * search also takes). */
static void test_report(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *ops[3] = {nd_ones(ND_FLOAT64, ND_SHAPE(2, 3), ND_C), nd_ones(ND_FLOAT64, ND_SHAPE(3, 4), ND_C),
                      nd_ones(ND_FLOAT64, ND_SHAPE(4, 5), ND_C)};
  nd_einsum_options o = ND_EINSUM_DEFAULTS;
  o.optimize = ND_EINSUM_GREEDY;
  char *text = NULL;
  assert_int_equal(nd_einsum_path_ex("ij,jk,kl->il", 3, ops, &o, NULL, NULL, NULL, &text), ND_OK);
  const char *want =
      "  Complete contraction:  ij,jk,kl->il\n"
      "         Naive scaling:  4\n"
      "     Optimized scaling:  3\n"
      "      Naive FLOP count:  3.600e+02\n"
      "  Optimized FLOP count:  1.810e+02\n"
      "   Theoretical speedup:  1.989\n"
      "  Largest intermediate:  1.500e+01 elements\n"
      "--------------------------------------------------------------------------\n"
      "scaling                  current                                remaining\n"
      "--------------------------------------------------------------------------\n"
      "   3                   kl,jk->jl                                ij,jl->il\n"
      "   3                   jl,ij->il                                   il->il";
  assert_string_equal(text, want);
  free(text);
  nd_scope_end();
}

/* Threads running einsums of many shapes at once (the plan cache is shared): each result
 * equals the one computed alone. */
typedef struct {
  nd_array *a, *b, *want;
  int ok;
} job;

static void *worker(void *p) {
  job *j = p;
  j->ok = 1;
  for (int rep = 0; rep < 40 && j->ok; rep++) {
    nd_array *r = nd_einsum("ijk,kjl,lm->im", 3, (nd_array *[]){j->a, j->a, j->b});
    if (!r) {
      j->ok = 0;
      break;
    }
    nd_array *d = nd_subtract(r, j->want), *ad = nd_abs(d), *mx = nd_max(ad, -1, NULL, false);
    double m = 1;
    nd_item_double(mx, &m);
    j->ok = m == 0;
    nd_release(mx);
    nd_release(ad);
    nd_release(d);
    nd_release(r);
  }
  return NULL;
}

static void test_cache_threads(void **state) {
  (void)state;
  enum { T = 4 };
  job jobs[T];
  pthread_t th[T];
  for (int t = 0; t < T; t++) {
    int64_t n = 3 + t;
    jobs[t].a = th_make(ND_FLOAT64, ND_SHAPE(n, n, n), (th_layout)t, (unsigned)t + 1);
    jobs[t].b = th_make(ND_FLOAT64, ND_SHAPE(n, n), (th_layout)(t + 1), (unsigned)t + 2);
    jobs[t].want = nd_einsum("ijk,kjl,lm->im", 3, (nd_array *[]){jobs[t].a, jobs[t].a, jobs[t].b});
    assert_non_null(jobs[t].want);
  }
  for (int t = 0; t < T; t++) pthread_create(&th[t], NULL, worker, &jobs[t]);
  for (int t = 0; t < T; t++) pthread_join(th[t], NULL);
  for (int t = 0; t < T; t++) {
    assert_true(jobs[t].ok);
    nd_release(jobs[t].a);
    nd_release(jobs[t].b);
    nd_release(jobs[t].want);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_given_paths),  cmocka_unit_test(test_search_modes),
      cmocka_unit_test(test_dtype_and_out), cmocka_unit_test(test_many_operands_and_labels),
      cmocka_unit_test(test_report),       cmocka_unit_test(test_cache_threads),
  };
  return TH_RUN(tests);
}
