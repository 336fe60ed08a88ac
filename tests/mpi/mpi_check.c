/* The MPI test harness (see mpi_check.h). */
#include "mpi_check.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int mc_rank = 0, mc_size = 1;
static const char *test_name = "";
static long failures = 0, checks = 0;
static char current[256] = "";

const nd_dtype mc_dtypes[4] = {ND_FLOAT32, ND_FLOAT64, ND_COMPLEX64, ND_COMPLEX128};

void mc_init(int *argc, char ***argv, const char *name) {
  MPI_Init(argc, argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &mc_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &mc_size);
  test_name = name;
}

int mc_finish(void) {
  long mine[2] = {failures, checks}, total[2] = {0, 0};
  MPI_Allreduce(mine, total, 2, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (mc_rank == 0) printf("%s on %d rank%s: %s (%ld of %ld checks failed)\n", test_name, mc_size,
                           mc_size > 1 ? "s" : "", total[0] ? "FAILED" : "passed", total[0], total[1]);
  MPI_Finalize();
  return total[0] ? 1 : 0;
}

void mc_case(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(current, sizeof current, fmt, ap);
  va_end(ap);
  if (getenv("MC_TRACE")) fprintf(stderr, "[rank %d] case: %s\n", mc_rank, current); /* debugging aid */
}

bool mc_check_at(bool cond, const char *file, int line, const char *fmt, ...) {
  checks++;
  if (cond) return true;
  failures++;
  char msg[1200];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fprintf(stderr, "[rank %d] %s:%d: %s [case: %s]\n", mc_rank, file, line, msg, current);
  return false;
}

bool mc_error_at(int s, const char *fragment, const char *file, int line) {
  /* an extended code is compared as such, a status with the recorded status */
  int got = (s & ~0xff) == 0 ? (int)nd_last_status() : nd_last_extended_status();
  bool ok = got == s && strstr(nd_last_error(), fragment) != NULL;
  mc_check_at(ok, file, line, "expected %s containing \"%s\", got %s: \"%s\"", nd_status_name(s),
              fragment, nd_status_name(got), nd_last_error());
  nd_clear_error();
  return ok;
}

bool mc_agreed_at(int s, const char *fragment, const char *file, int line) {
  /* the message's hash and the extended code, min and max over the ranks */
  uint64_t h = 1469598103934665603ULL;
  for (const char *p = nd_last_error(); *p; p++) h = (h ^ (unsigned char)*p) * 1099511628211ULL;
  long code = nd_last_extended_status();
  long v[4] = {(long)(h >> 2), -(long)(h >> 2), code, -code};
  MPI_Allreduce(MPI_IN_PLACE, v, 4, MPI_LONG, MPI_MIN, MPI_COMM_WORLD);
  bool same = v[0] == -v[1] && v[2] == -v[3];
  mc_check_at(same, file, line, "the ranks disagree on the error (this rank: %s \"%s\")",
              nd_status_name((int)code), nd_last_error());
  return mc_error_at(s, fragment, file, line) && same;
}

int mc_grid_shapes(int rows[4], int cols[4]) {
  int n = 0, sq = 1;
  for (int d = 1; d * d <= mc_size; d++)
    if (mc_size % d == 0) sq = d;
  rows[n] = mc_size, cols[n++] = 1;
  if (mc_size > 1) rows[n] = 1, cols[n++] = mc_size;
  if (sq > 1 && sq * sq == mc_size) rows[n] = sq, cols[n++] = sq;
  else if (sq > 1) rows[n] = sq, cols[n++] = mc_size / sq;
  return n;
}

double mc_tol(nd_dtype t) { return t == ND_FLOAT32 || t == ND_COMPLEX64 ? 2e-4 : 1e-10; }

static double hash01(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return (double)(x >> 11) / 9007199254740992.0; /* [0, 1) */
}

double mc_value(int64_t i, int64_t j, void *seed) {
  uint64_t s = (uint64_t)(uintptr_t)seed;
  return 2.0 * hash01(s * 1000003u + (uint64_t)i * 7919u + (uint64_t)j * 104729u) - 1.0;
}

void mc_value_complex(int64_t i, int64_t j, void *seed, double *re, double *im) {
  *re = mc_value(i, j, seed);
  *im = mc_value(i, j, (void *)((uintptr_t)seed + 7777));
}

nd_array *mc_dense(nd_dtype t, int64_t m, int64_t n, uintptr_t seed) {
  bool cplx = t == ND_COMPLEX64 || t == ND_COMPLEX128;
  nd_array *re = nd_empty(ND_FLOAT64, ND_SHAPE(m, n), ND_C);
  nd_array *im = nd_empty(ND_FLOAT64, ND_SHAPE(m, n), ND_C);
  double *pr = nd_data(re), *pi = nd_data(im);
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++) {
      double a, b = 0;
      if (cplx) mc_value_complex(i, j, (void *)seed, &a, &b);
      else a = mc_value(i, j, (void *)seed);
      pr[i * n + j] = a;
      pi[i * n + j] = b;
    }
  nd_array *out;
  if (cplx) {
    nd_scope_begin();
    out = nd_keep(nd_astype(nd_add(nd_astype(re, t), nd_multiply_scalar(nd_astype(im, t), ND_COMPLEX(0, 1))), t));
    nd_scope_end();
  } else {
    out = nd_astype(re, t);
  }
  nd_release(re);
  nd_release(im);
  return out;
}

