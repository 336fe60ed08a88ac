# cython: language_level=3, binding=True, embedsignature=True
"""Joining, splitting, tiling, repeating, rolling, grids and triangles
(include/nd/manipulation.h)."""
import operator

from libc.stdint cimport int64_t
from libc.stdlib cimport free, malloc

from nd._c.types cimport *
from nd._c.core cimport *
from nd._c.manipulation cimport *
from nd._array cimport Array, as_array, wrap
from nd._errors cimport check
from nd._scalars cimport to_axes, to_axis, to_shape


cdef nd_array **_list(object arrays, str name, int *n, list keep) except NULL:
    """The arrays' handles; keep holds the nd arrays (as_array makes new ones for other
    libraries' arrays) while the caller uses them."""
    if not isinstance(arrays, (tuple, list)):
        raise TypeError(f"{name}: expected a tuple or list of nd arrays, got {type(arrays).__name__}")
    n[0] = len(arrays)
    cdef nd_array **p = <nd_array **>malloc(sizeof(nd_array *) * (n[0] + 1))
    if p == NULL:
        raise MemoryError()
    try:
        for i, x in enumerate(arrays):
            keep.append(as_array(x, name))
            p[i] = (<Array>keep[i]).arr
    except BaseException:
        free(p)
        raise
    return p


def concat(arrays, /, *, axis=0):
    """The arrays joined along an existing axis (None: flattened); dtypes promote."""
    cdef int n
    cdef list keep = []
    cdef nd_array **p = _list(arrays, "concat", &n, keep)
    cdef int ax
    cdef nd_array *r
    try:
        ax = to_axis(axis)
        with nogil:
            r = nd_concat(n, p, ax)
    finally:
        free(p)
    return wrap(r)


def stack(arrays, /, *, axis=0):
    """The arrays (of one shape) joined along a new axis."""
    cdef int n
    cdef list keep = []
    cdef nd_array **p = _list(arrays, "stack", &n, keep)
    cdef int ax
    cdef nd_array *r
    try:
        ax = to_axis(axis)
        if axis is None:
            raise TypeError("stack: axis must be an integer")
        with nogil:
            r = nd_stack(n, p, ax)
    finally:
        free(p)
    return wrap(r)


def unstack(x, /, *, axis=0):
    """x split along axis into a tuple of views."""
    cdef Array a = as_array(x, "unstack")
    if axis is None or isinstance(axis, bool):
        raise TypeError("unstack: axis must be an integer")
    cdef int ax = to_axis(axis)
    cdef int nd = nd_ndim(a.arr)
    cdef int64_t n = nd_shape(a.arr)[ax + nd if ax < 0 else ax] if -nd <= ax < nd else 0
    cdef nd_array **out = <nd_array **>malloc(sizeof(nd_array *) * (n + 1))
    if out == NULL:
        raise MemoryError()
    try:
        check(nd_unstack(a.arr, ax, n, out))
        return tuple([wrap(out[i]) for i in range(n)])
    finally:
        free(out)


def tile(x, repetitions, /):
    """x repeated repetitions[i] times along each axis (NumPy's tile)."""
    cdef Array a = as_array(x, "tile")
    cdef int64_t reps[64]
    if not isinstance(repetitions, (tuple, list)):
        raise TypeError("tile: repetitions must be a tuple of integers")
    cdef int n = to_shape(repetitions, reps)
    cdef nd_array *r
    with nogil:
        r = nd_tile(a.arr, n, reps)
    return wrap(r)


def repeat(x, repeats, /, *, axis=None):
    """Each element repeated repeats times (an int, or an array of counts) along axis
    (None: of the flattened array)."""
    cdef Array a = as_array(x, "repeat")
    cdef int ax = to_axis(axis)
    cdef nd_array *r
    cdef int64_t k
    if isinstance(repeats, Array):
        with nogil:
            r = nd_repeat_array(a.arr, (<Array>repeats).arr, ax)
        return wrap(r)
    if isinstance(repeats, bool) or not isinstance(repeats, int):
        raise TypeError(f"repeat: repeats must be an int or an nd array, not {type(repeats).__name__}")
    k = repeats
    with nogil:
        r = nd_repeat(a.arr, k, ax)
    return wrap(r)


def roll(x, /, shift, *, axis=None):
    """Elements shifted along axis (None: the flattened array), wrapping around."""
    cdef Array a = as_array(x, "roll")
    cdef int64_t shifts[64]
    cdef int axes[64]
    cdef int ns = to_shape(shift, shifts)
    cdef int na = to_axes(axis, axes)
    cdef nd_array *r
    with nogil:
        r = nd_roll(a.arr, ns, shifts, na, axes)
    return wrap(r)


def meshgrid(*arrays, indexing="xy"):
    """Coordinate grids of 1-D arrays ('xy': Cartesian, 'ij': matrix indexing); a list."""
    if indexing not in ("xy", "ij"):
        raise ValueError(f"meshgrid: indexing must be 'xy' or 'ij', not {indexing!r}")
    cdef int n = len(arrays)
    if n == 0:
        return []
    cdef list keep = []
    cdef nd_array **p = _list(list(arrays), "meshgrid", &n, keep)
    cdef nd_array **out = <nd_array **>malloc(sizeof(nd_array *) * n)
    if out == NULL:
        free(p)
        raise MemoryError()
    try:
        check(nd_meshgrid(n, p, ND_MESH_XY if indexing == "xy" else ND_MESH_IJ, out))
        return [wrap(out[i]) for i in range(n)]
    finally:
        free(p)
        free(out)


def tril(x, /, *, k=0):
    """A copy with the elements above diagonal k of the last two axes set to zero."""
    cdef Array a = as_array(x, "tril")
    return wrap(nd_tril(a.arr, operator.index(k)))


def triu(x, /, *, k=0):
    """A copy with the elements below diagonal k of the last two axes set to zero."""
    cdef Array a = as_array(x, "triu")
    return wrap(nd_triu(a.arr, operator.index(k)))
