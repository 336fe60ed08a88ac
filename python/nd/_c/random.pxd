# Declarations of include/nd/random.h.
from libc.stdint cimport int64_t, uint64_t
from nd._c.types cimport *

cdef extern from "nd/random.h" nogil:
    ctypedef struct nd_rng:
        pass
    nd_rng *nd_rng_new(uint64_t seed)
    nd_rng *nd_rng_from_entropy()
    nd_status nd_rng_spawn(nd_rng *parent, int n, nd_rng **children)
    void nd_rng_free(nd_rng *g)
    nd_array *nd_random_random(nd_rng *g, nd_dtype t, int ndim, const int64_t *shape)
    nd_status nd_random_random_out(nd_rng *g, nd_array *out)
    nd_array *nd_random_uniform(nd_rng *g, double low, double high, nd_dtype t, int ndim, const int64_t *shape)
    nd_status nd_random_uniform_out(nd_rng *g, nd_array *out, double low, double high)
    nd_array *nd_random_standard_normal(nd_rng *g, nd_dtype t, int ndim, const int64_t *shape)
    nd_status nd_random_standard_normal_out(nd_rng *g, nd_array *out)
    nd_array *nd_random_normal(nd_rng *g, double loc, double scale, nd_dtype t, int ndim, const int64_t *shape)
    nd_status nd_random_normal_out(nd_rng *g, nd_array *out, double loc, double scale)
    nd_array *nd_random_standard_exponential(nd_rng *g, nd_dtype t, int ndim, const int64_t *shape)
    nd_status nd_random_standard_exponential_out(nd_rng *g, nd_array *out)
    nd_array *nd_random_integers(nd_rng *g, int64_t low, int64_t high, bint endpoint, nd_dtype t, int ndim, const int64_t *shape)
    nd_status nd_random_integers_out(nd_rng *g, nd_array *out, int64_t low, int64_t high, bint endpoint)
    nd_array *nd_random_integers_u64(nd_rng *g, uint64_t low, uint64_t high, bint endpoint, nd_dtype t, int ndim, const int64_t *shape)
    nd_status nd_random_integers_u64_out(nd_rng *g, nd_array *out, uint64_t low, uint64_t high, bint endpoint)
    nd_array *nd_random_permutation(nd_rng *g, int64_t n)
    nd_status nd_random_shuffle(nd_rng *g, nd_array *a, int axis)
