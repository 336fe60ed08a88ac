/* Manipulation benchmarks: concat of two 4000x4000 float64 arrays along either axis,
 * against a contiguous copy of an array of the result's size (8000x4000); a 1-D take of
 * 10M random positions from 10M float64. */
#include <stdlib.h>

#include "bench.h"

#define N 4000

typedef struct {
  nd_array *a, *b, *big;
} manip_state;

static nd_array *filled(int64_t r, int64_t c) {
  nd_array *x = nd_empty(ND_FLOAT64, ND_SHAPE(r, c), ND_C);
  bench_check(x != NULL, "setup");
  double *d = nd_data(x);
  for (int64_t i = 0; i < r * c; i++) d[i] = (double)i;
  return x;
}

static void *setup(void) {
  manip_state *s = calloc(1, sizeof *s);
  s->a = filled(N, N);
  s->b = filled(N, N);
  s->big = filled(2 * N, N);
  return s;
}

static void teardown(void *p) {
  manip_state *s = p;
  nd_release(s->a);
  nd_release(s->b);
  nd_release(s->big);
  free(s);
}

static void concat_axis(void *p, int axis) {
  manip_state *s = p;
  nd_array *r = nd_concat(2, (nd_array *[]){s->a, s->b}, axis);
  bench_check(r != NULL, "concat");
  nd_release(r);
}
static void run_concat0(void *p) { concat_axis(p, 0); }
static void run_concat1(void *p) { concat_axis(p, 1); }
static void run_copy(void *p) {
  manip_state *s = p;
  nd_array *r = nd_copy(s->big, ND_C);
  bench_check(r != NULL, "copy");
  nd_release(r);
}

#define TAKE_N 10000000

typedef struct {
  nd_array *src, *idx;
} take_state;

static void *setup_take(void) {
  take_state *s = calloc(1, sizeof *s);
  s->src = filled(1, TAKE_N);
  nd_rng *g = nd_rng_new(777); /* the NumPy side's default_rng(777).integers */
  s->idx = nd_random_integers(g, 0, TAKE_N, false, ND_INT64, ND_SHAPE(TAKE_N));
  nd_rng_free(g);
  bench_check(s->idx != NULL, "setup");
  return s;
}

static void teardown_take(void *p) {
  take_state *s = p;
  nd_release(s->src);
  nd_release(s->idx);
  free(s);
}

static void run_take(void *p) {
  take_state *s = p;
  nd_array *r = nd_take(s->src, s->idx, ND_AXIS_NONE);
  bench_check(r != NULL, "take");
  nd_release(r);
}

#define BYTES (2.0 * 8 * 2 * N * N)
const bench_case bench_cases_manip[] = {
    {"manip/concat_axis0", "2 x 4000x4000 f64", setup, run_concat0, teardown, BYTES},
    {"manip/concat_axis1", "2 x 4000x4000 f64", setup, run_concat1, teardown, BYTES},
    {"manip/copy_result_size", "8000x4000 f64", setup, run_copy, teardown, BYTES},
    {"manip/take_1d_10m", "1e7 of 1e7 f64", setup_take, run_take, teardown_take, 0},
    {NULL, NULL, NULL, NULL, NULL, 0},
};
