/* Planning a loop nest over several operands (nd_loop, nd/toolkit.h): drop the axes of
 * extent 1, walk an operand forwards, sort the axes by stride, merge the axes the operands
 * step over as one. nd's copy and elementwise plans (plan.c), its reductions (reduce.c),
 * the shuffles of random/ and libnd_fft's passes all plan with these; the odometer that
 * then walks the outer axes is odometer.h. */
#include <stdbool.h>

#include "odometer.h"

static int64_t iabs64(int64_t v) { return v < 0 ? -v : v; }

void nd_loop_init(nd_loop *l, int nop, int ndim, const int64_t *shape,
                  const int64_t *const *strides) {
  l->nop = nop;
  l->ndim = 0;
  l->size = 1;
  for (int k = 0; k < nop; k++) l->offset[k] = 0;
  for (int i = 0; i < ndim; i++) {
    l->size *= shape[i];
    if (shape[i] == 1) continue;
    l->shape[l->ndim] = shape[i];
    l->axis[l->ndim] = i;
    for (int k = 0; k < nop; k++) l->strides[k][l->ndim] = strides[k][i];
    l->ndim++;
  }
}

void nd_loop_flip(nd_loop *l, int k) {
  for (int i = 0; i < l->ndim; i++) {
    if (l->strides[k][i] >= 0) continue;
    for (int q = 0; q < l->nop; q++) {
      l->offset[q] += l->strides[q][i] * (l->shape[i] - 1);
      l->strides[q][i] = -l->strides[q][i];
    }
  }
}

/* Moves axis `from` to position `to` (< from), shifting the ones between outwards. */
static void move_axis(nd_loop *l, int from, int to) {
  int64_t n = l->shape[from], s[ND_LOOP_MAX_OPERANDS];
  int ax = l->axis[from];
  for (int k = 0; k < l->nop; k++) s[k] = l->strides[k][from];
  for (int j = from; j > to; j--) {
    l->shape[j] = l->shape[j - 1];
    l->axis[j] = l->axis[j - 1];
    for (int k = 0; k < l->nop; k++) l->strides[k][j] = l->strides[k][j - 1];
  }
  l->shape[to] = n;
  l->axis[to] = ax;
  for (int k = 0; k < l->nop; k++) l->strides[k][to] = s[k];
}

/* Axis x goes outside axis y: larger |stride| for operand 0, ties by the next ones. */
static bool outer_by_strides(const nd_loop *l, int nkeys, int x, int y) {
  for (int k = 0; k < nkeys; k++) {
    int64_t sx = iabs64(l->strides[k][x]), sy = iabs64(l->strides[k][y]);
    if (sx != sy) return sx > sy;
  }
  return false;
}

void nd_loop_sort(nd_loop *l, int nkeys) {
  /* insertion sort: stable, and there are few axes */
  for (int i = 1; i < l->ndim; i++) {
    int j = i;
    while (j > 0 && outer_by_strides(l, nkeys, i, j - 1)) j--;
    if (j < i) move_axis(l, i, j);
  }
}

void nd_loop_sort_by(nd_loop *l, const int64_t *key) {
  int64_t k[ND_MAX_DIMS];
  for (int i = 0; i < l->ndim; i++) k[i] = key[i];
  for (int i = 1; i < l->ndim; i++) {
    int64_t v = k[i];
    int j = i;
    while (j > 0 && v > k[j - 1]) {
      k[j] = k[j - 1];
      j--;
    }
    k[j] = v;
    if (j < i) move_axis(l, i, j);
  }
}

void nd_loop_coalesce(nd_loop *l, int keep) {
  if (l->ndim <= 1) return;
  int out = 0; /* the last kept axis */
  for (int j = 1; j < l->ndim; j++) {
    bool merge = l->axis[out] != keep && l->axis[j] != keep;
    for (int k = 0; k < l->nop && merge; k++)
      merge = l->strides[k][out] == l->strides[k][j] * l->shape[j];
    if (merge) {
      l->shape[out] *= l->shape[j];
    } else {
      out++;
      l->shape[out] = l->shape[j];
    }
    l->axis[out] = l->axis[j];
    for (int k = 0; k < l->nop; k++) l->strides[k][out] = l->strides[k][j];
  }
  l->ndim = out + 1;
}

void nd_odometer_init(nd_odometer *o, const nd_loop *l, int first, int count) {
  ndi_odo_init(o, l, first, count);
}

void nd_odometer_seek(nd_odometer *o, int64_t pos) { ndi_odo_seek(o, pos); }

void nd_odometer_next(nd_odometer *o) { ndi_odo_next(o); }
