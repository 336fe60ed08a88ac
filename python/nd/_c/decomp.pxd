# Declarations of include/nd/decomp.h.
from libc.stdint cimport int64_t, uint64_t
from nd._c.types cimport *

cdef extern from "nd/decomp.h" nogil:
    ctypedef enum nd_eigh_subset:
        ND_EIGH_ALL, ND_EIGH_BY_INDEX, ND_EIGH_BY_VALUE
    ctypedef struct nd_eigh_options:
        int type
        nd_eigh_subset subset
        int64_t lo, hi
        double vl, vu
        bint upper
    nd_status nd_linalg_eigh_ex(const nd_array *a, const nd_eigh_options *opt, nd_array **eigenvalues, nd_array **eigenvectors)
    nd_status nd_linalg_eigh_generalized(const nd_array *a, const nd_array *b, const nd_eigh_options *opt, nd_array **eigenvalues, nd_array **eigenvectors)
    nd_array *nd_linalg_eigvalsh_ex(const nd_array *a, const nd_eigh_options *opt)
    nd_array *nd_linalg_eigvalsh_generalized(const nd_array *a, const nd_array *b, const nd_eigh_options *opt)

    ctypedef enum nd_trans:
        ND_TRANS_N, ND_TRANS_T, ND_TRANS_C
    ctypedef enum nd_assume:
        ND_ASSUME_GENERAL, ND_ASSUME_SYMMETRIC, ND_ASSUME_HERMITIAN, ND_ASSUME_POSITIVE_DEFINITE,
        ND_ASSUME_LOWER_TRIANGULAR, ND_ASSUME_UPPER_TRIANGULAR
    nd_array *nd_linalg_solve_ex(const nd_array *a, const nd_array *b, nd_assume assume, bint lower)
    nd_array *nd_linalg_solve_triangular(const nd_array *a, const nd_array *b, nd_trans trans, bint lower, bint unit_diagonal)
    nd_array *nd_linalg_cho_solve(const nd_array *c, bint lower, const nd_array *b)
    nd_status nd_linalg_lu_factor(const nd_array *a, nd_array **lu, nd_array **piv)
    nd_array *nd_linalg_lu_solve(const nd_array *lu, const nd_array *piv, const nd_array *b, nd_trans trans)
    nd_status nd_linalg_schur(const nd_array *a, bint complex_output, nd_array **t, nd_array **z)
    ctypedef enum nd_svd_method:
        ND_SVD_AUTO, ND_SVD_GESVDX, ND_SVD_RANDOMIZED
    ctypedef struct nd_svd_truncated_options:
        nd_svd_method method
        uint64_t seed
        int64_t oversamples
        bint fixed_iterations
        int64_t n_iter
        double tol
    nd_status nd_linalg_svd_truncated(const nd_array *a, int64_t k, const nd_svd_truncated_options *opt, nd_array **u, nd_array **s, nd_array **vh)
