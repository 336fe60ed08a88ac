/* Long complex transforms as two passes of short ones (the "four-step" algorithm).
 *
 * With n = n1*n2, j = j1*n2 + j2 and k = k1 + n1*k2:
 *   X[k1 + n1*k2] = sum_j2 w_n2^(j2 k2) [ w_n^(j2 k1) sum_j1 x[j1 n2 + j2] w_n1^(j1 k1) ].
 * Pass 1 transforms the n2 columns (length n1) of x seen as an [n1][n2] matrix into a
 * scratch Y, multiplying element k1 of column j2 by the twiddle w_n^(j2 k1); pass 2
 * transforms the n1 rows of Y (length n2) and writes row k1 to X[k1 + n1*k2] (stride n1).
 *
 * Why: every FFTW plan nd makes stays short (at most NDF_SPLIT_MAX points), so FFTW can
 * measure it in milliseconds (the AUTO planner's upgrade) and its twiddle tables are made
 * quickly on a first call; and both passes run on threads over blocks of lines, which a
 * single long transform could not without making its result depend on the thread count.
 * The split depends only on n, so results do not depend on the thread count either. */
#include "split.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nd/core.h"
#include "nd/creation.h"
#include "nd/toolkit.h"

/* Transforms longer than this are split, into factors no longer than it. */
#define NDF_SPLIT_MAX 65536

static int64_t largest_prime_factor(int64_t n) {
  int64_t p = 1;
  for (int64_t f = 2; f * f <= n; f++)
    while (n % f == 0) {
      p = f;
      n /= f;
    }
  return n > 1 ? n : p;
}

/* n1 (the length of the first pass's transforms) for a length n, or 0 if n does not split
 * into two factors of at most NDF_SPLIT_MAX with small prime factors (FFTW is fastest on
 * those; a length with a large prime factor stays one FFTW transform). n1 is the divisor
 * closest to sqrt(n) from below. */
int64_t ndf_split_factor(int64_t n) {
  if (n <= NDF_SPLIT_MAX) return 0;
  for (int64_t n1 = (int64_t)sqrt((double)n) + 1; n1 >= 2; n1--) {
    if (n % n1) continue;
    int64_t n2 = n / n1;
    if (n1 > NDF_SPLIT_MAX || n2 > NDF_SPLIT_MAX) return 0;
    if (largest_prime_factor(n1) <= 13 && largest_prime_factor(n2) <= 13) return n1;
  }
  return 0;
}

/* Twiddle tables: lo[r] = w^r (r < 2^shift) and hi[q] = w^(q 2^shift), w = exp(sign 2 pi i / n),
 * from long double sines and cosines of exactly reduced angles. */
bool ndf_twiddle_make(int64_t n, int sign, ndf_twiddle *tw, double **mem) {
  int shift = 0;
  while (((int64_t)1 << (2 * shift)) < n) shift++;
  int64_t nlo = (int64_t)1 << shift, nhi = (n >> shift) + 1;
  double *t = malloc(sizeof(double) * 2 * (size_t)(nlo + nhi));
  if (!t) return false;
  const long double two_pi = 6.283185307179586476925286766559005768L;
  for (int64_t i = 0; i < nlo + nhi; i++) {
    int64_t m = i < nlo ? i : (i - nlo) << shift;
    long double a = two_pi * (long double)(m % n) / (long double)n;
    t[2 * i] = (double)cosl(a);
    t[2 * i + 1] = (double)(sign * sinl(a));
  }
  *tw = (ndf_twiddle){.n = n, .sign = sign, .shift = shift, .lo = t, .hi = t + 2 * nlo};
  *mem = t;
  return true;
}

