/* float16 and bfloat16 benchmarks, one group per performance target of the half-precision
 * issue (bench/run.py also prints the nd-against-nd ratios of each group):
 *   bfloat16 GEMM 2000^3 (float32 accumulation; rounded to bfloat16, or the float32
 *   mixed product) against nd's float32 GEMM of the same size;
 *   add of 16M float16 / bfloat16 against the float32 add, into existing outputs;
 *   2-byte to 2-byte conversions (float16 <-> bfloat16) against a float32 copy of the
 *   same count, and float32 <-> float16 against it (6 bytes an element against 8: at
 *   best 1.33x);
 *   float16 add and one-input functions against NumPy's float16 (which converts element
 *   by element, or runs AVX-512 routines for contiguous exp, log, sin, tanh, expm1 and
 *   log1p), on one thread as NumPy runs and on two; bfloat16 ones against ml_dtypes;
 *   float16 matmul 500^3 against NumPy's (a plain loop).
 * The NumPy side (bench/numpy_cases.py) uses ml_dtypes for bfloat16 where it is installed. */
#include <stdlib.h>

#include "bench.h"

#define N16M (16L * 1024 * 1024)
#define NMM 2000

typedef struct {
  nd_array *a, *b, *out;
} half_state;

/* n values uniform in [lo, hi) (np.random.default_rng(seed).random(n) scaled) as dtype t */
static nd_array *uniform(uint64_t seed, int64_t n, double lo, double hi, nd_dtype t) {
  nd_array *r = bench_random(seed, n);
  nd_array *s = nd_add_scalar(nd_multiply_scalar(r, ND_FLOAT(hi - lo)), ND_FLOAT(lo));
  nd_array *c = nd_astype(s, t);
  bench_check(c != NULL, "setup");
  nd_release(r);
  nd_release(s);
  return c;
}

static half_state *alloc_state(void) {
  half_state *s = calloc(1, sizeof *s);
  bench_check(s != NULL, "setup");
  return s;
}

static void teardown(void *p) {
  half_state *s = p;
  nd_release(s->a);
  nd_release(s->b);
  nd_release(s->out);
  nd_set_num_threads(0);
  free(s);
}

/* ---- GEMM ------------------------------------------------------------------------------ */

static void *mm_setup(nd_dtype t, int64_t n) {
  half_state *s = alloc_state();
  nd_array *a = uniform(1, n * n, -0.5, 0.5, t), *b = uniform(2, n * n, -0.5, 0.5, t);
  s->a = nd_reshape(a, ND_SHAPE(n, n), ND_C);
  s->b = nd_reshape(b, ND_SHAPE(n, n), ND_C);
  nd_release(a);
  nd_release(b);
  return s;
}
static void *mm_f32(void) { return mm_setup(ND_FLOAT32, NMM); }
static void *mm_bf16(void) { return mm_setup(ND_BFLOAT16, NMM); }
static void *mm_f16_500(void) { return mm_setup(ND_FLOAT16, 500); }
static void mm_run(void *p) {
  half_state *s = p;
  nd_array *r = nd_matmul(s->a, s->b);
  bench_check(r != NULL, "matmul");
  nd_release(r);
}
static void mm_run_f32_out(void *p) {
  half_state *s = p;
  nd_array *r = nd_matmul_dtype(s->a, s->b, ND_FLOAT32);
  bench_check(r != NULL, "matmul_dtype");
  nd_release(r);
}

/* ---- elementwise ------------------------------------------------------------------------ */

static void *ew_setup(nd_dtype t, double lo, double hi, int threads) {
  half_state *s = alloc_state();
  s->a = uniform(3, N16M, lo, hi, t);
  s->b = uniform(4, N16M, lo, hi, t);
  s->out = nd_zeros(t, ND_SHAPE(N16M), ND_C);
  nd_set_num_threads(threads);
  return s;
}
static void *add_f32(void) { return ew_setup(ND_FLOAT32, -100, 100, 0); }
static void *add_f16(void) { return ew_setup(ND_FLOAT16, -100, 100, 0); }
static void *add_bf16(void) { return ew_setup(ND_BFLOAT16, -100, 100, 0); }
static void *add_f32_1t(void) { return ew_setup(ND_FLOAT32, -100, 100, 1); }
static void *add_f16_1t(void) { return ew_setup(ND_FLOAT16, -100, 100, 1); }
static void *add_bf16_1t(void) { return ew_setup(ND_BFLOAT16, -100, 100, 1); }
static void *math_f16_1t(void) { return ew_setup(ND_FLOAT16, 0.01, 5, 1); }
static void *math_f16(void) { return ew_setup(ND_FLOAT16, 0.01, 5, 0); }
static void *math_bf16(void) { return ew_setup(ND_BFLOAT16, 0.01, 5, 0); }
/* every other element of the 16M input into every other element of the output */
static void *math_f16_strided(void) {
  half_state *s = ew_setup(ND_FLOAT16, 0.01, 5, 0);
  nd_array *a = nd_index(s->a, "::2"), *o = nd_index(s->out, "::2");
  bench_check(a && o, "index");
  nd_release(s->a);
  nd_release(s->out);
  s->a = a;
  s->out = o;
  return s;
}
static void run_add(void *p) {
  half_state *s = p;
  bench_check(nd_add_out(s->out, s->a, s->b) == ND_OK, "add_out");
}
#define RUN_UNARY(F)                                             \
  static void run_##F(void *p) {                                 \
    half_state *s = p;                                           \
    bench_check(nd_##F##_out(s->out, s->a) == ND_OK, #F "_out"); \
  }
