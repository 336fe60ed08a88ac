/* The batch driver of the matrix functions (nd/matfunc.h): one function of a square
 * matrix, f(a) of the same size, over a stack [..., N, N]. The driver checks the input,
 * loads each matrix into a column-major buffer of the compute dtype, refuses infinities
 * and NaNs, and stores what the element function computed; the element function sees
 * column-major buffers only. */
#ifndef NDI_LINALG_MATFUNC_MAP_H
#define NDI_LINALG_MATFUNC_MAP_H

#include "lapack_batch.h"

/* Codes an element function returns besides 0; its own codes start at NDI_MAP_OWN. */
enum { NDI_MAP_NONFINITE = 1, NDI_MAP_NOMEM, NDI_MAP_CONVERGE, NDI_MAP_OWN };

typedef struct ndi_la_sqmap ndi_la_sqmap;
struct ndi_la_sqmap {
  nd_dtype ct;   /* compute dtype of the buffers (FLOAT64 or COMPLEX128) */
  nd_dtype ot;   /* dtype of the result array */
  int64_t n;     /* order (set by the driver) */
  /* f of the n x n matrix in a (column-major, leading dimension max(1, n), may be
   * overwritten) into r (the same form); work has `extra` bytes. Returns 0 or a code. */
  int (*fn)(const ndi_la_sqmap *m, void *a, void *r, void *work);
  size_t extra;
  double cost;                   /* multiply-adds per matrix, to decide on threads */
  const char *(*what)(int code); /* the message of an own code: "is singular ..." */
  void *ctx;
};

/* f over a's stack: a new C-contiguous array [..., N, N] of dtype m->ot, or NULL with an
 * error naming op. */
nd_array *ndi_la_sqmap_run(const char *op, ndi_la_sqmap *m, const nd_array *a);

/* z (COMPLEX128), the result of a function of a matrix of dtype in: for a real `in` whose
 * results' imaginary parts are all negligible (at most 1e6 eps times the largest |z|),
 * the real parts, else z itself, in the result dtype of `in` (single precision for
 * single-precision input). Consumes z. */
nd_array *ndi_la_maybe_real(const char *op, nd_array *z, nd_dtype in);

/* The compute dtype of an input dtype: COMPLEX128 for complex, else FLOAT64. */
static inline nd_dtype ndi_la_compute_dtype(nd_dtype t) {
  return (t == ND_COMPLEX64 || t == ND_COMPLEX128) ? ND_COMPLEX128 : ND_FLOAT64;
}

#endif
