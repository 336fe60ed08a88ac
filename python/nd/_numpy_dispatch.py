"""The tables of NumPy's dispatch protocols on nd arrays (NEP 13 __array_ufunc__, NEP 18
__array_function__): which nd function computes each NumPy ufunc and function. Loaded by
nd.Array's protocol methods (nd._numpy_methods) on the first call, which NumPy makes, so
NumPy is imported here and nowhere at nd's import.

Adding a ufunc is one entry of UFUNCS (NumPy's name: nd's function); adding a function is
its name in one of the lists below plus, where nd's signature differs from NumPy's, the
function of that name with NumPy's signature in nd._numpy_functions or
nd._numpy_submodules. What is not in the tables returns NotImplemented, and NumPy raises
a TypeError naming the ufunc or function: nd never hands back a silent NumPy result."""
import numpy as np

import nd
from nd import _numpy_functions as F
from nd import _numpy_submodules as S

# ---- ufuncs ----------------------------------------------------------------------------------


def _real_only(f, name):
    def ufunc(x, /):
        if F.iscomplexobj(x):
            raise TypeError(f"{name}: complex input is not supported (NumPy's {name} is real)")
        return f(x)
    ufunc.__name__ = name
    return ufunc


def _scaled(factor, name):
    def ufunc(x, /):
        x = F.asarray(x)
        return x * factor if x.dtype.kind in "fc" else F.astype(x, "float64") * factor
    ufunc.__name__ = name
    return ufunc


def _truth(f, name):
    # NumPy's logical ufuncs take numbers by their truth; nd's (the standard's) take bool
    def ufunc(*xs):
        return f(*[bool(x) if isinstance(x, (bool, int, float, complex)) else
                   (x if F.asarray(x).dtype == nd.bool else F.asarray(x) != 0) for x in xs])
    ufunc.__name__ = name
    return ufunc


def exp2(x, /):
    """2 ** x, in x's float dtype (integers: float64)."""
    x = F.asarray(x)
    return nd.pow(2.0, x if x.dtype.kind in "fc" else F.astype(x, "float64"))


def divmod_(x1, x2, /):
    """(x1 // x2, x1 % x2), NumPy's divmod ufunc."""
    return nd.floor_divide(x1, x2), nd.remainder(x1, x2)


def _nan_ignoring(f, name):
    # NumPy's fmax and fmin: f of each pair, but a NaN loses to a number
    def ufunc(x1, x2, /):
        r = f(x1, x2)
        x1, x2 = (F.asarray(x, dtype=r.dtype) if isinstance(x, (int, float, complex)) else x
                  for x in (x1, x2))
        return nd.where(nd.isnan(x2), x1, nd.where(nd.isnan(x1), x2, r))
    ufunc.__name__ = name
    return ufunc


def float_power(x1, x2, /):
    """x1 ** x2 in float64 (complex128 for complex operands)."""
    t = "complex128" if F.iscomplexobj(x1) or F.iscomplexobj(x2) or isinstance(x1, complex) \
        or isinstance(x2, complex) else "float64"
    return nd.pow(x1 if isinstance(x1, (int, float, complex)) else F.astype(x1, t),
                  x2 if isinstance(x2, (int, float, complex)) else F.astype(x2, t))


def vecdot(x1, x2, /, axis=-1):
    return nd.vecdot(x1, x2, axis=axis)


