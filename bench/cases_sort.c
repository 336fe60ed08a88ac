/* Sorting and searching benchmarks: sort and argsort of 10M float64 (default_rng(12345).random, as on the NumPy side),
 * sort of the same values already sorted, and searchsorted of 1M values into them. */
#include <stdlib.h>

#include "bench.h"

#define SORT_N 10000000

static void *setup(void) { return bench_random(12345, SORT_N); }

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

typedef struct {
  nd_array *sorted, *values;
} search_state;

static void *setup_sorted(void) {
  nd_array *a = setup();
  nd_array *s = nd_sort(a, -1, false);
  bench_check(s != NULL, "setup");
  nd_release(a);
  return s;
}

static void *setup_search(void) {
  search_state *s = calloc(1, sizeof *s);
  s->sorted = setup_sorted();
  nd_array *v = setup();
  s->values = nd_copy(nd_index(v, ":1000000"), ND_C);
  bench_check(s->values != NULL, "setup");
  nd_release(v);
  return s;
}

static void teardown_search(void *p) {
  search_state *s = p;
  nd_release(s->sorted);
  nd_release(s->values);
  free(s);
}

static void run_searchsorted(void *p) {
  search_state *s = p;
  nd_array *r = nd_searchsorted(s->sorted, s->values, ND_SIDE_LEFT, NULL);
  bench_check(r != NULL, "searchsorted");
  nd_release(r);
}

const bench_case bench_cases_sort[] = {
    {"sort/sort_10m_sorted", "1e7 f64 sorted", setup_sorted, run_sort, teardown, 0},
    {"sort/searchsorted_1m_in_10m", "1e6 into 1e7 f64", setup_search, run_searchsorted,
     teardown_search, 0},
    {"sort/sort_10m", "1e7 f64", setup, run_sort, teardown, 0},
    {"sort/argsort_10m", "1e7 f64", setup, run_argsort, teardown, 0},
    {NULL, NULL, NULL, NULL, NULL, 0},
};
