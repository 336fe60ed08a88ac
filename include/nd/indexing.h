/* nd: indexing with index arrays and masks (NumPy's advanced indexing), take, nonzero.
 * Results are new arrays (copies). Index arrays have an integer dtype; negative indices
 * count from the end; an index out of range is an error naming the axis. */
#ifndef ND_INDEXING_H
#define ND_INDEXING_H

#include "axis.h"
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Elements of `a` at `indices` along `axis` (ND_AXIS_NONE: of the flattened array, C
 *  order; a 0-d array also takes axis 0 or -1, as NumPy); the axis is replaced by the
 *  indices' shape (any number of dimensions). Integer indices of any dtype, or bool read
 *  as 0 and 1 (as NumPy). As in NumPy, the indices are not checked when an axis before
 *  `axis` has extent 0 (the result is empty). */
ND_API nd_array *nd_take(const nd_array *a, const nd_array *indices, int axis);
/** out[..., j, ...] = a[..., indices[..., j, ...], ...] along `axis`: indices has a's
 *  number of dimensions, and the other axes broadcast. ND_AXIS_NONE: a flattened, indices
 *  1-D. */
ND_API nd_array *nd_take_along_axis(const nd_array *a, const nd_array *indices, int axis);

/** NumPy indexing with index arrays: `spec` is nd_index's string with `?` for each of the
 *  n arrays, in order: `nd_index_arrays(a, "?, 1:3, ?", 2, (nd_array *[]){i, j})` is
 *  a[i, 1:3, j]. Integer arrays broadcast together to a shape B; a bool array of k
 *  dimensions stands for the k integer arrays of its nonzero coordinates (its shape must
 *  match the k axes it covers); integers next to index arrays count as 0-d index arrays.
 *  When the index arrays (and integers) are adjacent in spec, B takes their place in the
 *  result; otherwise B comes first (NumPy's rule: x[:, 0, :, i] puts B in front). With no
 *  `?` and n == 0 this is nd_index (a view). */
ND_API nd_array *nd_index_arrays(const nd_array *a, const char *spec, int n,
                                 nd_array *const *indices);
/** a[spec with index arrays] = value: value broadcasts to the shape nd_index_arrays would
 *  return and is cast to a's dtype; repeated targets get the last value (as NumPy). */
ND_API nd_status nd_index_arrays_assign(nd_array *a, const char *spec, int n,
                                        nd_array *const *indices, const nd_array *value);
/** a[mask] (mask: bool, its shape that of a's leading axes): the selected elements in C
 *  order, shape (count, a.shape[mask.ndim:]...). A 0-d mask adds a leading axis and keeps
 *  it (true: shape (1, a.shape...)) or empties it (false: (0, a.shape...)), as NumPy. */
ND_API nd_array *nd_mask_select(const nd_array *a, const nd_array *mask);
/** a[mask] = value (value broadcast to the selection's shape, cast to a's dtype). */
ND_API nd_status nd_mask_assign(nd_array *a, const nd_array *mask, const nd_array *value);
/** a[mask] = value for a scalar value (an integer out of a's integer range, or a float
 *  whose int() is, is ND_ERR_OVERFLOW, as in NumPy; see nd_fill). */
ND_API nd_status nd_mask_fill(nd_array *a, const nd_array *mask, nd_scalar value);

/** The coordinates of the nonzero elements, in C order: out[d] (d < ndim, int64, 1-D,
 *  released by the caller) holds their indices along axis d. a must have at least one
 *  dimension. */
ND_API nd_status nd_nonzero(const nd_array *a, nd_array **out);

#ifdef __cplusplus
}
#endif
#endif
