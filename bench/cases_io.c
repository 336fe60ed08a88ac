/* File benchmarks: .npy save/load of a 2000x2000 float64 array in C order, F order and as a
 * reversed view (written in chunks), .npz with deflate, and raw tofile. Files go to
 * $TMPDIR (default /tmp); both libraries write the same bytes to the same place, so the
 * page cache and the disk treat them alike. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "bench.h"

#define N 2000

typedef struct {
  nd_array *a, *view;
  char path[512], npz[512];
} io_state;

static void *setup_with(nd_order o, int reversed) {
  io_state *s = calloc(1, sizeof *s);
  const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
  snprintf(s->path, sizeof s->path, "%s/nd_bench_%d.npy", tmp, (int)getpid());
  snprintf(s->npz, sizeof s->npz, "%s/nd_bench_%d.npz", tmp, (int)getpid());
  s->a = nd_empty(ND_FLOAT64, ND_SHAPE(N, N), o);
  bench_check(s->a != NULL, "setup");
  double *d = nd_data(s->a);
  for (int64_t i = 0; i < (int64_t)N * N; i++) d[i] = (double)(i % 1000) * 0.5;
  s->view = reversed ? nd_flip(s->a, 1, (const int[]){1}) : nd_retain(s->a);
  bench_check(nd_save_npy(s->path, s->view) == ND_OK, "save_npy");
  const char *names[] = {"a"};
  const nd_array *arrays[] = {s->view};
  bench_check(nd_savez(s->npz, 1, names, arrays, true) == ND_OK, "savez");
  return s;
}
static void *setup_c(void) { return setup_with(ND_C, 0); }
static void *setup_f(void) { return setup_with(ND_F, 0); }
static void *setup_rev(void) { return setup_with(ND_C, 1); }

static void teardown(void *p) {
  io_state *s = p;
  remove(s->path);
  remove(s->npz);
  nd_release(s->view);
  nd_release(s->a);
  free(s);
}

static void run_save(void *p) {
  io_state *s = p;
  bench_check(nd_save_npy(s->path, s->view) == ND_OK, "save_npy");
}
static void run_load(void *p) {
  io_state *s = p;
  nd_array *r = nd_load_npy(s->path);
  bench_check(r != NULL, "load_npy");
  nd_release(r);
}
static void run_mmap(void *p) {
  io_state *s = p;
  nd_array *r = nd_load_npy_mmap(s->path);
  bench_check(r != NULL, "load_npy_mmap");
  nd_release(r);
}
static void run_savez(void *p) {
  io_state *s = p;
  const char *names[] = {"a"};
  const nd_array *arrays[] = {s->view};
  bench_check(nd_savez(s->npz, 1, names, arrays, true) == ND_OK, "savez");
}
static void run_loadz(void *p) {
  io_state *s = p;
  nd_npz *z = nd_load_npz(s->npz);
  bench_check(z != NULL, "load_npz");
  nd_npz_close(z);
}
static void run_tofile(void *p) {
  io_state *s = p;
  bench_check(nd_tofile(s->path, s->view, ND_C) == ND_OK, "tofile");
}

#define BYTES (8.0 * N * N)
const bench_case bench_cases_io[] = {
    {"io/save_npy_c", "2000x2000 f64", setup_c, run_save, teardown, BYTES},
    {"io/save_npy_f", "2000x2000 f64", setup_f, run_save, teardown, BYTES},
    {"io/save_npy_reversed_view", "2000x2000 f64", setup_rev, run_save, teardown, BYTES},
    {"io/load_npy_c", "2000x2000 f64", setup_c, run_load, teardown, BYTES},
    {"io/load_npy_f", "2000x2000 f64", setup_f, run_load, teardown, BYTES},
    {"io/load_npy_mmap", "2000x2000 f64", setup_c, run_mmap, teardown, 0},
    {"io/savez_compressed", "2000x2000 f64", setup_c, run_savez, teardown, BYTES},
    {"io/load_npz_compressed", "2000x2000 f64", setup_c, run_loadz, teardown, BYTES},
    {"io/tofile_reversed_view", "2000x2000 f64", setup_rev, run_tofile, teardown, BYTES},
    {NULL, NULL, NULL, NULL, NULL, 0},
};
