"""nd.linalg's decompositions and solvers beyond the Array API against SciPy's
(scipy.linalg): eigh/eigvalsh with b, type and subsets, solve with assume_a,
solve_triangular, cho_factor/cho_solve, lu_factor/lu_solve, schur, svd_truncated; on every
layout and dtype, batched (SciPy looped over the batch), with the errors."""
import itertools

import numpy as np
import pytest
import scipy.linalg as sl

import nd
from scipy_helpers import (DTYPES, LAYOUTS, close, general, hermitian, lay, positive_definite,
                           result_dtype, same_vectors, seed, tol)

SHAPE = (2, 5, 5)


def per_matrix(f, *arrays):
    """f over the batch of the arrays, stacked (tuples of results stacked elementwise)."""
    outs = [f(*(x[i] for x in arrays)) for i in range(arrays[0].shape[0])]
    if isinstance(outs[0], tuple):
        return tuple(np.stack(o) for o in zip(*outs))
    return np.stack(outs)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("type", [1, 2, 3])
def test_eigh_generalized(dtype, layout, type):
    rng = np.random.default_rng(seed(dtype, layout, type))
    a, ad = lay(hermitian(rng, dtype, SHAPE), layout)
    b, bd = lay(positive_definite(rng, dtype, SHAPE), "F" if layout == "C" else "C")
    t = tol(dtype)
    w, v = nd.linalg.eigh(ad, bd, type=type)
    ws, vs = per_matrix(lambda x, y: sl.eigh(x, y, type=type), a, b)
    rt = result_dtype(dtype)
    close(w, ws, t, "float32" if rt in ("float32", "complex64") else "float64")
    assert str(v.dtype) == rt
    same_vectors(v, vs, 100 * t)
    close(nd.linalg.eigvalsh(ad, bd, type=type), ws, t)
    for lo, hi in [(0, 0), (1, 3), (4, 4)]:
        w, v = nd.linalg.eigh(ad, bd, type=type, subset_by_index=(lo, hi))
        ws, vs = per_matrix(lambda x, y: sl.eigh(x, y, type=type, subset_by_index=[lo, hi]), a, b)
        close(w, ws, t)
        same_vectors(v, vs, 100 * t)
    # by value: an interval around the middle eigenvalue of one matrix
    w0 = sl.eigh(a[0], b[0], type=type, eigvals_only=True)
    vl, vu = (w0[1] + w0[2]) / 2, (w0[3] + w0[4]) / 2
    w, v = nd.linalg.eigh(ad[0], bd[0], type=type, subset_by_value=(vl, vu))
    ws, vs = sl.eigh(a[0], b[0], type=type, subset_by_value=[vl, vu])
    close(w, ws, t)
    same_vectors(v, vs, 100 * t)
    # the upper triangles
    close(nd.linalg.eigvalsh(ad, bd, type=type, lower=False),
          per_matrix(lambda x, y: sl.eigh(x, y, type=type, lower=False, eigvals_only=True), a, b), t)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_eigh_subsets(dtype, layout):
    rng = np.random.default_rng(seed(dtype, layout))
    a, ad = lay(hermitian(rng, dtype, (3, 6, 6)), layout)
    t = tol(dtype)
    for lo, hi in [(0, 2), (2, 5), (0, 5)]:
        w, v = nd.linalg.eigh(ad, subset_by_index=(lo, hi))
        ws, vs = per_matrix(lambda x: sl.eigh(x, subset_by_index=[lo, hi]), a)
        close(w, ws, t)
        same_vectors(v, vs, 100 * t)
        close(nd.linalg.eigvalsh(ad, subset_by_index=[lo, hi]), ws, t)
    ws = sl.eigh(a[0], eigvals_only=True)
    for vl, vu in [(-np.inf, (ws[2] + ws[3]) / 2), ((ws[0] + ws[1]) / 2, np.inf), (-1e9, 1e9)]:
        w, v = nd.linalg.eigh(ad[0], subset_by_value=(vl, vu))
        wss, vss = sl.eigh(a[0], subset_by_value=[vl, vu])
        close(w, wss, t)
        same_vectors(v, vss, 100 * t)
    # the standard's call is unchanged: a result of the namespace's type
    r = nd.linalg.eigh(ad)
    assert type(r).__name__ == "EighResult"
    close(r.eigenvalues, per_matrix(lambda x: sl.eigh(x, eigvals_only=True), a), t)
    close(nd.linalg.eigh(ad, eigvals_only=True), r.eigenvalues, t)


