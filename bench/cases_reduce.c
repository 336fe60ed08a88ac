/* Reduction benchmarks: sum of a 4000x4000 float64 array (C-contiguous and its transpose)
 * over all axes, axis 0 and axis 1; argmax of 10M float64. */
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
    {NULL, NULL, NULL, NULL, NULL, 0},
};
