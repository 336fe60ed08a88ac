/* Order-preserving keys for every real dtype (see sort.h). */
#include <string.h>

#include "core/dtype_list.h"
#include "sort.h"

/* KEY_<kind>(U, T, x): the ascending key of x; UNKEY_<kind>(U, T, k): the value. */
#define SIGN(U) ((U)((U)1 << (sizeof(U) * 8 - 1)))
#define KEY_b(U, T, x) ((U)(x))
#define UNKEY_b(U, T, k) ((T)(k))
#define KEY_u(U, T, x) ((U)(x))
#define UNKEY_u(U, T, k) ((T)(k))
#define KEY_i(U, T, x) ((U)((U)(x) ^ SIGN(U)))
#define UNKEY_i(U, T, k) ((T)((U)(k) ^ SIGN(U)))

static inline uint32_t fkey32(float x) {
  if (x != x) return UINT32_MAX;
  if (x == 0) x = 0.0f; /* -0.0 sorts as +0.0 */
  uint32_t b;
  memcpy(&b, &x, 4);
  return (b & SIGN(uint32_t)) ? ~b : b | SIGN(uint32_t);
}
static inline uint64_t fkey64(double x) {
  if (x != x) return UINT64_MAX;
  if (x == 0) x = 0.0;
  uint64_t b;
  memcpy(&b, &x, 8);
  return (b & SIGN(uint64_t)) ? ~b : b | SIGN(uint64_t);
}
static inline float funkey32(uint32_t k) {
  uint32_t b = (k & SIGN(uint32_t)) ? k ^ SIGN(uint32_t) : ~k;
  float x;
  memcpy(&x, &b, 4);
  return x;
}
static inline double funkey64(uint64_t k) {
  uint64_t b = (k & SIGN(uint64_t)) ? k ^ SIGN(uint64_t) : ~k;
  double x;
  memcpy(&x, &b, 8);
  return x;
}
#define KEY_f(U, T, x) _Generic((x), float: fkey32, default: fkey64)(x)
#define UNKEY_f(U, T, k) ((T)_Generic((T)0, float: funkey32, default: funkey64)(k))
/* float16 and bfloat16 by their bits (inf: the magnitude of infinity, above which are NaNs) */
static inline uint16_t hkey(uint16_t b, uint16_t inf) {
  if ((b & 0x7fffu) > inf) return UINT16_MAX;
  if ((b & 0x7fffu) == 0) b = 0; /* -0.0 sorts as +0.0 */
  return (b & 0x8000u) ? (uint16_t)~b : (uint16_t)(b | 0x8000u);
}
static inline uint16_t hunkey(uint16_t k) { return (k & 0x8000u) ? (uint16_t)(k ^ 0x8000u) : (uint16_t)~k; }
#define KEY_f16(U, T, x) hkey(x, 0x7c00u)
#define KEY_bf16(U, T, x) hkey(x, 0x7f80u)
#define UNKEY_f16(U, T, k) hunkey(k)
#define UNKEY_bf16(U, T, k) hunkey(k)
#define LOSSY_f16(x) (((x) & 0x7fffu) > 0x7c00u || (x) == 0x8000u)
#define LOSSY_bf16(x) (((x) & 0x7fffu) > 0x7f80u || (x) == 0x8000u)
#define NANKEY_f16(U) true
#define NANKEY_bf16(U) true
/* values the key cannot give back */
#define LOSSY_b(x) false
#define LOSSY_i(x) false
#define LOSSY_u(x) false
#define LOSSY_f(x) ((x) != (x) || ((x) == 0 && __builtin_signbit(x)))
#define NANKEY_b(U) false
#define NANKEY_i(U) false
#define NANKEY_u(U) false
#define NANKEY_f(U) true
/* the key of the value at p */
#define KEY_AT(K, U, T, p, flip) ((U)(KEY_##K(U, T, *(const T *)(p)) ^ (flip)))

/* count: COUNT_WAYS histograms, taking keys in turn, so that a run of keys in one bucket
 * (common: floats bunch by exponent) does not wait on its own last increment; uint32
 * counts, added into the caller's every COUNT_BLOCK keys. */
#define COUNT_WAYS 4
#define COUNT_MAX_BUCKETS (1 << NDI_SORT_COUNT_BITS)
#define COUNT_BLOCK ((int64_t)1 << 30)

