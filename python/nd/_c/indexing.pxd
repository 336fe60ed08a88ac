# Declarations of include/nd/indexing.h.
from nd._c.types cimport *

cdef extern from "nd/indexing.h" nogil:
    nd_array *nd_take(const nd_array *a, const nd_array *indices, int axis)
    nd_array *nd_take_along_axis(const nd_array *a, const nd_array *indices, int axis)
    nd_array *nd_index_arrays(const nd_array *a, const char *spec, int n, nd_array *const *indices)
    nd_status nd_index_arrays_assign(nd_array *a, const char *spec, int n, nd_array *const *indices, const nd_array *value)
    nd_array *nd_mask_select(const nd_array *a, const nd_array *mask)
    nd_status nd_mask_assign(nd_array *a, const nd_array *mask, const nd_array *value)
    nd_status nd_nonzero(const nd_array *a, nd_array **out)
