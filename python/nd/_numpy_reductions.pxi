# NumPy's reductions by NumPy's signatures (part of nd._numpy_functions, included there):
# axis first and positional, out=, keepdims=, initial= and where= as NumPy has them,
# cumsum and cumprod flattening for axis None, ddof for the standard's correction, and the
# nan-functions (NaNs skipped), over nd's reductions.

cdef object _keep(object keepdims):
    return bool(keepdims) if given(keepdims) else False


cdef object _masked(Array x, object where, object fill):
    """x with fill where the mask where= is false (where= not given: x)."""
    if not given(where) or where is True:
        return x
    return _where(arr(where), x, fill)


cdef object _with_initial(object r, object initial, object combine):
    if not given(initial):
        return r
    v = initial if is_scalar(initial) else _astype(arr(initial), r.dtype)
    return combine(r, v)


def sum(a, axis=None, dtype=None, out=None, keepdims=_NoValue, initial=_NoValue, where=_NoValue):
    """Sum over axis (int, tuple or None); initial is added, where= masks elements out."""
    x = _masked(arr(a), where, False if arr(a).dtype.kind == "b" else 0)
    r = _sum(x, axis=axis, dtype=dtype, keepdims=_keep(keepdims))
    return to_out(_with_initial(r, initial, lambda r, v: r + v), out, "sum")


def prod(a, axis=None, dtype=None, out=None, keepdims=_NoValue, initial=_NoValue, where=_NoValue):
    """Product over axis; initial multiplies, where= masks elements out."""
    x = _masked(arr(a), where, True if arr(a).dtype.kind == "b" else 1)
    r = _prod(x, axis=axis, dtype=dtype, keepdims=_keep(keepdims))
    return to_out(_with_initial(r, initial, lambda r, v: r * v), out, "prod")


cdef object _mean_dtype(Array x, object dtype):
    if dtype is not None:
        return dtype_obj(to_dtype(dtype))
    return dtype_obj(ND_FLOAT64) if x.dtype.kind in "biu" else x.dtype


def mean(a, axis=None, dtype=None, out=None, keepdims=_NoValue, *, where=_NoValue):
    """Arithmetic mean over axis (integers: float64, float32 stays float32); where= counts
    only the selected elements."""
    x = arr(a)
    t = _mean_dtype(x, dtype)
    if not given(where) or where is True:
        if t != x.dtype:
            x = _astype(x, t)
        return to_out(_mean(x, axis=axis, keepdims=_keep(keepdims)), out, "mean")
    m = _astype(arr(where), "bool") if arr(where).dtype.kind != "b" else arr(where)
    s = _sum(_where(m, _astype(x, t, copy=False), 0), axis=axis, keepdims=_keep(keepdims))
    n = _count_nonzero(_broadcast(m, x.shape), axis=axis, keepdims=_keep(keepdims))
    real_t = "float32" if t in ("float32", "complex64") else "float64"
    return to_out(s / _astype(n, real_t), out, "mean")


def _broadcast(m, shape):
    import nd
    return nd.broadcast_to(m, shape)


cdef object _correction(object ddof, object correction, str what):
    if given(correction):
        if ddof != 0:
            raise ValueError(f"{what}: ddof and correction can't be provided simultaneously")
        return correction
    return ddof


def _stat(f, a, axis, dtype, out, ddof, keepdims, where, mean, correction, str what):
    if given(where) and where is not True:
        raise TypeError(f"{what}: where= is not supported by nd")
    if given(mean) and mean is not None:
        raise TypeError(f"{what}: mean= is not supported by nd")
    x = arr(a)
    if dtype is not None:
        x = _astype(x, dtype, copy=False)
    return to_out(f(x, axis=axis, correction=_correction(ddof, correction, what),
                    keepdims=_keep(keepdims)), out, what)


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=_NoValue, *, where=_NoValue,
        mean=_NoValue, correction=_NoValue):
    """Standard deviation over axis, dividing by N - ddof."""
    return _stat(_std, a, axis, dtype, out, ddof, keepdims, where, mean, correction, "std")


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=_NoValue, *, where=_NoValue,
        mean=_NoValue, correction=_NoValue):
    """Variance over axis, dividing by N - ddof."""
    return _stat(_var, a, axis, dtype, out, ddof, keepdims, where, mean, correction, "var")


