# cython: language_level=3, binding=True, embedsignature=True
"""The Array object, the dtypes, the error mapping and the argument conversions every
other module of the binding uses (include/nd/core.h, and the operators of the Array
object, which call nd's elementwise, view and index functions)."""
cimport cython

import enum
import operator

from cpython.buffer cimport PyBUF_FORMAT, PyBUF_ND, PyBUF_STRIDES, PyBUF_WRITABLE
from cpython.pycapsule cimport PyCapsule_GetPointer, PyCapsule_IsValid, PyCapsule_New
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc

from nd._c.types cimport *
from nd._c.core cimport *
from nd._c.creation cimport nd_assign, nd_copy, nd_fill_scalar, nd_from_data, nd_scalar_array
from nd._c.elementwise cimport (nd_abs, nd_bitwise_invert, nd_negative, nd_positive, nd_weak,
                                nd_is_weak, nd_equal, nd_not_equal)
from nd._c.indexing cimport nd_index_arrays, nd_index_arrays_assign
from nd._c.io cimport DLManagedTensor, nd_to_dlpack, nd_to_dlpack_readonly
from nd._c.linalg cimport nd_matmul
from nd._c.print cimport nd_repr, nd_to_string
from nd._c.views cimport nd_index, nd_matrix_transpose, nd_transpose
from nd.binops cimport *

cdef extern from "dlpack_capsule.h":
    object ndpy_dlpack_capsule(DLManagedTensor *t, bint versioned, bint readonly, bint copied)


# ---- errors ---------------------------------------------------------------------------

class LinAlgError(ValueError):
    """A matrix is singular or a decomposition did not converge (nd's ND_ERR_LINALG), or
    a linalg function got something other than a (square) matrix, as in NumPy."""


class AxisError(ValueError, IndexError):
    """An axis out of range or listed twice: an IndexError (nd's ND_ERR_INDEX) that is also
    a ValueError, as NumPy's numpy.exceptions.AxisError."""


class ArraySizeError(ValueError, OverflowError):
    """A shape whose element or byte count does not fit: an OverflowError (nd's
    ND_ERR_OVERFLOW) that is also a ValueError, the class NumPy raises ("array is too big")."""


# nd's status or extended code -> the exception NumPy raises for the same mistake. The
# extended codes are the narrower classes NumPy has: axis errors (AxisError, both IndexError
# and ValueError), a linalg function given something other than a (square) matrix
# (LinAlgError), a malformed index such as a second ellipsis (IndexError), an array too
# large for int64 or memory (ArraySizeError, both OverflowError and ValueError).
_EXCEPTIONS = {
    ND_ERR_NULL: ValueError,
    ND_ERR_VALUE: ValueError,
    ND_ERR_SHAPE: ValueError,
    ND_ERR_TYPE: TypeError,
    ND_ERR_INDEX: IndexError,
    ND_ERR_OVERFLOW: OverflowError,
    ND_ERR_NOMEM: MemoryError,
    ND_ERR_READONLY: ValueError,
    ND_ERR_IO: OSError,
    ND_ERR_LINALG: LinAlgError,
    ND_ERR_INDEX_AXIS: AxisError,
    ND_ERR_SHAPE_MATRIX: LinAlgError,
    ND_ERR_OVERFLOW_SIZE: ArraySizeError,
    ND_ERR_VALUE_INDEX: IndexError,
}


cdef int raise_error() except -1:
    """Raises the exception for nd's last failure on this thread, with nd's message."""
    cdef int code = nd_last_extended_status()
    msg = nd_last_error().decode("utf-8", "replace")
    nd_clear_error()
    exc = _EXCEPTIONS.get(code) or _EXCEPTIONS.get(code & 0xff, RuntimeError)
    raise exc(msg or "nd: unknown failure")


cdef int _raise_as(object exc) except -1:
    """Raises exc with nd's last message (where NumPy's class for a mistake is not the one
    nd's status maps to)."""
    msg = nd_last_error().decode("utf-8", "replace")
    nd_clear_error()
    raise exc(msg)


cdef inline int check(nd_status st) except -1:
    if st != ND_OK:
        raise_error()
    return 0


# ---- dtypes -----------------------------------------------------------------------------

