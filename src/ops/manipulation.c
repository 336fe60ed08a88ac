/* tile, roll, meshgrid, tril, triu: each a few block copies through the copy engine over
 * views of the result, with stride-0 sources for repeated or constant parts. */
#include <string.h>

#include "core/alloc.h"
#include "iter/copy.h"
#include "nd/creation.h"
#include "nd/manipulation.h"
#include "indexing.h"

static const _Alignas(16) char zero_elem[16];

nd_array *nd_tile(const nd_array *a, int nreps, const int64_t *reps) {
  NDI_REQUIRE("tile", a);
  if (nreps < 0 || nreps > ND_MAX_DIMS)
    return ndi_error_null(ND_ERR_VALUE, "tile: number of repetitions %d is out of range [0, %d]", nreps, ND_MAX_DIMS);
  if (nreps > 0) NDI_REQUIRE("tile", reps);
  for (int i = 0; i < nreps; i++)
    if (reps[i] < 0)
      return ndi_error_null(ND_ERR_VALUE, "tile: negative repetition count %lld (reps[%d])", (long long)reps[i], i);
  int nd = a->ndim > nreps ? a->ndim : nreps;
  int64_t shape[ND_MAX_DIMS], R[ND_MAX_DIMS], S[ND_MAX_DIMS], st[ND_MAX_DIMS];
  for (int i = 0; i < nd; i++) {
    int ri = i - (nd - nreps), si = i - (nd - a->ndim);
    R[i] = ri >= 0 ? reps[ri] : 1;
    S[i] = si >= 0 ? a->shape[si] : 1;
    st[i] = si >= 0 ? a->strides[si] : 0;
    if (__builtin_mul_overflow(R[i], S[i], &shape[i]))
      return ndi_error_null(ND_ERR_OVERFLOW_SIZE, "tile: extent of axis %d overflows int64", i);
  }
  bool copy_only = true;
  for (int i = 0; i < nd; i++) copy_only &= R[i] == 1;
  if (copy_only) { /* NumPy: a copy in order K (an F input stays F), axes prepended */
    nd_array *v = ndi_array_view_of("tile", a, a->dtype, nd, S, st, a->offset);
    nd_array *c = v ? nd_copy(v, ND_K) : NULL;
    nd_release(v);
    return c;
  }
  nd_array *out = ndi_array_alloc("tile", a->dtype, nd, shape, ND_C);
  if (!out || out->size == 0) return out;
  /* out seen as (R0, S0, R1, S1, ...): the source repeats (stride 0) along each R */
  int n2 = 0;
  int64_t sh2[ND_MAX_DIMS], ds2[ND_MAX_DIMS], ss2[ND_MAX_DIMS];
  for (int i = 0; i < nd; i++) {
    if (R[i] > 1) {
      sh2[n2] = R[i];
      ds2[n2] = S[i] * out->strides[i];
      ss2[n2++] = 0;
    }
    if (S[i] > 1) {
      sh2[n2] = S[i];
      ds2[n2] = out->strides[i];
      ss2[n2++] = st[i];
    }
  }
  ndi_copy_layout(n2, sh2, (ndi_layout_ref){out->data, ds2, a->dtype},
                  (ndi_layout_ref){a->data, ss2, a->dtype});
  return out;
}

static int64_t wrap_shift(int64_t shift, int64_t n) {
  int64_t s = shift % n;
  return s < 0 ? s + n : s;
}

