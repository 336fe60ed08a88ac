# NumPy's creation functions by NumPy's signatures (part of nd._numpy_functions, included
# there): order=, like= (dispatched here by NumPy), *_like with shape=, array with ndmin=.

def array(object, dtype=None, *, copy=True, order="K", subok=False, ndmin=0, like=None):
    """NumPy's array: a copy of object (copy=None: only if needed, copy=False: never), in
    order, with at least ndmin dimensions."""
    x = _asarray(object, dtype=dtype, copy=copy)
    if order in ("C", "F") and not nd_is_contiguous((<Array>x).arr, to_order(order, "array")):
        if copy is False:
            raise ValueError(f"array: copy=False, but order {order!r} needs a copy")
        x = wrap(nd_copy((<Array>x).arr, to_order(order, "array")))
    if ndmin > x.ndim:
        x = reshape(x, (1,) * (ndmin - x.ndim) + x.shape)
    return x


def asarray(a, dtype=None, order=None, *, device=None, copy=None, like=None):
    """NumPy's asarray (NumPy arrays stay in place; order 'C' or 'F' copies if needed)."""
    return array(a, dtype, copy=copy, order=order if order is not None else "K")


def asanyarray(a, dtype=None, order=None, *, device=None, copy=None, like=None):
    return asarray(a, dtype, order, copy=copy)


def ascontiguousarray(a, dtype=None, *, like=None):
    """A C-contiguous array of at least one dimension (a itself when it is one)."""
    x = arr(a) if dtype is None else _astype(arr(a), dtype, copy=False)
    if x.ndim == 0:
        x = reshape(x, (1,))
    return wrap(nd_ascontiguous((<Array>x).arr, ND_C))


def asfortranarray(a, dtype=None, *, like=None):
    """An F-contiguous array of at least one dimension (a itself when it is one)."""
    x = arr(a) if dtype is None else _astype(arr(a), dtype, copy=False)
    if x.ndim == 0:
        x = reshape(x, (1,))
    return wrap(nd_ascontiguous((<Array>x).arr, ND_F))


def ascontiguous(a, order):
    """a contiguous in order (itself if it is), for tobytes."""
    x = arr(a)
    if order == "K" or order == "A":
        order = "F" if nd_is_contiguous(x.arr, ND_F) and not nd_is_contiguous(x.arr, ND_C) else "C"
    return wrap(nd_ascontiguous(x.arr, to_order(order, "tobytes")))


def copy(a, order="K", subok=False):
    """A copy in order (NumPy's function: 'K', keeping the layout; the method: 'C')."""
    cdef Array x_a = arr(a)
    return wrap(nd_copy(x_a.arr, to_order(order, "copy")))


def astype(a, dtype, order="K", casting="unsafe", copy=True):
    """a converted to dtype, checked against casting."""
    x = arr(a)
    check_cast(x.dtype, dtype, casting, "astype")
    if not copy and x.dtype == dtype and (order in ("K", "A") or
                                         is_contiguous(x, order)):
        return x
    r = _astype(x, dtype)
    if order in ("C", "F") and not nd_is_contiguous((<Array>r).arr, to_order(order, "astype")):
        r = wrap(nd_copy((<Array>r).arr, to_order(order, "astype")))
    return r


cdef Array _alloc(object shape, object dtype, object order, str what):
    cdef int64_t sh[64]
    cdef int n = to_shape(shape, sh)
    return wrap(nd_empty(ND_FLOAT64 if dtype is None else to_dtype(dtype), n, sh,
                         ND_C if order == "C" else to_order(order, what)))


def empty(shape, dtype=None, order="C", *, device=None, like=None):
    """An uninitialised array (order 'C' or 'F')."""
    return _alloc(shape, dtype, order, "empty")


def zeros(shape, dtype=None, order="C", *, device=None, like=None):
    """Zeros (order 'C' or 'F')."""
    r = _alloc(shape, dtype, order, "zeros")
    r[...] = 0
    return r


def ones(shape, dtype=None, order="C", *, device=None, like=None):
    """Ones (order 'C' or 'F')."""
    r = _alloc(shape, dtype, order, "ones")
    r[...] = 1
    return r


cdef object _fill_value(object v):
    # a NumPy scalar or 0-d array fills with its value, its dtype the default
    if is_scalar(v):
        return v, None
    x = arr(v)
    if x.ndim != 0:
        raise ValueError(f"full: fill_value must be a scalar, not an array of shape {x.shape}")
    return x.item(), x.dtype


def full(shape, fill_value, dtype=None, order="C", *, device=None, like=None):
    """fill_value in shape (dtype: fill_value's, as NumPy's)."""
    v, t = _fill_value(fill_value)
    r = _full(shape, v, dtype=dtype if dtype is not None else t)
    return r if order != "F" else copy(r, "F")


def _like(prototype, dtype, order, shape, str what):
    x = arr(prototype)
    if shape is None and dtype is None:
        return wrap(nd_empty_like(x.arr, to_order(order, what)))
    shp = x.shape if shape is None else (tuple(shape) if isinstance(shape, (tuple, list)) else (shape,))
    if order in ("K", "A") and shape is None and nd_is_contiguous(x.arr, ND_F) and not nd_is_contiguous(x.arr, ND_C):
        order = "F"
    return _alloc(shp, x.dtype if dtype is None else dtype, "F" if order == "F" else "C", what)


def empty_like(prototype, dtype=None, order="K", subok=True, shape=None, *, device=None):
    """An uninitialised array like prototype (its shape, dtype and layout unless given)."""
    return _like(prototype, dtype, order, shape, "empty_like")


def zeros_like(a, dtype=None, order="K", subok=True, shape=None, *, device=None):
    """Zeros like a."""
    r = _like(a, dtype, order, shape, "zeros_like")
    r[...] = 0
    return r


def ones_like(a, dtype=None, order="K", subok=True, shape=None, *, device=None):
    """Ones like a."""
    r = _like(a, dtype, order, shape, "ones_like")
    r[...] = 1
    return r


def full_like(a, fill_value, dtype=None, order="K", subok=True, shape=None, *, device=None):
    """fill_value in an array like a (converted to a's dtype unless dtype is given)."""
    r = _like(a, dtype, order, shape, "full_like")
    r[...] = _fill_value(fill_value)[0]
    return r


def eye(N, M=None, k=0, dtype=float, order="C", *, device=None, like=None):
    """Ones on diagonal k of an N x M matrix."""
    r = _eye(N, M, k=k, dtype=dtype if dtype is not None else float)
    return r if order != "F" else copy(r, "F")


def identity(n, dtype=None, *, like=None):
    """The n x n identity."""
    return _eye(n, dtype=dtype if dtype is not None else float)


def arange(start_or_stop, stop=None, step=None, dtype=None, *, device=None, like=None):
    """NumPy's arange (exact for integers)."""
    if stop is None:
        return _arange(start_or_stop, step=1 if step is None else step, dtype=dtype)
    return _arange(start_or_stop, stop, 1 if step is None else step, dtype=dtype)


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0, *, device=None):
    """num values from start to stop; retstep also returns the spacing."""
    if axis != 0:
        raise TypeError("linspace: axis= is for array start and stop, which nd's linspace does not take")
    r = _linspace(start, stop, num, dtype=dtype, endpoint=endpoint)
    if not retstep:
        return r
    div = (num - 1) if endpoint else num
    s, e = (arr(v).item() if not is_scalar(v) else v for v in (start, stop))
    return r, ((e - s) / div if div > 0 else math.nan)


