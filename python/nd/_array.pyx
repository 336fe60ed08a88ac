# cython: language_level=3, binding=True, embedsignature=True
"""The Array type (the Array API's array object): its attributes, conversions, operators,
indexing, buffer protocol and DLPack, and the helpers every module of the binding uses to
hand nd arrays to Python (wrap) and take them back (as_array). NumPy-protocol methods and
other methods of the array object belong in the class below; each one converts its
arguments, calls nd's C function and wraps the result."""
cimport cython

import enum

from cpython.buffer cimport PyBUF_FORMAT, PyBUF_ND, PyBUF_STRIDES, PyBUF_WRITABLE
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc

from nd._c.types cimport *
from nd._c.core cimport *
from nd._c.creation cimport nd_copy, nd_from_data, nd_wrap
from nd._c.elementwise cimport nd_abs, nd_bitwise_invert, nd_negative, nd_positive
from nd._c.io cimport DLManagedTensor, nd_to_dlpack, nd_to_dlpack_readonly
from nd._c.linalg cimport nd_matmul
from nd._c.print cimport nd_repr, nd_to_string
from nd._c.indexing cimport nd_index_item, nd_index_items, nd_index_items_assign
from nd._c.views cimport nd_matrix_transpose, nd_transpose
from nd._dtypes cimport DType, dtype_obj
from nd._dtypes import _dtype_by_name
from nd._errors cimport check, raise_error
from nd._keys cimport basic_items
from nd._scalars cimport (beyond_int64, big_int_operand, is_scalar, scalar_nd, to_scalar,
                          to_shape)
from nd.binops cimport *

cdef extern from "dlpack_capsule.h":
    object ndpy_dlpack_capsule(DLManagedTensor *t, bint versioned, bint readonly, bint copied)


# ---- device -----------------------------------------------------------------------------

class Device:
    """nd's one device: the CPU."""

    def __repr__(self):
        return "Device('cpu')"

    def __eq__(self, other):
        return isinstance(other, Device) or other == "cpu"

    def __hash__(self):
        return hash("cpu")


CPU = Device()


class DLDeviceType(enum.IntEnum):
    """DLPack's device types (the ones nd can name)."""
    CPU = 1
    CUDA = 2
    CUDA_HOST = 3
    ROCM = 10
    ROCM_HOST = 11
    CUDA_MANAGED = 13


def check_device(device):
    if device is not None and device != CPU:
        raise ValueError(f"nd arrays live on the CPU; unsupported device {device!r}")


# ---- wrapping ---------------------------------------------------------------------------

cdef Array wrap(nd_array *a):
    """Takes ownership of a new nd array; NULL raises nd's error."""
    if a == NULL:
        raise_error()
    cdef Array r = Array.__new__(Array)
    r.arr = a
    return r


cdef Array as_array(object x, str what):
    if isinstance(x, Array):
        return <Array>x
    raise TypeError(f"{what}: expected an nd.Array, got {type(x).__name__}")


cdef Array scalar_array(object x, nd_dtype like, bint weak):
    """A 0-d array for a Python scalar (scalar_nd's rules: weak when weak is set)."""
    return wrap(scalar_nd(x, like, weak))


cdef object unary(unary_fn fn, object x):
    cdef nd_array *a = as_array(x, "argument").arr
    cdef nd_array *r
    with nogil:
        r = fn(a)
    return wrap(r)


cdef object big_int_binary(int op, Array x, object v, bint v_first):
    """x op v (v op x when v_first) for a Python int v beyond int64: converted as
    big_int_operand says, else as a 0-d array of x's dtype (which refuses what it cannot
    hold with nd's OverflowError)."""
    cdef const ndpy_binop *f = &ndpy_binops[op]
    cdef nd_array *r
    conv = big_int_operand(op, x.arr, v, v_first, &r)
    if r != NULL:
        return wrap(r)
    if conv is not None:
        return binary(op, conv, x) if v_first else binary(op, x, conv)
    cdef Array tmp = scalar_array(v, nd_dtype_of(x.arr), True)
    with nogil:
        r = f.aa(tmp.arr, x.arr) if v_first else f.aa(x.arr, tmp.arr)
    return wrap(r)


