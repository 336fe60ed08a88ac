# Declarations of include/nd/iterative.h.
from libc.stdint cimport int64_t, uint64_t
from nd._c.types cimport *

cdef extern from "nd/iterative.h" nogil:
    ctypedef nd_status (*nd_linop_apply)(const nd_array *x, nd_array *y, void *ctx)
    ctypedef struct nd_linop:
        int64_t n
        nd_dtype dtype
        nd_linop_apply apply
        void *ctx
        const nd_array *diagonal
    ctypedef enum nd_eigsh_which:
        ND_EIGSH_SA, ND_EIGSH_LA
    ctypedef enum nd_eigsh_method:
        ND_EIGSH_AUTO, ND_EIGSH_LANCZOS, ND_EIGSH_DAVIDSON
    ctypedef struct nd_eigsh_options:
        nd_eigsh_which which
        nd_eigsh_method method
        double tol
        int64_t maxiter
        int64_t block
        int64_t max_basis
        const nd_array *v0
        uint64_t seed
    ctypedef struct nd_eigsh_info:
        nd_eigsh_method method
        int64_t iterations
        int64_t matvecs
        int64_t restarts
        double residual
        double anorm
    nd_status nd_linalg_eigsh(const nd_array *a, int64_t k, nd_eigsh_which which, nd_array **w, nd_array **v)
    nd_status nd_linalg_eigsh_ex(const nd_array *a, int64_t k, const nd_eigsh_options *opt, nd_array **w,
                                 nd_array **v, nd_eigsh_info *info)
    nd_status nd_linalg_eigsh_op(const nd_linop *op, int64_t k, const nd_eigsh_options *opt, nd_array **w,
                                 nd_array **v, nd_eigsh_info *info)
