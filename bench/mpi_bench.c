/* Benchmarks of the distributed layer (`make bench-mpi` runs this under mpiexec with 1, 2
 * and 4 ranks). On one rank it times the distributed matmul and eigh of an n x n float64
 * matrix (default n = 2000) against nd's serial nd_matmul and nd_linalg_eigh on the same
 * matrix, in the same process and with the same threads, and prints the ratios (the
 * layer's cost). On more ranks it prints the times: on a machine with fewer cores than
 * ranks they show the cost of communication and oversubscription, not a speed-up (see
 * docs/distributed.md for what to expect on a cluster).
 *
 *     mpiexec -n P mpi_bench [--n 2000] [--reps 3] [--nb 64] [--no-header]
 *
 * Each time is the best of --reps runs. */
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

static double now(void) { return MPI_Wtime(); }

/* Runs body reps times (all ranks together); out gets the best time (of the slowest rank). */
#define TIME_BEST(reps, out, ...)                                           \
  do {                                                                      \
    double best_ = 1e300;                                                   \
    for (int r_ = 0; r_ < (reps); r_++) {                                   \
      MPI_Barrier(MPI_COMM_WORLD);                                          \
      double t0_ = now();                                                   \
      __VA_ARGS__;                                                          \
      double t_ = now() - t0_;                                              \
      MPI_Allreduce(MPI_IN_PLACE, &t_, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD); \
      if (t_ < best_) best_ = t_;                                           \
    }                                                                       \
    (out) = best_;                                                          \
  } while (0)

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
  double t_mm, t_eigh, t_elpa = -1, t_nd_mm = -1, t_nd_eigh = -1;
  TIME_BEST(reps, t_mm, nd_dmatrix_free(nd_dmatrix_matmul(a, a)));
  TIME_BEST(reps, t_eigh, {
    nd_array *w;
    nd_dmatrix *v;
    if (nd_dmatrix_eigh_ex(a, ND_EIGENSOLVER_SCALAPACK, &w, &v)) MPI_Abort(MPI_COMM_WORLD, 3);
    nd_release(w);
    nd_dmatrix_free(v);
  });
  if (nd_mpi_have_elpa())
    TIME_BEST(reps, t_elpa, {
      nd_array *w;
      nd_dmatrix *v;
      if (nd_dmatrix_eigh_ex(a, ND_EIGENSOLVER_ELPA, &w, &v)) MPI_Abort(MPI_COMM_WORLD, 3);
      nd_release(w);
      nd_dmatrix_free(v);
    });
  if (size == 1) {
    /* the serial baseline on the same matrix, in the same process */
    nd_array *A = NULL;
    nd_dmatrix_gather(a, 0, &A);
    nd_array *Ac = nd_copy(A, ND_C);
    TIME_BEST(reps, t_nd_mm, nd_release(nd_matmul(Ac, Ac)));
    TIME_BEST(reps, t_nd_eigh, {
      nd_array *w, *v;
      nd_linalg_eigh(Ac, &w, &v);
      nd_release(w);
      nd_release(v);
    });
    nd_release(A);
    nd_release(Ac);
  }
  if (rank == 0) {
    if (header)
      printf("| ranks | grid | threads/rank | n | nb | dmatrix_matmul s | dmatrix_eigh (ScaLAPACK) s | dmatrix_eigh (ELPA) s | nd_matmul s | nd_linalg_eigh s | matmul ratio | eigh ratio |\n");
    printf("| %d | %dx%d | %d | %lld | %lld | %.3f | %.3f | ", size, nd_grid_nprow(g), nd_grid_npcol(g),
           nd_grid_threads(g), (long long)n, (long long)nb, t_mm, t_eigh);
    if (t_elpa >= 0) printf("%.3f | ", t_elpa);
    else printf("- | ");
    if (size == 1)
      printf("%.3f | %.3f | %.2f | %.2f |\n", t_nd_mm, t_nd_eigh, t_mm / t_nd_mm, t_eigh / t_nd_eigh);
    else
      printf("- | - | - | - |\n");
  }
  nd_dmatrix_free(a);
  nd_grid_free(g);
  MPI_Finalize();
  return 0;
}
