/* View creation: 1000 views per run (transpose, slice from a string and from items,
 * reshape-as-view, broadcast_to), so the time per view is the run time / 1000. */
#include <stdlib.h>

#include "bench.h"

#define REPS 1000

static void *setup(void) {
  nd_array *a = nd_zeros(ND_FLOAT64, ND_SHAPE(100, 200), ND_C);
  bench_check(a != NULL, "setup");
  return a;
}
static void teardown(void *p) { nd_release(p); }

static void run_transpose(void *p) {
  for (int i = 0; i < REPS; i++) nd_release(nd_transpose(p));
}
static void run_slice(void *p) {
  for (int i = 0; i < REPS; i++) nd_release(nd_index(p, "1:50:2, ::-1"));
}
static void run_slice_items(void *p) { /* the same index as items, without the parsing */
  for (int i = 0; i < REPS; i++)
    nd_release(nd_index_items(p, ND_ITEMS(ND_SLICE(1, 50, 2), ND_STEP(-1))));
}
static void run_reshape(void *p) {
  for (int i = 0; i < REPS; i++) nd_release(nd_reshape(p, ND_SHAPE(50, 2, 200), ND_C));
}
static void run_broadcast(void *p) {
  for (int i = 0; i < REPS; i++) nd_release(nd_broadcast_to(p, ND_SHAPE(4, 100, 200)));
}

const bench_case bench_cases_views[] = {
    {"views/transpose", "x1000", setup, run_transpose, teardown, 0},
    {"views/slice", "x1000", setup, run_slice, teardown, 0},
    {"views/slice_items", "x1000", setup, run_slice_items, teardown, 0},
    {"views/reshape", "x1000", setup, run_reshape, teardown, 0},
    {"views/broadcast_to", "x1000", setup, run_broadcast, teardown, 0},
    {NULL, NULL, NULL, NULL, NULL, 0},
};
