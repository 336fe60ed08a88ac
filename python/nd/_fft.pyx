# cython: language_level=3, binding=True, embedsignature=True
"""Discrete Fourier transforms (include/nd/fft.h, libnd_fft on FFTW): the Array API's fft
extension as nd.fft, with NumPy 2's out= and fft2 family, and the plan cache's controls.
Each function converts its arguments, calls the one C function with the GIL released and
wraps the result; the rules (dtypes, n and s, axes, norms, layouts) are libnd_fft's."""
import operator
import os
from collections import namedtuple

from libc.stdint cimport int64_t

from nd._c.types cimport *
from nd._c.fft cimport *
from nd._array cimport Array, as_array, wrap
from nd._dtypes cimport to_dtype
from nd._errors cimport check
from nd._scalars cimport to_axes, to_axis
from nd._array import check_device

CacheStats = namedtuple("CacheStats", ["plans", "bytes", "hits", "misses", "upgrades", "evictions"])
CacheStats.__module__ = "nd.fft"
CacheStats.__doc__ = """Counters of nd.fft's plan cache (nd.fft.get_cache_stats()): plans held
and their estimated bytes now; since the start, lookups that hit and that made a plan,
estimated plans replaced by measured ones, and plans evicted to stay within the limits."""

ctypedef nd_array *(*axis_fn)(const nd_array *, int64_t, int, nd_fft_norm) noexcept nogil
ctypedef nd_status (*axis_out_fn)(nd_array *, const nd_array *, int64_t, int, nd_fft_norm) noexcept nogil
ctypedef nd_array *(*axes_fn)(const nd_array *, int, const int *, int, const int64_t *,
                              nd_fft_norm) noexcept nogil
ctypedef nd_status (*axes_out_fn)(nd_array *, const nd_array *, int, const int *, int,
                                  const int64_t *, nd_fft_norm) noexcept nogil


# ---- arguments ------------------------------------------------------------------------

cdef nd_fft_norm _norm(object norm, str name) except *:
    """None or "backward", "ortho", "forward" (nd_fft_norm_from_name, NumPy's names)."""
    if norm is None:
        return ND_FFT_BACKWARD
    if not isinstance(norm, str):
        raise TypeError(f'{name}: norm must be "backward", "ortho" or "forward", not {type(norm).__name__}')
    cdef bytes b = norm.encode("utf-8", "replace")
    cdef int v = nd_fft_norm_from_name(b)
    if v < 0:
        raise ValueError(f'{name}: invalid norm {norm!r}; expected "backward", "ortho" or "forward"')
    return <nd_fft_norm>v


cdef int64_t _length(object n, str name) except -1:
    """An explicit transform length: an integer of at least 1 (libnd_fft reads n <= 0 as
    the default, which Python spells None; NumPy refuses 0 and negative lengths)."""
    if isinstance(n, bool):
        raise TypeError(f"{name}: n must be an integer, not bool")
    v = operator.index(n)
    if v < 1:
        raise ValueError(f"{name}: invalid number of data points ({v}) specified")
    return v  # OverflowError beyond int64


cdef int _axis(object axis, str name) except? -2147483647:
    if axis is None or isinstance(axis, bool):
        raise TypeError(f"{name}: axis must be an integer, not {type(axis).__name__}")
    return to_axis(axis)


cdef int _axes(object axes, int *out, str name) except -2:
    """axes of the n-dimensional transforms: None (ND_ALL_AXES, every axis) or a sequence of
    ints (() none)."""
    if axes is None:
        return ND_ALL_AXES
    if not isinstance(axes, (tuple, list)):
        raise TypeError(f"{name}: axes must be None or a sequence of integers, not {type(axes).__name__}")
    return to_axes(axes, out)


cdef int _shape(object s, int64_t *out, str name) except -2:
    """s of the n-dimensional transforms: None (-1) or a sequence of lengths; an entry -1
    keeps that axis's length (NumPy 2), other entries below 1 are refused."""
    if s is None:
        return -1
    if not isinstance(s, (tuple, list)):
        raise TypeError(f"{name}: s must be None or a sequence of integers, not {type(s).__name__}")
    if len(s) > ND_MAX_DIMS:
        raise ValueError(f"{name}: s has {len(s)} entries, more than nd's {ND_MAX_DIMS} dimensions")
    for i, e in enumerate(s):
        if isinstance(e, bool):
            raise TypeError(f"{name}: s entries must be integers, not bool")
        v = operator.index(e)
        if v != -1 and v < 1:
            raise ValueError(f"{name}: invalid number of data points ({v}) specified")
        out[i] = v
    return len(s)


