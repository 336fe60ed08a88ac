/* Reduction benchmarks: sum of a 4000x4000 float64 array (C-contiguous and its transpose)
 * over all axes, axis 0 and axis 1; argmax of 10M float64. Products (values near 1) of the
 * C array, its transpose and its reversed view ([::-1, ::-1], read backwards in NumPy's
 * order); max and min, including a min whose zero results have their zero first in each
 * row (the sign of a zero result is looked up backwards from the row's end: the worst
 * case of that lookup). */
#include <stdbool.h>
#include <stdlib.h>

#include "bench.h"

#define N 4000
#define ARG_N 10000000

typedef struct {
  nd_array *base, *view;
} red_state;

static void *setup_with(int transpose) {
  red_state *s = calloc(1, sizeof *s);
  s->base = nd_empty(ND_FLOAT64, ND_SHAPE(N, N), ND_C);
  bench_check(s->base != NULL, "setup");
  double *d = nd_data(s->base);
  for (int64_t i = 0; i < (int64_t)N * N; i++) d[i] = (double)(i % 1000) * 0.001;
  s->view = transpose ? nd_transpose(s->base) : nd_retain(s->base);
  return s;
}
static void *setup_c(void) { return setup_with(0); }
static void *setup_t(void) { return setup_with(1); }

/* values near 1, so a product of 16M of them stays finite and rounds differently in
 * every order */
static void *setup_near_one(int view) {
  red_state *s = setup_with(0);
  double *d = nd_data(s->base);
  for (int64_t i = 0; i < (int64_t)N * N; i++) d[i] = 1 + (double)(i % 1000 - 500) * 1e-7;
  nd_release(s->view);
  s->view = view == 1 ? nd_transpose(s->base) : view == 2 ? nd_index(s->base, "::-1, ::-1")
                                                           : nd_retain(s->base);
  return s;
}
static void *setup_p_c(void) { return setup_near_one(0); }
static void *setup_p_t(void) { return setup_near_one(1); }
static void *setup_p_rev(void) { return setup_near_one(2); }

/* rows of 1.0 whose first element is 0.0: the min of each row is the 0 at its start */
static void *setup_zero_first(void) {
  red_state *s = setup_with(0);
  double *d = nd_data(s->base);
  for (int64_t i = 0; i < (int64_t)N * N; i++) d[i] = i % N == 0 ? 0.0 : 1.0;
  return s;
}

static void *setup_vec(void) {
  red_state *s = calloc(1, sizeof *s);
  s->base = bench_random(12345, ARG_N);
  s->view = nd_retain(s->base);
  return s;
}

static void teardown(void *p) {
  red_state *s = p;
  nd_release(s->view);
  nd_release(s->base);
  free(s);
}

static void sum_axes(void *p, int naxes, int axis) {
  red_state *s = p;
  nd_array *r = nd_sum(s->view, naxes, &axis, false);
  bench_check(r != NULL, "sum");
  nd_release(r);
}
static void run_all(void *p) { sum_axes(p, -1, 0); }
static void run_ax0(void *p) { sum_axes(p, 1, 0); }
static void run_ax1(void *p) { sum_axes(p, 1, 1); }

static void prod_axes(void *p, int naxes, int axis) {
  red_state *s = p;
  nd_array *r = nd_prod(s->view, naxes, &axis, false);
  bench_check(r != NULL, "prod");
  nd_release(r);
}
static void run_prod_all(void *p) { prod_axes(p, -1, 0); }
static void run_prod_ax0(void *p) { prod_axes(p, 1, 0); }
static void run_prod_ax1(void *p) { prod_axes(p, 1, 1); }

static void minmax_axes(void *p, bool max, int naxes, int axis) {
  red_state *s = p;
  nd_array *r = max ? nd_max(s->view, naxes, &axis, false) : nd_min(s->view, naxes, &axis, false);
  bench_check(r != NULL, "min/max");
  nd_release(r);
}
static void run_max_all(void *p) { minmax_axes(p, true, -1, 0); }
static void run_min_all(void *p) { minmax_axes(p, false, -1, 0); }
static void run_min_ax0(void *p) { minmax_axes(p, false, 1, 0); }
static void run_min_ax1(void *p) { minmax_axes(p, false, 1, 1); }

static void run_argmax(void *p) {
  red_state *s = p;
  nd_array *r = nd_argmax(s->view, ND_AXIS_NONE, false);
  bench_check(r != NULL, "argmax");
  nd_release(r);
}

#define BYTES (8.0 * N * N)
const bench_case bench_cases_reduce[] = {
    {"reduce/sum_all_c", "4000x4000 f64", setup_c, run_all, teardown, BYTES},
    {"reduce/sum_axis0_c", "4000x4000 f64", setup_c, run_ax0, teardown, BYTES},
    {"reduce/sum_axis1_c", "4000x4000 f64", setup_c, run_ax1, teardown, BYTES},
    {"reduce/sum_all_t", "4000x4000 f64 .T", setup_t, run_all, teardown, BYTES},
    {"reduce/sum_axis0_t", "4000x4000 f64 .T", setup_t, run_ax0, teardown, BYTES},
    {"reduce/sum_axis1_t", "4000x4000 f64 .T", setup_t, run_ax1, teardown, BYTES},
    {"reduce/argmax_10m", "1e7 f64", setup_vec, run_argmax, teardown, 8.0 * ARG_N},
    {"reduce/prod_all_c", "4000x4000 f64", setup_p_c, run_prod_all, teardown, BYTES},
    {"reduce/prod_axis0_c", "4000x4000 f64", setup_p_c, run_prod_ax0, teardown, BYTES},
    {"reduce/prod_axis1_c", "4000x4000 f64", setup_p_c, run_prod_ax1, teardown, BYTES},
    {"reduce/prod_axis0_t", "4000x4000 f64 .T", setup_p_t, run_prod_ax0, teardown, BYTES},
    {"reduce/prod_all_rev", "4000x4000 f64 [::-1,::-1]", setup_p_rev, run_prod_all, teardown, BYTES},
    {"reduce/prod_axis0_rev", "4000x4000 f64 [::-1,::-1]", setup_p_rev, run_prod_ax0, teardown, BYTES},
    {"reduce/prod_axis1_rev", "4000x4000 f64 [::-1,::-1]", setup_p_rev, run_prod_ax1, teardown, BYTES},
    {"reduce/max_all_c", "4000x4000 f64", setup_c, run_max_all, teardown, BYTES},
    {"reduce/min_all_c", "4000x4000 f64 (zero result)", setup_c, run_min_all, teardown, BYTES},
    {"reduce/min_axis0_zero_first", "4000x4000 f64 (0 first)", setup_zero_first, run_min_ax0, teardown, BYTES},
    {"reduce/min_axis1_zero_first", "4000x4000 f64 (0 first)", setup_zero_first, run_min_ax1, teardown, BYTES},
    {NULL, NULL, NULL, NULL, NULL, 0},
};
