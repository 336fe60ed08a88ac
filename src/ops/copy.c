/* copy, astype, ascontiguous, assign and fill: everything that moves values between
 * existing layouts goes through the copy engine (iter/copy.c). */
#include <math.h>
#include <string.h>

#include "frontend.h"
#include "iter/copy.h"
#include "kernels/loop.h"
#include "nd/creation.h"

nd_array *ndi_alloc_shaped_like(const char *op, const nd_array *a, nd_dtype t, nd_order o,
                                 int ndim, const int64_t *shape) {
  if (ndi_check_order(op, o, true)) return NULL;
  if (o == ND_A)
    o = (ndi_is_contiguous(a->ndim, a->shape, a->strides, ND_F) &&
         !ndi_is_contiguous(a->ndim, a->shape, a->strides, ND_C))
            ? ND_F
            : ND_C;
  /* NumPy keeps a's axis order only for a shape of a's number of axes */
  if (o != ND_K || ndim != a->ndim) return ndi_array_alloc(op, t, ndim, shape, o == ND_K ? ND_C : o);
  int64_t size;
  if (ndi_check_ndim(op, ndim, shape) || ndi_shape_size(op, ndim, shape, &size)) return NULL;
  int perm[ND_MAX_DIMS];
  int64_t strides[ND_MAX_DIMS];
  ndi_order_k_perm(a->ndim, a->shape, a->strides, perm);
  ndi_strides_for_perm(ndim, shape, perm, strides);
  return ndi_array_alloc_strided(op, t, ndim, shape, strides);
}

nd_array *ndi_alloc_like(const char *op, const nd_array *a, nd_dtype t, nd_order o) {
  return ndi_alloc_shaped_like(op, a, t, o, a->ndim, a->shape);
}

void ndi_copy_array(nd_array *dst, const nd_array *src) {
  ndi_layout_ref d = {dst->data, dst->strides, dst->dtype};
  ndi_layout_ref s = {src->data, src->strides, src->dtype};
  ndi_copy_layout(dst->ndim, dst->shape, d, s);
}

nd_array *ndi_round_result(const char *op, nd_array *r, nd_dtype t) {
  if (!r || r->dtype == t) return r;
  nd_array *out = ndi_alloc_like(op, r, t, ND_K);
  if (out) ndi_copy_array(out, r);
  nd_release(r);
  return out;
}

nd_status ndi_check_writable(const char *op, const nd_array *dst) {
  if (!ndi_write_flag(dst))
    return ndi_error(ND_ERR_READONLY, "%s: destination array is read-only%s", op,
                     (dst->storage->flags & NDI_STORAGE_READONLY)
                         ? " (its memory is read-only)"
                         : "");
  int b = ndi_broadcast_axis(dst);
  if (b >= 0)
    return ndi_error(ND_ERR_READONLY,
                     "%s: destination has a broadcast axis (axis %d has stride 0 and extent %lld)",
                     op, b, (long long)dst->shape[b]);
  return ND_OK;
}

static bool same_layout(const nd_array *a, const nd_array *b) {
  if (a->data != b->data || a->ndim != b->ndim || a->dtype != b->dtype) return false;
  for (int i = 0; i < a->ndim; i++)
    if (a->shape[i] != b->shape[i] || (a->shape[i] > 1 && a->strides[i] != b->strides[i]))
      return false;
  return true;
}

nd_status ndi_check_float_fits(const char *op, const char *what, double v, nd_dtype t) {
  char k = ndi_dtype_kind(t);
  if (k != 'i' && k != 'u') return ND_OK;
  if (isnan(v))
    return ndi_error(ND_ERR_VALUE, "%s: cannot convert float NaN to an integer (%s)", op,
                     ndi_dtype_name(t));
  /* as Python's int(v), then the integer's range check */
  int bits = 8 * (int)ndi_dtype_size(t);
  double x = trunc(v), lo = k == 'i' ? -ldexp(1.0, bits - 1) : 0.0;
  double end = ldexp(1.0, k == 'i' ? bits - 1 : bits);
  if (!(x >= lo && x < end))
    return ndi_error(ND_ERR_OVERFLOW, "%s: %s %.17g is out of bounds for %s", op, what, v,
                     ndi_dtype_name(t));
  return ND_OK;
}

