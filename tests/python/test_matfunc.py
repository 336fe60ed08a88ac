"""nd.linalg's matrix functions against SciPy's (scipy.linalg): expm, sqrtm, logm, polar,
fractional_matrix_power; and inv_sqrtm_hermitian and funm_hermitian against SciPy
computations of the same; on every layout and dtype, batched, with the errors."""
import numpy as np
import pytest
import scipy.linalg as sl

import nd
from scipy_helpers import (DTYPES, LAYOUTS, close, general, hermitian, lay, positive_definite,
                           result_dtype, seed, tol)

SHAPE = (2, 5, 5)
# SciPy's own warnings (logm's accuracy estimate of its float32 results, singular inputs)
pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning", "ignore::scipy.linalg.LinAlgWarning")


def per_matrix(f, a):
    return np.stack([f(a[i]) for i in range(a.shape[0])])


def complex_of(dtype):
    return "complex64" if result_dtype(dtype) in ("float32", "complex64") else "complex128"


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("scale", [1e-3, 0.5, 4.0, 40.0])
def test_expm(dtype, layout, scale):
    rng = np.random.default_rng(seed(dtype, layout, scale))
    x = general(rng, dtype, SHAPE)
    if not dtype.startswith("int"):
        x = (x * scale / np.sqrt(5)).astype(dtype)
    a, ad = lay(x, layout)
    want = per_matrix(sl.expm, a.astype(result_dtype(dtype)))
    close(nd.linalg.expm(ad), want, 10 * tol(dtype) * max(1, scale), result_dtype(dtype))


def test_expm_special():
    # triangular: SciPy's exact diagonal and superdiagonal; nd's off-diagonal is exact
    # where SciPy's loses digits to cancellation
    a = np.array([[1.0, 1e6], [0, 1 + 1e-10]])
    got = np.asarray(nd.linalg.expm(nd.asarray(a)))
    assert abs(got[0, 1] - 1e6 * np.e * np.expm1(1e-10) / 1e-10) < 1e-15 * got[0, 1]
    assert abs(got[0, 1] - sl.expm(a)[0, 1]) < 1e-6 * got[0, 1]
    for n in (2, 7, 30):
        t = np.triu(np.random.default_rng(n).standard_normal((n, n))) * 5
        close(nd.linalg.expm(nd.asarray(t)), sl.expm(t), 1e-12)
        close(nd.linalg.expm(nd.asarray(t.T)), sl.expm(t.T), 1e-12)
    close(nd.linalg.expm(nd.asarray(np.diag([1.0, -2, 700]))), np.diag(np.exp([1.0, -2, 700])), 1e-15)
    close(nd.linalg.expm(nd.zeros((0, 0))), np.zeros((0, 0)), 0)
    # a large norm (many squarings) and a matrix of mixed scales
    b = np.random.default_rng(3).standard_normal((20, 20)) * 30
    close(nd.linalg.expm(nd.asarray(b)), sl.expm(b), 1e-10)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("kind", ["general", "positive", "shifted"])
def test_sqrtm_logm(dtype, layout, kind):
    rng = np.random.default_rng(seed(dtype, layout, kind))
    if kind == "positive":
        x = positive_definite(rng, dtype, SHAPE)
    elif kind == "shifted":  # eigenvalues in the right half-plane
        x = (general(rng, dtype, SHAPE) + 8 * np.eye(5)).astype(dtype)
    else:  # may have negative real eigenvalues: complex results, SciPy's branch
        x = general(rng, dtype, SHAPE)
    a, ad = lay(x, layout)
    ac = a.astype(result_dtype(dtype))
    t = 20 * tol(dtype)
    for f, g in ((nd.linalg.sqrtm, sl.sqrtm), (nd.linalg.logm, sl.logm)):
        want = per_matrix(g, ac)
        got = f(ad)
        # nd's dtype: real when SciPy's is (or when its imaginary parts are zero), in a's
        # precision (SciPy's logm gives float64 for float32)
        real = not np.iscomplexobj(want) or not np.abs(want.imag).max() > 1e-6 * np.abs(want).max()
        expected = result_dtype(dtype) if real or dtype.startswith("complex") else complex_of(dtype)
        if real and not dtype.startswith("complex") and np.iscomplexobj(want):
            want = want.real
        close(got, want, t * (10 if f is nd.linalg.logm else 1), expected)


def test_sqrtm_logm_special():
    neg = np.array([[-1.0, 0], [0, 4]])
    close(nd.linalg.sqrtm(nd.asarray(neg)), sl.sqrtm(neg), 1e-15, "complex128")
    close(nd.linalg.logm(nd.asarray(neg)), sl.logm(neg), 1e-13, "complex128")
    rot = np.array([[0.0, 1], [-1, 0]])
    close(nd.linalg.logm(nd.asarray(rot)), sl.logm(rot), 1e-15, "float64")
    close(nd.linalg.sqrtm(nd.zeros((3, 3))), np.zeros((3, 3)), 0)
    with pytest.raises(nd.linalg.LinAlgError, match="sqrtm: the matrix is singular and has no square root"):
        nd.linalg.sqrtm(nd.asarray([[0.0, 1], [0, 0]]))
    with pytest.raises(nd.linalg.LinAlgError, match="logm: the matrix is singular and has no logarithm"):
        nd.linalg.logm(nd.asarray([[0.0, 1], [0, 1]]))
    with pytest.raises(nd.linalg.LinAlgError, match="contains infinities or NaNs"):
        nd.linalg.expm(nd.asarray([[np.inf, 0], [0, 1]]))
    with pytest.raises(ValueError, match="needs square matrices"):
        nd.linalg.sqrtm(nd.ones((2, 3)))
    # far from the identity: square roots before the Padé approximant
    u = np.array([[1e3, 5, 1], [0, 2e-3, 7], [0, 0, 0.5]])
    close(nd.linalg.logm(nd.asarray(u)), sl.logm(u), 1e-12)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("side", ["right", "left"])
