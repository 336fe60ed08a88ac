# cython: language_level=3, binding=True, embedsignature=True
"""Linear algebra (include/nd/linalg.h): matmul, tensordot, vecdot, einsum and the
functions of the Array API's linalg extension (nd.linalg)."""
import math
import operator
from collections import namedtuple

from libc.stdint cimport int64_t
from libc.stdlib cimport free, malloc

from nd._c.types cimport *
from nd._c.core cimport *
from nd._c.creation cimport nd_astype, nd_copy
from nd._c.linalg cimport *
from nd._array cimport Array, as_array, wrap
from nd._dtypes cimport to_dtype
from nd._errors cimport check, raise_error
from nd._scalars cimport to_axes, to_axis

EighResult = namedtuple("EighResult", ["eigenvalues", "eigenvectors"])
QRResult = namedtuple("QRResult", ["Q", "R"])
SlogdetResult = namedtuple("SlogdetResult", ["sign", "logabsdet"])
SVDResult = namedtuple("SVDResult", ["U", "S", "Vh"])

ctypedef nd_array *(*mat_fn)(const nd_array *) noexcept nogil
ctypedef nd_array *(*pair_fn)(const nd_array *, const nd_array *) noexcept nogil


cdef object _one(mat_fn fn, object x, str name):
    cdef Array a = as_array(x, name)
    cdef nd_array *r
    with nogil:
        r = fn(a.arr)
    return wrap(r)


cdef object _two(pair_fn fn, object x1, object x2, str name):
    cdef Array a = as_array(x1, name)
    cdef Array b = as_array(x2, name)
    cdef nd_array *r
    with nogil:
        r = fn(a.arr, b.arr)
    return wrap(r)


# ---- main namespace ---------------------------------------------------------------------

def matmul(x1, x2, /, *, dtype=None):
    """NumPy's @: batch axes broadcast, 1-D operands promoted and the added axis removed.
    dtype (NumPy's matmul keyword): computed in that dtype; float16 or bfloat16 operands
    with dtype=nd.float32 are the mixed-precision product (float32 accumulation of the
    16-bit operands, read as they are; a float32 result)."""
    if dtype is None:
        return _two(nd_matmul, x1, x2, "matmul")
    cdef nd_dtype t = to_dtype(dtype)
    cdef Array a = as_array(x1, "matmul")
    cdef Array b = as_array(x2, "matmul")
    cdef nd_array *r
    with nogil:
        r = nd_matmul_dtype(a.arr, b.arr, t)
    return wrap(r)


def tensordot(x1, x2, /, *, axes=2):
    """Contraction over the last `axes` axes of x1 and the first of x2, or over the axis
    pairs axes = (axes of x1, axes of x2)."""
    cdef Array a = as_array(x1, "tensordot")
    cdef Array b = as_array(x2, "tensordot")
    cdef int aa[64]
    cdef int bb[64]
    cdef int n, nb
    cdef nd_array *r
    if isinstance(axes, bool):
        raise TypeError("tensordot: axes must be an integer or a pair of sequences")
    if isinstance(axes, int):
        n = axes
        if n < 0:
            raise ValueError(f"tensordot: axes must be non-negative, not {n}")
        with nogil:
            r = nd_tensordot(a.arr, b.arr, n)
        return wrap(r)
    if not isinstance(axes, (tuple, list)) or len(axes) != 2:
        raise TypeError("tensordot: axes must be an integer or a pair of sequences of axes")
    n = to_axes(tuple(axes[0]) if isinstance(axes[0], (tuple, list)) else (axes[0],), aa)
    nb = to_axes(tuple(axes[1]) if isinstance(axes[1], (tuple, list)) else (axes[1],), bb)
    if n != nb:
        raise ValueError(f"tensordot: the two lists of axes differ in length ({n} and {nb})")
    with nogil:
        r = nd_tensordot_axes(a.arr, b.arr, n, aa, bb)
    return wrap(r)


