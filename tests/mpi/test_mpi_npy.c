/* Parallel .npy files: nd_dmatrix_load_npy reads NumPy's files (C and F order, both byte
 * orders, every dtype) into every grid shape and block size, compared with nd's serial
 * nd_load_npy of the same file; nd_dmatrix_save_npy writes C and F order files that the
 * serial reader (and NumPy, in npy_numpy.py read) reads back; malformed files and bad
 * paths fail on every rank alike. ND_MPI_NPY_DIR names NumPy's files (written by
 * npy_numpy.py write); without it those cases are skipped. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "mpi_check.h"

static const char *names[] = {"f4", "f8", "c8", "c16", "f8be", "c8be"};
static const int64_t shapes[][2] = {{37, 23}, {1, 5}, {6, 1}, {0, 4}};
static const int64_t blocks[][2] = {{4, 3}, {1, 1}, {64, 64}};

static void test_numpy_files(nd_grid *g, const char *dir) {
  char path[512];
  for (int f = 0; f < 6; f++)
    for (int s = 0; s < 4; s++)
      for (int o = 0; o < 2; o++)
        for (int b = 0; b < 3; b++) {
          snprintf(path, sizeof path, "%s/np_%s_%lldx%lld_%c.npy", dir, names[f], (long long)shapes[s][0],
                   (long long)shapes[s][1], "CF"[o]);
          mc_case("grid %dx%d: %s, blocks %lldx%lld", nd_grid_nprow(g), nd_grid_npcol(g), path,
                  (long long)blocks[b][0], (long long)blocks[b][1]);
          nd_dmatrix *d = nd_dmatrix_load_npy(g, path, blocks[b][0], blocks[b][1]);
          MC_NONNULL(d, "dmatrix_load_npy");
          nd_array *want = nd_load_npy(path), *got = d ? mc_gather(d) : NULL;
          mc_close(got, want, 0, "dmatrix_load_npy of NumPy's file");
          MC_CHECK(!got || !want || nd_dtype_of(got) == nd_dtype_of(want), "dtype");
          nd_release(got);
          nd_release(want);
          nd_dmatrix_free(d);
        }
}

static void test_round_trip(nd_grid *g, const char *out) {
  char path[1024], ref[1024];
  for (int t = 0; t < 4; t++)
    for (int s = 0; s < 4; s++)
      for (int o = 0; o < 2; o++) {
        nd_dtype dt = mc_dtypes[t];
        int64_t m = shapes[s][0], n = shapes[s][1];
        snprintf(path, sizeof path, "%s/dist_%s_%lldx%lld_%c.npy", out, nd_dtype_name(dt), (long long)m,
                 (long long)n, "CF"[o]);
        snprintf(ref, sizeof ref, "%s/ref_%s_%lldx%lld_%c.npy", out, nd_dtype_name(dt), (long long)m,
                 (long long)n, "CF"[o]);
        mc_case("grid %dx%d: writing %s", nd_grid_nprow(g), nd_grid_npcol(g), path);
        nd_dmatrix *d = mc_dist(g, dt, m, n, 5, 3, 40 + t);
        nd_array *whole = mc_dense(dt, m, n, 40 + t);
        MC_OK(nd_dmatrix_save_npy(path, d, o ? ND_F : ND_C));
        /* the serial reader sees the matrix, in the order asked for */
        nd_array *back = nd_load_npy(path);
        mc_close(back, whole, 0, "nd_load_npy of dmatrix_save_npy's file");
        MC_CHECK(!back || m * n <= 1 || nd_is_contiguous(back, o ? ND_F : ND_C), "file order");
        /* and the parallel reader, on other blocks */
        nd_dmatrix *e = nd_dmatrix_load_npy(g, path, 2, 7);
        nd_array *again = e ? mc_gather(e) : NULL;
        mc_close(again, whole, 0, "dmatrix_load_npy of dmatrix_save_npy's file");
        if (mc_rank == 0) { /* the serial writer's file of the same matrix, for NumPy */
          nd_array *w = o ? nd_copy(whole, ND_F) : nd_retain(whole);
          MC_OK(nd_save_npy(ref, w));
          nd_release(w);
        }
        nd_release(back), nd_release(again), nd_release(whole);
        nd_dmatrix_free(d), nd_dmatrix_free(e);
      }
  /* an existing longer file is cut to the new length */
  snprintf(path, sizeof path, "%s/shrink.npy", out);
  nd_dmatrix *big = mc_dist(g, ND_FLOAT64, 30, 30, 4, 4, 1), *small = mc_dist(g, ND_FLOAT64, 3, 2, 4, 4, 2);
  MC_OK(nd_dmatrix_save_npy(path, big, ND_C));
  MC_OK(nd_dmatrix_save_npy(path, small, ND_F));
  nd_array *back = nd_load_npy(path), *want = mc_dense(ND_FLOAT64, 3, 2, 2);
  mc_close(back, want, 0, "overwrite a longer file");
  nd_release(back), nd_release(want);
  nd_dmatrix_free(big), nd_dmatrix_free(small);
}

