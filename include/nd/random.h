/** \file
 *  nd: random numbers, the same ones NumPy's default_rng gives.
 *
 *  A generator (nd_rng) is NumPy's `Generator` over a `PCG64` bit generator seeded through
 *  `SeedSequence`: the same seed and the same sequence of calls give the same values as
 *  NumPy 2, bit for bit (docs/guide/random.md says what is compared and how).
 *
 *  A generator is not thread-safe: calls on one generator must not overlap (NumPy's
 *  Generator serialises them with a lock; nd leaves that to the caller). Different
 *  generators may be used from different threads at the same time. Large fills use nd's
 *  threads internally (nd_set_num_threads) without changing the values.
 *
 *  The samplers return a new C-contiguous array (NULL on failure), or (`_out`) fill an
 *  existing array or view of any layout (C, F, transposed, stepped, negative strides) with
 *  the values a new array of its shape would hold, in its C-order element sequence. A 0-d
 *  array takes one value; a size-0 array none (the stream does not move). A call that
 *  fails draws nothing. Besides the "Errors:" line of each function, every one can fail
 *  with the common errors of nd_status (a NULL generator or array: "random_normal:
 *  argument g is NULL"; out of memory; a shape that is invalid or too large); a `_out`
 *  target that is read-only or has a broadcast (stride-0) axis is ND_ERR_READONLY. */
#ifndef ND_RANDOM_H
#define ND_RANDOM_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A random number generator (opaque; see the file comment). */
typedef struct nd_rng nd_rng;

/* ---- generators ------------------------------------------------------------------- */

/** `np.random.default_rng(seed)`: a generator seeded from a non-negative integer (every
 *  uint64, 2^63 and 2^64 - 1 included). Free with nd_rng_free.
 *  Errors: none but running out of memory (NULL). */
ND_API nd_rng *nd_rng_new(uint64_t seed);
/** `np.random.default_rng()`: seeded from 128 bits of OS entropy (getrandom, else
 *  /dev/urandom), as SeedSequence() draws them.
 *  Errors: ND_ERR_IO (the OS gives no entropy: "rng_from_entropy: cannot read entropy from
 *  the OS"). */
ND_API nd_rng *nd_rng_from_entropy(void);
/** `Generator.spawn(n)`: n new, independent generators written to children[0..n), the
 *  children NumPy's spawn would make (SeedSequence.spawn: the parent's entropy with the
 *  spawn key extended by the child's number). The parent's stream does not move, but it
 *  counts its children: a second spawn gives new ones, as in NumPy. n = 0 does nothing
 *  (children may then be NULL). On failure no child is left allocated.
 *  Errors: ND_ERR_VALUE (n < 0: "rng_spawn: n must be >= 0 (got -1)"). */
ND_API nd_status nd_rng_spawn(nd_rng *parent, int n, nd_rng **children);
/** Frees a generator (NULL: nothing). */
ND_API void nd_rng_free(nd_rng *g);

/* ---- floating-point samplers ------------------------------------------------------- */

/** `Generator.random`: uniform on [0, 1). float64: the top 53 bits of a 64-bit draw times
 *  2^-53; float32: the top 24 bits of a 32-bit draw times 2^-24 (NumPy's
 *  `random(dtype=np.float32)`).
 *  Errors: ND_ERR_TYPE (other dtypes: "random_random: unsupported dtype int32 (accepted:
 *  float32, float64)"). */
ND_API nd_array *nd_random_random(nd_rng *g, nd_dtype t, int ndim, const int64_t *shape);
/** nd_random_random into `out` (float32 or float64, any layout), in its C-order sequence.
 *  Errors: as nd_random_random ("random_random_out: ..."). */
ND_API nd_status nd_random_random_out(nd_rng *g, nd_array *out);

/** `Generator.uniform(low, high)`: low + (high - low) * u with u a float64 of random.
 *  float64, or float32 holding those float64 values rounded (NumPy's uniform has no
 *  float32: `rng.uniform(low, high, size).astype(np.float32)`). As in NumPy, high == low is
 *  allowed (every value is low).
 *  Errors: ND_ERR_OVERFLOW (high - low not finite, NaN included: "random_uniform: high -
 *  low range exceeds valid bounds"), ND_ERR_VALUE (high < low: "random_uniform: high - low
 *  < 0"), ND_ERR_TYPE (dtypes other than float32 and float64). */
ND_API nd_array *nd_random_uniform(nd_rng *g, double low, double high, nd_dtype t, int ndim,
                                   const int64_t *shape);
/** nd_random_uniform into `out` (float32 or float64, any layout).
 *  Errors: as nd_random_uniform ("random_uniform_out: ..."). */
ND_API nd_status nd_random_uniform_out(nd_rng *g, nd_array *out, double low, double high);

/** `Generator.standard_normal`: NumPy's ziggurat, float64 (one 64-bit draw per value
 *  unless rejected) or float32 (`dtype=np.float32`: 32-bit draws, its own tables).
 *  complex128 / complex64: real and imaginary parts are consecutive values of the float64
 *  / float32 stream (NumPy has no complex normal: `rng.standard_normal((..., 2),
 *  dtype).view(complex)`), so each part has variance 1.
 *  Errors: ND_ERR_TYPE (integer and bool dtypes: "random_standard_normal: unsupported
 *  dtype int64 (accepted: float32, float64, complex64, complex128)"). */
