/* matmul with NumPy's `@` rules: a 1-D operand is promoted to a matrix (a row on the
 * left, a column on the right) and the added axis removed from the result; the batch
 * axes (all but the last two) broadcast. The product runs on the batched driver
 * (gemm_batch.c), which reads every operand in place through its strides. */
#include <string.h>

#include "blas.h"
#include "core/dtype.h"
#include "la_common.h"
#include "nd/linalg.h"

/* The product computed in dtype `as` (-1: the promoted dtype), the inputs converted to it,
 * except that 16-bit float inputs computed in float32 are read as they are (the
 * mixed-precision product: float32 accumulation of their products, a float32 result). */
static nd_array *matmul_as(const char *op, const nd_array *a, const nd_array *b, int as) {
  char sa[NDI_SHAPE_BUF], sb[NDI_SHAPE_BUF];
  if (a->ndim == 0 || b->ndim == 0)
    return ndi_error_null(ND_ERR_SHAPE,
                          "%s: operand %d is 0-d; matmul needs at least one axis (multiply scalars instead)",
                          op, a->ndim == 0 ? 0 : 1);
  bool a1 = a->ndim == 1, b1 = b->ndim == 1;
  int64_t m = a1 ? 1 : a->shape[a->ndim - 2], k = a->shape[a->ndim - 1];
  int64_t k2 = b1 ? b->shape[0] : b->shape[b->ndim - 2], n = b1 ? 1 : b->shape[b->ndim - 1];
  if (k != k2)
    return ndi_error_null(ND_ERR_SHAPE, "%s: %s @ %s: contracted axes differ (%lld vs %lld)", op,
                          ndi_fmt_shape(sa, sizeof sa, a->ndim, a->shape),
                          ndi_fmt_shape(sb, sizeof sb, b->ndim, b->shape), (long long)k,
                          (long long)k2);
  int nba = a1 ? 0 : a->ndim - 2, nbb = b1 ? 0 : b->ndim - 2;
  const int ndims[2] = {nba, nbb};
  const int64_t *shapes[2] = {a->shape, b->shape};
  int nbd;
  int64_t oshape[ND_MAX_DIMS + 2];
  if (ndi_broadcast_shapes(op, 2, ndims, shapes, &nbd, oshape)) {
    char ba[NDI_SHAPE_BUF], bb[NDI_SHAPE_BUF];
    return ndi_error_null(ND_ERR_SHAPE, "%s: %s @ %s: batch shapes %s and %s cannot be broadcast",
                          op, ndi_fmt_shape(sa, sizeof sa, a->ndim, a->shape),
                          ndi_fmt_shape(sb, sizeof sb, b->ndim, b->shape),
                          ndi_fmt_shape(ba, sizeof ba, nba, a->shape),
                          ndi_fmt_shape(bb, sizeof bb, nbb, b->shape));
  }
  int ond = nbd;
  if (!a1) oshape[ond++] = m;
  if (!b1) oshape[ond++] = n;
  if (ond > ND_MAX_DIMS)
    return ndi_error_null(ND_ERR_SHAPE, "%s: the result would have more than %d axes", op,
                          ND_MAX_DIMS);
  nd_dtype t = ndi_promote(a->dtype, b->dtype), rt = t;
  bool mixed = false;
  if (as >= 0) {
    rt = (nd_dtype)as;
    mixed = ndi_is_half(t) && rt == ND_FLOAT32;
    if (!mixed) t = rt;
  }
  nd_array *out = ndi_array_alloc(op, rt, ond, oshape, ND_C);
  nd_array *ca = out ? ndi_la_as_dtype(op, a, t) : NULL;
  nd_array *cb = ca ? ndi_la_as_dtype(op, b, t) : NULL;
  nd_status st = cb ? ND_OK : ND_ERR_NOMEM;
  if (!st) {
    ndi_la_gemm g;
    memset(&g, 0, sizeof g);
    g.dtype = t;
    g.c_float32 = mixed;
    g.nbd = nbd;
    memcpy(g.bshape, oshape, sizeof(int64_t) * (size_t)nbd);
    g.m = m;
    g.n = n;
    g.k = k;
    ndi_broadcast_strides(op, nba, ca->shape, ca->strides, nbd, oshape, g.a.bs);
    ndi_broadcast_strides(op, nbb, cb->shape, cb->strides, nbd, oshape, g.b.bs);
    g.a.data = ca->data;
    g.a.rs = a1 ? 0 : ca->strides[ca->ndim - 2];
    g.a.cs = ca->strides[ca->ndim - 1];
    g.b.data = cb->data;
    g.b.rs = b1 ? cb->strides[0] : cb->strides[cb->ndim - 2];
    g.b.cs = b1 ? 0 : cb->strides[cb->ndim - 1];
    /* out is C-contiguous: as [batch..., m, n] its strides are those of that shape */
    int64_t full[ND_MAX_DIMS + 2], fs[ND_MAX_DIMS + 2];
    memcpy(full, oshape, sizeof(int64_t) * (size_t)nbd);
    full[nbd] = m;
    full[nbd + 1] = n;
    ndi_la_c_strides(nbd + 2, full, fs);
    memcpy(g.c.bs, fs, sizeof(int64_t) * (size_t)nbd);
    g.c.data = out->data;
    g.c.rs = fs[nbd];
    g.c.cs = fs[nbd + 1];
    st = ndi_la_gemm_run(op, &g);
  }
  nd_release(ca);
  nd_release(cb);
  if (st) {
    nd_release(out);
    return NULL;
  }
  return out;
}

nd_array *ndi_la_matmul(const char *op, const nd_array *a, const nd_array *b) {
  return matmul_as(op, a, b, -1);
}

nd_array *nd_matmul(const nd_array *a, const nd_array *b) {
  NDI_REQUIRE("matmul", a);
  NDI_REQUIRE("matmul", b);
  return ndi_la_matmul("matmul", a, b);
}

nd_array *nd_matmul_dtype(const nd_array *a, const nd_array *b, nd_dtype dtype) {
  NDI_REQUIRE("matmul", a);
  NDI_REQUIRE("matmul", b);
  if (ndi_check_dtype("matmul", (int)dtype)) return NULL;
  nd_dtype t = ndi_promote(a->dtype, b->dtype);
  if (!nd_can_cast_with(t, dtype, ND_CAST_SAME_KIND))
    return ndi_error_null(ND_ERR_TYPE, "matmul: cannot compute a product of %s inputs in %s (same-kind casting)",
                          ndi_dtype_name(t), ndi_dtype_name(dtype));
  return matmul_as("matmul", a, b, (int)dtype);
}
