/* Matrix square root (nd_linalg_sqrtm) by the Schur method: a = Z T Z^H (complex Schur
 * form), R = sqrt(T) by the triangular recurrence (schur.c), X = Z R Z^H; a real input
 * gives a real result unless an imaginary part is not negligible (ndi_la_maybe_real). */
#include <complex.h>

#include "core/dtype.h"
#include "matfunc_map.h"
#include "nd/matfunc.h"
#include "schur.h"

enum { SQRTM_SINGULAR = NDI_MAP_OWN };

static int sqrtm_fn(const ndi_la_sqmap *m, void *a, void *r, void *work) {
  int64_t n = m->n;
  double complex *z = work, *t = z + n * n, *tmp = t + n * n;
  int code = ndi_la_schur_complex(n, a, z, *(const bool *)m->ctx, tmp);
  if (code) return code;
  if (!ndi_la_sqrtm_triu(n, a, t)) return SQRTM_SINGULAR;
  ndi_la_schur_back(n, z, t, r, tmp);
  return 0;
}

static const char *sqrtm_what(int code) {
  return "is singular and has no square root (a zero eigenvalue is defective)";
}

nd_array *nd_linalg_sqrtm(const nd_array *a) {
  NDI_REQUIRE("sqrtm", a);
  int64_t n = a->ndim >= 2 ? a->shape[a->ndim - 1] : 0;
  ndi_la_sqmap m = {.ct = ND_COMPLEX128, .ot = ND_COMPLEX128, .fn = sqrtm_fn, .what = sqrtm_what};
  m.extra = ndi_la_round(sizeof(double complex) * 3 * (size_t)(n * n));
  m.cost = 30.0 * n * n * n;
  bool real = ndi_dtype_kind(a->dtype) != 'c'; /* real Schur form first */
  m.ctx = &real;
  nd_array *z = ndi_la_sqmap_run("sqrtm", &m, a);
  return z ? ndi_la_maybe_real("sqrtm", z, a->dtype) : NULL;
}
