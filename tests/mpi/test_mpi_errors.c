/* Collective errors: a mistake on one rank (a NULL matrix, a different value, a matrix the
 * others do not pass) or everywhere (shapes, dtypes, grids, singular matrices) gives the
 * same status and message on every rank, and no rank is left waiting (ctest's TIMEOUT
 * would turn a deadlock into a failure). Each case runs on every rank; MC_AGREED checks
 * that all ranks agree. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mpi_check.h"

static int last = 0; /* the highest rank, the one that makes the mistake */

static void test_creation(nd_grid *g) {
  nd_dmatrix *d = nd_dmatrix_zeros(g, ND_INT64, 4, 4, 2, 2);
  MC_CHECK(!d, "zeros of int64");
  MC_AGREED(ND_ERR_TYPE, "dmatrix_zeros: dtype int64 is not supported (float32, float64, complex64 or complex128)");
  MC_CHECK(!nd_dmatrix_zeros(g, ND_FLOAT64, -1, 4, 2, 2), "negative extent");
  MC_AGREED(ND_ERR_VALUE, "dmatrix_zeros: negative extent in shape [-1,4]");
  MC_CHECK(!nd_dmatrix_zeros(g, ND_FLOAT64, (int64_t)1 << 33, 4, 2, 2), "huge extent");
  MC_AGREED(ND_ERR_OVERFLOW, "does not fit ScaLAPACK's 32-bit integers");
  d = nd_dmatrix_zeros(g, ND_FLOAT64, mc_rank == last ? 5 : 4, 4, 2, 2);
  MC_CHECK(!d || mc_size == 1, "a different m on one rank");
  if (mc_size > 1) MC_AGREED(ND_ERR_VALUE, "dmatrix_zeros: argument m differs between ranks");
  nd_dmatrix_free(d);
  d = nd_dmatrix_eye(mc_rank == last ? NULL : g, ND_FLOAT64, 4, 4, 0, 2, 2);
  MC_CHECK(!d, "NULL grid on one rank");
  MC_AGREED(ND_ERR_NULL, "dmatrix_eye: argument g is NULL");
  MC_CHECK(!nd_dmatrix_fromfunction(g, ND_FLOAT64, 3, 3, 0, 0, NULL, NULL), "NULL function");
  MC_AGREED(ND_ERR_NULL, "dmatrix_fromfunction: argument f is NULL");
}

static void test_scatter_gather(nd_grid *g) {
  nd_array *a = nd_zeros(ND_FLOAT64, ND_SHAPE(3, 4), ND_C), *a3 = nd_zeros(ND_FLOAT64, ND_SHAPE(2, 3, 4), ND_C);
  nd_array *ai = nd_zeros(ND_INT32, ND_SHAPE(3, 4), ND_C);
  MC_CHECK(!nd_dmatrix_scatter(g, mc_rank == 0 ? a3 : NULL, 0, 2, 2), "3-D on the root");
  MC_AGREED(ND_ERR_SHAPE, "dmatrix_scatter: a must be 2-D, got shape [2,3,4]");
  MC_CHECK(!nd_dmatrix_scatter(g, mc_rank == 0 ? ai : NULL, 0, 2, 2), "int32 on the root");
  MC_AGREED(ND_ERR_TYPE, "dmatrix_scatter: dtype int32 is not supported");
  MC_CHECK(!nd_dmatrix_scatter(g, NULL, 0, 2, 2), "NULL on the root");
  MC_AGREED(ND_ERR_NULL, mc_size > 1 ? "argument a is NULL on the root (rank 0) (on rank 0)" : "argument a is NULL on the root");
  MC_CHECK(!nd_dmatrix_scatter(g, a, mc_size, 2, 2), "root out of range");
  MC_AGREED(ND_ERR_VALUE, "root");
  nd_dmatrix *d = nd_dmatrix_scatter(g, a, mc_rank == last ? 0 : mc_size - 1, 2, 2);
  MC_CHECK(!d || mc_size == 1, "different roots");
  if (mc_size > 1) MC_AGREED(ND_ERR_VALUE, "dmatrix_scatter: argument root differs between ranks");
  nd_dmatrix_free(d);
  d = nd_dmatrix_scatter(g, a, 0, 2, 2);
  nd_array *out = NULL;
  MC_CHECK(nd_dmatrix_gather(d, -2, &out) == ND_ERR_VALUE, "gather root -2");
  MC_AGREED(ND_ERR_VALUE, "dmatrix_gather: root -2 is out of range");
  MC_CHECK(nd_dmatrix_gather(d, 0, mc_rank == last ? NULL : &out) == ND_ERR_NULL, "gather NULL out on one rank");
  MC_AGREED(ND_ERR_NULL, "dmatrix_gather: argument out is NULL");
  MC_CHECK(nd_dmatrix_gather(mc_rank == last ? NULL : d, 0, &out) == ND_ERR_NULL, "gather NULL d on one rank");
  MC_AGREED(ND_ERR_NULL, "dmatrix_gather: argument d is NULL");
  MC_CHECK(out == NULL, "out stays NULL on failure");
  nd_dmatrix_free(d);
  nd_release(a), nd_release(a3), nd_release(ai);
}

