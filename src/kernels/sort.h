/* Sorting kernels: order-preserving unsigned keys for every real dtype, and radix-sort
 * passes over keys of 1, 2, 4 or 8 bytes (with an optional int64 payload, the original
 * positions, for argsort).
 *
 * Keys order values as NumPy sorts them: integers by value (the sign bit flipped), floats
 * by value with -0.0 equal to +0.0 and every NaN equal and above +inf (NaNs last). A
 * descending sort uses the complemented key, the exact reverse order (NaNs first); radix
 * sorting is stable either way, so equal values keep their input order. */
#ifndef NDI_KERNELS_SORT_H
#define NDI_KERNELS_SORT_H

#include <stdbool.h>
#include <stdint.h>

#include "nd/types.h"

/* The widest digit the count pass takes (its histograms are sized for it). */
#define NDI_SORT_COUNT_BITS 11

typedef struct ndi_sort_keys {
  int wlog2; /* key width: 1 << wlog2 bytes; -1: no order (complex) */
  /* keys[i] = key(x[i*s]) for i < n; returns true if some value cannot be rebuilt from
   * its key (a NaN, whose payload and sign the key drops, or -0.0). */
  bool (*to_keys)(void *keys, const char *x, int64_t s, int64_t n, bool descending);
  /* x[i*s] = the value of keys[i] (the inverse of to_keys for rebuildable values). */
  void (*from_keys)(char *x, int64_t s, const void *keys, int64_t n, bool descending);
  /* Whether a key (ascending) is the NaN key: NaNs are distinct in unique. */
  bool (*is_nan_key)(const void *key);
  /* The passes of an MSD sort that read the values themselves (no key buffer):
   * scan: *diff |= key(x[i]) ^ ref over i < n; returns true if a value is lossy;
   * count: counts[digit(key(x[i]))]++, digit(k) = (k >> shift) & (2^bits - 1);
   * scatter: keys[pos[digit]++] = key(x[i]), in order (stable). */
  bool (*scan)(const char *x, int64_t s, int64_t n, bool descending, uint64_t ref,
               uint64_t *diff);
  void (*count)(const char *x, int64_t s, int64_t n, bool descending, int shift, int bits,
                int64_t *counts); /* bits <= NDI_SORT_COUNT_BITS */
  void (*scatter)(const char *x, int64_t s, int64_t n, bool descending, int shift, int bits,
                  int64_t *pos, void *keys);
} ndi_sort_keys;

extern const ndi_sort_keys ndi_sort_keys_table[ND_NUM_DTYPES];

typedef struct ndi_radix_ops {
  /* OR over i of keys[i] ^ keys[0]: the bits in which keys differ */
  uint64_t (*diff)(const void *keys, int64_t n);
  /* counts[d] += number of keys with digit d = (key >> shift) & (2^bits - 1) */
  void (*count)(const void *keys, int64_t n, int shift, int bits, int64_t *counts);
  /* stable scatter by digit: dst[pos[d]++] = key (and idst likewise from idx) */
  void (*scatter)(const void *keys, const int64_t *idx, int64_t n, int shift, int bits,
                  int64_t *pos, void *dst, int64_t *idst);
  /* stable LSD sort of data[0, n), n < 2^32, on its low nbits bits (other is scratch of
   * n; idx and iother the payload, or NULL). Returns 0 if the result is in data, 1 if in
   * other. */
  int (*lsd)(void *data, void *other, int64_t *idata, int64_t *iother, int64_t n, int nbits);
  /* index of the first key >= (side 0) or > (side 1) key in sorted keys[0, n) */
  int64_t (*search)(const void *keys, int64_t n, const void *key, int side);
} ndi_radix_ops;

/* Indexed by wlog2 (0..3). */
extern const ndi_radix_ops ndi_radix[4];

#endif