static nd_array *roll_flat(const nd_array *a, int64_t shift) {
  nd_array *out = ndi_array_alloc("roll", a->dtype, a->ndim, a->shape, ND_C);
  if (!out || out->size == 0) return out;
  nd_array *tmp;
  const char *src = ndi_flat_source("roll", a, &tmp);
  if (!src) {
    nd_release(out);
    return NULL;
  }
  int64_t n = a->size, s = wrap_shift(shift, n), es = (int64_t)ndi_dtype_size(a->dtype), one = 1;
  int64_t n1 = n - s;
  ndi_copy_layout(1, &n1, (ndi_layout_ref){out->data + s * es, &one, a->dtype},
                  (ndi_layout_ref){(char *)src, &one, a->dtype});
  ndi_copy_layout(1, &s, (ndi_layout_ref){out->data, &one, a->dtype},
                  (ndi_layout_ref){(char *)src + n1 * es, &one, a->dtype});
  nd_release(tmp);
  return out;
}

nd_array *nd_roll(const nd_array *a, int nshift, const int64_t *shifts, int naxes,
                  const int *axes) {
  NDI_REQUIRE("roll", a);
  bool none = nshift == 0 && naxes == 0; /* np.roll(a, (), ()): a copy */
  if (nshift < 1 && !none)
    return ndi_error_null(ND_ERR_VALUE, "roll: at least one shift is needed (got %d)", nshift);
  if (!none) NDI_REQUIRE("roll", shifts);
  if (naxes == -1) {
    if (nshift != 1)
      return ndi_error_null(ND_ERR_VALUE, "roll: the flattened array takes one shift (got %d)", nshift);
    return roll_flat(a, shifts[0]);
  }
  if (naxes < 0) return ndi_error_null(ND_ERR_VALUE, "roll: invalid axis count %d (-1: flattened)", naxes);
  if (nshift != naxes && nshift != 1)
    return ndi_error_null(ND_ERR_VALUE, "roll: %d shifts given for %d axes (give one, or one per axis)", nshift, naxes);
  if (naxes > 0) NDI_REQUIRE("roll", axes);
  int64_t eff[ND_MAX_DIMS] = {0};
  for (int i = 0; i < naxes; i++) {
    int ax;
    if (ndi_normalize_axis("roll", axes[i], a->ndim, &ax)) return NULL;
    int64_t n = a->shape[ax];
    if (n > 0) eff[ax] = (eff[ax] + wrap_shift(shifts[nshift == 1 ? 0 : i], n)) % n;
  }
  nd_array *out = ndi_alloc_like("roll", a, a->dtype, ND_K);
  if (!out || out->size == 0) return out;
  int rolled[ND_MAX_DIMS], k = 0;
  for (int i = 0; i < a->ndim; i++)
    if (eff[i]) rolled[k++] = i;
  int64_t es = (int64_t)ndi_dtype_size(a->dtype);
  /* 2^k blocks: along each rolled axis, the tail [n-s, n) moves to the front */
  for (uint64_t mask = 0; mask < (UINT64_C(1) << k); mask++) {
    int64_t shape[ND_MAX_DIMS];
    memcpy(shape, a->shape, sizeof(int64_t) * (size_t)a->ndim);
    char *dst = out->data, *src = a->data;
    for (int t = 0; t < k; t++) {
      int ax = rolled[t];
      int64_t n = a->shape[ax], s = eff[ax];
      if (mask >> t & 1) { /* dst [0, s) <- src [n-s, n) */
        shape[ax] = s;
        src += (n - s) * a->strides[ax] * es;
      } else { /* dst [s, n) <- src [0, n-s) */
        shape[ax] = n - s;
        dst += s * out->strides[ax] * es;
      }
    }
    ndi_copy_layout(a->ndim, shape, (ndi_layout_ref){dst, out->strides, a->dtype},
                    (ndi_layout_ref){src, a->strides, a->dtype});
  }
  return out;
}

