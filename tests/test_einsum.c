/* einsum: NumPy's grammar (explicit and implicit output, diagonals, sums, '...', outer
 * products, one operand, broadcasting), every dtype and layout against the reference
 * contraction, the seed-002 MP2 contractions against their reshape + matmul forms,
 * nd_einsum_path against NumPy's paths and FLOP counts, and every malformed-subscript
 * error with its position. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "linalg/contract_map.h"
#include "linalg_ref.h"

typedef struct {
  const char *subs;  /* for nd_einsum */
  const char *ref[4]; /* the same with '...' spelled out, for the reference */
  const char *out;
  int n;
  int64_t shapes[4][4];
  int ndims[4];
} ein_case;

static const ein_case cases[] = {
    {"ij,jk->ik", {"ij", "jk"}, "ik", 2, {{3, 4}, {4, 5}}, {2, 2}},
    {"ij,jk", {"ij", "jk"}, "ik", 2, {{3, 4}, {4, 5}}, {2, 2}},
    {"ij,jk->ki", {"ij", "jk"}, "ki", 2, {{3, 4}, {4, 5}}, {2, 2}},
    {"ba", {"ba"}, "ab", 1, {{3, 4}}, {2}},
    {"ii->i", {"ii"}, "i", 1, {{4, 4}}, {2}},
    {"ii", {"ii"}, "", 1, {{4, 4}}, {2}},
    {"iji->j", {"iji"}, "j", 1, {{3, 2, 3}}, {3}},
    {"ij->", {"ij"}, "", 1, {{3, 5}}, {2}},
    {"ijk->ik", {"ijk"}, "ik", 1, {{3, 4, 2}}, {3}},
    {"...ij,...jk->...ik", {"xij", "yxjk"}, "yxik", 2, {{2, 3, 4}, {2, 1, 4, 3}}, {3, 4}},
    {"i...,i...", {"ixy", "iy"}, "xy", 2, {{3, 2, 4}, {3, 4}}, {3, 2}},
    {"i,j->ij", {"i", "j"}, "ij", 2, {{3}, {4}}, {1, 1}},
    {"ij,ij->ij", {"ij", "ij"}, "ij", 2, {{3, 4}, {3, 4}}, {2, 2}},
    {"ij,ij->", {"ij", "ij"}, "", 2, {{3, 4}, {3, 1}}, {2, 2}},
    {"bij,bjk->bik", {"bij", "bjk"}, "bik", 2, {{2, 3, 4}, {2, 4, 5}}, {3, 3}},
    {"bij,bjk->kb", {"bij", "bjk"}, "kb", 2, {{2, 3, 4}, {2, 4, 5}}, {3, 3}},
    {"ijk,jkl,lm->im", {"ijk", "jkl", "lm"}, "im", 3, {{2, 3, 4}, {3, 4, 2}, {2, 3}}, {3, 3, 2}},
    {"ab,bc,ca->", {"ab", "bc", "ca"}, "", 3, {{3, 4}, {4, 2}, {2, 3}}, {2, 2, 2}},
    {"ij,k->", {"ij", "k"}, "", 2, {{2, 3}, {4}}, {2, 1}},
    {"i,i", {"i", "i"}, "", 2, {{5}, {5}}, {1, 1}},
    {"Ba,aB->aB", {"Ba", "aB"}, "aB", 2, {{3, 2}, {2, 3}}, {2, 2}},
    {"abc,cd,de->abe", {"abc", "cd", "de"}, "abe", 3, {{2, 3, 4}, {4, 3}, {3, 2}}, {3, 2, 2}},
    {"ii,ij->j", {"ii", "ij"}, "j", 2, {{3, 3}, {3, 4}}, {2, 2}},
    {"...->...", {"xy"}, "xy", 1, {{2, 3}}, {2}},
};

static void test_against_reference(void **state) {
  (void)state;
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    const ein_case *e = &cases[c];
    for (int d = 0; d < ND_NUM_DTYPES; d++) {
      for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
        nd_scope_begin();
        nd_array *ops[4];
        for (int k = 0; k < e->n; k++)
          ops[k] = th_make(th_all_dtypes[d], e->ndims[k], e->shapes[k],
                           (th_layout)((L + k) % TH_NUM_LAYOUTS), (unsigned)(k + 1));
        nd_array *r = nd_einsum(e->subs, e->n, ops);
        if (!r) fail_msg("%s: %s", e->subs, nd_last_error());
        assert_int_equal(nd_dtype_of(r), th_all_dtypes[d]);
        ref_check(e->n, ops, e->ref, e->out, false, r, 0);
        nd_scope_end();
      }
    }
  }
}

/* More than 6 operands: the greedy path; and a chain the exhaustive search orders. */
static void test_many_operands(void **state) {
  (void)state;
  nd_scope_begin();
  const char *labels[8] = {"ab", "bc", "cd", "de", "ef", "fg", "gh", "ha"};
  nd_array *ops[8];
  const int64_t d[8] = {2, 3, 4, 2, 3, 2, 4, 3};
  for (int k = 0; k < 8; k++)
    ops[k] = th_make(ND_INT64, ND_SHAPE(d[k], d[(k + 1) % 8]), (th_layout)(k % TH_NUM_LAYOUTS), (unsigned)k);
  nd_array *r = nd_einsum("ab,bc,cd,de,ef,fg,gh,ha->", 8, ops);
  ref_check(8, ops, labels, "", false, r, 0);
  r = nd_einsum("ab,bc,cd,de,ef,fg,gh->ah", 7, ops);
  ref_check(7, ops, labels, "ah", false, r, 0);
  int path[14];
  double flops;
  assert_int_equal(nd_einsum_path("ab,bc,cd,de,ef,fg,gh->ah", 7, ops, path, &flops), ND_OK);
  for (int s = 0; s < 6; s++) assert_true(path[2 * s] < path[2 * s + 1] && path[2 * s + 1] < 7 - s);
  nd_scope_end();
}

