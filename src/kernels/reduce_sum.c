/* Sum and product kernels for every dtype (the accumulator dtype; the engine converts the
 * input to it first), built on the pairwise loops of pairwise.h.
 *
 * Integers wrap (computed in uint64_t, so there is no signed overflow); a bool sum is
 * logical or and a bool product logical and, as NumPy's add/multiply on bool. Complex
 * products use the plain formula (ar*br - ai*bi, ar*bi + ai*br), as NumPy does. */
#include "cmplx.h"
#include <stdbool.h>

#include "core/dtype_list.h"
#include "pairwise.h"
#include "reduce.h"

static inline float _Complex cmul64(float _Complex a, float _Complex b) {
  float ar = crealf(a), ai = cimagf(a), br = crealf(b), bi = cimagf(b);
  return CMPLXF(ar * br - ai * bi, ar * bi + ai * br);
}
static inline double _Complex cmul128(double _Complex a, double _Complex b) {
  double ar = creal(a), ai = cimag(a), br = creal(b), bi = cimag(b);
  return CMPLX(ar * br - ai * bi, ar * bi + ai * br);
}

/* ADD_<kind>(T, a, b), MUL_<kind>(T, a, b) */
#define ADD_b(T, a, b) ((a) | (b))
#define ADD_i(T, a, b) ((T)((uint64_t)(a) + (uint64_t)(b)))
#define ADD_u ADD_i
#define ADD_f(T, a, b) ((a) + (b))
#define ADD_c ADD_f
#define MUL_b(T, a, b) ((a) & (b))
#define MUL_i(T, a, b) ((T)((uint64_t)(a) * (uint64_t)(b)))
#define MUL_u MUL_i
#define MUL_f(T, a, b) ((a) * (b))
#define MUL_c(T, a, b) _Generic((a), float _Complex: cmul64, default: cmul128)(a, b)

#define SUM_PROD(E, S, T, K, NAME, ...)                                               \
  static inline T sum_##S##_term(T x, const T *aux) { (void)aux; return x; }         \
  static inline T sum_##S##_op(T a, T b) { return ADD_##K(T, a, b); }                \
  static inline T sum_##S##_id(void) { return (T)0; }                                \
  NDI_PW_LOOPS(sum_##S, T, T)                                                        \
  static inline T prod_##S##_term(T x, const T *aux) { (void)aux; return x; }        \
  static inline T prod_##S##_op(T a, T b) { return MUL_##K(T, a, b); }               \
  static inline T prod_##S##_id(void) { return (T)1; }                               \
  NDI_PW_LOOPS(prod_##S, T, T)
NDI_DTYPES(SUM_PROD, _)

#define ENTRY(E, S, T, K, NAME, OP) [E] = {OP##_##S##_row, OP##_##S##_col, OP##_##S##_combine, OP##_##S##_init},
const ndi_reduce_kernel ndi_reduce_sum[ND_NUM_DTYPES] = {NDI_DTYPES(ENTRY, sum)};
const ndi_reduce_kernel ndi_reduce_prod[ND_NUM_DTYPES] = {NDI_DTYPES(ENTRY, prod)};
