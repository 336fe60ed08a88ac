# cython: language_level=3, binding=True, embedsignature=True
"""NumPy's API on nd.Array, beyond the Array API standard: the NumPy-style methods and
attributes that NumPy-API code calls on arrays (x.reshape(3, 2), x.sum(axis=0), x.astype(float),
x.flags, ...; CuPy's ndarray is the anchor for the list), and NumPy's dispatch protocols
(NEP 13's __array_ufunc__, NEP 18's __array_function__), which keep np.sin(x),
np.concatenate([x, y]) and numpy_array + x in nd.

The functions here are nd.Array's methods (the class body of nd._array names each): additions
to the standard's array object, each a thin call of the function of the same name in
nd._numpy_functions (NumPy's signature over nd's functions). The protocols' tables
are in nd._numpy_dispatch, loaded with NumPy on the first protocol call (only NumPy makes
those calls); a plain ufunc call (np.add(x, y), np.sin(x): no keywords, operands nd arrays,
NumPy arrays or scalars) goes straight from the table to nd's function."""
# nd._numpy_functions (imported on first use: it is built on nd's modules, which are built
# on the Array type that derives from this class) and nd._numpy_dispatch (with NumPy)
cdef object _F = None
cdef dict _UFUNC_CALLS = None
cdef object _ufunc_slow = None
cdef dict _FUNCTIONS = None
cdef type _ndarray = None
cdef type _generic = None
cdef type _Array = None

# dask picks the chunk type of a mixed graph by the highest priority, and reads it
# without a default (NumPy's ndarray: 0.0)
ARRAY_PRIORITY = 1.0


cdef object functions():
    global _F
    if _F is None:
        from nd import _numpy_functions
        _F = _numpy_functions
    return _F


cdef int load_dispatch() except -1:
    global _UFUNC_CALLS, _ufunc_slow, _FUNCTIONS, _ndarray, _generic, _Array
    from nd import _numpy_dispatch as d
    from nd._array import Array
    import numpy
    _Array = Array
    _ndarray = numpy.ndarray
    _generic = numpy.generic
    _ufunc_slow = d.array_ufunc
    _FUNCTIONS = d.FUNCTIONS
    _UFUNC_CALLS = d.UFUNC_CALLS
    return 0


cdef inline bint plain_operand(object x):
    """An operand the fast path passes on as it is: an nd array, a Python scalar, a NumPy
    array or scalar (nd's functions read the last two in place)."""
    cdef type t = type(x)
    return (isinstance(x, _Array) or t is float or t is int or t is bool or t is complex
            or t is _ndarray or isinstance(x, _generic))


class Flags:
    """NumPy's flags of an nd array (x.flags.c_contiguous, x.flags['C_CONTIGUOUS'], ...):
    the layout, whether the array may be written (settable to False, and back to True where
    the memory allows), and owndata, true when no other nd array shares its memory."""

    _KEYS = {"C": "c_contiguous", "C_CONTIGUOUS": "c_contiguous", "CONTIGUOUS": "c_contiguous",
             "F": "f_contiguous", "F_CONTIGUOUS": "f_contiguous", "FORTRAN": "f_contiguous",
             "W": "writeable", "WRITEABLE": "writeable", "O": "owndata", "OWNDATA": "owndata",
             "A": "aligned", "ALIGNED": "aligned", "X": "writebackifcopy",
             "WRITEBACKIFCOPY": "writebackifcopy", "FNC": "fnc", "FORC": "forc",
             "B": "behaved", "BEHAVED": "behaved", "CA": "carray", "CARRAY": "carray",
             "FA": "farray", "FARRAY": "farray"}

    def __init__(self, array):
        self._a = array

    c_contiguous = property(lambda self: functions().is_contiguous(self._a, "C"))
    f_contiguous = property(lambda self: functions().is_contiguous(self._a, "F"))
    contiguous = c_contiguous
    fortran = f_contiguous
    owndata = property(lambda self: functions().owns_data(self._a))
    aligned = property(lambda self: True)  # nd's arrays are aligned to their element size
    writebackifcopy = property(lambda self: False)
    fnc = property(lambda self: self.f_contiguous and not self.c_contiguous)
    forc = property(lambda self: self.f_contiguous or self.c_contiguous)
    behaved = property(lambda self: self.writeable)
    carray = property(lambda self: self.c_contiguous and self.writeable)
    farray = property(lambda self: self.fnc and self.writeable)

    @property
    def writeable(self):
        return functions().is_writeable(self._a)

    @writeable.setter
    def writeable(self, value):
        functions().set_writeable(self._a, bool(value))

    def __getitem__(self, key):
        if key not in self._KEYS:
            raise KeyError(f"unknown flag {key!r}")
        return getattr(self, self._KEYS[key])

    def __setitem__(self, key, value):
        if self._KEYS.get(key) != "writeable":
            raise KeyError(f"flag {key!r} cannot be set")
        self.writeable = value

    def __repr__(self):
        names = ["C_CONTIGUOUS", "F_CONTIGUOUS", "OWNDATA", "WRITEABLE", "ALIGNED",
                 "WRITEBACKIFCOPY"]
        return "\n".join(f"  {n} : {self[n]}" for n in names)


