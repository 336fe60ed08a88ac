# cython: language_level=3, binding=True, embedsignature=True
"""nd's dtypes as Python objects (nd.float64, ...): one DType object per nd_dtype, in the
order of the enum (include/nd/types.h); nd/__init__.py names them. A new dtype is a new
nd_dtype value in C: the objects come from nd_dtype_name and nd_dtype_size of each value
below ND_NUM_DTYPES, so nothing here lists them."""

from nd._c.types cimport *
from nd._c.core cimport nd_dtype_kind, nd_dtype_name, nd_dtype_size


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


def _dtype_by_name(name):
    for d in _DTYPES:
        if (<DType>d).name == name:
            return d
    raise TypeError(f"unknown nd dtype {name!r}")


cdef DType dtype_obj(int num):
    return <DType>_DTYPES[num]


cdef nd_dtype to_dtype(object dtype) except *:
    """An nd dtype from a DType object; anything else is a TypeError."""
    if isinstance(dtype, DType):
        return <nd_dtype>(<DType>dtype).num
    raise TypeError(f"expected an nd dtype (nd.float64, nd.int32, ...), got {dtype!r}")
