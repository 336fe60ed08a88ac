/* nd/fft.h: discrete Fourier transforms (the Array API's fft extension) on FFTW.
 *
 * A separate component: library libnd_fft (pkg-config nd-fft, CMake nd::fft), built when
 * FFTW 3 is found. FFTW is GPL-2+, so a program linking libnd_fft falls under the GPL;
 * the core libnd stays MIT. Include <nd.h> and <nd/fft.h>. See docs/guide/fft.md. */
#ifndef ND_FFT_H
#define ND_FFT_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Normalization of a transform pair (NumPy's and the Array API's `norm`). BACKWARD: the
 *  forward transform is unscaled and the inverse scaled by 1/n; ORTHO: both by
 *  1/sqrt(n); FORWARD: the forward by 1/n and the inverse unscaled. For n-dimensional
 *  transforms n is the product of the transformed lengths. Any other value is
 *  ND_ERR_VALUE ("fft: invalid norm 7"). */
typedef enum nd_fft_norm { ND_FFT_BACKWARD = 0, ND_FFT_ORTHO = 1, ND_FFT_FORWARD = 2 } nd_fft_norm;

/** The norm named "backward", "ortho" or "forward" (NumPy's spelling; NULL means
 *  "backward", as Python's None); -1 for any other name. */
ND_API int nd_fft_norm_from_name(const char *name);

/* ---- complex transforms -------------------------------------------------------------

   Rules shared by every transform below (NumPy 2 and the Array API 2024.12):
   - dtype: float32 and complex64 input gives complex64; every other dtype (bool and the
     integers promoted to float64 first, as NumPy does) gives complex128. Real-output
     transforms (irfft, hfft, irfftn) give float32 for float32/complex64 input, else
     float64.
   - n (one axis): the length of the transform; the input is cut to n or padded with zeros
     along the axis. n <= 0 takes the default (the axis length; 2*(m-1) for irfft and
     hfft, m the axis length). A default below 1 is ND_ERR_VALUE ("fft: invalid number of
     data points (0) along axis 1").
   - axis: negative values count from the end; out of range is ND_ERR_INDEX ("fft: axis 2
     is out of bounds for array of dimension 2").
   - The result is a new array with x's axis order (an F-ordered input gives an F-ordered
     result), any layout of x is accepted (strided, transposed, negative strides).
   - _out forms write into `out`, which must have exactly the result's shape (ND_ERR_SHAPE,
     "fft: out has shape [4], expected [8]") and dtype (ND_ERR_TYPE, "fft: out has dtype
     complex64, expected complex128"), be writeable (ND_ERR_READONLY) and may have any
     strides; they allocate nothing for single-axis complex transforms on an `out` that
     does not overlap x. An `out` overlapping x is allowed: the result is as if x were
     copied first (exactly the same array as x: transformed in place, no copy).
   - A NULL array gives NULL / ND_ERR_NULL without overwriting an earlier error.
   Results never depend on nd_set_num_threads (docs/guide/fft.md). */

/** Discrete Fourier transform along `axis`: X[k] = sum_j x[j] exp(-2 pi i j k / n). */
ND_API nd_array *nd_fft_fft(const nd_array *x, int64_t n, int axis, nd_fft_norm norm);
/** Inverse transform: x[j] = (1/n) sum_k X[k] exp(+2 pi i j k / n) (norm BACKWARD). */
ND_API nd_array *nd_fft_ifft(const nd_array *x, int64_t n, int axis, nd_fft_norm norm);
ND_API nd_status nd_fft_fft_out(nd_array *out, const nd_array *x, int64_t n, int axis,
                                nd_fft_norm norm);
ND_API nd_status nd_fft_ifft_out(nd_array *out, const nd_array *x, int64_t n, int axis,
                                 nd_fft_norm norm);

/** N-dimensional transform over `axes`, as successive one-axis transforms (the Array
 *  API's fftn(x, s=, axes=)). naxes -1 means every axis (axes may then be NULL), as
 *  axes=None; ns -1 means no s (s may then be NULL), as s=None: the listed axes keep
 *  their lengths. Otherwise s has ns entries, which must equal the number of axes
 *  (ND_ERR_VALUE, "fftn: s has 1 entries but axes has 2"), and axis i of the list gets
 *  length s[i] (cut or padded with zeros; s[i] <= 0 keeps that axis's length).
 *  Errors: an axis out of range or listed twice (ND_ERR_INDEX, "fftn: repeated axis 1 in
 *  axes"; NumPy transforms a repeated axis twice, the Array API leaves it unspecified),
 *  naxes below -1 or above ndim (ND_ERR_VALUE), a length below 1 (ND_ERR_VALUE). No axes
 *  (naxes 0, or a 0-d x with naxes -1) gives a complex copy of x (NumPy returns x
 *  itself). */
