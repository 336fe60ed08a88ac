/* Sums of strided vectors for traces and norms. Floats use NumPy's pairwise summation
 * (blocks of up to 128 values summed with 8 accumulators, halves summed recursively), so
 * a trace of a float matrix has NumPy's bits; integers accumulate in 64 bits (wrapping)
 * and bool counts, as NumPy's sum does with its default dtypes; float16 and bfloat16 sum
 * in float32 and round once (NumPy's float16 sum). */
#include "core/dtype_list.h"
#include "core/half.h"
#include "la_kernels.h"

#define PW_BLOCK 128

/* Pairwise sum of n values of type T (at byte stride s, each read as LD(v)) in
 * accumulator type A. */
#define PAIRWISE_REAL(NAME, T, A, LD)                                               \
  static A NAME(const char *x, int64_t n, int64_t s) {                              \
    if (n < 8) {                                                                    \
      A r = 0;                                                                      \
      for (int64_t i = 0; i < n; i++) r += (A)LD(*(const T *)(x + i * s));          \
      return r;                                                                     \
    }                                                                               \
    if (n <= PW_BLOCK) {                                                            \
      A r[8], res;                                                                  \
      for (int j = 0; j < 8; j++) r[j] = (A)LD(*(const T *)(x + j * s));            \
      int64_t i = 8;                                                                \
      for (; i < n - (n % 8); i += 8)                                               \
        for (int j = 0; j < 8; j++) r[j] += (A)LD(*(const T *)(x + (i + j) * s));   \
      res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));      \
      for (; i < n; i++) res += (A)LD(*(const T *)(x + i * s));                     \
      return res;                                                                   \
    }                                                                               \
    int64_t n2 = n / 2;                                                             \
    n2 -= n2 % 8;                                                                   \
    return NAME(x, n2, s) + NAME(x + n2 * s, n - n2, s);                            \
  }
#define AS_IS(v) (v)
PAIRWISE_REAL(pw_f32, float, float, AS_IS)
PAIRWISE_REAL(pw_f64, double, double, AS_IS)
PAIRWISE_REAL(pw_f16, uint16_t, float, ndi_f16_to_f32)
PAIRWISE_REAL(pw_bf16, uint16_t, float, ndi_bf16_to_f32)

/* Complex: NumPy counts reals, so a block is 4 complex values in 8 accumulators (real
 * parts in the even ones). R is the component type. */
#define PAIRWISE_CPLX(NAME, R)                                                      \
  static void NAME(const char *x, int64_t n, int64_t s, R *rr, R *ri) {             \
    if (2 * n < 8) {                                                                \
      *rr = 0;                                                                      \
      *ri = 0;                                                                      \
      for (int64_t i = 0; i < n; i++) {                                             \
        *rr += ((const R *)(x + i * s))[0];                                         \
        *ri += ((const R *)(x + i * s))[1];                                         \
      }                                                                             \
      return;                                                                       \
    }                                                                               \
    if (2 * n <= PW_BLOCK) {                                                        \
      R r[8];                                                                       \
      for (int j = 0; j < 4; j++) {                                                 \
        r[2 * j] = ((const R *)(x + j * s))[0];                                     \
        r[2 * j + 1] = ((const R *)(x + j * s))[1];                                 \
      }                                                                             \
      int64_t i = 4;                                                                \
      for (; i < n - (n % 4); i += 4)                                               \
        for (int j = 0; j < 4; j++) {                                               \
          r[2 * j] += ((const R *)(x + (i + j) * s))[0];                            \
          r[2 * j + 1] += ((const R *)(x + (i + j) * s))[1];                        \
        }                                                                           \
      *rr = (r[0] + r[2]) + (r[4] + r[6]);                                          \
      *ri = (r[1] + r[3]) + (r[5] + r[7]);                                          \
      for (; i < n; i++) {                                                          \
        *rr += ((const R *)(x + i * s))[0];                                         \
        *ri += ((const R *)(x + i * s))[1];                                         \
      }                                                                             \
      return;                                                                       \
    }                                                                               \
    int64_t n2 = (n - n % 8) / 2; /* NumPy: half the reals, a multiple of 8 of them */ \
    R r1, i1, r2, i2;                                                               \
    NAME(x, n2, s, &r1, &i1);                                                       \
    NAME(x + n2 * s, n - n2, s, &r2, &i2);                                          \
    *rr = r1 + r2;                                                                  \
    *ri = i1 + i2;                                                                  \
  }
PAIRWISE_CPLX(pw_c64, float)
PAIRWISE_CPLX(pw_c128, double)

double ndi_la_pairwise_f64(const double *x, int64_t n) {
  return pw_f64((const char *)x, n, sizeof(double));
}

/* The typed entry points: out is int64 (bool, signed), uint64 (unsigned) or the input's
 * own dtype (float, complex). */
#define SUM_b(SFX, T)                                                              \
  static void sum_##SFX(const char *x, int64_t n, int64_t s, void *out) {          \
    int64_t r = 0;                                                                 \
    for (int64_t i = 0; i < n; i++) r += *(const T *)(x + i * s) ? 1 : 0;          \
    *(int64_t *)out = r;                                                           \
  }
#define SUM_INT(SFX, T, OUT)                                                       \
  static void sum_##SFX(const char *x, int64_t n, int64_t s, void *out) {          \
    uint64_t r = 0;                                                                \
    for (int64_t i = 0; i < n; i++) r += (uint64_t) * (const T *)(x + i * s);      \
    *(OUT *)out = (OUT)r;                                                          \
  }
#define SUM_i(SFX, T) SUM_INT(SFX, T, int64_t)
#define SUM_u(SFX, T) SUM_INT(SFX, T, uint64_t)
#define SUM_f(SFX, T)                                                              \
  static void sum_##SFX(const char *x, int64_t n, int64_t s, void *out) {          \
    *(T *)out = pw_##SFX(x, n, s);                                                 \
  }
#define SUM_c(SFX, T)                                                              \
  static void sum_##SFX(const char *x, int64_t n, int64_t s, void *out) {          \
    __typeof__(__real__(T)0) *o = out;                                             \
    pw_##SFX(x, n, s, &o[0], &o[1]);                                               \
  }
#define SUM_DEF(E, SFX, T, K, NAME, ...) SUM_##K(SFX, T)
NDI_DTYPES(SUM_DEF)

#define SUM_HALF(E, SFX, T, K, NAME, ...)                                         \
  static void sum_##SFX(const char *x, int64_t n, int64_t s, void *out) {          \
    *(T *)out = ndi_f32_to_##SFX(pw_##SFX(x, n, s));                               \
  }
NDI_HALF_DTYPES(SUM_HALF)

#define SUM_ENTRY(E, SFX, ...) [E] = sum_##SFX,
const ndi_la_sum_fn ndi_la_sum[ND_NUM_DTYPES] = {NDI_ALL_DTYPES(SUM_ENTRY)};
