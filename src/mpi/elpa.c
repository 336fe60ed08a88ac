/* ELPA's two-stage eigensolver (the one file that calls ELPA; built when pkg-config found
 * elpa). Debian 12 ships ELPA 2022.11 (API 20221109) built without OpenMP and with its
 * generic kernels; it works on ScaLAPACK's block-cyclic layout directly, so the matrix and
 * the eigenvectors are nd_mpi's pieces as they are. */
#include <elpa/elpa.h>

#include "internal.h"

static int initialised = 0; /* 1 after elpa_init succeeded, -1 after it failed */

/* X(dtype, C type, ELPA suffix, real type) */
#define NDM_ELPA_TYPES(X)                          \
  X(ND_FLOAT32, float, f, float)                   \
  X(ND_FLOAT64, double, d, double)                 \
  X(ND_COMPLEX64, float_complex, fc, float)        \
  X(ND_COMPLEX128, double_complex, dc, double)

/* ELPA 2022.11's two-stage solver gives wrong eigenvectors (right eigenvalues) for a
 * complex matrix of n = k nbw + 1 rows with 1 <= k < nprow, nbw its intermediate bandwidth
 * (for complex matrices the smallest multiple of the block >= 32): the band's last row
 * alone on a process row. (Found by checking against NumPy: e.g. n = 33 with 4 x 4 blocks
 * on a 2 x 1 grid; sizes 2..300 on 2 x 1 and 4 x 1 grids fail exactly there. Real
 * matrices, nbw >= 64, are not affected.) Its one-stage solver is right there. */
static bool two_stage_broken(const nd_dmatrix *a) {
  if (!a->sl->is_complex) return false;
  int64_t n = a->shape[0], nbw = (31 / a->mb + 1) * a->mb;
  return n > nbw && n % nbw == 1 && (n - 1) / nbw < a->grid->nprow;
}

int ndm_elpa_eigh(nd_dmatrix *a, void *w, nd_dmatrix *z) {
  if (initialised == 0) initialised = elpa_init(ELPA_API_VERSION) == ELPA_OK ? 1 : -1;
  if (initialised < 0) return ELPA_ERROR_API_VERSION;
  int err = ELPA_OK;
  elpa_t e = elpa_allocate(&err);
  if (err != ELPA_OK) return err;
  nd_grid *g = a->grid;
  int n = (int)a->shape[0];
  /* the layout: ELPA's local_nrows is the leading dimension (it must be at least 1, as
   * nd's is: max(1, mloc)), local_ncols the columns of the local array (nd's has at least
   * one) */
  int ncols = (int)(a->nloc > 1 ? a->nloc : 1);
  const struct { const char *key; int value; } setup[] = {
      {"na", n}, {"nev", n}, {"local_nrows", a->desc[8]}, {"local_ncols", ncols},
      {"nblk", (int)a->mb}, {"mpi_comm_parent", (int)MPI_Comm_c2f(g->comm)},
      {"process_row", g->myrow}, {"process_col", g->mycol},
  };
  for (size_t i = 0; i < sizeof setup / sizeof setup[0] && err == ELPA_OK; i++)
    elpa_set_integer(e, setup[i].key, setup[i].value, &err);
  if (err == ELPA_OK) err = elpa_setup(e);
  if (err == ELPA_OK)
    elpa_set_integer(e, "solver", two_stage_broken(a) ? ELPA_SOLVER_1STAGE : ELPA_SOLVER_2STAGE, &err);
  if (err == ELPA_OK) {
    switch (a->dtype) {
#define NDM_ELPA_CALL(t, ctype, sfx, rtype)                                                  \
  case t:                                                                                    \
    if (z)                                                                                   \
      elpa_eigenvectors_a_h_a_##sfx(e, (ctype *)ndm_base(a), (rtype *)w, (ctype *)ndm_base(z), \
                                    &err);                                                   \
    else                                                                                     \
      elpa_eigenvalues_a_h_a_##sfx(e, (ctype *)ndm_base(a), (rtype *)w, &err);              \
    break;
      NDM_ELPA_TYPES(NDM_ELPA_CALL)
#undef NDM_ELPA_CALL
      default: err = ELPA_ERROR; break;
    }
  }
  int derr;
  elpa_deallocate(e, &derr);
  return err;
}

bool ndm_elpa_single(void) {
  /* ELPA's headers do not say whether the library was built with single precision (the
   * float routines exist either way and fail at run time: Debian 12's print "ELPA is not
   * compiled with single-precision support"). Ask once with a 1 x 1 problem on this rank
   * alone (mpi_comm_parent MPI_COMM_SELF: no communication). */
  static int known = 0; /* 1 yes, -1 no */
  if (known) return known > 0;
  known = -1;
  if (initialised == 0) initialised = elpa_init(ELPA_API_VERSION) == ELPA_OK ? 1 : -1;
  if (initialised < 0) return false;
  int err = ELPA_OK;
  elpa_t e = elpa_allocate(&err);
  if (err != ELPA_OK) return false;
  const struct { const char *key; int value; } setup[] = {
      {"na", 1}, {"nev", 1}, {"local_nrows", 1}, {"local_ncols", 1}, {"nblk", 1},
      {"mpi_comm_parent", (int)MPI_Comm_c2f(MPI_COMM_SELF)}, {"process_row", 0}, {"process_col", 0},
  };
  for (size_t i = 0; i < sizeof setup / sizeof setup[0] && err == ELPA_OK; i++)
    elpa_set_integer(e, setup[i].key, setup[i].value, &err);
  if (err == ELPA_OK) err = elpa_setup(e);
  float a = 2.0f, ev = 0.0f, q = 0.0f;
  if (err == ELPA_OK) elpa_eigenvectors_a_h_a_f(e, &a, &ev, &q, &err);
  if (err == ELPA_OK && ev == 2.0f) known = 1;
  int derr;
  elpa_deallocate(e, &derr);
  return known > 0;
}

const char *ndm_elpa_strerr(int err) { return elpa_strerr(err); }
