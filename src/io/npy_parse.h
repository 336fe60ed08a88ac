/* The .npy and .npz parsers as plain functions over a byte buffer (pointer + length), for
 * nd's loaders and for fuzz harnesses. None reads outside [buf, buf + len); malformed input
 * gives ND_ERR_IO with a message naming the file (a label for buffers) and the problem.
 *
 * The .npy format (NumPy's NEP 1): the magic "\x93NUMPY", a major and a minor version byte
 * (1.0, 2.0 or 3.0), the header length (little-endian uint16 for 1.0, uint32 otherwise),
 * then the header: a Python dict literal {'descr': '<f8', 'fortran_order': False,
 * 'shape': (2, 3), } padded with spaces and ending in a newline (latin-1 text for 1.0 and
 * 2.0, UTF-8 for 3.0), then the elements in C or F order. */
#ifndef NDI_NPY_PARSE_H
#define NDI_NPY_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "io.h"
#include "nd/io.h"

typedef struct ndi_npy_header {
  int major, minor;   /* format version */
  size_t data_offset; /* bytes before the data: magic, length field and header */
  nd_dtype dtype;
  bool swap;          /* the data's byte order is the other one (byte-swap on load) */
  bool fortran;       /* fortran_order: the data is in F order */
  int ndim;
  int64_t shape[ND_MAX_DIMS];
  int64_t size;       /* product of shape */
  uint64_t nbytes;    /* size * itemsize */
} ndi_npy_header;

/* Length of the preamble (magic, version, length field): 10 for 1.0, 12 otherwise. */
#define NDI_NPY_PREAMBLE_MAX 12

/* From the first bytes of a file (at least 8, ideally NDI_NPY_PREAMBLE_MAX): checks the
 * magic and version and gives the offset where the data starts. */
nd_status ndi_npy_data_offset(const unsigned char *buf, size_t len, size_t *data_offset,
                              const ndi_io_where *w);

/* Parses a whole header (buf holds at least the bytes before the data). */
nd_status ndi_npy_parse_header(const unsigned char *buf, size_t len, ndi_npy_header *h,
                               const ndi_io_where *w);

/* Parses a 'descr' value ("<f8", "|b1", ">c16", ...) into a dtype and a byte-swap flag. */
nd_status ndi_npy_parse_descr(const char *s, size_t n, nd_dtype *t, bool *swap,
                              const ndi_io_where *w);

/* Writes the header nd puts in front of `a`'s data (version 1.0, native byte order,
 * padded to a multiple of 64 bytes) into buf, returning its length (at most
 * NDI_NPY_HEADER_MAX). */
#define NDI_NPY_HEADER_MAX 2048
size_t ndi_npy_format_header(const nd_array *a, bool fortran, char *buf);
/* The same from a dtype and a shape (both valid). */
size_t ndi_npy_format_header_for(nd_dtype t, int ndim, const int64_t *shape, bool fortran,
                                 char *buf);

/* Reads the preamble and the header from a byte source positioned at its start, parses
 * them, and checks that the source holds exactly the data the header describes (a
 * "truncated file" ND_ERR_IO otherwise). The source is left at the first data byte. */
nd_status ndi_npy_read_header(const ndi_reader *r, ndi_npy_header *h, const ndi_io_where *w);

/* Reads a whole .npy from a byte source into a new array (loader of nd_load_npy and of
 * .npz members): the header, checks of the data size against the source size, the data,
 * byte-swapping and the bool check. */
nd_array *ndi_npy_read(const ndi_reader *r, const ndi_io_where *w);

/* The same over a buffer: the fuzz entry point for .npy. `label` names the buffer. */
nd_array *ndi_npy_load_buffer(const char *op, const char *label, const unsigned char *buf,
                              size_t len);

/* A .npz archive in a buffer: the fuzz entry point for .npz. */
nd_npz *ndi_npz_load_buffer(const char *op, const char *label, const unsigned char *buf,
                            size_t len);

#endif
