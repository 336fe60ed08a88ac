# Declarations of include/nd/types.h (and nd/axis.h).
from libc.stdint cimport int64_t, uint64_t

cdef extern from "nd/types.h" nogil:
    ctypedef struct nd_array:
        pass
    ctypedef enum nd_dtype:
        ND_BOOL, ND_INT8, ND_INT16, ND_INT32, ND_INT64, ND_UINT8, ND_UINT16, ND_UINT32,
        ND_UINT64, ND_FLOAT32, ND_FLOAT64, ND_COMPLEX64, ND_COMPLEX128, ND_FLOAT16, ND_BFLOAT16
    enum: ND_NUM_DTYPES
    enum: ND_MAX_DIMS
    ctypedef enum nd_dtype_kinds:
        ND_KIND_BOOL, ND_KIND_SIGNED_INTEGER, ND_KIND_UNSIGNED_INTEGER, ND_KIND_INTEGRAL,
        ND_KIND_REAL_FLOATING, ND_KIND_COMPLEX_FLOATING, ND_KIND_NUMERIC
    ctypedef enum nd_order:
        ND_C, ND_F, ND_A, ND_K
    ctypedef enum nd_status:
        ND_OK, ND_ERR_NULL, ND_ERR_VALUE, ND_ERR_SHAPE, ND_ERR_TYPE, ND_ERR_INDEX,
        ND_ERR_OVERFLOW, ND_ERR_NOMEM, ND_ERR_READONLY, ND_ERR_IO, ND_ERR_LINALG
    # extended codes (macros)
    enum:
        ND_ERR_INDEX_AXIS, ND_ERR_SHAPE_MATRIX, ND_ERR_OVERFLOW_SIZE, ND_ERR_VALUE_INDEX
    ctypedef enum nd_casting:
        ND_CAST_NO, ND_CAST_SAFE, ND_CAST_SAME_KIND, ND_CAST_UNSAFE
    ctypedef enum nd_scalar_kind:
        ND_SCALAR_BOOL, ND_SCALAR_INT, ND_SCALAR_FLOAT, ND_SCALAR_COMPLEX
    ctypedef struct nd_scalar_c:
        double re
        double im
    ctypedef union nd_scalar_v:
        bint b
        int64_t i
        double f
        nd_scalar_c c
    ctypedef struct nd_scalar:
        nd_scalar_kind kind
        nd_scalar_v v
    ctypedef struct nd_finfo_t:
        int bits
        double eps
        double max
        double min
        double smallest_normal
        nd_dtype dtype
    ctypedef struct nd_iinfo_t:
        int bits
        int64_t min
        int64_t max
        uint64_t umax
        nd_dtype dtype

cdef extern from "nd/axis.h" nogil:
    enum: ND_AXIS_NONE
    enum: ND_ALL_AXES

# C's bool, for function-pointer types that must match nd's prototypes exactly (bint is int)
cdef extern from "stdbool.h":
    ctypedef bint nd_bool "bool"