ND_API nd_array *nd_random_standard_normal(nd_rng *g, nd_dtype t, int ndim,
                                           const int64_t *shape);
/** nd_random_standard_normal into `out` (float32/64, complex64/128, any layout).
 *  Errors: as nd_random_standard_normal. */
ND_API nd_status nd_random_standard_normal_out(nd_rng *g, nd_array *out);

/** `Generator.normal(loc, scale)`: loc + scale * z with z the float64 standard normal.
 *  float32 holds those float64 values rounded (NumPy's normal has no float32). complex128 /
 *  complex64: real part loc + scale * z1, imaginary part scale * z2, z1 and z2 consecutive
 *  float64 normals (mean loc, each part with standard deviation scale; complex64 rounds
 *  them).
 *  Errors: ND_ERR_VALUE (scale < 0, -0.0 included as in NumPy, which also accepts a NaN
 *  scale: "random_normal: scale < 0"), ND_ERR_TYPE (integer and bool dtypes). */
ND_API nd_array *nd_random_normal(nd_rng *g, double loc, double scale, nd_dtype t, int ndim,
                                  const int64_t *shape);
/** nd_random_normal into `out` (float32/64, complex64/128, any layout).
 *  Errors: as nd_random_normal. */
ND_API nd_status nd_random_normal_out(nd_rng *g, nd_array *out, double loc, double scale);

/** `Generator.standard_exponential` (method 'zig', the default): NumPy's ziggurat, float64
 *  or float32.
 *  Errors: ND_ERR_TYPE (dtypes other than float32 and float64). */
ND_API nd_array *nd_random_standard_exponential(nd_rng *g, nd_dtype t, int ndim,
                                                const int64_t *shape);
/** nd_random_standard_exponential into `out` (float32 or float64, any layout).
 *  Errors: as nd_random_standard_exponential. */
ND_API nd_status nd_random_standard_exponential_out(nd_rng *g, nd_array *out);

/* ---- integers ---------------------------------------------------------------------- */

/** `Generator.integers(low, high, dtype=t, endpoint=endpoint)`: uniform integers in [low,
 *  high), or [low, high] with endpoint, for t bool, int8..int64, uint8..uint64. As NumPy:
 *  Lemire's method on 32-bit draws for ranges below 2^32 (so int64 and uint64 values in
 *  a small range take half a 64-bit draw each), on 64-bit draws above; int16/uint16 and
 *  int8/uint8 take 16 and 8 bits of a buffered 32-bit draw, bool one bit. A range of one
 *  value draws nothing. Unlike NumPy, the bounds are checked for size-0 shapes too.
 *  Errors: ND_ERR_VALUE, with NumPy's phrases: bounds outside t ("random_integers: low is
 *  out of bounds for int8 (low -200)", "high is out of bounds for uint8"; bool holds 0 and
 *  1), then an empty range ("random_integers: low >= high (low 5, high 5)"; with endpoint
 *  "low > high"; "high <= 0" / "high < 0" when low is 0); ND_ERR_TYPE (float and complex
 *  dtypes). */
ND_API nd_array *nd_random_integers(nd_rng *g, int64_t low, int64_t high, bool endpoint,
                                    nd_dtype t, int ndim, const int64_t *shape);
/** nd_random_integers into `out` (its dtype bounds the range; any layout).
 *  Errors: as nd_random_integers ("random_integers_out: ..."). */
ND_API nd_status nd_random_integers_out(nd_rng *g, nd_array *out, int64_t low, int64_t high,
                                        bool endpoint);
/** nd_random_integers with unsigned bounds, for uint64 ranges beyond INT64_MAX
 *  (`integers(0, 2**64, dtype=np.uint64)` is low 0, high UINT64_MAX, endpoint true).
 *  Errors: as nd_random_integers ("random_integers_u64: ..."). */
ND_API nd_array *nd_random_integers_u64(nd_rng *g, uint64_t low, uint64_t high,
                                        bool endpoint, nd_dtype t, int ndim,
                                        const int64_t *shape);
/** nd_random_integers_u64 into `out`.
 *  Errors: as nd_random_integers ("random_integers_u64_out: ..."). */
ND_API nd_status nd_random_integers_u64_out(nd_rng *g, nd_array *out, uint64_t low,
                                            uint64_t high, bool endpoint);

/* ---- permutations ------------------------------------------------------------------ */

/** `Generator.permutation(n)`: 0..n-1 in random order, int64, by NumPy's Fisher-Yates
 *  shuffle.
 *  Errors: ND_ERR_VALUE (n < 0, where NumPy returns an empty array: "random_permutation: n
 *  must be >= 0 (got -1)"). */
ND_API nd_array *nd_random_permutation(nd_rng *g, int64_t n);
/** `Generator.shuffle(a, axis)`: permutes a in place along `axis` (negative counts from
 *  the end): for i = n-1 down to 1, the subarrays at i and at a random j <= i are
 *  swapped, with j drawn as NumPy draws it (masked rejection on 32-bit draws below
 *  2^32). Any layout, every dtype. A size-0 array draws nothing.
 *  Errors: ND_ERR_INDEX (a 0-d array, or an axis out of range: "random_shuffle: axis 2 is
 *  out of bounds for array of dimension 2"), ND_ERR_READONLY (a read-only or broadcast
 *  array). */
ND_API nd_status nd_random_shuffle(nd_rng *g, nd_array *a, int axis);

#ifdef __cplusplus
}
#endif
#endif