def _extreme(f, combine, a, axis, out, keepdims, initial, where, str what):
    x = arr(a)
    if given(where) and where is not True:
        if not given(initial):
            raise ValueError(f"{what}: reduction operation '{what}' does not have an identity, "
                             f"so to use a where mask one has to specify 'initial'")
        x = _where(arr(where), x, initial)
    if given(initial):
        axes = _axes_tuple(axis, x.ndim)
        if builtins.any(x.shape[i] == 0 for i in axes):
            shp = tuple(1 if i in axes else s for i, s in enumerate(x.shape))
            r = full(shp, initial, dtype=x.dtype)
            return to_out(r if _keep(keepdims) else _squeeze(r, axes), out, what)
    r = f(x, axis=axis, keepdims=_keep(keepdims))
    return to_out(_with_initial(r, initial, combine), out, what)


def max(a, axis=None, out=None, keepdims=_NoValue, initial=_NoValue, where=_NoValue):
    """Largest element over axis (NaN propagates); initial takes part, where= masks."""
    return _extreme(_max, _maximum, a, axis, out, keepdims, initial, where, "max")


def min(a, axis=None, out=None, keepdims=_NoValue, initial=_NoValue, where=_NoValue):
    """Smallest element over axis (NaN propagates); initial takes part, where= masks."""
    return _extreme(_min, _minimum, a, axis, out, keepdims, initial, where, "min")


amax = max
amin = min


def argmax(a, axis=None, out=None, *, keepdims=_NoValue):
    """int64 index of the first largest element (axis None: of the flattened array)."""
    return to_out(_argmax(arr(a), axis=axis, keepdims=_keep(keepdims)), out, "argmax")


def argmin(a, axis=None, out=None, *, keepdims=_NoValue):
    """int64 index of the first smallest element (axis None: of the flattened array)."""
    return to_out(_argmin(arr(a), axis=axis, keepdims=_keep(keepdims)), out, "argmin")


def any(a, axis=None, out=None, keepdims=_NoValue, *, where=_NoValue):
    """Whether any element over axis is nonzero."""
    x = _masked(arr(a), where, False)
    return to_out(_any(x, axis=axis, keepdims=_keep(keepdims)), out, "any")


def all(a, axis=None, out=None, keepdims=_NoValue, *, where=_NoValue):
    """Whether every element over axis is nonzero."""
    x = _masked(arr(a), where, True)
    return to_out(_all(x, axis=axis, keepdims=_keep(keepdims)), out, "all")


def count_nonzero(a, axis=None, *, keepdims=False):
    """Number of nonzero elements over axis (int64)."""
    return _count_nonzero(arr(a), axis=axis, keepdims=keepdims)


def cumsum(a, axis=None, dtype=None, out=None):
    """Running sum along axis (None: of the flattened array)."""
    x = arr(a)
    if axis is None:
        x, axis = ravel(x), 0
    return to_out(_cumsum(x, axis=axis, dtype=dtype), out, "cumsum")


def cumprod(a, axis=None, dtype=None, out=None):
    """Running product along axis (None: of the flattened array)."""
    x = arr(a)
    if axis is None:
        x, axis = ravel(x), 0
    return to_out(_cumprod(x, axis=axis, dtype=dtype), out, "cumprod")


# ---- the nan-functions: NaNs skipped -------------------------------------------------------

cdef object _nan_filled(object a, object fill):
    x = arr(a)
    return _where(_isnan(x), fill, x) if x.dtype.kind in "fc" else x


def nansum(a, axis=None, dtype=None, out=None, keepdims=_NoValue, initial=_NoValue, where=_NoValue):
    """sum with NaNs counted as zero."""
    return sum(_nan_filled(a, 0), axis, dtype, out, keepdims, initial, where)


def nanprod(a, axis=None, dtype=None, out=None, keepdims=_NoValue, initial=_NoValue, where=_NoValue):
    """prod with NaNs counted as one."""
    return prod(_nan_filled(a, 1), axis, dtype, out, keepdims, initial, where)


def nancumsum(a, axis=None, dtype=None, out=None):
    """cumsum with NaNs counted as zero."""
    return cumsum(_nan_filled(a, 0), axis, dtype, out)


