/* Random number benchmarks, one per performance target of the random-numbers issue:
 * random and standard_normal of 10M float64 into an existing array on 1 and 2 threads
 * (NumPy's Generator runs on one: random(out=), standard_normal(out=)), random allocating
 * its result, integers(0, 1000) of 10M int64 (Lemire with rejection: serial in both), and
 * integers(0, 1024) (a power-of-two range: one 32-bit draw per value, split across
 * threads). Both libraries draw from default_rng(42). */
#include <stdlib.h>

#include "bench.h"

#define N10M 10000000L

typedef struct {
  nd_rng *g;
  nd_array *out;
} rng_state;

static rng_state *setup_threads(int threads, nd_dtype t) {
  rng_state *s = calloc(1, sizeof *s);
  bench_check(s != NULL, "setup");
  s->g = nd_rng_new(42);
  s->out = nd_zeros(t, ND_SHAPE(N10M), ND_C);
  bench_check(s->g && s->out, "setup");
  nd_set_num_threads(threads);
  return s;
}

static void teardown(void *p) {
  rng_state *s = p;
  nd_rng_free(s->g);
  nd_release(s->out);
  nd_set_num_threads(0);
  free(s);
}

static void *setup_1t(void) { return setup_threads(1, ND_FLOAT64); }
static void *setup_2t(void) { return setup_threads(2, ND_FLOAT64); }
static void *setup_int_1t(void) { return setup_threads(1, ND_INT64); }
static void *setup_int_2t(void) { return setup_threads(2, ND_INT64); }

static void run_random_into(void *p) {
  rng_state *s = p;
  bench_check(nd_random_random_out(s->g, s->out) == ND_OK, "random_out");
}
static void run_random(void *p) {
  rng_state *s = p;
  nd_array *r = nd_random_random(s->g, ND_FLOAT64, ND_SHAPE(N10M));
  bench_check(r != NULL, "random");
  nd_release(r);
}
static void run_normal_into(void *p) {
  rng_state *s = p;
  bench_check(nd_random_standard_normal_out(s->g, s->out) == ND_OK, "standard_normal_out");
}
static void run_integers_1000(void *p) {
  rng_state *s = p;
  nd_array *r = nd_random_integers(s->g, 0, 1000, false, ND_INT64, ND_SHAPE(N10M));
  bench_check(r != NULL, "integers");
  nd_release(r);
}
static void run_integers_1024(void *p) {
  rng_state *s = p;
  nd_array *r = nd_random_integers(s->g, 0, 1024, false, ND_INT64, ND_SHAPE(N10M));
  bench_check(r != NULL, "integers");
  nd_release(r);
}

#define B10M (8.0 * N10M)
const bench_case bench_cases_random[] = {
    {"random/random_into_1thread", "1e7 f64", setup_1t, run_random_into, teardown, B10M},
    {"random/random_into_2threads", "1e7 f64", setup_2t, run_random_into, teardown, B10M},
    {"random/random_2threads", "1e7 f64", setup_2t, run_random, teardown, B10M},
    {"random/standard_normal_into_1thread", "1e7 f64", setup_1t, run_normal_into, teardown, B10M},
    {"random/standard_normal_into_2threads", "1e7 f64", setup_2t, run_normal_into, teardown, B10M},
    {"random/integers_1000_1thread", "1e7 i64", setup_int_1t, run_integers_1000, teardown, B10M},
    {"random/integers_1024_1thread", "1e7 i64", setup_int_1t, run_integers_1024, teardown, B10M},
    {"random/integers_1024_2threads", "1e7 i64", setup_int_2t, run_integers_1024, teardown, B10M},
    {NULL, NULL, NULL, NULL, NULL, 0},
};
