"""NumPy's meaning of axis arguments in every function taking a list of axes: axis=None is
every axis, axis=() none (nd/axis.h's ND_ALL_AXES and naxes 0), on every layout."""
import warnings

import numpy as np
import pytest

import nd
from helpers import LAYOUTS, check, pair

# name: (nd function, NumPy function, dtype)
FUNCTIONS = {
    "sum": (nd.sum, np.sum, "int32"),
    "prod": (nd.prod, np.prod, "float64"),
    "min": (nd.min, np.min, "float32"),
    "max": (nd.max, np.max, "int16"),
    "mean": (nd.mean, np.mean, "complex128"),
    "var": (nd.var, np.var, "float64"),
    "std": (nd.std, np.std, "float64"),
    "all": (nd.all, np.all, "bool"),
    "any": (nd.any, np.any, "int8"),
    "count_nonzero": (nd.count_nonzero, np.count_nonzero, "uint8"),
    "vector_norm": (nd.linalg.vector_norm, lambda x, axis: np.linalg.vector_norm(x, axis=axis),
                    "float64"),
    "squeeze": (nd.squeeze, np.squeeze, "float64"),
    "flip": (nd.flip, np.flip, "complex64"),
    "fftn": (nd.fft.fftn, np.fft.fftn, "complex128"),
    "fftshift": (nd.fft.fftshift, np.fft.fftshift, "int64"),
}


def call(fn, name, x, axis):
    if name.startswith("fft"):
        return fn(x, axes=axis)
    return fn(x, axis=axis)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("name", sorted(FUNCTIONS))
@pytest.mark.parametrize("axis", [None, ()], ids=["None", "empty"])
def test_none_is_every_axis_and_empty_is_none(name, axis, layout):
    f, g, dtype = FUNCTIONS[name]
    n, a = pair(np.random.default_rng(5), dtype, (3, 1, 4), layout)
    if name in ("min", "max", "fftn") and n.size == 0 and axis is None:
        # NumPy refuses these too: a minimum of nothing, a transform of length 0
        with pytest.raises(ValueError):
            call(g, name, n, axis)
        with pytest.raises(ValueError):
            call(f, name, a, axis)
        return
    if name == "fftshift" and n.ndim == 0:
        want = n  # NumPy's roll fails on a 0-d array; nd's fftshift of one is a copy
    else:
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # statistics of nothing
            want = call(g, name, n, axis)
    got = call(f, name, a, axis)
    if not isinstance(got, nd.Array):  # a Python scalar of a 0-d result
        got = nd.asarray(got)
    check(got, want, rtol=1e-6, dtype=name != "count_nonzero")


@pytest.mark.parametrize("name", ["squeeze", "flip"])
def test_views_keep_the_memory(name):
    """squeeze and flip over no axis are views of x, as NumPy's."""
    f = FUNCTIONS[name][0]
    a = nd.reshape(nd.arange(6.0), (2, 1, 3))
    v = f(a, axis=())
    assert v.shape == a.shape
    v[0, 0, 0] = 42.0
    assert float(a[0, 0, 0]) == 42.0