/* einsum of n operands (labels ref[k], shapes rows of `width` extents from shapes)
 * made in every layout, each operand shifted one layout from the previous, against the
 * reference loop within tol. */
static void check_layouts(const char *subs, int n, const char *const *ref, const char *out,
                          const int64_t *shapes, int width, nd_dtype t, double tol) {
  for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
    nd_scope_begin();
    nd_array *ops[3];
    for (int k = 0; k < n; k++)
      ops[k] = th_make(t, (int)strlen(ref[k]), shapes + k * width,
                       (th_layout)((L + k) % TH_NUM_LAYOUTS), (unsigned)(k + 1));
    nd_array *r = nd_einsum(subs, n, ops);
    if (!r) fail_msg("%s: %s", subs, nd_last_error());
    ref_check(n, ops, ref, out, false, r, tol);
    nd_scope_end();
  }
}

/* The contractions of a closed-shell CCSD iteration and an AO->MO step at shapes where
 * BLAS runs (extents of 17 and more), on several dtypes and every layout: the mappings
 * that read operands in place, loop over part of a group (ldkc,ilda->akic: y's i and a do
 * not chain), copy the smaller operand, or write the result in the faster orientation and
 * hand back a view (kdac,kb->abcd), against the reference loop. */
static void test_contraction_mappings(void **state) {
  (void)state;
  enum { O = 2, V = 17 };
  typedef struct {
    const char *subs, *ref[3], *out;
    int n;
    int64_t shapes[3][4];
  } mcase;
  static const mcase cs[] = {
      {"abcd,ijcd->ijab", {"abcd", "ijcd"}, "ijab", 2, {{V, V, V, V}, {O, O, V, V}}},
      {"kdac,kb->abcd", {"kdac", "kb"}, "abcd", 2, {{O, V, V, V}, {O, V}}},
      {"kcbd,ka->abcd", {"kcbd", "ka"}, "abcd", 2, {{O, V, V, V}, {O, V}}},
      {"akic,kjcb->ijab", {"akic", "kjcb"}, "ijab", 2, {{V, O, O, V}, {O, O, V, V}}},
      {"ldkc,ilda->akic", {"ldkc", "ilda"}, "akic", 2, {{O, V, O, V}, {O, O, V, V}}},
      {"kcld,ijcd->klij", {"kcld", "ijcd"}, "klij", 2, {{O, V, O, V}, {O, O, V, V}}},
      {"kdac,ikcd->ia", {"kdac", "ikcd"}, "ia", 2, {{O, V, V, V}, {O, O, V, V}}},
      {"kcld,ilcd->ki", {"kcld", "ilcd"}, "ki", 2, {{O, V, O, V}, {O, O, V, V}}},
      {"kcad,id->akic", {"kcad", "id"}, "akic", 2, {{O, V, V, V}, {O, V}}},
      {"ldkc,id,la->akic", {"ldkc", "id", "la"}, "akic", 3, {{O, V, O, V}, {O, V}, {O, V}}},
      {"kdac,kd,ic->ia", {"kdac", "kd", "ic"}, "ia", 3, {{O, V, V, V}, {O, V}, {O, V}}},
      {"pqrs,pi->qrsi", {"pqrs", "pi"}, "qrsi", 2, {{V, 3, 3, V}, {V, 19}}},
      {"Lia,Ljb->iajb", {"Lia", "Ljb"}, "iajb", 2, {{19, O, V}, {19, O, V}}},
  };
  const nd_dtype types[] = {ND_FLOAT64, ND_FLOAT32, ND_COMPLEX128, ND_INT32};
  for (size_t c = 0; c < sizeof cs / sizeof cs[0]; c++)
    for (size_t d = 0; d < sizeof types / sizeof types[0]; d++)
      check_layouts(cs[c].subs, cs[c].n, cs[c].ref, cs[c].out, cs[c].shapes[0], 4, types[d], 0);
}

/* Paths and FLOP counts NumPy 2.4's einsum_path(..., optimize='optimal') reports. */
static void test_path(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *A = nd_ones(ND_FLOAT64, ND_SHAPE(2, 3), ND_C), *B = nd_ones(ND_FLOAT64, ND_SHAPE(3, 4), ND_C),
           *C = nd_ones(ND_FLOAT64, ND_SHAPE(4, 5), ND_C), *D = nd_ones(ND_FLOAT64, ND_SHAPE(5, 2), ND_C);
  int path[8];
  double flops;
  assert_int_equal(nd_einsum_path("ij,jk,kl->il", 3, (nd_array *[]){A, B, C}, path, &flops), ND_OK);
  assert_true(path[0] == 0 && path[1] == 1 && path[2] == 0 && path[3] == 1);
  assert_true(flops == 129);
  assert_int_equal(nd_einsum_path("ij,jk,kl,li->", 4, (nd_array *[]){A, B, C, D}, path, &flops), ND_OK);
  assert_true(flops == 141);
  assert_int_equal(nd_einsum_path("ab,bc->ac", 2,
                                  (nd_array *[]){nd_ones(ND_FLOAT64, ND_SHAPE(10, 20), ND_C),
                                                 nd_ones(ND_FLOAT64, ND_SHAPE(20, 3), ND_C)},
                                  path, &flops),
                   ND_OK);
  assert_true(flops == 1201);
  nd_array *E[5] = {nd_ones(ND_FLOAT64, ND_SHAPE(3, 4), ND_C), nd_ones(ND_FLOAT64, ND_SHAPE(3, 5), ND_C),
                    nd_ones(ND_FLOAT64, ND_SHAPE(4, 5, 6, 7), ND_C), nd_ones(ND_FLOAT64, ND_SHAPE(3, 6), ND_C),
                    nd_ones(ND_FLOAT64, ND_SHAPE(3, 7), ND_C)};
  assert_int_equal(nd_einsum_path("ea,fb,abcd,gc,hd->efgh", 5, E, path, &flops), ND_OK);
  assert_true(flops <= 8929); /* NumPy caps intermediates at the largest input; nd does not */
  assert_int_equal(nd_einsum_path("ij->i", 1, &A, NULL, &flops), ND_OK);
  assert_true(flops == 13);
  nd_scope_end();
}

