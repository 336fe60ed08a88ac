# cython: language_level=3, binding=True, embedsignature=True
"""NumPy's functions by NumPy's names and signatures, over nd's: what NumPy-API code calls
(np.transpose(a, axes), np.concatenate(arrays, axis, out), np.trace on axes 0 and 1,
np.sum(a, axis, dtype, out, keepdims, initial, where), np.cumsum flattening, ...) where the
standard's functions differ. They serve three callers: the NumPy-style methods of nd.Array
(nd._numpy_methods), NumPy's __array_function__ (the table in nd._numpy_dispatch), and the
nd namespace itself, which exports those whose names the standard does not use
(nd.transpose, nd.concatenate, nd.kron, ...: autoray, opt_einsum, cotengra and quimb find
them by NumPy's names). Arguments are array-likes as in NumPy (nd arrays, NumPy arrays, and
here also lists and scalars, through nd.asarray); results are nd arrays; out= may be an nd
or a NumPy array (written in place and returned). Each function converts its arguments and
calls nd's functions: the rules (promotion, broadcasting, layouts) are nd's."""
import builtins
import functools
import math
import operator

from nd._c.types cimport *
from nd._c.core cimport *
from nd._c.creation cimport nd_ascontiguous, nd_copy, nd_empty, nd_empty_like
from nd._c.linalg cimport nd_inner, nd_kron, nd_outer, nd_trace
from nd._c.views cimport nd_diagonal, nd_flatten, nd_ravel, nd_reshape, nd_reshape_view, nd_swapaxes
from nd._array cimport Array, as_array, wrap
from nd._dtypes cimport dtype_obj, to_dtype
from nd._errors cimport check
from nd._scalars cimport is_scalar, to_axis, to_shape

from nd._creation import asarray as _asarray, full as _full, eye as _eye, arange as _arange
from nd._creation import linspace as _linspace
from nd._elementwise import (abs as _abs, conj as _conj, equal as _equal, floor_divide as _fdiv,
                             isfinite as _isfinite, isnan as _isnan, less_equal as _less_equal,
                             logical_and as _and, logical_not as _not, logical_or as _or,
                             maximum as _maximum, minimum as _minimum, remainder as _rem,
                             round as _round0, where as _where)
from nd._elementwise import clip as _clip, imag as _imag_view, real as _real_view
from nd._info import result_type as _result_type
from nd._indexing import nonzero as _nonzero, take as _take, take_along_axis as _take_along_axis
from nd._linalg import einsum as _einsum, matmul as _matmul, tensordot as _tensordot
from nd._linalg import vecdot as _vecdot
from nd._manipulation import (concat as _concat, meshgrid as _meshgrid, repeat as _repeat,
                              roll as _roll, stack as _stack, tile as _tile, tril as _tril,
                              triu as _triu)
from nd._reduce import (all as _all, any as _any, argmax as _argmax, argmin as _argmin,
                        count_nonzero as _count_nonzero, cumulative_prod as _cumprod,
                        cumulative_sum as _cumsum, max as _max, mean as _mean, min as _min,
                        diff as _diff, prod as _prod, std as _std, sum as _sum, var as _var)
from nd._sorting import argsort as _argsort, searchsorted as _searchsorted, sort as _sort
from nd._views import (astype as _astype, broadcast_arrays as _broadcast_arrays,
                       broadcast_to as _broadcast_to, expand_dims as _expand_dims, flip as _flip,
                       moveaxis as _moveaxis, permute_dims as _permute, squeeze as _squeeze)


# ---- arguments ------------------------------------------------------------------------------

class _NoValueType:
    """The default of NumPy's optional keywords (initial=, where=): not given."""

    def __repr__(self):
        return "<no value>"


_NoValue = _NoValueType()


cdef bint given(object v):
    # NumPy's own sentinel (np._NoValue) also means "not given": NumPy code passes it on
    return v is not _NoValue and type(v).__name__ != "_NoValueType"


cpdef Array arr(object a):
    """An array-like as an nd array: nd's own, in place for NumPy's (and buffers, DLPack),
    else through nd.asarray (lists, scalars). The result may be a new object: hold it in a
    variable while its handle (.arr) is in use."""
    if isinstance(a, Array):
        return <Array>a
    return <Array>_asarray(a)