UFUNCS = {
    # one operand
    "absolute": nd.abs, "negative": nd.negative, "positive": nd.positive, "square": nd.square,
    "reciprocal": nd.reciprocal, "sign": nd.sign, "conjugate": nd.conj, "exp": nd.exp,
    "expm1": nd.expm1, "log": nd.log, "log1p": nd.log1p, "log2": nd.log2, "log10": nd.log10,
    "sqrt": nd.sqrt, "sin": nd.sin, "cos": nd.cos, "tan": nd.tan, "arcsin": nd.asin,
    "arccos": nd.acos, "arctan": nd.atan, "sinh": nd.sinh, "cosh": nd.cosh, "tanh": nd.tanh,
    "arcsinh": nd.asinh, "arccosh": nd.acosh, "arctanh": nd.atanh, "floor": nd.floor,
    "ceil": nd.ceil, "trunc": nd.trunc, "rint": nd.round, "isnan": nd.isnan, "isinf": nd.isinf,
    "isfinite": nd.isfinite, "signbit": nd.signbit, "invert": nd.bitwise_invert,
    "logical_not": _truth(nd.logical_not, "logical_not"), "fabs": _real_only(nd.abs, "fabs"), "exp2": exp2,
    "degrees": _scaled(180 / np.pi, "degrees"), "rad2deg": _scaled(180 / np.pi, "rad2deg"),
    "radians": _scaled(np.pi / 180, "radians"), "deg2rad": _scaled(np.pi / 180, "deg2rad"),
    # two operands
    "add": nd.add, "subtract": nd.subtract, "multiply": nd.multiply, "divide": nd.divide,
    "floor_divide": nd.floor_divide, "remainder": nd.remainder, "power": nd.pow,
    "equal": nd.equal, "not_equal": nd.not_equal, "less": nd.less, "less_equal": nd.less_equal,
    "greater": nd.greater, "greater_equal": nd.greater_equal, "maximum": nd.maximum,
    "minimum": nd.minimum, "arctan2": nd.atan2, "hypot": nd.hypot, "copysign": nd.copysign,
    "nextafter": nd.nextafter, "logaddexp": nd.logaddexp, "bitwise_and": nd.bitwise_and,
    "bitwise_or": nd.bitwise_or, "bitwise_xor": nd.bitwise_xor,
    "left_shift": nd.bitwise_left_shift, "right_shift": nd.bitwise_right_shift,
    "logical_and": _truth(nd.logical_and, "logical_and"),
    "logical_or": _truth(nd.logical_or, "logical_or"),
    "logical_xor": _truth(nd.logical_xor, "logical_xor"),
    "fmax": _nan_ignoring(nd.maximum, "fmax"), "fmin": _nan_ignoring(nd.minimum, "fmin"), "float_power": float_power, "divmod": divmod_,
    "matmul": nd.matmul, "vecdot": vecdot,
}
# ufunc -> nd function (NumPy ufuncs missing from an older NumPy are left out)
UFUNC_CALLS = {getattr(np, name): f for name, f in UFUNCS.items() if hasattr(np, name)}

# ufunc.reduce and ufunc.accumulate, with NumPy's keywords (default axis 0)
REDUCE = {np.add: F.sum, np.multiply: F.prod, np.maximum: F.max, np.minimum: F.min,
          np.logical_and: F.all, np.logical_or: F.any}
ACCUMULATE = {np.add: F.cumsum, np.multiply: F.cumprod}

def _known(x):
    # nd's arrays, NumPy's, Python and NumPy scalars; others (dask, xarray, masked arrays)
    # have their own protocols and get their turn when nd declines
    return type(x) in (np.ndarray, bool, int, float, complex) or isinstance(x, (nd.Array, np.generic))


def array_ufunc(ufunc, method, inputs, kwargs):
    """NEP 13's __array_ufunc__ with keywords or methods (the plain call is nd._numpy_methods'
    fast path): out=, where=, dtype=, casting=, order=, subok=; reduce and accumulate."""
    kwargs = dict(kwargs)
    out = kwargs.pop("out", None)
    where = kwargs.get("where", True)
    if not all(_known(x) for x in inputs + (out or ()) + (where,)):
        return NotImplemented
    if method == "__call__":
        return _call(ufunc, inputs, out, kwargs)
    if method in ("reduce", "accumulate") and len(inputs) == 1:
        f = (REDUCE if method == "reduce" else ACCUMULATE).get(ufunc)
        if f is None or kwargs.get("where", True) is not True and method == "accumulate":
            return NotImplemented
        kwargs.setdefault("axis", 0)
        if out is not None:
            kwargs["out"] = out
        if f in (F.max, F.min, F.all, F.any) and "dtype" in kwargs:
            dtype = kwargs.pop("dtype")
            if dtype is not None:
                return NotImplemented
        return f(inputs[0], **kwargs)
    return NotImplemented  # outer, at, reduceat


