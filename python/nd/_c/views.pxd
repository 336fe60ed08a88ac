# Declarations of include/nd/views.h.
from libc.stdint cimport int64_t
from nd._c.types cimport *

cdef extern from "nd/views.h" nogil:
    nd_array *nd_index(nd_array *a, const char *spec)
    nd_array *nd_permute(nd_array *a, int naxes, const int *axes)
    nd_array *nd_transpose(nd_array *a)
    nd_array *nd_swapaxes(nd_array *a, int axis1, int axis2)
    nd_array *nd_moveaxis(nd_array *a, int src, int dst)
    nd_array *nd_matrix_transpose(nd_array *a)
    nd_array *nd_broadcast_to(nd_array *a, int ndim, const int64_t *shape)
    nd_status nd_broadcast_arrays(int n, nd_array *const *arrays, nd_array **out)
    nd_array *nd_expand_dims(nd_array *a, int axis)
    nd_array *nd_squeeze(nd_array *a, int naxes, const int *axes)
    nd_array *nd_flip(nd_array *a, int naxes, const int *axes)
    nd_array *nd_diagonal(nd_array *a, int64_t offset, int axis1, int axis2)
    nd_array *nd_real(nd_array *a)
    nd_array *nd_imag(nd_array *a)
    nd_array *nd_reshape(nd_array *a, int ndim, const int64_t *shape, nd_order o)
    nd_array *nd_reshape_view(nd_array *a, int ndim, const int64_t *shape, nd_order o)
    nd_array *nd_ravel(nd_array *a, nd_order o)
    nd_array *nd_flatten(nd_array *a, nd_order o)
