# nd's dtypes as Python objects (_dtypes.pyx).
from nd._c.types cimport nd_dtype

cdef class DType:
    cdef readonly int num
    cdef readonly str name

cdef DType dtype_obj(int num)
cdef int other_dtype(object obj) except -2
cdef nd_dtype to_dtype(object dtype) except *
