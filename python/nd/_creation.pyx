# cython: language_level=3, binding=True, embedsignature=True
"""Creation functions (include/nd/creation.h): asarray from nested sequences, Python
scalars, buffers (NumPy arrays) and DLPack producers, from_dlpack, and the filled arrays."""
import operator

from cpython.buffer cimport PyBUF_RECORDS_RO, PyBuffer_Release, PyBuffer_ToContiguous, PyObject_CheckBuffer, PyObject_GetBuffer
from libc.stdint cimport int64_t, uint64_t, uintptr_t
from libc.stdlib cimport free, malloc
from libc.string cimport strcmp

from nd._c.types cimport *
from nd._c.core cimport *
from nd._c.creation cimport *
from nd._c.elementwise cimport nd_add, nd_multiply_scalar
from nd._c.io cimport DLManagedTensor, nd_from_dlpack
from nd._array cimport Array, as_array, retyped, wrap
from nd._dtypes cimport DType, dtype_obj, to_dtype
from nd._errors cimport check, raise_error
from nd._scalars cimport fit_big_int, is_scalar, to_scalar, to_shape
from nd._array import check_device

cdef extern from "dlpack_capsule.h":
    DLManagedTensor *ndpy_capsule_tensor(object cap, int *readonly, int *major) except? NULL
    int ndpy_capsule_consumed(object cap) except -1
    void ndpy_capsule_refused(object cap, DLManagedTensor *t)


# ---- from an existing nd array ---------------------------------------------------------------

cdef Array _finish(Array a, object dtype, object copy, bint fresh):
    """dtype and copy= applied to an array made from the input (fresh: already a copy)."""
    cdef nd_array *r
    cdef nd_dtype t
    if dtype is not None and to_dtype(dtype) != nd_dtype_of(a.arr):
        if copy is False:
            raise ValueError(f"asarray: copy=False, but converting {a.dtype} to {dtype} needs a copy")
        t = to_dtype(dtype)
        with nogil:
            r = nd_astype(a.arr, t)
        return wrap(r)
    if copy and not fresh:
        with nogil:
            r = nd_copy(a.arr, ND_K)
        return wrap(r)
    return a


# ---- from a buffer (NumPy arrays, memoryviews, array.array) ------------------------------

cdef void _release_view(void *data, void *ctx) noexcept with gil:
    PyBuffer_Release(<Py_buffer *>ctx)
    free(ctx)


cdef int _buffer_dtype(const char *fmt, Py_ssize_t itemsize) except -2:
    """The nd dtype of a buffer format in native byte order; -1 if nd has none."""
    if fmt == NULL:
        return ND_UINT8 if itemsize == 1 else -1
    if fmt[0] in (b'@', b'=', b'<'):  # native / little-endian (nd runs on little-endian)
        fmt += 1
    cdef bytes f = fmt
    table = {b"?": ND_BOOL, b"b": ND_INT8, b"B": ND_UINT8, b"h": ND_INT16, b"H": ND_UINT16,
             b"i": ND_INT32, b"I": ND_UINT32, b"l": ND_INT64 if itemsize == 8 else ND_INT32,
             b"L": ND_UINT64 if itemsize == 8 else ND_UINT32, b"q": ND_INT64, b"Q": ND_UINT64,
             b"n": ND_INT64, b"N": ND_UINT64, b"f": ND_FLOAT32, b"d": ND_FLOAT64,
             b"Zf": ND_COMPLEX64, b"Zd": ND_COMPLEX128, b"e": ND_FLOAT16}
    t = table.get(f, -1)
    if t >= 0 and <Py_ssize_t>nd_dtype_size(<nd_dtype>t) != itemsize:
        return -1
    return t


