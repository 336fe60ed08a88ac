/* nd: creating arrays, copying them and moving flat data in and out. */
#ifndef ND_CREATION_H
#define ND_CREATION_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Creation functions take the memory order of the new array: ND_C or ND_F. The `_like`
 * forms take ND_C, ND_F, ND_A or ND_K relative to the prototype (ND_K keeps its axis
 * order). A 0-d array has ndim 0 (shape may then be NULL). */

ND_API nd_array *nd_empty(nd_dtype t, int ndim, const int64_t *shape, nd_order o);
ND_API nd_array *nd_zeros(nd_dtype t, int ndim, const int64_t *shape, nd_order o);
ND_API nd_array *nd_ones(nd_dtype t, int ndim, const int64_t *shape, nd_order o);
/** Every element set to `value`, converted as nd_astype converts a float64. */
ND_API nd_array *nd_full(nd_dtype t, int ndim, const int64_t *shape, double value, nd_order o);
/** Every element set to a scalar of any kind (complex values, int64 beyond 2^53). As in
 *  NumPy 2, an integer scalar outside an integer dtype's range is ND_ERR_OVERFLOW
 *  (nd_full_scalar(ND_UINT8, ..., ND_INT(-1), ...)), and a complex one into a real dtype is
 *  ND_ERR_TYPE. */
ND_API nd_array *nd_full_scalar(nd_dtype t, int ndim, const int64_t *shape, nd_scalar value,
                                nd_order o);
ND_API nd_array *nd_empty_like(const nd_array *a, nd_order o);
ND_API nd_array *nd_zeros_like(const nd_array *a, nd_order o);
ND_API nd_array *nd_ones_like(const nd_array *a, nd_order o);
ND_API nd_array *nd_full_like(const nd_array *a, double value, nd_order o);
/** A 0-d array holding `value`, of the dtype the scalar's kind maps to by default
 *  (bool, int64, float64, complex128). */
ND_API nd_array *nd_scalar_array(nd_scalar value);

/** Values start, start+step, ... below stop (above, for a negative step), NumPy's rule:
 *  ceil((stop - start) / step) elements (one when that ratio underflows to 0, or the step
 *  is infinite, with the step pointing from start to stop), filled as NumPy fills them.
 *  step 0 or NaN and a non-finite start or stop are errors. For an integer dtype the first
 *  two values must fit it (arange(ND_UINT8, -1, 3, 1) is ND_ERR_OVERFLOW, as in NumPy);
 *  later ones wrap. */
ND_API nd_array *nd_arange(nd_dtype t, double start, double stop, double step);
/** num evenly spaced values from start to stop (stop included if endpoint). */
ND_API nd_array *nd_linspace(nd_dtype t, double start, double stop, int64_t num, bool endpoint);
/** n x m matrix (m < 0 means m = n) with ones on diagonal k (k > 0 above the main one). */
ND_API nd_array *nd_eye(nd_dtype t, int64_t n, int64_t m, int64_t k);

/** A new array holding a copy of `data`, read as flat elements in order o (ND_C or ND_F):
 *  reading C-ordered bytes as F gives the tensor with all axes reversed. The new array is
 *  contiguous in order o. */
ND_API nd_array *nd_from_data(nd_dtype t, int ndim, const int64_t *shape, const void *data,
                              nd_order o);
/** Writes the elements of `a` to `dst` as flat data in order o (ND_C or ND_F); dst must hold
 *  nd_nbytes(a) bytes. */
ND_API nd_status nd_to_data(const nd_array *a, void *dst, nd_order o);
/** A zero-copy array over external memory: strides in elements (NULL means C-contiguous),
 *  data aligned to the element size. `deleter(data, ctx)` runs when the last array
 *  using the memory is released (NULL: the caller keeps ownership). Strides whose byte
 *  offsets do not fit in int64 are ND_ERR_OVERFLOW. The memory is not read: bool data
 *  must hold only the bytes 0 and 1 (nd_from_dlpack checks them). */
ND_API nd_array *nd_wrap(nd_dtype t, int ndim, const int64_t *shape, const int64_t *strides,
                         void *data, void (*deleter)(void *data, void *ctx), void *ctx);

/** A new array with the same values, laid out in order o (C, F, A or K). */
ND_API nd_array *nd_copy(const nd_array *a, nd_order o);
/** A new array of dtype t (always a copy, layout kept as with ND_K). Conversions follow
 *  NumPy: float to integer truncates toward zero, values out of range wrap for integers,
 *  x to bool is x != 0; complex to a real type is an error (use nd_real). A float that
 *  the integer dtype cannot hold (NaN, inf, too large) gives what NumPy gives on x86-64,
 *  the hardware conversion's result (float64 1e20 to int64 is INT64_MIN, to uint64 0). */
ND_API nd_array *nd_astype(const nd_array *a, nd_dtype t);
/** A view of `a` (a new handle, same memory) if it is contiguous in order o (ND_C or ND_F),
 *  else a contiguous copy. */
ND_API nd_array *nd_ascontiguous(nd_array *a, nd_order o);

/** dst[...] = src: broadcasts src to dst's shape and casts like nd_astype. The result is
 *  what a fresh copy of src would give, whatever the overlap (`a[1:] = a[:-1]`). dst must
 *  be writeable and have no broadcast (stride-0) axis. */
ND_API nd_status nd_assign(nd_array *dst, const nd_array *src);
/** dst[...] = value. Into an integer dtype the value is checked as NumPy's assignment
 *  checks a Python float (int(value), then the range): -1.0 or 300.0 into uint8 is
 *  ND_ERR_OVERFLOW, NaN ND_ERR_VALUE, 255.9 gives 255 (nd_full converts unchecked, as
 *  np.full). */
ND_API nd_status nd_fill(nd_array *dst, double value);
/** dst[...] = value, with nd_full_scalar's checks and nd_fill's for floats. */
ND_API nd_status nd_fill_scalar(nd_array *dst, nd_scalar value);

#ifdef __cplusplus
}
#endif
#endif
