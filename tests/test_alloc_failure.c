/* Allocation failure: for representative operations, make the N-th allocation fail for
 * every N the operation performs. Each failure must come back as ND_ERR_NOMEM (NULL or a
 * status), never a crash; LeakSanitizer (the sanitizer build) checks nothing leaks. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include "core/alloc.h"
#include "helpers.h"

/* An operation under test: returns ND_OK or the status of its failure, and releases
 * whatever it created. */
typedef nd_status (*op_fn)(void);

static nd_status fail_status(void *p) { return p ? ND_OK : nd_last_status(); }

static nd_status op_zeros(void) {
  nd_array *a = nd_zeros(ND_FLOAT64, ND_SHAPE(3, 4), ND_F);
  nd_status st = fail_status(a);
  nd_release(a);
  return st;
}

static nd_status op_full_copy_astype(void) {
  nd_array *a = nd_full(ND_INT32, ND_SHAPE(5, 6), 3, ND_C);
  if (!a) return nd_last_status();
  nd_array *t = nd_transpose(a);
  nd_array *c = nd_copy(t, ND_C);
  nd_array *k = nd_astype(t, ND_FLOAT32);
  nd_status st = t && c && k ? ND_OK : nd_last_status();
  nd_release(k);
  nd_release(c);
  nd_release(t);
  nd_release(a);
  return st;
}

static nd_status op_creation_misc(void) {
  nd_array *a = nd_arange(ND_FLOAT64, 0, 10, 1), *l = nd_linspace(ND_INT16, 0, 5, 6, true),
           *e = nd_eye(ND_COMPLEX64, 3, 4, 1), *s = nd_scalar_array(ND_FLOAT(2));
  double d[4] = {1, 2, 3, 4};
  nd_array *f = nd_from_data(ND_FLOAT64, ND_SHAPE(2, 2), d, ND_F);
  nd_array *w = nd_wrap(ND_FLOAT64, ND_SHAPE(4), NULL, d, NULL, NULL);
  nd_status st = a && l && e && s && f && w ? ND_OK : nd_last_status();
  nd_array *all[] = {a, l, e, s, f, w};
  for (int i = 0; i < 6; i++) nd_release(all[i]);
  return st;
}

static nd_status op_views(void) {
  nd_array *a = nd_zeros(ND_INT8, ND_SHAPE(4, 5, 6), ND_C);
  if (!a) return nd_last_status();
  nd_array *v[] = {nd_index(a, "1:, None, ::-2"), nd_permute(a, 3, (int[]){2, 0, 1}),
                   nd_reshape(a, ND_SHAPE(20, 6), ND_C), nd_broadcast_to(a, ND_SHAPE(2, 4, 5, 6)),
                   nd_diagonal(a, 1, 0, 2), nd_squeeze(a, ND_ALL_AXES, NULL), nd_expand_dims(a, 1),
                   nd_flip(a, ND_ALL_AXES, NULL), nd_ravel(a, ND_F) /* a copy */,
                   nd_flatten(a, ND_C)};
  nd_status st = ND_OK;
  for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
    if (!v[i]) st = nd_last_status();
    nd_release(v[i]);
  }
  nd_release(a);
  return st;
}

static nd_status op_assign_overlap(void) {
  nd_array *a = nd_arange(ND_FLOAT64, 0, 12, 1);
  if (!a) return nd_last_status();
  nd_array *d = nd_index(a, "1:"), *s = nd_index(a, ":-1");
  nd_status st = d && s ? nd_assign(d, s) : nd_last_status();
  nd_release(s);
  nd_release(d);
  nd_release(a);
  return st;
}

static nd_status op_to_string(void) {
  nd_array *a = nd_linspace(ND_FLOAT64, 0, 1, 2000, true);
  if (!a) return nd_last_status();
  char *s = nd_to_string(a);
  nd_status st = s ? ND_OK : nd_last_status();
  free(s);
  nd_release(a);
  return st;
}