static void test_operands(nd_grid *g, nd_grid *other) {
  nd_dmatrix *a = nd_dmatrix_eye(g, ND_FLOAT64, 4, 5, 0, 2, 2), *b = nd_dmatrix_eye(g, ND_FLOAT64, 6, 2, 0, 2, 2);
  nd_dmatrix *c = nd_dmatrix_eye(g, ND_FLOAT64, 5, 2, 0, 2, 2), *o = nd_dmatrix_eye(other, ND_FLOAT64, 5, 2, 0, 2, 2);
  MC_CHECK(!nd_dmatrix_matmul(a, b), "inner extents");
  MC_AGREED(ND_ERR_SHAPE, "dmatrix_matmul: [4,5] @ [6,2]: contracted extents differ (5 vs 6)");
  MC_CHECK(!nd_dmatrix_matmul(mc_rank == last ? NULL : a, c), "NULL a on one rank");
  MC_AGREED(ND_ERR_NULL, mc_size > 1 ? "dmatrix_matmul: argument a is NULL (on rank" : "dmatrix_matmul: argument a is NULL");
  /* a matrix the others do not pass: c on the last rank, b elsewhere */
  nd_dmatrix *r = nd_dmatrix_matmul(a, mc_rank == last ? b : c);
  MC_CHECK(!r, "different matrices on one rank");
  if (mc_size > 1) MC_AGREED(ND_ERR_SHAPE, "contracted extents differ (5 vs 6) (on rank");
  else MC_AGREED(ND_ERR_SHAPE, "contracted extents differ");
  nd_dmatrix *c2 = nd_dmatrix_eye(g, ND_FLOAT64, 5, 2, 0, 2, 2);
  r = nd_dmatrix_matmul(a, mc_rank == last ? c2 : c); /* same shape: only the agreement sees it */
  MC_CHECK(!r || mc_size == 1, "another matrix of the same shape on one rank");
  if (mc_size > 1) MC_AGREED(ND_ERR_VALUE, "dmatrix_matmul: argument b differs between ranks");
  nd_dmatrix_free(r);
  if (nd_grid_nprow(other) != nd_grid_nprow(g)) {
    MC_CHECK(!nd_dmatrix_matmul(a, o), "different grids");
    MC_AGREED(ND_ERR_VALUE, "dmatrix_matmul: the operands are on different grids");
  }
  nd_dmatrix *c3 = nd_dmatrix_eye(g, ND_FLOAT64, 5, 2, 0, 3, 3);
  MC_CHECK(!nd_dmatrix_add(c, c3), "blocks differ");
  MC_AGREED(ND_ERR_VALUE, "dmatrix_add: a [5,2] (blocks 2x2) and b [5,2] (blocks 3x3) are distributed differently");
  MC_CHECK(!nd_dmatrix_subtract(a, c), "shapes differ");
  MC_AGREED(ND_ERR_SHAPE, "dmatrix_subtract: a [4,5] (blocks 2x2) and b [5,2]");
  MC_CHECK(!nd_dmatrix_scale(c, mc_rank == last ? ND_FLOAT(2) : ND_FLOAT(3)) || mc_size == 1, "alpha differs");
  if (mc_size > 1) MC_AGREED(ND_ERR_VALUE, "dmatrix_scale: argument alpha differs between ranks");
  nd_clear_error();
  MC_CHECK(!nd_dmatrix_solve(a, c), "solve non-square");
  MC_AGREED(ND_ERR_SHAPE_MATRIX, "dmatrix_solve: a must be square, got [4,5]");
  MC_CHECK(!nd_dmatrix_inv(a), "inv non-square");
  MC_AGREED(ND_ERR_SHAPE_MATRIX, "dmatrix_inv: a must be square, got [4,5]");
  nd_array *w = NULL;
  nd_dmatrix *v = NULL;
  MC_CHECK(nd_dmatrix_eigh(a, &w, &v) == ND_ERR_SHAPE, "eigh non-square");
  MC_AGREED(ND_ERR_SHAPE_MATRIX, "dmatrix_eigh: a must be square, got [4,5]");
  MC_CHECK(nd_dmatrix_eigh_ex(NULL, ND_EIGENSOLVER_AUTO, &w, &v) == ND_ERR_NULL, "NULL a");
  MC_AGREED(ND_ERR_NULL, "dmatrix_eigh: argument a is NULL");
  nd_dmatrix *sq = nd_dmatrix_eye(g, ND_FLOAT64, 5, 5, 0, 2, 2);
  MC_CHECK(nd_dmatrix_eigh_ex(sq, (nd_eigensolver)9, &w, &v) != ND_OK, "bad solver");
  nd_dmatrix_free(sq);
  MC_AGREED(ND_ERR_VALUE, "dmatrix_eigh: invalid solver 9");
  MC_CHECK(!nd_dmatrix_norm(c, ND_NORM_2), "2-norm");
  MC_AGREED(ND_ERR_VALUE, "dmatrix_norm: order 6 is not supported");
  nd_dmatrix *u = NULL, *vh = NULL;
  nd_array *s = NULL;
  MC_CHECK(nd_dmatrix_svd(c, &u, mc_rank == last ? NULL : &s, &vh) == ND_ERR_NULL, "svd NULL s on one rank");
  MC_AGREED(ND_ERR_NULL, "dmatrix_svd: argument s is NULL");
  MC_CHECK(!u && !s && !vh, "svd outputs stay NULL");
  nd_dmatrix *q = NULL, *rr = NULL;
  MC_CHECK(nd_dmatrix_qr(c, mc_rank == last ? ND_QR_COMPLETE : ND_QR_REDUCED, &q, &rr) ==
               (mc_size > 1 ? ND_ERR_VALUE : ND_OK), "qr mode differs");
  if (mc_size > 1) MC_AGREED(ND_ERR_VALUE, "dmatrix_qr: argument mode differs between ranks");
  nd_dmatrix_free(q), nd_dmatrix_free(rr);
  /* a rank with only NULL handles agrees over its newest grid */
  nd_dmatrix *sq2 = nd_dmatrix_eye(g, ND_FLOAT64, 5, 5, 0, 2, 2);
  w = nd_dmatrix_eigvalsh(mc_rank == last ? NULL : sq2);
  MC_CHECK(!w, "eigvalsh with NULL on one rank");
  MC_AGREED(ND_ERR_NULL, "dmatrix_eigvalsh: argument a is NULL");
  nd_dmatrix_free(sq2);
  nd_dmatrix_free(a), nd_dmatrix_free(b), nd_dmatrix_free(c), nd_dmatrix_free(c2), nd_dmatrix_free(c3);
  nd_dmatrix_free(o);
}