def test_polar(dtype, layout, side):
    rng = np.random.default_rng(seed(dtype, layout, side))
    for shape in ((2, 6, 4), (2, 4, 6)):
        a, ad = lay(general(rng, dtype, shape), layout)
        u, p = nd.linalg.polar(ad, side=side)
        us = np.stack([sl.polar(a[i].astype(result_dtype(dtype)), side=side)[0] for i in range(2)])
        ps = np.stack([sl.polar(a[i].astype(result_dtype(dtype)), side=side)[1] for i in range(2)])
        close(u, us, 20 * tol(dtype), result_dtype(dtype))
        close(p, ps, 20 * tol(dtype), result_dtype(dtype))
    with pytest.raises(ValueError, match="side must be"):
        nd.linalg.polar(ad, side="up")


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_hermitian_functions(dtype, layout):
    rng = np.random.default_rng(seed(dtype, layout))
    s, sd = lay(positive_definite(rng, dtype, SHAPE), layout)
    sc = s.astype(result_dtype(dtype))
    t = 20 * tol(dtype)
    for p in (0.5, -0.5, 1.7, -2, 0):
        close(nd.linalg.fractional_matrix_power(sd, p),
              per_matrix(lambda x: sl.fractional_matrix_power(x, p), sc), t, result_dtype(dtype))
    close(nd.linalg.inv_sqrtm_hermitian(sd), per_matrix(lambda x: sl.fractional_matrix_power(x, -0.5), sc), t,
          result_dtype(dtype))
    h, hd = lay((hermitian(rng, dtype, SHAPE) / 4).astype(dtype) if not dtype.startswith("int")
                else hermitian(rng, dtype, SHAPE), layout)
    hc = h.astype(result_dtype(dtype))
    scale = 1 if not dtype.startswith("int") else 0.01
    close(nd.linalg.funm_hermitian(hd, lambda w: nd.exp(w * scale)), per_matrix(lambda x: sl.expm(x * scale), hc),
          t, result_dtype(dtype))
    # complex values: the time evolution operator exp(-i t h)
    got = nd.linalg.funm_hermitian(hd, lambda w: nd.exp(-0.3j * w * scale))
    close(got, per_matrix(lambda x: sl.expm(-0.3j * scale * x), hc), t, complex_of(dtype))
    # a callable returning NumPy values
    close(nd.linalg.funm_hermitian(hd, lambda w: np.cos(np.asarray(w) * scale)),
          per_matrix(lambda x: sl.cosm(x * scale), hc), t, result_dtype(dtype))


def test_hermitian_special():
    # Löwdin's S^-1/2 with a cut-off for a near-singular overlap: the kept space's projector
    s = np.array([[1.0, 1 - 1e-13, 0], [1 - 1e-13, 1, 0], [0, 0, 1]])
    x = np.asarray(nd.linalg.inv_sqrtm_hermitian(nd.asarray(s), cutoff=1e-8))
    p = x @ s @ x
    np.testing.assert_allclose(p @ p, p, atol=1e-12)
    assert abs(np.trace(p) - 2) < 1e-12
    with pytest.raises(ValueError, match="is not Hermitian"):
        nd.linalg.fractional_matrix_power(nd.asarray([[1.0, 2], [0, 1]]), 0.5)
    with pytest.raises(nd.linalg.LinAlgError, match=r"not positive semidefinite \(eigenvalue -1\)"):
        nd.linalg.fractional_matrix_power(nd.asarray([[1.0, 0], [0, -1]]), 0.5)
    with pytest.raises(nd.linalg.LinAlgError, match="singular"):
        nd.linalg.fractional_matrix_power(nd.zeros((2, 2)), -1)
    with pytest.raises(TypeError, match="must be a real number"):
        nd.linalg.fractional_matrix_power(nd.eye(2), 1j)
    with pytest.raises(TypeError, match="must be callable"):
        nd.linalg.funm_hermitian(nd.eye(2), 3)
    with pytest.raises(ZeroDivisionError):  # the callable's own exception
        nd.linalg.funm_hermitian(nd.eye(2), lambda w: 1 / 0)
    with pytest.raises(ValueError, match="does not broadcast"):
        nd.linalg.funm_hermitian(nd.eye(2), lambda w: nd.ones(3))
    seen = []
    nd.linalg.funm_hermitian(nd.ones((4, 3, 3)), lambda w: seen.append(w.shape) or w)
    assert seen == [(4, 3)]  # once, with the whole batch's eigenvalues
