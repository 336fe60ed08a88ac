/* argmin, argmax (one axis, or the flattened array) and cumulative_sum, cumulative_prod:
 * argument checks and output layout; the loops are iter/argreduce.c's. */
#include <string.h>

#include "iter/argreduce.h"
#include "iter/copy.h"
#include "nd/reduce.h"
#include "reduction.h"

static nd_array *arg_impl(const char *op, const ndi_argreduce_kernel *table, const nd_array *a,
                          int axis, bool keepdims) {
  NDI_REQUIRE(op, a);
  if (ndi_dtype_kind(a->dtype) == 'c')
    return ndi_error_null(ND_ERR_TYPE, "%s: not defined for complex input (%s has no order)", op,
                          ndi_dtype_name(a->dtype));
  int64_t es = (int64_t)ndi_dtype_size(a->dtype);
  axis = ndi_axis_of_0d(a->ndim, axis);
  if (axis == ND_AXIS_NONE) {
    if (a->size == 0)
      return ndi_error_null(ND_ERR_VALUE, "%s: attempt to get %s of an empty sequence", op, op);
    int64_t ones[ND_MAX_DIMS];
    for (int i = 0; i < a->ndim; i++) ones[i] = 1;
    nd_array *out = ndi_array_alloc(op, ND_INT64, keepdims ? a->ndim : 0, ones, ND_C);
    if (!out) return NULL;
    /* the flat index is the C-order position: a C-contiguous copy unless a already is */
    nd_array *flat = (nd_array *)a;
    if (!ndi_is_contiguous(a->ndim, a->shape, a->strides, ND_C)) {
      flat = ndi_array_alloc(op, a->dtype, a->ndim, a->shape, ND_C);
      if (!flat) {
        nd_release(out);
        return NULL;
      }
      ndi_copy_array(flat, a);
    }
    int64_t n = a->size, s = es, os = 0;
    ndi_argreduce_run(&table[a->dtype], 1, &n, flat->data, &s, es, 0, out->data, &os);
    if (flat != a) nd_release(flat);
    return out;
  }
  int ax;
  if (ndi_normalize_axis(op, axis, a->ndim, &ax)) return NULL;
  bool red[ND_MAX_DIMS] = {false};
  red[ax] = true;
  int ond, map[ND_MAX_DIMS];
  int64_t oshape[ND_MAX_DIMS];
  /* NumPy's argmax/argmin results are C-ordered whatever the input's layout */
  ndi_reduce_layout(a->ndim, a->shape, a->strides, red, keepdims, &ond, oshape, NULL, map);
  if (a->shape[ax] == 0) { /* as NumPy, even when the result is empty */
    char sb[NDI_SHAPE_BUF];
    return ndi_error_null(ND_ERR_VALUE, "%s: attempt to get %s of an empty sequence (axis %d of shape %s)", op,
                          op, axis, ndi_fmt_shape(sb, sizeof sb, a->ndim, a->shape));
  }
  nd_array *out = ndi_array_alloc(op, ND_INT64, ond, oshape, ND_C);
  if (!out || out->size == 0) return out;
  int64_t is[ND_MAX_DIMS], os[ND_MAX_DIMS];
  for (int i = 0; i < a->ndim; i++) {
    is[i] = a->strides[i] * es;
    os[i] = map[i] >= 0 ? out->strides[map[i]] * 8 : 0;
  }
  ndi_argreduce_run(&table[a->dtype], a->ndim, a->shape, a->data, is, es, ax, out->data, os);
  return out;
}

nd_array *nd_argmax(const nd_array *a, int axis, bool keepdims) {
  return arg_impl("argmax", ndi_argmax_kernels, a, axis, keepdims);
}
nd_array *nd_argmin(const nd_array *a, int axis, bool keepdims) {
  return arg_impl("argmin", ndi_argmin_kernels, a, axis, keepdims);
}

/* ---- cumulative_sum, cumulative_prod ----------------------------------------------- */

static nd_array *cum_run(const char *op, const ndi_loop_fn *scan, int identity,
                         const nd_array *a, int axis, bool include_initial, nd_dtype acc);

static nd_array *cum_impl(const char *op, const ndi_loop_fn *scan, int identity,
                          const nd_array *a, int axis, bool include_initial, int dtype) {
  NDI_REQUIRE(op, a);
  nd_dtype acc = ndi_sum_dtype(a->dtype);
  if (dtype != NDI_NO_DTYPE) {
    if (ndi_check_reduce_dtype(op, a->dtype, dtype)) return NULL;
    acc = (nd_dtype)dtype;
  }
  /* float16 and bfloat16 run in float32 (each output rounded once, from the float32 running
   * value: NumPy rounds its float16 running value at every step) */
  nd_dtype result = acc;
  acc = ndi_compute_dtype(acc);
  nd_array *in = ndi_as_result_input(op, a, result);
  if (!in) return NULL;
  nd_array *out = cum_run(op, scan, identity, in, axis, include_initial, acc);
  nd_release(in);
  return ndi_round_result(op, out, result);
}

