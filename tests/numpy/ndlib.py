"""A small ctypes binding over libnd for the differential tests: arrays move between NumPy
and nd through nd_from_data / nd_to_data (always in C order), and each nd function used by
the tests is declared here once."""
import ctypes as C
import numpy as np

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float32", "float64", "complex64", "complex128"]
# Every nd dtype NumPy has, by nd_dtype number: DTYPES, which the case families draw from,
# and float16, which only cases_half.py draws (its elementwise results are compared bit for
# bit, not within the tolerances of the other families).
NAMES = DTYPES + ["float16"]
CODE = {name: i for i, name in enumerate(NAMES)}
ORDERS = {"C": ord("C"), "F": ord("F"), "A": ord("A"), "K": ord("K")}

P = C.c_void_p
I64P = C.POINTER(C.c_int64)
INTP = C.POINTER(C.c_int)


class NdError(Exception):
    """An nd function failed (returned NULL or a non-zero status)."""


class Lib:
    def __init__(self, path):
        self.lib = C.CDLL(path)
        sig = {
            "nd_from_data": (P, [C.c_int, C.c_int, I64P, P, C.c_int]),
            "nd_to_data": (C.c_int, [P, P, C.c_int]),
            "nd_release": (None, [P]),
            "nd_ndim": (C.c_int, [P]),
            "nd_shape": (I64P, [P]),
            "nd_strides": (I64P, [P]),
            "nd_offset": (C.c_int64, [P]),
            "nd_dtype_of": (C.c_int, [P]),
            "nd_last_error": (C.c_char_p, []),
            "nd_last_status": (C.c_int, []),
            "nd_clear_error": (None, []),
            "nd_shares_memory": (C.c_bool, [P, P]),
            "nd_is_contiguous": (C.c_bool, [P, C.c_int]),
            "nd_index": (P, [P, C.c_char_p]),
            "nd_permute": (P, [P, C.c_int, INTP]),
            "nd_transpose": (P, [P]),
            "nd_swapaxes": (P, [P, C.c_int, C.c_int]),
            "nd_moveaxis": (P, [P, C.c_int, C.c_int]),
            "nd_matrix_transpose": (P, [P]),
            "nd_broadcast_to": (P, [P, C.c_int, I64P]),
            "nd_expand_dims": (P, [P, C.c_int]),
            "nd_squeeze": (P, [P, C.c_int, INTP]),
            "nd_flip": (P, [P, C.c_int, INTP]),
            "nd_diagonal": (P, [P, C.c_int64, C.c_int, C.c_int]),
            "nd_real": (P, [P]),
            "nd_imag": (P, [P]),
            "nd_reshape": (P, [P, C.c_int, I64P, C.c_int]),
            "nd_ravel": (P, [P, C.c_int]),
            "nd_flatten": (P, [P, C.c_int]),
            "nd_copy": (P, [P, C.c_int]),
            "nd_astype": (P, [P, C.c_int]),
            "nd_assign": (C.c_int, [P, P]),
            "nd_result_type": (C.c_int, [C.c_int, C.c_int]),
        }
        for name, (res, args) in sig.items():
            f = getattr(self.lib, name)
            f.restype = res
            f.argtypes = args

    def __getattr__(self, name):
        return getattr(self.lib, name)

    def error(self):
        return self.lib.nd_last_error().decode()

    def check(self, handle):
        """Returns an Array owning `handle`, or raises NdError with nd's message."""
        if not handle:
            msg = self.error()
            self.lib.nd_clear_error()
            raise NdError(msg)
        return Array(self, handle)

    def check_status(self, st):
        if st != 0:
            msg = self.error()
            self.lib.nd_clear_error()
            raise NdError(msg)

    def array(self, x, order="C"):
        """An nd copy of the NumPy array x, contiguous in `order`."""
        x = np.asarray(x)
        flat = np.ascontiguousarray(x.ravel(order=order))
        shape = (C.c_int64 * max(1, x.ndim))(*x.shape)
        h = self.lib.nd_from_data(CODE[x.dtype.name], x.ndim, shape, flat.ctypes.data_as(P),
                                  ORDERS[order])
        return self.check(h)


class _ScalarValue(C.Union):
    _fields_ = [("b", C.c_bool), ("i", C.c_int64), ("f", C.c_double), ("c", C.c_double * 2)]


class Scalar(C.Structure):
    """nd_scalar: a weak (Python-like) scalar, passed by value."""
    _fields_ = [("kind", C.c_int), ("v", _ScalarValue)]


def scalar(value):
    """The nd_scalar of a Python bool, int, float or complex (as ND_BOOLV ... ND_COMPLEX)."""
    s = Scalar()
    if isinstance(value, bool):
        s.kind, s.v.b = 0, value
    elif isinstance(value, int):
        s.kind, s.v.i = 1, value
    elif isinstance(value, float):
        s.kind, s.v.f = 2, value
    else:
        s.kind = 3
        s.v.c[0], s.v.c[1] = value.real, value.imag
    return s


def shape_arg(shape):
    return len(shape), (C.c_int64 * max(1, len(shape)))(*shape)


def int_arg(values):
    return len(values), (C.c_int * max(1, len(values)))(*values)


class Array:
    """Owns one nd reference; released when garbage-collected."""

    def __init__(self, lib, handle):
        self.lib, self.h = lib, C.c_void_p(handle)

    def __del__(self):
        if self.h:
            self.lib.nd_release(self.h)
            self.h = None

    @property
    def ndim(self):
        return self.lib.nd_ndim(self.h)

    @property
    def shape(self):
        p = self.lib.nd_shape(self.h)
        return tuple(p[i] for i in range(self.ndim))

    @property
    def strides(self):
        """In elements."""
        p = self.lib.nd_strides(self.h)
        return tuple(p[i] for i in range(self.ndim))

    @property
    def offset(self):
        return self.lib.nd_offset(self.h)

    @property
    def dtype(self):
        return np.dtype(NAMES[self.lib.nd_dtype_of(self.h)])

    def numpy(self):
        """A NumPy copy of the values (through nd_to_data in C order)."""
        out = np.empty(self.shape, dtype=self.dtype)
        self.lib.check_status(self.lib.nd_to_data(self.h, out.ctypes.data_as(P), ORDERS["C"]))
        return out
