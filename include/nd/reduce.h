/** \file
 *  nd: reductions and statistics.
 *
 *  Functions reducing over several axes take (naxes, axes) by nd/axis.h's rule: naxes
 *  ND_ALL_AXES (-1) reduces every axis, 0 none; negative axes count from the end; a repeated or out-of-range axis is an error,
 *  except that a 0-d array takes axis 0 or -1 (reducing nothing), as NumPy's reductions,
 *  argmax/argmin and cumulative functions do (not mean, var and std, which NumPy refuses
 *  too).
 *  keepdims keeps the reduced axes with extent 1. Results are new arrays, laid out in the
 *  input's axis order as NumPy's iterator lays them out (order K, where a broadcast axis
 *  has no say: a reduction of a broadcast C input is C).
 *
 *  Accumulation: sum and prod of bool and signed integers accumulate in int64, of unsigned
 *  integers in uint64; floating and complex arrays keep their dtype (float32 sums in
 *  float32). Float sums are pairwise (error O(eps log n)) along whatever axes are reduced
 *  (not NumPy's blocking, so their last bits can differ from NumPy's);
 *  float and complex products multiply one element after the other from 1, as NumPy does,
 *  in the order NumPy's iterator visits the elements on every layout (the reduced axes by
 *  decreasing |stride|, each in index order, a reversed axis too: prod of [0.1, 0.2,
 *  0.3][::-1] is 0.3 * 0.2 * 0.1) and with NumPy's complex formula for that layout, so
 *  they agree with NumPy bitwise (a NaN's sign and payload aside), and overflow ends the
 *  same way: prod([1e200, 0, 1e200]) is 0; every result is bitwise the same for any number
 *  of threads. The `_dtype` forms
 *  convert the input to `dtype` first and accumulate in it (as NumPy's dtype= argument;
 *  complex to a real dtype is an error).
 *
 *  Empty reductions: sum 0, prod 1, all true, any false, count_nonzero 0, mean/var/std NaN;
 *  min and max over an empty axis are an error, as in NumPy, even when the result is empty.
 *
 *  Errors shared by the functions taking (naxes, axes), besides the common ones of
 *  nd_status: ND_ERR_VALUE for naxes < -1 ("sum: invalid axis count -2 (-1 means all
 *  axes)"), ND_ERR_INDEX for an axis out of range or repeated, or more axes than
 *  dimensions ("sum: 3 axes given for an array of dimension 2"), ND_ERR_NULL for a NULL
 *  axes with naxes > 0. The "Errors:" line of each function calls these "axis errors". */
#ifndef ND_REDUCE_H
#define ND_REDUCE_H