cdef object binary(int op, object x1, object x2):
    """Two operands of an elementwise function, arrays or Python scalars (at least one an
    array), through nd's array-array, array-scalar or scalar-array form."""
    cdef const ndpy_binop *f = &ndpy_binops[op]
    cdef nd_array *r
    cdef nd_array *a
    cdef nd_array *b
    cdef nd_scalar s
    if isinstance(x1, Array):
        a = (<Array>x1).arr
        if isinstance(x2, Array):
            b = (<Array>x2).arr
            with nogil:
                r = f.aa(a, b)
            return wrap(r)
        if is_scalar(x2):
            if beyond_int64(x2):
                return big_int_binary(op, <Array>x1, x2, False)
            to_scalar(x2, &s)
            with nogil:
                r = f.as_(a, s)
            return wrap(r)
        raise TypeError(f"{f.name.decode()}: unsupported operand type {type(x2).__name__} (expected an nd.Array or a Python scalar)")
    if isinstance(x2, Array):
        b = (<Array>x2).arr
        if is_scalar(x1):
            if beyond_int64(x1):
                return big_int_binary(op, <Array>x2, x1, True)
            to_scalar(x1, &s)
            with nogil:
                r = f.sa(s, b)
            return wrap(r)
        raise TypeError(f"{f.name.decode()}: unsupported operand type {type(x1).__name__} (expected an nd.Array or a Python scalar)")
    raise TypeError(f"{f.name.decode()}: expected at least one nd.Array, got {type(x1).__name__} and {type(x2).__name__}")


cdef inline bint operand_ok(object x):
    return isinstance(x, Array) or is_scalar(x)


cdef object inplace(int op, Array self, object other):
    cdef const ndpy_binop *f = &ndpy_binops[op]
    cdef nd_status st
    cdef nd_scalar s
    cdef nd_array *r
    cdef Array tmp
    if isinstance(other, Array):
        with nogil:
            st = f.aa_out(self.arr, self.arr, (<Array>other).arr)
    elif is_scalar(other):
        if beyond_int64(other):
            conv = big_int_operand(op, self.arr, other, False, &r)
            nd_release(r)   # (comparisons, whose answer goes to r, have no in-place form)
            if conv is not None:
                other = conv    # a float array: big_int_operand gave the float
        if beyond_int64(other):
            tmp = scalar_array(other, nd_dtype_of(self.arr), True)
            with nogil:
                st = f.aa_out(self.arr, self.arr, tmp.arr)
        else:
            to_scalar(other, &s)
            with nogil:
                st = f.as_out(self.arr, self.arr, s)
    else:
        return NotImplemented
    check(st)
    return self


# ---- indexing ---------------------------------------------------------------------------

# A basic key (ints, slices, None, Ellipsis, tuples of them) becomes index items here, on
# the stack, and nd_index_items applies it; other keys (index arrays, masks, bools, other
# integer types, long tuples) go to the general path in _indexing.pyx, imported on first
# use (it is built on this module).
cdef enum:
    FAST_ITEMS = 16
cdef object _general_get_item = None
cdef object _general_set_item = None


cdef object get_item(Array self, object key):
    global _general_get_item
    cdef nd_index_item items[FAST_ITEMS]
    cdef int n = basic_items(key, items, FAST_ITEMS)
    if n >= 0:
        return wrap(nd_index_items(self.arr, n, items))  # a view: the GIL is kept
    if _general_get_item is None:
        from nd._indexing import _get_item
        _general_get_item = _get_item
    return _general_get_item(self, key)


cdef Array value_array(Array target, object value):
    """The right-hand side of an assignment into target, as an array: a Python scalar is a
    weak 0-d array (nd checks an integer against the target's range, as NumPy does)."""
    if isinstance(value, Array):
        return <Array>value
    if is_scalar(value):
        return scalar_array(value, nd_dtype_of(target.arr), True)
    from nd._creation import asarray
    return asarray(value)


cdef int set_item(Array self, object key, object value) except -1:
    global _general_set_item
    cdef nd_index_item items[FAST_ITEMS]
    cdef int n = basic_items(key, items, FAST_ITEMS)
    cdef nd_status st
    cdef Array v
    if n < 0:
        if _general_set_item is None:
            from nd._indexing import _set_item
            _general_set_item = _set_item
        _general_set_item(self, key, value)
        return 0
    v = value_array(self, value)
    with nogil:
        st = nd_index_items_assign(self.arr, n, items, v.arr)
    return check(st)


