# Declarations of include/nd/creation.h.
from libc.stdint cimport int64_t, uint64_t
from nd._c.types cimport *

cdef extern from "nd/creation.h" nogil:
    nd_array *nd_empty(nd_dtype t, int ndim, const int64_t *shape, nd_order o)
    nd_array *nd_zeros(nd_dtype t, int ndim, const int64_t *shape, nd_order o)
    nd_array *nd_ones(nd_dtype t, int ndim, const int64_t *shape, nd_order o)
    nd_array *nd_full_scalar(nd_dtype t, int ndim, const int64_t *shape, nd_scalar value, nd_order o)
    nd_array *nd_empty_like(const nd_array *a, nd_order o)
    nd_array *nd_zeros_like(const nd_array *a, nd_order o)
    nd_array *nd_ones_like(const nd_array *a, nd_order o)
    nd_array *nd_scalar_array(nd_scalar value)
    nd_array *nd_arange(nd_dtype t, double start, double stop, double step)
    nd_array *nd_arange_int(nd_dtype t, int64_t start, int64_t stop, int64_t step)
    nd_array *nd_arange_uint(nd_dtype t, uint64_t start, uint64_t stop, int64_t step)
    nd_array *nd_linspace(nd_dtype t, double start, double stop, int64_t num, bint endpoint)
    nd_array *nd_eye(nd_dtype t, int64_t n, int64_t m, int64_t k)
    nd_array *nd_from_data(nd_dtype t, int ndim, const int64_t *shape, const void *data, nd_order o)
    nd_status nd_to_data(const nd_array *a, void *dst, nd_order o)
    nd_array *nd_wrap(nd_dtype t, int ndim, const int64_t *shape, const int64_t *strides,
                      void *data, void (*deleter)(void *data, void *ctx) noexcept, void *ctx)
    nd_array *nd_copy(const nd_array *a, nd_order o)
    nd_array *nd_astype(const nd_array *a, nd_dtype t)
    nd_array *nd_ascontiguous(nd_array *a, nd_order o)
    nd_status nd_assign(nd_array *dst, const nd_array *src)
    nd_status nd_fill_scalar(nd_array *dst, nd_scalar value)
