/* The benchmark harness: each case times an operation (best of several runs) and reports
 * one line "name<TAB>shape<TAB>seconds<TAB>bytes" that bench/run.py pairs with NumPy's time
 * for the same case. */
#ifndef ND_BENCH_H
#define ND_BENCH_H

#include <nd.h>
#include <stdint.h>

typedef struct bench_case {
  const char *name;  /* matches the NumPy case in bench/numpy_cases.py */
  const char *shape; /* for the table */
  /* Sets up, returns opaque state; run does one repetition; teardown frees. */
  void *(*setup)(void);
  void (*run)(void *state);
  void (*teardown)(void *state);
  double bytes; /* bytes moved per run (0 if not bandwidth-bound) */
} bench_case;

/* Every case file registers its table here (bench_main.c lists them). */
extern const bench_case bench_cases_copy[];
extern const bench_case bench_cases_views[];
extern const bench_case bench_cases_reduce[];
extern const bench_case bench_cases_manip[];
extern const bench_case bench_cases_io[];
extern const bench_case bench_cases_linalg[];
extern const bench_case bench_cases_eigsh[];
extern const bench_case bench_cases_sort[];
extern const bench_case bench_cases_elementwise[];
extern const bench_case bench_cases_vmath[];
extern const bench_case bench_cases_random[];
extern const bench_case bench_cases_threads[];
extern const bench_case bench_cases_half[];
#ifdef ND_BENCH_FFT
extern const bench_case bench_cases_fft[]; /* libnd_fft, when it is built */
#endif

double bench_now(void);
/* n float64 values uniform in [0, 1): np.random.default_rng(seed).random(n), the same
 * data the NumPy side of a case draws. */
nd_array *bench_random(uint64_t seed, int64_t n);
/* Aborts the benchmark run with the library's message if `ok` is false. */
void bench_check(int ok, const char *what);

#endif
