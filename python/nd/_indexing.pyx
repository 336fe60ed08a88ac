# cython: language_level=3, binding=True, embedsignature=True
"""take, take_along_axis and nonzero (include/nd/indexing.h); the Array's own indexing
(x[i, 1:3, mask]) is in _core.pyx and goes through the same C functions."""
from libc.stdlib cimport free, malloc

from nd._c.types cimport *
from nd._c.core cimport *
from nd._c.indexing cimport *
from nd._core cimport Array, wrap, check, as_array, to_axis


def take(x, indices, /, *, axis=None):
    """Elements of x at the integer indices along axis (None: of the flattened array)."""
    cdef Array a = as_array(x, "take")
    cdef Array i = as_array(indices, "take")
    cdef int ax = to_axis(axis)
    cdef nd_array *r
    with nogil:
        r = nd_take(a.arr, i.arr, ax)
    return wrap(r)


def take_along_axis(x, indices, /, *, axis=-1):
    """out[..., j, ...] = x[..., indices[..., j, ...], ...] along axis."""
    cdef Array a = as_array(x, "take_along_axis")
    cdef Array i = as_array(indices, "take_along_axis")
    if axis is None:
        raise TypeError("take_along_axis: axis must be an integer")
    cdef int ax = to_axis(axis)
    cdef nd_array *r
    with nogil:
        r = nd_take_along_axis(a.arr, i.arr, ax)
    return wrap(r)


def nonzero(x, /):
    """The int64 coordinates of the nonzero elements, one array per axis (C order)."""
    cdef Array a = as_array(x, "nonzero")
    cdef int n = nd_ndim(a.arr)
    cdef nd_array **out = <nd_array **>malloc(sizeof(nd_array *) * (n + 1))
    if out == NULL:
        raise MemoryError()
    try:
        with nogil:
            st = nd_nonzero(a.arr, out)
        check(st)
        return tuple([wrap(out[i]) for i in range(n)])
    finally:
        free(out)
