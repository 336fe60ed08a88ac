/* References for the FFT tests (test_fft.c, test_fft_plans.c): transforms computed in
 * long double (a direct O(n^2) sum up to 1024 points, a recursive mixed radix above),
 * applied line by line to arrays of any rank, and checkers that compare nd's results
 * with them. */
#include "fft_check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const long double TWO_PI = 6.283185307179586476925286766559005768L;

/* ---- references ----------------------------------------------------------------------- */

/* w[e] = exp(sign 2 pi i e / N) for e < N: one table for a whole reference transform (a
 * transform of length n | N uses every (N/n)-th entry). */
static lcplx *roots(int64_t N, int sign) {
  lcplx *w = malloc(sizeof(lcplx) * (size_t)N);
  for (int64_t e = 0; e < N; e++) w[e] = cosl(TWO_PI * e / N) + sign * I * sinl(TWO_PI * e / N);
  return w;
}

/* X[k] = sum_j x[j*stride] w_n^(jk): directly (O(n^2)) for a prime n or n <= direct, else
 * by recursive mixed radix (smallest prime factor first); angles reduced exactly. */
static void fft_rec(const lcplx *x, int64_t n, int64_t stride, const lcplx *w, int64_t N,
                    int64_t direct, lcplx *X) {
  int64_t p = 2, step = N / n;
  while (p * p <= n && n % p) p++;
  if (n % p || n <= direct) {
    for (int64_t k = 0; k < n; k++) {
      lcplx acc = 0;
      for (int64_t j = 0; j < n; j++) acc += x[j * stride] * w[((j * k) % n) * step];
      X[k] = acc;
    }
    return;
  }
  int64_t m = n / p;
  lcplx *Y = malloc(sizeof(lcplx) * (size_t)n);
  for (int64_t r = 0; r < p; r++) fft_rec(x + r * stride, m, stride * p, w, N, direct, Y + r * m);
  for (int64_t k = 0; k < n; k++) {
    lcplx acc = 0;
    for (int64_t r = 0; r < p; r++) acc += Y[r * m + k % m] * w[((r * k) % n) * step];
    X[k] = acc;
  }
  free(Y);
}

/* The direct O(n^2) sum up to 1024 points; above, the recursion (down to 32 points). */
static void ref_transform(const lcplx *x, int64_t n, int sign, lcplx *X) {
  lcplx *w = roots(n, sign);
  fft_rec(x, n, 1, w, n, n <= 1024 ? n : 32, X);
  free(w);
}


static int64_t ref_size(const ref *r) {
  int64_t s = 1;
  for (int d = 0; d < r->ndim; d++) s *= r->shape[d];
  return s;
}

ref ref_of(const nd_array *a) {
  ref r = {.ndim = nd_ndim(a)};
  memcpy(r.shape, nd_shape(a), sizeof(int64_t) * (size_t)r.ndim);
  r.v = malloc(sizeof(lcplx) * (size_t)(ref_size(&r) + 1));
  int64_t idx[8] = {0}, i = 0;
  if (ref_size(&r) > 0) do {
      double re, im;
      th_get(a, idx, &re, &im);
      r.v[i++] = re + I * (long double)im;
    } while (th_next(r.ndim, r.shape, idx));
  return r;
}


/* One line: m input values to the output of a transform of length n. */
static void ref_line(line_kind kind, int sign, const lcplx *in, int64_t m, int64_t n, lcplx *out) {
  lcplx *x = calloc((size_t)n + 1, sizeof(lcplx)), *X = malloc(sizeof(lcplx) * ((size_t)n + 1));
  if (kind == L_C2R) { /* Hermitian extension of the first n/2+1 values */
    int64_t h = n / 2 + 1;
    for (int64_t k = 0; k < h && k < m; k++) x[k] = in[k];
    x[0] = creall(x[0]);
    if (n % 2 == 0) x[n / 2] = creall(x[n / 2]);
    for (int64_t k = h; k < n; k++) x[k] = conjl(x[n - k]);
  } else {
    for (int64_t j = 0; j < n && j < m; j++) x[j] = kind == L_R2C ? creall(in[j]) : in[j];
  }
  ref_transform(x, n, sign, X);
  int64_t len = kind == L_R2C ? n / 2 + 1 : n;
  for (int64_t k = 0; k < len; k++) out[k] = kind == L_C2R ? creall(X[k]) : X[k];
  free(x);
  free(X);
}