nd_status ndi_check_float_assign(const char *op, nd_scalar v, nd_dtype t) {
  return v.kind == ND_SCALAR_FLOAT ? ndi_check_float_fits(op, "float scalar", v.v.f, t) : ND_OK;
}

nd_status ndi_check_weak_fits(const char *op, const nd_array *value, nd_dtype t) {
  if (!(value->flags & NDI_WEAK)) return ND_OK;
  if (value->dtype == ND_FLOAT64)
    return ndi_check_float_assign(op, ND_FLOAT(*(const double *)value->data), t);
  if (value->dtype != ND_INT64) return ND_OK;
  char buf[16];
  return ndi_scalar_to(op, ND_INT(*(const int64_t *)value->data), t, buf);
}

nd_status ndi_assign(const char *op, nd_array *dst, const nd_array *src) {
  nd_status st = ndi_check_writable(op, dst);
  if (st) return st;
  if ((st = ndi_check_weak_fits(op, src, dst->dtype))) return st;
  if (ndi_dtype_kind(src->dtype) == 'c' && ndi_dtype_kind(dst->dtype) != 'c')
    return ndi_error(ND_ERR_TYPE, "%s: cannot cast %s to %s (complex to real discards the imaginary part; take nd_real first)",
                     op, ndi_dtype_name(src->dtype), ndi_dtype_name(dst->dtype));
  /* Like NumPy, a source may have extra leading axes of extent 1. */
  int lead = 0;
  while (src->ndim - lead > dst->ndim && src->shape[lead] == 1) lead++;
  int64_t bstrides[ND_MAX_DIMS];
  st = ndi_broadcast_strides(op, src->ndim - lead, src->shape + lead, src->strides + lead,
                             dst->ndim, dst->shape, bstrides);
  if (st) return st;
  if (dst->size == 0) return ND_OK;
  ndi_layout_ref s = {src->data, bstrides, src->dtype};
  if (same_layout(dst, src)) return ND_OK; /* a[...] = a */
  if (nd_may_share_memory(dst, src) && nd_shares_memory(dst, src)) {
    /* Overlap: read everything first, as a fresh source would give. */
    nd_array *tmp = ndi_array_alloc(op, src->dtype, src->ndim, src->shape, ND_C);
    if (!tmp) return ND_ERR_NOMEM;
    ndi_copy_array(tmp, src);
    st = ndi_assign(op, dst, tmp);
    nd_release(tmp);
    return st;
  }
  ndi_layout_ref d = {dst->data, dst->strides, dst->dtype};
  ndi_copy_layout(dst->ndim, dst->shape, d, s);
  return ND_OK;
}

nd_status nd_assign(nd_array *dst, const nd_array *src) {
  NDI_REQUIRE_ST("assign", dst);
  NDI_REQUIRE_ST("assign", src);
  return ndi_assign("assign", dst, src);
}

nd_dtype ndi_scalar_default_dtype(nd_scalar v) {
  switch (v.kind) {
    case ND_SCALAR_BOOL: return ND_BOOL;
    case ND_SCALAR_INT: return ND_INT64;
    case ND_SCALAR_FLOAT: return ND_FLOAT64;
    case ND_SCALAR_COMPLEX: return ND_COMPLEX128;
  }
  return ND_FLOAT64;
}

