/* Reference-counted buffers: owned (aligned, header in front) or wrapped (with deleter). */
#include <string.h>

#include "alloc.h"
#include "array.h"

/* The header sits in the first NDI_ALIGN bytes of an owned block, so the data that
 * follows is NDI_ALIGN-aligned too. */
_Static_assert(sizeof(ndi_storage) <= NDI_ALIGN, "storage header must fit in front of data");

ndi_storage *ndi_storage_alloc(size_t nbytes) {
  if (nbytes > SIZE_MAX - 2 * NDI_ALIGN) return NULL;
  char *block = ndi_aligned_alloc(NDI_ALIGN + nbytes);
  if (!block) return NULL;
  ndi_storage *s = (ndi_storage *)block;
  atomic_init(&s->refs, 1);
  s->base = block + NDI_ALIGN;
  s->nbytes = nbytes;
  s->deleter = NULL;
  s->ctx = NULL;
  s->flags = NDI_STORAGE_OWNED;
  return s;
}

ndi_storage *ndi_storage_wrap(void *data, size_t nbytes, void (*deleter)(void *, void *),
                              void *ctx) {
  ndi_storage *s = ndi_malloc(sizeof *s);
  if (!s) return NULL;
  atomic_init(&s->refs, 1);
  s->base = data;
  s->nbytes = nbytes;
  s->deleter = deleter;
  s->ctx = ctx;
  s->flags = 0;
  return s;
}

void ndi_storage_retain(ndi_storage *s) {
  atomic_fetch_add_explicit(&s->refs, 1, memory_order_relaxed);
}

void ndi_storage_release(ndi_storage *s) {
  if (!s) return;
  if (atomic_fetch_sub_explicit(&s->refs, 1, memory_order_acq_rel) != 1) return;
  if (s->flags & NDI_STORAGE_OWNED) {
    ndi_aligned_free(s, NDI_ALIGN + s->nbytes);
    return;
  }
  if (s->deleter) s->deleter(s->base, s->ctx);
  ndi_free(s);
}