# ---- the array object ---------------------------------------------------------------------

# Buffer formats by dtype. float16 is NumPy's 'e'; bfloat16 has no PEP 3118 code (a buffer
# asked for with a format is refused, and NumPy then takes __array__, which views the
# memory as an ml_dtypes bfloat16 array; 'H' would silently give uint16).
cdef const char *_FORMATS[ND_NUM_DTYPES]
_FORMATS[:] = [b"?", b"b", b"h", b"i", b"q", b"B", b"H", b"I", b"Q", b"f", b"d", b"Zf", b"Zd",
               b"e", b""]
if sizeof(long) == 8:
    # the code NumPy gives its int64 and uint64 where long has 64 bits (Linux, macOS): 'q'
    # would make np.asarray(x) an array of np.longlong, not np.int64
    _FORMATS[4] = b"l"
    _FORMATS[8] = b"L"

_API_VERSIONS = ("2021.12", "2022.12", "2023.12", "2024.12")


cdef object item_of(nd_array *a):
    """The single element of a as a Python bool, int, float or complex."""
    cdef void *p = nd_data(a)
    cdef nd_dtype t = nd_dtype_of(a)
    if t == ND_BOOL: return (<uint8_t *>p)[0] != 0
    if t == ND_INT8: return (<int8_t *>p)[0]
    if t == ND_INT16: return (<int16_t *>p)[0]
    if t == ND_INT32: return (<int32_t *>p)[0]
    if t == ND_INT64: return (<int64_t *>p)[0]
    if t == ND_UINT8: return (<uint8_t *>p)[0]
    if t == ND_UINT16: return (<uint16_t *>p)[0]
    if t == ND_UINT32: return (<uint32_t *>p)[0]
    if t == ND_UINT64: return (<uint64_t *>p)[0]
    if t == ND_FLOAT32: return <double>(<float *>p)[0]
    if t == ND_FLOAT64: return (<double *>p)[0]
    if t == ND_COMPLEX64: return complex((<float *>p)[0], (<float *>p)[1])
    if t == ND_FLOAT16: return nd_float16_to_double((<uint16_t *>p)[0])
    if t == ND_BFLOAT16: return nd_bfloat16_to_double((<uint16_t *>p)[0])
    return complex((<double *>p)[0], (<double *>p)[1])