RUN_UNARY(sin)
RUN_UNARY(cos)
RUN_UNARY(tanh)
RUN_UNARY(sqrt)
RUN_UNARY(exp)
RUN_UNARY(expm1)
RUN_UNARY(log)
RUN_UNARY(log1p)

/* ---- conversions into existing arrays ----------------------------------------------------- */

static void *conv_setup(nd_dtype from, nd_dtype to) {
  half_state *s = alloc_state();
  s->a = uniform(5, N16M, -100, 100, from);
  s->out = nd_zeros(to, ND_SHAPE(N16M), ND_C);
  return s;
}
static void *copy_f32(void) { return conv_setup(ND_FLOAT32, ND_FLOAT32); }
static void *f16_to_bf16(void) { return conv_setup(ND_FLOAT16, ND_BFLOAT16); }
static void *bf16_to_f16(void) { return conv_setup(ND_BFLOAT16, ND_FLOAT16); }
static void *f32_to_f16(void) { return conv_setup(ND_FLOAT32, ND_FLOAT16); }
static void *f16_to_f32(void) { return conv_setup(ND_FLOAT16, ND_FLOAT32); }
static void *f32_to_bf16(void) { return conv_setup(ND_FLOAT32, ND_BFLOAT16); }
static void run_assign(void *p) {
  half_state *s = p;
  bench_check(nd_assign(s->out, s->a) == ND_OK, "assign");
}

#define BADD32 (12.0 * N16M)
#define BADD16 (6.0 * N16M)
#define BMATH16 (4.0 * N16M)
const bench_case bench_cases_half[] = {
    {"half/matmul_f32_2000", "2000x2000 f32", mm_f32, mm_run, teardown, 0},
    {"half/matmul_bf16_2000", "2000x2000 bf16", mm_bf16, mm_run, teardown, 0},
    {"half/matmul_bf16_to_f32_2000", "bf16 in, f32 out", mm_bf16, mm_run_f32_out, teardown, 0},
    {"half/matmul_f16_500", "500x500 f16", mm_f16_500, mm_run, teardown, 0},
    {"half/add_f32", "16M f32", add_f32, run_add, teardown, BADD32},
    {"half/add_f16", "16M f16", add_f16, run_add, teardown, BADD16},
    {"half/add_bf16", "16M bf16", add_bf16, run_add, teardown, BADD16},
    {"half/add_f32_1thread", "16M f32", add_f32_1t, run_add, teardown, BADD32},
    {"half/add_f16_1thread", "16M f16", add_f16_1t, run_add, teardown, BADD16},
    {"half/add_bf16_1thread", "16M bf16", add_bf16_1t, run_add, teardown, BADD16},
    {"half/copy_f32", "16M f32", copy_f32, run_assign, teardown, 8.0 * N16M},
    {"half/f16_to_bf16", "16M", f16_to_bf16, run_assign, teardown, 4.0 * N16M},
    {"half/bf16_to_f16", "16M", bf16_to_f16, run_assign, teardown, 4.0 * N16M},
    {"half/f32_to_f16", "16M", f32_to_f16, run_assign, teardown, 6.0 * N16M},
    {"half/f16_to_f32", "16M", f16_to_f32, run_assign, teardown, 6.0 * N16M},
    {"half/f32_to_bf16", "16M", f32_to_bf16, run_assign, teardown, 6.0 * N16M},
    {"half/sin_f16_1thread", "16M f16 in [0.01,5)", math_f16_1t, run_sin, teardown, BMATH16},
    {"half/exp_f16_1thread", "16M f16 in [0.01,5)", math_f16_1t, run_exp, teardown, BMATH16},
    {"half/log_f16_1thread", "16M f16 in [0.01,5)", math_f16_1t, run_log, teardown, BMATH16},
    {"half/sin_f16", "16M f16 in [0.01,5)", math_f16, run_sin, teardown, BMATH16},
    {"half/exp_f16", "16M f16 in [0.01,5)", math_f16, run_exp, teardown, BMATH16},
    {"half/log_f16", "16M f16 in [0.01,5)", math_f16, run_log, teardown, BMATH16},
    {"half/sqrt_f16_1thread", "16M f16 in [0.01,5)", math_f16_1t, run_sqrt, teardown, BMATH16},
    {"half/cos_f16", "16M f16 in [0.01,5)", math_f16, run_cos, teardown, BMATH16},
    {"half/tanh_f16", "16M f16 in [0.01,5)", math_f16, run_tanh, teardown, BMATH16},
    {"half/sqrt_f16", "16M f16 in [0.01,5)", math_f16, run_sqrt, teardown, BMATH16},
    {"half/expm1_f16", "16M f16 in [0.01,5)", math_f16, run_expm1, teardown, BMATH16},
    {"half/log1p_f16", "16M f16 in [0.01,5)", math_f16, run_log1p, teardown, BMATH16},
    {"half/sin_f16_strided", "8M f16 [::2] into [::2]", math_f16_strided, run_sin, teardown, BMATH16 / 2},
    {"half/sin_bf16", "16M bf16 in [0.01,5)", math_bf16, run_sin, teardown, BMATH16},
    {"half/exp_bf16", "16M bf16 in [0.01,5)", math_bf16, run_exp, teardown, BMATH16},
    {"half/log_bf16", "16M bf16 in [0.01,5)", math_bf16, run_log, teardown, BMATH16},
    {NULL, NULL, NULL, NULL, NULL, 0},
};
