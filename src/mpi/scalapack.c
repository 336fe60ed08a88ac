/* The per-dtype table of ScaLAPACK routines (declared in scalapack.h), one row per dtype
 * of the NDM_MPI_DTYPES list. */
#include "internal.h"

/* Routines whose real and complex versions differ in name or arguments. */
#define NDM_ROUTINES_REAL(x)                                                              \
  .tran = p##x##tran_, .tranc = p##x##tran_, .orgqr = p##x##orgqr_,                      \
  .syevd = p##x##syevd_, .syev = p##x##syev_, .syevr = p##x##syevr_,                    \
  .sygst = p##x##sygst_, .gesvd = p##x##gesvd_
#define NDM_ROUTINES_COMPLEX(x)                                                           \
  .tran = p##x##tranu_, .tranc = p##x##tranc_, .orgqr = p##x##ungqr_,                    \
  .heevd = p##x##heevd_, .heev = p##x##heev_, .heevr = p##x##heevr_,                    \
  .sygst = p##x##hegst_, .cgesvd = p##x##gesvd_

#define NDM_SL_ROW(t, x, rt, cplx, bytes, mt, mrt, family, lange)                         \
  {.dtype = t, .real = rt, .is_complex = cplx, .letter = #x[0], .item = bytes,           \
   .mpi = mt, .mpi_real = mrt, .gemm = p##x##gemm_, .gemr2d = p##x##gemr2d_,             \
   .gesv = p##x##gesv_, .getrf = p##x##getrf_, .getri = p##x##getri_,                    \
   .potrf = p##x##potrf_, .geqrf = p##x##geqrf_, .laset = p##x##laset_,                  \
   .lacpy = p##x##lacpy_, .trsm = p##x##trsm_, .trmm = p##x##trmm_,                      \
   .lange_##lange = p##x##lange_, NDM_ROUTINES_##family(x)},

static const ndm_sl table[] = {NDM_MPI_DTYPES(NDM_SL_ROW)};

const ndm_sl *ndm_sl_for(nd_dtype t) {
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (table[i].dtype == t) return &table[i];
  return NULL;
}
