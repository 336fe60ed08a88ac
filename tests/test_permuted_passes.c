/* Copies and binary passes whose operands are permuted views of 4-d arrays: the plans that
 * tile two axes (an input dense along another axis than the output), that tile whole
 * rows (an input whose next axis after the inner one is another than the output's, as
 * in a 0213 view against a C result), and the order in which threads walk the tiles.
 * Every result is checked element by element against a plain loop over indices, for
 * every base layout, element sizes 1, 2, 4, 8 and 16, and one and two threads. */
#include "helpers.h"

static const nd_dtype types[] = {ND_UINT8, ND_INT16, ND_FLOAT32, ND_FLOAT64, ND_COMPLEX128};

/* Views by the axes of the base in the order they appear (0213: view axis 1 is base axis
 * 2): inner rows shared with a C result but the next axes swapped (row tiles), the inner
 * axis moved (element tiles), and the whole order reversed. */
static const int perms[][4] = {
    {0, 2, 1, 3}, {2, 0, 3, 1}, {1, 3, 0, 2}, {3, 2, 1, 0}, {0, 1, 2, 3}};
#define NPERMS (sizeof perms / sizeof perms[0])

/* Rows of 79 elements, other extents that make several ragged row tiles of the wider
 * dtypes (8 KiB of rows per tile: 13 rows of float64, 7 of complex128; the edge test has
 * long rows for the narrow ones); the big one has just enough elements for two threads. */
static const int64_t big_shape[4] = {2, 23, 19, 79}, small_shape[4] = {2, 13, 11, 79};

static double sum_in(nd_dtype t, double x, double y) {
  if (t == ND_UINT8) return (double)(((unsigned)x + (unsigned)y) & 255u);
  if (t == ND_INT16) {
    long v = (long)x + (long)y;
    return (double)(((v + 32768) & 65535) - 32768);
  }
  return th_round(t, x + y);
}

/* An array read directly by strides (th_get asks the array for them at every element,
 * which made this test slow). ndim <= 4; missing axes have extent 1. */
typedef struct {
  const char *data;
  int64_t st[4];
  nd_dtype t;
} reader;

static reader reader_of(const nd_array *a) {
  reader r = {nd_data(a), {0, 0, 0, 0}, nd_dtype_of(a)};
  int64_t z = (int64_t)nd_itemsize(a);
  for (int i = 0; i < nd_ndim(a); i++) r.st[4 - nd_ndim(a) + i] = nd_strides(a)[i] * z;
  return r;
}

static void read_at(const reader *r, const int64_t *i, double *re, double *im) {
  const char *p = r->data + i[0] * r->st[0] + i[1] * r->st[1] + i[2] * r->st[2] + i[3] * r->st[3];
  *im = 0;
  switch (r->t) {
    case ND_UINT8: *re = *(const uint8_t *)p; break;
    case ND_INT16: *re = *(const int16_t *)p; break;
    case ND_FLOAT32: *re = *(const float *)p; break;
    case ND_COMPLEX128: *re = ((const double *)p)[0]; *im = ((const double *)p)[1]; break;
    default: *re = *(const double *)p; break;
  }
}

/* got[i] == a[i] + b[i] (b may be NULL: got[i] == a[i]), by a loop over every index. */
static void check_pass(const nd_array *got, const nd_array *a, const nd_array *b,
                       const char *what) {
  if (!got) fail_msg("%s: %s", what, nd_last_error());
  nd_dtype t = nd_dtype_of(got);
  int64_t n[4] = {1, 1, 1, 1}, i[4];
  for (int d = 0; d < nd_ndim(got); d++) n[4 - nd_ndim(got) + d] = nd_shape(got)[d];
  reader rg = reader_of(got), ra = reader_of(a), rb = b ? reader_of(b) : ra;
  for (i[0] = 0; i[0] < n[0]; i[0]++)
    for (i[1] = 0; i[1] < n[1]; i[1]++)
      for (i[2] = 0; i[2] < n[2]; i[2]++)
        for (i[3] = 0; i[3] < n[3]; i[3]++) {
          double ar, ai, br = 0, bi = 0, gr, gi;
          read_at(&ra, i, &ar, &ai);
          if (b) read_at(&rb, i, &br, &bi);
          read_at(&rg, i, &gr, &gi);
          double wr = b ? sum_in(t, ar, br) : ar, wi = b ? ai + bi : ai;
          if (gr != wr || gi != wi)
            fail_msg("%s %s: [%lld,%lld,%lld,%lld] is %g%+gi, want %g%+gi", what,
                     nd_dtype_name(t), (long long)i[0], (long long)i[1], (long long)i[2],
                     (long long)i[3], gr, gi, wr, wi);
        }
}

