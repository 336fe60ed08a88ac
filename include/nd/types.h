/** \file
 *  nd: the basic types every other header uses, and (with nd_status) the errors every
 *  function shares. */
#ifndef ND_TYPES_H
#define ND_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Opaque, reference-counted array handle: a storage plus a layout (dtype, shape, strides
 *  in elements, offset). Views share the storage of the array they came from. */
typedef struct nd_array nd_array;

/** Element types. The values are stable. The two 16-bit floats are stored as their bit
 *  patterns in uint16_t (C has no portable type for them): convert single values with
 *  nd_float16_from_double / nd_float16_to_double and the bfloat16 pair (core.h). */
typedef enum nd_dtype {
  ND_BOOL = 0,
  ND_INT8,
  ND_INT16,
  ND_INT32,
  ND_INT64,
  ND_UINT8,
  ND_UINT16,
  ND_UINT32,
  ND_UINT64,
  ND_FLOAT32,
  ND_FLOAT64,
  ND_COMPLEX64,
  ND_COMPLEX128,
  ND_FLOAT16,  /**< IEEE 754 binary16, NumPy's float16: 1 sign, 5 exponent, 10 fraction bits */
  ND_BFLOAT16  /**< bfloat16 as ml_dtypes and PyTorch define it: the top 16 bits of a float32
                    (1 sign, 8 exponent, 7 fraction bits) */
} nd_dtype;

/** Number of dtypes nd currently implements. */
#define ND_NUM_DTYPES 15

/** The Array API's dtype kinds, for nd_isdtype; OR several for a tuple of kinds. */
typedef enum nd_dtype_kinds {
  ND_KIND_BOOL = 1,
  ND_KIND_SIGNED_INTEGER = 2,
  ND_KIND_UNSIGNED_INTEGER = 4,
  ND_KIND_INTEGRAL = 6, /* signed or unsigned */
  ND_KIND_REAL_FLOATING = 8,
  ND_KIND_COMPLEX_FLOATING = 16,
  ND_KIND_NUMERIC = 30 /* every dtype but bool */
} nd_dtype_kinds;

/** Memory order. C: last axis fastest (row-major). F: first axis fastest (column-major).
 *  A: F if the input is F-contiguous and not C-contiguous, else C. K: keep the input's
 *  axis order as closely as possible. Functions that only accept C or F say so. */
typedef enum nd_order { ND_C = 'C', ND_F = 'F', ND_A = 'A', ND_K = 'K' } nd_order;

