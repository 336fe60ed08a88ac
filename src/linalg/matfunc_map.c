/* The batch driver of the matrix functions (see matfunc_map.h). */
#include "matfunc_map.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "core/dtype.h"
#include "nd/views.h"

typedef struct {
  ndi_la_sqmap *m;
  nd_dtype at;
  int64_t ars, acs;
} sqmap_job;

static int sqmap_elem(void *vctx, char *const *p, void *work) {
  const sqmap_job *j = vctx;
  const ndi_la_sqmap *m = j->m;
  int64_t n = m->n, ld = n > 1 ? n : 1;
  size_t bytes = ndi_la_round((size_t)(ld * n) * ndi_dtype_size(m->ct));
  char *a = work, *r = a + bytes, *extra = r + bytes;
  ndi_la_load(m->ct, a, ld, n, n, p[0], j->at, j->ars, j->acs);
  if (!ndi_la_finite(m->ct, a, ld, n, n)) return NDI_MAP_NONFINITE;
  int code = n ? m->fn(m, a, r, extra) : 0;
  if (code) return code;
  ndi_la_store(m->ot, p[1], n, 1, n, n, r, m->ct, ld);
  return 0;
}

nd_array *ndi_la_sqmap_run(const char *op, ndi_la_sqmap *m, const nd_array *a) {
  if (ndi_la_check_matrix(op, a, true)) return NULL;
  m->n = a->shape[a->ndim - 1];
  if (ndi_la_check_lapack_size(op, m->n)) return NULL;
  sqmap_job j = {m, a->dtype, a->strides[a->ndim - 2], a->strides[a->ndim - 1]};
  ndi_la_batch B;
  const int core = 2;
  if (ndi_la_batch_init(op, &B, 1, &a, &core)) return NULL;
  const int64_t rc[2] = {m->n, m->n};
  nd_array *r = ndi_la_alloc(op, m->ot, &B, 2, rc);
  if (!r) return NULL;
  ndi_la_batch_add(&B, r, 2);
  B.fn = sqmap_elem;
  B.ctx = &j;
  int64_t ld = m->n > 1 ? m->n : 1;
  B.work = 2 * ndi_la_round((size_t)(ld * m->n) * ndi_dtype_size(m->ct)) + m->extra;
  B.cost = m->cost;
  int64_t failed;
  int code;
  nd_status st = ndi_la_batch_run(op, &B, &failed, &code);
  if (!st && failed >= 0) {
    if (code == NDI_MAP_NOMEM) st = ndi_error(ND_ERR_NOMEM, "%s: out of memory (LAPACK workspace)", op);
    else
      st = ndi_la_batch_error(op, &B, failed,
                              code == NDI_MAP_NONFINITE ? "contains infinities or NaNs"
                              : code == NDI_MAP_CONVERGE ? "did not converge (Schur form)"
                                                         : m->what(code));
  }
  if (st) {
    nd_release(r);
    return NULL;
  }
  return r;
}

nd_array *ndi_la_maybe_real(const char *op, nd_array *z, nd_dtype in) {
  bool single = in == ND_FLOAT32 || in == ND_COMPLEX64 || ndi_is_half(in); /* ndi_la_dtypes */
  bool real = ndi_dtype_kind(in) != 'c';
  if (real) {
    const double *d = (const double *)z->data;
    double big = 0, im = 0;
    for (int64_t i = 0; i < z->size; i++) {
      double ab = hypot(d[2 * i], d[2 * i + 1]);
      big = ab > big ? ab : big;
      im = fabs(d[2 * i + 1]) > im ? fabs(d[2 * i + 1]) : im;
    }
    real = im <= 1e6 * DBL_EPSILON * (big > 1 ? big : 1);
  }
  nd_array *r;
  if (real) {
    nd_array *re = nd_real(z);
    r = re ? ndi_array_alloc(op, single ? ND_FLOAT32 : ND_FLOAT64, re->ndim, re->shape, ND_C) : NULL;
    if (r) ndi_copy_array(r, re);
    nd_release(re);
  } else {
    r = ndi_la_as_dtype(op, z, single ? ND_COMPLEX64 : ND_COMPLEX128);
  }
  nd_release(z);
  return r;
}
