/* The array header: creation, views, reference counting. */
#include "array.h"

#include <string.h>

#include "alloc.h"
#include "error.h"
#include "nd/core.h"
#include "scope.h"
#include "shape.h"

nd_array *ndi_array_view(const char *op, ndi_storage *storage, nd_dtype t, int ndim,
                         const int64_t *shape, const int64_t *strides, int64_t offset) {
  size_t bytes = sizeof(nd_array) + 2 * (size_t)ndim * sizeof(int64_t);
  nd_array *a = ndi_malloc(bytes);
  if (!a) {
    ndi_nomem(op, bytes);
    return NULL;
  }
  atomic_init(&a->refs, 1);
  a->storage = storage;
  a->dtype = t;
  a->ndim = ndim;
  a->flags = (storage->flags & NDI_STORAGE_READONLY) ? 0 : NDI_WRITEABLE;
  a->scope_depth = 0;
  a->scope_slot = 0;
  a->shape = a->dims;
  a->strides = a->dims + ndim;
  int64_t size = 1;
  for (int i = 0; i < ndim; i++) {
    a->shape[i] = shape[i];
    a->strides[i] = strides[i];
    size *= shape[i];
  }
  a->size = size;
  /* An empty array addresses nothing: its offset is meaningless and may come from strides
   * of enormous extents, so pin it. */
  if (size == 0) offset = 0;
  a->offset = offset;
  a->data = storage->base + offset * (int64_t)ndi_dtype_size(t);
  /* array.c and scope.c call each other, on purpose: a new array joins the innermost open
   * scope here and leaves it in nd_release, and closing a scope releases what it holds
   * with nd_release. The loop is the ownership rule (a scope holds references, and every
   * reference goes through the one release path); scope.c uses nothing else of this file. */
  if (!ndi_scope_track(a)) {
    ndi_free(a);
    ndi_nomem(op, 0);
    return NULL;
  }
  ndi_storage_retain(storage);
  return a;
}

nd_array *ndi_array_view_of(const char *op, const nd_array *base, nd_dtype t, int ndim,
                            const int64_t *shape, const int64_t *strides, int64_t offset) {
  nd_array *v = ndi_array_view(op, base->storage, t, ndim, shape, strides, offset);
  if (v && !(base->flags & NDI_WRITEABLE)) v->flags &= ~(unsigned)NDI_WRITEABLE;
  return v;
}

nd_array *ndi_array_alloc_strided(const char *op, nd_dtype t, int ndim, const int64_t *shape,
                                  const int64_t *strides) {
  if (ndi_check_dtype(op, (int)t)) return NULL;
  int64_t size;
  if (ndi_shape_size(op, ndim, shape, &size)) return NULL;
  size_t item = ndi_dtype_size(t);
  if ((uint64_t)size > (uint64_t)(INT64_MAX / 2) / item) {
    char buf[NDI_SHAPE_BUF];
    return ndi_error_null(ND_ERR_OVERFLOW_SIZE, "%s: shape %s of %s is too large to allocate", op,
                          ndi_fmt_shape(buf, sizeof buf, ndim, shape), ndi_dtype_name(t));
  }
  size_t nbytes = (size_t)size * item;
  ndi_storage *s = ndi_storage_alloc(nbytes);
  if (!s) {
    ndi_nomem(op, nbytes);
    return NULL;
  }
  nd_array *a = ndi_array_view(op, s, t, ndim, shape, strides, 0);
  ndi_storage_release(s); /* the view holds the only reference now (or none on failure) */
  return a;
}

nd_array *ndi_array_alloc(const char *op, nd_dtype t, int ndim, const int64_t *shape,
                          nd_order o) {
  if (ndi_check_order(op, o, false)) return NULL;
  int64_t size; /* checked first: the strides of an overflowing shape overflow too */
  if (ndi_shape_size(op, ndim, shape, &size)) return NULL;
  int64_t strides[ND_MAX_DIMS];
  ndi_contiguous_strides(ndim, shape, o, strides);
  return ndi_array_alloc_strided(op, t, ndim, shape, strides);
}

nd_array *nd_retain(nd_array *a) {
  if (a) atomic_fetch_add_explicit(&a->refs, 1, memory_order_relaxed);
  return a;
}

void nd_release(nd_array *a) {
  if (!a) return;
  if (atomic_fetch_sub_explicit(&a->refs, 1, memory_order_acq_rel) != 1) return;
  ndi_scope_forget(a);
  ndi_storage_release(a->storage);
  ndi_free(a);
}

const char *nd_version(void) { return ND_VERSION_STRING; }
