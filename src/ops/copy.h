/* Arrays made and filled from other arrays (ops/copy.c): allocation laid out like another
 * array, copies through the copy engine, assignment with overlap handling, fill, and the
 * rounding of 16-bit results. The services every frontend (ops, linalg, io) shares. */
#ifndef NDI_OPS_COPY_H
#define NDI_OPS_COPY_H

#include "nd/types.h"

/* A new uninitialised array of a's shape and dtype t, laid out per order o relative to a:
 * C, F, A (F if a is F- and not C-contiguous) or K (a's axis order). */
nd_array *ndi_alloc_like(const char *op, const nd_array *a, nd_dtype t, nd_order o);
/* The same for another shape (nd_alloc_like): K keeps a's axis order when ndim is a's,
 * else it is C, as NumPy's empty_like(a, shape=...). */
nd_array *ndi_alloc_shaped_like(const char *op, const nd_array *a, nd_dtype t, nd_order o,
                                 int ndim, const int64_t *shape);

/* Copies src into dst (same shape, no overlap, any dtypes). */
void ndi_copy_array(nd_array *dst, const nd_array *src);
/* r, computed in ndi_compute_dtype(t), as dtype t: r itself, or (float16, bfloat16) a new
 * array of r's layout holding r's values rounded once, r released. NULL on failure (r
 * NULL included, so that calls chain). */
nd_array *ndi_round_result(const char *op, nd_array *r, nd_dtype t);
/* Copies src (broadcast to dst's shape) into dst with overlap handling and checks of
 * writeability; the engine behind nd_assign. */
nd_status ndi_assign(const char *op, nd_array *dst, const nd_array *src);
/* Checks that dst may be written: writeable flag, no stride-0 axis of extent > 1. */
nd_status ndi_check_writable(const char *op, const nd_array *dst);
/* dst[...] = value, errors naming op. */
nd_status ndi_fill(const char *op, nd_array *dst, nd_scalar value);

#endif
