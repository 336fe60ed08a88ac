/* The add, multiply and subtract of reductions, scans and diff, per dtype kind:
 * NDI_ACC_ADD_<kind>(T, a, b) and likewise MUL and SUB. Integers wrap (computed in
 * uint64_t, so there is no signed overflow); bool add is logical or, multiply logical and,
 * subtract not-equal, as NumPy's ufuncs on bool; complex multiply is the plain formula. */
#ifndef NDI_ACCUMULATE_H
#define NDI_ACCUMULATE_H

#include <stdint.h>

#include "cmplx.h"

#define NDI_ACC_ADD_b(T, a, b) ((a) | (b))
#define NDI_ACC_ADD_i(T, a, b) ((T)((uint64_t)(a) + (uint64_t)(b)))
#define NDI_ACC_ADD_u NDI_ACC_ADD_i
#define NDI_ACC_ADD_f(T, a, b) ((a) + (b))
#define NDI_ACC_ADD_c NDI_ACC_ADD_f
#define NDI_ACC_MUL_b(T, a, b) ((a) & (b))
#define NDI_ACC_MUL_i(T, a, b) ((T)((uint64_t)(a) * (uint64_t)(b)))
#define NDI_ACC_MUL_u NDI_ACC_MUL_i
#define NDI_ACC_MUL_f(T, a, b) ((a) * (b))
#define NDI_ACC_MUL_c(T, a, b) \
  _Generic((a), float _Complex: ndi_cmul_plain_c64, default: ndi_cmul_plain_c128)(a, b)
#define NDI_ACC_SUB_b(T, a, b) ((a) != (b))
#define NDI_ACC_SUB_i(T, a, b) ((T)((uint64_t)(a) - (uint64_t)(b)))
#define NDI_ACC_SUB_u NDI_ACC_SUB_i
#define NDI_ACC_SUB_f(T, a, b) ((a) - (b))
#define NDI_ACC_SUB_c NDI_ACC_SUB_f

#endif
