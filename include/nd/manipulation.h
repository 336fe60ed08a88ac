/* nd: joining, splitting, tiling, repeating, rolling arrays, grids and triangles. Every
 * function returns new arrays (copies), except nd_unstack, which returns views. Lists of
 * arrays are `(n, arrays)` pairs, as nd_broadcast_arrays takes them. */
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
 *  result, F inputs an F one). */
ND_API nd_array *nd_concat(int n, nd_array *const *arrays, int axis);
/** Joins n >= 1 arrays of one shape along a new axis at position `axis` of the result
 *  (-1: last). dtype and layout as nd_concat of the arrays with the new axis inserted
 *  (NumPy's stack): F inputs stacked on axis 0 give F slabs, on the last axis the new
 *  axis runs fastest. */
ND_API nd_array *nd_stack(int n, nd_array *const *arrays, int axis);
/** Splits `a` along `axis` into views out[0..n), n = the axis' extent (which must be
 *  given, as the size of `out`). Released by the caller. */
ND_API nd_status nd_unstack(nd_array *a, int axis, int64_t n, nd_array **out);
/** `a` repeated reps[i] times along each axis (NumPy's tile: a shorter reps is padded with
 *  ones in front, a shorter shape with leading axes of extent 1). reps >= 0. */
ND_API nd_array *nd_tile(const nd_array *a, int nreps, const int64_t *reps);
/** Each element repeated `repeats` times along `axis` (ND_AXIS_NONE: of the flattened
 *  array, C order, giving a 1-D result; a 0-d array also takes axis 0 or -1, as NumPy). */
ND_API nd_array *nd_repeat(const nd_array *a, int64_t repeats, int axis);
/** Element i repeated repeats[i] times: repeats is an integer (or bool, 0 and 1) array of
 *  one element (used for all) or one per element along the axis; negative counts are
 *  errors. */
ND_API nd_array *nd_repeat_array(const nd_array *a, const nd_array *repeats, int axis);
/** Elements shifted by shifts[i] positions along axes[i], wrapping around (negative
 *  shifts go back; a repeated axis adds its shifts, as NumPy). nshift must equal naxes, or
 *  be 1 (one shift for every listed axis); no shifts over no axes is a copy (np.roll(a,
 *  (), ())). naxes -1: the flattened array (C order) is rolled by shifts[0] and given a's
 *  shape back. */
ND_API nd_array *nd_roll(const nd_array *a, int nshift, const int64_t *shifts, int naxes,
                         const int *axes);

/** Indexing convention of nd_meshgrid: Cartesian (the first two axes swapped) or matrix. */
typedef enum nd_meshgrid_indexing { ND_MESH_XY = 0, ND_MESH_IJ = 1 } nd_meshgrid_indexing;
/** Coordinate grids of n vectors (arrays of more dimensions are flattened, as NumPy):
 *  out[i] has the shape (N0, N1, ...) for ND_MESH_IJ, (N1, N0, N2, ...) for ND_MESH_XY,
 *  and holds arrays[i]'s values along its axis, in arrays[i]'s dtype. The n results are
 *  new C-contiguous arrays, released by the caller. */
ND_API nd_status nd_meshgrid(int n, nd_array *const *arrays, nd_meshgrid_indexing indexing,
                             nd_array **out);
/** Copies with the elements above diagonal k (tril) or below it (triu) of the last two axes
 *  set to zero; k > 0 is above the main diagonal. Needs ndim >= 2. */
ND_API nd_array *nd_tril(const nd_array *a, int64_t k);
ND_API nd_array *nd_triu(const nd_array *a, int64_t k);

#ifdef __cplusplus
}
#endif
#endif
