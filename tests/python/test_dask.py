"""dask.array over nd chunks, on the local schedulers: every graph gives the same values as
the same graph over NumPy chunks, its chunks stay nd arrays, and the computed result is an
nd array. (The cluster of worker processes: test_dask_distributed.py.)"""
import numpy as np
import pytest

da = pytest.importorskip("dask.array")
import dask  # noqa: E402

import nd  # noqa: E402
from helpers import check  # noqa: E402

rng = np.random.default_rng(3)
N = rng.standard_normal((60, 40))
M = rng.standard_normal((40, 30))

# name -> the graph, built from a dask array over (60, 40) and one over (40, 30)
CASES = {
    "sum": lambda x, y: x.sum(),
    "add_scalar": lambda x, y: x + 1,
    "sin": lambda x, y: np.sin(x),
    "exp": lambda x, y: da.exp(x),
    "x_times_xT": lambda x, y: x[:40] * x[:40].T,
    "sum_axis0_of_x_plus_xT": lambda x, y: (x[:40] + x[:40].T).sum(axis=0),
    "mean_axis0": lambda x, y: x.mean(axis=0),
    "max_axis1": lambda x, y: x.max(axis=1),
    "min": lambda x, y: x.min(),
    "std": lambda x, y: x.std(),
    "var_axis0": lambda x, y: x.var(axis=0),
    "any": lambda x, y: (x > 2).any(axis=0),
    "argmax_axis0": lambda x, y: x.argmax(axis=0),
    "cumsum_axis0": lambda x, y: x.cumsum(axis=0),
    "transpose": lambda x, y: x.T,
    "rechunk": lambda x, y: x.rechunk((25, 15)),
    "reshape": lambda x, y: x.reshape(2400),
    "concatenate": lambda x, y: da.concatenate([x, x], axis=1),
    "stack": lambda x, y: da.stack([x, x]),
    "tensordot": lambda x, y: da.tensordot(x, y, axes=1),
    "matmul": lambda x, y: x @ y,
    "dot": lambda x, y: x.dot(y),
    "einsum": lambda x, y: da.einsum("ij,jk->ik", x, y),
    "where": lambda x, y: da.where(x > 0, x, 0.0),
    "astype": lambda x, y: x.astype(np.float32),
    "slice": lambda x, y: x[5:50:3, ::-2],
    "map_blocks": lambda x, y: x.map_blocks(nd.exp, dtype=x.dtype),
}


@pytest.fixture(params=["sync", "threads"])
def scheduler(request):
    with dask.config.set(scheduler=request.param):
        yield request.param


@pytest.mark.parametrize("name", sorted(CASES))
def test_graphs_over_nd_chunks_equal_numpy(name, scheduler):
    xn, yn = da.from_array(N, chunks=(25, 15)), da.from_array(M, chunks=(15, 20))
    xa = da.from_array(nd.asarray(N), chunks=(25, 15), asarray=False)
    ya = da.from_array(nd.asarray(M), chunks=(15, 20), asarray=False)
    assert isinstance(xa._meta, nd.Array)
    graph = CASES[name](xa, ya)
    want = CASES[name](xn, yn).compute()
    got = graph.compute()
    assert isinstance(got, nd.Array), type(got)
    check(got, np.asarray(want), rtol=1e-12)
    # every chunk of the graph is an nd array
    if graph.ndim:
        for block in graph.to_delayed().ravel()[:3]:
            assert isinstance(block.compute(), nd.Array)


def test_mixing_bare_nd_arrays_with_dask_arrays():
    # nd registers nd.Array as a dask chunk type (nd._interop), so dask keeps the lead
    x = da.from_array(nd.asarray(N), chunks=(25, 15), asarray=False)
    a = nd.asarray(N)
    for r in (x + a, a + x, np.add(x, a)):
        assert isinstance(r, da.Array)
        check(r.compute(), 2 * N)
    r = np.concatenate([x, a])
    assert isinstance(r, da.Array)
    check(r.compute(), np.concatenate([N, N]))


def test_from_array_default_keeps_nd_chunks():
    # with __array_function__, dask's default asarray=None keeps the chunk type
    x = da.from_array(nd.asarray(N), chunks=20)
    assert isinstance(x._meta, nd.Array)
    assert isinstance(x.sum().compute(), nd.Array)