/* Seed 002: the MP2 contractions equal their reshape + matmul forms, whose reshapes of
 * the 4-D tensors are views. */
static void test_seed002(void **state) {
  (void)state;
  nd_scope_begin();
  const int64_t nocc = 3, nvir = 5, naux = 4;
  nd_array *T = th_make(ND_FLOAT64, ND_SHAPE(nocc, nvir, nocc, nvir), TH_C, 1);
  nd_array *t = th_make(ND_FLOAT64, ND_SHAPE(nocc, nvir, nocc, nvir), TH_C, 2);
  nd_array *Y = th_make(ND_FLOAT64, ND_SHAPE(naux, nocc, nvir), TH_C, 3);
  nd_array *T1 = nd_reshape_view(T, ND_SHAPE(nocc, nocc * nvir * nvir), ND_C);
  nd_array *t1 = nd_reshape_view(t, ND_SHAPE(nocc, nocc * nvir * nvir), ND_C);
  assert_non_null(T1);
  assert_true(nd_shares_memory(T1, T));
  th_assert_same_values(nd_einsum("jbia, kbia -> jk", 2, (nd_array *[]){T, t}),
                        nd_matmul(T1, nd_transpose(t1)));
  nd_array *T2 = nd_reshape_view(T, ND_SHAPE(nocc * nocc * nvir, nvir), ND_C);
  nd_array *t2 = nd_reshape_view(t, ND_SHAPE(nocc * nocc * nvir, nvir), ND_C);
  assert_non_null(t2);
  th_assert_same_values(nd_einsum("jcia,jcib->ab", 2, (nd_array *[]){T, t}), nd_matmul(nd_transpose(T2), t2));
  nd_array *T3 = nd_reshape_view(T, ND_SHAPE(nocc * nvir, nocc * nvir), ND_C);
  nd_array *Y3 = nd_reshape_view(Y, ND_SHAPE(naux, nocc * nvir), ND_C);
  assert_non_null(T3);
  nd_array *G = nd_reshape(nd_matmul(Y3, T3), ND_SHAPE(naux, nocc, nvir), ND_C);
  nd_array *Ge = nd_einsum("Pjb,jbia->Pia", 2, (nd_array *[]){Y, T});
  th_assert_same_values(Ge, G);
  assert_true(nd_is_contiguous(Ge, ND_C));
  /* and the same on non-contiguous operands (F-ordered, negative strides) */
  nd_array *Tf = nd_copy(T, ND_F), *tn = nd_flip(nd_flip(nd_copy(t, ND_C), 0, NULL), 0, NULL);
  nd_array *tn2 = nd_copy(nd_flip(t, ND_ALL_AXES, NULL), ND_C);
  (void)tn2;
  th_assert_same_values(nd_einsum("jbia,kbia->jk", 2, (nd_array *[]){Tf, tn}),
                        nd_matmul(T1, nd_transpose(t1)));
  nd_scope_end();
}

