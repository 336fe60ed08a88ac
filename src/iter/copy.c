/* The copy engine: a two-operand plan (destination first, so the destination is written in
 * its own memory order) running the conversion loop of the dtype pair. */
#include "copy.h"

#include "core/dtype.h"
#include "kernels/loop.h"
#include "plan.h"
#include "threads.h"

#include <string.h>

void ndi_copy_layout(int ndim, const int64_t *shape, ndi_layout_ref dst, ndi_layout_ref src) {
  int64_t ds[ND_MAX_DIMS], ss[ND_MAX_DIMS];
  int64_t dz = (int64_t)ndi_dtype_size(dst.dtype), sz = (int64_t)ndi_dtype_size(src.dtype);
  for (int i = 0; i < ndim; i++) {
    ds[i] = dst.strides[i] * dz;
    ss[i] = src.strides[i] * sz;
  }
  ndi_operand ops[2] = {{dst.data, ds, dz}, {src.data, ss, sz}};
  ndi_plan plan;
  ndi_plan_init(&plan, 2, ndim, shape, ops, 0);
  /* A same-dtype copy is a bit copy: tiles of a transposing copy use the register
   * transpose kernel. */
  ndi_tile_fn tile = dst.dtype == src.dtype ? ndi_copy_tile : NULL;
  ndi_plan_execute_tiled(&plan, ndi_cast_loops[dst.dtype][src.dtype], tile, &dz);
}

/* Slabs of about this many bytes of destination. */
#define NDI_SLAB_BYTES (1 << 20)

void ndi_copy_parts_by_slab(int nparts, const ndi_copy_part *parts, int ndim, int axis) {
  int64_t ext = parts[0].shape[axis], total = 0, row = 0;
  for (int k = 0; k < nparts; k++) {
    int64_t n = 1;
    for (int i = 0; i < ndim; i++) n *= parts[k].shape[i];
    total += n;
    row += ext ? n / ext * (int64_t)ndi_dtype_size(parts[k].dst.dtype) : 0;
  }
  if (total == 0) return;
  int64_t rows = row ? NDI_SLAB_BYTES / row : ext;
  if (rows < 1) rows = 1;
  int64_t nslab = (ext + rows - 1) / rows;
  int nt = ndi_threads_for(total);
  if (nt > nslab) nt = (int)nslab;
#pragma omp parallel for num_threads(nt) schedule(static) if (nt > 1)
  for (int64_t s = 0; s < nslab; s++) {
    int64_t lo = s * rows, n = ext - lo < rows ? ext - lo : rows;
    for (int k = 0; k < nparts; k++) {
      const ndi_copy_part *p = &parts[k];
      int64_t shape[ND_MAX_DIMS];
      memcpy(shape, p->shape, sizeof(int64_t) * (size_t)ndim);
      shape[axis] = n;
      ndi_layout_ref d = p->dst, r = p->src;
      d.data += lo * d.strides[axis] * (int64_t)ndi_dtype_size(d.dtype);
      r.data += lo * r.strides[axis] * (int64_t)ndi_dtype_size(r.dtype);
      ndi_copy_layout(ndim, shape, d, r); /* serial inside the parallel region */
    }
  }
}
