/* References and checkers for the FFT tests (fft_check.c). */
#ifndef ND_TEST_FFT_CHECK_H
#define ND_TEST_FFT_CHECK_H

#include <complex.h>

#include "helpers.h"
#include "nd/fft.h"

typedef long double complex lcplx;

/* An array of long double complex values in C order, for references of any rank. */
typedef struct ref {
  int ndim;
  int64_t shape[8];
  lcplx *v;
} ref;

/* The kinds of line transforms the references are built from. */
typedef enum { L_C2C, L_R2C, L_C2R } line_kind;

/* The values of a (any dtype, any layout) as a reference array. */
ref ref_of(const nd_array *a);
/* r transformed along axis ax (length n: cut or zero-padded, Hermitian-extended for
 * c2r) into a new ref; r's values are freed. sign -1: forward. */
ref ref_axis(ref r, int ax, line_kind kind, int sign, int64_t n);
/* Every value times f (conjugated first if conj). */
void ref_scale(ref *r, long double f, bool conj);
/* The norm's factor for a transform of n points. */
long double norm_factor(nd_fft_norm norm, bool inverse, long double n);
/* got (of dtype `dtype`) must equal want within a norm-wise relative error of about
 * 8 eps (1 + log2(points)). */
void assert_close(const nd_array *got, ref want, nd_dtype dtype, int64_t points, const char *what);

/* The one-axis functions, by number. */
typedef enum { F_FFT, F_IFFT, F_RFFT, F_IRFFT, F_HFFT, F_IHFFT, F_COUNT } fn1;
extern const char *const fn1_names[F_COUNT];
nd_array *call1(fn1 f, const nd_array *x, int64_t n, int axis, nd_fft_norm norm);
nd_status call1_out(fn1 f, nd_array *out, const nd_array *x, int64_t n, int axis, nd_fft_norm norm);
bool real_input(fn1 f);
nd_dtype result_dtype(fn1 f, nd_dtype in);
/* f(x, n, axis, norm) and its _out form (into an F-ordered array) against the reference. */
void check1(fn1 f, const nd_array *x, int64_t n, int axis, nd_fft_norm norm, const char *what);

/* The n-dimensional ones. */
typedef enum { N_FFTN, N_IFFTN, N_RFFTN, N_IRFFTN } fnn;
nd_array *calln(fnn f, const nd_array *x, int naxes, const int *axes, int ns, const int64_t *s,
                nd_fft_norm norm);
/* f(x, naxes, axes, ns, s, norm) against the reference. */
void checkn(fnn f, const nd_array *x, int naxes, const int *axes_in, int ns, const int64_t *s,
            nd_fft_norm norm, const char *what);

/* Random values in [-0.5, 0.5) (both parts), C-ordered. */
nd_array *random_1d(nd_dtype t, int64_t n, unsigned seed);
nd_array *random_array(nd_dtype t, int ndim, const int64_t *shape, unsigned seed);
/* max |a - b| over the elements (as complex doubles). */
double max_abs_diff(const nd_array *a, const nd_array *b);

#endif
