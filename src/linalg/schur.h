/* The complex Schur form and what the Schur-based matrix functions (sqrtm, logm) share:
 * the form itself, the square root of a triangular matrix, and the transformation back.
 * All on column-major COMPLEX128 n x n buffers of leading dimension n. */
#ifndef NDI_LINALG_SCHUR_H
#define NDI_LINALG_SCHUR_H

#include <stdbool.h>
#include <stdint.h>

/* a (n x n complex) becomes T, upper triangular, and z the unitary Z with a = Z T Z^H
 * (?gees, unsorted). With `real` (a's imaginary parts are zero) the real Schur form is
 * computed (dgees) and its 2 x 2 blocks are triangularised by rotations (SciPy's
 * rsf2csf), so that real eigenvalues stay exactly real: a negative one then lies on the
 * negative real axis, where sqrtm and logm take the branch SciPy takes. scratch holds
 * n x n complex values. Returns 0, NDI_MAP_CONVERGE or NDI_MAP_NOMEM (matfunc_map.h). */
int ndi_la_schur_complex(int64_t n, void *a, void *z, bool real, void *scratch);

/* x = Z R Z^H for upper triangular r; work holds n x n complex values. */
void ndi_la_schur_back(int64_t n, const void *z, const void *r, void *x, void *work);

/* r = the principal square root of the upper triangular t (r may be t): the diagonal's
 * square roots, then each column by a triangular solve (Björck and Hammarling's
 * recurrence, column by column). A zero pair r_ii + r_jj whose numerator is zero too gives
 * 0 (a non-defective zero eigenvalue); with a nonzero numerator there is no square root
 * and the function returns false. */
bool ndi_la_sqrtm_triu(int64_t n, const void *t, void *r);

#endif