static void test_views_dtypes_sizes(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *a = th_arange(ND_FLOAT64, ND_SHAPE(3, 3));
  nd_array *v = nd_einsum("ij->ji", 1, &a);
  assert_true(nd_shares_memory(v, a));
  th_assert_same_values(v, nd_transpose(a));
  nd_array *dg = nd_einsum("ii->i", 1, &a);
  assert_true(nd_shares_memory(dg, a));
  /* mixed dtypes promote: int8 with float32 gives float32, int32 with float32 float64 */
  nd_array *i8 = th_arange(ND_INT8, ND_SHAPE(2, 3)), *f32 = th_arange(ND_FLOAT32, ND_SHAPE(3, 2));
  nd_array *r = nd_einsum("ij,jk", 2, (nd_array *[]){i8, f32});
  assert_int_equal(nd_dtype_of(r), ND_FLOAT32);
  th_assert_same_values(r, nd_matmul(nd_astype(i8, ND_FLOAT32), f32));
  assert_int_equal(nd_dtype_of(nd_einsum("ij,jk", 2, (nd_array *[]){nd_astype(i8, ND_INT32), f32})), ND_FLOAT64);
  /* int8 wraps as in NumPy: 100*2 + 100*2 = -112 */
  nd_array *p = nd_full(ND_INT8, ND_SHAPE(2), 100, ND_C), *q = nd_full(ND_INT8, ND_SHAPE(2), 2, ND_C);
  int64_t x;
  nd_get_int64(nd_einsum("i,i->", 2, (nd_array *[]){p, q}), NULL, &x);
  assert_int_equal(x, -112);
  /* bool: or of ands */
  nd_array *b = nd_ones(ND_BOOL, ND_SHAPE(2), ND_C);
  nd_get_int64(nd_einsum("i->", 1, &b), NULL, &x);
  assert_int_equal(x, 1);
  /* size 0 */
  nd_array *z = nd_einsum("ij,jk->ik", 2, (nd_array *[]){nd_ones(ND_FLOAT64, ND_SHAPE(2, 0), ND_C),
                                                          nd_ones(ND_FLOAT64, ND_SHAPE(0, 3), ND_C)});
  th_assert_same_values(z, nd_zeros(ND_FLOAT64, ND_SHAPE(2, 3), ND_C));
  th_assert_shape(nd_einsum("ij,jk->ik", 2, (nd_array *[]){nd_ones(ND_FLOAT64, ND_SHAPE(0, 2), ND_C),
                                                            nd_ones(ND_FLOAT64, ND_SHAPE(2, 3), ND_C)}),
                  2, (int64_t[]){0, 3});
  double s;
  nd_item_double(nd_einsum("i->", 1, (nd_array *[]){nd_ones(ND_FLOAT64, ND_SHAPE(0), ND_C)}), &s);
  assert_true(s == 0);
  /* 0-d operands */
  nd_array *three = nd_full(ND_FLOAT64, 0, NULL, 3, ND_C);
  th_assert_same_values(nd_einsum("ij,->ij", 2, (nd_array *[]){a, three}), nd_einsum("ij,ij->ij", 2, (nd_array *[]){a, nd_full(ND_FLOAT64, ND_SHAPE(3, 3), 3, ND_C)}));
  nd_item_double(nd_einsum("", 1, &three), &s);
  assert_true(s == 3);
  /* larger: BLAS-sized, threaded, and a batched (Hadamard) contraction */
  nd_array *X = th_make(ND_FLOAT64, ND_SHAPE(40, 30, 20), TH_F, 4), *W = th_make(ND_FLOAT64, ND_SHAPE(20, 50), TH_NEGATIVE, 5);
  nd_array *ops2[2] = {X, W};
  const char *lab2[2] = {"bij", "jk"};
  ref_check(2, ops2, lab2, "kbi", false, nd_einsum("bij,jk->kbi", 2, ops2), 0);
  nd_array *U = th_make(ND_COMPLEX128, ND_SHAPE(20, 30, 40), TH_TRANSPOSED, 6);
  nd_array *ops3[2] = {X, U};
  const char *lab3[2] = {"bij", "jib"};
  ref_check(2, ops3, lab3, "bj", false, nd_einsum("bij,jib->bj", 2, ops3), 0);
  nd_scope_end();
}

static void test_errors(void **state) {
  (void)state;
  nd_scope_begin();
  nd_array *A = nd_ones(ND_FLOAT64, ND_SHAPE(2, 3), ND_C), *B = nd_ones(ND_FLOAT64, ND_SHAPE(4, 5), ND_C);
  nd_array *one[1] = {A}, *two[2] = {A, B};
  TH_EXPECT_ERROR(nd_einsum("i$j", 1, one), ND_ERR_VALUE, "einsum: invalid character '$' at position 1");
  TH_EXPECT_ERROR(nd_einsum("i.j", 1, one), ND_ERR_VALUE, "'.' at position 1 is not part of an ellipsis");
  TH_EXPECT_ERROR(nd_einsum("...i...", 1, one), ND_ERR_VALUE, "a second ellipsis at position 4");
  TH_EXPECT_ERROR(nd_einsum("ij->k", 1, one), ND_ERR_VALUE, "output label 'k' at position 4 does not appear in any input");
  TH_EXPECT_ERROR(nd_einsum("ij->ii", 1, one), ND_ERR_VALUE, "output label 'i' at position 5 appears more than once");
  TH_EXPECT_ERROR(nd_einsum("ij->i->j", 1, one), ND_ERR_VALUE, "a second '->' at position 5");
  TH_EXPECT_ERROR(nd_einsum("ij-", 1, one), ND_ERR_VALUE, "'-' at position 2 is not part of '->'");
  TH_EXPECT_ERROR(nd_einsum("i>j", 1, one), ND_ERR_VALUE, "'>' at position 1");
  TH_EXPECT_ERROR(nd_einsum("ij->i,j", 1, one), ND_ERR_VALUE, "',' at position 5 is in the output");
  TH_EXPECT_ERROR(nd_einsum("ij", 2, two), ND_ERR_VALUE, "the subscripts name 1 operand but 2 were given");
  TH_EXPECT_ERROR(nd_einsum("ij,jk", 1, one), ND_ERR_VALUE, "more operands than the 1 given (',' at position 2)");
  TH_EXPECT_ERROR(nd_einsum("ijk", 1, one), ND_ERR_SHAPE, "operand 0 has 2 axes but its subscripts (from position 0) name 3");
  TH_EXPECT_ERROR(nd_einsum("ij,jk", 2, two), ND_ERR_SHAPE, "label 'j' has extent 3 in operand 0 but 4 in operand 1");
  TH_EXPECT_ERROR(nd_einsum("ii", 1, one), ND_ERR_SHAPE, "label 'i' is repeated in operand 0 with extents 2 and 3");
  TH_EXPECT_ERROR(nd_einsum("...i->i", 1, (nd_array *[]){nd_ones(ND_FLOAT64, ND_SHAPE(2, 3, 4), ND_C)}), ND_ERR_SHAPE,
                  "has no '...'");
  TH_EXPECT_ERROR(nd_einsum("...,...", 2, (nd_array *[]){nd_ones(ND_FLOAT64, ND_SHAPE(2), ND_C),
                                                          nd_ones(ND_FLOAT64, ND_SHAPE(3), ND_C)}),
                  ND_ERR_SHAPE, "axis 0 of '...' has extent 2 in operand 0 but 3 in operand 1");
  TH_EXPECT_ERROR(nd_einsum("ij,jk", 2, (nd_array *[]){A, NULL}), ND_ERR_NULL, "einsum");
  TH_EXPECT_ERROR(nd_einsum(NULL, 1, one), ND_ERR_NULL, "einsum");
  TH_EXPECT_ERROR(nd_einsum("", 0, NULL), ND_ERR_VALUE, "einsum: 0 operands");
  TH_EXPECT_ERROR(nd_einsum_path("i$j", 1, one, NULL, NULL), ND_ERR_VALUE, "einsum_path: invalid character '$' at position 1");
  nd_scope_end();
}

