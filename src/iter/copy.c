/* The copy engine: a two-operand plan (destination first, so the destination is written in
 * its own memory order) running the conversion loop of the dtype pair. */
#include "copy.h"

#include "core/dtype.h"
#include "kernels/loop.h"
#include "plan.h"
#include "pool.h"
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

typedef struct {
  int nparts;
  const ndi_copy_part *parts;
  int ndim, axis;
  int64_t ext, rows;
} slabs;

/* Slab s: rows [s * rows, (s + 1) * rows) of the axis, of every part. */
static void slab_task(void *v, int64_t s, int slot) {
  const slabs *sl = v;
  (void)slot;
  int64_t lo = s * sl->rows, n = sl->ext - lo < sl->rows ? sl->ext - lo : sl->rows;
  for (int k = 0; k < sl->nparts; k++) {
    const ndi_copy_part *p = &sl->parts[k];
    int64_t shape[ND_MAX_DIMS];
    memcpy(shape, p->shape, sizeof(int64_t) * (size_t)sl->ndim);
    shape[sl->axis] = n;
    ndi_layout_ref d = p->dst, r = p->src;
    d.data += lo * d.strides[sl->axis] * (int64_t)ndi_dtype_size(d.dtype);
    r.data += lo * r.strides[sl->axis] * (int64_t)ndi_dtype_size(r.dtype);
    ndi_copy_layout(sl->ndim, shape, d, r); /* serial inside the parallel region */
  }
}

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
  slabs sl = {nparts, parts, ndim, axis, ext, rows};
  ndi_parallel(nt, nslab, slab_task, &sl);
}
