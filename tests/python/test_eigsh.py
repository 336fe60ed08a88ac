"""nd.linalg.eigsh against scipy.sparse.linalg.eigsh and numpy.linalg.eigh: nd matrices in
every layout and float/complex dtype, Python callables (NumPy, SciPy sparse matrices),
both ends of the spectrum, both methods, degenerate eigenvalues (where ARPACK returns a
wrong set), k near n, and the errors: the callable's own exceptions propagate."""
import numpy as np
import pytest
import scipy.sparse as sp
import scipy.sparse.linalg as sla

import nd


def hermitian(rng, n, dtype, spectrum=None):
    """A Hermitian matrix of the dtype with the given (or a random) spectrum."""
    cplx = dtype.startswith("complex")
    z = rng.standard_normal((n, n)) + (1j * rng.standard_normal((n, n)) if cplx else 0)
    q, _ = np.linalg.qr(z)
    lam = rng.uniform(-5, 5, n) if spectrum is None else np.asarray(spectrum, float)
    return ((q * lam) @ q.conj().T).astype(dtype)


def laid_out(h, layout):
    """An nd copy of h in the layout: C, F, transposed, reversed or stepped."""
    z = np.zeros_like(h)
    a = {"C": lambda: nd.asarray(z), "F": lambda: nd.asarray(np.asfortranarray(z)),
         "T": lambda: nd.asarray(z).T, "reversed": lambda: nd.asarray(z)[::-1, ::-1],
         "stepped": lambda: nd.asarray(np.zeros((2 * len(h), 2 * len(h)), h.dtype))[::2, ::2]}[layout]()
    a[...] = nd.asarray(h)
    assert np.array_equal(np.asarray(a), h)
    return a


def check_pairs(h, w, v, k, which, tol):
    """(w, v) are the k lowest or highest eigenpairs of h (NumPy's eigh), residuals and
    orthonormality within tol * ||h||."""
    w, v, h = np.asarray(w), np.asarray(v), np.asarray(h).astype(np.complex128)
    ref = np.linalg.eigvalsh(h)
    want = ref[:k] if which == "SA" else ref[len(ref) - k:]
    norm = np.max(np.abs(ref))
    assert w.shape == (k,) and v.shape == (h.shape[0], k)
    assert np.all(np.diff(w) >= -tol * norm), "ascending"
    np.testing.assert_allclose(w, want, atol=tol * norm, rtol=0)
    res = np.linalg.norm(h @ v - v * w, axis=0)
    assert np.all(res <= tol * norm * 10), res
    np.testing.assert_allclose(v.conj().T @ v, np.eye(k), atol=tol * 10)


@pytest.mark.parametrize("dtype", ["float64", "complex128", "float32", "complex64"])
@pytest.mark.parametrize("layout", ["C", "F", "T", "reversed", "stepped"])
def test_matrix_against_scipy(dtype, layout):
    rng = np.random.default_rng(7)
    h = hermitian(rng, 60, dtype)
    a = laid_out(h, layout)
    tol = 1e-4 if dtype in ("float32", "complex64") else 1e-9
    for which in ("SA", "LA"):
        ref = np.sort(sla.eigsh(h.astype(np.complex128 if "complex" in dtype else np.float64),
                                k=4, which=which, return_eigenvectors=False))
        for method in ("lanczos", "davidson"):
            w, v = nd.linalg.eigsh(a, 4, which=which, method=method)
            assert str(v.dtype) == dtype
            assert str(w.dtype) == ("float32" if dtype in ("float32", "complex64") else "float64")
            np.testing.assert_allclose(np.asarray(w), ref, atol=tol * np.max(np.abs(ref)))
            check_pairs(h, w, v, 4, which, tol)


def test_integer_matrix():
    """Integer matrices compute in float64, as eigh: the path graph's Laplacian."""
    n = 40
    lap = 2 * np.eye(n, dtype=np.int32) - np.eye(n, k=1, dtype=np.int32) - np.eye(n, k=-1, dtype=np.int32)
    w, v = nd.linalg.eigsh(nd.asarray(lap), 3)
    assert str(w.dtype) == "float64"
    check_pairs(lap, w, v, 3, "SA", 1e-9)


