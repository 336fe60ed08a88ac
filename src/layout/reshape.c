/* Reshape arithmetic: resolving -1, and finding strides for a reshape without a copy. */
#include "core/error.h"
#include "layout.h"

nd_status ndi_reshape_resolve(const char *op, int64_t size, int ndim, const int64_t *shape,
                              int64_t *out) {
  nd_status st = ndi_check_ndim(op, ndim, shape);
  if (st) return st;
  int unknown = -1;
  int64_t known = 1;
  char buf[NDI_SHAPE_BUF];
  for (int i = 0; i < ndim; i++) {
    out[i] = shape[i];
    if (shape[i] == -1) {
      if (unknown >= 0)
        return ndi_error(ND_ERR_VALUE, "%s: only one dimension can be inferred (shape %s)", op,
                         ndi_fmt_shape(buf, sizeof buf, ndim, shape));
      unknown = i;
    } else if (shape[i] < 0) {
      return ndi_error(ND_ERR_VALUE, "%s: negative dimensions are not allowed (shape %s)", op,
                       ndi_fmt_shape(buf, sizeof buf, ndim, shape));
    } else if (__builtin_mul_overflow(known, shape[i], &known)) {
      return ndi_error(ND_ERR_OVERFLOW_SIZE, "%s: shape %s is too large (size overflows int64)", op,
                       ndi_fmt_shape(buf, sizeof buf, ndim, shape));
    }
  }
  if (unknown >= 0) {
    if (known == 0 || size % known != 0)
      return ndi_error(ND_ERR_SHAPE, "%s: cannot reshape array of size %lld into shape %s%s", op,
                       (long long)size, ndi_fmt_shape(buf, sizeof buf, ndim, shape),
                       known == 0 ? " (the inferred dimension is ambiguous)" : "");
    out[unknown] = size / known;
  } else if (known != size) {
    return ndi_error(ND_ERR_SHAPE, "%s: cannot reshape array of size %lld into shape %s", op,
                     (long long)size, ndi_fmt_shape(buf, sizeof buf, ndim, shape));
  }
  /* With a zero extent the product above is 0 whatever the others are; they must still
   * fit together (their strides are computed from them). */
  int64_t check;
  return ndi_shape_size(op, ndim, out, &check);
}

/* NumPy's no-copy reshape: walk groups of old and new axes whose extents have equal
 * products; a group can be re-expressed only if its old axes are contiguous with respect
 * to each other in the requested order. */
bool ndi_reshape_strides(int ndim, const int64_t *shape, const int64_t *strides, int newndim,
                         const int64_t *newshape, nd_order o, int64_t *newstrides) {
  bool f = o == ND_F;
  for (int i = 0; i < ndim; i++) {
    if (shape[i] == 0) { /* nothing is addressed: any strides will do */
      ndi_contiguous_strides(newndim, newshape, o, newstrides);
      return true;
    }
  }
  int64_t od[ND_MAX_DIMS], os[ND_MAX_DIMS];
  int on = 0;
  for (int i = 0; i < ndim; i++) {
    if (shape[i] == 1) continue;
    od[on] = shape[i];
    os[on] = strides[i];
    on++;
  }
  int oi = 0, oj = 1, ni = 0, nj = 1;
  while (ni < newndim && oi < on) {
    int64_t np = newshape[ni], opd = od[oi];
    while (np != opd) {
      if (np < opd) np *= newshape[nj++];
      else opd *= od[oj++];
    }
    for (int k = oi; k < oj - 1; k++) {
      if (f ? os[k + 1] != od[k] * os[k] : os[k] != od[k + 1] * os[k + 1]) return false;
    }
    if (f) {
      newstrides[ni] = os[oi];
      for (int k = ni + 1; k < nj; k++) newstrides[k] = newstrides[k - 1] * newshape[k - 1];
    } else {
      newstrides[nj - 1] = os[oj - 1];
      for (int k = nj - 1; k > ni; k--) newstrides[k - 1] = newstrides[k] * newshape[k];
    }
    ni = nj++;
    oi = oj++;
  }
  /* Remaining new axes have extent 1; give them the stride a dense layout would. */
  int64_t last;
  if (ni == 0) last = 1;
  else last = f ? newstrides[ni - 1] * newshape[ni - 1] : newstrides[ni - 1];
  for (int k = ni; k < newndim; k++) newstrides[k] = last;
  return true;
}
