/* Running fill functions into new and existing arrays (see sampler.h). */
#include "sampler.h"

#include "nd/core.h"
#include "nd/toolkit.h"

nd_array *ndi_sample_new(const char *op, nd_rng *g, nd_dtype t, int ndim, const int64_t *shape,
                         ndi_sampler_fill fill, const void *params) {
  nd_array *a = nd_alloc(op, t, ndim, shape, ND_C);
  if (!a) return NULL;
  fill(g, t, nd_data(a), nd_size(a), params);
  return a;
}

nd_status ndi_sample_out(const char *op, nd_rng *g, nd_array *out, ndi_sampler_fill fill,
                         const void *params) {
  nd_status st = nd_check_writeable(op, out);
  if (st) return st;
  const int64_t n = nd_size(out);
  const nd_dtype t = nd_dtype_of(out);
  if (n == 0) return ND_OK;
  if (nd_is_contiguous(out, ND_C)) {
    fill(g, t, nd_data(out), n, params);
    return ND_OK;
  }
  nd_array *tmp = nd_alloc(op, t, nd_ndim(out), nd_shape(out), ND_C);
  if (!tmp) return nd_last_status();
  fill(g, t, nd_data(tmp), n, params);
  st = nd_copy_strided(op, nd_ndim(out), nd_shape(out), t, nd_data(out), nd_strides(out), t,
                       nd_data(tmp), nd_strides(tmp));
  nd_release(tmp);
  return st;
}

nd_status ndi_sample_bad_dtype(const char *op, nd_dtype t, const char *accepted) {
  if (nd_check_dtype(op, (int)t)) return nd_last_status();
  return nd_set_error(ND_ERR_TYPE, "%s: unsupported dtype %s (accepted: %s)", op, nd_dtype_name(t),
                   accepted);
}
