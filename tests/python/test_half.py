"""float16 and bfloat16 in Python: the dtype objects and finfo, the zero-copy exchange with
NumPy (float16 as the buffer format 'e', bfloat16 as ml_dtypes' dtype), DLPack, pickling
and .npy files, and elementwise results bit for bit against NumPy's float16 loops and
ml_dtypes' bfloat16 ones (every float16 value for the one-operand functions)."""
import pickle

import ml_dtypes
import numpy as np
import pytest

import nd
from helpers import LAYOUTS, pair

BF16 = np.dtype(ml_dtypes.bfloat16)
HALVES = ["float16", "bfloat16"]
NP_DTYPE = {"float16": np.dtype(np.float16), "bfloat16": BF16}


def same_bits(got, want):
    """nd's result is NumPy's bit for bit: the same 16-bit patterns (signed zeros and
    infinities included), NaN where NumPy has NaN (payloads aside)."""
    g = np.asarray(got)
    assert g.dtype == want.dtype and g.shape == want.shape, (g.dtype, want.dtype, g.shape)
    nan = np.isnan(want.astype(np.float32))
    assert np.array_equal(np.isnan(g.astype(np.float32)), nan)
    gb, wb = g.view(np.uint16)[~nan], want.view(np.uint16)[~nan]
    bad = np.flatnonzero(gb != wb)
    assert bad.size == 0, (bad.size, g[~nan][bad[:5]], want[~nan][bad[:5]])


def every_value(dtype):
    """All 65536 bit patterns of a 16-bit float dtype."""
    return np.arange(65536, dtype=np.uint32).astype(np.uint16).view(NP_DTYPE[dtype])


# ---- the dtype objects --------------------------------------------------------------------

def test_dtype_objects_and_finfo():
    assert nd.float16.itemsize == 2 and nd.bfloat16.itemsize == 2
    assert nd.float16.kind == "f" and nd.bfloat16.kind == "f"
    assert repr(nd.float16) == "nd.float16" and str(nd.bfloat16) == "bfloat16"
    assert pickle.loads(pickle.dumps(nd.bfloat16)) == nd.bfloat16
    for name, ref in (("float16", np.finfo(np.float16)), ("bfloat16", ml_dtypes.finfo(BF16))):
        f = nd.finfo(getattr(nd, name))
        assert f.bits == 16 and f.dtype == getattr(nd, name)
        assert (f.eps, f.max, f.min, f.smallest_normal) == (
            float(ref.eps), float(ref.max), float(ref.min), float(ref.smallest_normal))
    assert nd.finfo(nd.zeros(2, dtype=nd.float16)).eps == 2.0 ** -10
    assert nd.isdtype(nd.float16, "real floating") and nd.isdtype(nd.bfloat16, "real floating")


def test_promotion():
    assert nd.result_type(nd.float16, nd.bfloat16) == nd.float32  # ml_dtypes' rule
    assert nd.result_type(nd.float16, nd.float32) == nd.float32
    assert nd.result_type(nd.bfloat16, nd.float64) == nd.float64
    assert nd.result_type(nd.float16, nd.int8) == nd.float16  # NumPy: float16 holds int8
    assert nd.result_type(nd.float16, nd.int16) == nd.float32
    assert nd.result_type(nd.bfloat16, nd.uint8) == nd.bfloat16
    assert nd.result_type(nd.bfloat16, nd.complex64) == nd.complex64
    for t in (nd.float16, nd.bfloat16):
        x = nd.ones(3, dtype=t)
        assert (x + 1.5).dtype == t and (x * 2).dtype == t  # Python scalars are weak
        assert nd.can_cast(t, nd.float32) and not nd.can_cast(nd.float32, t)
    assert not nd.can_cast(nd.float16, nd.bfloat16) and not nd.can_cast(nd.bfloat16, nd.float16)


def test_not_in_the_standard_namespace_defaults():
    info = nd.__array_namespace_info__()
    assert "float16" not in info.dtypes() and "bfloat16" not in info.dtypes()
    assert "float16" not in info.dtypes(kind="real floating")
    assert info.default_dtypes()["real floating"] == nd.float64
    assert nd.asarray([1.5]).dtype == nd.float64 and nd.zeros(2).dtype == nd.float64


