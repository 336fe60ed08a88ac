"""NumPy's API on nd beyond the standard: the NumPy-style methods and attributes of arrays,
dtype= in NumPy's forms and nd's dtypes as NumPy's, the NumPy-named functions of the nd
namespace, and the regressions of issue 38 (exact integer arange, writeable asarray of NumPy
scalars, 0-d arguments of arange and linspace)."""
import warnings

import numpy as np
import pytest

import nd
from helpers import DTYPES, check, pair

rng = np.random.default_rng(11)
LAYOUTS = ["C", "F", "T", "reversed", "stepped", "broadcast", "0d", "empty"]


# ---- methods ---------------------------------------------------------------------------------

@pytest.mark.parametrize("layout", LAYOUTS)
def test_reductions_and_scans(layout):
    n, a = pair(rng, "float64", (3, 4), layout)
    for name, args, kwargs in [("sum", (), {}), ("sum", (0,), {"keepdims": True}),
                               ("prod", (), {"axis": -1}), ("mean", (), {}),
                               ("std", (), {"ddof": 1}), ("var", (None,), {}),
                               ("min", (), {"initial": 10.0}), ("max", (), {"initial": -10.0}),
                               ("any", (), {}), ("all", (), {"axis": 0}),
                               ("cumsum", (), {}), ("cumprod", (), {"axis": 0} if n.ndim else {})]:
        if name in ("std",) and n.size < 2:
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # (NumPy warns of empty means)
            want = getattr(n, name)(*args, **kwargs)
        check(getattr(a, name)(*args, **kwargs), want, rtol=1e-12)
    if n.size:
        check(a.argmax(), np.asarray(n.argmax()))
        check(a.argmin(axis=None), np.asarray(n.argmin(axis=None)))
        check(a.max(), np.asarray(n.max()))


def test_reductions_where_initial_and_dtype():
    n = rng.standard_normal((4, 5))
    a = nd.asarray(n)
    m = n > 0
    check(a.sum(where=nd.asarray(m)), np.asarray(n.sum(where=m)), rtol=1e-14)
    check(a.sum(axis=1, initial=2.0), n.sum(axis=1, initial=2.0), rtol=1e-14)
    check(a.mean(axis=0, where=nd.asarray(m)), n.mean(axis=0, where=m), rtol=1e-14)
    check(a.max(axis=1, initial=0.5, where=nd.asarray(m)), n.max(axis=1, initial=0.5, where=m))
    check(nd.zeros((0, 3)).max(axis=0, initial=1.0), np.zeros((0, 3)).max(axis=0, initial=1.0))
    i8 = np.arange(12, dtype=np.int8).reshape(3, 4)
    check(nd.asarray(i8).sum(), np.asarray(i8.sum()))
    check(nd.asarray(i8).mean(axis=0), i8.mean(axis=0))
    check(nd.asarray(i8).cumsum(), i8.cumsum())
    check(a.sum(dtype=np.float32), np.asarray(n.sum(dtype=np.float32)), rtol=1e-6)
    o = nd.empty(5)
    assert a.sum(axis=0, out=o) is o
    check(o, n.sum(axis=0), rtol=1e-14)
    with pytest.raises(ValueError, match="initial"):
        a.max(where=nd.asarray(m))
    with pytest.raises(ValueError, match="ddof and correction"):
        a.std(ddof=1, correction=1)


