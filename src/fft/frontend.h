/* The frontend shared by every transform: argument checks, dtypes, the result's shape,
 * and the driver that turns a request into passes (pass.h). The checks, messages and
 * layouts every nd function shares come from nd's toolkit (nd/toolkit.h). */
#ifndef NDF_FRONTEND_H
#define NDF_FRONTEND_H

#include <stdbool.h>
#include <stdint.h>

#include "nd/fft.h"
#include "nd/types.h"

/* What kind of transform a public function is. */
typedef enum ndf_family {
  NDF_COMPLEX, /* fft, ifft, fftn, ifftn */
  NDF_REAL_IN, /* rfft, rfftn, ihfft: real input, half spectrum out */
  NDF_REAL_OUT /* irfft, irfftn, hfft: half spectrum in, real output */
} ndf_family;

typedef struct ndf_request {
  const char *op;
  ndf_family family;
  bool inverse;   /* NDF_COMPLEX: the backward direction */
  bool hermitian; /* hfft/ihfft: conjugate the input (hfft) or output (ihfft), swap norm */
  bool one_axis;  /* a one-axis function: its n <= 0 is NumPy's n=None (for irfft and hfft
                     2*(m-1)); an s[i] <= 0 of the n-axes ones is NumPy 2's -1 (m) */
} ndf_request;

/* The resolved arguments. */
typedef struct ndf_args {
  int naxes;                /* transformed axes, in the order given */
  int axes[ND_MAX_DIMS];
  int64_t len[ND_MAX_DIMS]; /* transform length of each listed axis */
  nd_dtype result;          /* the result's dtype */
  bool single;
  int ndim;
  int64_t shape[ND_MAX_DIMS]; /* the result's shape */
} ndf_args;

/* Checks x, norm, axes, s and dtypes and fills *a. naxes -1: every axis; ns -1: no s. */
nd_status ndf_resolve(const ndf_request *rq, const nd_array *x, int naxes, const int *axes,
                      int ns, const int64_t *s, nd_fft_norm norm, ndf_args *a);

/* The scale factor of a transform of n points in the given direction under `norm`. */
double ndf_norm_factor(nd_fft_norm norm, bool inverse, double n);

/* Runs a resolved request: writes the transform of x into out (out does not overlap x,
 * or is exactly x). */
nd_status ndf_execute(const ndf_request *rq, const ndf_args *a, const nd_array *x,
                      nd_array *out, nd_fft_norm norm);

/* The whole public function: resolve, allocate (*result) or check out, handle overlap,
 * execute. Exactly one of result and out is given. */
nd_status ndf_transform(const ndf_request *rq, nd_array **result, nd_array *out,
                        const nd_array *x, int naxes, const int *axes, int ns, const int64_t *s,
                        nd_fft_norm norm);

#endif
