/* Transcendental functions and sqrt: the tables for float32/float64 (vector math, dense
 * chunks: the frontend runs these with NDI_EW_CONTIGUOUS) and complex (ew_cmath.c), and the
 * real two-argument functions atan2, hypot and logaddexp (vector math over any strides). */
#include <string.h>

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

/* The two-argument functions of vector math (atan2, hypot, logaddexp here, pow for
 * ew_divmod.c's table), over any strides: dense operands go straight to the vector loop;
 * otherwise blocks are gathered into buffers (a stride of 0 repeats one value), computed
 * and scattered. */
#define VM_BLOCK 256

typedef struct {
  void (*f64)(double *, const double *, const double *, int64_t);
  void (*f32)(float *, const float *, const float *, int64_t);
} vm2_fns;

static void vm2_loop(const vm2_fns *fn, size_t z, char *const *p, const int64_t *s,
                     int64_t n) {
  if (s[0] == (int64_t)z && s[1] == (int64_t)z && s[2] == (int64_t)z) {
    if (z == sizeof(double)) fn->f64((double *)p[0], (const double *)p[1], (const double *)p[2], n);
    else fn->f32((float *)p[0], (const float *)p[1], (const float *)p[2], n);
    return;
  }
  _Alignas(64) char a[VM_BLOCK * sizeof(double)], b[sizeof a], y[sizeof a];
  for (int64_t i = 0; i < n; i += VM_BLOCK) {
    int64_t m = n - i < VM_BLOCK ? n - i : VM_BLOCK;
    for (int64_t k = 0; k < m; k++) {
      memcpy(a + k * z, p[1] + (i + k) * s[1], z);
      memcpy(b + k * z, p[2] + (i + k) * s[2], z);
    }
    if (z == sizeof(double)) fn->f64((double *)y, (const double *)a, (const double *)b, m);
    else fn->f32((float *)y, (const float *)a, (const float *)b, m);
    for (int64_t k = 0; k < m; k++) memcpy(p[0] + (i + k) * s[0], y + k * z, z);
  }
}

#define VM2_LOOPS(F)                                                                      \
  static const vm2_fns F##_fns = {ndi_vm_##F##_f64, ndi_vm_##F##_f32};                      \
  void ndi_kr_##F##_f64(char *const *p, const int64_t *s, int64_t n, void *ctx) {          \
    (void)ctx;                                                                             \
    vm2_loop(&F##_fns, sizeof(double), p, s, n);                                           \
  }                                                                                        \
  void ndi_kr_##F##_f32(char *const *p, const int64_t *s, int64_t n, void *ctx) {          \
    (void)ctx;                                                                             \
    vm2_loop(&F##_fns, sizeof(float), p, s, n);                                            \
  }
NDI_VMATH_FUNCS2(VM2_LOOPS)
const ndi_loop_fn ndi_k_atan2[ND_NUM_DTYPES] = {[ND_FLOAT32] = ndi_kr_atan2_f32,
                                                [ND_FLOAT64] = ndi_kr_atan2_f64};
const ndi_loop_fn ndi_k_hypot[ND_NUM_DTYPES] = {[ND_FLOAT32] = ndi_kr_hypot_f32,
                                                [ND_FLOAT64] = ndi_kr_hypot_f64};
const ndi_loop_fn ndi_k_logaddexp[ND_NUM_DTYPES] = {[ND_FLOAT32] = ndi_kr_logaddexp_f32,
                                                    [ND_FLOAT64] = ndi_kr_logaddexp_f64};
