/* Cross products along an axis: NumPy's cross (2- and 3-vectors) and the Array API's
 * linalg cross (3-vectors only). The vector axis of each operand is set aside, the other
 * axes broadcast, and the typed loop (kernels/la_cross.c) runs over the broadcast shape
 * through the plan engine. */
#include <string.h>

#include "core/dtype.h"
#include "iter/plan.h"
#include "kernels/la_kernels.h"
#include "la_common.h"
#include "nd/linalg.h"
#include "nd/views.h"

static nd_array *cross_impl(const char *op, const nd_array *a, const nd_array *b, int axis) {
  int xa, xb;
  if (a->ndim == 0 || b->ndim == 0)
    return ndi_error_null(ND_ERR_SHAPE, "%s: operands need at least one axis (got %d and %d)",
                          op, a->ndim, b->ndim);
  if (ndi_normalize_axis(op, axis, a->ndim, &xa) || ndi_normalize_axis(op, axis, b->ndim, &xb))
    return NULL;
  int64_t na = a->shape[xa], nb = b->shape[xb];
  if ((na != 2 && na != 3) || (nb != 2 && nb != 3))
    return ndi_error_null(ND_ERR_SHAPE,
                          "%s: vectors must have 2 or 3 components along axis %d (got %lld and %lld)",
                          op, axis, (long long)na, (long long)nb);
  nd_dtype rt = ndi_promote(a->dtype, b->dtype), t = ndi_compute_dtype(rt); /* 16-bit: float32 */
  if (t == ND_BOOL)
    return ndi_error_null(ND_ERR_TYPE, "%s: boolean operands are not supported (no boolean subtraction)", op);
  /* the other axes, broadcast */
  int64_t ra[ND_MAX_DIMS], rb[ND_MAX_DIMS], sa[ND_MAX_DIMS], sb[ND_MAX_DIMS];
  int nra = 0, nrb = 0;
  nd_array *ca = ndi_la_as_dtype(op, a, t);
  nd_array *cb = ca ? ndi_la_as_dtype(op, b, t) : NULL;
  if (!cb) {
    nd_release(ca);
    return NULL;
  }
  for (int i = 0; i < a->ndim; i++)
    if (i != xa) { sa[nra] = ca->strides[i]; ra[nra++] = a->shape[i]; }
  for (int i = 0; i < b->ndim; i++)
    if (i != xb) { sb[nrb] = cb->strides[i]; rb[nrb++] = b->shape[i]; }
  const int ndims[2] = {nra, nrb};
  const int64_t *shapes[2] = {ra, rb};
  int nd = 0;
  int64_t oshape[ND_MAX_DIMS + 1], bsa[ND_MAX_DIMS], bsb[ND_MAX_DIMS];
  nd_array *r = NULL;
  nd_status bst = ndi_broadcast_shapes(op, 2, ndims, shapes, &nd, oshape);
  if (!bst && nd < ND_MAX_DIMS) {
    ndi_broadcast_strides(op, nra, ra, sa, nd, oshape, bsa);
    ndi_broadcast_strides(op, nrb, rb, sb, nd, oshape, bsb);
    int ncomp = (na == 2 && nb == 2) ? 0 : 3;
    if (ncomp) oshape[nd] = 3;
    r = ndi_array_alloc(op, t, nd + (ncomp ? 1 : 0), oshape, ND_C);
  } else if (!bst) {
    ndi_error(ND_ERR_SHAPE, "%s: the result would have more than %d axes", op, ND_MAX_DIMS);
  }
  if (r) {
    int64_t es = (int64_t)ndi_dtype_size(t);
    int64_t so[ND_MAX_DIMS], ba[ND_MAX_DIMS], bb[ND_MAX_DIMS];
    for (int i = 0; i < nd; i++) {
      so[i] = r->strides[i] * es;
      ba[i] = bsa[i] * es;
      bb[i] = bsb[i] * es;
    }
    ndi_la_cross_ctx ctx = {es, ca->strides[xa] * es, cb->strides[xb] * es, (int)na, (int)nb};
    ndi_operand ops[3] = {{r->data, so, es}, {ca->data, ba, es}, {cb->data, bb, es}};
    ndi_plan plan;
    ndi_plan_init(&plan, 3, nd, oshape, ops, 0);
    ndi_plan_execute(&plan, ndi_la_cross_loops[t], &ctx);
  }
  nd_release(ca);
  nd_release(cb);
  r = ndi_round_result(op, r, rt);
  if (r && r->ndim == nd + 1) {
    /* NumPy puts the component axis at position `axis` of the result */
    int xc;
    nd_array *m = NULL;
    if (!ndi_normalize_axis(op, axis, r->ndim, &xc)) m = nd_moveaxis(r, -1, xc);
    nd_release(r);
    r = m;
  }
  return r;
}

nd_array *nd_cross(const nd_array *a, const nd_array *b, int axis) {
  NDI_REQUIRE("cross", a);
  NDI_REQUIRE("cross", b);
  return cross_impl("cross", a, b, axis);
}

nd_array *nd_linalg_cross(const nd_array *x1, const nd_array *x2, int axis) {
  const char *op = "linalg.cross";
  NDI_REQUIRE(op, x1);
  NDI_REQUIRE(op, x2);
  int a1, a2;
  if (x1->ndim == 0 || x2->ndim == 0)
    return ndi_error_null(ND_ERR_SHAPE, "%s: operands need at least one axis (got %d and %d)", op,
                          x1->ndim, x2->ndim);
  if (ndi_normalize_axis(op, axis, x1->ndim, &a1) ||
      ndi_normalize_axis(op, axis, x2->ndim, &a2))
    return NULL;
  if (x1->shape[a1] != 3 || x2->shape[a2] != 3)
    return ndi_error_null(ND_ERR_SHAPE,
                          "%s: both operands need 3 components along axis %d (got %lld and %lld)",
                          op, axis, (long long)x1->shape[a1], (long long)x2->shape[a2]);
  return cross_impl(op, x1, x2, axis);
}
