# cython: language_level=3, binding=True, embedsignature=True
"""nd's dtypes as Python objects (nd.float64, ...): one DType object per nd_dtype, in the
order of the enum (include/nd/types.h); nd/__init__.py names them. A new dtype is a new
nd_dtype value in C: the objects come from nd_dtype_name and nd_dtype_size of each value
below ND_NUM_DTYPES, so nothing here lists them.

They also speak NumPy's dtype protocol: np.dtype(nd.float64) is NumPy's float64 (through
__numpy_dtype__, and dtype for NumPy before 2.4), they compare and hash as NumPy's dtypes,
and NumPy's other dtype attributes (type, char, str, ...) are NumPy's. Every dtype= of nd
takes, besides them, what np.dtype takes for nd's dtypes (to_dtype)."""
import sys

from nd._c.types cimport *
from nd._c.core cimport nd_dtype_from_name, nd_dtype_kind, nd_dtype_name, nd_dtype_size


cdef class DType:
    """An nd dtype: module-level objects (nd.float64, ...) that compare with ==."""

    def __init__(self, *args, **kwargs):
        raise TypeError("nd dtypes are the module-level objects nd.bool, nd.int8, ..., nd.complex128")

    def __eq__(self, other):
        if isinstance(other, DType):
            return self.num == (<DType>other).num
        # as NumPy's dtypes: equal to what names the same dtype (np.float64, np.dtype('f8'),
        # 'float64', float)
        cdef int t = other_dtype(other)
        return NotImplemented if t < 0 else self.num == t

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __hash__(self):
        # NumPy's hash of a builtin dtype (hashdescr.c: kind, byte order, flags, size,
        # alignment), so that nd's and NumPy's equal dtypes are one dict key
        cdef Py_ssize_t size = nd_dtype_size(<nd_dtype>self.num)
        align = size // 2 if self.kind == "c" else size
        return hash((self.kind, "|" if size == 1 else "<", 0, size, align))

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

    # -- NumPy's dtype protocol (numpy is imported by the caller already)
    @property
    def __numpy_dtype__(self):
        """NumPy's dtype of the same name: np.dtype(nd.float64) reads it (NumPy >= 2.4)."""
        import numpy
        return numpy.dtype(self.name)

    @property
    def dtype(self):
        """NumPy's dtype of the same name (read by np.dtype before NumPy 2.4)."""
        import numpy
        return numpy.dtype(self.name)

    def __getattr__(self, name):
        # NumPy's other dtype attributes (type, char, str, byteorder, isnative, fields,
        # alignment, ...), which NumPy-API code (dask, xarray) reads on an array's dtype
        if name.startswith("_") or "numpy" not in sys.modules:
            raise AttributeError(f"'nd.DType' object has no attribute {name!r}")
        return getattr(sys.modules["numpy"].dtype(self.name), name)


cdef list _DTYPES = []
for _n in range(ND_NUM_DTYPES):
    _d = DType.__new__(DType)
    (<DType>_d).num = _n
    (<DType>_d).name = nd_dtype_name(<nd_dtype>_n).decode()
    _DTYPES.append(_d)
DTYPES = tuple(_DTYPES)


def _dtype_by_name(name):
    for d in _DTYPES:
        if (<DType>d).name == name:
            return d
    raise TypeError(f"unknown nd dtype {name!r}")


cdef DType dtype_obj(int num):
    return <DType>_DTYPES[num]


cdef int other_dtype(object obj) except -2:
    """The nd dtype that obj names as np.dtype(obj) would (-1: none): Python's bool, int,
    float and complex (NumPy's mapping: int is int64), names and codes ('float64', 'f8',
    'd'), and, where NumPy is imported, its dtypes and scalar types (np.float32,
    np.dtype('<f4')); a dtype nd lacks (float16, object, a big-endian order) is -1."""
    if obj is bool:
        return ND_BOOL
    if obj is int:
        return ND_INT64
    if obj is float:
        return ND_FLOAT64
    if obj is complex:
        return ND_COMPLEX128
    if isinstance(obj, str):
        return nd_dtype_from_name(obj.encode("ascii", "replace"))
    np = sys.modules.get("numpy")
    if np is None or not (isinstance(obj, np.dtype) or
                          (isinstance(obj, type) and issubclass(obj, np.generic))):
        return -1
    return nd_dtype_from_name(np.dtype(obj).str.encode())


cdef nd_dtype to_dtype(object dtype) except *:
    """An nd dtype from a DType object or anything other_dtype maps; else a TypeError."""
    if isinstance(dtype, DType):
        return <nd_dtype>(<DType>dtype).num
    cdef int t = other_dtype(dtype)
    if t >= 0:
        return <nd_dtype>t
    raise TypeError(f"nd has no dtype {dtype!r} (nd's dtypes: bool, int8, int16, int32, int64, "
                    f"uint8, uint16, uint32, uint64, float32, float64, complex64, complex128; "
                    f"dtype= also takes Python's bool, int, float and complex, and NumPy's "
                    f"dtypes and type objects of those)")
