/* An array's elements as flat bytes in order C or F, produced span by span (see io.h), and
 * writing such streams to files.
 *
 * A contiguous array (in the requested order) is one span: its own memory, no copy. Any
 * other layout (transposed, stepped, negative or broadcast strides) is gathered by the copy
 * engine into a scratch buffer one chunk at a time, so writing a view never needs a second
 * copy of the whole array. F order is C order over the axes reversed. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/alloc.h"
#include "core/error.h"
#include "io.h"
#include "iter/copy.h"
#include "kernels/bytes.h"
#include "layout/layout.h"

nd_status ndi_stream_init(ndi_byte_stream *s, const nd_array *a, nd_order o, bool swap,
                          const ndi_io_where *w) {
  memset(s, 0, sizeof *s);
  s->a = a;
  s->item = ndi_dtype_size(a->dtype);
  s->swap = swap && s->item > 1;
  s->ndim = a->ndim;
  for (int i = 0; i < a->ndim; i++) {
    int k = o == ND_F ? a->ndim - 1 - i : i;
    s->shape[i] = a->shape[k];
    s->strides[i] = a->strides[k];
  }
  s->done = a->size == 0;
  s->direct = !s->swap && ndi_is_contiguous(a->ndim, a->shape, a->strides, o);
  if (s->done || s->direct) return ND_OK;
  /* Chunks: the first axis whose trailing block fits the buffer is split into ranges;
   * the axes before it are walked one index at a time. */
  int64_t inner = 1;
  s->split = s->ndim - 1;
  const int64_t fit = (int64_t)(NDI_STREAM_CHUNK / s->item); /* elements per chunk */
  while (s->split > 0 && s->shape[s->split] <= fit / inner) {
    inner *= s->shape[s->split];
    s->split--;
  }
  if (s->ndim > 0) {
    s->rows = fit / inner;
    if (s->rows > s->shape[s->split]) s->rows = s->shape[s->split];
  }
  size_t cap = s->ndim > 0 ? (size_t)(s->rows * inner) * s->item : s->item;
  s->scratch = ndi_aligned_alloc(cap);
  s->scratch_bytes = cap;
  if (!s->scratch) return ndi_nomem(w->op, cap);
  return ND_OK;
}

void ndi_stream_rewind(ndi_byte_stream *s) {
  memset(s->idx, 0, sizeof s->idx);
  s->done = s->a->size == 0;
}

void ndi_stream_free(ndi_byte_stream *s) {
  ndi_aligned_free(s->scratch, s->scratch_bytes);
  s->scratch = NULL;
}

bool ndi_stream_next(ndi_byte_stream *s, const char **p, size_t *n) {
  if (s->done) return false;
  if (s->direct) {
    s->done = true;
    *p = s->a->data;
    *n = (size_t)s->a->size * s->item;
    return true;
  }
  int64_t off = 0;
  int sub_ndim = s->ndim > 0 ? s->ndim - s->split : 0;
  int64_t sub_shape[ND_MAX_DIMS], sub_strides[ND_MAX_DIMS];
  for (int i = 0; i < s->split && s->ndim > 0; i++) off += s->idx[i] * s->strides[i];
  int64_t len = 1;
  if (s->ndim > 0) {
    int64_t pos = s->idx[s->split];
    int64_t count = s->shape[s->split] - pos < s->rows ? s->shape[s->split] - pos : s->rows;
    off += pos * s->strides[s->split];
    memcpy(sub_shape, s->shape + s->split, sizeof(int64_t) * (size_t)sub_ndim);
    sub_shape[0] = count;
    for (int i = 0; i < sub_ndim; i++) len *= sub_shape[i];
  }
  ndi_contiguous_strides(sub_ndim, sub_shape, ND_C, sub_strides);
  ndi_layout_ref dst = {s->scratch, sub_strides, s->a->dtype};
  ndi_layout_ref src = {s->a->data + off * (int64_t)s->item, s->strides + s->split, s->a->dtype};
  ndi_copy_layout(sub_ndim, sub_shape, dst, src);
  size_t bytes = (size_t)len * s->item;
  if (s->swap) {
    size_t width = ndi_dtype_align(s->a->dtype); /* a complex item swaps per component */
    ndi_byteswap(s->scratch, (int64_t)(bytes / width), width);
  }
  *p = s->scratch;
  *n = bytes;
  /* Advance: along the split axis, then the odometer of the axes before it. */
  if (s->ndim == 0) {
    s->done = true;
    return true;
  }
  s->idx[s->split] += sub_shape[0];
  if (s->idx[s->split] < s->shape[s->split]) return true;
  s->idx[s->split] = 0;
  for (int d = s->split - 1; d >= 0; d--) {
    if (++s->idx[d] < s->shape[d]) return true;
    s->idx[d] = 0;
  }
  s->done = true;
  return true;
}

nd_status ndi_write_bytes(FILE *f, const void *p, size_t n, const ndi_io_where *w) {
  if (n && fwrite(p, 1, n, f) != n)
    return ndi_io_error(w, ND_ERR_IO, "write error: %s", strerror(errno));
  return ND_OK;
}

nd_status ndi_write_stream(FILE *f, ndi_byte_stream *s, const ndi_io_where *w) {
  const char *p;
  size_t n;
  while (ndi_stream_next(s, &p, &n)) {
    nd_status st = ndi_write_bytes(f, p, n, w);
    if (st) return st;
  }
  return ND_OK;
}

nd_status ndi_open_written(const char *path, FILE **f, const ndi_io_where *w) {
  int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0666);
  if (fd < 0) return ndi_io_error(w, ND_ERR_IO, "cannot open for writing: %s", strerror(errno));
  *f = fdopen(fd, "wb"); /* fdopen does not truncate */
  if (!*f) {
    int err = errno;
    close(fd);
    return ndi_io_error(w, ND_ERR_IO, "cannot open for writing: %s", strerror(err));
  }
  return ND_OK;
}

nd_status ndi_close_written(FILE *f, const ndi_io_where *w) {
  int bad = ferror(f);
  int err = errno;
  if (!bad && fflush(f) != 0) {
    bad = 1;
    err = errno;
  }
  /* an older, longer file's tail goes now (see ndi_open_written) */
  struct stat st;
  off_t end = bad ? -1 : ftello(f);
  if (end >= 0 && fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > end &&
      ftruncate(fileno(f), end) != 0) {
    bad = 1;
    err = errno;
  }
  if (fclose(f) != 0 || bad)
    return ndi_io_error(w, ND_ERR_IO, "write error: %s", strerror(bad ? err : errno));
  return ND_OK;
}
