"""nd: N-dimensional arrays in C11 with NumPy's semantics, as a Python Array API 2024.12
namespace (``import nd as xp``). The arrays share memory with NumPy both ways (buffer
protocol, DLPack); the work runs in libnd's threaded kernels with the GIL released.
See docs/guide/python.md."""
import importlib.util as _importlib_util
import math as _math

from nd._array import CPU as _CPU, Array, DLDeviceType
from nd._dtypes import DTYPES as _DTYPES, DType
from nd._errors import ArraySizeError, AxisError, LinAlgError
from nd._creation import (arange, asarray, empty, empty_like, eye, from_dlpack, full, full_like,
                          linspace, ones, ones_like, zeros, zeros_like)
from nd._info import (__array_namespace_info__, can_cast, finfo, get_num_threads, iinfo, isdtype,
                      result_type, set_num_threads, version as _libnd_version)
from nd._elementwise import *  # every function of nd/elementwise.h's tables, clip, where, real, imag
from nd._indexing import nonzero, take, take_along_axis
from nd._io import load, save, savez, savez_compressed
from nd._linalg import einsum, einsum_path, matmul, tensordot, vecdot
from nd._manipulation import (concat, meshgrid, repeat, roll, stack, tile, tril, triu, unstack)
from nd._reduce import (all, any, argmax, argmin, count_nonzero, cumulative_prod, cumulative_sum,
                        diff, max, mean, min, prod, std, sum, var)
from nd._sets import unique_all, unique_counts, unique_inverse, unique_values
from nd._sorting import argsort, searchsorted, sort
from nd._views import (astype, broadcast_arrays, broadcast_to, expand_dims, flip,
                       matrix_transpose, moveaxis, permute_dims, reshape, squeeze)
from nd import linalg, random

# The fft extension exists when the package was built with FFTW (libnd_fft, the extension
# module nd._fft); without it nd has no attribute fft, which is how the standard says that
# an extension is missing.
if _importlib_util.find_spec("nd._fft") is not None:
    from nd import fft

__array_api_version__ = "2024.12"
__version__ = _libnd_version()

(bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float32, float64, complex64,
 complex128, float16, bfloat16) = _DTYPES

e = _math.e
inf = _math.inf
nan = _math.nan
pi = _math.pi
newaxis = None
