# Declarations of include/nd/elementwise.h: the functions outside its tables, and the few
# table functions the binding calls by name. The tables' functions are reached through
# binops.h (nd/binops.pxd), built from the header's tables, so adding a function to a table
# needs no declaration here.
from nd._c.types cimport *

cdef extern from "nd/elementwise.h" nogil:
    nd_array *nd_weak(nd_scalar v)
    bint nd_is_weak(const nd_array *a)
    nd_status nd_real_out(nd_array *out, const nd_array *x)
    nd_status nd_imag_out(nd_array *out, const nd_array *x)
    nd_array *nd_clip(const nd_array *x, const nd_array *lo, const nd_array *hi)
    nd_status nd_clip_out(nd_array *out, const nd_array *x, const nd_array *lo, const nd_array *hi)
    nd_array *nd_clip_scalar(const nd_array *x, nd_scalar lo, nd_scalar hi)
    nd_status nd_clip_scalar_out(nd_array *out, const nd_array *x, nd_scalar lo, nd_scalar hi)
    nd_array *nd_where(const nd_array *cond, const nd_array *a, const nd_array *b)
    nd_status nd_where_out(nd_array *out, const nd_array *cond, const nd_array *a, const nd_array *b)
    # table functions called by name
    nd_array *nd_abs(const nd_array *x)
    nd_array *nd_negative(const nd_array *x)
    nd_array *nd_positive(const nd_array *x)
    nd_array *nd_bitwise_invert(const nd_array *x)
    nd_array *nd_add(const nd_array *a, const nd_array *b)
    nd_array *nd_multiply_scalar(const nd_array *a, nd_scalar b)
    nd_array *nd_equal(const nd_array *a, const nd_array *b)
    nd_array *nd_not_equal(const nd_array *a, const nd_array *b)
    nd_status nd_maximum_out(nd_array *out, const nd_array *a, const nd_array *b)
    nd_status nd_minimum_out(nd_array *out, const nd_array *a, const nd_array *b)
