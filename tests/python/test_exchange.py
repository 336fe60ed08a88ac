"""Zero-copy exchange with NumPy both ways (buffer protocol, __array__, DLPack), the
array object's attributes and conversions, repr/str as NumPy prints, .npy/.npz files."""
import ctypes
import inspect
import threading

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import nd
from helpers import DTYPES, check


@pytest.mark.parametrize("dtype", DTYPES)
def test_numpy_to_nd_shares_memory(dtype):
    n = np.zeros((3, 4), dtype=dtype)
    for view in (n, n.T, n[::-1, 1::2], np.broadcast_to(n[:1], (5, 4)), n[1, 1, ...]):
        a = nd.asarray(view)
        assert a.dtype == getattr(nd, dtype) and a.shape == view.shape
        assert np.shares_memory(np.asarray(a), view)
        check(a, view)
    a = nd.asarray(n)
    a[0, 0] = 1
    assert n[0, 0] == 1  # writes through nd land in NumPy's array
    assert nd.asarray(n, copy=True)[0, 0] == 1
    c = nd.asarray(n, copy=True)
    assert not np.shares_memory(np.asarray(c), n)
    with pytest.raises(ValueError):
        nd.asarray(n, dtype=nd.int8 if dtype != "int8" else nd.int16, copy=False)


@pytest.mark.parametrize("dtype", DTYPES)
def test_nd_to_numpy_shares_memory(dtype):
    a = nd.zeros((3, 4), dtype=getattr(nd, dtype))
    for v in (a, a.T, a[::-1, ::2], a[1, 1]):
        n = np.asarray(v)
        assert n.dtype == np.dtype(dtype) and n.shape == v.shape
        # NumPy's own scalar type (np.int64, not np.longlong), so repr and isinstance agree
        assert n.dtype.type is np.dtype(dtype).type and repr(n) == repr(n.copy())
        assert n.strides == v.strides
        n2 = np.asarray(a)
        assert np.shares_memory(n, n2)
    n = np.asarray(a)
    n[2, 3] = 1
    assert bool(a[2, 3] == 1)
    assert np.array(a).__array_interface__["data"][0] != n.__array_interface__["data"][0]  # np.array copies
    ro = nd.broadcast_to(a[0], (2, 4))
    assert not np.asarray(ro).flags.writeable


def test_readonly_numpy_stays_readonly():
    n = np.arange(4.0)
    n.flags.writeable = False
    a = nd.asarray(n)
    with pytest.raises(ValueError):
        a[0] = 1.0
    with pytest.raises(ValueError):
        a += 1


def test_dlpack_both_ways():
    n = np.arange(12.0).reshape(3, 4)[:, ::2]
    a = nd.from_dlpack(n)
    assert np.shares_memory(np.asarray(a), n)
    check(a, n)
    back = np.from_dlpack(a)
    assert np.shares_memory(back, n)
    check(a, back)
    assert a.__dlpack_device__() == (nd.DLDeviceType.CPU, 0)
    cap = a.__dlpack__()
    assert "dltensor" in repr(cap)
    cap = a.__dlpack__(max_version=(1, 0))
    assert "dltensor_versioned" in repr(cap)
    c = nd.from_dlpack(a, copy=True)
    assert not np.shares_memory(np.asarray(c), n)
    b = nd.from_dlpack(nd.asarray([True, False]))
    check(b, np.asarray([True, False]))
    ro = np.arange(3.0)
    ro.flags.writeable = False
    r = nd.from_dlpack(ro)  # the versioned protocol carries the read-only flag
    with pytest.raises(ValueError):
        r[0] = 1.0
    with pytest.raises(TypeError):
        nd.from_dlpack([1, 2])


def _capsule_flags(cap):
    """The flags of a versioned DLPack capsule (DLManagedTensorVersioned: version, manager_ctx,
    deleter, then flags), read through ctypes; the capsule stays unconsumed."""
    get = ctypes.pythonapi.PyCapsule_GetPointer
    get.restype, get.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
    ptr = get(cap, b"dltensor_versioned")
    return ctypes.c_uint64.from_address(ptr + 8 + 2 * ctypes.sizeof(ctypes.c_void_p)).value


READ_ONLY, IS_COPIED = 1, 2


class LegacyProducer:
    """A producer that speaks only the legacy protocol (no max_version, no copy)."""

    def __init__(self, x):
        self.x = x

    def __dlpack__(self, stream=None):
        return self.x.__dlpack__()

    def __dlpack_device__(self):
        return self.x.__dlpack_device__()


def _readonly_views():
    """Read-only nd arrays: over a read-only NumPy array (marked), and a broadcast view."""
    n = np.arange(24.0).reshape(4, 6)[::-1, ::2]
    n.flags.writeable = False
    marked = nd.asarray(n)
    base = nd.asarray(np.arange(4, dtype=np.complex64))
    return [(marked, n), (nd.broadcast_to(base[None, :], (3, 4)),
                          np.broadcast_to(np.asarray(base)[None, :], (3, 4)))]