def test_eigh_errors():
    a = nd.asarray(hermitian(np.random.default_rng(1), "float64", (3, 3)))
    b = nd.eye(3)
    with pytest.raises(nd.linalg.LinAlgError, match="eigh: b is not positive definite"):
        nd.linalg.eigh(a, -b)
    with pytest.raises(nd.linalg.LinAlgError, match="b of matrix 1 of the batch is not positive definite"):
        nd.linalg.eigvalsh(a, nd.stack([b, -b]), subset_by_index=(0, 1))
    with pytest.raises(ValueError, match=r"subset_by_index \[1, 3\] is not within \[0, 2\]"):
        nd.linalg.eigh(a, subset_by_index=(1, 3))
    with pytest.raises(ValueError, match="subset_by_value needs vl < vu"):
        nd.linalg.eigh(a, b, subset_by_value=(2, 1))
    with pytest.raises(ValueError, match="type must be 1, 2 or 3"):
        nd.linalg.eigh(a, b, type=0)
    with pytest.raises(ValueError, match="not both"):
        nd.linalg.eigh(a, subset_by_index=(0, 1), subset_by_value=(0, 1))
    with pytest.raises(ValueError, match="must be a pair"):
        nd.linalg.eigh(a, subset_by_index=(0, 1, 2))
    with pytest.raises(TypeError):
        nd.linalg.eigh(a, subset_by_index=(0.5, 1))
    with pytest.raises(ValueError, match="have different sizes"):
        nd.linalg.eigh(a, nd.eye(4))
    d = nd.asarray(np.array([[[1.0, 0], [0, 0]], [[1.0, 0], [0, 1.0]]]))
    with pytest.raises(ValueError, match="finds 1 eigenvalues in matrix 0 of the batch but 2"):
        nd.linalg.eigh(d, subset_by_value=(0.5, 2))


ASSUME = ["gen", "sym", "her", "pos", "lower triangular", "upper triangular"]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("assume_a", ASSUME)
def test_solve_assume(dtype, layout, assume_a):
    rng = np.random.default_rng(seed(dtype, layout, assume_a))
    p = positive_definite(rng, dtype, SHAPE)
    if assume_a == "sym":  # symmetric, also for complex (not Hermitian)
        p = (np.tril(p) + np.swapaxes(np.tril(p, -1), -1, -2)).astype(dtype)
    a, ad = lay(p, layout)
    bn, bd = lay(general(rng, dtype, (2, 5, 3)), "T")
    t = 10 * tol(dtype)
    for lower in (False, True):
        got = nd.linalg.solve(ad, bd, assume_a=assume_a, lower=lower)
        want = per_matrix(lambda x, y: sl.solve(x, y, assume_a=assume_a, lower=lower), a, bn)
        close(got, want, t, result_dtype(dtype))
    vec = general(rng, dtype, (5,))
    close(nd.linalg.solve(ad, nd.asarray(vec), assume_a=assume_a),
          per_matrix(lambda x: sl.solve(x, vec, assume_a=assume_a), a), t)


