/* The inspection functions of nd/core.h that need the layers above the core: contiguity
 * and memory overlap (layout arithmetic), and element writes (the conversion loops). The
 * core's own inspection is core/inspect.c. */
#include "core/array.h"
#include "core/error.h"
#include "kernels/loop.h"
#include "layout/layout.h"
#include "nd/core.h"

bool nd_is_contiguous(const nd_array *a, nd_order o) {
  if (!a || (o != ND_C && o != ND_F)) return false;
  return ndi_is_contiguous(a->ndim, a->shape, a->strides, o);
}

static ndi_region region_of(const nd_array *a, int64_t *byte_strides) {
  ndi_byte_strides(a, byte_strides);
  return (ndi_region){(intptr_t)a->data, a->ndim, a->shape, byte_strides,
                      (int64_t)ndi_dtype_size(a->dtype)};
}

bool nd_may_share_memory(const nd_array *a, const nd_array *b) {
  if (!a || !b) return false;
  int64_t sa[ND_MAX_DIMS], sb[ND_MAX_DIMS];
  ndi_region ra = region_of(a, sa), rb = region_of(b, sb);
  return ndi_regions_may_overlap(&ra, &rb);
}

bool nd_shares_memory(const nd_array *a, const nd_array *b) {
  if (!a || !b) return false;
  int64_t sa[ND_MAX_DIMS], sb[ND_MAX_DIMS];
  ndi_region ra = region_of(a, sa), rb = region_of(b, sb);
  return ndi_regions_overlap(&ra, &rb);
}

nd_status nd_set_double(nd_array *a, const int64_t *index, double value) {
  char *p;
  nd_status st = ndi_element_at("set_double", a, index, &p);
  if (st) return st;
  if (!nd_is_writeable(a)) return ndi_error(ND_ERR_READONLY, "set_double: array is read-only");
  ndi_convert_one(a->dtype, p, ND_FLOAT64, &value);
  return ND_OK;
}
