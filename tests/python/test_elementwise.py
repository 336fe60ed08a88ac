"""Every elementwise function and operator against NumPy, on random arrays of every
layout, with arrays and Python scalars on either side (NEP 50)."""
import operator

import numpy as np
import pytest
from hypothesis import given, strategies as st

import nd
from helpers import COMPLEX, FLOATS, INTS, NUMERIC, REAL, check, layouts, pair, seeds, shapes, tol

# name: the dtypes both libraries accept and where results agree (nd computes integer
# inputs of transcendental functions in float32/64 where NumPy uses float16 for 8 bits, so
# those are compared on floats only)
MATH = ["exp", "expm1", "log", "log1p", "log2", "log10", "sqrt", "sin", "cos", "tan", "asin",
        "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh"]
UNARY = {
    "abs": NUMERIC, "negative": NUMERIC, "positive": NUMERIC, "square": NUMERIC,
    "sign": INTS + FLOATS, "conj": NUMERIC, "floor": INTS + FLOATS, "ceil": INTS + FLOATS,
    "trunc": INTS + FLOATS, "round": INTS + FLOATS + COMPLEX, "isnan": NUMERIC + ["bool"],
    "isinf": NUMERIC, "isfinite": NUMERIC, "signbit": FLOATS, "bitwise_invert": INTS + ["bool"],
    "logical_not": ["bool"], "real": NUMERIC, "imag": COMPLEX, "reciprocal": FLOATS + COMPLEX,
    **{m: FLOATS + COMPLEX for m in MATH},
}
BINARY = {
    "add": NUMERIC, "subtract": NUMERIC, "multiply": NUMERIC, "divide": FLOATS + COMPLEX,
    "floor_divide": INTS + FLOATS, "remainder": INTS + FLOATS, "pow": FLOATS + COMPLEX,
    "equal": NUMERIC + ["bool"], "not_equal": NUMERIC + ["bool"], "less": REAL,
    "less_equal": REAL, "greater": REAL, "greater_equal": REAL, "maximum": REAL,
    "minimum": REAL, "atan2": FLOATS, "hypot": FLOATS, "copysign": FLOATS,
    "nextafter": FLOATS, "logaddexp": FLOATS, "bitwise_and": INTS + ["bool"],
    "bitwise_or": INTS + ["bool"], "bitwise_xor": INTS + ["bool"],
    "bitwise_left_shift": INTS, "bitwise_right_shift": INTS, "logical_and": ["bool"],
    "logical_or": ["bool"], "logical_xor": ["bool"],
}
OPERATORS = {"add": operator.add, "subtract": operator.sub, "multiply": operator.mul,
             "divide": operator.truediv, "floor_divide": operator.floordiv,
             "remainder": operator.mod, "pow": operator.pow, "equal": operator.eq,
             "not_equal": operator.ne, "less": operator.lt, "less_equal": operator.le,
             "greater": operator.gt, "greater_equal": operator.ge,
             "bitwise_and": operator.and_, "bitwise_or": operator.or_,
             "bitwise_xor": operator.xor, "bitwise_left_shift": operator.lshift,
             "bitwise_right_shift": operator.rshift}
INPLACE = {"add": operator.iadd, "subtract": operator.isub, "multiply": operator.imul,
           "floor_divide": operator.ifloordiv, "remainder": operator.imod,
           "bitwise_and": operator.iand, "bitwise_or": operator.ior, "bitwise_xor": operator.ixor}


def _np(name):
    return getattr(np, name)


@pytest.mark.parametrize("name", sorted(UNARY))
@given(seed=seeds, shape=shapes, layout=layouts, data=st.data())
def test_unary(name, seed, shape, layout, data):
    dtype = data.draw(st.sampled_from(UNARY[name]))
    n, a = pair(np.random.default_rng(seed), dtype, shape, layout, special=name not in ("round",))
    with np.errstate(all="ignore"):
        want = _np(name)(n)
    loose = name in MATH or dtype in COMPLEX
    check(getattr(nd, name)(a), want, tol(dtype, loose))


