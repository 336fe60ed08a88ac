/* Grids: shapes, the rank-to-position rule, accessors, the threads per rank (ND_MPI_THREADS,
 * OMP_NUM_THREADS, the split of the node), grids on parts of the communicator working at
 * the same time, and a grid whose handle is freed while matrices still use it. */
#include <stdlib.h>
#include <unistd.h>

#include <omp.h>

#include "mpi_check.h"

static void test_shapes(void) {
  nd_grid *g = nd_grid_new(MPI_COMM_WORLD, 0, 0);
  int r = nd_grid_nprow(g), c = nd_grid_npcol(g);
  MC_CHECK(r * c == mc_size && r <= c, "default grid %dx%d", r, c);
  if (mc_size == 4) MC_CHECK(r == 2 && c == 2, "4 ranks make a 2x2 grid");
  MC_CHECK(nd_grid_myrow(g) * c + nd_grid_mycol(g) == mc_rank, "rank = myrow * npcol + mycol");
  int cmp;
  MPI_Comm_compare(nd_grid_comm(g), MPI_COMM_WORLD, &cmp);
  MC_CHECK(cmp == MPI_CONGRUENT, "the grid works on a duplicate of the communicator");
  MC_CHECK(nd_grid_blacs_context(g) >= 0, "a BLACS context");
  MC_CHECK(nd_grid_ranks_per_node(g) == mc_size, "all ranks on this node");
  nd_grid_free(g);
  g = nd_grid_new(MPI_COMM_WORLD, 0, 1);
  MC_CHECK(nd_grid_nprow(g) == mc_size && nd_grid_npcol(g) == 1, "rows derived from columns");
  nd_grid_free(g);
  g = nd_grid_new(MPI_COMM_WORLD, 1, 0);
  MC_CHECK(nd_grid_nprow(g) == 1 && nd_grid_npcol(g) == mc_size, "columns derived from rows");
  nd_grid_free(g);
  nd_grid_free(NULL);
  MC_CHECK(nd_grid_nprow(NULL) == -1 && nd_grid_threads(NULL) == -1 && nd_grid_comm(NULL) == MPI_COMM_NULL,
           "accessors of NULL");
}

static void test_threads(void) {
  long online = sysconf(_SC_NPROCESSORS_ONLN);
  /* auto: the node's cores split between its ranks, at least 1 */
  setenv("ND_MPI_THREADS", "auto", 1);
  setenv("OMP_NUM_THREADS", "7", 1); /* ignored under auto */
  nd_grid *g = nd_grid_new(MPI_COMM_WORLD, 0, 0);
  int t = nd_grid_threads(g);
  long want = online / mc_size < 1 ? 1 : online / mc_size;
  MC_CHECK(t >= 1 && t <= want, "auto: %d threads per rank for %d ranks on %ld cores", t, mc_size, online);
  MC_CHECK(t * mc_size <= (online > mc_size ? online : mc_size), "auto never oversubscribes the node");
  MC_CHECK(nd_get_num_threads() == t && omp_get_max_threads() == t, "auto: nd and OpenMP follow");
  nd_grid_free(g);
  /* hybrid, asked for */
  setenv("ND_MPI_THREADS", "3", 1);
  g = nd_grid_new(MPI_COMM_WORLD, 0, 0);
  MC_CHECK(nd_grid_threads(g) == 3 && nd_get_num_threads() == 3 && omp_get_max_threads() == 3, "ND_MPI_THREADS=3");
  nd_grid_free(g);
  unsetenv("ND_MPI_THREADS");
  setenv("OMP_NUM_THREADS", "2", 1);
  g = nd_grid_new(MPI_COMM_WORLD, 0, 0);
  MC_CHECK(nd_grid_threads(g) == 2 && nd_get_num_threads() == 2, "OMP_NUM_THREADS=2 without ND_MPI_THREADS");
  nd_grid_free(g);
  setenv("ND_MPI_THREADS", "keep", 1);
  nd_set_num_threads(5);
  g = nd_grid_new(MPI_COMM_WORLD, 0, 0);
  MC_CHECK(nd_grid_threads(g) == 0 && nd_get_num_threads() == 5, "keep leaves the settings alone");
  nd_grid_free(g);
  setenv("ND_MPI_THREADS", "lots", 1);
  MC_CHECK(!nd_grid_new(MPI_COMM_WORLD, 0, 0), "a bad ND_MPI_THREADS");
  MC_AGREED(ND_ERR_VALUE, "grid_new: ND_MPI_THREADS='lots' is not a thread count, 'auto' or 'keep'");
  setenv("ND_MPI_THREADS", "auto", 1);
  unsetenv("OMP_NUM_THREADS");
  nd_set_num_threads(0);
}

