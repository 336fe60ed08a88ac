# NumPy's shape, layout, joining and selecting functions by NumPy's signatures (part of
# nd._numpy_functions, included there): positional axes, NumPy's defaults (trace and
# diagonal on axes 0 and 1, squeeze of every unit axis), splits, out=.

def transpose(a, axes=None):
    """The axes reversed (axes None) or permuted (a view)."""
    x = arr(a)
    if axes is None:
        return x.T
    axes = tuple(axes)
    if len(axes) != x.ndim:
        raise ValueError(f"transpose: axes don't match array ({len(axes)} axes for an array of "
                         f"dimension {x.ndim})")
    return _permute(x, axes)


def swapaxes(a, axis1, axis2):
    """Axes axis1 and axis2 exchanged (a view)."""
    cdef Array x_a = arr(a)
    return wrap(nd_swapaxes(x_a.arr, to_axis(axis1), to_axis(axis2)))


def reshape(a, shape=None, order="C", *, newshape=None, copy=None):
    """a in a new shape, its elements read in order 'C', 'F' or 'A': a view where strides
    can express it, else a copy (copy=False: never a copy, copy=True: always)."""
    cdef Array x = arr(a)
    cdef int64_t sh[64]
    if shape is None:
        shape = newshape
    if shape is None:
        raise TypeError("reshape: a shape is required")
    cdef int n = to_shape(shape, sh)
    cdef nd_order o = to_order(order, "reshape")
    if o == ND_K:
        raise ValueError("reshape: order 'K' is not allowed")
    if copy is False:
        return wrap(nd_reshape_view(x.arr, n, sh, o))
    if copy:
        x = wrap(nd_copy(x.arr, ND_C if o == ND_C else ND_F if o == ND_F else ND_A))
    return wrap(nd_reshape(x.arr, n, sh, o))


def ravel(a, order="C"):
    """1-D in order 'C', 'F', 'A' or 'K': a view where the layout allows."""
    cdef Array x_a = arr(a)
    return wrap(nd_ravel(x_a.arr, to_order(order, "ravel")))


def flatten(a, order="C"):
    """A 1-D copy in order 'C', 'F', 'A' or 'K'."""
    cdef Array x_a = arr(a)
    return wrap(nd_flatten(x_a.arr, to_order(order, "flatten")))


def squeeze(a, axis=None):
    """Without the axes of extent 1 (axis None: all of them) (a view)."""
    return _squeeze(arr(a), axis)


def moveaxis(a, source, destination):
    """Axes moved from source to destination, the others keeping their order (a view)."""
    return _moveaxis(arr(a), source, destination)


def expand_dims(a, axis):
    """A new axis of extent 1 at position axis (or at each of a tuple's) (a view)."""
    return _expand_dims(arr(a), axis)


def broadcast_to(array, shape, subok=False):
    """A read-only view of array broadcast to shape."""
    return _broadcast_to(arr(array), shape)


def broadcast_arrays(*args, subok=False):
    """Views of the arrays broadcast against each other (a tuple)."""
    return tuple(_broadcast_arrays(*[arr(x) for x in args]))


def flip(m, axis=None):
    """m reversed along axis (None: all) (a view)."""
    return _flip(arr(m), axis=axis)


def roll(a, shift, axis=None):
    """Elements shifted by shift along axis (None: of the flattened array)."""
    return _roll(arr(a), shift, axis=axis)


def tile(A, reps):
    """A repeated reps times along each axis."""
    return _tile(arr(A), tuple(reps) if isinstance(reps, (tuple, list)) else (reps,))


def tril(m, k=0):
    """The lower triangle (below diagonal k) of the last two axes; zeros above."""
    return _tril(arr(m), k=k)


def triu(m, k=0):
    """The upper triangle (above diagonal k) of the last two axes; zeros below."""
    return _triu(arr(m), k=k)


def take_along_axis(arr_, indices, axis=-1):
    """Elements at indices along axis, indices broadcasting with the other axes."""
    x = arr(arr_)
    if axis is None:
        return _take_along_axis(ravel(x), ravel(indices), axis=0)
    return _take_along_axis(x, arr(indices), axis=axis)