cdef Array _out(object out, str name):
    if not isinstance(out, Array):
        raise TypeError(f"{name}: out must be an nd.Array, not {type(out).__name__}")
    return <Array>out


# ---- drivers: one axis, several axes ----------------------------------------------------

cdef object _along_axis(axis_fn fn, axis_out_fn fn_out, str name, object x, object n,
                        object axis, object norm, object out):
    cdef Array a = as_array(x, name)
    cdef int64_t cn = 0 if n is None else _length(n, name)
    cdef int ax = _axis(axis, name)
    cdef nd_fft_norm nm = _norm(norm, name)
    cdef nd_array *r
    cdef nd_status st
    cdef Array o
    if out is None:
        with nogil:
            r = fn(a.arr, cn, ax, nm)
        return wrap(r)
    o = _out(out, name)
    with nogil:
        st = fn_out(o.arr, a.arr, cn, ax, nm)
    check(st)
    return out


cdef object _over_axes(axes_fn fn, axes_out_fn fn_out, str name, object x, object s,
                       object axes, object norm, object out):
    cdef Array a = as_array(x, name)
    cdef int ax[64]
    cdef int64_t sh[64]
    cdef int naxes = _axes(axes, ax, name)
    cdef int ns = _shape(s, sh, name)
    cdef nd_fft_norm nm = _norm(norm, name)
    cdef nd_array *r
    cdef nd_status st
    cdef Array o
    if out is None:
        with nogil:
            r = fn(a.arr, naxes, ax, ns, sh, nm)
        return wrap(r)
    o = _out(out, name)
    with nogil:
        st = fn_out(o.arr, a.arr, naxes, ax, ns, sh, nm)
    check(st)
    return out


# ---- the Array API's transforms ----------------------------------------------------------

def fft(x, /, *, n=None, axis=-1, norm="backward", out=None):
    """One-dimensional discrete Fourier transform along axis, cut or zero-padded to n points
    (nd_fft_fft). complex64 for float32/complex64 x, complex128 otherwise. out (beyond the
    standard, as NumPy 2): an nd array of exactly the result's shape and dtype to write into;
    it is returned."""
    return _along_axis(nd_fft_fft, nd_fft_fft_out, "fft", x, n, axis, norm, out)


def ifft(x, /, *, n=None, axis=-1, norm="backward", out=None):
    """Inverse of fft (nd_fft_ifft); dtypes and out as fft."""
    return _along_axis(nd_fft_ifft, nd_fft_ifft_out, "ifft", x, n, axis, norm, out)


def fftn(x, /, *, s=None, axes=None, norm="backward", out=None):
    """n-dimensional transform over axes (None: every axis), axis i cut or padded to s[i]
    (nd_fft_fftn; s without axes names every axis). An axis listed twice is an IndexError."""
    return _over_axes(nd_fft_fftn, nd_fft_fftn_out, "fftn", x, s, axes, norm, out)


def ifftn(x, /, *, s=None, axes=None, norm="backward", out=None):
    """Inverse of fftn (nd_fft_ifftn)."""
    return _over_axes(nd_fft_ifftn, nd_fft_ifftn_out, "ifftn", x, s, axes, norm, out)


def rfft(x, /, *, n=None, axis=-1, norm="backward", out=None):
    """Transform of real x: the n//2 + 1 non-negative frequency terms (nd_fft_rfft).
    Complex x is a TypeError."""
    return _along_axis(nd_fft_rfft, nd_fft_rfft_out, "rfft", x, n, axis, norm, out)


def irfft(x, /, *, n=None, axis=-1, norm="backward", out=None):
    """Inverse of rfft: n real values (default 2*(m-1), m the axis length) from a
    Hermitian spectrum's first half (nd_fft_irfft); float32 for complex64/float32 x, else
    float64."""
    return _along_axis(nd_fft_irfft, nd_fft_irfft_out, "irfft", x, n, axis, norm, out)


