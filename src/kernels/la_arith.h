/* Scalar arithmetic as NumPy does it, for the typed loops of linear algebra: integer
 * products and differences wrap (formed in an unsigned type, where wrapping is defined;
 * types narrower than int would otherwise be promoted to a signed int that can
 * overflow), bool multiplies as logical and, complex products use NumPy's formula
 * (ar*br - ai*bi, ar*bi + ai*br) without C's NaN recovery. KIND is the dtype list's kind
 * token (b, i, u, f, c). */
#ifndef NDI_KERNELS_LA_ARITH_H
#define NDI_KERNELS_LA_ARITH_H

#include <stdint.h>

#include "cmplx.h"

/* The plain formula, kept unfused (cmplx.h) so that the bits do not depend on the
 * instruction set the kernel was cloned for. */
static inline float _Complex ndi_la_cmul_f(float _Complex x, float _Complex y) {
  return ndi_cmul_plain_c64(x, y);
}
static inline double _Complex ndi_la_cmul_d(double _Complex x, double _Complex y) {
  return ndi_cmul_plain_c128(x, y);
}

#define NDI_LA_UOP(T, x, op, y)                                                  \
  ((T)_Generic((T)0, int64_t: (uint64_t)(x) op (uint64_t)(y),                    \
               uint64_t: (uint64_t)(x) op (uint64_t)(y),                         \
               default: (unsigned)(x) op (unsigned)(y)))

#define NDI_LA_MUL_b(T, x, y) ((x) && (y))
#define NDI_LA_MUL_i(T, x, y) NDI_LA_UOP(T, x, *, y)
#define NDI_LA_MUL_u(T, x, y) NDI_LA_UOP(T, x, *, y)
#define NDI_LA_MUL_f(T, x, y) ((x) * (y))
#define NDI_LA_MUL_c(T, x, y) _Generic((x), float _Complex: ndi_la_cmul_f, default: ndi_la_cmul_d)(x, y)
#define NDI_LA_MUL(K, T, x, y) NDI_LA_MUL_##K(T, x, y)

#define NDI_LA_SUB_b(T, x, y) ((x) != (y)) /* unused: bool has no subtraction */
#define NDI_LA_SUB_i(T, x, y) NDI_LA_UOP(T, x, -, y)
#define NDI_LA_SUB_u(T, x, y) NDI_LA_UOP(T, x, -, y)
#define NDI_LA_SUB_f(T, x, y) ((x) - (y))
#define NDI_LA_SUB_c(T, x, y) ((x) - (y))
#define NDI_LA_SUB(K, T, x, y) NDI_LA_SUB_##K(T, x, y)

/* Negation: wraps for integers; -x for floats (so -0.0 stays signed as in NumPy). */
#define NDI_LA_NEG_i(T, x) NDI_LA_UOP(T, 0, -, x)
#define NDI_LA_NEG_u(T, x) NDI_LA_UOP(T, 0, -, x)
#define NDI_LA_NEG_f(T, x) (-(x))
#define NDI_LA_NEG_c(T, x) (-(x))
#define NDI_LA_NEG(K, T, x) NDI_LA_NEG_##K(T, x)

#endif