/* 6 I with a NaN or infinity at (5, 4): in the lower triangle, on one rank only. */
static double nonfinite(int64_t i, int64_t j, void *ctx) {
  if (i == 5 && j == 4) return *(double *)ctx;
  return i == j ? 6.0 : 0.0;
}

/* Infinities and NaNs: refused as nd's serial functions refuse them, on every rank alike
 * (ELPA hung on a NaN, p?syevd refused an argument, p?potrf passed it into the factor). */
static void test_nonfinite(nd_grid *g) {
  double bad[2] = {NAN, -INFINITY};
  for (int k = 0; k < 2; k++)
    for (int ti = 0; ti < 4; ti++) {
      nd_dtype t = mc_dtypes[ti];
      mc_case("grid %dx%d, %s: %g in the lower triangle", nd_grid_nprow(g), nd_grid_npcol(g), nd_dtype_name(t), bad[k]);
      nd_dmatrix *a = nd_dmatrix_fromfunction(g, t, 6, 6, 2, 2, nonfinite, &bad[k]), *v = NULL;
      nd_array *w = NULL;
      nd_eigensolver solvers[3] = {ND_EIGENSOLVER_AUTO, ND_EIGENSOLVER_SCALAPACK, ND_EIGENSOLVER_ELPA};
      for (int si = 0; si < (nd_mpi_have_elpa() ? 3 : 2); si++) {
        MC_CHECK(nd_dmatrix_eigh_ex(a, solvers[si], &w, &v) == ND_ERR_LINALG && !w && !v, "eigh of a NaN");
        MC_AGREED(ND_ERR_LINALG, "dmatrix_eigh: the matrix contains infinities or NaNs");
        MC_CHECK(!nd_dmatrix_eigvalsh_ex(a, solvers[si]), "eigvalsh of a NaN");
        MC_AGREED(ND_ERR_LINALG, "dmatrix_eigvalsh: the matrix contains infinities or NaNs");
      }
      MC_CHECK(!nd_dmatrix_cholesky(a, false), "cholesky of a NaN");
      MC_AGREED(ND_ERR_LINALG, "dmatrix_cholesky: the matrix contains infinities or NaNs");
      nd_dmatrix *u = nd_dmatrix_cholesky(a, true); /* the upper triangle is finite */
      MC_CHECK(u != NULL, "cholesky reading the finite upper triangle: %s", nd_last_error());
      nd_dmatrix *uu = NULL, *vh = NULL;
      MC_CHECK(nd_dmatrix_svd(a, &uu, &w, &vh) == ND_ERR_LINALG && !uu && !w && !vh, "svd of a NaN");
      MC_AGREED(ND_ERR_LINALG, "dmatrix_svd: the matrix contains infinities or NaNs");
      nd_dmatrix_free(u), nd_dmatrix_free(a);
    }
}

