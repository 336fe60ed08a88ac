/* NumPy's basic indexing as layout arithmetic: integers, slices, None and one ellipsis
 * (nd_index_item) applied to a shape and strides, giving the view's layout. */
#include "core/error.h"
#include "layout.h"

int64_t ndi_slice_adjust(int64_t n, bool has_start, int64_t start, bool has_stop, int64_t stop,
                         int64_t step, int64_t *first) {
  /* Python's PySlice_AdjustIndices. */
  if (!has_start) start = step > 0 ? 0 : n - 1;
  else if (start < 0) {
    start += n;
    if (start < 0) start = step > 0 ? 0 : -1;
  } else if (start >= n) {
    start = step > 0 ? n : n - 1;
  }
  if (!has_stop) stop = step > 0 ? n : -1;
  else if (stop < 0) {
    stop += n;
    if (stop < 0) stop = step > 0 ? 0 : -1;
  } else if (stop >= n) {
    stop = step > 0 ? n : n - 1;
  }
  int64_t len = 0;
  if (step > 0 && stop > start) len = (stop - start - 1) / step + 1;
  else if (step < 0 && start > stop) len = (start - stop - 1) / (-step) + 1;
  *first = len > 0 ? start : 0;
  return len;
}

/* Counts the axes item k consumes (integers, slices) and adds (None); a second ellipsis
 * and kinds a basic index does not take are errors. */
static nd_status count_item(const char *op, const nd_index_item *it, int k, int *consumed,
                            int *ints, int *added, int *ellipses) {
  switch (it->kind) {
    case ND_ITEM_INT: (*ints)++; /* fall through */
    case ND_ITEM_SLICE: (*consumed)++; return ND_OK;
    case ND_ITEM_NEWAXIS: (*added)++; return ND_OK;
    case ND_ITEM_ELLIPSIS:
      if ((*ellipses)++)
        return ndi_error(ND_ERR_VALUE_INDEX, "%s: an index can only have a single ellipsis ('...')", op);
      return ND_OK;
    case ND_ITEM_ARRAY: break; /* the engine's callers take index arrays out first */
  }
  return ndi_error(ND_ERR_VALUE, "%s: items[%d] has an invalid kind %d", op, k, (int)it->kind);
}

/* One slice along an axis of extent n and stride s: the new extent, stride and offset. */
static void apply_slice(const nd_index_item *it, int64_t n, int64_t s, int64_t *len,
                        int64_t *stride, int64_t *offset) {
  int64_t step = it->step == INT64_MIN ? -INT64_MAX : it->step; /* keeps -step representable */
  int64_t first;
  *len = ndi_slice_adjust(n, it->has_start, it->start, it->has_stop, it->stop, step, &first);
  *offset += first * s;
  /* NumPy's stride even for extents 0 and 1, unless it is huge: a huge step leaves at most
   * one element, whose stride is never used but must still convert to bytes. */
  int64_t st;
  if (*len <= 1 && (__builtin_mul_overflow(s, step, &st) || st > INT64_MAX / 64 ||
                    st < -(INT64_MAX / 64)))
    st = s;
  else if (*len > 1)
    st = s * step;
  *stride = st;
}

nd_status ndi_index_basic(const char *op, int ndim, const int64_t *shape, const int64_t *strides,
                          int n, const nd_index_item *items, int *out_ndim, int64_t *out_shape,
                          int64_t *out_strides, int64_t *out_offset) {
  int consumed = 0, ints = 0, added = 0, ellipses = 0;
  for (int k = 0; k < n; k++) {
    nd_status st = count_item(op, &items[k], k, &consumed, &ints, &added, &ellipses);
    if (st) return st;
  }
  if (consumed > ndim)
    return ndi_error(ND_ERR_INDEX,
                     "%s: too many indices for array: array is %d-dimensional, but %d were indexed",
                     op, ndim, consumed);
  if (ndim - ints + added > ND_MAX_DIMS) /* every axis but the integer-indexed ones stays */
    return ndi_error(ND_ERR_VALUE, "%s: the result would have more than %d dimensions", op,
                     ND_MAX_DIMS);
  int in = 0, out = 0;
  int64_t offset = 0;
  for (int k = 0; k <= n; k++) {
    const nd_index_item *it = k < n ? &items[k] : NULL;
    if (!it || it->kind == ND_ITEM_ELLIPSIS) {
      /* The ellipsis (explicit, or implied at the end) takes the unindexed axes. */
      int take = k == n ? ndim - in : ndim - consumed;
      for (int j = 0; j < take; j++, in++, out++) {
        out_shape[out] = shape[in];
        out_strides[out] = strides[in];
      }
    } else if (it->kind == ND_ITEM_NEWAXIS) {
      out_shape[out] = 1;
      out_strides[out++] = 0;
    } else if (it->kind == ND_ITEM_INT) {
      int64_t i = it->index;
      if (i < -shape[in] || i >= shape[in])
        return ndi_error(ND_ERR_INDEX, "%s: index %lld is out of bounds for axis %d with size %lld",
                         op, (long long)i, in, (long long)shape[in]);
      offset += (i < 0 ? i + shape[in] : i) * strides[in];
      in++;
    } else {
      if (it->step == 0)
        return ndi_error(ND_ERR_VALUE, "%s: slice step cannot be zero (items[%d])", op, k);
      apply_slice(it, shape[in], strides[in], &out_shape[out], &out_strides[out], &offset);
      in++;
      out++;
    }
  }
  *out_ndim = out;
  *out_offset = offset;
  return ND_OK;
}