@pytest.mark.parametrize("name", sorted(BINARY))
@given(seed=seeds, shape=shapes, l1=layouts, l2=layouts, data=st.data())
def test_binary(name, seed, shape, l1, l2, data):
    dtype = data.draw(st.sampled_from(BINARY[name]))
    dtype2 = data.draw(st.sampled_from([dtype] + [d for d in BINARY[name] if d != dtype][:2]))
    rng = np.random.default_rng(seed)
    n1, a1 = pair(rng, dtype, shape, l1)
    # the second operand: the same shape, or a trailing part of it (broadcasting)
    shape2 = n1.shape[data.draw(st.integers(0, n1.ndim)):]
    n2 = np.asarray(pair(rng, dtype2, shape2 or (1,), "C")[0]).reshape(shape2)
    if name in ("bitwise_left_shift", "bitwise_right_shift"):
        n2 = (np.abs(n2.astype(np.int64)) % 8).astype(n2.dtype)
    a2 = nd.asarray(n2, copy=True)
    with np.errstate(all="ignore"):
        try:
            want = _np(name)(n1, n2)
        except TypeError:  # NumPy refuses (a mix it does not promote): so must nd
            with pytest.raises(TypeError):
                getattr(nd, name)(a1, a2)
            return
    loose = name in ("pow", "logaddexp", "hypot", "atan2", "divide") or dtype in COMPLEX
    check(getattr(nd, name)(a1, a2), want, tol(str(want.dtype), loose))
    if name in OPERATORS:
        with np.errstate(all="ignore"):
            check(OPERATORS[name](a1, a2), OPERATORS[name](n1, n2), tol(str(want.dtype), loose))


@pytest.mark.parametrize("name", sorted(OPERATORS))
@given(seed=seeds, shape=shapes, layout=layouts, data=st.data())
def test_scalar_operands(name, seed, shape, layout, data):
    """NEP 50: a Python scalar on either side takes the array's dtype when of the same or a
    lower kind; out-of-range integers are OverflowError."""
    dtype = data.draw(st.sampled_from([d for d in BINARY[name] if d != "bool"] or ["bool"]))
    n, a = pair(np.random.default_rng(seed), dtype, shape, layout)
    kinds = [int] if dtype in INTS else [int, float]
    kind = data.draw(st.sampled_from(kinds + ([complex] if dtype in COMPLEX else [])))
    s = kind(data.draw(st.integers(1, 5)))
    if name in ("bitwise_left_shift", "bitwise_right_shift") and kind is not int:
        return
    op = OPERATORS[name]
    for left in (False, True):
        with np.errstate(all="ignore"):
            try:
                want = op(s, n) if left else op(n, s)
            except (TypeError, OverflowError) as e:
                with pytest.raises(type(e)):
                    op(s, a) if left else op(a, s)
                continue
        got = op(s, a) if left else op(a, s)
        check(got, want, tol(str(np.asarray(want).dtype), True))


@pytest.mark.parametrize("name", sorted(INPLACE))
@given(seed=seeds, shape=shapes, data=st.data())
def test_inplace(name, seed, shape, data):
    dtype = data.draw(st.sampled_from([d for d in BINARY[name] if d in INTS + FLOATS] or ["bool"]))
    rng = np.random.default_rng(seed)
    n1, a1 = pair(rng, dtype, shape, "C")
    n2, a2 = pair(rng, dtype, shape[1:] or (1,), "reversed")
    before = a1
    with np.errstate(all="ignore"):
        INPLACE[name](n1, n2)
    r = INPLACE[name](a1, a2)
    assert r is before
    check(a1, n1, tol(dtype))


