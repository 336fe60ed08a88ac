/* Elementwise benchmarks, one per performance target of the elementwise issue:
 *   add of 16M float64 into an existing output (against STREAM add and np.add(out=));
 *   a + b.T against a + b on 4000x4000 float64 (allocating and into an existing output);
 *   a [4000,1] column plus a [1,4000] row against the contiguous add of the same size.
 * Inputs are the same deterministic values as in bench/numpy_cases.py. The transcendental
 * functions are in cases_vmath.c. */
#include <math.h>
#include <stdlib.h>

#include "bench.h"

#define N16M (16L * 1024 * 1024)
#define SQ 4000

typedef struct {
  nd_array *a, *b, *bt, *out;
  int threads; /* 0: the default */
} ew_state;

/* x[i] = lo + (hi - lo) * frac(i * golden ratio): spread over [lo, hi), no pattern. */
static nd_array *spread(int ndim, const int64_t *shape, double lo, double hi) {
  nd_array *a = nd_empty(ND_FLOAT64, ndim, shape, ND_C);
  bench_check(a != NULL, "setup");
  double *d = nd_data(a);
  for (int64_t i = 0; i < nd_size(a); i++) {
    double f = (double)i * 0.6180339887498949;
    d[i] = lo + (hi - lo) * (f - floor(f));
  }
  return a;
}

static ew_state *state(void) {
  ew_state *s = calloc(1, sizeof *s);
  bench_check(s != NULL, "setup");
  return s;
}

static void teardown(void *p) {
  ew_state *s = p;
  nd_release(s->a);
  nd_release(s->b);
  nd_release(s->bt);
  nd_release(s->out);
  nd_set_num_threads(0);
  free(s);
}

/* ---- add ------------------------------------------------------------------------------- */

static void *setup_16m(void) {
  ew_state *s = state();
  s->a = spread(ND_SHAPE(N16M), 0, 1);
  s->b = spread(ND_SHAPE(N16M), 1, 2);
  s->out = nd_zeros(ND_FLOAT64, ND_SHAPE(N16M), ND_C);
  return s;
}
static void *setup_16m_1t(void) {
  ew_state *s = setup_16m();
  nd_set_num_threads(1);
  return s;
}
static void run_add_into(void *p) {
  ew_state *s = p;
  bench_check(nd_add_out(s->out, s->a, s->b) == ND_OK, "add_out");
}

static void *setup_sq(void) {
  ew_state *s = state();
  s->a = spread(ND_SHAPE(SQ, SQ), 0, 1);
  s->b = spread(ND_SHAPE(SQ, SQ), 1, 2);
  s->bt = nd_transpose(s->b);
  s->out = nd_zeros(ND_FLOAT64, ND_SHAPE(SQ, SQ), ND_C);
  return s;
}
static void run_add_sq(void *p) {
  ew_state *s = p;
  nd_array *r = nd_add(s->a, s->b);
  bench_check(r != NULL, "add");
  nd_release(r);
}
static void run_add_t_sq(void *p) {
  ew_state *s = p;
  nd_array *r = nd_add(s->a, s->bt);
  bench_check(r != NULL, "add");
  nd_release(r);
}
static void run_add_sq_into(void *p) {
  ew_state *s = p;
  bench_check(nd_add_out(s->out, s->a, s->b) == ND_OK, "add_out");
}
static void run_add_t_sq_into(void *p) {
  ew_state *s = p;
  bench_check(nd_add_out(s->out, s->a, s->bt) == ND_OK, "add_out");
}

/* [4000,1] + [1,4000]: the inputs are tiny, the output is the whole traffic. */
static void *setup_colrow(void) {
  ew_state *s = state();
  s->a = spread(ND_SHAPE(SQ, 1), 0, 1);
  s->b = spread(ND_SHAPE(1, SQ), 1, 2);
  s->out = nd_zeros(ND_FLOAT64, ND_SHAPE(SQ, SQ), ND_C);
  return s;
}
static void run_colrow(void *p) {
  ew_state *s = p;
  nd_array *r = nd_add(s->a, s->b);
  bench_check(r != NULL, "add");
  nd_release(r);
}
static void run_colrow_into(void *p) {
  ew_state *s = p;
  bench_check(nd_add_out(s->out, s->a, s->b) == ND_OK, "add_out");
}

#define B16M (3.0 * 8 * N16M)
#define BSQ (3.0 * 8 * SQ * SQ)
const bench_case bench_cases_elementwise[] = {
    {"ew/add_into", "16M f64", setup_16m, run_add_into, teardown, B16M},
    {"ew/add_into_1thread", "16M f64", setup_16m_1t, run_add_into, teardown, B16M},
    {"ew/add", "4000x4000 f64", setup_sq, run_add_sq, teardown, BSQ},
    {"ew/add_transposed", "4000x4000 f64", setup_sq, run_add_t_sq, teardown, BSQ},
    {"ew/add_into_sq", "4000x4000 f64", setup_sq, run_add_sq_into, teardown, BSQ},
    {"ew/add_transposed_into", "4000x4000 f64", setup_sq, run_add_t_sq_into, teardown, BSQ},
    {"ew/add_col_row", "[4000,1]+[1,4000]", setup_colrow, run_colrow, teardown, 8.0 * SQ * SQ},
    {"ew/add_col_row_into", "[4000,1]+[1,4000]", setup_colrow, run_colrow_into, teardown, 8.0 * SQ * SQ},
    {NULL, NULL, NULL, NULL, NULL, 0},
};
