/** \file
 *  nd: indexing: the index as a value (nd_index_item: NumPy's a[i, 1:3, None, ..., idx],
 *  read and assigned through), index arrays and masks (NumPy's advanced indexing), take,
 *  nonzero. Results are new C-contiguous arrays (copies) of a's dtype (nd_nonzero's are
 *  int64), except that an index without index arrays gives a view. Index arrays have an
 *  integer dtype; negative indices count from the end; an index out of range is an error
 *  naming the axis ("take: index 5 is out of bounds for axis 0 with size 3",
 *  ND_ERR_INDEX).
 *  Besides the "Errors:" line of each function, every one can fail with the common errors
 *  of nd_status (NULL arguments, out of memory, a result whose size overflows int64). */
#ifndef ND_INDEXING_H
#define ND_INDEXING_H

#include "axis.h"
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Kinds of index items (the parts of a[i, 1:3, None, ..., idx]). */
typedef enum nd_index_kind {
  ND_ITEM_INT,      /**< an integer (`index`): removes the axis; negative counts from the end */
  ND_ITEM_SLICE,    /**< start:stop:step (NumPy's and Python's clipping of the bounds) */
  ND_ITEM_NEWAXIS,  /**< None: inserts an axis of extent 1 */
  ND_ITEM_ELLIPSIS, /**< ...: as many full slices as the other items leave axes */
  ND_ITEM_ARRAY     /**< an index array (`array`): integer, or bool (a mask) */
} nd_index_kind;

/** One item of an index. Build items with the macros below; fields a kind does not use are
 *  ignored. */
typedef struct nd_index_item {
  nd_index_kind kind;
  int64_t index;              /**< ND_ITEM_INT */
  int64_t start, stop, step;  /**< ND_ITEM_SLICE; step 0 is an error */
  bool has_start, has_stop;   /**< ND_ITEM_SLICE: false for an absent bound (Python's None) */
  const nd_array *array;      /**< ND_ITEM_ARRAY */
} nd_index_item;

/** a[i] */
#define ND_AT(i) ((nd_index_item){.kind = ND_ITEM_INT, .index = (i)})
/** a[start:stop:step] */
#define ND_SLICE(start_, stop_, step_)                                                  \
  ((nd_index_item){.kind = ND_ITEM_SLICE, .start = (start_), .stop = (stop_),          \
                   .step = (step_), .has_start = true, .has_stop = true})
/** a[start:] */
#define ND_FROM(start_) \
  ((nd_index_item){.kind = ND_ITEM_SLICE, .start = (start_), .step = 1, .has_start = true})
/** a[:stop] */
#define ND_UPTO(stop_) \
  ((nd_index_item){.kind = ND_ITEM_SLICE, .stop = (stop_), .step = 1, .has_stop = true})
/** a[::step] (ND_STEP(-1) reverses the axis) */
#define ND_STEP(step_) ((nd_index_item){.kind = ND_ITEM_SLICE, .step = (step_)})
/** a[:] */
#define ND_ALL ND_STEP(1)
/** a[None] */
#define ND_NEWAXIS ((nd_index_item){.kind = ND_ITEM_NEWAXIS})
/** a[...] */
#define ND_ELLIPSIS ((nd_index_item){.kind = ND_ITEM_ELLIPSIS})
/** a[indices]: an integer or bool index array */
#define ND_INDICES(a_) ((nd_index_item){.kind = ND_ITEM_ARRAY, .array = (a_)})
/** Writes `n, items` from a list of items: nd_index_items(a, ND_ITEMS(ND_AT(1), ND_ALL)). */
#define ND_ITEMS(...)                                                                   \
  (int)(sizeof((nd_index_item[]){__VA_ARGS__}) / sizeof(nd_index_item)),              \
      ((const nd_index_item[]){__VA_ARGS__})

