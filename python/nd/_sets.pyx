# cython: language_level=3, binding=True, embedsignature=True
"""The set functions (include/nd/sets.h): unique values of the flattened array, sorted,
each NaN distinct."""
from collections import namedtuple

from nd._c.types cimport *
from nd._c.core cimport *
from nd._c.sets cimport *
from nd._array cimport Array, as_array, wrap
from nd._errors cimport check

UniqueAllResult = namedtuple("UniqueAllResult", ["values", "indices", "inverse_indices", "counts"])
UniqueCountsResult = namedtuple("UniqueCountsResult", ["values", "counts"])
UniqueInverseResult = namedtuple("UniqueInverseResult", ["values", "inverse_indices"])


def unique_values(x, /):
    """The unique values (1-D, sorted)."""
    cdef Array a = as_array(x, "unique_values")
    cdef nd_array *r
    with nogil:
        r = nd_unique_values(a.arr)
    return wrap(r)


def unique_counts(x, /):
    """The unique values and how often each occurs."""
    cdef Array a = as_array(x, "unique_counts")
    cdef nd_array *v = NULL
    cdef nd_array *c = NULL
    cdef nd_status st
    with nogil:
        st = nd_unique_counts(a.arr, &v, &c)
    check(st)
    return UniqueCountsResult(wrap(v), wrap(c))


def unique_inverse(x, /):
    """The unique values and, for each element of x, the position of its value."""
    cdef Array a = as_array(x, "unique_inverse")
    cdef nd_array *v = NULL
    cdef nd_array *i = NULL
    cdef nd_status st
    with nogil:
        st = nd_unique_inverse(a.arr, &v, &i)
    check(st)
    return UniqueInverseResult(wrap(v), wrap(i))


def unique_all(x, /):
    """Values, first-occurrence indices, inverse indices and counts."""
    cdef Array a = as_array(x, "unique_all")
    cdef nd_array *v = NULL
    cdef nd_array *i = NULL
    cdef nd_array *inv = NULL
    cdef nd_array *c = NULL
    cdef nd_status st
    with nogil:
        st = nd_unique_all(a.arr, &v, &i, &inv, &c)
    check(st)
    return UniqueAllResult(wrap(v), wrap(i), wrap(inv), wrap(c))
