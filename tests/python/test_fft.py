"""nd.fft against np.fft: every function, norm, n and s (pad and cut), axes, layout (C, F,
transposed, reversed, stepped, broadcast, size 0) and dtype; out=; the frequencies and
shifts; the plan cache's controls; the standard's signatures; nd's errors. (The C library's
own checks against an O(n^2) DFT in long double are in tests/test_fft*.c.)"""
import importlib.util
import inspect
import threading
import warnings

import numpy as np
import pytest
from hypothesis import given, strategies as st

import nd
from helpers import COMPLEX, FLOATS, INTS, LAYOUTS, check, pair, seeds

if not hasattr(nd, "fft"):
    # only a package built without FFTW has no nd.fft, and then it has no nd._fft either
    assert importlib.util.find_spec("nd._fft") is None
    pytest.skip("nd was built without FFTW: no nd.fft", allow_module_level=True)

REAL_IN = ["bool"] + INTS + FLOATS
ALL_IN = REAL_IN + COMPLEX
NORMS = ["backward", "ortho", "forward"]
# the transforms of one axis and the dtypes each takes (rfft and ihfft refuse complex)
ONE_AXIS = {"fft": ALL_IN, "ifft": ALL_IN, "rfft": REAL_IN, "irfft": ALL_IN, "hfft": ALL_IN,
            "ihfft": REAL_IN}
AXES = {"fftn": ALL_IN, "ifftn": ALL_IN, "rfftn": REAL_IN, "irfftn": ALL_IN}
TWO_D = {"fft2": ALL_IN, "ifft2": ALL_IN, "rfft2": REAL_IN, "irfft2": ALL_IN}
# NumPy 2.4 leaves these uninitialised where an empty axis is padded (docs/guide/fft.md)
REAL_OUT = {"irfft", "hfft", "irfftn", "irfft2"}

fft_shapes = st.lists(st.integers(1, 6), min_size=1, max_size=3).map(tuple)


def single(dtype):
    return dtype in ("float32", "complex64")


def rtol(dtype):
    # FFT rounding grows like log(n) eps times the largest magnitude (check's atol)
    return 2e-5 if single(dtype) else 1e-12


def numpy_ref(name, x, /, **kw):
    with warnings.catch_warnings():
        # s without axes: NumPy 2 deprecates it, nd reads it as every axis (len(s) == ndim)
        warnings.simplefilter("ignore", DeprecationWarning)
        return getattr(np.fft, name)(x, **kw)


def compare(name, got, want, dtype, padded_empty):
    if padded_empty and name in REAL_OUT:
        # NumPy's result is uninitialised memory there; nd's is the transform of zeros
        assert got.shape == want.shape and str(got.dtype) == str(want.dtype)
        assert not np.any(np.asarray(got))
        return
    check(got, want, rtol(dtype))


@pytest.mark.parametrize("name", sorted(ONE_AXIS))
@given(seed=seeds, shape=fft_shapes, layout=st.sampled_from([l for l in LAYOUTS if l != "0d"]),
       data=st.data())
def test_one_axis(name, seed, shape, layout, data):
    dtype = data.draw(st.sampled_from(ONE_AXIS[name]))
    n_, a = pair(np.random.default_rng(seed), dtype, shape, layout)
    axis = data.draw(st.integers(-n_.ndim, n_.ndim - 1))
    m = n_.shape[axis]
    n = data.draw(st.none() | st.integers(1, 2 * max(m, 2) + 1))
    norm = data.draw(st.sampled_from(NORMS + [None]))
    kw = {"axis": axis, "norm": norm} if n is None else {"n": n, "axis": axis, "norm": norm}
    default_len = m if name in ("fft", "ifft", "rfft", "ihfft") else 2 * (m - 1)
    if n is None and default_len < 1:
        with pytest.raises(ValueError, match=f"{name}: invalid number of data points"):
            getattr(nd.fft, name)(a, **kw)
        return
    want = numpy_ref(name, n_, **kw)
    compare(name, getattr(nd.fft, name)(a, **kw), want, dtype, m == 0)


