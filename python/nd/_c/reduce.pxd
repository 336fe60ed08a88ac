# Declarations of include/nd/reduce.h.
from nd._c.types cimport *

cdef extern from "nd/reduce.h" nogil:
    nd_array *nd_sum(const nd_array *a, int naxes, const int *axes, bint keepdims)
    nd_array *nd_sum_dtype(const nd_array *a, int naxes, const int *axes, bint keepdims, nd_dtype dtype)
    nd_array *nd_prod(const nd_array *a, int naxes, const int *axes, bint keepdims)
    nd_array *nd_prod_dtype(const nd_array *a, int naxes, const int *axes, bint keepdims, nd_dtype dtype)
    nd_array *nd_min(const nd_array *a, int naxes, const int *axes, bint keepdims)
    nd_array *nd_max(const nd_array *a, int naxes, const int *axes, bint keepdims)
    nd_array *nd_mean(const nd_array *a, int naxes, const int *axes, bint keepdims)
    nd_array *nd_var(const nd_array *a, int naxes, const int *axes, double correction, bint keepdims)
    nd_array *nd_std(const nd_array *a, int naxes, const int *axes, double correction, bint keepdims)
    nd_array *nd_all(const nd_array *a, int naxes, const int *axes, bint keepdims)
    nd_array *nd_any(const nd_array *a, int naxes, const int *axes, bint keepdims)
    nd_array *nd_count_nonzero(const nd_array *a, int naxes, const int *axes, bint keepdims)
    nd_array *nd_argmax(const nd_array *a, int axis, bint keepdims)
    nd_array *nd_argmin(const nd_array *a, int axis, bint keepdims)
    nd_array *nd_cumulative_sum(const nd_array *a, int axis, bint include_initial)
    nd_array *nd_cumulative_sum_dtype(const nd_array *a, int axis, bint include_initial, nd_dtype dtype)
    nd_array *nd_cumulative_prod(const nd_array *a, int axis, bint include_initial)
    nd_array *nd_cumulative_prod_dtype(const nd_array *a, int axis, bint include_initial, nd_dtype dtype)
    nd_array *nd_diff(const nd_array *a, int axis, int n, const nd_array *prepend, const nd_array *append)