/* One line of the pass: element 0 of its input and output. */
static nd_status split_line(const ndf_pass *p, int64_t n1, const char *in, char *out,
                            char *y, const ndf_twiddle *tw) {
  int64_t n = p->n, n2 = n / n1;
  nd_dtype ct = p->single ? ND_COMPLEX64 : ND_COMPLEX128;
  ndf_pass a = {.op = p->op, .kind = p->kind, .single = p->single, .n = n1, .out = y,
                .out_dtype = ct, .out_stride = n2, .nb = 1, .scale = 1.0, .tw = tw, .tw_dim = 0};
  a.bshape[0] = n2;
  a.bout[0] = 1;
  int64_t cnt = p->in_len < n ? p->in_len : n;
  if (p->in_len >= n && p->in_dtype == ct && !p->conj_in) {
    a.in = in; /* x seen as [n1][n2] */
    a.in_dtype = ct;
    a.in_len = n1;
    a.in_stride = n2 * p->in_stride;
    a.bin[0] = p->in_stride;
  } else { /* cut, padded or converted into Y first, then pass 1 in place */
    const int64_t one = 1;
    nd_status st = nd_copy_strided(p->op, 1, &cnt, ct, y, &one, p->in_dtype, in, &p->in_stride);
    if (st) return st;
    size_t es = nd_dtype_size(ct);
    memset(y + cnt * (int64_t)es, 0, (size_t)(n - cnt) * es);
    if (p->conj_in) ndf_scale_lines(y, p->single, true, 1, n, 1, n, 1.0, true);
    a.in = y;
    a.in_dtype = ct;
    a.in_len = n1;
    a.in_stride = n2;
    a.bin[0] = 1;
  }
  nd_status st = ndf_pass_run(&a);
  if (st) return st;
  ndf_pass b = {.op = p->op, .kind = p->kind, .single = p->single, .n = n2, .in = y,
                .in_dtype = ct, .in_len = n2, .in_stride = 1, .in_destroy = true, .out = out,
                .out_dtype = p->out_dtype, .out_stride = n1 * p->out_stride, .nb = 1,
                .scale = p->scale, .conj_out = p->conj_out, .tw_dim = -1};
  b.bshape[0] = n1;
  b.bin[0] = n2;
  b.bout[0] = p->out_stride;
  return ndf_pass_run(&b);
}

nd_status ndf_split_run(const ndf_pass *p) {
  bool c2c = p->kind == NDF_C2C_FWD || p->kind == NDF_C2C_BWD;
  if (p->tw) return ndf_pass_run(p);
  /* split.c and split_real.c call each other: a real transform of even length goes to
   * split_real.c, which computes it as a complex transform of half the length, run again
   * through this function (and this file's twiddles). The recursion ends at FFTW's
   * passes; keeping the real case in its own file keeps each file one algorithm. */
  if (!c2c) return p->n % 2 == 0 && ndf_split_factor(p->n / 2) ? ndf_split_real(p) : ndf_pass_run(p);
  int64_t n1 = ndf_split_factor(p->n);
  if (!n1) return ndf_pass_run(p);
  int64_t lines = 1;
  for (int d = 0; d < p->nb; d++) lines *= p->bshape[d];
  if (lines == 0) return ND_OK;
  /* the intermediate: from nd's allocator, whose block cache keeps big blocks between
   * calls (fresh pages would cost the kernel's zeroing on every call) */
  nd_array *ya = nd_empty(p->single ? ND_COMPLEX64 : ND_COMPLEX128, 1, &p->n, ND_C);
  char *y = ya ? nd_data(ya) : NULL;
  ndf_twiddle tw;
  double *tmem = NULL;
  if (!y || !ndf_twiddle_make(p->n, p->kind == NDF_C2C_FWD ? -1 : 1, &tw, &tmem)) {
    nd_release(ya);
    return nd_set_error(ND_ERR_NOMEM, "%s: out of memory (scratch for %lld points)", p->op,
                        (long long)p->n);
  }
  nd_status st = ND_OK;
  int64_t idx[ND_MAX_DIMS] = {0};
  size_t ies = nd_dtype_size(p->in_dtype), oes = nd_dtype_size(p->out_dtype);
  for (int64_t l = 0; l < lines && !st; l++) {
    int64_t oi = 0, oo = 0;
    for (int d = 0; d < p->nb; d++) {
      oi += idx[d] * p->bin[d];
      oo += idx[d] * p->bout[d];
    }
    st = split_line(p, n1, p->in + oi * (int64_t)ies, p->out + oo * (int64_t)oes, y, &tw);
    for (int d = p->nb - 1; d >= 0; d--) {
      if (++idx[d] < p->bshape[d]) break;
      idx[d] = 0;
    }
  }
  free(tmem);
  nd_release(ya);
  return st;
}
