/* Parallel .npy files: rank 0 reads or writes the header (with nd's own header functions),
 * and every rank reads or writes only its own blocks through MPI-IO. The blocks a rank
 * holds are described to MPI by a "darray" datatype (MPI_Type_create_darray: block-cyclic
 * in both dimensions over a row-major process grid, the layout of an nd_grid), so one
 * collective read or write moves them and the MPI library can merge the ranks' requests
 * (two-phase I/O). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Data moved per collective call and rank (MPI counts are int). */
#define NDM_IO_CHUNK_BYTES ((int64_t)64 << 20)

/* A 64-bit hash of the path, so that the ranks can check they name the same file. */
static int64_t path_hash(const char *p) {
  uint64_t h = 1469598103934665603ULL;
  for (; p && *p; p++) h = (h ^ (unsigned char)*p) * 1099511628211ULL;
  return (int64_t)(h >> 1);
}

static void io_fail(ndm_collective *c, const char *path, const char *what, int rc) {
  char msg[MPI_MAX_ERROR_STRING];
  int len = 0;
  MPI_Error_string(rc, msg, &len);
  ndm_coll_fail(c, ND_ERR_IO, "%s: file '%s': %s: %s", c->op, path, what, msg);
}

/* The file's view of d's blocks: a darray of elements (an element is `item` bytes). */
static void make_types(const nd_dmatrix *d, bool fortran, MPI_Datatype *elem, MPI_Datatype *blocks) {
  nd_grid *g = d->grid;
  MPI_Type_contiguous((int)d->sl->item, MPI_BYTE, elem);
  MPI_Type_commit(elem);
  int gsizes[2] = {(int)d->shape[0], (int)d->shape[1]};
  int distribs[2] = {MPI_DISTRIBUTE_CYCLIC, MPI_DISTRIBUTE_CYCLIC};
  int dargs[2] = {(int)d->mb, (int)d->nb};
  int psizes[2] = {g->nprow, g->npcol};
  /* the process grid of a darray is row-major, as the nd_grid's BLACS grid */
  MPI_Type_create_darray(g->size, g->myrow * g->npcol + g->mycol, 2, gsizes, distribs, dargs,
                         psizes, fortran ? MPI_ORDER_FORTRAN : MPI_ORDER_C, *elem, blocks);
  MPI_Type_commit(blocks);
}

static void byteswap(void *p, int64_t n, size_t width) {
  unsigned char *b = p;
  for (int64_t i = 0; i < n; i++, b += width)
    for (size_t k = 0; k < width / 2; k++) {
      unsigned char t = b[k];
      b[k] = b[width - 1 - k];
      b[width - 1 - k] = t;
    }
}

/* Moves d's piece from (reading) or to the file through the view set on fh (byte-swapping
 * what it reads if swap). In F order the
 * piece's memory is the view's order (local rows fastest) and goes as it is, a panel of
 * whole local columns per call; in C order the view gives the piece row by row, which a
 * buffer of whole local rows turns around. Every rank makes the same number of collective
 * calls (the largest any rank needs). Returns the first MPI error code. */
