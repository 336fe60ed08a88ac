/* The odometer every loop of nd walks outer axes with (nd_odometer, nd/toolkit.h): a
 * multi-index that carries each operand's offset along. Inline here for nd's own loops;
 * the public functions (axes.c) are these. */
#ifndef NDI_ODOMETER_H
#define NDI_ODOMETER_H

#include "nd/toolkit.h"

/* n axes of these extents, strides[k][d] for operand k < nop, at index 0. */
static inline void ndi_odo_init_axes(nd_odometer *o, int n, const int64_t *shape, int nop,
                                     const int64_t *const *strides) {
  o->n = n;
  o->nop = nop;
  for (int d = 0; d < n; d++) {
    o->shape[d] = shape[d];
    o->index[d] = 0;
    for (int k = 0; k < nop; k++) o->strides[k][d] = strides[k][d];
  }
  for (int k = 0; k < nop; k++) o->offset[k] = 0;
}

/* Axes [first, first + count) of l, at index 0. */
static inline void ndi_odo_init(nd_odometer *o, const nd_loop *l, int first, int count) {
  const int64_t *st[ND_LOOP_MAX_OPERANDS];
  for (int k = 0; k < l->nop; k++) st[k] = l->strides[k] + first;
  ndi_odo_init_axes(o, count, l->shape + first, l->nop, st);
}

/* Adds an axis inside the odometer's current ones (extent n, one stride per operand). */
static inline void ndi_odo_push(nd_odometer *o, int64_t n, const int64_t *strides) {
  o->shape[o->n] = n;
  o->index[o->n] = 0;
  for (int k = 0; k < o->nop; k++) o->strides[k][o->n] = strides[k];
  o->n++;
}

/* The index at C-order position pos. */
static inline void ndi_odo_seek(nd_odometer *o, int64_t pos) {
  for (int k = 0; k < o->nop; k++) o->offset[k] = 0;
  for (int d = o->n - 1; d >= 0; d--) {
    o->index[d] = pos % o->shape[d];
    pos /= o->shape[d];
    for (int k = 0; k < o->nop; k++) o->offset[k] += o->index[d] * o->strides[k][d];
  }
}

/* The next index in C order (after the last, index 0 again). */
static inline void ndi_odo_next(nd_odometer *o) {
  for (int d = o->n - 1; d >= 0; d--) {
    for (int k = 0; k < o->nop; k++) o->offset[k] += o->strides[k][d];
    if (++o->index[d] < o->shape[d]) return;
    for (int k = 0; k < o->nop; k++) o->offset[k] -= o->strides[k][d] * o->shape[d];
    o->index[d] = 0;
  }
}

#endif
