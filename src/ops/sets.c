/* unique_values, unique_counts, unique_inverse, unique_all: the flattened keys (as sort
 * orders them) are sorted with their positions, stably, and runs of equal keys become one
 * entry each, except NaN keys, each its own entry (the Array API: NaNs are distinct). The
 * value kept for an entry is its first occurrence's, so -0.0 and +0.0 give whichever came
 * first. Complex values sort by real part, then imaginary part (NumPy's order), and an
 * entry with a NaN in either part is distinct. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "indexing.h"
#include "iter/sort.h"
#include "kernels/loop.h"
#include "kernels/sort.h"
#include "nd/sets.h"

typedef struct {
  nd_array *values, *indices, *inverse, *counts;
} unique_out;

/* Complex values order lexicographically, real part first (NumPy's unique sorts them so):
 * two stable radix passes over the parts' keys, the imaginary parts first. ka, kb: room for
 * n keys of the part's width; ia gets the order. */
static bool complex_order(const ndi_sort_keys *K, const char *flat, int64_t es, int64_t n,
                          int64_t *ia, int64_t *ib, char *ka, char *kb) {
  int64_t hs = es / 2;
  K->to_keys(ka, flat + hs, es, n, false);
  for (int64_t i = 0; i < n; i++) ia[i] = i;
  if (!ndi_radix_sort(K->wlog2, ka, kb, ia, ib, n, 0)) return false;
  for (int64_t i = 0; i < n; i++) memcpy(kb + i * hs, flat + ia[i] * es, (size_t)hs);
  K->to_keys(ka, kb, hs, n, false);
  return ndi_radix_sort(K->wlog2, ka, kb, ia, ib, n, 0);
}

/* Whether sorted element i starts a new entry: its key differs from the previous one, or
 * it is a NaN (every NaN is its own entry); complex values compare both parts (equal as
 * numbers, so -0.0 equals +0.0) and are NaN if either part is. */
static bool new_entry(const ndi_sort_keys *K, bool cplx, nd_dtype t, const char *flat,
                      const int64_t *ia, const char *ka, int64_t W, int64_t i) {
  if (!cplx) return i == 0 || memcmp(ka + i * W, ka + (i - 1) * W, (size_t)W) || K->is_nan_key(ka + i * W);
  double v[2], u[2];
  ndi_convert_one(ND_COMPLEX128, v, t, flat + ia[i] * (int64_t)ndi_dtype_size(t));
  if (isnan(v[0]) || isnan(v[1]) || i == 0) return true;
  ndi_convert_one(ND_COMPLEX128, u, t, flat + ia[i - 1] * (int64_t)ndi_dtype_size(t));
  return v[0] != u[0] || v[1] != u[1];
}

