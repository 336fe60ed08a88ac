/** \file
 *  nd: array handles, errors, inspection, dtypes and promotion. The status codes, and the
 *  errors every function shares (NULL arguments, out of memory, ...), are described with
 *  nd_status in nd/types.h; each function below ends with the errors specific to it. */
#ifndef ND_CORE_H
#define ND_CORE_H

#include "types.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- version ---------------------------------------------------------------------- */

/** The library's version string ("0.2.0"), which may differ from ND_VERSION_STRING if the
 *  program was compiled against other headers.
 *  Errors: none. */
ND_API const char *nd_version(void);

/* ---- ownership -------------------------------------------------------------------- */

/** Adds a reference and returns `a` (NULL stays NULL).
 *  Errors: none. */
ND_API nd_array *nd_retain(nd_array *a);
/** Drops a reference; the last one frees the header, and the storage once no view uses
 *  it (running a wrapped buffer's deleter). Dropping the last reference of an array that
 *  an open scope owns (nd/scope.h) takes it out of the scope.
 *  Errors: none; nd_release(NULL) does nothing. */
ND_API void nd_release(nd_array *a);

/* ---- errors ----------------------------------------------------------------------- */

/** Message of the last failure on this thread ("" if none). Messages name the operation
 *  and the shapes: "reshape: cannot reshape array of size 24 into shape [5,-1]". The
 *  string is valid until the next failure on this thread.
 *  Errors: none. */
ND_API const char *nd_last_error(void);
/** Status of the last failure on this thread (ND_OK if none since the last clear).
 *  Errors: none. */
ND_API nd_status nd_last_status(void);
/** Extended code of the last failure on this thread (see the extended codes after
 *  nd_status in nd/types.h): ND_ERR_INDEX_AXIS, ND_ERR_SHAPE_MATRIX, ND_ERR_OVERFLOW_SIZE
 *  or ND_ERR_VALUE_INDEX where the failure is of one of those classes, else the same
 *  value as nd_last_status (ND_OK if none). ND_STATUS_OF(code) is nd_last_status().
 *  Errors: none. */
ND_API int nd_last_extended_status(void);
/** Forgets the last failure on this thread. A function given a NULL array keeps an
 *  earlier failure's message, so a chain of calls can be checked once at its end; clear
 *  before a new chain.
 *  Errors: none. */
ND_API void nd_clear_error(void);
/** Records a failure on this thread as nd's own functions do: a status or an extended
 *  code (ND_ERR_INDEX_AXIS, ...) and a printf-style message, by convention "op: what is
 *  wrong, with the shapes" (at most 1023 bytes are kept). For components built on nd
 *  (libnd_mpi, libnd_fft) and programs that extend it, so that their errors reach
 *  nd_last_error. ND_OK clears the error instead (nd_clear_error); a NULL fmt records an
 *  empty message. To pass a callee's failure on under another message, record
 *  nd_last_extended_status(), so that its class is kept. Returns the status
 *  (ND_STATUS_OF(code)).
 *  Errors: none (it records the error it is given). */