def draw_axes_s(data, ndim, shape, min_axes=0, allow_none=True):
    """axes (None or a unique list, negative entries too) and s (None, or one length per
    axis, sometimes -1: the whole axis)."""
    axes = data.draw(st.lists(st.integers(0, ndim - 1), unique=True, min_size=min_axes,
                              max_size=ndim).map(lambda l: [a - ndim if a % 2 else a for a in l])
                     | (st.none() if allow_none else st.nothing()))
    listed = list(range(ndim)) if axes is None else axes
    s = data.draw(st.none() | st.tuples(*[st.integers(1, 2 * max(shape[a], 2)) | st.just(-1)
                                          for a in listed]).map(list))
    return axes, s


@pytest.mark.parametrize("name", sorted(AXES))
@given(seed=seeds, shape=fft_shapes, layout=st.sampled_from([l for l in LAYOUTS if l != "0d"]),
       data=st.data())
def test_axes(name, seed, shape, layout, data):
    dtype = data.draw(st.sampled_from(AXES[name]))
    n_, a = pair(np.random.default_rng(seed), dtype, shape, layout)
    real = name in ("rfftn", "irfftn")
    axes, s = draw_axes_s(data, n_.ndim, n_.shape, min_axes=1 if real else 0)
    norm = data.draw(st.sampled_from(NORMS))
    kw = {"s": s, "axes": axes, "norm": norm}
    listed = list(range(n_.ndim)) if axes is None else axes
    if not listed:  # no axes: nd gives a complex copy (the standard's dtype), NumPy x itself
        got = getattr(nd.fft, name)(a, **kw)
        check(got, n_.astype(np.complex64 if single(dtype) else np.complex128))
        return
    if name == "irfftn" and s is None and n_.shape[listed[-1]] < 2:  # 2*(m-1) points
        with pytest.raises(ValueError, match="irfftn: invalid number of data points"):
            getattr(nd.fft, name)(a, **kw)
        return
    lens = [n_.shape[ax] if s is None or s[i] == -1 else s[i] for i, ax in enumerate(listed)]
    if any(n_.shape[ax] == 0 and (s is None or s[i] == -1) for i, ax in enumerate(listed)):
        with pytest.raises(ValueError, match=f"{name}: invalid number of data points"):
            getattr(nd.fft, name)(a, **kw)
        return
    want = numpy_ref(name, n_, **kw)
    compare(name, getattr(nd.fft, name)(a, **kw), want, dtype,
            any(n_.shape[ax] == 0 for ax in listed) and min(lens) > 0)


@pytest.mark.parametrize("name", sorted(TWO_D))
@given(seed=seeds, shape=st.lists(st.integers(1, 5), min_size=2, max_size=3).map(tuple),
       layout=st.sampled_from(["C", "F", "T", "reversed", "stepped", "broadcast"]), data=st.data())
def test_two_d(name, seed, shape, layout, data):
    dtype = data.draw(st.sampled_from(TWO_D[name]))
    n_, a = pair(np.random.default_rng(seed), dtype, shape, layout)
    if name.startswith("irfft") and n_.shape[-1] < 2:
        return
    s = data.draw(st.none() | st.tuples(st.integers(2, 7), st.integers(2, 7)).map(list))
    norm = data.draw(st.sampled_from(NORMS))
    check(getattr(nd.fft, name)(a, s=s, norm=norm), getattr(np.fft, name)(n_, s=s, norm=norm),
          rtol(dtype))


@pytest.mark.parametrize("dtype", ALL_IN)
def test_result_dtypes(dtype):
    """float32/complex64 stay single precision, everything else gives double precision; the
    real results of irfft and hfft have the matching real dtype (NumPy 2's rules)."""
    n_, a = pair(np.random.default_rng(1), dtype, (6,), "C")
    for name in ("fft", "ifft", "irfft", "hfft", "fftn", "ifftn", "irfftn") + (
            ("rfft", "ihfft", "rfftn") if dtype not in COMPLEX else ()):
        got = getattr(nd.fft, name)(a)
        want = getattr(np.fft, name)(n_)
        assert str(got.dtype) == str(want.dtype), (name, got.dtype, want.dtype)
        check(got, want, rtol(dtype))