cdef class DType:
    """An nd dtype: module-level objects (nd.float64, ...) that compare with ==."""

    def __init__(self, *args, **kwargs):
        raise TypeError("nd dtypes are the module-level objects nd.bool, nd.int8, ..., nd.complex128")

    def __eq__(self, other):
        if isinstance(other, DType):
            return self.num == (<DType>other).num
        return NotImplemented

    def __ne__(self, other):
        if isinstance(other, DType):
            return self.num != (<DType>other).num
        return NotImplemented

    def __hash__(self):
        return hash(("nd.dtype", self.num))

    def __repr__(self):
        return "nd." + self.name

    def __str__(self):
        return self.name

    def __reduce__(self):
        return (_dtype_by_name, (self.name,))

    @property
    def itemsize(self):
        return nd_dtype_size(<nd_dtype>self.num)

    @property
    def kind(self):
        return chr(nd_dtype_kind(<nd_dtype>self.num))


cdef list _DTYPES = []
for _n in range(ND_NUM_DTYPES):
    _d = DType.__new__(DType)
    (<DType>_d).num = _n
    (<DType>_d).name = nd_dtype_name(<nd_dtype>_n).decode()
    _DTYPES.append(_d)
DTYPES = tuple(_DTYPES)


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


def _dtype_by_name(name):
    for d in _DTYPES:
        if (<DType>d).name == name:
            return d
    raise TypeError(f"unknown nd dtype {name!r}")


cdef inline DType dtype_obj(int num):
    return <DType>_DTYPES[num]


cdef nd_dtype to_dtype(object dtype) except *:
    """An nd dtype from a DType object; anything else is a TypeError."""
    if isinstance(dtype, DType):
        return <nd_dtype>(<DType>dtype).num
    raise TypeError(f"expected an nd dtype (nd.float64, nd.int32, ...), got {dtype!r}")


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


# ---- scalars and axes -----------------------------------------------------------------

cdef inline bint is_scalar(object x):
    return isinstance(x, (bool, int, float, complex))


cdef int to_scalar(object x, nd_scalar *out) except -1:
    """A Python scalar as nd's weak scalar (NEP 50); an int beyond int64 is an OverflowError."""
    if isinstance(x, bool):
        out.kind = ND_SCALAR_BOOL
        out.v.b = x
    elif isinstance(x, int):
        out.kind = ND_SCALAR_INT
        out.v.i = x  # OverflowError beyond int64
    elif isinstance(x, float):
        out.kind = ND_SCALAR_FLOAT
        out.v.f = x
    elif isinstance(x, complex):
        out.kind = ND_SCALAR_COMPLEX
        out.v.c.re = x.real
        out.v.c.im = x.imag
    else:
        raise TypeError(f"expected a Python scalar (bool, int, float, complex), got {type(x).__name__}")
    return 0


cdef Array scalar_array(object x, nd_dtype like, bint weak):
    """A 0-d array for a Python scalar: weak (promoting as a Python scalar does) when it
    fits nd_scalar; an integer beyond int64 is a float next to a float or complex operand
    (fit_big_int) and a uint64 value next to a uint64 one (NumPy accepts 2**63 with a
    uint64 array); otherwise an OverflowError."""
    cdef nd_scalar s
    cdef uint64_t u
    x = fit_big_int(x, like)
    if isinstance(x, int) and not isinstance(x, bool) and not (-(1 << 63) <= x < (1 << 63)):
        if like == ND_UINT64 and 0 <= x < (1 << 64):
            u = x
            return wrap(nd_from_data(ND_UINT64, 0, NULL, &u, ND_C))
        raise OverflowError(f"Python integer {x} out of bounds for {nd_dtype_name(like).decode()}")
    to_scalar(x, &s)
    if weak:
        return wrap(nd_weak(s))
    return wrap(nd_scalar_array(s))


cdef inline bint beyond_int64(object x):
    return isinstance(x, int) and not isinstance(x, bool) and not (-(1 << 63) <= x < (1 << 63))


cdef inline bint is_inexact(nd_dtype t) noexcept:
    return t == ND_FLOAT32 or t == ND_FLOAT64 or t == ND_COMPLEX64 or t == ND_COMPLEX128


