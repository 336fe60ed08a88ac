/* nd: exchanging arrays with other programs: NumPy's .npy and .npz files, raw binary
 * files with an explicit order, and DLPack tensors (PyTorch, JAX, CuPy, NumPy).
 *
 * Every boundary carries the memory order explicitly: .npy files record it
 * (fortran_order), raw files are read and written in the order the caller names. Files
 * that cannot be opened, are truncated or malformed, or hold something nd cannot represent
 * give ND_ERR_IO with a message naming the function, the file (and the zip member) and the
 * problem: "load_npy: file 'a.npy': truncated file: ...". */
#ifndef ND_IO_H
#define ND_IO_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- .npy ------------------------------------------------------------------------- */

/** Writes `a` to a .npy file (format 1.0, native byte order) that NumPy's np.load reads.
 *  An F-contiguous (and not C-contiguous) array is written with fortran_order True, from
 *  its memory without a copy; every other array is written in C order (a C-contiguous
 *  array without a copy, other views gathered in chunks). Any dtype, 0-d and size-0
 *  arrays included. The file is written in place, so a file that a live array maps
 *  (nd_load_npy_mmap) is refused with ND_ERR_IO. */
ND_API nd_status nd_save_npy(const char *path, const nd_array *a);
/** Reads a .npy file (versions 1.0, 2.0 and 3.0; little- or big-endian data, byte-swapped
 *  to native order; fortran_order True gives an F-contiguous array, False a C-contiguous
 *  one). dtypes: bool, int8..64, uint8..64, float32/64, complex64/128 ('|b1', '<i4',
 *  '>f8', '<c16', ...). The data size must match the shape exactly, and bool data must
 *  hold only 0 and 1. */
ND_API nd_array *nd_load_npy(const char *path);
/** Maps a .npy file into memory and returns a read-only view of its data (no copy): writes
 *  through it (nd_assign, nd_fill, ...) give ND_ERR_READONLY and nd_set_writeable(a, true)
 *  is refused. The mapping goes when the last array using it is released. The data must be
 *  in native byte order and aligned for its dtype (every file NumPy or nd writes is). While
 *  the file is mapped, nd_save_npy and nd_tofile refuse to overwrite it (nd_savez replaces
 *  the file by a new one, which leaves the mapping intact); other programs must not
 *  truncate it. */
ND_API nd_array *nd_load_npy_mmap(const char *path);

/** What a .npy file's header says (nd_npy_read_header). */
typedef struct nd_npy_header {
  nd_dtype dtype;
  bool fortran_order;  /**< the data is in F order */
  bool byteswapped;    /**< the data is in the other byte order than this machine's */
  int ndim;
  int64_t shape[ND_MAX_DIMS];
  int64_t data_offset; /**< bytes before the first element */
} nd_npy_header;
/** Reads and checks a .npy file's header without reading its data: the same checks as
 *  nd_load_npy (format version, dtype, shape, and that the file holds exactly the data the
 *  header describes), for programs that read the data themselves, in parts or in
 *  parallel (nd_dmatrix_load_npy). Element (i0, ..., ik) lies at byte data_offset +
 *  itemsize * (its flat position in C order, or F order if fortran_order). */
ND_API nd_status nd_npy_read_header(const char *path, nd_npy_header *out);
/** Most bytes a header nd writes can take (magic, version, length and the dictionary). */
#define ND_NPY_HEADER_MAX 2048
/** Writes into buf (cap bytes) the .npy header nd_save_npy puts in front of an array of
 *  dtype t and this shape (format 1.0, native byte order, fortran_order as given, padded
 *  so that the data starts at a multiple of 64 bytes) and returns its length; 0 on
 *  failure (invalid dtype or shape, or "the header needs N bytes, the buffer has M"). The
 *  data that follows is the elements in C order, or F order if fortran_order. */
ND_API size_t nd_npy_format_header(nd_dtype t, int ndim, const int64_t *shape,
                                   bool fortran_order, char *buf, size_t cap);

/* ---- .npz ------------------------------------------------------------------------- */

/** A loaded .npz archive: named arrays. */
typedef struct nd_npz nd_npz;