def nancumprod(a, axis=None, dtype=None, out=None):
    """cumprod with NaNs counted as one."""
    return cumprod(_nan_filled(a, 1), axis, dtype, out)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=_NoValue, *, where=_NoValue):
    """The mean of the elements that are not NaN (NaN where there are none)."""
    x = arr(a)
    if x.dtype.kind not in "fc":
        return mean(x, axis, dtype, out, keepdims, where=where)
    keep = _not(_isnan(x))
    if given(where) and where is not True:
        keep = keep & arr(where)
    return mean(x, axis, dtype, out, keepdims, where=keep)


def _nanstat(a, axis, dtype, out, ddof, keepdims, where, mean, correction, bint root, str what):
    x = arr(a)
    if x.dtype.kind not in "fc":
        return _stat(_std if root else _var, x, axis, dtype, out, ddof, keepdims, where, mean,
                     correction, what)
    if given(where) and where is not True:
        raise TypeError(f"{what}: where= is not supported by nd")
    if dtype is not None:
        x = _astype(x, dtype, copy=False)
    c = _correction(ddof, correction, what)
    nan = _isnan(x)
    m = nanmean(x, axis, keepdims=True)
    d = _abs(_where(nan, 0, x - m))
    n = _count_nonzero(_not(nan), axis=axis, keepdims=_keep(keepdims))
    dof = _astype(n, "float32" if x.dtype in ("float32", "complex64") else "float64") - c
    r = _sum(d * d, axis=axis, keepdims=_keep(keepdims)) / _maximum(dof, 0)
    r = _where(dof <= 0, math.nan, r)
    if root:
        import nd
        r = nd.sqrt(r)
    return to_out(r, out, what)


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=_NoValue, *, where=_NoValue,
           mean=_NoValue, correction=_NoValue):
    """The variance of the elements that are not NaN (NaN where N - ddof <= 0)."""
    return _nanstat(a, axis, dtype, out, ddof, keepdims, where, mean, correction, False, "nanvar")


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=_NoValue, *, where=_NoValue,
           mean=_NoValue, correction=_NoValue):
    """The standard deviation of the elements that are not NaN."""
    return _nanstat(a, axis, dtype, out, ddof, keepdims, where, mean, correction, True, "nanstd")


def _nanextreme(f, fill, a, axis, out, keepdims, initial, where, str what):
    x = arr(a)
    if x.dtype.kind not in "fc":
        return f(x, axis, out, keepdims, initial, where)
    nan = _isnan(x)
    r = f(_where(nan, fill, x), axis, None, keepdims, initial, where)
    r = _where(_all(nan, axis=axis, keepdims=_keep(keepdims)), math.nan, r)
    return to_out(r, out, what)


def nanmax(a, axis=None, out=None, keepdims=_NoValue, initial=_NoValue, where=_NoValue):
    """The largest element that is not NaN (NaN where all are)."""
    return _nanextreme(max, -math.inf, a, axis, out, keepdims, initial, where, "nanmax")


def nanmin(a, axis=None, out=None, keepdims=_NoValue, initial=_NoValue, where=_NoValue):
    """The smallest element that is not NaN (NaN where all are)."""
    return _nanextreme(min, math.inf, a, axis, out, keepdims, initial, where, "nanmin")


def _nanarg(f, fill, a, axis, out, keepdims, str what):
    x = arr(a)
    if x.dtype.kind in "fc":
        nan = _isnan(x)
        if bool(_any(_all(nan, axis=axis))):
            raise ValueError(f"{what}: All-NaN slice encountered")
        x = _where(nan, fill, x)
    return to_out(f(x, axis=axis, keepdims=_keep(keepdims)), out, what)


def nanargmax(a, axis=None, out=None, *, keepdims=_NoValue):
    """argmax of the elements that are not NaN (an all-NaN slice is a ValueError)."""
    return _nanarg(_argmax, -math.inf, a, axis, out, keepdims, "nanargmax")


def nanargmin(a, axis=None, out=None, *, keepdims=_NoValue):
    """argmin of the elements that are not NaN (an all-NaN slice is a ValueError)."""
    return _nanarg(_argmin, math.inf, a, axis, out, keepdims, "nanargmin")