def vecdot(x1, x2, /, *, axis=-1):
    """sum(conj(x1) * x2) along axis, the other axes broadcast."""
    cdef Array a = as_array(x1, "vecdot")
    cdef Array b = as_array(x2, "vecdot")
    if axis is None:
        raise TypeError("vecdot: axis must be an integer")
    cdef int ax = to_axis(axis)
    cdef nd_array *r
    with nogil:
        r = nd_vecdot(a.arr, b.arr, ax)
    return wrap(r)


cdef nd_array **_operands(tuple operands, int *n) except NULL:
    n[0] = len(operands)
    if n[0] > ND_EINSUM_MAX_OPERANDS:
        raise ValueError(f"einsum: at most {ND_EINSUM_MAX_OPERANDS} operands, got {n[0]}")
    cdef nd_array **p = <nd_array **>malloc(sizeof(nd_array *) * (n[0] + 1))
    if p == NULL:
        raise MemoryError()
    try:
        for i, x in enumerate(operands):
            p[i] = as_array(x, "einsum").arr
    except BaseException:
        free(p)
        raise
    return p


_CASTING = {"no": ND_CAST_NO, "equiv": ND_CAST_NO, "safe": ND_CAST_SAFE,
            "same_kind": ND_CAST_SAME_KIND, "unsafe": ND_CAST_UNSAFE}


def _sublist_label(x, name):
    """A label of NumPy's sublist format: an int (0-51 the letters; beyond, the characters
    opt_einsum uses) or Ellipsis."""
    if x is Ellipsis:
        return "..."
    if isinstance(x, bool) or not isinstance(x, int) or x < 0:
        raise TypeError(f"{name}: sublist labels are non-negative integers or Ellipsis, not {x!r}")
    if x < 52:
        return "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"[x]
    return chr(x + 140)


def _subscripts(args, name):
    """(subscripts, operands) from einsum's two calling forms: a string then the operands,
    or NumPy's interleaved operand, sublist, ..., [output sublist]."""
    if not args:
        raise TypeError(f"{name}: missing the subscripts")
    if isinstance(args[0], str):
        return args[0], args[1:]
    ops, terms = [], []
    i = 0
    while i + 1 < len(args):
        ops.append(args[i])
        terms.append("".join(_sublist_label(x, name) for x in args[i + 1]))
        i += 2
    subs = ",".join(terms)
    if i < len(args):
        subs += "->" + "".join(_sublist_label(x, name) for x in args[i])
    return subs, tuple(ops)


cdef int _options(str name, object optimize, object dtype, object casting,
                  nd_einsum_options *o, int **path) except -1:
    """Fills o from NumPy's keywords; *path gets a malloc'd path (the caller frees it)."""
    o.path = NULL
    o.path_len = 0
    o.optimize = ND_EINSUM_AUTO
    o.dtype = -1
    if casting not in _CASTING:
        raise ValueError(f"{name}: casting must be one of 'no', 'equiv', 'safe', 'same_kind' "
                         f"or 'unsafe', not {casting!r}")
    o.casting = _CASTING[casting]
    if dtype is not None:
        o.dtype = to_dtype(dtype)
    if isinstance(optimize, tuple) and len(optimize) == 2 and isinstance(optimize[0], str):
        optimize = optimize[0]  # (path type, memory limit): nd has no memory limit
    if optimize is True or optimize is False or optimize is None or optimize == "auto":
        return 0
    if isinstance(optimize, str):
        if optimize == "greedy":
            o.optimize = ND_EINSUM_GREEDY
        elif optimize == "optimal":
            o.optimize = ND_EINSUM_OPTIMAL
        else:
            raise ValueError(f"{name}: optimize must be a bool, 'greedy', 'optimal' or a path, "
                             f"not {optimize!r}")
        return 0
    steps = list(optimize)
    if steps and steps[0] == "einsum_path":
        steps = steps[1:]
    flat = []
    for step in steps:
        if isinstance(step, (str, bytes)) or not hasattr(step, "__iter__"):
            raise TypeError(f"{name}: a path is a list of tuples of operand positions, not {step!r}")
        for x in step:
            if isinstance(x, bool) or not isinstance(x, int) or x < 0:
                raise TypeError(f"{name}: path positions are non-negative integers, not {x!r}")
            flat.append(x)
        flat.append(-1)
    path[0] = <int *>malloc(sizeof(int) * (len(flat) + 1))
    if path[0] == NULL:
        raise MemoryError()
    for k, x in enumerate(flat):
        path[0][k] = x
    o.path = path[0]
    o.path_len = len(flat)
    return 0