def test_dlpack_readonly_without_copy():
    """DLPack >= 1.0: a read-only nd array goes out over its own memory, flagged read-only;
    NumPy and nd make read-only arrays of it."""
    for x, n in _readonly_views():
        cap = x.__dlpack__(max_version=(1, 0))
        assert _capsule_flags(cap) == READ_ONLY
        del cap  # unconsumed: its destructor frees the tensor
        y = np.from_dlpack(x)
        assert not y.flags.writeable
        assert y.__array_interface__["data"][0] == np.asarray(x).__array_interface__["data"][0]
        assert y.strides == n.strides
        np.testing.assert_array_equal(y, n)
        z = nd.from_dlpack(x)
        assert np.shares_memory(np.asarray(z), np.asarray(x))
        with pytest.raises(ValueError):
            z[0] = 1
        # copy=True still copies, into writeable memory
        c = np.from_dlpack(x, copy=True)
        assert c.flags.writeable and not np.shares_memory(c, np.asarray(x))
        assert _capsule_flags(x.__dlpack__(max_version=(1, 0), copy=True)) == IS_COPIED
        del x, z
        np.testing.assert_array_equal(y, n)  # y keeps the memory alive


def test_dlpack_readonly_legacy_copies():
    """The legacy capsule cannot say read-only: a read-only array goes out as a copy (or
    copy=False is a BufferError), as before DLPack 1.0."""
    for x, n in _readonly_views():
        y = np.from_dlpack(LegacyProducer(x))  # (NumPy marks legacy imports read-only)
        assert not np.shares_memory(y, np.asarray(x))
        np.testing.assert_array_equal(y, n)
        with pytest.raises(BufferError, match="legacy DLPack capsule cannot express"):
            x.__dlpack__(copy=False)
        with pytest.raises(BufferError, match="legacy DLPack capsule cannot express"):
            x.__dlpack__(max_version=(0, 8), copy=False)
        assert x.__dlpack__(max_version=(1, 3), copy=False) is not None
    w = nd.ones(3)  # writeable arrays: no flag, no copy, either capsule
    assert _capsule_flags(w.__dlpack__(max_version=(1, 0))) == 0
    assert np.shares_memory(np.from_dlpack(LegacyProducer(w)), np.asarray(w))


def test_array_object():
    x = nd.asarray([[1.0, 2.0], [3.0, 4.0]])
    assert x.ndim == 2 and x.size == 4 and x.shape == (2, 2) and x.device == nd.CPU if hasattr(nd, "CPU") else True
    assert x.to_device(x.device) is x
    assert x.__array_namespace__() is nd
    with pytest.raises(ValueError):
        x.__array_namespace__(api_version="1999.01")
    assert float(x[0, 1]) == 2.0 and int(x[1, 0]) == 3 and complex(x[0, 0]) == 1 + 0j
    assert bool(x[0, 0]) and not bool(nd.asarray(0))
    assert [1, 2, 3][nd.asarray(1)] == 2
    with pytest.raises(TypeError):
        [1][x[0, 0]]
    with pytest.raises(ValueError):
        bool(x)
    with pytest.raises(TypeError):
        int(x)
    assert repr(nd.asarray([1.0, 2.0])) == "Array([1., 2.], dtype=float64)"
    assert str(x) == str(np.asarray(x))
    assert repr(nd.asarray([[1, 2], [3, 4]], dtype=nd.int8)) == "Array([[1, 2],\n       [3, 4]], dtype=int8)"
    assert (x.T == x.mT).all() if hasattr(x, "all") else True
    check(abs(-x), np.abs(-np.asarray(x)))
    check(~nd.asarray([1, 2], dtype=nd.uint8), ~np.asarray([1, 2], dtype=np.uint8))
    check(+x, np.asarray(x))
    check(x @ x, np.asarray(x) @ np.asarray(x))
    with pytest.raises(TypeError):
        x @ 2
    with pytest.raises(TypeError):
        x + "a"
    assert (x == "a") is False


