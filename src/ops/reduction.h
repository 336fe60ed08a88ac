/* Frontend helpers shared by the reduction functions (reduce.c, statistics.c). */
#ifndef NDI_OPS_REDUCTION_H
#define NDI_OPS_REDUCTION_H

#include <limits.h>

#include "frontend.h"
#include "kernels/reduce.h"

typedef struct ndi_reduction {
  const char *op;                 /* public name, for messages */
  const ndi_reduce_kernel *kernel;
  nd_dtype kin;                   /* dtype the kernel reads */
  nd_dtype acc;                   /* accumulator = result dtype */
  bool needs_identity;            /* an empty reduction is an error (min, max) */
  const nd_array *aux;            /* per-output operand (dtype kin, the result's layout) */
} ndi_reduction;

/* Reduces `a` over (naxes, axes) as described; NULL and an error on failure. */
nd_array *ndi_reduce_array(const ndi_reduction *r, const nd_array *a, int naxes,
                           const int *axes, bool keepdims);
/* The input of a sum, product or cumulative function with a 16-bit float result t:
 * a itself (a new reference), or a copy converted to t when a has another dtype (NumPy
 * casts the input to its loop's dtype first). NULL on failure. */
nd_array *ndi_as_result_input(const char *op, const nd_array *a, nd_dtype t);
/* The dtype sum and prod accumulate in by default (int64, uint64, or the input's). */
nd_dtype ndi_sum_dtype(nd_dtype t);
/* Number of elements reduced by (naxes, axes) (axes already checked). */
int64_t ndi_reduced_count(const nd_array *a, int naxes, const int *axes);
/* Checks a dtype= argument of op (a valid dtype, no complex-to-real conversion). */
nd_status ndi_check_reduce_dtype(const char *op, nd_dtype from, int to);
/* "No dtype argument" for the functions that share a _dtype form's code (any value a
 * caller could pass, -1 included, is checked as a dtype). */
#define NDI_NO_DTYPE INT_MIN

#endif