/* cumulative_sum or _prod of a in dtype acc (after the checks of cum_impl). */
static nd_array *cum_run(const char *op, const ndi_loop_fn *scan, int identity,
                         const nd_array *a, int axis, bool include_initial, nd_dtype acc) {
  /* the input as (ndim, shape, strides) with the scanned axis ax */
  int nd = a->ndim, ax = 0;
  int64_t shape[ND_MAX_DIMS], strides[ND_MAX_DIMS];
  axis = ndi_axis_of_0d(nd, axis);
  if (axis == ND_AXIS_NONE) {
    if (a->ndim > 1)
      return ndi_error_null(ND_ERR_VALUE, "%s: axis is required for arrays of more than one dimension (array has %d)",
                            op, a->ndim);
    nd = 1;
    shape[0] = a->size;
    strides[0] = a->ndim ? a->strides[0] : 0;
  } else {
    if (ndi_normalize_axis(op, axis, a->ndim, &ax)) return NULL;
    memcpy(shape, a->shape, sizeof(int64_t) * (size_t)nd);
    memcpy(strides, a->strides, sizeof(int64_t) * (size_t)nd);
  }
  int64_t len = shape[ax], init = include_initial ? 1 : 0;
  int64_t oshape[ND_MAX_DIMS], ostr[ND_MAX_DIMS];
  memcpy(oshape, shape, sizeof(int64_t) * (size_t)nd);
  oshape[ax] = len + init;
  int perm[ND_MAX_DIMS];
  ndi_order_k_perm_iter(nd, shape, strides, perm);
  ndi_strides_for_perm(nd, oshape, perm, ostr);
  nd_array *out = ndi_array_alloc_strided(op, acc, nd, oshape, ostr);
  if (!out || out->size == 0) return out;
  int64_t es = (int64_t)ndi_dtype_size(acc);
  if (init) {
    _Alignas(16) char elem[16];
    ndi_scalar_to(op, ND_INT(identity), acc, elem);
    int64_t one[ND_MAX_DIMS], zero[ND_MAX_DIMS] = {0};
    memcpy(one, oshape, sizeof(int64_t) * (size_t)nd);
    one[ax] = 1;
    ndi_copy_layout(nd, one, (ndi_layout_ref){out->data, out->strides, acc},
                    (ndi_layout_ref){elem, zero, acc});
  }
  char *body = out->data + init * out->strides[ax] * es;
  ndi_copy_layout(nd, shape, (ndi_layout_ref){body, out->strides, acc},
                  (ndi_layout_ref){a->data, strides, a->dtype});
  int64_t bs[ND_MAX_DIMS];
  for (int i = 0; i < nd; i++) bs[i] = out->strides[i] * es;
  ndi_loop_fn loop = scan[acc];
  /* NumPy's accumulate calls its elementwise multiply loop on each lane; with one product
   * per lane (an axis of length 2) that loop takes its vector path, one fused multiply-add
   * per part of a complex product, instead of the plain formula of the longer, overlapping
   * runs; except for a complex64 input read in place backwards, which NumPy's vector path
   * refuses (iter/reduce_numpy.c) */
  if (scan == ndi_scan_prod && len == 2 && ndi_scan_prod_fused[acc] &&
      !(acc == ND_COMPLEX64 && a->dtype == acc && strides[ax] < 0))
    loop = ndi_scan_prod_fused[acc];
  ndi_scan_run(loop, nd, shape, body, bs, es, ax);
  return out;
}

nd_array *nd_cumulative_sum(const nd_array *a, int axis, bool include_initial) {
  return cum_impl("cumulative_sum", ndi_scan_sum, 0, a, axis, include_initial, NDI_NO_DTYPE);
}
nd_array *nd_cumulative_sum_dtype(const nd_array *a, int axis, bool include_initial,
                                  nd_dtype dtype) {
  return cum_impl("cumulative_sum", ndi_scan_sum, 0, a, axis, include_initial, (int)dtype);
}
nd_array *nd_cumulative_prod(const nd_array *a, int axis, bool include_initial) {
  return cum_impl("cumulative_prod", ndi_scan_prod, 1, a, axis, include_initial, NDI_NO_DTYPE);
}
nd_array *nd_cumulative_prod_dtype(const nd_array *a, int axis, bool include_initial,
                                   nd_dtype dtype) {
  return cum_impl("cumulative_prod", ndi_scan_prod, 1, a, axis, include_initial, (int)dtype);
}