@pytest.mark.parametrize("layout", ["C", "F", "T", "reversed", "stepped"])
def test_shape_methods(layout):
    n, a = pair(rng, "int32", (2, 3, 4), layout)
    shp = n.shape
    check(a.reshape(-1), n.reshape(-1))
    check(a.reshape(shp[0], -1), n.reshape(shp[0], -1))
    check(a.reshape((shp[0], -1), order="F"), n.reshape((shp[0], -1), order="F"))
    check(a.reshape([shp[-1], -1], order="A"), n.reshape([shp[-1], -1], order="A"))
    check(a.transpose(), n.transpose())
    check(a.transpose(1, 0, 2), n.transpose(1, 0, 2))
    check(a.transpose((2, 0, 1)), n.transpose((2, 0, 1)))
    check(a.transpose([-1, 0, 1]), n.transpose([-1, 0, 1]))
    check(a.swapaxes(0, -1), n.swapaxes(0, -1))
    for order in "CFAK":
        check(a.ravel(order), n.ravel(order))
        check(a.flatten(order), n.flatten(order))
        check(a.copy(order), n.copy(order))
        assert np.asarray(a.copy(order)).flags.c_contiguous == n.copy(order).flags.c_contiguous
    check(a[:1].squeeze(), n[:1].squeeze())
    check(a[:1].squeeze(0), n[:1].squeeze(0))
    check(a.diagonal(1, 1, 2), n.diagonal(1, 1, 2))
    check(a.trace(), n.trace())
    check(a.repeat(2), n.repeat(2))
    check(a.repeat([1, 2][:1] * shp[1], axis=1), n.repeat([1] * shp[1], axis=1))
    check(a.take([0, -1], axis=2), n.take([0, -1], axis=2))
    check(a.take(5, mode="wrap"), np.asarray(n.take(5, mode="wrap")))
    check(a.nonzero(), n.nonzero())
    with pytest.raises(ValueError, match="axes don't match"):
        a.transpose(0, 1)
    with pytest.raises(ValueError):
        a.squeeze(1)
    with pytest.raises(ValueError):
        a.reshape((5, -1), copy=False)


def test_elementwise_methods_and_attributes():
    z = rng.standard_normal((3, 2)) + 1j * rng.standard_normal((3, 2))
    a = nd.asarray(z)
    check(a.conj(), z.conj())
    check(a.conjugate(), z.conjugate())
    check(a.real, z.real)
    check(a.imag, z.imag)
    a.imag = 0
    assert nd.all(a.imag == 0)
    r = nd.asarray([1.5, -2.0])
    check(r.imag, np.zeros(2))
    assert not r.imag.flags.writeable
    assert r.real.dtype == nd.float64 and r.conj().dtype == nd.float64
    assert a.nbytes == z.nbytes and a.itemsize == 16
    f = nd.asarray(np.ones((2, 3), order="F"))
    assert f.flags.f_contiguous and not f.flags.c_contiguous and f.flags["F_CONTIGUOUS"]
    assert f.flags.writeable and f.flags["W"] and f.flags.aligned
    f.flags.writeable = False
    with pytest.raises(ValueError):
        f[0, 0] = 1


def test_owndata_tells_views():
    x = nd.ones(10)
    v = x[2:]
    assert not x.flags.owndata and not v.flags.owndata  # they share the memory
    assert nd.ones(3).flags.owndata


