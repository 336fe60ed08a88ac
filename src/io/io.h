/* What the file formats share: error messages that name the file (and zip member), byte
 * sources to read from (a FILE, a memory buffer, a zip member), and the stream of an
 * array's elements as flat bytes in a chosen order (what .npy, .npz and tofile write). */
#ifndef NDI_IO_H
#define NDI_IO_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/array.h"
#include "nd/types.h"

/* Where a problem happened: messages read "load_npz: file 'a.npz', member 'x.npy': ...". */
typedef struct ndi_io_where {
  const char *op;     /* public function name */
  const char *file;   /* path, or a label such as "<buffer>" */
  const char *member; /* zip member name, or NULL */
} ndi_io_where;

/* Records status s with a message "op: file 'f'[, member 'm']: <fmt>"; returns s. */
nd_status ndi_io_error(const ndi_io_where *w, nd_status s, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A byte source of known size. read() returns the number of bytes read (fewer than n only
 * at the end of the source) or -1 after recording an error. */
typedef struct ndi_reader {
  int64_t (*read)(void *ctx, void *buf, size_t n, const ndi_io_where *w);
  void *ctx;
  uint64_t size; /* bytes the source holds */
} ndi_reader;

/* Reads exactly n bytes; a short read is a "truncated" ND_ERR_IO naming `what`. */
nd_status ndi_read_exact(const ndi_reader *r, void *buf, size_t n, const ndi_io_where *w,
                         const char *what);

/* A source over memory. */
typedef struct ndi_mem_source {
  const unsigned char *p;
  size_t len, pos;
} ndi_mem_source;
ndi_reader ndi_mem_reader(ndi_mem_source *m, const unsigned char *p, size_t len);

/* Opens a regular file read-only: errors (cannot open, a directory, not a regular file)
 * name the path. On success the caller closes *fd. */
nd_status ndi_open_regular(const ndi_io_where *w, const char *path, int *fd, uint64_t *size);
/* Opens a regular file for reading and gives a reader over it (size from fstat). Errors
 * (cannot open, a directory, not a regular file) name the path. Close *f when done. */
nd_status ndi_file_reader(const ndi_io_where *w, const char *path, FILE **f, ndi_reader *r);

/* Refuses to write in place a file that a live array maps (nd_load_npy_mmap): truncating
 * and rewriting it would change that array's memory, or cut it off (SIGBUS). */
nd_status ndi_check_not_mapped(const ndi_io_where *w, const char *path);

/* Checks bool data read from outside (bytes 0 or 1 only); an ND_ERR_IO otherwise. */
nd_status ndi_check_bool_data(const ndi_io_where *w, const nd_array *a);

/* The elements of an array as flat bytes in order C or F, produced in spans: the array's
 * own memory when it is contiguous in that order (and needs no byte swap), else chunks of
 * at most NDI_STREAM_CHUNK bytes that the copy engine gathers into a scratch buffer. */
#define NDI_STREAM_CHUNK ((size_t)1 << 20)
typedef struct ndi_byte_stream {
  const nd_array *a;
  size_t item;
  bool swap;   /* reverse the byte order of each item (component, for complex) */
  bool direct; /* one span: the array's memory */
  bool done;
  int ndim;    /* layout walked in C order: a's axes, reversed for F */
  int64_t shape[ND_MAX_DIMS], strides[ND_MAX_DIMS];
  int split;   /* chunks are ranges along this axis, at fixed indices of the axes before it */
  int64_t rows; /* extent of a chunk along `split` */
  int64_t idx[ND_MAX_DIMS]; /* position: axes < split, and axis split */
  char *scratch;
  size_t scratch_bytes;
} ndi_byte_stream;

/* Prepares a stream of `a` in order o (ND_C or ND_F), byte-swapped if `swap`. Allocates
 * the scratch buffer when needed (ND_ERR_NOMEM naming w). */
nd_status ndi_stream_init(ndi_byte_stream *s, const nd_array *a, nd_order o, bool swap,
                          const ndi_io_where *w);
/* The next span, or false at the end. The span stays valid until the next call. */
bool ndi_stream_next(ndi_byte_stream *s, const char **p, size_t *n);
/* Starts again from the first byte. */
void ndi_stream_rewind(ndi_byte_stream *s);
void ndi_stream_free(ndi_byte_stream *s);

/* Writes n bytes to f; a failure is an ND_ERR_IO naming the file and errno. */
nd_status ndi_write_bytes(FILE *f, const void *p, size_t n, const ndi_io_where *w);
/* Writes every span of a stream to f. */
nd_status ndi_write_stream(FILE *f, ndi_byte_stream *s, const ndi_io_where *w);
/* Opens path for writing, creating it if needed. An existing file is not truncated here
 * but overwritten in place and cut to the written length by ndi_close_written: on ext4,
 * truncating a file whose previous contents are still being written back waits for that
 * writeback (16 ms for 32 MB on the development machine, twice the time of writing the
 * data). Name, links, owner and permissions end as with O_TRUNC. */
nd_status ndi_open_written(const char *path, FILE **f, const ndi_io_where *w);
/* Closes a file that was written, reporting a failed flush (a full disk) as ND_ERR_IO; a
 * regular file longer than what was written is cut to it. */
nd_status ndi_close_written(FILE *f, const ndi_io_where *w);

#endif
