/* Shapes, contiguity, extents and axis normalisation. */
#include <stdlib.h>

#include "core/error.h"
#include "layout.h"

bool ndi_is_contiguous(int ndim, const int64_t *shape, const int64_t *strides, nd_order o) {
  for (int i = 0; i < ndim; i++)
    if (shape[i] == 0) return true;
  int64_t expect = 1;
  for (int k = 0; k < ndim; k++) {
    int i = o == ND_F ? k : ndim - 1 - k;
    if (shape[i] == 1) continue;
    if (strides[i] != expect) return false;
    expect *= shape[i];
  }
  return true;
}

bool ndi_extent(int ndim, const int64_t *shape, const int64_t *strides, int64_t *lo, int64_t *hi) {
  int64_t l = 0, h = 0;
  for (int i = 0; i < ndim; i++) {
    if (shape[i] == 0) return false;
    int64_t span = strides[i] * (shape[i] - 1);
    if (span < 0) l += span;
    else h += span;
  }
  *lo = l;
  *hi = h;
  return true;
}

nd_status ndi_extent_checked(const char *op, int ndim, const int64_t *shape,
                             const int64_t *strides, size_t elsize, int64_t *lo, int64_t *hi) {
  int64_t l = 0, h = 0;
  *lo = *hi = 0;
  for (int i = 0; i < ndim; i++)
    if (shape[i] == 0) return ND_OK;
  for (int i = 0; i < ndim; i++) {
    int64_t bytes, span;
    if (shape[i] == 1) continue; /* never stepped along */
    if (__builtin_mul_overflow(strides[i], (int64_t)elsize, &bytes) ||
        __builtin_mul_overflow(bytes, shape[i] - 1, &span) ||
        (span < 0 ? __builtin_add_overflow(l, span, &l) : __builtin_add_overflow(h, span, &h))) {
      char sb[NDI_SHAPE_BUF], tb[NDI_SHAPE_BUF];
      return ndi_error(ND_ERR_OVERFLOW, "%s: strides %s (elements of %zu bytes) with shape %s address offsets beyond 64 bits",
                       op, ndi_fmt_shape(tb, sizeof tb, ndim, strides), elsize,
                       ndi_fmt_shape(sb, sizeof sb, ndim, shape));
    }
  }
  *lo = l / (int64_t)elsize;
  *hi = h / (int64_t)elsize;
  return ND_OK;
}

void ndi_order_k_perm(int ndim, const int64_t *shape, const int64_t *strides, int *perm) {
  /* NumPy's rule for a new array "like" another in order K: C order if the other is
   * C-contiguous, else F order if it is F-contiguous (both judged as NumPy's flags,
   * ignoring axes of extent 1), else a stable insertion sort of all axes by decreasing
   * |stride|. */
  bool c = ndi_is_contiguous(ndim, shape, strides, ND_C);
  bool f = !c && ndi_is_contiguous(ndim, shape, strides, ND_F);
  for (int i = 0; i < ndim; i++) perm[i] = f ? ndim - 1 - i : i;
  if (c || f) return;
  int64_t key[ND_MAX_DIMS];
  for (int i = 0; i < ndim; i++) key[i] = llabs(strides[i]);
  for (int i = 1; i < ndim; i++) {
    int p = perm[i];
    int j = i - 1;
    while (j >= 0 && key[perm[j]] < key[p]) {
      perm[j + 1] = perm[j];
      j--;
    }
    perm[j + 1] = p;
  }
}

/* Whether axis x goes before axis y in a list sorted slowest-first (or fastest-first):
 * 1 every operand that can judge says so, 0 one says no (the C order wins), -1 no
 * operand can judge. */
