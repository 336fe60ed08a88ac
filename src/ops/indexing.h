/* Frontend helpers shared by the gather-based functions (take.c, advindex.c), and the
 * indexing engine behind nd_index, nd_index_items, nd_index_arrays and the masks. */
#ifndef NDI_OPS_INDEXING_H
#define NDI_OPS_INDEXING_H

#include "frontend.h"
#include "nd/indexing.h"

/* a[items] (advindex.c): a view for items without index arrays, else a new C-ordered
 * array. Messages name op. */
nd_array *ndi_index_read(const char *op, const nd_array *a, int n, const nd_index_item *items);
/* a[items] = value, with nd_index_items_assign's checks; messages name op. */
nd_status ndi_index_write(const char *op, nd_array *a, int n, const nd_index_item *items,
                          const nd_array *value);

/* Checks that idx has an integer dtype (bool and floats are errors naming op). */
nd_status ndi_check_index_dtype(const char *op, const nd_array *idx);
/* For idx broadcast to (nd, shape), writes (accumulate: adds) to offsets[i], in C order of
 * shape, the index normalised into [0, extent) (negative counts from the end) times
 * stride_bytes. Out-of-range indices are errors naming op, the index and `axis`. */
nd_status ndi_index_offsets(const char *op, const nd_array *idx, int nd, const int64_t *shape,
                            int64_t extent, int64_t stride_bytes, int axis, int64_t *offsets,
                            bool accumulate);
/* A C-ordered flat source for a: a->data when a is C-contiguous (*tmp NULL), else a
 * C-contiguous copy held in *tmp (release it). NULL on failure. */
const char *ndi_flat_source(const char *op, const nd_array *a, nd_array **tmp);

#endif
