/* Gather and scatter through the loop planner (see gather.h). */
#include "gather.h"

#include "kernels/gather.h"
#include "plan.h"

void ndi_gather_run(int ndim, const int64_t *shape, char *out, const int64_t *out_strides,
                    const char *src, const int64_t *src_strides, const char *off,
                    const int64_t *off_strides, int64_t elsize) {
  ndi_operand ops[3] = {{out, out_strides, elsize},
                        {(char *)src, src_strides, elsize},
                        {(char *)off, off_strides, 8}};
  ndi_plan p;
  ndi_plan_init(&p, 3, ndim, shape, ops, NDI_PLAN_NO_BLOCK);
  ndi_plan_execute(&p, ndi_gather_loop, &elsize);
}

void ndi_scatter_run(int ndim, const int64_t *shape, char *dst, const int64_t *dst_strides,
                     const char *val, const int64_t *val_strides, const char *off,
                     const int64_t *off_strides, int64_t elsize) {
  /* Targets may repeat and the last value must win (as NumPy): in index order, on one
   * thread. */
  ndi_operand ops[3] = {{dst, dst_strides, elsize},
                        {(char *)val, val_strides, elsize},
                        {(char *)off, off_strides, 8}};
  ndi_plan p;
  ndi_plan_init(&p, 3, ndim, shape, ops, NDI_PLAN_NO_BLOCK | NDI_PLAN_SERIAL | NDI_PLAN_KEEP_ORDER);
  ndi_plan_execute(&p, ndi_scatter_loop, &elsize);
}
