# The tables of elementwise functions (binops.h), shared by the Array's operators and the
# namespace functions. Only the entries the operators name are declared by name; the
# namespace functions are made from the whole tables (_elementwise.pyx).
from nd._c.types cimport nd_array, nd_scalar, nd_status

cdef extern from "binops.h" nogil:
    ctypedef nd_array *(*ndpy_aa_fn)(const nd_array *, const nd_array *)
    ctypedef nd_array *(*ndpy_as_fn)(const nd_array *, nd_scalar)
    ctypedef nd_array *(*ndpy_sa_fn)(nd_scalar, const nd_array *)
    ctypedef nd_status (*ndpy_aa_out_fn)(nd_array *, const nd_array *, const nd_array *)
    ctypedef nd_status (*ndpy_as_out_fn)(nd_array *, const nd_array *, nd_scalar)
    ctypedef nd_array *(*ndpy_a_fn)(const nd_array *)
    ctypedef nd_status (*ndpy_a_out_fn)(nd_array *, const nd_array *)
    ctypedef struct ndpy_binop:
        const char *name
        ndpy_aa_fn aa
        ndpy_as_fn as_ "as"
        ndpy_sa_fn sa
        ndpy_aa_out_fn aa_out
        ndpy_as_out_fn as_out
    ctypedef struct ndpy_unop:
        const char *name
        ndpy_a_fn a
        ndpy_a_out_fn a_out
    const ndpy_binop ndpy_binops[]
    const ndpy_unop ndpy_unops[]
    enum:
        NDPY_NUM_BINOPS, NDPY_NUM_UNOPS
        # the operators'
        NDPY_OP_add, NDPY_OP_subtract, NDPY_OP_multiply, NDPY_OP_divide,
        NDPY_OP_floor_divide, NDPY_OP_remainder, NDPY_OP_pow, NDPY_OP_equal,
        NDPY_OP_not_equal, NDPY_OP_less, NDPY_OP_less_equal, NDPY_OP_greater,
        NDPY_OP_greater_equal, NDPY_OP_bitwise_and, NDPY_OP_bitwise_or, NDPY_OP_bitwise_xor,
        NDPY_OP_bitwise_left_shift, NDPY_OP_bitwise_right_shift, NDPY_OP_maximum,
        NDPY_OP_minimum
