/* Pairwise tensor contraction: the engine behind tensordot, vecdot, inner, outer, kron
 * and every step of einsum. Axes carry integer labels; a label shared by both operands is
 * summed over unless it is kept, in which case it is a batch (Hadamard) axis. Each
 * contraction runs as one batched GEMM (blas.h) over
 *   batch labels (in both, kept) x M (only in x, kept) x N (only in y, kept), summing
 *   K (in both, not kept);
 * labels of one operand that are neither kept nor shared are summed out first (a product
 * with a broadcast vector of ones). M, N and K must each be one strided axis of their
 * operands: when an operand's labels of a group cannot be merged into one axis, the
 * product loops over some of them as extra batch axes (summed labels too, for float and
 * complex dtypes: each index a product accumulated into the result), or copies that
 * operand (the transposing copy engine) into a layout where they merge, whichever the
 * cost model of contract_map.c prices lower; everything else is read in place.
 * Contractions with no summed label are elementwise products, computed exactly as NumPy
 * multiplies. */
#ifndef NDI_LINALG_CONTRACT_H
#define NDI_LINALG_CONTRACT_H

#include <stdbool.h>

#include "core/array.h"
#include "core/error.h"
#include "layout/layout.h"
#include "nd/core.h"
#include "ops/copy.h"

/* Label ids are 0 .. NDI_LA_MAX_LABELS - 1. */
#define NDI_LA_MAX_LABELS 256

/* An operand: an array (one owned reference) and a distinct label per axis. */
typedef struct ndi_la_term {
  nd_array *arr;
  int lab[ND_MAX_DIMS];
} ndi_la_term;

/* Contracts x and y (same dtype; or float32 and a 16-bit float, which is then widened).
 * float16 and bfloat16 terms give a float32 result (their products accumulate in
 * float32; callers round it once with ndi_round_result). The result keeps the labels l of
 * x and y with keep[l]; every other label is summed. If want is given (nwant kept labels), the result
 * is laid out C-contiguous in that order whenever the product can write that layout
 * directly and no other layout is faster; otherwise (or without want) its axes are in the
 * order the product writes fastest, given by out->lab. conj_x: use conj(x) (complex).
 * NULL-free; errors name op. A product of more than ND_MAX_DIMS kept labels is refused
 * (ND_ERR_SHAPE) before anything is built. */
nd_status ndi_la_contract(const char *op, const ndi_la_term *x, const ndi_la_term *y,
                          const bool *keep, int nwant, const int *want, bool conj_x,
                          ndi_la_term *out);

/* Sums x over its labels l without keep[l]; the others stay, laid out as for
 * ndi_la_contract. With nothing to sum, out is a view of x (no copy). */
nd_status ndi_la_reduce(const char *op, const ndi_la_term *x, const bool *keep, int nwant,
                        const int *want, ndi_la_term *out);

/* A term over `a` converted to dtype t (ndi_la_as_dtype): axis i gets label lab[i], or
 * is dropped when lab[i] < 0 (it must then have extent 1). */
nd_status ndi_la_make_term(const char *op, const nd_array *a, nd_dtype t, const int *lab,
                           ndi_la_term *out);

/* The array of a contraction's result with its axes in the label order `order` (n
 * labels, exactly t's): t's array itself when already in that order, else a view. Takes
 * t's reference either way. */
nd_array *ndi_la_term_finish(const char *op, ndi_la_term *t, int n, const int *order);

/* A view of t's array with its axes in the label order `order` (n labels, exactly t's). */
nd_array *ndi_la_term_view(const char *op, const ndi_la_term *t, int n, const int *order);

#endif
