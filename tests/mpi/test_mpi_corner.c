/* Corner cases of the distributed solvers, found by checking nd_mpi against NumPy from
 * outside: matrices that few blocks or few processes hold (ScaLAPACK's eigensolvers and
 * p?gesvd misbehave there), ELPA's inputs and sizes, results that must be bitwise the
 * same on every rank. Each case compares with nd's serial result on the whole matrix. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpi_check.h"

/* Every rank holds the same bytes in x (an array promised to be the same on every rank). */
static void same_everywhere(const nd_array *x, const char *what) {
  uint64_t h = 1469598103934665603ULL;
  if (x) {
    const unsigned char *p = nd_data(x);
    for (size_t i = 0; i < nd_nbytes(x); i++) h = (h ^ p[i]) * 1099511628211ULL;
  }
  long v[2] = {(long)(h >> 2), -(long)(h >> 2)};
  MPI_Allreduce(MPI_IN_PLACE, v, 2, MPI_LONG, MPI_MIN, MPI_COMM_WORLD);
  MC_CHECK(x && v[0] == -v[1], "%s differs between ranks", what);
}

/* The Hermitian (X + X^H) / 2 of the values of `seed`, whole on every rank. */
static nd_array *hermitian_whole(nd_dtype t, int64_t n, uintptr_t seed) {
  nd_array *x = mc_dense(t, n, n, seed), *xh = mc_conj_transpose(x), *s = nd_add(x, xh);
  nd_array *h = nd_multiply_scalar(s, ND_FLOAT(0.5));
  nd_release(x), nd_release(xh), nd_release(s);
  return h;
}

/* eigh and eigvalsh with solver s on src (whose lower triangle is the Hermitian aw's)
 * distributed with mb x nb blocks: w as nd_linalg_eigvalsh's and the same on every rank,
 * a v = v diag(w), v^H v = I. */
static void check_eigh(nd_grid *g, const nd_array *src, const nd_array *aw, int64_t mb, int64_t nb,
                       nd_eigensolver s) {
  nd_dtype t = nd_dtype_of(aw);
  int64_t n = nd_shape(aw)[0];
  nd_dmatrix *a = nd_dmatrix_scatter(g, src, 0, mb, nb), *v = NULL;
  nd_array *w = NULL;
  MC_OK(nd_dmatrix_eigh_ex(a, s, &w, &v));
  nd_array *want = nd_linalg_eigvalsh(aw), *vw = mc_gather(v);
  mc_close(w, want, mc_solver_tol(t), "eigh: w");
  same_everywhere(w, "eigh: w");
  if (vw && w) {
    nd_array *av = nd_matmul(aw, vw), *vd = nd_multiply(vw, w), *vh = mc_conj_transpose(vw), *vhv = nd_matmul(vh, vw);
    nd_array *eye = nd_eye(t, n, n, 0);
    mc_close(av, vd, mc_solver_tol(t), "eigh: a v = v diag(w)");
    mc_close(vhv, eye, mc_solver_tol(t), "eigh: v^H v = I");
    nd_release(av), nd_release(vd), nd_release(vh), nd_release(vhv), nd_release(eye);
  }
  nd_array *w2 = nd_dmatrix_eigvalsh_ex(a, s);
  mc_close(w2, want, mc_solver_tol(t), "eigvalsh");
  same_everywhere(w2, "eigvalsh");
  nd_release(w2), nd_release(w), nd_release(want), nd_release(vw);
  nd_dmatrix_free(a), nd_dmatrix_free(v);
}

static const nd_eigensolver solvers[3] = {ND_EIGENSOLVER_AUTO, ND_EIGENSOLVER_SCALAPACK, ND_EIGENSOLVER_ELPA};

/* Matrices held by one block, or by fewer block columns than the grid has columns: the
 * processes without a column of the matrix got wrong eigenvalues from p?syevd. */
static void test_eigh_few_blocks(nd_grid *g, nd_dtype t) {
  static const int64_t cases[][3] = {{5, 8, 8}, {7, 100, 100}, {6, 4, 4}, {9, 3, 5}, {2, 1, 1}};
  int nsolvers = nd_mpi_have_elpa() ? 3 : 2;
  for (int i = 0; i < 5; i++)
    for (int si = 0; si < nsolvers; si++) {
      mc_case("grid %dx%d, %s: eigh n=%lld blocks %lldx%lld solver %d", nd_grid_nprow(g), nd_grid_npcol(g),
              nd_dtype_name(t), (long long)cases[i][0], (long long)cases[i][1], (long long)cases[i][2],
              (int)solvers[si]);
      nd_array *aw = hermitian_whole(t, cases[i][0], 31);
      check_eigh(g, aw, aw, cases[i][1], cases[i][2], solvers[si]);
      nd_release(aw);
    }
}

/* Only the lower triangle is read, as by nd_linalg_eigh: the strict upper triangle and the
 * imaginary parts of the diagonal hold other values (ELPA read them). */
