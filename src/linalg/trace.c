/* Traces (sums of diagonals) and the linalg diagonal view. The diagonal is a view
 * (nd_diagonal); its sum uses NumPy's default accumulation: int64 for bool and signed
 * integers, uint64 for unsigned ones, the input dtype (pairwise summation) for float and
 * complex. */
#include <string.h>

#include "core/dtype.h"
#include "kernels/la_kernels.h"
#include "la_common.h"
#include "nd/linalg.h"
#include "nd/views.h"
#include "ops/views.h"

static nd_dtype trace_dtype(nd_dtype t) {
  switch (ndi_dtype_kind(t)) {
    case 'b':
    case 'i': return ND_INT64;
    case 'u': return ND_UINT64;
    default: return t;
  }
}

static nd_array *trace_impl(const char *op, const nd_array *a, int64_t offset, int axis1,
                            int axis2) {
  if (a->ndim < 2)
    return ndi_error_null(ND_ERR_SHAPE, "%s: needs at least 2 axes (got %d)", op, a->ndim);
  nd_array *d = ndi_diagonal(op, (nd_array *)a, offset, axis1, axis2);
  if (!d) return NULL;
  int nd = d->ndim - 1;
  nd_array *r = ndi_array_alloc(op, trace_dtype(a->dtype), nd, d->shape, ND_C);
  if (r && r->size) {
    int64_t es = (int64_t)ndi_dtype_size(d->dtype), rs = (int64_t)ndi_dtype_size(r->dtype);
    int64_t n = d->shape[nd], s = d->strides[nd] * es;
    int64_t idx[ND_MAX_DIMS] = {0};
    for (int64_t e = 0; e < r->size; e++) {
      const char *p = d->data;
      for (int i = 0; i < nd; i++) p += idx[i] * d->strides[i] * es;
      ndi_la_sum[d->dtype](p, n, s, r->data + e * rs);
      for (int i = nd - 1; i >= 0 && ++idx[i] == d->shape[i]; i--) idx[i] = 0;
    }
  }
  nd_release(d);
  return r;
}

nd_array *nd_trace(const nd_array *a, int64_t offset, int axis1, int axis2) {
  NDI_REQUIRE("trace", a);
  return trace_impl("trace", a, offset, axis1, axis2);
}

nd_array *nd_linalg_trace(const nd_array *x, int64_t offset) {
  NDI_REQUIRE("linalg.trace", x);
  return trace_impl("linalg.trace", x, offset, -2, -1);
}

nd_array *nd_linalg_diagonal(const nd_array *x, int64_t offset) {
  const char *op = "linalg.diagonal";
  NDI_REQUIRE(op, x);
  if (x->ndim < 2)
    return ndi_error_null(ND_ERR_SHAPE, "%s: needs at least 2 axes (got %d)", op, x->ndim);
  return ndi_diagonal(op, (nd_array *)x, offset, -2, -1);
}