# ---- exchange -----------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", HALVES)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_numpy_both_ways_zero_copy(dtype, layout):
    n, a = pair(np.random.default_rng(7), dtype, (3, 4), layout, special=True)
    assert a.dtype == getattr(nd, dtype)
    back = np.asarray(a)
    assert back.dtype == NP_DTYPE[dtype] and back.shape == n.shape and back.strides == a.strides
    assert n.size == 0 or np.shares_memory(np.asarray(a), back)
    same_bits(back, n)
    v = nd.asarray(n)  # NumPy's memory, seen by nd
    assert v.dtype == getattr(nd, dtype) and (n.size == 0 or np.shares_memory(np.asarray(v), n))
    same_bits(v, n)


@pytest.mark.parametrize("dtype", HALVES)
def test_writes_go_through(dtype):
    n = np.zeros((2, 3), dtype=NP_DTYPE[dtype])
    a = nd.asarray(n)
    a[1, 2] = 2.5
    assert float(n[1, 2]) == 2.5
    np.asarray(a)[0, 0] = -1.0
    assert float(a[0, 0]) == -1.0 and float(n[0, 0]) == -1.0
    ro = n.copy()
    ro.flags.writeable = False
    with pytest.raises(ValueError):
        nd.asarray(ro)[0, 0] = 1.0
    assert not np.asarray(nd.broadcast_to(a[0], (2, 3))).flags.writeable


def test_buffer_formats():
    assert memoryview(nd.zeros(3, dtype=nd.float16)).format == "e"
    with pytest.raises(BufferError, match="bfloat16"):
        memoryview(nd.zeros(3, dtype=nd.bfloat16))  # no format code: 'H' would read uint16
    assert nd.asarray(memoryview(np.ones(2, np.float16))).dtype == nd.float16


@pytest.mark.parametrize("dtype", HALVES)
def test_dlpack_round_trip(dtype):
    n = (np.arange(12.0) - 5.5).astype(NP_DTYPE[dtype]).reshape(3, 4)[:, ::-2]
    a = nd.asarray(n)
    b = nd.from_dlpack(a)
    assert b.dtype == a.dtype and np.shares_memory(np.asarray(b), n)
    same_bits(b, n)
    c = nd.from_dlpack(a, copy=True)
    assert not np.shares_memory(np.asarray(c), n)
    same_bits(c, n)
    if dtype == "float16":  # NumPy takes kDLFloat 16; it has no kDLBfloat
        m = np.from_dlpack(a)
        assert m.dtype == np.float16 and np.shares_memory(m, n)
        f = nd.from_dlpack(n)
        assert f.dtype == nd.float16 and np.shares_memory(np.asarray(f), n)


@pytest.mark.parametrize("dtype", HALVES)
def test_pickle_item_repr(dtype):
    n = np.array([[0.1, -2.5, np.inf], [np.nan, 65504, 1e-7]], dtype=NP_DTYPE[dtype])
    a = nd.asarray(n).T
    b = pickle.loads(pickle.dumps(a))
    assert b.dtype == a.dtype
    same_bits(b, n.T)
    assert a[1, 0].item() == float(n[0, 1]) and isinstance(a[0, 0].item(), float)
    if dtype == "float16":
        assert repr(nd.asarray(n)) == repr(n).replace("array(", "Array(")


@pytest.mark.parametrize("dtype", HALVES)
def test_npy_files(dtype, tmp_path):
    n = (np.arange(20.0) / 7).astype(NP_DTYPE[dtype]).reshape(4, 5)
    p = str(tmp_path / "x.npy")
    nd.save(p, nd.asarray(n).T)
    back = np.load(p)
    if dtype == "bfloat16":  # ml_dtypes' arrays are saved as 2-byte voids
        assert back.dtype == np.dtype("V2")
        back = back.view(BF16)
    same_bits(back, n.T)
    np.save(p, n)
    same_bits(nd.load(p), n)


# ---- elementwise, bit for bit -------------------------------------------------------------

EXACT = ["negative", "abs", "square", "sqrt", "floor", "ceil", "trunc", "rint", "sign",
         "reciprocal"]
# Computed in float32 and rounded once, by nd and by NumPy, but their float32 functions
# differ in the last bit now and then: where the exact value lies within float32 precision
# of a 16-bit rounding tie, that bit decides the 16-bit result (see near_ties).
MATH = ["exp", "expm1", "log", "log1p", "log2", "log10", "sin", "cos", "tan", "arcsin",
        "arccos", "arctan", "sinh", "cosh", "tanh", "arcsinh", "arccosh", "arctanh"]
ND_NAME = {"arcsin": "asin", "arccos": "acos", "arctan": "atan", "arcsinh": "asinh",
           "arccosh": "acosh", "arctanh": "atanh", "rint": "round", "power": "pow",
           "arctan2": "atan2"}