static void test_errors(nd_grid *g, const char *dir) {
  char path[512];
  nd_dmatrix *d;
  d = nd_dmatrix_load_npy(g, "no/such/file.npy", 0, 0);
  MC_CHECK(!d, "missing file");
  MC_ERROR(ND_ERR_IO, "dmatrix_load_npy: file 'no/such/file.npy': cannot open for reading");
  if (dir) {
    snprintf(path, sizeof path, "%s/bad_3d.npy", dir);
    MC_CHECK(!nd_dmatrix_load_npy(g, path, 0, 0), "3-D file");
    MC_ERROR(ND_ERR_SHAPE, "holds a 3-D array; a distributed matrix is 2-D");
    snprintf(path, sizeof path, "%s/bad_int64.npy", dir);
    MC_CHECK(!nd_dmatrix_load_npy(g, path, 0, 0), "int64 file");
    MC_ERROR(ND_ERR_TYPE, "holds int64, which is not supported");
    snprintf(path, sizeof path, "%s/bad_truncated.npy", dir);
    MC_CHECK(!nd_dmatrix_load_npy(g, path, 0, 0), "truncated file");
    MC_ERROR(ND_ERR_IO, "truncated file");
  }
  d = mc_dist(g, ND_FLOAT64, 4, 4, 2, 2, 1);
  MC_CHECK(nd_dmatrix_save_npy("no/such/dir/x.npy", d, ND_C) == ND_ERR_IO, "unwritable path");
  MC_ERROR(ND_ERR_IO, "dmatrix_save_npy: file 'no/such/dir/x.npy': cannot open for writing");
  MC_CHECK(nd_dmatrix_save_npy("x.npy", d, ND_A) == ND_ERR_VALUE, "order A");
  MC_ERROR(ND_ERR_VALUE, "order must be ND_C or ND_F");
  /* a different path on one rank is caught before any file is touched */
  MC_CHECK(nd_dmatrix_save_npy(mc_rank == mc_size - 1 ? "other.npy" : "one.npy", d, ND_C) ==
               (mc_size > 1 ? ND_ERR_VALUE : ND_OK), "paths that differ between ranks");
  if (mc_size > 1) MC_ERROR(ND_ERR_VALUE, "dmatrix_save_npy: argument path differs between ranks");
  MC_CHECK(nd_dmatrix_save_npy(NULL, d, ND_C) == ND_ERR_NULL, "NULL path");
  MC_ERROR(ND_ERR_NULL, "argument path is NULL");
  nd_dmatrix_free(d);
  if (mc_rank == 0) remove("one.npy");
}

int main(int argc, char **argv) {
  mc_init(&argc, &argv, "test_mpi_npy");
  const char *dir = getenv("ND_MPI_NPY_DIR");
  char out[512];
  snprintf(out, sizeof out, "%s/np%d", dir ? dir : "mpi_npy_out", mc_size);
  if (mc_rank == 0) {
    mkdir(dir ? dir : "mpi_npy_out", 0755);
    mkdir(out, 0755);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  int rows[4], cols[4], ngrids = mc_grid_shapes(rows, cols);
  for (int gi = 0; gi < ngrids; gi++) {
    nd_grid *g = nd_grid_new(MPI_COMM_WORLD, rows[gi], cols[gi]);
    if (dir) test_numpy_files(g, dir);
    test_round_trip(g, out);
    test_errors(g, dir);
    nd_grid_free(g);
  }
  return mc_finish();
}
