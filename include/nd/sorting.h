/* nd: sorting and searching sorted arrays.
 *
 * Order (real dtypes; complex numbers have no order and are an error): by value, -0.0
 * equal to +0.0, NaNs after +inf (NumPy's order). Sorts are stable: equal elements keep
 * their input order, ascending and descending alike. A descending sort is the exact
 * reverse order of the ascending one, so its NaNs come first (as an Array API sort built
 * on NumPy's, and PyTorch, give them). Large lanes are sorted with every thread; the
 * result does not depend on the thread count. */
#ifndef ND_SORTING_H
#define ND_SORTING_H

#include "axis.h"
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A sorted copy of `a` along `axis` (-1: the last; ND_AXIS_NONE: the flattened array, C
 *  order), laid out as `a` (ND_K). */
ND_API nd_array *nd_sort(const nd_array *a, int axis, bool descending);
/** The int64 positions that sort `a` along `axis` (as nd_sort), C-ordered as NumPy's;
 *  a 0-d array gives [0], as in NumPy. */
ND_API nd_array *nd_argsort(const nd_array *a, int axis, bool descending);

/** Which insertion point nd_searchsorted returns among equal elements. */
typedef enum nd_side { ND_SIDE_LEFT = 0, ND_SIDE_RIGHT = 1 } nd_side;
/** For each element v of `values`, the position in the sorted 1-D array `sorted` where v
 *  would be inserted to keep it sorted: the first i with sorted[i] >= v (ND_SIDE_LEFT) or
 *  > v (ND_SIDE_RIGHT), in nd_sort's order (NaNs last). `sorter` (NULL, or int positions
 *  of the length of `sorted`) gives the order in which `sorted` is sorted, as argsort
 *  returns it. Both arrays are compared in their promoted dtype. The result is int64 with
 *  the shape of `values`. */
ND_API nd_array *nd_searchsorted(const nd_array *sorted, const nd_array *values, nd_side side,
                                 const nd_array *sorter);

#ifdef __cplusplus
}
#endif
#endif
