/* clip, where and weak scalars. */
#include "kernels/ew.h"
#include "nd/elementwise.h"
#include "ufunc.h"

static const ndi_ufunc uf_clip = {"clip", 3, ndi_k_clip, NDI_UF_CLAMP_WEAK,
                                  "real numeric and boolean dtypes, not complex", 1};
static const ndi_ufunc uf_where = {"where", 3, ndi_k_where, NDI_UF_COND_FIRST, "every dtype", 1};

nd_array *nd_clip(const nd_array *x, const nd_array *lo, const nd_array *hi) {
  const nd_array *in[3] = {x, lo, hi};
  return ndi_ufunc_new(&uf_clip, in);
}

nd_status nd_clip_out(nd_array *out, const nd_array *x, const nd_array *lo, const nd_array *hi) {
  const nd_array *in[3] = {x, lo, hi};
  return ndi_ufunc_out(&uf_clip, out, in);
}

/* The scalar forms: both bounds as weak scalars; out NULL for the allocating form. */
static nd_array *clip_scalars(nd_array *out, const nd_array *x, nd_scalar lo, nd_scalar hi,
                              nd_status *st) {
  nd_array *r = NULL;
  nd_array *l = ndi_weak_new("clip", lo), *h = l ? ndi_weak_new("clip", hi) : NULL;
  if (!h) {
    *st = nd_last_status();
  } else {
    const nd_array *in[3] = {x, l, h};
    if (out)
      *st = ndi_ufunc_out(&uf_clip, out, in);
    else
      *st = (r = ndi_ufunc_new(&uf_clip, in)) ? ND_OK : nd_last_status();
  }
  nd_release(h);
  nd_release(l);
  return r;
}

nd_array *nd_clip_scalar(const nd_array *x, nd_scalar lo, nd_scalar hi) {
  NDI_REQUIRE("clip", x);
  nd_status st;
  return clip_scalars(NULL, x, lo, hi, &st);
}

nd_status nd_clip_scalar_out(nd_array *out, const nd_array *x, nd_scalar lo, nd_scalar hi) {
  NDI_REQUIRE_ST("clip", out);
  NDI_REQUIRE_ST("clip", x);
  nd_status st;
  clip_scalars(out, x, lo, hi, &st);
  return st;
}

nd_array *nd_where(const nd_array *cond, const nd_array *a, const nd_array *b) {
  const nd_array *in[3] = {cond, a, b};
  return ndi_ufunc_new(&uf_where, in);
}

nd_status nd_where_out(nd_array *out, const nd_array *cond, const nd_array *a, const nd_array *b) {
  const nd_array *in[3] = {cond, a, b};
  return ndi_ufunc_out(&uf_where, out, in);
}

nd_array *nd_weak(nd_scalar v) { return ndi_weak_new("weak", v); }

bool nd_is_weak(const nd_array *a) { return a && (a->flags & NDI_WEAK); }
