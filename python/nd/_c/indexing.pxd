# Declarations of include/nd/indexing.h.
from libc.stdint cimport int64_t
from nd._c.types cimport *

cdef extern from "nd/indexing.h" nogil:
    ctypedef enum nd_index_kind:
        ND_ITEM_INT, ND_ITEM_SLICE, ND_ITEM_NEWAXIS, ND_ITEM_ELLIPSIS, ND_ITEM_ARRAY
    ctypedef struct nd_index_item:
        nd_index_kind kind
        int64_t index
        int64_t start
        int64_t stop
        int64_t step
        bint has_start
        bint has_stop
        const nd_array *array
    nd_array *nd_index_items(nd_array *a, int n, const nd_index_item *items)
    nd_status nd_index_items_assign(nd_array *a, int n, const nd_index_item *items, const nd_array *value)
    nd_array *nd_take(const nd_array *a, const nd_array *indices, int axis)
    nd_array *nd_take_along_axis(const nd_array *a, const nd_array *indices, int axis)
    nd_array *nd_index_arrays(const nd_array *a, const char *spec, int n, nd_array *const *indices)
    nd_status nd_index_arrays_assign(nd_array *a, const char *spec, int n, nd_array *const *indices, const nd_array *value)
    nd_array *nd_mask_select(const nd_array *a, const nd_array *mask)
    nd_status nd_mask_assign(nd_array *a, const nd_array *mask, const nd_array *value)
    nd_status nd_nonzero(const nd_array *a, nd_array **out)
