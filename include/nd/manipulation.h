/** \file
 *  nd: joining, splitting, tiling, repeating, rolling arrays, grids and triangles. Every
 *  function returns new arrays (copies), except nd_unstack, which returns views. Lists of
 *  arrays are `(n, arrays)` pairs, as nd_broadcast_arrays takes them; a NULL list or a
 *  NULL array in it is ND_ERR_NULL. Besides the "Errors:" line of each function, every
 *  one can fail with the common errors of nd_status (NULL arguments, out of memory, a
 *  result whose size overflows int64). */
#ifndef ND_MANIPULATION_H
#define ND_MANIPULATION_H

#include "axis.h"
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Joins n >= 1 arrays along an existing axis; their shapes must match except along it.
 *  ND_AXIS_NONE joins the flattened (C order) arrays. The dtype is the promotion of all
 *  inputs (nd_result_type). The result's axes are laid out as NumPy's concatenate does:
 *  by decreasing |stride| over all inputs, C order where they disagree (C inputs give a C
 *  result, F inputs an F one).
 *  Errors: ND_ERR_VALUE (n < 1: "concat: need at least one array (got 0)"), ND_ERR_INDEX
 *  (axis out of range), ND_ERR_SHAPE (a 0-d array with an axis: "concat:
 *  zero-dimensional arrays cannot be concatenated (array 0)"; "concat: array 1 has shape
 *  [2,3] but array 0 has shape [2,2] (they must match except along axis 0)"),
 *  ND_ERR_OVERFLOW (the joined extent overflows int64). */
ND_API nd_array *nd_concat(int n, nd_array *const *arrays, int axis);
/** Joins n >= 1 arrays of one shape along a new axis at position `axis` of the result
 *  (-1: last). dtype and layout as nd_concat of the arrays with the new axis inserted
 *  (NumPy's stack): F inputs stacked on axis 0 give F slabs, on the last axis the new
 *  axis runs fastest.
 *  Errors: ND_ERR_VALUE (n < 1; a result of more than ND_MAX_DIMS axes), ND_ERR_SHAPE
 *  ("stack: all input arrays must have the same shape (array 1 has shape [3], array 0
 *  [2])"), ND_ERR_INDEX (axis outside [-ndim-1, ndim]). */
ND_API nd_array *nd_stack(int n, nd_array *const *arrays, int axis);
/** Splits `a` along `axis` into views out[0..n), n = the axis' extent (which must be
 *  given, as the size of `out`). Released by the caller; writeable when a is.
 *  Errors: ND_ERR_SHAPE (a 0-d a: "unstack: a zero-dimensional array cannot be
 *  unstacked"), ND_ERR_VALUE (n is not the extent: "unstack: room for 2 arrays given, but
 *  axis 0 of shape [3,4] has extent 3"), ND_ERR_INDEX (axis out of range). */
ND_API nd_status nd_unstack(nd_array *a, int axis, int64_t n, nd_array **out);
/** `a` repeated reps[i] times along each axis (NumPy's tile: a shorter reps is padded with
 *  ones in front, a shorter shape with leading axes of extent 1). reps >= 0. The result is
 *  C-contiguous (a copy laid out as `a`, order K, when every repetition is 1).
 *  Errors: ND_ERR_VALUE (nreps outside [0, ND_MAX_DIMS]; a negative count: "tile: negative
 *  repetition count -1 (reps[0])"), ND_ERR_OVERFLOW ("tile: extent of axis 0 overflows
 *  int64"). */
ND_API nd_array *nd_tile(const nd_array *a, int nreps, const int64_t *reps);
/** Each element repeated `repeats` times along `axis` (ND_AXIS_NONE: of the flattened
 *  array, C order, giving a 1-D result; a 0-d array also takes axis 0 or -1, as NumPy).
 *  The result is C-contiguous, of a's dtype.
 *  Errors: ND_ERR_VALUE (repeats < 0: "repeat: repeats may not contain negative values
 *  (-1)"), ND_ERR_INDEX (axis out of range), ND_ERR_OVERFLOW (the result's extent
 *  overflows int64). */
ND_API nd_array *nd_repeat(const nd_array *a, int64_t repeats, int axis);
/** Element i repeated repeats[i] times: repeats is an integer (or bool, 0 and 1) array of
 *  one element (used for all) or one per element along the axis; negative counts are
 *  errors. Messages are named "repeat".
 *  Errors: as nd_repeat, and ND_ERR_TYPE (repeats neither integer nor bool: "repeat:
 *  repeats must be an integer array, got float64"), ND_ERR_SHAPE (repeats of more than one
 *  dimension, or of another length: "repeat: repeats has shape [2] but axis 0 has extent
 *  3 (give one count or one per element)"), ND_ERR_OVERFLOW (also a uint64 count above
 *  INT64_MAX). */
ND_API nd_array *nd_repeat_array(const nd_array *a, const nd_array *repeats, int axis);
/** Elements shifted by shifts[i] positions along axes[i], wrapping around (negative
 *  shifts go back; a repeated axis adds its shifts, as NumPy). nshift must equal naxes, or
 *  be 1 (one shift for every listed axis); no shifts over no axes is a copy (np.roll(a,
 *  (), ())). naxes -1: the flattened array (C order) is rolled by shifts[0] and given a's
 *  shape back (a C-contiguous result; otherwise it is laid out as `a`, order K).
 *  Errors: ND_ERR_VALUE (nshift < 1 but for the copy: "roll: at least one shift is needed
 *  (got 0)"; naxes < -1; nshift neither 1 nor naxes: "roll: 2 shifts given for 3 axes
 *  (give one, or one per axis)"; naxes -1 with nshift other than 1), ND_ERR_INDEX (an axis
 *  out of range), ND_ERR_NULL (shifts or axes NULL when needed). */
ND_API nd_array *nd_roll(const nd_array *a, int nshift, const int64_t *shifts, int naxes,
                         const int *axes);

/** Indexing convention of nd_meshgrid: Cartesian (the first two axes swapped) or matrix. */
typedef enum nd_meshgrid_indexing { ND_MESH_XY = 0, ND_MESH_IJ = 1 } nd_meshgrid_indexing;
/** Coordinate grids of n vectors (arrays of more dimensions are flattened, as NumPy):
 *  out[i] has the shape (N0, N1, ...) for ND_MESH_IJ, (N1, N0, N2, ...) for ND_MESH_XY,
 *  and holds arrays[i]'s values along its axis, in arrays[i]'s dtype. The n results are
 *  new C-contiguous arrays, released by the caller (n = 0 writes nothing).
 *  Errors: ND_ERR_VALUE (n outside [0, ND_MAX_DIMS]; an invalid indexing: "meshgrid:
 *  invalid indexing 2 (ND_MESH_XY or ND_MESH_IJ)"), ND_ERR_OVERFLOW (the grid's size). */
ND_API nd_status nd_meshgrid(int n, nd_array *const *arrays, nd_meshgrid_indexing indexing,
                             nd_array **out);
/** A copy with the elements above diagonal k of the last two axes set to zero (the lower
 *  triangle kept); k > 0 is above the main diagonal. Needs ndim >= 2. The copy is laid out
 *  as `a` (order K), in a's dtype.
 *  Errors: ND_ERR_SHAPE (ndim < 2: "tril: array of dimension 1 has no matrix axes (needs at
 *  least 2)"). */
ND_API nd_array *nd_tril(const nd_array *a, int64_t k);
/** A copy with the elements below diagonal k of the last two axes set to zero (the upper
 *  triangle kept), as nd_tril.
 *  Errors: as nd_tril ("triu: ..."). */
ND_API nd_array *nd_triu(const nd_array *a, int64_t k);

#ifdef __cplusplus
}
#endif
#endif
