"""nd.linalg: the Array API's linear algebra extension over nd's LAPACK-backed functions
(include/nd/linalg.h), and eigsh (SciPy's scipy.sparse.linalg.eigsh) over the iterative
eigensolvers of include/nd/iterative.h. Errors for singular or non-convergent matrices are
LinAlgError, a ValueError."""
from nd._core import LinAlgError
from nd._iterative import eigsh
from nd._linalg import (EighResult, QRResult, SlogdetResult, SVDResult, cholesky, cross, det,
                        diagonal, eigh, eigvalsh, inv, matmul, matrix_norm, matrix_power,
                        matrix_rank, outer, pinv, qr, slogdet, solve, svd, svdvals, tensordot,
                        trace, vecdot, vector_norm)
from nd._views import matrix_transpose

__all__ = ["LinAlgError", "cholesky", "cross", "det", "diagonal", "eigh", "eigsh", "eigvalsh", "inv",
           "matmul", "matrix_norm", "matrix_power", "matrix_rank", "matrix_transpose", "outer",
           "pinv", "qr", "slogdet", "solve", "svd", "svdvals", "tensordot", "trace", "vecdot",
           "vector_norm"]