def einsum(*args, out=None, dtype=None, order="K", casting="safe", optimize=True):
    """einsum(subscripts, *operands, out=None, dtype=None, order='K', casting='safe',
    optimize=True): Einstein summation with NumPy's grammar ("ij,jk->ik", or NumPy's
    interleaved operand, sublist form), contracted pairwise. optimize: True/'auto' (nd's
    search; False too, as nd always contracts pairwise), 'greedy', 'optimal', or a path
    as einsum_path returns it. dtype and casting: NumPy's; out: a result array (its shape
    the result's; the result cast under casting). order: 'K' and 'A' keep the layout the
    contraction produced; 'C' or 'F' copy into that order when it differs."""
    subscripts, operands = _subscripts(args, "einsum")
    if order not in ("K", "A", "C", "F"):
        raise ValueError(f"einsum: order must be one of 'K', 'A', 'C' or 'F', not {order!r}")
    cdef bytes sub = subscripts.encode()
    cdef const char *cs = sub
    cdef int n
    cdef nd_einsum_options o
    cdef int *path = NULL
    cdef nd_array **p = NULL
    cdef nd_array *r = NULL
    cdef nd_status st
    cdef Array target
    try:
        _options("einsum", optimize, dtype, casting, &o, &path)
        p = _operands(operands, &n)
        if out is not None:
            if not isinstance(out, Array):
                raise TypeError(f"einsum: out must be an nd array, not {type(out).__name__}")
            target = out
            with nogil:
                st = nd_einsum_out(target.arr, cs, n, p, &o)
            check(st)
            return out
        with nogil:
            r = nd_einsum_ex(cs, n, p, &o)
    finally:
        free(p)
        free(path)
    cdef nd_array *c
    cdef nd_order want = ND_C if order == "C" else ND_F
    if r != NULL and order in ("C", "F") and not nd_is_contiguous(r, want):
        with nogil:
            c = nd_copy(r, want)
        nd_release(r)
        r = c
    return wrap(r)


def einsum_path(*args, optimize=True, einsum_call=False):
    """The contraction order einsum uses, as NumPy's einsum_path returns it: (["einsum_path",
    (i, j), ...], NumPy's text report: scaling, FLOP counts, the largest intermediate and
    every contraction). optimize as for einsum (True: the order einsum runs by default,
    where NumPy's einsum_path defaults to 'greedy'; 'greedy'; 'optimal'; or a path to
    report on)."""
    subscripts, operands = _subscripts(args, "einsum_path")
    cdef bytes sub = subscripts.encode()
    cdef const char *cs = sub
    cdef int n
    cdef nd_einsum_options o
    cdef int *given = NULL
    cdef nd_array **p = NULL
    cdef int *steps = NULL
    cdef int nsteps = 0
    cdef double flops = 0
    cdef char *text = NULL
    cdef nd_status st
    try:
        _options("einsum_path", optimize, None, "safe", &o, &given)
        p = _operands(operands, &n)
        steps = <int *>malloc(sizeof(int) * (4 * n + 4))
        if steps == NULL:
            raise MemoryError()
        with nogil:
            st = nd_einsum_path_ex(cs, n, p, &o, steps, &nsteps, &flops, &text)
        check(st)
        report = text.decode()
        path = ["einsum_path"]
        for k in range(nsteps):
            i, j = steps[2 * k], steps[2 * k + 1]
            path.append((i,) if j < 0 else (i, j))
        if nsteps == 0:  # one operand: NumPy's path names it alone
            path.append((0,))
    finally:
        free(p)
        free(steps)
        free(given)
        free(text)
    return path, report


