/* Transcendental function benchmarks (the vector math of src/kernels/vmath_*.h): every
 * function of the family on 16M float64 and 16M float32 values, on 1 and 2 threads (NumPy
 * runs on one), each into an existing output (`_out`, NumPy's out=). Inputs spread over a
 * typical range per function, the same deterministic values as in bench/numpy_cases.py
 * (VMATH there). `bench/run.py vmath/` runs only these. */
#include <math.h>
#include <stdlib.h>

#include "bench.h"

#define N16M (16L * 1024 * 1024)

typedef struct {
  nd_array *a, *b, *out;
} vm_state;

/* x[i] = lo + (hi - lo) * frac(i * golden ratio), as float64 or float32 */
static nd_array *spread(nd_dtype t, double lo, double hi, double phase) {
  nd_array *a = nd_empty(ND_FLOAT64, ND_SHAPE(N16M), ND_C);
  bench_check(a != NULL, "setup");
  double *d = nd_data(a);
  for (int64_t i = 0; i < N16M; i++) {
    double f = (double)i * 0.6180339887498949 + phase;
    d[i] = lo + (hi - lo) * (f - floor(f));
  }
  if (t == ND_FLOAT64) return a;
  nd_array *r = nd_astype(a, t);
  bench_check(r != NULL, "setup");
  nd_release(a);
  return r;
}

static void *setup(nd_dtype t, int threads, double lo, double hi, double lo2, double hi2) {
  vm_state *s = calloc(1, sizeof *s);
  bench_check(s != NULL, "setup");
  s->a = spread(t, lo, hi, 0);
  if (lo2 < hi2) s->b = spread(t, lo2, hi2, 0.5);
  s->out = nd_zeros(t, ND_SHAPE(N16M), ND_C);
  nd_set_num_threads(threads);
  return s;
}

static void teardown(void *p) {
  vm_state *s = p;
  nd_release(s->a);
  nd_release(s->b);
  nd_release(s->out);
  nd_set_num_threads(0);
  free(s);
}

/* X(name, lo, hi): one-argument functions and their input ranges; X2(name, lo, hi, lo2,
 * hi2) the two-argument ones (the same lists in bench/numpy_cases.py) */
#define VM_BENCH1(X)                                                                     \
  X(exp, -20, 20) X(expm1, -2, 2) X(log, 1e-3, 1e3) X(log1p, 0, 1e3) X(log2, 1e-3, 1e3)  \
  X(log10, 1e-3, 1e3) X(sin, -10, 10) X(cos, -10, 10) X(tan, -10, 10) X(asin, -1, 1)     \
  X(acos, -1, 1) X(atan, -10, 10) X(sinh, -10, 10) X(cosh, -10, 10) X(tanh, -5, 5)        \
  X(asinh, -10, 10) X(acosh, 1, 100) X(atanh, -0.999, 0.999)
#define VM_BENCH2(X)                                                                     \
  X(atan2, -1, 1, -1, 1) X(hypot, -10, 10, -10, 10) X(pow, 0.1, 10, -5, 5)               \
  X(logaddexp, -10, 10, -10, 10)

#define VM_SETUPS(F, LO, HI, LO2, HI2)                                                        \
  static void *setup_##F##_f64_1t(void) { return setup(ND_FLOAT64, 1, LO, HI, LO2, HI2); }   \
  static void *setup_##F##_f64_2t(void) { return setup(ND_FLOAT64, 2, LO, HI, LO2, HI2); }   \
  static void *setup_##F##_f32_1t(void) { return setup(ND_FLOAT32, 1, LO, HI, LO2, HI2); }   \
  static void *setup_##F##_f32_2t(void) { return setup(ND_FLOAT32, 2, LO, HI, LO2, HI2); }
#define VM_RUN1(F, LO, HI)                                          \
  VM_SETUPS(F, LO, HI, 0, 0)                                        \
  static void run_##F(void *p) {                                    \
    vm_state *s = p;                                                \
    bench_check(nd_##F##_out(s->out, s->a) == ND_OK, #F "_out");    \
  }
#define VM_RUN2(F, LO, HI, LO2, HI2)                                      \
  VM_SETUPS(F, LO, HI, LO2, HI2)                                         \
  static void run_##F(void *p) {                                         \
    vm_state *s = p;                                                     \
    bench_check(nd_##F##_out(s->out, s->a, s->b) == ND_OK, #F "_out");   \
  }
VM_BENCH1(VM_RUN1)
VM_BENCH2(VM_RUN2)

/* bytes moved: inputs and the output */
#define VM_ROWS(F, N_IN)                                                                       \
  {"vmath/" #F "_f64_1thread", "16M f64", setup_##F##_f64_1t, run_##F, teardown, (N_IN + 1.0) * 8 * N16M}, \
  {"vmath/" #F "_f64_2threads", "16M f64", setup_##F##_f64_2t, run_##F, teardown, (N_IN + 1.0) * 8 * N16M}, \
  {"vmath/" #F "_f32_1thread", "16M f32", setup_##F##_f32_1t, run_##F, teardown, (N_IN + 1.0) * 4 * N16M}, \
  {"vmath/" #F "_f32_2threads", "16M f32", setup_##F##_f32_2t, run_##F, teardown, (N_IN + 1.0) * 4 * N16M},
#define VM_ROWS1(F, LO, HI) VM_ROWS(F, 1)
#define VM_ROWS2(F, LO, HI, LO2, HI2) VM_ROWS(F, 2)
const bench_case bench_cases_vmath[] = {
    VM_BENCH1(VM_ROWS1) VM_BENCH2(VM_ROWS2){NULL, NULL, NULL, NULL, NULL, 0},
};
