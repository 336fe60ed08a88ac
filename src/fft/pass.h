/* One pass: a batch of one-dimensional transforms along one axis, from input lines to
 * output lines, on any layout. Every transform of the component is one or more passes. */
#ifndef NDF_PASS_H
#define NDF_PASS_H

#include <stdbool.h>
#include <stdint.h>

#include "fftw_plan.h"
#include "nd/types.h"

/* Twiddle factors applied between the two passes of a split long transform (split.c):
 * output element k of line j is multiplied by exp(sign 2 pi i j k / n). */
typedef struct ndf_twiddle {
  int64_t n;
  int sign; /* -1 forward, +1 backward */
  /* w^m = lo[m mod 2^shift] * hi[m >> shift], m = j*k mod n: two tables of about
   * sqrt(n) values instead of n; (re, im) pairs, rounded from long double */
  int shift;
  const double *lo, *hi;
} ndf_twiddle;

typedef struct ndf_pass {
  const char *op; /* public name, for messages */
  ndf_kind kind;
  bool single; /* complex64/float32 */
  int64_t n;   /* transform length */
  /* Input lines: element 0 of the first line; in_len elements along the axis are there
   * (cut to what the transform needs, or padded with zeros); any dtype nd_assign converts
   * from (real for r2c, complex or real for the others). */
  const char *in;
  nd_dtype in_dtype;
  int64_t in_len, in_stride;
  bool in_destroy; /* the input is scratch of this call and may be overwritten */
  bool conj_in;    /* conjugate the input first (hfft) */
  /* Output lines: n (c2c, c2r) or n/2+1 (r2c) elements of the transform's output dtype. */
  char *out;
  nd_dtype out_dtype;
  int64_t out_stride;
  /* The other axes (any order): extents and strides in elements, input and output. */
  int nb;
  int64_t bshape[ND_MAX_DIMS], bin[ND_MAX_DIMS], bout[ND_MAX_DIMS];
  double scale;  /* applied to the output (1: none) */
  bool conj_out; /* conjugate the output (ihfft) */
  const ndf_twiddle *tw; /* NULL: none */
  int tw_dim;            /* the batch axis whose index is the twiddle's line index j */
} ndf_pass;

/* Runs the pass (threads over blocks of lines, see pass.c). On failure the error names
 * p->op. */
nd_status ndf_pass_run(const ndf_pass *p);

/* Multiplies `lines` lines of `len` elements (element stride es, line stride ls, in
 * elements) by `scale`, conjugating complex values if `conj`. */
void ndf_scale_lines(void *data, bool single, bool complex_, int64_t lines, int64_t len,
                     int64_t es, int64_t ls, double scale, bool conj);

/* Multiplies element k of line l by the twiddle w^(j*k), j = j0 + l*jstep. */
void ndf_twiddle_lines(void *data, bool single, const ndf_twiddle *tw, int64_t j0, int64_t jstep,
                       int64_t lines, int64_t len, int64_t es, int64_t ls);

#endif
