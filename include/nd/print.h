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
/** The array as NumPy's repr() shows it, with `name` (NULL: "array") as the class name and
 *  the dtype always given, as the Array API's reference implementation shows it:
 *  "array([[0., 1.],\n       [2., 3.]], dtype=float64)"; an empty array other than 1-D
 *  shows its shape ("array([], shape=(0, 3), dtype=int64)"), a 0-d one its element in the
 *  array's format ("array(1., dtype=float64)"). Elements are separated by ", ", rows by
 *  ",\n", continuation lines indented past the opening brackets, NumPy's line width (75)
 *  and summary ("...") above 1000 elements. The caller frees the string with free(). NULL
 *  on failure.
 *  Errors: only the common ones (NULL a: "repr: argument a is NULL"; out of memory). */
ND_API char *nd_repr(const nd_array *a, const char *name);
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
 *  that is not writeable in nd_is_writeable's sense: marked read-only (nd_set_writeable, a
 *  memory map, nd_broadcast_to) or a view with a broadcast (stride-0) axis of extent above
 *  1 (nd_broadcast_arrays). The caller frees it with free().
 *  Errors: only the common ones (NULL a, out of memory). */
ND_API char *nd_describe(const nd_array *a);

#ifdef __cplusplus
}
#endif
#endif
