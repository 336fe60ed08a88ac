"""The non-elementwise namespace against NumPy on random arrays of every layout:
reductions, manipulation, searching, sorting, sets, creation, linear algebra."""
import numpy as np
import pytest
from hypothesis import given, strategies as st

import nd
from helpers import COMPLEX, FLOATS, INTS, NUMERIC, REAL, check, layouts, pair, seeds, shapes, tol


def axis_of(data, ndim, allow_none=True, allow_tuple=True):
    opts = [st.integers(-ndim, ndim - 1)] if ndim else []
    if allow_none:
        opts.append(st.none())
    if allow_tuple and ndim:
        opts.append(st.lists(st.integers(0, ndim - 1), unique=True, max_size=ndim).map(tuple))
    return data.draw(st.one_of(opts)) if opts else None


REDUCTIONS = {"sum": NUMERIC, "prod": NUMERIC, "min": REAL, "max": REAL, "mean": FLOATS + COMPLEX,
              "all": REAL, "any": REAL, "count_nonzero": NUMERIC}


@pytest.mark.parametrize("name", sorted(REDUCTIONS))
@given(seed=seeds, shape=shapes, layout=layouts, keepdims=st.booleans(), data=st.data())
def test_reductions(name, seed, shape, layout, keepdims, data):
    dtype = data.draw(st.sampled_from(REDUCTIONS[name]))
    n, a = pair(np.random.default_rng(seed), dtype, shape, layout)
    axis = axis_of(data, n.ndim)
    with np.errstate(all="ignore"):
        try:
            want = getattr(np, name)(n, axis=axis, keepdims=keepdims)
        except ValueError:  # min/max of an empty axis
            with pytest.raises(ValueError):
                getattr(nd, name)(a, axis=axis, keepdims=keepdims)
            return
    check(getattr(nd, name)(a, axis=axis, keepdims=keepdims), want, tol(dtype, True))


@pytest.mark.parametrize("name", ["var", "std"])
@given(seed=seeds, shape=shapes, layout=layouts, data=st.data())
def test_var_std(name, seed, shape, layout, data):
    dtype = data.draw(st.sampled_from(FLOATS))
    n, a = pair(np.random.default_rng(seed), dtype, shape, layout)
    axis = axis_of(data, n.ndim)
    c = data.draw(st.sampled_from([0, 1, 0.5]))
    with np.errstate(all="ignore"):
        want = getattr(np, name)(n, axis=axis, ddof=c)
    check(getattr(nd, name)(a, axis=axis, correction=c), want, tol(dtype, True))


@pytest.mark.parametrize("name", ["argmax", "argmin", "cumulative_sum", "cumulative_prod"])
@given(seed=seeds, shape=shapes, layout=layouts, data=st.data())
def test_single_axis(name, seed, shape, layout, data):
    dtype = data.draw(st.sampled_from(INTS + FLOATS))
    n, a = pair(np.random.default_rng(seed), dtype, shape, layout)
    if n.ndim == 0 or n.size == 0 and name.startswith("arg"):
        return
    axis = data.draw(st.integers(-n.ndim, n.ndim - 1))
    with np.errstate(all="ignore"):
        want = getattr(np, name)(n, axis=axis)
    check(getattr(nd, name)(a, axis=axis), want, tol(dtype, True))


@given(seed=seeds, shape=shapes, layout=layouts, data=st.data())
def test_diff(seed, shape, layout, data):
    n, a = pair(np.random.default_rng(seed), data.draw(st.sampled_from(INTS + FLOATS)), shape, layout)
    if n.ndim == 0:
        return
    axis = data.draw(st.integers(-n.ndim, n.ndim - 1))
    k = data.draw(st.integers(0, 2))
    check(nd.diff(a, axis=axis, n=k), np.diff(n, axis=axis, n=k))


