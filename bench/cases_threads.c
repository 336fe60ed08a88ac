/* One thread and a busy core.
 *   one/...: the bandwidth-bound kernels on one thread (nd_set_num_threads(1)) beside
 *     NumPy's one thread: elementwise writing into an existing output, the allocating add,
 *     a sum, a transposing copy and a gather.
 *   busy/...: the same sum, add, exp, copy and a sort on every thread while another
 *     program keeps one core busy: setup starts a spinning process in a session of its
 *     own (as a user's other job would be) and teardown stops it. Compare each with its
 *     one/ row (nd on one thread): the target is at most 1.2 times that. NumPy's side of
 *     a busy/ row runs without the spinner (its one thread gets a free core).
 * Inputs are the same deterministic values as in bench/numpy_cases.py. */
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"

#define N16M (16L * 1024 * 1024)
#define SQ 4000
#define NSORT (1L << 22)

typedef struct {
  nd_array *a, *b, *idx, *out, *out32, *outb, *view;
  pid_t spinner; /* 0: none */
} th_state;

/* x[i] = lo + (hi - lo) * frac(i * golden ratio), as cases_elementwise.c */
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

static void teardown(void *p) {
  th_state *s = p;
  if (s->spinner > 0) {
    kill(s->spinner, SIGKILL);
    waitpid(s->spinner, NULL, 0);
  }
  nd_release(s->a);
  nd_release(s->b);
  nd_release(s->idx);
  nd_release(s->out);
  nd_release(s->out32);
  nd_release(s->outb);
  nd_release(s->view);
  nd_set_num_threads(0);
  free(s);
}

/* 16M float64 a in [-1, 1), b in [0, 1), outputs of float64, float32 and bool. */
static th_state *setup_16m(int threads) {
  th_state *s = calloc(1, sizeof *s);
  bench_check(s != NULL, "setup");
  s->a = spread(ND_SHAPE(N16M), -1, 1);
  s->b = spread(ND_SHAPE(N16M), 0, 1);
  s->out = nd_zeros(ND_FLOAT64, ND_SHAPE(N16M), ND_C);
  s->out32 = nd_zeros(ND_FLOAT32, ND_SHAPE(N16M), ND_C);
  s->outb = nd_zeros(ND_BOOL, ND_SHAPE(N16M), ND_C);
  nd_set_num_threads(threads);
  return s;
}

/* 4000x4000 float64 a, its transpose as view, an output; the gather's indices. */
static th_state *setup_sq(int threads) {
  th_state *s = calloc(1, sizeof *s);
  bench_check(s != NULL, "setup");
  s->a = spread(ND_SHAPE(SQ, SQ), 0, 1);
  s->view = nd_transpose(s->a);
  s->out = nd_zeros(ND_FLOAT64, ND_SHAPE(SQ, SQ), ND_C);
  nd_set_num_threads(threads);
  return s;
}

/* Another program keeping one core busy, in a session of its own. */
static void start_spinner(th_state *s) {
  pid_t pid = fork();
  bench_check(pid >= 0, "fork (spinning process)");
  if (pid == 0) {
    setsid();
    volatile unsigned long x = 0;
    for (;;) x++;
  }
  s->spinner = pid;
  usleep(200000); /* let the scheduler place it */
}

static void *one_16m(void) { return setup_16m(1); }
static void *one_sq(void) { return setup_sq(1); }
static void *busy_16m(void) {
  th_state *s = setup_16m(0);
  start_spinner(s);
  return s;
}
static void *busy_sq(void) {
  th_state *s = setup_sq(0);
  start_spinner(s);
  return s;
}

static void *setup_gather(int threads) {
  th_state *s = setup_16m(threads);
  nd_rng *g = nd_rng_new(3);
  s->idx = nd_random_integers(g, 0, N16M, false, ND_INT64, ND_SHAPE(N16M / 4));
  nd_rng_free(g);
  bench_check(s->idx != NULL, "setup (indices)");
  return s;
}
static void *one_gather(void) { return setup_gather(1); }

static void *setup_sort(int threads) {
  th_state *s = calloc(1, sizeof *s);
  bench_check(s != NULL, "setup");
  s->a = bench_random(5, NSORT);
  nd_set_num_threads(threads);
  return s;
}
static void *one_sort(void) { return setup_sort(1); }
static void *busy_sort(void) {
  th_state *s = setup_sort(0);
  start_spinner(s);
  return s;
}