static nd_status unique_impl(const char *op, const nd_array *a, bool want_idx, bool want_inv,
                             bool want_cnt, unique_out *r) {
  memset(r, 0, sizeof *r);
  bool cplx = ndi_dtype_kind(a->dtype) == 'c';
  const ndi_sort_keys *K = &ndi_sort_keys_table[cplx ? ndi_real_dtype(a->dtype) : a->dtype];
  int64_t n = a->size, W = (int64_t)1 << K->wlog2, es = (int64_t)ndi_dtype_size(a->dtype);
  nd_array *tmp = NULL;
  const char *flat = ndi_flat_source(op, a, &tmp);
  if (!flat) return nd_last_status();
  size_t bytes = (size_t)(n ? n : 1) * (size_t)(2 * W + 2 * 8);
  char *mem = ndi_malloc(bytes);
  nd_status st = ND_OK;
  if (!mem) {
    st = ndi_nomem(op, bytes);
    goto done;
  }
  int64_t *ia = (int64_t *)mem, *ib = ia + n; /* positions first: 8-byte aligned */
  char *ka = (char *)(ib + n), *kb = ka + n * W;
  bool sorted;
  if (cplx) {
    sorted = complex_order(K, flat, es, n, ia, ib, ka, kb);
  } else {
    K->to_keys(ka, flat, es, n, false);
    for (int64_t i = 0; i < n; i++) ia[i] = i;
    sorted = ndi_radix_sort(K->wlog2, ka, kb, ia, ib, n, 0);
  }
  if (!sorted) {
    st = ndi_nomem(op, (size_t)n * 8);
    goto done;
  }
  /* entries: a new one where the key changes, and at every NaN */
  int64_t m = 0;
  for (int64_t i = 0; i < n; i++) m += new_entry(K, cplx, a->dtype, flat, ia, ka, W, i);
  r->values = ndi_array_alloc(op, a->dtype, 1, &m, ND_C);
  if (want_idx) r->indices = ndi_array_alloc(op, ND_INT64, 1, &m, ND_C);
  if (want_cnt) r->counts = ndi_array_alloc(op, ND_INT64, 1, &m, ND_C);
  if (want_inv) r->inverse = ndi_array_alloc(op, ND_INT64, a->ndim, a->shape, ND_C);
  if (!r->values || (want_idx && !r->indices) || (want_cnt && !r->counts) || (want_inv && !r->inverse)) {
    st = ND_ERR_NOMEM;
    goto done;
  }
  int64_t g = -1;
  for (int64_t i = 0; i < n; i++) {
    if (new_entry(K, cplx, a->dtype, flat, ia, ka, W, i)) {
      g++;
      memcpy(r->values->data + g * es, flat + ia[i] * es, (size_t)es);
      if (want_idx) ((int64_t *)r->indices->data)[g] = ia[i];
      if (want_cnt) ((int64_t *)r->counts->data)[g] = 0;
    }
    if (want_cnt) ((int64_t *)r->counts->data)[g]++;
    if (want_inv) ((int64_t *)r->inverse->data)[ia[i]] = g;
  }
done:
  ndi_free(mem);
  nd_release(tmp);
  if (st) {
    nd_release(r->values);
    nd_release(r->indices);
    nd_release(r->inverse);
    nd_release(r->counts);
    memset(r, 0, sizeof *r);
  }
  return st;
}

nd_array *nd_unique_values(const nd_array *a) {
  NDI_REQUIRE("unique_values", a);
  unique_out r;
  if (unique_impl("unique_values", a, false, false, false, &r)) return NULL;
  return r.values;
}

nd_status nd_unique_counts(const nd_array *a, nd_array **values, nd_array **counts) {
  NDI_REQUIRE_ST("unique_counts", a);
  if (!values || !counts) return ndi_null_arg_named("unique_counts", !values ? "values" : "counts");
  unique_out r;
  nd_status st = unique_impl("unique_counts", a, false, false, true, &r);
  if (st) return st;
  *values = r.values;
  *counts = r.counts;
  return ND_OK;
}

nd_status nd_unique_inverse(const nd_array *a, nd_array **values, nd_array **inverse) {
  NDI_REQUIRE_ST("unique_inverse", a);
  if (!values || !inverse) return ndi_null_arg_named("unique_inverse", !values ? "values" : "inverse");
  unique_out r;
  nd_status st = unique_impl("unique_inverse", a, false, true, false, &r);
  if (st) return st;
  *values = r.values;
  *inverse = r.inverse;
  return ND_OK;
}

nd_status nd_unique_all(const nd_array *a, nd_array **values, nd_array **indices,
                        nd_array **inverse, nd_array **counts) {
  NDI_REQUIRE_ST("unique_all", a);
  if (!values || !indices || !inverse || !counts)
    return ndi_null_arg_named("unique_all", !values ? "values" : !indices ? "indices" : !inverse ? "inverse" : "counts");
  unique_out r;
  nd_status st = unique_impl("unique_all", a, true, true, true, &r);
  if (st) return st;
  *values = r.values;
  *indices = r.indices;
  *inverse = r.inverse;
  *counts = r.counts;
  return ND_OK;
}
