/** \file
 *  nd/fft.h: discrete Fourier transforms, the Array API's fft extension (NumPy 2's
 *  np.fft), on FFTW 3.
 *
 *  A separate component: the library libnd_fft (pkg-config nd-fft or nd-fft-static, CMake
 *  `find_package(nd REQUIRED COMPONENTS fft)` and nd::fft or nd::fft_static), built when
 *  FFTW 3 is found. FFTW is GPL-2+, so a program linking libnd_fft is covered by the GPL;
 *  the core libnd stays MIT. Include <nd.h> and <nd/fft.h>. Guide: docs/guide/fft.md.
 *
 *  Rules shared by the transforms (NumPy 2 and the Array API 2024.12):
 *  - dtypes: float32 and complex64 input gives complex64; every other dtype (bool and the
 *    integers are taken as float64, as NumPy does) gives complex128. The transforms with a
 *    real result (irfft, hfft, irfftn) give float32 for float32/complex64 input, else
 *    float64.
 *  - n (one axis): the transform length; the input is cut to n or padded with zeros along
 *    the axis. n <= 0 takes the default: the axis length (2*(m-1) for irfft and hfft, m
 *    the axis length). A length below 1 is ND_ERR_VALUE ("fft: invalid number of data
 *    points (0) along axis 1").
 *  - axis: negative values count from the end; out of range is ND_ERR_INDEX ("fft: axis 2
 *    is out of bounds for array of dimension 2"); a 0-d x has no axis.
 *  - norm: ND_FFT_BACKWARD, ND_FFT_ORTHO or ND_FFT_FORWARD, else ND_ERR_VALUE ("fft:
 *    invalid norm 7").
 *  - Any layout of x (strided, transposed, negative strides, broadcast) is accepted. The
 *    result is a new array whose axes lie in memory in x's order (an F-ordered x gives an
 *    F-ordered result; NumPy's K rule, as nd_alloc_like lays it out).
 *  - The _out forms write into `out`, which must have exactly the result's shape
 *    (ND_ERR_SHAPE, "fft: out has shape [4], expected [8]") and dtype (ND_ERR_TYPE, "fft:
 *    out has dtype complex64, expected complex128"), be writeable (ND_ERR_READONLY, "fft:
 *    destination array is read-only", also for a broadcast view) and may have any strides. out may be x
 *    itself (transformed in place) or overlap it (the result is as if x were copied
 *    first). Repeated calls reuse cached plans and per-thread buffers, so an _out form
 *    allocates no result memory (irfftn over several axes still needs a scratch array).
 *  - A NULL array is ND_ERR_NULL ("fft: argument x is NULL") and keeps an earlier error.
 *  - Results do not depend on the number of threads (nd_set_num_threads): threads take
 *    whole transforms (see the guide). Every function can also fail with ND_ERR_NOMEM. */
#ifndef ND_FFT_H
#define ND_FFT_H