/* r transformed along axis ax (length n) into a new ref. */
ref ref_axis(ref r, int ax, line_kind kind, int sign, int64_t n) {
  ref o = r;
  o.shape[ax] = kind == L_R2C ? n / 2 + 1 : n;
  o.v = malloc(sizeof(lcplx) * (size_t)(ref_size(&o) + 1));
  int64_t m = r.shape[ax], outer = 1, inner = 1;
  for (int d = 0; d < ax; d++) outer *= r.shape[d];
  for (int d = ax + 1; d < r.ndim; d++) inner *= r.shape[d];
  lcplx *line = malloc(sizeof(lcplx) * (size_t)(m + 1)), *res = malloc(sizeof(lcplx) * (size_t)(n + 1));
  for (int64_t a = 0; a < outer; a++)
    for (int64_t b = 0; b < inner; b++) {
      for (int64_t j = 0; j < m; j++) line[j] = r.v[(a * m + j) * inner + b];
      ref_line(kind, sign, line, m, n, res);
      for (int64_t k = 0; k < o.shape[ax]; k++) o.v[(a * o.shape[ax] + k) * inner + b] = res[k];
    }
  free(line);
  free(res);
  free(r.v);
  return o;
}

void ref_scale(ref *r, long double f, bool conj) {
  for (int64_t i = 0; i < ref_size(r); i++) r->v[i] = (conj ? conjl(r->v[i]) : r->v[i]) * f;
}

long double norm_factor(nd_fft_norm norm, bool inverse, long double n) {
  if (norm == ND_FFT_ORTHO) return 1 / sqrtl(n);
  if (norm == ND_FFT_FORWARD) return inverse ? 1 : 1 / n;
  return inverse ? 1 / n : 1;
}

static nd_fft_norm swap_norm(nd_fft_norm norm) {
  return norm == ND_FFT_BACKWARD ? ND_FFT_FORWARD : norm == ND_FFT_FORWARD ? ND_FFT_BACKWARD : norm;
}

/* got must equal want within a norm-wise relative error of about eps*log2(N). */
void assert_close(const nd_array *got, ref want, nd_dtype dtype, int64_t points, const char *what) {
  if (!got) fail_msg("%s failed: %s", what, nd_last_error());
  assert_int_equal(nd_dtype_of(got), dtype);
  assert_int_equal(nd_ndim(got), want.ndim);
  for (int d = 0; d < want.ndim; d++)
    if (nd_shape(got)[d] != want.shape[d])
      fail_msg("%s: axis %d has %lld, want %lld", what, d, (long long)nd_shape(got)[d], (long long)want.shape[d]);
  bool single = dtype == ND_FLOAT32 || dtype == ND_COMPLEX64;
  long double num = 0, den = 0;
  int64_t idx[8] = {0}, i = 0;
  if (ref_size(&want) > 0) do {
      double re, im;
      th_get(got, idx, &re, &im);
      lcplx d = (re + I * (long double)im) - want.v[i];
      num += creall(d) * creall(d) + cimagl(d) * cimagl(d);
      den += creall(want.v[i]) * creall(want.v[i]) + cimagl(want.v[i]) * cimagl(want.v[i]);
      i++;
    } while (th_next(want.ndim, want.shape, idx));
  double eps = single ? 1.2e-7 : 2.3e-16;
  double tol = 8 * eps * (1 + log2((double)points + 1));
  double err = sqrt((double)(num / (den > 0 ? den : 1)));
  if (!(err <= tol)) fail_msg("%s: relative error %.3g above %.3g", what, err, tol);
}

/* ---- one-axis transforms ---------------------------------------------------------------- */

const char *const fn1_names[F_COUNT] = {"fft", "ifft", "rfft", "irfft", "hfft", "ihfft"};

nd_array *call1(fn1 f, const nd_array *x, int64_t n, int axis, nd_fft_norm norm) {
  switch (f) {
    case F_FFT: return nd_fft_fft(x, n, axis, norm);
    case F_IFFT: return nd_fft_ifft(x, n, axis, norm);
    case F_RFFT: return nd_fft_rfft(x, n, axis, norm);
    case F_IRFFT: return nd_fft_irfft(x, n, axis, norm);
    case F_HFFT: return nd_fft_hfft(x, n, axis, norm);
    default: return nd_fft_ihfft(x, n, axis, norm);
  }
}

