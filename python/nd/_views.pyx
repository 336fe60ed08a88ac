# cython: language_level=3, binding=True, embedsignature=True
"""Layout functions (include/nd/views.h): views that cost O(ndim) and never touch data,
and reshape, which copies only when strides cannot express the result."""
import operator

from nd._c.types cimport *
from nd._c.core cimport *
from nd._c.creation cimport nd_copy, nd_astype
from nd._c.views cimport *
from nd._array cimport Array, as_array, wrap
from nd._dtypes cimport to_dtype
from nd._errors cimport check, raise_error
from nd._scalars cimport to_axes, to_axis, to_shape
from nd._array import check_device
from nd._errors import AxisError


def permute_dims(x, /, axes):
    """x's axes reordered: result axis i is x's axis axes[i] (a view)."""
    cdef Array a = as_array(x, "permute_dims")
    cdef int ax[64]
    if not isinstance(axes, (tuple, list)):
        raise TypeError(f"permute_dims: axes must be a tuple of integers, not {type(axes).__name__}")
    cdef int n = to_axes(axes, ax)
    return wrap(nd_permute(a.arr, n, ax))


def matrix_transpose(x, /):
    """The last two axes swapped (a view; .mT)."""
    cdef Array a = as_array(x, "matrix_transpose")
    return wrap(nd_matrix_transpose(a.arr))


def moveaxis(x, source, destination, /):
    """Axes moved from source to destination (ints or tuples of ints), the others keeping
    their order (a view)."""
    cdef Array a = as_array(x, "moveaxis")
    cdef int src[64]
    cdef int dst[64]
    cdef int ns = to_axes(source, src)
    cdef int nt = to_axes(destination, dst)
    if source is None or destination is None:
        raise TypeError("moveaxis: source and destination must be integers or tuples of integers")
    if ns != nt:
        raise ValueError(f"moveaxis: source and destination must have the same number of elements ({ns} and {nt})")
    if ns == 1:
        return wrap(nd_moveaxis(a.arr, src[0], dst[0]))
    # several axes: one permutation, with the axes checked by nd_permute (after the
    # ranges are checked here, since a tuple is numbered before nd sees it)
    cdef int ndim = nd_ndim(a.arr)
    s = [_norm(src[i], ndim, "source") for i in range(ns)]
    d = [_norm(dst[i], ndim, "destination") for i in range(nt)]
    if len(set(s)) != ns or len(set(d)) != nt:
        raise ValueError("moveaxis: repeated axis in source or destination")
    order = [i for i in range(ndim) if i not in s]
    for dest, sr in sorted(zip(d, s)):
        order.insert(dest, sr)
    cdef int perm[64]
    for i in range(ndim):
        perm[i] = order[i]
    return wrap(nd_permute(a.arr, ndim, perm))


cdef int _norm(int axis, int ndim, str what) except -1:
    if axis < -ndim or axis >= ndim:
        raise AxisError(f"moveaxis: {what} axis {axis} is out of bounds for an array of dimension {ndim}")
    return axis + ndim if axis < 0 else axis


def broadcast_to(x, /, shape):
    """A read-only view of x broadcast to shape."""
    cdef Array a = as_array(x, "broadcast_to")
    cdef int64_t sh[64]
    cdef int n = to_shape(shape, sh)
    return wrap(nd_broadcast_to(a.arr, n, sh))


def broadcast_arrays(*arrays):
    """Views of the arrays broadcast against each other (a list)."""
    cdef int n = len(arrays)
    if n == 0:
        return []
    cdef nd_array *ins[256]
    cdef nd_array *outs[256]
    if n > 256:
        raise ValueError(f"broadcast_arrays: at most 256 arrays, got {n}")
    cdef list keep = [as_array(x, "broadcast_arrays") for x in arrays]
    for i in range(n):
        ins[i] = (<Array>keep[i]).arr
    check(nd_broadcast_arrays(n, ins, outs))
    return [wrap(outs[i]) for i in range(n)]


def expand_dims(x, /, axis=0):
    """A new axis of extent 1 at position axis of the result (a view)."""
    cdef Array a = as_array(x, "expand_dims")
    if isinstance(axis, (tuple, list)):
        r = a
        n = nd_ndim(a.arr) + len(axis)
        for ax in sorted([operator.index(v) + n if operator.index(v) < 0 else operator.index(v) for v in axis]):
            r = wrap(nd_expand_dims((<Array>r).arr, ax))
        return r
    return wrap(nd_expand_dims(a.arr, to_axis(axis)))


def squeeze(x, /, axis=None):
    """x without the listed axes, which must have extent 1 (axis None, NumPy's default:
    every axis of extent 1) (a view)."""
    cdef Array a = as_array(x, "squeeze")
    cdef int ax[64]
    cdef int n = to_axes(axis, ax)  # (axes never NULL: nd_squeeze's (0, NULL) is deprecated)
    return wrap(nd_squeeze(a.arr, n, ax))


def flip(x, /, *, axis=None):
    """x reversed along the listed axes (None: all) (a view)."""
    cdef Array a = as_array(x, "flip")
    cdef int ax[64]
    cdef int n = to_axes(axis, ax)  # (axes never NULL: nd_flip's (0, NULL) is deprecated)
    return wrap(nd_flip(a.arr, n, ax))


def reshape(x, /, shape, *, copy=None):
    """x in a new shape (C order; one extent may be -1): a view when strides can express
    it, else a copy. copy=False refuses to copy (ValueError), copy=True always copies."""
    cdef Array a = as_array(x, "reshape")
    cdef int64_t sh[64]
    cdef int n = to_shape(shape, sh)
    cdef nd_array *r
    cdef nd_array *c
    if copy is False:
        return wrap(nd_reshape_view(a.arr, n, sh, ND_C))
    if copy:
        with nogil:
            c = nd_copy(a.arr, ND_C)
            r = nd_reshape(c, n, sh, ND_C)
            nd_release(c)
        return wrap(r)
    with nogil:
        r = nd_reshape(a.arr, n, sh, ND_C)
    return wrap(r)


def astype(x, dtype, /, *, copy=True, device=None):
    """x converted to dtype (NumPy's conversions; complex to real is a TypeError). copy=False
    returns x itself when the dtype is already dtype."""
    cdef Array a = as_array(x, "astype")
    check_device(device)
    cdef nd_dtype t = to_dtype(dtype)
    cdef nd_array *r
    if not copy and nd_dtype_of(a.arr) == t:
        return a
    with nogil:
        r = nd_astype(a.arr, t)
    return wrap(r)
