/* Bitwise and logical kernels.
 *
 * and/or/xor/invert take integers and bool (on bool they are the logical operations).
 * Shifts take integers and follow NumPy: a shift by the bit width or more, or by a
 * negative amount, gives 0 (left shifts, and right shifts of non-negative values) or -1
 * (right shifts of negative values); left shifts are done in the unsigned type, so they
 * wrap instead of overflowing. Logical functions take bool only (the frontend refuses
 * other dtypes). */
#include "ew.h"
#include "ew_loops.h"

#define INTB_b 1
#define INTB_i 1
#define INTB_u 1
#define INTB_f 0
#define INTB_c 0
/* Integers without bool: bool's loops below work on its bytes (0 or 1), which GCC
 * vectorises where it does not vectorise C's bool. */
#define INTONLY_b 0
#define INTONLY_i 1
#define INTONLY_u 1
#define INTONLY_f 0
#define INTONLY_c 0
#define INT_b 0
#define INT_i 1
#define INT_u 1
#define INT_f 0
#define INT_c 0
#define BOOL_b 1
#define BOOL_i 0
#define BOOL_u 0
#define BOOL_f 0
#define BOOL_c 0

/* and, or, xor: the C operators. */
#define DEF_BITOP(E, S, T, K, NAME_, OP, EXPR)                                       \
  NDI_WHEN(INTONLY_##K)(static inline T OP##_el_##S(T a, T b) { return (T)(EXPR); } \
                        NDI_LOOP2(OP##_##S, T, T, T, OP##_el_##S))
NDI_DTYPES(DEF_BITOP, bitwise_and, a & b)
NDI_DTYPES(DEF_BITOP, bitwise_or, a | b)
NDI_DTYPES(DEF_BITOP, bitwise_xor, a ^ b)

/* bool: the same on bytes holding 0 or 1 (also the logical functions below). */
static inline uint8_t and_byte(uint8_t a, uint8_t b) { return a & b; }
static inline uint8_t or_byte(uint8_t a, uint8_t b) { return a | b; }
static inline uint8_t xor_byte(uint8_t a, uint8_t b) { return a ^ b; }
static inline uint8_t not_byte(uint8_t a) { return a ^ 1; }
NDI_LOOP2(bitwise_and_b, uint8_t, uint8_t, uint8_t, and_byte)
NDI_LOOP2(bitwise_or_b, uint8_t, uint8_t, uint8_t, or_byte)
NDI_LOOP2(bitwise_xor_b, uint8_t, uint8_t, uint8_t, xor_byte)
NDI_LOOP1(bitwise_invert_b, uint8_t, uint8_t, not_byte)
const ndi_loop_fn ndi_k_bitwise_and[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, INTB, bitwise_and)};
const ndi_loop_fn ndi_k_bitwise_or[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, INTB, bitwise_or)};
const ndi_loop_fn ndi_k_bitwise_xor[ND_NUM_DTYPES] = {NDI_DTYPES(NDI_TABLE_ENTRY, INTB, bitwise_xor)};

#define INV_i(S, T) static inline T inv_el_##S(T a) { return (T)~a; }
#define INV_u INV_i
#define DEF_INV(E, S, T, K, ...) \
  NDI_WHEN(INTONLY_##K)(INV_##K(S, T) NDI_LOOP1(bitwise_invert_##S, T, T, inv_el_##S))
NDI_DTYPES(DEF_INV)
const ndi_loop_fn ndi_k_bitwise_invert[ND_NUM_DTYPES] = {
    NDI_DTYPES(NDI_TABLE_ENTRY, INTB, bitwise_invert)};

/* Shifts. (UT)b < bits is false for negative b, whose unsigned value is huge. */
#define LSHIFT_i(S, T)                                                                      \
  static inline T lshift_el_##S(T a, T b) {                                                 \
    return (NDI_UT_##S)b < sizeof(T) * 8 ? (T)(NDI_UT_##S)((NDI_WU_##S)(NDI_UT_##S)a << b) \
                                          : (T)0;                                           \
  }
#define LSHIFT_u LSHIFT_i
#define RSHIFT_i(S, T)                                                                   \
  static inline T rshift_el_##S(T a, T b) {                                              \
    return (NDI_UT_##S)b < sizeof(T) * 8 ? (T)(a >> b) : (T)(a < 0 ? -1 : 0);            \
  }
#define RSHIFT_u(S, T) \
  static inline T rshift_el_##S(T a, T b) { return b < sizeof(T) * 8 ? (T)(a >> b) : (T)0; }
#define DEF_SHIFT(E, S, T, K, ...)                                              \
  NDI_WHEN(INT_##K)(LSHIFT_##K(S, T) RSHIFT_##K(S, T)                           \
                    NDI_LOOP2(bitwise_left_shift_##S, T, T, T, lshift_el_##S)   \
                    NDI_LOOP2(bitwise_right_shift_##S, T, T, T, rshift_el_##S))
NDI_DTYPES(DEF_SHIFT)
const ndi_loop_fn ndi_k_bitwise_left_shift[ND_NUM_DTYPES] = {
    NDI_DTYPES(NDI_TABLE_ENTRY, INT, bitwise_left_shift)};
const ndi_loop_fn ndi_k_bitwise_right_shift[ND_NUM_DTYPES] = {
    NDI_DTYPES(NDI_TABLE_ENTRY, INT, bitwise_right_shift)};

/* Logical functions on bool: the byte loops above. */
const ndi_loop_fn ndi_k_logical_and[ND_NUM_DTYPES] = {[ND_BOOL] = bitwise_and_b};
const ndi_loop_fn ndi_k_logical_or[ND_NUM_DTYPES] = {[ND_BOOL] = bitwise_or_b};
const ndi_loop_fn ndi_k_logical_xor[ND_NUM_DTYPES] = {[ND_BOOL] = bitwise_xor_b};
const ndi_loop_fn ndi_k_logical_not[ND_NUM_DTYPES] = {[ND_BOOL] = bitwise_invert_b};