cdef object fit_big_int(object x, nd_dtype t):
    """x for a float or complex destination t: a Python int beyond int64 becomes a Python
    float, as NumPy converts it (an OverflowError beyond float's range); x otherwise."""
    if is_inexact(t) and beyond_int64(x):
        return float(x)
    return x


cdef object big_int_operand(int op, nd_array *a, object v, bint first):
    """An operation of array a with a Python int v beyond int64, NumPy 2's way: with a float
    or complex array, and in the true division of an integer array, v is a Python float (an
    OverflowError beyond float's range, as float(v)); an integer array compared with a v outside its dtype's range gives the
    answer v's sign decides, for every element (x == x is all True for integers, x != x
    all False). Returns the converted scalar (a float), the result array, or None when
    neither applies (the caller then makes a 0-d array, or raises OverflowError)."""
    cdef nd_dtype t = nd_dtype_of(a)
    cdef nd_array *r
    cdef bint truth
    if is_inexact(t) or (op == NDPY_OP_divide and t != ND_BOOL):
        return float(v)  # true division of integers is float64 either way
    if t == ND_BOOL or (t == ND_UINT64 and 0 <= v < (1 << 64)):
        return None
    if op == NDPY_OP_equal:
        truth = False
    elif op == NDPY_OP_not_equal:
        truth = True
    elif op == NDPY_OP_less or op == NDPY_OP_less_equal:
        truth = (v > 0) != first    # x < v is true when v is above every value
    elif op == NDPY_OP_greater or op == NDPY_OP_greater_equal:
        truth = (v < 0) != first
    else:
        return None
    with nogil:
        r = nd_equal(a, a) if truth else nd_not_equal(a, a)
    return wrap(r)


cdef int clamp_axis(object a) except? -2147483647:
    # an axis far out of range stays out of range, so that nd reports it
    cdef object v = operator.index(a)
    if v > (1 << 30):
        return 1 << 30
    if v < -(1 << 30):
        return -(1 << 30)
    return v


cdef int to_axis(object axis) except? -2147483647:
    """A single axis; None is ND_AXIS_NONE (the flattened array)."""
    if axis is None:
        return ND_AXIS_NONE
    if isinstance(axis, bool):
        raise TypeError("axis must be an integer, not bool")
    return clamp_axis(axis)


cdef int to_axes(object axis, int *axes) except -2:
    """Axes for reductions: None gives -1 (every axis), an int one axis, a tuple its axes;
    axes needs ND_MAX_DIMS entries."""
    if axis is None:
        return -1
    if isinstance(axis, bool):
        raise TypeError("axis must be an integer or a tuple of integers, not bool")
    if isinstance(axis, (tuple, list)):
        if len(axis) > ND_MAX_DIMS:
            raise ValueError(f"too many axes ({len(axis)})")
        for i, a in enumerate(axis):
            if isinstance(a, bool):
                raise TypeError("axis must be an integer or a tuple of integers, not bool")
            axes[i] = clamp_axis(a)
        return len(axis)
    axes[0] = clamp_axis(axis)
    return 1


cdef int to_shape(object shape, int64_t *out) except -1:
    """A shape (an int or a sequence of ints) into out (ND_MAX_DIMS entries); returns ndim."""
    if isinstance(shape, (tuple, list)):
        if len(shape) > ND_MAX_DIMS:
            raise ValueError(f"a shape of {len(shape)} dimensions is more than nd's {ND_MAX_DIMS}")
        for i, e in enumerate(shape):
            if isinstance(e, bool):
                raise TypeError("shape entries must be integers, not bool")
            out[i] = operator.index(e)
        return len(shape)
    if isinstance(shape, bool):
        raise TypeError("shape must be an integer or a tuple of integers, not bool")
    out[0] = operator.index(shape)
    return 1


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
    conv = big_int_operand(op, x.arr, v, v_first)
    if isinstance(conv, Array):
        return conv
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
    cdef Array tmp
    if isinstance(other, Array):
        with nogil:
            st = f.aa_out(self.arr, self.arr, (<Array>other).arr)
    elif is_scalar(other):
        if beyond_int64(other) and big_int_operand(op, self.arr, other, False) is not None:
            other = float(other)    # a float array: big_int_operand gave the float
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


# ---- indexing keys ------------------------------------------------------------------------

