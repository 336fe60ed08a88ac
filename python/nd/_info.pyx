# cython: language_level=3, binding=True, embedsignature=True
"""What nd is and offers: the namespace's inspection object (__array_namespace_info__: one
device, the CPU; its dtypes), the data type functions (isdtype, result_type, can_cast,
finfo, iinfo), threads and the library's version (include/nd/core.h)."""
import operator

from nd._c.types cimport *
from nd._c.core cimport *
from nd._array cimport Array
from nd._array import CPU, check_device
from nd._dtypes cimport DType, dtype_obj, to_dtype
from nd._dtypes import DTYPES
from nd._errors cimport check, raise_as, raise_error
from nd._scalars cimport is_scalar


# ---- the inspection namespace -------------------------------------------------------------

class Info:
    """The inspection object of the Array API (nd.__array_namespace_info__())."""

    __module__ = "nd"

    def capabilities(self):
        # boolean indexing and data-dependent shapes (unique, nonzero) are supported;
        # max dimensions: nd's limit
        return {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": 64}

    def default_device(self):
        return CPU

    def devices(self):
        return [CPU]

    def default_dtypes(self, *, device=None):
        check_device(device)
        d = {t.name: t for t in DTYPES}
        return {"real floating": d["float64"], "complex floating": d["complex128"],
                "integral": d["int64"], "indexing": d["int64"]}

    def dtypes(self, *, device=None, kind=None):
        # the standard's dtypes, as NumPy's info lists them: float16 and bfloat16 (nd.float16,
        # nd.bfloat16) are nd's beyond the standard
        check_device(device)
        out = {}
        for t in DTYPES:
            if t.name in ("float16", "bfloat16"):
                continue
            if kind is None or isdtype(t, kind):
                out[t.name] = t
        return out


def __array_namespace_info__():
    """The namespace's inspection object: capabilities, devices, default and all dtypes."""
    return Info()


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
        x = nd.empty((), dtype=dtype_obj(t))
        for s in weak:
            x = nd.where(cond, x, s)
        t = nd_dtype_of((<Array>x).arr)
    return dtype_obj(t)


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
        raise_as(ValueError)
    check(st)
    return finfo_object(f.bits, f.eps, f.max, f.min, f.smallest_normal, dtype_obj(<int>f.dtype))


def iinfo(type, /):
    """bits, max, min and dtype of an integer dtype."""
    cdef nd_dtype t = nd_dtype_of((<Array>type).arr) if isinstance(type, Array) else to_dtype(type)
    cdef nd_iinfo_t f
    if t == ND_BOOL:  # nd's C iinfo takes bool (0 and 1); NumPy's and the standard's do not
        raise ValueError("iinfo: bool is not an integer dtype")
    cdef nd_status st = nd_iinfo(t, &f)
    if st == ND_ERR_TYPE:  # a float, complex or bool dtype: NumPy's iinfo raises ValueError
        raise_as(ValueError)
    check(st)
    return iinfo_object(f.bits, f.umax, f.min, dtype_obj(<int>f.dtype))
