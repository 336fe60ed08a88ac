/* What every public sampler shares: a fill function writes n elements of dtype t, the next
 * n values of the generator's stream, at contiguous memory; these helpers run it into a new
 * C-ordered array, or into an existing array or view of any layout, in that array's
 * C-order element sequence (a temporary takes the values when the layout is not
 * C-contiguous, and the copy engine moves them). Callers check their own arguments first. */
#ifndef NDI_RANDOM_SAMPLER_H
#define NDI_RANDOM_SAMPLER_H

#include "nd/types.h"
#include "rng.h"

typedef void (*ndi_sampler_fill)(nd_rng *g, nd_dtype t, void *data, int64_t n,
                                 const void *params);

/* A new C-contiguous array of dtype t and the given shape, filled. */
nd_array *ndi_sample_new(const char *op, nd_rng *g, nd_dtype t, int ndim, const int64_t *shape,
                         ndi_sampler_fill fill, const void *params);
/* out filled in its C-order element sequence (out must be writeable, with no broadcast
 * axis). */
nd_status ndi_sample_out(const char *op, nd_rng *g, nd_array *out, ndi_sampler_fill fill,
                         const void *params);

/* "op: unsupported dtype int32 (accepted: float32, float64)", ND_ERR_TYPE. */
nd_status ndi_sample_bad_dtype(const char *op, nd_dtype t, const char *accepted);

#endif
