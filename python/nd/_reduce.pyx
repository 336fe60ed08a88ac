# cython: language_level=3, binding=True, embedsignature=True
"""Reductions and statistics (include/nd/reduce.h): sum, prod, min, max, mean, var, std,
all, any, count_nonzero, argmax, argmin, cumulative_sum, cumulative_prod, diff."""
import operator

from nd._c.types cimport *
from nd._c.core cimport *
from nd._c.reduce cimport *
from nd._array cimport Array, as_array, wrap
from nd._dtypes cimport to_dtype
from nd._scalars cimport to_axes, to_axis

ctypedef nd_array *(*reduce_fn)(const nd_array *, int, const int *, nd_bool) noexcept nogil


cdef object _reduce(reduce_fn fn, object x, object axis, bint keepdims, str name):
    cdef Array a = as_array(x, name)
    cdef int axes[64]
    cdef int n = to_axes(axis, axes)
    cdef nd_array *r
    with nogil:
        r = fn(a.arr, n, axes, keepdims)
    return wrap(r)


ctypedef nd_array *(*reduce_dtype_fn)(const nd_array *, int, const int *, nd_bool, nd_dtype) noexcept nogil


cdef object _reduce_dtype(reduce_fn fn, reduce_dtype_fn fnd, object x, object axis, object dtype,
                          bint keepdims, str name):
    if dtype is None:
        return _reduce(fn, x, axis, keepdims, name)
    cdef Array a = as_array(x, name)
    cdef int axes[64]
    cdef int n = to_axes(axis, axes)
    cdef nd_dtype t = to_dtype(dtype)
    cdef nd_array *r
    with nogil:
        r = fnd(a.arr, n, axes, keepdims, t)
    return wrap(r)


def sum(x, /, *, axis=None, dtype=None, keepdims=False):
    """Sum over axis (None: all); integers accumulate in int64 / uint64, floats pairwise."""
    return _reduce_dtype(nd_sum, nd_sum_dtype, x, axis, dtype, keepdims, "sum")


def prod(x, /, *, axis=None, dtype=None, keepdims=False):
    """Product over axis (None: all); integers accumulate in int64 / uint64."""
    return _reduce_dtype(nd_prod, nd_prod_dtype, x, axis, dtype, keepdims, "prod")


def min(x, /, *, axis=None, keepdims=False):
    """Smallest element over axis; NaN propagates; an empty reduction is a ValueError."""
    return _reduce(nd_min, x, axis, keepdims, "min")


def max(x, /, *, axis=None, keepdims=False):
    """Largest element over axis; NaN propagates; an empty reduction is a ValueError."""
    return _reduce(nd_max, x, axis, keepdims, "max")


def mean(x, /, *, axis=None, keepdims=False):
    """Arithmetic mean over axis."""
    return _reduce(nd_mean, x, axis, keepdims, "mean")


def all(x, /, *, axis=None, keepdims=False):
    """Whether every element over axis is nonzero."""
    return _reduce(nd_all, x, axis, keepdims, "all")


def any(x, /, *, axis=None, keepdims=False):
    """Whether any element over axis is nonzero."""
    return _reduce(nd_any, x, axis, keepdims, "any")


def count_nonzero(x, /, *, axis=None, keepdims=False):
    """Number of nonzero elements over axis (int64)."""
    return _reduce(nd_count_nonzero, x, axis, keepdims, "count_nonzero")


ctypedef nd_array *(*stat_fn)(const nd_array *, int, const int *, double, nd_bool) noexcept nogil


cdef object _stat(stat_fn fn, object x, object axis, object correction, bint keepdims, str name):
    cdef Array a = as_array(x, name)
    cdef int axes[64]
    cdef int n = to_axes(axis, axes)
    if not isinstance(correction, (int, float)) or isinstance(correction, bool):
        raise TypeError(f"{name}: correction must be an int or a float, not {type(correction).__name__}")
    cdef double c = correction
    cdef nd_array *r
    with nogil:
        r = fn(a.arr, n, axes, c, keepdims)
    return wrap(r)


def var(x, /, *, axis=None, correction=0.0, keepdims=False):
    """Variance over axis, dividing by max(N - correction, 0)."""
    return _stat(nd_var, x, axis, correction, keepdims, "var")


def std(x, /, *, axis=None, correction=0.0, keepdims=False):
    """Standard deviation over axis, dividing by max(N - correction, 0)."""
    return _stat(nd_std, x, axis, correction, keepdims, "std")


ctypedef nd_array *(*arg_fn)(const nd_array *, int, nd_bool) noexcept nogil


cdef object _arg(arg_fn fn, object x, object axis, bint keepdims, str name):
    cdef Array a = as_array(x, name)
    cdef int ax = to_axis(axis)
    cdef nd_array *r
    with nogil:
        r = fn(a.arr, ax, keepdims)
    return wrap(r)


def argmax(x, /, *, axis=None, keepdims=False):
    """int64 index of the first largest element along axis (None: of the flattened array)."""
    return _arg(nd_argmax, x, axis, keepdims, "argmax")


def argmin(x, /, *, axis=None, keepdims=False):
    """int64 index of the first smallest element along axis (None: of the flattened array)."""
    return _arg(nd_argmin, x, axis, keepdims, "argmin")


ctypedef nd_array *(*cum_fn)(const nd_array *, int, nd_bool) noexcept nogil
ctypedef nd_array *(*cum_dtype_fn)(const nd_array *, int, nd_bool, nd_dtype) noexcept nogil


cdef object _cumulative(cum_fn fn, cum_dtype_fn fnd, object x, object axis, object dtype,
                        bint include_initial, str name):
    cdef Array a = as_array(x, name)
    cdef int ax = to_axis(axis)
    cdef nd_dtype t
    cdef nd_array *r
    if dtype is None:
        with nogil:
            r = fn(a.arr, ax, include_initial)
    else:
        t = to_dtype(dtype)
        with nogil:
            r = fnd(a.arr, ax, include_initial, t)
    return wrap(r)


def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    """Running sum along axis (None only for arrays of at most one dimension)."""
    return _cumulative(nd_cumulative_sum, nd_cumulative_sum_dtype, x, axis, dtype,
                       include_initial, "cumulative_sum")


def cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False):
    """Running product along axis (None only for arrays of at most one dimension)."""
    return _cumulative(nd_cumulative_prod, nd_cumulative_prod_dtype, x, axis, dtype,
                       include_initial, "cumulative_prod")


def diff(x, /, *, axis=-1, n=1, prepend=None, append=None):
    """n-th discrete difference along axis, after joining prepend and append."""
    cdef Array a = as_array(x, "diff")
    cdef int ax = to_axis(axis)
    if axis is None:
        raise TypeError("diff: axis must be an integer")
    if isinstance(n, bool):
        raise TypeError("diff: n must be an integer")
    cdef int cn = operator.index(n)
    if cn < 0:
        raise ValueError(f"diff: order n must be non-negative but got {cn}")
    cdef nd_array *pre = NULL
    cdef nd_array *app = NULL
    if prepend is not None:
        kpre = as_array(prepend, "diff")
        pre = (<Array>kpre).arr
    if append is not None:
        kapp = as_array(append, "diff")
        app = (<Array>kapp).arr
    cdef nd_array *r
    with nogil:
        r = nd_diff(a.arr, ax, cn, pre, app)
    return wrap(r)
