/* nd's own transcendental kernels (src/kernels/vmath_*.h) give the same bits on every
 * instruction-set path this CPU can run (AVX-512, AVX2 with FMA, plain C), for float64
 * and float32, one- and two-argument functions and the complex ones (complex128 and
 * complex64), on random bit patterns (every exponent,
 * subnormals, infinities, NaN), typical ranges and the hard regions, at every length (the
 * padded last vector). NaN results must be NaN on every path; their sign and payload may
 * differ. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "kernels/vmath.h"

typedef void (*vm_f64)(double *, const double *, int64_t);
typedef void (*vm_f32)(float *, const float *, int64_t);
typedef struct {
  const char *name;
  vm_f64 f64;
  vm_f32 f32;
} vm_fn;

#define VM_ENTRY(F) {#F, ndi_vm_##F##_f64, ndi_vm_##F##_f32},
static const vm_fn fns[] = {NDI_VMATH_FUNCS(VM_ENTRY)};
static const int nfns = sizeof fns / sizeof fns[0];

/* the two-argument functions, run with b a reordering of a */
typedef void (*vm2_f64)(double *, const double *, const double *, int64_t);
typedef void (*vm2_f32)(float *, const float *, const float *, int64_t);
typedef struct {
  const char *name;
  vm2_f64 f64;
  vm2_f32 f32;
} vm_fn2;
static const vm_fn2 fns2[] = {NDI_VMATH_FUNCS2(VM_ENTRY)};
static const int nfns2 = sizeof fns2 / sizeof fns2[0];

#define N 6007 /* not a multiple of any vector width */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t next_u64(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}

/* inputs: a third random bit patterns, a third in [-8, 8], a third log-uniform over
 * [1e-300, 1e300] with both signs, and the special values */
static void fill(double *x) {
  static const double sp[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 1.0, -1.0, 0.5,
                              5e-324, -5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
                              709.782712893384, -745.1332191019411, 710.5, 19.1, 1e300};
  const int nsp = sizeof sp / sizeof sp[0];
  for (int i = 0; i < N; i++) {
    uint64_t u = next_u64();
    double v;
    if (i < nsp) v = sp[i];
    else if (i % 3 == 0) memcpy(&v, &u, sizeof v);
    else if (i % 3 == 1) v = -8 + 16 * (double)(u >> 11) * 0x1p-53;
    else v = ((u & 1) ? -1 : 1) * exp(-690.8 + 1381.6 * (double)(u >> 11) * 0x1p-53);
    x[i] = v;
  }
}

static int same64(double a, double b) { return (isnan(a) && isnan(b)) || !memcmp(&a, &b, sizeof a); }
static int same32(float a, float b) { return (isnan(a) && isnan(b)) || !memcmp(&a, &b, sizeof a); }

/* Runs function k of the unary list on x, or k - nfns of the two-argument one on (x, b). */
static void run64(int k, double *y, const double *x, const double *b, int64_t n) {
  if (k < nfns) fns[k].f64(y, x, n);
  else fns2[k - nfns].f64(y, x, b, n);
}
static void run32(int k, float *y, const float *x, const float *b, int64_t n) {
  if (k < nfns) fns[k].f32(y, x, n);
  else fns2[k - nfns].f32(y, x, b, n);
}
static const char *name_of(int k) { return k < nfns ? fns[k].name : fns2[k - nfns].name; }

static void test_paths_agree(void **state) {
  (void)state;
  const int best = ndi_vmath_level();
  double *x = malloc(N * sizeof *x), *b = malloc(N * sizeof *b);
  double *y0 = malloc(N * sizeof *y0), *y = malloc(N * sizeof *y);
  float *xf = malloc(N * sizeof *xf), *bf = malloc(N * sizeof *bf);
  float *yf0 = malloc(N * sizeof *yf0), *yf = malloc(N * sizeof *yf);
  fill(x);
  for (int i = 0; i < N; i++) {
    b[i] = x[N - 1 - i]; /* the second operand of the two-argument functions */
    xf[i] = (float)x[i];
    bf[i] = (float)b[i];
  }
  for (int k = 0; k < nfns + nfns2; k++) {
    ndi_vmath_force_level(-1);
    run64(k, y0, x, b, N);
    run32(k, yf0, xf, bf, N);
    for (int level = best - 1; level >= 0; level--) {
      ndi_vmath_force_level(level);
      run64(k, y, x, b, N);
      run32(k, yf, xf, bf, N);
      for (int i = 0; i < N; i++) {
        if (!same64(y[i], y0[i]))
          fail_msg("%s(float64) at level %d against %d: x = %a: %a against %a", name_of(k), level,
                   best, x[i], y[i], y0[i]);
        if (!same32(yf[i], yf0[i]))
          fail_msg("%s(float32) at level %d against %d: x = %a: %a against %a", name_of(k), level,
                   best, (double)xf[i], (double)yf[i], (double)yf0[i]);
      }
    }
  }
  ndi_vmath_force_level(-1);
  free(x), free(b), free(y0), free(y), free(xf), free(bf), free(yf0), free(yf);
}

