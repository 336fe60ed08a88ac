/* libnd_fft: every transform against a direct O(n^2) DFT in long double (sizes 1 to 64,
 * primes, composites, the split lengths against a long double mixed-radix FFT), on every
 * layout and dtype; n (cut and pad), axes, norms; round trips and Parseval; _out forms
 * including in place and overlapping; frequencies and shifts; plans (cache, limits,
 * planner modes, wisdom, concurrent callers); 1- vs 2-thread results; errors. */
#include <complex.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "nd/fft.h"

typedef long double complex lcplx;
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

/* An array of long double complex values in C order, for references of any rank. */
typedef struct ref {
  int ndim;
  int64_t shape[8];
  lcplx *v;
} ref;

static int64_t ref_size(const ref *r) {
  int64_t s = 1;
  for (int d = 0; d < r->ndim; d++) s *= r->shape[d];
  return s;
}

static ref ref_of(const nd_array *a) {
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

/* The kinds of line transforms the references are built from. */
typedef enum { L_C2C, L_R2C, L_C2R } line_kind;

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
static ref ref_axis(ref r, int ax, line_kind kind, int sign, int64_t n) {
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

static void ref_scale(ref *r, long double f, bool conj) {
  for (int64_t i = 0; i < ref_size(r); i++) r->v[i] = (conj ? conjl(r->v[i]) : r->v[i]) * f;
}

static long double norm_factor(nd_fft_norm norm, bool inverse, long double n) {
  if (norm == ND_FFT_ORTHO) return 1 / sqrtl(n);
  if (norm == ND_FFT_FORWARD) return inverse ? 1 : 1 / n;
  return inverse ? 1 / n : 1;
}

static nd_fft_norm swap_norm(nd_fft_norm norm) {
  return norm == ND_FFT_BACKWARD ? ND_FFT_FORWARD : norm == ND_FFT_FORWARD ? ND_FFT_BACKWARD : norm;
}

/* got must equal want within a norm-wise relative error of about eps*log2(N). */
static void assert_close(const nd_array *got, ref want, nd_dtype dtype, int64_t points, const char *what) {
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

typedef enum { F_FFT, F_IFFT, F_RFFT, F_IRFFT, F_HFFT, F_IHFFT, F_COUNT } fn1;
static const char *const fn1_names[F_COUNT] = {"fft", "ifft", "rfft", "irfft", "hfft", "ihfft"};

static nd_array *call1(fn1 f, const nd_array *x, int64_t n, int axis, nd_fft_norm norm) {
  switch (f) {
    case F_FFT: return nd_fft_fft(x, n, axis, norm);
    case F_IFFT: return nd_fft_ifft(x, n, axis, norm);
    case F_RFFT: return nd_fft_rfft(x, n, axis, norm);
    case F_IRFFT: return nd_fft_irfft(x, n, axis, norm);
    case F_HFFT: return nd_fft_hfft(x, n, axis, norm);
    default: return nd_fft_ihfft(x, n, axis, norm);
  }
}

static nd_status call1_out(fn1 f, nd_array *out, const nd_array *x, int64_t n, int axis, nd_fft_norm norm) {
  switch (f) {
    case F_FFT: return nd_fft_fft_out(out, x, n, axis, norm);
    case F_IFFT: return nd_fft_ifft_out(out, x, n, axis, norm);
    case F_RFFT: return nd_fft_rfft_out(out, x, n, axis, norm);
    case F_IRFFT: return nd_fft_irfft_out(out, x, n, axis, norm);
    case F_HFFT: return nd_fft_hfft_out(out, x, n, axis, norm);
    default: return nd_fft_ihfft_out(out, x, n, axis, norm);
  }
}

static bool real_input(fn1 f) { return f == F_RFFT || f == F_IHFFT; }
static bool real_output(fn1 f) { return f == F_IRFFT || f == F_HFFT; }

static nd_dtype result_dtype(fn1 f, nd_dtype in) {
  bool single = in == ND_FLOAT32 || in == ND_COMPLEX64;
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

static void check1(fn1 f, const nd_array *x, int64_t n, int axis, nd_fft_norm norm, const char *what) {
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
static nd_array *random_1d(nd_dtype t, int64_t n, unsigned seed) {
  nd_array *a = nd_empty(t, 1, &n, ND_C);
  srand(seed);
  for (int64_t i = 0; i < n; i++) th_set(a, &i, rand() / (double)RAND_MAX - 0.5, rand() / (double)RAND_MAX - 0.5);
  return a;
}

static void test_sizes_against_dft(void **state) {
  (void)state;
  nd_fft_set_planner(ND_FFT_ESTIMATE); /* AUTO's measured plans: test_long_lengths, test_plan_cache */
  int64_t extra[] = {97, 101, 127, 210, 243, 360, 509, 1000, 1009, 1024};
  for (int i = 0; i < 64 + 10; i++) {
    int64_t n = i < 64 ? i + 1 : extra[i - 64];
    nd_array *x = random_1d(ND_COMPLEX128, n, (unsigned)n);
    nd_array *r = random_1d(ND_FLOAT64, n, (unsigned)n + 7);
    check1(F_FFT, x, 0, 0, ND_FFT_BACKWARD, "size");
    check1(F_IFFT, x, 0, 0, ND_FFT_BACKWARD, "size");
    check1(F_RFFT, r, 0, 0, ND_FFT_BACKWARD, "size");
    if (n >= 2) {
      check1(F_IRFFT, x, 0, 0, ND_FFT_BACKWARD, "size");
      check1(F_HFFT, x, 0, 0, ND_FFT_BACKWARD, "size");
    }
    check1(F_IRFFT, x, 2 * n - 1, 0, ND_FFT_BACKWARD, "odd size");
    check1(F_IHFFT, r, 0, 0, ND_FFT_BACKWARD, "size");
    nd_array *x32 = nd_astype(x, ND_COMPLEX64), *r32 = nd_astype(r, ND_FLOAT32);
    check1(F_FFT, x32, 0, 0, ND_FFT_BACKWARD, "size");
    check1(F_RFFT, r32, 0, 0, ND_FFT_BACKWARD, "size");
    nd_release(x32);
    nd_release(r32);
    nd_release(x);
    nd_release(r);
  }
  nd_fft_set_planner(ND_FFT_AUTO);
}

/* Lengths long enough to be split into two passes (split.c), and one that is not
 * (a large prime factor), against the long double mixed-radix reference. */
static void test_long_lengths(void **state) {
  (void)state;
  int64_t sizes[] = {131072, 5 * 7 * 4096, 11 * 17 * 19 * 23};
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
    int64_t n = sizes[i];
    nd_array *x = random_1d(ND_COMPLEX128, n, 11);
    check1(F_FFT, x, 0, -1, ND_FFT_BACKWARD, "long");
    check1(F_IFFT, x, 0, -1, ND_FFT_ORTHO, "long");
    nd_array *x32 = nd_astype(x, ND_COMPLEX64);
    check1(F_FFT, x32, 0, -1, ND_FFT_FORWARD, "long");
    nd_release(x32);
    nd_release(x);
  }
  /* cut, padded and converted input of a split length, and a strided batch of them */
  nd_array *r = random_1d(ND_FLOAT64, 140000, 3);
  check1(F_FFT, r, 131072, -1, ND_FFT_BACKWARD, "long cut");
  nd_array *s = random_1d(ND_COMPLEX128, 100000, 4);
  check1(F_FFT, s, 131072, -1, ND_FFT_BACKWARD, "long padded");
  nd_array *b = th_make(ND_COMPLEX64, ND_SHAPE(2, 131072), TH_TRANSPOSED, 5);
  check1(F_IFFT, b, 0, 1, ND_FFT_BACKWARD, "long batch");
  nd_release(b);
  nd_release(r);
  nd_release(s);
  /* real transforms of even length through a split complex one of half the length */
  nd_array *h = random_1d(ND_FLOAT64, 262144, 6), *hc = random_1d(ND_COMPLEX128, 131073, 7);
  check1(F_RFFT, h, 0, -1, ND_FFT_BACKWARD, "long real");
  check1(F_IHFFT, h, 0, -1, ND_FFT_ORTHO, "long real");
  check1(F_IRFFT, hc, 0, -1, ND_FFT_BACKWARD, "long real");
  check1(F_HFFT, hc, 0, -1, ND_FFT_FORWARD, "long real");
  nd_array *hs = nd_index(h, "::2"), *h32 = nd_astype(hc, ND_COMPLEX64);
  check1(F_RFFT, hs, 3 * 65536, -1, ND_FFT_BACKWARD, "long real strided padded");
  check1(F_IRFFT, h32, 3 * 65536, -1, ND_FFT_BACKWARD, "long real single cut");
  nd_array *hb = th_make(ND_FLOAT32, ND_SHAPE(2, 262144), TH_F, 8);
  check1(F_RFFT, hb, 0, 1, ND_FFT_BACKWARD, "long real batch");
  nd_release(h);
  nd_release(hc);
  nd_release(hs);
  nd_release(h32);
  nd_release(hb);
}

/* Every one-axis function on every layout, axis, norm, with n cut, default and padded. */
static void test_layouts_axes_norms(void **state) {
  (void)state;
  nd_fft_set_planner(ND_FFT_ESTIMATE);
  const int64_t shape[3] = {5, 6, 4};
  for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
    nd_array *c = th_make(ND_COMPLEX128, 3, shape, (th_layout)L, 3);
    nd_array *r = th_make(ND_FLOAT64, 3, shape, (th_layout)L, 4);
    for (int f = 0; f < F_COUNT; f++) {
      const nd_array *x = real_input((fn1)f) ? r : c;
      for (int axis = -3; axis < 3; axis++) {
        int64_t m = shape[axis < 0 ? axis + 3 : axis];
        int64_t ns[3] = {0, m - 2 > 0 ? m - 2 : 1, m + 3};
        for (int k = 0; k < 3; k++)
          for (int norm = 0; norm < 3; norm++)
            check1((fn1)f, x, ns[k], axis, (nd_fft_norm)norm, th_layout_names[L]);
      }
    }
    nd_release(c);
    nd_release(r);
  }
  /* bigger arrays: the buffered passes, several units and threads */
  nd_array *big = th_make(ND_COMPLEX128, ND_SHAPE(300, 130), TH_TRANSPOSED, 9);
  check1(F_FFT, big, 0, 0, ND_FFT_BACKWARD, "big transposed");
  check1(F_FFT, big, 0, 1, ND_FFT_BACKWARD, "big transposed");
  check1(F_IFFT, big, 200, 1, ND_FFT_ORTHO, "big transposed");
  nd_array *bigr = th_make(ND_FLOAT32, ND_SHAPE(257, 301), TH_STEPPED, 9);
  check1(F_RFFT, bigr, 0, 0, ND_FFT_BACKWARD, "big stepped");
  check1(F_RFFT, bigr, 0, 1, ND_FFT_BACKWARD, "big stepped");
  check1(F_IHFFT, bigr, 0, 0, ND_FFT_BACKWARD, "big stepped");
  nd_array *bigc = th_make(ND_COMPLEX64, ND_SHAPE(129, 257), TH_NEGATIVE, 9);
  check1(F_IRFFT, bigc, 0, 0, ND_FFT_BACKWARD, "big negative");
  check1(F_HFFT, bigc, 300, 1, ND_FFT_FORWARD, "big negative");
  nd_release(big);
  nd_release(bigr);
  nd_release(bigc);
  nd_fft_set_planner(ND_FFT_AUTO);
}

/* Bool and integers promote to float64 (complex128 results), float32 and complex64 stay
 * single precision; complex input to rfft and ihfft is an error. */
static void test_dtypes(void **state) {
  (void)state;
  for (int i = 0; i < ND_NUM_DTYPES; i++) {
    nd_dtype t = th_all_dtypes[i];
    nd_array *x = th_make(t, ND_SHAPE(3, 7), TH_C, 2);
    for (int f = 0; f < F_COUNT; f++) {
      if (real_input((fn1)f) && nd_dtype_is_complex(t)) {
        TH_EXPECT_ERROR(call1((fn1)f, x, 0, -1, ND_FFT_BACKWARD), ND_ERR_TYPE,
                        "complex input (");
        continue;
      }
      check1((fn1)f, x, 0, -1, ND_FFT_BACKWARD, "dtype");
    }
    nd_release(x);
  }
}

/* 0-d inputs have no axis; size-0 batches give size-0 results; an empty axis is padded. */
static void test_zero_d_and_empty(void **state) {
  (void)state;
  nd_array *s = nd_full(ND_FLOAT64, 0, NULL, 2.5, ND_C);
  TH_EXPECT_ERROR(nd_fft_fft(s, 0, -1, ND_FFT_BACKWARD), ND_ERR_INDEX,
                  "fft: axis -1 is out of bounds for array of dimension 0");
  nd_array *c = nd_fft_fftn(s, -1, NULL, -1, NULL, ND_FFT_BACKWARD); /* no axes: a copy */
  assert_non_null(c);
  assert_int_equal(nd_dtype_of(c), ND_COMPLEX128);
  assert_int_equal(nd_ndim(c), 0);
  double re, im;
  assert_int_equal(nd_get_complex(c, NULL, &re, &im), ND_OK);
  assert_true(re == 2.5 && im == 0);
  nd_release(c);
  nd_array *sh = nd_fft_fftshift(s, -1, NULL);
  assert_non_null(sh);
  nd_release(sh);
  nd_release(s);

  nd_array *e = nd_zeros(ND_COMPLEX128, ND_SHAPE(0, 4), ND_C);
  nd_array *r = nd_fft_fft(e, 0, -1, ND_FFT_BACKWARD);
  assert_non_null(r);
  th_assert_shape(r, 2, (int64_t[]){0, 4});
  nd_release(r);
  r = nd_fft_irfft(e, 0, 1, ND_FFT_BACKWARD);
  th_assert_shape(r, 2, (int64_t[]){0, 6});
  nd_release(r);
  TH_EXPECT_ERROR(nd_fft_fft(e, 0, 0, ND_FFT_BACKWARD), ND_ERR_VALUE,
                  "fft: invalid number of data points (0) along axis 0");
  check1(F_FFT, e, 3, 0, ND_FFT_BACKWARD, "empty axis padded");
  nd_array *er = nd_zeros(ND_FLOAT32, ND_SHAPE(0, 4), ND_C);
  check1(F_RFFT, er, 5, 0, ND_FFT_BACKWARD, "empty axis padded");
  nd_release(er);
  nd_release(e);
}

/* ---- n-dimensional transforms ------------------------------------------------------------ */

typedef enum { N_FFTN, N_IFFTN, N_RFFTN, N_IRFFTN } fnn;

static nd_array *calln(fnn f, const nd_array *x, int naxes, const int *axes, int ns,
                       const int64_t *s, nd_fft_norm norm) {
  switch (f) {
    case N_FFTN: return nd_fft_fftn(x, naxes, axes, ns, s, norm);
    case N_IFFTN: return nd_fft_ifftn(x, naxes, axes, ns, s, norm);
    case N_RFFTN: return nd_fft_rfftn(x, naxes, axes, ns, s, norm);
    default: return nd_fft_irfftn(x, naxes, axes, ns, s, norm);
  }
}

static void checkn(fnn f, const nd_array *x, int naxes, const int *axes_in, int ns,
                   const int64_t *s, nd_fft_norm norm, const char *what) {
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
  bool single = t == ND_FLOAT32 || t == ND_COMPLEX64;
  nd_dtype want = f == N_IRFFTN ? (single ? ND_FLOAT32 : ND_FLOAT64) : (single ? ND_COMPLEX64 : ND_COMPLEX128);
  char buf[200];
  snprintf(buf, sizeof buf, "%s n-d %s", f == N_FFTN ? "fftn" : f == N_IFFTN ? "ifftn" : f == N_RFFTN ? "rfftn" : "irfftn", what);
  assert_close(got, r, want, points, buf);
  nd_release(got);
  free(r.v);
}

static void test_nd_transforms(void **state) {
  (void)state;
  const int64_t shape[3] = {4, 5, 6};
  int all_axes[3] = {0, 1, 2}, two[2] = {-1, 0}, one[1] = {1}, rev[3] = {2, 0, 1};
  int64_t s_cut[3] = {3, 0, 8}, s2[2] = {7, 3}, s1[1] = {2};
  for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
    nd_array *c = th_make(ND_COMPLEX128, 3, shape, (th_layout)L, 5);
    nd_array *r = th_make(ND_FLOAT64, 3, shape, (th_layout)L, 6);
    for (int f = 0; f < 4; f++) {
      const nd_array *x = f == N_RFFTN ? r : c;
      for (int norm = 0; norm < 3; norm++) {
        checkn((fnn)f, x, -1, NULL, -1, NULL, (nd_fft_norm)norm, th_layout_names[L]);
        checkn((fnn)f, x, 3, rev, 3, s_cut, (nd_fft_norm)norm, th_layout_names[L]);
      }
      checkn((fnn)f, x, 3, all_axes, -1, NULL, ND_FFT_BACKWARD, th_layout_names[L]);
      checkn((fnn)f, x, 2, two, 2, s2, ND_FFT_ORTHO, th_layout_names[L]);
      checkn((fnn)f, x, 1, one, 1, s1, ND_FFT_FORWARD, th_layout_names[L]);
      checkn((fnn)f, x, 1, one, -1, NULL, ND_FFT_BACKWARD, th_layout_names[L]);
    }
    nd_release(c);
    nd_release(r);
  }
  /* no axes: a complex copy (fftn, ifftn); single precision; integers */
  nd_array *i = th_make(ND_INT16, ND_SHAPE(3, 4), TH_F, 1);
  nd_array *cp = nd_fft_fftn(i, 0, NULL, -1, NULL, ND_FFT_BACKWARD);
  assert_int_equal(nd_dtype_of(cp), ND_COMPLEX128);
  th_assert_same_values(cp, i);
  nd_release(cp);
  checkn(N_FFTN, i, -1, NULL, -1, NULL, ND_FFT_BACKWARD, "int16");
  nd_release(i);
  nd_array *f32 = th_make(ND_FLOAT32, ND_SHAPE(6, 10), TH_TRANSPOSED, 1);
  checkn(N_RFFTN, f32, -1, NULL, -1, NULL, ND_FFT_BACKWARD, "float32");
  checkn(N_IRFFTN, f32, -1, NULL, -1, NULL, ND_FFT_BACKWARD, "float32");
  nd_release(f32);
  /* a big 2-D transform: rows direct, columns through the buffers */
  nd_array *big = th_make(ND_COMPLEX128, ND_SHAPE(96, 160), TH_C, 2);
  checkn(N_FFTN, big, -1, NULL, -1, NULL, ND_FFT_BACKWARD, "96x160");
  checkn(N_IRFFTN, big, -1, NULL, -1, NULL, ND_FFT_BACKWARD, "96x160");
  nd_release(big);
}

/* ---- round trips, Parseval, _out, overlap --------------------------------------------------- */

static double max_abs_diff(const nd_array *a, const nd_array *b) {
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

static void test_round_trips_parseval(void **state) {
  (void)state;
  nd_array *x = th_make(ND_COMPLEX128, ND_SHAPE(6, 35), TH_STEPPED, 3);
  nd_array *r = th_make(ND_FLOAT64, ND_SHAPE(6, 35), TH_NEGATIVE, 4);
  for (int norm = 0; norm < 3; norm++) {
    nd_array *X = nd_fft_fft(x, 0, -1, (nd_fft_norm)norm), *y = nd_fft_ifft(X, 0, -1, (nd_fft_norm)norm);
    assert_true(max_abs_diff(x, y) < 1e-12);
    nd_release(X);
    nd_release(y);
    X = nd_fft_rfft(r, 0, 0, (nd_fft_norm)norm);
    y = nd_fft_irfft(X, 6, 0, (nd_fft_norm)norm);
    assert_true(max_abs_diff(r, y) < 1e-12);
    nd_release(X);
    nd_release(y);
    X = nd_fft_ihfft(r, 0, 1, (nd_fft_norm)norm);
    y = nd_fft_hfft(X, 35, 1, (nd_fft_norm)norm);
    assert_true(max_abs_diff(r, y) < 1e-12);
    nd_release(X);
    nd_release(y);
    X = nd_fft_fftn(x, -1, NULL, -1, NULL, (nd_fft_norm)norm);
    y = nd_fft_ifftn(X, -1, NULL, -1, NULL, (nd_fft_norm)norm);
    assert_true(max_abs_diff(x, y) < 1e-12);
    nd_release(X);
    nd_release(y);
    X = nd_fft_rfftn(r, -1, NULL, -1, NULL, (nd_fft_norm)norm);
    y = nd_fft_irfftn(X, -1, NULL, 2, (int64_t[]){6, 35}, (nd_fft_norm)norm);
    assert_true(max_abs_diff(r, y) < 1e-12);
    nd_release(X);
    nd_release(y);
  }
  /* Parseval: sum |x|^2 = sum |X|^2 / n; with ortho, equal */
  nd_array *X = nd_fft_fft(x, 0, -1, ND_FFT_ORTHO);
  nd_array *ax = nd_abs(x), *aX = nd_abs(X);
  nd_array *px = nd_vecdot(ax, ax, -1), *pX = nd_vecdot(aX, aX, -1);
  assert_true(max_abs_diff(px, pX) < 1e-11);
  nd_release(X);
  nd_release(ax);
  nd_release(aX);
  nd_release(px);
  nd_release(pX);
  nd_release(x);
  nd_release(r);
}

static void test_out_forms(void **state) {
  (void)state;
  nd_array *x = th_make(ND_COMPLEX128, ND_SHAPE(8, 9), TH_C, 3);
  nd_array *want = nd_fft_fft(x, 0, 0, ND_FFT_BACKWARD);
  /* strided out: every other column of a wider array */
  nd_array *wide = nd_zeros(ND_COMPLEX128, ND_SHAPE(8, 18), ND_C);
  nd_array *out = nd_index(wide, ":, ::2");
  assert_int_equal(nd_fft_fft_out(out, x, 0, 0, ND_FFT_BACKWARD), ND_OK);
  th_assert_same_values(out, want);
  /* in place: out is x */
  nd_array *y = nd_copy(x, ND_F);
  assert_int_equal(nd_fft_fft_out(y, y, 0, 0, ND_FFT_BACKWARD), ND_OK);
  assert_true(max_abs_diff(y, want) < 1e-12);
  /* overlapping: out is x shifted by one row (the result is as if x were copied first) */
  nd_array *buf = nd_zeros(ND_COMPLEX128, ND_SHAPE(9, 9), ND_C);
  nd_array *top = nd_index(buf, ":8"), *bottom = nd_index(buf, "1:");
  assert_int_equal(nd_assign(top, x), ND_OK);
  assert_int_equal(nd_fft_fft_out(bottom, top, 0, 0, ND_FFT_BACKWARD), ND_OK);
  assert_true(max_abs_diff(bottom, want) < 1e-12);
  /* n-d in place, and the real transforms */
  nd_array *wn = nd_fft_fftn(x, -1, NULL, -1, NULL, ND_FFT_ORTHO);
  assert_int_equal(nd_fft_fftn_out(y, x, -1, NULL, -1, NULL, ND_FFT_ORTHO), ND_OK);
  assert_true(max_abs_diff(y, wn) < 1e-12);
  nd_array *r = th_make(ND_FLOAT64, ND_SHAPE(8, 9), TH_F, 4);
  nd_array *rw = nd_fft_rfftn(r, -1, NULL, -1, NULL, ND_FFT_BACKWARD);
  nd_array *ro = nd_empty(ND_COMPLEX128, ND_SHAPE(8, 5), ND_F);
  assert_int_equal(nd_fft_rfftn_out(ro, r, -1, NULL, -1, NULL, ND_FFT_BACKWARD), ND_OK);
  assert_true(max_abs_diff(ro, rw) < 1e-12);
  nd_array *back = nd_empty(ND_FLOAT64, ND_SHAPE(8, 9), ND_C);
  assert_int_equal(nd_fft_irfftn_out(back, ro, -1, NULL, 2, (int64_t[]){8, 9}, ND_FFT_BACKWARD), ND_OK);
  assert_true(max_abs_diff(back, r) < 1e-12);
  assert_int_equal(nd_fft_ifftn_out(y, wn, -1, NULL, -1, NULL, ND_FFT_ORTHO), ND_OK);
  assert_true(max_abs_diff(y, x) < 1e-12);
  /* wrong outs */
  nd_array *small = nd_empty(ND_COMPLEX128, ND_SHAPE(8, 8), ND_C);
  TH_EXPECT_ERROR(nd_fft_fft_out(small, x, 0, -1, ND_FFT_BACKWARD), ND_ERR_SHAPE,
                  "fft: out has shape [8,8], expected [8,9]");
  nd_array *c64 = nd_empty(ND_COMPLEX64, ND_SHAPE(8, 9), ND_C);
  TH_EXPECT_ERROR(nd_fft_fft_out(c64, x, 0, -1, ND_FFT_BACKWARD), ND_ERR_TYPE,
                  "fft: out has dtype complex64, expected complex128");
  TH_EXPECT_ERROR(nd_fft_irfft_out(c64, x, 0, -1, ND_FFT_BACKWARD), ND_ERR_SHAPE,
                  "irfft: out has shape [8,9], expected [8,16]");
  nd_array *one = nd_zeros(ND_COMPLEX128, ND_SHAPE(1, 9), ND_C);
  nd_array *bc = nd_broadcast_to(one, 2, (int64_t[]){8, 9});
  TH_EXPECT_ERROR(nd_fft_fft_out(bc, x, 0, -1, ND_FFT_BACKWARD), ND_ERR_READONLY, "fft: out is read-only");
  TH_EXPECT_ERROR(nd_fft_fft_out(NULL, x, 0, -1, ND_FFT_BACKWARD), ND_ERR_NULL, "fft: argument out is NULL");
  nd_array *arr[] = {x, want, wide, out, y, buf, top, bottom, wn, r, rw, ro, back, small, c64, one, bc};
  for (size_t i = 0; i < sizeof arr / sizeof arr[0]; i++) nd_release(arr[i]);
}

/* ---- frequencies and shifts ------------------------------------------------------------------ */

static void test_freq_shift(void **state) {
  (void)state;
  for (int64_t n = 1; n <= 9; n++) {
    nd_array *f = nd_fft_fftfreq(n, 0.5, ND_FLOAT64), *rf = nd_fft_rfftfreq(n, 0.5, ND_FLOAT32);
    assert_int_equal(nd_size(f), n);
    assert_int_equal(nd_size(rf), n / 2 + 1);
    assert_int_equal(nd_dtype_of(rf), ND_FLOAT32);
    for (int64_t i = 0; i < n; i++) {
      double v, want = (double)(i < (n - 1) / 2 + 1 ? i : i - n) / (n * 0.5);
      nd_get_double(f, &i, &v);
      assert_true(v == want);
      if (i <= n / 2) {
        nd_get_double(rf, &i, &v);
        assert_true(v == (float)((double)i / (n * 0.5)));
      }
    }
    nd_release(f);
    nd_release(rf);
  }
  TH_EXPECT_ERROR(nd_fft_fftfreq(0, 1, ND_FLOAT64), ND_ERR_VALUE, "fftfreq: n must be positive (got 0)");
  TH_EXPECT_ERROR(nd_fft_rfftfreq(4, 0, ND_FLOAT64), ND_ERR_VALUE, "rfftfreq: d must be nonzero");
  TH_EXPECT_ERROR(nd_fft_fftfreq(4, 1, ND_INT64), ND_ERR_TYPE, "fftfreq: dtype int64 is not a real floating");

  /* shifts: odd and even lengths, every layout, some axes, a repeated axis (twice) */
  for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
    nd_array *x = th_make(ND_INT32, ND_SHAPE(4, 5), (th_layout)L, 2);
    nd_array *s = nd_fft_fftshift(x, -1, NULL), *b = nd_fft_ifftshift(s, -1, NULL);
    th_assert_same_values(b, x);
    int64_t idx[2] = {0, 0};
    do {
      int64_t src[2] = {(idx[0] + 4 - 2) % 4, (idx[1] + 5 - 2) % 5};
      double v, w;
      th_get(s, idx, &v, NULL);
      th_get(x, src, &w, NULL);
      assert_true(v == w);
    } while (th_next(2, nd_shape(x), idx));
    int ax[2] = {1, -1};
    nd_array *twice = nd_fft_fftshift(x, 2, ax), *roll4 = nd_roll(x, 1, (int64_t[]){4}, 1, (int[]){1});
    th_assert_same_values(twice, roll4);
    nd_release(twice);
    nd_release(roll4);
    nd_release(x);
    nd_release(s);
    nd_release(b);
  }
  nd_array *x = nd_zeros(ND_FLOAT64, ND_SHAPE(3), ND_C);
  TH_EXPECT_ERROR(nd_fft_fftshift(x, 1, (int[]){1}), ND_ERR_INDEX, "fftshift: axis 1 is out of bounds");
  TH_EXPECT_ERROR(nd_fft_ifftshift(NULL, -1, NULL), ND_ERR_NULL, "ifftshift: argument x is NULL");
  nd_release(x);
}

/* ---- errors --------------------------------------------------------------------------------- */

static void test_errors(void **state) {
  (void)state;
  nd_array *x = th_make(ND_COMPLEX128, ND_SHAPE(3, 4), TH_C, 1);
  TH_EXPECT_ERROR(nd_fft_fft(NULL, 0, -1, ND_FFT_BACKWARD), ND_ERR_NULL, "fft: argument x is NULL");
  /* a NULL argument keeps an earlier error */
  nd_clear_error();
  nd_fft_fft(x, 0, 5, ND_FFT_BACKWARD);
  nd_fft_ifft(NULL, 0, -1, ND_FFT_BACKWARD);
  th_assert_error(ND_ERR_INDEX, "fft: axis 5 is out of bounds for array of dimension 2");
  nd_clear_error();
  TH_EXPECT_ERROR(nd_fft_fft(x, 0, -1, (nd_fft_norm)7), ND_ERR_VALUE, "fft: invalid norm 7");
  TH_EXPECT_ERROR(nd_fft_irfft(x, 0, -3, ND_FFT_BACKWARD), ND_ERR_INDEX, "irfft: axis -3 is out of bounds");
  TH_EXPECT_ERROR(nd_fft_rfft(x, 0, -1, ND_FFT_BACKWARD), ND_ERR_TYPE,
                  "rfft: complex input (complex128) is not accepted; use fft");
  TH_EXPECT_ERROR(nd_fft_ihfft(x, 0, -1, ND_FFT_BACKWARD), ND_ERR_TYPE, "ihfft: complex input");
  nd_array *one = nd_zeros(ND_COMPLEX128, ND_SHAPE(4, 1), ND_C);
  TH_EXPECT_ERROR(nd_fft_irfft(one, 0, -1, ND_FFT_BACKWARD), ND_ERR_VALUE,
                  "irfft: invalid number of data points (0) along axis 1");
  TH_EXPECT_ERROR(nd_fft_hfft(one, -5, -1, ND_FFT_BACKWARD), ND_ERR_VALUE, "hfft: invalid number of data points (0)");
  int rep[2] = {1, -1}, bad[2] = {0, 2}, ok2[2] = {0, 1};
  int64_t s1[1] = {4}, s0[2] = {3, 0};
  TH_EXPECT_ERROR(nd_fft_fftn(x, 2, rep, -1, NULL, ND_FFT_BACKWARD), ND_ERR_INDEX, "fftn: repeated axis -1 in axes");
  TH_EXPECT_ERROR(nd_fft_rfftn(one, 2, rep, -1, NULL, ND_FFT_BACKWARD), ND_ERR_TYPE, "rfftn: complex input");
  TH_EXPECT_ERROR(nd_fft_irfftn(x, 2, rep, -1, NULL, ND_FFT_BACKWARD), ND_ERR_INDEX, "irfftn: repeated axis");
  TH_EXPECT_ERROR(nd_fft_ifftn(x, 3, (int[]){0, 1, 0}, -1, NULL, ND_FFT_BACKWARD), ND_ERR_INDEX, "ifftn: repeated axis 0");
  TH_EXPECT_ERROR(nd_fft_fftn(x, 2, bad, -1, NULL, ND_FFT_BACKWARD), ND_ERR_INDEX,
                  "fftn: axis 2 is out of bounds for array of dimension 2");
  TH_EXPECT_ERROR(nd_fft_fftn(x, 2, ok2, 1, s1, ND_FFT_BACKWARD), ND_ERR_VALUE, "fftn: s has 1 entries but axes has 2");
  TH_EXPECT_ERROR(nd_fft_fftn(x, -1, NULL, 1, s1, ND_FFT_BACKWARD), ND_ERR_VALUE, "fftn: s has 1 entries but axes has 2");
  TH_EXPECT_ERROR(nd_fft_fftn(x, -2, ok2, -1, NULL, ND_FFT_BACKWARD), ND_ERR_VALUE, "fftn: invalid naxes -2");
  TH_EXPECT_ERROR(nd_fft_fftn(x, 2, NULL, -1, NULL, ND_FFT_BACKWARD), ND_ERR_NULL, "fftn: argument axes is NULL");
  TH_EXPECT_ERROR(nd_fft_fftn(x, 2, ok2, 2, NULL, ND_FFT_BACKWARD), ND_ERR_NULL, "fftn: argument s is NULL");
  nd_array *r = nd_zeros(ND_FLOAT64, ND_SHAPE(3, 4), ND_C);
  TH_EXPECT_ERROR(nd_fft_rfftn(r, 0, NULL, -1, NULL, ND_FFT_BACKWARD), ND_ERR_VALUE, "rfftn: no axes to transform");
  /* s[i] <= 0 takes the default (here 2*(4-1) along the last axis) */
  nd_array *d = nd_fft_irfftn(r, 2, ok2, 2, s0, ND_FFT_BACKWARD);
  th_assert_shape(d, 2, (int64_t[]){3, 6});
  nd_release(d);
  nd_array *e = nd_zeros(ND_FLOAT64, ND_SHAPE(3, 0), ND_C);
  TH_EXPECT_ERROR(nd_fft_rfftn(e, -1, NULL, -1, NULL, ND_FFT_BACKWARD), ND_ERR_VALUE,
                  "rfftn: invalid number of data points (0) along axis 1");
  nd_release(e);
  nd_release(r);
  nd_release(one);
  nd_release(x);
}

/* ---- plans and threads ------------------------------------------------------------------------ */

static nd_array *random_array(nd_dtype t, int ndim, const int64_t *shape, unsigned seed) {
  nd_array *a = nd_empty(t, ndim, shape, ND_C);
  int64_t idx[8] = {0};
  srand(seed);
  if (nd_size(a) > 0) do
      th_set(a, idx, rand() / (double)RAND_MAX - 0.5, rand() / (double)RAND_MAX - 0.5);
    while (th_next(ndim, shape, idx));
  return a;
}

typedef nd_array *(*job_fn)(const nd_array *x);
static nd_array *job_fft0(const nd_array *x) { return nd_fft_fft(x, 0, 0, ND_FFT_BACKWARD); }
static nd_array *job_fft1(const nd_array *x) { return nd_fft_ifft(x, 0, 1, ND_FFT_ORTHO); }
static nd_array *job_fftn(const nd_array *x) { return nd_fft_fftn(x, -1, NULL, -1, NULL, ND_FFT_BACKWARD); }
static nd_array *job_rfft0(const nd_array *x) { return nd_fft_rfft(x, 0, 0, ND_FFT_BACKWARD); }
static nd_array *job_irfftn(const nd_array *x) { return nd_fft_irfftn(x, -1, NULL, -1, NULL, ND_FFT_BACKWARD); }
static nd_array *job_long(const nd_array *x) { return nd_fft_fft(x, 0, -1, ND_FFT_BACKWARD); }

/* The same plans on 1 and 2 threads give bitwise the same results (threads take whole
 * blocks of lines; a long transform's split does not depend on the thread count). */
static void test_threads_same_results(void **state) {
  (void)state;
  nd_array *c = random_array(ND_COMPLEX128, 2, (int64_t[]){256, 300}, 1);
  nd_array *r = random_array(ND_FLOAT64, 2, (int64_t[]){300, 256}, 2);
  nd_array *f = random_array(ND_COMPLEX64, 2, (int64_t[]){130, 257}, 3);
  nd_array *l = random_array(ND_COMPLEX128, 1, (int64_t[]){262144}, 4);
  nd_array *ct = nd_transpose(c);
  struct { job_fn fn; const nd_array *x; } jobs[] = {
      {job_fft0, c}, {job_fft1, c}, {job_fftn, c}, {job_fft0, ct}, {job_rfft0, r},
      {job_irfftn, f}, {job_fftn, f}, {job_long, l}};
  for (int mode = 0; mode < 2; mode++) {
    /* ESTIMATE plans, then AUTO's measured ones (after two calls, its upgrade is done) */
    nd_fft_set_planner(mode ? ND_FFT_AUTO : ND_FFT_ESTIMATE);
    for (size_t j = 0; j < sizeof jobs / sizeof jobs[0]; j++) {
      nd_set_num_threads(2);
      nd_release(jobs[j].fn(jobs[j].x));
      nd_release(jobs[j].fn(jobs[j].x));
      nd_array *two = jobs[j].fn(jobs[j].x);
      nd_set_num_threads(1);
      nd_array *one = jobs[j].fn(jobs[j].x);
      assert_non_null(one);
      th_assert_same_values(one, two);
      nd_release(one);
      nd_release(two);
    }
  }
  nd_set_num_threads(0);
  nd_fft_set_planner(ND_FFT_AUTO);
  nd_release(c);
  nd_release(ct);
  nd_release(r);
  nd_release(f);
  nd_release(l);
}

static void test_plan_cache(void **state) {
  (void)state;
  nd_fft_forget_wisdom();
  nd_fft_cache_stats s0, s1;
  assert_int_equal(nd_fft_get_cache_stats(&s0), ND_OK);
  assert_int_equal(s0.plans, 0);
  nd_array *x = random_1d(ND_COMPLEX128, 16, 1);
  for (int i = 0; i < 10; i++) nd_release(nd_fft_fft(x, 0, -1, ND_FFT_BACKWARD));
  nd_fft_get_cache_stats(&s1);
  assert_true(s1.hits - s0.hits >= 9);
  assert_true(s1.misses - s0.misses >= 1);
  assert_true(s1.upgrades - s0.upgrades == 1); /* AUTO: measured once, on the second call */
  nd_release(x);

  /* bounded: two plans at most; results stay right while plans come and go */
  assert_int_equal(nd_fft_set_cache_limits(2, (int64_t)1 << 30), ND_OK);
  for (int64_t n = 20; n < 26; n++) {
    nd_array *y = random_1d(ND_COMPLEX128, n, (unsigned)n);
    check1(F_FFT, y, 0, -1, ND_FFT_BACKWARD, "small cache");
    nd_fft_get_cache_stats(&s1);
    assert_true(s1.plans <= 2);
    nd_release(y);
  }
  assert_true(s1.evictions > 0);
  assert_int_equal(nd_fft_set_cache_limits(100, 1), ND_OK); /* every plan is above 1 byte */
  nd_array *z = random_1d(ND_FLOAT32, 40, 2);
  check1(F_RFFT, z, 0, -1, ND_FFT_BACKWARD, "byte limit");
  nd_fft_get_cache_stats(&s1);
  assert_true(s1.plans <= 1);
  assert_int_equal(nd_fft_set_cache_limits(256, (int64_t)256 << 20), ND_OK);

  /* planner modes */
  nd_fft_planner modes[] = {ND_FFT_ESTIMATE, ND_FFT_MEASURE, ND_FFT_PATIENT, ND_FFT_AUTO};
  for (int m = 0; m < 4; m++) {
    assert_int_equal(nd_fft_set_planner(modes[m]), ND_OK);
    assert_int_equal(nd_fft_get_planner(), modes[m]);
    check1(F_RFFT, z, 60, -1, ND_FFT_ORTHO, "planner mode");
    nd_array *w = random_array(ND_COMPLEX128, 2, (int64_t[]){12, 30}, 5);
    checkn(N_FFTN, w, -1, NULL, -1, NULL, ND_FFT_BACKWARD, "planner mode");
    nd_release(w);
  }
  nd_release(z);
  TH_EXPECT_ERROR(nd_fft_set_planner((nd_fft_planner)9), ND_ERR_VALUE, "fft_set_planner: invalid planner mode 9");
  TH_EXPECT_ERROR(nd_fft_set_cache_limits(0, 10), ND_ERR_VALUE, "fft_set_cache_limits: limits must be positive");
  TH_EXPECT_ERROR(nd_fft_get_cache_stats(NULL), ND_ERR_NULL, "fft_get_cache_stats: argument stats is NULL");
  assert_int_equal(nd_fft_norm_from_name("ortho"), ND_FFT_ORTHO);
  assert_int_equal(nd_fft_norm_from_name(NULL), ND_FFT_BACKWARD);
  assert_int_equal(nd_fft_norm_from_name("forward"), ND_FFT_FORWARD);
  assert_int_equal(nd_fft_norm_from_name("Ortho"), -1);
  nd_fft_clear_plans();
  nd_fft_get_cache_stats(&s1);
  assert_int_equal(s1.plans, 0);
}

static void test_wisdom(void **state) {
  (void)state;
  nd_fft_forget_wisdom();
  nd_fft_set_planner(ND_FFT_MEASURE);
  nd_array *x = random_1d(ND_COMPLEX128, 48, 1), *x32 = nd_astype(x, ND_COMPLEX64);
  nd_release(nd_fft_fft(x, 0, -1, ND_FFT_BACKWARD));
  nd_release(nd_fft_fft(x32, 0, -1, ND_FFT_BACKWARD));
  const char *path = th_path(th_dir, "wisdom.txt");
  assert_int_equal(nd_fft_save_wisdom(path), ND_OK);
  size_t len;
  unsigned char *text = th_read_file(path, &len);
  assert_non_null(text);
  char *t = calloc(len + 1, 1);
  memcpy(t, text, len);
  assert_non_null(strstr(t, " fftw_wisdom"));
  assert_non_null(strstr(t, " fftwf_wisdom"));
  free(t);
  free(text);
  /* loaded wisdom gives measured plans at once: AUTO has nothing to upgrade */
  nd_fft_forget_wisdom();
  assert_int_equal(nd_fft_load_wisdom(path), ND_OK);
  nd_fft_set_planner(ND_FFT_AUTO);
  nd_fft_cache_stats s0, s1;
  nd_fft_get_cache_stats(&s0);
  for (int i = 0; i < 3; i++) check1(F_FFT, x, 0, -1, ND_FFT_BACKWARD, "wisdom");
  nd_fft_get_cache_stats(&s1);
  assert_int_equal(s1.upgrades, s0.upgrades);
  TH_EXPECT_ERROR(nd_fft_load_wisdom(th_path(th_dir, "missing.txt")), ND_ERR_IO, "fft_load_wisdom: cannot open");
  const char *junk = th_path(th_dir, "junk.txt");
  th_write_file(junk, "(fftw-3.3 fftw_wisdom (garbage", 31);
  TH_EXPECT_ERROR(nd_fft_load_wisdom(junk), ND_ERR_IO, "is not FFTW wisdom");
  th_write_file(junk, "hello", 5);
  TH_EXPECT_ERROR(nd_fft_load_wisdom(junk), ND_ERR_IO, "is not FFTW wisdom");
  TH_EXPECT_ERROR(nd_fft_save_wisdom(th_path(th_dir, "no/such/dir/w.txt")), ND_ERR_IO, "fft_save_wisdom: cannot write");
  TH_EXPECT_ERROR(nd_fft_load_wisdom(NULL), ND_ERR_NULL, "fft_load_wisdom: argument path is NULL");
  nd_release(x);
  nd_release(x32);
}

/* Several program threads transform at once (plans made, measured and evicted while
 * other threads run them). */
typedef struct worker_arg {
  int id;
  int failures;
} worker_arg;

static void *worker(void *p) {
  worker_arg *w = p;
  for (int it = 0; it < 12; it++) {
    int64_t n = 30 + (w->id * 7 + it) % 9;
    nd_array *x = random_array(ND_COMPLEX128, 2, (int64_t[]){40, n}, (unsigned)(w->id + it));
    nd_array *X = nd_fft_fft(x, 0, -1, ND_FFT_BACKWARD), *y = X ? nd_fft_ifft(X, 0, -1, ND_FFT_BACKWARD) : NULL;
    if (!y || max_abs_diff(x, y) > 1e-12) w->failures++;
    nd_release(x);
    nd_release(X);
    nd_release(y);
  }
  return NULL;
}

static void test_concurrent_callers(void **state) {
  (void)state;
  nd_fft_set_cache_limits(4, (int64_t)1 << 30);
  pthread_t th[4];
  worker_arg args[4];
  for (int i = 0; i < 4; i++) {
    args[i] = (worker_arg){.id = i};
    pthread_create(&th[i], NULL, worker, &args[i]);
  }
  for (int i = 0; i < 4; i++) {
    pthread_join(th[i], NULL);
    assert_int_equal(args[i].failures, 0);
  }
  nd_fft_set_cache_limits(256, (int64_t)256 << 20);
}

/* test_fft [PATTERN]: only the tests whose names match (cmocka's filter). */
int main(int argc, char **argv) {
  if (argc > 1) cmocka_set_test_filter(argv[1]);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sizes_against_dft),
      cmocka_unit_test(test_long_lengths),
      cmocka_unit_test(test_layouts_axes_norms),
      cmocka_unit_test(test_dtypes),
      cmocka_unit_test(test_zero_d_and_empty),
      cmocka_unit_test(test_nd_transforms),
      cmocka_unit_test(test_round_trips_parseval),
      cmocka_unit_test(test_out_forms),
      cmocka_unit_test(test_freq_shift),
      cmocka_unit_test(test_errors),
      cmocka_unit_test(test_threads_same_results),
      cmocka_unit_test(test_plan_cache),
      cmocka_unit_test(test_wisdom),
      cmocka_unit_test(test_concurrent_callers),
  };
  int rc = cmocka_run_group_tests(tests, th_dir_setup, th_dir_teardown);
  nd_fft_forget_wisdom(); /* frees the cached plans (for the leak checker) */
  return rc;
}
