/* A distributed eigenproblem that checks itself: the tight-binding Hamiltonian of an L x L
 * periodic square lattice (one orbital per site, hopping -1 between nearest neighbours),
 * built directly in distributed form (each rank computes only the elements it holds) and
 * diagonalised with nd_dmatrix_eigh. Its eigenvalues are known exactly: the band energies
 * E(kx, ky) = -2 (cos kx + cos ky), kx, ky = 2 pi m / L, m = 0 .. L-1. The program compares
 * the sorted lists and prints the largest difference and the time.
 *
 *     mpiexec -n 2 dist_tight_binding [--L 48] [--solver elpa|scalapack] [--check TOL]
 *
 * prints one line (rank 0):
 *     tight-binding L=48 n=2304 ranks=2 grid=1x2 solver=scalapack max|E-E_exact|=1.2e-14 time=6.1s
 * and exits with status 1 if the error exceeds TOL (default 1e-10). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>
#include <nd.h>
#include <nd/mpi.h>

/* H[i, j]: site s = x + L y; -1 for each of the four bonds of i that ends on j (on a
 * lattice of L <= 2 two bonds can join the same pair of sites, and both count). */
static double hamiltonian(int64_t i, int64_t j, void *ctx) {
  int64_t L = *(const int64_t *)ctx, x = i % L, y = i / L;
  int64_t nb[4] = {(x + 1) % L + L * y, (x + L - 1) % L + L * y, x + L * ((y + 1) % L),
                   x + L * ((y + L - 1) % L)};
  double h = 0;
  for (int k = 0; k < 4; k++)
    if (nb[k] == j) h -= 1;
  return h;
}

static int ascending(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static int fail(const char *what) {
  fprintf(stderr, "dist_tight_binding: %s: %s\n", what, nd_last_error());
  MPI_Finalize();
  return 2;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int64_t L = 48;
  double check = 1e-10;
  nd_eigensolver solver = ND_EIGENSOLVER_AUTO;
  for (int i = 1; i < argc; i++) {
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(argv[i], "--L") && v) L = atoll(argv[++i]);
    else if (!strcmp(argv[i], "--check") && v) check = atof(argv[++i]);
    else if (!strcmp(argv[i], "--solver") && v && !strcmp(v, "elpa")) solver = ND_EIGENSOLVER_ELPA, i++;
    else if (!strcmp(argv[i], "--solver") && v && !strcmp(v, "scalapack")) solver = ND_EIGENSOLVER_SCALAPACK, i++;
    else {
      if (rank == 0) fprintf(stderr, "usage: %s [--L L] [--solver elpa|scalapack] [--check TOL]\n", argv[0]);
      MPI_Finalize();
      return 2;
    }
  }
  if (L < 1) {
    if (rank == 0) fprintf(stderr, "dist_tight_binding: need L >= 1\n");
    MPI_Finalize();
    return 2;
  }
  int64_t n = L * L;
  nd_grid *g = nd_grid_new(MPI_COMM_WORLD, 0, 0);
  if (!g) return fail("grid_new");

  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  nd_dmatrix *h = nd_dmatrix_fromfunction(g, ND_FLOAT64, n, n, 0, 0, hamiltonian, &L);
  nd_array *w = NULL;
  nd_dmatrix *v = NULL;
  if (nd_dmatrix_eigh_ex(h, solver, &w, &v)) return fail("eigh");
  double t = MPI_Wtime() - t0;
  MPI_Allreduce(MPI_IN_PLACE, &t, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);

  /* the exact band energies, sorted, against the eigenvalues (ascending, on every rank) */
  double *exact = malloc(sizeof(double) * (size_t)n);
  for (int64_t mx = 0; mx < L; mx++)
    for (int64_t my = 0; my < L; my++)
      exact[mx * L + my] = -2 * (cos(2 * M_PI * (double)mx / (double)L) + cos(2 * M_PI * (double)my / (double)L));
  qsort(exact, (size_t)n, sizeof(double), ascending);
  const double *ev = nd_data(w);
  double err = 0;
  for (int64_t k = 0; k < n; k++) err = fmax(err, fabs(ev[k] - exact[k]));

  /* the solver used (ND_EIGENSOLVER_AUTO: ND_MPI_EIGENSOLVER if set, else ScaLAPACK) */
  const char *env = getenv("ND_MPI_EIGENSOLVER");
  const char *used = solver == ND_EIGENSOLVER_ELPA ? "elpa"
                     : solver == ND_EIGENSOLVER_AUTO && env && !strcmp(env, "elpa") ? "elpa"
                                                                                    : "scalapack";
  if (rank == 0)
    printf("tight-binding L=%lld n=%lld ranks=%d grid=%dx%d solver=%s max|E-E_exact|=%.1e time=%.2fs\n",
           (long long)L, (long long)n, size, nd_grid_nprow(g), nd_grid_npcol(g), used, err, t);
  free(exact);
  nd_release(w);
  nd_dmatrix_free(v);
  nd_dmatrix_free(h);
  nd_grid_free(g);
  MPI_Finalize();
  return err <= check ? 0 : 1;
}
