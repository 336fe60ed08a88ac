/* Layout arithmetic: shapes, strides (in elements) and offsets only; never data.
 * Functions that can fail take the name of the calling operation for their messages. */
#ifndef NDI_LAYOUT_H
#define NDI_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "core/shape.h" /* ndi_shape_size, ndi_check_ndim, ndi_check_order, dense strides */
#include "nd/axis.h"
#include "nd/indexing.h"
#include "nd/types.h"

/* NumPy lets functions that take one axis or none (repeat, take, argmax, cumulative
 * sums) take axis 0 or -1 of a 0-d array, as the flattened array: ND_AXIS_NONE then,
 * else axis. */
static inline int ndi_axis_of_0d(int ndim, int axis) {
  return ndim == 0 && (axis == 0 || axis == -1) ? ND_AXIS_NONE : axis;
}

/* NumPy's contiguity test: axes of extent 1 are ignored, size 0 is contiguous. */
bool ndi_is_contiguous(int ndim, const int64_t *shape, const int64_t *strides, nd_order o);
/* Offsets, relative to element [0,...,0], of the lowest and highest element addressed.
 * Returns false for size 0 (nothing addressed). */
bool ndi_extent(int ndim, const int64_t *shape, const int64_t *strides, int64_t *lo, int64_t *hi);
/* ndi_extent for strides from outside (wrapped memory, DLPack): fails (ND_ERR_OVERFLOW,
 * message naming op) unless every byte offset the layout addresses fits in int64. Axes of
 * extent 1 and empty arrays address nothing and pass whatever their strides; callers
 * replace such strides when their byte value overflows (ndi_wrap). lo = hi = 0 for size 0. */
nd_status ndi_extent_checked(const char *op, int ndim, const int64_t *shape,
                             const int64_t *strides, size_t elsize, int64_t *lo, int64_t *hi);

/* Permutation perm[] (outermost first) that orders the axes by decreasing |stride|, the
 * axis order ND_K keeps. Ties keep the original order. */
void ndi_order_k_perm(int ndim, const int64_t *shape, const int64_t *strides, int *perm);
/* The axis order (outermost first) NumPy gives a new array made from n operands of rank
 * ndim: a stable insertion sort of the axes by |stride|, each pair of axes judged by the
 * operands that have an extent above 1 and a nonzero stride on both; where operands
 * disagree the C order wins, and a pair no operand can judge keeps its place. NumPy has
 * two such sorts, which differ only in how pairs nobody judges fall: its iterator's (a
 * ufunc's output) sorts from the fastest axis, starting from the reversed axes;
 * concatenate's sorts from the slowest, starting from the axes in order. info(ctx, k,
 * axis, ...) gives operand k's extent and stride along an axis. */
typedef enum { NDI_K_ITERATOR, NDI_K_CONCAT } ndi_k_rule;
typedef void (*ndi_axis_info_fn)(const void *ctx, int k, int axis, int64_t *extent,
                                 int64_t *stride);
void ndi_order_k_perm_multi(ndi_k_rule rule, int n, int ndim, ndi_axis_info_fn info,
                            const void *ctx, int *perm);
/* The iterator rule for one operand (ndim axes of the given shape and strides): NumPy's
 * layout of a reduction's or accumulation's result, where a broadcast (stride-0) axis has
 * no say. */
void ndi_order_k_perm_iter(int ndim, const int64_t *shape, const int64_t *strides, int *perm);
/* Dense strides for a layout whose axes, from outermost to innermost, are perm[]. */
void ndi_strides_for_perm(int ndim, const int64_t *shape, const int *perm, int64_t *strides);

/* Normalises an axis (negative counts from the end) for an array of `ndim` axes. */
nd_status ndi_normalize_axis(const char *op, int axis, int ndim, int *out);
/* Normalises a list of axes and rejects repeats; `seen` gets a flag per axis (may be NULL). */
nd_status ndi_normalize_axes(const char *op, int naxes, const int *axes, int ndim, int *out,
                             bool *seen);
