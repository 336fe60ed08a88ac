/* FFT benchmarks (libnd_fft against np.fft, which runs on one thread): complex128 1-D of
 * 2^20 points and of the prime 1000003, a 2048x2048 fftn, rfft of 16M float64, 4096
 * transforms of length 1024 along axis 0 of a C-ordered [1024,4096] array, each on one and
 * two threads with cached plans of the default planner (ESTIMATE), and on one thread with
 * the AUTO planner's measured plans (`_auto`: what the reproducible default costs), and the
 * call overhead of a 16-point fft (1000 calls per run). bench/run.py also times the first
 * call of each case in a fresh process (planning included: bench_nd --first NAME). */
#include <stdlib.h>

#include "bench.h"
#include "nd/fft.h"

#define REPS16 1000

typedef enum { K_FFT, K_FFTN, K_RFFT, K_FFT_AXIS0 } kind;

typedef struct fft_state {
  nd_array *x;
  kind k;
} fft_state;

/* Uniform values in [-0.5, 0.5) (bench_random's draws, both parts for complex). */
static nd_array *random_array(nd_dtype t, int ndim, const int64_t *shape) {
  nd_array *a = nd_empty(t, ndim, shape, ND_C);
  bench_check(a != NULL, "setup");
  int64_t n = nd_size(a) * (t == ND_COMPLEX128 ? 2 : 1);
  nd_array *u = bench_random(12345, n);
  const double *v = nd_data(u);
  double *d = nd_data(a);
  for (int64_t i = 0; i < n; i++) d[i] = v[i] - 0.5;
  nd_release(u);
  return a;
}

static void *make(kind k, int threads, nd_dtype t, int ndim, const int64_t *shape) {
  /* threads 1 or 2 with the default planner; -1: one thread with AUTO */
  nd_fft_set_planner(threads < 0 ? ND_FFT_AUTO : ND_FFT_ESTIMATE);
  threads = threads < 0 ? 1 : threads;
  nd_set_num_threads(threads);
  fft_state *s = malloc(sizeof *s);
  s->x = random_array(t, ndim, shape);
  s->k = k;
  return s;
}

#define SETUP(name, k, threads, t, ...) \
  static void *name(void) { return make(k, threads, t, ND_SHAPE(__VA_ARGS__)); }
SETUP(c2c_20_t1, K_FFT, 1, ND_COMPLEX128, 1 << 20)
SETUP(c2c_20_t2, K_FFT, 2, ND_COMPLEX128, 1 << 20)
SETUP(prime_t1, K_FFT, 1, ND_COMPLEX128, 1000003)
SETUP(prime_t2, K_FFT, 2, ND_COMPLEX128, 1000003)
SETUP(fft2_t1, K_FFTN, 1, ND_COMPLEX128, 2048, 2048)
SETUP(fft2_t2, K_FFTN, 2, ND_COMPLEX128, 2048, 2048)
SETUP(rfft_t1, K_RFFT, 1, ND_FLOAT64, 1 << 24)
SETUP(rfft_t2, K_RFFT, 2, ND_FLOAT64, 1 << 24)
SETUP(axis0_t1, K_FFT_AXIS0, 1, ND_COMPLEX128, 1024, 4096)
SETUP(axis0_t2, K_FFT_AXIS0, 2, ND_COMPLEX128, 1024, 4096)
SETUP(small16, K_FFT, 1, ND_COMPLEX128, 16)
SETUP(c2c_20_auto, K_FFT, -1, ND_COMPLEX128, 1 << 20)
SETUP(prime_auto, K_FFT, -1, ND_COMPLEX128, 1000003)
SETUP(fft2_auto, K_FFTN, -1, ND_COMPLEX128, 2048, 2048)
SETUP(rfft_auto, K_RFFT, -1, ND_FLOAT64, 1 << 24)
SETUP(axis0_auto, K_FFT_AXIS0, -1, ND_COMPLEX128, 1024, 4096)

static void teardown(void *p) {
  fft_state *s = p;
  nd_release(s->x);
  free(s);
  nd_set_num_threads(0);
  nd_fft_set_planner(ND_FFT_ESTIMATE);
}

static void run(void *p) {
  fft_state *s = p;
  nd_array *r = NULL;
  switch (s->k) {
    case K_FFT: r = nd_fft_fft(s->x, 0, -1, ND_FFT_BACKWARD); break;
    case K_FFTN: r = nd_fft_fftn(s->x, -1, NULL, -1, NULL, ND_FFT_BACKWARD); break;
    case K_RFFT: r = nd_fft_rfft(s->x, 0, -1, ND_FFT_BACKWARD); break;
    case K_FFT_AXIS0: r = nd_fft_fft(s->x, 0, 0, ND_FFT_BACKWARD); break;
  }
  bench_check(r != NULL, "fft");
  nd_release(r);
}

static void run16(void *p) {
  fft_state *s = p;
  for (int i = 0; i < REPS16; i++) {
    nd_array *r = nd_fft_fft(s->x, 0, -1, ND_FFT_BACKWARD);
    bench_check(r != NULL, "fft");
    nd_release(r);
  }
}

const bench_case bench_cases_fft[] = {
    {"fft/c2c_2^20_1thread", "2^20 c128", c2c_20_t1, run, teardown, 0},
    {"fft/c2c_2^20_2threads", "2^20 c128", c2c_20_t2, run, teardown, 0},
    {"fft/c2c_prime_1thread", "1000003 c128", prime_t1, run, teardown, 0},
    {"fft/c2c_prime_2threads", "1000003 c128", prime_t2, run, teardown, 0},
    {"fft/fft2_2048_1thread", "2048x2048 c128", fft2_t1, run, teardown, 0},
    {"fft/fft2_2048_2threads", "2048x2048 c128", fft2_t2, run, teardown, 0},
    {"fft/rfft_16m_1thread", "2^24 f64", rfft_t1, run, teardown, 0},
    {"fft/rfft_16m_2threads", "2^24 f64", rfft_t2, run, teardown, 0},
    {"fft/axis0_1024x4096_1thread", "[1024,4096] c128 axis 0", axis0_t1, run, teardown, 0},
    {"fft/axis0_1024x4096_2threads", "[1024,4096] c128 axis 0", axis0_t2, run, teardown, 0},
    {"fft/c2c_16_x1000", "16 c128 x1000", small16, run16, teardown, 0},
    {"fft/c2c_2^20_1thread_auto", "2^20 c128", c2c_20_auto, run, teardown, 0},
    {"fft/c2c_prime_1thread_auto", "1000003 c128", prime_auto, run, teardown, 0},
    {"fft/fft2_2048_1thread_auto", "2048x2048 c128", fft2_auto, run, teardown, 0},
    {"fft/rfft_16m_1thread_auto", "2^24 f64", rfft_auto, run, teardown, 0},
    {"fft/axis0_1024x4096_1thread_auto", "[1024,4096] c128 axis 0", axis0_auto, run, teardown, 0},
    {NULL, NULL, NULL, NULL, NULL, 0},
};
