# cython: language_level=3, binding=True, embedsignature=True
"""sort, argsort and searchsorted (include/nd/sorting.h). nd's sorts are always stable."""
from nd._c.types cimport *
from nd._c.core cimport *
from nd._c.sorting cimport *
from nd._array cimport Array, as_array, scalar_array, wrap
from nd._scalars cimport is_scalar, to_axis


def sort(x, /, *, axis=-1, descending=False, stable=True):
    """A sorted copy of x along axis (stable; NaNs last, first when descending)."""
    cdef Array a = as_array(x, "sort")
    if axis is None:
        raise TypeError("sort: axis must be an integer")
    cdef int ax = to_axis(axis)
    cdef bint d = descending
    cdef nd_array *r
    with nogil:
        r = nd_sort(a.arr, ax, d)
    return wrap(r)


def argsort(x, /, *, axis=-1, descending=False, stable=True):
    """The int64 positions that sort x along axis (stable)."""
    cdef Array a = as_array(x, "argsort")
    if axis is None:
        raise TypeError("argsort: axis must be an integer")
    cdef int ax = to_axis(axis)
    cdef bint d = descending
    cdef nd_array *r
    with nogil:
        r = nd_argsort(a.arr, ax, d)
    return wrap(r)


def searchsorted(x1, x2, /, *, side="left", sorter=None):
    """Insertion points (int64, x2's shape) of x2's elements into the sorted 1-D x1."""
    cdef Array a = as_array(x1, "searchsorted")
    cdef Array v
    if is_scalar(x2):
        v = scalar_array(x2, nd_dtype_of(a.arr), False)
    else:
        v = as_array(x2, "searchsorted")
    if side not in ("left", "right"):
        raise ValueError(f"searchsorted: side must be 'left' or 'right', not {side!r}")
    cdef nd_side s = ND_SIDE_LEFT if side == "left" else ND_SIDE_RIGHT
    cdef nd_array *srt = NULL
    if sorter is not None:
        ksrt = as_array(sorter, "searchsorted")
        srt = (<Array>ksrt).arr
    cdef nd_array *r
    with nogil:
        r = nd_searchsorted(a.arr, v.arr, s, srt)
    return wrap(r)