ND_API nd_array *nd_fft_fftn(const nd_array *x, int naxes, const int *axes, int ns,
                             const int64_t *s, nd_fft_norm norm);
ND_API nd_array *nd_fft_ifftn(const nd_array *x, int naxes, const int *axes, int ns,
                              const int64_t *s, nd_fft_norm norm);
ND_API nd_status nd_fft_fftn_out(nd_array *out, const nd_array *x, int naxes, const int *axes,
                                 int ns, const int64_t *s, nd_fft_norm norm);
ND_API nd_status nd_fft_ifftn_out(nd_array *out, const nd_array *x, int naxes, const int *axes,
                                  int ns, const int64_t *s, nd_fft_norm norm);

/* ---- real and Hermitian transforms -------------------------------------------------- */

/** Transform of real input: the n/2 + 1 non-negative frequency terms of fft (the others
 *  are their complex conjugates). Complex input is ND_ERR_TYPE ("rfft: complex input
 *  (complex128) is not accepted; use fft"). */
ND_API nd_array *nd_fft_rfft(const nd_array *x, int64_t n, int axis, nd_fft_norm norm);
/** Inverse of rfft: n real values (default 2*(m-1)) from the first n/2 + 1 terms of a
 *  Hermitian spectrum (x is cut or padded to that); the imaginary parts of the zero
 *  frequency term, and of the n/2 term for even n, are ignored. Real input is taken as
 *  complex. */
ND_API nd_array *nd_fft_irfft(const nd_array *x, int64_t n, int axis, nd_fft_norm norm);
/** Transform of a Hermitian-symmetric signal given by its first half: the real result
 *  irfft(conj(x), n) * n (norm BACKWARD leaves hfft unscaled), length n (default 2*(m-1)). */
ND_API nd_array *nd_fft_hfft(const nd_array *x, int64_t n, int axis, nd_fft_norm norm);
/** Inverse of hfft: conj(rfft(x, n)) / n, n/2 + 1 complex values. Real input only
 *  (ND_ERR_TYPE for complex, as rfft). */
ND_API nd_array *nd_fft_ihfft(const nd_array *x, int64_t n, int axis, nd_fft_norm norm);
ND_API nd_status nd_fft_rfft_out(nd_array *out, const nd_array *x, int64_t n, int axis,
                                 nd_fft_norm norm);
ND_API nd_status nd_fft_irfft_out(nd_array *out, const nd_array *x, int64_t n, int axis,
                                  nd_fft_norm norm);
ND_API nd_status nd_fft_hfft_out(nd_array *out, const nd_array *x, int64_t n, int axis,
                                 nd_fft_norm norm);
ND_API nd_status nd_fft_ihfft_out(nd_array *out, const nd_array *x, int64_t n, int axis,
                                  nd_fft_norm norm);

/** N-dimensional transform of real input: rfft along the last listed axis, then fft along
 *  the others; that axis has s[-1]/2 + 1 terms in the result. Needs at least one axis
 *  (ND_ERR_VALUE "rfftn: no axes to transform"); otherwise as nd_fft_fftn. */
ND_API nd_array *nd_fft_rfftn(const nd_array *x, int naxes, const int *axes, int ns,
                              const int64_t *s, nd_fft_norm norm);
/** Inverse of rfftn: ifft along all listed axes but the last, then irfft along the last
 *  (length s[-1], default 2*(m-1)); a real result. Needs at least one axis. */
ND_API nd_array *nd_fft_irfftn(const nd_array *x, int naxes, const int *axes, int ns,
                               const int64_t *s, nd_fft_norm norm);
ND_API nd_status nd_fft_rfftn_out(nd_array *out, const nd_array *x, int naxes, const int *axes,
                                  int ns, const int64_t *s, nd_fft_norm norm);
ND_API nd_status nd_fft_irfftn_out(nd_array *out, const nd_array *x, int naxes, const int *axes,
                                   int ns, const int64_t *s, nd_fft_norm norm);

/* ---- frequencies and shifts --------------------------------------------------------- */