static int judge_before(bool fastest_first, int n, ndi_axis_info_fn info, const void *ctx,
                        int x, int y) {
  int verdict = -1;
  for (int k = 0; k < n; k++) {
    int64_t ex, sx, ey, sy;
    info(ctx, k, x, &ex, &sx);
    info(ctx, k, y, &ey, &sy);
    if (ex == 1 || ey == 1 || sx == 0 || sy == 0) continue;
    bool before = fastest_first ? llabs(sx) < llabs(sy) : llabs(sx) > llabs(sy);
    if (!before) verdict = 0;
    else if (verdict < 0) verdict = 1;
  }
  return verdict;
}

void ndi_order_k_perm_multi(ndi_k_rule rule, int n, int ndim, ndi_axis_info_fn info,
                            const void *ctx, int *perm) {
  bool fastest_first = rule == NDI_K_ITERATOR;
  int list[ND_MAX_DIMS];
  for (int i = 0; i < ndim; i++) list[i] = fastest_first ? ndim - 1 - i : i;
  for (int i0 = 1; i0 < ndim; i0++) {
    int x = list[i0], pos = i0;
    for (int i1 = i0 - 1; i1 >= 0; i1--) {
      int v = judge_before(fastest_first, n, info, ctx, x, list[i1]);
      if (v == 0) break;
      if (v == 1) pos = i1;
    }
    for (int i = i0; i > pos; i--) list[i] = list[i - 1];
    list[pos] = x;
  }
  for (int i = 0; i < ndim; i++) perm[i] = fastest_first ? list[ndim - 1 - i] : list[i];
}

typedef struct {
  const int64_t *shape, *strides;
} one_operand;

static void one_operand_info(const void *ctx, int k, int axis, int64_t *extent, int64_t *stride) {
  const one_operand *o = ctx;
  (void)k;
  *extent = o->shape[axis];
  *stride = o->strides[axis];
}

void ndi_order_k_perm_iter(int ndim, const int64_t *shape, const int64_t *strides, int *perm) {
  one_operand o = {shape, strides};
  ndi_order_k_perm_multi(NDI_K_ITERATOR, 1, ndim, one_operand_info, &o, perm);
}

void ndi_strides_for_perm(int ndim, const int64_t *shape, const int *perm, int64_t *strides) {
  int64_t s = 1;
  for (int k = ndim - 1; k >= 0; k--) {
    strides[perm[k]] = s;
    s *= shape[perm[k]] > 0 ? shape[perm[k]] : 1;
  }
}

nd_status ndi_normalize_axis(const char *op, int axis, int ndim, int *out) {
  if (axis < -ndim || axis >= ndim)
    return ndi_error(ND_ERR_INDEX_AXIS, "%s: axis %d is out of bounds for array of dimension %d",
                     op, axis, ndim);
  *out = axis < 0 ? axis + ndim : axis;
  return ND_OK;
}

nd_status ndi_select_axes(const char *op, int naxes, const int *axes, int ndim, bool *selected) {
  if (naxes == ND_ALL_AXES) {
    for (int i = 0; i < ndim; i++) selected[i] = true;
    return ND_OK;
  }
  if (naxes < ND_ALL_AXES)
    return ndi_error(ND_ERR_VALUE, "%s: invalid axis count %d (-1 means all axes)", op, naxes);
  return ndi_normalize_axes(op, naxes, axes, ndim, NULL, selected);
}

nd_status ndi_normalize_axes(const char *op, int naxes, const int *axes, int ndim, int *out,
                             bool *seen) {
  bool local[ND_MAX_DIMS] = {0};
  bool *flag = seen ? seen : local;
  for (int i = 0; i < ndim; i++) flag[i] = false;
  if (naxes > 0 && !axes) return ndi_null_arg_named(op, "axes"); /* keeps an earlier error */
  for (int i = 0; i < naxes; i++) {
    int ax = 0;
    nd_status st = ndi_normalize_axis(op, axes[i], ndim, &ax);
    if (st) return st;
    if (flag[ax]) return ndi_error(ND_ERR_INDEX_AXIS, "%s: repeated axis %d in axes", op, axes[i]);
    flag[ax] = true;
    if (out) out[i] = ax;
  }
  return ND_OK;
}