#define KEY_FUNCS(S, T, K, U, W)                                                           \
  static bool to_keys_##S(void *keys, const char *x, int64_t s, int64_t n, bool desc) {    \
    U *k = (U *)keys;                                                                      \
    bool lossy = false;                                                                    \
    const U flip = desc ? (U)~(U)0 : 0;                                                    \
    if (s == (int64_t)sizeof(T)) {                                                         \
      const T *v = (const T *)x;                                                           \
      for (int64_t i = 0; i < n; i++) {                                                    \
        lossy |= LOSSY_##K(v[i]);                                                          \
        k[i] = (U)(KEY_##K(U, T, v[i]) ^ flip);                                            \
      }                                                                                    \
      return lossy;                                                                        \
    }                                                                                      \
    for (int64_t i = 0; i < n; i++) {                                                      \
      T v = *(const T *)(x + i * s);                                                       \
      lossy |= LOSSY_##K(v);                                                               \
      k[i] = (U)(KEY_##K(U, T, v) ^ flip);                                                 \
    }                                                                                      \
    return lossy;                                                                          \
  }                                                                                        \
  static void from_keys_##S(char *x, int64_t s, const void *keys, int64_t n, bool desc) {  \
    const U *k = (const U *)keys;                                                          \
    const U flip = desc ? (U)~(U)0 : 0;                                                    \
    for (int64_t i = 0; i < n; i++) *(T *)(x + i * s) = UNKEY_##K(U, T, (U)(k[i] ^ flip)); \
  }                                                                                        \
  static bool is_nan_key_##S(const void *key) {                                            \
    return NANKEY_##K(U) && *(const U *)key == (U)~(U)0;                                   \
  }                                                                                        \
  static bool scan_##S(const char *x, int64_t s, int64_t n, bool desc, uint64_t ref,       \
                       uint64_t *diff) {                                                   \
    const U flip = desc ? (U)~(U)0 : 0;                                                    \
    U d = 0, r = (U)ref;                                                                   \
    bool lossy = false;                                                                    \
    for (int64_t i = 0; i < n; i++) {                                                      \
      T v = *(const T *)(x + i * s);                                                       \
      lossy |= LOSSY_##K(v);                                                               \
      d |= (U)((U)(KEY_##K(U, T, v) ^ flip) ^ r);                                          \
    }                                                                                      \
    *diff |= d;                                                                            \
    return lossy;                                                                          \
  }                                                                                        \
  static void count_##S(const char *x, int64_t s, int64_t n, bool desc, int shift, int bits, \
                        int64_t *counts) {                                                 \
    const U flip = desc ? (U)~(U)0 : 0;                                                    \
    const uint64_t mask = ((uint64_t)1 << bits) - 1;                                       \
    uint32_t h[COUNT_WAYS][COUNT_MAX_BUCKETS];                                             \
    for (int64_t b0 = 0; b0 < n; b0 += COUNT_BLOCK) {                                      \
      int64_t m = n - b0 < COUNT_BLOCK ? n - b0 : COUNT_BLOCK, i = 0;                     \
      const char *xb = x + b0 * s;                                                         \
      for (int w = 0; w < COUNT_WAYS; w++) memset(h[w], 0, sizeof(uint32_t) * (mask + 1));  \
      for (; i + COUNT_WAYS <= m; i += COUNT_WAYS)                                         \
        for (int w = 0; w < COUNT_WAYS; w++)                                               \
          h[w][((uint64_t)KEY_AT(K, U, T, xb + (i + w) * s, flip) >> shift) & mask]++;     \
      for (; i < m; i++) h[0][((uint64_t)KEY_AT(K, U, T, xb + i * s, flip) >> shift) & mask]++; \
      for (uint64_t d = 0; d <= mask; d++)                                                 \
        for (int w = 0; w < COUNT_WAYS; w++) counts[d] += h[w][d];                         \
    }                                                                                      \
  }                                                                                        \
  static void scatter_##S(const char *x, int64_t s, int64_t n, bool desc, int shift,       \
                          int bits, int64_t *pos, void *keys) {                            \
    const U flip = desc ? (U)~(U)0 : 0;                                                    \
    const uint64_t mask = ((uint64_t)1 << bits) - 1;                                       \
    U *out = (U *)keys;                                                                    \
    for (int64_t i = 0; i < n; i++) {                                                      \
      U k = KEY_AT(K, U, T, x + i * s, flip);                                             \
      out[pos[((uint64_t)k >> shift) & mask]++] = k;                                       \
    }                                                                                      \
  }

KEY_FUNCS(b, bool, b, uint8_t, 0)
KEY_FUNCS(i8, int8_t, i, uint8_t, 0)
KEY_FUNCS(i16, int16_t, i, uint16_t, 1)
KEY_FUNCS(i32, int32_t, i, uint32_t, 2)
KEY_FUNCS(i64, int64_t, i, uint64_t, 3)
KEY_FUNCS(u8, uint8_t, u, uint8_t, 0)
KEY_FUNCS(u16, uint16_t, u, uint16_t, 1)
KEY_FUNCS(u32, uint32_t, u, uint32_t, 2)
KEY_FUNCS(u64, uint64_t, u, uint64_t, 3)
KEY_FUNCS(f32, float, f, uint32_t, 2)
KEY_FUNCS(f64, double, f, uint64_t, 3)
KEY_FUNCS(f16, uint16_t, f16, uint16_t, 1)
KEY_FUNCS(bf16, uint16_t, bf16, uint16_t, 1)

#define KE(E, S, W) \
  [E] = {W, to_keys_##S, from_keys_##S, is_nan_key_##S, scan_##S, count_##S, scatter_##S}
const ndi_sort_keys ndi_sort_keys_table[ND_NUM_DTYPES] = {
    KE(ND_BOOL, b, 0),     KE(ND_INT8, i8, 0),     KE(ND_INT16, i16, 1),   KE(ND_INT32, i32, 2),
    KE(ND_INT64, i64, 3),  KE(ND_UINT8, u8, 0),    KE(ND_UINT16, u16, 1),  KE(ND_UINT32, u32, 2),
    KE(ND_UINT64, u64, 3), KE(ND_FLOAT32, f32, 2), KE(ND_FLOAT64, f64, 3),
    [ND_COMPLEX64] = {.wlog2 = -1}, [ND_COMPLEX128] = {.wlog2 = -1},
    KE(ND_FLOAT16, f16, 1), KE(ND_BFLOAT16, bf16, 1)};
