/* Kernels for the statistics: the sum of squared deviations from a per-output mean (the
 * numerator of var and std, pairwise like sum), and the loops that finish mean, var and
 * std in place (divide by the count, take the square root).
 *
 * As NumPy: the deviation is x - mean in the input's (float or complex) dtype, its square
 * is d*d, or re*re + im*im for complex (the real part of d * conj(d)); the division is in
 * the result's dtype (a float32 variance divides in float32). */
#include <complex.h>
#include <math.h>

#include "core/dtype_list.h"
#include "pairwise.h"
#include "reduce.h"

#define SQDEV_REAL(S, T)                                                                   \
  static inline T sqdev_##S##_term(T x, const T *m) { T d = x - *m; return d * d; }       \
  static inline T sqdev_##S##_op(T a, T b) { return a + b; }                              \
  static inline T sqdev_##S##_id(void) { return 0; }                                      \
  NDI_PW_LOOPS(sqdev_##S, T, T)
#define SQDEV_COMPLEX(S, T, R, RE, IM)                                                     \
  static inline R sqdev_##S##_term(T x, const T *m) {                                     \
    R dr = RE(x) - RE(*m), di = IM(x) - IM(*m);                                           \
    return dr * dr + di * di;                                                             \
  }                                                                                        \
  static inline R sqdev_##S##_op(R a, R b) { return a + b; }                              \
  static inline R sqdev_##S##_id(void) { return 0; }                                      \
  NDI_PW_LOOPS(sqdev_##S, T, R)

SQDEV_REAL(f32, float)
SQDEV_REAL(f64, double)
SQDEV_COMPLEX(c64, float _Complex, float, crealf, cimagf)
SQDEV_COMPLEX(c128, double _Complex, double, creal, cimag)

#define SQ_ENTRY(E, S) [E] = {sqdev_##S##_row, sqdev_##S##_col, sqdev_##S##_combine, sqdev_##S##_init}
const ndi_reduce_kernel ndi_reduce_sqdev[ND_NUM_DTYPES] = {
    SQ_ENTRY(ND_FLOAT32, f32), SQ_ENTRY(ND_FLOAT64, f64), SQ_ENTRY(ND_COMPLEX64, c64),
    SQ_ENTRY(ND_COMPLEX128, c128)};

/* ---- finishing: x / d and sqrt(x / d) ----------------------------------------------
 * As NumPy's mean, var and std, which divide by an integer count (or a float64 one, less
 * the correction) that promotes the division to float64: float32 values are divided in
 * float64 and rounded once to float32 (the count itself may not be a float32 number);
 * complex values are divided as NumPy divides by a complex count n + 0i: both parts
 * times 1/n (a real part of inf with an imaginary part of NaN stays as NumPy gives it:
 * (a + b 0) / n, (b - a 0) / n). */

/* x = F(x / d) with the division in float64; F is sqrt for std, nothing for mean/var */
#define NO_ROOT(x) (x)
#define DIVIDE_REAL(NAME, T, F)                                                            \
  static void NAME(char *const *p, const int64_t *s, int64_t n, void *ctx) {              \
    const double d = *(const double *)ctx;                                                \
    char *x = p[0];                                                                        \
    for (int64_t i = 0; i < n; i++, x += s[0]) *(T *)x = F((T)((double)*(T *)x / d));     \
  }
DIVIDE_REAL(divide_f32, float, NO_ROOT)
DIVIDE_REAL(divide_f64, double, NO_ROOT)
DIVIDE_REAL(divide_sqrt_f32, float, sqrtf)
DIVIDE_REAL(divide_sqrt_f64, double, sqrt)

#define DIVIDE_COMPLEX(S, R)                                                               \
  static void divide_##S(char *const *p, const int64_t *s, int64_t n, void *ctx) {        \
    const double scale = 1.0 / *(const double *)ctx;                                      \
    char *x = p[0];                                                                        \
    for (int64_t i = 0; i < n; i++, x += s[0]) {                                           \
      R *z = (R *)x;                                                                       \
      double re = z[0], im = z[1];                                                         \
      z[0] = (R)((re + im * 0.0) * scale);                                                 \
      z[1] = (R)((im - re * 0.0) * scale);                                                 \
    }                                                                                      \
  }
DIVIDE_COMPLEX(c64, float)
DIVIDE_COMPLEX(c128, double)

const ndi_loop_fn ndi_reduce_divide[ND_NUM_DTYPES] = {
    [ND_FLOAT32] = divide_f32, [ND_FLOAT64] = divide_f64, [ND_COMPLEX64] = divide_c64,
    [ND_COMPLEX128] = divide_c128};
const ndi_loop_fn ndi_reduce_divide_sqrt[ND_NUM_DTYPES] = {[ND_FLOAT32] = divide_sqrt_f32,
                                                           [ND_FLOAT64] = divide_sqrt_f64};
