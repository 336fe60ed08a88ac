/* .npy files: nd_save_npy and nd_load_npy, and the reader behind them (also used for .npz
 * members and by the buffer entry point fuzzers call). */
#include <errno.h>
#include <string.h>

#include "core/alloc.h"
#include "core/array.h"
#include "core/error.h"
#include "kernels/bytes.h"
#include "layout/layout.h"
#include "nd/core.h"
#include "npy_parse.h"

nd_status ndi_npy_read_header(const ndi_reader *r, ndi_npy_header *hp, const ndi_io_where *w) {
  /* The preamble is 10 bytes (1.0) or 12 (2.0, 3.0): read 10, then 2 more if needed, so
   * that nothing past the header is consumed. */
  unsigned char pre[NDI_NPY_PREAMBLE_MAX];
  size_t npre = r->size < 10 ? (size_t)r->size : 10;
  nd_status st = ndi_read_exact(r, pre, npre, w, "the preamble");
  if (st) return st;
  if (npre == 10 && (pre[6] == 2 || pre[6] == 3) && r->size >= 12) {
    if ((st = ndi_read_exact(r, pre + 10, 2, w, "the preamble"))) return st;
    npre = 12;
  }
  size_t off;
  if ((st = ndi_npy_data_offset(pre, npre, &off, w))) return st;
  if (off > r->size)
    return ndi_io_error(w, ND_ERR_IO, "truncated file: the header length says the data starts at byte %zu, the file has %llu bytes",
                        off, (unsigned long long)r->size);
  unsigned char *hdr = ndi_malloc(off);
  if (!hdr) return ndi_nomem(w->op, off);
  memcpy(hdr, pre, npre);
  ndi_npy_header h;
  st = ndi_read_exact(r, hdr + npre, off - npre, w, "the header");
  if (!st) st = ndi_npy_parse_header(hdr, off, &h, w);
  ndi_free(hdr);
  if (st) return st;
  uint64_t avail = r->size - off;
  if (avail != h.nbytes) {
    char shape[NDI_SHAPE_BUF];
    ndi_fmt_shape(shape, sizeof shape, h.ndim, h.shape);
    if (avail < h.nbytes)
      return ndi_io_error(w, ND_ERR_IO, "truncated file: shape %s of %s needs %llu bytes of data, the file has %llu after the header",
                          shape, ndi_dtype_name(h.dtype), (unsigned long long)h.nbytes,
                          (unsigned long long)avail);
    return ndi_io_error(w, ND_ERR_IO, "the file has %llu bytes after the header but shape %s of %s needs %llu (the header length or the shape is wrong)",
                        (unsigned long long)avail, shape, ndi_dtype_name(h.dtype),
                        (unsigned long long)h.nbytes);
  }
  *hp = h;
  return ND_OK;
}

nd_array *ndi_npy_read(const ndi_reader *r, const ndi_io_where *w) {
  ndi_npy_header h;
  if (ndi_npy_read_header(r, &h, w)) return NULL;
  nd_array *a = ndi_array_alloc(w->op, h.dtype, h.ndim, h.shape, h.fortran ? ND_F : ND_C);
  if (!a) return NULL;
  nd_status st = ndi_read_exact(r, a->data, (size_t)h.nbytes, w, "the data");
  if (!st && h.swap) {
    size_t width = ndi_dtype_align(h.dtype);
    ndi_byteswap(a->data, (int64_t)(h.nbytes / width), width);
  }
  if (!st) st = ndi_check_bool_data(w, a);
  if (st) {
    nd_release(a);
    return NULL;
  }
  return a;
}

nd_array *ndi_npy_load_buffer(const char *op, const char *label, const unsigned char *buf,
                              size_t len) {
  ndi_io_where w = {op, label ? label : "<buffer>", NULL};
  ndi_mem_source m;
  ndi_reader r = ndi_mem_reader(&m, buf, len);
  return ndi_npy_read(&r, &w);
}

nd_array *nd_load_npy(const char *path) {
  if (!path) return ndi_null_arg_named("load_npy", "path"), NULL;
  ndi_io_where w = {"load_npy", path, NULL};
  FILE *f;
  ndi_reader r;
  if (ndi_file_reader(&w, path, &f, &r)) return NULL;
  nd_array *a = ndi_npy_read(&r, &w);
  fclose(f);
  return a;
}

nd_status nd_save_npy(const char *path, const nd_array *a) {
  NDI_REQUIRE_ST("save_npy", a);
  if (!path) return ndi_null_arg_named("save_npy", "path");
  ndi_io_where w = {"save_npy", path, NULL};
  nd_status mst = ndi_check_not_mapped(&w, path);
  if (mst) return mst;
  /* NumPy's rule: fortran_order only for arrays that are F- and not C-contiguous, so an
   * F array is written from its memory as it is and loads back F-contiguous. */
  bool fortran = ndi_is_contiguous(a->ndim, a->shape, a->strides, ND_F) &&
                 !ndi_is_contiguous(a->ndim, a->shape, a->strides, ND_C);
  char header[NDI_NPY_HEADER_MAX];
  size_t hlen = ndi_npy_format_header(a, fortran, header);
  ndi_byte_stream s;
  nd_status st = ndi_stream_init(&s, a, fortran ? ND_F : ND_C, false, &w);
  if (st) return st;
  FILE *f = NULL;
  if ((st = ndi_open_written(path, &f, &w))) {
    ndi_stream_free(&s);
    return st;
  }
  st = ndi_write_bytes(f, header, hlen, &w);
  if (!st) st = ndi_write_stream(f, &s, &w);
  nd_status cst = ndi_close_written(f, &w);
  ndi_stream_free(&s);
  return st ? st : cst;
}

nd_status nd_npy_read_header(const char *path, nd_npy_header *out) {
  if (!path) return ndi_null_arg_named("npy_read_header", "path");
  if (!out) return ndi_null_arg_named("npy_read_header", "out");
  ndi_io_where w = {"npy_read_header", path, NULL};
  FILE *f;
  ndi_reader r;
  nd_status st = ndi_file_reader(&w, path, &f, &r);
  if (st) return st;
  ndi_npy_header h;
  st = ndi_npy_read_header(&r, &h, &w);
  fclose(f);
  if (st) return st;
  memset(out, 0, sizeof *out);
  out->dtype = h.dtype;
  out->fortran_order = h.fortran;
  out->byteswapped = h.swap;
  out->ndim = h.ndim;
  memcpy(out->shape, h.shape, sizeof(int64_t) * (size_t)h.ndim);
  out->data_offset = (int64_t)h.data_offset;
  return ND_OK;
}
