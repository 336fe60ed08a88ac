/* A small harness for the MPI tests (tests/mpi/test_mpi_*.c, run under mpiexec by ctest).
 * cmocka's failed assertions jump to the next test, which on one rank would leave the
 * others waiting in a collective call; here a failed check is recorded and the test goes
 * on, so every rank makes the same calls, and mc_finish sums the failures of all ranks.
 *
 * The serial reference: every rank builds the whole matrix with mc_dense (the same values
 * mc_value gives nd_dmatrix_fromfunction), gathers the distributed result, and compares
 * it with what the serial nd functions compute. */
#ifndef ND_MPI_CHECK_H
#define ND_MPI_CHECK_H

#include <stdbool.h>
#include <stdint.h>

#include <mpi.h>
#include <nd.h>
#include <nd/mpi.h>

extern int mc_rank, mc_size;

/* MPI_Init and the test's name; mc_finish reports, finalises and returns the exit code. */
void mc_init(int *argc, char ***argv, const char *name);
int mc_finish(void);

/* Records a failure (with file and line) unless cond holds; returns cond. */
bool mc_check_at(bool cond, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
#define MC_CHECK(cond, ...) mc_check_at((cond), __FILE__, __LINE__, __VA_ARGS__)
/* The call returned ND_OK (else records nd_last_error()). */
#define MC_OK(expr) MC_CHECK((expr) == ND_OK, "%s failed: %s", #expr, nd_last_error())
/* A non-NULL result (else records nd_last_error()). */
#define MC_NONNULL(p, what) MC_CHECK((p) != NULL, "%s returned NULL: %s", what, nd_last_error())
/* The last error has status s and its message contains fragment. */
#define MC_ERROR(s, fragment) mc_error_at((s), (fragment), __FILE__, __LINE__)
bool mc_error_at(int s, const char *fragment, const char *file, int line);

/* Collective: the last error has status s, contains fragment, and its status and message
 * are the same on every rank of MPI_COMM_WORLD; then clears it. */
#define MC_AGREED(s, fragment) mc_agreed_at((s), (fragment), __FILE__, __LINE__)
bool mc_agreed_at(int s, const char *fragment, const char *file, int line);

/* A label printed with every failure (the case being run). */
void mc_case(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The grids a test runs on for the communicator's size P: P x 1, 1 x P, and the most
 * square one when it differs (2 x 2 for 4). Returns how many, filling rows/cols. */
int mc_grid_shapes(int rows[4], int cols[4]);

/* The four dtypes of nd_mpi. */
extern const nd_dtype mc_dtypes[4];
/* Tolerance for comparisons of computed results in dtype t. */
double mc_tol(nd_dtype t);

/* Deterministic values in [-1, 1] for element (i, j) of matrix `seed` (imaginary part
 * for complex dtypes from mc_value_im). */
double mc_value(int64_t i, int64_t j, void *seed);
void mc_value_complex(int64_t i, int64_t j, void *seed, double *re, double *im);
/* The whole m x n matrix of those values on this rank (C order). */
nd_array *mc_dense(nd_dtype t, int64_t m, int64_t n, uintptr_t seed);
/* The same distributed (nd_dmatrix_fromfunction[_complex]). */
nd_dmatrix *mc_dist(nd_grid *g, nd_dtype t, int64_t m, int64_t n, int64_t mb, int64_t nb,
                    uintptr_t seed);

/* The whole matrix gathered to every rank (NULL after recording a failure). */
nd_array *mc_gather(const nd_dmatrix *d);
/* max |got - want| <= tol * max(1, max |want|), shapes equal; records a failure naming
 * what. Either NULL records a failure. */
bool mc_close(const nd_array *got, const nd_array *want, double tol, const char *what);
/* The largest |x| (0 for an empty array). */
double mc_maxabs(const nd_array *x);
/* The looser tolerance for the results of the distributed solvers (eigh, svd, ...):
 * 2e-3 single, 1e-9 double. */
double mc_solver_tol(nd_dtype t);
/* x^H of a matrix (or a stack of them), a new array. */
nd_array *mc_conj_transpose(const nd_array *x);
/* u diag(s) vh = a, u^H u = I and vh vh^H = I for a gathered reduced SVD of a (k values
 * in s), within mc_solver_tol; records failures naming "svd: ...". Nothing when u, s or vh is
 * NULL (the caller has recorded that). */
void mc_check_svd(const nd_array *a, const nd_array *u, const nd_array *s, const nd_array *vh);

#endif