static nd_status op_scope(void) {
  nd_scope_begin();
  nd_status st = ND_OK;
  for (int i = 0; i < 100 && st == ND_OK; i++) { /* grows the scope's slot list */
    nd_array *a = nd_zeros(ND_INT8, ND_SHAPE(2), ND_C);
    if (!a) st = nd_last_status();
  }
  nd_scope_end();
  return st;
}

static nd_status op_broadcast_arrays(void) {
  nd_array *a = nd_zeros(ND_INT8, ND_SHAPE(3, 1), ND_C), *b = nd_zeros(ND_INT8, ND_SHAPE(4), ND_C);
  nd_array *out[2] = {NULL, NULL};
  nd_status st = a && b ? nd_broadcast_arrays(2, (nd_array *[]){a, b}, out) : nd_last_status();
  nd_release(out[0]);
  nd_release(out[1]);
  nd_release(b);
  nd_release(a);
  return st;
}

static nd_status op_reduce(void) {
  nd_array *a = nd_full(ND_FLOAT32, ND_SHAPE(50, 70), 0.5, ND_C);
  if (!a) return nd_last_status();
  nd_array *t = nd_transpose(a);
  nd_array *s0 = t ? nd_sum(t, 1, (int[]){0}, false) : NULL;
  nd_array *m = t ? nd_mean(t, -1, NULL, true) : NULL;
  nd_array *am = nd_argmax(a, 1, false);
  nd_status st = t && s0 && m && am ? ND_OK : nd_last_status();
  nd_array *all[] = {am, m, s0, t, a};
  for (int i = 0; i < 5; i++) nd_release(all[i]);
  return st;
}

static nd_status op_matmul(void) {
  nd_array *a = nd_full(ND_FLOAT64, ND_SHAPE(3, 20, 30), 1, ND_C);
  nd_array *b = nd_full(ND_INT32, ND_SHAPE(30, 10), 2, ND_F);
  nd_array *c = a && b ? nd_matmul(a, b) : NULL;
  nd_status st = c ? ND_OK : nd_last_status();
  nd_release(c);
  nd_release(b);
  nd_release(a);
  return st;
}

/* take_along_axis allocates its result, then an offsets array: a failure of the second
 * must not hand back the unfilled first. Along an axis and flattened (a transposed source
 * is copied first). */
static nd_status op_take_along_axis(void) {
  nd_array *a = nd_arange(ND_FLOAT64, 0, 12, 1);
  nd_array *m = a ? nd_reshape(a, ND_SHAPE(3, 4), ND_C) : NULL;
  nd_array *t = m ? nd_transpose(m) : NULL; /* [4,3], not contiguous */
  const int64_t ix[] = {2, 0, 1, 1, 0, 2, 2, 2};
  nd_array *i2 = nd_from_data(ND_INT64, ND_SHAPE(4, 2), ix, ND_C);
  nd_array *i1 = nd_from_data(ND_INT64, ND_SHAPE(8), ix, ND_C);
  nd_array *r2 = t && i2 ? nd_take_along_axis(t, i2, 1) : NULL;
  nd_array *r1 = r2 && i1 ? nd_take_along_axis(t, i1, ND_AXIS_NONE) : NULL;
  nd_status st = r1 ? ND_OK : nd_last_status();
  nd_array *all[] = {a, m, t, i2, i1, r2, r1};
  for (int k = 0; k < 7; k++) nd_release(all[k]);
  return st;
}

/* A float32 path graph's Laplacian applied to blocks (the conversion buffers of an
 * operator whose dtype is not the working one). */