cdef str _bound(object v):
    return "None" if v is None else str(operator.index(v))


cdef object _index_or_none(object k):
    try:
        return operator.index(k)
    except TypeError:
        if hasattr(k, "__dlpack__") or hasattr(k, "__array__"):
            return None  # an array: the index-array path takes it
        raise


cdef tuple index_key(object key):
    """A Python index key as nd's index string (nd_index's grammar, '?' for each index
    array) and the list of index arrays; nd does the rest (NumPy's rules)."""
    if not isinstance(key, tuple):
        key = (key,)
    parts = []
    arrays = []
    for k in key:
        if isinstance(k, Array):
            parts.append("?")
            arrays.append(k)
        elif isinstance(k, slice):
            parts.append(_bound(k.start) + ":" + _bound(k.stop) + ":" + _bound(k.step))
        elif k is None:
            parts.append("None")
        elif k is Ellipsis:
            parts.append("...")
        elif isinstance(k, bool):
            # NumPy reads a[True] as a 0-d boolean mask
            parts.append("?")
            arrays.append(scalar_array(k, ND_BOOL, False))
        elif isinstance(k, int) or hasattr(type(k), "__index__") and not isinstance(k, (float, complex)) \
                and _index_or_none(k) is not None:
            parts.append(str(operator.index(k)))  # NumPy's integer scalars included
        elif isinstance(k, (list, tuple)) or hasattr(k, "__dlpack__") or hasattr(k, "__array__"):
            # a NumPy array (whose type has an __index__ that only 0-d integer ones answer)
            from nd._creation import asarray
            parts.append("?")
            arrays.append(asarray(k))
        else:
            raise IndexError(
                f"only integers, slices (`:`), ellipsis (`...`), None and integer or boolean "
                f"arrays are valid indices, not {type(k).__name__}")
    return ",".join(parts).encode("ascii"), arrays


cdef nd_array **array_ptrs(list arrays) except NULL:
    cdef nd_array **p = <nd_array **>malloc((len(arrays) + 1) * sizeof(nd_array *))
    if p == NULL:
        raise MemoryError()
    for i, a in enumerate(arrays):
        p[i] = (<Array>a).arr
    return p


cdef extern from "Python.h":
    int PySlice_Unpack(object slice, Py_ssize_t *start, Py_ssize_t *stop, Py_ssize_t *step) except -1

cdef inline int _put_int(char *buf, int pos, long long v) noexcept:
    """Writes v in decimal at buf[pos] (a hand-written formatter: snprintf costs more than
    the rest of a small index)."""
    cdef char tmp[24]
    cdef int n = 0
    cdef unsigned long long u = <unsigned long long>v
    if v < 0:
        buf[pos] = 45  # '-'
        pos += 1
        u = 0 - u
    while True:
        tmp[n] = 48 + <char>(u % 10)
        n += 1
        u //= 10
        if u == 0:
            break
    while n > 0:
        n -= 1
        buf[pos] = tmp[n]
        pos += 1
    return pos


cdef int _basic_item(object k, char *buf, int pos, int cap) except -2:
    """Appends one basic index item and a comma to nd's index string in buf; -1 if k is not
    one (an array, a bool, ...: the general path takes it). Slices are unpacked as Python
    unpacks them (absent bounds become the extreme values, which nd clips as NumPy does)."""
    cdef Py_ssize_t start, stop, step
    cdef long long v
    if pos >= cap - 80:
        return -1
    if type(k) is int:
        try:
            v = k
        except OverflowError:
            return -1
        pos = _put_int(buf, pos, v)
    elif type(k) is slice:
        PySlice_Unpack(k, &start, &stop, &step)
        pos = _put_int(buf, pos, start)
        buf[pos] = 58  # ':'
        pos = _put_int(buf, pos + 1, stop)
        buf[pos] = 58
        pos = _put_int(buf, pos + 1, step)
    elif k is None:
        buf[pos] = 78  # "None"
        buf[pos + 1] = 111
        buf[pos + 2] = 110
        buf[pos + 3] = 101
        pos += 4
    elif k is Ellipsis:
        buf[pos] = buf[pos + 1] = buf[pos + 2] = 46  # "..."
        pos += 3
    else:
        return -1
    buf[pos] = 44  # ','
    return pos + 1


