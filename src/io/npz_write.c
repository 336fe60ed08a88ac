/* nd_savez: a zip archive (libzip) of .npy members, stored or deflated.
 *
 * Each member is a libzip source callback that produces the member's .npy bytes on
 * demand: the header, then the array's data spans (ndi_byte_stream). Nothing is serialised
 * ahead: a contiguous array goes from its own memory into libzip, a view through a
 * chunk-sized scratch buffer. libzip writes the archive to a temporary file next to `path`
 * and renames it when everything succeeded. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zip.h>

#include "core/alloc.h"
#include "core/array.h"
#include "core/error.h"
#include "layout/layout.h"
#include "nd/core.h"
#include "npy_parse.h"

typedef struct member_src {
  char header[NDI_NPY_HEADER_MAX];
  size_t hlen, hpos;
  ndi_byte_stream stream;
  const char *span; /* current data span and how much of it was handed out */
  size_t span_len, span_pos;
  uint64_t total;
  time_t mtime;
  zip_error_t err;
} member_src;

static zip_int64_t read_member(member_src *m, char *out, zip_uint64_t len) {
  zip_uint64_t done = 0;
  while (done < len) {
    if (m->hpos < m->hlen) {
      size_t k = m->hlen - m->hpos < len - done ? m->hlen - m->hpos : (size_t)(len - done);
      memcpy(out + done, m->header + m->hpos, k);
      m->hpos += k;
      done += k;
    } else if (m->span_pos < m->span_len) {
      size_t k = m->span_len - m->span_pos < len - done ? m->span_len - m->span_pos
                                                         : (size_t)(len - done);
      memcpy(out + done, m->span + m->span_pos, k);
      m->span_pos += k;
      done += k;
    } else if (ndi_stream_next(&m->stream, &m->span, &m->span_len)) {
      m->span_pos = 0;
    } else {
      break;
    }
  }
  return (zip_int64_t)done;
}

static zip_int64_t member_cb(void *ud, void *data, zip_uint64_t len, zip_source_cmd_t cmd) {
  member_src *m = ud;
  switch (cmd) {
    case ZIP_SOURCE_OPEN: /* may come again after a CLOSE: start over */
      m->hpos = 0;
      m->span_len = m->span_pos = 0;
      ndi_stream_rewind(&m->stream);
      return 0;
    case ZIP_SOURCE_READ: return read_member(m, data, len);
    case ZIP_SOURCE_CLOSE: return 0;
    case ZIP_SOURCE_STAT: {
      zip_stat_t *st = ZIP_SOURCE_GET_ARGS(zip_stat_t, data, len, &m->err);
      if (!st) return -1;
      zip_stat_init(st);
      st->size = m->total;
      st->mtime = m->mtime;
      st->valid |= ZIP_STAT_SIZE | ZIP_STAT_MTIME;
      return sizeof *st;
    }
    case ZIP_SOURCE_ERROR: return zip_error_to_data(&m->err, data, len);
    case ZIP_SOURCE_FREE: return 0; /* the members belong to nd_savez */
    case ZIP_SOURCE_SUPPORTS: return ZIP_SOURCE_SUPPORTS_READABLE;
    default: zip_error_set(&m->err, ZIP_ER_OPNOTSUPP, 0); return -1;
  }
}

static nd_status check_args(int n, const char *const *names, const nd_array *const *arrays) {
  if (n < 0) return ndi_error(ND_ERR_VALUE, "savez: negative array count %d", n);
  if (n > 0 && (!names || !arrays)) return ndi_null_arg_named("savez", !names ? "names" : "arrays");
  for (int i = 0; i < n; i++) {
    if (!names[i] || !arrays[i]) return ndi_null_arg_at("savez", !names[i] ? "names" : "arrays", i);
    if (!names[i][0]) return ndi_error(ND_ERR_VALUE, "savez: the name of array %d is empty", i);
    for (int j = 0; j < i; j++)
      if (!strcmp(names[i], names[j]))
        return ndi_error(ND_ERR_VALUE, "savez: the name '%s' is given twice (arrays %d and %d)",
                         names[i], j, i);
  }
  return ND_OK;
}

