/* Runs the benchmark cases: all, or those whose names start with the arguments.
 * `bench_nd --first NAME` times one call of case NAME right after its setup (the first
 * call of a fresh process: planning, page faults), for bench/run.py's first-call table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

nd_array *bench_random(uint64_t seed, int64_t n) {
  nd_rng *g = nd_rng_new(seed);
  nd_array *a = g ? nd_random_random(g, ND_FLOAT64, ND_SHAPE(n)) : NULL;
  nd_rng_free(g);
  bench_check(a != NULL, "setup (random data)");
  return a;
}

double bench_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void bench_check(int ok, const char *what) {
  if (ok) return;
  fprintf(stderr, "bench: %s failed: %s\n", what, nd_last_error());
  exit(1);
}

/* One table per area, one line each. */
static const bench_case *const tables[] = {
    bench_cases_copy,
    bench_cases_views,
    bench_cases_elementwise,
    bench_cases_vmath,
    bench_cases_reduce,
    bench_cases_manip,
    bench_cases_sort,
    bench_cases_random,
    bench_cases_io,
    bench_cases_linalg,
    bench_cases_eigsh,
    bench_cases_threads,
    bench_cases_half,
#ifdef ND_BENCH_FFT
    bench_cases_fft,
#endif
};

/* Best time of repetitions filling about `budget` seconds (at least 3, at most 200). */
static double time_case(const bench_case *c, double budget) {
  void *st = c->setup();
  c->run(st); /* warm up: page faults, caches */
  double best = 1e30, spent = 0;
  int reps = 0;
  while ((reps < 3 || spent < budget) && reps < 200) {
    double t0 = bench_now();
    c->run(st);
    double dt = bench_now() - t0;
    if (dt < best) best = dt;
    spent += dt;
    reps++;
  }
  c->teardown(st);
  return best;
}

static int first_call(const char *name) {
  for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++) {
    for (const bench_case *c = tables[t]; c->name; c++) {
      if (strcmp(c->name, name) != 0) continue;
      void *st = c->setup();
      double t0 = bench_now();
      c->run(st);
      double dt = bench_now() - t0;
      c->teardown(st);
      printf("%s\t%s\t%.9g\t0\n", c->name, c->shape, dt);
      return 0;
    }
  }
  fprintf(stderr, "bench: no case %s\n", name);
  return 1;
}

int main(int argc, char **argv) {
  if (argc == 3 && strcmp(argv[1], "--first") == 0) return first_call(argv[2]);
  double budget = 0.5;
  const char *env = getenv("ND_BENCH_BUDGET");
  if (env) budget = atof(env);
  for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++) {
    for (const bench_case *c = tables[t]; c->name; c++) {
      int wanted = argc < 2;
      for (int i = 1; i < argc; i++)
        if (strncmp(c->name, argv[i], strlen(argv[i])) == 0) wanted = 1;
      if (!wanted) continue;
      double s = time_case(c, budget);
      printf("%s\t%s\t%.9g\t%.9g\n", c->name, c->shape, s, c->bytes);
      fflush(stdout);
    }
  }
  return 0;
}
