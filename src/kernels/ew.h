/* The elementwise kernel tables: for each function, one loop per dtype it is computed in
 * (NULL where the function does not accept the dtype). Loops have the ndi_loop_fn
 * signature with ptrs[0] the output and ptrs[1..] the inputs, all in the table's dtype,
 * except where noted: comparisons, logical functions and the is* tests write bool; abs of
 * a complex dtype writes its real dtype; where reads its condition (ptrs[1]) as bool; clip
 * and clip_to_bound (its other tie rule, see ew_compare.c) read (x, min, max). The context is an ndi_ew_ctx (ew_loops.h). */
#ifndef NDI_EW_H
#define NDI_EW_H

#include "loop.h"
#include "nd/elementwise.h" /* the tables of functions */

/* One table per function of nd/elementwise.h's tables, and the three-input ones. */
#define NDI_EW_DECLARE(name, ...) extern const ndi_loop_fn ndi_k_##name[ND_NUM_DTYPES];
ND_UNARY_FUNCTIONS(NDI_EW_DECLARE)
ND_BINARY_FUNCTIONS(NDI_EW_DECLARE)
NDI_EW_DECLARE(clip)
NDI_EW_DECLARE(clip_to_bound)
NDI_EW_DECLARE(where)
#undef NDI_EW_DECLARE

/* Comparisons of a signed integer with uint64, exact: [0] (int64, uint64), [1] the other
 * order. */
#define NDI_EW_MIXED_DECLARE(name) extern const ndi_loop_fn ndi_k_##name##_mixed[2];
NDI_EW_MIXED_DECLARE(equal)
NDI_EW_MIXED_DECLARE(not_equal)
NDI_EW_MIXED_DECLARE(less)
NDI_EW_MIXED_DECLARE(less_equal)
NDI_EW_MIXED_DECLARE(greater)
NDI_EW_MIXED_DECLARE(greater_equal)
#undef NDI_EW_MIXED_DECLARE

/* Error codes kernels report through ndi_ew_ctx. */
enum { NDI_EW_ERR_NEG_POWER = 1 };

#endif
