/* Transcendental functions and sqrt: the tables for float32/float64 (vector math, dense
 * chunks: the frontend runs these with NDI_EW_CONTIGUOUS) and complex (ew_cmath.c), and the
 * real binary functions atan2, hypot and logaddexp (libm per element). */
#include "ew.h"
#include "ew_cmath.h"
#include "ew_loops.h"
#include "vmath.h"

/* Dense real loops over vector math. */
#define VM_LOOPS(F)                                                                      \
  static void F##_f64(char *const *p, const int64_t *s, int64_t n, void *ctx) {         \
    (void)s, (void)ctx;                                                                 \
    ndi_vm_##F##_f64((double *)p[0], (const double *)p[1], n);                          \
  }                                                                                     \
  static void F##_f32(char *const *p, const int64_t *s, int64_t n, void *ctx) {         \
    (void)s, (void)ctx;                                                                 \
    ndi_vm_##F##_f32((float *)p[0], (const float *)p[1], n);                            \
  }                                                                                     \
  const ndi_loop_fn ndi_k_##F[ND_NUM_DTYPES] = {[ND_FLOAT32] = F##_f32,                  \
                                                [ND_FLOAT64] = F##_f64,                  \
                                                [ND_COMPLEX64] = ndi_kc_##F##_c64,       \
                                                [ND_COMPLEX128] = ndi_kc_##F##_c128};
NDI_VMATH_FUNCS(VM_LOOPS)

/* sqrt is correctly rounded in hardware and vectorises as it is. */
static inline float sqrt_el_f32(float a) { return sqrtf(a); }
static inline double sqrt_el_f64(double a) { return sqrt(a); }
NDI_LOOP1(sqrt_f32, float, float, sqrt_el_f32)
NDI_LOOP1(sqrt_f64, double, double, sqrt_el_f64)
const ndi_loop_fn ndi_k_sqrt[ND_NUM_DTYPES] = {[ND_FLOAT32] = sqrt_f32,
                                               [ND_FLOAT64] = sqrt_f64,
                                               [ND_COMPLEX64] = ndi_kc_sqrt_c64,
                                               [ND_COMPLEX128] = ndi_kc_sqrt_c128};

/* logaddexp(a, b) = log(exp(a) + exp(b)) without overflow: the larger plus
 * log1p(exp(-|a - b|)); equal arguments (infinities included) give a + log(2). */
#define LOGADDEXP(S, T)                                                        \
  static inline T logaddexp_el_##S(T a, T b) {                                 \
    if (a == b) return a + (T)M_LN2;                                           \
    T d = a - b;                                                               \
    if (d > 0) return a + NDI_M(S, log1p)(NDI_M(S, exp)(-d));                  \
    if (d <= 0) return b + NDI_M(S, log1p)(NDI_M(S, exp)(d));                  \
    return d; /* NaN */                                                        \
  }
#define DEF_REAL2(S, T)                                                                  \
  LOGADDEXP(S, T)                                                                        \
  static inline T atan2_el_##S(T a, T b) { return NDI_M(S, atan2)(a, b); }               \
  static inline T hypot_el_##S(T a, T b) { return NDI_M(S, hypot)(a, b); }               \
  NDI_LOOP2_PLAIN(atan2_##S, T, T, T, atan2_el_##S)                                      \
  NDI_LOOP2_PLAIN(hypot_##S, T, T, T, hypot_el_##S)                                      \
  NDI_LOOP2_PLAIN(logaddexp_##S, T, T, T, logaddexp_el_##S)
DEF_REAL2(f32, float)
DEF_REAL2(f64, double)
const ndi_loop_fn ndi_k_atan2[ND_NUM_DTYPES] = {[ND_FLOAT32] = atan2_f32, [ND_FLOAT64] = atan2_f64};
const ndi_loop_fn ndi_k_hypot[ND_NUM_DTYPES] = {[ND_FLOAT32] = hypot_f32, [ND_FLOAT64] = hypot_f64};
const ndi_loop_fn ndi_k_logaddexp[ND_NUM_DTYPES] = {[ND_FLOAT32] = logaddexp_f32,
                                                    [ND_FLOAT64] = logaddexp_f64};