cdef nd_order to_order(object order, str what) except *:
    if order is None or order == "K":
        return ND_K
    if order == "C":
        return ND_C
    if order == "F":
        return ND_F
    if order == "A":
        return ND_A
    raise ValueError(f"{what}: order must be one of 'C', 'F', 'A' or 'K', not {order!r}")


_CASTING = {"no": ND_CAST_NO, "equiv": ND_CAST_NO, "safe": ND_CAST_SAFE,
            "same_kind": ND_CAST_SAME_KIND, "unsafe": ND_CAST_UNSAFE}


def check_cast(frm, to, casting, what):
    """A TypeError, as NumPy's, when casting frm to to breaks the rule casting."""
    if casting not in _CASTING:
        raise ValueError(f"{what}: casting must be one of {', '.join(map(repr, _CASTING))}, not {casting!r}")
    cdef nd_dtype f = to_dtype(frm), t = to_dtype(to)
    if not nd_can_cast_with(f, t, <nd_casting>_CASTING[casting]):
        raise TypeError(f"{what}: cannot cast {dtype_obj(f)} to {dtype_obj(t)} according to the "
                        f"rule {casting!r}")


def out_array(out, str what):
    """The array an out= argument names (an nd array, or a NumPy array written in place)."""
    if isinstance(out, tuple):
        if len(out) != 1:
            raise ValueError(f"{what}: out must be one array, got {len(out)}")
        out = out[0]
    r = as_array(out, what)
    if not r.flags.writeable:
        raise ValueError(f"{what}: the out array is read-only")
    return r


def to_out(result, out, str what, casting="same_kind"):
    """result written into out (returned, as given), or result itself when out is None."""
    if out is None:
        return result
    target = out_array(out, what)
    if tuple(target.shape) != tuple(result.shape):
        raise ValueError(f"{what}: out has shape {target.shape}, the result {result.shape}")
    check_cast(result.dtype, target.dtype, casting, what)
    target[...] = result
    return out[0] if isinstance(out, tuple) else out


def _axes_tuple(axis, int ndim):
    """axis (None, an int or a sequence) as a tuple of non-negative axes."""
    if axis is None:
        return tuple(range(ndim))
    axes = tuple(axis) if isinstance(axis, (tuple, list)) else (axis,)
    return tuple(operator.index(a) % ndim if ndim else operator.index(a) for a in axes)


# ---- metadata --------------------------------------------------------------------------------

def shape(a):
    """The shape of an array-like."""
    return arr(a).shape


def ndim(a):
    """The number of dimensions of an array-like."""
    return arr(a).ndim


def size(a, axis=None):
    """The number of elements (along axis, if given)."""
    x = arr(a)
    return x.size if axis is None else x.shape[axis]


def iscomplexobj(x):
    """Whether x has a complex dtype."""
    return arr(x).dtype.kind == "c"


def isrealobj(x):
    """Whether x has a dtype that is not complex."""
    return not iscomplexobj(x)


def iscomplex(x):
    """Elementwise: whether the imaginary part is nonzero."""
    return imag(x) != 0


def isreal(x):
    """Elementwise: whether the imaginary part is zero."""
    return imag(x) == 0


def result_type(*arrays_and_dtypes):
    """The promoted dtype (nd's result_type; NumPy arrays count by their dtype)."""
    return _result_type(*[a if not hasattr(type(a), "__array_interface__") else arr(a)
                          for a in arrays_and_dtypes])


def may_share_memory(a, b, max_work=None):
    """Whether the memory ranges of a and b overlap (cheap, may be a false positive)."""
    cdef Array x_a = arr(a)
    cdef Array x_b = arr(b)
    return nd_may_share_memory(x_a.arr, x_b.arr)


def shares_memory(a, b, max_work=None):
    """Whether a and b address a common byte (exact)."""
    cdef Array x_a = arr(a)
    cdef Array x_b = arr(b)
    return nd_shares_memory(x_a.arr, x_b.arr)


def is_contiguous(a, order):
    cdef Array x_a = arr(a)
    return nd_is_contiguous(x_a.arr, ND_C if order == "C" else ND_F)


def owns_data(a):
    """Whether no other nd array shares a's memory (NumPy's flags.owndata, as nd knows it)."""
    cdef Array x_a = arr(a)
    return nd_storage_refcount(x_a.arr) == 1


def is_writeable(a):
    cdef Array x_a = arr(a)
    return nd_is_writeable(x_a.arr)