/* "PQ...,RS...,PR->QS..." with 13 letters in each of P, Q, R, S and 20 '...' axes: the
 * first pair (all costs tie, every extent but five is 1) would be a product of 72 axes,
 * which cannot be formed; the path avoids it and the result is right. Where no order
 * fits, the contraction fails cleanly. */
static void test_wide_intermediates(void **state) {
  (void)state;
  const char *L = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  char subs[200];
  snprintf(subs, sizeof subs, "%.26s...,%.26s...,%.13s%.13s->%.13s%.13s...", L, L + 26, L, L + 26,
           L + 13, L + 39);
  /* A: a(2) b..m n(3) o..z E(20, last 2); B: A(2) B..M N(2) O..Z E; C: a..m A..M */
  int64_t sa[46], sb[46], sc[26];
  for (int i = 0; i < 46; i++) sa[i] = sb[i] = 1;
  for (int i = 0; i < 26; i++) sc[i] = 1;
  sa[0] = 2, sa[13] = 3, sa[45] = 2;
  sb[0] = 2, sb[13] = 2, sb[45] = 2;
  sc[0] = 2, sc[13] = 2;
  for (int Lo = 0; Lo < TH_NUM_LAYOUTS; Lo++) {
    if (Lo == TH_STEPPED) continue; /* th_make's stepped base has 3^46 elements */
    nd_scope_begin();
    nd_array *ops[3] = {th_make(ND_FLOAT64, 46, sa, (th_layout)Lo, 1),
                        th_make(ND_FLOAT64, 46, sb, TH_NEGATIVE, 2),
                        th_make(ND_FLOAT64, 26, sc, TH_F, 3)};
    int path[4];
    assert_int_equal(nd_einsum_path(subs, 3, ops, path, NULL), ND_OK);
    assert_false(path[0] == 0 && path[1] == 1);
    nd_array *r = nd_einsum(subs, 3, ops);
    if (!r) fail_msg("%s: %s", subs, nd_last_error());
    assert_int_equal(nd_ndim(r), 46);
    /* r[n, N, e] = sum over a, A of A[a, n, e] B[A, N, e] C[a, A] */
    int64_t ia[46] = {0}, ib[46] = {0}, ic[26] = {0}, ir[46] = {0};
    for (int n = 0; n < 3; n++)
      for (int N = 0; N < 2; N++)
        for (int e = 0; e < 2; e++) {
          double want = 0, x, y, z, im;
          for (int a = 0; a < 2; a++)
            for (int A = 0; A < 2; A++) {
              ia[0] = a, ia[13] = n, ia[45] = e;
              ib[0] = A, ib[13] = N, ib[45] = e;
              ic[0] = a, ic[13] = A;
              th_get(ops[0], ia, &x, &im);
              th_get(ops[1], ib, &y, &im);
              th_get(ops[2], ic, &z, &im);
              want += x * y * z;
            }
          ir[0] = n, ir[13] = N, ir[45] = e;
          double got;
          th_get(r, ir, &got, &im);
          assert_true(got == want);
        }
    nd_scope_end();
  }
  /* letters in four groups G1..G4 of 13: "G1G2G3...,G2G3G4...,G1G3G4...->G1G2G4...";
   * every pair leaves a product of all 52 letters and the 20 '...' axes (72): no order
   * fits, and the contraction fails cleanly (NumPy's unoptimised einsum has no
   * intermediates; nd contracts pairwise) */
  nd_scope_begin();
  snprintf(subs, sizeof subs, "%.39s...,%.39s...,%.13s%.26s...->%.26s%.13s...", L, L + 13, L,
           L + 26, L, L + 39);
  int64_t sd[59];
  for (int i = 0; i < 59; i++) sd[i] = 1;
  nd_array *o3[3] = {nd_ones(ND_FLOAT64, 59, sd, ND_C), nd_ones(ND_FLOAT64, 59, sd, ND_C),
                     nd_ones(ND_FLOAT64, 59, sd, ND_C)};
  TH_EXPECT_ERROR(nd_einsum(subs, 3, o3), ND_ERR_SHAPE,
                  "einsum: the product of operands of 59 and 59 axes would have 72 axes (at most 64)");
  nd_scope_end();
}

/* nd_einsum(subs, a, b) with the n-th allocation failing, for n < tries: a result or a
 * clear ND_ERR_NOMEM (LeakSanitizer checks that nothing is left behind); releases a, b. */