def test_big_and_prime_lengths():
    """Lengths where FFTW splits the work (a prime, a power of two past 2^16, a mixed radix)
    agree with NumPy, along a slow axis too."""
    rng = np.random.default_rng(3)
    for n in (1009, 2 ** 17, 3 * 5 * 7 * 11 * 13):
        x = rng.standard_normal(n) + 1j * rng.standard_normal(n)
        check(nd.fft.fft(nd.asarray(x)), np.fft.fft(x), 1e-11)
        check(nd.fft.ifft(nd.asarray(x), norm="ortho"), np.fft.ifft(x, norm="ortho"), 1e-11)
    x = rng.standard_normal((64, 40))
    check(nd.fft.rfft(nd.asarray(x), axis=0), np.fft.rfft(x, axis=0), 1e-12)


# ---- out= ------------------------------------------------------------------------------

OUT_CASES = [("fft", "complex128", {}), ("ifft", "complex64", {"n": 5}),
             ("rfft", "float64", {"axis": 0}), ("irfft", "complex128", {"n": 7}),
             ("hfft", "complex64", {}), ("ihfft", "float32", {"n": 4}),
             ("fftn", "complex128", {"s": [3, 5], "axes": [0, 1]}), ("ifftn", "float64", {"axes": [1]}),
             ("rfftn", "float32", {}), ("irfftn", "complex128", {"s": [4, 6], "axes": [0, 1]}),
             ("fft2", "complex64", {}), ("irfft2", "complex128", {})]


@pytest.mark.parametrize("name,dtype,kw", OUT_CASES)
@pytest.mark.parametrize("out_layout", ["C", "F", "reversed", "stepped"])
def test_out(name, dtype, kw, out_layout):
    n_, a = pair(np.random.default_rng(7), dtype, (4, 6), "T")
    want = getattr(np.fft, name)(n_, **kw)
    base = nd.zeros(tuple(2 * e for e in want.shape), dtype=getattr(nd, str(want.dtype)))
    if out_layout == "C":
        out = nd.zeros(want.shape, dtype=getattr(nd, str(want.dtype)))
    elif out_layout == "F":
        out = nd.permute_dims(nd.zeros(want.shape[::-1], dtype=getattr(nd, str(want.dtype))), (1, 0))
    elif out_layout == "reversed":
        out = base[: want.shape[0], : want.shape[1]][::-1, ::-1]
    else:
        out = base[::2, ::2]
    r = getattr(nd.fft, name)(a, out=out, **kw)
    assert r is out
    check(out, want, rtol(dtype))


def test_out_in_place_and_overlap():
    x = np.random.default_rng(2).standard_normal((5, 8)) + 1j
    a = nd.asarray(x, copy=True)
    assert nd.fft.fft(a, out=a) is a  # x transformed in place
    check(a, np.fft.fft(x), 1e-12)
    b = nd.asarray(x, copy=True)
    nd.fft.ifftn(b, out=b[::-1])  # overlapping: as if b were copied first
    check(b[::-1], np.fft.ifftn(x), 1e-12)


def test_out_errors():
    a = nd.ones((4, 6))
    with pytest.raises(ValueError, match=r"fft: out has shape \[4,5\], expected \[4,6\]"):
        nd.fft.fft(a, out=nd.zeros((4, 5), dtype=nd.complex128))
    with pytest.raises(TypeError, match="fft: out has dtype complex64, expected complex128"):
        nd.fft.fft(a, out=nd.zeros((4, 6), dtype=nd.complex64))
    with pytest.raises(ValueError, match="rfftn: destination array is read-only"):
        nd.fft.rfftn(a, out=nd.broadcast_to(nd.zeros((1, 4), dtype=nd.complex128), (4, 4)))
    with pytest.raises(TypeError, match="fft: out must be an nd.Array, not ndarray"):
        nd.fft.fft(a, out=np.zeros((4, 6), complex))


# ---- frequencies and shifts --------------------------------------------------------------

@pytest.mark.parametrize("name", ["fftfreq", "rfftfreq"])
@pytest.mark.parametrize("dtype", [None, "float32", "float64"])
def test_freq(name, dtype):
    for n in list(range(1, 12)) + [101, 1000]:
        for d in (1.0, 0.1, 2.5, -3.0, 7):
            kw = {} if dtype is None else {"dtype": getattr(nd, dtype)}
            got = getattr(nd.fft, name)(n, d=d, **kw)
            want = getattr(np.fft, name)(n, d=d).astype(dtype or "float64")
            check(got, want, 1e-7 if dtype == "float32" else 1e-15)
    assert getattr(nd.fft, name)(4, device=nd.__array_namespace_info__().default_device()).shape
    assert getattr(nd.fft, name)(4, d=nd.asarray(0.5)).dtype == nd.float64