def test_dot_clip_round_fill_item():
    n = rng.standard_normal((3, 4))
    m = rng.standard_normal((4,))
    a, b = nd.asarray(n), nd.asarray(m)
    check(a.dot(b), n.dot(m), rtol=1e-14)
    check(a.T.conj().dot(a), n.T.conj().dot(n), rtol=1e-14)
    t = rng.standard_normal((2, 3, 4))
    check(nd.asarray(t).dot(a.T), t.dot(n.T), rtol=1e-14)
    check(b.dot(b), np.asarray(m.dot(m)), rtol=1e-14)
    check(a.clip(-0.5, 0.5), n.clip(-0.5, 0.5))
    check(a.clip(0), n.clip(0))
    i = np.arange(10)
    check(nd.asarray(i).clip(2.5, 7), i.clip(2.5, 7))  # float bounds: float64, as NumPy
    check(a.round(2), n.round(2))
    check(nd.asarray([1234, 5678, 1250, 1350, -1250]).round(-2),
          np.array([1234, 5678, 1250, 1350, -1250]).round(-2))
    check(nd.asarray([0.125, 2.5, -0.5]).round(), np.array([0.125, 2.5, -0.5]).round())
    check(nd.asarray([1.5 + 2.25j]).round(1), np.array([1.5 + 2.25j]).round(1))
    k = nd.empty(3, dtype=nd.int32)
    k.fill(2.7)
    check(k, np.full(3, 2, dtype=np.int32))
    with pytest.raises(OverflowError):
        nd.empty(2, dtype=nd.uint8).fill(300)
    assert a.item(5) == n.item(5) and a.item(-1) == n.item(-1)
    assert a.item(1, 2) == n.item(1, 2) and a.item((2, 3)) == n.item((2, 3))
    with pytest.raises(ValueError, match="size 1"):
        a.item()
    with pytest.raises(IndexError):
        a.item(12)
    s = nd.asarray([3.0, 1.0, 2.0])
    assert s.sort() is None
    check(s, np.array([1.0, 2.0, 3.0]))
    assert s.searchsorted(2.5) == 2
    assert nd.asarray([[1, 2], [3, 4]], dtype=nd.int16).T.tobytes() == \
        np.array([[1, 2], [3, 4]], dtype=np.int16).T.tobytes()
    assert nd.asarray([[1, 2], [3, 4]]).tolist() == [[1, 2], [3, 4]]


def test_astype_and_dtype_forms():
    a = nd.asarray([1.5, -2.5])
    for form in (float, np.float32, np.dtype("f4"), "f4", "float32", nd.float32):
        assert a.astype(form).dtype == np.dtype(form if form is not nd.float32 else "f4")
    assert a.astype(int).dtype == nd.int64 and a.astype(complex).dtype == nd.complex128
    assert a.astype(bool).dtype == nd.bool
    assert a.astype(nd.float64, copy=False) is a
    with pytest.raises(TypeError, match="safe"):
        a.astype(np.int8, casting="safe")
    assert np.asarray(a.astype("f8", order="F")).flags.f_contiguous


# ---- dtypes ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", DTYPES)
def test_dtypes_are_numpys(name):
    t = getattr(nd, name)
    assert np.dtype(t) == np.dtype(name)
    assert t == np.dtype(name) and np.dtype(name) == t
    assert t == getattr(np, name if name != "bool" else "bool_")
    assert t == name and hash(t) == hash(np.dtype(name))
    assert {np.dtype(name): 1}[t] == 1
    assert t.type is np.dtype(name).type and t.char == np.dtype(name).char
    assert t.str == np.dtype(name).str and t.isnative
    assert np.zeros(2, dtype=t).dtype == np.dtype(name)
    assert nd.zeros(2, dtype=np.dtype(name)).dtype == t
    assert nd.asarray([1], dtype=getattr(np, name if name != "bool" else "bool_")).dtype == t
    assert t != nd.float16 if hasattr(nd, "float16") else True
    assert (t != np.dtype("f2")) and not (t == "float16")


def test_dtype_forms_everywhere():
    assert nd.zeros(2, dtype=float).dtype == nd.float64
    assert nd.ones(2, dtype=int).dtype == nd.int64
    assert nd.full(2, 1, dtype=complex).dtype == nd.complex128
    assert nd.asarray([1, 0], dtype=bool).dtype == nd.bool
    assert nd.arange(3, dtype=np.float32).dtype == nd.float32
    assert nd.sum(nd.ones(3), dtype="f4").dtype == nd.float32
    assert nd.result_type(nd.float64, "float32") == nd.float64
    assert nd.result_type(nd.int8, np.int16, float) == nd.float64
    assert nd.can_cast(np.int8, int) and nd.finfo(float).bits == 64 and nd.iinfo(np.uint8).max == 255
    assert nd.isdtype(np.float32, "real floating")
    assert nd.empty(2, dtype="<c8").dtype == nd.complex64
    assert nd.zeros(2, dtype=np.float16).dtype == nd.float16 and nd.ones(2, dtype="f2").dtype == nd.float16
    for bad in (">f8", ">f2", object, str, "nope", np.dtype("M8[s]")):
        with pytest.raises(TypeError, match="nd has no dtype"):
            nd.zeros(2, dtype=bad)


