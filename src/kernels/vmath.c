/* libmvec bindings with run-time selection (see vmath.h). The vector functions take and
 * return vector registers (the x86-64 vector function ABI: _ZGV<isa>N<lanes>v_<name>),
 * so each instruction set's part is compiled for that set only. */
#include "vmath.h"

#include <math.h>

#include "core/cpu.h"

#if defined(ND_HAVE_LIBMVEC) && defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define NDI_VM_X86 1
#include "vmath_avx512.h"
#endif

#ifdef NDI_VM_X86

/* Each part carries its instruction set as a function attribute (not a pragma region) so
 * that GCC and clang both compile it; the libmvec declarations carry it too, because the
 * vector argument's calling convention depends on it. */
#define VM_AVX512 __attribute__((target("avx512f")))
#define VM_AVX2 __attribute__((target("avx2")))

/* ---- AVX-512: 8 doubles, 16 floats; the tail through a masked load and store ---------- */
/* the 8-double routine: libmvec's, or nd's own (ndi_v<name>8) */
#define VM_E8_MVEC(F) _ZGVeN8v_##F
#define VM_E8_ND(F) ndi_v##F##8
#define VM_E(F, E)                                                                         \
  VM_AVX512 __m512d _ZGVeN8v_##F(__m512d);                                                \
  VM_AVX512 __m512 _ZGVeN16v_##F##f(__m512);                                              \
  VM_AVX512 static void F##_f64_e(double *y, const double *x, int64_t n) {                          \
    int64_t i = 0;                                                                        \
    for (; i + 8 <= n; i += 8) _mm512_storeu_pd(y + i, VM_E8_##E(F)(_mm512_loadu_pd(x + i))); \
    if (i == n) return;                                                                   \
    __mmask8 m = (__mmask8)((1u << (n - i)) - 1);                                         \
    _mm512_mask_storeu_pd(y + i, m, VM_E8_##E(F)(_mm512_maskz_loadu_pd(m, x + i)));       \
  }                                                                                       \
  VM_AVX512 static void F##_f32_e(float *y, const float *x, int64_t n) {                            \
    int64_t i = 0;                                                                        \
    for (; i + 16 <= n; i += 16)                                                          \
      _mm512_storeu_ps(y + i, _ZGVeN16v_##F##f(_mm512_loadu_ps(x + i)));                  \
    if (i == n) return;                                                                   \
    __mmask16 m = (__mmask16)((1u << (n - i)) - 1);                                       \
    _mm512_mask_storeu_ps(y + i, m, _ZGVeN16v_##F##f(_mm512_maskz_loadu_ps(m, x + i)));   \
  }
NDI_VMATH_FUNCS(VM_E)

/* ---- AVX2: 4 doubles, 8 floats; the tail through a zero-padded buffer --------------------- */
#define VM_D(F, E)                                                                          \
  VM_AVX2 __m256d _ZGVdN4v_##F(__m256d);                                                  \
  VM_AVX2 __m256 _ZGVdN8v_##F##f(__m256);                                                 \
  VM_AVX2 static void F##_f64_d(double *y, const double *x, int64_t n) {                          \
    int64_t i = 0;                                                                        \
    for (; i + 4 <= n; i += 4) _mm256_storeu_pd(y + i, _ZGVdN4v_##F(_mm256_loadu_pd(x + i))); \
    if (i == n) return;                                                                   \
    double t[4] = {0};                                                                    \
    for (int64_t k = i; k < n; k++) t[k - i] = x[k];                                      \
    _mm256_storeu_pd(t, _ZGVdN4v_##F(_mm256_loadu_pd(t)));                                \
    for (int64_t k = i; k < n; k++) y[k] = t[k - i];                                      \
  }                                                                                       \
  VM_AVX2 static void F##_f32_d(float *y, const float *x, int64_t n) {                            \
    int64_t i = 0;                                                                        \
    for (; i + 8 <= n; i += 8) _mm256_storeu_ps(y + i, _ZGVdN8v_##F##f(_mm256_loadu_ps(x + i))); \
    if (i == n) return;                                                                   \
    float t[8] = {0};                                                                     \
    for (int64_t k = i; k < n; k++) t[k - i] = x[k];                                      \
    _mm256_storeu_ps(t, _ZGVdN8v_##F##f(_mm256_loadu_ps(t)));                             \
    for (int64_t k = i; k < n; k++) y[k] = t[k - i];                                      \
  }
NDI_VMATH_FUNCS(VM_D)

/* ---- SSE (part of x86-64): 2 doubles, 4 floats -------------------------------------------- */
#define VM_B(F, E)                                                                          \
  __m128d _ZGVbN2v_##F(__m128d);                                                          \
  __m128 _ZGVbN4v_##F##f(__m128);                                                         \
  static void F##_f64_b(double *y, const double *x, int64_t n) {                          \
    int64_t i = 0;                                                                        \
    for (; i + 2 <= n; i += 2) _mm_storeu_pd(y + i, _ZGVbN2v_##F(_mm_loadu_pd(x + i)));   \
    if (i == n) return;                                                                   \
    double t[2] = {x[i], 0};                                                              \
    _mm_storeu_pd(t, _ZGVbN2v_##F(_mm_loadu_pd(t)));                                      \
    y[i] = t[0];                                                                          \
  }                                                                                       \
  static void F##_f32_b(float *y, const float *x, int64_t n) {                            \
    int64_t i = 0;                                                                        \
    for (; i + 4 <= n; i += 4) _mm_storeu_ps(y + i, _ZGVbN4v_##F##f(_mm_loadu_ps(x + i))); \
    if (i == n) return;                                                                   \
    float t[4] = {0};                                                                     \
    for (int64_t k = i; k < n; k++) t[k - i] = x[k];                                      \
    _mm_storeu_ps(t, _ZGVbN4v_##F##f(_mm_loadu_ps(t)));                                   \
    for (int64_t k = i; k < n; k++) y[k] = t[k - i];                                      \
  }
NDI_VMATH_FUNCS(VM_B)

#endif

/* The CPU's level where libmvec's vector routines are linked, else 0 (scalar libm). */
int ndi_vmath_level(void) {
#ifdef NDI_VM_X86
  return ndi_cpu_level();
#else
  return 0;
#endif
}

int ndi_vmath_force_level(int level) {
  ndi_cpu_force_level(level);
  return ndi_vmath_level();
}

/* ---- the entry points ------------------------------------------------------------------- */

#ifdef NDI_VM_X86
#define VM_PICK(F, SFX, Y, X, N)           \
  switch (ndi_vmath_level()) {             \
    case 3: F##_##SFX##_e(Y, X, N); return; \
    case 2: F##_##SFX##_d(Y, X, N); return; \
    case 1: F##_##SFX##_b(Y, X, N); return; \
    default: break;                        \
  }
#else
#define VM_PICK(F, SFX, Y, X, N)
#endif

#define VM_ENTRY(F, E)                                                 \
  void ndi_vm_##F##_f64(double *y, const double *x, int64_t n) {     \
    VM_PICK(F, f64, y, x, n)                                         \
    for (int64_t i = 0; i < n; i++) y[i] = F(x[i]);                  \
  }                                                                  \
  void ndi_vm_##F##_f32(float *y, const float *x, int64_t n) {       \
    VM_PICK(F, f32, y, x, n)                                         \
    for (int64_t i = 0; i < n; i++) y[i] = F##f(x[i]);               \
  }
NDI_VMATH_FUNCS(VM_ENTRY)