def test_freq_errors():
    with pytest.raises(ValueError, match=r"fftfreq: n must be positive \(got 0\)"):
        nd.fft.fftfreq(0)
    with pytest.raises(ValueError, match="rfftfreq: d must be nonzero"):
        nd.fft.rfftfreq(4, d=0.0)
    with pytest.raises(TypeError, match="fftfreq: dtype int64 is not a real floating dtype"):
        nd.fft.fftfreq(4, dtype=nd.int64)
    with pytest.raises(TypeError, match="expected an nd dtype"):
        nd.fft.fftfreq(4, dtype="float32")
    with pytest.raises(ValueError, match="unsupported device"):
        nd.fft.fftfreq(4, device="gpu")
    with pytest.raises(TypeError):
        nd.fft.fftfreq(4.0)
    with pytest.raises(TypeError, match="fftfreq: n must be an integer, not bool"):
        nd.fft.fftfreq(True)
    with pytest.raises(TypeError, match="rfftfreq: d must be a real number, not str"):
        nd.fft.rfftfreq(4, d="1")
    with pytest.raises(OverflowError):
        nd.fft.fftfreq(2 ** 70)


@pytest.mark.parametrize("name", ["fftshift", "ifftshift"])
@given(seed=seeds, shape=st.lists(st.integers(1, 5), min_size=1, max_size=3).map(tuple),
       layout=st.sampled_from(LAYOUTS), data=st.data())
def test_shift(name, seed, shape, layout, data):
    dtype = data.draw(st.sampled_from(ALL_IN))
    n_, a = pair(np.random.default_rng(seed), dtype, shape, layout)
    if n_.ndim == 0:  # nd copies a 0-d array; NumPy fails
        check(getattr(nd.fft, name)(a), n_)
        return
    axes = data.draw(st.none() | st.integers(-n_.ndim, n_.ndim - 1)
                     | st.lists(st.integers(-n_.ndim, n_.ndim - 1), max_size=3))
    check(getattr(nd.fft, name)(a, axes=axes), getattr(np.fft, name)(n_, axes=axes))


def test_shift_errors():
    with pytest.raises(nd.AxisError, match="fftshift: axis 3 is out of bounds for array of dimension 1"):
        nd.fft.fftshift(nd.ones(3), axes=3)
    with pytest.raises(TypeError):
        nd.fft.ifftshift(nd.ones(3), axes=1.0)
    with pytest.raises(TypeError):
        nd.fft.ifftshift(nd.ones(3), axes=True)
    with pytest.raises(TypeError, match="fftshift: expected an nd.Array, got list"):
        nd.fft.fftshift([1, 2, 3])


# ---- errors ----------------------------------------------------------------------------

