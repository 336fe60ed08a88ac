/* The driver: a resolved request becomes one pass per transformed axis.
 *
 * As NumPy, an n-dimensional transform is a one-axis transform per listed axis, the last
 * listed axis first. The first pass reads x (cut to the result's extents on every axis)
 * and writes the result; where the result is longer than x on another transformed axis,
 * that part is zeroed first. The following passes transform the result in place. The
 * norm's factor is applied once, by the last pass. irfftn runs its complex passes into a
 * scratch array and its last (complex-to-real) pass from there, which may overwrite it. */
#include <string.h>

#include "frontend.h"
#include "nd/core.h"
#include "nd/creation.h"
#include "nd/indexing.h"
#include "nd/toolkit.h"
#include "nd/views.h"
#include "pass.h"
#include "split.h"

/* dst[..., from:, ...] = 0 along axis ax. */
static nd_status zero_tail(const char *op, nd_array *dst, int ax, int64_t from) {
  nd_index_item items[ND_MAX_DIMS];
  for (int d = 0; d < ax; d++) items[d] = ND_ALL;
  items[ax] = ND_FROM(from);
  nd_array *v = nd_index_items(dst, ax + 1, items);
  nd_status st = v ? nd_fill(v, 0.0) : nd_last_status();
  nd_release(v);
  if (st) nd_error_prefix(op);
  return st;
}

typedef struct axis_job {
  ndf_kind kind;
  int64_t n;
  int ax;
  double scale;
  bool conj_in, conj_out, in_destroy;
} axis_job;

/* One pass along j->ax from src into dst (which may be src itself). On the other axes the
 * pass covers the extents both share; dst beyond src's extent is zeroed. */
static nd_status run_axis(const char *op, bool single, const axis_job *j, const nd_array *src,
                          nd_array *dst) {
  int nd = nd_ndim(dst), ax = j->ax;
  const int64_t *ss = nd_shape(src), *sst = nd_strides(src);
  const int64_t *ds = nd_shape(dst), *dst_st = nd_strides(dst);
  for (int d = 0; d < nd; d++) {
    if (d == ax || ss[d] >= ds[d]) continue;
    nd_status st = zero_tail(op, dst, d, ss[d]);
    if (st) return st;
  }
  ndf_pass p = {
      .op = op, .kind = j->kind, .single = single, .n = j->n,
      .in = nd_data(src), .in_dtype = nd_dtype_of(src), .in_len = ss[ax], .in_stride = sst[ax],
      .in_destroy = j->in_destroy, .conj_in = j->conj_in,
      .out = nd_data(dst), .out_dtype = nd_dtype_of(dst), .out_stride = dst_st[ax],
      .scale = j->scale, .conj_out = j->conj_out, .tw_dim = -1,
  };
  for (int d = 0; d < nd; d++) {
    if (d == ax) continue;
    p.bshape[p.nb] = ss[d] < ds[d] ? ss[d] : ds[d];
    p.bin[p.nb] = sst[d];
    p.bout[p.nb] = dst_st[d];
    p.nb++;
  }
  return ndf_split_run(&p);
}

/* The complex passes over list[0..count) (last first) from src into dst, in place after
 * the first; `scale` is applied by the last of them. */
static nd_status complex_passes(const char *op, const ndf_args *a, bool inverse, int count,
                                const nd_array *src, nd_array *dst, double scale) {
  for (int i = count - 1; i >= 0; i--) {
    axis_job j = {.kind = inverse ? NDF_C2C_BWD : NDF_C2C_FWD, .n = a->len[i], .ax = a->axes[i],
                  .scale = i == 0 ? scale : 1.0};
    nd_status st = run_axis(op, a->single, &j, i == count - 1 ? src : dst, dst);
    if (st) return st;
  }
  return ND_OK;
}

static nd_fft_norm swapped(nd_fft_norm norm) {
  return norm == ND_FFT_BACKWARD ? ND_FFT_FORWARD : norm == ND_FFT_FORWARD ? ND_FFT_BACKWARD : norm;
}

