/* nd: array handles, errors, inspection, dtypes and promotion. */
#ifndef ND_CORE_H
#define ND_CORE_H

#include "types.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- version ---------------------------------------------------------------------- */

/** The library's version string ("0.1.0"), which may differ from ND_VERSION_STRING if the
 *  program was compiled against other headers. */
ND_API const char *nd_version(void);

/* ---- ownership -------------------------------------------------------------------- */

/** Adds a reference and returns `a` (NULL stays NULL). */
ND_API nd_array *nd_retain(nd_array *a);
/** Drops a reference; the last one frees the header, and the storage once no view uses
 *  it (running a wrapped buffer's deleter). nd_release(NULL) does nothing. */
ND_API void nd_release(nd_array *a);

/* ---- errors ----------------------------------------------------------------------- */

/** Message of the last failure on this thread ("" if none). Messages name the operation
 *  and the shapes: "reshape: cannot reshape array of size 24 into shape [5,-1]". */
ND_API const char *nd_last_error(void);
/** Status of the last failure on this thread (ND_OK if none since the last clear). */
ND_API nd_status nd_last_status(void);
/** Forgets the last failure on this thread. A function given a NULL array keeps an
 *  earlier failure's message, so a chain of calls can be checked once at its end; clear
 *  before a new chain. */
ND_API void nd_clear_error(void);
/** Records a failure on this thread as nd's own functions do: status s and a printf-style
 *  message, by convention "op: what is wrong, with the shapes" (at most 1023 bytes are
 *  kept). For components built on nd (nd_mpi) and programs that extend it, so that their
 *  errors reach nd_last_error. s must not be ND_OK (ND_OK clears the error instead).
 *  Returns s. */