/* ND_MPI_EIGENSOLVER set differently on one rank: an agreed error, not two solvers'
 * collectives waiting for each other. */
static void test_solver_environment(nd_grid *g) {
  if (mc_size == 1) return;
  nd_dmatrix *a = nd_dmatrix_eye(g, ND_FLOAT64, 6, 6, 0, 2, 2), *v = NULL;
  nd_array *w = NULL;
  setenv("ND_MPI_EIGENSOLVER", mc_rank == last ? "elpa" : "scalapack", 1);
  MC_CHECK(nd_dmatrix_eigh(a, &w, &v) == ND_ERR_VALUE && !w && !v, "ND_MPI_EIGENSOLVER differs");
  MC_AGREED(ND_ERR_VALUE, "dmatrix_eigh: argument solver (ND_MPI_EIGENSOLVER) differs between ranks");
  /* unset on one rank: AUTO picks ScaLAPACK on a grid of several ranks */
  if (nd_mpi_have_elpa()) {
    setenv("ND_MPI_EIGENSOLVER", "elpa", 1);
    if (mc_rank == last) unsetenv("ND_MPI_EIGENSOLVER");
    MC_CHECK(!nd_dmatrix_eigvalsh(a), "ND_MPI_EIGENSOLVER unset on one rank");
    MC_AGREED(ND_ERR_VALUE, "dmatrix_eigvalsh: argument solver (ND_MPI_EIGENSOLVER) differs between ranks");
  }
  unsetenv("ND_MPI_EIGENSOLVER");
  nd_dmatrix_free(a);
}

/* An invalid scalar kind is named as dmatrix_scale's error, not as the nd function's
 * that scales the pieces. */
static void test_scale_kind(nd_grid *g) {
  nd_dmatrix *a = nd_dmatrix_eye(g, ND_FLOAT32, 3, 3, 0, 2, 2);
  nd_scalar s = ND_FLOAT(2.0);
  s.kind = (nd_scalar_kind)9;
  MC_CHECK(!nd_dmatrix_scale(a, s), "invalid scalar kind");
  MC_AGREED(ND_ERR_VALUE, "dmatrix_scale: invalid scalar kind 9");
  nd_dmatrix_free(a);
}