def rfftn(x, /, *, s=None, axes=None, norm="backward", out=None):
    """n-dimensional transform of real x: rfft along the last listed axis, fft along the
    others (nd_fft_rfftn)."""
    return _over_axes(nd_fft_rfftn, nd_fft_rfftn_out, "rfftn", x, s, axes, norm, out)


def irfftn(x, /, *, s=None, axes=None, norm="backward", out=None):
    """Inverse of rfftn: a real result, s[-1] long (default 2*(m-1)) along the last listed
    axis (nd_fft_irfftn)."""
    return _over_axes(nd_fft_irfftn, nd_fft_irfftn_out, "irfftn", x, s, axes, norm, out)


def hfft(x, /, *, n=None, axis=-1, norm="backward", out=None):
    """Transform of a Hermitian signal given by its first half: n real values (default
    2*(m-1)) (nd_fft_hfft)."""
    return _along_axis(nd_fft_hfft, nd_fft_hfft_out, "hfft", x, n, axis, norm, out)


def ihfft(x, /, *, n=None, axis=-1, norm="backward", out=None):
    """Inverse of hfft: n//2 + 1 complex values from real x (nd_fft_ihfft)."""
    return _along_axis(nd_fft_ihfft, nd_fft_ihfft_out, "ihfft", x, n, axis, norm, out)


# ---- NumPy's two-dimensional spellings (fftn over the last two axes) ----------------------

def fft2(x, /, *, s=None, axes=(-2, -1), norm="backward", out=None):
    """fftn over axes (default the last two), as NumPy's fft2."""
    return _over_axes(nd_fft_fftn, nd_fft_fftn_out, "fft2", x, s, axes, norm, out)


def ifft2(x, /, *, s=None, axes=(-2, -1), norm="backward", out=None):
    """ifftn over axes (default the last two), as NumPy's ifft2."""
    return _over_axes(nd_fft_ifftn, nd_fft_ifftn_out, "ifft2", x, s, axes, norm, out)


def rfft2(x, /, *, s=None, axes=(-2, -1), norm="backward", out=None):
    """rfftn over axes (default the last two), as NumPy's rfft2."""
    return _over_axes(nd_fft_rfftn, nd_fft_rfftn_out, "rfft2", x, s, axes, norm, out)


def irfft2(x, /, *, s=None, axes=(-2, -1), norm="backward", out=None):
    """irfftn over axes (default the last two), as NumPy's irfft2."""
    return _over_axes(nd_fft_irfftn, nd_fft_irfftn_out, "irfft2", x, s, axes, norm, out)


# ---- frequencies and shifts ------------------------------------------------------------

cdef object _freq(bint real, str name, object n, object d, object dtype, object device):
    check_device(device)
    cdef nd_dtype t = ND_FLOAT64 if dtype is None else to_dtype(dtype)
    if isinstance(n, bool):
        raise TypeError(f"{name}: n must be an integer, not bool")
    cdef int64_t cn = operator.index(n)
    if isinstance(d, (str, bytes)) or not hasattr(d, "__float__"):
        raise TypeError(f"{name}: d must be a real number, not {type(d).__name__}")
    cdef double cd = float(d)
    cdef nd_array *r
    with nogil:
        r = nd_fft_rfftfreq(cn, cd, t) if real else nd_fft_fftfreq(cn, cd, t)
    return wrap(r)


def fftfreq(n, /, *, d=1.0, dtype=None, device=None):
    """The sample frequencies of an n-point fft with sample spacing d: [0, 1, ...,
    (n-1)//2, -(n//2), ..., -1] / (d*n) (nd_fft_fftfreq); dtype float64 (the default) or
    float32."""
    return _freq(False, "fftfreq", n, d, dtype, device)


def rfftfreq(n, /, *, d=1.0, dtype=None, device=None):
    """The n//2 + 1 non-negative frequencies of an n-point rfft: [0, 1, ..., n//2] / (d*n)
    (nd_fft_rfftfreq)."""
    return _freq(True, "rfftfreq", n, d, dtype, device)


cdef object _shift(bint inverse, str name, object x, object axes):
    cdef Array a = as_array(x, name)
    cdef int ax[64]
    if isinstance(axes, bool):
        raise TypeError(f"{name}: axes must be None, an integer or a sequence of integers, not bool")
    cdef int naxes = to_axes(axes, ax)
    cdef nd_array *r
    with nogil:
        r = nd_fft_ifftshift(a.arr, naxes, ax) if inverse else nd_fft_fftshift(a.arr, naxes, ax)
    return wrap(r)


