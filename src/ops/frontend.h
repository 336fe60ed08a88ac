/* The ops frontend's own helpers: scalar arguments converted and checked as NumPy assigns
 * them. It includes what every ops file works with (the core, layout arithmetic, the
 * shared copy services of copy.h); peers (linalg, io, the components) include those
 * headers themselves, never this one. */
#ifndef NDI_FRONTEND_H
#define NDI_FRONTEND_H

#include "core/array.h"
#include "core/error.h"
#include "layout/layout.h"
#include "nd/core.h"
#include "ops/copy.h"

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

#endif
