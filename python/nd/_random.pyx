# cython: language_level=3, binding=True, embedsignature=True
"""nd.random: NumPy's Generator (PCG64 seeded through SeedSequence) over include/nd/random.h.
The same seed and the same calls give the numbers np.random.default_rng gives, bit for bit
(docs/guide/random.md). Each method converts its arguments, calls the one C function with
the GIL released and wraps the result."""
import operator
import threading

from libc.stdint cimport int64_t, uint64_t
from libc.stdlib cimport free, malloc

from nd._c.types cimport *
from nd._c.creation cimport nd_copy
from nd._c.random cimport *
from nd._array cimport Array, as_array, wrap
from nd._dtypes cimport dtype_obj, to_dtype
from nd._errors cimport check, raise_error
from nd._scalars cimport to_axis, to_shape

cdef int64_t I64_MAX = 9223372036854775807


cdef nd_dtype dtype_or(object dtype, nd_dtype default) except *:
    return default if dtype is None else to_dtype(dtype)


cdef int size_of(object size, int64_t *shape) except -1:
    """ndim of `size` (None: a 0-d result, where NumPy returns a Python scalar)."""
    if size is None:
        return 0
    return to_shape(size, shape)


cdef class Generator:
    """A random number generator: NumPy's Generator(PCG64(seed)). Make one with
    nd.random.default_rng. Calls on one generator are serialised by a lock, as NumPy's
    are; generators from spawn() give independent streams for parallel work."""
    cdef nd_rng *g
    cdef object lock

    def __cinit__(self):
        self.g = NULL
        self.lock = threading.Lock()

    def __init__(self, *args, **kwargs):
        raise TypeError("make a Generator with nd.random.default_rng(seed)")

    def __dealloc__(self):
        nd_rng_free(self.g)

    def __repr__(self):
        return "Generator(PCG64)"

    # ---- floating point ----------------------------------------------------------------

    def random(self, size=None, dtype=None, out=None):
        """Uniform on [0, 1), float64 or float32 (53 or 24 random bits), as NumPy's."""
        cdef int64_t sh[64]
        cdef int n
        cdef nd_dtype t
        cdef nd_array *r
        cdef nd_status st
        cdef Array o
        with self.lock:
            if out is not None:
                o = as_array(out, "random")
                with nogil:
                    st = nd_random_random_out(self.g, o.arr)
                check(st)
                return out
            n = size_of(size, sh)
            t = dtype_or(dtype, ND_FLOAT64)
            with nogil:
                r = nd_random_random(self.g, t, n, sh)
            return wrap(r)

    def uniform(self, low=0.0, high=1.0, size=None, *, dtype=None):
        """low + (high - low) * random(): float64, or those values rounded to float32."""
        cdef double lo = low, hi = high
        cdef int64_t sh[64]
        cdef int n = size_of(size, sh)
        cdef nd_dtype t = dtype_or(dtype, ND_FLOAT64)
        cdef nd_array *r
        with self.lock:
            with nogil:
                r = nd_random_uniform(self.g, lo, hi, t, n, sh)
            return wrap(r)

    def standard_normal(self, size=None, dtype=None, out=None):
        """NumPy's ziggurat normals, float64 or float32; complex dtypes take real and
        imaginary parts from consecutive values."""
        cdef int64_t sh[64]
        cdef int n
        cdef nd_dtype t
        cdef nd_array *r
        cdef nd_status st
        cdef Array o
        with self.lock:
            if out is not None:
                o = as_array(out, "standard_normal")
                with nogil:
                    st = nd_random_standard_normal_out(self.g, o.arr)
                check(st)
                return out
            n = size_of(size, sh)
            t = dtype_or(dtype, ND_FLOAT64)
            with nogil:
                r = nd_random_standard_normal(self.g, t, n, sh)
            return wrap(r)

    def normal(self, loc=0.0, scale=1.0, size=None, *, dtype=None):
        """loc + scale * standard_normal() in float64 (float32: rounded; complex: loc
        on the real part)."""
        cdef double lc = loc, sc = scale
        cdef int64_t sh[64]
        cdef int n = size_of(size, sh)
        cdef nd_dtype t = dtype_or(dtype, ND_FLOAT64)
        cdef nd_array *r
        with self.lock:
            with nogil:
                r = nd_random_normal(self.g, lc, sc, t, n, sh)
            return wrap(r)

    def standard_exponential(self, size=None, dtype=None, out=None):
        """NumPy's ziggurat exponentials (method 'zig'), float64 or float32."""
        cdef int64_t sh[64]
        cdef int n
        cdef nd_dtype t
        cdef nd_array *r
        cdef nd_status st
        cdef Array o
        with self.lock:
            if out is not None:
                o = as_array(out, "standard_exponential")
                with nogil:
                    st = nd_random_standard_exponential_out(self.g, o.arr)
                check(st)
                return out
            n = size_of(size, sh)
            t = dtype_or(dtype, ND_FLOAT64)
            with nogil:
                r = nd_random_standard_exponential(self.g, t, n, sh)
            return wrap(r)

    # ---- integers ------------------------------------------------------------------------

    def integers(self, low, high=None, size=None, dtype=None, endpoint=False):
        """Uniform integers in [low, high) (or [low, high] with endpoint; high None: [0,
        low)), by Lemire's method as NumPy draws them, for bool and every integer dtype."""
        if high is None:
            low, high = 0, low
        cdef object lo = operator.index(low), hi = operator.index(high)
        cdef bint ep = endpoint
        # An exclusive high of 2**63 or 2**64 is the inclusive one below it in C.
        if not ep and hi in (2**63, 2**64):
            hi, ep = hi - 1, True
        cdef int64_t sh[64]
        cdef int n = size_of(size, sh)
        cdef nd_dtype t = dtype_or(dtype, ND_INT64)
        cdef nd_array *r
        cdef int64_t l64, h64
        cdef uint64_t lu, hu
        if -2**63 <= lo and hi <= I64_MAX:
            l64, h64 = lo, max(hi, -2**63)
            with self.lock:
                with nogil:
                    r = nd_random_integers(self.g, l64, h64, ep, t, n, sh)
                return wrap(r)
        if 0 <= lo < 2**64 and I64_MAX < hi < 2**64:
            lu, hu = lo, hi
            with self.lock:
                with nogil:
                    r = nd_random_integers_u64(self.g, lu, hu, ep, t, n, sh)
                return wrap(r)
        which = "low" if not (-2**63 <= lo < 2**64) else "high"
        raise ValueError(f"integers: {which} is out of bounds for {dtype_obj(t).name} "
                         f"(low {lo}, high {high})")

    # ---- permutations --------------------------------------------------------------------

    def permutation(self, x, axis=0):
        """An int x: 0..x-1 in random order (int64). An array: a copy shuffled along axis."""
        cdef nd_array *r
        cdef nd_status st
        cdef int64_t m
        cdef Array a
        cdef int ax
        with self.lock:
            if not isinstance(x, Array):
                m = operator.index(x)
                with nogil:
                    r = nd_random_permutation(self.g, m)
                return wrap(r)
            a = as_array(x, "permutation")
            ax = to_axis(axis)
            with nogil:
                r = nd_copy(a.arr, ND_C)
            c = wrap(r)
            with nogil:
                st = nd_random_shuffle(self.g, (<Array>c).arr, ax)
            check(st)
            return c

    def shuffle(self, x, axis=0):
        """Permutes x in place along axis (NumPy's Fisher-Yates); any layout."""
        cdef Array a = as_array(x, "shuffle")
        cdef int ax = to_axis(axis)
        cdef nd_status st
        with self.lock:
            with nogil:
                st = nd_random_shuffle(self.g, a.arr, ax)
            check(st)

    def spawn(self, int n_children):
        """n_children new, independent generators: NumPy's Generator.spawn."""
        if n_children < 0:
            raise ValueError("n_children must be non-negative")
        cdef nd_rng **kids = <nd_rng **>malloc(max(n_children, 1) * sizeof(nd_rng *))
        if kids == NULL:
            raise MemoryError()
        cdef Generator k
        try:
            with self.lock:
                check(nd_rng_spawn(self.g, n_children, kids))
            out = []
            for i in range(n_children):
                k = Generator.__new__(Generator)
                k.g = kids[i]
                out.append(k)
            return out
        finally:
            free(kids)


def default_rng(seed=None):
    """A Generator seeded like np.random.default_rng(seed): None draws the seed from the OS;
    an integer in [0, 2**64) gives NumPy's stream for that seed; a Generator is returned as
    it is. (NumPy also takes larger integers and sequences of them; nd's seeds are uint64.)"""
    cdef Generator r
    cdef uint64_t s
    if isinstance(seed, Generator):
        return seed
    r = Generator.__new__(Generator)
    if seed is None:
        r.g = nd_rng_from_entropy()
    else:
        if isinstance(seed, bool):
            raise TypeError("seed must be an integer, not bool")
        v = operator.index(seed)
        if v < 0:
            raise ValueError("expected non-negative integer")
        if v >= 2**64:
            raise ValueError("nd.random.default_rng: seeds are integers below 2**64")
        s = v
        r.g = nd_rng_new(s)
    if r.g == NULL:
        raise_error()
    return r
