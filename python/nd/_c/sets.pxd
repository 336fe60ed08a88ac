# Declarations of include/nd/sets.h.
from nd._c.types cimport *

cdef extern from "nd/sets.h" nogil:
    nd_array *nd_unique_values(const nd_array *a)
    nd_status nd_unique_counts(const nd_array *a, nd_array **values, nd_array **counts)
    nd_status nd_unique_inverse(const nd_array *a, nd_array **values, nd_array **inverse)
    nd_status nd_unique_all(const nd_array *a, nd_array **values, nd_array **indices, nd_array **inverse, nd_array **counts)