nd_status nd_meshgrid(int n, nd_array *const *arrays, nd_meshgrid_indexing indexing,
                      nd_array **out) {
  if (n < 0 || n > ND_MAX_DIMS)
    return ndi_error(ND_ERR_VALUE, "meshgrid: number of arrays %d is out of range [0, %d]", n, ND_MAX_DIMS);
  if (indexing != ND_MESH_XY && indexing != ND_MESH_IJ)
    return ndi_error(ND_ERR_VALUE, "meshgrid: invalid indexing %d (ND_MESH_XY or ND_MESH_IJ)", (int)indexing);
  if (n > 0 && (!arrays || !out)) return ndi_null_arg_named("meshgrid", !arrays ? "arrays" : "out");
  for (int i = 0; i < n; i++)
    if (!arrays[i]) return ndi_null_arg_at("meshgrid", "arrays", i);
  int64_t shape[ND_MAX_DIMS];
  for (int i = 0; i < n; i++) shape[i] = arrays[i]->size;
  bool xy = indexing == ND_MESH_XY && n >= 2;
  if (xy) {
    shape[0] = arrays[1]->size;
    shape[1] = arrays[0]->size;
  }
  for (int i = 0; i < n; i++) out[i] = NULL;
  for (int i = 0; i < n; i++) {
    const nd_array *a = arrays[i];
    int pos = xy && i < 2 ? 1 - i : i;
    nd_array *tmp = NULL;
    const char *src = ndi_flat_source("meshgrid", a, &tmp);
    out[i] = src ? ndi_array_alloc("meshgrid", a->dtype, n, shape, ND_C) : NULL;
    if (!out[i]) {
      nd_release(tmp);
      for (int q = 0; q < i; q++) {
        nd_release(out[q]);
        out[q] = NULL;
      }
      return nd_last_status();
    }
    int64_t ss[ND_MAX_DIMS] = {0};
    ss[pos] = 1;
    ndi_copy_layout(n, shape, (ndi_layout_ref){out[i]->data, out[i]->strides, a->dtype},
                    (ndi_layout_ref){(char *)src, ss, a->dtype});
    nd_release(tmp);
  }
  return ND_OK;
}

static nd_array *triangle(const char *op, const nd_array *a, int64_t k, bool lower) {
  NDI_REQUIRE(op, a);
  if (a->ndim < 2)
    return ndi_error_null(ND_ERR_SHAPE, "%s: array of dimension %d has no matrix axes (needs at least 2)", op, a->ndim);
  nd_array *out = ndi_alloc_like(op, a, a->dtype, ND_K);
  if (!out) return NULL;
  ndi_copy_array(out, a);
  int nd = a->ndim;
  int64_t M = a->shape[nd - 2], N = a->shape[nd - 1];
  if (out->size == 0) return out;
  /* clamping k changes nothing and keeps i + k in range */
  if (k > N + 1) k = N + 1;
  if (k < -M - 1) k = -M - 1;
  int64_t es = (int64_t)ndi_dtype_size(a->dtype);
  int64_t shape[ND_MAX_DIMS], strides[ND_MAX_DIMS], zero[ND_MAX_DIMS] = {0};
  for (int i = 0; i < nd - 2; i++) {
    shape[i] = a->shape[i];
    strides[i] = out->strides[i];
  }
  strides[nd - 2] = out->strides[nd - 1];
  for (int64_t i = 0; i < M; i++) {
    /* the columns of row i to clear: tril above diagonal k, triu below it */
    int64_t lo = lower ? i + k + 1 : 0, hi = lower ? N : i + k;
    if (lo < 0) lo = 0;
    if (hi > N) hi = N;
    if (lo >= hi) continue;
    shape[nd - 2] = hi - lo;
    char *dst = out->data + (i * out->strides[nd - 2] + lo * out->strides[nd - 1]) * es;
    ndi_copy_layout(nd - 1, shape, (ndi_layout_ref){dst, strides, a->dtype},
                    (ndi_layout_ref){(char *)zero_elem, zero, a->dtype});
  }
  return out;
}

nd_array *nd_tril(const nd_array *a, int64_t k) { return triangle("tril", a, k, true); }
nd_array *nd_triu(const nd_array *a, int64_t k) { return triangle("triu", a, k, false); }
