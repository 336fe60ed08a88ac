/* Non-temporal stores (see stream.h). SSE2 is part of x86-64, so the default build has
 * them; the width of the store does not matter here, the write-combining buffers fill the
 * same way. Elsewhere this is a plain copy. */
#include "stream.h"

#include <stdint.h>
#include <string.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <emmintrin.h>

void ndi_stream_store(void *dst, const void *src, size_t n) {
  char *d = dst;
  const char *s = src;
  size_t head = (16 - ((uintptr_t)d & 15)) & 15;
  if (head > n) head = n;
  memcpy(d, s, head);
  d += head;
  s += head;
  n -= head;
  for (; n >= 64; n -= 64, d += 64, s += 64) {
    __m128i a = _mm_loadu_si128((const __m128i *)s), b = _mm_loadu_si128((const __m128i *)(s + 16));
    __m128i c = _mm_loadu_si128((const __m128i *)(s + 32)), e = _mm_loadu_si128((const __m128i *)(s + 48));
    _mm_stream_si128((__m128i *)d, a);
    _mm_stream_si128((__m128i *)(d + 16), b);
    _mm_stream_si128((__m128i *)(d + 32), c);
    _mm_stream_si128((__m128i *)(d + 48), e);
  }
  for (; n >= 16; n -= 16, d += 16, s += 16)
    _mm_stream_si128((__m128i *)d, _mm_loadu_si128((const __m128i *)s));
  memcpy(d, s, n);
}

void ndi_stream_fence(void) { _mm_sfence(); }

void ndi_prefetch(const void *p, size_t n) {
  const char *c = (const char *)((uintptr_t)p & ~(uintptr_t)63), *end = (const char *)p + n;
  for (; c < end; c += 64) _mm_prefetch(c, _MM_HINT_T0);
}

#else

void ndi_stream_store(void *dst, const void *src, size_t n) { memcpy(dst, src, n); }
void ndi_stream_fence(void) {}
void ndi_prefetch(const void *p, size_t n) {
  (void)p;
  (void)n;
}

#endif
