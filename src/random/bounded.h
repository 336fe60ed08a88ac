/* Bounded integers as NumPy's Generator.integers draws them (distributions.c): values
 * off + v, v uniform in [0, rng], wrapped to the element width. The unit of draw follows
 * the element type: 64-bit draws for 64-bit elements when rng >= 2^32, 32-bit draws for
 * 32-bit elements and for 64-bit ones with a smaller range, 16 or 8 bits of a buffered
 * 32-bit draw for 16- and 8-bit elements, one bit for bool. */
#ifndef NDI_RANDOM_BOUNDED_H
#define NDI_RANDOM_BOUNDED_H

#include <stddef.h>
#include <stdint.h>

#include "pcg64.h"

/* Fills out[0..n) (elements of `width` bytes: 1, 2, 4 or 8; width 1 with `is_bool` for
 * bool) with off + v, v in [0, rng], for rng within the element's unsigned range. */
void ndi_bounded_fill(ndi_pcg64 *g, uint64_t off, uint64_t rng, size_t width, int is_bool,
                      void *out, int64_t n);

#endif
