/* The toolkit (nd/toolkit.h): nd's own argument checks, messages, layouts and copies,
 * public for code built on nd. Each function is the one nd's functions use; nothing here
 * is a second version of a rule. */
#include "nd/toolkit.h"

#include <string.h>

#include "core/alloc.h"
#include "frontend.h"
#include "iter/copy.h"
#include "iter/threads.h"
#include "kernels/stream.h"

nd_status nd_null_arg(const char *op, const char *name) { return ndi_null_arg_named(op, name); }

nd_status nd_error_prefix(const char *op) {
  if (nd_last_status() == ND_OK) return ND_OK;
  return nd_set_error(nd_last_extended_status(), "%s: %s", op, nd_last_error());
}

char *nd_format_shape(char *buf, size_t cap, int ndim, const int64_t *shape) {
  return ndi_fmt_shape(buf, cap, ndim, shape);
}

nd_status nd_normalize_axis(const char *op, int axis, int ndim, int *out) {
  return ndi_normalize_axis(op, axis, ndim, out);
}

nd_status nd_normalize_axes(const char *op, int naxes, const int *axes, int ndim, int *out) {
  return ndi_normalize_axes(op, naxes, axes, ndim, out, NULL);
}

nd_status nd_check_writeable(const char *op, const nd_array *a) {
  NDI_REQUIRE_ST(op, a);
  return ndi_check_writable(op, a);
}

nd_status nd_check_out(const char *op, const nd_array *out, nd_dtype t, int ndim,
                       const int64_t *shape) {
  NDI_REQUIRE_ST(op, out);
  if (ndim > 0 && !shape) return ndi_null_arg_named(op, "shape");
  if (out->ndim != ndim || (ndim > 0 && memcmp(out->shape, shape, sizeof(int64_t) * (size_t)ndim))) {
    char b1[NDI_SHAPE_BUF], b2[NDI_SHAPE_BUF];
    return ndi_error(ND_ERR_SHAPE, "%s: out has shape %s, expected %s", op,
                     ndi_fmt_shape(b1, sizeof b1, out->ndim, out->shape),
                     ndi_fmt_shape(b2, sizeof b2, ndim, shape));
  }
  if (out->dtype != t)
    return ndi_error(ND_ERR_TYPE, "%s: out has dtype %s, expected %s", op,
                     ndi_dtype_name(out->dtype), nd_dtype_name(t));
  return ndi_check_writable(op, out);
}

nd_status nd_check_dtype(const char *op, int t) { return ndi_check_dtype(op, t); }

nd_array *nd_alloc(const char *op, nd_dtype t, int ndim, const int64_t *shape, nd_order o) {
  return ndi_array_alloc(op, t, ndim, shape, o);
}

nd_array *nd_alloc_like(const char *op, const nd_array *a, nd_dtype t, nd_order o, int ndim,
                        const int64_t *shape) {
  NDI_REQUIRE(op, a);
  if (!shape) return ndi_alloc_like(op, a, t, o);
  return ndi_alloc_shaped_like(op, a, t, o, ndim, shape);
}

nd_status nd_copy_strided(const char *op, int ndim, const int64_t *shape, nd_dtype dst_t,
                          void *dst, const int64_t *dst_strides, nd_dtype src_t,
                          const void *src, const int64_t *src_strides) {
  int64_t size;
  nd_status st = ndi_check_ndim(op, ndim, shape);
  if (st || (st = ndi_shape_size(op, ndim, shape, &size))) return st;
  if ((st = ndi_check_dtype(op, (int)dst_t)) || (st = ndi_check_dtype(op, (int)src_t))) return st;
  if (ndi_dtype_kind(src_t) == 'c' && ndi_dtype_kind(dst_t) != 'c')
    return ndi_error(ND_ERR_TYPE, "%s: cannot cast %s to %s (complex to real discards the imaginary part)",
                     op, ndi_dtype_name(src_t), ndi_dtype_name(dst_t));
  if (size == 0) return ND_OK;
  if (!dst) return ndi_null_arg_named(op, "dst");
  if (!src) return ndi_null_arg_named(op, "src");
  if (ndim > 0 && !dst_strides) return ndi_null_arg_named(op, "dst_strides");
  if (ndim > 0 && !src_strides) return ndi_null_arg_named(op, "src_strides");
  ndi_copy_layout(ndim, shape, (ndi_layout_ref){dst, dst_strides, dst_t},
                  (ndi_layout_ref){(char *)(uintptr_t)src, src_strides, src_t});
  return ND_OK;
}

void nd_copy_nontemporal(void *dst, const void *src, size_t n) { ndi_stream_store(dst, src, n); }

void nd_copy_nontemporal_fence(void) { ndi_stream_fence(); }

int nd_threads_for(int64_t work) { return ndi_threads_for(work); }

nd_status nd_out_of_memory(const char *op, size_t nbytes) { return ndi_nomem(op, nbytes); }

void *nd_malloc(size_t nbytes) { return ndi_malloc(nbytes); }

void nd_free(void *p) { ndi_free(p); }
