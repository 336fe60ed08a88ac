/* nd/axis.h's one rule for (naxes, axes) arguments, function by function: naxes 0 selects
 * no axis, ND_ALL_AXES every axis (the same result as listing them all), below -1 is an
 * error; squeeze's and flip's deprecated (0, NULL) still selects every axis. Every
 * layout, 0-d and size 0. */
#include <math.h>
#include <string.h>

#include "helpers.h"

typedef nd_array *(*select_fn)(const nd_array *a, int naxes, const int *axes);

static nd_array *sum_(const nd_array *a, int n, const int *ax) { return nd_sum(a, n, ax, false); }
static nd_array *prod_(const nd_array *a, int n, const int *ax) { return nd_prod(a, n, ax, false); }
static nd_array *min_(const nd_array *a, int n, const int *ax) { return nd_min(a, n, ax, false); }
static nd_array *max_(const nd_array *a, int n, const int *ax) { return nd_max(a, n, ax, false); }
static nd_array *mean_(const nd_array *a, int n, const int *ax) { return nd_mean(a, n, ax, false); }
static nd_array *var_(const nd_array *a, int n, const int *ax) { return nd_var(a, n, ax, 0, false); }
static nd_array *std_(const nd_array *a, int n, const int *ax) { return nd_std(a, n, ax, 0, false); }
static nd_array *all_(const nd_array *a, int n, const int *ax) { return nd_all(a, n, ax, false); }
static nd_array *any_(const nd_array *a, int n, const int *ax) { return nd_any(a, n, ax, false); }
static nd_array *count_(const nd_array *a, int n, const int *ax) {
  return nd_count_nonzero(a, n, ax, false);
}
static nd_array *norm_(const nd_array *a, int n, const int *ax) {
  return nd_linalg_vector_norm(a, n, ax, false, 2.0);
}
static nd_array *squeeze_(const nd_array *a, int n, const int *ax) {
  return nd_squeeze((nd_array *)a, n, ax);
}
static nd_array *flip_(const nd_array *a, int n, const int *ax) {
  return nd_flip((nd_array *)a, n, ax);
}

/* What each function gives an element over no axis: the reductions of one value. */
typedef enum { SAME, ZERO, NONZERO, MAGNITUDE } one_value;

static const struct {
  const char *name;
  select_fn fn;
  one_value none;
} fns[] = {
    {"sum", sum_, SAME},   {"prod", prod_, SAME},        {"min", min_, SAME},
    {"max", max_, SAME},   {"mean", mean_, SAME},        {"var", var_, ZERO},
    {"std", std_, ZERO},   {"all", all_, NONZERO},       {"any", any_, NONZERO},
    {"count_nonzero", count_, NONZERO}, {"vector_norm", norm_, MAGNITUDE},
    {"squeeze", squeeze_, SAME}, {"flip", flip_, SAME},
};

/* r is f over no axis of a: a's shape, each element f of that element alone. */
static void assert_no_axis(const nd_array *r, const nd_array *a, one_value kind) {
  assert_non_null(r);
  th_assert_shape(r, nd_ndim(a), nd_shape(a));
  int64_t idx[ND_MAX_DIMS] = {0};
  if (nd_size(a) == 0) return;
  do {
    double ar, ai, rr, ri, want = 0;
    th_get(a, idx, &ar, &ai);
    th_get(r, idx, &rr, &ri);
    switch (kind) {
      case SAME: want = ar; break;
      case ZERO: want = 0; break;
      case NONZERO: want = ar != 0 || ai != 0; break;
      case MAGNITUDE: want = hypot(ar, ai); break;
    }
    assert_true(fabs(rr - want) <= 1e-12 * fabs(want));
    if (kind == SAME) assert_true(ri == ai);
  } while (th_next(nd_ndim(a), nd_shape(a), idx));
}

static void check_function(int k, const nd_array *a) {
  select_fn f = fns[k].fn;
  int nd = nd_ndim(a), every[ND_MAX_DIMS], dummy = 0;
  for (int i = 0; i < nd; i++) every[i] = i;
  /* naxes 0, axes NULL or not: no axis (squeeze and flip: a non-NULL axes pointer) */
  nd_array *r = f(a, 0, &dummy);
  assert_no_axis(r, a, fns[k].none);
  nd_release(r);
  if (f != squeeze_ && f != flip_) {
    r = f(a, 0, NULL);
    assert_no_axis(r, a, fns[k].none);
    nd_release(r);
  }
  /* ND_ALL_AXES: as every axis listed (squeeze's listed axes must have extent 1) */
  nd_array *all = f(a, ND_ALL_AXES, NULL);
  assert_non_null(all);
  if (f == squeeze_) {
    int n1 = 0;
    for (int i = 0; i < nd; i++)
      if (nd_shape(a)[i] == 1) every[n1++] = i;
    r = f(a, n1, every);
  } else {
    r = f(a, nd, every);
  }
  assert_non_null(r);
  th_assert_same_values(all, r);
  nd_release(r);
  /* the deprecated spelling of squeeze and flip */
  if (f == squeeze_ || f == flip_) {
    r = f(a, 0, NULL);
    th_assert_same_values(all, r);
    nd_release(r);
  }
  nd_release(all);
  nd_clear_error();
  char fragment[64];
  snprintf(fragment, sizeof fragment, "%s: invalid axis count -2 (-1 means all axes)",
           fns[k].name);
  TH_EXPECT_ERROR(f(a, -2, NULL), ND_ERR_VALUE, fragment);
}

static void test_every_function_every_layout(void **state) {
  (void)state;
  const int64_t shape[3] = {3, 1, 4};
  for (size_t k = 0; k < sizeof fns / sizeof fns[0]; k++) {
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      nd_array *a = th_make(ND_FLOAT64, 3, shape, (th_layout)L, 7);
      check_function((int)k, a);
      nd_release(a);
    }
    nd_array *z = th_make(ND_FLOAT64, 0, NULL, TH_C, 3); /* 0-d */
    check_function((int)k, z);
    nd_release(z);
    nd_array *e = nd_zeros(ND_FLOAT64, ND_SHAPE(2, 0, 1), ND_C); /* size 0 */
    if (fns[k].fn != min_ && fns[k].fn != max_) check_function((int)k, e);
    nd_release(e);
  }
}

/* The reductions' rule for every dtype they take (int, complex, half, bool). */
static void test_reductions_every_dtype(void **state) {
  (void)state;
  const int64_t shape[2] = {2, 3};
  for (int t = 0; t < ND_NUM_DTYPES; t++) {
    nd_array *a = th_make(th_all_dtypes[t], 2, shape, TH_STEPPED, 5);
    nd_array *none = nd_sum(a, 0, NULL, false), *all = nd_sum(a, ND_ALL_AXES, NULL, false);
    nd_array *listed = nd_sum(a, 2, (int[]){0, 1}, false);
    assert_no_axis(none, a, SAME);
    th_assert_same_values(all, listed);
    nd_release(listed);
    nd_release(all);
    nd_release(none);
    nd_array *c = nd_count_nonzero(a, 0, NULL, false);
    assert_no_axis(c, a, NONZERO);
    nd_release(c);
    nd_release(a);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_function_every_layout),
      cmocka_unit_test(test_reductions_every_dtype),
  };
  return TH_RUN(tests);
}
