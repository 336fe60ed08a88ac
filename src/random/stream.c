/* The fixed-share fill engine (see stream.h). */
#include "stream.h"

#include <stdbool.h>
#include <string.h>

#include "nd/core.h"
#include "nd/toolkit.h"

/* 64-bit draws made and converted at a time: one round of the side-by-side fill, whose
 * 12 KiB of draws stay in L1 between the two. */
enum { CHUNK = NDI_PCG64_ROUND };
/* Results of this many bytes and more (far larger than the caches) go to memory with
 * non-temporal stores through an L1 buffer (nd_copy_nontemporal): a normal store first reads
 * each destination line, which doubles the memory traffic of a fill that computes about
 * 1.5 ns per 8 bytes; the extra copy from L1 costs little. */
#define STREAM_BYTES ((size_t)16 << 20)
enum { STAGE = 16384 }; /* bytes of converted elements per streamed store */

/* Elements per 64-bit draw. */
static int64_t per_draw(const ndi_stream *k) { return k->per32 ? 2 * (int64_t)k->per32 : 1; }

/* The elements of m whole 64-bit draws, from a generator with no kept half word; with
 * `streamed`, written through a staging buffer with non-temporal stores. */
static void run_draws(ndi_pcg64 *g, const ndi_stream *k, char *out, int64_t m, bool streamed) {
  union {
    uint64_t d64[CHUNK];
    uint32_t d32[2 * CHUNK];
  } buf;
  _Alignas(64) char stage[STAGE];
  const size_t step = (size_t)per_draw(k) * k->elsize; /* bytes per draw */
  int64_t chunk = CHUNK;
  if (streamed && (int64_t)(STAGE / step) < chunk) chunk = (int64_t)(STAGE / step);
  while (m > 0) {
    int64_t c = m < chunk ? m : chunk;
    char *dst = streamed ? stage : out;
    if (k->per32) {
      ndi_pcg64_fill32(g, buf.d32, c);
      k->conv(k, buf.d32, 2 * c, dst);
    } else {
      ndi_pcg64_fill64(g, buf.d64, c);
      k->conv(k, buf.d64, c, dst);
    }
    if (streamed) nd_copy_nontemporal(out, stage, (size_t)c * step);
    out += (size_t)c * step;
    m -= c;
  }
  if (streamed) nd_copy_nontemporal_fence();
}

/* The first `take` elements of the elements `nwords` words make (a kept half word at the
 * start, or a last draw only partly used). */
static void convert_part(const ndi_stream *k, const uint32_t *words, int nwords, int64_t take,
                         char *out) {
  _Alignas(16) char tmp[2 * 32]; /* at most 2 words x 32 one-byte elements, or 2 x 1 8-byte ones */
  k->conv(k, words, nwords, tmp);
  memcpy(out, tmp, (size_t)take * k->elsize);
}

typedef struct {
  ndi_pcg64 start; /* the state at the fill's start */
  const ndi_stream *k;
  char *out;
  int64_t m, nshares;
  bool streamed;
} shares;

/* Share t of the m whole draws: the generator jumped ahead to its first draw. */
static void run_share(void *v, int64_t t, int slot) {
  const shares *sh = v;
  (void)slot;
  int64_t a = sh->m * t / sh->nshares, b = sh->m * (t + 1) / sh->nshares;
  ndi_pcg64 s = sh->start;
  ndi_pcg64_advance(&s, (ndi_u128)a);
  run_draws(&s, sh->k, sh->out + (size_t)a * (size_t)per_draw(sh->k) * sh->k->elsize, b - a,
            sh->streamed);
}

void ndi_stream_fill(ndi_pcg64 *g, const ndi_stream *k, void *out_, int64_t n) {
  char *out = out_;
  if (n <= 0) return;
  if (k->per32 && g->has_uint32) { /* the kept half word is this fill's first word */
    int64_t take = n < k->per32 ? n : k->per32;
    g->has_uint32 = 0;
    convert_part(k, &g->uinteger, 1, take, out);
    out += (size_t)take * k->elsize;
    n -= take;
  }
  const int64_t e = per_draw(k), m = n / e, rest = n % e;
  const int nt = nd_threads_for(n);
  const bool streamed = (size_t)n * k->elsize >= STREAM_BYTES;
  if (nt > 1 && m >= 4 * (int64_t)nt) {
    /* a few shares per thread, taken as threads become free */
    shares sh = {*g, k, out, m, 4 * (int64_t)nt, streamed};
    nd_parallel_for(nt, sh.nshares, run_share, &sh);
    ndi_pcg64_advance(g, (ndi_u128)m);
  } else {
    run_draws(g, k, out, m, streamed);
  }
  out += (size_t)m * (size_t)e * k->elsize;
  if (rest) { /* one more draw, partly used; an unused high half is kept, as next32 keeps it */
    uint64_t x = ndi_pcg64_next64(g);
    uint32_t w[2] = {(uint32_t)x, (uint32_t)(x >> 32)};
    int words = rest > k->per32 ? 2 : 1;
    convert_part(k, w, words, rest, out);
    if (words == 1) {
      g->has_uint32 = 1;
      g->uinteger = w[1];
    }
  }
}
