/* Running fill functions into new and existing arrays (see sampler.h). */
#include "sampler.h"

#include "core/error.h"
#include "nd/core.h"
#include "ops/frontend.h"

nd_array *ndi_sample_new(const char *op, nd_rng *g, nd_dtype t, int ndim, const int64_t *shape,
                         ndi_sampler_fill fill, const void *params) {
  nd_array *a = ndi_array_alloc(op, t, ndim, shape, ND_C);
  if (!a) return NULL;
  fill(g, t, a->data, a->size, params);
  return a;
}

nd_status ndi_sample_out(const char *op, nd_rng *g, nd_array *out, ndi_sampler_fill fill,
                         const void *params) {
  nd_status st = ndi_check_writable(op, out);
  if (st) return st;
  if (out->size == 0) return ND_OK;
  if (nd_is_contiguous(out, ND_C)) {
    fill(g, out->dtype, out->data, out->size, params);
    return ND_OK;
  }
  nd_array *tmp = ndi_array_alloc(op, out->dtype, out->ndim, out->shape, ND_C);
  if (!tmp) return nd_last_status();
  fill(g, out->dtype, tmp->data, tmp->size, params);
  ndi_copy_array(out, tmp);
  nd_release(tmp);
  return ND_OK;
}

nd_status ndi_sample_bad_dtype(const char *op, nd_dtype t, const char *accepted) {
  if (ndi_check_dtype(op, (int)t)) return nd_last_status();
  return ndi_error(ND_ERR_TYPE, "%s: unsupported dtype %s (accepted: %s)", op,
                   ndi_dtype_name(t), accepted);
}