static void einsum_alloc_failures(const char *subs, nd_array *a, nd_array *b, long tries) {
  for (long n = 0; n < tries; n++) {
    ndi_alloc_fail_after(n);
    nd_array *r = nd_einsum(subs, 2, (nd_array *[]){a, b});
    ndi_alloc_fail_after(-1);
    if (!r) assert_int_equal(nd_last_status(), ND_ERR_NOMEM);
    nd_release(r);
    nd_clear_error();
  }
  nd_release(a);
  nd_release(b);
}

static void test_alloc_failures(void **state) {
  (void)state;
  einsum_alloc_failures("ijk,kjl->il", th_make(ND_FLOAT32, ND_SHAPE(5, 4, 3), TH_STEPPED, 1),
                        th_make(ND_INT16, ND_SHAPE(3, 4, 6), TH_F, 2), 40);
  /* a full contraction of crossed layouts (dot_full.c: the partial sums, tile buffers) */
  einsum_alloc_failures("iajb,ibja->", th_make(ND_FLOAT64, ND_SHAPE(7, 60, 8, 60), TH_C, 1),
                        th_make(ND_FLOAT64, ND_SHAPE(7, 60, 8, 60), TH_C, 2), 40);
}

/* The small path (contract_small.c: products of at most NDI_LA_SMALL_MADDS multiply-adds
 * on a fixed mapping) and the general one on both sides of the threshold, every dtype and
 * layout: groups that do not chain (the operand copied into the step's buffer), a result
 * order that interleaves M and N (written through the buffer), K in different orders in
 * the two operands, batch labels, copies beyond the stack buffer (one heap block), and
 * that block's allocation failing. */
static void test_small_path(void **state) {
  (void)state;
  typedef struct {
    const char *subs, *ref[2], *out;
    int64_t shapes[2][4];
  } scase;
  static const scase cs[] = {
      /* 32 x 32 x 32 = NDI_LA_SMALL_MADDS: small; 32 x 32 x 33: general */
      {"ij,jk->ik", {"ij", "jk"}, "ik", {{32, 32}, {32, 32}}},
      {"ij,jk->ik", {"ij", "jk"}, "ik", {{32, 33}, {33, 32}}},
      {"ij,jk->ki", {"ij", "jk"}, "ki", {{32, 32}, {32, 32}}},
      {"ij,jk->ki", {"ij", "jk"}, "ki", {{32, 33}, {33, 32}}},
      {"abk,kcd->acbd", {"abk", "kcd"}, "acbd", {{3, 4, 5}, {5, 2, 3}}},
      {"akb,ckd->dbca", {"akb", "ckd"}, "dbca", {{3, 4, 2}, {5, 4, 3}}},
      {"ikl,lkj->ji", {"ikl", "lkj"}, "ji", {{4, 3, 5}, {5, 3, 2}}},
      {"bik,bkj->jbi", {"bik", "bkj"}, "jbi", {{3, 4, 5}, {3, 5, 2}}},
      {"bik,kjb->bij", {"bik", "kjb"}, "bij", {{4, 4, 4}, {4, 4, 4}}},
      {"ij,ij->", {"ij", "ij"}, "", {{4, 6}, {4, 6}}},
      /* copies of 1024 + 64 elements (beyond the stack buffer for 8-byte dtypes) */
      {"abk,kc->cab", {"abk", "kc"}, "cab", {{64, 8, 2}, {2, 4}}},
      /* 8 x 8 x 513 (general) and 8 x 8 x 512 (small) with K split over two labels */
      {"ikl,lkj->ij", {"ikl", "lkj"}, "ij", {{8, 27, 19}, {19, 27, 8}}},
      {"ikl,lkj->ij", {"ikl", "lkj"}, "ij", {{8, 16, 32}, {32, 16, 8}}},
  };
  for (size_t c = 0; c < sizeof cs / sizeof cs[0]; c++)
    for (int d = 0; d < ND_NUM_DTYPES; d++)
      for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
        nd_scope_begin();
        nd_array *ops[2];
        for (int k = 0; k < 2; k++)
          ops[k] = th_make(th_all_dtypes[d], (int)strlen(cs[c].ref[k]), cs[c].shapes[k],
                           (th_layout)((L + k) % TH_NUM_LAYOUTS), (unsigned)(k + 1));
        nd_array *r = nd_einsum(cs[c].subs, 2, ops);
        if (!r) fail_msg("%s: %s", cs[c].subs, nd_last_error());
        assert_int_equal(nd_dtype_of(r), th_all_dtypes[d]);
        ref_check(2, ops, cs[c].ref, cs[c].out, false, r, 0);
        nd_scope_end();
      }
  /* the conjugated first operand of vecdot, small */
  nd_scope_begin();
  nd_array *u = th_make(ND_COMPLEX128, ND_SHAPE(3, 5), TH_STEPPED, 3);
  nd_array *v = th_make(ND_COMPLEX128, ND_SHAPE(3, 5), TH_TRANSPOSED, 4);
  const char *lab[2] = {"ij", "ij"};
  ref_check(2, (nd_array *[]){u, v}, lab, "i", true, nd_vecdot(u, v, -1), 0);
  nd_scope_end();
  /* the heap block failing: a clear ND_ERR_NOMEM, nothing leaked */
  einsum_alloc_failures("abk,kc->cab", th_make(ND_FLOAT64, ND_SHAPE(64, 8, 2), TH_STEPPED, 1),
                        th_make(ND_FLOAT64, ND_SHAPE(2, 4), TH_F, 2), 30);
}