# ---- nd.linalg --------------------------------------------------------------------------

def cholesky(x, /, *, upper=False):
    """Cholesky factor of each Hermitian positive-definite matrix (lower, or upper)."""
    cdef Array a = as_array(x, "cholesky")
    cdef bint u = upper
    cdef nd_array *r
    with nogil:
        r = nd_linalg_cholesky(a.arr, u)
    return wrap(r)


def cross(x1, x2, /, *, axis=-1):
    """Cross product of 3-vectors along axis."""
    cdef Array a = as_array(x1, "cross")
    cdef Array b = as_array(x2, "cross")
    cdef int ax = to_axis(axis)
    cdef nd_array *r
    with nogil:
        r = nd_linalg_cross(a.arr, b.arr, ax)
    return wrap(r)


def det(x, /):
    """Determinant of each square matrix."""
    return _one(nd_linalg_det, x, "det")


def diagonal(x, /, *, offset=0):
    """Diagonal `offset` of each matrix (the last two axes), a view."""
    cdef Array a = as_array(x, "diagonal")
    return wrap(nd_linalg_diagonal(a.arr, operator.index(offset)))


def inv(x, /):
    """Inverse of each square matrix."""
    return _one(nd_linalg_inv, x, "inv")


_NORMS = {"fro": ND_NORM_FRO, "nuc": ND_NORM_NUC, math.inf: ND_NORM_INF,
          -math.inf: ND_NORM_NEG_INF, 1: ND_NORM_1, -1: ND_NORM_NEG_1, 2: ND_NORM_2,
          -2: ND_NORM_NEG_2}


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    """Norm of each matrix: 'fro', 'nuc', inf, -inf, 1, -1, 2 or -2."""
    cdef Array a = as_array(x, "matrix_norm")
    if isinstance(ord, bool) or ord not in _NORMS:
        raise ValueError(f"matrix_norm: ord must be 'fro', 'nuc', inf, -inf, 1, -1, 2 or -2, not {ord!r}")
    cdef nd_norm_ord o = _NORMS[ord]
    cdef bint k = keepdims
    cdef nd_array *r
    with nogil:
        r = nd_linalg_matrix_norm(a.arr, k, o)
    return wrap(r)


def matrix_power(x, n, /):
    """x to the integer power n (n < 0: powers of the inverse)."""
    cdef Array a = as_array(x, "matrix_power")
    if isinstance(n, bool):
        raise TypeError("matrix_power: n must be an integer")
    cdef int64_t cn = operator.index(n)
    cdef nd_array *r
    with nogil:
        r = nd_linalg_matrix_power(a.arr, cn)
    return wrap(r)


cdef double _rtol(object rtol, str name) except? -2:
    if rtol is None:
        return -1
    if isinstance(rtol, (int, float)) and not isinstance(rtol, bool):
        return rtol
    raise TypeError(f"{name}: rtol must be a float, not {type(rtol).__name__}")


def matrix_rank(x, /, *, rtol=None):
    """Rank of each matrix: singular values above rtol * max (None: max(M, N) * eps)."""
    cdef Array a = as_array(x, "matrix_rank")
    cdef nd_array *r
    cdef nd_array *ra
    if isinstance(rtol, Array):  # one tolerance per matrix
        ra = (<Array>rtol).arr
        with nogil:
            r = nd_linalg_matrix_rank_rtol(a.arr, ra)
        return wrap(r)
    cdef double t = _rtol(rtol, "matrix_rank")
    with nogil:
        r = nd_linalg_matrix_rank(a.arr, t)
    return wrap(r)


