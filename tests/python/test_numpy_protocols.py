"""nd arrays inside NumPy-API code: NumPy's ufuncs (NEP 13) and functions (NEP 18) on nd
arrays give nd arrays computed by nd, mixed nd/NumPy operands work both ways with NumPy's
promotion, and what nd does not implement is a TypeError naming the ufunc or function."""
import numpy as np
import pytest

import nd
from helpers import check

rng = np.random.default_rng(7)


def both(shape=(3, 4), dtype="float64"):
    n = rng.standard_normal(shape).astype(dtype) if dtype[0] in "fc" else \
        rng.integers(-5, 6, shape).astype(dtype)
    return n, nd.asarray(n, copy=True)


# ---- ufuncs --------------------------------------------------------------------------------

UNARY = ["absolute", "negative", "positive", "square", "sign", "exp", "expm1", "log1p", "sqrt",
         "sin", "cos", "tan", "arctan", "sinh", "cosh", "tanh", "arcsinh", "floor", "ceil",
         "trunc", "rint", "isnan", "isinf", "isfinite", "signbit", "logical_not", "conjugate",
         "fabs", "exp2", "degrees", "radians", "rad2deg", "deg2rad", "reciprocal"]
BINARY = ["add", "subtract", "multiply", "divide", "floor_divide", "remainder", "power",
          "equal", "not_equal", "less", "less_equal", "greater", "greater_equal", "maximum",
          "minimum", "arctan2", "hypot", "copysign", "logaddexp", "logical_and", "logical_or",
          "logical_xor", "fmax", "fmin", "float_power", "nextafter"]


@pytest.mark.parametrize("name", UNARY)
def test_unary_ufuncs(name):
    n, a = both()
    n = np.abs(n) + 0.5
    a = nd.asarray(n, copy=True)
    f = getattr(np, name)
    check(f(a), f(n), rtol=1e-14)
    check(f(a.T), f(n.T), rtol=1e-14)


@pytest.mark.parametrize("name", BINARY)
def test_binary_ufuncs_mixed_operands(name):
    n1, a1 = both()
    n2, a2 = both()
    n2 = np.abs(n2) + 0.5
    a2 = nd.asarray(n2, copy=True)
    f = getattr(np, name)
    with np.errstate(invalid="ignore"):  # negative bases of power: NaN in both
        want, want_as, want_sa = f(n1, n2), f(n1, 2.5), f(2.5, n2)
    for x, y in ((a1, a2), (a1, n2), (n1, a2)):
        check(f(x, y), want, rtol=1e-14)
    check(f(a1, 2.5), want_as, rtol=1e-14)
    check(f(2.5, a2), want_sa, rtol=1e-14)


def test_integer_ufuncs_and_shifts():
    n, a = both(dtype="int32")
    m = np.abs(n).astype("int32") % 5
    b = nd.asarray(m, copy=True)
    for f in (np.bitwise_and, np.bitwise_or, np.bitwise_xor, np.left_shift, np.right_shift,
              np.floor_divide, np.remainder):
        check(f(a, b + 1), f(n, m + 1))
    check(np.invert(a), np.invert(n))
    q, r = np.divmod(a, b + 1)
    check(q, np.divmod(n, m + 1)[0])
    check(r, np.divmod(n, m + 1)[1])


def test_ufunc_promotion_follows_nep50():
    x = nd.ones(3, dtype=nd.float32)
    # NumPy scalars are strong 0-d values (np.float64 subclasses float, but is not weak)
    assert (x * np.float64(2)).dtype == nd.float64
    assert (np.float64(2) * x).dtype == nd.float64
    assert nd.add(x, np.float32(2)).dtype == nd.float32
    assert (x * 2.0).dtype == nd.float32
    assert np.add(x, 2.0).dtype == nd.float32
    assert np.multiply(x, np.float64(2)).dtype == nd.float64
    assert (nd.ones(3, dtype=nd.int8) + np.int16(1)).dtype == nd.int16


def test_ufunc_out_where_dtype_casting():
    n, a = both()
    o = nd.empty((3, 4))
    assert np.add(a, a, out=o) is o
    check(o, n + n)
    on = np.empty((3, 4))
    assert np.sin(a, out=on) is on  # a NumPy out is written in place and returned
    np.testing.assert_allclose(on, np.sin(n), rtol=1e-14)
    o2 = nd.zeros((3, 4))
    mask = n > 0
    np.multiply(a, 3.0, out=o2, where=nd.asarray(mask))
    np.testing.assert_array_equal(np.asarray(o2), np.where(mask, n * 3.0, 0))
    assert np.add(a, 1, dtype=np.float32).dtype == nd.float32
    with pytest.raises(TypeError, match="same_kind"):
        np.add(a, a, out=nd.empty((3, 4), dtype=nd.int32))
    assert np.add(a, a, out=nd.empty((3, 4), dtype=nd.int32), casting="unsafe") is not None
    with pytest.raises(TypeError, match="safe"):
        np.add(nd.ones(2, dtype=nd.int64), 1, dtype=np.int8, casting="safe")