static void run_layout(nd_dtype t, th_layout L, const int64_t *base_shape) {
  nd_scope_begin();
  nd_array *base = th_make(t, 4, base_shape, L, 7);
  for (size_t p = 0; p < NPERMS; p++) {
    nd_array *v = nd_permute(base, 4, perms[p]);
    /* the copy engine: to a new C array, and into an F array */
    check_pass(nd_copy(v, ND_C), v, NULL, "copy to C");
    nd_array *f = nd_empty(t, 4, nd_shape(v), ND_F);
    assert_int_equal(nd_assign(f, v), ND_OK);
    check_pass(f, v, NULL, "copy to F");
    /* the second input: a C array, or one dense along another axis than the result */
    for (size_t q = 2; q < NPERMS; q += 2) {
      /* a C array permuted by perms[q] to the shape of v */
      int64_t wshape[4];
      for (int i = 0; i < 4; i++) wshape[perms[q][i]] = nd_shape(v)[i];
      nd_array *w = nd_permute(th_make(t, 4, wshape, TH_C, 8), 4, perms[q]);
      /* the elementwise engine: a new result (its layout chosen from the inputs), a C
       * result, and a permuted result that crosses both inputs */
      check_pass(nd_add(v, w), v, w, "add");
      nd_array *c = nd_empty(t, 4, nd_shape(v), ND_C);
      assert_int_equal(nd_add_out(c, w, v), ND_OK);
      check_pass(c, w, v, "add into C");
      const int *r = perms[(p + q + 1) % NPERMS];
      int64_t pshape[4];
      for (int i = 0; i < 4; i++) pshape[r[i]] = nd_shape(v)[i];
      nd_array *po = nd_permute(nd_empty(t, 4, pshape, ND_C), 4, r);
      assert_int_equal(nd_add_out(po, v, w), ND_OK);
      check_pass(po, v, w, "add into a permuted view");
    }
  }
  nd_scope_end();
}

static void test_permuted_layouts(void **state) {
  (void)state;
  for (int threads = 1; threads <= 2; threads++) {
    nd_set_num_threads(threads);
    for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ti++) {
      if (threads == 2 && (ti == 1 || ti == 2)) continue; /* (time: sizes 1, 8, 16 do) */
      for (int L = 0; L < TH_NUM_LAYOUTS; L++)
        run_layout(types[ti], (th_layout)L, threads == 2 ? big_shape : small_shape);
    }
  }
  nd_set_num_threads(0);
}

/* Row tiles at their edges: rows as long as a tile's run (one row per tile), a 0-d
 * array, empty permuted arrays, and extents of 1 between the permuted axes; sums of
 * three layouts. */
static void test_permuted_edges(void **state) {
  (void)state;
  nd_scope_begin();
  const int64_t shapes[][4] = {{2, 5, 7, 1024}, {2, 5, 7, 4097}, {2, 0, 7, 9}, {1, 40, 1, 33},
                               {4, 1, 50, 3}, {2, 3, 4, 0}};
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
    for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ti++) {
      nd_array *x = th_make(types[ti], 4, shapes[s], TH_STEPPED, 3);
      nd_array *y = th_make(types[ti], 4, shapes[s], TH_NEGATIVE, 4);
      nd_array *v = nd_permute(x, 4, perms[0]);
      nd_array *w = nd_permute(y, 4, perms[0]);
      check_pass(nd_copy(v, ND_C), v, NULL, "copy to C");
      check_pass(nd_add(v, nd_copy(w, ND_C)), v, w, "add");
    }
  /* three operands each dense along another axis: x + permute_dims(x, (1, 0, 3, 2)) with
   * x a 1230 view, into a new and into a C result (the plan picks the block axis by the
   * third operand and walks that operand's axis just outside the tile) */
  const int to1230[4] = {3, 0, 1, 2}, swap[4] = {1, 0, 3, 2};
  const int64_t jabi[2][4] = {{7, 13, 13, 7}, {21, 9, 9, 21}};
  for (int s = 0; s < 2; s++)
    for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ti++) {
      nd_array *x = nd_permute(th_make(types[ti], 4, jabi[s], TH_C, 5), 4, to1230);
      nd_array *y = nd_permute(x, 4, swap);
      check_pass(nd_add(x, y), x, y, "x + x.transpose(1, 0, 3, 2)");
      nd_array *c = nd_empty(types[ti], 4, nd_shape(x), ND_C);
      assert_int_equal(nd_add_out(c, y, x), ND_OK);
      check_pass(c, y, x, "x.transpose(1, 0, 3, 2) + x into C");
    }
  nd_array *z = nd_full(ND_FLOAT64, 0, NULL, 2.5, ND_C);
  check_pass(nd_add(z, z), z, z, "0-d add");
  check_pass(nd_copy(z, ND_C), z, NULL, "0-d copy");
  nd_scope_end();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_permuted_layouts),
      cmocka_unit_test(test_permuted_edges),
  };
  return TH_RUN(tests);
}