/* The mapping contract_map.c chooses for C-contiguous operands x (labels xl) and y (yl)
 * into labels out: does it loop over summed labels? */
static bool takes_looped_sum(const char *xl, const int64_t *xs, const char *yl, const int64_t *ys,
                             const char *out) {
  int64_t sx[ND_MAX_DIMS], sy[ND_MAX_DIMS];
  int lx[ND_MAX_DIMS], ly[ND_MAX_DIMS], nx = (int)strlen(xl), ny = (int)strlen(yl);
  for (int i = 0; i < nx; i++) lx[i] = xl[i];
  for (int i = 0; i < ny; i++) ly[i] = yl[i];
  ndi_contiguous_strides(nx, xs, ND_C, sx);
  ndi_contiguous_strides(ny, ys, ND_C, sy);
  ndi_labeled Lx, Ly;
  ndi_la_label_layout(&Lx, nx, xs, sx, lx);
  ndi_la_label_layout(&Ly, ny, ys, sy, ly);
  ndi_la_groups g = {.loop_sums = true};
  for (int i = 0; i < nx; i++) {
    ndi_lablist *to = !strchr(yl, xl[i]) ? &g.M : strchr(out, xl[i]) ? &g.B : &g.K;
    to->lab[to->n++] = xl[i];
  }
  for (int i = 0; i < ny; i++)
    if (!strchr(xl, yl[i])) g.N.lab[g.N.n++] = yl[i];
  ndi_la_map map;
  ndi_la_choose_map(&Lx, &Ly, &g, 0, NULL, &map);
  return map.sum.n > 0 && !map.pack_x && !map.pack_y;
}

/* Summed labels that do not walk as one axis of an operand (k and d apart in kcad) are
 * looped over, each index a product accumulated into the result, where that is cheaper than
 * copying the operand: matrix-vector and matrix products, batch labels that give the threads
 * enough (each element summed in order) or too little (the summed range in chunks with
 * partial results), a three-operand path that takes the step, size 0, conj(x) on both
 * orientations of a vector product; every layout, the float and complex dtypes (and int32,
 * which copies instead), one and two threads, against the reference loop. */
static void test_looped_sums(void **state) {
  (void)state;
  typedef struct {
    const char *subs, *ref[3], *out;
    int n;
    int64_t shapes[3][5];
    bool looped; /* the C layout takes the looped mapping (its first step, for 3 operands) */
  } lcase;
  static const lcase cs[] = {
      {"kcad,kd->ac", {"kcad", "kd"}, "ac", 2, {{2, 26, 26, 26}, {2, 26}}, true},
      {"kcad,kd,ic->ia", {"kcad", "kd", "ic"}, "ia", 3, {{2, 26, 26, 26}, {2, 26}, {5, 26}}, true},
      {"kcad,kde->ace", {"kcad", "kde"}, "ace", 2, {{2, 26, 26, 26}, {2, 26, 3}}, true},
      {"bkcad,bkd->bac", {"bkcad", "bkd"}, "bac", 2, {{8, 2, 12, 12, 12}, {8, 2, 12}}, true},
      {"bkcad,bkd->bac", {"bkcad", "bkd"}, "bac", 2, {{3, 2, 16, 16, 16}, {3, 2, 16}}, true},
      {"kcad,kd->ac", {"kcad", "kd"}, "ac", 2, {{2, 0, 26, 26}, {2, 26}}, false},
      {"kcad,kd->ac", {"kcad", "kd"}, "ac", 2, {{0, 26, 26, 26}, {0, 26}}, false},
  };
  const nd_dtype types[] = {ND_FLOAT64, ND_FLOAT32, ND_COMPLEX128, ND_COMPLEX64, ND_INT32};
  int threads = nd_get_num_threads();
  for (size_t c = 0; c < sizeof cs / sizeof cs[0]; c++) {
    if (cs[c].looped)
      assert_true(takes_looped_sum(cs[c].ref[0], cs[c].shapes[0], cs[c].ref[1], cs[c].shapes[1],
                                   cs[c].n == 2 ? cs[c].out : "ac"));
    for (int nt = 1; nt <= 2; nt++) {
      nd_set_num_threads(nt);
      for (size_t d = 0; d < sizeof types / sizeof types[0]; d++) {
        bool single = types[d] == ND_FLOAT32 || types[d] == ND_COMPLEX64;
        check_layouts(cs[c].subs, cs[c].n, cs[c].ref, cs[c].out, cs[c].shapes[0], 5, types[d],
                      single ? 1e-6 : 0);
      }
    }
  }
  nd_set_num_threads(threads);
  /* conj(x): x the matrix (gemv, conjugate-transposed) or the vector (conj of the product
   * of the conjugated matrix) */
  assert_true(takes_looped_sum("kcad", (int64_t[]){3, 40, 40, 40}, "kd", (int64_t[]){3, 40}, "ac"));
  assert_true(takes_looped_sum("kd", (int64_t[]){3, 40}, "kcad", (int64_t[]){3, 40, 40, 40}, "ac"));
  for (int L = 0; L < TH_NUM_LAYOUTS; L++)
    for (int swap = 0; swap < 2; swap++) {
      nd_scope_begin();
      nd_array *big = th_make(ND_COMPLEX128, 4, (int64_t[]){3, 40, 40, 40}, (th_layout)L, 1);
      nd_array *vec = th_make(ND_COMPLEX128, 2, (int64_t[]){3, 40}, (th_layout)((L + 1) % TH_NUM_LAYOUTS), 2);
      nd_array *ops[2] = {swap ? vec : big, swap ? big : vec};
      const char *labs[2] = {swap ? "kd" : "kcad", swap ? "kcad" : "kd"};
      ndi_la_term x, y, out;
      int lab[4];
      for (int i = 0; labs[0][i]; i++) lab[i] = labs[0][i];
      assert_int_equal(ndi_la_make_term("test", ops[0], ND_COMPLEX128, lab, &x), ND_OK);
      for (int i = 0; labs[1][i]; i++) lab[i] = labs[1][i];
      assert_int_equal(ndi_la_make_term("test", ops[1], ND_COMPLEX128, lab, &y), ND_OK);
      bool keep[NDI_LA_MAX_LABELS] = {false};
      keep['a'] = keep['c'] = true;
      assert_int_equal(ndi_la_contract("test", &x, &y, keep, 0, NULL, true, &out), ND_OK);
      nd_array *r = ndi_la_term_finish("test", &out, 2, (const int[]){'a', 'c'});
      ref_check(2, ops, labs, "ac", true, r, 0);
      nd_release(r);
      nd_release(x.arr);
      nd_release(y.arr);
      nd_scope_end();
    }
}