ND_API nd_status nd_set_error(nd_status s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/** Short name of a status ("ND_ERR_SHAPE"). */
ND_API const char *nd_status_name(nd_status s);

/* ---- inspection ------------------------------------------------------------------- */

ND_API int nd_ndim(const nd_array *a);
/** Extents, ndim entries (NULL for a NULL array; valid while `a` lives). */
ND_API const int64_t *nd_shape(const nd_array *a);
/** Strides in elements (not bytes), ndim entries; may be negative or zero. */
ND_API const int64_t *nd_strides(const nd_array *a);
/** Offset of element [0,...,0] from the start of the storage, in elements. */
ND_API int64_t nd_offset(const nd_array *a);
ND_API int64_t nd_size(const nd_array *a);
/** Extent of one axis; negative axes count from the end. -1 for an invalid axis. */
ND_API int64_t nd_dim(const nd_array *a, int axis);
ND_API nd_dtype nd_dtype_of(const nd_array *a);
ND_API size_t nd_itemsize(const nd_array *a);
/** Size of the data the array addresses: nd_size * nd_itemsize. */
ND_API size_t nd_nbytes(const nd_array *a);
/** Address of element [0,...,0]. */
ND_API void *nd_data(const nd_array *a);
/** True if the elements are laid out densely in order `o` (ND_C or ND_F). Arrays with at
 *  most one element of extent > 1, and size-0 arrays, are both. */
ND_API bool nd_is_contiguous(const nd_array *a, nd_order o);
/** True if writes through this array are allowed (false for a broadcast view: an axis of
 *  stride 0 and extent above 1). */
ND_API bool nd_is_writeable(const nd_array *a);
/** Marks an array (the header, not the storage) read-only or writeable again. Making
 *  writeable an array over read-only storage (a memory-mapped file) or a broadcast view is
 *  an error (ND_ERR_READONLY), as NumPy refuses it. */
ND_API nd_status nd_set_writeable(nd_array *a, bool writeable);
/** True if both arrays address at least one common byte (exact answer). */
ND_API bool nd_shares_memory(const nd_array *a, const nd_array *b);
/** True if the address ranges of the two arrays overlap (cheap, may be a false positive). */
ND_API bool nd_may_share_memory(const nd_array *a, const nd_array *b);
/** Number of references to the array's storage (its buffer), for tests and debugging. */
ND_API long nd_storage_refcount(const nd_array *a);

/** Element access for small programs and tests: reads element `index` (ndim entries,
 *  negative values count from the end) converted to double / to a complex pair. The output
 *  pointer must not be NULL (ND_ERR_NULL); nd_get_complex takes NULL for the part it is not
 *  asked for, but not for both. */
ND_API nd_status nd_get_double(const nd_array *a, const int64_t *index, double *value);
ND_API nd_status nd_get_complex(const nd_array *a, const int64_t *index, double *re, double *im);
ND_API nd_status nd_get_int64(const nd_array *a, const int64_t *index, int64_t *value);
/** Writes element `index` (casting from double, like nd_full). */
ND_API nd_status nd_set_double(nd_array *a, const int64_t *index, double value);
/** The element of a 0-d or size-1 array as double. */
ND_API nd_status nd_item_double(const nd_array *a, double *value);

/* ---- dtypes and promotion --------------------------------------------------------- */

/** "float64", "int8", ...; NULL for an invalid value. */
ND_API const char *nd_dtype_name(nd_dtype t);
/** Looks a dtype up by name as np.dtype(name) does: canonical names ("float64"), array-protocol
 *  codes ("f8", "<f8", "|u1"; a big-endian multi-byte code is -1), one-character codes
 *  ("d", "F", "l") and type names ("double", "int" = int64, "complex"); -1 if unknown. */
ND_API int nd_dtype_from_name(const char *name);
/** Bytes per element; 0 for an invalid value. */
ND_API size_t nd_dtype_size(nd_dtype t);
/** NumPy's kind character: 'b' bool, 'i' signed, 'u' unsigned, 'f' float, 'c' complex. */
ND_API char nd_dtype_kind(nd_dtype t);
ND_API bool nd_dtype_is_valid(int t);
ND_API bool nd_dtype_is_integer(nd_dtype t);   /* signed or unsigned, not bool */
ND_API bool nd_dtype_is_floating(nd_dtype t);  /* float32/64 */
ND_API bool nd_dtype_is_complex(nd_dtype t);
/** The Array API's isdtype: whether t is of one of the kinds OR-ed in `kinds`
 *  (nd_isdtype(t, ND_KIND_INTEGRAL | ND_KIND_BOOL)). False for an invalid dtype. */
ND_API bool nd_isdtype(nd_dtype t, unsigned kinds);

/** Type promotion of two dtypes: the Array API lattice, and NumPy 2's rules where the
 *  standard leaves it open (int64 with uint64 gives float64, int32 with float32 gives
 *  float64, int8 with float32 gives float32). Returns -1 (and sets an error) for invalid
 *  input. */
ND_API int nd_result_type(nd_dtype a, nd_dtype b);
/** Promotion of n dtypes (left fold of nd_result_type). */
ND_API int nd_result_type_n(int n, const nd_dtype *types);
/** Safe casting (values preserved), as the Array API's can_cast. */
ND_API bool nd_can_cast(nd_dtype from, nd_dtype to);
/** Casting under a given rule. */
ND_API bool nd_can_cast_with(nd_dtype from, nd_dtype to, nd_casting rule);

/** Limits of a floating or complex dtype. */
ND_API nd_status nd_finfo(nd_dtype t, nd_finfo_t *info);
/** Limits of an integer or bool dtype. */
ND_API nd_status nd_iinfo(nd_dtype t, nd_iinfo_t *info);

/* ---- threads ---------------------------------------------------------------------- */

/** Number of threads nd's own parallel loops use (default: OpenMP's maximum). n <= 0
 *  restores the default. Work below about 32K elements always runs on one thread. */
ND_API void nd_set_num_threads(int n);
ND_API int nd_get_num_threads(void);

#ifdef __cplusplus
}
#endif
#endif