def test_solve_errors():
    z = nd.zeros((3, 3))
    with pytest.raises(nd.linalg.LinAlgError, match="solve: the matrix is singular"):
        nd.linalg.solve(z, nd.ones(3), assume_a="sym")
    with pytest.raises(nd.linalg.LinAlgError, match="not positive definite"):
        nd.linalg.solve(-nd.eye(3), nd.ones(3), assume_a="pos")
    with pytest.raises(ValueError, match="assume_a 'banded' is not supported"):
        nd.linalg.solve(nd.eye(3), nd.ones(3), assume_a="banded")
    with pytest.raises(ValueError, match="do not match"):
        nd.linalg.solve(nd.eye(3), nd.ones(2), assume_a="her")


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_solve_triangular(dtype, layout):
    rng = np.random.default_rng(seed(dtype, layout))
    a, ad = lay(positive_definite(rng, dtype, SHAPE), layout)
    b, bd = lay(general(rng, dtype, (2, 5, 4)), "reversed")
    t = 10 * tol(dtype)
    for trans, lower, unit in itertools.product([0, 1, 2, "N", "T", "C"], [False, True], [False, True]):
        got = nd.linalg.solve_triangular(ad, bd, trans=trans, lower=lower, unit_diagonal=unit)
        want = per_matrix(lambda x, y: sl.solve_triangular(x, y, trans=trans, lower=lower,
                                                           unit_diagonal=unit), a, b)
        close(got, want, t, result_dtype(dtype))
    with pytest.raises(nd.linalg.LinAlgError, match="solve_triangular: the matrix is singular"):
        nd.linalg.solve_triangular(nd.zeros((2, 2)), nd.ones(2))
    with pytest.raises(ValueError, match="trans must be"):
        nd.linalg.solve_triangular(ad, bd, trans=3)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_cho_and_lu(dtype, layout):
    rng = np.random.default_rng(seed(dtype, layout))
    p, pd = lay(positive_definite(rng, dtype, SHAPE), layout)
    b, bd = lay(general(rng, dtype, (2, 5, 2)), "stepped")
    t = 10 * tol(dtype)
    for lower in (False, True):
        c, low = nd.linalg.cho_factor(pd, lower=lower)
        assert low is lower
        cs = per_matrix(lambda x: sl.cho_factor(x, lower=lower)[0], p)
        close(nd.tril(c) if lower else nd.triu(c), np.tril(cs) if lower else np.triu(cs), t)
        close(nd.linalg.cho_solve((c, lower), bd),
              per_matrix(lambda x, y: sl.cho_solve(sl.cho_factor(x, lower=lower), y), p, b), t)
    g, gd = lay(general(rng, dtype, SHAPE) + 3 * np.eye(5, dtype=dtype), layout)
    lu, piv = nd.linalg.lu_factor(gd)
    lus, pivs = per_matrix(sl.lu_factor, g)
    close(lu, lus, t, result_dtype(dtype))
    assert str(piv.dtype) == "int64"
    np.testing.assert_array_equal(np.asarray(piv), pivs)
    for trans in (0, 1, 2):
        close(nd.linalg.lu_solve((lu, piv), bd, trans=trans),
              per_matrix(lambda x, y, z: sl.lu_solve((x, y), z, trans=trans), lus, pivs, b), t)
    # SciPy's own int32 pivots
    close(nd.linalg.lu_solve((lu, nd.asarray(pivs)), bd), per_matrix(lambda x, y, z: sl.lu_solve((x, y), z), lus, pivs, b), t)
    # rectangular
    r = general(rng, dtype, (4, 6))
    lu, piv = nd.linalg.lu_factor(nd.asarray(r))
    lus, pivs = sl.lu_factor(r)
    close(lu, lus, t)
    np.testing.assert_array_equal(np.asarray(piv), pivs)


def test_factor_errors():
    with pytest.raises(nd.linalg.LinAlgError, match="not positive definite"):
        nd.linalg.cho_factor(-nd.eye(2))
    lu, piv = nd.linalg.lu_factor(nd.asarray([[1.0, 2], [2, 4]]))  # singular: factored
    with pytest.raises(nd.linalg.LinAlgError, match="lu_solve: the matrix is singular"):
        nd.linalg.lu_solve((lu, piv), nd.ones(2))
    with pytest.raises(nd.linalg.LinAlgError, match="pivot outside"):
        nd.linalg.lu_solve((lu, nd.asarray([5, 1])), nd.ones(2))
    with pytest.raises(TypeError, match="pivots must be integers"):
        nd.linalg.lu_solve((lu, nd.asarray([1.0, 1.0])), nd.ones(2))
    with pytest.raises(ValueError, match="must be a pair"):
        nd.linalg.lu_solve((lu, piv, 0), nd.ones(2))
    with pytest.raises(ValueError, match=r"c_and_lower must be a pair"):
        nd.linalg.cho_solve((lu, True, 1), nd.ones(2))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("output", ["real", "complex"])
