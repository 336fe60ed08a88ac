"""nd.linalg: the Array API's linear algebra extension over nd's LAPACK-backed functions
(include/nd/linalg.h), SciPy's dense linear algebra beyond it under scipy.linalg's names
and keywords (include/nd/decomp.h, nd/matfunc.h): eigh and eigvalsh with b and subsets, solve
with assume_a, factor-once solves, matrix functions, the truncated SVD; and eigsh
(scipy.sparse.linalg.eigsh) over the iterative eigensolvers of include/nd/iterative.h. Errors
for singular or non-convergent matrices are LinAlgError, a ValueError."""
from nd._errors import LinAlgError
from nd._iterative import eigsh
from nd._linalg import (EighResult, QRResult, SlogdetResult, SVDResult, cholesky, cross, det,
                        diagonal, inv, matmul, matrix_norm, matrix_power, matrix_rank, outer,
                        pinv, qr, slogdet, svd, svdvals, tensordot, trace, vecdot, vector_norm)
from nd._decomp import (cho_factor, cho_solve, eigh, eigvalsh, lu_factor, lu_solve, solve,
                        schur, solve_triangular, svd_truncated)
from nd._matfunc import (expm, fractional_matrix_power, funm_hermitian, inv_sqrtm_hermitian, logm,
                         polar, sqrtm)
from nd._views import matrix_transpose
from nd._numpy_submodules import linalg_norm as norm

__all__ = ["LinAlgError", "cholesky", "cross", "det", "diagonal", "eigh", "eigvalsh", "inv",
           "matmul", "matrix_norm", "matrix_power", "matrix_rank", "matrix_transpose", "outer",
           "pinv", "qr", "slogdet", "solve", "svd", "svdvals", "tensordot", "trace", "vecdot",
           "vector_norm",
           # beyond the standard, with SciPy's names (nd._decomp)
           "cho_factor", "cho_solve", "lu_factor", "lu_solve", "schur", "solve_triangular",
           "svd_truncated",
           # matrix functions (nd._matfunc)
           "expm", "fractional_matrix_power", "funm_hermitian", "inv_sqrtm_hermitian", "logm",
           "polar", "sqrtm",
           # iterative eigensolvers (nd._iterative)
           "eigsh",
           # NumPy's norm (vector or matrix by ord and axis)
           "norm"]
