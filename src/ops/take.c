/* take, take_along_axis and repeat: index arrays become byte offsets along one axis, and
 * the gather engine (iter/gather.c) moves the elements. */
#include <string.h>

#include "core/alloc.h"
#include "iter/copy.h"
#include "iter/gather.h"
#include "indexing.h"
#include "nd/creation.h"
#include "nd/indexing.h"
#include "nd/manipulation.h"

nd_status ndi_check_index_dtype(const char *op, const nd_array *idx) {
  char k = ndi_dtype_kind(idx->dtype);
  if (k == 'i' || k == 'u') return ND_OK;
  return ndi_error(ND_ERR_TYPE, "%s: indices must be an integer array, got %s", op,
                   ndi_dtype_name(idx->dtype));
}

/* "index 7 is out of bounds ...", with uint64 values read back unsigned. */
static nd_status index_bounds_error(const char *op, int64_t v, bool is_unsigned, int axis,
                                    int64_t extent) {
  if (is_unsigned)
    return ndi_error(ND_ERR_INDEX, "%s: index %llu is out of bounds for axis %d with size %lld", op,
                     (unsigned long long)v, axis, (long long)extent);
  return ndi_error(ND_ERR_INDEX, "%s: index %lld is out of bounds for axis %d with size %lld", op,
                   (long long)v, axis, (long long)extent);
}

nd_status ndi_index_offsets(const char *op, const nd_array *idx, int nd, const int64_t *shape,
                            int64_t extent, int64_t stride_bytes, int axis, int64_t *offsets,
                            bool accumulate) {
  int64_t n = 1, bst[ND_MAX_DIMS], cst[ND_MAX_DIMS];
  for (int i = 0; i < nd; i++) n *= shape[i];
  nd_status st = ndi_broadcast_strides(op, idx->ndim, idx->shape, idx->strides, nd, shape, bst);
  if (st) return st;
  if (n == 0) return ND_OK;
  int64_t *buf = offsets;
  if (accumulate) {
    buf = ndi_malloc((size_t)n * sizeof(int64_t));
    if (!buf) return ndi_nomem(op, (size_t)n * sizeof(int64_t));
  }
  ndi_contiguous_strides(nd, shape, ND_C, cst);
  ndi_copy_layout(nd, shape, (ndi_layout_ref){(char *)buf, cst, ND_INT64},
                  (ndi_layout_ref){idx->data, bst, idx->dtype});
  bool is_unsigned = ndi_dtype_kind(idx->dtype) == 'u';
  for (int64_t i = 0; i < n; i++) {
    int64_t v = buf[i];
    /* a uint64 index beyond INT64_MAX reads as negative: out of range, not from the end */
    if (v < -extent || v >= extent || (is_unsigned && v < 0)) {
      if (accumulate) ndi_free(buf);
      return index_bounds_error(op, v, is_unsigned, axis, extent);
    }
    int64_t off = (v < 0 ? v + extent : v) * stride_bytes;
    if (accumulate) offsets[i] += off;
    else offsets[i] = off;
  }
  if (accumulate) ndi_free(buf);
  return ND_OK;
}

const char *ndi_flat_source(const char *op, const nd_array *a, nd_array **tmp) {
  *tmp = NULL;
  if (ndi_is_contiguous(a->ndim, a->shape, a->strides, ND_C)) return a->data;
  *tmp = ndi_array_alloc(op, a->dtype, a->ndim, a->shape, ND_C);
  if (!*tmp) return NULL;
  ndi_copy_array(*tmp, a);
  return (*tmp)->data;
}

/* The source of an axis-wise gather: a itself, or the flattened a (axis None). */
typedef struct {
  int ndim, axis;
  int64_t shape[ND_MAX_DIMS], strides[ND_MAX_DIMS]; /* bytes */
  const char *data;
  nd_array *tmp;
} axis_source;

