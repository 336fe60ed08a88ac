/* nd: layout operations. Each returns a new handle sharing `a`'s storage (a view) and
 * costs O(ndim); none touches data, except nd_reshape and nd_ravel, which copy only when
 * no strides can express the result, and nd_flatten, which always copies. Writes
 * through a view are seen by every array over the same storage. */
#ifndef ND_VIEWS_H
#define ND_VIEWS_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** NumPy basic indexing from a string: comma-separated items, each an integer (removes the
 *  axis; negative counts from the end), a slice `start:stop:step` (any part may be
 *  omitted or `None`; NumPy's clipping rules, also for bounds beyond int64), `None` or
 *  `newaxis` (inserts an axis of extent 1), or
 *  one `...` (as many `:` as needed). "" or "..." gives a view of everything.
 *  Errors name the position of a malformed item, or the axis of an out-of-range index. */
ND_API nd_array *nd_index(nd_array *a, const char *spec);
/** nd_index with printf-style formatting of the spec: nd_indexf(a, "%d, ::%d", i, s). */
ND_API nd_array *nd_indexf(nd_array *a, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/** Axes reordered: result axis i is a's axis axes[i]. naxes must equal ndim; negative
 *  axes count from the end; repeats are errors. */
ND_API nd_array *nd_permute(nd_array *a, int naxes, const int *axes);
/** All axes reversed (NumPy's .T). */
ND_API nd_array *nd_transpose(nd_array *a);
ND_API nd_array *nd_swapaxes(nd_array *a, int axis1, int axis2);
/** Axis src moved to position dst, the others keeping their order. */
ND_API nd_array *nd_moveaxis(nd_array *a, int src, int dst);
/** The last two axes swapped (.mT); needs ndim >= 2. */
ND_API nd_array *nd_matrix_transpose(nd_array *a);

/** A read-only view of `a` broadcast to `shape` (NumPy rules; broadcast axes get stride 0). */
ND_API nd_array *nd_broadcast_to(nd_array *a, int ndim, const int64_t *shape);
/** The broadcast shape of n shapes. On success writes *out_ndim and out_shape (room for
 *  ND_MAX_DIMS entries). */
ND_API nd_status nd_broadcast_shapes(int n, const int *ndims, const int64_t *const *shapes,
                                     int *out_ndim, int64_t *out_shape);
/** Views of n arrays broadcast against each other, written to out[0..n) (released by the
 *  caller). */
ND_API nd_status nd_broadcast_arrays(int n, nd_array *const *arrays, nd_array **out);

/** A new axis of extent 1 at position `axis` of the result (-1: at the end). */
ND_API nd_array *nd_expand_dims(nd_array *a, int axis);
/** Removes the listed axes, which must have extent 1 (naxes 0: every axis of extent 1). */
ND_API nd_array *nd_squeeze(nd_array *a, int naxes, const int *axes);
/** Reverses the listed axes (naxes 0: all of them). */
ND_API nd_array *nd_flip(nd_array *a, int naxes, const int *axes);
/** The diagonal `offset` of the planes given by axis1 and axis2, which are removed; the
 *  diagonal becomes the last axis (NumPy's diagonal). Unlike NumPy's, the view is
 *  writeable when a is (writing through it sets a's diagonal). */
ND_API nd_array *nd_diagonal(nd_array *a, int64_t offset, int axis1, int axis2);
/** Real and imaginary parts of a complex array as float views (writes go through). For a
 *  real array, nd_real is a view of the whole array and nd_imag is an error. */
ND_API nd_array *nd_real(nd_array *a);
ND_API nd_array *nd_imag(nd_array *a);

/** Same elements in a new shape, flat positions taken in order o (ND_C or ND_F; ND_A means F
 *  if `a` is F-contiguous and not C-contiguous, else C; ND_K is an error). One extent
 *  may be -1 (inferred). A view whenever strides can express the result (NumPy's rule),
 *  else a copy, contiguous in order o. */
ND_API nd_array *nd_reshape(nd_array *a, int ndim, const int64_t *shape, nd_order o);
/** Like nd_reshape, but an error instead of a copy. */
ND_API nd_array *nd_reshape_view(nd_array *a, int ndim, const int64_t *shape, nd_order o);
/** 1-D, flat positions in order o: a view when a is contiguous in that order (as NumPy:
 *  a[::2] or a column ravel to copies), else a copy. ND_A as for
 *  nd_reshape; ND_K takes the axes in the order they lie in memory (by decreasing
 *  |stride|, each in its own direction), as NumPy's ravel(order='K'). */
ND_API nd_array *nd_ravel(nd_array *a, nd_order o);
/** 1-D copy, flat positions in order o (C, F, A or K as for nd_ravel). */
ND_API nd_array *nd_flatten(nd_array *a, nd_order o);

#ifdef __cplusplus
}
#endif
#endif