def test_errors():
    a = nd.ones((2, 3))
    cases = [
        (lambda: nd.fft.fft(nd.asarray(1.0)), nd.AxisError, "fft: axis -1 is out of bounds for array of dimension 0"),
        (lambda: nd.fft.ifft(a, axis=2), nd.AxisError, "ifft: axis 2 is out of bounds for array of dimension 2"),
        (lambda: nd.fft.fft(a, axis=-3), nd.AxisError, "fft: axis -3 is out of bounds"),
        (lambda: nd.fft.fft(a, n=0), ValueError, r"fft: invalid number of data points \(0\) specified"),
        (lambda: nd.fft.rfft(a, n=-4), ValueError, r"rfft: invalid number of data points \(-4\) specified"),
        (lambda: nd.fft.irfft(nd.ones((3, 1))), ValueError, r"irfft: invalid number of data points \(0\) along axis 1"),
        (lambda: nd.fft.hfft(a, n=2 ** 64), OverflowError, ""),
        (lambda: nd.fft.fft(a, n=2.0), TypeError, ""),
        (lambda: nd.fft.fft(a, n=True), TypeError, "fft: n must be an integer, not bool"),
        (lambda: nd.fft.fft(a, axis=None), TypeError, "fft: axis must be an integer, not NoneType"),
        (lambda: nd.fft.fft(a, axis=1.0), TypeError, ""),
        (lambda: nd.fft.fft(a, norm="bad"), ValueError, "fft: invalid norm 'bad'"),
        (lambda: nd.fft.ifftn(a, norm=1), TypeError, "ifftn: norm must be"),
        (lambda: nd.fft.rfft(nd.ones(3, dtype=nd.complex64)), TypeError,
         r"rfft: complex input \(complex64\) is not accepted; use fft"),
        (lambda: nd.fft.ihfft(nd.ones(3, dtype=nd.complex128)), TypeError, "ihfft: complex input"),
        (lambda: nd.fft.rfftn(nd.ones((2, 2), dtype=nd.complex128)), TypeError, "rfftn: complex input"),
        (lambda: nd.fft.fftn(a, s=[2], axes=[0, 1]), ValueError, "fftn: s has 1 entries but axes has 2"),
        (lambda: nd.fft.fftn(a, s=[2]), ValueError, "fftn: s has 1 entries but axes has 2"),
        (lambda: nd.fft.ifftn(a, axes=[1, -1]), nd.AxisError, "ifftn: repeated axis -1 in axes"),
        (lambda: nd.fft.fftn(a, axes=[0, 5]), nd.AxisError, "fftn: axis 5 is out of bounds"),
        (lambda: nd.fft.fftn(a, s=[0, 2], axes=[0, 1]), ValueError, r"fftn: invalid number of data points \(0\) specified"),
        (lambda: nd.fft.fftn(a, s=[-2, 2], axes=[0, 1]), ValueError, r"fftn: invalid number of data points \(-2\)"),
        (lambda: nd.fft.fftn(a, axes=0), TypeError, "fftn: axes must be None or a sequence of integers, not int"),
        (lambda: nd.fft.fftn(a, s=3, axes=[0]), TypeError, "fftn: s must be None or a sequence"),
        (lambda: nd.fft.fftn(a, s=[True], axes=[0]), TypeError, "fftn: s entries must be integers"),
        (lambda: nd.fft.rfftn(a, axes=[]), ValueError, "rfftn: no axes to transform"),
        (lambda: nd.fft.irfftn(a, axes=()), ValueError, "irfftn: no axes to transform"),
        (lambda: nd.fft.fft([1.0, 2.0]), TypeError, "fft: expected an nd.Array, got list"),
        (lambda: nd.fft.fft(np.ones(3)), TypeError, "fft: expected an nd.Array, got ndarray"),
        (lambda: nd.fft.fft(a, 4), TypeError, ""),  # n is keyword-only
        (lambda: nd.fft.fft(a, m=4), TypeError, ""),
    ]
    for f, exc, msg in cases:
        with pytest.raises(exc, match=msg or None):
            f()


def test_signatures():
    """The standard's signatures (array-api 2024.12 fft.py), with out= beyond it."""
    one = "(x, /, *, n=None, axis=-1, norm='backward', out=None)"
    many = "(x, /, *, s=None, axes=None, norm='backward', out=None)"
    for name in ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft"):
        assert str(inspect.signature(getattr(nd.fft, name))) == one, name
    for name in ("fftn", "ifftn", "rfftn", "irfftn"):
        assert str(inspect.signature(getattr(nd.fft, name))) == many, name
    for name in ("fftfreq", "rfftfreq"):
        assert str(inspect.signature(getattr(nd.fft, name))) == \
            "(n, /, *, d=1.0, dtype=None, device=None)", name
    for name in ("fftshift", "ifftshift"):
        assert str(inspect.signature(getattr(nd.fft, name))) == "(x, /, *, axes=None)", name
    assert str(inspect.signature(nd.fft.fft2)) == \
        "(x, /, *, s=None, axes=(-2, -1), norm='backward', out=None)"
    standard = {"fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn", "hfft",
                "ihfft", "fftfreq", "rfftfreq", "fftshift", "ifftshift"}
    assert standard <= set(nd.fft.__all__)
    assert all(callable(getattr(nd.fft, f)) for f in nd.fft.__all__)


# ---- plans, wisdom, threads ----------------------------------------------------------------

