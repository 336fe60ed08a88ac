# cython: language_level=3, binding=True, embedsignature=True
"""Matrix functions (include/nd/matfunc.h) with SciPy's names: expm, sqrtm, logm, polar,
fractional_matrix_power (Hermitian positive semidefinite matrices), inv_sqrtm_hermitian and
funm_hermitian."""
import numbers

from nd._c.types cimport *
from nd._c.core cimport *
from nd._c.matfunc cimport *
from nd._array cimport Array, as_array, wrap
from nd._errors cimport check

from nd._creation import asarray as _asarray


def expm(A):
    """Matrix exponential of each square matrix (Al-Mohy and Higham 2009, as SciPy)."""
    cdef Array a = as_array(A, "expm")
    cdef nd_array *r
    with nogil:
        r = nd_linalg_expm(a.arr)
    return wrap(r)


def sqrtm(A):
    """Principal square root of each square matrix (Schur method); real for real input
    unless a negative real eigenvalue makes it complex."""
    cdef Array a = as_array(A, "sqrtm")
    cdef nd_array *r
    with nogil:
        r = nd_linalg_sqrtm(a.arr)
    return wrap(r)


def logm(A):
    """Principal logarithm of each square matrix (inverse scaling and squaring, Al-Mohy and
    Higham 2012, as SciPy); real for real input unless a negative real eigenvalue makes it
    complex."""
    cdef Array a = as_array(A, "logm")
    cdef nd_array *r
    with nogil:
        r = nd_linalg_logm(a.arr)
    return wrap(r)


def polar(a, side="right"):
    """Polar decomposition: (u, p) with a = u p (side 'right') or a = p u ('left'), u with
    orthonormal columns (rows), p Hermitian positive semidefinite."""
    cdef Array x = as_array(a, "polar")
    if side not in ("right", "left"):
        raise ValueError(f"polar: side must be 'right' or 'left', not {side!r}")
    cdef bint left = side == "left"
    cdef nd_array *u = NULL
    cdef nd_array *p = NULL
    cdef nd_status st
    with nogil:
        st = nd_linalg_polar(x.arr, left, &u, &p)
    check(st)
    return wrap(u), wrap(p)


cdef double _real(object v, str what, str name) except? -1.5:
    if isinstance(v, bool) or not isinstance(v, numbers.Real):
        raise TypeError(f"{name}: {what} must be a real number, not {type(v).__name__}")
    return v


def fractional_matrix_power(A, t):
    """A**t for Hermitian positive semidefinite A (from its eigendecomposition); other
    matrices are refused (scipy.linalg.fractional_matrix_power takes any)."""
    cdef Array a = as_array(A, "fractional_matrix_power")
    cdef double p = _real(t, "t", "fractional_matrix_power")
    cdef nd_array *r
    with nogil:
        r = nd_linalg_fractional_matrix_power(a.arr, p)
    return wrap(r)


def inv_sqrtm_hermitian(a, *, cutoff=None):
    """a**-1/2 of Hermitian positive semidefinite matrices (an overlap matrix S: Löwdin's
    S^-1/2) over the eigenvalues above cutoff (None: N eps max|w|); the others are left out
    (the pseudo-inverse square root)."""
    cdef Array x = as_array(a, "inv_sqrtm_hermitian")
    cdef double c = -1 if cutoff is None else _real(cutoff, "cutoff", "inv_sqrtm_hermitian")
    cdef nd_array *r
    with nogil:
        r = nd_linalg_inv_sqrtm_hermitian(x.arr, c)
    return wrap(r)


cdef nd_array *_call_f(const nd_array *w, void *ctx) noexcept with gil:
    # ctx is the list [f, exception]; an exception is kept and raised by funm_hermitian
    cdef list box = <list>ctx
    cdef Array r
    try:
        res = box[0](wrap(nd_retain(<nd_array *>w)))
        r = res if isinstance(res, Array) else _asarray(res)
        return nd_retain(r.arr)
    except BaseException as e:
        box[1] = e
        return NULL


def funm_hermitian(a, f):
    """f(a) = V diag(f(w)) V^H for Hermitian a = V diag(w) V^H: f is called once with the
    eigenvalues w (float64, shape [..., N]) and returns f(w) (real or complex, anything
    nd.asarray takes); e.g. funm_hermitian(h, lambda w: nd.exp(-1j * t * w))."""
    cdef Array x = as_array(a, "funm_hermitian")
    if not callable(f):
        raise TypeError(f"funm_hermitian: f must be callable, not {type(f).__name__}")
    cdef list box = [f, None]
    cdef nd_array *r
    with nogil:
        r = nd_linalg_funm_hermitian(x.arr, _call_f, <void *>box)
    if box[1] is not None:
        nd_release(r)
        raise box[1]
    return wrap(r)
