/* The randomised truncated SVD of one matrix (svd_randomized.c), called by
 * nd_linalg_svd_truncated (svd_truncated.c) for each matrix of a batch. */
#ifndef NDI_LINALG_SVD_TRUNCATED_H
#define NDI_LINALG_SVD_TRUNCATED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nd/types.h"

typedef struct ndi_rsvd {
  nd_dtype t;         /* FLOAT64 or COMPLEX128 */
  int64_t m, n, k, l; /* a is m x n; k triplets from a block of l >= k columns */
  bool fixed;         /* exactly `iters` power iterations, no residual test */
  int64_t iters;      /* power iterations: the count (fixed) or the most */
  double tol;         /* residuals at most tol * s_1 */
} ndi_rsvd;

/* Codes of ndi_rsvd_run besides 0 */
enum { NDI_RSVD_NOCONV = 1, NDI_RSVD_NOMEM };

/* Bytes of work ndi_rsvd_run needs. */
size_t ndi_rsvd_work(const ndi_rsvd *r);

/* The k largest triplets of the column-major a (m x n, leading dimension m), starting
 * from the Gaussian block omega (n x l, leading dimension n; overwritten): u (m x k,
 * leading dimension m), s (k values, descending), v (n x k, leading dimension n: the
 * right vectors as columns, not vh). */
int ndi_rsvd_run(const ndi_rsvd *r, const void *a, void *omega, void *u, double *s, void *v,
                 void *work);

#endif
