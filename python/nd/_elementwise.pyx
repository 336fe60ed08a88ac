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


# ---- one operand ---------------------------------------------------------------------------

def abs(x, /):
    """nd_abs: see include/nd/elementwise.h."""
    return unary(nd_abs, x)

def negative(x, /):
    """nd_negative: see include/nd/elementwise.h."""
    return unary(nd_negative, x)

def positive(x, /):
    """nd_positive: see include/nd/elementwise.h."""
    return unary(nd_positive, x)

def square(x, /):
    """nd_square: see include/nd/elementwise.h."""
    return unary(nd_square, x)

def reciprocal(x, /):
    """nd_reciprocal: see include/nd/elementwise.h."""
    return unary(nd_reciprocal, x)

def sign(x, /):
    """nd_sign: see include/nd/elementwise.h."""
    return unary(nd_sign, x)

def conj(x, /):
    """nd_conj: see include/nd/elementwise.h."""
    return unary(nd_conj, x)

def exp(x, /):
    """nd_exp: see include/nd/elementwise.h."""
    return unary(nd_exp, x)

def expm1(x, /):
    """nd_expm1: see include/nd/elementwise.h."""
    return unary(nd_expm1, x)

def log(x, /):
    """nd_log: see include/nd/elementwise.h."""
    return unary(nd_log, x)

def log1p(x, /):
    """nd_log1p: see include/nd/elementwise.h."""
    return unary(nd_log1p, x)

def log2(x, /):
    """nd_log2: see include/nd/elementwise.h."""
    return unary(nd_log2, x)

def log10(x, /):
    """nd_log10: see include/nd/elementwise.h."""
    return unary(nd_log10, x)

def sqrt(x, /):
    """nd_sqrt: see include/nd/elementwise.h."""
    return unary(nd_sqrt, x)

def sin(x, /):
    """nd_sin: see include/nd/elementwise.h."""
    return unary(nd_sin, x)

def cos(x, /):
    """nd_cos: see include/nd/elementwise.h."""
    return unary(nd_cos, x)

def tan(x, /):
    """nd_tan: see include/nd/elementwise.h."""
    return unary(nd_tan, x)

def asin(x, /):
    """nd_asin: see include/nd/elementwise.h."""
    return unary(nd_asin, x)

def acos(x, /):
    """nd_acos: see include/nd/elementwise.h."""
    return unary(nd_acos, x)

def atan(x, /):
    """nd_atan: see include/nd/elementwise.h."""
    return unary(nd_atan, x)

def sinh(x, /):
    """nd_sinh: see include/nd/elementwise.h."""
    return unary(nd_sinh, x)

def cosh(x, /):
    """nd_cosh: see include/nd/elementwise.h."""
    return unary(nd_cosh, x)

def tanh(x, /):
    """nd_tanh: see include/nd/elementwise.h."""
    return unary(nd_tanh, x)

def asinh(x, /):
    """nd_asinh: see include/nd/elementwise.h."""
    return unary(nd_asinh, x)

def acosh(x, /):
    """nd_acosh: see include/nd/elementwise.h."""
    return unary(nd_acosh, x)

def atanh(x, /):
    """nd_atanh: see include/nd/elementwise.h."""
    return unary(nd_atanh, x)

def floor(x, /):
    """nd_floor: see include/nd/elementwise.h."""
    return unary(nd_floor, x)

def ceil(x, /):
    """nd_ceil: see include/nd/elementwise.h."""
    return unary(nd_ceil, x)

def trunc(x, /):
    """nd_trunc: see include/nd/elementwise.h."""
    return unary(nd_trunc, x)

def round(x, /, decimals=0):
    """nd_round: see include/nd/elementwise.h. decimals other than 0 round to that many
    places, NumPy's round (nd._numpy_functions.round)."""
    if decimals != 0:
        from nd._numpy_functions import round as round_decimals
        return round_decimals(x, decimals)
    return unary(nd_round, x)

def isnan(x, /):
    """nd_isnan: see include/nd/elementwise.h."""
    return unary(nd_isnan, x)