#include "axis.h"
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Normalization of a transform pair (the Array API's `norm`). BACKWARD: the forward
 *  transform is unscaled and the inverse scaled by 1/n; ORTHO: both by 1/sqrt(n); FORWARD:
 *  the forward by 1/n and the inverse unscaled. For n-dimensional transforms n is the
 *  product of the transformed lengths. */
typedef enum nd_fft_norm { ND_FFT_BACKWARD = 0, ND_FFT_ORTHO = 1, ND_FFT_FORWARD = 2 } nd_fft_norm;

/** The norm named "backward", "ortho" or "forward" (NumPy's names; NULL means "backward",
 *  as Python's None).
 *  Errors: none; -1 for any other name. */
ND_API int nd_fft_norm_from_name(const char *name);

/* ---- complex transforms -------------------------------------------------------------- */

/** Discrete Fourier transform along `axis`: X[k] = sum_j x[j] exp(-2 pi i j k / n), n
 *  values (complex64 or complex128).
 *  Errors: the shared ones (file comment): axis, n, norm, out. */
ND_API nd_array *nd_fft_fft(const nd_array *x, int64_t n, int axis, nd_fft_norm norm);
/** Inverse transform: x[j] = (1/n) sum_k X[k] exp(+2 pi i j k / n) (norm BACKWARD).
 *  Errors: as nd_fft_fft ("ifft: ..."). */
ND_API nd_array *nd_fft_ifft(const nd_array *x, int64_t n, int axis, nd_fft_norm norm);
/** nd_fft_fft into out. Errors: as nd_fft_fft, and the out checks. */
ND_API nd_status nd_fft_fft_out(nd_array *out, const nd_array *x, int64_t n, int axis,
                                nd_fft_norm norm);
/** nd_fft_ifft into out. Errors: as nd_fft_fft_out ("ifft: ..."). */
ND_API nd_status nd_fft_ifft_out(nd_array *out, const nd_array *x, int64_t n, int axis,
                                 nd_fft_norm norm);

/** N-dimensional transform over `axes`, one axis after the other (the last listed
 *  first), as the Array API's fftn(x, s=, axes=). naxes ND_ALL_AXES (-1): every axis
 *  (axes may be NULL), as axes=None; 0: none (nd/axis.h's rule). ns -1: no s (s may be NULL), as s=None: each listed axis keeps
 *  its length. Otherwise s has ns entries, as many as axes, and listed axis i gets the
 *  length s[i] (cut or padded; s[i] <= 0 keeps that axis's length). No axes (naxes 0, or
 *  a 0-d x with naxes -1) gives a complex copy of x (NumPy returns x itself).
 *  Errors: ND_ERR_INDEX (an axis out of range; an axis listed twice: "fftn: repeated axis
 *  1 in axes", where NumPy would transform it twice and the Array API leaves it
 *  unspecified), ND_ERR_VALUE (naxes or ns below -1: "fftn: invalid naxes -2"; s and axes of
 *  different lengths: "fftn: s has 1 entries but axes has 2"; a length below 1),
 *  ND_ERR_NULL (axes or s NULL while naxes or ns > 0), and the shared ones. */
ND_API nd_array *nd_fft_fftn(const nd_array *x, int naxes, const int *axes, int ns,
                             const int64_t *s, nd_fft_norm norm);
/** Inverse of nd_fft_fftn. Errors: as nd_fft_fftn ("ifftn: ..."). */
ND_API nd_array *nd_fft_ifftn(const nd_array *x, int naxes, const int *axes, int ns,
                              const int64_t *s, nd_fft_norm norm);
/** nd_fft_fftn into out. Errors: as nd_fft_fftn, and the out checks. */
ND_API nd_status nd_fft_fftn_out(nd_array *out, const nd_array *x, int naxes, const int *axes,
                                 int ns, const int64_t *s, nd_fft_norm norm);
/** nd_fft_ifftn into out. Errors: as nd_fft_fftn_out ("ifftn: ..."). */
ND_API nd_status nd_fft_ifftn_out(nd_array *out, const nd_array *x, int naxes, const int *axes,
                                  int ns, const int64_t *s, nd_fft_norm norm);

/* ---- real and Hermitian transforms ---------------------------------------------------- */

/** Transform of real input: the n/2 + 1 non-negative frequency terms of fft (the others
 *  are their complex conjugates).
 *  Errors: ND_ERR_TYPE for complex x ("rfft: complex input (complex128) is not accepted;
 *  use fft"), and the shared ones. */
ND_API nd_array *nd_fft_rfft(const nd_array *x, int64_t n, int axis, nd_fft_norm norm);
/** Inverse of rfft: n real values (default 2*(m-1)) from the first n/2 + 1 terms of a
 *  Hermitian spectrum (x is cut or padded to that many); the imaginary parts of the zero
 *  frequency term, and of the n/2 term for even n, are ignored (as NumPy and FFTW do).
 *  Real x is taken as complex.
 *  Errors: the shared ones ("irfft: invalid number of data points (0) along axis 0" for
 *  an axis of length 1 and no n). */
ND_API nd_array *nd_fft_irfft(const nd_array *x, int64_t n, int axis, nd_fft_norm norm);
/** Transform of a Hermitian-symmetric signal given by its first half: the real result
 *  irfft(conj(x), n) with the norm's direction swapped (BACKWARD leaves hfft unscaled),
 *  length n (default 2*(m-1)).
 *  Errors: as nd_fft_irfft ("hfft: ..."). */
ND_API nd_array *nd_fft_hfft(const nd_array *x, int64_t n, int axis, nd_fft_norm norm);
/** Inverse of hfft: conj(rfft(x, n)) with the norm's direction swapped (BACKWARD scales
 *  by 1/n), n/2 + 1 complex values.
 *  Errors: as nd_fft_rfft ("ihfft: complex input (complex64) is not accepted; use ifft"). */
ND_API nd_array *nd_fft_ihfft(const nd_array *x, int64_t n, int axis, nd_fft_norm norm);
/** nd_fft_rfft into out. Errors: as nd_fft_rfft, and the out checks. */
ND_API nd_status nd_fft_rfft_out(nd_array *out, const nd_array *x, int64_t n, int axis,
                                 nd_fft_norm norm);
/** nd_fft_irfft into out. Errors: as nd_fft_irfft, and the out checks. */
ND_API nd_status nd_fft_irfft_out(nd_array *out, const nd_array *x, int64_t n, int axis,
                                  nd_fft_norm norm);
/** nd_fft_hfft into out. Errors: as nd_fft_hfft, and the out checks. */
ND_API nd_status nd_fft_hfft_out(nd_array *out, const nd_array *x, int64_t n, int axis,
                                 nd_fft_norm norm);
/** nd_fft_ihfft into out. Errors: as nd_fft_ihfft, and the out checks. */
ND_API nd_status nd_fft_ihfft_out(nd_array *out, const nd_array *x, int64_t n, int axis,
                                  nd_fft_norm norm);

/** N-dimensional transform of real input: rfft along the last listed axis, then fft along
 *  the others; that axis has s[-1]/2 + 1 terms in the result.
 *  Errors: ND_ERR_VALUE for no axes ("rfftn: no axes to transform"), ND_ERR_TYPE for
 *  complex x, and those of nd_fft_fftn. */
ND_API nd_array *nd_fft_rfftn(const nd_array *x, int naxes, const int *axes, int ns,
                              const int64_t *s, nd_fft_norm norm);
/** Inverse of rfftn: ifft along the listed axes but the last, then irfft along the last
 *  (length s[-1]; without s (ns -1) 2*(m-1), m that axis's length in x; an entry s[-1] <= 0
 *  is NumPy 2's -1 and gives m, as np.fft.irfftn(x, s=(..., -1)) does); a real result.
 *  Errors: ND_ERR_VALUE for no axes ("irfftn: no axes to transform"), and those of
 *  nd_fft_fftn. */
ND_API nd_array *nd_fft_irfftn(const nd_array *x, int naxes, const int *axes, int ns,
                               const int64_t *s, nd_fft_norm norm);
/** nd_fft_rfftn into out. Errors: as nd_fft_rfftn, and the out checks. */
ND_API nd_status nd_fft_rfftn_out(nd_array *out, const nd_array *x, int naxes, const int *axes,
                                  int ns, const int64_t *s, nd_fft_norm norm);
/** nd_fft_irfftn into out. Errors: as nd_fft_irfftn, and the out checks. */
ND_API nd_status nd_fft_irfftn_out(nd_array *out, const nd_array *x, int naxes, const int *axes,
                                   int ns, const int64_t *s, nd_fft_norm norm);

/* ---- frequencies and shifts ------------------------------------------------------------ */

/** The sample frequencies of an n-point fft with sample spacing d: [0, 1, ..., (n-1)/2,
 *  -(n/2), ..., -1] / (d*n), computed in float64 as NumPy does; a new 1-D array of dtype t.
 *  Errors: ND_ERR_TYPE (t not float32 or float64: "fftfreq: dtype int64 is not a real
 *  floating dtype (float32 or float64)"), ND_ERR_VALUE (n < 1: "fftfreq: n must be
 *  positive (got 0)"; d == 0: "fftfreq: d must be nonzero"). */
ND_API nd_array *nd_fft_fftfreq(int64_t n, double d, nd_dtype t);
/** The n/2 + 1 non-negative frequencies of rfft: [0, 1, ..., n/2] / (d*n).
 *  Errors: as nd_fft_fftfreq ("rfftfreq: ..."). */
ND_API nd_array *nd_fft_rfftfreq(int64_t n, double d, nd_dtype t);

/** x rolled by shape[axis]/2 along each listed axis (naxes ND_ALL_AXES: all, axes may be
 *  NULL; 0: none, a copy), so that the zero frequency is in the middle; a new array of
 *  x's dtype (any dtype) and layout. As NumPy's (and nd_roll's), an axis listed twice is shifted twice; a 0-d x
 *  gives a copy.
 *  Errors: ND_ERR_INDEX (an axis out of range: "fftshift: axis 1 is out of bounds for
 *  array of dimension 1"), ND_ERR_VALUE (naxes below -1), ND_ERR_NULL (x, or axes with
 *  naxes > 0). */
ND_API nd_array *nd_fft_fftshift(const nd_array *x, int naxes, const int *axes);
/** Inverse of fftshift: rolls by -(shape[axis]/2). Errors: as nd_fft_fftshift
 *  ("ifftshift: ..."). */
ND_API nd_array *nd_fft_ifftshift(const nd_array *x, int naxes, const int *axes);

/* ---- plans ---------------------------------------------------------------------------

   Every transform runs FFTW plans from one process-wide cache, keyed by everything a plan
   depends on (length, strides, batch, alignment, in place or not, direction, precision,
   planner mode). The cache is thread-safe and bounded (nd_fft_set_cache_limits). */

/** How plans are made. ESTIMATE (the default): every plan is FFTW_ESTIMATE, made in
 *  microseconds from FFTW's heuristics (or from wisdom, when some was loaded or measured
 *  in this process), and the same plan every time a geometry is planned: a call on the
 *  same data gives the same bits on every call and in every run on the same machine and
 *  FFTW build, whatever the thread count. AUTO (the faster choice for repeated calls,
 *  explicit): a new plan is estimated and replaced once by a measured one (FFTW_MEASURE on
 *  scratch memory) on its second use when measuring is cheap (lengths up to about 2500),
 *  else once its executions have taken about as long as measuring will (0.1 s to 1.4 s);
 *  measured plans are up to about 2x faster on some lengths (docs/guide/fft.md), but they
 *  come from timings, so the first calls and the later ones, and different runs, may
 *  differ in the last bits. MEASURE and PATIENT always plan with that FFTW flag (the first
 *  call of each new size pays for measuring, seconds with PATIENT). Transforms longer than
 *  65536 points are split into shorter ones where their length allows (guide), so
 *  measuring stays short. */
typedef enum nd_fft_planner {
  ND_FFT_AUTO = 0,
  ND_FFT_ESTIMATE = 1,
  ND_FFT_MEASURE = 2,
  ND_FFT_PATIENT = 3
} nd_fft_planner;

/** Sets the planner mode of the process (every thread). Plans made under another mode
 *  stay cached but are not used under this one.
 *  Errors: ND_ERR_VALUE ("fft_set_planner: invalid planner mode 9"). */
ND_API nd_status nd_fft_set_planner(nd_fft_planner mode);
/** The planner mode. Errors: none. */
ND_API nd_fft_planner nd_fft_get_planner(void);

/** Writes FFTW's accumulated wisdom (double and single precision) to `path`, for
 *  nd_fft_load_wisdom in a later run.
 *  Errors: ND_ERR_IO ("fft_save_wisdom: cannot write 'path'"), ND_ERR_NULL. */
ND_API nd_status nd_fft_save_wisdom(const char *path);
/** Adds the wisdom in `path` (written by nd_fft_save_wisdom) to FFTW's and empties the
 *  plan cache, so that new plans use it.
 *  Errors: ND_ERR_IO ("fft_load_wisdom: cannot open 'path'"; "fft_load_wisdom: 'path' is
 *  not FFTW wisdom written by fft_save_wisdom"), ND_ERR_NULL. */
ND_API nd_status nd_fft_load_wisdom(const char *path);
/** Forgets FFTW's wisdom and empties the plan cache. Errors: none. */
ND_API void nd_fft_forget_wisdom(void);
/** Empties the plan cache (plans in use by other threads go when those calls end).
 *  Errors: none. */
ND_API void nd_fft_clear_plans(void);

/** Bounds of the plan cache: at most max_plans plans and about max_bytes of plan memory
 *  (estimated from the transform lengths); the least recently used plans go first.
 *  Defaults: 256 plans, 256 MiB.
 *  Errors: ND_ERR_VALUE for a value below 1 ("fft_set_cache_limits: limits must be
 *  positive"). */
ND_API nd_status nd_fft_set_cache_limits(int64_t max_plans, int64_t max_bytes);

/** Counters of the plan cache. */
typedef struct nd_fft_cache_stats {
  int64_t plans;     /**< plans held now */
  int64_t bytes;     /**< their estimated memory */
  int64_t hits;      /**< lookups that found a plan, since the start */
  int64_t misses;    /**< lookups that made one */
  int64_t upgrades;  /**< estimated plans replaced by measured ones (AUTO) */
  int64_t evictions; /**< plans dropped to stay within the limits */
} nd_fft_cache_stats;
/** Fills *stats. Errors: ND_ERR_NULL ("fft_get_cache_stats: argument stats is NULL"). */
ND_API nd_status nd_fft_get_cache_stats(nd_fft_cache_stats *stats);

#ifdef __cplusplus
}
#endif
#endif
