/* The elementwise kernel tables: for each function, one loop per dtype it is computed in
 * (NULL where the function does not accept the dtype). Loops have the ndi_loop_fn
 * signature with ptrs[0] the output and ptrs[1..] the inputs, all in the table's dtype,
 * except where noted: comparisons, logical functions and the is* tests write bool; abs of
 * a complex dtype writes its real dtype; where reads its condition (ptrs[1]) as bool; clip
 * and clip_to_bound (its other tie rule, see ew_compare.c) read (x, min, max). The context is an ndi_ew_ctx (ew_loops.h). */
#ifndef NDI_EW_H
#define NDI_EW_H

#include "loop.h"

#define NDI_EW_KERNELS(X)                                                                   \
  X(add) X(subtract) X(multiply) X(divide) X(negative) X(positive) X(square) X(reciprocal)  \
  X(abs) X(sign) X(conj) X(floor_divide) X(remainder) X(pow)                                \
  X(equal) X(not_equal) X(less) X(less_equal) X(greater) X(greater_equal)                   \
  X(maximum) X(minimum) X(clip) X(clip_to_bound) X(where)                                   \
  X(bitwise_and) X(bitwise_or) X(bitwise_xor) X(bitwise_invert) X(bitwise_left_shift)       \
  X(bitwise_right_shift) X(logical_and) X(logical_or) X(logical_xor) X(logical_not)         \
  X(floor) X(ceil) X(trunc) X(round) X(isnan) X(isinf) X(isfinite) X(signbit)               \
  X(copysign) X(nextafter) X(hypot) X(atan2) X(logaddexp) X(sqrt)                           \
  X(exp) X(expm1) X(log) X(log1p) X(log2) X(log10) X(sin) X(cos) X(tan) X(asin) X(acos)     \
  X(atan) X(sinh) X(cosh) X(tanh) X(asinh) X(acosh) X(atanh)

#define NDI_EW_DECLARE(name) extern const ndi_loop_fn ndi_k_##name[ND_NUM_DTYPES];
NDI_EW_KERNELS(NDI_EW_DECLARE)
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
