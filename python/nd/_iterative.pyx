# cython: language_level=3, binding=True, embedsignature=True
"""Iterative eigensolvers (include/nd/iterative.h): nd.linalg.eigsh, SciPy's
scipy.sparse.linalg.eigsh for an nd matrix or a Python callable applying an operator to a
block of vectors."""
from libc.stdint cimport int64_t, uint64_t

from nd._c.types cimport *
from nd._c.core cimport *
from nd._c.creation cimport nd_assign
from nd._c.iterative cimport *
from nd._array cimport Array, as_array, wrap
from nd._errors cimport check, raise_error

_WHICH = {"SA": ND_EIGSH_SA, "LA": ND_EIGSH_LA}
_METHODS = {"auto": ND_EIGSH_AUTO, "lanczos": ND_EIGSH_LANCZOS, "davidson": ND_EIGSH_DAVIDSON}
_OPERATOR_DTYPES = {"float32": ND_FLOAT32, "float64": ND_FLOAT64, "complex64": ND_COMPLEX64,
                    "complex128": ND_COMPLEX128}


cdef class _Operator:
    """A Python callable as nd's operator: the callable, the order, and the exception it
    raised (re-raised once the solver has returned)."""
    cdef object fn
    cdef object asarray
    cdef object exc
    cdef int64_t n


cdef Array _result(_Operator op, object out, Array x):
    """The callable's result as an nd array of x's shape (anything nd.asarray takes)."""
    cdef Array r = out if isinstance(out, Array) else op.asarray(out)
    if r.shape != x.shape:
        raise ValueError(f"eigsh: the operator returned shape {list(r.shape)} for a block of shape "
                         f"{list(x.shape)} (it must return A times the block, of the same shape)")
    return r


cdef nd_status _apply(const nd_array *x, nd_array *y, void *ctx) noexcept with gil:
    cdef _Operator op = <_Operator>ctx
    cdef Array r
    cdef nd_status st
    try:
        xa = wrap(nd_retain(<nd_array *>x))
        r = _result(op, op.fn(xa), xa)
        with nogil:
            st = nd_assign(y, r.arr)
        if st != ND_OK:
            raise_error()
    except BaseException as e:
        op.exc = e
        nd_set_error(ND_ERR_VALUE, "%s", b"the Python operator raised an exception")
        return ND_ERR_VALUE
    return ND_OK


cdef nd_dtype _probe_dtype(_Operator op) except *:
    """SciPy's rule for a LinearOperator without a dtype: the dtype of A applied to zeros."""
    import nd
    x = nd.zeros((op.n, 1), dtype=nd.float64)
    r = _result(op, op.fn(x), x)
    name = str(r.dtype)
    if name in _OPERATOR_DTYPES:
        return _OPERATOR_DTYPES[name]
    return ND_COMPLEX128 if name.startswith("complex") else ND_FLOAT64


def eigsh(a, k=6, *, n=None, which="SA", method="auto", tol=1e-10, maxiter=None, v0=None,
          ncv=None, block=None, diagonal=None, dtype=None, seed=None, return_eigenvectors=True):
    """The k lowest (which='SA') or highest ('LA') eigenpairs of a Hermitian operator, as
    scipy.sparse.linalg.eigsh: w ascending (in both cases), v [n, k] with column i the
    eigenvector of w[i]. `a` is a square nd matrix (its lower triangle is read, as eigh
    does) or a callable taking an (n, b) block x (an nd array, read-only) and returning
    A @ x (anything nd.asarray takes); n is then required, and the operator's dtype is
    `dtype` or that of a(zeros((n, 1))). method: 'lanczos' (block Lanczos, thick restart),
    'davidson' (block Davidson with the diagonal as preconditioner: a matrix's own, or
    `diagonal` for a callable) or 'auto' (Davidson when a diagonal is known). Every pair
    returned has ||A v - w v|| <= tol * ||A||; LinAlgError when maxiter applications of A
    do not get there. An exception raised by the callable propagates. ncv: basis size,
    block: vectors per application (default min(k, 8), which finds degenerate eigenvalues
    of that multiplicity), seed: of the random start vectors, v0: the start ([n] or
    [n, c])."""
    cdef nd_eigsh_options o
    cdef nd_eigsh_info info
    cdef nd_linop A
    cdef nd_array *w = NULL
    cdef nd_array *v = NULL
    cdef nd_array **vp = NULL
    cdef nd_status st
    cdef int64_t kk
    cdef Array am, v0a, diaga
    cdef _Operator op
    if which not in _WHICH:
        raise ValueError(f"eigsh: which={which!r} is not supported (nd offers 'SA' and 'LA')")
    if method not in _METHODS:
        raise ValueError(f"eigsh: method={method!r} is not one of 'auto', 'lanczos', 'davidson'")
    if isinstance(k, bool) or not isinstance(k, int):
        raise TypeError(f"eigsh: k must be an integer, not {type(k).__name__}")
    if not (tol > 0):
        raise ValueError(f"eigsh: tol must be positive (got {tol})")
    o.which = _WHICH[which]
    o.method = _METHODS[method]
    o.tol = tol
    o.maxiter = 0 if maxiter is None else maxiter
    o.block = 0 if block is None else block
    o.max_basis = 0 if ncv is None else ncv
    o.seed = 0 if seed is None else seed
    o.v0 = NULL
    if v0 is not None:
        v0a = as_array(v0, "eigsh")
        o.v0 = v0a.arr
    kk = k
    if return_eigenvectors:
        vp = &v
    if not callable(a):
        if n is not None or diagonal is not None or dtype is not None:
            raise TypeError("eigsh: n, diagonal and dtype are for a callable a (a matrix has its own)")
        am = as_array(a, "eigsh")
        with nogil:
            st = nd_linalg_eigsh_ex(am.arr, kk, &o, &w, vp, &info)
        check(st)
    else:
        if n is None:
            raise TypeError("eigsh: n (the operator's order) is required when a is a callable")
        import nd
        op = _Operator()
        op.fn = a
        op.asarray = nd.asarray
        op.n = n
        A.n = n
        A.apply = _apply
        A.ctx = <void *>op
        A.diagonal = NULL
        if diagonal is not None:
            diaga = as_array(diagonal, "eigsh")
            A.diagonal = diaga.arr
        if dtype is None:
            A.dtype = _probe_dtype(op) if n > 0 else ND_FLOAT64
        else:
            name = str(nd.asarray(0, dtype=dtype).dtype) if not hasattr(dtype, "name") else dtype.name
            if name not in _OPERATOR_DTYPES:
                raise TypeError(f"eigsh: operator dtype {name} is not supported "
                                "(float32, float64, complex64 or complex128)")
            A.dtype = _OPERATOR_DTYPES[name]
        with nogil:
            st = nd_linalg_eigsh_op(&A, kk, &o, &w, vp, &info)
        if op.exc is not None:
            nd_clear_error()
            raise op.exc
        check(st)
    if not return_eigenvectors:
        return wrap(w)
    return wrap(w), wrap(v)
