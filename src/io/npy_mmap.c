/* nd_load_npy_mmap: a read-only view into a memory-mapped .npy file.
 *
 * The whole file is mapped read-only and shared; the header is parsed in place (the same
 * parser as for reads), and the array wraps the data with read-only storage
 * (NDI_STORAGE_READONLY), so neither it nor any view of it can be made writeable. The
 * storage's deleter unmaps the file when the last array using it goes. */
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/alloc.h"
#include "core/array.h"
#include "core/error.h"
#include "kernels/bytes.h"
#include "layout/layout.h"
#include "nd/core.h"
#include "npy_parse.h"
#include "ops/exchange.h"

typedef struct mapping {
  void *addr;
  size_t len;
  dev_t dev; /* the file, so that nd refuses to overwrite it while it is mapped */
  ino_t ino;
  struct mapping *next;
} mapping;

/* The live mappings. Writing a mapped file in place (nd_save_npy, nd_tofile truncate and
 * rewrite it) would change the memory under its arrays, or cut it off (SIGBUS). */
static mapping *live;
static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;

static void unmap_file(void *data, void *ctx) {
  (void)data;
  mapping *m = ctx;
  pthread_mutex_lock(&live_lock);
  for (mapping **p = &live; *p; p = &(*p)->next)
    if (*p == m) {
      *p = m->next;
      break;
    }
  pthread_mutex_unlock(&live_lock);
  munmap(m->addr, m->len);
  ndi_free(m);
}

nd_status ndi_check_not_mapped(const ndi_io_where *w, const char *path) {
  struct stat st;
  if (stat(path, &st) != 0) return ND_OK; /* a new file */
  bool found = false;
  pthread_mutex_lock(&live_lock);
  for (const mapping *m = live; m && !found; m = m->next)
    found = m->dev == st.st_dev && m->ino == st.st_ino;
  pthread_mutex_unlock(&live_lock);
  if (!found) return ND_OK;
  return ndi_io_error(w, ND_ERR_IO, "the file is memory-mapped by a live array (nd_load_npy_mmap); writing it in place would change or cut off that array's memory (release the array, or write elsewhere)");
}

/* Checks that the mapped file can be viewed as it is, and makes the view. */
static nd_array *view_mapping(mapping *m, const ndi_io_where *w) {
  ndi_npy_header h;
  if (ndi_npy_parse_header(m->addr, m->len, &h, w)) return NULL;
  uint64_t avail = m->len - h.data_offset;
  if (avail != h.nbytes) {
    char shape[NDI_SHAPE_BUF];
    return ndi_io_error(w, ND_ERR_IO, "the file has %llu bytes after the header but shape %s of %s needs %llu%s",
                        (unsigned long long)avail,
                        ndi_fmt_shape(shape, sizeof shape, h.ndim, h.shape),
                        ndi_dtype_name(h.dtype), (unsigned long long)h.nbytes,
                        avail < h.nbytes ? " (truncated file)" : " (the header length or the shape is wrong)"),
           NULL;
  }
  if (h.swap)
    return ndi_io_error(w, ND_ERR_IO, "the data is in the other byte order and cannot be viewed in place; use nd_load_npy, which converts it"),
           NULL;
  if (h.data_offset % ndi_dtype_align(h.dtype) != 0)
    return ndi_io_error(w, ND_ERR_IO, "the data starts at byte %zu, which is not aligned for %s; use nd_load_npy",
                        h.data_offset, ndi_dtype_name(h.dtype)),
           NULL;
  char *data = (char *)m->addr + h.data_offset;
  if (h.dtype == ND_BOOL) {
    /* Checked before any bool is read from the view (a C bool must hold 0 or 1). */
    int64_t bad = ndi_find_non_bool((const unsigned char *)data, h.size);
    if (bad >= 0)
      return ndi_io_error(w, ND_ERR_IO, "bool data holds the byte 0x%02x (flat element %lld); only 0 and 1 are booleans",
                          (unsigned char)data[bad], (long long)bad),
             NULL;
  }
  int64_t strides[ND_MAX_DIMS];
  ndi_contiguous_strides(h.ndim, h.shape, h.fortran ? ND_F : ND_C, strides);
  return ndi_wrap(w->op, h.dtype, h.ndim, h.shape, strides, data, unmap_file, m,
                  NDI_STORAGE_READONLY);
}

nd_array *nd_load_npy_mmap(const char *path) {
  if (!path) return ndi_null_arg_named("load_npy_mmap", "path"), NULL;
  ndi_io_where w = {"load_npy_mmap", path, NULL};
  int fd = -1;
  uint64_t size = 0;
  if (ndi_open_regular(&w, path, &fd, &size)) return NULL;
  if (size == 0) {
    close(fd);
    return ndi_io_error(&w, ND_ERR_IO, "truncated file: the file is empty"), NULL;
  }
  mapping *m = ndi_malloc(sizeof *m);
  if (!m) {
    close(fd);
    return ndi_nomem(w.op, sizeof *m), NULL;
  }
  m->len = (size_t)size;
  struct stat st;
  if (fstat(fd, &st) == 0) {
    m->dev = st.st_dev;
    m->ino = st.st_ino;
  } else {
    m->dev = 0;
    m->ino = 0;
  }
  m->addr = mmap(NULL, m->len, PROT_READ, MAP_SHARED, fd, 0);
  int err = errno;
  close(fd); /* the mapping keeps the file */
  if (m->addr == MAP_FAILED) {
    ndi_free(m);
    return ndi_io_error(&w, ND_ERR_IO, "cannot map into memory: %s", strerror(err)), NULL;
  }
  nd_array *a = view_mapping(m, &w);
  if (!a) {
    munmap(m->addr, m->len);
    ndi_free(m);
    return NULL;
  }
  pthread_mutex_lock(&live_lock);
  m->next = live;
  live = m;
  pthread_mutex_unlock(&live_lock);
  return a;
}

