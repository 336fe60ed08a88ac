/** \file
 *  nd: unique elements (the Array API's set functions), of the flattened array in C order.
 *
 *  Values come out sorted (nd_sort's order). Equal values form one entry, with -0.0 equal
 *  to +0.0 (the value kept is the first occurrence's); every NaN is distinct, so each NaN
 *  is its own entry with count 1, as the standard requires. Every dtype: complex values
 *  sort by real part, then imaginary part, each part in nd_sort's order (NaN last), and a
 *  value with a NaN in either part is its own entry (nd_sort itself refuses complex).
 *  Outputs are new C-contiguous arrays released by the caller: values in the input's
 *  dtype, indices, inverse indices and counts as int64.
 *
 *  Errors of every function here: the common errors of nd_status (NULL arguments, among
 *  them a NULL output pointer, and out of memory). */
#ifndef ND_SETS_H
#define ND_SETS_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The unique values (1-D).
 *  Errors: ND_ERR_TYPE (complex input). */
ND_API nd_array *nd_unique_values(const nd_array *a);
/** Unique values and how often each occurs (1-D, of the same length).
 *  Errors: ND_ERR_TYPE (complex input). */
ND_API nd_status nd_unique_counts(const nd_array *a, nd_array **values, nd_array **counts);
/** Unique values and, for each element of `a`, the position of its value in `values`
 *  (inverse has a's shape: values[inverse] rebuilds a, up to the sign of zeros).
 *  Errors: ND_ERR_TYPE (complex input). */
ND_API nd_status nd_unique_inverse(const nd_array *a, nd_array **values, nd_array **inverse);
/** All of it: values, the flat position of each value's first occurrence, the inverse
 *  positions (a's shape) and the counts.
 *  Errors: ND_ERR_TYPE (complex input). */
ND_API nd_status nd_unique_all(const nd_array *a, nd_array **values, nd_array **indices,
                               nd_array **inverse, nd_array **counts);

#ifdef __cplusplus
}
#endif
#endif
