/* The copy engine: a two-operand plan (destination first, so the destination is written in
 * its own memory order) running the conversion loop of the dtype pair. */
#include "copy.h"

#include "core/dtype.h"
#include "kernels/loop.h"
#include "plan.h"

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
