/** \file
 *  nd: exchanging arrays with other programs: NumPy's .npy and .npz files, raw binary
 *  files with an explicit order, and DLPack tensors (PyTorch, JAX, CuPy, NumPy).
 *
 *  Every boundary carries the memory order explicitly: .npy files record it
 *  (fortran_order), raw files are read and written in the order the caller names. Files
 *  that cannot be opened, read or written, are truncated or malformed, or hold something nd
 *  cannot represent give ND_ERR_IO with a message naming the function, the file (and the
 *  zip member) and the problem: "load_npy: file 'a.npy': truncated file: ...",
 *  "save_npy: file 'out/a.npy': cannot open for writing: No such file or directory".
 *  Besides the "Errors:" line of each function, every one can fail with the common errors
 *  of nd_status (NULL arguments, among them a NULL path; out of memory). */
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
 *  (nd_load_npy_mmap) is refused with ND_ERR_IO.
 *  Errors: ND_ERR_IO (the file cannot be opened or written; it is mapped by a live array:
 *  "save_npy: file 'a.npy': the file is memory-mapped by a live array (nd_load_npy_mmap);
 *  ..."). */
ND_API nd_status nd_save_npy(const char *path, const nd_array *a);
/** Reads a .npy file (versions 1.0, 2.0 and 3.0; little- or big-endian data, byte-swapped
 *  to native order; fortran_order True gives an F-contiguous array, False a C-contiguous
 *  one). dtypes: bool, int8..64, uint8..64, float16/32/64, complex64/128 ('|b1', '<i4',
 *  '>f8', '<c16', '<f2', ...), and bfloat16 as '<V2' or '|V2': a 2-byte void, which is
 *  what np.save writes for an ml_dtypes bfloat16 array (nd has no void dtype, so such a
 *  file always reads as bfloat16; nd_save_npy writes bfloat16 as '<V2', and np.load gives
 *  a void array that .view(ml_dtypes.bfloat16) turns back). The data size must match the shape exactly, and bool data must
 *  hold only 0 and 1.
 *  Errors: ND_ERR_IO (the file cannot be opened or read; it is not a .npy file, of another
 *  version, or truncated; a malformed header; an unsupported dtype: "load_npy: file
 *  'a.npy': unsupported dtype '<f2' in the header (...)"; more than ND_MAX_DIMS axes; a
 *  data size that does not match the shape; bool data other than 0 and 1). */
ND_API nd_array *nd_load_npy(const char *path);
/** Maps a .npy file into memory and returns a read-only view of its data (no copy): writes
 *  through it (nd_assign, nd_fill, ...) give ND_ERR_READONLY and nd_set_writeable(a, true)
 *  is refused. The mapping goes when the last array using it is released. The data must be
 *  in native byte order and aligned for its dtype (every file NumPy or nd writes is). While
 *  the file is mapped, nd_save_npy and nd_tofile refuse to overwrite it (nd_savez replaces
 *  the file by a new one, which leaves the mapping intact); other programs must not
 *  truncate it.
 *  Errors: ND_ERR_IO (as nd_load_npy, and: an empty file; data in the other byte order:
 *  "load_npy_mmap: file 'a.npy': the data is in the other byte order and cannot be viewed
 *  in place; use nd_load_npy, which converts it"; data not aligned for its dtype; the
 *  mapping failed). */
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
 *  itemsize * (its flat position in C order, or F order if fortran_order).
 *  Errors: ND_ERR_IO as nd_load_npy's, naming this function ("npy_read_header: file
 *  'a.npy': truncated file: ..."); ND_ERR_NULL for a NULL path or out ("npy_read_header:
 *  argument out is NULL"). */
ND_API nd_status nd_npy_read_header(const char *path, nd_npy_header *out);
/** Most bytes a header nd writes can take (magic, version, length and the dictionary). */
#define ND_NPY_HEADER_MAX 2048
/** Writes into buf (cap bytes) the .npy header nd_save_npy puts in front of an array of
 *  dtype t and this shape (format 1.0, native byte order, fortran_order as given, padded
 *  so that the data starts at a multiple of 64 bytes) and returns its length; 0 on
 *  failure (invalid dtype or shape, or "the header needs N bytes, the buffer has M"). The
 *  data that follows is the elements in C order, or F order if fortran_order.
 *  Errors (returning 0): ND_ERR_TYPE (an invalid dtype), ND_ERR_VALUE (ndim outside [0,
 *  ND_MAX_DIMS]; "npy_format_header: negative extent -3 (axis 1)"; "npy_format_header: the
 *  header needs 128 bytes, the buffer has 16"), ND_ERR_NULL (buf, or shape with ndim > 0). */
ND_API size_t nd_npy_format_header(nd_dtype t, int ndim, const int64_t *shape,
                                   bool fortran_order, char *buf, size_t cap);

/* ---- .npz ------------------------------------------------------------------------- */

/** A loaded .npz archive: named arrays. */
typedef struct nd_npz nd_npz;

/** Writes n arrays to a .npz file (a zip of .npy members `names[i]`.npy), which NumPy's
 *  np.load reads: stored (compress false, as np.savez) or deflated (compress true, as
 *  np.savez_compressed). Names must be non-empty and distinct; n = 0 writes an empty
 *  archive.
 *  Errors: ND_ERR_VALUE (n < 0: "savez: negative array count -1"; an empty name: "savez:
 *  the name of array 0 is empty"; a name given twice: "savez: the name 'a' is given twice
 *  (arrays 0 and 1)"), ND_ERR_IO (the archive cannot be opened or written: "savez: file
 *  'a.npz': cannot write the archive: ..."), ND_ERR_NULL (names or arrays NULL with n > 0,
 *  or one of their entries NULL). */
ND_API nd_status nd_savez(const char *path, int n, const char *const *names,
                          const nd_array *const *arrays, bool compress);
/** Reads every member of a .npz file (stored or deflated). Each member must be a valid
 *  .npy file whose name ends in ".npy"; its name without that suffix is the key. Free
 *  the result with nd_npz_close. NULL on failure.
 *  Errors: ND_ERR_IO (the file cannot be opened or read, is empty or not a zip archive; a
 *  member that is encrypted, whose name lacks the .npy suffix, or that is not a valid .npy
 *  file as nd_load_npy reads them, the message naming it: "load_npz: file 'a.npz', member
 *  'x.npy': ..."; two members of one name). */
ND_API nd_npz *nd_load_npz(const char *path);
/** Number of arrays in the archive.
 *  Errors: none; -1 for NULL. */
ND_API int64_t nd_npz_count(const nd_npz *z);
/** Name of array i in archive order (without ".npy"). Valid until nd_npz_close.
 *  Errors: none; NULL for a NULL archive or i out of range (no error is recorded). */
ND_API const char *nd_npz_name(const nd_npz *z, int64_t i);
/** A new handle on the array called `name` (sharing memory with the archive's copy; it
 *  stays valid after nd_npz_close). Release it. NULL with ND_ERR_VALUE if there is no
 *  such array.
 *  Errors: ND_ERR_VALUE ("npz_get: file 'a.npz' has no array named 'x' (it has 'a',
 *  'b')"), ND_ERR_NULL (z or name NULL). */
ND_API nd_array *nd_npz_get(const nd_npz *z, const char *name);
/** Frees the archive (arrays handed out by nd_npz_get stay valid).
 *  Errors: none; NULL does nothing. */
ND_API void nd_npz_close(nd_npz *z);

/* ---- raw binary files ------------------------------------------------------------- */

/** Reads a raw binary file of little-endian elements of dtype t (NumPy's
 *  np.fromfile(path, dtype, offset=offset).reshape(shape, order=o)): the bytes from
 *  `offset` to the end of the file are the elements in order o (ND_C or ND_F); the
 *  result is contiguous in that order. One extent may be -1 (inferred from the file
 *  size); otherwise the file must hold exactly the shape's elements. Bytes at the end
 *  that do not make a whole element are ignored, as NumPy ignores them. Reading C-ordered
 *  bytes with ND_F gives the tensor with all axes reversed: the order is the caller's to
 *  know. bool data must hold only 0 and 1.
 *  Errors: ND_ERR_TYPE (t is not an nd_dtype), ND_ERR_VALUE (o is not ND_C or ND_F; ndim
 *  outside [0, ND_MAX_DIMS]; a negative offset: "fromfile: negative offset -1"; an extent
 *  below -1, or two -1: "fromfile: invalid shape [-1,-1] (extents must be >= 0, one may be
 *  -1)"), ND_ERR_OVERFLOW (the shape's size overflows int64), ND_ERR_IO (the file cannot be
 *  opened or read; the offset is past its end; the element count does not match: "fromfile:
 *  file 'a.bin': the file holds 3 float64 elements after the offset, shape [4] needs 4",
 *  or "... 3 float64 elements cannot be shaped as [2,-1]"; bool data other than 0 and
 *  1). */
ND_API nd_array *nd_fromfile(const char *path, nd_dtype t, int ndim, const int64_t *shape,
                             nd_order o, int64_t offset);
/** Writes the elements of `a` to a raw binary file as little-endian data in order o (ND_C
 *  or ND_F; NumPy's a.ravel(order=o).tofile(path)), with no header. Like nd_save_npy it
 *  refuses a file that a live array maps.
 *  Errors: ND_ERR_VALUE (o is not ND_C or ND_F), ND_ERR_IO (the file cannot be opened or
 *  written, or is mapped by a live array). */
ND_API nd_status nd_tofile(const char *path, const nd_array *a, nd_order o);

/* ---- DLPack ----------------------------------------------------------------------- */

/* DLPack's managed tensor (dlpack/dlpack.h, version 0.6 and later); include that header
 * to use its fields. */
struct DLManagedTensor;

/** Exports `a` as a DLPack managed tensor without a copy: data is nd_data(a), strides are
 *  nd_strides(a) (elements), the device is the CPU. The tensor keeps the array's memory
 *  alive until the consumer calls its deleter (exactly once); `a` itself may be released
 *  at any time. bool is exported as type code 6 (kDLBool, the code DLPack 0.8 fixed and
 *  NumPy 2 and PyTorch exchange) with any DLPack header version; float16 as kDLFloat and
 *  bfloat16 as kDLBfloat, 16 bits (torch.from_dlpack takes both without a copy). Arrays that are
 *  not writeable (nd_is_writeable false: marked read-only by nd_set_writeable, a memory
 *  map or nd_broadcast_to, or a view with a broadcast (stride-0) axis of extent above 1,
 *  such as nd_broadcast_arrays gives) are refused with ND_ERR_READONLY: DLPack before 1.0
 *  cannot mark a tensor read-only, so a consumer could write into them (copy with nd_copy
 *  first).
 *  Errors: ND_ERR_READONLY ("to_dlpack: the array is read-only and DLPack 0.6 cannot mark a
 *  tensor read-only (export a copy: nd_copy)"; for a broadcast view "to_dlpack: the array
 *  is read-only (a broadcast view: axis 0 has stride 0 and extent 3) and DLPack 0.6
 *  ..."). */
ND_API struct DLManagedTensor *nd_to_dlpack(nd_array *a);
/** Exports `a` as nd_to_dlpack does, without a copy, whether or not it is writeable: for a
 *  consumer that promises not to write into the memory. DLPack 0.6's tensor cannot say so
 *  itself; the caller says it in the protocol it speaks, e.g. by wrapping the tensor into a
 *  DLPack 1.x DLManagedTensorVersioned with DLPACK_FLAG_BITMASK_READ_ONLY set (as the
 *  Python binding's `__dlpack__(max_version=(1, 0))` does, so that NumPy's from_dlpack
 *  gives a read-only array over nd's memory). A broadcast view goes out with its stride-0
 *  axes. The tensor keeps the memory alive as nd_to_dlpack's does.
 *  Errors: ND_ERR_NULL ("to_dlpack_readonly: argument a is NULL"), ND_ERR_NOMEM. */
ND_API struct DLManagedTensor *nd_to_dlpack_readonly(const nd_array *a);
/** Imports a DLPack managed tensor without a copy: a writeable array over its memory
 *  (byte_offset and strides honoured; NULL strides mean C order). The producer's deleter
 *  runs when the last nd array using the memory is released. Refused, with the tensor not
 *  consumed (the caller still owns it and must call its deleter): devices nd cannot
 *  address (anything but CPU, CUDA/ROCm host and CUDA managed memory: ND_ERR_VALUE),
 *  element types nd has no dtype for (8-bit floats, vector lanes: ND_ERR_TYPE; 16-bit
 *  kDLFloat is float16 and 16-bit kDLBfloat bfloat16, as PyTorch exports them),
 *  invalid shapes or misaligned data (ND_ERR_VALUE). Any failure leaves the tensor
 *  unconsumed.
 *  Errors: ND_ERR_VALUE (the device: "from_dlpack: the tensor lives on a CUDA device (type
 *  2), which nd cannot address; copy it to the CPU first"; ndim outside [0, ND_MAX_DIMS];
 *  no shape; a negative extent; a byte_offset past the address space; data not aligned
 *  for the dtype; a bool tensor holding bytes other than 0 and 1), ND_ERR_TYPE ("from_dlpack:
 *  element type (code 2, 16 bits, 1 lanes) has no nd dtype (...)"), ND_ERR_OVERFLOW
 *  (strides whose byte offsets do not fit in int64), ND_ERR_NULL (t NULL; NULL data for a
 *  non-empty tensor). */
ND_API nd_array *nd_from_dlpack(struct DLManagedTensor *t);

#ifdef __cplusplus
}
#endif
#endif