static nd_status axis_source_init(const char *op, const nd_array *a, int axis, axis_source *s) {
  int64_t es = (int64_t)ndi_dtype_size(a->dtype);
  s->tmp = NULL;
  if (axis == ND_AXIS_NONE) {
    s->data = ndi_flat_source(op, a, &s->tmp);
    if (!s->data) return nd_last_status();
    s->ndim = 1;
    s->axis = 0;
    s->shape[0] = a->size;
    s->strides[0] = es;
    return ND_OK;
  }
  nd_status st = ndi_normalize_axis(op, axis, a->ndim, &s->axis); /* (any axis of a 0-d a) */
  if (st) return st;
  s->ndim = a->ndim;
  s->data = a->data;
  for (int i = 0; i < a->ndim; i++) {
    s->shape[i] = a->shape[i];
    s->strides[i] = a->strides[i] * es;
  }
  return ND_OK;
}

/* Gathers s along its axis with `count` offsets (C order) into a new C-contiguous array
 * whose axis is replaced by the axes (ni, ishape). */
static nd_array *gather_axis(const char *op, const axis_source *s, nd_dtype t, int ni,
                             const int64_t *ishape, const int64_t *offsets) {
  if (s->ndim - 1 + ni > ND_MAX_DIMS)
    return ndi_error_null(ND_ERR_VALUE, "%s: the result would have more than %d dimensions", op, ND_MAX_DIMS);
  int nd = 0;
  int64_t shape[ND_MAX_DIMS], ss[ND_MAX_DIMS], os[ND_MAX_DIMS] = {0}, ic[ND_MAX_DIMS];
  ndi_contiguous_strides(ni, ishape, ND_C, ic);
  for (int i = 0; i < s->ndim; i++) {
    if (i != s->axis) {
      shape[nd] = s->shape[i];
      ss[nd++] = s->strides[i];
      continue;
    }
    for (int j = 0; j < ni; j++) {
      shape[nd] = ishape[j];
      os[nd] = ic[j] * 8;
      ss[nd++] = 0;
    }
  }
  nd_array *out = ndi_array_alloc(op, t, nd, shape, ND_C);
  if (!out || out->size == 0) return out;
  int64_t ob[ND_MAX_DIMS];
  ndi_byte_strides(out, ob);
  ndi_gather_run(nd, shape, out->data, ob, s->data, ss, (const char *)offsets, os,
                 (int64_t)ndi_dtype_size(t));
  return out;
}

/* take from a 1-D source (a 1-D array, or a flattened) through a contiguous 64-bit index
 * array: one fused pass that checks, wraps and gathers, with no offsets array. */
static nd_array *take_flat(axis_source *s, nd_dtype t, const nd_array *indices) {
  nd_array *out = ndi_array_alloc("take", t, indices->ndim, indices->shape, ND_C);
  if (out && out->size > 0) {
    bool is_unsigned = ndi_dtype_kind(indices->dtype) == 'u';
    const int64_t *idx = (const int64_t *)indices->data;
    int64_t bad = ndi_take_run(out->data, s->data, s->strides[0], s->shape[0], idx, out->size,
                               (int64_t)ndi_dtype_size(t), is_unsigned);
    if (bad >= 0) {
      index_bounds_error("take", idx[bad], is_unsigned, 0, s->shape[0]);
      nd_release(out);
      out = NULL;
    }
  }
  nd_release(s->tmp);
  return out;
}