/* The axis selection of a (naxes, axes) argument, nd/axis.h's rule: `selected` gets a
 * flag per axis; naxes ND_ALL_AXES (-1) selects every axis, 0 none; below -1 is
 * ND_ERR_VALUE ("op: invalid axis count -2 (-1 means all axes)"); a listed axis out of
 * range or repeated is normalize_axes's error. */
nd_status ndi_select_axes(const char *op, int naxes, const int *axes, int ndim, bool *selected);

/* NumPy broadcasting of n shapes; out_shape needs ND_MAX_DIMS entries. The message of a
 * failure names the first two shapes that do not broadcast and the axis. */
nd_status ndi_broadcast_shapes(const char *op, int n, const int *ndims,
                               const int64_t *const *shapes, int *out_ndim, int64_t *out_shape);
/* Strides of a (ndim, shape, strides) layout seen as `out_shape`: stride 0 on broadcast
 * axes. Errors name both shapes. */
nd_status ndi_broadcast_strides(const char *op, int ndim, const int64_t *shape,
                                const int64_t *strides, int out_ndim, const int64_t *out_shape,
                                int64_t *out_strides);

/* Resolves one -1 in a requested shape for an array of `size` elements. */
nd_status ndi_reshape_resolve(const char *op, int64_t size, int ndim, const int64_t *shape,
                              int64_t *out);
/* Strides expressing a reshape of (ndim, shape, strides) to newshape with flat positions
 * taken in order o over the same buffer, if any exist (NumPy's no-copy reshape). */
bool ndi_reshape_strides(int ndim, const int64_t *shape, const int64_t *strides, int newndim,
                         const int64_t *newshape, nd_order o, int64_t *newstrides);

/* Parses an index string (index_parse.c's grammar) into at most cap items. narrays >= 0
 * makes "?" an item, bound to the next of arrays (their count must match); -1 leaves it
 * out of the grammar. Messages name op and the position in spec. */
nd_status ndi_index_parse(const char *op, const char *spec, int narrays, nd_array *const *arrays,
                          int cap, nd_index_item *items, int *nitems);
/* Room for the items of any index an array can take (each consumes or adds an axis, and
 * one ellipsis). */
#define NDI_MAX_INDEX_ITEMS (2 * ND_MAX_DIMS + 1)
/* Basic indexing: applies n items (integers, slices, None, one ellipsis; no arrays) to a
 * layout. out_* need ND_MAX_DIMS entries. Messages name op. */
nd_status ndi_index_basic(const char *op, int ndim, const int64_t *shape, const int64_t *strides,
                          int n, const nd_index_item *items, int *out_ndim, int64_t *out_shape,
                          int64_t *out_strides, int64_t *out_offset);
/* NumPy's slice adjustment: clips start/stop for a given extent and returns the length. */
int64_t ndi_slice_adjust(int64_t extent, bool has_start, int64_t start, bool has_stop,
                         int64_t stop, int64_t step, int64_t *first);

/* Byte-level overlap of two strided regions (base addresses, byte strides, item sizes).
 * ndi_regions_may_overlap compares address ranges; ndi_regions_overlap is exact, solving
 * the bounded integer equation (returns true, conservatively, if that is too costly). */
typedef struct ndi_region {
  intptr_t base; /* address of element [0,...,0] */
  int ndim;
  const int64_t *shape;
  const int64_t *byte_strides;
  int64_t itemsize;
} ndi_region;
bool ndi_regions_may_overlap(const ndi_region *a, const ndi_region *b);
bool ndi_regions_overlap(const ndi_region *a, const ndi_region *b);

/* Reductions: flags of the reduced axes for (naxes, axes); naxes -1 means every axis;
 * out-of-range and repeated axes are errors naming op. */
nd_status ndi_reduce_axes(const char *op, int naxes, const int *axes, int ndim, bool *reduced);
/* Shape and strides (elements, dense, in the input's stride order; out_strides may be
 * NULL) of a reduction's output; axis_map[i] is the output axis of input axis i, -1 for
 * reduced ones. */
void ndi_reduce_layout(int ndim, const int64_t *shape, const int64_t *strides,
                       const bool *reduced, bool keepdims, int *out_ndim, int64_t *out_shape,
                       int64_t *out_strides, int *axis_map);

#endif
