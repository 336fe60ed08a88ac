# The Array object, dtypes, errors and argument conversion shared by every module.
from libc.stdint cimport int64_t
from nd._c.types cimport *
from nd.binops cimport ndpy_binop

cdef class DType:
    cdef readonly int num
    cdef readonly str name

cdef class Array:
    cdef nd_array *arr

ctypedef nd_array *(*unary_fn)(const nd_array *) noexcept nogil

cdef Array wrap(nd_array *a)
cdef int check(nd_status st) except -1
cdef int raise_error() except -1
cdef Array as_array(object x, str what)
cdef bint is_scalar(object x)
cdef int to_scalar(object x, nd_scalar *out) except -1
cdef object fit_big_int(object x, nd_dtype t)
cdef nd_dtype to_dtype(object dtype) except *
cdef DType dtype_obj(int num)
cdef int to_axes(object axis, int *axes) except -2
cdef int to_axis(object axis) except? -2147483647
cdef int to_shape(object shape, int64_t *out) except -1
cdef object binary(int op, object x1, object x2)
cdef object unary(unary_fn fn, object x)
cdef Array scalar_array(object x, nd_dtype like, bint weak)
