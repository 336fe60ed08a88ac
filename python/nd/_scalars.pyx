# cython: language_level=3, binding=True, embedsignature=True
"""Python numbers as nd's C arguments: scalars (nd_scalar, NEP 50's weak Python scalars),
Python ints beyond int64 (NumPy 2's rules for them), and the integers of axis and shape
arguments."""
import operator
import sys

from libc.stdint cimport int64_t, uint64_t

from nd._c.types cimport *
from nd._c.core cimport nd_dtype_name, nd_dtype_of, nd_isdtype, nd_release
from nd._c.creation cimport nd_from_data, nd_scalar_array
from nd._c.elementwise cimport nd_equal, nd_not_equal, nd_weak
from nd._errors cimport raise_error
from nd.binops cimport *


cdef bint is_numpy_scalar(object x):
    """A NumPy scalar (np.float32(1), np.float64(1), np.bool_(True), ...)."""
    np = sys.modules.get("numpy")
    return np is not None and isinstance(x, np.generic)


cdef int to_scalar(object x, nd_scalar *out) except -1:
    """A Python scalar as nd's weak scalar (NEP 50); an int beyond int64 is an OverflowError."""
    if isinstance(x, bool):
        out.kind = ND_SCALAR_BOOL
        out.v.b = x
    elif isinstance(x, int):
        out.kind = ND_SCALAR_INT
        out.v.i = x  # OverflowError beyond int64
    elif isinstance(x, float):
        out.kind = ND_SCALAR_FLOAT
        out.v.f = x
    elif isinstance(x, complex):
        out.kind = ND_SCALAR_COMPLEX
        out.v.c.re = x.real
        out.v.c.im = x.imag
    else:
        raise TypeError(f"expected a Python scalar (bool, int, float, complex), got {type(x).__name__}")
    return 0


cdef nd_array *scalar_nd(object x, nd_dtype like, bint weak) except NULL:
    """A new 0-d array for a Python scalar: weak (promoting as a Python scalar does) when it
    fits nd_scalar; an integer beyond int64 is a float next to a float or complex operand
    (fit_big_int) and a uint64 value next to a uint64 one (NumPy accepts 2**63 with a
    uint64 array); otherwise an OverflowError."""
    cdef nd_scalar s
    cdef uint64_t u
    cdef nd_array *r
    x = fit_big_int(x, like)
    if beyond_int64(x):
        if like == ND_UINT64 and 0 <= x < (1 << 64):
            u = x
            r = nd_from_data(ND_UINT64, 0, NULL, &u, ND_C)
        else:
            raise OverflowError(f"Python integer {x} out of bounds for {nd_dtype_name(like).decode()}")
    else:
        to_scalar(x, &s)
        r = nd_weak(s) if weak else nd_scalar_array(s)
    if r == NULL:
        raise_error()
    return r


cdef inline bint is_inexact(nd_dtype t) noexcept:
    return nd_isdtype(t, ND_KIND_REAL_FLOATING | ND_KIND_COMPLEX_FLOATING)


cdef object fit_big_int(object x, nd_dtype t):
    """x for a float or complex destination t: a Python int beyond int64 becomes a Python
    float, as NumPy converts it (an OverflowError beyond float's range); x otherwise."""
    if is_inexact(t) and beyond_int64(x):
        return float(x)
    return x


cdef object big_int_operand(int op, nd_array *a, object v, bint first, nd_array **result):
    """An operation of array a with a Python int v beyond int64, NumPy 2's way: with a float
    or complex array, and in the true division of an integer array, v is a Python float (an
    OverflowError beyond float's range, as float(v)), which is returned; an integer array
    compared with a v outside its dtype's range gives the answer v's sign decides, for
    every element (x == x is all True for integers, x != x all False): that array goes to
    *result (a new reference) and None is returned. None with *result NULL: neither applies
    (the caller then makes a 0-d array, or raises OverflowError)."""
    cdef nd_dtype t = nd_dtype_of(a)
    cdef bint truth
    result[0] = NULL
    if is_inexact(t) or (op == NDPY_OP_divide and t != ND_BOOL):
        return float(v)  # true division of integers is float64 either way
    if t == ND_BOOL or (t == ND_UINT64 and 0 <= v < (1 << 64)):
        return None
    if op == NDPY_OP_equal:
        truth = False
    elif op == NDPY_OP_not_equal:
        truth = True
    elif op == NDPY_OP_less or op == NDPY_OP_less_equal:
        truth = (v > 0) != first    # x < v is true when v is above every value
    elif op == NDPY_OP_greater or op == NDPY_OP_greater_equal:
        truth = (v < 0) != first
    else:
        return None
    with nogil:
        result[0] = nd_equal(a, a) if truth else nd_not_equal(a, a)
    if result[0] == NULL:
        raise_error()
    return None


cdef int clamp_axis(object a) except? -2147483647:
    # an axis far out of range stays out of range, so that nd reports it
    cdef object v = operator.index(a)
    if v > (1 << 30):
        return 1 << 30
    if v < -(1 << 30):
        return -(1 << 30)
    return v


cdef int to_axis(object axis) except? -2147483647:
    """A single axis; None is ND_AXIS_NONE (the flattened array)."""
    if axis is None:
        return ND_AXIS_NONE
    if isinstance(axis, bool):
        raise TypeError("axis must be an integer, not bool")
    return clamp_axis(axis)


cdef int to_axes(object axis, int *axes) except -2:
    """Axes for (naxes, axes) arguments, nd/axis.h's rule: None gives ND_ALL_AXES (every
    axis), an int one axis, a tuple its axes (() none); axes needs ND_MAX_DIMS entries."""
    if axis is None:
        return ND_ALL_AXES
    if isinstance(axis, bool):
        raise TypeError("axis must be an integer or a tuple of integers, not bool")
    if isinstance(axis, (tuple, list)):
        if len(axis) > ND_MAX_DIMS:
            raise ValueError(f"too many axes ({len(axis)})")
        for i, a in enumerate(axis):
            if isinstance(a, bool):
                raise TypeError("axis must be an integer or a tuple of integers, not bool")
            axes[i] = clamp_axis(a)
        return len(axis)
    axes[0] = clamp_axis(axis)
    return 1


cdef int to_shape(object shape, int64_t *out) except -1:
    """A shape (an int or a sequence of ints) into out (ND_MAX_DIMS entries); returns ndim."""
    if isinstance(shape, (tuple, list)):
        if len(shape) > ND_MAX_DIMS:
            raise ValueError(f"a shape of {len(shape)} dimensions is more than nd's {ND_MAX_DIMS}")
        for i, e in enumerate(shape):
            if isinstance(e, bool):
                raise TypeError("shape entries must be integers, not bool")
            out[i] = operator.index(e)
        return len(shape)
    if isinstance(shape, bool):
        raise TypeError("shape must be an integer or a tuple of integers, not bool")
    out[0] = operator.index(shape)
    return 1
