/* Radix-sort passes over unsigned keys of 1, 2, 4 and 8 bytes, with an optional int64
 * payload (see sort.h). LSD passes use 8- or 11-bit digits; a digit that every key shares
 * is skipped (the histograms of all digits come from one read). Below 32 keys an insertion
 * sort is cheaper. Everything is stable. */
#include <string.h>

#include "sort.h"

#define INSERTION_MAX 32

/* LSD digits: 8 bits for short runs (small histograms); from LSD_WIDE_MIN keys on, the
 * fewest passes of at most 12 bits each that cover the bits that differ. */
#define LSD_WIDE_MIN 2048
#define MAX_BUCKETS 4096
#define HIST_ROOM (6 * 4096) /* 6 digits of 12 bits, or 8 of 8 */
/* Up to MSD_FINISH_MAX keys differing in more than MSD_FINISH_BITS bits, one MSD pass
 * and a finish beat the LSD passes over all those bits (msd_finish). */
#define MSD_FINISH_MAX 16384
#define MSD_FINISH_BITS 16

#define RADIX_FUNCS(S, U)                                                                  \
  static uint64_t diff_##S(const void *keys, int64_t n) {                                 \
    const U *k = (const U *)keys;                                                          \
    U first = n ? k[0] : 0, d = 0;                                                         \
    for (int64_t i = 0; i < n; i++) d |= (U)(k[i] ^ first);                                \
    return d;                                                                              \
  }                                                                                        \
  static void count_##S(const void *keys, int64_t n, int shift, int bits, int64_t *counts) { \
    const U *k = (const U *)keys;                                                          \
    const uint64_t mask = ((uint64_t)1 << bits) - 1;                                       \
    for (int64_t i = 0; i < n; i++) counts[((uint64_t)k[i] >> shift) & mask]++;            \
  }                                                                                        \
  static void scatter_##S(const void *keys, const int64_t *idx, int64_t n, int shift,     \
                          int bits, int64_t *pos, void *dst, int64_t *idst) {              \
    const U *k = (const U *)keys;                                                          \
    U *d = (U *)dst;                                                                       \
    const uint64_t mask = ((uint64_t)1 << bits) - 1;                                       \
    if (idx) {                                                                             \
      for (int64_t i = 0; i < n; i++) {                                                    \
        int64_t p = pos[((uint64_t)k[i] >> shift) & mask]++;                               \
        d[p] = k[i];                                                                       \
        idst[p] = idx[i];                                                                  \
      }                                                                                    \
    } else {                                                                               \
      for (int64_t i = 0; i < n; i++) d[pos[((uint64_t)k[i] >> shift) & mask]++] = k[i];   \
    }                                                                                      \
  }                                                                                        \
  static void insertion_##S(U *k, int64_t *idx, int64_t n) {                               \
    for (int64_t i = 1; i < n; i++) {                                                      \
      U v = k[i];                                                                          \
      int64_t x = idx ? idx[i] : 0, j = i;                                                 \
      for (; j > 0 && k[j - 1] > v; j--) {                                                 \
        k[j] = k[j - 1];                                                                   \
        if (idx) idx[j] = idx[j - 1];                                                      \
      }                                                                                    \
      k[j] = v;                                                                            \
      if (idx) idx[j] = x;                                                                 \
    }                                                                                      \
  }                                                                                        \
  static int lsd_##S(void *data, void *other, int64_t *idata, int64_t *iother, int64_t n, \
                     int nbits);                                                           \
  /* One pass on the top digit of the nbits, so wide that most digits hold a key or two,   \
   * then each digit's keys sorted on the rest: insertion for a few, lsd for more. */        \
  static int msd_finish_##S(U *src, U *dst, int64_t *is, int64_t *id, int64_t n, int nbits) { \
    int bits = 64 - __builtin_clzll((uint64_t)n) + 1;                                      \
    if (bits > 12) bits = 12;                                                              \
    int shift = nbits - bits, nb = 1 << bits;                                              \
    int64_t pos[MAX_BUCKETS];                                                              \
    memset(pos, 0, sizeof(int64_t) * (size_t)nb);                                          \
    count_##S(src, n, shift, bits, pos);                                                   \
    for (int64_t b = 0, run = 0; b < nb; b++) {                                            \
      int64_t c = pos[b];                                                                  \
      pos[b] = run;                                                                        \
      run += c;                                                                            \
    }                                                                                      \
    scatter_##S(src, is, n, shift, bits, pos, dst, id); /* now pos[b]: bucket b's end */   \
    for (int b = 0; b < nb; b++) {                                                         \
      int64_t s0 = b ? pos[b - 1] : 0, c = pos[b] - s0;                                    \
      if (c < 2) continue;                                                                 \
      int64_t *ids = id ? id + s0 : NULL, *iss = is ? is + s0 : NULL;                      \
      if (c <= INSERTION_MAX) {                                                            \
        insertion_##S(dst + s0, ids, c);                                                   \
      } else if (lsd_##S(dst + s0, src + s0, ids, iss, c, shift)) {                        \
        memcpy(dst + s0, src + s0, sizeof(U) * (size_t)c);                                 \
        if (ids) memcpy(ids, iss, sizeof(int64_t) * (size_t)c);                            \
      }                                                                                    \
    }                                                                                      \
    return 1;                                                                              \
  }                                                                                        \
  static int lsd_##S(void *data, void *other, int64_t *idata, int64_t *iother, int64_t n, \
                     int nbits) {                                                          \
    U *src = (U *)data, *dst = (U *)other;                                                 \
    if (n <= INSERTION_MAX) {                                                              \
      insertion_##S(src, idata, n);                                                        \
      return 0;                                                                            \
    }                                                                                      \
    if (nbits > (int)(8 * sizeof(U))) nbits = (int)(8 * sizeof(U));                        \
    uint64_t dif = diff_##S(src, n); /* only the bits that differ need passes */            \
    if (dif == 0) return 0;                                                                \
    int top = 64 - __builtin_clzll(dif);                                                   \
    if (top < nbits) nbits = top;                                                          \
    if (n <= MSD_FINISH_MAX && nbits > MSD_FINISH_BITS)                                   \
      return msd_finish_##S(src, dst, idata, iother, n, nbits);                            \
    int bits = 8, nd = (nbits + 7) / 8;                                                    \
    if (n >= LSD_WIDE_MIN) {                                                               \
      nd = (nbits + 11) / 12;                                                              \
      bits = (nbits + nd - 1) / nd;                                                        \
    }                                                                                      \
    int nb = 1 << bits;                                                                    \
    const uint64_t mask = (uint64_t)nb - 1;                                                \
    uint32_t hist[HIST_ROOM]; /* digit d's counts at d * nb; n < 2^32 (MSD buckets) */     \
    memset(hist, 0, sizeof(uint32_t) * (size_t)(nd * nb));                                  \
    for (int64_t i = 0; i < n; i++) {                                                      \
      uint64_t k = src[i];                                                                 \
      for (int d = 0; d < nd; d++) hist[d * nb + ((k >> (bits * d)) & mask)]++;             \
    }                                                                                      \
    int64_t *is = idata, *id = iother;                                                     \
    int where = 0;                                                                         \
    for (int d = 0; d < nd; d++) {                                                         \
      const uint32_t *h = hist + d * nb;                                                   \
      if (h[((uint64_t)src[0] >> (bits * d)) & mask] == n) continue; /* a shared digit */  \
      int64_t pos[MAX_BUCKETS], run = 0;                                                   \
      for (int b = 0; b < nb; b++) {                                                       \
        pos[b] = run;                                                                      \
        run += h[b];                                                                       \
      }                                                                                    \
      scatter_##S(src, is, n, bits * d, bits, pos, dst, id);                               \
      U *t = src;                                                                          \
      src = dst;                                                                           \
      dst = t;                                                                             \
      int64_t *ti = is;                                                                    \
      is = id;                                                                             \
      id = ti;                                                                             \
      where ^= 1;                                                                          \
    }                                                                                      \
    return where;                                                                          \
  }                                                                                        \
  static int64_t search_##S(const void *keys, int64_t n, const void *key, int side) {     \
    const U *k = (const U *)keys;                                                          \
    U v = *(const U *)key;                                                                 \
    int64_t lo = 0, hi = n;                                                                \
    while (lo < hi) {                                                                      \
      int64_t mid = lo + (hi - lo) / 2;                                                    \
      if (side ? k[mid] <= v : k[mid] < v) lo = mid + 1;                                   \
      else hi = mid;                                                                       \
    }                                                                                      \
    return lo;                                                                             \
  }

RADIX_FUNCS(u8, uint8_t)
RADIX_FUNCS(u16, uint16_t)
RADIX_FUNCS(u32, uint32_t)
RADIX_FUNCS(u64, uint64_t)

#define RO(S) {diff_##S, count_##S, scatter_##S, lsd_##S, search_##S}
const ndi_radix_ops ndi_radix[4] = {RO(u8), RO(u16), RO(u32), RO(u64)};