/** Status codes. ND_OK is 0; every failure also sets a thread-local message
 *  (nd_last_error) that starts with the function's name and names the shapes or values
 *  involved: "reshape: cannot reshape array of size 24 into shape [5,-1]". Functions that
 *  return an array return NULL on failure; functions that return an nd_status return it,
 *  and hand out no array through their output pointers (each is left as it was or set to
 *  NULL). A success does not clear an earlier failure (nd_clear_error does).
 *
 *  Common errors. Each public function's comment ends with an "Errors:" line listing what
 *  is specific to it; the following apply to every function and are not repeated there.
 *  - ND_ERR_NULL: a required pointer argument is NULL: an array, a string, a shape, an
 *    axis, index or repetition list, or an output pointer (nd_linalg_svd's u). One rule
 *    for all of them: the function fails (returns NULL or a failure status) and records
 *    "op: argument name is NULL" ("add: argument a is NULL", "svd: argument u is NULL",
 *    "zeros: argument shape is NULL"; an element of a list, "stack: argument arrays[2] is NULL")
 *    unless an earlier failure is still recorded, whose status and message it then keeps,
 *    so that a chain of calls fed by a failed one reports the first failure. Call
 *    nd_clear_error after handling a failure, so that a later one is reported with its
 *    own message. Optional arguments where NULL means "none" (nd_diff's prepend,
 *    nd_searchsorted's sorter, ...) are the exception: NULL is not an error there.
 *  - ND_ERR_NOMEM: memory could not be allocated: "copy: out of memory (800 bytes)".
 *  - ND_ERR_OVERFLOW, for every function that creates an array: its size in elements or
 *    bytes does not fit in int64 ("shape [4294967296,4294967296] is too large (size
 *    overflows int64)", "shape [...] of float64 is too large to allocate"); the extended
 *    code is ND_ERR_OVERFLOW_SIZE.
 *
 *  Common argument checks, named by status in the "Errors:" lines:
 *  - a dtype argument that is not an nd_dtype value: ND_ERR_TYPE ("invalid dtype value 42");
 *  - an order argument the function does not take: ND_ERR_VALUE ("order 'K' is not
 *    accepted here (use ND_C or ND_F)", or "invalid order value 66");
 *  - a shape argument (ndim, shape): ndim outside [0, ND_MAX_DIMS] or a negative extent is
 *    ND_ERR_VALUE ("negative dimensions are not allowed (shape [2,-3])"), a NULL shape with
 *    ndim > 0 is ND_ERR_NULL;
 *  - an axis outside [-ndim, ndim) is ND_ERR_INDEX ("axis 2 is out of bounds for array of
 *    dimension 2"), and so is an axis listed twice ("repeated axis 1 in axes"); the
 *    extended code is ND_ERR_INDEX_AXIS;
 *  - shapes that do not broadcast are ND_ERR_SHAPE ("add: shapes [2,3] and [2,2] cannot be
 *    broadcast (axis 1: 3 vs 2)");
 *  - a write into a read-only array (a memory-mapped file, a broadcast view) or into a view
 *    with a broadcast (stride-0) axis is ND_ERR_READONLY ("destination array is
 *    read-only"). */
typedef enum nd_status {
  ND_OK = 0,
  ND_ERR_NULL,     /**< a required argument was NULL */
  ND_ERR_VALUE,    /**< an argument has an invalid value (order, count, parse error, ...) */
  ND_ERR_SHAPE,    /**< shapes are incompatible (broadcast, reshape, matmul, ...), or an array
                        has a number of axes the function does not take (a 1-D array
                        where a matrix is needed, a 0-d one to concatenate) */
  ND_ERR_TYPE,     /**< a dtype is not accepted or a cast is not allowed */
  ND_ERR_INDEX,    /**< an index or an axis is out of range, or an axis is repeated */
  ND_ERR_OVERFLOW, /**< a size or a shape product does not fit in int64 */
  ND_ERR_NOMEM,    /**< memory allocation failed */
  ND_ERR_READONLY, /**< a write into a read-only array or a broadcast (stride-0) view */
  ND_ERR_IO,       /**< a file could not be read or written, or is malformed */
  ND_ERR_LINALG    /**< a matrix is singular or a decomposition did not converge */
} nd_status;

/** Extended status codes: finer classes of some failures, for callers that must tell
 *  cases apart by code rather than by message text (the Python package chooses NumPy's
 *  exception class with them), as SQLite's extended result codes. An extended code's low
 *  8 bits are its status (ND_STATUS_OF(code)). Functions return, and nd_last_status
 *  reports, the status as before; nd_last_extended_status gives the extended code of the
 *  last failure, or its status where none of these classes applies.
 *  - ND_ERR_INDEX_AXIS: an axis argument out of range or repeated, or an axis list of the
 *    wrong length for squeeze and reductions ("sum: axis 2 is out of bounds for array of
 *    dimension 2"): NumPy's AxisError.
 *  - ND_ERR_SHAPE_MATRIX: a linear-algebra function given an array that is not a matrix
 *    or a stack of matrices, or not square where it must be ("inv: needs square
 *    matrices, got shape [2,3] (2 x 3)"): NumPy's LinAlgError.
 *  - ND_ERR_OVERFLOW_SIZE: the size of an array to be made, in elements or bytes, or one
 *    of its extents, does not fit ("zeros: shape [4294967296,4294967296] is too large
 *    (size overflows int64)", "tile: extent of axis 0 overflows int64"): NumPy's
 *    "array is too big" ValueError. Other ND_ERR_OVERFLOW failures are values that do
 *    not fit a dtype ("add: integer scalar 300 is out of bounds for int8").
 *  - ND_ERR_VALUE_INDEX: a malformed index: an index string that does not parse, a second
 *    `...` ("index: an index can only have a single ellipsis ('...') at position 5 ..."),
 *    `?` items that do not match the index arrays given: NumPy's IndexError. */