nd_status ndf_execute(const ndf_request *rq, const ndf_args *a, const nd_array *x,
                      nd_array *out, nd_fft_norm norm) {
  const char *op = rq->op;
  if (a->naxes == 0) return nd_assign(out, x) ? nd_error_prefix(op) : ND_OK;
  if (nd_size(out) == 0) return ND_OK;
  bool inverse = rq->family == NDF_REAL_OUT || (rq->family == NDF_COMPLEX && rq->inverse);
  double points = 1;
  for (int i = 0; i < a->naxes; i++) points *= (double)a->len[i];
  double scale = ndf_norm_factor(rq->hermitian ? swapped(norm) : norm, inverse, points);
  int last = a->naxes - 1;
  switch (rq->family) {
    case NDF_COMPLEX: return complex_passes(op, a, inverse, a->naxes, x, out, scale);
    case NDF_REAL_IN: {
      axis_job j = {.kind = NDF_R2C, .n = a->len[last], .ax = a->axes[last],
                    .scale = last == 0 ? scale : 1.0, .conj_out = rq->hermitian};
      nd_status st = run_axis(op, a->single, &j, x, out);
      if (st || last == 0) return st;
      return complex_passes(op, a, false, last, out, out, scale);
    }
    case NDF_REAL_OUT: {
      axis_job j = {.kind = NDF_C2R, .n = a->len[last], .ax = a->axes[last], .scale = scale,
                    .conj_in = rq->hermitian};
      if (last == 0) return run_axis(op, a->single, &j, x, out);
      /* the complex passes into scratch of the half spectrum's shape */
      int64_t zshape[ND_MAX_DIMS];
      memcpy(zshape, nd_shape(x), sizeof(int64_t) * (size_t)a->ndim);
      for (int i = 0; i < last; i++) zshape[a->axes[i]] = a->len[i];
      zshape[a->axes[last]] = a->len[last] / 2 + 1;
      nd_array *z = nd_alloc_like(op, x, a->single ? ND_COMPLEX64 : ND_COMPLEX128, ND_K, a->ndim, zshape);
      if (!z) return nd_last_status();
      nd_status st = complex_passes(op, a, true, last, x, z, 1.0);
      if (!st) {
        j.in_destroy = true;
        st = run_axis(op, a->single, &j, z, out);
      }
      nd_release(z);
      return st;
    }
  }
  return ND_OK;
}

/* out is exactly x (same memory, dtype, shape and strides): transformed in place. */
static bool same_array(const nd_array *out, const nd_array *x) {
  int nd = nd_ndim(x);
  return nd_data(out) == nd_data(x) && nd_dtype_of(out) == nd_dtype_of(x) && nd_ndim(out) == nd &&
         !memcmp(nd_shape(out), nd_shape(x), sizeof(int64_t) * (size_t)nd) &&
         !memcmp(nd_strides(out), nd_strides(x), sizeof(int64_t) * (size_t)nd);
}

nd_status ndf_transform(const ndf_request *rq, nd_array **result, nd_array *out,
                        const nd_array *x, int naxes, const int *axes, int ns, const int64_t *s,
                        nd_fft_norm norm) {
  if (result) *result = NULL;
  else if (!out) return nd_null_arg(rq->op, "out");
  ndf_args a;
  nd_status st = ndf_resolve(rq, x, naxes, axes, ns, s, norm, &a);
  if (st) return st;
  nd_array *dst = out, *copy = NULL;
  const nd_array *src = x;
  if (out) {
    if ((st = nd_check_out(rq->op, out, a.result, a.ndim, a.shape))) return st;
    if (nd_may_share_memory(out, x) && !same_array(out, x) && nd_shares_memory(out, x)) {
      if (!(copy = nd_copy(x, ND_K))) return nd_error_prefix(rq->op);
      src = copy;
    }
  } else if (!(dst = nd_alloc_like(rq->op, x, a.result, ND_K, a.ndim, a.shape))) {
    return nd_last_status();
  }
  st = ndf_execute(rq, &a, src, dst, norm);
  nd_release(copy);
  if (result) {
    if (st) nd_release(dst);
    else *result = dst;
  }
  return st;
}
