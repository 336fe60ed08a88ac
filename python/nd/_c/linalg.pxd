# Declarations of include/nd/linalg.h.
from libc.stdint cimport int64_t
from nd._c.types cimport *

cdef extern from "nd/linalg.h" nogil:
    nd_array *nd_matmul(const nd_array *a, const nd_array *b)
    nd_array *nd_matmul_dtype(const nd_array *a, const nd_array *b, nd_dtype dtype)
    nd_array *nd_tensordot(const nd_array *a, const nd_array *b, int naxes)
    nd_array *nd_tensordot_axes(const nd_array *a, const nd_array *b, int naxes, const int *axes_a, const int *axes_b)
    nd_array *nd_vecdot(const nd_array *a, const nd_array *b, int axis)
    nd_array *nd_trace(const nd_array *a, int64_t offset, int axis1, int axis2)
    enum: ND_EINSUM_MAX_OPERANDS
    nd_array *nd_einsum(const char *subscripts, int n, nd_array *const *operands)
    nd_status nd_einsum_path(const char *subscripts, int n, nd_array *const *operands, int *path, double *flops)
    ctypedef enum nd_einsum_optimize:
        ND_EINSUM_AUTO, ND_EINSUM_GREEDY, ND_EINSUM_OPTIMAL
    ctypedef struct nd_einsum_options:
        const int *path
        int path_len
        nd_einsum_optimize optimize
        int dtype
        nd_casting casting
    nd_array *nd_einsum_ex(const char *subscripts, int n, nd_array *const *operands, const nd_einsum_options *opts)
    nd_status nd_einsum_out(nd_array *out, const char *subscripts, int n, nd_array *const *operands, const nd_einsum_options *opts)
    nd_status nd_einsum_path_ex(const char *subscripts, int n, nd_array *const *operands, const nd_einsum_options *opts, int *path, int *nsteps, double *flops, char **report)
    nd_array *nd_linalg_cross(const nd_array *a, const nd_array *b, int axis)
    nd_array *nd_linalg_diagonal(nd_array *a, int64_t offset)
    nd_array *nd_linalg_outer(const nd_array *a, const nd_array *b)
    nd_array *nd_linalg_trace(const nd_array *a, int64_t offset)
    nd_array *nd_linalg_cholesky(const nd_array *a, bint upper)
    nd_array *nd_linalg_det(const nd_array *a)
    nd_status nd_linalg_slogdet(const nd_array *a, nd_array **sign, nd_array **logabsdet)
    nd_array *nd_linalg_inv(const nd_array *a)
    nd_array *nd_linalg_solve(const nd_array *a, const nd_array *b)
    nd_status nd_linalg_eigh(const nd_array *a, nd_array **eigenvalues, nd_array **eigenvectors)
    nd_array *nd_linalg_eigvalsh(const nd_array *a)
    ctypedef enum nd_qr_mode:
        ND_QR_REDUCED, ND_QR_COMPLETE
    nd_status nd_linalg_qr(const nd_array *a, nd_qr_mode mode, nd_array **q, nd_array **r)
    nd_status nd_linalg_svd(const nd_array *a, bint full_matrices, nd_array **u, nd_array **s, nd_array **vh)
    nd_array *nd_linalg_svdvals(const nd_array *a)
    nd_array *nd_linalg_pinv(const nd_array *a, double rtol)
    nd_array *nd_linalg_matrix_rank(const nd_array *a, double rtol)
    nd_array *nd_linalg_matrix_rank_rtol(const nd_array *a, const nd_array *rtol)
    nd_array *nd_linalg_pinv_rtol(const nd_array *a, const nd_array *rtol)
    nd_array *nd_linalg_matrix_power(const nd_array *a, int64_t n)
    ctypedef enum nd_norm_ord:
        ND_NORM_FRO, ND_NORM_NUC, ND_NORM_INF, ND_NORM_NEG_INF, ND_NORM_1, ND_NORM_NEG_1,
        ND_NORM_2, ND_NORM_NEG_2
    nd_array *nd_linalg_matrix_norm(const nd_array *x, bint keepdims, nd_norm_ord ord)
    nd_array *nd_linalg_vector_norm(const nd_array *x, int naxes, const int *axes, bint keepdims, double ord)
