/* float16 and bfloat16 elements, one at a time: the conversions every layer shares.
 *
 * Elements are uint16_t bit patterns; these functions work on the bits with integer
 * arithmetic, so their results do not depend on the compiler's or the CPU's support for
 * 16-bit floats, nor on MXCSR. The rules are NumPy's for float16 and ml_dtypes' for
 * bfloat16, bit for bit:
 * - to float32 is exact; float16 keeps a NaN's payload and does not quiet it (NumPy's
 *   npy_halfbits_to_floatbits), bfloat16 is the top half of the float32 pattern;
 * - from float32 and float64 rounds once, to nearest even, subnormals kept, overflow to
 *   infinity. A float16 NaN keeps its sign and the top 10 payload bits, unquieted, and
 *   becomes 0x7c01 if those are all zero (NumPy); a bfloat16 NaN is sign | 0x7fc0, the
 *   payload dropped (ml_dtypes);
 * - float64 and 64-bit integers round directly, never through float32 (which would round
 *   twice: 1 + 2^-11 + 2^-40 is float16 0x3c01, through float32 0x3c00);
 * - between the two 16-bit types through float32, with a NaN made the target's quiet
 *   NaN of the same sign (ml_dtypes). */
#ifndef NDI_HALF_H
#define NDI_HALF_H

#include <stdint.h>
#include <string.h>

static inline uint32_t ndi_f32_bits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
static inline float ndi_bits_f32(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}

/* ---- float16 ------------------------------------------------------------------------ */

static inline float ndi_f16_to_f32(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
  if (e == 0x1f) return ndi_bits_f32(sign | 0x7f800000u | m << 13); /* inf, NaN as is */
  if (e == 0) {
    if (m == 0) return ndi_bits_f32(sign);
    int sh = __builtin_clz(m) - 21; /* brings the leading bit of m to bit 10 */
    return ndi_bits_f32(sign | (uint32_t)(113 - sh) << 23 | ((m << sh) & 0x3ffu) << 13);
  }
  return ndi_bits_f32(sign | (e + 112) << 23 | m << 13);
}

/* A float32 pattern's magnitude rounded to float16 (to nearest even), NaN aside. */
static inline uint16_t ndi_f16_round_mag(uint32_t a) {
  if (a >= 0x477ff000u) return 0x7c00u; /* 65520 and above (the tie goes to even: inf) */
  if (a >= 0x38800000u) {               /* a float16 normal: rebias, round 13 bits away */
    uint32_t r = a - 0x38000000u, q = r >> 13, rem = r & 0x1fffu;
    return (uint16_t)(q + (rem > 0x1000u || (rem == 0x1000u && (q & 1))));
  }
  if (a <= 0x33000000u) return 0; /* 2^-25 and below: zero (2^-25 is a tie, to even) */
  uint32_t sh = 126 - (a >> 23), mant = (a & 0x7fffffu) | 0x800000u; /* units of 2^-24 */
  uint32_t q = mant >> sh, rem = mant & ((1u << sh) - 1), half = 1u << (sh - 1);
  return (uint16_t)(q + (rem > half || (rem == half && (q & 1))));
}

static inline uint16_t ndi_f32_to_f16(float f) {
  uint32_t u = ndi_f32_bits(f), a = u & 0x7fffffffu;
  uint16_t sign = (uint16_t)((u >> 16) & 0x8000u);
  if (a > 0x7f800000u) { /* NaN: the payload's top bits, never the infinity pattern */
    uint16_t p = (uint16_t)((a & 0x7fffffu) >> 13);
    return (uint16_t)(sign | 0x7c00u | (p ? p : 1));
  }
  return (uint16_t)(sign | ndi_f16_round_mag(a));
}

/* A float64 rounded to float32 to odd: truncated toward zero, the last bit set when
 * anything was cut. Rounding that to a format at least two bits narrower (float16,
 * bfloat16) to nearest gives the float64's own rounding, in one step. NaN aside; values
 * beyond float32's range give its largest finite value or infinity, either of which
 * rounds to infinity in the narrower formats. */
static inline uint32_t ndi_f64_to_f32_odd(double d) {
  float t = (float)d;
  uint32_t b = ndi_f32_bits(t);
  if ((double)t != d) {
    if ((double)t > d ? d >= 0 : d < 0) b--; /* t was rounded away from zero */
    b |= 1;
  }
  return b;
}

static inline uint16_t ndi_f64_to_f16(double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  uint16_t sign = (uint16_t)((u >> 48) & 0x8000u);
  if ((u & 0x7fffffffffffffffu) > 0x7ff0000000000000u) { /* NaN, as NumPy's doublebits */
    uint16_t p = (uint16_t)((u & 0xfffffffffffffu) >> 42);
    return (uint16_t)(sign | 0x7c00u | (p ? p : 1));
  }
  return (uint16_t)(sign | ndi_f16_round_mag(ndi_f64_to_f32_odd(d) & 0x7fffffffu));
}

/* ---- bfloat16 ----------------------------------------------------------------------- */

static inline float ndi_bf16_to_f32(uint16_t b) { return ndi_bits_f32((uint32_t)b << 16); }

static inline uint16_t ndi_bf16_from_f32_bits(uint32_t u) {
  if ((u & 0x7fffffffu) > 0x7f800000u) return (uint16_t)(((u >> 16) & 0x8000u) | 0x7fc0u);
  return (uint16_t)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}
static inline uint16_t ndi_f32_to_bf16(float f) { return ndi_bf16_from_f32_bits(ndi_f32_bits(f)); }
static inline uint16_t ndi_f64_to_bf16(double d) {
  if (d != d) return (uint16_t)(__builtin_signbit(d) ? 0xffc0u : 0x7fc0u);
  return ndi_bf16_from_f32_bits(ndi_f64_to_f32_odd(d));
}

/* ---- between the two, and from 64-bit integers --------------------------------------- */

static inline uint16_t ndi_f16_to_bf16(uint16_t h) {
  if ((h & 0x7fffu) > 0x7c00u) return (uint16_t)((h & 0x8000u) | 0x7fc0u);
  return ndi_f32_to_bf16(ndi_f16_to_f32(h)); /* exact in float32, one rounding */
}
static inline uint16_t ndi_bf16_to_f16(uint16_t b) {
  if ((b & 0x7fffu) > 0x7f80u) return (uint16_t)((b & 0x8000u) | 0x7e00u);
  return ndi_f32_to_f16(ndi_bf16_to_f32(b));
}

/* A 64-bit integer as float64 rounded to odd (exact below 2^53), so that rounding it
 * again to a 16-bit float is the integer's own rounding. */
static inline double ndi_u64_to_f64_odd(uint64_t x) {
  if (x < (UINT64_C(1) << 53)) return (double)x;
  int cut = 11 - __builtin_clzll(x); /* bits below the 53 kept */
  uint64_t kept = x >> cut | ((x & ((UINT64_C(1) << cut) - 1)) != 0);
  return (double)kept * (double)(UINT64_C(1) << cut);
}
static inline double ndi_i64_to_f64_odd(int64_t x) {
  return x < 0 ? -ndi_u64_to_f64_odd(-(uint64_t)x) : ndi_u64_to_f64_odd((uint64_t)x);
}

#endif