def _call(ufunc, inputs, out, kwargs):
    f = UFUNC_CALLS.get(ufunc)
    if f is None:
        return NotImplemented
    where = kwargs.pop("where", True)
    dtype = kwargs.pop("dtype", None)
    casting = kwargs.pop("casting", "same_kind")
    if kwargs.pop("order", "K") not in ("K", "A", "C", "F") or kwargs.pop("subok", True) is not True:
        return NotImplemented
    if kwargs.pop("signature", None) is not None:
        return NotImplemented
    if ufunc is getattr(np, "vecdot", None) and set(kwargs) <= {"axis"}:
        pass
    elif kwargs:
        return NotImplemented  # gufunc axes/axis/keepdims
    if dtype is not None:
        args = []
        for x in inputs:
            if isinstance(x, (bool, int, float, complex)) and type(x) in (bool, int, float, complex):
                args.append(x)
                continue
            x = F.asarray(x)
            F.check_cast(x.dtype, dtype, casting, ufunc.__name__)
            args.append(F.astype(x, dtype, copy=False))
        inputs = tuple(args)
    r = f(*inputs, **kwargs)
    if out is None:
        return r
    results = r if isinstance(r, tuple) else (r,)
    if len(out) != len(results):
        raise ValueError(f"{ufunc.__name__}: {len(out)} out arrays for {len(results)} results")
    for o, res in zip(out, results):
        if o is None:
            continue
        target = F.out_array(o, ufunc.__name__)
        F.check_cast(res.dtype, target.dtype, casting, ufunc.__name__)
        if where is not True:
            res = nd.where(F.asarray(where), res, target)
        target[...] = res
    given = tuple(o if o is not None else res for o, res in zip(out, results))
    return given if isinstance(r, tuple) else given[0]


# ---- functions -------------------------------------------------------------------------------

# NumPy's functions nd implements with NumPy's signature, by name: np.<name> is computed by
# nd._numpy_functions.<name>
NUMPY_NAMES = (
    # creation
    "array", "asarray", "asanyarray", "ascontiguousarray", "asfortranarray", "copy", "empty",
    "zeros", "ones", "full", "empty_like", "zeros_like", "ones_like", "full_like", "eye",
    "identity", "arange", "linspace",
    # what an array is
    "shape", "ndim", "size", "result_type", "iscomplexobj", "isrealobj", "iscomplex", "isreal",
    "may_share_memory", "shares_memory",
    # shape, layout, joining, selecting
    "transpose", "swapaxes", "moveaxis", "reshape", "ravel", "squeeze", "expand_dims",
    "broadcast_to", "broadcast_arrays", "atleast_1d", "atleast_2d", "atleast_3d", "concatenate",
    "stack", "vstack", "hstack", "split", "array_split", "flip", "roll", "tile", "repeat",
    "tril", "triu", "diagonal", "diag", "trace", "take", "take_along_axis", "where", "nonzero",
    "clip", "round", "around", "real", "imag", "sort", "argsort", "searchsorted", "unique",
    "diff", "meshgrid",
    # products
    "dot", "vdot", "inner", "outer", "kron", "tensordot", "einsum",
    # reductions
    "sum", "prod", "mean", "std", "var", "max", "min", "amax", "amin", "argmax", "argmin",
    "any", "all", "count_nonzero", "cumsum", "cumprod", "cumulative_sum", "cumulative_prod",
    "nansum", "nanprod", "nanmean", "nanstd", "nanvar", "nanmax", "nanmin", "nanargmax",
    "nanargmin", "nancumsum", "nancumprod",
    # comparisons
    "allclose", "isclose", "array_equal", "array_equiv",
)
# np.linalg.<name> and np.fft.<name>, computed by nd._numpy_submodules.linalg_<name> and
# fft_<name>
LINALG_NAMES = ("norm", "svd", "svdvals", "qr", "eigh", "eigvalsh", "inv", "det", "slogdet",
                "solve", "cholesky", "matrix_power", "matrix_rank", "pinv", "multi_dot",
                "matrix_norm", "vector_norm", "trace", "diagonal", "outer", "cross", "tensordot",
                "vecdot", "matmul", "matrix_transpose")
FFT_NAMES = ("fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn", "hfft",
             "ihfft", "fft2", "ifft2", "rfft2", "irfft2", "fftfreq", "rfftfreq", "fftshift",
             "ifftshift")


def _table():
    table = {}
    for name in NUMPY_NAMES:
        if hasattr(np, name):
            table[getattr(np, name)] = getattr(F, name)
    for name in LINALG_NAMES:
        if hasattr(np.linalg, name):
            table[getattr(np.linalg, name)] = getattr(S, "linalg_" + name)
    if hasattr(nd, "fft"):
        for name in FFT_NAMES:
            table[getattr(np.fft, name)] = getattr(S, "fft_" + name)
    return table


FUNCTIONS = _table()