ND_API nd_status nd_set_error(int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/** Short name of a status or an extended code ("ND_ERR_SHAPE", "ND_ERR_INDEX_AXIS");
 *  "ND_ERR_UNKNOWN" for a value that is neither.
 *  Errors: none. */
ND_API const char *nd_status_name(int code);

/* ---- inspection ------------------------------------------------------------------- */

/** Number of dimensions (0 for a 0-d array).
 *  Errors: none; -1 for a NULL array. */
ND_API int nd_ndim(const nd_array *a);
/** Extents, ndim entries (valid while `a` lives).
 *  Errors: none; NULL for a NULL array. */
ND_API const int64_t *nd_shape(const nd_array *a);
/** Strides in elements (not bytes), ndim entries; may be negative or zero.
 *  Errors: none; NULL for a NULL array. */
ND_API const int64_t *nd_strides(const nd_array *a);
/** Offset of element [0,...,0] from the start of the storage, in elements.
 *  Errors: none; -1 for a NULL array. */
ND_API int64_t nd_offset(const nd_array *a);
/** Number of elements (the product of the extents; 1 for a 0-d array).
 *  Errors: none; -1 for a NULL array. */
ND_API int64_t nd_size(const nd_array *a);
/** Extent of one axis; negative axes count from the end.
 *  Errors: none; -1 for a NULL array or an invalid axis. */
ND_API int64_t nd_dim(const nd_array *a, int axis);
/** The array's dtype.
 *  Errors: none; (nd_dtype)-1 for a NULL array. */
ND_API nd_dtype nd_dtype_of(const nd_array *a);
/** Bytes per element.
 *  Errors: none; 0 for a NULL array. */
ND_API size_t nd_itemsize(const nd_array *a);
/** Size of the data the array addresses: nd_size * nd_itemsize.
 *  Errors: none; 0 for a NULL array. */
ND_API size_t nd_nbytes(const nd_array *a);
/** Address of element [0,...,0].
 *  Errors: none; NULL for a NULL array. */
ND_API void *nd_data(const nd_array *a);
/** True if the elements are laid out densely in order `o` (ND_C or ND_F). Arrays with at
 *  most one axis of extent > 1, and size-0 arrays, are both.
 *  Errors: none; false for a NULL array or another order (ND_A, ND_K). */
ND_API bool nd_is_contiguous(const nd_array *a, nd_order o);
/** True if writes through this array are allowed (false for a read-only array, and for a
 *  broadcast view: an axis of stride 0 and extent above 1).
 *  Errors: none; false for a NULL array. */
ND_API bool nd_is_writeable(const nd_array *a);
/** Marks an array (the header, not the storage) read-only or writeable again. Making
 *  writeable an array over read-only storage (a memory-mapped file) or a broadcast view is
 *  an error, as NumPy refuses it; making an array read-only always succeeds.
 *  Errors: ND_ERR_READONLY (writeable = true over read-only memory: "set_writeable: the
 *  array's memory is read-only", or with a broadcast axis: "set_writeable: a broadcast view
 *  stays read-only (axis 0 has stride 0 and extent 3)"). */
ND_API nd_status nd_set_writeable(nd_array *a, bool writeable);
/** True if both arrays address at least one common byte (exact answer).
 *  Errors: none; false if either is NULL. */
ND_API bool nd_shares_memory(const nd_array *a, const nd_array *b);
/** True if the address ranges of the two arrays overlap (cheap, may be a false positive).
 *  Errors: none; false if either is NULL. */
ND_API bool nd_may_share_memory(const nd_array *a, const nd_array *b);
/** Number of references to the array's storage (its buffer), for tests and debugging.
 *  Errors: none; 0 for a NULL array. */
ND_API long nd_storage_refcount(const nd_array *a);

/** Element access for small programs and tests: reads element `index` (ndim entries,
 *  negative values count from the end; may be NULL for a 0-d array) converted to double (the real
 *  part of a complex element).
 *  Errors: ND_ERR_NULL (value NULL, or index NULL for ndim > 0: "get_double: index is
 *  NULL"), ND_ERR_INDEX (an index out of range: "get_double: index 3 is out of bounds for
 *  axis 0 with size 3"). */
ND_API nd_status nd_get_double(const nd_array *a, const int64_t *index, double *value);
/** Reads element `index` as nd_get_double does, as a complex pair; either output may be
 *  NULL when that part is not wanted, but not both.
 *  Errors: as nd_get_double (ND_ERR_NULL when re and im are both NULL). */
ND_API nd_status nd_get_complex(const nd_array *a, const int64_t *index, double *re, double *im);
/** Reads element `index` of a bool or integer array as int64. A uint64 value above
 *  INT64_MAX is an error (nothing is written to *value); read such arrays with
 *  nd_data or nd_to_data.
 *  Errors: as nd_get_double, ND_ERR_TYPE for a float or complex array ("get_int64:
 *  array of dtype float64 is not an integer array"), and ND_ERR_OVERFLOW for a uint64
 *  value above INT64_MAX ("get_int64: uint64 value 18446744073709551615 does not fit in
 *  int64"). */
ND_API nd_status nd_get_int64(const nd_array *a, const int64_t *index, int64_t *value);
/** Writes element `index` (casting from double, unchecked, like nd_full).
 *  Errors: as nd_get_double for the index, and ND_ERR_READONLY ("set_double: array is
 *  read-only") when nd_is_writeable(a) is false. */
ND_API nd_status nd_set_double(nd_array *a, const int64_t *index, double value);
/** The element of a 0-d or size-1 array as double (the real part of a complex one).
 *  Errors: ND_ERR_VALUE for another size ("item_double: can only convert an array of size
 *  1 (size is 6)"). */
ND_API nd_status nd_item_double(const nd_array *a, double *value);

/* ---- dtypes and promotion --------------------------------------------------------- */

/** "float64", "int8", ...
 *  Errors: none; NULL for a value that is not an nd_dtype. */
ND_API const char *nd_dtype_name(nd_dtype t);
/** Looks a dtype up by name as np.dtype(name) does: canonical names ("float64"), array-protocol
 *  codes ("f8", "<f8", "|u1"; a big-endian multi-byte code is -1), one-character codes
 *  ("d", "F", "l") and type names ("double", "int" = int64, "complex").
 *  Errors: none (no error is recorded); -1 for an unknown name or NULL. */
ND_API int nd_dtype_from_name(const char *name);
/** Bytes per element.
 *  Errors: none; 0 for a value that is not an nd_dtype. */
ND_API size_t nd_dtype_size(nd_dtype t);
/** NumPy's kind character: 'b' bool, 'i' signed, 'u' unsigned, 'f' float, 'c' complex.
 *  Errors: none; '\0' for a value that is not an nd_dtype. */
ND_API char nd_dtype_kind(nd_dtype t);
/** True if t is one of the nd_dtype values.
 *  Errors: none. */
ND_API bool nd_dtype_is_valid(int t);
/** True for a signed or unsigned integer dtype (not bool).
 *  Errors: none; false for a value that is not an nd_dtype. */
ND_API bool nd_dtype_is_integer(nd_dtype t);
/** True for the real floating dtypes: float16, bfloat16, float32 and float64.
 *  Errors: none; false for a value that is not an nd_dtype. */
ND_API bool nd_dtype_is_floating(nd_dtype t);
/** True for complex64 and complex128.
 *  Errors: none; false for a value that is not an nd_dtype. */
ND_API bool nd_dtype_is_complex(nd_dtype t);
/** The Array API's isdtype: whether t is of one of the kinds OR-ed in `kinds`
 *  (nd_isdtype(t, ND_KIND_INTEGRAL | ND_KIND_BOOL)).
 *  Errors: none; false for a value that is not an nd_dtype. */
ND_API bool nd_isdtype(nd_dtype t, unsigned kinds);

/** Type promotion of two dtypes: the Array API lattice, and NumPy 2's rules where the
 *  standard leaves it open (int64 with uint64 gives float64, int32 with float32 gives
 *  float64, int8 with float32 gives float32). An integer takes a float of twice its size
 *  at least: bool, int8 and uint8 keep float16 and bfloat16, int16 and uint16 with either
 *  give float32, wider integers float64. float16 with bfloat16 gives float32 (ml_dtypes'
 *  rule: neither holds the other's values); either with complex64 gives complex64.
 *  Returns the nd_dtype, or -1 on failure.
 *  Errors: ND_ERR_TYPE (a value that is not an nd_dtype: "result_type: invalid dtype
 *  value 42"). */
ND_API int nd_result_type(nd_dtype a, nd_dtype b);
/** Promotion of n dtypes, as NumPy's result_type of several: one of them that every
 *  other promotes into (nd_result_type) is the result, whatever the order; otherwise the
 *  left fold of nd_result_type (int8, uint16, float32 gives float32, where the fold would
 *  meet int32 first and give float64). The same rule promotes the inputs of nd_concat,
 *  nd_stack, nd_einsum and the three-input elementwise functions. -1 on failure.
 *  Errors: ND_ERR_VALUE (n <= 0: "result_type: at least one dtype is required (n is
 *  0)"), ND_ERR_NULL (types NULL: "result_type: argument types is NULL"), ND_ERR_TYPE (as
 *  nd_result_type). */
ND_API int nd_result_type_n(int n, const nd_dtype *types);
/** Safe casting (values preserved), as the Array API's can_cast.
 *  Errors: none; false for a value that is not an nd_dtype. */
ND_API bool nd_can_cast(nd_dtype from, nd_dtype to);
/** Casting under a given rule.
 *  Errors: none; false for a value that is not an nd_dtype or an nd_casting. */
ND_API bool nd_can_cast_with(nd_dtype from, nd_dtype to, nd_casting rule);

/** Limits of a floating or complex dtype (a complex dtype reports its component's).
 *  Errors: ND_ERR_TYPE (an invalid value, or a bool or integer dtype: "finfo: int32 is not
 *  a floating-point dtype"). */
ND_API nd_status nd_finfo(nd_dtype t, nd_finfo_t *info);
/** Limits of an integer or bool dtype.
 *  Errors: ND_ERR_TYPE (an invalid value, or a float or complex dtype: "iinfo: float64 is
 *  not an integer dtype"). */
ND_API nd_status nd_iinfo(nd_dtype t, nd_iinfo_t *info);

/* ---- 16-bit floats ------------------------------------------------------------------ */

/** The float16 nearest to x, as np.float16(x): rounded once to nearest, ties to even
 *  (never through float32), subnormals kept, beyond the largest finite value (65504)
 *  from 65520 on +-inf. A NaN keeps its sign and the top 10 bits of its payload, without
 *  being quieted (NumPy's rule; 0x7c01 where those bits are all zero).
 *  Errors: none. */
ND_API uint16_t nd_float16_from_double(double x);
/** The value of float16 bits h, exactly (NaN payloads kept).
 *  Errors: none. */
ND_API double nd_float16_to_double(uint16_t h);
/** The bfloat16 nearest to x, as ml_dtypes.bfloat16(x): rounded once to nearest, ties to
 *  even, subnormals kept, overflow to +-inf; every NaN gives the quiet NaN of its sign
 *  (0x7fc0 or 0xffc0).
 *  Errors: none. */
ND_API uint16_t nd_bfloat16_from_double(double x);
/** The value of bfloat16 bits b, exactly (the top half of a float32).
 *  Errors: none. */
ND_API double nd_bfloat16_to_double(uint16_t b);

/* ---- threads ---------------------------------------------------------------------- */

/** Number of threads nd's own parallel loops use (default: OpenMP's maximum, that is
 *  OMP_NUM_THREADS or the cores), for the whole process. n <= 0 restores the default.
 *  Work below about 32K elements always runs on one thread. The loops run on nd's own
 *  worker threads (started on first use, asleep when idle; a worker whose core another
 *  program keeps busy sits out for a while), linear algebra on OpenBLAS's.
 *  Errors: none. */
ND_API void nd_set_num_threads(int n);
/** The number of threads nd's parallel loops use at most (nd_set_num_threads's value, or
 *  OpenMP's maximum; 1 in a build without OpenMP).
 *  Errors: none. */
ND_API int nd_get_num_threads(void);

/** One task of nd_parallel_for: `task` in [0, ntasks); `slot` in [0, nthreads) names the
 *  thread running it (slot 0 is the caller; two tasks never run on one slot at the same
 *  time, and a slot is the same thread for the whole call), for per-thread scratch. */
typedef void (*nd_task_fn)(void *ctx, int64_t task, int slot);
/** Runs fn(ctx, task, slot) once for every task in [0, ntasks) on nd's worker threads, the
 *  ones nd's own loops use: the calling thread and up to nthreads - 1 workers (nthreads
 *  <= 0: nd_get_num_threads(); a worker whose core another program keeps busy sits out),
 *  each taking the next task in order as it becomes free. Returns when every task has
 *  run. The tasks run in order on the calling thread when nthreads is 1, when called from
 *  a task running on the pool (nd's loops' or another nd_parallel_for's) or from an OpenMP
 *  parallel region, or while another thread of the program is using the pool. Which
 *  thread runs which task varies from call to call: a result that must not depend on the
 *  thread count should depend on the task only. fn may call nd
 *  functions (their own loops then run on its thread). For components built on nd
 *  (libnd_fft runs its batches of transforms on it) and programs that want nd's threads
 *  for loops of their own.
 *  Errors: none (fn reports its own; ntasks <= 0 or a NULL fn runs nothing). */
ND_API void nd_parallel_for(int nthreads, int64_t ntasks, nd_task_fn fn, void *ctx);

#ifdef __cplusplus
}
#endif
#endif
