# cython: language_level=3, binding=True, embedsignature=True
"""nd's failures as Python exceptions: the classes NumPy raises for the same mistakes, chosen
from nd's status and extended code (include/nd/types.h), with nd's message."""

from nd._c.types cimport *
from nd._c.core cimport nd_clear_error, nd_last_error, nd_last_extended_status


class LinAlgError(ValueError):
    """A matrix is singular or a decomposition did not converge (nd's ND_ERR_LINALG), or
    a linalg function got something other than a (square) matrix, as in NumPy."""


class AxisError(ValueError, IndexError):
    """An axis out of range or listed twice: an IndexError (nd's ND_ERR_INDEX) that is also
    a ValueError, as NumPy's numpy.exceptions.AxisError."""


class ArraySizeError(ValueError, OverflowError):
    """A shape whose element or byte count does not fit: an OverflowError (nd's
    ND_ERR_OVERFLOW) that is also a ValueError, the class NumPy raises ("array is too big")."""


for _cls in (LinAlgError, AxisError, ArraySizeError):
    _cls.__module__ = "nd"


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


cdef int raise_as(object exc) except -1:
    """Raises exc with nd's last message (where NumPy's class for a mistake is not the one
    nd's status maps to)."""
    msg = nd_last_error().decode("utf-8", "replace")
    nd_clear_error()
    raise exc(msg)