/* The complex kernels (finite inputs: the loops give the others to C99's functions) agree
 * on every path too, both parts, complex128 and complex64. */
typedef void (*vmc_c128)(double *, const double *, int64_t);
typedef void (*vmc_c64)(float *, const float *, int64_t);
typedef struct {
  const char *name;
  vmc_c128 c128;
  vmc_c64 c64;
} vm_cfn;
#define VM_CENTRY(F) {#F, ndi_vmc_##F##_c128, ndi_vmc_##F##_c64},
static const vm_cfn cfns[] = {NDI_VMATH_CFUNCS(VM_CENTRY)};

static void test_complex_paths_agree(void **state) {
  (void)state;
  const int best = ndi_vmath_level();
  double *x = malloc(2 * N * sizeof *x), *y0 = malloc(2 * N * sizeof *y0), *y = malloc(2 * N * sizeof *y);
  float *xf = malloc(2 * N * sizeof *xf), *yf0 = malloc(2 * N * sizeof *yf0), *yf = malloc(2 * N * sizeof *yf);
  fill(x);
  fill(x + N);
  for (int i = 0; i < 2 * N; i++) {
    if (!isfinite(x[i])) x[i] = 0.5;
    xf[i] = (float)x[i];
    if (!isfinite(xf[i])) xf[i] = 2.0f;
  }
  for (size_t k = 0; k < sizeof cfns / sizeof cfns[0]; k++) {
    ndi_vmath_force_level(-1);
    cfns[k].c128(y0, x, N);
    cfns[k].c64(yf0, xf, N);
    for (int level = best - 1; level >= 0; level--) {
      ndi_vmath_force_level(level);
      cfns[k].c128(y, x, N);
      cfns[k].c64(yf, xf, N);
      for (int i = 0; i < 2 * N; i++) {
        if (!same64(y[i], y0[i]))
          fail_msg("%s(complex128) at level %d against %d: z = (%a, %a): part %d %a against %a",
                   cfns[k].name, level, best, x[i & ~1], x[i | 1], i & 1, y[i], y0[i]);
        if (!same32(yf[i], yf0[i]))
          fail_msg("%s(complex64) at level %d against %d: z = (%a, %a): part %d %a against %a",
                   cfns[k].name, level, best, (double)xf[i & ~1], (double)xf[i | 1], i & 1,
                   (double)yf[i], (double)yf0[i]);
      }
    }
  }
  ndi_vmath_force_level(-1);
  free(x), free(y0), free(y), free(xf), free(yf0), free(yf);
}

/* Every length up to 48 and every start gives each element the value it has in a long
 * run (the padded last vector computes the same as a full one). */
static void test_lengths(void **state) {
  (void)state;
  double x[64], y[64], ref[64], b[64];
  float xf[64], yf[64], reff[64], bf[64];
  for (int i = 0; i < 64; i++) {
    x[i] = -3.1 + 0.137 * i;
    xf[i] = (float)x[i];
    b[i] = 0.5 + 0.03 * i;
    bf[i] = (float)b[i];
  }
  for (int k = 0; k < nfns + nfns2; k++) {
    run64(k, ref, x, b, 64);
    run32(k, reff, xf, bf, 64);
    for (int start = 0; start < 9; start++) {
      for (int n = 0; start + n <= 48; n++) {
        memset(y, 0xff, sizeof y);
        memset(yf, 0xff, sizeof yf);
        run64(k, y + start, x + start, b + start, n);
        run32(k, yf + start, xf + start, bf + start, n);
        for (int i = 0; i < 64; i++) {
          int inside = i >= start && i < start + n;
          uint64_t yb;
          uint32_t fb;
          memcpy(&yb, &y[i], sizeof yb);
          memcpy(&fb, &yf[i], sizeof fb);
          if (inside ? !same64(y[i], ref[i]) : yb != ~0ull)
            fail_msg("%s(float64) start %d n %d: element %d", name_of(k), start, n, i);
          if (inside ? !same32(yf[i], reff[i]) : fb != ~0u)
            fail_msg("%s(float32) start %d n %d: element %d", name_of(k), start, n, i);
        }
      }
    }
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_paths_agree),
      cmocka_unit_test(test_complex_paths_agree),
      cmocka_unit_test(test_lengths),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
