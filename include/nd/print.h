/** \file
 *  nd: text output in NumPy's style. */
#ifndef ND_PRINT_H
#define ND_PRINT_H

#include <stdio.h>

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The array as NumPy's str() shows it: nested brackets, columns aligned, NumPy's float
 *  formatting ("[[0. 1. 2.]" ...), summarised with "..." above 1000 elements. The caller
 *  frees the string with free(). NULL on failure.
 *  Errors: only the common ones (NULL a, out of memory). */
ND_API char *nd_to_string(const nd_array *a);
/** Writes nd_to_string(a) and a newline to `f` (stdout if NULL) and flushes it; a failed
 *  write is ND_ERR_IO ("print: write error: No space left on device").
 *  Errors: ND_ERR_IO (the write or the flush failed), and the common ones (NULL a: "print:
 *  argument a is NULL"; out of memory). */
ND_API nd_status nd_fprint(FILE *f, const nd_array *a);
/** nd_fprint(stdout, a).
 *  Errors: as nd_fprint. */
ND_API nd_status nd_print(const nd_array *a);
/** A one-line description: "array(shape=[2,3], strides=[3,1], dtype=float64, C)": the
 *  layout is "C", "F", "C and F" or "strided", followed by ", read-only" for an array
 *  marked read-only (nd_set_writeable, a memory map, nd_broadcast_to). The caller frees it
 *  with free().
 *  Errors: only the common ones (NULL a, out of memory). */
ND_API char *nd_describe(const nd_array *a);

#ifdef __cplusplus
}
#endif
#endif
