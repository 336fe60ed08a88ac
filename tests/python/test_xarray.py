"""xarray.DataArray over an nd array: arithmetic, reductions by dimension name (xarray's
nan-skipping ones included), selection and transposition keep nd data and give NumPy's
values."""
import numpy as np
import pytest

xr = pytest.importorskip("xarray")

import nd  # noqa: E402
from helpers import check  # noqa: E402

rng = np.random.default_rng(9)
N = rng.standard_normal((3, 4, 5))
COORDS = {"x": [10, 20, 30], "y": list("abcd"), "z": np.arange(5.0)}


def arrays():
    return (xr.DataArray(nd.asarray(N), dims=("x", "y", "z"), coords=COORDS),
            xr.DataArray(N, dims=("x", "y", "z"), coords=COORDS))


CASES = {
    "arithmetic": lambda d: d * 2 + d,
    "sum_y": lambda d: d.sum("y"),
    "mean_xz": lambda d: d.mean(["x", "z"]),
    "max_z": lambda d: d.max("z"),
    "min_skipna": lambda d: d.min("x", skipna=True),
    "std_x": lambda d: d.std("x"),
    "argmax_y": lambda d: d.argmax("y"),
    "cumsum_z": lambda d: d.cumsum("z"),
    "isel_int": lambda d: d.isel(y=1),
    "isel_list": lambda d: d.isel(y=[0, 2]),
    "isel_slice": lambda d: d.isel(z=slice(1, 4)),
    "sel": lambda d: d.sel(x=20),
    "transpose": lambda d: d.transpose("z", "x", "y"),
    "ufunc": lambda d: np.sin(d),
    "anomaly": lambda d: d - d.mean("x"),
    "where": lambda d: d.where(d > 0, 0),
    "dot": lambda d: xr.dot(d, d, dim="z"),
    "broadcast": lambda d: d.isel(x=0) + d.isel(z=0),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_dataarray_over_nd(name):
    d_nd, d_np = arrays()
    got, want = CASES[name](d_nd), CASES[name](d_np)
    assert isinstance(got.data, nd.Array), type(got.data)
    assert got.dims == want.dims
    check(got.data, np.asarray(want.data), rtol=1e-12)


def test_repr_and_nbytes():
    d, _ = arrays()
    assert "DataArray" in repr(d) and d.nbytes == N.nbytes
