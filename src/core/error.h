/* Thread-local error state and the helpers every layer uses to report failures. */
#ifndef NDI_ERROR_H
#define NDI_ERROR_H

#include <stddef.h>

#include "nd/types.h"

#if defined(__GNUC__)
#define NDI_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define NDI_PRINTF(a, b)
#endif

/* Records a failure (a status or an extended code, nd/types.h, and a formatted message)
 * for this thread; returns the status, ND_STATUS_OF(code). */
nd_status ndi_error(int code, const char *fmt, ...) NDI_PRINTF(2, 3);
/* The same, returning NULL, for array-returning functions. */
void *ndi_error_null(int code, const char *fmt, ...) NDI_PRINTF(2, 3);
/* A NULL argument, "op: argument name is NULL": records ND_ERR_NULL unless an earlier
 * failure is pending, so the first error of a chain of calls is the one the caller sees.
 * Returns ND_ERR_NULL. */
nd_status ndi_null_arg_named(const char *op, const char *name);
/* The same for an element of an array argument: "op: argument name[i] is NULL". */
nd_status ndi_null_arg_at(const char *op, const char *name, int64_t i);
/* Returns NULL (recording a NULL-argument error that names the parameter, unless an
 * error is pending) when `a` is NULL. */
#define NDI_REQUIRE(op, a)         \
  do {                             \
    if (!(a)) {                    \
      ndi_null_arg_named(op, #a);  \
      return NULL;                 \
    }                              \
  } while (0)
/* The same for status-returning functions. */
#define NDI_REQUIRE_ST(op, a)                      \
  do {                                             \
    if (!(a)) return ndi_null_arg_named(op, #a);   \
  } while (0)
/* The allocation-failure message ("op: out of memory (N bytes)"); returns ND_ERR_NOMEM. */
nd_status ndi_nomem(const char *op, size_t nbytes);

/* Writes "[2,3]" into buf (truncated with "..." if it does not fit); returns buf. */
char *ndi_fmt_shape(char *buf, size_t cap, int ndim, const int64_t *shape);
/* Room for a formatted shape in messages. */
#define NDI_SHAPE_BUF 256

#endif
