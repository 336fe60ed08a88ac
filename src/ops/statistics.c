/* mean, var, std: a pairwise sum (or sum of squared deviations from the mean) through the
 * reduction engine, then a division by the count in the result's dtype, as NumPy. */
#include <math.h>

#include "iter/plan.h"
#include "nd/reduce.h"
#include "reduction.h"

/* out[...] = fn(out[...]) with the divisor d. */
static void finish(nd_array *out, ndi_loop_fn fn, double d) {
  int64_t bs[ND_MAX_DIMS];
  ndi_byte_strides(out, bs);
  ndi_operand o = {out->data, bs, (int64_t)ndi_dtype_size(out->dtype)};
  ndi_plan p;
  ndi_plan_init(&p, 1, out->ndim, out->shape, &o, 0);
  ndi_plan_execute(&p, fn, &d);
}

/* The dtype mean and var compute in: float64 for bool and integers, else the input's. */
static nd_dtype float_dtype(nd_dtype t) {
  char k = ndi_dtype_kind(t);
  return (k == 'f' || k == 'c') ? t : ND_FLOAT64;
}

static nd_array *mean_impl(const char *op, const nd_array *a, int naxes, const int *axes,
                           bool keepdims, nd_dtype acc) {
  /* NumPy's mean, var and std count the items along the axes given, which a 0-d array
   * does not have: axis 0 is an error here (sum, max, ... accept it) */
  int unused;
  if (a->ndim == 0 && naxes > 0 && axes && ndi_normalize_axis(op, axes[0], 0, &unused)) return NULL;
  /* float16 and bfloat16: the sum and the division in float32, then one rounding (NumPy's
   * float16 mean) */
  nd_dtype c = ndi_compute_dtype(acc);
  ndi_reduction r = {op, &ndi_reduce_sum[c], c, c, false, NULL};
  nd_array *s = ndi_reduce_array(&r, a, naxes, axes, keepdims);
  if (!s) return NULL;
  finish(s, ndi_reduce_divide[c], (double)ndi_reduced_count(a, naxes, axes));
  return ndi_round_result(op, s, acc);
}

nd_array *nd_mean(const nd_array *a, int naxes, const int *axes, bool keepdims) {
  NDI_REQUIRE("mean", a);
  return mean_impl("mean", a, naxes, axes, keepdims, float_dtype(a->dtype));
}

nd_array *nd_mean_dtype(const nd_array *a, int naxes, const int *axes, bool keepdims,
                        nd_dtype dtype) {
  NDI_REQUIRE("mean", a);
  if (ndi_check_reduce_dtype("mean", a->dtype, (int)dtype)) return NULL;
  char k = ndi_dtype_kind(dtype);
  if (k != 'f' && k != 'c')
    return ndi_error_null(ND_ERR_TYPE, "mean: dtype must be a floating or complex type, got %s",
                          ndi_dtype_name(dtype));
  return mean_impl("mean", a, naxes, axes, keepdims, dtype);
}

static nd_array *var_impl(const char *op, const nd_array *a, int naxes, const int *axes,
                          double correction, bool keepdims, bool root) {
  NDI_REQUIRE(op, a);
  if (isnan(correction))
    return ndi_error_null(ND_ERR_VALUE, "%s: correction is NaN", op);
  /* float16 and bfloat16 in float32 throughout (mean, deviations, squares: NumPy computes
   * them in float16, and overflows), rounded once at the end */
  nd_dtype rft = float_dtype(a->dtype), ft = ndi_compute_dtype(rft);
  nd_array *mean = mean_impl(op, a, naxes, axes, keepdims, ft);
  if (!mean) return NULL;
  nd_dtype rt = ndi_real_dtype(ft);
  ndi_reduction r = {op, &ndi_reduce_sqdev[ft], ft, rt, false, mean};
  nd_array *v = ndi_reduce_array(&r, a, naxes, axes, keepdims);
  nd_release(mean);
  if (!v) return NULL;
  double n = (double)ndi_reduced_count(a, naxes, axes) - correction;
  finish(v, root ? ndi_reduce_divide_sqrt[rt] : ndi_reduce_divide[rt], n > 0 ? n : 0.0);
  return ndi_round_result(op, v, ndi_real_dtype(rft));
}

nd_array *nd_var(const nd_array *a, int naxes, const int *axes, double correction,
                 bool keepdims) {
  return var_impl("var", a, naxes, axes, correction, keepdims, false);
}

nd_array *nd_std(const nd_array *a, int naxes, const int *axes, double correction,
                 bool keepdims) {
  return var_impl("std", a, naxes, axes, correction, keepdims, true);
}