static void test_numerical_failures(nd_grid *g) {
  /* singular: a zero matrix; not positive definite: -I; the same ND_ERR_LINALG everywhere */
  nd_dmatrix *z = nd_dmatrix_zeros(g, ND_FLOAT64, 6, 6, 2, 2), *b = nd_dmatrix_eye(g, ND_FLOAT64, 6, 2, 0, 2, 2);
  nd_dmatrix *e = nd_dmatrix_eye(g, ND_COMPLEX128, 6, 6, 0, 2, 2), *ne = nd_dmatrix_scale(e, ND_FLOAT(-1));
  MC_CHECK(!nd_dmatrix_solve(z, b), "solve singular");
  MC_AGREED(ND_ERR_LINALG, "dmatrix_solve: the matrix is singular (U(1,1) is exactly zero)");
  MC_CHECK(!nd_dmatrix_inv(z), "inv singular");
  MC_AGREED(ND_ERR_LINALG, "dmatrix_inv: the matrix is singular");
  MC_CHECK(!nd_dmatrix_cholesky(ne, false), "cholesky of -I");
  MC_AGREED(ND_ERR_LINALG, "dmatrix_cholesky: the matrix is not positive definite (the leading minor of order 1 is not)");
  /* and a chain of calls keeps the first failure: NULL in, NULL out, message kept */
  nd_dmatrix *x = nd_dmatrix_solve(z, b);
  nd_dmatrix *y = nd_dmatrix_matmul(x, b);
  nd_array *w = nd_dmatrix_eigvalsh(y);
  MC_CHECK(!x && !y && !w, "a failed chain");
  MC_AGREED(ND_ERR_LINALG, "dmatrix_solve: the matrix is singular");
  nd_dmatrix_free(z), nd_dmatrix_free(b), nd_dmatrix_free(e), nd_dmatrix_free(ne);
}

static void test_grids(nd_grid *g) {
  MC_CHECK(!nd_grid_new(MPI_COMM_WORLD, mc_size + 1, 1), "too many rows");
  MC_AGREED(ND_ERR_VALUE, "grid_new: a");
  MC_CHECK(!nd_grid_new(MPI_COMM_WORLD, -1, 0), "negative rows");
  MC_AGREED(ND_ERR_VALUE, "grid_new: negative grid extent (-1 x 0)");
  if (mc_size == 4) {
    MC_CHECK(!nd_grid_new(MPI_COMM_WORLD, 3, 0), "rows that do not divide");
    MC_AGREED(ND_ERR_VALUE, "grid_new: 3 rows of processes do not divide 4 ranks");
  }
  if (mc_size > 1) {
    nd_grid *h = nd_grid_new(MPI_COMM_WORLD, mc_rank == last ? 1 : mc_size, 0);
    MC_CHECK(!h, "different nprow on one rank");
    MC_AGREED(ND_ERR_VALUE, "grid_new: argument nprow differs between ranks");
    nd_grid_free(h);
  }
  MC_CHECK(!nd_grid_new(MPI_COMM_NULL, 0, 0), "MPI_COMM_NULL");
  MC_ERROR(ND_ERR_VALUE, "grid_new: the communicator is MPI_COMM_NULL");
  /* redistribution to a grid over other ranks */
  if (mc_size > 1) {
    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, mc_rank % 2, mc_rank, &half);
    nd_grid *hg = nd_grid_new(half, 0, 0);
    nd_dmatrix *a = nd_dmatrix_eye(g, ND_FLOAT64, 5, 5, 0, 2, 2);
    MC_CHECK(!nd_dmatrix_redistribute(a, hg, 2, 2), "redistribute to another set of ranks");
    MC_AGREED(ND_ERR_VALUE, "dmatrix_redistribute");
    nd_dmatrix_free(a);
    nd_grid_free(hg);
    MPI_Comm_free(&half);
  }
}

int main(int argc, char **argv) {
  mc_init(&argc, &argv, "test_mpi_errors");
  last = mc_size - 1;
  int rows[4], cols[4], ngrids = mc_grid_shapes(rows, cols);
  for (int gi = 0; gi < ngrids; gi++) {
    mc_case("grid %dx%d", rows[gi], cols[gi]);
    nd_grid *g = nd_grid_new(MPI_COMM_WORLD, rows[gi], cols[gi]);
    nd_grid *other = nd_grid_new(MPI_COMM_WORLD, cols[gi], rows[gi]);
    nd_clear_error();
    test_creation(g);
    test_scatter_gather(g);
    test_operands(g, other);
    test_numerical_failures(g);
    test_nonfinite(g);
    test_solver_environment(g);
    test_scale_kind(g);
    test_grids(g);
    nd_grid_free(other);
    nd_grid_free(g);
  }
  return mc_finish();
}