static void run_add_into(void *p) {
  th_state *s = p;
  bench_check(nd_add_out(s->out, s->a, s->b) == ND_OK, "add_out");
}
static void run_multiply_into(void *p) {
  th_state *s = p;
  bench_check(nd_multiply_out(s->out, s->a, s->b) == ND_OK, "multiply_out");
}
static void run_multiply_scalar_into(void *p) {
  th_state *s = p;
  bench_check(nd_multiply_scalar_out(s->out, s->a, ND_FLOAT(2.0)) == ND_OK, "multiply_scalar_out");
}
static void run_abs_into(void *p) {
  th_state *s = p;
  bench_check(nd_abs_out(s->out, s->a) == ND_OK, "abs_out");
}
static void run_less_into(void *p) {
  th_state *s = p;
  bench_check(nd_less_out(s->outb, s->a, s->b) == ND_OK, "less_out");
}
static void run_assign_f32(void *p) {
  th_state *s = p;
  bench_check(nd_assign(s->out32, s->a) == ND_OK, "assign");
}
static void run_add(void *p) {
  th_state *s = p;
  nd_array *r = nd_add(s->a, s->b);
  bench_check(r != NULL, "add");
  nd_release(r);
}
static void run_exp_into(void *p) {
  th_state *s = p;
  bench_check(nd_exp_out(s->out, s->a) == ND_OK, "exp_out");
}
static void run_sum(void *p) {
  th_state *s = p;
  nd_array *r = nd_sum(s->a, -1, NULL, false);
  bench_check(r != NULL, "sum");
  nd_release(r);
}
static void run_copy_transposed(void *p) {
  th_state *s = p;
  bench_check(nd_assign(s->out, s->view) == ND_OK, "assign");
}
static void run_add_sq_into(void *p) {
  th_state *s = p;
  bench_check(nd_add_out(s->out, s->a, s->a) == ND_OK, "add_out");
}
static void run_take(void *p) {
  th_state *s = p;
  nd_array *r = nd_take(s->a, s->idx, 0);
  bench_check(r != NULL, "take");
  nd_release(r);
}
static void run_sort(void *p) {
  th_state *s = p;
  nd_array *r = nd_sort(s->a, 0, false);
  bench_check(r != NULL, "sort");
  nd_release(r);
}

#define B3 (3.0 * 8 * N16M)
#define B2 (2.0 * 8 * N16M)
#define BSQ2 (2.0 * 8 * SQ * SQ)
const bench_case bench_cases_threads[] = {
    {"one/add_into", "16M f64", one_16m, run_add_into, teardown, B3},
    {"one/multiply_into", "16M f64", one_16m, run_multiply_into, teardown, B3},
    {"one/multiply_scalar_into", "16M f64", one_16m, run_multiply_scalar_into, teardown, B2},
    {"one/abs_into", "16M f64", one_16m, run_abs_into, teardown, B2},
    {"one/less_into", "16M f64 -> bool", one_16m, run_less_into, teardown, 17.0 * N16M},
    {"one/assign_f64_to_f32", "16M", one_16m, run_assign_f32, teardown, 12.0 * N16M},
    {"one/add", "16M f64", one_16m, run_add, teardown, B3},
    {"one/exp_into", "16M f64", one_16m, run_exp_into, teardown, B2},
    {"one/sum", "4000x4000 f64", one_sq, run_sum, teardown, 8.0 * SQ * SQ},
    {"one/add_into_sq", "4000x4000 f64", one_sq, run_add_sq_into, teardown, BSQ2},
    {"one/copy_transposed", "4000x4000 f64", one_sq, run_copy_transposed, teardown, BSQ2},
    {"one/take", "4M of 16M f64", one_gather, run_take, teardown, 0},
    {"one/sort", "4M f64", one_sort, run_sort, teardown, 0},
    {"busy/sum", "4000x4000 f64", busy_sq, run_sum, teardown, 8.0 * SQ * SQ},
    {"busy/add_into_sq", "4000x4000 f64", busy_sq, run_add_sq_into, teardown, BSQ2},
    {"busy/copy_transposed", "4000x4000 f64", busy_sq, run_copy_transposed, teardown, BSQ2},
    {"busy/exp_into", "16M f64", busy_16m, run_exp_into, teardown, B2},
    {"busy/sort", "4M f64", busy_sort, run_sort, teardown, 0},
    {NULL, NULL, NULL, NULL, NULL, 0},
};
