/* The one signature every inner loop shares, and the kernel tables the iteration layer
 * calls. A loop gets one pointer and one byte stride per operand and an element count. */
#ifndef NDI_LOOP_H
#define NDI_LOOP_H

#include <stdint.h>

#include "nd/types.h"

typedef void (*ndi_loop_fn)(char *const *ptrs, const int64_t *strides, int64_t n, void *ctx);

/* Hot loops are compiled for several x86-64 instruction sets and picked at run time. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(NDI_NO_CLONES)
#define NDI_HOT __attribute__((target_clones("default", "avx2", "arch=x86-64-v4")))
#else
#define NDI_HOT
#endif

/* Copy/convert loops: ptrs[0] is the destination, ptrs[1] the source; [to][from]. The
 * diagonal is plain copying. Conversions follow NumPy (see cast.c). */
extern const ndi_loop_fn ndi_cast_loops[ND_NUM_DTYPES][ND_NUM_DTYPES];

/* Converts one element. */
void ndi_convert_one(nd_dtype to, void *dst, nd_dtype from, const void *src);

#endif
