/* Helpers shared by the linear-algebra frontend. */
#include "la_common.h"

#include <stdio.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/dtype.h"

nd_array *ndi_la_as_dtype(const char *op, const nd_array *a, nd_dtype t) {
  if (a->dtype == t) return nd_retain((nd_array *)a);
  /* Convert the compact array (broadcast axes shrunk to extent 1), then broadcast the
   * converted copy again with the same stride-0 axes. */
  int64_t shape[ND_MAX_DIMS], strides[ND_MAX_DIMS];
  bool bcast = false;
  for (int i = 0; i < a->ndim; i++) {
    bool b = a->strides[i] == 0 && a->shape[i] > 1;
    shape[i] = b ? 1 : a->shape[i];
    bcast |= b;
  }
  nd_array *compact = ndi_view(op, a, a->ndim, shape, a->strides, a->offset);
  if (!compact) return NULL;
  nd_array *conv = ndi_alloc_like(op, compact, t, ND_K);
  if (conv) ndi_copy_array(conv, compact);
  nd_release(compact);
  if (!conv || !bcast) return conv;
  for (int i = 0; i < a->ndim; i++) strides[i] = shape[i] == a->shape[i] ? conv->strides[i] : 0;
  nd_array *r = ndi_view(op, conv, a->ndim, a->shape, strides, conv->offset);
  nd_release(conv);
  return r;
}

char *ndi_la_fmt_batch(char *buf, size_t cap, int nbd, const int64_t *bshape, int64_t lin) {
  if (nbd == 0) {
    snprintf(buf, cap, "the matrix");
    return buf;
  }
  if (nbd == 1) {
    snprintf(buf, cap, "matrix %lld of the batch", (long long)lin);
    return buf;
  }
  int64_t idx[ND_MAX_DIMS];
  for (int d = nbd - 1; d >= 0; d--) {
    idx[d] = bshape[d] ? lin % bshape[d] : 0;
    lin = bshape[d] ? lin / bshape[d] : 0;
  }
  char sh[NDI_SHAPE_BUF];
  snprintf(buf, cap, "matrix %s of the batch", ndi_fmt_shape(sh, sizeof sh, nbd, idx));
  return buf;
}

void ndi_la_run_blocks(int64_t n, int nt, ndi_la_range_fn fn, void *ctx) {
  if (nt <= 1) {
    fn(ctx, 0, n, 0);
    return;
  }
  int64_t nblk = 16 * (int64_t)nt < n ? 16 * (int64_t)nt : n;
#pragma omp parallel for num_threads(nt) schedule(dynamic, 1)
  for (int64_t blk = 0; blk < nblk; blk++) {
#ifdef _OPENMP
    int t = omp_get_thread_num();
#else
    int t = 0;
#endif
    fn(ctx, n * blk / nblk, n * (blk + 1) / nblk, t);
  }
}