def test_inplace_operators_both_ways():
    n, a = both()
    x = nd.asarray(n, copy=True)
    x += n
    check(x, n + n)
    m = n.copy()
    m += nd.asarray(n)  # NumPy's in-place op writes the NumPy array, through nd
    assert type(m) is np.ndarray
    np.testing.assert_array_equal(m, n + n)


def test_operators_mixed_give_nd():
    n, a = both((4, 4))
    for r in (a + n, n + a, a * n, n - a, a @ n, n @ a, a / n, a ** 2, n < a, a == n):
        assert isinstance(r, nd.Array)
    check(n @ a, n @ n, rtol=1e-14)
    check(a @ n, n @ n, rtol=1e-14)
    check(n - a, n * 0)


def test_ufunc_reduce_and_accumulate():
    n, a = both((3, 4, 2))
    check(np.add.reduce(a), np.add.reduce(n), rtol=1e-14)  # default axis 0
    check(np.add.reduce(a, axis=None), np.add.reduce(n, axis=None), rtol=1e-14)
    check(np.multiply.reduce(a, axis=(0, 2), keepdims=True),
          np.multiply.reduce(n, axis=(0, 2), keepdims=True), rtol=1e-14)
    check(np.maximum.reduce(a, axis=1), np.maximum.reduce(n, axis=1))
    check(np.minimum.reduce(a, 2), np.minimum.reduce(n, 2))
    check(np.logical_and.reduce(a > 0), np.logical_and.reduce(n > 0))
    check(np.add.accumulate(a), np.add.accumulate(n), rtol=1e-14)
    check(np.multiply.accumulate(a, axis=2), np.multiply.accumulate(n, axis=2), rtol=1e-14)
    check(np.add.reduce(a, dtype=np.float32), np.add.reduce(n, dtype=np.float32), rtol=1e-6)


def test_unsupported_ufuncs_raise_naming_them():
    _, a = both()
    with pytest.raises(TypeError, match="cbrt"):
        np.cbrt(a)
    with pytest.raises(TypeError, match="add"):
        np.add.outer(a, a)
    with pytest.raises(TypeError, match="add"):
        np.add.at(a, [0], 1)


# ---- functions -------------------------------------------------------------------------------

def test_functions_return_nd_and_match_numpy():
    n, a = both((3, 4))
    m, b = both((4, 5))
    cases = [
        (np.concatenate, ([a, a],), ([n, n],), {"axis": 1}),
        (np.stack, ([a, a],), ([n, n],), {"axis": -1}),
        (np.transpose, (a,), (n,), {}),
        (np.transpose, (a, (1, 0)), (n, (1, 0)), {}),
        (np.swapaxes, (a, 0, 1), (n, 0, 1), {}),
        (np.reshape, (a, (2, 6)), (n, (2, 6)), {"order": "F"}),
        (np.ravel, (a,), (n,), {"order": "F"}),
        (np.tensordot, (a, b, 1), (n, m, 1), {}),
        (np.tensordot, (a, b), (n, m), {"axes": ((1,), (0,))}),
        (np.dot, (a, b), (n, m), {}),
        (np.einsum, ("ij,jk->ik", a, b), ("ij,jk->ik", n, m), {}),
        (np.einsum, (a, [0, 1], b, [1, 2], [0, 2]), (n, [0, 1], m, [1, 2], [0, 2]), {}),
        (np.trace, (a,), (n,), {"offset": 1}),
        (np.diagonal, (a,), (n,), {"offset": -1}),
        (np.diag, (a[0],), (n[0],), {"k": 1}),
        (np.kron, (a, b), (n, m), {}),
        (np.outer, (a, b), (n, m), {}),
        (np.inner, (a, a), (n, n), {}),
        (np.sum, (a,), (n,), {"axis": 0, "keepdims": True}),
        (np.mean, (a, 1), (n, 1), {}),
        (np.std, (a,), (n,), {"ddof": 1}),
        (np.var, (a,), (n,), {"axis": 0}),
        (np.max, (a,), (n,), {"axis": 1}),
        (np.min, (a,), (n,), {"initial": -1.0}),
        (np.argmax, (a,), (n,), {"axis": 0}),
        (np.cumsum, (a,), (n,), {}),
        (np.cumprod, (a, 1), (n, 1), {}),
        (np.where, (a > 0, a, 0.0), (n > 0, n, 0.0), {}),
        (np.sort, (a,), (n,), {"axis": 0}),
        (np.argsort, (a,), (n,), {}),
        (np.clip, (a, -0.5, 0.5), (n, -0.5, 0.5), {}),
        (np.round, (a, 2), (n, 2), {}),
        (np.zeros_like, (a,), (n,), {"shape": (2, 2), "dtype": np.int32}),
        (np.full_like, (a, 7), (n, 7), {}),
        (np.nansum, (a,), (n,), {"axis": 1}),
        (np.linalg.norm, (a,), (n,), {}),
        (np.linalg.norm, (a,), (n,), {"axis": 1, "ord": 1}),
        (np.linalg.norm, (a,), (n,), {"ord": "nuc"}),
        (np.linalg.svd, (a,), (n,), {"compute_uv": False}),
        (np.linalg.qr, (a.T,), (n.T,), {"mode": "r"}),
    ]
    for f, nd_args, np_args, kwargs in cases:
        got, want = f(*nd_args, **kwargs), f(*np_args, **kwargs)
        if isinstance(want, tuple):
            got, want = tuple(got), tuple(want)
        try:
            check(got, want, rtol=1e-12)
        except AssertionError as e:
            raise AssertionError(f"{f.__name__}{kwargs}: {e}") from None


