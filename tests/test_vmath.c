/* nd's own transcendental kernels (src/kernels/vmath_*.h) give the same bits on every
 * instruction-set path this CPU can run (AVX-512, AVX2 with FMA, plain C), for float64
 * and float32, on random bit patterns (every exponent, subnormals, infinities, NaN),
 * typical ranges and the hard regions, at every length (the padded last vector). NaN
 * results must be NaN on every path; their sign and payload may differ. */
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

static void test_paths_agree(void **state) {
  (void)state;
  const int best = ndi_vmath_level();
  double *x = malloc(N * sizeof *x), *y0 = malloc(N * sizeof *y0), *y = malloc(N * sizeof *y);
  float *xf = malloc(N * sizeof *xf), *yf0 = malloc(N * sizeof *yf0), *yf = malloc(N * sizeof *yf);
  fill(x);
  for (int i = 0; i < N; i++) xf[i] = (float)x[i];
  for (int k = 0; k < nfns; k++) {
    ndi_vmath_force_level(-1);
    fns[k].f64(y0, x, N);
    fns[k].f32(yf0, xf, N);
    for (int level = best - 1; level >= 0; level--) {
      ndi_vmath_force_level(level);
      fns[k].f64(y, x, N);
      fns[k].f32(yf, xf, N);
      for (int i = 0; i < N; i++) {
        if (!same64(y[i], y0[i]))
          fail_msg("%s(float64) at level %d against %d: x = %a: %a against %a", fns[k].name, level,
                   best, x[i], y[i], y0[i]);
        if (!same32(yf[i], yf0[i]))
          fail_msg("%s(float32) at level %d against %d: x = %a: %a against %a", fns[k].name, level,
                   best, (double)xf[i], (double)yf[i], (double)yf0[i]);
      }
    }
  }
  ndi_vmath_force_level(-1);
  free(x), free(y0), free(y), free(xf), free(yf0), free(yf);
}

/* Every length from 0 to 40 and every start gives each element the value it has in a long
 * run (the padded last vector computes the same as a full one). */
static void test_lengths(void **state) {
  (void)state;
  double x[64], y[64], ref[64];
  float xf[64], yf[64], reff[64];
  for (int i = 0; i < 64; i++) {
    x[i] = -3.1 + 0.137 * i;
    xf[i] = (float)x[i];
  }
  for (int k = 0; k < nfns; k++) {
    fns[k].f64(ref, x, 64);
    fns[k].f32(reff, xf, 64);
    for (int start = 0; start < 9; start++) {
      for (int n = 0; start + n <= 48; n++) {
        memset(y, 0xff, sizeof y);
        memset(yf, 0xff, sizeof yf);
        fns[k].f64(y + start, x + start, n);
        fns[k].f32(yf + start, xf + start, n);
        for (int i = 0; i < 64; i++) {
          int inside = i >= start && i < start + n;
          uint64_t yb;
          uint32_t fb;
          memcpy(&yb, &y[i], sizeof yb);
          memcpy(&fb, &yf[i], sizeof fb);
          if (inside ? !same64(y[i], ref[i]) : yb != ~0ull)
            fail_msg("%s(float64) start %d n %d: element %d", fns[k].name, start, n, i);
          if (inside ? !same32(yf[i], reff[i]) : fb != ~0u)
            fail_msg("%s(float32) start %d n %d: element %d", fns[k].name, start, n, i);
        }
      }
    }
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_paths_agree),
      cmocka_unit_test(test_lengths),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