# -- NEP 13 and NEP 18
def array_ufunc(self, ufunc, method, *inputs, **kwargs):
    """NumPy's ufuncs on nd arrays (np.sin(x), np.add(x, a, out=o), np.add.reduce(x),
    numpy_array + x): computed by nd, the result an nd array (an out= array itself).
    Ufuncs and methods nd lacks, and operands of other array libraries, return
    NotImplemented (NumPy then raises a TypeError naming the ufunc)."""
    if _UFUNC_CALLS is None:
        load_dispatch()
    if method == "__call__" and not kwargs:
        f = _UFUNC_CALLS.get(ufunc)
        if f is not None:
            for x in inputs:
                if not plain_operand(x):
                    break
            else:
                return f(*inputs)
    return _ufunc_slow(ufunc, method, inputs, kwargs)


def array_function(self, func, types, args, kwargs):
    """NumPy's functions on nd arrays (np.concatenate, np.tensordot, np.linalg.svd, ...):
    nd's implementation with NumPy's signature, the result nd arrays. A function nd
    does not implement, or operands of other array libraries, return NotImplemented
    (NumPy then raises a TypeError naming the function)."""
    if _FUNCTIONS is None:
        load_dispatch()
    impl = _FUNCTIONS.get(func)
    if impl is None:
        return NotImplemented
    for t in types:
        if not (t is _ndarray or issubclass(t, _Array)):
            return NotImplemented
    return impl(*args, **kwargs)

# -- attributes
def _nbytes(self):
    """Bytes the elements take (size * itemsize)."""
    return self.size * self.dtype.itemsize


def _itemsize(self):
    """Bytes per element."""
    return self.dtype.itemsize


def _flags(self):
    """NumPy's flags: c_contiguous, f_contiguous, writeable (settable), owndata, ..."""
    return Flags(self)


def _real(self):
    """The real parts: a writeable view of a complex array, the array itself otherwise."""
    return functions().real(self)


def _set_real(self, value):
    functions().real(self)[...] = value


def _imag(self):
    """The imaginary parts: a writeable view of a complex array; for a real one, zeros
    of its dtype, read-only (NumPy's rule; nd.imag, the standard's function, takes
    complex arrays only)."""
    return functions().imag(self)


def _set_imag(self, value):
    if not functions().iscomplexobj(self):
        raise TypeError(f"array does not have imaginary part to set (dtype {self.dtype})")
    functions().imag(self)[...] = value

# -- shape and layout
def reshape(self, *shape, order="C", copy=None):
    """NumPy's reshape: x.reshape(3, 2), x.reshape((3, 2)), order 'C', 'F' or 'A'."""
    if not shape:
        raise TypeError("reshape: a shape is required")
    return functions().reshape(self, shape[0] if len(shape) == 1 else shape, order=order,
                               copy=copy)


def transpose(self, *axes):
    """NumPy's transpose: x.transpose() reverses the axes, x.transpose(1, 0, 2) and
    x.transpose((1, 0, 2)) permute them (a view)."""
    if len(axes) == 1:
        axes = axes[0]
    return functions().transpose(self, axes if axes != () else None)


def swapaxes(self, axis1, axis2, /):
    """Axes axis1 and axis2 exchanged (a view)."""
    return functions().swapaxes(self, axis1, axis2)


def ravel(self, /, order="C"):
    """1-D, in order 'C', 'F', 'A' or 'K': a view where the layout allows, else a copy."""
    return functions().ravel(self, order)


def flatten(self, /, order="C"):
    """A 1-D copy, in order 'C', 'F', 'A' or 'K'."""
    return functions().flatten(self, order)


def squeeze(self, /, axis=None):
    """Without the axes of extent 1 (axis None: all of them) (a view)."""
    return functions().squeeze(self, axis)


def astype(self, /, dtype, order="K", casting="unsafe", subok=True, copy=True):
    """Converted to dtype (any dtype= form: nd.float32, float, np.float32, 'f4');
    casting as NumPy's ('no', 'equiv', 'safe', 'same_kind', 'unsafe')."""
    return functions().astype(self, dtype, order, casting, copy)


def copy(self, /, order="C"):
    """A copy, in order 'C', 'F', 'A' or 'K' (NumPy's default 'C')."""
    return functions().copy(self, order)


def fill(self, /, value):
    """Every element set to value, converted as an assignment converts it."""
    self[...] = value


def conj(self, /):
    """The complex conjugate (a real array's values themselves)."""
    return functions().conjugate(self)


def conjugate(self, /):
    """The complex conjugate (a real array's values themselves)."""
    return functions().conjugate(self)


def diagonal(self, /, offset=0, axis1=0, axis2=1):
    """The diagonal offset of the planes (axis1, axis2) (a view)."""
    return functions().diagonal(self, offset, axis1, axis2)