# ---- the namespace's NumPy names --------------------------------------------------------------

def test_numpy_named_functions():
    n = rng.standard_normal((4, 6))
    a = nd.asarray(n)
    check(nd.transpose(a), n.T)
    check(nd.concatenate([a, a], axis=None), np.concatenate([n, n], axis=None))
    for got, want in zip(nd.split(a, 3, axis=1), np.split(n, 3, axis=1)):
        check(got, want)
    for got, want in zip(nd.array_split(a, [1, 3]), np.array_split(n, [1, 3])):
        check(got, want)
    with pytest.raises(ValueError, match="equal division"):
        nd.split(a, 4, axis=1)
    check(nd.vstack([a[0], a[1]]), np.vstack([n[0], n[1]]))
    check(nd.hstack([a, a]), np.hstack([n, n]))
    check(nd.atleast_3d(a[0]), np.atleast_3d(n[0]))
    check(nd.trace(a, 1), np.trace(n, 1), rtol=1e-14)
    check(nd.diag(a), np.diag(n))
    check(nd.diag(a[0], -2), np.diag(n[0], -2))
    check(nd.kron(a[:2, :2], a[:3, :2]), np.kron(n[:2, :2], n[:3, :2]), rtol=1e-14)
    check(nd.dot(a, a.T), n @ n.T, rtol=1e-14)
    check(nd.vdot(a, a), np.asarray(np.vdot(n, n)), rtol=1e-14)
    check(nd.outer(a[0], a[1]), np.outer(n[0], n[1]))
    check(nd.cumsum(a), np.cumsum(n), rtol=1e-14)
    check(nd.power(a, 2), n ** 2)
    check(nd.arccos(a / 10), np.arccos(n / 10), rtol=1e-14)
    assert nd.allclose(a, n) and nd.array_equal(a, n) and not nd.array_equal(a, n[:2])
    assert nd.iscomplexobj(a * 1j) and nd.isrealobj(a)
    check(nd.array([[1, 2]], dtype=float, ndmin=3), np.array([[1, 2]], dtype=float, ndmin=3))
    c = nd.copy(a)
    c[0, 0] = 100
    assert a[0, 0] != 100
    check(nd.ascontiguousarray(a.T), np.ascontiguousarray(n.T))
    assert nd.asfortranarray(a).flags.f_contiguous
    check(nd.linalg.norm(a), np.asarray(np.linalg.norm(n)), rtol=1e-14)
    check(nd.linalg.norm(a, axis=(1, 0), ord=1, keepdims=True),
          np.linalg.norm(n, axis=(1, 0), ord=1, keepdims=True), rtol=1e-14)
    check(nd.tensordot(a, a.T, 1), np.tensordot(n, n.T, 1), rtol=1e-14)
    check(nd.squeeze(nd.ones((1, 3, 1))), np.ones(3))
    check(nd.round(a, 3), np.round(n, 3))
    x = nd.random.normal(1.0, 2.0, (3, 2), dtype=nd.float32)
    assert x.shape == (3, 2) and x.dtype == nd.float32
    nd.random.seed(5)
    u = nd.random.uniform(size=4)
    nd.random.seed(5)
    assert nd.all(u == nd.random.uniform(size=4))


