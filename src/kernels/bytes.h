/* Byte-level loops for data crossing a file boundary: byte-order swapping and the check
 * that bool data holds only 0 and 1. They see raw bytes and counts, never arrays. */
#ifndef NDI_BYTES_H
#define NDI_BYTES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* True when this machine stores numbers little-endian. */
static inline bool ndi_host_little_endian(void) {
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__)
  return __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__;
#else
  const uint16_t one = 1;
  return *(const unsigned char *)&one == 1;
#endif
}

/* Reverses the bytes of each of `count` consecutive items of `width` bytes (1, 2, 4 or 8;
 * a complex element is two items of its component's width). Width 1 does nothing. */
void ndi_byteswap(void *data, int64_t count, size_t width);

/* Index of the first of n bytes that is neither 0 nor 1, or -1 if there is none. A C bool
 * holding another value is undefined behaviour, so bool data read from outside is checked. */
int64_t ndi_find_non_bool(const unsigned char *p, int64_t n);

#endif
