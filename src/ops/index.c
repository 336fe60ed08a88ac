/* The entry points of indexing: the index as items (nd_index_items), and the index strings
 * of nd_index and nd_index_arrays, parsed into items (layout/index_parse.c). The engine is
 * advindex.c. */
#include <stdarg.h>
#include <stdio.h>

#include "indexing.h"
#include "nd/views.h"

nd_array *nd_index_items(nd_array *a, int n, const nd_index_item *items) {
  NDI_REQUIRE("index_items", a);
  return ndi_index_read("index_items", a, n, items);
}

nd_status nd_index_items_assign(nd_array *a, int n, const nd_index_item *items,
                                const nd_array *value) {
  NDI_REQUIRE_ST("index_items_assign", a);
  NDI_REQUIRE_ST("index_items_assign", value);
  return ndi_index_write("index_items_assign", a, n, items, value);
}

nd_array *nd_index(nd_array *a, const char *spec) {
  NDI_REQUIRE("index", a);
  NDI_REQUIRE("index", spec);
  nd_index_item items[NDI_MAX_INDEX_ITEMS];
  int n;
  if (ndi_index_parse("index", spec, -1, NULL, NDI_MAX_INDEX_ITEMS, items, &n)) return NULL;
  return ndi_index_read("index", a, n, items);
}

nd_array *nd_indexf(nd_array *a, const char *fmt, ...) {
  NDI_REQUIRE("index", a);
  NDI_REQUIRE("index", fmt);
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (n < 0 || n >= (int)sizeof buf)
    return ndi_error_null(ND_ERR_VALUE, "index: formatted index is too long (%d characters)", n);
  return nd_index(a, buf);
}

/* spec with a '?' for each of the n index arrays, as items. */
static nd_status parse_with_arrays(const char *op, const char *spec, int n,
                                   nd_array *const *indices, nd_index_item *items, int *nitems) {
  NDI_REQUIRE_ST(op, spec);
  if (n > 0 && !indices) return ndi_null_arg_named(op, "indices");
  if (n < 0) return ndi_error(ND_ERR_VALUE, "%s: negative number of index arrays %d", op, n);
  return ndi_index_parse(op, spec, n, indices, NDI_MAX_INDEX_ITEMS, items, nitems);
}

nd_array *nd_index_arrays(const nd_array *a, const char *spec, int n, nd_array *const *indices) {
  NDI_REQUIRE("index_arrays", a);
  nd_index_item items[NDI_MAX_INDEX_ITEMS];
  int ni;
  if (parse_with_arrays("index_arrays", spec, n, indices, items, &ni)) return NULL;
  return ndi_index_read("index_arrays", a, ni, items);
}

nd_status nd_index_arrays_assign(nd_array *a, const char *spec, int n, nd_array *const *indices,
                                 const nd_array *value) {
  NDI_REQUIRE_ST("index_arrays_assign", a);
  NDI_REQUIRE_ST("index_arrays_assign", value);
  nd_index_item items[NDI_MAX_INDEX_ITEMS];
  int ni;
  nd_status st = parse_with_arrays("index_arrays_assign", spec, n, indices, items, &ni);
  return st ? st : ndi_index_write("index_arrays_assign", a, ni, items, value);
}
