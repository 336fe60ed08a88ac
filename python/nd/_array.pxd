# The Array type and the helpers that hand nd arrays to Python and back (_array.pyx).
from nd._c.types cimport nd_array, nd_dtype

cdef class Array:
    cdef nd_array *arr

ctypedef nd_array *(*unary_fn)(const nd_array *) noexcept nogil

cdef Array wrap(nd_array *a)
cdef Array retyped(Array a, nd_dtype t)
cdef Array as_array(object x, str what)
cdef Array scalar_array(object x, nd_dtype like, bint weak)
cdef Array value_array(Array target, object value)
cdef object binary(int op, object x1, object x2)
cdef object unary(unary_fn fn, object x)