def test_nep50():
    x = nd.asarray([1, 2], dtype=nd.float32)
    assert (x + 2.0).dtype == nd.float32
    assert (x * 2).dtype == nd.float32
    assert (x + 1j).dtype == nd.complex64
    assert (nd.asarray([1, 2], dtype=nd.int8) + 1).dtype == nd.int8
    assert (nd.asarray([1, 2], dtype=nd.int32) * 0.5).dtype == nd.float64
    with pytest.raises(OverflowError):
        nd.asarray([1, 2], dtype=nd.int8) + 1000
    with pytest.raises(OverflowError):
        nd.asarray([1], dtype=nd.int64) + 2**64
    big = nd.asarray([1], dtype=nd.uint64) + 2**63
    assert big.dtype == nd.uint64 and int(big[0]) == 2**63 + 1
    assert bool(nd.asarray([1], dtype=nd.int8) < 1000)  # comparisons are exact


@pytest.mark.parametrize("big", [2**63, 2**64, -2**63 - 1, 3**100, -(10**300)])
def test_python_int_beyond_int64(big):
    """NumPy 2 with a Python int beyond int64: a float or complex array takes it as a
    Python float (an OverflowError beyond float's range); an integer array compared with
    one outside its range gives the exact answer; arithmetic on an integer or bool array
    is an OverflowError (uint64 takes 2**63 .. 2**64 - 1)."""
    for dtype in FLOATS + COMPLEX:
        n = np.asarray([1.5, -2.0], dtype=dtype)
        a = nd.asarray(n)
        with np.errstate(all="ignore"):
            for op in (operator.add, operator.mul, operator.truediv, operator.lt, operator.eq):
                check(op(a, big), op(n, big))
                check(op(big, a), op(big, n))
            check(nd.where(nd.asarray([True, False]), a, big), np.where([True, False], n, big))
            check(nd.full((2,), big, dtype=a.dtype), np.full((2,), big, dtype=dtype))
            check(nd.full_like(a, big), np.full_like(n, big))
            check(nd.asarray(big, dtype=a.dtype), np.asarray(big, dtype=dtype))
            a2, n2 = nd.asarray(n.copy()), n.copy()
            a2 += big
            n2 += big
            check(a2, n2)
            a2[0] = big
            n2[0] = big
            check(a2, n2)
    with pytest.raises(OverflowError):
        nd.asarray([1.0]) + 10**400
    for dtype in INTS:
        n = np.asarray([0, 1], dtype=dtype)
        a = nd.asarray(n)
        for op in (operator.lt, operator.le, operator.gt, operator.ge, operator.eq, operator.ne):
            check(op(a, big), op(n, big))
            check(op(big, a), op(big, n))
        if not (dtype == "uint64" and 0 <= big < 2**64):
            with pytest.raises(OverflowError):
                a + big
        if abs(big) < 10**300:  # true division is float64 either way
            check(a / big, n / big)
            check(big / nd.asarray(n + 1), big / (n + 1))
    with pytest.raises(OverflowError):
        nd.asarray([True]) < big


@given(seed=seeds, shape=shapes, l1=layouts, data=st.data())
def test_clip_where(seed, shape, l1, data):
    rng = np.random.default_rng(seed)
    dtype = data.draw(st.sampled_from(INTS + FLOATS))
    n, a = pair(rng, dtype, shape, l1)
    check(nd.clip(a, 1, 5), np.clip(n, 1, 5))
    check(nd.clip(a, max=3), np.clip(n, None, 3))
    check(nd.clip(a, min=2), np.clip(n, 2, None))
    lo = n.dtype.type(0)
    check(nd.clip(a, nd.asarray(lo), nd.asarray(n.dtype.type(4))), np.clip(n, lo, n.dtype.type(4)))
    c = n > 2
    check(nd.where(a > 2, a, 0), np.where(c, n, n.dtype.type(0)))
    check(nd.where(a > 2, 1.5, a), np.where(c, 1.5, n) if dtype in FLOATS else np.where(c, 1.5, n.astype(float)))
