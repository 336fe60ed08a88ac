/** \file
 *  nd: creating arrays, copying them and moving flat data in and out.
 *
 *  Creation functions take the memory order of the new array: ND_C or ND_F. The `_like`
 *  forms take ND_C, ND_F, ND_A or ND_K relative to the prototype (ND_K keeps its axis
 *  order). A 0-d array has ndim 0 (shape may then be NULL). The functions that return an
 *  array return a new one (nd_ascontiguous may return a view; nd_wrap's uses the caller's
 *  memory). Every function can fail with the common errors of nd_status (NULL arguments,
 *  out of memory, a size that overflows int64); its "Errors:" line lists the rest. */
#ifndef ND_CREATION_H
#define ND_CREATION_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A new array of dtype t and the given shape, contiguous in order o (ND_C or ND_F), its
 *  elements uninitialised.
 *  Errors: ND_ERR_TYPE (t is not an nd_dtype), ND_ERR_VALUE (o is not ND_C or ND_F; ndim
 *  outside [0, ND_MAX_DIMS] or a negative extent: "empty: negative dimensions are not
 *  allowed (shape [2,-1])"). */
ND_API nd_array *nd_empty(nd_dtype t, int ndim, const int64_t *shape, nd_order o);
/** nd_empty with every element 0 (false, +0.0).
 *  Errors: as nd_empty. */
ND_API nd_array *nd_zeros(nd_dtype t, int ndim, const int64_t *shape, nd_order o);
/** nd_empty with every element 1 (true).
 *  Errors: as nd_empty. */
ND_API nd_array *nd_ones(nd_dtype t, int ndim, const int64_t *shape, nd_order o);
/** Every element set to `value`, converted as nd_astype converts a float64, unchecked (as
 *  np.full: NaN or an out-of-range value into an integer dtype gives the hardware
 *  conversion's result; nd_fill checks).
 *  Errors: as nd_empty. */
ND_API nd_array *nd_full(nd_dtype t, int ndim, const int64_t *shape, double value, nd_order o);
/** Every element set to a scalar of any kind (complex values, int64 beyond 2^53). As in
 *  NumPy 2, an integer scalar outside an integer dtype's range is ND_ERR_OVERFLOW
 *  (nd_full_scalar(ND_UINT8, ..., ND_INT(-1), ...)), and a complex one into a real dtype is
 *  ND_ERR_TYPE; a float scalar converts unchecked, as in nd_full.
 *  Errors: as nd_empty, and ND_ERR_OVERFLOW ("full_scalar: integer scalar -1 is out of
 *  bounds for uint8"), ND_ERR_TYPE ("full_scalar: cannot convert a complex value to
 *  float64"), ND_ERR_VALUE (value.kind is not an nd_scalar_kind). */
ND_API nd_array *nd_full_scalar(nd_dtype t, int ndim, const int64_t *shape, nd_scalar value,
                                nd_order o);
/** A new uninitialised array of a's shape and dtype, laid out per o relative to `a` (C, F,
 *  A: F if `a` is F-contiguous and not C-contiguous, else C; K: a's axis order).
 *  Errors: ND_ERR_VALUE (o is not ND_C, ND_F, ND_A or ND_K). */
ND_API nd_array *nd_empty_like(const nd_array *a, nd_order o);
/** nd_empty_like with every element 0.
 *  Errors: as nd_empty_like. */
ND_API nd_array *nd_zeros_like(const nd_array *a, nd_order o);
/** nd_empty_like with every element 1.
 *  Errors: as nd_empty_like. */
ND_API nd_array *nd_ones_like(const nd_array *a, nd_order o);
/** nd_empty_like with every element `value`, converted unchecked as in nd_full.
 *  Errors: as nd_empty_like. */
ND_API nd_array *nd_full_like(const nd_array *a, double value, nd_order o);
/** A 0-d array holding `value`, of the dtype the scalar's kind maps to by default
 *  (bool, int64, float64, complex128).
 *  Errors: ND_ERR_VALUE (value.kind is not an nd_scalar_kind: "scalar_array: invalid
 *  scalar kind 7"). */
ND_API nd_array *nd_scalar_array(nd_scalar value);

/** Values start, start+step, ... below stop (above, for a negative step), NumPy's rule:
 *  ceil((stop - start) / step) elements (one when that ratio underflows to 0, or the step
 *  is infinite, with the step pointing from start to stop), filled as NumPy fills them.
 *  step 0 or NaN and a non-finite start or stop are errors. For an integer dtype the first
 *  two values must fit it (arange(ND_UINT8, -1, 3, 1) is ND_ERR_OVERFLOW, as in NumPy);
 *  later ones wrap. The result is 1-D, of dtype t, C-contiguous.
 *  Errors: ND_ERR_TYPE (t is not an nd_dtype), ND_ERR_VALUE (step 0 or NaN, start or stop
 *  not finite: "arange: start and stop must be finite and step nonzero (got 0, 1, 0)";
 *  bool with more than 2 elements: "arange: no fill function for bool with more than 2
 *  elements"), ND_ERR_OVERFLOW (the first two values outside an integer dtype: "arange:
 *  start -1 is out of bounds for uint8"; more than 9e18 elements). */
ND_API nd_array *nd_arange(nd_dtype t, double start, double stop, double step);
/** nd_arange for integer arguments, exactly: the length and every value are computed in
 *  integer arithmetic, so ranges beyond 2^53 (where doubles skip integers) hold every
 *  value, as NumPy's arange of Python ints does: nd_arange_int(ND_INT64, 1LL << 62,
 *  (1LL << 62) + 10, 1) has 10 distinct elements. nd_arange keeps its double arguments
 *  for fractional ranges; integer programs (and nd's Python arange for int arguments) call
 *  these. nd_arange_uint takes start and stop anywhere in [0, 2^64), for uint64 ranges
 *  beyond int64 (step stays signed). For an integer dtype t the first two values must fit
 *  it and later ones wrap (NumPy's fill in the dtype: nd_arange_int(ND_UINT8, 250, 260, 1)
 *  ends 0, 1, 2, 3); for float and complex t the first two values are rounded once from the
 *  exact integers and the rest follow in t, as NumPy fills them. The result is 1-D, of
 *  dtype t, C-contiguous.
 *  Errors: ND_ERR_TYPE (t is not an nd_dtype), ND_ERR_VALUE (step 0: "arange_int: step
 *  must be nonzero"; bool with more than 2 elements), ND_ERR_OVERFLOW (the first two
 *  values outside an integer t: "arange_int: start + step 256 is out of bounds for uint8";
 *  more than INT64_MAX elements: "arange_uint: 18446744073709551615 elements is too
 *  many"). */
ND_API nd_array *nd_arange_int(nd_dtype t, int64_t start, int64_t stop, int64_t step);
ND_API nd_array *nd_arange_uint(nd_dtype t, uint64_t start, uint64_t stop, int64_t step);
/** num evenly spaced values from start to stop (stop included if endpoint), computed in
 *  float64 and converted to t (rounded toward -inf first for an integer dtype, as NumPy).
 *  The result is 1-D, of dtype t, C-contiguous.
 *  Errors: ND_ERR_TYPE (t is not an nd_dtype), ND_ERR_VALUE (num < 0: "linspace: number of
 *  samples, -1, must be non-negative"). */
ND_API nd_array *nd_linspace(nd_dtype t, double start, double stop, int64_t num, bool endpoint);
/** n x m matrix (m < 0 means m = n) of dtype t with ones on diagonal k (k > 0 above the
 *  main one) and zeros elsewhere, C-contiguous.
 *  Errors: ND_ERR_TYPE (t is not an nd_dtype), ND_ERR_VALUE (n < 0: "eye: negative
 *  dimensions are not allowed (n=-1)"). */
ND_API nd_array *nd_eye(nd_dtype t, int64_t n, int64_t m, int64_t k);

/** A new array holding a copy of `data`, read as flat elements in order o (ND_C or ND_F):
 *  reading C-ordered bytes as F gives the tensor with all axes reversed. The new array is
 *  contiguous in order o. data may be NULL only when the size is 0.
 *  Errors: as nd_empty (ND_ERR_NULL for a NULL data of a non-empty shape). */
ND_API nd_array *nd_from_data(nd_dtype t, int ndim, const int64_t *shape, const void *data,
                              nd_order o);
/** Writes the elements of `a` to `dst` as flat data in order o (ND_C or ND_F); dst must hold
 *  nd_nbytes(a) bytes (it may be NULL, and need not be aligned, when a is empty).
 *  Errors: ND_ERR_VALUE (o is not ND_C or ND_F). */
ND_API nd_status nd_to_data(const nd_array *a, void *dst, nd_order o);
/** A zero-copy, writeable array over external memory: `data` is the address of element
 *  [0,...,0], strides are in elements (NULL means C-contiguous; negative strides address
 *  memory before data), data aligned to the element size. `deleter(data, ctx)` runs when
 *  the last array using the memory is released (NULL: the caller keeps ownership). Strides
 *  whose byte offsets do not fit in int64 are ND_ERR_OVERFLOW. The memory is not read:
 *  bool data must hold only the bytes 0 and 1 (nd_from_dlpack checks them). On failure the
 *  deleter is not called: the caller still owns the memory.
 *  Errors: ND_ERR_TYPE (t is not an nd_dtype), ND_ERR_VALUE (ndim outside [0,
 *  ND_MAX_DIMS], a negative extent, data not aligned: "wrap: data pointer 0x1001 is not
 *  aligned to 8 bytes for float64"), ND_ERR_NULL (data NULL for a non-empty shape),
 *  ND_ERR_OVERFLOW ("wrap: strides [...] (elements of 8 bytes) with shape [...] address
 *  offsets beyond 64 bits"). */
ND_API nd_array *nd_wrap(nd_dtype t, int ndim, const int64_t *shape, const int64_t *strides,
                         void *data, void (*deleter)(void *data, void *ctx), void *ctx);

/** A new array with the same values and dtype, laid out in order o (C, F, A or K).
 *  Errors: ND_ERR_VALUE (o is not ND_C, ND_F, ND_A or ND_K). */
ND_API nd_array *nd_copy(const nd_array *a, nd_order o);
/** A new array of dtype t (always a copy, layout kept as with ND_K). Conversions follow
 *  NumPy: float to integer truncates toward zero, values out of range wrap for integers,
 *  x to bool is x != 0; complex to a real type is an error (use nd_real). A float that
 *  the integer dtype cannot hold (NaN, inf, too large) gives what NumPy gives on x86-64,
 *  the hardware conversion's result (float64 1e20 to int64 is INT64_MIN, to uint64 0).
 *  Errors: ND_ERR_TYPE (t is not an nd_dtype; complex to a real dtype: "astype: cannot
 *  cast complex128 to float64 (complex to real is not allowed; use nd_real)"). */
ND_API nd_array *nd_astype(const nd_array *a, nd_dtype t);
/** A view of `a` (a new handle, same memory, writeable when a is) if it is contiguous in
 *  order o (ND_C or ND_F), else a contiguous copy.
 *  Errors: ND_ERR_VALUE (o is not ND_C or ND_F). */
ND_API nd_array *nd_ascontiguous(nd_array *a, nd_order o);

/** dst[...] = src: broadcasts src to dst's shape (src may also have extra leading axes of
 *  extent 1) and casts like nd_astype. The result is what a fresh copy of src would give,
 *  whatever the overlap (`a[1:] = a[:-1]`). dst must be writeable and have no broadcast
 *  (stride-0) axis. A weak src (nd_weak) is checked as nd_fill_scalar checks a scalar.
 *  Errors: ND_ERR_READONLY ("assign: destination array is read-only"), ND_ERR_SHAPE
 *  ("assign: cannot broadcast shape [3] to [2,2] (axis 1: 3 vs 2)"), ND_ERR_TYPE (complex
 *  into a real dtype: "assign: cannot cast complex128 to float64 (complex to real discards
 *  the imaginary part; take nd_real first)"), ND_ERR_OVERFLOW and ND_ERR_VALUE (a weak src
 *  that dst's integer dtype cannot hold, or NaN). */
ND_API nd_status nd_assign(nd_array *dst, const nd_array *src);
/** dst[...] = value. Into an integer dtype the value is checked as NumPy's assignment
 *  checks a Python float (int(value), then the range): -1.0 or 300.0 into uint8 is
 *  ND_ERR_OVERFLOW, NaN ND_ERR_VALUE, 255.9 gives 255 (nd_full converts unchecked, as
 *  np.full).
 *  Errors: ND_ERR_OVERFLOW ("fill: float scalar -1 is out of bounds for uint8"),
 *  ND_ERR_VALUE ("fill: cannot convert float NaN to an integer (uint8)"), ND_ERR_READONLY
 *  ("fill: destination array is read-only"). */
ND_API nd_status nd_fill(nd_array *dst, double value);
/** dst[...] = value, with nd_full_scalar's checks and nd_fill's for floats.
 *  Errors: ND_ERR_OVERFLOW (an integer out of range: "fill_scalar: integer scalar 300 is
 *  out of bounds for uint8"; a float as nd_fill), ND_ERR_VALUE (NaN into an integer dtype;
 *  an invalid value.kind), ND_ERR_TYPE (complex into a real dtype: "fill_scalar: cannot
 *  convert a complex value to float64"), ND_ERR_READONLY. */
ND_API nd_status nd_fill_scalar(nd_array *dst, nd_scalar value);

#ifdef __cplusplus
}
#endif
#endif
