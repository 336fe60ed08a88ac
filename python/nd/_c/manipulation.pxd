# Declarations of include/nd/manipulation.h.
from libc.stdint cimport int64_t
from nd._c.types cimport *

cdef extern from "nd/manipulation.h" nogil:
    nd_array *nd_concat(int n, nd_array *const *arrays, int axis)
    nd_array *nd_stack(int n, nd_array *const *arrays, int axis)
    nd_status nd_unstack(nd_array *a, int axis, int64_t n, nd_array **out)
    nd_array *nd_tile(const nd_array *a, int nreps, const int64_t *reps)
    nd_array *nd_repeat(const nd_array *a, int64_t repeats, int axis)
    nd_array *nd_repeat_array(const nd_array *a, const nd_array *repeats, int axis)
    nd_array *nd_roll(const nd_array *a, int nshift, const int64_t *shifts, int naxes, const int *axes)
    ctypedef enum nd_meshgrid_indexing:
        ND_MESH_XY, ND_MESH_IJ
    nd_status nd_meshgrid(int n, nd_array *const *arrays, nd_meshgrid_indexing indexing, nd_array **out)
    nd_array *nd_tril(const nd_array *a, int64_t k)
    nd_array *nd_triu(const nd_array *a, int64_t k)
