/* Helpers shared by the API functions: argument checks, output allocation, copying. */
#ifndef NDI_FRONTEND_H
#define NDI_FRONTEND_H

#include "core/array.h"
#include "core/error.h"
#include "layout/layout.h"
#include "nd/core.h"

/* nd_diagonal with errors named after op (trace's own checks). */
nd_array *ndi_diagonal(const char *op, nd_array *a, int64_t offset, int axis1, int axis2);

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

/* nd_wrap with errors naming `op` and extra storage flags (NDI_STORAGE_READONLY for a
 * read-only memory map: headers over it are never writeable). On failure the deleter does
 * not run: the caller keeps ownership of `data`. */
nd_array *ndi_wrap(const char *op, nd_dtype t, int ndim, const int64_t *shape,
                   const int64_t *strides, void *data, void (*deleter)(void *data, void *ctx),
                   void *ctx, unsigned storage_flags);

/* dst[...] = value, errors naming op. */
nd_status ndi_fill(const char *op, nd_array *dst, nd_scalar value);
/* Converts a scalar to one element of dtype t in buf (16 bytes). Complex into a real
 * dtype is an error naming op. */
nd_status ndi_scalar_to(const char *op, nd_scalar v, nd_dtype t, void *buf);
/* Assigning a weak integer or float scalar (nd_weak(ND_INT(x)), nd_weak(ND_FLOAT(x))) into
 * dtype t: ND_ERR_OVERFLOW when t is an integer dtype that cannot hold x (a float
 * truncated first), ND_ERR_VALUE for a float NaN, as NumPy's a[...] = 1000 or = -1.0 for
 * an int8 or uint8 a. */
nd_status ndi_check_weak_fits(const char *op, const nd_array *value, nd_dtype t);
/* The float part of that check: v assigned into dtype t (a no-op unless t is an integer
 * dtype); `what` names v in the message ("float scalar"). np.full and astype convert
 * unchecked; assignment, fill and arange's first two values check. */
nd_status ndi_check_float_fits(const char *op, const char *what, double v, nd_dtype t);
/* That check for a scalar being assigned (fill, mask_fill, weak values): floats only;
 * integers are range-checked by ndi_scalar_to itself. */
nd_status ndi_check_float_assign(const char *op, nd_scalar v, nd_dtype t);
/* The dtype a scalar's kind maps to by default (bool, int64, float64, complex128). */
nd_dtype ndi_scalar_default_dtype(nd_scalar v);

/* Makes a view of a's storage with a new layout (keeps writeability). */
static inline nd_array *ndi_view(const char *op, const nd_array *a, int ndim,
                                 const int64_t *shape, const int64_t *strides, int64_t offset) {
  return ndi_array_view_of(op, a, a->dtype, ndim, shape, strides, offset);
}

#endif