/** The sample frequencies of an n-point fft with sample spacing d: [0, 1, ..., (n-1)/2,
 *  -(n/2), ..., -1] / (d*n), 1-D of dtype t (ND_FLOAT32 or ND_FLOAT64, else ND_ERR_TYPE).
 *  n < 1 and d == 0 are ND_ERR_VALUE ("fftfreq: n must be positive (got 0)"). */
ND_API nd_array *nd_fft_fftfreq(int64_t n, double d, nd_dtype t);
/** The n/2 + 1 non-negative frequencies of rfft: [0, 1, ..., n/2] / (d*n). */
ND_API nd_array *nd_fft_rfftfreq(int64_t n, double d, nd_dtype t);

/** x rolled by shape[axis]/2 along each listed axis (naxes -1: all), so that the zero
 *  frequency is in the middle; a new array of x's dtype (any dtype). As NumPy's (and
 *  nd_roll's), a repeated axis is shifted once per listing; a 0-d x gives a copy. */
ND_API nd_array *nd_fft_fftshift(const nd_array *x, int naxes, const int *axes);
/** Inverse of fftshift: rolls by -(shape[axis]/2). */
ND_API nd_array *nd_fft_ifftshift(const nd_array *x, int naxes, const int *axes);

/* ---- plans ---------------------------------------------------------------------------

   Every transform runs FFTW plans taken from a process-wide cache keyed by everything a
   plan depends on (length, strides, batch, alignment, in-place or not, direction, dtype,
   planner mode). The cache is thread-safe and bounded (nd_fft_set_cache_limits). */

/** How plans are made. AUTO (the default): a new plan is FFTW_ESTIMATE (fast to make)
 *  unless wisdom already holds a measured one; when the same plan is asked for again, it
 *  is replaced once by a measured plan (FFTW_MEASURE on scratch memory, within a time
 *  limit), so the first call costs little and repeated calls run at measured speed.
 *  ESTIMATE, MEASURE and PATIENT always use FFTW's planner flag of that name (the first
 *  call of each new size pays the measuring; ESTIMATE gives the same plans, hence
 *  bitwise the same results, in every run). */
typedef enum nd_fft_planner {
  ND_FFT_AUTO = 0,
  ND_FFT_ESTIMATE = 1,
  ND_FFT_MEASURE = 2,
  ND_FFT_PATIENT = 3
} nd_fft_planner;

/** Sets the planner mode for every thread; any other value is ND_ERR_VALUE. Plans made
 *  under another mode stay cached but are not used under this one. */
ND_API nd_status nd_fft_set_planner(nd_fft_planner mode);
ND_API nd_fft_planner nd_fft_get_planner(void);

/** Writes FFTW's accumulated wisdom (double and single precision) to `path`, for
 *  nd_fft_load_wisdom in a later run. ND_ERR_IO if the file cannot be written. */
ND_API nd_status nd_fft_save_wisdom(const char *path);
/** Adds the wisdom in `path` (written by nd_fft_save_wisdom) to FFTW's and empties the
 *  plan cache, so that new plans use it. ND_ERR_IO if the file cannot be read or is not
 *  FFTW wisdom. */
ND_API nd_status nd_fft_load_wisdom(const char *path);
/** Forgets all of FFTW's wisdom and empties the plan cache. */
ND_API void nd_fft_forget_wisdom(void);
/** Empties the plan cache (plans in use by other threads go when those calls end). */
ND_API void nd_fft_clear_plans(void);

/** Bounds of the plan cache: at most max_plans plans and about max_bytes of plan memory
 *  (estimated from the transform lengths); the least recently used plans go first.
 *  Defaults 256 plans and 256 MiB. Values below 1 are ND_ERR_VALUE. */
ND_API nd_status nd_fft_set_cache_limits(int64_t max_plans, int64_t max_bytes);

/** Counters of the plan cache since the start (or the last nd_fft_clear_plans for plans
 *  and bytes). */
typedef struct nd_fft_cache_stats {
  int64_t plans;     /**< plans held now */
  int64_t bytes;     /**< their estimated memory */
  int64_t hits;      /**< lookups that found a plan */
  int64_t misses;    /**< lookups that made one */
  int64_t upgrades;  /**< estimated plans replaced by measured ones (AUTO) */
  int64_t evictions; /**< plans dropped to stay within the limits */
} nd_fft_cache_stats;
/** Fills *stats (ND_ERR_NULL for NULL). */
ND_API nd_status nd_fft_get_cache_stats(nd_fft_cache_stats *stats);

#ifdef __cplusplus
}
#endif
#endif