@pytest.mark.parametrize("cplx", [False, True])
def test_callable_sparse(cplx):
    """A SciPy sparse matrix behind a callable taking blocks: nd agrees with ARPACK where
    ARPACK is right (no degeneracy: a potential and, for complex, a flux)."""
    n = 400
    rng = np.random.default_rng(1)
    off = -np.exp(0.4j) * np.ones(n - 1) if cplx else -np.ones(n - 1)
    h = sp.diags([off, rng.uniform(0, 3, n), off.conj()], [1, 0, -1], format="csr")
    calls = []

    def apply(x):
        calls.append(x.shape[1])
        assert isinstance(x, nd.Array) and x.shape[0] == n
        return h @ np.asarray(x)

    for which in ("SA", "LA"):
        ref = np.sort(sla.eigsh(h, k=5, which=which, tol=1e-12, return_eigenvectors=False))
        for method, diagonal in (("lanczos", None), ("davidson", nd.asarray(h.diagonal().real))):
            w, v = nd.linalg.eigsh(apply, 5, n=n, which=which, method=method, diagonal=diagonal)
            assert str(v.dtype) == ("complex128" if cplx else "float64")
            np.testing.assert_allclose(np.asarray(w), ref, atol=1e-9)
            check_pairs(h.toarray(), w, v, 5, which, 1e-9)
    assert max(calls) <= 5


def test_degenerate():
    """A triple lowest and a double highest eigenvalue: every eigenvector of the
    eigenspace (ARPACK, started from one vector, may return the next eigenvalue instead)."""
    rng = np.random.default_rng(3)
    lam = np.r_[[1.0] * 3, np.linspace(1.5, 8, 55), [9.0] * 2]
    for dtype in ("float64", "complex128"):
        h = hermitian(rng, 60, dtype, lam)
        for method in ("lanczos", "davidson"):
            w, v = nd.linalg.eigsh(nd.asarray(h), 3, method=method)
            check_pairs(h, w, v, 3, "SA", 1e-9)
            w, v = nd.linalg.eigsh(lambda x: h @ np.asarray(x), 2, n=60, which="LA", method=method)
            check_pairs(h, w, v, 2, "LA", 1e-9)
    # the ring's degenerate pairs: -2 cos(2 pi m / n), m = 0, +-1, +-2
    n = 200

    def ring(x):
        x = np.asarray(x)
        return -np.roll(x, 1, axis=0) - np.roll(x, -1, axis=0)

    w, v = nd.linalg.eigsh(ring, 5, n=n)
    m = np.array([0, 1, 1, 2, 2])
    np.testing.assert_allclose(np.asarray(w), -2 * np.cos(2 * np.pi * m / n), atol=1e-9)


def test_sizes():
    rng = np.random.default_rng(4)
    h = hermitian(rng, 12, "float64")
    for k in (10, 11, 12):
        for method in ("lanczos", "davidson"):
            w, v = nd.linalg.eigsh(nd.asarray(h), k, method=method)
            check_pairs(h, w, v, k, "SA", 1e-9)
    w, v = nd.linalg.eigsh(nd.asarray(h), 0)
    assert w.shape == (0,) and v.shape == (12, 0)
    w, v = nd.linalg.eigsh(nd.asarray(np.zeros((0, 0))), 0)
    assert v.shape == (0, 0)
    w = nd.linalg.eigsh(nd.asarray(h), 2, return_eigenvectors=False)
    np.testing.assert_allclose(np.asarray(w), np.linalg.eigvalsh(h)[:2], atol=1e-9)


def test_options():
    rng = np.random.default_rng(5)
    h = hermitian(rng, 80, "float64")
    ref = np.linalg.eigh(h)
    # a start vector that is the ground state converges at once
    w, v = nd.linalg.eigsh(lambda x: h @ np.asarray(x), 1, n=80, v0=nd.asarray(ref[1][:, 0]))
    np.testing.assert_allclose(np.asarray(w), ref[0][:1], atol=1e-9)
    # the dtype keyword skips the probe call; float32 operators give float32 results
    calls = []

    def apply32(x):
        calls.append(1)
        return (h.astype(np.float32) @ np.asarray(x)).astype(np.float32)

    w, v = nd.linalg.eigsh(apply32, 2, n=80, dtype=nd.float32)
    assert str(w.dtype) == "float32" and str(v.dtype) == "float32"
    np.testing.assert_allclose(np.asarray(w), ref[0][:2], atol=1e-4 * 5)
    # without dtype, the dtype of a(zeros) decides (SciPy's rule)
    w, v = nd.linalg.eigsh(apply32, 2, n=80)
    assert str(v.dtype) == "float32"
    # seeds, block and ncv
    w1 = nd.linalg.eigsh(nd.asarray(h), 3, seed=1, block=1, ncv=30, return_eigenvectors=False)
    w2 = nd.linalg.eigsh(nd.asarray(h), 3, seed=2, block=3, return_eigenvectors=False)
    np.testing.assert_allclose(np.asarray(w1), np.asarray(w2), atol=1e-9)


