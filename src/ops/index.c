/* nd_index: basic indexing from a string (the parser and arithmetic are in
 * layout/index_parse.c). */
#include <stdarg.h>
#include <stdio.h>

#include "core/alloc.h"
#include "frontend.h"
#include "nd/views.h"

nd_array *nd_index(nd_array *a, const char *spec) {
  NDI_REQUIRE("index", a);
  if (!spec) {
    ndi_null_arg_named("index", "spec");
    return NULL;
  }
  int nd;
  int64_t shape[ND_MAX_DIMS], strides[ND_MAX_DIMS], off;
  if (ndi_index_apply(spec, a->ndim, a->shape, a->strides, &nd, shape, strides, &off)) return NULL;
  return ndi_view("index", a, nd, shape, strides, a->offset + off);
}

nd_array *nd_indexf(nd_array *a, const char *fmt, ...) {
  NDI_REQUIRE("index", a);
  if (!fmt) {
    ndi_null_arg_named("index", "fmt");
    return NULL;
  }
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (n < 0 || n >= (int)sizeof buf)
    return ndi_error_null(ND_ERR_VALUE, "index: formatted index is too long (%d characters)", n);
  return nd_index(a, buf);
}