nd_status call1_out(fn1 f, nd_array *out, const nd_array *x, int64_t n, int axis, nd_fft_norm norm) {
  switch (f) {
    case F_FFT: return nd_fft_fft_out(out, x, n, axis, norm);
    case F_IFFT: return nd_fft_ifft_out(out, x, n, axis, norm);
    case F_RFFT: return nd_fft_rfft_out(out, x, n, axis, norm);
    case F_IRFFT: return nd_fft_irfft_out(out, x, n, axis, norm);
    case F_HFFT: return nd_fft_hfft_out(out, x, n, axis, norm);
    default: return nd_fft_ihfft_out(out, x, n, axis, norm);
  }
}

bool real_input(fn1 f) { return f == F_RFFT || f == F_IHFFT; }
static bool real_output(fn1 f) { return f == F_IRFFT || f == F_HFFT; }

nd_dtype result_dtype(fn1 f, nd_dtype in) {
  bool single = in == ND_FLOAT32 || in == ND_COMPLEX64 || in == ND_FLOAT16 || in == ND_BFLOAT16;
  if (real_output(f)) return single ? ND_FLOAT32 : ND_FLOAT64;
  return single ? ND_COMPLEX64 : ND_COMPLEX128;
}

/* The reference of a one-axis function; n <= 0 is the default. */
static ref ref1(fn1 f, const nd_array *x, int64_t n, int axis, nd_fft_norm norm, int64_t *points) {
  ref r = ref_of(x);
  int ax = axis < 0 ? axis + r.ndim : axis;
  int64_t m = r.shape[ax];
  if (n <= 0) n = real_output(f) ? 2 * (m - 1) : m;
  *points = n;
  switch (f) {
    case F_FFT: r = ref_axis(r, ax, L_C2C, -1, n); ref_scale(&r, norm_factor(norm, false, n), false); break;
    case F_IFFT: r = ref_axis(r, ax, L_C2C, 1, n); ref_scale(&r, norm_factor(norm, true, n), false); break;
    case F_RFFT: r = ref_axis(r, ax, L_R2C, -1, n); ref_scale(&r, norm_factor(norm, false, n), false); break;
    case F_IRFFT: r = ref_axis(r, ax, L_C2R, 1, n); ref_scale(&r, norm_factor(norm, true, n), false); break;
    case F_HFFT:
      ref_scale(&r, 1, true);
      r = ref_axis(r, ax, L_C2R, 1, n);
      ref_scale(&r, norm_factor(swap_norm(norm), true, n), false);
      break;
    default:
      r = ref_axis(r, ax, L_R2C, -1, n);
      ref_scale(&r, norm_factor(swap_norm(norm), false, n), true);
      break;
  }
  return r;
}

void check1(fn1 f, const nd_array *x, int64_t n, int axis, nd_fft_norm norm, const char *what) {
  int64_t points;
  ref want = ref1(f, x, n, axis, norm, &points);
  nd_array *got = call1(f, x, n, axis, norm);
  char buf[256];
  snprintf(buf, sizeof buf, "%s %s (%s, n=%lld, axis %d, norm %d)", fn1_names[f], what,
           nd_dtype_name(nd_dtype_of(x)), (long long)n, axis, (int)norm);
  assert_close(got, want, result_dtype(f, nd_dtype_of(x)), points, buf);
  /* the _out form into an F-ordered array (other strides: other plans, so not bitwise) */
  nd_array *out = nd_empty_like(got, ND_F);
  assert_int_equal(call1_out(f, out, x, n, axis, norm), ND_OK);
  assert_close(out, want, result_dtype(f, nd_dtype_of(x)), points, buf);
  nd_release(out);
  nd_release(got);
  free(want.v);
}

/* A random complex (or real) 1-D array of length n. */
nd_array *random_1d(nd_dtype t, int64_t n, unsigned seed) {
  nd_array *a = nd_empty(t, 1, &n, ND_C);
  srand(seed);
  for (int64_t i = 0; i < n; i++) th_set(a, &i, rand() / (double)RAND_MAX - 0.5, rand() / (double)RAND_MAX - 0.5);
  return a;
}

