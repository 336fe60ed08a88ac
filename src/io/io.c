/* Error messages naming files, byte sources (memory, FILE) and the bool-data check. */
#include "io.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/error.h"
#include "kernels/bytes.h"

nd_status ndi_io_error(const ndi_io_where *w, nd_status s, const char *fmt, ...) {
  char detail[768];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(detail, sizeof detail, fmt, ap);
  va_end(ap);
  if (w->member)
    return ndi_error(s, "%s: file '%s', member '%s': %s", w->op, w->file, w->member, detail);
  return ndi_error(s, "%s: file '%s': %s", w->op, w->file, detail);
}

nd_status ndi_read_exact(const ndi_reader *r, void *buf, size_t n, const ndi_io_where *w,
                         const char *what) {
  size_t got = 0;
  while (got < n) {
    int64_t k = r->read(r->ctx, (char *)buf + got, n - got, w);
    if (k < 0) return ND_ERR_IO;
    if (k == 0) break;
    got += (size_t)k;
  }
  if (got < n)
    return ndi_io_error(w, ND_ERR_IO, "truncated file: %s needs %zu bytes, only %zu could be read",
                        what, n, got);
  return ND_OK;
}

static int64_t mem_read(void *ctx, void *buf, size_t n, const ndi_io_where *w) {
  (void)w;
  ndi_mem_source *m = ctx;
  size_t left = m->len - m->pos;
  if (n > left) n = left;
  if (n) memcpy(buf, m->p + m->pos, n);
  m->pos += n;
  return (int64_t)n;
}

ndi_reader ndi_mem_reader(ndi_mem_source *m, const unsigned char *p, size_t len) {
  m->p = p;
  m->len = p ? len : 0;
  m->pos = 0;
  return (ndi_reader){mem_read, m, m->len};
}

static int64_t file_read(void *ctx, void *buf, size_t n, const ndi_io_where *w) {
  FILE *f = ctx;
  size_t k = fread(buf, 1, n, f);
  if (k < n && ferror(f))
    return ndi_io_error(w, ND_ERR_IO, "read error: %s", strerror(errno)), -1;
  return (int64_t)k;
}

nd_status ndi_open_regular(const ndi_io_where *w, const char *path, int *fd, uint64_t *size) {
  *fd = open(path, O_RDONLY | O_CLOEXEC);
  if (*fd < 0) return ndi_io_error(w, ND_ERR_IO, "cannot open for reading: %s", strerror(errno));
  struct stat st;
  const char *bad = NULL;
  if (fstat(*fd, &st) != 0) bad = strerror(errno);
  else if (S_ISDIR(st.st_mode)) bad = "is a directory";
  else if (!S_ISREG(st.st_mode)) bad = "is not a regular file";
  if (bad) {
    close(*fd);
    *fd = -1;
    return ndi_io_error(w, ND_ERR_IO, "cannot read: %s", bad);
  }
  *size = (uint64_t)st.st_size;
  return ND_OK;
}

nd_status ndi_file_reader(const ndi_io_where *w, const char *path, FILE **f, ndi_reader *r) {
  int fd = -1;
  uint64_t size = 0;
  nd_status st = ndi_open_regular(w, path, &fd, &size);
  if (st) return st;
  *f = fdopen(fd, "rb");
  if (!*f) {
    int err = errno;
    close(fd);
    return ndi_io_error(w, ND_ERR_IO, "cannot open for reading: %s", strerror(err));
  }
  *r = (ndi_reader){file_read, *f, size};
  return ND_OK;
}

nd_status ndi_check_bool_data(const ndi_io_where *w, const nd_array *a) {
  if (a->dtype != ND_BOOL || a->size == 0) return ND_OK;
  /* Freshly read arrays are contiguous: their bytes are the elements. */
  int64_t bad = ndi_find_non_bool((const unsigned char *)a->data, a->size);
  if (bad < 0) return ND_OK;
  return ndi_io_error(w, ND_ERR_IO, "bool data holds the byte 0x%02x (flat element %lld); only 0 and 1 are booleans",
                      ((const unsigned char *)a->data)[bad], (long long)bad);
}