/** a[items]: NumPy indexing with n items. Integers, slices, None and one ellipsis select
 *  a view (the axes no item covers are kept, as after a trailing `...`), as nd_index does
 *  from a string. With index arrays the result is a new C-contiguous array: integer
 *  arrays broadcast together to a shape B; a bool array of k dimensions stands for the k
 *  integer arrays of its nonzero coordinates (its shape must match the k axes it covers,
 *  an extent 0 matching any; a 0-d bool array adds an axis of extent 1 or 0); integers
 *  next to index arrays count as 0-d index arrays. When the index arrays (and integers)
 *  are adjacent, B takes their place in the result; otherwise B comes first (NumPy's rule:
 *  x[:, 0, :, i] puts B in front). Messages are named "index_items"; nd_index and
 *  nd_index_arrays are parsers on top of this function.
 *  Errors: ND_ERR_INDEX (an integer out of range: "index_items: index 5 is out of bounds
 *  for axis 0 with size 3"; more integers and slices than axes: "index_items: too many
 *  indices for array: array is 1-dimensional, but 2 were indexed"; an index array neither
 *  integer nor bool, a bool array whose shape does not match, index arrays that do not
 *  broadcast, as nd_index_arrays), ND_ERR_VALUE (n < 0; a zero step: "index_items: slice
 *  step cannot be zero (items[1])"; an invalid kind; a result of more than ND_MAX_DIMS
 *  axes) with extended code ND_ERR_VALUE_INDEX for a second ellipsis ("index_items: an
 *  index can only have a single ellipsis ('...')"), ND_ERR_NULL (items NULL with n > 0,
 *  or an index array NULL: "index_items: argument items[0].array is NULL"). */
ND_API nd_array *nd_index_items(nd_array *a, int n, const nd_index_item *items);
/** a[items] = value: value broadcasts to the shape nd_index_items would return (with index
 *  arrays it may also have extra leading axes of extent 1) and is cast to a's dtype as
 *  nd_assign casts; with index arrays, repeated targets get the last value (as NumPy). A
 *  weak value (nd_weak) is checked as nd_fill_scalar checks a scalar. The value may
 *  overlap a: it is read before anything is written.
 *  Errors: as nd_index_items ("index_items_assign: ..."), and ND_ERR_READONLY (a is not
 *  writeable), ND_ERR_SHAPE (value does not broadcast), ND_ERR_TYPE (a complex value into
 *  a real dtype: "index_items_assign: cannot cast complex128 to float64 (complex to real
 *  discards the imaginary part)"), ND_ERR_OVERFLOW and ND_ERR_VALUE (a weak value that a's
 *  integer dtype cannot hold, or NaN). */
ND_API nd_status nd_index_items_assign(nd_array *a, int n, const nd_index_item *items,
                                       const nd_array *value);

/** Elements of `a` at `indices` along `axis` (ND_AXIS_NONE: of the flattened array, C
 *  order; a 0-d array also takes axis 0 or -1, as NumPy); the axis is replaced by the
 *  indices' shape (any number of dimensions). Integer indices of any dtype, or bool read
 *  as 0 and 1 (as NumPy). As in NumPy, the indices are not checked when an axis before
 *  `axis` has extent 0 (the result is empty).
 *  Errors: ND_ERR_TYPE (indices neither integer nor bool: "take: indices must be an
 *  integer array, got float64"), ND_ERR_INDEX (an index or the axis out of range),
 *  ND_ERR_VALUE (a result of more than ND_MAX_DIMS axes: "take: the result would have more
 *  than 64 dimensions"). */
ND_API nd_array *nd_take(const nd_array *a, const nd_array *indices, int axis);
/** out[..., j, ...] = a[..., indices[..., j, ...], ...] along `axis`: indices has a's
 *  number of dimensions, and the other axes broadcast. ND_AXIS_NONE: a flattened, indices
 *  1-D. Integer indices only (bool is refused, as NumPy refuses it).
 *  Errors: ND_ERR_TYPE (indices not integer: "take_along_axis: indices must be an integer
 *  array, got bool"), ND_ERR_SHAPE (indices not 1-D with ND_AXIS_NONE; of another number of
 *  dimensions: "take_along_axis: indices must have as many dimensions as the array (1 vs
 *  2)"; other axes that do not broadcast: "take_along_axis: shapes [2,3] (array) and [3,3]
 *  (indices) cannot be broadcast (axis 0: 2 vs 3)"), ND_ERR_INDEX (an index or the axis
 *  out of range). */
ND_API nd_array *nd_take_along_axis(const nd_array *a, const nd_array *indices, int axis);