cdef object get_item(Array self, object key):
    cdef bytes spec
    cdef list arrays
    cdef const char *cs
    cdef nd_array *r
    cdef nd_array **p
    cdef int n, pos = 0
    cdef char buf[512]
    # basic keys (ints, slices, None, ...) go straight into nd's index string
    if type(key) is tuple:
        for k in <tuple>key:
            pos = _basic_item(k, buf, pos, 512)
            if pos < 0:
                break
    else:
        pos = _basic_item(key, buf, 0, 512)
    if pos >= 0:
        buf[pos - 1 if pos > 0 else 0] = 0  # the last comma ends the string
        r = nd_index(self.arr, buf)  # layout only: no data touched, the GIL is kept
        return wrap(r)
    spec, arrays = index_key(key)
    cs = spec
    if not arrays:
        with nogil:
            r = nd_index(self.arr, cs)
        return wrap(r)
    n = len(arrays)
    p = array_ptrs(arrays)
    try:
        with nogil:
            r = nd_index_arrays(self.arr, cs, n, p)
    finally:
        free(p)
    return wrap(r)


cdef int set_item(Array self, object key, object value) except -1:
    cdef bytes spec
    cdef list arrays
    cdef const char *cs
    cdef nd_array *view
    cdef nd_array **p
    cdef nd_status st
    cdef nd_scalar s
    cdef Array v
    cdef int n
    spec, arrays = index_key(key)
    cs = spec
    if isinstance(value, Array):
        v = <Array>value
    elif is_scalar(value):
        # a weak scalar: nd checks an integer against the target's range, as NumPy does
        v = scalar_array(value, nd_dtype_of(self.arr), True)
    else:
        from nd._creation import asarray
        v = asarray(value)
    if not arrays:
        with nogil:
            view = nd_index(self.arr, cs)
        if view == NULL:
            raise_error()
        with nogil:
            st = nd_assign(view, v.arr)
            nd_release(view)
        return check(st)
    n = len(arrays)
    p = array_ptrs(arrays)
    try:
        with nogil:
            st = nd_index_arrays_assign(self.arr, cs, n, p, v.arr)
    finally:
        free(p)
    return check(st)


# ---- the array object ---------------------------------------------------------------------

cdef const char *_FORMATS[13]
_FORMATS[:] = [b"?", b"b", b"h", b"i", b"q", b"B", b"H", b"I", b"Q", b"f", b"d", b"Zf", b"Zd"]
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
        return _DTYPES[<int>nd_dtype_of(self.arr)]

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
        """A NumPy array over the same memory (NumPy reads nd's buffer)."""
        import numpy
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




# ---- threads ----------------------------------------------------------------------------

def set_num_threads(n, /):
    """Number of threads nd's own loops (and BLAS inside nd) use; n <= 0 restores the
    default (OpenMP's maximum)."""
    nd_set_num_threads(operator.index(n))


def get_num_threads():
    """Number of threads nd's loops use."""
    return nd_get_num_threads()


def version():
    """libnd's version string."""
    return nd_version().decode()


# ---- dtype functions (nd_isdtype, nd_result_type, nd_can_cast, nd_finfo, nd_iinfo) ------

_KINDS = {"bool": ND_KIND_BOOL, "signed integer": ND_KIND_SIGNED_INTEGER,
          "unsigned integer": ND_KIND_UNSIGNED_INTEGER, "integral": ND_KIND_INTEGRAL,
          "real floating": ND_KIND_REAL_FLOATING, "complex floating": ND_KIND_COMPLEX_FLOATING,
          "numeric": ND_KIND_NUMERIC}


def isdtype(dtype, kind):
    """Whether dtype is of kind: a dtype, a kind name ('bool', 'signed integer', 'unsigned
    integer', 'integral', 'real floating', 'complex floating', 'numeric') or a tuple of them."""
    cdef nd_dtype t = to_dtype(dtype)
    kinds = kind if isinstance(kind, tuple) else (kind,)
    for k in kinds:
        if isinstance(k, DType):
            if (<DType>k).num == t:
                return True
        elif isinstance(k, str):
            if k not in _KINDS:
                raise ValueError(f"isdtype: unknown kind {k!r}")
            if nd_isdtype(t, _KINDS[k]):
                return True
        else:
            raise TypeError(f"isdtype: kind must be a dtype, a str or a tuple of them, not {type(k).__name__}")
    return False


