/** \file
 *  nd: the toolkit for code built on nd: its components (libnd_fft, libnd_mpi, the random
 *  numbers) and programs that add functions of their own. These are the helpers nd's own
 *  functions use to check arguments, report failures, lay out results, plan loops and move
 *  data, so that code built on nd checks, reports and behaves as nd does without reaching
 *  into nd's internals (the part Lua's lauxlib plays for Lua). Functions that can fail take
 *  the name of the calling operation, `op`, and start their messages with it, as nd's own
 *  do ("fft: axis 2 is out of bounds for array of dimension 2").
 *  Besides the "Errors:" line of each function, every one can fail with the common errors
 *  of nd_status (NULL arguments, out of memory). */
#ifndef ND_TOOLKIT_H
#define ND_TOOLKIT_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- failures --------------------------------------------------------------------- */

/** Reports a NULL required argument by nd's rule (nd_status in nd/types.h): records
 *  ND_ERR_NULL, "op: argument name is NULL", unless an earlier failure is still recorded,
 *  which is kept so that a chain of calls reports its first failure. Returns ND_ERR_NULL.
 *  Errors: none (it reports the one it is given). */
ND_API nd_status nd_null_arg(const char *op, const char *name);
/** Passes the last failure on under op's name: records "op: " followed by its message,
 *  with its extended code ("fftfreq: empty: shape [...] is too large"), and returns its
 *  status (ND_OK, recording nothing, when no failure is recorded).
 *  Errors: none. */
ND_API nd_status nd_error_prefix(const char *op);

/** Returns NULL from the calling function when the required pointer `a` is NULL,
 *  reporting it by nd_null_arg's rule under the name written for it ("op: argument g is
 *  NULL"): the check that starts nd's own functions. */
