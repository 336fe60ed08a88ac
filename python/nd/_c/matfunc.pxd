# Declarations of include/nd/matfunc.h.
from nd._c.types cimport *

cdef extern from "nd/matfunc.h" nogil:
    nd_array *nd_linalg_expm(const nd_array *a)
    nd_array *nd_linalg_sqrtm(const nd_array *a)
    nd_array *nd_linalg_logm(const nd_array *a)
    nd_status nd_linalg_polar(const nd_array *a, bint left, nd_array **u, nd_array **p)
    nd_array *nd_linalg_fractional_matrix_power(const nd_array *a, double p)
    nd_array *nd_linalg_inv_sqrtm_hermitian(const nd_array *a, double cutoff)
    ctypedef nd_array *(*nd_eigenvalue_fn)(const nd_array *w, void *ctx)
    nd_array *nd_linalg_funm_hermitian(const nd_array *a, nd_eigenvalue_fn f, void *ctx)
