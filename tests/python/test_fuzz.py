"""Fuzz-style: random Python objects fed to every namespace function and operator. Each
call returns or raises an ordinary exception (TypeError, ValueError, IndexError,
OverflowError, ...): no crash, no other kind of failure. A second pass repeats calls and
checks that the process' memory does not grow (no leak per call)."""
import inspect
import math
import resource

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import nd

ALLOWED = (TypeError, ValueError, IndexError, OverflowError, MemoryError, OSError, KeyError,
           NotImplementedError, ZeroDivisionError, BufferError, AttributeError)

FUNCS = sorted(n for n in dir(nd) if not n.startswith("_") and callable(getattr(nd, n))
               and inspect.isroutine(getattr(nd, n)))
LINALG = sorted(n for n in nd.linalg.__all__ if inspect.isroutine(getattr(nd.linalg, n)))
SKIP = {"save", "savez", "savez_compressed", "load", "set_num_threads"}  # touch files / state
# nd.fft when the package has it, less the plan cache's controls (files, process state)
FFT = sorted(n for n in getattr(getattr(nd, "fft", None), "__all__", [])
             if inspect.isroutine(getattr(nd.fft, n)) and n not in {
                 "save_wisdom", "load_wisdom", "forget_wisdom", "clear_plans", "set_planner",
                 "set_cache_limits"})


def objects():
    arrays = st.builds(
        lambda shape, dt, seed: nd.asarray(np.random.default_rng(seed).standard_normal(shape) * 3).__array_namespace__().astype(
            nd.asarray(np.random.default_rng(seed).standard_normal(shape) * 3), dt),
        st.lists(st.integers(0, 3), max_size=3).map(tuple),
        st.sampled_from([nd.bool, nd.int8, nd.int64, nd.uint8, nd.float32, nd.float64, nd.complex128]),
        st.integers(0, 1000))
    scalars = st.one_of(st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=True),
                        st.complex_numbers(allow_nan=True, allow_infinity=True))
    other = st.one_of(st.none(), st.text(max_size=3), st.just(...), st.just(slice(None, 2)),
                      st.just(object()), st.just(nd.float32), st.just(math.inf),
                      st.lists(st.integers(-3, 3), max_size=3).map(tuple),
                      st.lists(st.floats(allow_nan=False, width=32), max_size=3))
    return st.one_of(arrays, arrays, scalars, other)


def call(f, args, kwargs):
    try:
        f(*args, **kwargs)
    except ALLOWED:
        pass


KEYWORDS = ["axis", "keepdims", "dtype", "k", "offset", "ord", "descending", "copy", "shape",
            "correction", "n", "side", "upper", "full_matrices", "mode", "rtol", "indexing",
            "norm", "axes", "s", "d", "out"]


@pytest.mark.parametrize("name", [n for n in FUNCS if n not in SKIP] + ["linalg." + n for n in LINALG]
                         + ["fft." + n for n in FFT])
@settings(max_examples=25)
@given(args=st.lists(objects(), max_size=4), kw=st.dictionaries(st.sampled_from(KEYWORDS), objects(), max_size=2))
def test_namespace_function(name, args, kw):
    mod, _, short = name.rpartition(".")
    f = getattr(getattr(nd, mod) if mod else nd, short)
    call(f, args, kw)


OPS = ["__add__", "__sub__", "__mul__", "__truediv__", "__floordiv__", "__mod__", "__pow__",
       "__and__", "__or__", "__xor__", "__lshift__", "__rshift__", "__matmul__", "__eq__",
       "__lt__", "__getitem__", "__iadd__", "__imul__", "__radd__", "__rsub__"]


@pytest.mark.parametrize("op", OPS)
@settings(max_examples=25)
@given(x=objects(), y=objects())
def test_operators(op, x, y):
    if isinstance(x, nd.Array):
        call(getattr(x, op), (y,), {})


def test_setitem_random():
    x = nd.zeros((3, 4))
    for key in [0, -1, (1, 2), slice(None), (Ellipsis, 0), (None, 1), "a", 1.5, (0, 0, 0),
                nd.asarray([0, 2]), nd.asarray([True, False, True]), [0, 1], 10**30]:
        for value in [1, 2.5, 1j, "x", nd.ones(4), nd.ones(5), None, 2**80]:
            call(x.__setitem__, (key, value), {})


def test_no_leak():
    def rss():
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

    x = nd.ones((64, 64))

    def burst():
        for _ in range(2000):
            y = x + 1.0
            _ = y[1:3, ::2]
            _ = nd.sum(y, axis=0)
            _ = np.asarray(y)
            _ = nd.asarray([1.0, 2.0, 3.0])
            _ = nd.from_dlpack(y)
            if FFT:
                _ = nd.fft.rfft(y, axis=0)
            try:
                x + nd.ones(3)
            except ValueError:
                pass

    burst()
    before = rss()
    for _ in range(5):
        burst()
    grown_kib = rss() - before
    # 10000 iterations of about 100 KiB of arrays each: a leak of any of them would grow
    # the peak by hundreds of MiB
    assert grown_kib < 20 * 1024, grown_kib
