/* sum, prod, min, max, all, any, count_nonzero: argument checks, accumulator dtypes and
 * output allocation; the work is the reduction engine's (iter/reduce.c). */
#include <string.h>

#include "iter/reduce.h"
#include "nd/reduce.h"
#include "reduction.h"

nd_dtype ndi_sum_dtype(nd_dtype t) {
  switch (ndi_dtype_kind(t)) {
    case 'b':
    case 'i': return ND_INT64;
    case 'u': return ND_UINT64;
    default: return t;
  }
}

nd_status ndi_check_reduce_dtype(const char *op, nd_dtype from, int to) {
  nd_status st = ndi_check_dtype(op, to);
  if (st) return st;
  if (ndi_dtype_kind(from) == 'c' && ndi_dtype_kind((nd_dtype)to) != 'c')
    return ndi_error(ND_ERR_TYPE, "%s: cannot accumulate %s in %s (complex to real discards the imaginary part)",
                     op, ndi_dtype_name(from), ndi_dtype_name((nd_dtype)to));
  return ND_OK;
}

nd_array *ndi_as_result_input(const char *op, const nd_array *a, nd_dtype t) {
  if (!ndi_is_half(t) || a->dtype == t) return nd_retain((nd_array *)a);
  nd_array *c = ndi_alloc_like(op, a, t, ND_K);
  if (c) ndi_copy_array(c, a);
  return c;
}

int64_t ndi_reduced_count(const nd_array *a, int naxes, const int *axes) {
  bool red[ND_MAX_DIMS];
  if (ndi_reduce_axes("reduce", naxes, axes, a->ndim, red)) return -1;
  int64_t n = 1;
  for (int i = 0; i < a->ndim; i++)
    if (red[i]) n *= a->shape[i];
  return n;
}

static nd_status empty_error(const ndi_reduction *r, const nd_array *a, const bool *red) {
  char sb[NDI_SHAPE_BUF], ab[NDI_SHAPE_BUF];
  int64_t ax[ND_MAX_DIMS];
  int n = 0;
  for (int i = 0; i < a->ndim; i++)
    if (red[i]) ax[n++] = i;
  return ndi_error(ND_ERR_VALUE,
                   "%s: zero-size array to reduction operation %s which has no identity (shape %s, axes %s)",
                   r->op, r->op, ndi_fmt_shape(sb, sizeof sb, a->ndim, a->shape),
                   ndi_fmt_shape(ab, sizeof ab, n, ax));
}

nd_array *ndi_reduce_array(const ndi_reduction *r, const nd_array *a, int naxes,
                           const int *axes, bool keepdims) {
  bool red[ND_MAX_DIMS];
  if (ndi_reduce_axes(r->op, naxes, axes, a->ndim, red)) return NULL;
  int ond, map[ND_MAX_DIMS];
  int64_t oshape[ND_MAX_DIMS], ostr[ND_MAX_DIMS];
  ndi_reduce_layout(a->ndim, a->shape, a->strides, red, keepdims, &ond, oshape, ostr, map);
  int64_t nout = 1, nred = 1;
  for (int i = 0; i < a->ndim; i++) {
    if (red[i]) nred *= a->shape[i];
    else nout *= a->shape[i];
  }
  if (r->needs_identity && nred == 0) { /* NumPy refuses it even when the result is empty */
    empty_error(r, a, red);
    return NULL;
  }
  nd_array *out = ndi_array_alloc_strided(r->op, r->acc, ond, oshape, ostr);
  if (!out) return NULL;
  int64_t in_s[ND_MAX_DIMS], out_s[ND_MAX_DIMS], aux_s[ND_MAX_DIMS];
  int64_t isz = (int64_t)ndi_dtype_size(a->dtype), osz = (int64_t)ndi_dtype_size(r->acc);
  int64_t xsz = r->aux ? (int64_t)ndi_dtype_size(r->aux->dtype) : 0;
  for (int i = 0; i < a->ndim; i++) {
    in_s[i] = a->strides[i] * isz;
    out_s[i] = map[i] >= 0 ? out->strides[map[i]] * osz : 0;
    aux_s[i] = map[i] >= 0 && r->aux ? r->aux->strides[map[i]] * xsz : 0;
  }
  int order[ND_MAX_DIMS]; /* NumPy's iterator order, which an ordered op follows */
  ndi_order_k_perm_iter(a->ndim, a->shape, a->strides, order);
  ndi_reduce_spec spec = {a->ndim,  a->shape, a->data,  in_s,   a->dtype,
                          red,      out->data, out_s,   r->aux ? r->aux->data : NULL,
                          aux_s,    r->kernel, r->kin,  osz,    order};
  if (ndi_reduce_run(r->op, &spec)) {
    nd_release(out);
    return NULL;
  }
  return out;
}