#define ND_REQUIRE(op, a)      \
  do {                         \
    if (!(a)) {                \
      nd_null_arg((op), #a);   \
      return NULL;             \
    }                          \
  } while (0)
/** The same for functions that return an nd_status: returns ND_ERR_NULL. */
#define ND_REQUIRE_ST(op, a)                    \
  do {                                          \
    if (!(a)) return nd_null_arg((op), #a);     \
  } while (0)
/** Records nd's allocation failure, "op: out of memory (N bytes)" (ND_ERR_NOMEM), and
 *  returns ND_ERR_NOMEM.
 *  Errors: none (it reports the one it is given). */
ND_API nd_status nd_out_of_memory(const char *op, size_t nbytes);

/* ---- memory ----------------------------------------------------------------------- */

/** n bytes from nd's allocator (as malloc aligns them), for a component's own state:
 *  NULL on failure, recording nothing (report it with nd_out_of_memory). Going through
 *  nd's allocator lets nd's allocation-failure tests make it fail. Free with nd_free.
 *  Errors: none. */
ND_API void *nd_malloc(size_t nbytes);
/** Frees a block of nd_malloc (NULL is a no-op).
 *  Errors: none. */
ND_API void nd_free(void *p);

/* ---- hot loops -------------------------------------------------------------------- */

/** Put before a function definition: the function is compiled for several x86-64
 *  instruction sets (baseline, AVX2, x86-64-v4) and the best the CPU runs is picked when
 *  the program loads (GCC's target_clones), as nd's own kernels are. Empty with other
 *  compilers and architectures, and when ND_NO_CLONES is defined (the ThreadSanitizer
 *  build: its runtime cannot resolve the clones). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(ND_NO_CLONES)
#define ND_HOT __attribute__((target_clones("default", "avx2", "arch=x86-64-v4")))
#else
#define ND_HOT
#endif

/* ---- shapes in messages ----------------------------------------------------------- */

/** Room for a shape in a message (longer shapes end in "..."). */
#define ND_SHAPE_TEXT 256
/** Writes a shape as nd's messages show it, "[2,3]" ("[]" for 0-d), into buf (cap bytes;
 *  cut with "..." when it does not fit) and returns buf.
 *  Errors: none. */
ND_API char *nd_format_shape(char *buf, size_t cap, int ndim, const int64_t *shape);

/* ---- axes ------------------------------------------------------------------------- */

/** *out = axis normalised for an array of ndim axes (a negative axis counts from the end).
 *  Errors: ND_ERR_INDEX with extended code ND_ERR_INDEX_AXIS ("op: axis 2 is out of bounds
 *  for array of dimension 2"). */
ND_API nd_status nd_normalize_axis(const char *op, int axis, int ndim, int *out);
/** out[i] = axes[i] normalised (out may be NULL: checking only); an axis listed twice is
 *  an error.
 *  Errors: as nd_normalize_axis, and ND_ERR_INDEX_AXIS for a repeat ("op: repeated axis 1
 *  in axes"); ND_ERR_NULL (axes NULL with naxes > 0). */
ND_API nd_status nd_normalize_axes(const char *op, int naxes, const int *axes, int ndim,
                                   int *out);

/* ---- arguments -------------------------------------------------------------------- */

/** Whether t is an nd_dtype value.
 *  Errors: ND_ERR_TYPE ("op: invalid dtype value 42"). */
ND_API nd_status nd_check_dtype(const char *op, int t);

/* ---- outputs ---------------------------------------------------------------------- */

/** Whether a may be written: not read-only, no broadcast (stride 0) axis of extent above 1.
 *  Errors: ND_ERR_READONLY ("op: destination array is read-only", "op: destination has a
 *  broadcast axis (axis 0 has stride 0 and extent 3)"). */
ND_API nd_status nd_check_writeable(const char *op, const nd_array *a);
/** Checks an `out` argument: exactly this shape and dtype, and writeable.
 *  Errors: ND_ERR_SHAPE ("op: out has shape [2,3], expected [3,3]"), ND_ERR_TYPE ("op: out
 *  has dtype float32, expected complex128"), ND_ERR_READONLY (as nd_check_writeable);
 *  ND_ERR_NULL (out NULL; shape NULL with ndim > 0). */
ND_API nd_status nd_check_out(const char *op, const nd_array *out, nd_dtype t, int ndim,
                              const int64_t *shape);
/** A new uninitialised array, as nd_empty makes it, with messages naming op ("op: shape
 *  [4294967296,4294967296] is too large (size overflows int64)").
 *  Errors: as nd_empty. */
ND_API nd_array *nd_alloc(const char *op, nd_dtype t, int ndim, const int64_t *shape,
                          nd_order o);
/** A new uninitialised array of dtype t and the given shape (shape NULL: a's shape) laid
 *  out as NumPy's empty_like(a, dtype, order, shape) lays it: order C or F, A (F when a is
 *  F- and not C-contiguous, else C) or K (a's axis order, which NumPy keeps when the shape
 *  has a's number of axes; C order otherwise). Messages name op.
 *  Errors: as nd_empty (ND_ERR_VALUE for an order other than C, F, A, K, or a negative
 *  extent; ND_ERR_TYPE for an invalid dtype; ND_ERR_OVERFLOW_SIZE). */
ND_API nd_array *nd_alloc_like(const char *op, const nd_array *a, nd_dtype t, nd_order o,
                               int ndim, const int64_t *shape);

/* ---- moving data ------------------------------------------------------------------ */

/** dst[i] = src[i] for every index i of shape, over raw memory: each side its own dtype
 *  (converted as nd_astype converts) and strides in elements (negative and zero allowed;
 *  zero on the source repeats it). The same engine as nd_assign (cache-blocked when the
 *  two sides' fastest axes differ, threaded above nd's grain), without wrapping the memory
 *  in arrays. The two regions must not overlap, unless they are the same.
 *  Errors: ND_ERR_VALUE (ndim outside [0, ND_MAX_DIMS], a negative extent), ND_ERR_TYPE (an
 *  invalid dtype; complex into a real dtype: "op: cannot cast complex128 to float64
 *  (complex to real discards the imaginary part)"), ND_ERR_NULL (a NULL pointer where the
 *  copy has elements). */
ND_API nd_status nd_copy_strided(const char *op, int ndim, const int64_t *shape, nd_dtype dst_t,
                                 void *dst, const int64_t *dst_strides, nd_dtype src_t,
                                 const void *src, const int64_t *src_strides);
/** Copies n bytes from src to dst writing dst's aligned middle with non-temporal stores
 *  (no read of the destination's cache lines, no eviction of useful data): for results
 *  far larger than the caches, produced in a small buffer and streamed out. Call
 *  nd_copy_nontemporal_fence once after a run of them, before other threads read the data.
 *  Errors: none. */
ND_API void nd_copy_nontemporal(void *dst, const void *src, size_t n);
/** Orders this thread's non-temporal stores before its later stores.
 *  Errors: none. */
ND_API void nd_copy_nontemporal_fence(void);

/* ---- loops ------------------------------------------------------------------------ */

/** At most this many operands in an nd_loop or nd_odometer. */
#define ND_LOOP_MAX_OPERANDS 8
/** A loop nest over nop operands of one shape, the plan nd's own loops start from (NumPy's
 *  iterator does the same): axes outermost first, with their extents and, per operand,
 *  strides in any unit that is the same for all of that operand's axes (bytes or
 *  elements); offset[k], in operand k's units, is what reversing axes added to its start;
 *  axis[i] is the original axis (before nd_loop_init dropped any) of loop axis i, for a
 *  merged axis its innermost one. */
typedef struct nd_loop {
  int nop, ndim;
  int64_t size; /**< elements: the product of the extents */
  int64_t shape[ND_MAX_DIMS];
  int64_t strides[ND_LOOP_MAX_OPERANDS][ND_MAX_DIMS];
  int64_t offset[ND_LOOP_MAX_OPERANDS];
  int axis[ND_MAX_DIMS];
} nd_loop;

/** Fills l from ndim axes (outermost first: shape, and strides[k][i] for operand k < nop)
 *  without the axes of extent 1. nop is at most ND_LOOP_MAX_OPERANDS, ndim at most
 *  ND_MAX_DIMS (not checked: the caller's arrays have those sizes).
 *  Errors: none. */
ND_API void nd_loop_init(nd_loop *l, int nop, int ndim, const int64_t *shape,
                         const int64_t *const *strides);
/** Reverses every axis on which operand k steps backwards, for all operands (offset gets
 *  what that moves each start), so that operand k is walked forwards.
 *  Errors: none. */
ND_API void nd_loop_flip(nd_loop *l, int k);
/** Orders the axes outermost first by decreasing |stride| of operand 0, ties by operand 1,
 *  ... up to operand nkeys - 1, then by their current order (a stable sort), so that the
 *  innermost axis is operand 0's fastest.
 *  Errors: none. */
ND_API void nd_loop_sort(nd_loop *l, int nkeys);
/** Orders the axes outermost first by decreasing key[i] (one value per current axis i),
 *  ties keeping their current order: for costs no single operand's strides give.
 *  Errors: none. */
ND_API void nd_loop_sort_by(nd_loop *l, const int64_t *key);
/** Merges each pair of adjacent axes that every operand steps over as one (the outer
 *  stride is the inner one times the inner extent), except the axis whose original index
 *  is `keep` (-1: none), which stays an axis of its own.
 *  Errors: none. */
ND_API void nd_loop_coalesce(nd_loop *l, int keep);

/** A multi-index over n axes (outermost first) that carries each operand's offset (in its
 *  strides' units) along: next() moves to the following index in C order. */
typedef struct nd_odometer {
  int n, nop;
  int64_t shape[ND_MAX_DIMS];
  int64_t strides[ND_LOOP_MAX_OPERANDS][ND_MAX_DIMS];
  int64_t index[ND_MAX_DIMS];
  int64_t offset[ND_LOOP_MAX_OPERANDS];
} nd_odometer;

/** An odometer over axes [first, first + count) of l, at index 0 (all offsets 0).
 *  Errors: none. */
ND_API void nd_odometer_init(nd_odometer *o, const nd_loop *l, int first, int count);
/** Moves to the index whose C-order position among the odometer's axes is pos.
 *  Errors: none. */
ND_API void nd_odometer_seek(nd_odometer *o, int64_t pos);
/** Moves to the next index in C order (after the last, back to index 0).
 *  Errors: none. */
ND_API void nd_odometer_next(nd_odometer *o);

/* ---- threads ---------------------------------------------------------------------- */

/** The number of threads nd's own loops use for `work` elements of copy-like work: 1
 *  below twice nd's grain (65536 elements) and inside a parallel region (a task of
 *  nd_parallel_for), else up to nd_get_num_threads() with at least 32768 elements each,
 *  fewer while workers sit out on busy cores. For nd_parallel_for loops that should
 *  follow nd's rule.
 *  Errors: none. */
ND_API int nd_threads_for(int64_t work);

#ifdef __cplusplus
}
#endif
#endif