def diff(a, n=1, axis=-1, prepend=_NoValue, append=_NoValue):
    """n-th difference along axis, after joining prepend and append (scalars are
    broadcast to one slice)."""
    x = arr(a)
    def edge(v):
        if not given(v):
            return None
        e = arr(v)
        if e.ndim == 0:
            shp = list(x.shape)
            shp[axis] = 1
            e = _broadcast_to(e, tuple(shp))
        return e
    return _diff(x, axis=axis, n=n, prepend=edge(prepend), append=edge(append))


def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    """Coordinate matrices from coordinate vectors (a tuple)."""
    if sparse:
        raise TypeError("meshgrid: sparse=True is not supported by nd")
    return tuple(_meshgrid(*[arr(x) for x in xi], indexing=indexing))


def cumulative_sum(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    """Running sum along axis (NumPy 2's cumulative_sum)."""
    return to_out(_cumsum(arr(x), axis=axis, dtype=dtype, include_initial=include_initial),
                  out, "cumulative_sum")


def cumulative_prod(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    """Running product along axis (NumPy 2's cumulative_prod)."""
    return to_out(_cumprod(arr(x), axis=axis, dtype=dtype, include_initial=include_initial),
                  out, "cumulative_prod")


def atleast_1d(*arys):
    """Each array with at least one dimension (one array: itself, several: a tuple)."""
    r = tuple(reshape(x, (1,)) if x.ndim == 0 else x for x in map(arr, arys))
    return r[0] if len(r) == 1 else r


def atleast_2d(*arys):
    """Each array with at least two dimensions (new axes in front)."""
    r = tuple(reshape(x, (1,) * (2 - x.ndim) + x.shape) if x.ndim < 2 else x for x in map(arr, arys))
    return r[0] if len(r) == 1 else r


def atleast_3d(*arys):
    """Each array with at least three dimensions (NumPy's placement of the new axes)."""
    def up(x):
        if x.ndim == 0:
            return reshape(x, (1, 1, 1))
        if x.ndim == 1:
            return reshape(x, (1, x.shape[0], 1))
        if x.ndim == 2:
            return reshape(x, x.shape + (1,))
        return x
    r = tuple(up(x) for x in map(arr, arys))
    return r[0] if len(r) == 1 else r


def concatenate(arrays, /, axis=0, out=None, *, dtype=None, casting="same_kind"):
    """The arrays joined along an existing axis (None: flattened)."""
    xs = [arr(x) for x in arrays]
    if dtype is not None:
        for x in xs:
            check_cast(x.dtype, dtype, casting, "concatenate")
        xs = [_astype(x, dtype, copy=False) for x in xs]
    return to_out(_concat(xs, axis=axis), out, "concatenate", casting)


def stack(arrays, axis=0, out=None, *, dtype=None, casting="same_kind"):
    """The arrays (of one shape) joined along a new axis."""
    xs = [arr(x) for x in arrays]
    if dtype is not None:
        for x in xs:
            check_cast(x.dtype, dtype, casting, "stack")
        xs = [_astype(x, dtype, copy=False) for x in xs]
    return to_out(_stack(xs, axis=axis), out, "stack", casting)


def vstack(tup, *, dtype=None, casting="same_kind"):
    """The arrays (1-D ones as rows) joined along axis 0."""
    return concatenate([atleast_2d(x) for x in tup], 0, dtype=dtype, casting=casting)


def hstack(tup, *, dtype=None, casting="same_kind"):
    """The arrays joined along axis 1 (1-D ones along axis 0)."""
    xs = [atleast_1d(x) for x in tup]
    return concatenate(xs, 0 if xs and xs[0].ndim == 1 else 1, dtype=dtype, casting=casting)


def array_split(ary, indices_or_sections, axis=0):
    """Views of ary split along axis at the given indices, or into that many nearly equal
    parts (the first len % n parts one longer)."""
    x = arr(ary)
    n = x.shape[axis]
    if isinstance(indices_or_sections, int) or (
            not isinstance(indices_or_sections, (tuple, list)) and arr(indices_or_sections).ndim == 0):
        parts = operator.index(indices_or_sections)
        if parts <= 0:
            raise ValueError("array_split: number of sections must be larger than 0")
        each, extra = divmod(n, parts)
        bounds = [0]
        for i in range(parts):
            bounds.append(bounds[-1] + each + (1 if i < extra else 0))
    else:
        bounds = [0] + [operator.index(i) for i in indices_or_sections] + [n]
    lead = (slice(None),) * (axis % x.ndim)
    return [x[lead + (slice(bounds[i], builtins.max(bounds[i], bounds[i + 1])),)]
            for i in range(len(bounds) - 1)]


def split(ary, indices_or_sections, axis=0):
    """array_split, where a number of sections must divide the axis."""
    if isinstance(indices_or_sections, int):
        if arr(ary).shape[axis] % indices_or_sections:
            raise ValueError("array split does not result in an equal division")
    return array_split(ary, indices_or_sections, axis)


def diagonal(a, offset=0, axis1=0, axis2=1):
    """The diagonal offset of the planes (axis1, axis2), which become the last axis (a view)."""
    cdef Array x_a = arr(a)
    return wrap(nd_diagonal(x_a.arr, operator.index(offset), to_axis(axis1), to_axis(axis2)))


def diag(v, k=0):
    """A 1-D v: the matrix with v on diagonal k; a 2-D v: its diagonal k."""
    x = arr(v)
    if x.ndim == 2:
        return diagonal(x, k)
    if x.ndim != 1:
        raise ValueError(f"diag: input must be 1-D or 2-D, not {x.ndim}-D")
    n = x.shape[0] + builtins.abs(k)
    r = zeros((n, n), x.dtype)
    diagonal(r, k)[...] = x
    return r


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    """Sums along the diagonal offset of the planes (axis1, axis2)."""
    x = arr(a) if dtype is None else _astype(arr(a), dtype, copy=False)
    r = wrap(nd_trace((<Array>x).arr, operator.index(offset), to_axis(axis1), to_axis(axis2)))
    return to_out(r, out, "trace")


def take(a, indices, axis=None, out=None, mode="raise"):
    """Elements at indices along axis (None: of the flattened array); mode 'wrap' and
    'clip' bring indices into range first."""
    x = arr(a)
    i = arr(indices)
    n = x.size if axis is None else x.shape[axis]
    if mode == "wrap":
        i = _rem(i, n)
    elif mode == "clip":
        i = _clip(i, 0, builtins.max(n - 1, 0))
    elif mode != "raise":
        raise ValueError(f"take: mode must be 'raise', 'wrap' or 'clip', not {mode!r}")
    if i.ndim == 0:
        return to_out(_take(x, reshape(i, (1,)), axis=axis)[(slice(None),) * (0 if axis is None else axis % x.ndim) + (0,)], out, "take")
    return to_out(_take(x, i, axis=axis), out, "take")


def repeat(a, repeats, axis=None):
    """Each element repeated (axis None: of the flattened array)."""
    return _repeat(arr(a), repeats if is_scalar(repeats) else arr(repeats), axis=axis)


def nonzero(a):
    """A tuple of int64 index arrays of the nonzero elements."""
    return tuple(_nonzero(arr(a)))


def where(condition, x=None, y=None, /):
    """x where condition, else y; with the condition alone, nonzero(condition)."""
    if x is None and y is None:
        return nonzero(condition)
    if x is None or y is None:
        raise ValueError("where: either both or neither of x and y should be given")
    c = arr(condition)
    return _where(c, x if is_scalar(x) else arr(x), y if is_scalar(y) else arr(y))


def clip(a, a_min=_NoValue, a_max=_NoValue, out=None, *, min=_NoValue, max=_NoValue, **kwargs):
    """a limited to [a_min, a_max] (NumPy's promotion: an int array clipped by floats is
    float64)."""
    if kwargs:
        raise TypeError(f"clip: unsupported keywords {sorted(kwargs)}")
    lo = a_min if given(a_min) else (min if given(min) else None)
    hi = a_max if given(a_max) else (max if given(max) else None)
    x = arr(a)
    bounds = [b if is_scalar(b) else arr(b) for b in (lo, hi) if b is not None]
    t = _result_type(x, *bounds)
    if t != x.dtype:
        x = _astype(x, t)
    return to_out(_clip(x, lo if lo is None or is_scalar(lo) else arr(lo),
                        hi if hi is None or is_scalar(hi) else arr(hi)), out, "clip")


def round(a, decimals=0, out=None):
    """Rounded half to even to decimals places (negative: to tens, hundreds, ...); complex
    values round both parts."""
    x = arr(a)
    decimals = operator.index(decimals)
    k = x.dtype.kind
    if k == "c":
        r = round(real(x), decimals) + round(imag(x), decimals) * 1j
        return to_out(_astype(r, x.dtype, copy=False), out, "round")
    if k in "iu":
        if decimals >= 0:
            return to_out(copy(x), out, "round")
        f = 10 ** (-decimals)
        q, m = _fdiv(x, f), _rem(x, f)
        up = (m * 2 > f) | ((m * 2 == f) & (_rem(q, 2) == 1))
        return to_out((q + _astype(up, x.dtype)) * f, out, "round")
    if k == "b":
        return to_out(_round0(x), out, "round")
    if decimals == 0:
        return to_out(_round0(x), out, "round")
    if decimals > 0:
        f = 10.0 ** decimals
        return to_out(_round0(x * f) / f, out, "round")
    f = 10.0 ** (-decimals)
    return to_out(_round0(x / f) * f, out, "round")


around = round


def real(val):
    """The real parts (a view of a complex array; the array itself otherwise)."""
    return _real_view(arr(val))


def imag(val):
    """The imaginary parts: a view of a complex array; zeros of a real array's dtype,
    read-only, otherwise (NumPy's rule)."""
    x = arr(val)
    if x.dtype.kind == "c":
        return _imag_view(x)
    z = zeros(x.shape, x.dtype)
    set_writeable(z, False)
    return z


def conjugate(x):
    """The complex conjugate (a real array's values themselves)."""
    return _conj(arr(x))


def sort(a, axis=-1, kind=None, order=None, *, stable=None):
    """A sorted copy along axis (None: of the flattened array); always stable."""
    if order is not None:
        raise TypeError("sort: order= is for structured arrays, which nd does not have")
    x = arr(a)
    return _sort(ravel(x) if axis is None else x, axis=-1 if axis is None else axis)


def argsort(a, axis=-1, kind=None, order=None, *, stable=None):
    """The int64 positions that sort a along axis (None: the flattened array); stable."""
    if order is not None:
        raise TypeError("argsort: order= is for structured arrays, which nd does not have")
    x = arr(a)
    return _argsort(ravel(x) if axis is None else x, axis=-1 if axis is None else axis)


def searchsorted(a, v, side="left", sorter=None):
    """Insertion points of v into the sorted 1-D a."""
    return _searchsorted(arr(a), v if is_scalar(v) else arr(v), side=side,
                         sorter=None if sorter is None else arr(sorter))


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *,
           equal_nan=True, sorted=True):
    """The sorted unique values of the flattened array, and as asked the first positions,
    the inverse (in ar's shape) and the counts; NaNs count as one value (equal_nan)."""
    if axis is not None:
        raise TypeError("unique: axis= is not supported by nd (it flattens the array)")
    import nd
    x = arr(ar)
    u = nd.unique_all(x)
    values, index, inverse, counts = u.values, u.indices, u.inverse_indices, u.counts
    if equal_nan and values.dtype.kind in "fc":
        nan = _isnan(values)
        if int(_count_nonzero(nan)) > 1:
            first = int(_argmax(nan))  # NaNs sort last: keep the first, merge the others
            keep = arange(values.shape[0]) <= first
            counts = _where(keep, counts, 0)
            total = _sum(counts) + _sum(_where(nan, u.counts, 0)) - _sum(_where(keep & nan, u.counts, 0))
            counts = counts[keep]
            counts[first] = total - _sum(counts[:first])
            index = _where(nan, _min(_where(nan, index, x.size)), index)[keep]
            inverse = _minimum(inverse, first)
            values = values[keep]
    out = [values]
    if return_index:
        out.append(index)
    if return_inverse:
        out.append(inverse)
    if return_counts:
        out.append(counts)
    return out[0] if len(out) == 1 else tuple(out)


