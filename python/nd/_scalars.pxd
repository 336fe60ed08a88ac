# Python numbers as nd's C arguments (_scalars.pyx).
from libc.stdint cimport int64_t
from nd._c.types cimport nd_array, nd_dtype, nd_scalar

cdef int to_scalar(object x, nd_scalar *out) except -1
cdef nd_array *scalar_nd(object x, nd_dtype like, bint weak) except NULL
cdef object fit_big_int(object x, nd_dtype t)
cdef object big_int_operand(int op, nd_array *a, object v, bint first, nd_array **result)
cdef int to_axis(object axis) except? -2147483647
cdef int to_axes(object axis, int *axes) except -2
cdef int to_shape(object shape, int64_t *out) except -1


cdef bint is_numpy_scalar(object x)


cdef inline bint is_scalar(object x):
    """A Python scalar (weak, NEP 50). NumPy's float64 and complex128 subclass float and
    complex but are strong 0-d values (np.float64(2) * x promotes a float32 x)."""
    cdef type t = type(x)
    if t is float or t is int or t is bool or t is complex:
        return True
    return isinstance(x, (int, float, complex)) and not is_numpy_scalar(x)


cdef inline bint beyond_int64(object x):
    return isinstance(x, int) and not isinstance(x, bool) and not (-(1 << 63) <= x < (1 << 63))