nd_array *nd_take(const nd_array *a, const nd_array *indices, int axis) {
  NDI_REQUIRE("take", a);
  NDI_REQUIRE("take", indices);
  if (indices->dtype == ND_BOOL) { /* read as 0 and 1, as NumPy (which casts them) */
    nd_array *ix = nd_astype(indices, ND_INT64);
    nd_array *r = ix ? nd_take(a, ix, axis) : NULL;
    nd_release(ix);
    return r;
  }
  if (ndi_check_index_dtype("take", indices)) return NULL;
  axis_source s;
  axis = ndi_axis_of_0d(a->ndim, axis);
  if (axis_source_init("take", a, axis, &s)) return NULL;
  int64_t n = indices->size;
  /* NumPy checks the indices only when the axes before `axis` hold elements to take from:
   * np.take(np.zeros((0, 3)), [5], axis=1) is an empty [0, 1] array, not an error */
  for (int i = 0; i < s.axis; i++)
    if (s.shape[i] == 0) {
      nd_array *empty = gather_axis("take", &s, a->dtype, indices->ndim, indices->shape, NULL);
      nd_release(s.tmp);
      return empty;
    }
  if (s.ndim == 1 && ndi_dtype_size(indices->dtype) == 8 &&
      ndi_is_contiguous(indices->ndim, indices->shape, indices->strides, ND_C))
    return take_flat(&s, a->dtype, indices);
  int64_t *off = ndi_malloc((size_t)(n ? n : 1) * sizeof(int64_t));
  nd_array *out = NULL;
  if (!off) {
    ndi_nomem("take", (size_t)n * sizeof(int64_t));
  } else if (!ndi_index_offsets("take", indices, indices->ndim, indices->shape, s.shape[s.axis],
                                s.strides[s.axis], axis == ND_AXIS_NONE ? 0 : s.axis, off, false)) {
    out = gather_axis("take", &s, a->dtype, indices->ndim, indices->shape, off);
  }
  ndi_free(off);
  nd_release(s.tmp);
  return out;
}

nd_array *nd_take_along_axis(const nd_array *a, const nd_array *indices, int axis) {
  NDI_REQUIRE("take_along_axis", a);
  NDI_REQUIRE("take_along_axis", indices);
  const char *op = "take_along_axis";
  if (ndi_check_index_dtype(op, indices)) return NULL;
  if (axis == ND_AXIS_NONE && indices->ndim != 1)
    return ndi_error_null(ND_ERR_SHAPE, "%s: with no axis the indices must be 1-D (got %d dimensions)", op, indices->ndim);
  if (axis != ND_AXIS_NONE && indices->ndim != a->ndim)
    return ndi_error_null(ND_ERR_SHAPE, "%s: indices must have as many dimensions as the array (%d vs %d)", op,
                          indices->ndim, a->ndim);
  axis_source s;
  if (axis_source_init(op, a, axis, &s)) return NULL;
  /* the result's shape: a and indices broadcast, except along the axis */
  int nd = s.ndim;
  int64_t shape[ND_MAX_DIMS], ss[ND_MAX_DIMS];
  for (int i = 0; i < nd; i++) {
    int64_t x = s.shape[i], y = indices->shape[i];
    if (i == s.axis) {
      shape[i] = y;
    } else if (x == y || x == 1 || y == 1) {
      shape[i] = x == 1 ? y : x;
    } else {
      char b1[NDI_SHAPE_BUF], b2[NDI_SHAPE_BUF];
      nd_release(s.tmp);
      return ndi_error_null(ND_ERR_SHAPE, "%s: shapes %s (array) and %s (indices) cannot be broadcast (axis %d: %lld vs %lld)",
                            op, ndi_fmt_shape(b1, sizeof b1, nd, s.shape),
                            ndi_fmt_shape(b2, sizeof b2, indices->ndim, indices->shape), i,
                            (long long)x, (long long)y);
    }
    ss[i] = (i == s.axis || (x == 1 && shape[i] != 1)) ? 0 : s.strides[i];
  }
  nd_array *out = ndi_array_alloc(op, a->dtype, nd, shape, ND_C), *off = NULL;
  if (out && out->size > 0) {
    /* every failure past this point (the offsets' allocation, an index out of range)
     * releases out: a result is returned only once it is filled */
    off = ndi_array_alloc(op, ND_INT64, nd, shape, ND_C);
    if (off && !ndi_index_offsets(op, indices, nd, shape, s.shape[s.axis], s.strides[s.axis],
                                  axis == ND_AXIS_NONE ? 0 : s.axis, (int64_t *)off->data, false)) {
      int64_t ob[ND_MAX_DIMS], fb[ND_MAX_DIMS];
      ndi_byte_strides(out, ob);
      ndi_byte_strides(off, fb);
      ndi_gather_run(nd, shape, out->data, ob, s.data, ss, off->data, fb,
                     (int64_t)ndi_dtype_size(a->dtype));
    } else {
      nd_release(out);
      out = NULL;
    }
  }
  nd_release(off);
  nd_release(s.tmp);
  return out;
}