cdef Array from_buffer(object obj):
    """An nd array over the memory of a buffer-protocol object, without a copy when its
    strides are whole elements and its data aligned (else a C-ordered copy)."""
    cdef Py_buffer *view = <Py_buffer *>malloc(sizeof(Py_buffer))
    if view == NULL:
        raise MemoryError()
    try:
        PyObject_GetBuffer(obj, view, PyBUF_RECORDS_RO)
    except BaseException:
        free(view)
        raise
    cdef int t = -1
    cdef int64_t shape[64]
    cdef int64_t strides[64]
    cdef int n = view.ndim
    cdef bint direct = True
    cdef nd_array *a
    cdef Py_ssize_t it = view.itemsize
    try:
        t = _buffer_dtype(view.format, it)
        if t < 0:
            fmt = view.format.decode() if view.format != NULL else "?"
            raise TypeError(f"asarray: the buffer's element type {fmt!r} ({it} bytes) has no nd dtype")
        if n > ND_MAX_DIMS:
            raise ValueError(f"asarray: a buffer of {n} dimensions is more than nd's {ND_MAX_DIMS}")
        for i in range(n):
            shape[i] = view.shape[i]
            if view.strides != NULL:
                if view.strides[i] % it != 0:
                    direct = False
                strides[i] = view.strides[i] // it
        if (<uintptr_t>view.buf) % (it if it <= 8 else it // 2) != 0:
            direct = False
    except BaseException:
        PyBuffer_Release(view)
        free(view)
        raise
    if not direct:
        # strides that are not whole elements, or misaligned data: a C-ordered copy
        try:
            r = wrap(nd_empty(<nd_dtype>t, n, shape, ND_C))
            PyBuffer_ToContiguous(nd_data(r.arr), view, view.len, b'C')
        finally:
            PyBuffer_Release(view)
            free(view)
        return r
    a = nd_wrap(<nd_dtype>t, n, shape, strides if view.strides != NULL else NULL, view.buf,
                _release_view, view)
    if a == NULL:
        PyBuffer_Release(view)
        free(view)
        raise_error()
    r = wrap(a)
    if view.readonly:
        check(nd_set_writeable(a, False))
    return r


# ---- from DLPack -----------------------------------------------------------------------------

cdef Array from_capsule(object cap):
    cdef int readonly = 0, major = 0
    cdef DLManagedTensor *t = ndpy_capsule_tensor(cap, &readonly, &major)
    cdef nd_array *a
    with nogil:
        a = nd_from_dlpack(t)
    if a == NULL:
        ndpy_capsule_refused(cap, t)
        raise_error()
    ndpy_capsule_consumed(cap)
    r = wrap(a)
    if readonly:
        check(nd_set_writeable(a, False))
    return r


def from_dlpack(x, /, *, device=None, copy=None):
    """An nd array sharing the memory of a DLPack producer (an object with __dlpack__),
    without a copy (copy=True makes one)."""
    check_device(device)
    if not hasattr(x, "__dlpack__"):
        raise TypeError(f"from_dlpack: {type(x).__name__} does not support DLPack (no __dlpack__)")
    if hasattr(x, "__dlpack_device__"):
        dev = x.__dlpack_device__()
        if int(dev[0]) not in (1, 3, 11, 13):  # CPU, CUDA host, ROCm host, CUDA managed
            raise BufferError(f"from_dlpack: device {tuple(dev)} is not readable by the CPU")
    try:
        cap = x.__dlpack__(max_version=(1, 0), copy=copy)
    except TypeError:
        # a producer of the older protocol (no max_version / copy keywords)
        cap = x.__dlpack__()
    a = from_capsule(cap)
    return _finish(a, None, copy, False)


# ---- from nested sequences -------------------------------------------------------------------

# kinds of Python scalars, in promotion order
cdef enum:
    K_BOOL = 0
    K_INT = 1
    K_FLOAT = 2
    K_COMPLEX = 3


cdef int _leaf_kind(object x) except -1:
    if isinstance(x, bool):
        return K_BOOL
    if isinstance(x, int):
        return K_INT
    if isinstance(x, float):
        return K_FLOAT
    if isinstance(x, complex):
        return K_COMPLEX
    if isinstance(x, Array) and (<Array>x).ndim == 0:
        return -2
    if hasattr(x, "__array__") or hasattr(x, "__dlpack__"):  # NumPy scalars, 0-d arrays
        return -3
    raise TypeError(f"asarray: cannot convert an element of type {type(x).__name__} "
                    f"(nested sequences must hold bool, int, float or complex)")


cdef int _flatten(object seq, int depth, list shape, list leaves) except -1:
    cdef Py_ssize_t n = len(seq)
    if depth == len(shape):
        raise ValueError("asarray: the nested sequence is ragged (an element where a sequence of "
                         f"length {shape[depth - 1] if depth else 0} was expected)")
    if n != shape[depth]:
        raise ValueError(f"asarray: the nested sequence is ragged (lengths {shape[depth]} and {n} "
                         f"at depth {depth})")
    if depth == len(shape) - 1:
        for x in seq:
            if isinstance(x, (list, tuple)):
                raise ValueError("asarray: the nested sequence is ragged (a sequence where a "
                                 "scalar was expected)")
            leaves.append(x)
    else:
        for x in seq:
            if not isinstance(x, (list, tuple)):
                raise ValueError("asarray: the nested sequence is ragged (a scalar where a "
                                 "sequence was expected)")
            _flatten(x, depth + 1, shape, leaves)
    return 0


cdef Array from_sequence(object obj, object dtype):
    cdef list shape = []
    cdef list leaves = []
    x = obj
    while isinstance(x, (list, tuple)):
        if len(shape) == ND_MAX_DIMS:
            raise ValueError(f"asarray: nested more deeply than nd's {ND_MAX_DIMS} dimensions")
        shape.append(len(x))
        if len(x) == 0:
            break
        x = x[0]
    _flatten(obj, 0, shape, leaves)
    cdef int kind = K_FLOAT if not leaves else K_BOOL
    cdef int k
    cdef dict typed = {}  # leaf index -> dtype, for the 0-d arrays and NumPy scalars
    cdef Array z
    for i, v in enumerate(leaves):
        k = _leaf_kind(v)
        if k == -3:  # a NumPy scalar or 0-d array: a 0-d nd array of its dtype
            v = asarray(v)
            if (<Array>v).ndim != 0:
                raise TypeError(f"asarray: cannot convert an element of type {type(leaves[i]).__name__} "
                                f"(nested sequences must hold bool, int, float or complex)")
            k = -2
        if k == -2:  # a 0-d array: its value, and its dtype takes part as NumPy's does
            z = <Array>v
            typed[i] = nd_dtype_of(z.arr)
            v = z.item()
            leaves[i] = v
            k = _leaf_kind(v)
        if k > kind:
            kind = k
    cdef int64_t cshape[64]
    cdef int n = len(shape)
    for i in range(n):
        cshape[i] = shape[i]
    cdef nd_dtype natural, t
    lo = hi = 0
    if kind == K_INT:
        lo = min(leaves)
        hi = max(leaves)
    # Python ints from 2**63 with others promote as NumPy's (uint64 with int64: float64)
    if dtype is None and (typed or (kind == K_INT and (1 << 63) <= hi < (1 << 64) and
                                    lo >= -(1 << 63))):
        # the values (Python scalars now, exact) are written in the widest dtype of t's kind
        # and cast to t, which holds them (an integer t is the promotion of their dtypes)
        t = _typed_leaves_dtype(leaves, typed)
        natural = t if t == ND_BOOL or t == ND_UINT64 else \
            ND_INT64 if nd_isdtype(t, ND_KIND_INTEGRAL) else \
            ND_FLOAT64 if nd_isdtype(t, ND_KIND_REAL_FLOATING) else ND_COMPLEX128
        r = wrap(nd_empty(natural, n, cshape, ND_C))
        _fill(r.arr, natural, leaves)
        if t != natural:
            r = wrap(nd_astype(r.arr, t))
        return _finish(r, None, None, True)
    if kind == K_BOOL:
        natural = ND_BOOL
    elif kind == K_INT:
        natural = ND_INT64
        if (lo < -(1 << 63) or hi >= (1 << 63)) and dtype is not None and \
                (nd_isdtype(to_dtype(dtype), ND_KIND_REAL_FLOATING) or
                 nd_isdtype(to_dtype(dtype), ND_KIND_COMPLEX_FLOATING)):
            natural = ND_FLOAT64  # asarray([2**64], dtype=float32): as float(2**64), as NumPy
            kind = K_FLOAT
        elif hi >= (1 << 63) and lo >= 0 and hi < (1 << 64):
            natural = ND_UINT64
        elif lo < -(1 << 63) or hi >= (1 << 63):
            raise OverflowError(f"asarray: Python integer {hi if hi >= (1 << 63) else lo} out of bounds for int64")
        if dtype is not None and nd_isdtype(to_dtype(dtype), ND_KIND_INTEGRAL):
            _check_int_range(lo, hi, to_dtype(dtype))
    elif kind == K_FLOAT:
        natural = ND_FLOAT64
    else:
        natural = ND_COMPLEX128
    r = wrap(nd_empty(natural, n, cshape, ND_C))
    _fill(r.arr, natural, leaves)
    return _finish(r, dtype, None, True)


cdef nd_dtype _typed_leaves_dtype(list leaves, dict typed) except *:
    """The dtype NumPy's asarray gives a sequence holding 0-d arrays or NumPy scalars: their
    dtypes and the Python scalars' own (bool, int64, float64, complex128; not weak here)
    promoted pairwise in the order of the elements (NumPy's discovery: [uint16, int16,
    float32] is float64, [float32, uint16, int16] float32)."""
    cdef int cur = -1, d
    for i, v in enumerate(leaves):
        if i in typed:
            d = <int>typed[i]
        elif isinstance(v, bool):
            d = ND_BOOL
        elif isinstance(v, int):
            if v < -(1 << 63) or v >= (1 << 64):  # NumPy makes an object array
                raise OverflowError(f"asarray: Python integer {v} out of bounds for int64")
            d = ND_UINT64 if v >= (1 << 63) else ND_INT64
        elif isinstance(v, float):
            d = ND_FLOAT64
        else:
            d = ND_COMPLEX128
        cur = d if cur < 0 else nd_result_type(<nd_dtype>cur, <nd_dtype>d)
        if cur < 0:
            raise_error()
    return <nd_dtype>cur


cdef int _check_int_range(object lo, object hi, nd_dtype t) except -1:
    # NumPy 2: asarray([300], dtype=uint8) is an OverflowError, not a wrap-around
    cdef nd_iinfo_t info
    check(nd_iinfo(t, &info))
    if lo < info.min:
        raise OverflowError(f"Python integer {lo} out of bounds for {nd_dtype_name(t).decode()}")
    if hi > info.umax:
        raise OverflowError(f"Python integer {hi} out of bounds for {nd_dtype_name(t).decode()}")
    return 0


cdef int _fill(nd_array *a, nd_dtype t, list leaves) except -1:
    cdef void *p = nd_data(a)
    cdef Py_ssize_t i
    if t == ND_BOOL:
        for i in range(len(leaves)):
            (<unsigned char *>p)[i] = 1 if leaves[i] else 0
    elif t == ND_INT64:
        for i in range(len(leaves)):
            (<int64_t *>p)[i] = leaves[i]
    elif t == ND_UINT64:
        for i in range(len(leaves)):
            (<uint64_t *>p)[i] = leaves[i]
    elif t == ND_FLOAT64:
        for i in range(len(leaves)):
            (<double *>p)[i] = leaves[i]
    else:
        for i in range(len(leaves)):
            c = complex(leaves[i])
            (<double *>p)[2 * i] = c.real
            (<double *>p)[2 * i + 1] = c.imag
    return 0


# ---- asarray ---------------------------------------------------------------------------------

cdef Array _flat_floats(list obj):
    """The fast path of asarray([1.0, 2.0]): a flat list of Python floats."""
    cdef Py_ssize_t n = len(obj), i
    cdef int64_t shape = n
    cdef double buf[16]
    for i in range(n):
        if type(obj[i]) is not float:
            return None
        buf[i] = obj[i]
    cdef nd_array *r
    with nogil:
        r = nd_from_data(ND_FLOAT64, 1, &shape, buf, ND_C)
    return wrap(r)


cdef bint _is_ml_bfloat16(object obj):
    """A NumPy array of ml_dtypes' bfloat16 (by its dtype's name and size: its type code 'E'
    is also ml_dtypes' uint1's, its number is assigned at registration)."""
    dt = getattr(obj, "dtype", None)
    return (dt is not None and getattr(dt, "name", None) == "bfloat16" and
            getattr(dt, "itemsize", 0) == 2 and hasattr(obj, "view"))


def asarray(obj, /, *, dtype=None, device=None, copy=None):
    """An nd array from an nd array, a Python scalar, a nested sequence of scalars, a buffer
    (a NumPy array, shared without a copy) or a DLPack producer. copy=True always copies,
    copy=False never does (ValueError where a copy is needed), None copies only if needed."""
    cdef nd_scalar s
    cdef Array r
    if isinstance(obj, Array):
        if device is not None:
            check_device(device)
        return _finish(<Array>obj, dtype, copy, False)
    if type(obj) is list and dtype is None and device is None and 0 < len(<list>obj) <= 16:
        r = _flat_floats(<list>obj)
        if r is not None:
            if copy is False:
                raise ValueError("asarray: copy=False, but a Python sequence needs a copy")
            return r
    check_device(device)
    if dtype is not None:
        to_dtype(dtype)  # a TypeError for anything but an nd dtype
    if is_scalar(obj):
        if copy is False:
            raise ValueError("asarray: copy=False, but a Python scalar needs a copy")
        if dtype is not None:
            obj = fit_big_int(obj, to_dtype(dtype))
        if isinstance(obj, int) and not isinstance(obj, bool) and not (-(1 << 63) <= obj < (1 << 63)):
            return from_sequence([obj], dtype)[0]  # NumPy: uint64 up to 2**64 - 1
        to_scalar(obj, &s)
        if dtype is None:
            return wrap(nd_scalar_array(s))
        return wrap(nd_full_scalar(to_dtype(dtype), 0, NULL, s, ND_C))
    if isinstance(obj, (str, bytes)):  # text, as NumPy reads them; a bytearray is uint8 below
        raise TypeError(f"asarray: cannot convert {type(obj).__name__} to an nd array")
    if _is_ml_bfloat16(obj):
        # ml_dtypes' bfloat16 arrays have no buffer format: their bits as uint16, the same memory
        return _finish(retyped(from_buffer(obj.view("uint16")), ND_BFLOAT16), dtype, copy, False)
    if PyObject_CheckBuffer(obj):
        return _finish(from_buffer(obj), dtype, copy, False)
    if hasattr(obj, "__dlpack__"):
        return _finish(from_dlpack(obj), dtype, copy, False)
    if isinstance(obj, (list, tuple)):
        if copy is False:
            raise ValueError("asarray: copy=False, but a Python sequence needs a copy")
        return from_sequence(obj, dtype)
    if hasattr(obj, "__array__"):
        return _finish(from_buffer(obj.__array__()), dtype, copy, False)
    raise TypeError(f"asarray: cannot convert {type(obj).__name__} to an nd array")


# ---- filled arrays ---------------------------------------------------------------------------

cdef nd_dtype _dtype_or(object dtype, nd_dtype default) except *:
    return default if dtype is None else to_dtype(dtype)


def empty(shape, *, dtype=None, device=None):
    """An uninitialised array (C order)."""
    cdef int64_t sh[64]
    check_device(device)
    cdef int n = to_shape(shape, sh)
    return wrap(nd_empty(_dtype_or(dtype, ND_FLOAT64), n, sh, ND_C))


def zeros(shape, *, dtype=None, device=None):
    """An array of zeros (C order)."""
    cdef int64_t sh[64]
    check_device(device)
    cdef int n = to_shape(shape, sh)
    cdef nd_dtype t = _dtype_or(dtype, ND_FLOAT64)
    cdef nd_array *r
    with nogil:
        r = nd_zeros(t, n, sh, ND_C)
    return wrap(r)


def ones(shape, *, dtype=None, device=None):
    """An array of ones (C order)."""
    cdef int64_t sh[64]
    check_device(device)
    cdef int n = to_shape(shape, sh)
    cdef nd_dtype t = _dtype_or(dtype, ND_FLOAT64)
    cdef nd_array *r
    with nogil:
        r = nd_ones(t, n, sh, ND_C)
    return wrap(r)


cdef nd_dtype _scalar_dtype(object v) except *:
    if isinstance(v, bool):
        return ND_BOOL
    if isinstance(v, int):
        return ND_UINT64 if (1 << 63) <= v < (1 << 64) else ND_INT64  # as NumPy's full
    if isinstance(v, float):
        return ND_FLOAT64
    if isinstance(v, complex):
        return ND_COMPLEX128
    raise TypeError(f"fill_value must be a Python bool, int, float or complex, not {type(v).__name__}")


def full(shape, fill_value, *, dtype=None, device=None):
    """An array of fill_value (C order); the dtype defaults to the value's kind."""
    cdef int64_t sh[64]
    cdef nd_scalar s
    check_device(device)
    cdef int n = to_shape(shape, sh)
    if isinstance(fill_value, Array) and (<Array>fill_value).ndim == 0:
        fill_value = fill_value.item()
    cdef nd_dtype t = _dtype_or(dtype, _scalar_dtype(fill_value))
    fill_value = fit_big_int(fill_value, t)
    cdef nd_array *r
    if _beyond_int64(fill_value):
        return _fill_big(wrap(nd_empty(t, n, sh, ND_C)), fill_value)
    to_scalar(fill_value, &s)
    with nogil:
        r = nd_full_scalar(t, n, sh, s, ND_C)
    return wrap(r)


cdef inline bint _beyond_int64(object v):
    return isinstance(v, int) and not isinstance(v, bool) and not (-(1 << 63) <= v < (1 << 63))


cdef Array _fill_big(Array r, object v):
    """r (uint64) filled with a Python int from 2**63 to 2**64 - 1 (NumPy's full(2, 2**63)
    and full(2, 2**63, dtype=uint64)); other dtypes and values are an OverflowError (float
    and complex dtypes never get here: fit_big_int made the value a float)."""
    cdef uint64_t u
    cdef Array src
    if not (0 <= v < (1 << 64)) or nd_dtype_of(r.arr) != ND_UINT64:
        raise OverflowError(f"Python integer {v} out of bounds for {nd_dtype_name(nd_dtype_of(r.arr)).decode()}")
    u = v
    src = wrap(nd_from_data(ND_UINT64, 0, NULL, &u, ND_C))
    check(nd_assign(r.arr, src.arr))
    return r


def empty_like(x, /, *, dtype=None, device=None):
    """An uninitialised array of x's shape (and dtype, and layout)."""
    cdef Array a = as_array(x, "empty_like")
    check_device(device)
    if dtype is None:
        return wrap(nd_empty_like(a.arr, ND_K))
    return wrap(nd_empty(to_dtype(dtype), nd_ndim(a.arr), nd_shape(a.arr), ND_C))


def zeros_like(x, /, *, dtype=None, device=None):
    """Zeros of x's shape (and dtype, and layout)."""
    cdef Array a = as_array(x, "zeros_like")
    check_device(device)
    if dtype is None:
        return wrap(nd_zeros_like(a.arr, ND_K))
    return wrap(nd_zeros(to_dtype(dtype), nd_ndim(a.arr), nd_shape(a.arr), ND_C))


def ones_like(x, /, *, dtype=None, device=None):
    """Ones of x's shape (and dtype, and layout)."""
    cdef Array a = as_array(x, "ones_like")
    check_device(device)
    if dtype is None:
        return wrap(nd_ones_like(a.arr, ND_K))
    return wrap(nd_ones(to_dtype(dtype), nd_ndim(a.arr), nd_shape(a.arr), ND_C))


def full_like(x, /, fill_value, *, dtype=None, device=None):
    """fill_value in x's shape (and dtype, and layout)."""
    cdef Array a = as_array(x, "full_like")
    cdef nd_scalar s
    check_device(device)
    if isinstance(fill_value, Array) and (<Array>fill_value).ndim == 0:
        fill_value = fill_value.item()
    fill_value = fit_big_int(fill_value, nd_dtype_of(a.arr) if dtype is None else to_dtype(dtype))
    if _beyond_int64(fill_value):
        if dtype is None:
            return _fill_big(wrap(nd_empty_like(a.arr, ND_K)), fill_value)
        return _fill_big(wrap(nd_empty(to_dtype(dtype), nd_ndim(a.arr), nd_shape(a.arr), ND_C)), fill_value)
    to_scalar(fill_value, &s)
    if dtype is None:
        r = wrap(nd_empty_like(a.arr, ND_K))
        check(nd_fill_scalar(r.arr, s))
        return r
    return wrap(nd_full_scalar(to_dtype(dtype), nd_ndim(a.arr), nd_shape(a.arr), s, ND_C))


def arange(start, /, stop=None, step=1, *, dtype=None, device=None):
    """start, start + step, ... below stop (NumPy's arange); int64 for integer arguments,
    float64 otherwise."""
    check_device(device)
    if stop is None:
        start, stop = 0, start
    args = []
    for v in (start, stop, step):
        if isinstance(v, bool) or not isinstance(v, (int, float)) and not hasattr(type(v), "__index__"):
            raise TypeError(f"arange: start, stop and step must be int or float, not {type(v).__name__}")
        # an integer of another type (NumPy's int64, ...) counts as an int, as range() takes it
        args.append(v if isinstance(v, (int, float)) else operator.index(v))
    start, stop, step = args
    if dtype is None:
        t = ND_INT64 if all(isinstance(v, int) for v in (start, stop, step)) else ND_FLOAT64
    else:
        t = to_dtype(dtype)
    return wrap(nd_arange(t, start, stop, step))


def linspace(start, stop, /, num, *, dtype=None, device=None, endpoint=True):
    """num evenly spaced values from start to stop (complex values: the real and imaginary
    parts spaced each)."""
    check_device(device)
    num = operator.index(num)
    for v in (start, stop):
        if not isinstance(v, (int, float, complex)) or isinstance(v, bool):
            raise TypeError(f"linspace: start and stop must be int, float or complex, not {type(v).__name__}")
    cdef nd_dtype t
    if isinstance(start, complex) or isinstance(stop, complex) or (
            dtype is not None and nd_isdtype(to_dtype(dtype), ND_KIND_COMPLEX_FLOATING)):
        t = _dtype_or(dtype, ND_COMPLEX128)
        if not nd_isdtype(t, ND_KIND_COMPLEX_FLOATING):
            raise TypeError(f"linspace: complex start or stop needs a complex dtype, not {dtype}")
        rt = ND_FLOAT32 if t == ND_COMPLEX64 else ND_FLOAT64
        start, stop = complex(start), complex(stop)
        re = wrap(nd_linspace(rt, start.real, stop.real, num, endpoint))
        im = wrap(nd_linspace(rt, start.imag, stop.imag, num, endpoint))
        one_j = wrap(nd_multiply_scalar(im.arr, _j()))
        return wrap(nd_add(re.arr, one_j.arr))
    t = _dtype_or(dtype, ND_FLOAT64)
    return wrap(nd_linspace(t, start, stop, num, endpoint))


cdef nd_scalar _j():
    cdef nd_scalar s
    s.kind = ND_SCALAR_COMPLEX
    s.v.c.re = 0
    s.v.c.im = 1
    return s


def eye(n_rows, n_cols=None, /, *, k=0, dtype=None, device=None):
    """Ones on diagonal k of an n_rows x n_cols matrix (square if n_cols is None)."""
    check_device(device)
    n = operator.index(n_rows)
    m = -1 if n_cols is None else operator.index(n_cols)
    if n_cols is not None and m < 0:
        raise ValueError(f"eye: negative dimensions are not allowed ({m})")
    k = operator.index(k)
    # a diagonal beyond the matrix is all zeros: clamp k, so that any Python int fits
    lim = max(n, m, 0) + 1
    k = -lim if k < -lim else lim if k > lim else k
    return wrap(nd_eye(_dtype_or(dtype, ND_FLOAT64), n, m, k))
