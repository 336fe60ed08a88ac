/* The entry points of vector math (see vmath.h): nd's own kernels per instruction set,
 * and libmvec bindings for the functions still on libmvec. The libmvec functions take and
 * return vector registers (the x86-64 vector function ABI: _ZGV<isa>N<lanes>v_<name>),
 * so each instruction set's part is compiled for that set only. */
#include "vmath.h"

#include <math.h>

#include "core/cpu.h"

#if defined(__x86_64__) && defined(__GNUC__)
#define NDI_VM_X86 1
#endif
#if defined(ND_HAVE_LIBMVEC) && defined(NDI_VM_X86)
#include <immintrin.h>
#define NDI_VM_MVEC 1
#endif

#ifdef NDI_VM_MVEC

/* Each part carries its instruction set as a function attribute (not a pragma region) so
 * that GCC and clang both compile it; the libmvec declarations carry it too, because the
 * vector argument's calling convention depends on it. */
#define VM_AVX512 __attribute__((target("avx512f")))
#define VM_AVX2 __attribute__((target("avx2")))

/* ---- AVX-512: 8 doubles, 16 floats; the tail through a masked load and store ---------- */
#define VM_E_ND(F)
#define VM_E(F, E) VM_E_##E(F)
#define VM_E_MVEC(F)                                                                       \
  VM_AVX512 __m512d _ZGVeN8v_##F(__m512d);                                                \
  VM_AVX512 __m512 _ZGVeN16v_##F##f(__m512);                                              \
  VM_AVX512 static void F##_f64_e(double *y, const double *x, int64_t n) {                          \
    int64_t i = 0;                                                                        \
    for (; i + 8 <= n; i += 8) _mm512_storeu_pd(y + i, _ZGVeN8v_##F(_mm512_loadu_pd(x + i))); \
    if (i == n) return;                                                                   \
    __mmask8 m = (__mmask8)((1u << (n - i)) - 1);                                         \
    _mm512_mask_storeu_pd(y + i, m, _ZGVeN8v_##F(_mm512_maskz_loadu_pd(m, x + i)));       \
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
#define VM_D_ND(F)
#define VM_D(F, E) VM_D_##E(F)
#define VM_D_MVEC(F)                                                                        \
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
#define VM_B_ND(F)
#define VM_B(F, E) VM_B_##E(F)
#define VM_B_MVEC(F)                                                                        \
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

/* The CPU's level, capped at 1 (SSE) where AVX2 comes without FMA; 0 off x86-64. */
int ndi_vmath_level(void) {
#ifdef NDI_VM_X86
  static int fma = -1;
  if (fma < 0) {
    __builtin_cpu_init();
    fma = __builtin_cpu_supports("fma") != 0;
  }
  int level = ndi_cpu_level();
  return level >= 2 && !fma ? 1 : level;
#else
  return 0;
#endif
}

int ndi_vmath_force_level(int level) {
  ndi_cpu_force_level(level);
  return ndi_vmath_level();
}

/* ---- the entry points ------------------------------------------------------------------- */

#ifdef NDI_VM_MVEC
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

#define VM_ENTRY_MVEC(F)                                               \
  void ndi_vm_##F##_f64(double *y, const double *x, int64_t n) {     \
    VM_PICK(F, f64, y, x, n)                                         \
    for (int64_t i = 0; i < n; i++) y[i] = F(x[i]);                  \
  }                                                                  \
  void ndi_vm_##F##_f32(float *y, const float *x, int64_t n) {       \
    VM_PICK(F, f32, y, x, n)                                         \
    for (int64_t i = 0; i < n; i++) y[i] = F##f(x[i]);               \
  }

/* nd's own: AVX-512, AVX2 with FMA, else the scalar code */
#ifdef NDI_VM_X86
#define VM_PICK_ND(F, T, Y, X, N)                        \
  switch (ndi_vmath_level()) {                           \
    case 3: ndi_vm_##F##_##T##_avx512(Y, X, N); return;  \
    case 2: ndi_vm_##F##_##T##_avx2(Y, X, N); return;    \
    default: break;                                      \
  }
#else
#define VM_PICK_ND(F, T, Y, X, N)
#endif
#define VM_ENTRY_ND(F)                                               \
  void ndi_vm_##F##_f64(double *y, const double *x, int64_t n) {   \
    VM_PICK_ND(F, f64, y, x, n)                                    \
    ndi_vm_##F##_f64_scalar(y, x, n);                              \
  }                                                                \
  void ndi_vm_##F##_f32(float *y, const float *x, int64_t n) {     \
    VM_PICK_ND(F, f32, y, x, n)                                    \
    ndi_vm_##F##_f32_scalar(y, x, n);                              \
  }
#define VM_ENTRY(F, E) VM_ENTRY_##E(F)
NDI_VMATH_FUNCS(VM_ENTRY)