/* ---- repeat ---------------------------------------------------------------------- */

static nd_array *repeat_impl(const nd_array *a, int64_t count, const nd_array *counts, int axis) {
  const char *op = "repeat";
  axis_source s;
  if (axis_source_init(op, a, ndi_axis_of_0d(a->ndim, axis), &s)) return NULL;
  int64_t n = s.shape[s.axis], total = 0, *reps = NULL;
  nd_array *out = NULL;
  if (counts) {
    if (counts->ndim > 1 || (counts->size != n && counts->size != 1)) {
      char b[NDI_SHAPE_BUF];
      ndi_error(ND_ERR_SHAPE, "repeat: repeats has shape %s but axis %d has extent %lld (give one count or one per element)",
                ndi_fmt_shape(b, sizeof b, counts->ndim, counts->shape), axis == ND_AXIS_NONE ? 0 : s.axis,
                (long long)n);
      goto done;
    }
    reps = ndi_malloc((size_t)(n ? n : 1) * sizeof(int64_t));
    if (!reps) {
      ndi_nomem(op, (size_t)n * sizeof(int64_t));
      goto done;
    }
    int64_t one = 1, cs = counts->size == 1 ? 0 : counts->ndim ? counts->strides[0] : 0;
    int64_t e = n;
    ndi_copy_layout(1, &e, (ndi_layout_ref){(char *)reps, &one, ND_INT64},
                    (ndi_layout_ref){counts->data, &cs, counts->dtype});
  }
  for (int64_t i = 0; i < n; i++) {
    int64_t r = reps ? reps[i] : count;
    if (r < 0 && reps && ndi_dtype_kind(counts->dtype) == 'u') { /* uint64 above INT64_MAX */
      ndi_error(ND_ERR_OVERFLOW_SIZE, "repeat: a count of %llu overflows the result's extent",
                (unsigned long long)r);
      goto done;
    }
    if (r < 0) {
      ndi_error(ND_ERR_VALUE, "repeat: repeats may not contain negative values (%lld)", (long long)r);
      goto done;
    }
    if (__builtin_add_overflow(total, r, &total)) {
      ndi_error(ND_ERR_OVERFLOW_SIZE, "repeat: the result's extent overflows int64");
      goto done;
    }
  }
  int64_t *off = ndi_malloc((size_t)(total ? total : 1) * sizeof(int64_t));
  if (!off) {
    ndi_nomem(op, (size_t)total * sizeof(int64_t));
    goto done;
  }
  for (int64_t i = 0, j = 0; i < n; i++)
    for (int64_t r = reps ? reps[i] : count; r > 0; r--) off[j++] = i * s.strides[s.axis];
  out = gather_axis(op, &s, a->dtype, 1, &total, off);
  ndi_free(off);
done:
  ndi_free(reps);
  nd_release(s.tmp);
  return out;
}

nd_array *nd_repeat(const nd_array *a, int64_t repeats, int axis) {
  NDI_REQUIRE("repeat", a);
  if (repeats < 0)
    return ndi_error_null(ND_ERR_VALUE, "repeat: repeats may not contain negative values (%lld)", (long long)repeats);
  return repeat_impl(a, repeats, NULL, axis);
}

nd_array *nd_repeat_array(const nd_array *a, const nd_array *repeats, int axis) {
  NDI_REQUIRE("repeat", a);
  NDI_REQUIRE("repeat", repeats);
  if (repeats->dtype == ND_BOOL) { /* counts of 0 and 1, as NumPy */
    nd_array *c = nd_astype(repeats, ND_INT64);
    nd_array *r = c ? repeat_impl(a, 0, c, axis) : NULL;
    nd_release(c);
    return r;
  }
  char k = ndi_dtype_kind(repeats->dtype);
  if (k != 'i' && k != 'u')
    return ndi_error_null(ND_ERR_TYPE, "repeat: repeats must be an integer array, got %s",
                          ndi_dtype_name(repeats->dtype));
  return repeat_impl(a, 0, repeats, axis);
}