# Arrays are made and dropped on every operation: a freelist of their Python objects saves
# an allocation per result (x[1:3] on 10 elements: about 20 of 190 ns)
@cython.freelist(64)
cdef class Array:
    """An n-dimensional array of nd (the Array API's array object). Create one with
    nd.asarray, nd.zeros, ...; it shares memory with NumPy arrays both ways (buffer
    protocol, DLPack)."""

    def __init__(self):
        raise TypeError("nd.Array cannot be created directly; use nd.asarray, nd.zeros, ...")

    def __dealloc__(self):
        nd_release(self.arr)

    # -- attributes
    @property
    def dtype(self):
        """The array's dtype (nd.float64, ...)."""
        return dtype_obj(<int>nd_dtype_of(self.arr))

    @property
    def device(self):
        """The device the array lives on (always the CPU)."""
        return CPU

    @property
    def ndim(self):
        """Number of dimensions."""
        return nd_ndim(self.arr)

    @property
    def shape(self):
        """The extents, a tuple of ints."""
        cdef const int64_t *s = nd_shape(self.arr)
        return tuple([s[i] for i in range(nd_ndim(self.arr))])

    @property
    def size(self):
        """Number of elements."""
        return nd_size(self.arr)

    @property
    def T(self):
        """All axes reversed (a view)."""
        return wrap(nd_transpose(self.arr))

    @property
    def mT(self):
        """The last two axes swapped (a view)."""
        return wrap(nd_matrix_transpose(self.arr))

    @property
    def strides(self):
        """Strides in bytes, as NumPy reports them (nd keeps them in elements)."""
        cdef const int64_t *s = nd_strides(self.arr)
        cdef size_t it = nd_itemsize(self.arr)
        return tuple([s[i] * <int64_t>it for i in range(nd_ndim(self.arr))])

    def to_device(self, device, /, *, stream=None):
        """The array on `device`: the CPU is the only one, so the array itself."""
        check_device(device)
        return self

    def __array_namespace__(self, /, *, api_version=None):
        """The nd module, the namespace of this array."""
        if api_version is not None and api_version not in _API_VERSIONS:
            raise ValueError(f"unsupported Array API version {api_version!r}")
        import nd
        return nd

    def __len__(self):
        if nd_ndim(self.arr) == 0:
            raise TypeError("len() of a 0-d array")
        return nd_shape(self.arr)[0]

    def __iter__(self):
        # not a generator function, so that iter() of a 0-d array fails at once, as NumPy's
        if nd_ndim(self.arr) == 0:
            raise TypeError("iteration over a 0-d array")
        return (self[i] for i in range(nd_shape(self.arr)[0]))

    # -- conversion to Python scalars
    def __bool__(self, /):
        if nd_size(self.arr) != 1:
            raise ValueError("the truth value of an array with more than one element is ambiguous")
        return bool(item_of(self.arr))

    def __int__(self, /):
        if nd_size(self.arr) != 1:
            raise TypeError("only arrays of one element can be converted to Python scalars")
        v = item_of(self.arr)
        if isinstance(v, complex):
            raise TypeError("int() of a complex array")
        return int(v)

    def __float__(self, /):
        if nd_size(self.arr) != 1:
            raise TypeError("only arrays of one element can be converted to Python scalars")
        v = item_of(self.arr)
        if isinstance(v, complex):
            raise TypeError("float() of a complex array")
        return float(v)

    def __complex__(self, /):
        if nd_size(self.arr) != 1:
            raise TypeError("only arrays of one element can be converted to Python scalars")
        return complex(item_of(self.arr))

    def __index__(self, /):
        if not nd_isdtype(nd_dtype_of(self.arr), ND_KIND_INTEGRAL):
            raise TypeError(f"only integer arrays can be used as an index, not {self.dtype.name}")
        if nd_ndim(self.arr) != 0:
            raise TypeError("only 0-d integer arrays can be converted to an index")
        return item_of(self.arr)

    def item(self):
        """The one element as a Python scalar."""
        if nd_size(self.arr) != 1:
            raise ValueError("item: the array has more than one element")
        return item_of(self.arr)

    def tolist(self):
        """Nested lists of Python scalars."""
        if nd_ndim(self.arr) == 0:
            return item_of(self.arr)
        return [x.tolist() for x in self]

    # -- copies and pickling, as NumPy's arrays have them (copy.copy, copy.deepcopy, pickle)
    def __copy__(self):
        return wrap(nd_copy(self.arr, ND_K))

    def __deepcopy__(self, memo):
        return wrap(nd_copy(self.arr, ND_K))

    def __reduce__(self):
        """Pickled as the values in C order, the dtype's name and the shape; unpickled as a
        new C-contiguous array."""
        cdef Array c = wrap(nd_copy(self.arr, ND_C))
        if nd_dtype_of(c.arr) == ND_BFLOAT16:  # no buffer format: the bits as uint16
            c = retyped(c, ND_UINT16)
        return (_from_bytes, (memoryview(c).tobytes(), self.dtype.name, self.shape))

    # -- text
    def __repr__(self):
        cdef char *s
        with nogil:
            s = nd_repr(self.arr, "Array")
        if s == NULL:
            raise_error()
        try:
            return s.decode()
        finally:
            free(s)

    def __str__(self):
        cdef char *s
        with nogil:
            s = nd_to_string(self.arr)
        if s == NULL:
            raise_error()
        try:
            return s.decode()
        finally:
            free(s)

    # -- unary operators
    def __abs__(self, /):
        return unary(nd_abs, self)

    def __neg__(self, /):
        return unary(nd_negative, self)

    def __pos__(self, /):
        return unary(nd_positive, self)

    def __invert__(self, /):
        return unary(nd_bitwise_invert, self)

    # -- binary operators (reflected and in-place forms)
    def __add__(self, other, /):
        return binary(NDPY_OP_add, self, other) if operand_ok(other) else NotImplemented

    def __radd__(self, other, /):
        return binary(NDPY_OP_add, other, self) if operand_ok(other) else NotImplemented

    def __iadd__(self, other, /):
        return inplace(NDPY_OP_add, self, other)

    def __sub__(self, other, /):
        return binary(NDPY_OP_subtract, self, other) if operand_ok(other) else NotImplemented

    def __rsub__(self, other, /):
        return binary(NDPY_OP_subtract, other, self) if operand_ok(other) else NotImplemented

    def __isub__(self, other, /):
        return inplace(NDPY_OP_subtract, self, other)

    def __mul__(self, other, /):
        return binary(NDPY_OP_multiply, self, other) if operand_ok(other) else NotImplemented

    def __rmul__(self, other, /):
        return binary(NDPY_OP_multiply, other, self) if operand_ok(other) else NotImplemented

    def __imul__(self, other, /):
        return inplace(NDPY_OP_multiply, self, other)

    def __truediv__(self, other, /):
        return binary(NDPY_OP_divide, self, other) if operand_ok(other) else NotImplemented

    def __rtruediv__(self, other, /):
        return binary(NDPY_OP_divide, other, self) if operand_ok(other) else NotImplemented

    def __itruediv__(self, other, /):
        return inplace(NDPY_OP_divide, self, other)

    def __floordiv__(self, other, /):
        return binary(NDPY_OP_floor_divide, self, other) if operand_ok(other) else NotImplemented

    def __rfloordiv__(self, other, /):
        return binary(NDPY_OP_floor_divide, other, self) if operand_ok(other) else NotImplemented

    def __ifloordiv__(self, other, /):
        return inplace(NDPY_OP_floor_divide, self, other)

    def __mod__(self, other, /):
        return binary(NDPY_OP_remainder, self, other) if operand_ok(other) else NotImplemented

    def __rmod__(self, other, /):
        return binary(NDPY_OP_remainder, other, self) if operand_ok(other) else NotImplemented

    def __imod__(self, other, /):
        return inplace(NDPY_OP_remainder, self, other)

    def __pow__(self, other, mod=None):
        if mod is not None:
            return NotImplemented
        return binary(NDPY_OP_pow, self, other) if operand_ok(other) else NotImplemented

    def __rpow__(self, other, mod=None):
        if mod is not None:
            return NotImplemented
        return binary(NDPY_OP_pow, other, self) if operand_ok(other) else NotImplemented

    def __ipow__(self, other, /):
        return inplace(NDPY_OP_pow, self, other)

    def __and__(self, other, /):
        return binary(NDPY_OP_bitwise_and, self, other) if operand_ok(other) else NotImplemented

    def __rand__(self, other, /):
        return binary(NDPY_OP_bitwise_and, other, self) if operand_ok(other) else NotImplemented

    def __iand__(self, other, /):
        return inplace(NDPY_OP_bitwise_and, self, other)

    def __or__(self, other, /):
        return binary(NDPY_OP_bitwise_or, self, other) if operand_ok(other) else NotImplemented

    def __ror__(self, other, /):
        return binary(NDPY_OP_bitwise_or, other, self) if operand_ok(other) else NotImplemented

    def __ior__(self, other, /):
        return inplace(NDPY_OP_bitwise_or, self, other)

    def __xor__(self, other, /):
        return binary(NDPY_OP_bitwise_xor, self, other) if operand_ok(other) else NotImplemented

    def __rxor__(self, other, /):
        return binary(NDPY_OP_bitwise_xor, other, self) if operand_ok(other) else NotImplemented

    def __ixor__(self, other, /):
        return inplace(NDPY_OP_bitwise_xor, self, other)

    def __lshift__(self, other, /):
        return binary(NDPY_OP_bitwise_left_shift, self, other) if operand_ok(other) else NotImplemented

    def __rlshift__(self, other, /):
        return binary(NDPY_OP_bitwise_left_shift, other, self) if operand_ok(other) else NotImplemented

    def __ilshift__(self, other, /):
        return inplace(NDPY_OP_bitwise_left_shift, self, other)

    def __rshift__(self, other, /):
        return binary(NDPY_OP_bitwise_right_shift, self, other) if operand_ok(other) else NotImplemented

    def __rrshift__(self, other, /):
        return binary(NDPY_OP_bitwise_right_shift, other, self) if operand_ok(other) else NotImplemented

    def __irshift__(self, other, /):
        return inplace(NDPY_OP_bitwise_right_shift, self, other)

    def __matmul__(self, other, /):
        cdef nd_array *r
        if not isinstance(other, Array):
            return NotImplemented
        cdef nd_array *a = self.arr
        cdef nd_array *b = (<Array>other).arr
        with nogil:
            r = nd_matmul(a, b)
        return wrap(r)

    def __rmatmul__(self, other, /):
        return NotImplemented  # only arrays multiply, and Array @ Array is __matmul__

    def __imatmul__(self, other, /):
        if not isinstance(other, Array):
            return NotImplemented
        r = self @ other
        if r.shape != self.shape:
            raise ValueError(f"matmul: in-place result of shape {r.shape} does not fit {self.shape}")
        self[...] = r
        return self

    # -- comparisons
    def __eq__(self, other):
        return binary(NDPY_OP_equal, self, other) if operand_ok(other) else NotImplemented

    def __ne__(self, other):
        return binary(NDPY_OP_not_equal, self, other) if operand_ok(other) else NotImplemented

    def __lt__(self, other):
        return binary(NDPY_OP_less, self, other) if operand_ok(other) else NotImplemented

    def __le__(self, other):
        return binary(NDPY_OP_less_equal, self, other) if operand_ok(other) else NotImplemented

    def __gt__(self, other):
        return binary(NDPY_OP_greater, self, other) if operand_ok(other) else NotImplemented

    def __ge__(self, other):
        return binary(NDPY_OP_greater_equal, self, other) if operand_ok(other) else NotImplemented

    __hash__ = None

    # -- indexing
    def __getitem__(self, key, /):
        return get_item(self, key)

    def __setitem__(self, key, value, /):
        set_item(self, key, value)

    # -- buffer protocol (NumPy reads it: np.asarray(x) shares memory)
    def __getbuffer__(self, Py_buffer *buf, int flags):
        cdef int n = nd_ndim(self.arr)
        cdef Py_ssize_t it = nd_itemsize(self.arr)
        cdef const int64_t *sh = nd_shape(self.arr)
        cdef const int64_t *st = nd_strides(self.arr)
        cdef bint writeable = nd_is_writeable(self.arr)
        if (flags & PyBUF_WRITABLE) == PyBUF_WRITABLE and not writeable:
            raise BufferError("the nd array is read-only")
        if (flags & PyBUF_STRIDES) != PyBUF_STRIDES and not nd_is_contiguous(self.arr, ND_C):
            raise BufferError("the nd array is not C-contiguous (ask for a strided buffer)")
        if (flags & PyBUF_FORMAT) == PyBUF_FORMAT and nd_dtype_of(self.arr) == ND_BFLOAT16:
            raise BufferError("bfloat16 has no buffer format code (np.asarray(x) gives an "
                              "ml_dtypes bfloat16 array through __array__)")
        cdef Py_ssize_t *dims = <Py_ssize_t *>malloc(sizeof(Py_ssize_t) * (2 * n + 1))
        if dims == NULL:
            raise MemoryError()
        for i in range(n):
            dims[i] = sh[i]
            dims[n + i] = st[i] * it
        buf.buf = nd_data(self.arr)
        buf.obj = self
        buf.len = nd_size(self.arr) * it
        buf.readonly = not writeable
        buf.itemsize = it
        buf.format = <char *>_FORMATS[<int>nd_dtype_of(self.arr)] if (flags & PyBUF_FORMAT) == PyBUF_FORMAT else NULL
        buf.ndim = n
        buf.shape = dims if (flags & PyBUF_ND) == PyBUF_ND else NULL
        buf.strides = dims + n if (flags & PyBUF_STRIDES) == PyBUF_STRIDES else NULL
        buf.suboffsets = NULL
        buf.internal = dims

    def __releasebuffer__(self, Py_buffer *buf):
        free(buf.internal)

    def __array__(self, dtype=None, copy=None):
        """A NumPy array over the same memory (NumPy reads nd's buffer); bfloat16 as an
        ml_dtypes bfloat16 array (a view of the bits as uint16)."""
        import numpy
        if nd_dtype_of(self.arr) == ND_BFLOAT16:
            try:
                import ml_dtypes
            except ImportError:
                raise TypeError("a bfloat16 nd array to NumPy needs ml_dtypes (pip install "
                                "ml_dtypes), or convert it first: nd.astype(x, nd.float32)") from None
            a = numpy.asarray(memoryview(retyped(self, ND_UINT16))).view(ml_dtypes.bfloat16)
        else:
            a = numpy.asarray(memoryview(self))
        if copy:
            a = a.copy()
        if dtype is not None:
            a = a.astype(dtype, copy=False)
        return a

    # -- DLPack
    def __dlpack__(self, /, *, stream=None, max_version=None, dl_device=None, copy=None):
        """A DLPack capsule over the array's memory: the versioned one (DLPack 1.x) when
        max_version asks for it, the legacy one otherwise. copy=True exports a copy. A
        read-only array (marked so, or a broadcast view) goes out without a copy in the
        versioned capsule, flagged read-only (NumPy's from_dlpack then gives a read-only
        array); the legacy capsule cannot say read-only, so there it goes out as a copy,
        or copy=False is a BufferError."""
        if stream is not None and stream != -1:
            raise ValueError("nd arrays live on the CPU: stream must be None")
        if dl_device is not None and tuple(dl_device) != (DLDeviceType.CPU, 0):
            raise BufferError(f"nd cannot export to device {dl_device!r}")
        cdef bint versioned = max_version is not None and max_version[0] >= 1
        cdef bint readonly = not nd_is_writeable(self.arr)
        cdef Array src = self
        cdef DLManagedTensor *t
        cdef bint copied = False
        if copy or (readonly and not versioned and copy is None):
            src = wrap(nd_copy(self.arr, ND_K))
            copied = True
            readonly = False
        elif readonly and not versioned:
            raise BufferError("__dlpack__: the nd array is read-only, which the legacy DLPack capsule "
                              "cannot express, and copy=False forbids exporting a copy (ask for "
                              "max_version=(1, 0))")
        with nogil:
            # nd_to_dlpack refuses read-only arrays; the versioned capsule carries the flag
            t = nd_to_dlpack_readonly(src.arr) if readonly else nd_to_dlpack(src.arr)
        if t == NULL:
            raise_error()
        return ndpy_dlpack_capsule(t, versioned, readonly, copied)

    def __dlpack_device__(self, /):
        return (DLDeviceType.CPU, 0)