def isinf(x, /):
    """nd_isinf: see include/nd/elementwise.h."""
    return unary(nd_isinf, x)

def isfinite(x, /):
    """nd_isfinite: see include/nd/elementwise.h."""
    return unary(nd_isfinite, x)

def signbit(x, /):
    """nd_signbit: see include/nd/elementwise.h."""
    return unary(nd_signbit, x)

def bitwise_invert(x, /):
    """nd_bitwise_invert: see include/nd/elementwise.h."""
    return unary(nd_bitwise_invert, x)

def logical_not(x, /):
    """nd_logical_not: see include/nd/elementwise.h."""
    return unary(nd_logical_not, x)


def real(x, /):
    """The real part (a view of a complex array; a real array's values themselves)."""
    cdef Array a = as_array(x, "real")
    if not nd_isdtype(nd_dtype_of(a.arr), ND_KIND_COMPLEX_FLOATING):
        return a
    return wrap(nd_real(a.arr))


def imag(x, /):
    """The imaginary part of a complex array (a view)."""
    cdef Array a = as_array(x, "imag")
    return wrap(nd_imag(a.arr))


# ---- two operands -----------------------------------------------------------------------------

def add(x1, x2, /):
    """nd_add: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_add, x1, x2)

def subtract(x1, x2, /):
    """nd_subtract: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_subtract, x1, x2)

def multiply(x1, x2, /):
    """nd_multiply: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_multiply, x1, x2)

def divide(x1, x2, /):
    """nd_divide: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_divide, x1, x2)

def floor_divide(x1, x2, /):
    """nd_floor_divide: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_floor_divide, x1, x2)

def remainder(x1, x2, /):
    """nd_remainder: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_remainder, x1, x2)

def pow(x1, x2, /):
    """nd_pow: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_pow, x1, x2)

def equal(x1, x2, /):
    """nd_equal: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_equal, x1, x2)

def not_equal(x1, x2, /):
    """nd_not_equal: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_not_equal, x1, x2)

def less(x1, x2, /):
    """nd_less: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_less, x1, x2)

def less_equal(x1, x2, /):
    """nd_less_equal: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_less_equal, x1, x2)

def greater(x1, x2, /):
    """nd_greater: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_greater, x1, x2)

def greater_equal(x1, x2, /):
    """nd_greater_equal: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_greater_equal, x1, x2)

def maximum(x1, x2, /):
    """nd_maximum: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_maximum, x1, x2)

def minimum(x1, x2, /):
    """nd_minimum: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_minimum, x1, x2)

def atan2(x1, x2, /):
    """nd_atan2: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_atan2, x1, x2)

def hypot(x1, x2, /):
    """nd_hypot: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_hypot, x1, x2)

def copysign(x1, x2, /):
    """nd_copysign: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_copysign, x1, x2)

def nextafter(x1, x2, /):
    """nd_nextafter: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_nextafter, x1, x2)

def logaddexp(x1, x2, /):
    """nd_logaddexp: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_logaddexp, x1, x2)

def bitwise_and(x1, x2, /):
    """nd_bitwise_and: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_bitwise_and, x1, x2)

def bitwise_or(x1, x2, /):
    """nd_bitwise_or: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_bitwise_or, x1, x2)

def bitwise_xor(x1, x2, /):
    """nd_bitwise_xor: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_bitwise_xor, x1, x2)

def bitwise_left_shift(x1, x2, /):
    """nd_bitwise_left_shift: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_bitwise_left_shift, x1, x2)

def bitwise_right_shift(x1, x2, /):
    """nd_bitwise_right_shift: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_bitwise_right_shift, x1, x2)

def logical_and(x1, x2, /):
    """nd_logical_and: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_logical_and, x1, x2)

def logical_or(x1, x2, /):
    """nd_logical_or: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_logical_or, x1, x2)

def logical_xor(x1, x2, /):
    """nd_logical_xor: see include/nd/elementwise.h (arrays or Python scalars, one at least an array)."""
    return binary(NDPY_OP_logical_xor, x1, x2)


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