def test_planner_modes():
    x = np.random.default_rng(5).standard_normal((3, 48)) + 0.5j
    a = nd.asarray(x)
    assert nd.fft.get_planner() == "estimate"
    try:
        for mode in ("auto", "measure", "patient", "estimate"):
            nd.fft.set_planner(mode)
            assert nd.fft.get_planner() == mode
            check(nd.fft.fft(a), np.fft.fft(x), 1e-12)
            check(nd.fft.fft(a), np.fft.fft(x), 1e-12)
        with pytest.raises(ValueError, match="set_planner: invalid planner mode 'fast'"):
            nd.fft.set_planner("fast")
        with pytest.raises(TypeError):
            nd.fft.set_planner(2)
    finally:
        nd.fft.set_planner("estimate")


def test_cache_and_wisdom(tmp_path):
    x = nd.ones((4, 30), dtype=nd.complex128)
    nd.fft.clear_plans()
    before = nd.fft.get_cache_stats()
    assert isinstance(before, nd.fft.CacheStats) and before.plans == 0
    nd.fft.fft(x)
    nd.fft.fft(x)
    after = nd.fft.get_cache_stats()
    assert after.plans >= 1 and after.hits > before.hits and after.misses > before.misses
    path = tmp_path / "wisdom.txt"
    try:
        nd.fft.set_planner("measure")
        nd.fft.fft(nd.ones(60, dtype=nd.complex128))
        nd.fft.save_wisdom(path)
        assert path.stat().st_size > 0
        nd.fft.forget_wisdom()
        assert nd.fft.get_cache_stats().plans == 0
        nd.fft.load_wisdom(str(path))
        nd.fft.load_wisdom(bytes(path))
    finally:
        nd.fft.forget_wisdom()
        nd.fft.set_planner("estimate")
    (tmp_path / "junk").write_text("not wisdom")
    with pytest.raises(OSError, match="fft_load_wisdom: .* is not FFTW wisdom"):
        nd.fft.load_wisdom(tmp_path / "junk")
    with pytest.raises(OSError, match="fft_load_wisdom: cannot open"):
        nd.fft.load_wisdom(tmp_path / "missing")
    with pytest.raises(OSError, match="fft_save_wisdom: cannot write"):
        nd.fft.save_wisdom(tmp_path / "no" / "such" / "dir")
    with pytest.raises(TypeError):
        nd.fft.save_wisdom(3)
    try:
        nd.fft.set_cache_limits(2, 1 << 20)
        for n in (10, 11, 12, 13):
            nd.fft.fft(nd.ones(n))
        s = nd.fft.get_cache_stats()
        assert s.plans <= 2 and s.evictions >= 1
        with pytest.raises(ValueError, match="fft_set_cache_limits: limits must be positive"):
            nd.fft.set_cache_limits(0, 1)
    finally:
        nd.fft.set_cache_limits(256, 256 << 20)


def test_threads_same_bits():
    """nd's thread count does not change the bits (threads take whole transforms), and
    Python threads may transform at once (the GIL is released inside)."""
    x = np.random.default_rng(9).standard_normal((256, 96))
    a = nd.asarray(x)
    old = nd.get_num_threads()
    try:
        nd.fft.set_planner("estimate")
        nd.set_num_threads(1)
        one = np.asarray(nd.fft.rfft(a, axis=0))
        nd.set_num_threads(2)
        two = np.asarray(nd.fft.rfft(a, axis=0))
        assert np.array_equal(one, two)
        results = [None] * 4

        def work(i):
            results[i] = np.asarray(nd.fft.rfft(a, axis=0))

        threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert all(np.array_equal(r, one) for r in results)
    finally:
        nd.set_num_threads(old)
        nd.fft.set_planner("estimate")


def test_default_planner_same_bits():
    """The default planner gives the same bits on every call (SciPy's thread-safety test
    compares repeated irfft calls), from several Python threads at once too."""
    nd.fft.clear_plans()
    x = np.random.default_rng(11).standard_normal((16, 2000)) + 0j
    a = nd.asarray(np.fft.rfft(x.real, axis=-1))
    first = np.asarray(nd.fft.irfft(a, axis=-1))
    for _ in range(4):
        assert np.array_equal(np.asarray(nd.fft.irfft(a, axis=-1)), first)
    results = [None] * 4

    def work(i):
        results[i] = [np.asarray(nd.fft.irfft(a, axis=-1)) for _ in range(3)]

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(np.array_equal(r, first) for rs in results for r in rs)