nd_dmatrix *mc_dist(nd_grid *g, nd_dtype t, int64_t m, int64_t n, int64_t mb, int64_t nb,
                    uintptr_t seed) {
  if (t == ND_COMPLEX64 || t == ND_COMPLEX128)
    return nd_dmatrix_fromfunction_complex(g, t, m, n, mb, nb, mc_value_complex, (void *)seed);
  return nd_dmatrix_fromfunction(g, t, m, n, mb, nb, mc_value, (void *)seed);
}

nd_array *mc_gather(const nd_dmatrix *d) {
  nd_array *out = NULL;
  MC_CHECK(nd_dmatrix_gather(d, -1, &out) == ND_OK && out, "gather: %s", nd_last_error());
  return out;
}

double mc_maxabs(const nd_array *x) {
  if (nd_size(x) == 0) return 0;
  nd_scope_begin();
  double v = NAN;
  nd_item_double(nd_max(nd_abs(x), -1, NULL, false), &v);
  nd_scope_end();
  return v;
}

bool mc_close(const nd_array *got, const nd_array *want, double tol, const char *what) {
  if (!MC_CHECK(got && want, "%s: missing result (%s)", what, nd_last_error())) return false;
  bool same_shape = nd_ndim(got) == nd_ndim(want);
  for (int i = 0; same_shape && i < nd_ndim(got); i++) same_shape = nd_shape(got)[i] == nd_shape(want)[i];
  if (!MC_CHECK(same_shape, "%s: shapes differ", what)) return false;
  nd_array *diff = nd_subtract(got, want);
  double err = mc_maxabs(diff), scale = mc_maxabs(want);
  nd_release(diff);
  if (scale < 1) scale = 1;
  return MC_CHECK(err <= tol * scale, "%s: max |got - want| = %.3g (tolerance %.3g)", what, err,
                  tol * scale);
}

double mc_solver_tol(nd_dtype t) { return t == ND_FLOAT32 || t == ND_COMPLEX64 ? 2e-3 : 1e-9; }

nd_array *mc_conj_transpose(const nd_array *x) {
  nd_array *t = nd_matrix_transpose((nd_array *)x), *h = nd_conj(t);
  nd_release(t);
  return h;
}

void mc_check_svd(const nd_array *a, const nd_array *u, const nd_array *s, const nd_array *vh) {
  if (!u || !s || !vh) return;
  nd_dtype t = nd_dtype_of(a);
  int64_t k = nd_shape(s)[0];
  nd_array *us = nd_multiply(u, s), *usv = nd_matmul(us, vh), *uh = mc_conj_transpose(u);
  nd_array *uhu = nd_matmul(uh, u), *vhh = mc_conj_transpose(vh), *vvh = nd_matmul(vh, vhh);
  nd_array *eye = nd_eye(t, k, k, 0);
  mc_close(usv, a, mc_solver_tol(t), "svd: u diag(s) vh = a");
  mc_close(uhu, eye, mc_solver_tol(t), "svd: u^H u = I");
  mc_close(vvh, eye, mc_solver_tol(t), "svd: vh vh^H = I");
  nd_release(us), nd_release(usv), nd_release(uh), nd_release(uhu), nd_release(vhh);
  nd_release(vvh), nd_release(eye);
}
