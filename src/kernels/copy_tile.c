/* Same-dtype copy of a 2-D tile whose source and destination run along different axes
 * (the core of F-to-C and transposed-to-C copies). The destination rows run along the
 * inner axis; when the source is contiguous along the outer axis, 4x4 (8-byte) or 8x8
 * (4-byte) blocks are transposed in AVX2 registers, otherwise elements move one by one.
 * The tile is small enough to stay in L1, so the strided side costs no extra memory
 * traffic. */
#include <string.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define NDI_HAVE_AVX2_PATH 1
#endif

#include "core/cpu.h"
#include "loop.h"

/* Generic: any element size and strides. */
#define TILE_GENERIC(T)                                                                    \
  static void tile_generic_##T(char *d, int64_t da, int64_t db, const char *s, int64_t sa,  \
                               int64_t sb, int64_t na, int64_t nb) {                        \
    for (int64_t b = 0; b < nb; b++) {                                                     \
      char *dr = d + b * db;                                                               \
      const char *sr = s + b * sb;                                                         \
      for (int64_t a = 0; a < na; a++) *(T *)(dr + a * da) = *(const T *)(sr + a * sa);    \
    }                                                                                      \
  }
TILE_GENERIC(uint8_t)
TILE_GENERIC(uint16_t)
TILE_GENERIC(uint32_t)
TILE_GENERIC(uint64_t)

typedef struct {
  uint64_t lo, hi;
} u128;
TILE_GENERIC(u128)

#ifdef NDI_HAVE_AVX2_PATH
/* 4x4 doubles: src rows (fixed a, 4 consecutive b) become dst rows (fixed b). */
__attribute__((target("avx2"))) static inline void t4x4_64(char *d, int64_t db, const char *s,
                                                            int64_t sa) {
  __m256d r0 = _mm256_loadu_pd((const double *)s);
  __m256d r1 = _mm256_loadu_pd((const double *)(s + sa));
  __m256d r2 = _mm256_loadu_pd((const double *)(s + 2 * sa));
  __m256d r3 = _mm256_loadu_pd((const double *)(s + 3 * sa));
  __m256d t0 = _mm256_unpacklo_pd(r0, r1), t1 = _mm256_unpackhi_pd(r0, r1);
  __m256d t2 = _mm256_unpacklo_pd(r2, r3), t3 = _mm256_unpackhi_pd(r2, r3);
  _mm256_storeu_pd((double *)d, _mm256_permute2f128_pd(t0, t2, 0x20));
  _mm256_storeu_pd((double *)(d + db), _mm256_permute2f128_pd(t1, t3, 0x20));
  _mm256_storeu_pd((double *)(d + 2 * db), _mm256_permute2f128_pd(t0, t2, 0x31));
  _mm256_storeu_pd((double *)(d + 3 * db), _mm256_permute2f128_pd(t1, t3, 0x31));
}

/* 8x8 floats, the same pattern one level deeper. */
__attribute__((target("avx2"))) static inline void t8x8_32(char *d, int64_t db, const char *s,
                                                            int64_t sa) {
  __m256 r[8], t[8];
  for (int i = 0; i < 8; i++) r[i] = _mm256_loadu_ps((const float *)(s + i * sa));
  for (int i = 0; i < 8; i += 2) {
    t[i] = _mm256_unpacklo_ps(r[i], r[i + 1]);
    t[i + 1] = _mm256_unpackhi_ps(r[i], r[i + 1]);
  }
  for (int i = 0; i < 8; i += 4) {
    r[i] = _mm256_shuffle_ps(t[i], t[i + 2], 0x44);
    r[i + 1] = _mm256_shuffle_ps(t[i], t[i + 2], 0xEE);
    r[i + 2] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0x44);
    r[i + 3] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0xEE);
  }
  for (int i = 0; i < 4; i++) {
    _mm256_storeu_ps((float *)(d + i * db), _mm256_permute2f128_ps(r[i], r[i + 4], 0x20));
    _mm256_storeu_ps((float *)(d + (i + 4) * db), _mm256_permute2f128_ps(r[i], r[i + 4], 0x31));
  }
}

/* Blocks of BxB through `micro`, the ragged edges through the generic loop. */
#define TILE_AVX2(NAME, T, B, MICRO)                                                          \
  __attribute__((target("avx2"))) static void NAME(char *d, int64_t db, const char *s,         \
                                                   int64_t sa, int64_t na, int64_t nb) {       \
    const int64_t z = sizeof(T);                                                              \
    int64_t na4 = na / B * B, nb4 = nb / B * B;                                               \
    for (int64_t b = 0; b < nb4; b += B)                                                      \
      for (int64_t a = 0; a < na4; a += B) MICRO(d + b * db + a * z, db, s + a * sa + b * z, sa); \
    if (na4 < na) tile_generic_##T(d + na4 * z, z, db, s + na4 * sa, sa, z, na - na4, nb);    \
    if (nb4 < nb) tile_generic_##T(d + nb4 * db, z, db, s + nb4 * z, sa, z, na4, nb - nb4);   \
  }
TILE_AVX2(tile_avx2_64, uint64_t, 4, t4x4_64)
TILE_AVX2(tile_avx2_32, uint32_t, 8, t8x8_32)
#endif

void ndi_copy_tile(char *const *ptrs, const int64_t *inner, const int64_t *outer, int64_t na,
                   int64_t nb, void *ctx) {
  int64_t z = *(const int64_t *)ctx; /* element size */
  char *d = ptrs[0];
  const char *s = ptrs[1];
  int64_t da = inner[0], db = outer[0], sa = inner[1], sb = outer[1];
#ifdef NDI_HAVE_AVX2_PATH
  if (ndi_cpu_level() >= 2 && da == z && sb == z) {
    if (z == 8) {
      tile_avx2_64(d, db, s, sa, na, nb);
      return;
    }
    if (z == 4) {
      tile_avx2_32(d, db, s, sa, na, nb);
      return;
    }
  }
#endif
  switch (z) {
    case 1: tile_generic_uint8_t(d, da, db, s, sa, sb, na, nb); break;
    case 2: tile_generic_uint16_t(d, da, db, s, sa, sb, na, nb); break;
    case 4: tile_generic_uint32_t(d, da, db, s, sa, sb, na, nb); break;
    case 8: tile_generic_uint64_t(d, da, db, s, sa, sb, na, nb); break;
    default: tile_generic_u128(d, da, db, s, sa, sb, na, nb); break;
  }
}