def result_type(*arrays_and_dtypes):
    """The dtype nd's elementwise functions give for these arrays, dtypes and Python scalars
    (scalars take part as weak values, NEP 50)."""
    cdef list strong = []
    cdef list weak = []
    for x in arrays_and_dtypes:
        if isinstance(x, DType):
            strong.append((<DType>x).num)
        elif isinstance(x, Array):
            strong.append(nd_dtype_of((<Array>x).arr))
        elif is_scalar(x):
            weak.append(x)
        else:
            raise TypeError(f"result_type: expected nd arrays, dtypes or Python scalars, got {type(x).__name__}")
    if not strong:
        raise ValueError("result_type: at least one array or dtype is required")
    # NumPy's rule for several dtypes (nd_result_type_n); repeats change nothing, and at
    # most ND_NUM_DTYPES are distinct
    cdef nd_dtype types[ND_NUM_DTYPES]
    cdef list distinct = list(dict.fromkeys(strong))
    for i, s in enumerate(distinct):
        types[i] = <nd_dtype>s
    cdef int t = nd_result_type_n(len(distinct), types)
    if t < 0:
        raise_error()
    if weak:
        # the scalars promote as they do in nd's elementwise functions: ask nd_where
        import nd
        cond = nd.asarray(True)
        x = nd.empty((), dtype=_DTYPES[t])
        for s in weak:
            x = nd.where(cond, x, s)
        t = nd_dtype_of((<Array>x).arr)
    return _DTYPES[t]


def can_cast(from_, to, /):
    """Whether from_ (a dtype or an array's dtype) converts to `to` without losing values."""
    cdef nd_dtype f = nd_dtype_of((<Array>from_).arr) if isinstance(from_, Array) else to_dtype(from_)
    return nd_can_cast(f, to_dtype(to))


class finfo_object:
    """Machine limits of a floating dtype (complex: of its real component)."""

    def __init__(self, bits, eps, max, min, smallest_normal, dtype):
        self.bits, self.eps, self.max, self.min = bits, eps, max, min
        self.smallest_normal, self.dtype = smallest_normal, dtype

    def __repr__(self):
        return (f"finfo(bits={self.bits}, eps={self.eps}, max={self.max}, min={self.min}, "
                f"smallest_normal={self.smallest_normal}, dtype={self.dtype})")


class iinfo_object:
    """Limits of an integer dtype."""

    def __init__(self, bits, max, min, dtype):
        self.bits, self.max, self.min, self.dtype = bits, max, min, dtype

    def __repr__(self):
        return f"iinfo(bits={self.bits}, max={self.max}, min={self.min}, dtype={self.dtype})"


def finfo(type, /):
    """bits, eps, max, min, smallest_normal and dtype of a floating or complex dtype."""
    cdef nd_dtype t = nd_dtype_of((<Array>type).arr) if isinstance(type, Array) else to_dtype(type)
    cdef nd_finfo_t f
    cdef nd_status st = nd_finfo(t, &f)
    if st == ND_ERR_TYPE:  # an integer or bool dtype: NumPy's finfo raises ValueError
        _raise_as(ValueError)
    check(st)
    return finfo_object(f.bits, f.eps, f.max, f.min, f.smallest_normal, _DTYPES[<int>f.dtype])


def iinfo(type, /):
    """bits, max, min and dtype of an integer dtype."""
    cdef nd_dtype t = nd_dtype_of((<Array>type).arr) if isinstance(type, Array) else to_dtype(type)
    cdef nd_iinfo_t f
    if t == ND_BOOL:  # nd's C iinfo takes bool (0 and 1); NumPy's and the standard's do not
        raise ValueError("iinfo: bool is not an integer dtype")
    cdef nd_status st = nd_iinfo(t, &f)
    if st == ND_ERR_TYPE:  # a float, complex or bool dtype: NumPy's iinfo raises ValueError
        _raise_as(ValueError)
    check(st)
    return iinfo_object(f.bits, f.umax, f.min, _DTYPES[<int>f.dtype])
