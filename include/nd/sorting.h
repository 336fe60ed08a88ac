/** \file
 *  nd: sorting and searching sorted arrays.
 *
 *  Order (real dtypes; complex numbers have no order and are an error): by value, -0.0
 *  equal to +0.0, NaNs after +inf (NumPy's order). Sorts are stable: equal elements keep
 *  their input order, ascending and descending alike. A descending sort is the exact
 *  reverse order of the ascending one, so its NaNs come first (as an Array API sort built
 *  on NumPy's, and PyTorch, give them). Large lanes are sorted with every thread; the
 *  result does not depend on the thread count. Besides the "Errors:" line of each
 *  function, every one can fail with the common errors of nd_status (NULL arguments, out
 *  of memory). */
#ifndef ND_SORTING_H
#define ND_SORTING_H

#include "axis.h"
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A sorted copy of `a` along `axis` (-1: the last; ND_AXIS_NONE: the flattened array, C
 *  order, giving a 1-D result), in a's dtype, laid out as `a` (ND_K).
 *  Errors: ND_ERR_TYPE (complex: "sort: not defined for complex input (complex64 has no
 *  order)"), ND_ERR_INDEX (axis out of range; a 0-d a takes only ND_AXIS_NONE: "sort: axis
 *  -1 is out of bounds for array of dimension 0"). */
ND_API nd_array *nd_sort(const nd_array *a, int axis, bool descending);
/** The int64 positions that sort `a` along `axis` (as nd_sort), C-ordered as NumPy's;
 *  a 0-d array gives [0], as in NumPy (with axis 0, -1 or ND_AXIS_NONE).
 *  Errors: as nd_sort ("argsort: ..."). */
ND_API nd_array *nd_argsort(const nd_array *a, int axis, bool descending);

/** Which insertion point nd_searchsorted returns among equal elements. */
typedef enum nd_side { ND_SIDE_LEFT = 0, ND_SIDE_RIGHT = 1 } nd_side;
/** For each element v of `values`, the position in the sorted 1-D array `sorted` where v
 *  would be inserted to keep it sorted: the first i with sorted[i] >= v (ND_SIDE_LEFT) or
 *  > v (ND_SIDE_RIGHT), in nd_sort's order (NaNs last). `sorter` (NULL, or int positions
 *  of the length of `sorted`) gives the order in which `sorted` is sorted, as argsort
 *  returns it. Both arrays are compared in their promoted dtype. The result is int64 with
 *  the shape of `values` (C-contiguous). `sorted` is not checked to be sorted.
 *  Errors: ND_ERR_SHAPE (sorted not 1-D: "searchsorted: the sorted array must be 1-D (got 2
 *  dimensions)"; sorter not 1-D or of another length: "searchsorted: sorter has 1 elements
 *  but the sorted array has 3"), ND_ERR_VALUE (side invalid: "searchsorted: invalid side
 *  2 (ND_SIDE_LEFT or ND_SIDE_RIGHT)"), ND_ERR_TYPE (complex sorted or values; a sorter
 *  that is not an integer array: "searchsorted: sorter must be an integer array, got
 *  float64"), ND_ERR_INDEX (a sorter position out of range: "searchsorted: sorter index
 *  -1 is out of range [0, 3)", "searchsorted: sorter: index 5 is out of bounds for axis 0
 *  with size 3"). */
ND_API nd_array *nd_searchsorted(const nd_array *sorted, const nd_array *values, nd_side side,
                                 const nd_array *sorter);

#ifdef __cplusplus
}
#endif
#endif