static int transfer(nd_dmatrix *d, MPI_File fh, MPI_Datatype elem, bool fortran, bool reading,
                    bool swap) {
  int parts = d->sl->is_complex ? 2 : 1; /* byte-swapped per component */
  int64_t item = (int64_t)d->sl->item, lines = fortran ? d->nloc : d->mloc;
  int64_t per_line = fortran ? d->mloc : d->nloc;
  int64_t step = per_line > 0 ? NDM_IO_CHUNK_BYTES / (per_line * item) : lines;
  if (step < 1) step = 1;
  int64_t calls = lines > 0 ? (lines + step - 1) / step : 0;
  MPI_Allreduce(MPI_IN_PLACE, &calls, 1, MPI_INT64_T, MPI_MAX, d->grid->comm);
  nd_array *buf = NULL;
  if (!fortran && lines > 0) buf = nd_empty(d->dtype, ND_SHAPE(step, per_line), ND_C);
  int rc = MPI_SUCCESS;
  for (int64_t k = 0; k < calls; k++) {
    int64_t l0 = k * step, nl = l0 < lines ? (lines - l0 < step ? lines - l0 : step) : 0;
    int count = (int)(nl * per_line);
    nd_array *rows = NULL;
    void *mem;
    if (fortran) {
      mem = (char *)ndm_base(d) + (size_t)(l0 * d->desc[8] * item);
    } else {
      mem = nd_data(buf);
      if (nl > 0) rows = nd_index_items(d->local, ND_ITEMS(ND_SLICE(l0, l0 + nl, 1)));
      if (nl > 0 && !reading) {
        nd_array *dst = nd_index_items(buf, ND_ITEMS(ND_UPTO(nl)));
        nd_assign(dst, rows);
        nd_release(dst);
      }
    }
    MPI_Status st;
    int r = reading ? MPI_File_read_all(fh, mem, count, elem, &st)
                    : MPI_File_write_all(fh, mem, count, elem, &st);
    if (rc == MPI_SUCCESS) rc = r;
    if (reading && swap) byteswap(mem, (int64_t)count * parts, (size_t)item / (size_t)parts);
    if (!fortran && nl > 0 && reading) {
      nd_array *src = nd_index_items(buf, ND_ITEMS(ND_UPTO(nl)));
      nd_assign(rows, src);
      nd_release(src);
    }
    nd_release(rows);
  }
  nd_release(buf);
  return rc;
}

