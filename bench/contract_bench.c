/* The C side of the contraction benchmark (bench/contract.py drives it). Reads one job per
 * line from stdin and prints "NAME<TAB>seconds" (the best of repetitions filling the
 * budget given as the only argument, at least 2):
 *   einsum NAME SUBSCRIPTS SHAPE;SHAPE;...   nd_einsum on float64 operands (shapes as
 *                                            21x93x93x93), uniform random values
 *   gemm NAME B M N K                        the limit: C[b] = A[b] B[b] for contiguous
 *                                            A [B,M,K], B [B,K,N]; the best of cblas_dgemm
 *                                            per batch element (row-major, and
 *                                            column-major: C^T = B^T A^T; dgemv or dger
 *                                            where M, N or K is 1) and nd_matmul
 *   tensordot NAME AXES SHAPE;SHAPE           nd_tensordot over AXES axes (float64)
 *   matmul NAME SHAPE;SHAPE                  nd_matmul (float64)
 * Calls under 20 us are timed in loops (as many as take about 20 us; the best loop's time
 * per call), so that the clock's own cost does not count: the per-call cost of tiny
 * contractions (bench/contract_small.py).
 * Values come from nd's generator; their results are not compared here (the Python runner
 * compares nd with NumPy, the tests check correctness). */
#include <cblas.h>
#include <nd.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void check(int ok, const char *what) {
  if (ok) return;
  fprintf(stderr, "bench_contract: %s failed: %s\n", what, nd_last_error());
  exit(1);
}

static nd_array *random_array(int ndim, const int64_t *shape, uint64_t seed) {
  nd_rng *g = nd_rng_new(seed);
  nd_array *a = g ? nd_empty(ND_FLOAT64, ndim, shape, ND_C) : NULL;
  check(a && nd_random_uniform_out(g, a, -0.5, 0.5) == ND_OK, "random operand");
  nd_rng_free(g);
  return a;
}

typedef void (*job_fn)(void *ctx);

/* Every call timed, the first (page faults, plans) too: at least two, then more until the
 * budget is spent; calls under 20 us in loops of `inner`. */
static double best_time(job_fn fn, void *ctx, double budget) {
  double best = 1e30, spent = 0;
  int inner = 1;
  for (int reps = 0; (reps < 2 || spent < budget) && reps < 1000; reps++) {
    double t0 = now();
    for (int i = 0; i < inner; i++) fn(ctx);
    double dt = now() - t0;
    if (dt / inner < best) best = dt / inner;
    spent += dt;
    if (reps == 0 && dt < 20e-6) inner = (int)(20e-6 / (dt > 1e-8 ? dt : 1e-8)) + 1;
  }
  return best;
}

/* ---- einsum ------------------------------------------------------------------------- */

typedef struct {
  const char *subs;
  int n;
  nd_array *ops[64];
} einsum_job;

static void run_einsum(void *ctx) {
  einsum_job *j = ctx;
  nd_array *r = nd_einsum(j->subs, j->n, j->ops);
  check(r != NULL, "einsum");
  nd_release(r);
}

/* Operands of the shapes "21x93;93" (seeds 1000, 1001, ...); their count. */
static int make_operands(char *shapes, nd_array **ops, int cap) {
  int n = 0;
  for (char *s = strtok(shapes, ";"); s && n < cap; s = strtok(NULL, ";")) {
    int64_t shape[ND_MAX_DIMS];
    int nd = 0;
    for (char *e = s; *e && nd < ND_MAX_DIMS; e += *e == 'x') shape[nd++] = strtoll(e, &e, 10);
    ops[n] = random_array(nd, shape, 1000 + (uint64_t)n);
    n++;
  }
  return n;
}

static double einsum_case(const char *subs, char *shapes, double budget) {
  einsum_job j = {subs, 0, {0}};
  j.n = make_operands(shapes, j.ops, 64);
  double t = best_time(run_einsum, &j, budget);
  for (int i = 0; i < j.n; i++) nd_release(j.ops[i]);
  return t;
}

/* ---- tensordot and matmul of two operands ----------------------------------------- */

typedef struct {
  int axes; /* tensordot's; -1: matmul */
  nd_array *ops[2];
} pair_job;