def fftshift(x, /, *, axes=None):
    """x rolled by shape[axis]//2 along each of axes (None: every axis), the zero frequency
    to the middle (nd_fft_fftshift); any dtype, a new array."""
    return _shift(False, "fftshift", x, axes)


def ifftshift(x, /, *, axes=None):
    """Inverse of fftshift: rolled by -(shape[axis]//2) (nd_fft_ifftshift)."""
    return _shift(True, "ifftshift", x, axes)


# ---- plans -------------------------------------------------------------------------------

_PLANNERS = {"auto": ND_FFT_AUTO, "estimate": ND_FFT_ESTIMATE, "measure": ND_FFT_MEASURE,
             "patient": ND_FFT_PATIENT}


def set_planner(mode, /):
    """How FFTW plans are made (nd_fft_set_planner), for every thread: "estimate" (the
    default: the same plan every time, so the same bits on every call), "auto" (faster for
    repeated calls: estimated plans at once, replaced by measured ones when a size is
    reused, which may change the last bits), "measure" or "patient" (always that FFTW
    effort; the first call of each size measures)."""
    if not isinstance(mode, str):
        raise TypeError(f"set_planner: mode must be a str, not {type(mode).__name__}")
    if mode not in _PLANNERS:
        raise ValueError(f'set_planner: invalid planner mode {mode!r}; expected "auto", "estimate", "measure" or "patient"')
    cdef nd_fft_planner m = _PLANNERS[mode]
    cdef nd_status st
    with nogil:
        st = nd_fft_set_planner(m)
    check(st)


def get_planner():
    """The planner mode: "auto", "estimate", "measure" or "patient"."""
    cdef nd_fft_planner m = nd_fft_get_planner()
    for k, v in _PLANNERS.items():
        if v == m:
            return k
    raise RuntimeError(f"get_planner: unknown planner mode {<int>m}")


cdef bytes _path(object path, str name):
    if isinstance(path, (str, bytes, os.PathLike)):
        return os.fsencode(path)
    raise TypeError(f"{name}: path must be a str, bytes or os.PathLike, not {type(path).__name__}")


def save_wisdom(path, /):
    """Writes FFTW's accumulated wisdom (measured plans, both precisions) to path
    (nd_fft_save_wisdom); OSError if it cannot be written."""
    cdef bytes p = _path(path, "save_wisdom")
    cdef const char *cp = p
    cdef nd_status st
    with nogil:
        st = nd_fft_save_wisdom(cp)
    check(st)


def load_wisdom(path, /):
    """Adds the wisdom in path (from save_wisdom) to FFTW's and empties the plan cache
    (nd_fft_load_wisdom); OSError if it cannot be read or is not such wisdom."""
    cdef bytes p = _path(path, "load_wisdom")
    cdef const char *cp = p
    cdef nd_status st
    with nogil:
        st = nd_fft_load_wisdom(cp)
    check(st)


def forget_wisdom():
    """Forgets FFTW's wisdom and empties the plan cache (nd_fft_forget_wisdom)."""
    with nogil:
        nd_fft_forget_wisdom()


def clear_plans():
    """Empties the plan cache (nd_fft_clear_plans)."""
    with nogil:
        nd_fft_clear_plans()


def set_cache_limits(max_plans, max_bytes, /):
    """Bounds the plan cache to max_plans plans and about max_bytes bytes of plans, least
    recently used first out (nd_fft_set_cache_limits; defaults 256 and 256 MiB)."""
    if isinstance(max_plans, bool) or isinstance(max_bytes, bool):
        raise TypeError("set_cache_limits: limits must be integers, not bool")
    cdef int64_t p = operator.index(max_plans)
    cdef int64_t b = operator.index(max_bytes)
    cdef nd_status st
    with nogil:
        st = nd_fft_set_cache_limits(p, b)
    check(st)


def get_cache_stats():
    """The plan cache's counters as a CacheStats (plans, bytes, hits, misses, upgrades,
    evictions) (nd_fft_get_cache_stats)."""
    cdef nd_fft_cache_stats s
    cdef nd_status st
    with nogil:
        st = nd_fft_get_cache_stats(&s)
    check(st)
    return CacheStats(s.plans, s.bytes, s.hits, s.misses, s.upgrades, s.evictions)
