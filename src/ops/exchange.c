/* Flat data in and out with an explicit order, and zero-copy wrapping of external memory. */
#include <string.h>

#include "core/alloc.h"
#include "frontend.h"
#include "exchange.h"
#include "iter/copy.h"
#include "nd/creation.h"

nd_array *nd_from_data(nd_dtype t, int ndim, const int64_t *shape, const void *data,
                       nd_order o) {
  nd_array *a = ndi_array_alloc("from_data", t, ndim, shape, o);
  if (!a) return NULL;
  if (a->size > 0 && !data) {
    nd_release(a);
    ndi_null_arg_named("from_data", "data");
    return NULL;
  }
  if (a->size > 0) memcpy(a->data, data, (size_t)a->size * ndi_dtype_size(t));
  return a;
}

nd_status nd_to_data(const nd_array *a, void *dst, nd_order o) {
  NDI_REQUIRE_ST("to_data", a);
  nd_status st = ndi_check_order("to_data", o, false);
  if (st) return st;
  if (a->size == 0) return ND_OK;
  if (!dst) return ndi_null_arg_named("to_data", "dst");
  size_t sz = ndi_dtype_size(a->dtype);
  if (ndi_is_contiguous(a->ndim, a->shape, a->strides, o)) {
    memcpy(dst, a->data, (size_t)a->size * sz);
    return ND_OK;
  }
  int64_t strides[ND_MAX_DIMS];
  ndi_contiguous_strides(a->ndim, a->shape, o, strides);
  if (((uintptr_t)dst % ndi_dtype_align(a->dtype)) != 0) {
    /* Unaligned destination: go through an aligned buffer. */
    nd_array *tmp = ndi_array_alloc("to_data", a->dtype, a->ndim, a->shape, o);
    if (!tmp) return ND_ERR_NOMEM;
    ndi_copy_array(tmp, a);
    memcpy(dst, tmp->data, (size_t)a->size * sz);
    nd_release(tmp);
    return ND_OK;
  }
  ndi_layout_ref d = {dst, strides, a->dtype};
  ndi_layout_ref s = {a->data, a->strides, a->dtype};
  ndi_copy_layout(a->ndim, a->shape, d, s);
  return ND_OK;
}

nd_array *ndi_wrap(const char *op, nd_dtype t, int ndim, const int64_t *shape,
                   const int64_t *strides, void *data, void (*deleter)(void *data, void *ctx),
                   void *ctx, unsigned storage_flags) {
  if (ndi_check_dtype(op, (int)t)) return NULL;
  int64_t size;
  if (ndi_shape_size(op, ndim, shape, &size)) return NULL;
  if (!data && size > 0) {
    ndi_null_arg_named(op, "data");
    return NULL;
  }
  size_t align = ndi_dtype_align(t);
  if (((uintptr_t)data % align) != 0)
    return ndi_error_null(ND_ERR_VALUE, "%s: data pointer %p is not aligned to %zu bytes for %s",
                          op, data, align, ndi_dtype_name(t));
  int64_t st[ND_MAX_DIMS];
  if (strides) memcpy(st, strides, sizeof(int64_t) * (size_t)ndim);
  else ndi_contiguous_strides(ndim, shape, ND_C, st);
  int64_t lo = 0, hi = 0;
  if (ndi_extent_checked(op, ndim, shape, st, ndi_dtype_size(t), &lo, &hi)) return NULL;
  /* Strides the layout never steps along (extent 1, or an empty array) are kept unless
   * their byte value overflows, which later stride arithmetic must never meet: those
   * become the contiguous stride. */
  int64_t dense[ND_MAX_DIMS];
  ndi_contiguous_strides(ndim, shape, ND_C, dense);
  for (int i = 0; i < ndim; i++) {
    int64_t bytes;
    if (__builtin_mul_overflow(st[i], (int64_t)ndi_dtype_size(t), &bytes)) st[i] = dense[i];
  }
  ndi_storage *s = ndi_storage_wrap(data, (size_t)(hi + 1) * ndi_dtype_size(t), deleter, ctx);
  if (!s) {
    ndi_nomem(op, sizeof(ndi_storage));
    return NULL;
  }
  s->flags |= storage_flags; /* before the header is made: read-only storage, read-only header */
  nd_array *a = ndi_array_view(op, s, t, ndim, shape, st, 0);
  if (!a) {
    /* The caller keeps ownership when wrapping fails: do not run the deleter. */
    s->deleter = NULL;
  }
  ndi_storage_release(s);
  return a;
}

nd_array *nd_wrap(nd_dtype t, int ndim, const int64_t *shape, const int64_t *strides,
                  void *data, void (*deleter)(void *data, void *ctx), void *ctx) {
  return ndi_wrap("wrap", t, ndim, shape, strides, data, deleter, ctx, 0);
}