static void run_pair(void *ctx) {
  pair_job *j = ctx;
  nd_array *r = j->axes < 0 ? nd_matmul(j->ops[0], j->ops[1]) : nd_tensordot(j->ops[0], j->ops[1], j->axes);
  check(r != NULL, j->axes < 0 ? "matmul" : "tensordot");
  nd_release(r);
}

static double pair_case(int axes, char *shapes, double budget) {
  pair_job j = {axes, {NULL, NULL}};
  check(make_operands(shapes, j.ops, 2) == 2, "two operands");
  double t = best_time(run_pair, &j, budget);
  nd_release(j.ops[0]);
  nd_release(j.ops[1]);
  return t;
}

/* ---- the limit ------------------------------------------------------------------------ */

typedef struct {
  int64_t b, m, n, k;
  nd_array *a, *x, *c; /* [B,M,K], [B,K,N], [B,M,N] */
  bool col;            /* the product laid out column-major (m contiguous in C) */
} gemm_job;

static void run_blas(void *ctx) {
  gemm_job *g = ctx;
  const double *a = nd_data(g->a), *x = nd_data(g->x);
  double *c = nd_data(g->c);
  int m = (int)g->m, n = (int)g->n, k = (int)g->k;
  for (int64_t e = 0; e < g->b; e++) {
    const double *ae = a + e * g->m * g->k, *xe = x + e * g->k * g->n;
    double *ce = c + e * g->m * g->n;
    if (n == 1)
      cblas_dgemv(CblasRowMajor, CblasNoTrans, m, k, 1.0, ae, k, xe, 1, 0.0, ce, 1);
    else if (m == 1)
      cblas_dgemv(CblasRowMajor, CblasTrans, k, n, 1.0, xe, n, ae, 1, 0.0, ce, 1);
    else if (k == 1) {
      memset(ce, 0, sizeof(double) * (size_t)(m * n));
      cblas_dger(CblasRowMajor, m, n, 1.0, ae, 1, xe, 1, ce, n);
    } else if (g->col)
      cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0, ae, m, xe, k, 0.0, ce, m);
    else
      cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0, ae, k, xe, n, 0.0, ce, n);
  }
}

static void run_matmul(void *ctx) {
  gemm_job *g = ctx;
  nd_array *r = nd_matmul(g->a, g->x);
  check(r != NULL, "matmul");
  nd_release(r);
}

static double gemm_case(int64_t b, int64_t m, int64_t n, int64_t k, double budget) {
  gemm_job g = {b, m, n, k, random_array(ND_SHAPE(b, m, k), 1), random_array(ND_SHAPE(b, k, n), 2),
                NULL, false};
  g.c = nd_empty(ND_FLOAT64, ND_SHAPE(b, m, n), ND_C);
  check(g.c != NULL, "gemm output");
  double t = best_time(run_blas, &g, budget), t2 = best_time(run_matmul, &g, budget);
  g.col = true; /* OpenBLAS runs some shapes twice as fast one way as the other */
  double t3 = best_time(run_blas, &g, budget);
  nd_release(g.a);
  nd_release(g.x);
  nd_release(g.c);
  t = t2 < t ? t2 : t;
  return t3 < t ? t3 : t;
}

int main(int argc, char **argv) {
  double budget = argc > 1 ? atof(argv[1]) : 0.5;
  char line[8192];
  while (fgets(line, sizeof line, stdin)) {
    char kind[16], name[256], a[4096], b[4096];
    long long B, M, N, K;
    double t;
    if (sscanf(line, "gemm %255s %lld %lld %lld %lld", name, &B, &M, &N, &K) == 5) {
      t = gemm_case(B, M, N, K, budget);
    } else if (sscanf(line, "%15s %255s %4095s %4095s", kind, name, a, b) == 4 &&
               strcmp(kind, "einsum") == 0) {
      t = einsum_case(a, b, budget);
    } else if (sscanf(line, "%15s %255s %4095s %4095s", kind, name, a, b) == 4 &&
               strcmp(kind, "tensordot") == 0) {
      t = pair_case(atoi(a), b, budget);
    } else if (sscanf(line, "%15s %255s %4095s", kind, name, a) == 3 && strcmp(kind, "matmul") == 0) {
      t = pair_case(-1, a, budget);
    } else {
      continue;
    }
    printf("%s\t%.9g\n", name, t);
    fflush(stdout);
  }
  return 0;
}