def nd_fn(name):
    return getattr(nd, ND_NAME.get(name, name))


def reference(name, *args):
    """NumPy's float16 loop; for bfloat16 NumPy's rule on float32 (ml_dtypes' sign keeps
    -0, NumPy's float sign gives 0) except where ml_dtypes defines the function itself."""
    with np.errstate(all="ignore"):
        if name == "sign" and args[0].dtype == BF16:
            return np.sign(args[0].astype(np.float32)).astype(BF16)
        return getattr(np, name)(*args)


def near_ties(name, args, got, want):
    """Where nd and NumPy differ: one 16-bit step apart, and either nd's is the correctly
    rounded value (NumPy's float32 function was off by more than an ulp) or the exact value
    (float64) lies within float32 precision of the tie between them; at most 1 in 1000."""
    g, w = np.asarray(got), want
    nan = np.isnan(w.astype(np.float32))
    assert np.array_equal(np.isnan(g.astype(np.float32)), nan)
    diff = ~nan & (g.view(np.uint16) != w.view(np.uint16))
    assert diff.sum() <= args[0].size // 1000, diff.sum()
    gd, wd = g[diff].astype(np.float64), w[diff].astype(np.float64)
    step = np.abs(np.nextafter(w[diff], g[diff]).astype(np.float64) - wd)
    assert np.array_equal(np.abs(gd - wd), step)  # neighbours
    exact = getattr(np, name)(*(a[diff].astype(np.float64) for a in args))
    nearer = np.abs(exact - gd) < np.abs(exact - wd)  # nd's is the correctly rounded one
    tie = np.abs(exact - (gd + wd) / 2) <= 2.0 ** -22 * np.abs(exact)
    assert np.all(nearer | tie), args[0][diff][~(nearer | tie)]


@pytest.mark.parametrize("dtype", HALVES)
@pytest.mark.parametrize("name", EXACT + MATH)
def test_unary_every_value(name, dtype):
    x = every_value(dtype)
    want = reference(name, x)
    got = nd_fn(name)(nd.asarray(x))
    if name in MATH:
        near_ties(name, (x,), got, want)
    else:
        same_bits(got, want)


BINARY = ["add", "subtract", "multiply", "divide", "maximum", "minimum", "power", "arctan2",
          "hypot", "copysign", "nextafter", "floor_divide", "remainder", "logaddexp"]
BINARY_MATH = ["power", "arctan2", "hypot", "logaddexp"]  # float32 routines: near_ties


