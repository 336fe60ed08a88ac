# Declarations of include/nd/sorting.h.
from nd._c.types cimport *

cdef extern from "nd/sorting.h" nogil:
    nd_array *nd_sort(const nd_array *a, int axis, bint descending)
    nd_array *nd_argsort(const nd_array *a, int axis, bint descending)
    ctypedef enum nd_side:
        ND_SIDE_LEFT, ND_SIDE_RIGHT
    nd_array *nd_searchsorted(const nd_array *sorted, const nd_array *values, nd_side side, const nd_array *sorter)
