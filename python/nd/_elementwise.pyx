# cython: language_level=3, binding=True, embedsignature=True
"""The Array API's elementwise functions (include/nd/elementwise.h): each converts its
arguments, calls nd's function and converts the result. Arrays and Python scalars mix as
in NumPy 2 (NEP 50): a Python scalar takes the array's dtype when it is of the same kind
or lower. Results broadcast and promote as nd does (README, "Elementwise")."""
from nd._c.types cimport *
from nd._c.core cimport *
from nd._c.elementwise cimport *
from nd._c.views cimport nd_real, nd_imag
from nd._c.creation cimport nd_copy, nd_empty_like
from nd._array cimport Array, as_array, binary, foreign, scalar_array, unary, wrap
from nd._errors cimport check, raise_error
from nd._scalars cimport is_scalar, to_scalar
from nd.binops cimport *


# ---- the functions of nd/elementwise.h's tables --------------------------------------------

cdef object _unary_function(int i):
    """One-input function i of binops.h's table, as a namespace function."""
    cdef ndpy_a_fn fn = ndpy_unops[i].a

    def function(x, /):
        return unary(fn, x)
    return function


cdef object _binary_function(int i):
    """Two-input function i of binops.h's table (arrays or Python scalars, one at least an
    array), as a namespace function."""

    def function(x1, x2, /):
        return binary(i, x1, x2)
    return function


def _name(function, str name, str note):
    function.__name__ = function.__qualname__ = name
    function.__module__ = __name__
    function.__doc__ = f"nd_{name}: see include/nd/elementwise.h{note}."
    return function


cdef list _TABLE_NAMES = []
for _i in range(NDPY_NUM_UNOPS):
    _n = ndpy_unops[_i].name.decode()
    globals()[_n] = _name(_unary_function(_i), _n, "")
    _TABLE_NAMES.append(_n)
for _i in range(NDPY_NUM_BINOPS):
    _n = ndpy_binops[_i].name.decode()
    globals()[_n] = _name(_binary_function(_i), _n, " (arrays or Python scalars, one at least an array)")
    _TABLE_NAMES.append(_n)

_round_half_even = round    # the table's


def round(x, /, decimals=0):
    """nd_round: see include/nd/elementwise.h. decimals other than 0 round to that many
    places, NumPy's round (nd._numpy_functions.round)."""
    if decimals != 0:
        from nd._numpy_functions import round as round_decimals
        return round_decimals(x, decimals)
    return _round_half_even(x)


def real(x, /):
    """The real part (a view of a complex array; a real array's values themselves)."""
    cdef Array a = as_array(x, "real")
    if not nd_isdtype(nd_dtype_of(a.arr), ND_KIND_COMPLEX_FLOATING):
        return a
    return wrap(nd_real(a.arr))


def imag(x, /):
    """The imaginary part of a complex array (a view)."""
    cdef Array a = as_array(x, "imag")   # (a new array for another library's array)
    return wrap(nd_imag(a.arr))


# ---- three operands ---------------------------------------------------------------------------

cdef Array _operand(object v, Array like, str what):
    if isinstance(v, Array):
        return <Array>v
    if is_scalar(v):
        return scalar_array(v, nd_dtype_of(like.arr), True)
    r = foreign(v)
    if r is not None:
        return <Array>r
    raise TypeError(f"{what}: expected an nd.Array or a Python scalar, got {type(v).__name__}")


def clip(x, /, min=None, max=None):
    """x limited to [min, max] (NumPy's clip); a missing bound does not limit."""
    cdef Array a = as_array(x, "clip")
    cdef nd_array *r
    if min is None and max is None:
        return wrap(nd_copy(a.arr, ND_K))
    if min is None:
        return binary(NDPY_OP_minimum, a, max) if not isinstance(max, Array) else _clip1(a, max, False)
    if max is None:
        return binary(NDPY_OP_maximum, a, min) if not isinstance(min, Array) else _clip1(a, min, True)
    cdef Array lo = _operand(min, a, "clip")
    cdef Array hi = _operand(max, a, "clip")
    with nogil:
        r = nd_clip(a.arr, lo.arr, hi.arr)
    return wrap(r)


cdef object _clip1(Array a, Array bound, bint lower):
    # one array bound: the result keeps x's dtype, as the standard asks of clip
    cdef nd_array *r
    with nogil:
        r = nd_empty_like(a.arr, ND_K)
    out = wrap(r)
    cdef nd_status st
    with nogil:
        st = nd_maximum_out(r, a.arr, bound.arr) if lower else nd_minimum_out(r, a.arr, bound.arr)
    check(st)
    return out


def where(condition, x1, x2, /):
    """x1 where condition is true, else x2 (all three broadcast; x1 and x2 promote)."""
    cdef Array c = as_array(condition, "where")
    cdef Array a
    cdef Array b
    if not is_scalar(x1) and not isinstance(x1, Array):
        x1 = _operand(x1, c, "where")
    if not is_scalar(x2) and not isinstance(x2, Array):
        x2 = _operand(x2, c, "where")
    if isinstance(x1, Array):
        a = <Array>x1
        b = _operand(x2, a, "where")
    elif isinstance(x2, Array):
        b = <Array>x2
        a = _operand(x1, b, "where")
    else:
        a = _operand(x1, c, "where")
        b = _operand(x2, c, "where")
    cdef nd_array *r
    with nogil:
        r = nd_where(c.arr, a.arr, b.arr)
    return wrap(r)


__all__ = _TABLE_NAMES + ["real", "imag", "clip", "where"]