def test_schur(dtype, layout, output):
    rng = np.random.default_rng(seed(dtype, layout, output))
    a, ad = lay(general(rng, dtype, SHAPE), layout)
    t, z = nd.linalg.schur(ad, output=output)
    ts, zs = sl.schur(np.asarray(a[0]).astype(result_dtype(dtype)), output=output)
    assert str(t.dtype) == str(ts.dtype)
    tn, zn = np.asarray(t), np.asarray(z)
    close(zn @ tn @ np.conj(np.swapaxes(zn, -1, -2)), a, 10 * tol(dtype))
    close(np.conj(np.swapaxes(zn, -1, -2)) @ zn, np.broadcast_to(np.eye(5), SHAPE), 10 * tol(dtype))
    k = -2 if t.dtype in (nd.float32, nd.float64) else -1
    assert not np.tril(tn, k).any()
    # the same eigenvalues as SciPy's form
    ev, evs = sl.eigvals(tn[0]), sl.eigvals(ts)
    assert np.abs(ev[:, None] - evs[None, :]).min(axis=1).max() <= 10 * tol(dtype) * np.abs(evs).max()


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("method", ["gesvdx", "randomized", "auto"])
def test_svd_truncated(dtype, layout, method):
    rng = np.random.default_rng(seed(dtype, layout, method))
    a, ad = lay(general(rng, dtype, (2, 12, 9)), layout)
    k = 3
    u, s, vh = nd.linalg.svd_truncated(ad, k, method=method, seed=5, n_oversamples=2)
    us, ss, vhs = per_matrix(lambda x: sl.svd(x, full_matrices=False), a)
    t = 100 * tol(dtype)
    close(s, ss[..., :k], t)
    assert str(u.dtype) == result_dtype(dtype)
    same_vectors(u, us[..., :k], t)
    same_vectors(np.conj(np.swapaxes(np.asarray(vh), -1, -2)),
                 np.conj(np.swapaxes(vhs[..., :k, :], -1, -2)), t)
    # scikit-learn's fixed number of power iterations: enough ones agree too
    u, s, vh = nd.linalg.svd_truncated(ad, k, method="randomized", n_iter=40, seed=1)
    close(s, ss[..., :k], t)


def test_svd_truncated_gap():
    """1e-10 agreement with the full SVD on a matrix with a spectral gap (the issue's
    promise), by both methods."""
    rng = np.random.default_rng(7)
    q1, _ = np.linalg.qr(rng.standard_normal((200, 150)))
    q2, _ = np.linalg.qr(rng.standard_normal((150, 150)))
    sv = np.where(np.arange(150) < 12, 1 - 0.03 * np.arange(150), 0.1 * 0.98 ** np.arange(150))
    a = (q1 * sv) @ q2.T
    us, ss, vhs = np.linalg.svd(a)
    for method in ("gesvdx", "randomized", "auto"):
        u, s, vh = nd.linalg.svd_truncated(nd.asarray(a), 12, method=method, seed=3)
        np.testing.assert_allclose(np.asarray(s), ss[:12], rtol=1e-10)
        same_vectors(u, us[:, :12], 1e-10)
        same_vectors(np.asarray(vh).T, vhs[:12].T, 1e-10)


def test_svd_truncated_errors():
    a = nd.ones((4, 6))
    with pytest.raises(ValueError, match=r"k = 5 is outside \[0, 4\] for a \[4,6\] matrix"):
        nd.linalg.svd_truncated(a, 5)
    with pytest.raises(ValueError, match="k must be >= 0"):
        nd.linalg.svd_truncated(a, -1)
    with pytest.raises(ValueError, match="method must be"):
        nd.linalg.svd_truncated(a, 1, method="arpack")
    with pytest.raises(ValueError, match="seed must be"):
        nd.linalg.svd_truncated(a, 1, seed=-1)
    with pytest.raises(TypeError):
        nd.linalg.svd_truncated(a, 1.5)
    with pytest.raises(nd.linalg.LinAlgError, match="infinities or NaNs"):
        nd.linalg.svd_truncated(nd.asarray([[1.0, np.nan], [0, 1]]), 1)
    slow = nd.asarray((np.linalg.qr(np.random.default_rng(1).standard_normal((60, 40)))[0]
                       * (1 / (1 + 0.02 * np.arange(40)))) @ np.eye(40))
    with pytest.raises(nd.linalg.LinAlgError, match="did not converge"):
        nd.linalg.svd_truncated(slow, 10, method="randomized", n_oversamples=1, tol=1e-300)