/* Full contractions (a scalar) of operands in the same or in different orders: one pass
 * split over the threads by the shape, transposing one operand tile by tile where the
 * layouts cross (dot_full.c), on float32 and float64; the looped or copied mapping and
 * BLAS's dot on the others; every layout, sizes of one and of several chunks, extents of
 * 1 and 0, against the reference loop, and the same bits on one and two threads. */
static void test_full_contractions(void **state) {
  (void)state;
  typedef struct {
    const char *subs, *ref[2];
    int64_t shapes[2][4];
  } fcase;
  static const fcase cs[] = {
      {"iajb,ibja->", {"iajb", "ibja"}, {{3, 20, 4, 20}, {3, 20, 4, 20}}},
      {"iajb,ibja->", {"iajb", "ibja"}, {{7, 60, 8, 60}, {7, 60, 8, 60}}},
      {"ij,ji->", {"ij", "ji"}, {{300, 450}, {450, 300}}},
      {"abc,cab->", {"abc", "cab"}, {{30, 41, 52}, {52, 30, 41}}},
      {"iajb,iajb->", {"iajb", "iajb"}, {{7, 60, 8, 60}, {7, 60, 8, 60}}},
      {"i,i->", {"i", "i"}, {{300001}, {300001}}},
      {"iajb,ibja->", {"iajb", "ibja"}, {{1, 300, 1, 300}, {1, 300, 1, 300}}},
      {"i,i->", {"i", "i"}, {{0}, {0}}},
  };
  const nd_dtype types[] = {ND_FLOAT64, ND_FLOAT32, ND_COMPLEX128, ND_INT64};
  int threads = nd_get_num_threads();
  for (size_t c = 0; c < sizeof cs / sizeof cs[0]; c++)
    for (size_t d = 0; d < sizeof types / sizeof types[0]; d++)
      check_layouts(cs[c].subs, 2, cs[c].ref, "", cs[c].shapes[0], 4, types[d],
                    types[d] == ND_FLOAT32 ? 1e-6 : 0);
  /* the sum's order is fixed by the shapes and layouts: the same bits on 1 and 2 threads */
  for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
    nd_scope_begin();
    nd_array *ops[2] = {th_make(ND_FLOAT64, 4, cs[1].shapes[0], (th_layout)L, 3),
                        th_make(ND_FLOAT64, 4, cs[1].shapes[1], TH_C, 4)};
    nd_array *scale = nd_full(ND_FLOAT64, 0, NULL, 0.1, ND_C);
    ops[0] = nd_multiply(ops[0], scale); /* values whose sum rounds */
    double got[2];
    for (int nt = 1; nt <= 2; nt++) {
      nd_set_num_threads(nt);
      nd_array *r = nd_einsum(cs[1].subs, 2, ops);
      assert_non_null(r);
      got[nt - 1] = *(const double *)nd_data(r);
    }
    assert_memory_equal(&got[0], &got[1], sizeof(double));
    /* nor on where the data lies: the crossed operand's values one element further on */
    int64_t size = nd_size(ops[1]);
    nd_array *buf = nd_zeros(ND_FLOAT64, 1, (int64_t[]){size + 1}, ND_C);
    nd_array *moved = nd_reshape_view(nd_index(buf, "1:"), 4, cs[1].shapes[1], ND_C);
    assert_non_null(moved);
    assert_int_equal(nd_assign(moved, ops[1]), ND_OK);
    nd_array *r = nd_einsum(cs[1].subs, 2, (nd_array *[]){ops[0], moved});
    assert_non_null(r);
    assert_memory_equal(nd_data(r), &got[1], sizeof(double));
    nd_scope_end();
  }
  nd_set_num_threads(threads);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_against_reference), cmocka_unit_test(test_many_operands),
      cmocka_unit_test(test_contraction_mappings),
      cmocka_unit_test(test_path),              cmocka_unit_test(test_seed002),
      cmocka_unit_test(test_views_dtypes_sizes), cmocka_unit_test(test_errors),
      cmocka_unit_test(test_alloc_failures),  cmocka_unit_test(test_wide_intermediates),
      cmocka_unit_test(test_small_path),        cmocka_unit_test(test_looped_sums),
      cmocka_unit_test(test_full_contractions),
  };
  return TH_RUN(tests);
}