nd_status ndi_scalar_to(const char *op, nd_scalar v, nd_dtype t, void *buf) {
  switch (v.kind) {
    case ND_SCALAR_BOOL: ndi_convert_one(t, buf, ND_BOOL, &v.v.b); return ND_OK;
    case ND_SCALAR_INT: {
      /* As NumPy 2: a Python int that the integer dtype cannot hold is an error, not a wrap. */
      int64_t lo, hi;
      ndi_int_range(t, &lo, &hi); /* the whole int64 range for bool, float and complex */
      if (v.v.i < lo || v.v.i > hi)
        return ndi_error(ND_ERR_OVERFLOW, "%s: integer scalar %lld is out of bounds for %s", op,
                         (long long)v.v.i, ndi_dtype_name(t));
      ndi_convert_one(t, buf, ND_INT64, &v.v.i);
      return ND_OK;
    }
    case ND_SCALAR_FLOAT: ndi_convert_one(t, buf, ND_FLOAT64, &v.v.f); return ND_OK;
    case ND_SCALAR_COMPLEX: {
      if (ndi_dtype_kind(t) != 'c')
        return ndi_error(ND_ERR_TYPE, "%s: cannot convert a complex value to %s", op,
                         ndi_dtype_name(t));
      /* the parts as they are: re + im * I would turn (1, inf) into nan+infj and lose the
       * sign of a zero real part (C11 lays a complex out as its two parts) */
      double z[2] = {v.v.c.re, v.v.c.im};
      ndi_convert_one(t, buf, ND_COMPLEX128, z);
      return ND_OK;
    }
  }
  return ndi_error(ND_ERR_VALUE, "%s: invalid scalar kind %d", op, (int)v.kind);
}

nd_status ndi_fill(const char *op, nd_array *dst, nd_scalar value) {
  nd_status st = ndi_check_writable(op, dst);
  if (st) return st;
  _Alignas(16) char elem[16];
  if ((st = ndi_scalar_to(op, value, dst->dtype, elem))) return st;
  int64_t zero[ND_MAX_DIMS] = {0};
  ndi_layout_ref d = {dst->data, dst->strides, dst->dtype};
  ndi_layout_ref s = {elem, zero, dst->dtype};
  ndi_copy_layout(dst->ndim, dst->shape, d, s);
  return ND_OK;
}

static nd_status fill_checked(const char *op, nd_array *dst, nd_scalar value) {
  NDI_REQUIRE_ST(op, dst);
  nd_status st = ndi_check_float_assign(op, value, dst->dtype);
  return st ? st : ndi_fill(op, dst, value);
}

nd_status nd_fill_scalar(nd_array *dst, nd_scalar value) {
  return fill_checked("fill_scalar", dst, value);
}

nd_status nd_fill(nd_array *dst, double value) { return fill_checked("fill", dst, ND_FLOAT(value)); }

nd_array *nd_copy(const nd_array *a, nd_order o) {
  NDI_REQUIRE("copy", a);
  nd_array *r = ndi_alloc_like("copy", a, a->dtype, o);
  if (r) ndi_copy_array(r, a);
  return r;
}

nd_array *nd_astype(const nd_array *a, nd_dtype t) {
  NDI_REQUIRE("astype", a);
  if (ndi_check_dtype("astype", (int)t)) return NULL;
  if (ndi_dtype_kind(a->dtype) == 'c' && ndi_dtype_kind(t) != 'c')
    return ndi_error_null(ND_ERR_TYPE,
                          "astype: cannot cast %s to %s (complex to real is not allowed; use nd_real)",
                          ndi_dtype_name(a->dtype), ndi_dtype_name(t));
  nd_array *r = ndi_alloc_like("astype", a, t, ND_K);
  if (r) ndi_copy_array(r, a);
  return r;
}

nd_array *nd_ascontiguous(nd_array *a, nd_order o) {
  NDI_REQUIRE("ascontiguous", a);
  if (ndi_check_order("ascontiguous", o, false)) return NULL;
  if (ndi_is_contiguous(a->ndim, a->shape, a->strides, o))
    return ndi_view("ascontiguous", a, a->ndim, a->shape, a->strides, a->offset);
  nd_array *r = ndi_array_alloc("ascontiguous", a->dtype, a->ndim, a->shape, o);
  if (r) ndi_copy_array(r, a);
  return r;
}