# ---- the same memory as another dtype of the same size --------------------------------------

cdef void _release_source(void *data, void *ctx) noexcept nogil:
    nd_release(<nd_array *>ctx)


cdef Array retyped(Array a, nd_dtype t):
    """An array over a's memory with a's layout, its elements read as dtype t (of a's
    itemsize): bfloat16 <-> its uint16 bits, for the exchange with NumPy."""
    cdef nd_array *r
    nd_retain(a.arr)
    r = nd_wrap(t, nd_ndim(a.arr), nd_shape(a.arr), nd_strides(a.arr), nd_data(a.arr),
                _release_source, a.arr)
    if r == NULL:
        nd_release(a.arr)
        raise_error()
    if not nd_is_writeable(a.arr):
        nd_set_writeable(r, False)
    return wrap(r)


# ---- pickling ---------------------------------------------------------------------------

def _from_bytes(bytes data, str dtype, tuple shape):
    """The array a pickle holds (Array.__reduce__): C-order values of dtype and shape."""
    cdef int64_t sh[ND_MAX_DIMS]
    cdef int n = to_shape(shape, sh)
    cdef DType t = _dtype_by_name(dtype)
    cdef Py_ssize_t size = t.itemsize
    for i in range(n):
        size *= sh[i]
    if size != len(data):
        raise ValueError(f"nd: a pickled array of shape {shape} and dtype {dtype} needs "
                         f"{size} bytes, got {len(data)}")
    cdef const char *p = data
    return wrap(nd_from_data(<nd_dtype>t.num, n, sh, p, ND_C))