def test_functions_mixed_nd_and_numpy():
    n, a = both((3, 4))
    check(np.concatenate([a, n]), np.concatenate([n, n]))
    check(np.concatenate([n, a]), np.concatenate([n, n]))
    check(np.tensordot(a, n.T, 1), np.tensordot(n, n.T, 1), rtol=1e-14)
    check(np.einsum("ij,kj", a, n), np.einsum("ij,kj", n, n), rtol=1e-14)
    check(nd.tensordot(a, n.T, 1), np.tensordot(n, n.T, 1), rtol=1e-14)
    check(nd.concat([a, n]), np.concatenate([n, n]))
    if hasattr(nd, "fft"):
        check(nd.fft.fft(n), np.fft.fft(n), rtol=1e-13)
        check(np.fft.fft(a, 6, axis=0), np.fft.fft(n, 6, axis=0), rtol=1e-13)


def test_creation_functions_with_like():
    _, a = both()
    check(np.asarray([1.0, 2.0], like=a), np.asarray([1.0, 2.0]))
    check(np.array([[1, 2]], ndmin=3, like=a), np.array([[1, 2]], ndmin=3))
    check(np.ones(3, like=a), np.ones(3))
    check(np.arange(5, like=a), np.arange(5))
    check(np.eye(3, k=1, like=a), np.eye(3, k=1))
    e = np.empty_like(a, shape=(2, 5), dtype=np.int8)
    assert isinstance(e, nd.Array) and e.shape == (2, 5) and e.dtype == nd.int8
    assert np.empty_like(nd.asarray(np.ones((3, 2), order="F"))).flags.f_contiguous


def test_metadata_functions_keep_working():
    n, a = both((3, 4), "complex128")
    assert np.shape(a) == (3, 4) and np.ndim(a) == 2 and np.size(a) == 12
    assert np.iscomplexobj(a) and not np.isrealobj(a)
    assert np.result_type(a, np.float32) == np.complex128
    assert np.allclose(a, n) and np.array_equal(a, n)
    check(np.isclose(a, n), np.isclose(n, n))
    assert np.may_share_memory(a, a[1:])
    np.testing.assert_allclose(a, n)  # converts through the buffer protocol


def test_unimplemented_functions_raise_naming_them():
    _, a = both()
    with pytest.raises(TypeError, match="numpy.median"):
        np.median(a)
    with pytest.raises(TypeError, match="numpy.polyfit"):
        np.polyfit(a[0], a[1], 1)


def test_asarray_of_nd_stays_zero_copy():
    a = nd.zeros((2, 3))
    n = np.asarray(a)
    n[0, 0] = 5
    assert a[0, 0] == 5
    r = nd.ones(3)
    r.flags.writeable = False
    assert not np.asarray(r).flags.writeable
    with pytest.raises(ValueError, match="copy"):
        a.__array__(dtype=np.float32, copy=False)


def test_other_array_libraries_are_left_alone():
    # a type with its own protocols is not converted: nd declines, and the other operand's
    # reflected operator (or NumPy's TypeError) decides
    class Other:
        __array_ufunc__ = None

        def __radd__(self, other):
            return "other"

    a = nd.ones(2)
    assert a + Other() == "other"
    with pytest.raises(TypeError):
        nd.add(a, Other())
    masked = np.ma.masked_array([1.0, 2.0], mask=[True, False])
    with pytest.raises(TypeError):
        nd.add(a, masked)  # converting would drop the mask


def test_buffer_interface_and_dlpack_operands():
    import array
    a = nd.asarray([1.0, 2.0])
    b = array.array("d", [3.0, 4.0])
    check(a + b, np.array([4.0, 6.0]))
    check(nd.multiply(memoryview(b), a), np.array([3.0, 8.0]))

    class Iface:
        def __init__(self, n):
            self.n = n
            self.__array_interface__ = n.__array_interface__

    src = np.arange(4.0)
    v = nd.asarray(Iface(src))
    src[0] = 9.0
    assert v[0] == 9.0  # in place
    check(a + Iface(np.array([1.0, 1.0])), np.array([2.0, 3.0]))

    class Dl:
        def __init__(self, n):
            self.n = n

        def __dlpack__(self, **kw):
            return self.n.__dlpack__(**kw)

        def __dlpack_device__(self):
            return self.n.__dlpack_device__()

    check(nd.sqrt(Dl(np.array([4.0, 9.0]))), np.array([2.0, 3.0]))