/* Two grids on halves of the ranks solve their own problems at the same time. */
static double fhalf(int64_t i, int64_t j, void *ctx) {
  return (i == j ? 2.0 + *(int *)ctx : 0.0) + (i + 1 == j || j + 1 == i ? -1.0 : 0.0);
}

static void test_sub_grids(void) {
  MPI_Comm half;
  int color = mc_rank % 2;
  MPI_Comm_split(MPI_COMM_WORLD, color, mc_rank, &half);
  nd_grid *g = nd_grid_new(half, 0, 0);
  nd_dmatrix *a = nd_dmatrix_fromfunction(g, ND_FLOAT64, 20, 20, 3, 3, fhalf, &color);
  nd_array *w = nd_dmatrix_eigvalsh(a), *aw = mc_gather(a), *want = nd_linalg_eigvalsh(aw);
  mc_close(w, want, 1e-10, "eigvalsh on a half grid");
  nd_release(w), nd_release(aw), nd_release(want);
  /* the grid handle goes first; the matrix keeps the grid alive */
  nd_grid_free(g);
  nd_dmatrix *b = nd_dmatrix_transpose(a);
  nd_array *bw = mc_gather(b);
  MC_CHECK(bw != NULL, "a matrix works after its grid's handle is freed");
  nd_release(bw);
  nd_dmatrix_free(b);
  nd_dmatrix_free(a);
  MPI_Comm_free(&half);
}

static void test_local_view(void) {
  nd_grid *g = nd_grid_new(MPI_COMM_WORLD, 0, 0);
  nd_dmatrix *d = nd_dmatrix_zeros(g, ND_FLOAT64, 9, 7, 2, 3);
  /* writes through the local view land in the matrix */
  nd_array *loc = nd_dmatrix_local(d);
  nd_fill(loc, (double)(mc_rank + 1));
  nd_release(loc);
  nd_array *whole = mc_gather(d);
  long bad = 0;
  for (int64_t i = 0; whole && i < 9; i++)
    for (int64_t j = 0; j < 7; j++) {
      int pr, pc;
      nd_dmatrix_locate(d, i, j, &pr, &pc, NULL, NULL);
      double v;
      nd_get_double(whole, (int64_t[]){i, j}, &v);
      if (v != pr * nd_grid_npcol(g) + pc + 1) bad++;
    }
  MC_CHECK(whole && bad == 0, "writes through the local view: %ld wrong", bad);
  MC_CHECK(nd_dmatrix_locate(d, 9, 0, NULL, NULL, NULL, NULL) == ND_ERR_INDEX, "locate out of range");
  MC_ERROR(ND_ERR_INDEX, "dmatrix_locate: index (9, 0) is out of range for shape [9,7]");
  MC_CHECK(nd_dmatrix_global_row(d, -1) == -1 && nd_dmatrix_global_col(d, 1000) == -1, "global index out of range");
  MC_CHECK(!nd_dmatrix_local(NULL), "local of NULL");
  MC_ERROR(ND_ERR_NULL, "dmatrix_local: argument d is NULL");
  MC_CHECK(nd_dmatrix_shape(NULL) == NULL && nd_dmatrix_dtype(NULL) == (nd_dtype)-1 && !nd_dmatrix_descriptor(NULL),
           "inspection of NULL");
  nd_dmatrix_free(NULL);
  nd_release(whole);
  nd_dmatrix_free(d);
  nd_grid_free(g);
}

int main(int argc, char **argv) {
  mc_init(&argc, &argv, "test_mpi_grid");
  test_shapes();
  test_threads();
  test_sub_grids();
  test_local_view();
  return mc_finish();
}