static nd_status path_apply(const nd_array *x, nd_array *y, void *ctx) {
  (void)ctx;
  int64_t n = nd_shape(x)[0], b = nd_shape(x)[1];
  const float *xs = nd_data(x);
  float *ys = nd_data(y);
  for (int64_t c = 0; c < b; c++)
    for (int64_t i = 0; i < n; i++)
      ys[i + c * n] = 2 * xs[i + c * n] - (i > 0 ? xs[i - 1 + c * n] : 0) - (i + 1 < n ? xs[i + 1 + c * n] : 0);
  return ND_OK;
}

/* The iterative eigensolvers: Lanczos and Davidson on a matrix, Lanczos on a float32
 * operator. */
static nd_status op_eigsh(void) {
  nd_array *a = nd_eye(ND_FLOAT64, 12, -1, 0), *w = NULL, *v = NULL;
  nd_status st = a ? ND_OK : nd_last_status();
  for (int m = ND_EIGSH_LANCZOS; m <= ND_EIGSH_DAVIDSON && !st; m++) {
    nd_eigsh_options o = {.method = (nd_eigsh_method)m};
    st = nd_linalg_eigsh_ex(a, 2, &o, &w, &v, NULL);
    nd_release(w);
    nd_release(v);
    w = v = NULL;
  }
  nd_linop A = {.n = 20, .dtype = ND_FLOAT32, .apply = path_apply};
  if (!st) st = nd_linalg_eigsh_op(&A, 1, NULL, &w, &v, NULL);
  nd_release(w);
  nd_release(v);
  nd_release(a);
  return st;
}

static char npy_path[256];

static nd_status op_npy_load(void) {
  nd_array *a = nd_load_npy(npy_path);
  nd_status st = a ? ND_OK : nd_last_status();
  nd_release(a);
  return st;
}

static const struct {
  const char *name;
  op_fn fn;
} ops[] = {
    {"reduce", op_reduce},       {"matmul", op_matmul},
    {"npy load", op_npy_load},
    {"zeros", op_zeros},         {"full/copy/astype", op_full_copy_astype},
    {"creation", op_creation_misc}, {"views", op_views},
    {"assign overlap", op_assign_overlap}, {"to_string", op_to_string},
    {"scope", op_scope},         {"broadcast_arrays", op_broadcast_arrays},
    {"take_along_axis", op_take_along_axis}, {"eigsh", op_eigsh},
};

static void test_every_allocation_fails_cleanly(void **state) {
  (void)state;
  snprintf(npy_path, sizeof npy_path, "/tmp/nd_alloc_failure_%d.npy", (int)getpid());
  nd_array *f = nd_full(ND_INT16, ND_SHAPE(4, 5), 3, ND_F);
  assert_int_equal(nd_save_npy(npy_path, f), ND_OK);
  nd_release(f);
  for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
    nd_clear_error();
    ndi_alloc_fail_after(-1);
    assert_int_equal(ops[k].fn(), ND_OK);
    long count = ndi_alloc_fail_after(-1); /* allocations one run makes */
    assert_true(count > 0);
    for (long n = 0; n < count; n++) {
      nd_clear_error();
      ndi_alloc_fail_after(n);
      nd_status st = ops[k].fn();
      ndi_alloc_fail_after(-1);
      if (st != ND_OK && st != ND_ERR_NOMEM)
        fail_msg("%s, allocation %ld failing: status %s (%s)", ops[k].name, n, nd_status_name(st),
                 nd_last_error());
      if (st == ND_ERR_NOMEM && !strstr(nd_last_error(), "out of memory"))
        fail_msg("%s: NOMEM message \"%s\"", ops[k].name, nd_last_error());
      /* a result handed back while a failure was recorded is a half-made one */
      if (st == ND_OK && nd_last_status() != ND_OK)
        fail_msg("%s, allocation %ld failing: succeeded with %s recorded (%s)", ops[k].name, n,
                 nd_status_name(nd_last_status()), nd_last_error());
    }
  }
  nd_clear_error();
  remove(npy_path);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_every_allocation_fails_cleanly)};
  return TH_RUN(tests);
}
