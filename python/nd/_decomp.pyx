# cython: language_level=3, binding=True, embedsignature=True
"""Decompositions and solvers beyond the Array API (include/nd/decomp.h), with SciPy's
names and keywords (scipy.linalg): eigh and eigvalsh with b, type and subsets, solve with
assume_a, solve_triangular, cho_factor / cho_solve, lu_factor / lu_solve, schur and
svd_truncated."""
import numbers
import operator
import os

from libc.stdint cimport int64_t, uint64_t

from nd._c.types cimport *
from nd._c.core cimport *
from nd._c.linalg cimport nd_linalg_cholesky, nd_linalg_eigh, nd_linalg_eigvalsh, nd_linalg_solve
from nd._c.decomp cimport *
from nd._array cimport Array, as_array, wrap
from nd._errors cimport check

from nd._linalg import EighResult, SVDResult


cdef int _eigh_options(nd_eigh_options *o, object lower, object type, object subset_by_index,
                       object subset_by_value, str name) except -1:
    if isinstance(type, bool) or not hasattr(type, "__index__"):
        raise TypeError(f"{name}: type must be 1, 2 or 3, not {type!r}")
    if operator.index(type) not in (1, 2, 3):
        raise ValueError(f"{name}: type must be 1, 2 or 3 (got {operator.index(type)})")
    o.type = operator.index(type)
    o.upper = not lower
    o.subset = ND_EIGH_ALL
    if subset_by_index is not None and subset_by_value is not None:
        raise ValueError(f"{name}: give subset_by_index or subset_by_value, not both")
    if subset_by_index is not None:
        lo, hi = _pair(subset_by_index, "subset_by_index", name)
        o.subset = ND_EIGH_BY_INDEX
        o.lo = operator.index(lo)
        o.hi = operator.index(hi)
    elif subset_by_value is not None:
        vl, vu = _pair(subset_by_value, "subset_by_value", name)
        if not all(isinstance(v, numbers.Real) and not isinstance(v, bool) for v in (vl, vu)):
            raise TypeError(f"{name}: subset_by_value must be two real numbers, not {subset_by_value!r}")
        o.subset = ND_EIGH_BY_VALUE
        o.vl = vl
        o.vu = vu
    return 0


cdef tuple _pair(object x, str what, str name):
    try:
        t = tuple(x)
    except TypeError:
        raise TypeError(f"{name}: {what} must be a pair, not {type(x).__name__}") from None
    if len(t) != 2:
        raise ValueError(f"{name}: {what} must be a pair (lo, hi), not {x!r}")
    return t


cdef bint _plain(object b, object lower, object type, object sbi, object sbv):
    return b is None and lower is True and sbi is None and sbv is None


def eigh(a, b=None, *, lower=True, eigvals_only=False, type=1, subset_by_index=None,
         subset_by_value=None):
    """Eigenvalues (ascending) and eigenvectors of Hermitian matrices, or of the generalized
    problems with b (type 1: a v = w b v, 2: a b v = w v, 3: b a v = w v); a subset by index
    (lo, hi), inclusive, or by value, (vl, vu]. Returns (eigenvalues, eigenvectors), or the
    eigenvalues alone with eigvals_only (scipy.linalg.eigh's keywords)."""
    if eigvals_only:
        return eigvalsh(a, b, lower=lower, type=type, subset_by_index=subset_by_index,
                        subset_by_value=subset_by_value)
    cdef Array x = as_array(a, "eigh")
    cdef Array y
    cdef nd_eigh_options o
    cdef nd_array *w = NULL
    cdef nd_array *v = NULL
    cdef nd_status st
    if _plain(b, lower, type, subset_by_index, subset_by_value):  # the standard's eigh
        with nogil:
            st = nd_linalg_eigh(x.arr, &w, &v)
        check(st)
        return EighResult(wrap(w), wrap(v))
    _eigh_options(&o, lower, type, subset_by_index, subset_by_value, "eigh")
    if b is None:
        with nogil:
            st = nd_linalg_eigh_ex(x.arr, &o, &w, &v)
    else:
        y = as_array(b, "eigh")
        with nogil:
            st = nd_linalg_eigh_generalized(x.arr, y.arr, &o, &w, &v)
    check(st)
    return EighResult(wrap(w), wrap(v))