def set_writeable(a, bint writeable):
    cdef Array x_a = arr(a)
    check(nd_set_writeable(x_a.arr, writeable))


# ---- products ------------------------------------------------------------------------------

def dot(a, b, out=None):
    """np.dot: a 0-d operand multiplies; 1-D . 1-D is the inner product; otherwise the last
    axis of a against the second-to-last of b (the only one, for a 1-D b)."""
    x, y = arr(a), arr(b)
    if x.ndim == 0 or y.ndim == 0:
        r = x * y
    elif y.ndim == 1:
        r = _tensordot(x, y, axes=((x.ndim - 1,), (0,)))
    elif x.ndim <= 2 and y.ndim == 2:
        r = _matmul(x, y)
    else:
        r = _tensordot(x, y, axes=((x.ndim - 1,), (y.ndim - 2,)))
    return to_out(r, out, "dot")


def vdot(a, b, /):
    """sum(conj(a) * b) over the flattened arrays."""
    return _vecdot(ravel(a), ravel(b))


def inner(a, b, /):
    """Sums over the last axis of both (NumPy's inner)."""
    cdef Array x_a = arr(a)
    cdef Array x_b = arr(b)
    return wrap(nd_inner(x_a.arr, x_b.arr))


def outer(a, b, out=None):
    """result[i, j] = a[i] * b[j] of the flattened arrays."""
    cdef Array x_a = arr(a)
    cdef Array x_b = arr(b)
    return to_out(wrap(nd_outer(x_a.arr, x_b.arr)), out, "outer")


def kron(a, b):
    """The Kronecker product."""
    cdef Array x_a = arr(a)
    cdef Array x_b = arr(b)
    return wrap(nd_kron(x_a.arr, x_b.arr))


def tensordot(a, b, axes=2):
    """Contraction over the last axes of a and the first of b (axes an int), or over the
    axis pairs axes = (axes of a, axes of b)."""
    return _tensordot(arr(a), arr(b), axes=axes)


def _sublist(sub):
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return "".join("..." if s is Ellipsis else letters[operator.index(s)] for s in sub)


def einsum(*operands, out=None, optimize=False, dtype=None, order="K", casting="safe"):
    """Einstein summation, in the subscripts form einsum('ij,jk', a, b) or the interleaved
    form einsum(a, [0, 1], b, [1, 2], [0, 2]); dtype converts the operands first."""
    if operands and isinstance(operands[0], str):
        subscripts, ops = operands[0], list(operands[1:])
    else:
        pairs = operands[:len(operands) // 2 * 2]
        ops = list(pairs[0::2])
        subscripts = ",".join(_sublist(s) for s in pairs[1::2])
        if len(operands) % 2:  # the output's sublist
            subscripts += "->" + _sublist(operands[-1])
    ops = [arr(x) for x in ops]
    if dtype is not None:
        for x in ops:
            check_cast(x.dtype, dtype, casting, "einsum")
        ops = [_astype(x, dtype, copy=False) for x in ops]
    return to_out(_einsum(subscripts, *ops), out, "einsum", casting)


# ---- comparisons -----------------------------------------------------------------------------

def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """|a - b| <= atol + rtol * |b| elementwise (infinities equal only to themselves)."""
    x, y = arr(a), arr(b)
    if y.dtype.kind in "biu":
        y = _astype(y, "float64")
    r = (_less_equal(_abs(x - y), atol + rtol * _abs(y)) & _isfinite(y)) | (x == y)
    if equal_nan:
        r = r | (_isnan(x) & _isnan(y))
    return r


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Whether isclose holds for every element."""
    return bool(_all(isclose(a, b, rtol, atol, equal_nan)))


def array_equal(a1, a2, equal_nan=False):
    """Whether a1 and a2 have one shape and equal elements."""
    x, y = arr(a1), arr(a2)
    if x.shape != y.shape:
        return False
    eq = x == y
    if equal_nan and x.dtype.kind in "fc" and y.dtype.kind in "fc":
        eq = eq | (_isnan(x) & _isnan(y))
    return bool(_all(eq))


def array_equiv(a1, a2):
    """Whether a1 and a2 broadcast together and are equal elementwise."""
    try:
        return bool(_all(arr(a1) == arr(a2)))
    except ValueError:
        return False


include "_numpy_creation.pxi"
include "_numpy_shapes.pxi"
include "_numpy_reductions.pxi"
