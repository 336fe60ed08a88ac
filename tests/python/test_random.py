"""nd.random against np.random.default_rng: the same seed and calls give the same numbers,
bit for bit, through the binding (the C library's own bitwise comparison runs in
tests/numpy/cases_random.py); out= into every layout; NumPy's exceptions."""
import threading

import numpy as np
import pytest
from hypothesis import given, strategies as st

import nd
from helpers import FLOATS, LAYOUTS, pair

SEEDS = [0, 1, 42, 2**63, 2**64 - 1]
INT_DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]


def same(got, want):
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape and got.dtype == want.dtype, (got.dtype, want.dtype, got.shape)
    bits = lambda x: np.ascontiguousarray(x).reshape(-1).view(np.uint8)
    assert np.array_equal(bits(got), bits(want))


def call(name, g, r, draw):
    """One random call on both generators (nd's g, NumPy's r); returns (nd, NumPy)."""
    size = draw(st.sampled_from([None, (), 0, 5, (2, 3), 7]))
    shape = () if size is None else size
    if name == "random":
        dt = draw(st.sampled_from(FLOATS))
        return g.random(size, dtype=getattr(nd, dt)), r.random(shape, dtype=dt)
    if name == "uniform":
        lo, hi = draw(st.sampled_from([(0.0, 1.0), (-3.5, 2.0), (5.0, 5.0)]))
        return g.uniform(lo, hi, size), r.uniform(lo, hi, shape)
    if name == "standard_normal":
        dt = draw(st.sampled_from(FLOATS))
        return g.standard_normal(size, dtype=getattr(nd, dt)), r.standard_normal(shape, dtype=dt)
    if name == "normal":
        return g.normal(1.5, 2.0, size), r.normal(1.5, 2.0, shape)
    if name == "standard_exponential":
        dt = draw(st.sampled_from(FLOATS))
        return (g.standard_exponential(size, dtype=getattr(nd, dt)),
                r.standard_exponential(shape, dtype=dt))
    if name == "integers":
        dt = draw(st.sampled_from(INT_DTYPES))
        info = (0, 1) if dt == "bool" else (int(np.iinfo(dt).min), int(np.iinfo(dt).max))
        mid = (info[0] + info[1]) // 2  # ranges: two values, all, the upper half, a third
        lo, hi, ep = draw(st.sampled_from([(0, 2, False), (info[0], info[1], True),
                                           (mid, info[1], True), (info[0], info[1] // 3 + 1, False)]))
        return (g.integers(lo, hi, size, dtype=getattr(nd, dt), endpoint=ep),
                r.integers(lo, hi, shape, dtype=dt, endpoint=ep))
    n = draw(st.integers(0, 50))
    return g.permutation(n), r.permutation(n)


NAMES = ["random", "uniform", "standard_normal", "normal", "standard_exponential", "integers",
         "permutation"]


@given(seed=st.sampled_from(SEEDS) | st.integers(0, 2**64 - 1),
       names=st.lists(st.sampled_from(NAMES), min_size=1, max_size=6), data=st.data())
def test_call_sequences(seed, names, data):
    g, r = nd.random.default_rng(seed), np.random.default_rng(seed)
    for name in names:
        got, want = call(name, g, r, data.draw)
        same(got, want)


@pytest.mark.parametrize("layout", [lay for lay in LAYOUTS if lay != "broadcast"])
@pytest.mark.parametrize("method", ["random", "standard_normal", "standard_exponential"])
def test_out_any_layout(layout, method):
    _, a = pair(np.random.default_rng(5), "float64", (3, 4), layout)
    g, r = nd.random.default_rng(7), np.random.default_rng(7)
    assert getattr(g, method)(out=a) is a
    same(a, getattr(r, method)(a.shape))  # the C-order sequence of a's shape


def test_shuffle_and_permutation_of_arrays():
    g, r = nd.random.default_rng(3), np.random.default_rng(3)
    x = np.arange(24.0).reshape(4, 6)
    a = nd.asarray(x.T, copy=True)  # any layout
    n = x.T.copy()
    g.shuffle(a, axis=1)
    r.shuffle(n, axis=1)
    same(a, n)
    same(g.permutation(nd.asarray(x), axis=-1), r.permutation(x, axis=-1))


def test_spawn_and_seeds():
    g, r = nd.random.default_rng(11), np.random.default_rng(11)
    for kg, kr in zip(g.spawn(3), r.spawn(3)):
        same(kg.random(4), kr.random(4))
    same(g.spawn(1)[0].integers(0, 100, 5), r.spawn(1)[0].integers(0, 100, 5))
    assert nd.random.default_rng(g) is g
    a, b = nd.random.default_rng(), nd.random.default_rng()  # OS entropy
    assert not np.array_equal(np.asarray(a.random(4)), np.asarray(b.random(4)))


def test_integers_beyond_int64():
    g, r = nd.random.default_rng(2**63), np.random.default_rng(2**63)
    same(g.integers(0, 2**64, 5, dtype=nd.uint64), r.integers(0, 2**64, 5, dtype=np.uint64))
    same(g.integers(-2**63, 2**63, 5), r.integers(-2**63, 2**63, 5))
    same(g.integers(2**63, 2**64 - 1, 5, dtype=nd.uint64, endpoint=True),
         r.integers(2**63, 2**64 - 1, 5, dtype=np.uint64, endpoint=True))
    same(g.integers(10), r.integers(10))


def test_errors_are_numpys():
    g = nd.random.default_rng(1)
    with pytest.raises(ValueError, match="low >= high"):
        g.integers(5, 5)
    with pytest.raises(ValueError, match="high is out of bounds for uint8"):
        g.integers(0, 300, dtype=nd.uint8)
    with pytest.raises(ValueError, match="low is out of bounds"):
        g.integers(-2**70, 5)
    with pytest.raises(ValueError, match="scale < 0"):
        g.normal(0.0, -1.0)
    with pytest.raises(ValueError, match="high - low < 0"):
        g.uniform(2.0, 1.0)
    with pytest.raises(OverflowError, match="range exceeds valid bounds"):
        g.uniform(-1e308, 1e308)
    with pytest.raises(TypeError, match="unsupported dtype int32"):
        g.random(3, dtype=nd.int32)
    with pytest.raises(TypeError, match="unsupported dtype float64"):
        g.integers(0, 5, dtype=nd.float64)
    with pytest.raises(IndexError, match="out of bounds"):
        g.shuffle(nd.asarray(1.0))
    with pytest.raises(ValueError, match="read-only"):
        g.random(out=nd.broadcast_to(nd.zeros(1), (3,)))
    with pytest.raises(ValueError):
        nd.random.default_rng(-1)
    with pytest.raises(TypeError):
        nd.random.Generator()
    # a failed call draws nothing
    same(g.random(3), np.random.default_rng(1).random(3))


def test_one_generator_from_threads():
    """Calls from several threads are serialised (NumPy's lock): together they draw the
    values a single thread would, in some order of whole calls."""
    g = nd.random.default_rng(21)
    got = []

    def work():
        for _ in range(50):
            got.append(np.asarray(g.integers(0, 2**62, 100)))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    want = np.random.default_rng(21).integers(0, 2**62, (200, 100))
    assert sorted(map(tuple, got)) == sorted(map(tuple, want))
