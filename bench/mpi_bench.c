/* Benchmarks of the distributed layer (`make bench-mpi` runs this under mpiexec with 1, 2
 * and 4 ranks). On one rank it times the distributed matmul and eigh of an n x n float64
 * matrix (default n = 2000) against nd's serial nd_matmul and nd_linalg_eigh on the same
 * matrix, in the same process and with the same threads, and prints the ratios (the
 * layer's cost): nd_dmatrix_eigh as it is called by default (LAPACK on a 1 x 1 grid), and
 * ScaLAPACK's p?syevd and ELPA chosen explicitly. On more ranks it prints the times: on a machine with fewer cores than
 * ranks they show the cost of communication and oversubscription, not a speed-up (see
 * docs/distributed.md for what to expect on a cluster).
 *
 *     mpiexec -n P mpi_bench [--n 2000] [--reps 3] [--nb 64] [--no-header]
 *
 * Each time is the best of --reps runs, the cases interleaved. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>
#include <nd.h>
#include <nd/mpi.h>

static double value(int64_t i, int64_t j, void *ctx) {
  (void)ctx;
  /* symmetric, well-conditioned, no special structure */
  uint64_t a = (uint64_t)(i < j ? i : j), b = (uint64_t)(i < j ? j : i);
  uint64_t x = (a * 2654435761u) ^ (b * 40503u + 0x9e3779b97f4a7c15ULL);
  x ^= x >> 29;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 32;
  return (double)(x % 2000001) / 1000000.0 - 1.0 + (i == j ? 4.0 : 0.0);
}

/* out = the time of body on the slowest rank (all ranks start together). */
#define TIME_ONE(out, ...)                                                        \
  do {                                                                            \
    MPI_Barrier(MPI_COMM_WORLD);                                                  \
    double t0_ = MPI_Wtime();                                                     \
    __VA_ARGS__;                                                                  \
    (out) = MPI_Wtime() - t0_;                                                    \
    MPI_Allreduce(MPI_IN_PLACE, &(out), 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);  \
  } while (0)
#define KEEP_BEST(best, t) ((best) = ((best) < 0 || (t) < (best)) ? (t) : (best))

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int64_t n = 2000, nb = 64;
  int reps = 3, header = 1;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--no-header")) header = 0;
    else if (i + 1 < argc && !strcmp(argv[i], "--n")) n = atoll(argv[++i]);
    else if (i + 1 < argc && !strcmp(argv[i], "--reps")) reps = atoi(argv[++i]);
    else if (i + 1 < argc && !strcmp(argv[i], "--nb")) nb = atoll(argv[++i]);
  }
  nd_grid *g = nd_grid_new(MPI_COMM_WORLD, 0, 0);
  if (!g) {
    fprintf(stderr, "mpi_bench: %s\n", nd_last_error());
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  nd_dmatrix *a = nd_dmatrix_fromfunction(g, ND_FLOAT64, n, n, nb, nb, value, NULL);
  /* The cases run interleaved, rep after rep, each keeping its best time: on a shared
   * machine the load drifts, and interleaving exposes every case to the same drift. */
  nd_array *Ac = NULL;
  if (size == 1) { /* the serial baseline on the same matrix, in the same process */
    nd_array *A = NULL;
    nd_dmatrix_gather(a, 0, &A);
    Ac = nd_copy(A, ND_C);
    nd_release(A);
  }
  double t_mm = 1e300, t_auto = 1e300, t_eigh = 1e300, t_elpa = -1, t_nd_mm = -1, t_nd_eigh = -1;
  double t;
  for (int r = 0; r < reps; r++) {
    TIME_ONE(t, nd_dmatrix_free(nd_dmatrix_matmul(a, a)));
    KEEP_BEST(t_mm, t);
    if (Ac) {
      TIME_ONE(t, nd_release(nd_matmul(Ac, Ac)));
      KEEP_BEST(t_nd_mm, t);
    }
    TIME_ONE(t, {
      nd_array *w;
      nd_dmatrix *v;
      if (nd_dmatrix_eigh(a, &w, &v)) MPI_Abort(MPI_COMM_WORLD, 3);
      nd_release(w);
      nd_dmatrix_free(v);
    });
    KEEP_BEST(t_auto, t);
    TIME_ONE(t, {
      nd_array *w;
      nd_dmatrix *v;
      if (nd_dmatrix_eigh_ex(a, ND_EIGENSOLVER_SCALAPACK, &w, &v)) MPI_Abort(MPI_COMM_WORLD, 3);
      nd_release(w);
      nd_dmatrix_free(v);
    });
    KEEP_BEST(t_eigh, t);
    if (nd_mpi_have_elpa()) {
      TIME_ONE(t, {
        nd_array *w;
        nd_dmatrix *v;
        if (nd_dmatrix_eigh_ex(a, ND_EIGENSOLVER_ELPA, &w, &v)) MPI_Abort(MPI_COMM_WORLD, 3);
        nd_release(w);
        nd_dmatrix_free(v);
      });
      KEEP_BEST(t_elpa, t);
    }
    if (Ac) {
      TIME_ONE(t, {
        nd_array *w, *v;
        nd_linalg_eigh(Ac, &w, &v);
        nd_release(w);
        nd_release(v);
      });
      KEEP_BEST(t_nd_eigh, t);
    }
  }
  nd_release(Ac);
  if (rank == 0) {
    if (header)
      printf("| ranks | grid | threads/rank | n | nb | dmatrix_matmul s | dmatrix_eigh s | dmatrix_eigh (ScaLAPACK) s | dmatrix_eigh (ELPA) s | nd_matmul s | nd_linalg_eigh s | matmul ratio | eigh ratio | eigh (ScaLAPACK) ratio |\n");
    printf("| %d | %dx%d | %d | %lld | %lld | %.3f | %.3f | %.3f | ", size, nd_grid_nprow(g), nd_grid_npcol(g),
           nd_grid_threads(g), (long long)n, (long long)nb, t_mm, t_auto, t_eigh);
    if (t_elpa >= 0) printf("%.3f | ", t_elpa);
    else printf("- | ");
    if (size == 1)
      printf("%.3f | %.3f | %.2f | %.2f | %.2f |\n", t_nd_mm, t_nd_eigh, t_mm / t_nd_mm, t_auto / t_nd_eigh,
             t_eigh / t_nd_eigh);
    else
      printf("- | - | - | - | - |\n");
  }
  nd_dmatrix_free(a);
  nd_grid_free(g);
  MPI_Finalize();
  return 0;
}
