# Declarations of include/nd/print.h.
from nd._c.types cimport *

cdef extern from "nd/print.h" nogil:
    char *nd_to_string(const nd_array *a)
    char *nd_repr(const nd_array *a, const char *name)