@given(seed=seeds, shape=shapes, layout=layouts, data=st.data())
def test_manipulation(seed, shape, layout, data):
    dtype = data.draw(st.sampled_from(["bool", "int16", "float64", "complex64"]))
    n, a = pair(np.random.default_rng(seed), dtype, shape, layout)
    nd_ = n.ndim
    check(nd.reshape(a, (-1,)), np.reshape(n, (-1,)))
    check(nd.flip(a), np.flip(n))
    if nd_:
        ax = data.draw(st.integers(-nd_, nd_ - 1))
        check(nd.flip(a, axis=ax), np.flip(n, axis=ax))
        check(nd.concat([a, a], axis=ax), np.concatenate([n, n], axis=ax))
        check(nd.stack([a, a], axis=ax), np.stack([n, n], axis=ax))
        check(nd.roll(a, 2, axis=ax), np.roll(n, 2, axis=ax))
        check(nd.repeat(a, 2, axis=ax), np.repeat(n, 2, axis=ax))
        check(nd.expand_dims(a, axis=ax), np.expand_dims(n, ax))
        check(nd.moveaxis(a, ax, 0), np.moveaxis(n, ax, 0))
        perm = tuple(data.draw(st.permutations(range(nd_))))
        check(nd.permute_dims(a, perm), np.transpose(n, perm))
        parts = nd.unstack(a, axis=ax)
        assert len(parts) == n.shape[ax]
        for p, q in zip(parts, np.moveaxis(n, ax, 0)):
            check(p, q)
        if nd_ >= 2:
            check(nd.tril(a, k=1), np.tril(n, k=1))
            check(nd.triu(a), np.triu(n))
            check(nd.matrix_transpose(a), np.matrix_transpose(n))
            check(a.mT, n.mT)
    check(nd.concat([a, a], axis=None), np.concatenate([n.ravel(), n.ravel()]))
    check(nd.roll(a, -1), np.roll(n, -1))
    check(nd.tile(a, (2, 1)), np.tile(n, (2, 1)))
    check(nd.broadcast_to(a, (2,) + n.shape), np.broadcast_to(n, (2,) + n.shape))
    check(nd.squeeze(nd.expand_dims(a, axis=0), axis=0), n)
    check(nd.astype(a, nd.float64), n.astype(np.float64)) if dtype != "complex64" else None
    check(a.T, n.T)


@given(seed=seeds, shape=shapes, layout=layouts, data=st.data())
def test_sorting_searching(seed, shape, layout, data):
    dtype = data.draw(st.sampled_from(INTS + FLOATS))
    rng = np.random.default_rng(seed)
    n, a = pair(rng, dtype, shape, layout)
    if n.ndim:
        ax = data.draw(st.integers(-n.ndim, n.ndim - 1))
        desc = data.draw(st.booleans())
        want = np.sort(n, axis=ax, stable=True)
        wanti = np.argsort(n, axis=ax, stable=True)
        if desc:
            want = np.flip(np.sort(np.flip(n, axis=ax), axis=ax, stable=True), axis=ax)
            wanti = np.flip(n.shape[ax] - 1 - np.argsort(np.flip(n, axis=ax), axis=ax, stable=True), axis=ax)
        check(nd.sort(a, axis=ax, descending=desc), want)
        check(nd.argsort(a, axis=ax, descending=desc), wanti)
        flat = np.sort(n.ravel())
        v = n.ravel()[::-1]
        for side in ("left", "right"):
            check(nd.searchsorted(nd.asarray(flat), nd.asarray(v), side=side), np.searchsorted(flat, v, side=side))
    check(nd.nonzero(a) if n.ndim else (), np.nonzero(n) if n.ndim else ())
    if n.ndim:
        idx = nd.asarray(rng.integers(0, max(n.shape[0], 1), 3)) if n.shape[0] else nd.asarray([], dtype=nd.int64)
        check(nd.take(a, idx, axis=0), np.take(n, np.asarray(idx), axis=0))
        ti = nd.argsort(a, axis=-1)
        check(nd.take_along_axis(a, ti, axis=-1), np.take_along_axis(n, np.asarray(ti), axis=-1))


