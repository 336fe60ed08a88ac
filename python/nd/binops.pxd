# The table of two-operand elementwise functions (binops.h), shared by the Array's
# operators and the namespace functions.
from nd._c.types cimport nd_array, nd_scalar, nd_status

cdef extern from "binops.h" nogil:
    ctypedef nd_array *(*ndpy_aa_fn)(const nd_array *, const nd_array *)
    ctypedef nd_array *(*ndpy_as_fn)(const nd_array *, nd_scalar)
    ctypedef nd_array *(*ndpy_sa_fn)(nd_scalar, const nd_array *)
    ctypedef nd_status (*ndpy_aa_out_fn)(nd_array *, const nd_array *, const nd_array *)
    ctypedef nd_status (*ndpy_as_out_fn)(nd_array *, const nd_array *, nd_scalar)
    ctypedef struct ndpy_binop:
        const char *name
        ndpy_aa_fn aa
        ndpy_as_fn as_ "as"
        ndpy_sa_fn sa
        ndpy_aa_out_fn aa_out
        ndpy_as_out_fn as_out
    const ndpy_binop ndpy_binops[]
    enum:
        NDPY_OP_add, NDPY_OP_subtract, NDPY_OP_multiply, NDPY_OP_divide,
        NDPY_OP_floor_divide, NDPY_OP_remainder, NDPY_OP_pow, NDPY_OP_equal,
        NDPY_OP_not_equal, NDPY_OP_less, NDPY_OP_less_equal, NDPY_OP_greater,
        NDPY_OP_greater_equal, NDPY_OP_maximum, NDPY_OP_minimum, NDPY_OP_atan2,
        NDPY_OP_hypot, NDPY_OP_copysign, NDPY_OP_nextafter, NDPY_OP_logaddexp,
        NDPY_OP_bitwise_and, NDPY_OP_bitwise_or, NDPY_OP_bitwise_xor,
        NDPY_OP_bitwise_left_shift, NDPY_OP_bitwise_right_shift, NDPY_OP_logical_and,
        NDPY_OP_logical_or, NDPY_OP_logical_xor, NDPY_NUM_BINOPS
