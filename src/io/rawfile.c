/* Raw binary files: nd_fromfile and nd_tofile. The bytes are little-endian elements in an
 * order the caller names; there is no header, so nothing in the file can say whether the
 * order is right, and the size must match the requested shape exactly. */
#include <errno.h>
#include <string.h>

#include "core/array.h"
#include "core/error.h"
#include "io.h"
#include "kernels/bytes.h"
#include "layout/layout.h"
#include "nd/core.h"
#include "nd/io.h"

/* The shape to read: one -1 is inferred from the element count. */
static nd_status resolve_shape(const ndi_io_where *w, nd_dtype t, int ndim, const int64_t *shape,
                               uint64_t bytes, int64_t *out) {
  size_t item = ndi_dtype_size(t);
  int infer = -1;
  int64_t known = 1;
  for (int i = 0; i < ndim; i++) {
    if (shape[i] == -1 && infer < 0) {
      infer = i;
      out[i] = 1;
      continue;
    }
    out[i] = shape[i];
    char buf[NDI_SHAPE_BUF];
    if (shape[i] < 0)
      return ndi_error(ND_ERR_VALUE, "fromfile: invalid shape %s (extents must be >= 0, one may be -1)",
                       ndi_fmt_shape(buf, sizeof buf, ndim, shape));
    if (__builtin_mul_overflow(known, shape[i], &known))
      return ndi_error(ND_ERR_OVERFLOW_SIZE, "fromfile: shape %s is too large (size overflows int64)",
                       ndi_fmt_shape(buf, sizeof buf, ndim, shape));
  }
  uint64_t count = bytes / item; /* as NumPy, a partial element at the end is ignored */
  if (infer >= 0) {
    if (known == 0 || count % (uint64_t)known != 0) {
      char buf[NDI_SHAPE_BUF];
      return ndi_io_error(w, ND_ERR_IO, "%llu %s elements cannot be shaped as %s",
                          (unsigned long long)count, ndi_dtype_name(t),
                          ndi_fmt_shape(buf, sizeof buf, ndim, shape));
    }
    out[infer] = (int64_t)(count / (uint64_t)known);
  } else if (count != (uint64_t)known) {
    char buf[NDI_SHAPE_BUF];
    return ndi_io_error(w, ND_ERR_IO, "the file holds %llu %s elements after the offset, shape %s needs %lld",
                        (unsigned long long)count, ndi_dtype_name(t),
                        ndi_fmt_shape(buf, sizeof buf, ndim, shape), (long long)known);
  }
  return ND_OK;
}

nd_array *nd_fromfile(const char *path, nd_dtype t, int ndim, const int64_t *shape,
                      nd_order o, int64_t offset) {
  if (!path) return ndi_null_arg_named("fromfile", "path"), NULL;
  if (ndi_check_dtype("fromfile", (int)t) || ndi_check_order("fromfile", o, false) ||
      ndi_check_ndim("fromfile", ndim, shape))
    return NULL;
  if (offset < 0)
    return ndi_error_null(ND_ERR_VALUE, "fromfile: negative offset %lld", (long long)offset);
  ndi_io_where w = {"fromfile", path, NULL};
  FILE *f;
  ndi_reader r;
  if (ndi_file_reader(&w, path, &f, &r)) return NULL;
  nd_array *a = NULL;
  int64_t full[ND_MAX_DIMS];
  if ((uint64_t)offset > r.size) {
    ndi_io_error(&w, ND_ERR_IO, "offset %lld is beyond the end of the file (%llu bytes)",
                 (long long)offset, (unsigned long long)r.size);
  } else if (fseeko(f, (off_t)offset, SEEK_SET) != 0) {
    ndi_io_error(&w, ND_ERR_IO, "cannot seek to offset %lld: %s", (long long)offset,
                 strerror(errno));
  } else if (!resolve_shape(&w, t, ndim, shape, r.size - (uint64_t)offset, full)) {
    a = ndi_array_alloc("fromfile", t, ndim, full, o);
    nd_status st = a ? ndi_read_exact(&r, a->data, nd_nbytes(a), &w, "the data") : ND_ERR_NOMEM;
    if (!st && !ndi_host_little_endian()) {
      size_t width = ndi_dtype_align(t);
      ndi_byteswap(a->data, (int64_t)(nd_nbytes(a) / width), width);
    }
    if (!st) st = ndi_check_bool_data(&w, a);
    if (st) {
      nd_release(a);
      a = NULL;
    }
  }
  fclose(f);
  return a;
}

nd_status nd_tofile(const char *path, const nd_array *a, nd_order o) {
  NDI_REQUIRE_ST("tofile", a);
  if (!path) return ndi_null_arg_named("tofile", "path");
  nd_status st = ndi_check_order("tofile", o, false);
  if (st) return st;
  ndi_io_where w = {"tofile", path, NULL};
  nd_status mst = ndi_check_not_mapped(&w, path);
  if (mst) return mst;
  ndi_byte_stream s;
  if ((st = ndi_stream_init(&s, a, o, !ndi_host_little_endian(), &w))) return st;
  FILE *f = NULL;
  if ((st = ndi_open_written(path, &f, &w))) {
    ndi_stream_free(&s);
    return st;
  }
  st = ndi_write_stream(f, &s, &w);
  nd_status cst = ndi_close_written(f, &w);
  ndi_stream_free(&s);
  return st ? st : cst;
}