def eigvalsh(a, b=None, *, lower=True, type=1, subset_by_index=None, subset_by_value=None):
    """Eigenvalues (ascending) of Hermitian matrices or generalized problems, as eigh."""
    cdef Array x = as_array(a, "eigvalsh")
    cdef Array y
    cdef nd_eigh_options o
    cdef nd_array *r
    if _plain(b, lower, type, subset_by_index, subset_by_value):
        with nogil:
            r = nd_linalg_eigvalsh(x.arr)
        return wrap(r)
    _eigh_options(&o, lower, type, subset_by_index, subset_by_value, "eigvalsh")
    if b is None:
        with nogil:
            r = nd_linalg_eigvalsh_ex(x.arr, &o)
    else:
        y = as_array(b, "eigvalsh")
        with nogil:
            r = nd_linalg_eigvalsh_generalized(x.arr, y.arr, &o)
    return wrap(r)


_ASSUME = {"gen": ND_ASSUME_GENERAL, "general": ND_ASSUME_GENERAL,
           "sym": ND_ASSUME_SYMMETRIC, "symmetric": ND_ASSUME_SYMMETRIC,
           "her": ND_ASSUME_HERMITIAN, "hermitian": ND_ASSUME_HERMITIAN,
           "pos": ND_ASSUME_POSITIVE_DEFINITE, "positive definite": ND_ASSUME_POSITIVE_DEFINITE,
           "lower triangular": ND_ASSUME_LOWER_TRIANGULAR,
           "upper triangular": ND_ASSUME_UPPER_TRIANGULAR}


def solve(x1, x2, /, *, lower=False, assume_a=None):
    """The solution of x1 x = x2 (a 1-D x2 is one vector, NumPy 2's rule). assume_a (SciPy's
    keyword): None or 'gen' (LU), 'sym', 'her' (Bunch-Kaufman), 'pos' (Cholesky), 'lower
    triangular' or 'upper triangular'; lower picks the triangle read by 'sym', 'her' and
    'pos' (default: the upper one, as SciPy)."""
    cdef Array a = as_array(x1, "solve")
    cdef Array b = as_array(x2, "solve")
    cdef nd_array *r
    cdef nd_assume kind
    cdef bint lo = lower
    if assume_a is None:
        with nogil:
            r = nd_linalg_solve(a.arr, b.arr)
        return wrap(r)
    if not isinstance(assume_a, str) or assume_a not in _ASSUME:
        raise ValueError(f"solve: assume_a {assume_a!r} is not supported (nd solves 'gen', 'sym', "
                         "'her', 'pos', 'lower triangular' and 'upper triangular')")
    kind = _ASSUME[assume_a]
    with nogil:
        r = nd_linalg_solve_ex(a.arr, b.arr, kind, lo)
    return wrap(r)


cdef nd_trans _trans(object trans, str name) except *:
    codes = {"N": ND_TRANS_N, "T": ND_TRANS_T, "C": ND_TRANS_C}
    if isinstance(trans, str) and trans.upper() in codes:
        return codes[trans.upper()]
    if hasattr(trans, "__index__") and not isinstance(trans, bool) and operator.index(trans) in (0, 1, 2):
        return (ND_TRANS_N, ND_TRANS_T, ND_TRANS_C)[operator.index(trans)]
    raise ValueError(f"{name}: trans must be 0, 1, 2, 'N', 'T' or 'C', not {trans!r}")


def solve_triangular(a, b, trans=0, lower=False, unit_diagonal=False):
    """The solution of op(a) x = b for triangular a (only its lower or upper triangle is
    read; with unit_diagonal its diagonal is taken as ones); trans 0 / 'N': a, 1 / 'T': a^T,
    2 / 'C': a^H."""
    cdef Array x = as_array(a, "solve_triangular")
    cdef Array y = as_array(b, "solve_triangular")
    cdef nd_trans t = _trans(trans, "solve_triangular")
    cdef bint lo = lower
    cdef bint unit = unit_diagonal
    cdef nd_array *r
    with nogil:
        r = nd_linalg_solve_triangular(x.arr, y.arr, t, lo, unit)
    return wrap(r)


def cho_factor(a, lower=False):
    """The Cholesky factor of each Hermitian positive definite matrix, as (c, lower) for
    cho_solve: upper (a = c^H c) by default, as SciPy; the other triangle of c is zero."""
    cdef Array x = as_array(a, "cho_factor")
    cdef bint up = not lower
    cdef nd_array *r
    with nogil:
        r = nd_linalg_cholesky(x.arr, up)
    return wrap(r), bool(lower)


def cho_solve(c_and_lower, b):
    """The solution of a x = b from cho_factor's (c, lower)."""
    c, lower = _pair(c_and_lower, "c_and_lower", "cho_solve")
    cdef Array x = as_array(c, "cho_solve")
    cdef Array y = as_array(b, "cho_solve")
    cdef bint lo = lower
    cdef nd_array *r
    with nogil:
        r = nd_linalg_cho_solve(x.arr, lo, y.arr)
    return wrap(r)