/* ---- sum and prod ------------------------------------------------------------------ */

static nd_array *sum_prod(const char *op, const ndi_reduce_kernel *table, const nd_array *a,
                          int naxes, const int *axes, bool keepdims, int dtype) {
  NDI_REQUIRE(op, a);
  nd_dtype acc = ndi_sum_dtype(a->dtype);
  if (dtype != NDI_NO_DTYPE) {
    if (ndi_check_reduce_dtype(op, a->dtype, dtype)) return NULL;
    acc = (nd_dtype)dtype;
  }
  /* float16 and bfloat16 accumulate in float32 and round once at the end; an input of
   * another dtype is first converted to theirs, as NumPy casts it to the loop's dtype */
  nd_array *in = ndi_as_result_input(op, a, acc);
  if (!in) return NULL;
  nd_dtype c = ndi_compute_dtype(acc);
  ndi_reduction r = {op, &table[c], c, c, false, NULL};
  nd_array *res = ndi_round_result(op, ndi_reduce_array(&r, in, naxes, axes, keepdims), acc);
  nd_release(in);
  return res;
}

nd_array *nd_sum(const nd_array *a, int naxes, const int *axes, bool keepdims) {
  return sum_prod("sum", ndi_reduce_sum, a, naxes, axes, keepdims, NDI_NO_DTYPE);
}
nd_array *nd_sum_dtype(const nd_array *a, int naxes, const int *axes, bool keepdims,
                       nd_dtype dtype) {
  return sum_prod("sum", ndi_reduce_sum, a, naxes, axes, keepdims, (int)dtype);
}
nd_array *nd_prod(const nd_array *a, int naxes, const int *axes, bool keepdims) {
  return sum_prod("prod", ndi_reduce_prod, a, naxes, axes, keepdims, NDI_NO_DTYPE);
}
nd_array *nd_prod_dtype(const nd_array *a, int naxes, const int *axes, bool keepdims,
                        nd_dtype dtype) {
  return sum_prod("prod", ndi_reduce_prod, a, naxes, axes, keepdims, (int)dtype);
}

/* ---- min and max ------------------------------------------------------------------- */

static nd_array *min_max(const char *op, const ndi_reduce_kernel *table, const nd_array *a,
                         int naxes, const int *axes, bool keepdims) {
  NDI_REQUIRE(op, a);
  if (ndi_dtype_kind(a->dtype) == 'c')
    return ndi_error_null(ND_ERR_TYPE, "%s: not defined for complex input (%s has no order)", op,
                          ndi_dtype_name(a->dtype));
  nd_dtype c = ndi_compute_dtype(a->dtype); /* exact for the 16-bit floats */
  ndi_reduction r = {op, &table[c], c, c, true, NULL};
  return ndi_round_result(op, ndi_reduce_array(&r, a, naxes, axes, keepdims), a->dtype);
}

nd_array *nd_min(const nd_array *a, int naxes, const int *axes, bool keepdims) {
  return min_max("min", ndi_reduce_min, a, naxes, axes, keepdims);
}
nd_array *nd_max(const nd_array *a, int naxes, const int *axes, bool keepdims) {
  return min_max("max", ndi_reduce_max, a, naxes, axes, keepdims);
}

/* ---- all, any, count_nonzero: on x != 0 -------------------------------------------- */

static nd_array *logical(const char *op, const ndi_reduce_kernel *k, nd_dtype acc,
                         const nd_array *a, int naxes, const int *axes, bool keepdims) {
  NDI_REQUIRE(op, a);
  ndi_reduction r = {op, k, ND_BOOL, acc, false, NULL};
  return ndi_reduce_array(&r, a, naxes, axes, keepdims);
}

nd_array *nd_all(const nd_array *a, int naxes, const int *axes, bool keepdims) {
  return logical("all", &ndi_reduce_all, ND_BOOL, a, naxes, axes, keepdims);
}
nd_array *nd_any(const nd_array *a, int naxes, const int *axes, bool keepdims) {
  return logical("any", &ndi_reduce_any, ND_BOOL, a, naxes, axes, keepdims);
}
nd_array *nd_count_nonzero(const nd_array *a, int naxes, const int *axes, bool keepdims) {
  return logical("count_nonzero", &ndi_reduce_count, ND_INT64, a, naxes, axes, keepdims);
}