static void test_eigh_lower_only(nd_grid *g, nd_dtype t) {
  static const int64_t cases[][3] = {{9, 2, 2}, {16, 3, 3}, {20, 8, 8}};
  int nsolvers = nd_mpi_have_elpa() ? 3 : 2;
  for (int i = 0; i < 3; i++)
    for (int si = 0; si < nsolvers; si++) {
      int64_t n = cases[i][0];
      mc_case("grid %dx%d, %s: eigh of a lower triangle n=%lld blocks %lld solver %d", nd_grid_nprow(g),
              nd_grid_npcol(g), nd_dtype_name(t), (long long)n, (long long)cases[i][1], (int)solvers[si]);
      nd_array *aw = hermitian_whole(t, n, 43), *src = nd_copy(aw, ND_C);
      for (int64_t r = 0; r < n; r++) {
        for (int64_t col = r + 1; col < n; col++) nd_set_double(src, (int64_t[]){r, col}, 1e3 + (double)col);
        if (nd_dtype_is_complex(t)) {
          double re, im;
          nd_get_complex(src, (int64_t[]){r, r}, &re, &im);
          nd_array *d = nd_indexf(src, "%lld, %lld", (long long)r, (long long)r);
          nd_fill_scalar(d, ND_COMPLEX(re, 7.0));
          nd_release(d);
        }
      }
      check_eigh(g, src, aw, cases[i][1], cases[i][2], solvers[si]);
      nd_release(aw), nd_release(src);
    }
}

/* Complex sizes n = k nbw + 1 (k below the grid's rows, nbw ELPA's intermediate bandwidth:
 * the smallest multiple of the block >= 32), where ELPA 2022.11's two-stage solver gave
 * wrong eigenvectors. */
static void test_elpa_sizes(nd_grid *g, nd_dtype t) {
  static const int64_t cases[][2] = {{33, 4}, {65, 4}, {97, 1}, {35, 17}, {49, 48}};
  if (!nd_mpi_have_elpa() || !nd_dtype_is_complex(t)) return;
  for (int i = 0; i < 5; i++) {
    mc_case("grid %dx%d, %s: ELPA n=%lld blocks %lld", nd_grid_nprow(g), nd_grid_npcol(g), nd_dtype_name(t),
            (long long)cases[i][0], (long long)cases[i][1]);
    nd_array *aw = hermitian_whole(t, cases[i][0], 47);
    check_eigh(g, aw, aw, cases[i][1], cases[i][1], ND_EIGENSOLVER_ELPA);
    nd_release(aw);
  }
}

/* s as nd_linalg_svdvals and the same on every rank, u diag(s) vh = a, u^H u = I,
 * vh vh^H = I. */
static void check_svd(nd_grid *g, nd_dtype t, int64_t m, int64_t n, int64_t mb, int64_t nb) {
  mc_case("grid %dx%d, %s: svd [%lld,%lld] blocks %lldx%lld", nd_grid_nprow(g), nd_grid_npcol(g),
          nd_dtype_name(t), (long long)m, (long long)n, (long long)mb, (long long)nb);
  nd_dmatrix *a = mc_dist(g, t, m, n, mb, nb, 41), *u = NULL, *vh = NULL;
  nd_array *s = NULL;
  MC_OK(nd_dmatrix_svd(a, &u, &s, &vh));
  nd_array *aw = mc_dense(t, m, n, 41), *want = nd_linalg_svdvals(aw), *uw = mc_gather(u), *vw = mc_gather(vh);
  mc_close(s, want, mc_solver_tol(t), "svd: s");
  same_everywhere(s, "svd: s");
  int64_t ub[2] = {0, 0};
  nd_dmatrix_blocks(u, &ub[0], &ub[1]);
  MC_CHECK(!u || (ub[0] == mb && ub[1] == mb), "svd: u has square blocks of a's row block size");
  mc_check_svd(aw, uw, s, vw);
  nd_release(s), nd_release(aw), nd_release(want), nd_release(uw), nd_release(vw);
  nd_dmatrix_free(a), nd_dmatrix_free(u), nd_dmatrix_free(vh);
}

/* Matrices with fewer rows and columns than the grid has processes (p?gesvd reported
 * "heterogeneity" as a failure to converge), vectors (a 1 x 2 matrix hung it), and the
 * sizes around them. */
static void test_svd_small(nd_grid *g, nd_dtype t) {
  static const int64_t cases[][4] = {{2, 2, 1, 1}, {3, 3, 1, 1}, {3, 2, 2, 2}, {2, 3, 3, 3}, {3, 3, 8, 8},
                                     {1, 2, 1, 1}, {1, 2, 3, 3}, {2, 1, 1, 1}, {1, 7, 2, 2}, {6, 1, 2, 3},
                                     {1, 1, 1, 1}, {4, 4, 1, 1}, {5, 3, 2, 2}};
  for (int i = 0; i < 13; i++) check_svd(g, t, cases[i][0], cases[i][1], cases[i][2], cases[i][3]);
}

int main(int argc, char **argv) {
  mc_init(&argc, &argv, "test_mpi_corner");
  /* as test_mpi_linalg: the tridiagonal and bidiagonal reductions meet OpenBLAS 0.3.21's
   * over-reads under AddressSanitizer, so the cases that use them run in the release build */
  bool skip_reductions = getenv("ND_MPI_TEST_UNDER_ASAN") != NULL;
  if (skip_reductions && mc_rank == 0)
    printf("test_mpi_corner: eigh and svd cases skipped under ASan (see test_mpi_linalg.c)\n");
  int rows[4], cols[4], ngrids = mc_grid_shapes(rows, cols);
  for (int gi = 0; gi < ngrids; gi++) {
    nd_grid *g = nd_grid_new(MPI_COMM_WORLD, rows[gi], cols[gi]);
    MC_NONNULL(g, "grid_new");
    for (int ti = 0; ti < 4 && !skip_reductions; ti++) {
      nd_dtype t = mc_dtypes[ti];
      test_eigh_few_blocks(g, t);
      test_svd_small(g, t);
      test_eigh_lower_only(g, t);
      test_elpa_sizes(g, t);
    }
    nd_grid_free(g);
  }
  return mc_finish();
}
