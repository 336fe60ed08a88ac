"""Matrices with structure (Hermitian, positive definite, triangular) in NumPy and nd, laid
out the same way, for the tests against SciPy (test_decomp.py, test_matfunc.py)."""
import zlib

import numpy as np

import nd

# layouts of a batch of matrices [..., M, N] with the same values
LAYOUTS = ["C", "F", "T", "reversed", "stepped", "broadcast"]
DTYPES = ["float32", "float64", "complex64", "complex128", "int64"]


def seed(*args):
    """A seed that depends on the test's parameters only (not on Python's hash seed)."""
    return zlib.crc32(repr(args).encode())


def result_dtype(dtype):
    """The dtype of a decomposition's result: single precision stays, the rest is double."""
    if dtype in ("float32", "complex64"):
        return dtype
    return "complex128" if dtype.startswith("complex") else "float64"


def tol(dtype):
    return 2e-4 if result_dtype(dtype) in ("float32", "complex64") else 1e-9


def lay(base, layout):
    """(the values NumPy sees, an nd array of them in the layout): C, F, the transpose of a
    C array of swapped matrices (T), every axis reversed, every other element of a larger
    array (stepped), or matrix 0 broadcast over the batch (broadcast)."""
    if layout == "broadcast":
        one = np.ascontiguousarray(base[:1])
        return np.broadcast_to(one, base.shape), nd.broadcast_to(nd.asarray(one, copy=True), base.shape)
    if layout == "C":
        return base, nd.asarray(np.ascontiguousarray(base), copy=True)
    if layout == "F":
        return base, nd.asarray(np.asfortranarray(base), copy=True)
    if layout == "T":
        return base, nd.asarray(np.ascontiguousarray(np.swapaxes(base, -1, -2)), copy=True).mT
    key = (slice(None, None, -1 if layout == "reversed" else 2),) * base.ndim
    if layout == "reversed":
        return base, nd.asarray(np.ascontiguousarray(base[key]), copy=True)[key]
    big = np.zeros(tuple(2 * e for e in base.shape), base.dtype)
    big[key] = base
    return base, nd.asarray(big, copy=True)[key]


def general(rng, dtype, shape):
    x = rng.standard_normal(shape)
    if dtype.startswith("complex"):
        x = x + 1j * rng.standard_normal(shape)
    if dtype.startswith("int"):
        x = np.round(4 * x)
    return x.astype(dtype)


def hermitian(rng, dtype, shape):
    x = general(rng, dtype, shape)
    return (x + np.conj(np.swapaxes(x, -1, -2))).astype(dtype)


def positive_definite(rng, dtype, shape):
    x = general(rng, dtype, shape)
    h = x @ np.conj(np.swapaxes(x, -1, -2)) + shape[-1] * np.eye(shape[-1])
    return h.astype(dtype)


def same_vectors(got, want, rtol):
    """Columns of got equal those of want up to a phase (sign) each."""
    g = np.asarray(got).astype(complex)
    w = np.asarray(want).astype(complex)
    assert g.shape == w.shape, (g.shape, w.shape)
    dots = np.sum(np.conj(w) * g, axis=-2, keepdims=True)
    phase = dots / np.where(np.abs(dots) == 0, 1, np.abs(dots))
    np.testing.assert_allclose(g, w * phase, atol=rtol * max(1.0, np.abs(w).max(initial=0)))


def close(got, want, rtol, dtype=None):
    """got's values (and dtype name, when given) as want's, within rtol of want's scale."""
    g = np.asarray(got)
    w = np.asarray(want)
    assert g.shape == w.shape, (g.shape, w.shape)
    if dtype is not None:
        assert str(got.dtype) == dtype, (got.dtype, dtype)
    scale = max(1.0, float(np.abs(w).max(initial=0)))
    np.testing.assert_allclose(g, w, rtol=rtol, atol=rtol * scale)