def test_copy_pickle_iter_and_numpy_keys():
    import copy
    import pickle
    for dtype in ("bool", "int8", "uint64", "float32", "complex128"):
        x = nd.asarray(np.arange(6).reshape(2, 3).astype(dtype)).T  # any layout
        for y in (pickle.loads(pickle.dumps(x)), copy.copy(x), copy.deepcopy(x)):
            check(y, np.asarray(x))
            assert not np.shares_memory(np.asarray(y), np.asarray(x))
    check(pickle.loads(pickle.dumps(nd.zeros((0, 3), dtype=nd.int16))), np.zeros((0, 3), np.int16))
    check(pickle.loads(pickle.dumps(nd.broadcast_to(nd.asarray([1.0, 2.0]), (3, 2)))),
          np.broadcast_to([1.0, 2.0], (3, 2)))
    with pytest.raises(TypeError):  # at iter(), as NumPy
        iter(nd.asarray(1.0))
    # NumPy arrays and integer scalars as index items
    x = nd.arange(5.0)
    check(x[np.array([0, 3])], np.asarray([0.0, 3.0]))
    check(x[np.array([True, False, True, False, True])], np.asarray([0.0, 2.0, 4.0]))
    check(x[np.int64(2)], np.asarray(2.0))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([
    np.bool_(True), np.int8(-3), np.uint8(200), np.int16(7), np.uint16(9), np.int32(-5),
    np.uint32(11), np.int64(-2), np.uint64(2**64 - 1), np.float32(1.5), np.float64(2.25),
    np.complex64(1 + 2j), np.complex128(3 - 1j), np.float32(np.inf), True, 3, -4, 2.5, 1j,
    np.asarray(1.25, dtype=np.float32), np.asarray(-7, dtype=np.int16)]), min_size=1, max_size=5),
    st.booleans(), st.booleans())
def test_asarray_of_numpy_scalars_and_0d_arrays(items, nested, as_nd):
    """Lists holding NumPy scalars and 0-d arrays (NumPy's or nd's): the dtype NumPy's
    asarray gives (their dtypes and the Python scalars' promoted in order), the same
    values."""
    y = [items, items[::-1]] if nested else items
    want = np.asarray(y)
    conv = (lambda v: nd.asarray(v) if isinstance(v, np.ndarray) else v) if as_nd else (lambda v: v)
    x = [[conv(v) for v in row] for row in y] if nested else [conv(v) for v in y]
    got = nd.asarray(x)
    assert str(got.dtype) == str(want.dtype), (y, got.dtype, want.dtype)
    assert np.array_equal(np.asarray(got), want, equal_nan=True)


def test_asarray_of_big_python_ints():
    """Python ints from 2**63 with other ints: float64 as NumPy's (uint64 with int64), uint64
    when every one is that big; beyond uint64 an OverflowError (NumPy makes object arrays)."""
    for y in ([3, 2**63 + 1], [-4, 2**63 + 1], [2**64 - 1, 1], [[1, 2], [2**64 - 1, 0]],
              [2**63 + 1, 2**63 + 2], [True, 2**63], [np.uint8(1), 2**63], [np.int8(-1), 2**63]):
        want = np.asarray(y)
        got = nd.asarray(y)
        assert str(got.dtype) == str(want.dtype), (y, got.dtype, want.dtype)
        assert np.array_equal(np.asarray(got), want)
    for y in ([2**64], [-2**63 - 1], [np.int8(1), 2**64]):
        with pytest.raises(OverflowError, match="out of bounds"):
            nd.asarray(y)


def test_signatures():
    assert str(inspect.signature(nd.asarray)) == "(obj, /, *, dtype=None, device=None, copy=None)"
    assert str(inspect.signature(nd.sum)) == "(x, /, *, axis=None, dtype=None, keepdims=False)"
    assert str(inspect.signature(nd.add)) == "(x1, x2, /)"
    assert str(inspect.signature(nd.linalg.svd)) == "(x, /, *, full_matrices=True)"
    assert str(inspect.signature(nd.Array.__dlpack__)) == \
        "(self, /, *, stream=None, max_version=None, dl_device=None, copy=None)"


def test_files(tmp_path):
    x = nd.asarray(np.arange(12.0).reshape(3, 4).T)
    nd.save(tmp_path / "a.npy", x)
    check(nd.load(tmp_path / "a.npy"), np.asarray(x))
    check(nd.asarray(np.load(tmp_path / "a.npy")), np.asarray(x))
    np.save(tmp_path / "b.npy", np.arange(5, dtype=np.int16))
    check(nd.load(tmp_path / "b.npy"), np.arange(5, dtype=np.int16))
    nd.savez(tmp_path / "c.npz", x, y=nd.arange(3))
    z = np.load(tmp_path / "c.npz")
    check(nd.asarray(z["arr_0"]), np.asarray(x))
    got = nd.load(tmp_path / "c.npz")
    assert list(got) == ["arr_0", "y"]
    check(got["y"], np.arange(3))
    with pytest.raises(OSError):
        nd.load(tmp_path / "missing.npy")


def test_threads_and_gil():
    n = nd.get_num_threads()
    nd.set_num_threads(1)
    assert nd.get_num_threads() == 1
    nd.set_num_threads(n)
    # nd releases the GIL: calls from several Python threads run side by side, correctly
    x = nd.ones((300, 300))
    out = [None] * 4

    def work(i):
        out[i] = float(nd.sum(x @ x))

    ts = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert out == [300.0 ** 3] * 4
