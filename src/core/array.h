/* The array handle and its storage: what every layer inside nd may see. */
#ifndef NDI_ARRAY_H
#define NDI_ARRAY_H

#include <stdatomic.h>
#include <stdint.h>

#include "dtype.h"
#include "nd/types.h"

/* A buffer shared by an array and its views. Owned buffers are one aligned block: this
 * header in the first NDI_ALIGN bytes, the data after it. Wrapped buffers point at
 * external memory and run `deleter` when the last reference goes. */
typedef struct ndi_storage {
  _Atomic long refs;
  char *base;    /* first byte of the data */
  size_t nbytes; /* bytes addressable from base (for bounds checks of wraps) */
  void (*deleter)(void *data, void *ctx);
  void *ctx;
  unsigned flags;
} ndi_storage;

enum {
  NDI_STORAGE_OWNED = 1u << 0,    /* allocated by nd with the header in front */
  NDI_STORAGE_READONLY = 1u << 1, /* never writeable (a read-only memory map) */
};

/* Header flags. */
enum {
  NDI_WRITEABLE = 1u << 0,
  NDI_WEAK = 1u << 1, /* a Python-like scalar: takes part in promotion as a weak type */
};

struct nd_array {
  _Atomic long refs;
  ndi_storage *storage;
  char *data;      /* address of element [0,...,0] = storage->base + offset * itemsize */
  int64_t offset;  /* in elements */
  int64_t size;    /* product of shape */
  nd_dtype dtype;
  int ndim;
  unsigned flags;
  int scope_depth; /* > 0 while owned by an open nd_scope (see scope.c) */
  int64_t scope_slot;
  int64_t *shape;   /* = dims */
  int64_t *strides; /* = dims + ndim, in elements */
  int64_t dims[];
};

/* A new header over `storage` (retained) with the given layout (copied). NULL and an
 * ND_ERR_NOMEM message naming `op` on failure. */
nd_array *ndi_array_view(const char *op, ndi_storage *storage, nd_dtype t, int ndim,
                         const int64_t *shape, const int64_t *strides, int64_t offset);
/* A view of `base`'s storage, keeping its writeable flag. */
nd_array *ndi_array_view_of(const char *op, const nd_array *base, nd_dtype t, int ndim,
                            const int64_t *shape, const int64_t *strides, int64_t offset);
/* A view of a's storage in a's dtype with a new layout (keeps writeability). */
static inline nd_array *ndi_view(const char *op, const nd_array *a, int ndim,
                                 const int64_t *shape, const int64_t *strides, int64_t offset) {
  return ndi_array_view_of(op, a, a->dtype, ndim, shape, strides, offset);
}
/* A new array with its own uninitialised storage, contiguous in order o (ND_C or ND_F).
 * Checks the shape (negative extents, overflow) and reports errors naming `op`. */
nd_array *ndi_array_alloc(const char *op, nd_dtype t, int ndim, const int64_t *shape,
                          nd_order o);
/* A new array laid out with the given strides (elements, a permutation of a contiguous
 * layout that ndi_strides_for_perm made). */
nd_array *ndi_array_alloc_strided(const char *op, nd_dtype t, int ndim, const int64_t *shape,
                                  const int64_t *strides);
/* The address of element `index` of a into *p (negative indices count from the end), or
 * a failure with an error naming `op` (the returned status is ND_ERR_NULL for a NULL a or
 * index even when an earlier failure's message is kept). */
nd_status ndi_element_at(const char *op, const nd_array *a, const int64_t *index, char **p);
/* Storage helpers. */
ndi_storage *ndi_storage_alloc(size_t nbytes);
ndi_storage *ndi_storage_wrap(void *data, size_t nbytes, void (*deleter)(void *, void *),
                              void *ctx);
void ndi_storage_retain(ndi_storage *s);
void ndi_storage_release(ndi_storage *s);

/* Byte strides of `a` (ndim entries) into out. */
static inline void ndi_byte_strides(const nd_array *a, int64_t *out) {
  int64_t sz = (int64_t)ndi_dtype_size(a->dtype);
  for (int i = 0; i < a->ndim; i++) out[i] = a->strides[i] * sz;
}

/* The header's write flag alone: cleared by nd_set_writeable(a, false), read-only storage
 * and nd_broadcast_to. */
static inline bool ndi_write_flag(const nd_array *a) { return (a->flags & NDI_WRITEABLE) != 0; }

/* The first axis of stride 0 and extent above 1, or -1: writing through it would write
 * one element for many (a broadcast view made otherwise, by nd_broadcast_arrays or
 * nd_wrap, has no cleared flag but is read-only all the same, as in NumPy). An array of
 * no elements has none to write twice: NumPy gives empty arrays zero strides (np.zeros((2,
 * 0)) has strides (0, 8)) and they stay writable destinations. */
static inline int ndi_broadcast_axis(const nd_array *a) {
  int b = -1;
  for (int i = 0; i < a->ndim; i++) {
    if (a->shape[i] == 0) return -1;
    if (b < 0 && a->strides[i] == 0 && a->shape[i] > 1) b = i;
  }
  return b;
}

/* nd's one notion of writeable (nd_is_writeable): the write flag and no broadcast axis.
 * Everything that writes, exports memory for writing or reports writeability uses it. */
static inline bool ndi_is_writeable(const nd_array *a) {
  return ndi_write_flag(a) && ndi_broadcast_axis(a) < 0;
}

#endif