@given(seed=seeds, shape=shapes, layout=layouts, data=st.data())
def test_sets(seed, shape, layout, data):
    dtype = data.draw(st.sampled_from(INTS + FLOATS))
    n, a = pair(np.random.default_rng(seed), dtype, shape, layout)
    n = np.asarray(n)
    check(nd.unique_values(a), np.unique(n.ravel()))  # NumPy's unique_values may be unsorted
    u = nd.unique_all(a)
    w = np.unique_all(n)
    check(u.values, w.values)
    check(u.counts, w.counts)
    check(u.inverse_indices, w.inverse_indices)
    check(nd.take(u.values, nd.reshape(u.inverse_indices, (-1,))), n.ravel())
    check(nd.unique_counts(a).counts, np.unique_counts(n).counts)
    check(nd.unique_inverse(a).inverse_indices, np.unique_inverse(n).inverse_indices)


def test_creation():
    check(nd.arange(5), np.arange(5))
    check(nd.arange(1.0, 2.0, 0.25), np.arange(1.0, 2.0, 0.25))
    check(nd.linspace(0, 1, num=7), np.linspace(0, 1, num=7), 1e-15)
    check(nd.linspace(0, 1j, num=3), np.linspace(0, 1j, num=3), 1e-15)
    check(nd.linspace(0, 1, num=4, endpoint=False, dtype=nd.float32),
          np.linspace(0, 1, num=4, endpoint=False, dtype=np.float32), 1e-7)
    check(nd.eye(3, 4, k=1, dtype=nd.int8), np.eye(3, 4, k=1, dtype=np.int8))
    check(nd.zeros((2, 3)), np.zeros((2, 3)))
    check(nd.ones(3, dtype=nd.complex64), np.ones(3, dtype=np.complex64))
    check(nd.full((2, 2), 7), np.full((2, 2), 7))
    check(nd.full((2,), True), np.full((2,), True))
    check(nd.full((2,), 1.5, dtype=nd.float32), np.full((2,), 1.5, dtype=np.float32))
    x = nd.asarray([[1, 2], [3, 4]], dtype=nd.int16)
    check(nd.zeros_like(x), np.zeros((2, 2), np.int16))
    check(nd.ones_like(x, dtype=nd.float32), np.ones((2, 2), np.float32))
    check(nd.full_like(x, 9), np.full((2, 2), 9, np.int16))
    assert nd.empty_like(x).shape == (2, 2) and nd.empty((3,)).dtype == nd.float64
    check(nd.asarray([[True, False]]), np.asarray([[True, False]]))
    check(nd.asarray([1, 2.5]), np.asarray([1, 2.5]))
    check(nd.asarray([1, 2j]), np.asarray([1, 2j]))
    check(nd.asarray([]), np.asarray([]))
    check(nd.asarray([[], []]), np.asarray([[], []]))
    check(nd.asarray(2**63), np.asarray(2**63))
    check(nd.asarray(5, dtype=nd.uint8), np.asarray(5, dtype=np.uint8))
    with pytest.raises(OverflowError):
        nd.asarray([300], dtype=nd.uint8)
    with pytest.raises(ValueError):
        nd.asarray([[1, 2], [3]])
    # beyond int64: a float for a float dtype, as NumPy; an OverflowError for int64
    check(nd.asarray([2**64, 1], dtype=nd.float32), np.asarray([2**64, 1], dtype=np.float32))
    check(nd.asarray([[-2**70]], dtype=nd.complex128), np.asarray([[-2**70]], dtype=np.complex128))
    with pytest.raises(OverflowError):
        nd.asarray([2**64, 1], dtype=nd.int64)
    # full of 2**63 .. 2**64 - 1 is uint64 (NumPy's), also with dtype=uint64 and in full_like
    check(nd.full((2,), 2**63), np.full((2,), 2**63))
    check(nd.full((2,), 2**64 - 1, dtype=nd.uint64), np.full((2,), 2**64 - 1, dtype=np.uint64))
    check(nd.full_like(nd.ones(2, dtype=nd.uint64), 2**63 + 5), np.full(2, 2**63 + 5, dtype=np.uint64))
    check(nd.full((2,), 2**70, dtype=nd.float32), np.full((2,), 2**70, dtype=np.float32))
    for big, dtype in ((2**64, None), (2**63, nd.int64), (-2**63 - 1, None)):
        with pytest.raises(OverflowError):
            nd.full((2,), big, dtype=dtype)
    # arange takes integers of other types (NumPy's int64, ...) as ints, as range() does
    check(nd.arange(np.int64(3)), np.arange(3))
    check(nd.arange(np.int8(1), np.uint16(7), np.int64(2)), np.arange(1, 7, 2))
    # a bytearray is a buffer of uint8, shared (NumPy's reading); str and bytes are text
    buf = bytearray(b"\x01\x02\x03")
    b = nd.asarray(buf)
    check(b, np.asarray([1, 2, 3], dtype=np.uint8))
    buf[0] = 9
    assert int(b[0]) == 9
    for text in ("12", b"12"):
        with pytest.raises(TypeError):
            nd.asarray(text)
    g = nd.meshgrid(nd.arange(3), nd.arange(2.0))
    for got, want in zip(g, np.meshgrid(np.arange(3), np.arange(2.0))):
        check(got, want)
    g = nd.meshgrid(nd.arange(3), nd.arange(2.0), indexing="ij")
    for got, want in zip(g, np.meshgrid(np.arange(3), np.arange(2.0), indexing="ij")):
        check(got, want)