/** Writes n arrays to a .npz file (a zip of .npy members `names[i]`.npy), which NumPy's
 *  np.load reads: stored (compress false, as np.savez) or deflated (compress true, as
 *  np.savez_compressed). Names must be non-empty and distinct. */
ND_API nd_status nd_savez(const char *path, int n, const char *const *names,
                          const nd_array *const *arrays, bool compress);
/** Reads every member of a .npz file (stored or deflated). Each member must be a valid
 *  .npy file whose name ends in ".npy"; its name without that suffix is the key. Free
 *  the result with nd_npz_close. */
ND_API nd_npz *nd_load_npz(const char *path);
/** Number of arrays in the archive (-1 for NULL). */
ND_API int64_t nd_npz_count(const nd_npz *z);
/** Name of array i in archive order (without ".npy"); NULL if out of range. Valid until
 *  nd_npz_close. */
ND_API const char *nd_npz_name(const nd_npz *z, int64_t i);
/** A new handle on the array called `name` (sharing memory with the archive's copy; it
 *  stays valid after nd_npz_close). Release it. NULL with ND_ERR_VALUE if there is no
 *  such array. */
ND_API nd_array *nd_npz_get(const nd_npz *z, const char *name);
/** Frees the archive (arrays handed out by nd_npz_get stay valid). NULL does nothing. */
ND_API void nd_npz_close(nd_npz *z);

/* ---- raw binary files ------------------------------------------------------------- */

/** Reads a raw binary file of little-endian elements of dtype t (NumPy's
 *  np.fromfile(path, dtype, offset=offset).reshape(shape, order=o)): the bytes from
 *  `offset` to the end of the file are the elements in order o (ND_C or ND_F); the
 *  result is contiguous in that order. One extent may be -1 (inferred from the file
 *  size); otherwise the file must hold exactly the shape's elements. Bytes at the end
 *  that do not make a whole element are ignored, as NumPy ignores them. Reading C-ordered bytes
 *  with ND_F gives the tensor with all axes reversed: the order is the caller's to know. */
ND_API nd_array *nd_fromfile(const char *path, nd_dtype t, int ndim, const int64_t *shape,
                             nd_order o, int64_t offset);
/** Writes the elements of `a` to a raw binary file as little-endian data in order o (ND_C
 *  or ND_F; NumPy's a.ravel(order=o).tofile(path)), with no header. Like nd_save_npy it
 *  refuses a file that a live array maps. */
ND_API nd_status nd_tofile(const char *path, const nd_array *a, nd_order o);

/* ---- DLPack ----------------------------------------------------------------------- */

/* DLPack's managed tensor (dlpack/dlpack.h, version 0.6 and later); include that header
 * to use its fields. */
struct DLManagedTensor;

/** Exports `a` as a DLPack managed tensor without a copy: data is nd_data(a), strides are
 *  nd_strides(a) (elements), the device is the CPU. The tensor keeps the array's memory
 *  alive until the consumer calls its deleter (exactly once); `a` itself may be released
 *  at any time. bool is exported as type code 6 (kDLBool, the code DLPack 0.8 fixed and
 *  NumPy 2 and PyTorch exchange) with any DLPack header version. Read-only arrays
 *  are refused with ND_ERR_READONLY: DLPack before 1.0 cannot mark a tensor read-only,
 *  so a consumer could write into them (copy with nd_copy first). */
ND_API struct DLManagedTensor *nd_to_dlpack(nd_array *a);
/** Imports a DLPack managed tensor without a copy: a writeable array over its memory
 *  (byte_offset and strides honoured; NULL strides mean C order). The producer's deleter
 *  runs when the last nd array using the memory is released. Refused, with the tensor not
 *  consumed (the caller still owns it and must call its deleter): devices nd cannot
 *  address (anything but CPU, CUDA/ROCm host and CUDA managed memory: ND_ERR_VALUE),
 *  element types nd has no dtype for (float16, bfloat16, vector lanes: ND_ERR_TYPE),
 *  invalid shapes or misaligned data (ND_ERR_VALUE). */
ND_API nd_array *nd_from_dlpack(struct DLManagedTensor *t);

#ifdef __cplusplus
}
#endif
#endif
