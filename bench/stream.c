/* STREAM-style bandwidth of this machine (copy and add of float64 arrays with OpenMP),
 * measured in the same run as the benchmarks so that ratios mean something. Prints
 * "stream_copy<TAB>GB/s" and "stream_add<TAB>GB/s". */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(void) {
  const long n = 16L * 1024 * 1024;
  double *a = aligned_alloc(64, n * sizeof(double)), *b = aligned_alloc(64, n * sizeof(double)),
         *c = aligned_alloc(64, n * sizeof(double));
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++) {
    a[i] = 1.0;
    b[i] = 2.0;
    c[i] = 0.0;
  }
  double best_copy = 1e30, best_add = 1e30;
  for (int r = 0; r < 10; r++) {
    double t0 = now();
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) c[i] = a[i];
    double t1 = now();
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) c[i] = a[i] + b[i];
    double t2 = now();
    if (t1 - t0 < best_copy) best_copy = t1 - t0;
    if (t2 - t1 < best_add) best_add = t2 - t1;
  }
  /* STREAM counts bytes read and written (no write-allocate traffic) */
  printf("stream_copy\t%.3f\n", 2.0 * n * sizeof(double) / best_copy / 1e9);
  printf("stream_add\t%.3f\n", 3.0 * n * sizeof(double) / best_add / 1e9);
  int bad = c[0] != 3.0;
  free(a);
  free(b);
  free(c);
  return bad;
}
