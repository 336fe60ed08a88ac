# cython: language_level=3, binding=True, embedsignature=True
"""take, take_along_axis and nonzero (include/nd/indexing.h), and the general path of the
Array's indexing: keys with index arrays, masks, bools or integer types other than int
(x[i, 1:3, mask]); basic keys take the Array's fast path (_array.pyx)."""
import operator

from libc.stdlib cimport free, malloc

from nd._c.types cimport *
from nd._c.core cimport *
from nd._c.indexing cimport *
from nd._array cimport Array, as_array, scalar_array, value_array, wrap
from nd._errors cimport check
from nd._keys cimport basic_item
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

cdef object _index_or_none(object k):
    try:
        return operator.index(k)
    except TypeError:
        if hasattr(k, "__dlpack__") or hasattr(k, "__array__"):
            return None  # an array: the index-array path takes it
        raise


cdef int key_item(object k, nd_index_item *it, list keep) except -1:
    """One element of a key as an item; arrays made here are kept alive in keep."""
    cdef Array arr
    if basic_item(k, it) == 0:
        return 0
    if isinstance(k, Array):
        arr = <Array>k
    elif isinstance(k, bool):
        arr = scalar_array(k, ND_BOOL, False)  # NumPy reads a[True] as a 0-d boolean mask
    elif isinstance(k, int) or hasattr(type(k), "__index__") and not isinstance(k, (float, complex)) \
            and _index_or_none(k) is not None:
        v = operator.index(k)  # NumPy's integer scalars included
        if not (-(1 << 63) <= v < (1 << 63)):
            raise IndexError(f"index {v} does not fit in int64")
        it.kind = ND_ITEM_INT
        it.index = v
        return 0
    elif isinstance(k, (list, tuple)) or hasattr(k, "__dlpack__") or hasattr(k, "__array__"):
        # a NumPy array (whose type has an __index__ that only 0-d integer ones answer)
        from nd._creation import asarray
        arr = asarray(k)
    else:
        raise IndexError(
            f"only integers, slices (`:`), ellipsis (`...`), None and integer or boolean "
            f"arrays are valid indices, not {type(k).__name__}")
    keep.append(arr)
    it.kind = ND_ITEM_ARRAY
    it.array = arr.arr
    return 0


cdef nd_index_item *key_items(object key, int *n, list keep) except NULL:
    """Any index key as items (free them); arrays made here are kept alive in keep."""
    cdef tuple parts = key if type(key) is tuple else (key,)
    cdef nd_index_item *items = <nd_index_item *>malloc((len(parts) + 1) * sizeof(nd_index_item))
    if items == NULL:
        raise MemoryError()
    try:
        for i, k in enumerate(parts):
            key_item(k, &items[i], keep)
    except BaseException:
        free(items)
        raise
    n[0] = len(parts)
    return items


def _get_item(Array self, object key):
    """self[key] for a key with index arrays, masks, bools or other integer types."""
    cdef list keep = []
    cdef int n
    cdef nd_array *r
    cdef nd_index_item *items = key_items(key, &n, keep)
    with nogil:
        r = nd_index_items(self.arr, n, items)
    free(items)
    return wrap(r)


def _set_item(Array self, object key, object value):
    """self[key] = value for a key with index arrays, masks, bools or other integer types."""
    cdef list keep = []
    cdef int n
    cdef nd_status st
    cdef nd_index_item *items = key_items(key, &n, keep)
    cdef Array v
    try:
        v = value_array(self, value)
        with nogil:
            st = nd_index_items_assign(self.arr, n, items, v.arr)
    finally:
        free(items)
    check(st)