/** NumPy indexing with index arrays: `spec` is nd_index's string with `?` for each of the
 *  n arrays, in order: `nd_index_arrays(a, "?, 1:3, ?", 2, (nd_array *[]){i, j})` is
 *  a[i, 1:3, j], nd_index_items with the items ND_INDICES(i), ND_SLICE(1, 3, 1),
 *  ND_INDICES(j) (its rules apply). With no `?` and n == 0 this is nd_index (a view).
 *  Errors: ND_ERR_VALUE (a malformed spec, as nd_index; n < 0; a `?` count other than n:
 *  "index_arrays: more '?' items in ... than the 1 index arrays given"; a `?` inside
 *  an item; these have extended code ND_ERR_VALUE_INDEX; a result of more than
 *  ND_MAX_DIMS axes), ND_ERR_INDEX (an index array neither
 *  integer nor bool, as NumPy's IndexError: "index_arrays: arrays used as indices must be
 *  of integer or boolean type, got float64"; an index out of range: "index_arrays: index 5
 *  is out of bounds for axis 0 with size 3"; too many indices; a bool array whose shape does not match: "index_arrays:
 *  boolean index did not match indexed array along axis 0; size of axis is 3 but size of
 *  corresponding boolean axis is 2"; index arrays that do not broadcast, as NumPy's
 *  IndexError: "index_arrays: shapes [2] and [3] cannot be broadcast (axis 0: 2 vs 3)"),
 *  ND_ERR_NULL (spec NULL, indices NULL with n > 0, or one index array NULL). */
ND_API nd_array *nd_index_arrays(const nd_array *a, const char *spec, int n,
                                 nd_array *const *indices);
/** a[spec with index arrays] = value: value broadcasts to the shape nd_index_arrays would
 *  return (it may also have extra leading axes of extent 1) and is cast to a's dtype;
 *  repeated targets get the last value (as NumPy). A weak value (nd_weak) is checked as
 *  nd_fill_scalar checks a scalar.
 *  Errors: as nd_index_arrays ("index_arrays_assign: ..."), and ND_ERR_READONLY (a is not
 *  writeable), ND_ERR_SHAPE (value does not broadcast), ND_ERR_TYPE (a complex value into a
 *  real dtype: "index_arrays_assign: cannot cast complex128 to float64 (complex to real
 *  discards the imaginary part)"), ND_ERR_OVERFLOW and ND_ERR_VALUE (a weak value that a's
 *  integer dtype cannot hold, or NaN). */
ND_API nd_status nd_index_arrays_assign(nd_array *a, const char *spec, int n,
                                        nd_array *const *indices, const nd_array *value);
/** a[mask] (mask: bool, its shape that of a's leading axes, an extent 0 matching any, as
 *  NumPy's): the selected elements in C
 *  order, shape (count, a.shape[mask.ndim:]...). A 0-d mask adds a leading axis and keeps
 *  it (true: shape (1, a.shape...)) or empties it (false: (0, a.shape...)), as NumPy.
 *  Errors: ND_ERR_TYPE (mask not bool: "mask_select: the mask must be a bool array, got
 *  int64"), ND_ERR_INDEX (mask's shape does not match a's leading axes: "mask_select:
 *  boolean index did not match indexed array along axis 0; ..."; more dimensions than
 *  a). */
ND_API nd_array *nd_mask_select(const nd_array *a, const nd_array *mask);
/** a[mask] = value (value broadcast to the selection's shape, cast to a's dtype). When
 *  mask covers every axis of a, value must be 0-d or 1-D (NumPy's rule).
 *  Errors: as nd_mask_select ("mask_assign: ..."), and ND_ERR_SHAPE (value does not
 *  broadcast; a value of 2 or more dimensions for a mask over every axis: "mask_assign: a
 *  mask over every axis takes a 0-d or 1-d value, got 2 dimensions"), ND_ERR_READONLY,
 *  ND_ERR_TYPE, ND_ERR_OVERFLOW and ND_ERR_VALUE as nd_index_arrays_assign. */
ND_API nd_status nd_mask_assign(nd_array *a, const nd_array *mask, const nd_array *value);
/** a[mask] = value for a scalar value (an integer out of a's integer range, or a float
 *  whose int() is, is ND_ERR_OVERFLOW, as in NumPy; see nd_fill).
 *  Errors: as nd_mask_select ("mask_fill: ..."), and ND_ERR_OVERFLOW ("mask_fill: integer
 *  scalar 300 is out of bounds for uint8"), ND_ERR_VALUE (NaN into an integer dtype; an
 *  invalid value.kind), ND_ERR_TYPE (a complex value into a real dtype), ND_ERR_READONLY. */
ND_API nd_status nd_mask_fill(nd_array *a, const nd_array *mask, nd_scalar value);

/** The coordinates of the nonzero elements, in C order: out[d] (d < ndim, int64, 1-D,
 *  released by the caller) holds their indices along axis d. a must have at least one
 *  dimension; out must have room for ndim arrays.
 *  Errors: ND_ERR_SHAPE (a 0-d a: "nonzero: a zero-dimensional array has no coordinates
 *  (use an array of one dimension)"). */
ND_API nd_status nd_nonzero(const nd_array *a, nd_array **out);

#ifdef __cplusplus
}
#endif
#endif