/* ---- n-dimensional transforms ------------------------------------------------------------ */

nd_array *calln(fnn f, const nd_array *x, int naxes, const int *axes, int ns, const int64_t *s,
                nd_fft_norm norm) {
  switch (f) {
    case N_FFTN: return nd_fft_fftn(x, naxes, axes, ns, s, norm);
    case N_IFFTN: return nd_fft_ifftn(x, naxes, axes, ns, s, norm);
    case N_RFFTN: return nd_fft_rfftn(x, naxes, axes, ns, s, norm);
    default: return nd_fft_irfftn(x, naxes, axes, ns, s, norm);
  }
}

void checkn(fnn f, const nd_array *x, int naxes, const int *axes_in, int ns, const int64_t *s,
            nd_fft_norm norm, const char *what) {
  ref r = ref_of(x);
  int axes[8] = {0}, cnt = naxes < 0 ? r.ndim : naxes;
  int64_t len[8] = {0}, points = 1;
  for (int i = 0; i < cnt; i++) {
    axes[i] = naxes < 0 ? i : (axes_in[i] < 0 ? axes_in[i] + r.ndim : axes_in[i]);
    int64_t m = r.shape[axes[i]];
    len[i] = (ns > 0 && s[i] > 0) ? s[i] : (f == N_IRFFTN && i == cnt - 1 ? 2 * (m - 1) : m);
    points *= len[i];
  }
  bool inverse = f == N_IFFTN || f == N_IRFFTN;
  if (f == N_FFTN || f == N_IFFTN) {
    for (int i = cnt - 1; i >= 0; i--) r = ref_axis(r, axes[i], L_C2C, inverse ? 1 : -1, len[i]);
  } else if (f == N_RFFTN) {
    r = ref_axis(r, axes[cnt - 1], L_R2C, -1, len[cnt - 1]);
    for (int i = cnt - 2; i >= 0; i--) r = ref_axis(r, axes[i], L_C2C, -1, len[i]);
  } else {
    for (int i = cnt - 2; i >= 0; i--) r = ref_axis(r, axes[i], L_C2C, 1, len[i]);
    /* the complex passes see the last axis cut or padded to s[-1]/2+1 */
    r = ref_axis(r, axes[cnt - 1], L_C2R, 1, len[cnt - 1]);
  }
  ref_scale(&r, norm_factor(norm, inverse, (long double)points), false);
  nd_array *got = calln(f, x, naxes, axes_in, ns, s, norm);
  nd_dtype t = nd_dtype_of(x);
  bool single = t == ND_FLOAT32 || t == ND_COMPLEX64 || t == ND_FLOAT16 || t == ND_BFLOAT16;
  nd_dtype want = f == N_IRFFTN ? (single ? ND_FLOAT32 : ND_FLOAT64) : (single ? ND_COMPLEX64 : ND_COMPLEX128);
  char buf[200];
  snprintf(buf, sizeof buf, "%s n-d %s", f == N_FFTN ? "fftn" : f == N_IFFTN ? "ifftn" : f == N_RFFTN ? "rfftn" : "irfftn", what);
  assert_close(got, r, want, points, buf);
  nd_release(got);
  free(r.v);
}

double max_abs_diff(const nd_array *a, const nd_array *b) {
  double m = 0;
  int64_t idx[8] = {0};
  if (nd_size(a) == 0) return 0;
  do {
    double ar, ai, br, bi;
    th_get(a, idx, &ar, &ai);
    th_get(b, idx, &br, &bi);
    double d = hypot(ar - br, ai - bi);
    if (d > m) m = d;
  } while (th_next(nd_ndim(a), nd_shape(a), idx));
  return m;
}

nd_array *random_array(nd_dtype t, int ndim, const int64_t *shape, unsigned seed) {
  nd_array *a = nd_empty(t, ndim, shape, ND_C);
  int64_t idx[8] = {0};
  srand(seed);
  if (nd_size(a) > 0) do
      th_set(a, idx, rand() / (double)RAND_MAX - 0.5, rand() / (double)RAND_MAX - 0.5);
    while (th_next(ndim, shape, idx));
  return a;
}