#define ND_ERR_INDEX_AXIS (ND_ERR_INDEX | 1 << 8)
#define ND_ERR_SHAPE_MATRIX (ND_ERR_SHAPE | 1 << 8)
#define ND_ERR_OVERFLOW_SIZE (ND_ERR_OVERFLOW | 1 << 8)
#define ND_ERR_VALUE_INDEX (ND_ERR_VALUE | 1 << 8)
/** The status of an extended code (the code itself for a status). */
#define ND_STATUS_OF(code) ((nd_status)((code) & 0xff))

/** Casting rules (NumPy's names). SAFE: values are preserved (nd_can_cast).
 *  SAME_KIND: safe, or within a kind (float64 -> float32). UNSAFE: anything except
 *  complex -> real, which nd always refuses (the Array API asks for an error). */
typedef enum nd_casting {
  ND_CAST_NO = 0,
  ND_CAST_SAFE,
  ND_CAST_SAME_KIND,
  ND_CAST_UNSAFE
} nd_casting;

/** A Python-like scalar: participates in type promotion as a "weak" value (NEP 50): a
 *  float32 array plus ND_FLOAT(2.0) stays float32. Build one with the macros below. */
typedef enum nd_scalar_kind { ND_SCALAR_BOOL, ND_SCALAR_INT, ND_SCALAR_FLOAT, ND_SCALAR_COMPLEX } nd_scalar_kind;
typedef struct nd_scalar {
  nd_scalar_kind kind;
  union {
    bool b;
    int64_t i;
    double f;
    struct { double re, im; } c;
  } v;
} nd_scalar;

#define ND_BOOLV(x) ((nd_scalar){.kind = ND_SCALAR_BOOL, .v = {.b = (x)}})
#define ND_INT(x) ((nd_scalar){.kind = ND_SCALAR_INT, .v = {.i = (int64_t)(x)}})
#define ND_FLOAT(x) ((nd_scalar){.kind = ND_SCALAR_FLOAT, .v = {.f = (double)(x)}})
#define ND_COMPLEX(re_, im_) ((nd_scalar){.kind = ND_SCALAR_COMPLEX, .v = {.c = {(re_), (im_)}}})

/** Machine limits of a floating dtype (float16, bfloat16, float32, float64; complex types
 *  report their component). */
typedef struct nd_finfo_t {
  int bits;               /**< bits of the (component) type */
  double eps;             /**< difference between 1.0 and the next larger value */
  double max;             /**< largest finite value */
  double min;             /**< most negative finite value (-max) */
  double smallest_normal; /**< smallest positive normal value */
  nd_dtype dtype;         /**< the real dtype these values describe */
} nd_finfo_t;

/** Limits of an integer dtype. min is 0 for unsigned types; max of uint64 is in umax. */
typedef struct nd_iinfo_t {
  int bits;
  int64_t min;
  int64_t max;   /**< INT64_MAX for uint64 (use umax) */
  uint64_t umax; /**< the exact maximum for every integer dtype */
  nd_dtype dtype;
} nd_iinfo_t;

/** Writes `ndim, shape` from a list of extents: nd_zeros(ND_FLOAT64, ND_SHAPE(2, 3), ND_C). */
#define ND_SHAPE(...) \
  (int)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)), ((const int64_t[]){__VA_ARGS__})

/** Maximum number of dimensions of an array in this build (not part of the ABI). */
#define ND_MAX_DIMS 64

#ifdef __cplusplus
}
#endif
#endif
