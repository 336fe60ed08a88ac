# cython: language_level=3, binding=True, embedsignature=True
"""take, take_along_axis and nonzero (include/nd/indexing.h), and the general path of the
Array's indexing: keys with index arrays, masks, bools or integer types other than int
(x[i, 1:3, mask]); basic keys take the Array's fast path (_array.pyx)."""
import operator

from libc.stdlib cimport free, malloc

from nd._c.types cimport *
from nd._c.core cimport *
from nd._c.indexing cimport *
from nd._c.views cimport nd_index
from nd._array cimport Array, as_array, assign_basic, scalar_array, value_array, wrap
from nd._errors cimport check, raise_error
from nd._scalars cimport to_axis


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


# ---- the Array's indexing: the general path ---------------------------------------------

cdef str _bound(object v):
    return "None" if v is None else str(operator.index(v))


cdef object _index_or_none(object k):
    try:
        return operator.index(k)
    except TypeError:
        if hasattr(k, "__dlpack__") or hasattr(k, "__array__"):
            return None  # an array: the index-array path takes it
        raise


cdef tuple index_key(object key):
    """A Python index key as nd's index string (nd_index's grammar, '?' for each index
    array) and the list of index arrays; nd does the rest (NumPy's rules)."""
    if not isinstance(key, tuple):
        key = (key,)
    parts = []
    arrays = []
    for k in key:
        if isinstance(k, Array):
            parts.append("?")
            arrays.append(k)
        elif isinstance(k, slice):
            parts.append(_bound(k.start) + ":" + _bound(k.stop) + ":" + _bound(k.step))
        elif k is None:
            parts.append("None")
        elif k is Ellipsis:
            parts.append("...")
        elif isinstance(k, bool):
            # NumPy reads a[True] as a 0-d boolean mask
            parts.append("?")
            arrays.append(scalar_array(k, ND_BOOL, False))
        elif isinstance(k, int) or hasattr(type(k), "__index__") and not isinstance(k, (float, complex)) \
                and _index_or_none(k) is not None:
            parts.append(str(operator.index(k)))  # NumPy's integer scalars included
        elif isinstance(k, (list, tuple)) or hasattr(k, "__dlpack__") or hasattr(k, "__array__"):
            # a NumPy array (whose type has an __index__ that only 0-d integer ones answer)
            from nd._creation import asarray
            parts.append("?")
            arrays.append(asarray(k))
        else:
            raise IndexError(
                f"only integers, slices (`:`), ellipsis (`...`), None and integer or boolean "
                f"arrays are valid indices, not {type(k).__name__}")
    return ",".join(parts).encode("ascii"), arrays


cdef nd_array **array_ptrs(list arrays) except NULL:
    cdef nd_array **p = <nd_array **>malloc((len(arrays) + 1) * sizeof(nd_array *))
    if p == NULL:
        raise MemoryError()
    for i, a in enumerate(arrays):
        p[i] = (<Array>a).arr
    return p


def _get_item(Array self, object key):
    """self[key] for a key with index arrays, masks, bools or other integer types."""
    cdef bytes spec
    cdef list arrays
    cdef const char *cs
    cdef nd_array *r
    cdef nd_array **p
    cdef int n
    spec, arrays = index_key(key)
    cs = spec
    if not arrays:
        with nogil:
            r = nd_index(self.arr, cs)
        return wrap(r)
    n = len(arrays)
    p = array_ptrs(arrays)
    try:
        with nogil:
            r = nd_index_arrays(self.arr, cs, n, p)
    finally:
        free(p)
    return wrap(r)


def _set_item(Array self, object key, object value):
    """self[key] = value for a key with index arrays, masks, bools or other integer types."""
    cdef bytes spec
    cdef list arrays
    cdef const char *cs
    cdef nd_array **p
    cdef nd_status st
    cdef Array v
    cdef int n
    spec, arrays = index_key(key)
    cs = spec
    v = value_array(self, value)
    if not arrays:
        assign_basic(self, cs, v)
        return
    n = len(arrays)
    p = array_ptrs(arrays)
    try:
        with nogil:
            st = nd_index_arrays_assign(self.arr, cs, n, p, v.arr)
    finally:
        free(p)
    check(st)
