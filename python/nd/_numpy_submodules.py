"""np.linalg's and np.fft's functions by NumPy's signatures, over nd.linalg and nd.fft:
linalg_<name> computes np.linalg.<name>, fft_<name> np.fft.<name> (the __array_function__
table in nd._numpy_dispatch); linalg_norm is also nd.linalg.norm. Where NumPy's signature
is the standard's, the nd function itself is the entry."""
import functools

import nd
from nd import _numpy_functions as F

# ---- linalg ------------------------------------------------------------------------------------


def linalg_norm(x, ord=None, axis=None, keepdims=False):
    """NumPy's norm: axis None is the 2-norm of the flattened array when ord is None, else
    the vector norm of a 1-D array or the matrix norm of a 2-D one; an int axis gives vector
    norms, a pair of axes matrix norms ('fro' when ord is None)."""
    x = F.asarray(x)
    if x.dtype.kind in "biu":
        x = F.astype(x, "float64")
    if axis is None:
        if ord is None:
            r = nd.linalg.vector_norm(x, axis=None, ord=2)
            return F.reshape(r, (1,) * x.ndim) if keepdims else r
        if x.ndim == 1:
            return nd.linalg.vector_norm(x, axis=0, ord=ord, keepdims=keepdims)
        if x.ndim == 2:
            return nd.linalg.matrix_norm(x, ord=ord, keepdims=keepdims)
        raise ValueError(f"norm: improper number of dimensions to norm ({x.ndim}) for ord={ord!r}")
    if isinstance(axis, int) or (isinstance(axis, tuple) and len(axis) == 1):
        if isinstance(ord, str):
            raise ValueError(f"norm: invalid norm order {ord!r} for vectors")
        return nd.linalg.vector_norm(x, axis=axis, ord=2 if ord is None else ord, keepdims=keepdims)
    if len(axis) != 2:
        raise ValueError("norm: improper number of dimensions to norm")
    a0, a1 = (int(a) % x.ndim for a in axis)
    if a0 == a1:
        raise ValueError("norm: duplicate axes given")
    m = nd.moveaxis(x, (a0, a1), (-2, -1))
    r = nd.linalg.matrix_norm(m, ord="fro" if ord is None else ord, keepdims=keepdims)
    if keepdims:
        r = nd.moveaxis(r, (-2, -1), (a0, a1))
    return r


def linalg_svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    """NumPy's svd: (U, S, Vh), or S alone without compute_uv (hermitian, a hint, changes
    nothing)."""
    if not compute_uv:
        return nd.linalg.svdvals(F.asarray(a))
    return nd.linalg.svd(F.asarray(a), full_matrices=full_matrices)


def linalg_qr(a, mode="reduced"):
    """NumPy's qr: (Q, R) for 'reduced' and 'complete', R alone for 'r'."""
    if mode == "r":
        return nd.linalg.qr(F.asarray(a), mode="reduced").R
    return nd.linalg.qr(F.asarray(a), mode=mode)


def linalg_eigh(a, UPLO="L"):
    """Eigenvalues (ascending) and eigenvectors of Hermitian matrices from the triangle UPLO."""
    return nd.linalg.eigh(F.asarray(a), lower=_lower(UPLO))


def linalg_eigvalsh(a, UPLO="L"):
    """Eigenvalues (ascending) of Hermitian matrices from the triangle UPLO."""
    return nd.linalg.eigvalsh(F.asarray(a), lower=_lower(UPLO))


def _lower(uplo):
    if uplo not in ("L", "U", "l", "u"):
        raise ValueError(f"UPLO argument must be 'L' or 'U', not {uplo!r}")
    return uplo in ("L", "l")


def linalg_pinv(a, rcond=None, hermitian=False, *, rtol=None):
    """The pseudo-inverse; rcond is NumPy's older name of rtol."""
    return nd.linalg.pinv(F.asarray(a), rtol=rtol if rtol is not None else rcond)


def linalg_matrix_rank(A, tol=None, hermitian=False, *, rtol=None):
    """The rank: singular values above tol (absolute) or rtol * the largest."""
    x = F.asarray(A)
    if tol is None:
        return nd.linalg.matrix_rank(x, rtol=rtol)
    s = nd.linalg.svdvals(x)
    return nd.count_nonzero(s > tol, axis=-1)


def linalg_multi_dot(arrays, *, out=None):
    """The product of the matrices in turn (a first or last 1-D array as a vector)."""
    r = functools.reduce(nd.matmul, [F.asarray(x) for x in arrays])
    return F.to_out(r, out, "multi_dot")


def linalg_tensordot(a, b, /, *, axes=2):
    return F.tensordot(a, b, axes)


def _same(name):
    """np.linalg.<name>, whose signature is the standard's: nd.linalg.<name> on the array
    operands (NumPy's read in place)."""
    def call(x, *args, **kwargs):
        return getattr(nd.linalg, name)(F.asarray(x), *[F.asarray(v) for v in args], **kwargs)
    call.__name__ = name
    return call


(linalg_inv, linalg_det, linalg_slogdet, linalg_solve, linalg_cholesky, linalg_matrix_norm,
 linalg_vector_norm, linalg_svdvals, linalg_trace, linalg_diagonal, linalg_outer, linalg_cross,
 linalg_vecdot, linalg_matmul, linalg_matrix_transpose) = (
    _same(n) for n in ("inv", "det", "slogdet", "solve", "cholesky", "matrix_norm", "vector_norm",
                       "svdvals", "trace", "diagonal", "outer", "cross", "vecdot", "matmul",
                       "matrix_transpose"))


def linalg_matrix_power(a, n):
    return nd.linalg.matrix_power(F.asarray(a), n)

# ---- fft ---------------------------------------------------------------------------------------


def _fft_1d(name):
    def transform(a, n=None, axis=-1, norm=None, out=None):
        f = getattr(nd.fft, name)
        return f(F.asarray(a), n=n, axis=axis, norm=norm or "backward", out=out)
    transform.__name__ = name
    return transform


def _fft_nd(name, default_axes):
    def transform(a, s=None, axes=default_axes, norm=None, out=None):
        f = getattr(nd.fft, name)
        return f(F.asarray(a), s=s, axes=axes, norm=norm or "backward", out=out)
    transform.__name__ = name
    return transform


def _fft_freq(name):
    def freq(n, d=1.0, device=None):
        return getattr(nd.fft, name)(n, d=d, device=device)
    freq.__name__ = name
    return freq


def _fft_shift(name):
    def shift(x, axes=None):
        return getattr(nd.fft, name)(F.asarray(x), axes=axes)
    shift.__name__ = name
    return shift


fft_fft, fft_ifft, fft_rfft, fft_irfft, fft_hfft, fft_ihfft = (
    _fft_1d(n) for n in ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft"))
fft_fftn, fft_ifftn, fft_rfftn, fft_irfftn = (
    _fft_nd(n, None) for n in ("fftn", "ifftn", "rfftn", "irfftn"))
fft_fft2, fft_ifft2, fft_rfft2, fft_irfft2 = (
    _fft_nd(n, (-2, -1)) for n in ("fft2", "ifft2", "rfft2", "irfft2"))
fft_fftfreq, fft_rfftfreq = _fft_freq("fftfreq"), _fft_freq("rfftfreq")
fft_fftshift, fft_ifftshift = _fft_shift("fftshift"), _fft_shift("ifftshift")