class Boom(Exception):
    pass


def test_errors():
    rng = np.random.default_rng(6)
    h = hermitian(rng, 30, "float64")
    a = nd.asarray(h)

    def raises_later(x):
        if x.shape[1] == 1 and raises_later.calls < 3:
            raises_later.calls += 1
            return h @ np.asarray(x)
        raise Boom("from the operator")

    raises_later.calls = 0
    with pytest.raises(Boom, match="from the operator"):
        nd.linalg.eigsh(raises_later, 1, n=30)
    with pytest.raises(KeyboardInterrupt):
        nd.linalg.eigsh(lambda x: (_ for _ in ()).throw(KeyboardInterrupt()), 1, n=30, dtype=nd.float64)
    with pytest.raises(ValueError, match=r"eigsh: the operator returned shape \[2, 1\] for a block of shape \[30, 1\]"):
        nd.linalg.eigsh(lambda x: np.zeros((2, 1)), 1, n=30)
    with pytest.raises(TypeError, match="cannot cast complex128 to float64"):
        nd.linalg.eigsh(lambda x: np.zeros(x.shape, complex), 1, n=30, dtype=nd.float64)
    with pytest.raises(nd.linalg.LinAlgError, match=r"eigsh: no convergence after 3 iterations \(Lanczos\)"):
        nd.linalg.eigsh(a, 2, maxiter=3, method="lanczos")
    with pytest.raises(nd.linalg.LinAlgError, match="eigsh: the operator is not Hermitian"):
        nd.linalg.eigsh(lambda x: np.triu(h) @ np.asarray(x), 2, n=30)
    with pytest.raises(nd.linalg.LinAlgError, match="eigsh: the operator returned infinities or NaNs"):
        nd.linalg.eigsh(lambda x: np.full(x.shape, np.nan), 1, n=30, dtype=nd.float64)
    with pytest.raises(ValueError, match=r"eigsh: k=31 is out of range for an operator of order 30"):
        nd.linalg.eigsh(a, 31)
    with pytest.raises(ValueError, match="eigsh: which='LM' is not supported"):
        nd.linalg.eigsh(a, 2, which="LM")
    with pytest.raises(ValueError, match="eigsh: method='arpack'"):
        nd.linalg.eigsh(a, 2, method="arpack")
    with pytest.raises(ValueError, match="eigsh: tol must be positive"):
        nd.linalg.eigsh(a, 2, tol=0)
    with pytest.raises(TypeError, match="eigsh: n .* is required"):
        nd.linalg.eigsh(lambda x: x, 2)
    with pytest.raises(TypeError, match="for a callable"):
        nd.linalg.eigsh(a, 2, n=30)
    with pytest.raises(TypeError, match="eigsh: operator dtype int32 is not supported"):
        nd.linalg.eigsh(lambda x: x, 2, n=30, dtype=nd.int32)
    with pytest.raises(ValueError, match=r"eigsh: a must be a square matrix, got shape \[2,3\]"):
        nd.linalg.eigsh(nd.ones((2, 3)), 1)
    with pytest.raises(ValueError, match="eigsh: v0 of shape"):
        nd.linalg.eigsh(a, 2, v0=nd.ones(7))
    with pytest.raises(ValueError, match="eigsh: the diagonal of shape"):
        nd.linalg.eigsh(lambda x: h @ np.asarray(x), 2, n=30, diagonal=nd.ones(7))
    with pytest.raises(TypeError, match="eigsh: expected an nd.Array, got list"):
        nd.linalg.eigsh(h.tolist(), 2)
    # a NumPy matrix is read in place, as every nd function reads NumPy's arrays
    w, _ = nd.linalg.eigsh(h, 2)
    assert isinstance(w, nd.Array)
    np.testing.assert_allclose(np.asarray(w), np.asarray(nd.linalg.eigsh(a, 2)[0]), rtol=1e-12)
