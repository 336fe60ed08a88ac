/* Copies and binary passes over permuted views of large 4-d arrays (the elementwise calls
 * of the CCSD update, bench/ccsd.py), beside STREAM. A layout is written as the view's
 * axes by decreasing stride ("C" for a C array, "1302" for the view whose axis 1 has the
 * largest stride): the view is a permute_dims of a C array made for it.
 *
 *   permute_passes [--threads N] [--reps R] [--f32] [--alloc] E0xE1xE2xE3 OP [...]
 *   OP: copy:LAYOUT (to C), sub:LAYOUT:LAYOUT; into an existing C array (nd_assign,
 *   nd_subtract_out), or with --alloc into a new one (nd_ascontiguous, nd_subtract), as
 *   programs written against the Array API do
 *
 * Prints one line per OP: the best of R calls in ms and GB/s counting every operand
 * once; bench/permute_passes.py prints the same for NumPy. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <nd.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* A view of shape `shape` whose axes by decreasing stride are `layout` ("C": 0123...). */
static nd_array *make(const int64_t *shape, const char *layout, nd_dtype dt) {
  int order[4] = {0, 1, 2, 3}, inv[4];
  if (strcmp(layout, "C") != 0)
    for (int i = 0; i < 4; i++) order[i] = layout[i] - '0';
  int64_t bshape[4];
  for (int i = 0; i < 4; i++) bshape[i] = shape[order[i]];
  nd_array *base = nd_empty(dt, 4, bshape, ND_C);
  if (!base) return NULL;
  nd_fill(base, 0.5);
  for (int i = 0; i < 4; i++) inv[order[i]] = i;
  nd_array *v = nd_permute(base, 4, inv);
  nd_release(base);
  return v;
}

int main(int argc, char **argv) {
  int threads = 0, reps = 5, a = 1, alloc = 0;
  nd_dtype dt = ND_FLOAT64;
  for (; a < argc && argv[a][0] == '-'; a++) {
    if (!strcmp(argv[a], "--threads")) threads = atoi(argv[++a]);
    else if (!strcmp(argv[a], "--reps")) reps = atoi(argv[++a]);
    else if (!strcmp(argv[a], "--f32")) dt = ND_FLOAT32;
    else if (!strcmp(argv[a], "--alloc")) alloc = 1;
  }
  if (threads > 0) nd_set_num_threads(threads);
  int64_t shape[4];
  if (a >= argc ||
      sscanf(argv[a], "%ldx%ldx%ldx%ld", &shape[0], &shape[1], &shape[2], &shape[3]) != 4) {
    fprintf(stderr, "usage: permute_passes [--threads N] [--reps R] [--f32] AxBxCxD OP...\n");
    return 2;
  }
  a++;
  double n = (double)(shape[0] * shape[1] * shape[2] * shape[3]);
  double z = dt == ND_FLOAT64 ? 8 : 4;
  for (; a < argc; a++) {
    char spec[64], *l1, *l2;
    snprintf(spec, sizeof spec, "%s", argv[a]);
    strtok(spec, ":"); /* copy or sub: told apart by the number of layouts */
    l1 = strtok(NULL, ":");
    l2 = strtok(NULL, ":");
    if (!l1) {
      fprintf(stderr, "%s: want copy:LAYOUT or sub:LAYOUT:LAYOUT\n", argv[a]);
      return 2;
    }
    nd_array *out = nd_empty(dt, 4, shape, ND_C), *x = make(shape, l1, dt);
    nd_array *y = l2 ? make(shape, l2, dt) : NULL;
    nd_fill(out, 0);
    double best = 1e30, bytes = n * z * (y ? 3 : 2);
    for (int r = 0; r < reps; r++) {
      double t0 = now();
      nd_status st = ND_OK;
      if (alloc) {
        nd_array *r = y ? nd_subtract(x, y) : nd_ascontiguous(x, ND_C);
        if (!r) st = ND_ERR_VALUE;
        nd_release(r);
      } else {
        st = y ? nd_subtract_out(out, x, y) : nd_assign(out, x);
      }
      double t = now() - t0;
      if (st != ND_OK) {
        fprintf(stderr, "%s: %s\n", argv[a], nd_last_error());
        return 1;
      }
      if (t < best) best = t;
    }
    printf("%-18s %s%s t%d  %9.3f ms  %6.1f GB/s\n", argv[a], dt == ND_FLOAT64 ? "f64" : "f32",
           alloc ? " new" : "", nd_get_num_threads(), best * 1e3, bytes / best / 1e9);
    nd_release(out);
    nd_release(x);
    nd_release(y);
  }
  return 0;
}
