/* Sorting benchmarks: sort and argsort of 10M float64 (uniform in [0, 1)). */
#include <stdlib.h>

#include "bench.h"

#define SORT_N 10000000

static void *setup(void) {
  nd_array *a = nd_empty(ND_FLOAT64, ND_SHAPE(SORT_N), ND_C);
  bench_check(a != NULL, "setup");
  double *d = nd_data(a);
  uint64_t h = 12345;
  for (int64_t i = 0; i < SORT_N; i++) {
    h = h * 6364136223846793005u + 1442695040888963407u;
    d[i] = (double)(h >> 11) * (1.0 / 9007199254740992.0);
  }
  return a;
}

static void teardown(void *p) { nd_release(p); }

static void run_sort(void *p) {
  nd_array *r = nd_sort(p, -1, false);
  bench_check(r != NULL, "sort");
  nd_release(r);
}
static void run_argsort(void *p) {
  nd_array *r = nd_argsort(p, -1, false);
  bench_check(r != NULL, "argsort");
  nd_release(r);
}

const bench_case bench_cases_sort[] = {
    {"sort/sort_10m", "1e7 f64", setup, run_sort, teardown, 0},
    {"sort/argsort_10m", "1e7 f64", setup, run_argsort, teardown, 0},
    {NULL, NULL, NULL, NULL, NULL, 0},
};
