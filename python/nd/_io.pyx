# cython: language_level=3, binding=True, embedsignature=True
"""Files (include/nd/io.h): NumPy's .npy and .npz formats, both ways."""
import os

from libc.stdlib cimport free, malloc

from nd._c.types cimport *
from nd._c.core cimport *
from nd._c.io cimport *
from nd._array cimport Array, as_array, wrap
from nd._errors cimport check, raise_error


cdef bytes _path(object file, str name):
    if isinstance(file, (str, bytes, os.PathLike)):
        return os.fsencode(file)
    raise TypeError(f"{name}: file must be a path (str, bytes or os.PathLike), not {type(file).__name__}")


def save(file, arr, /):
    """Writes arr to a .npy file (".npy" is appended to a name without it, as np.save does)."""
    cdef bytes p = _path(file, "save")
    if not p.endswith(b".npy"):
        p += b".npy"
    cdef Array a = as_array(arr, "save")
    cdef const char *cp = p
    cdef nd_status st
    with nogil:
        st = nd_save_npy(cp, a.arr)
    check(st)


cdef int _savez(object file, tuple args, dict kwds, bint compress) except -1:
    cdef bytes p = _path(file, "savez")
    if not p.endswith(b".npz"):
        p += b".npz"
    named = {}
    for i, a in enumerate(args):
        named[f"arr_{i}"] = a
    for k, a in kwds.items():
        if k in named:
            raise ValueError(f"savez: cannot use un-named variables and keyword {k}")
        named[k] = a
    cdef int n = len(named)
    keys = [k.encode() for k in named]
    cdef const char **names = <const char **>malloc(sizeof(char *) * (n + 1))
    cdef const nd_array **arrays = <const nd_array **>malloc(sizeof(nd_array *) * (n + 1))
    cdef const char *cp = p
    cdef nd_status st
    cdef list keep = []
    try:
        if names == NULL or arrays == NULL:
            raise MemoryError()
        for i, (k, a) in enumerate(named.items()):
            names[i] = keys[i]
            keep.append(as_array(a, "savez"))  # (new arrays for other libraries' arrays)
            arrays[i] = (<Array>keep[i]).arr
        with nogil:
            st = nd_savez(cp, n, names, arrays, compress)
        check(st)
    finally:
        free(names)
        free(arrays)
    return 0


def savez(file, *args, **kwds):
    """Writes several arrays to an uncompressed .npz file (positional ones as arr_0, ...)."""
    _savez(file, args, kwds, False)


def savez_compressed(file, *args, **kwds):
    """Writes several arrays to a deflated .npz file."""
    _savez(file, args, kwds, True)


def load(file, /):
    """Reads a .npy file (an array) or a .npz file (a dict of arrays, in archive order)."""
    cdef bytes p = _path(file, "load")
    cdef const char *cp = p
    cdef nd_array *r
    cdef nd_npz *z
    with open(p, "rb") as f:
        magic = f.read(4)
    if magic == b"PK\x03\x04":
        with nogil:
            z = nd_load_npz(cp)
        if z == NULL:
            raise_error()
        try:
            out = {}
            for i in range(nd_npz_count(z)):
                name = nd_npz_name(z, i)
                out[name.decode()] = wrap(nd_npz_get(z, name))
            return out
        finally:
            nd_npz_close(z)
    with nogil:
        r = nd_load_npy(cp)
    return wrap(r)
