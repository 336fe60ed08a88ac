/* The one signature every inner loop shares, and the kernel tables the iteration layer
 * calls. A loop gets one pointer and one byte stride per operand and an element count. */
#ifndef NDI_LOOP_H
#define NDI_LOOP_H

#include <stdint.h>

#include "core/cpu.h" /* NDI_HOT */
#include "nd/types.h"

typedef void (*ndi_loop_fn)(char *const *ptrs, const int64_t *strides, int64_t n, void *ctx);

/* A 2-D tile: n_inner elements along the inner axis (strides `inner`, one per operand) for
 * each of n_outer rows (strides `outer`). The iteration layer calls one for each tile of a
 * tiled plan when the operation provides it. */
typedef void (*ndi_tile_fn)(char *const *ptrs, const int64_t *inner, const int64_t *outer,
                            int64_t n_inner, int64_t n_outer, void *ctx);

/* Same-dtype copy of a tile (ptrs[0] destination, ptrs[1] source); ctx points to the
 * element size as int64_t. Transposes in registers when the source runs along the outer
 * axis. */
void ndi_copy_tile(char *const *ptrs, const int64_t *inner, const int64_t *outer, int64_t na,
                   int64_t nb, void *ctx);

/* Copy/convert loops: ptrs[0] is the destination, ptrs[1] the source; [to][from]. The
 * diagonal is plain copying. Conversions follow NumPy (see cast.c). */
extern const ndi_loop_fn ndi_cast_loops[ND_NUM_DTYPES][ND_NUM_DTYPES];

/* Converts one element. */
void ndi_convert_one(nd_dtype to, void *dst, nd_dtype from, const void *src);

#endif