def lu_factor(a):
    """LU factorisation with partial pivoting: (lu, piv), L below the diagonal (unit
    diagonal implied), U on and above it, piv the 0-based row interchanges (int64)."""
    cdef Array x = as_array(a, "lu_factor")
    cdef nd_array *lu = NULL
    cdef nd_array *piv = NULL
    cdef nd_status st
    with nogil:
        st = nd_linalg_lu_factor(x.arr, &lu, &piv)
    check(st)
    return wrap(lu), wrap(piv)


def lu_solve(lu_and_piv, b, trans=0):
    """The solution of op(a) x = b from lu_factor's (lu, piv); trans as solve_triangular."""
    lu, piv = _pair(lu_and_piv, "lu_and_piv", "lu_solve")
    cdef Array x = as_array(lu, "lu_solve")
    cdef Array p = as_array(piv, "lu_solve")
    cdef Array y = as_array(b, "lu_solve")
    cdef nd_trans t = _trans(trans, "lu_solve")
    cdef nd_array *r
    with nogil:
        r = nd_linalg_lu_solve(x.arr, p.arr, y.arr, t)
    return wrap(r)


def schur(a, output="real"):
    """Schur decomposition a = Z T Z^H: (T, Z); output 'real' (real quasi-triangular T for
    real a) or 'complex' (upper triangular complex T)."""
    cdef Array x = as_array(a, "schur")
    if output not in ("real", "complex", "r", "c"):
        raise ValueError(f"schur: output must be 'real' or 'complex', not {output!r}")
    cdef bint cplx = output in ("complex", "c")
    cdef nd_array *t = NULL
    cdef nd_array *z = NULL
    cdef nd_status st
    with nogil:
        st = nd_linalg_schur(x.arr, cplx, &t, &z)
    check(st)
    return wrap(t), wrap(z)


_SVD_METHODS = {"auto": ND_SVD_AUTO, "gesvdx": ND_SVD_GESVDX, "randomized": ND_SVD_RANDOMIZED}


cdef int64_t _count(object v, str what) except -2:
    if isinstance(v, bool) or not hasattr(v, "__index__"):
        raise TypeError(f"svd_truncated: {what} must be an integer, not {type(v).__name__}")
    cdef object i = operator.index(v)
    if i < 0:
        raise ValueError(f"svd_truncated: {what} must be >= 0 (got {i})")
    if i > 2**62:
        raise ValueError(f"svd_truncated: {what} is too large (got {i})")
    return i


def svd_truncated(a, k, *, method="auto", seed=None, n_oversamples=None, n_iter=None, tol=None):
    """The k largest singular triplets (u, s, vh), s descending: method 'gesvdx' (LAPACK),
    'randomized' (subspace iteration on k + n_oversamples columns from a Gaussian block
    seeded with seed, until every triplet's residual is below tol * s_1; with n_iter, exactly
    that many power iterations and no test, as scikit-learn's randomized_svd) or 'auto'
    (randomized when k + n_oversamples <= min(M, N) / 4, gesvdx otherwise or when it does not
    converge)."""
    cdef Array x = as_array(a, "svd_truncated")
    cdef nd_svd_truncated_options o
    if not isinstance(method, str) or method not in _SVD_METHODS:
        raise ValueError(f"svd_truncated: method must be 'auto', 'gesvdx' or 'randomized', not {method!r}")
    cdef int64_t kk = _count(k, "k")
    o.method = _SVD_METHODS[method]
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    if isinstance(seed, bool) or not hasattr(seed, "__index__") or not 0 <= operator.index(seed) < 2**64:
        raise ValueError(f"svd_truncated: seed must be None or an integer in [0, 2**64), not {seed!r}")
    o.seed = operator.index(seed)
    o.oversamples = 0 if n_oversamples is None else _count(n_oversamples, "n_oversamples")
    o.fixed_iterations = n_iter is not None
    o.n_iter = 0 if n_iter is None else _count(n_iter, "n_iter")
    if tol is None:
        o.tol = 0
    elif isinstance(tol, bool) or not isinstance(tol, numbers.Real):
        raise TypeError(f"svd_truncated: tol must be a float, not {type(tol).__name__}")
    else:
        o.tol = tol
    cdef nd_array *u = NULL
    cdef nd_array *s = NULL
    cdef nd_array *vh = NULL
    cdef nd_status st
    with nogil:
        st = nd_linalg_svd_truncated(x.arr, kk, &o, &u, &s, &vh)
    check(st)
    return SVDResult(wrap(u), wrap(s), wrap(vh))