def outer(x1, x2, /):
    """Outer product of two 1-D arrays."""
    return _two(nd_linalg_outer, x1, x2, "outer")


def pinv(x, /, *, rtol=None):
    """Pseudo-inverse of each matrix (rtol None: max(M, N) * eps)."""
    cdef Array a = as_array(x, "pinv")
    cdef nd_array *r
    cdef nd_array *ra
    if isinstance(rtol, Array):  # one tolerance per matrix
        ra = (<Array>rtol).arr
        with nogil:
            r = nd_linalg_pinv_rtol(a.arr, ra)
        return wrap(r)
    cdef double t = _rtol(rtol, "pinv")
    with nogil:
        r = nd_linalg_pinv(a.arr, t)
    return wrap(r)


def qr(x, /, *, mode="reduced"):
    """QR factorisation of each matrix ('reduced' or 'complete')."""
    cdef Array a = as_array(x, "qr")
    if mode not in ("reduced", "complete"):
        raise ValueError(f"qr: mode must be 'reduced' or 'complete', not {mode!r}")
    cdef nd_qr_mode m = ND_QR_REDUCED if mode == "reduced" else ND_QR_COMPLETE
    cdef nd_array *q = NULL
    cdef nd_array *r = NULL
    cdef nd_status st
    with nogil:
        st = nd_linalg_qr(a.arr, m, &q, &r)
    check(st)
    return QRResult(wrap(q), wrap(r))


def slogdet(x, /):
    """Sign and log|det| of each square matrix."""
    cdef Array a = as_array(x, "slogdet")
    cdef nd_array *s = NULL
    cdef nd_array *l = NULL
    cdef nd_status st
    with nogil:
        st = nd_linalg_slogdet(a.arr, &s, &l)
    check(st)
    return SlogdetResult(wrap(s), wrap(l))


def svd(x, /, *, full_matrices=True):
    """U, S, Vh of each matrix (S descending)."""
    cdef Array a = as_array(x, "svd")
    cdef bint f = full_matrices
    cdef nd_array *u = NULL
    cdef nd_array *s = NULL
    cdef nd_array *vh = NULL
    cdef nd_status st
    with nogil:
        st = nd_linalg_svd(a.arr, f, &u, &s, &vh)
    check(st)
    return SVDResult(wrap(u), wrap(s), wrap(vh))


def svdvals(x, /):
    """Singular values of each matrix, descending."""
    return _one(nd_linalg_svdvals, x, "svdvals")


def trace(x, /, *, offset=0, dtype=None):
    """Sum of diagonal `offset` of each matrix (dtype: convert first and sum in it)."""
    cdef Array a = as_array(x, "trace")
    cdef int64_t off = operator.index(offset)
    cdef nd_array *r
    cdef Array c
    if dtype is not None and to_dtype(dtype) != nd_dtype_of(a.arr):
        c = wrap(nd_astype(a.arr, to_dtype(dtype)))
        with nogil:
            r = nd_linalg_trace(c.arr, off)
        return wrap(r)
    with nogil:
        r = nd_linalg_trace(a.arr, off)
    return wrap(r)


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    """(sum |x|^ord)^(1/ord) over axis (None: all); ord inf, -inf and 0 as NumPy."""
    cdef Array a = as_array(x, "vector_norm")
    cdef int axes[64]
    cdef int n = to_axes(axis, axes)
    if isinstance(ord, bool) or not isinstance(ord, (int, float)):
        raise TypeError(f"vector_norm: ord must be a number, not {type(ord).__name__}")
    cdef double o = ord
    cdef bint k = keepdims
    cdef nd_array *r
    with nogil:
        r = nd_linalg_vector_norm(a.arr, n, axes, k, o)
    return wrap(r)
