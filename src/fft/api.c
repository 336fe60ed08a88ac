/* The public transforms: one request descriptor each, run by the driver (transform.c).
 * The one-axis functions are the n-dimensional ones over a single axis. */
#include "frontend.h"
#include "nd/fft.h"

/* X(name, family, inverse, hermitian) for the one-axis functions */
#define NDF_ONE_AXIS(X)                      \
  X(fft, NDF_COMPLEX, false, false)          \
  X(ifft, NDF_COMPLEX, true, false)          \
  X(rfft, NDF_REAL_IN, false, false)         \
  X(irfft, NDF_REAL_OUT, true, false)        \
  X(hfft, NDF_REAL_OUT, true, true)          \
  X(ihfft, NDF_REAL_IN, false, true)

/* X(name, family, inverse) for the n-dimensional ones */
#define NDF_N_AXES(X)                \
  X(fftn, NDF_COMPLEX, false)        \
  X(ifftn, NDF_COMPLEX, true)        \
  X(rfftn, NDF_REAL_IN, false)       \
  X(irfftn, NDF_REAL_OUT, true)

#define NDF_DEFINE_ONE_AXIS(name, fam, inv, herm)                                          \
  static const ndf_request rq_##name = {#name, fam, inv, herm, true};                      \
  nd_array *nd_fft_##name(const nd_array *x, int64_t n, int axis, nd_fft_norm norm) {       \
    nd_array *r;                                                                           \
    ndf_transform(&rq_##name, &r, NULL, x, 1, &axis, 1, &n, norm);                         \
    return r;                                                                              \
  }                                                                                        \
  nd_status nd_fft_##name##_out(nd_array *out, const nd_array *x, int64_t n, int axis,     \
                                nd_fft_norm norm) {                                        \
    return ndf_transform(&rq_##name, NULL, out, x, 1, &axis, 1, &n, norm);                 \
  }
NDF_ONE_AXIS(NDF_DEFINE_ONE_AXIS)

#define NDF_DEFINE_N_AXES(name, fam, inv)                                                  \
  static const ndf_request rq_##name = {#name, fam, inv, false, false};                    \
  nd_array *nd_fft_##name(const nd_array *x, int naxes, const int *axes, int ns,           \
                          const int64_t *s, nd_fft_norm norm) {                            \
    nd_array *r;                                                                           \
    ndf_transform(&rq_##name, &r, NULL, x, naxes, axes, ns, s, norm);                      \
    return r;                                                                              \
  }                                                                                        \
  nd_status nd_fft_##name##_out(nd_array *out, const nd_array *x, int naxes, const int *axes, \
                                int ns, const int64_t *s, nd_fft_norm norm) {              \
    return ndf_transform(&rq_##name, NULL, out, x, naxes, axes, ns, s, norm);              \
  }
NDF_N_AXES(NDF_DEFINE_N_AXES)
