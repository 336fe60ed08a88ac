/* 16-bit result tables (see half_table.h).
 *
 * A table holds 65536 uint16 results (128 KiB, in L2 while a loop runs) and one more
 * entry, so that the vector loop may read every result as the low half of a 32-bit word.
 * Tables are built without a lock: a thread that finds the slot empty fills a table of its
 * own and publishes it with a compare-exchange; a thread that loses the race frees its copy
 * and takes the winner's (both hold the same bits). A published table is never freed: it
 * stays reachable from the slot (static storage) for the life of the process, which
 * LeakSanitizer does not count as a leak, and it costs at most 128 KiB per function and
 * dtype actually used. Failing allocations (ndi_malloc) give NULL: the caller computes. */
#include "half_table.h"

#include "core/alloc.h"
#include "core/cpu.h"
#include "ew_loops.h"
#include "half_simd.h"

enum { TABLE_ENTRIES = 65536 + 1 };

const uint16_t *ndi_half_table(ndi_half_tables *slots, int which, ndi_half_table_fill fill,
                               const void *arg) {
  _Atomic(uint16_t *) *slot = &slots->t[which];
  uint16_t *t = atomic_load_explicit(slot, memory_order_acquire);
  if (t) return t;
  uint16_t *bits = ndi_malloc(sizeof(uint16_t) * 65536);
  uint16_t *fresh = ndi_malloc(sizeof(uint16_t) * TABLE_ENTRIES);
  if (!bits || !fresh) {
    ndi_free(bits);
    ndi_free(fresh);
    return NULL;
  }
  for (uint32_t i = 0; i < 65536; i++) bits[i] = (uint16_t)i;
  fill(fresh, bits, arg);
  fresh[65536] = 0;
  ndi_free(bits);
  uint16_t *expected = NULL;
  if (atomic_compare_exchange_strong_explicit(slot, &expected, fresh, memory_order_acq_rel,
                                              memory_order_acquire))
    return fresh;
  ndi_free(fresh); /* another thread published the same table first */
  return expected;
}

static void gather_scalar(uint16_t *o, int64_t so, const uint16_t *x, int64_t sx, int64_t n,
                          const uint16_t *t) {
  for (int64_t i = 0; i < n; i++) o[i * so] = t[x[i * sx]];
}

#ifdef NDI_HALF_X86
/* Dense runs: 16 indices widened to 32 bits, a gather of the 32-bit words at byte offset
 * 2 * index (the result in the low half; the extra entry covers index 65535), narrowed. */
NDI_T512 static void gather_512(uint16_t *o, const uint16_t *x, int64_t n, const uint16_t *t) {
  int64_t i = 0;
  for (; i + 32 <= n; i += 32) {
    __m512i a = _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)(x + i)));
    __m512i b = _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)(x + i + 16)));
    __m512i ra = _mm512_i32gather_epi32(a, (const void *)t, 2);
    __m512i rb = _mm512_i32gather_epi32(b, (const void *)t, 2);
    _mm256_storeu_si256((__m256i *)(o + i), _mm512_cvtepi32_epi16(ra));
    _mm256_storeu_si256((__m256i *)(o + i + 16), _mm512_cvtepi32_epi16(rb));
  }
  gather_scalar(o + i, 1, x + i, 1, n - i, t);
}
#endif

void ndi_half_table_loop(char *const *p, const int64_t *s, int64_t n, void *ctx) {
  const uint16_t *t = ((const ndi_ew_ctx *)ctx)->data;
  uint16_t *o = (uint16_t *)p[0];
  const uint16_t *x = (const uint16_t *)p[1];
#ifdef NDI_HALF_X86
  if (s[0] == 2 && s[1] == 2 && (ndi_cpu_features() & NDI_CPU_AVX512BW)) {
    gather_512(o, x, n, t);
    return;
  }
#endif
  if (s[0] % 2 == 0 && s[1] % 2 == 0) {
    gather_scalar(o, s[0] / 2, x, s[1] / 2, n, t);
    return;
  }
  char *po = p[0];
  const char *px = p[1];
  for (int64_t i = 0; i < n; i++, po += s[0], px += s[1])
    *(uint16_t *)po = t[*(const uint16_t *)px];
}