nd_dmatrix *nd_dmatrix_load_npy(nd_grid *g, const char *path, int64_t mb, int64_t nb) {
  ndm_collective c;
  ndm_coll_begin(&c, "dmatrix_load_npy");
  ndm_coll_grid(&c, "g", g);
  ndm_coll_value(&c, "path", path_hash(path));
  ndm_coll_value(&c, "mb", mb);
  ndm_coll_value(&c, "nb", nb);
  if (!path) ndm_coll_fail(&c, ND_ERR_NULL, "dmatrix_load_npy: argument path is NULL");
  /* rank 0 reads and checks the header: dtype, m, n, fortran_order, byte order, offset */
  int64_t meta[6] = {0, 0, 0, 0, 0, 0};
  if (!c.st && g->rank == 0) {
    nd_npy_header h;
    if (nd_npy_read_header(path, &h)) {
      /* nd's message names its own function: say which one the caller called */
      const char *m = nd_last_error();
      const char *rest = strncmp(m, "npy_read_header: ", 17) == 0 ? m + 17 : m;
      ndm_coll_fail(&c, nd_last_extended_status(), "dmatrix_load_npy: %s", rest);
    } else if (h.ndim != 2) {
      ndm_coll_fail(&c, ND_ERR_SHAPE, "dmatrix_load_npy: file '%s' holds a %d-D array; a distributed matrix is 2-D",
                    path, h.ndim);
    } else if (!ndm_sl_for(h.dtype)) {
      ndm_coll_fail(&c, ND_ERR_TYPE, "dmatrix_load_npy: file '%s' holds %s, which is not supported (" NDM_MPI_DTYPES_TEXT ")",
                    path, nd_dtype_name(h.dtype));
    } else {
      int64_t v[6] = {h.dtype, h.shape[0], h.shape[1], h.fortran_order, h.byteswapped, h.data_offset};
      memcpy(meta, v, sizeof v);
    }
  }
  if (ndm_agree(&c)) return NULL;
  MPI_Bcast(meta, 6, MPI_INT64_T, 0, g->comm);
  nd_dmatrix *d = ndm_dmatrix_new(c.op, g, (nd_dtype)meta[0], meta[1], meta[2], mb, nb);
  if (!d) ndm_coll_failed(&c);
  if (ndm_agree(&c)) return NULL;
  if (meta[1] == 0 || meta[2] == 0) return ndm_dmatrix_publish(d);
  bool fortran = meta[3] != 0;
  MPI_File fh;
  int rc = MPI_File_open(g->comm, path, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
  if (rc != MPI_SUCCESS) io_fail(&c, path, "cannot open for reading", rc);
  if (ndm_agree(&c)) {
    if (rc == MPI_SUCCESS) MPI_File_close(&fh); /* it opened here, not everywhere */
    return nd_dmatrix_free(d), NULL;
  }
  MPI_Datatype elem, blocks;
  make_types(d, fortran, &elem, &blocks);
  rc = MPI_File_set_view(fh, (MPI_Offset)meta[5], elem, blocks, "native", MPI_INFO_NULL);
  if (rc != MPI_SUCCESS) io_fail(&c, path, "cannot set the file view", rc);
  if (!ndm_agree(&c)) {
    rc = transfer(d, fh, elem, fortran, true, meta[4] != 0);
    if (rc != MPI_SUCCESS) io_fail(&c, path, "read error", rc);
  }
  MPI_File_close(&fh);
  MPI_Type_free(&blocks);
  MPI_Type_free(&elem);
  if (ndm_agree(&c)) return nd_dmatrix_free(d), NULL;
  return ndm_dmatrix_publish(d);
}

nd_status nd_dmatrix_save_npy(const char *path, const nd_dmatrix *d, nd_order o) {
  ndm_collective c;
  ndm_coll_begin(&c, "dmatrix_save_npy");
  ndm_coll_matrix(&c, "d", d);
  ndm_coll_value(&c, "path", path_hash(path));
  ndm_coll_value(&c, "order", o);
  if (!path) ndm_coll_fail(&c, ND_ERR_NULL, "dmatrix_save_npy: argument path is NULL");
  if (o != ND_C && o != ND_F)
    ndm_coll_fail(&c, ND_ERR_VALUE, "dmatrix_save_npy: order must be ND_C or ND_F, got %d", (int)o);
  char header[ND_NPY_HEADER_MAX];
  size_t hlen = 0;
  if (!c.st && !(hlen = nd_npy_format_header(d->dtype, 2, d->shape, o == ND_F, header, sizeof header)))
    ndm_coll_failed(&c);
  if (ndm_agree(&c)) return c.st;
  nd_grid *g = d->grid;
  MPI_File fh;
  int rc = MPI_File_open(g->comm, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
  if (rc != MPI_SUCCESS) io_fail(&c, path, "cannot open for writing", rc);
  if (ndm_agree(&c)) {
    if (rc == MPI_SUCCESS) MPI_File_close(&fh); /* it opened here, not everywhere */
    return c.st;
  }
  /* the exact size first: an older, longer file leaves no tail */
  MPI_Offset total = (MPI_Offset)hlen + (MPI_Offset)(d->shape[0] * d->shape[1]) * (MPI_Offset)d->sl->item;
  rc = MPI_File_set_size(fh, total);
  if (rc == MPI_SUCCESS && g->rank == 0) {
    MPI_Status st;
    rc = MPI_File_write_at(fh, 0, header, (int)hlen, MPI_BYTE, &st);
  }
  if (rc != MPI_SUCCESS) io_fail(&c, path, "write error", rc);
  /* failed: an agreed failure, the same on every rank */
  bool failed = ndm_agree(&c) != ND_OK;
  if (!failed && d->shape[0] > 0 && d->shape[1] > 0) {
    /* files are written in this machine's byte order, which the header records */
    MPI_Datatype elem, blocks;
    make_types(d, o == ND_F, &elem, &blocks);
    rc = MPI_File_set_view(fh, (MPI_Offset)hlen, elem, blocks, "native", MPI_INFO_NULL);
    if (rc != MPI_SUCCESS) io_fail(&c, path, "cannot set the file view", rc);
    failed = ndm_agree(&c) != ND_OK;
    if (!failed) {
      rc = transfer((nd_dmatrix *)d, fh, elem, o == ND_F, false, false);
      if (rc != MPI_SUCCESS) io_fail(&c, path, "write error", rc);
    }
    MPI_Type_free(&blocks);
    MPI_Type_free(&elem);
  }
  int crc = MPI_File_close(&fh);
  if (failed) return c.st;
  if (crc != MPI_SUCCESS) io_fail(&c, path, "close failed", crc);
  return ndm_agree(&c);
}