/* An archive without members is the 22-byte end-of-central-directory record alone (what
 * NumPy writes for np.savez(path)); libzip writes no file at all for an empty archive. */
static nd_status write_empty_zip(const char *path, const ndi_io_where *w) {
  static const unsigned char eocd[22] = {'P', 'K', 5, 6};
  FILE *f = NULL;
  nd_status st = ndi_open_written(path, &f, w);
  if (st) return st;
  st = ndi_write_bytes(f, eocd, sizeof eocd, w);
  nd_status cst = ndi_close_written(f, w);
  return st ? st : cst;
}

static nd_status add_members(zip_t *za, int n, const char *const *names, member_src *m,
                             bool compress, const ndi_io_where *w) {
  for (int i = 0; i < n; i++) {
    size_t len = strlen(names[i]);
    char *fname = ndi_malloc(len + 5);
    if (!fname) return ndi_nomem(w->op, len + 5);
    memcpy(fname, names[i], len);
    memcpy(fname + len, ".npy", 5);
    zip_source_t *src = zip_source_function(za, member_cb, &m[i]);
    zip_int64_t idx = src ? zip_file_add(za, fname, src, ZIP_FL_ENC_UTF_8) : -1;
    ndi_free(fname);
    if (idx < 0) {
      if (src) zip_source_free(src);
      return ndi_io_error(w, ND_ERR_IO, "cannot add member '%s.npy': %s", names[i],
                          zip_strerror(za));
    }
    /* Level 6, zlib's default and NumPy's (libzip's own default is 9, several times
     * slower for a few percent). */
    if (zip_set_file_compression(za, (zip_uint64_t)idx, compress ? ZIP_CM_DEFLATE : ZIP_CM_STORE,
                                 compress ? 6 : 0))
      return ndi_io_error(w, ND_ERR_IO, "cannot set the compression of member '%s.npy': %s",
                          names[i], zip_strerror(za));
  }
  return ND_OK;
}

nd_status nd_savez(const char *path, int n, const char *const *names,
                   const nd_array *const *arrays, bool compress) {
  if (!path) return ndi_null_arg_named("savez", "path");
  nd_status st = check_args(n, names, arrays);
  if (st) return st;
  ndi_io_where w = {"savez", path, NULL};
  if (n == 0) return write_empty_zip(path, &w);
  member_src *m = ndi_calloc((size_t)n, sizeof *m);
  if (!m) return ndi_nomem(w.op, (size_t)n * sizeof *m);
  int ready = 0;
  for (; ready < n && !st; ready++) {
    const nd_array *a = arrays[ready];
    bool fortran = ndi_is_contiguous(a->ndim, a->shape, a->strides, ND_F) &&
                   !ndi_is_contiguous(a->ndim, a->shape, a->strides, ND_C);
    m[ready].hlen = ndi_npy_format_header(a, fortran, m[ready].header);
    m[ready].total = m[ready].hlen + (uint64_t)a->size * ndi_dtype_size(a->dtype);
    m[ready].mtime = time(NULL);
    zip_error_init(&m[ready].err);
    st = ndi_stream_init(&m[ready].stream, a, fortran ? ND_F : ND_C, false, &w);
  }
  zip_t *za = NULL;
  if (!st) {
    int code = 0;
    za = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &code);
    if (!za) {
      zip_error_t ze;
      zip_error_init_with_code(&ze, code);
      st = ndi_io_error(&w, ND_ERR_IO, "cannot open for writing: %s", zip_error_strerror(&ze));
      zip_error_fini(&ze);
    }
  }
  if (!st) st = add_members(za, n, names, m, compress, &w);
  if (za && !st && zip_close(za) != 0)
    st = ndi_io_error(&w, ND_ERR_IO, "cannot write the archive: %s", zip_strerror(za));
  else if (za && !st)
    za = NULL; /* closed */
  if (za) zip_discard(za);
  for (int i = 0; i < ready; i++) {
    ndi_stream_free(&m[i].stream);
    zip_error_fini(&m[i].err);
  }
  ndi_free(m);
  return st;
}
