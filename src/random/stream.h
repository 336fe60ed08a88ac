/* The engine for samplers that take a fixed share of the bit stream per element: one
 * 64-bit draw (random and uniform in float64, integers with a range of 2^k above 2^32), or
 * a fixed part of one 32-bit word (random in float32: a whole word; integers with a range
 * of 2^k: a word, a half word, a byte or a bit, as NumPy's buffered draws split them).
 * Element i's bits are known without drawing those before it, so a long fill is cut into
 * blocks whose starting states are reached by jumping ahead: the values are the same for
 * any number of threads. */
#ifndef NDI_RANDOM_STREAM_H
#define NDI_RANDOM_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "pcg64.h"

typedef struct ndi_stream ndi_stream;
/* Converts n draws into elements at out: n uint64 draws into n elements when per32 == 0,
 * else n uint32 words into n * per32 elements. */
typedef void (*ndi_stream_conv)(const ndi_stream *k, const void *draws, int64_t n, char *out);

struct ndi_stream {
  int per32;            /* elements per 32-bit word (1, 2, 4 or 32); 0: 64-bit draws */
  size_t elsize;        /* bytes per element */
  ndi_stream_conv conv;
  double low, range;    /* uniform: low + range * u */
  uint64_t off;         /* integers: off + (unit >> shift), wrapped to the element width */
  int shift;
};

/* out[0..n) (contiguous, elsize bytes each) from the generator; leaves it where n
 * elements drawn one by one would (including the kept half word of 32-bit draws). */
void ndi_stream_fill(ndi_pcg64 *g, const ndi_stream *k, void *out, int64_t n);

#endif