#include "axis.h"
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Sum over the given axes, in the accumulator dtype (int64 for bool and signed
 *  integers, uint64 for unsigned ones, else a's dtype). float16 and bfloat16 accumulate
 *  in float32 and round each result once to their dtype; the same holds for nd_prod,
 *  nd_mean, nd_var, nd_std and the cumulative functions. NumPy's float16 sum does the
 *  same along the innermost axis, but rounds to float16 after every step over other axes
 *  and in cumsum, so its results there can differ (nd's are the more accurate).
 *  Errors: the axis errors (see the file comment). */
ND_API nd_array *nd_sum(const nd_array *a, int naxes, const int *axes, bool keepdims);
/** nd_sum with a converted to `dtype` first and accumulated and returned in it.
 *  Errors: the axis errors, and ND_ERR_TYPE (dtype is not an nd_dtype; complex a with a
 *  real dtype: "sum: cannot accumulate complex128 in float64 (complex to real discards the
 *  imaginary part)"). */
ND_API nd_array *nd_sum_dtype(const nd_array *a, int naxes, const int *axes, bool keepdims,
                              nd_dtype dtype);
/** Product over the given axes, in the accumulator dtype of nd_sum.
 *  Errors: the axis errors. */
ND_API nd_array *nd_prod(const nd_array *a, int naxes, const int *axes, bool keepdims);
/** nd_prod with a converted to `dtype` first and accumulated and returned in it.
 *  Errors: as nd_sum_dtype ("prod: cannot accumulate ..."). */
ND_API nd_array *nd_prod_dtype(const nd_array *a, int naxes, const int *axes, bool keepdims,
                               nd_dtype dtype);
/** Smallest element over the given axes, in a's dtype; NaN propagates (as NumPy). Of equal
 *  elements the later one in index order (C order over the reduced axes of `a` as given,
 *  whatever its memory layout) is kept, which shows only in the sign of a zero result:
 *  max([0.0, -0.0]) is -0.0, max of [-1, 0.0, -0.0, -3][::-1] is 0.0, on every layout and
 *  thread count. NumPy's choice between 0.0 and -0.0 depends on its loop (length, memory
 *  order), so it can differ from nd's. Real dtypes only (complex numbers have no order).
 *  Errors: the axis errors, ND_ERR_TYPE (complex: "min: not defined for complex input
 *  (complex128 has no order)"), ND_ERR_VALUE (an empty reduction, even with an empty
 *  result: "min: zero-size array to reduction operation min which has no identity (shape
 *  [0,3], axes [0])"). */
ND_API nd_array *nd_min(const nd_array *a, int naxes, const int *axes, bool keepdims);
/** Largest element over the given axes, as nd_min.
 *  Errors: as nd_min ("max: ..."). */
ND_API nd_array *nd_max(const nd_array *a, int naxes, const int *axes, bool keepdims);

/** Arithmetic mean: the sum (as nd_sum, but integers and bool accumulate in float64)
 *  divided by the count. float32 stays float32, complex stays complex. A 0-d array takes
 *  no axis (naxes -1 or 0), as in NumPy.
 *  Errors: the axis errors, and ND_ERR_INDEX for an axis of a 0-d array ("mean: axis 0 is
 *  out of bounds for array of dimension 0"). */
ND_API nd_array *nd_mean(const nd_array *a, int naxes, const int *axes, bool keepdims);
/** Mean accumulated and returned in a floating or complex dtype.
 *  Errors: as nd_mean, and ND_ERR_TYPE (dtype not floating or complex: "mean: dtype must be
 *  a floating or complex type, got int32"; not an nd_dtype; complex a with a real dtype). */
ND_API nd_array *nd_mean_dtype(const nd_array *a, int naxes, const int *axes, bool keepdims,
                               nd_dtype dtype);
/** Variance: sum(|x - mean|^2) / max(N - correction, 0) (NumPy's ddof). Integers give
 *  float64; complex input gives the real dtype.
 *  Errors: as nd_mean ("var: ..."), and ND_ERR_VALUE (correction NaN: "var: correction is
 *  NaN"). */
ND_API nd_array *nd_var(const nd_array *a, int naxes, const int *axes, double correction,
                        bool keepdims);
/** Standard deviation: sqrt of nd_var, in nd_var's dtype.
 *  Errors: as nd_var ("std: ..."). */
ND_API nd_array *nd_std(const nd_array *a, int naxes, const int *axes, double correction,
                        bool keepdims);

/** Logical and of x != 0 over the given axes (bool result; any dtype; true when empty).
 *  Errors: the axis errors. */
ND_API nd_array *nd_all(const nd_array *a, int naxes, const int *axes, bool keepdims);
/** Logical or of x != 0 over the given axes (bool result; any dtype; false when empty).
 *  Errors: the axis errors. */
ND_API nd_array *nd_any(const nd_array *a, int naxes, const int *axes, bool keepdims);
/** Number of elements != 0 over the given axes (int64 result; any dtype).
 *  Errors: the axis errors. */
ND_API nd_array *nd_count_nonzero(const nd_array *a, int naxes, const int *axes, bool keepdims);

/** Index (int64) of the first largest element along `axis`, or of the
 *  flattened array in C order with ND_AXIS_NONE (keepdims then keeps every axis with
 *  extent 1; a 0-d array also takes axis 0 or -1). NaN counts as the largest and the
 *  smallest: the first NaN wins, as NumPy.
 *  Real dtypes only; an empty axis is an error (as NumPy), even when the result is empty.
 *  The result is C-ordered, as NumPy's.
 *  Errors: ND_ERR_INDEX (axis out of range), ND_ERR_TYPE (complex: "argmax: not defined
 *  for complex input (complex64 has no order)"), ND_ERR_VALUE (an empty axis or array:
 *  "argmax: attempt to get argmax of an empty sequence"). */
ND_API nd_array *nd_argmax(const nd_array *a, int axis, bool keepdims);
/** Index (int64) of the first smallest element along `axis`, as nd_argmax.
 *  Errors: as nd_argmax ("argmin: ..."). */
ND_API nd_array *nd_argmin(const nd_array *a, int axis, bool keepdims);

/** Running sum along `axis` (ND_AXIS_NONE only for arrays of at most one
 *  dimension; a 0-d array gives one element). Accumulator and result dtype as nd_sum.
 *  include_initial puts the identity (0) first,
 *  so the axis grows by one (Array API 2024.12). Sequential, as NumPy's accumulate. The
 *  result keeps a's axis order (order K).
 *  Errors: ND_ERR_INDEX (axis out of range), ND_ERR_VALUE (ND_AXIS_NONE with ndim > 1:
 *  "cumulative_sum: axis is required for arrays of more than one dimension (array has
 *  2)"). */
ND_API nd_array *nd_cumulative_sum(const nd_array *a, int axis, bool include_initial);
/** nd_cumulative_sum accumulated and returned in `dtype` (as nd_sum_dtype).
 *  Errors: as nd_cumulative_sum, and ND_ERR_TYPE as nd_sum_dtype. */
ND_API nd_array *nd_cumulative_sum_dtype(const nd_array *a, int axis, bool include_initial,
                                         nd_dtype dtype);
/** Running product along `axis`, as nd_cumulative_sum (the identity is 1), with NumPy's
 *  complex formula (bitwise its results).
 *  Errors: as nd_cumulative_sum ("cumulative_prod: ..."). */
ND_API nd_array *nd_cumulative_prod(const nd_array *a, int axis, bool include_initial);
/** nd_cumulative_prod accumulated and returned in `dtype` (as nd_prod_dtype).
 *  Errors: as nd_cumulative_sum_dtype. */
ND_API nd_array *nd_cumulative_prod_dtype(const nd_array *a, int axis, bool include_initial,
                                          nd_dtype dtype);

/** n-th discrete difference along `axis`: out[i] = x[i+1] - x[i], applied n times (n >= 0),
 *  where x is `a` with `prepend` and `append` (NULL for none) joined before and after it
 *  along the axis (a 0-d value is broadcast to one slice; dtypes promote as nd_concat).
 *  Integers wrap; for bool the difference is x[i+1] != x[i], as NumPy. The result is laid
 *  out as NumPy's a[1:] - a[:-1] (F in, F out). n = 0 returns a copy of `a`, checking
 *  nothing else, as NumPy returns `a`.
 *  Errors: ND_ERR_VALUE (n < 0: "diff: order must be non-negative but got -1"),
 *  ND_ERR_INDEX (axis out of range, or ND_AXIS_NONE: "diff: an axis is required
 *  (ND_AXIS_NONE is not accepted; NumPy's default is -1)"), ND_ERR_SHAPE (a 0-d a: "diff:
 *  requires input that is at least one dimensional"; prepend or append of another shape: "diff:
 *  prepend has shape [3] but the array has shape [2,2] (they must match except along axis
 *  1)"). */
ND_API nd_array *nd_diff(const nd_array *a, int axis, int n, const nd_array *prepend,
                         const nd_array *append);

#ifdef __cplusplus
}
#endif
#endif