@pytest.mark.parametrize("dtype", HALVES)
@pytest.mark.parametrize("name", BINARY)
def test_binary_random_bits(name, dtype):
    rng = np.random.default_rng(41)
    n = 1 << 16
    x = rng.integers(0, 65536, n).astype(np.uint16).view(NP_DTYPE[dtype])
    y = rng.integers(0, 65536, n).astype(np.uint16).view(NP_DTYPE[dtype])
    # and near-equal pairs, where the rounding of add, subtract and divide is decided
    y[: n // 4] = (x[: n // 4].view(np.uint16) + rng.integers(-3, 4, n // 4).astype(np.uint16)).view(y.dtype)
    if name == "floor_divide":
        # the standard's special case, nd's for every float dtype: one infinite operand
        # gives x / y (NumPy: nan)
        one_inf = np.isinf(x.astype(np.float32)) != np.isinf(y.astype(np.float32))
        x, y = x[~one_inf], y[~one_inf]
    want = reference(name, x, y)
    got = nd_fn(name)(nd.asarray(x), nd.asarray(y))
    if name in BINARY_MATH:
        with np.errstate(all="ignore"):
            near_ties(name, (x, y), got, want)
    else:
        same_bits(got, want)


@pytest.mark.parametrize("dtype", HALVES)
@pytest.mark.parametrize("name", ["maximum", "minimum"])
def test_maximum_minimum_signed_zeros(name, dtype):
    # which of two equal zeros comes out: NumPy's float16 loops give the first, ml_dtypes'
    # bfloat16 the second
    z = np.array([0.0, -0.0], dtype=NP_DTYPE[dtype])
    x, y = np.repeat(z, 2), np.tile(z, 2)
    for a, b in ((x, y), (x[::-1], y[::-1]), (x[:1], y)):
        same_bits(nd_fn(name)(nd.asarray(a), nd.asarray(b)), getattr(np, name)(a, b))


@pytest.mark.parametrize("dtype", HALVES)
@pytest.mark.parametrize("layout", ["F", "T", "reversed", "stepped", "broadcast", "0d", "empty"])
def test_elementwise_layouts(dtype, layout):
    rng = np.random.default_rng(3)
    n1, a1 = pair(rng, dtype, (3, 5), layout, special=True)
    n2, a2 = pair(rng, dtype, (3, 5), layout)
    with np.errstate(all="ignore"):
        same_bits(a1 + a2, n1 + n2)
        same_bits(nd.exp(a1), np.exp(n1))
        same_bits(a1 * 0.3, n1 * n1.dtype.type(0.3))  # a weak Python float keeps the dtype
        assert (a1 > a2).dtype == nd.bool
        np.testing.assert_array_equal(np.asarray(a1 > a2), n1 > n2)


@pytest.mark.parametrize("dtype", HALVES)
@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # NumPy's casts of NaN and overflow
def test_casts_every_value(dtype):
    x = every_value(dtype)
    a = nd.asarray(x)
    for to in ("float32", "float64"):
        np.testing.assert_array_equal(np.asarray(nd.astype(a, getattr(nd, to))), x.astype(to))
    other = "bfloat16" if dtype == "float16" else "float16"
    same_bits(nd.astype(a, getattr(nd, other)), x.astype(NP_DTYPE[other]))
    # float32 values around every 16-bit rounding boundary
    f = every_value(dtype).astype(np.float32)
    f = f[np.isfinite(f)]
    u = f.view(np.uint32)
    near = np.concatenate([u, u + 1, u - 1, u + 0x1000, u + 0xfff, u + 0x8000, u + 0x7fff])
    near = near.view(np.float32)
    same_bits(nd.astype(nd.asarray(near), getattr(nd, dtype)), near.astype(NP_DTYPE[dtype]))


# ---- reductions, sorting, products ---------------------------------------------------------

@pytest.mark.parametrize("dtype", HALVES)
def test_reductions_sort_search(dtype):
    rng = np.random.default_rng(5)
    n = (rng.standard_normal((40, 30)) * 4).astype(NP_DTYPE[dtype])
    n[3, 4] = np.nan
    a = nd.asarray(n)
    assert nd.sum(a).dtype == getattr(nd, dtype)
    np.testing.assert_allclose(float(nd.sum(a[:3])), float(n[:3].astype(np.float64).sum()), rtol=1e-2)
    same_bits(nd.max(a, axis=0), np.max(n, axis=0))
    np.testing.assert_array_equal(np.asarray(nd.argmax(a, axis=1)), np.argmax(n, axis=1))
    same_bits(nd.sort(a, axis=0), np.sort(n, axis=0))
    s = np.sort(n.ravel()[np.isfinite(n.ravel())])
    np.testing.assert_array_equal(np.asarray(nd.searchsorted(nd.asarray(s), nd.asarray(s[::7]))),
                                  np.searchsorted(s, s[::7]))
    u = nd.unique_values(nd.asarray(n[:5]))
    same_bits(u, np.unique(n[:5]))


@pytest.mark.parametrize("dtype", HALVES)
def test_matmul_float32_accumulation(dtype):
    rng = np.random.default_rng(9)
    x = rng.uniform(-1, 1, (33, 70)).astype(NP_DTYPE[dtype])
    y = rng.uniform(-1, 1, (70, 17)).astype(NP_DTYPE[dtype])
    exact = x.astype(np.float64) @ y.astype(np.float64)
    a, b = nd.asarray(x), nd.asarray(y)
    r = a @ b
    assert r.dtype == getattr(nd, dtype)
    same_bits(r, exact.astype(np.float32).astype(NP_DTYPE[dtype]))  # float32 sum, one rounding
    m = nd.matmul(a, b.T.T, dtype=nd.float32)  # the mixed product: a float32 result
    assert m.dtype == nd.float32
    np.testing.assert_allclose(np.asarray(m), exact, rtol=1e-5, atol=1e-5)
    t = nd.tensordot(a, b, axes=1)
    same_bits(t, np.asarray(r))
    e = nd.einsum("ij,jk->ik", a, b)
    same_bits(e, np.asarray(r))
    v = nd.vecdot(a, a)
    want = (x.astype(np.float64) ** 2).sum(-1).astype(np.float32).astype(NP_DTYPE[dtype])
    same_bits(v, want)
    with pytest.raises(Exception, match="matmul"):
        nd.matmul(a, b, dtype=nd.int32)
