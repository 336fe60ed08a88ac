/* Copy-engine benchmarks: contiguous, F to C and transposed to C copies of 6000x6000
 * float64, allocating (like np.ascontiguousarray) and into an existing array (np.copyto). */
#include <stdlib.h>

#include "bench.h"

#define N 6000

typedef struct {
  nd_array *src, *view, *dst;
} copy_state;

static void *setup_with(nd_order src_order, int transpose) {
  copy_state *s = calloc(1, sizeof *s);
  s->src = nd_empty(ND_FLOAT64, ND_SHAPE(N, N), src_order);
  bench_check(s->src != NULL, "setup");
  double *d = nd_data(s->src);
  for (int64_t i = 0; i < (int64_t)N * N; i++) d[i] = (double)i;
  s->view = transpose ? nd_transpose(s->src) : nd_retain(s->src);
  s->dst = nd_empty(ND_FLOAT64, ND_SHAPE(N, N), ND_C);
  nd_assign(s->dst, s->view);
  return s;
}
static void *setup_c(void) { return setup_with(ND_C, 0); }
static void *setup_f(void) { return setup_with(ND_F, 0); }
static void *setup_t(void) { return setup_with(ND_C, 1); }

static void teardown(void *p) {
  copy_state *s = p;
  nd_release(s->src);
  nd_release(s->view);
  nd_release(s->dst);
  free(s);
}

static void run_alloc(void *p) {
  copy_state *s = p;
  nd_array *r = nd_ascontiguous(s->view, ND_C);
  bench_check(r != NULL, "ascontiguous");
  nd_release(r);
}
static void run_copy(void *p) {
  copy_state *s = p;
  nd_array *r = nd_copy(s->view, ND_C);
  bench_check(r != NULL, "copy");
  nd_release(r);
}
static void run_into(void *p) {
  copy_state *s = p;
  bench_check(nd_assign(s->dst, s->view) == ND_OK, "assign");
}
static void run_astype(void *p) {
  copy_state *s = p;
  nd_array *r = nd_astype(s->view, ND_FLOAT32);
  bench_check(r != NULL, "astype");
  nd_release(r);
}

#define BYTES (2.0 * 8 * N * N)
const bench_case bench_cases_copy[] = {
    {"copy/contiguous", "6000x6000 f64", setup_c, run_copy, teardown, BYTES},
    {"copy/contiguous_into", "6000x6000 f64", setup_c, run_into, teardown, BYTES},
    {"copy/f_to_c", "6000x6000 f64", setup_f, run_alloc, teardown, BYTES},
    {"copy/f_to_c_into", "6000x6000 f64", setup_f, run_into, teardown, BYTES},
    {"copy/transposed_to_c", "6000x6000 f64", setup_t, run_alloc, teardown, BYTES},
    {"copy/transposed_to_c_into", "6000x6000 f64", setup_t, run_into, teardown, BYTES},
    {"copy/astype_f32", "6000x6000 f64", setup_c, run_astype, teardown, 12.0 * N * N},
    {NULL, NULL, NULL, NULL, NULL, 0},
};
