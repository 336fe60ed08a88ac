# cython: language_level=3, binding=True, embedsignature=True
"""Index keys as nd's index items (nd_index_item, include/nd/indexing.h): the basic ones
(integers, slices, None, Ellipsis, and tuples of them), which the Array's indexing applies
at once; keys with arrays, bools or other integer types take the general path of
_indexing.pyx, which builds the other items and uses basic_item for these."""
from nd._c.indexing cimport (ND_ITEM_ELLIPSIS, ND_ITEM_INT, ND_ITEM_NEWAXIS, ND_ITEM_SLICE,
                             nd_index_item)


cdef extern from "Python.h":
    int PySlice_Unpack(object slice, Py_ssize_t *start, Py_ssize_t *stop, Py_ssize_t *step) except -1


cdef int basic_item(object k, nd_index_item *it) except -2:
    """One element of a key as an item: 0, or -1 if it is not basic (an array, a bool, an
    int beyond int64, another integer type: the general path takes it). Slices are unpacked
    as Python unpacks them (absent bounds become the extreme values, which nd clips as
    NumPy does; a zero step is Python's ValueError, as NumPy's)."""
    cdef Py_ssize_t start, stop, step
    if type(k) is int:
        try:
            it.index = k
        except OverflowError:
            return -1
        it.kind = ND_ITEM_INT
    elif type(k) is slice:
        PySlice_Unpack(k, &start, &stop, &step)
        it.kind = ND_ITEM_SLICE
        it.start = start
        it.stop = stop
        it.step = step
        it.has_start = True
        it.has_stop = True
    elif k is None:
        it.kind = ND_ITEM_NEWAXIS
    elif k is Ellipsis:
        it.kind = ND_ITEM_ELLIPSIS
    else:
        return -1
    return 0


cdef int basic_items(object key, nd_index_item *items, int cap) except -2:
    """A basic key as at most cap items: their count, or -1 if the key is not basic (or
    longer than cap)."""
    cdef int n = 0
    if type(key) is not tuple:
        return 1 if basic_item(key, items) == 0 else -1
    if len(<tuple>key) > cap:
        return -1
    for k in <tuple>key:
        if basic_item(k, &items[n]) < 0:
            return -1
        n += 1
    return n