def test_promotion_of_several_dtypes():
    """Three or more dtypes promote as NumPy's result_type of several (not a left fold:
    int8, uint16, float32 is float32), in result_type, concat, stack, einsum and clip."""
    import itertools
    names = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
             "float32", "float64", "complex64", "complex128"]
    for trio in itertools.product(names, repeat=3):
        want = np.result_type(*trio).name
        assert nd.result_type(*[getattr(nd, t) for t in trio]).name == want, trio
    for trio in (("int8", "uint16", "float32"), ("uint16", "int16", "complex64"),
                 ("float32", "int16", "uint16"), ("int8", "uint16", "int16")):
        n = [np.ones(2, dtype=t) for t in trio]
        a = [nd.asarray(x) for x in n]
        want = np.result_type(*trio).name
        assert nd.concat(a).dtype.name == want and nd.stack(a).dtype.name == want
        assert nd.einsum("i,i,i", *a).dtype.name == want
        if "complex" not in want:  # nd's clip refuses complex (no order)
            assert nd.clip(*a).dtype.name == np.clip(*n).dtype.name


def test_dtype_functions():
    assert nd.result_type(nd.int8, nd.uint8) == nd.int16
    assert nd.result_type(nd.asarray(1, dtype=nd.float32), 1.0) == nd.float32
    assert nd.result_type(nd.float32, 1j) == nd.complex64
    assert nd.result_type(nd.int32, nd.float32) == nd.float64
    assert nd.can_cast(nd.int8, nd.int16) and not nd.can_cast(nd.float64, nd.int64)
    assert nd.finfo(nd.float32).eps == np.finfo(np.float32).eps
    assert nd.finfo(nd.complex128).dtype == nd.float64
    assert nd.iinfo(nd.uint64).max == 2**64 - 1 and nd.iinfo(nd.int8).min == -128
    assert nd.isdtype(nd.int8, "signed integer") and nd.isdtype(nd.float32, ("integral", nd.float32))
    assert not nd.isdtype(nd.bool, "numeric")
    info = nd.__array_namespace_info__()
    assert info.default_dtypes()["real floating"] == nd.float64
    assert set(info.dtypes(kind="integral")) == {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"}
    assert info.devices() == [info.default_device()]
    assert nd.float64 == nd.float64 and nd.float64 != nd.float32 and hash(nd.int8) == hash(nd.int8)


LINALG_1 = ["det", "inv", "svdvals", "eigvalsh", "matrix_rank", "pinv", "slogdet"]


@given(seed=seeds, batch=st.lists(st.integers(1, 3), max_size=2).map(tuple),
       n=st.integers(1, 5), layout=st.sampled_from(["C", "T", "reversed"]), data=st.data())
def test_linalg(seed, batch, n, layout, data):
    dtype = data.draw(st.sampled_from(["float64", "complex128"]))
    rng = np.random.default_rng(seed)
    nm, a = pair(rng, dtype, batch + (n, n), "reversed" if layout == "reversed" else "C")
    if layout == "T":  # the matrices transposed (F-ordered matrices)
        nm, a = np.swapaxes(nm, -1, -2), a.mT
    for name in LINALG_1:
        want = getattr(np.linalg, name)(nm)
        got = getattr(nd.linalg, name)(a)
        if name == "slogdet":
            check(got.logabsdet, want.logabsdet, 1e-9)
            check(got.sign, want.sign, 1e-9)
        elif name != "matrix_rank":
            check(got, want, 1e-8)
    h = nm @ np.conj(np.swapaxes(nm, -1, -2)) + n * np.eye(n)  # positive definite
    hd = nd.asarray(h, copy=True)
    check(nd.linalg.cholesky(hd), np.linalg.cholesky(h), 1e-10)
    w, v = nd.linalg.eigh(hd)
    check(w, np.linalg.eigvalsh(h), 1e-10)
    check(v @ (w[..., None] * nd.conj(v.mT)), h, 1e-10)
    b = rng.standard_normal(batch + (n, 2))
    check(nd.linalg.solve(a, nd.asarray(b)), np.linalg.solve(nm, b), 1e-7)
    q, r = nd.linalg.qr(a)
    check(q @ r, nm, 1e-10)
    u, s, vh = nd.linalg.svd(a, full_matrices=False)
    check((u * s[..., None, :]) @ vh, nm, 1e-10)
    check(nd.linalg.matrix_norm(a), np.linalg.matrix_norm(nm), 1e-12)
    check(nd.linalg.matrix_norm(a, ord=1), np.linalg.matrix_norm(nm, ord=1), 1e-12)
    check(nd.linalg.vector_norm(a, axis=-1, ord=3), np.linalg.vector_norm(nm, axis=-1, ord=3), 1e-12)
    check(nd.linalg.matrix_power(a, 3), np.linalg.matrix_power(nm, 3), 1e-10)
    check(nd.linalg.trace(a, offset=0), np.linalg.trace(nm), 1e-12)
    check(nd.linalg.diagonal(a), np.linalg.diagonal(nm))
    check(a @ a, nm @ nm, 1e-12)
    check(nd.matmul(a, a), np.matmul(nm, nm), 1e-12)
    check(nd.vecdot(a, a), np.vecdot(nm, nm), 1e-12)
    check(nd.tensordot(a, a, axes=([-1], [-2])), np.tensordot(nm, nm, axes=([-1], [-2])), 1e-12)
    if not batch:
        check(nd.tensordot(a, a, axes=1), np.tensordot(nm, nm, axes=1), 1e-12)
    v1 = a[(0,) * len(batch)][0]
    check(nd.linalg.outer(v1, v1), np.outer(np.asarray(v1), np.asarray(v1)), 1e-12)
    check(nd.einsum("...ij,...jk->...ik", a, a), np.einsum("...ij,...jk->...ik", nm, nm), 1e-12)
    if n == 3:
        check(nd.linalg.cross(a, a[..., ::-1, :]), np.linalg.cross(nm, nm[..., ::-1, :]), 1e-12)


def test_einsum_path():
    a = nd.ones((2, 3))
    b = nd.ones((3, 4))
    c = nd.ones((4, 5))
    path, report = nd.einsum_path("ij,jk,kl->il", a, b, c)
    want, _ = np.einsum_path("ij,jk,kl->il", np.ones((2, 3)), np.ones((3, 4)), np.ones((4, 5)), optimize="optimal")
    assert path == want
    assert "FLOP" in report