def test_nan_functions():
    n = rng.standard_normal((4, 5))
    n[1, 2] = n[3, 0] = np.nan
    n[:, 4] = np.nan
    a = nd.asarray(n)
    for name in ("nansum", "nanprod", "nanmean", "nanmax", "nanmin", "nanvar", "nanstd"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # NumPy warns of the all-NaN column
            want = getattr(np, name)(n, axis=0)
        check(getattr(nd, name)(a, axis=0), want, rtol=1e-12)
    check(nd.nanstd(a, axis=1, ddof=1), np.nanstd(n, axis=1, ddof=1), rtol=1e-12)
    check(nd.nancumsum(a, axis=1), np.nancumsum(n, axis=1), rtol=1e-14)
    check(nd.nanargmax(a[:, :4], axis=0), np.nanargmax(n[:, :4], axis=0))
    with pytest.raises(ValueError, match="All-NaN"):
        nd.nanargmin(a, axis=0)


def test_unique_like_numpy():
    n = np.array([[3.0, np.nan, 1.0], [3.0, np.nan, 2.0]])
    a = nd.asarray(n)
    got = nd.unique(a, return_index=True, return_inverse=True, return_counts=True)
    want = np.unique(n, return_index=True, return_inverse=True, return_counts=True)
    for g, w in zip(got, want):
        check(g, w)


# ---- issue 38's regressions ------------------------------------------------------------------

def test_arange_is_exact_for_integers():
    for args in [(2**53, 2**53 + 3), (2**62, 2**62 + 10), (-2**63, -2**63 + 3),
                 (0, 2**63 - 1, 2**62), (2**63 - 1, 2**63 - 5, -1), (5, -5, -3)]:
        check(nd.arange(*args), np.arange(*args))
    check(nd.arange(2**64 - 1, 2**64 - 4, -1, dtype=nd.uint64),
          np.arange(2**64 - 1, 2**64 - 4, -1, dtype=np.uint64))
    check(nd.arange(250, 260, dtype=nd.uint8), np.arange(250, 260, dtype=np.uint8))
    check(nd.arange(120, 140, 5, dtype=nd.int8), np.arange(120, 140, 5, dtype=np.int8))
    check(nd.arange(2**63, 2**63 + 3), np.arange(2**63, 2**63 + 3))  # float64, as NumPy
    check(nd.arange(-3, 4, 2, dtype=nd.float32), np.arange(-3, 4, 2, dtype=np.float32))


def test_asarray_of_numpy_scalars_is_writeable():
    for t in (np.float32, np.float64, np.int8, np.int64, np.uint16, np.bool_, np.complex64,
              np.complex128):
        s = t(1)
        a = nd.asarray(s)
        assert a.dtype == np.dtype(t) and a.shape == ()
        a *= 1 if t is not np.bool_ else True
        a[()] = 0
        assert a.item() == 0
        with pytest.raises(ValueError, match="copy"):
            nd.asarray(s, copy=False)


def test_arange_and_linspace_take_0d_arrays_and_numpy_scalars():
    check(nd.linspace(nd.asarray(0.0), 1.0, 3), np.linspace(0.0, 1.0, 3))
    check(nd.arange(1, nd.asarray(4.0), dtype=nd.float64), np.arange(1, 4.0))
    check(nd.linspace(np.float32(0), 1, 3), np.linspace(np.float32(0), 1, 3))
    check(nd.linspace(np.asarray(0.0, np.float32), 1, 3), np.linspace(np.asarray(0.0, np.float32), 1, 3))
    check(nd.linspace(0, np.complex64(1), 3), np.linspace(0, np.complex64(1), 3))
    check(nd.linspace(np.asarray(0, np.int8), 1, 3), np.linspace(np.asarray(0, np.int8), 1, 3))
    check(nd.arange(np.float32(1), 3), np.arange(np.float32(1), 3))
    check(nd.arange(np.int8(3)), np.arange(np.int8(3)))
    check(nd.arange(np.uint64(5)), np.arange(np.uint64(5)))
    check(nd.arange(nd.asarray(2), nd.asarray(9), nd.asarray(3)), np.arange(2, 9, 3))
    with pytest.raises(TypeError, match="shape"):
        nd.arange(nd.ones(2))
    with pytest.raises(TypeError):
        nd.linspace(nd.ones(2), 1.0, 3)
