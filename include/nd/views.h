/** \file
 *  nd: layout operations. Each returns a new handle sharing `a`'s storage (a view) and
 *  costs O(ndim); none touches data, except nd_reshape and nd_ravel, which copy only when
 *  no strides can express the result, and nd_flatten, which always copies. Writes
 *  through a view are seen by every array over the same storage. A view is writeable
 *  when `a` is (nd_broadcast_to's views are read-only). Besides the "Errors:" line of
 *  each function, every one can fail with the common errors of nd_status (NULL
 *  arguments, out of memory). */
#ifndef ND_VIEWS_H
#define ND_VIEWS_H

#include "axis.h"
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** NumPy basic indexing from a string: comma-separated items, each an integer (removes the
 *  axis; negative counts from the end), a slice `start:stop:step` (any part may be
 *  omitted or `None`; NumPy's clipping rules, also for bounds beyond int64), `None` or
 *  `newaxis` (inserts an axis of extent 1), or
 *  one `...` (as many `:` as needed). "" or "..." gives a view of everything. The string
 *  is parsed into index items and applied as nd_index_items (nd/indexing.h) applies them;
 *  programs that build an index from numbers should build the items instead.
 *  Errors name the position of a malformed item, or the axis of an out-of-range index.
 *  Errors: ND_ERR_VALUE (a malformed spec, with extended code ND_ERR_VALUE_INDEX: "index:
 *  expected ',' or the end of the index at position 1 ('x') in ...", a second `...`; a
 *  zero step; a result of more than ND_MAX_DIMS axes), ND_ERR_INDEX ("index: index 5 is
 *  out of bounds for axis 0 with size 3"; "index: too many indices for array: array is
 *  1-dimensional, but 2 were indexed"). */
ND_API nd_array *nd_index(nd_array *a, const char *spec);
/** nd_index with printf-style formatting of the spec: nd_indexf(a, "%d, ::%d", i, s).
 *  Messages are named "index".
 *  Errors: as nd_index, and ND_ERR_VALUE for a formatted spec of 512 characters or more
 *  ("index: formatted index is too long (600 characters)"). */
ND_API nd_array *nd_indexf(nd_array *a, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/** Axes reordered: result axis i is a's axis axes[i]. naxes must equal ndim; negative
 *  axes count from the end; repeats are errors.
 *  Errors: ND_ERR_VALUE (naxes is not ndim: "permute: axes don't match array: 1 axes given
 *  for an array of dimension 2"), ND_ERR_INDEX (an axis out of range or repeated). */
ND_API nd_array *nd_permute(nd_array *a, int naxes, const int *axes);
/** All axes reversed (NumPy's .T).
 *  Errors: only the common ones. */
ND_API nd_array *nd_transpose(nd_array *a);
/** Axes axis1 and axis2 exchanged (negative axes count from the end).
 *  Errors: ND_ERR_INDEX (an axis out of range). */
ND_API nd_array *nd_swapaxes(nd_array *a, int axis1, int axis2);
/** Axis src moved to position dst, the others keeping their order.
 *  Errors: ND_ERR_INDEX (src or dst out of range). */
ND_API nd_array *nd_moveaxis(nd_array *a, int src, int dst);
/** The last two axes swapped (.mT); needs ndim >= 2.
 *  Errors: ND_ERR_SHAPE (ndim < 2: "matrix_transpose: array of dimension 1 has no matrix
 *  axes (needs at least 2)"). */
ND_API nd_array *nd_matrix_transpose(nd_array *a);

/** A read-only view of `a` broadcast to `shape` (NumPy rules; broadcast axes get stride 0).
 *  Errors: ND_ERR_VALUE (ndim outside [0, ND_MAX_DIMS], a negative extent), ND_ERR_SHAPE
 *  ("broadcast_to: cannot broadcast shape [3] to [2,2] (axis 1: 3 vs 2)", or "... (the
 *  target has fewer dimensions)"), ND_ERR_OVERFLOW (the shape's size overflows int64). */
ND_API nd_array *nd_broadcast_to(nd_array *a, int ndim, const int64_t *shape);
/** The broadcast shape of n shapes (n = 0 gives ndim 0). On success writes *out_ndim and
 *  out_shape (room for ND_MAX_DIMS entries; it may be written on failure too).
 *  Errors: ND_ERR_VALUE (n < 0: "broadcast_shapes: negative count -1"; an ndim out of
 *  range; a negative extent), ND_ERR_SHAPE ("broadcast_shapes: shapes [2,3] and [2,2]
 *  cannot be broadcast (axis 1: 3 vs 2)"), ND_ERR_OVERFLOW (the broadcast size overflows
 *  int64), ND_ERR_NULL (out_ndim, out_shape, ndims or shapes NULL, or shapes[k] NULL with
 *  ndims[k] > 0). */
ND_API nd_status nd_broadcast_shapes(int n, const int *ndims, const int64_t *const *shapes,
                                     int *out_ndim, int64_t *out_shape);
/** Views of n arrays broadcast against each other, written to out[0..n) (released by the
 *  caller). Each view keeps its input's writeable flag, but one with a broadcast (stride-0)
 *  axis is not writeable (nd_is_writeable is false; writes give ND_ERR_READONLY).
 *  Errors: ND_ERR_VALUE (n < 0, or n > 64: "broadcast_arrays: at most 64 arrays (got
 *  65)"), ND_ERR_SHAPE (the shapes do not broadcast), ND_ERR_OVERFLOW (the broadcast size
 *  overflows int64). */
ND_API nd_status nd_broadcast_arrays(int n, nd_array *const *arrays, nd_array **out);

/** A new axis of extent 1 at position `axis` of the result (-1: at the end).
 *  Errors: ND_ERR_INDEX (axis outside [-ndim-1, ndim]), ND_ERR_VALUE (a has ND_MAX_DIMS
 *  axes already: "expand_dims: the result would have more than 64 dimensions"). */
ND_API nd_array *nd_expand_dims(nd_array *a, int axis);
/** Removes the listed axes, which must have extent 1 (naxes ND_ALL_AXES: every axis of
 *  extent 1; naxes 0: none, a view of a; nd/axis.h's rule). Deprecated: naxes 0 with axes
 *  NULL still means ND_ALL_AXES here (nd/axis.h).
 *  Errors: ND_ERR_VALUE (naxes below -1: "squeeze: invalid axis count -2 (-1 means all
 *  axes)"; an axis whose extent is not 1: "squeeze: cannot select an axis to squeeze out
 *  which has size not equal to one (axis 0 of shape [2,1])"), ND_ERR_INDEX (more axes
 *  than ndim, an axis out of range or repeated). */
ND_API nd_array *nd_squeeze(nd_array *a, int naxes, const int *axes);
/** Reverses the listed axes (naxes ND_ALL_AXES: all of them; naxes 0: none, a view of a;
 *  nd/axis.h's rule). Deprecated: naxes 0 with axes NULL still means ND_ALL_AXES here.
 *  Errors: ND_ERR_VALUE (naxes below -1: "flip: invalid axis count -2 (-1 means all
 *  axes)"), ND_ERR_INDEX (an axis out of range or repeated). */
ND_API nd_array *nd_flip(nd_array *a, int naxes, const int *axes);
/** The diagonal `offset` of the planes given by axis1 and axis2, which are removed; the
 *  diagonal becomes the last axis (NumPy's diagonal). Unlike NumPy's, the view is
 *  writeable when a is (writing through it sets a's diagonal).
 *  Errors: ND_ERR_SHAPE (ndim < 2: "diagonal: array of dimension 1 has no diagonal (needs
 *  at least 2)"), ND_ERR_VALUE (axis1 and axis2 the same axis: "diagonal: axis1 and axis2
 *  cannot be the same (both 0)"), ND_ERR_INDEX (an axis out of range). */
ND_API nd_array *nd_diagonal(nd_array *a, int64_t offset, int axis1, int axis2);
/** The real part of a complex array as a float view (float32 for complex64, float64 for
 *  complex128; writes go through). For a real array, a view of the whole array in its
 *  own dtype.
 *  Errors: only the common ones. */
ND_API nd_array *nd_real(nd_array *a);
/** The imaginary part of a complex array as a float view (writes go through).
 *  Errors: ND_ERR_TYPE for a real array ("imag: array of dtype float64 is not complex"). */
ND_API nd_array *nd_imag(nd_array *a);

/** Same elements in a new shape, flat positions taken in order o (ND_C or ND_F; ND_A means F
 *  if `a` is F-contiguous and not C-contiguous, else C; ND_K is an error). One extent
 *  may be -1 (inferred). A view whenever strides can express the result (NumPy's rule),
 *  else a copy, contiguous in order o.
 *  Errors: ND_ERR_SHAPE ("reshape: cannot reshape array of size 24 into shape [5,-1]"),
 *  ND_ERR_VALUE (order ND_K: "reshape: order 'K' is not accepted here (use ND_C, ND_F or
 *  ND_A)"; two -1 extents: "reshape: only one dimension can be inferred (shape [-1,-1])";
 *  another negative extent; ndim outside [0, ND_MAX_DIMS]), ND_ERR_OVERFLOW (the shape's
 *  size overflows int64). */
ND_API nd_array *nd_reshape(nd_array *a, int ndim, const int64_t *shape, nd_order o);
/** Like nd_reshape, but an error instead of a copy.
 *  Errors: as nd_reshape, and ND_ERR_SHAPE when a copy would be needed ("reshape_view:
 *  array of shape [3,4] and strides [1,3] cannot be viewed as shape [12] in order C without
 *  a copy"). */
ND_API nd_array *nd_reshape_view(nd_array *a, int ndim, const int64_t *shape, nd_order o);
/** 1-D, flat positions in order o: a view when a is contiguous in that order (as NumPy:
 *  a[::2] or a column ravel to copies), else a copy. ND_A as for
 *  nd_reshape; ND_K takes the axes in the order they lie in memory (by decreasing
 *  |stride|, each in its own direction), as NumPy's ravel(order='K').
 *  Errors: ND_ERR_VALUE (o is not ND_C, ND_F, ND_A or ND_K). */
ND_API nd_array *nd_ravel(nd_array *a, nd_order o);
/** 1-D copy, flat positions in order o (C, F, A or K as for nd_ravel).
 *  Errors: ND_ERR_VALUE (o is not ND_C, ND_F, ND_A or ND_K). */
ND_API nd_array *nd_flatten(nd_array *a, nd_order o);

#ifdef __cplusplus
}
#endif
#endif
