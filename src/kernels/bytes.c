/* Byte swapping and bool validation (see bytes.h). */
#include "bytes.h"

#include <string.h>

#include "loop.h"

/* One loop per width; memcpy keeps unaligned buffers legal and compiles to plain moves. */
#define NDI_SWAP_LOOP(W, T, BSWAP)                                 \
  NDI_HOT static void swap##W(unsigned char *p, int64_t count) {  \
    for (int64_t i = 0; i < count; i++, p += sizeof(T)) {          \
      T v;                                                         \
      memcpy(&v, p, sizeof v);                                     \
      v = BSWAP(v);                                                \
      memcpy(p, &v, sizeof v);                                     \
    }                                                              \
  }
NDI_SWAP_LOOP(2, uint16_t, __builtin_bswap16)
NDI_SWAP_LOOP(4, uint32_t, __builtin_bswap32)
NDI_SWAP_LOOP(8, uint64_t, __builtin_bswap64)
#undef NDI_SWAP_LOOP

void ndi_byteswap(void *data, int64_t count, size_t width) {
  switch (width) {
    case 2: swap2(data, count); break;
    case 4: swap4(data, count); break;
    case 8: swap8(data, count); break;
    default: break; /* single bytes have no order */
  }
}

int64_t ndi_find_non_bool(const unsigned char *p, int64_t n) {
  /* Fast scan: OR of a block is 0 or 1 only if every byte is. */
  int64_t i = 0;
  for (; i + 64 <= n; i += 64) {
    unsigned char acc = 0;
    for (int k = 0; k < 64; k++) acc |= p[i + k];
    if (acc > 1) break;
  }
  for (; i < n; i++)
    if (p[i] > 1) return i;
  return -1;
}
