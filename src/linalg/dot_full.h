/* A full contraction of two real operands in any layouts, in one pass split over nd's
 * threads, transposing one operand tile by tile where the layouts cross (dot_full.c).
 * Internal to src/linalg. */
#ifndef NDI_LINALG_DOT_FULL_H
#define NDI_LINALG_DOT_FULL_H

#include <stdbool.h>
#include <stdint.h>

#include "core/error.h"
#include "nd/types.h"

/* Dots at least this long are worth splitting over threads. */
#define NDI_LA_DOT_SPLIT_MIN ((int64_t)1 << 17)

/* Whether dtype t has the one-pass path (float32 and float64). */
bool ndi_la_dot_full_wanted(nd_dtype t);

/* *out (a t) = sum of x[i] y[i] over the ndim-d shape; x and y by element strides. The
 * order of the sum depends on the shape and layouts alone. */
nd_status ndi_la_dot_full(const char *op, nd_dtype t, int ndim, const int64_t *shape,
                          const char *x, const int64_t *xs, const char *y, const int64_t *ys,
                          void *out);

#endif