def trace(self, /, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    """Sums along the diagonal offset of the planes (axis1, axis2)."""
    return functions().trace(self, offset, axis1, axis2, dtype, out)


def dot(self, other, /, out=None):
    """np.dot(self, other)."""
    return functions().dot(self, other, out)


def repeat(self, repeats, /, axis=None):
    """Each element repeated (axis None: of the flattened array)."""
    return functions().repeat(self, repeats, axis)


def take(self, indices, /, axis=None, out=None, mode="raise"):
    """np.take(self, indices, axis)."""
    return functions().take(self, indices, axis, out, mode)


def nonzero(self, /):
    """A tuple of int64 index arrays, one per axis, of the nonzero elements."""
    return functions().nonzero(self)


def clip(self, /, min=None, max=None, out=None, **kwargs):
    """Values limited to [min, max] (NumPy's promotion: an int array clipped by floats
    is float64)."""
    return functions().clip(self, min, max, out, **kwargs)


def round(self, /, decimals=0, out=None):
    """Rounded half to even to decimals places (negative: to tens, hundreds, ...)."""
    return functions().round(self, decimals, out)


def sort(self, /, axis=-1, kind=None, order=None, *, stable=None):
    """Sorts in place along axis (stable), as NumPy's method."""
    self[...] = functions().sort(self, axis, kind, order, stable=stable)


def argsort(self, /, axis=-1, kind=None, order=None, *, stable=None):
    """The int64 positions that sort along axis (stable)."""
    return functions().argsort(self, axis, kind, order, stable=stable)


def searchsorted(self, v, /, side="left", sorter=None):
    """Insertion points of v into this sorted 1-D array."""
    return functions().searchsorted(self, v, side, sorter)


def tobytes(self, /, order="C"):
    """The elements' bytes in order 'C', 'F', 'A' or 'K'."""
    return bytes(memoryview(functions().ascontiguous(self, order)))

# -- reductions (NumPy's signatures: axis first, positional)
def sum(self, /, axis=None, dtype=None, out=None, keepdims=False, **kwargs):
    """Sum over axis (int, tuple or None); initial= and where= as NumPy's."""
    return functions().sum(self, axis, dtype, out, keepdims, **kwargs)


def prod(self, /, axis=None, dtype=None, out=None, keepdims=False, **kwargs):
    """Product over axis; initial= and where= as NumPy's."""
    return functions().prod(self, axis, dtype, out, keepdims, **kwargs)


def mean(self, /, axis=None, dtype=None, out=None, keepdims=False, **kwargs):
    """Arithmetic mean over axis (integers: float64); where= as NumPy's."""
    return functions().mean(self, axis, dtype, out, keepdims, **kwargs)


def std(self, /, axis=None, dtype=None, out=None, ddof=0, keepdims=False, **kwargs):
    """Standard deviation over axis, dividing by N - ddof (correction= also taken)."""
    return functions().std(self, axis, dtype, out, ddof, keepdims, **kwargs)


def var(self, /, axis=None, dtype=None, out=None, ddof=0, keepdims=False, **kwargs):
    """Variance over axis, dividing by N - ddof (correction= also taken)."""
    return functions().var(self, axis, dtype, out, ddof, keepdims, **kwargs)


def min(self, /, axis=None, out=None, keepdims=False, **kwargs):
    """Smallest element over axis; initial= and where= as NumPy's."""
    return functions().min(self, axis, out, keepdims, **kwargs)


def max(self, /, axis=None, out=None, keepdims=False, **kwargs):
    """Largest element over axis; initial= and where= as NumPy's."""
    return functions().max(self, axis, out, keepdims, **kwargs)


def argmin(self, /, axis=None, out=None, *, keepdims=False):
    """int64 index of the first smallest element (axis None: of the flattened array)."""
    return functions().argmin(self, axis, out, keepdims=keepdims)


def argmax(self, /, axis=None, out=None, *, keepdims=False):
    """int64 index of the first largest element (axis None: of the flattened array)."""
    return functions().argmax(self, axis, out, keepdims=keepdims)


def any(self, /, axis=None, out=None, keepdims=False, **kwargs):
    """Whether any element over axis is nonzero; where= as NumPy's."""
    return functions().any(self, axis, out, keepdims, **kwargs)


def all(self, /, axis=None, out=None, keepdims=False, **kwargs):
    """Whether every element over axis is nonzero; where= as NumPy's."""
    return functions().all(self, axis, out, keepdims, **kwargs)


def cumsum(self, /, axis=None, dtype=None, out=None):
    """Running sum along axis (None: of the flattened array)."""
    return functions().cumsum(self, axis, dtype, out)


def cumprod(self, /, axis=None, dtype=None, out=None):
    """Running product along axis (None: of the flattened array)."""
    return functions().cumprod(self, axis, dtype, out)


# the attributes, as properties of nd.Array
nbytes = property(_nbytes, doc=_nbytes.__doc__)
itemsize = property(_itemsize, doc=_itemsize.__doc__)
flags = property(_flags, doc=_flags.__doc__)
real = property(_real, _set_real, doc=_real.__doc__)
imag = property(_imag, _set_imag, doc=_imag.__doc__)
