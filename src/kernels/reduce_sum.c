/* Sum and product kernels for every dtype (the accumulator dtype; the engine converts the
 * input to it first), built on the pairwise loops of pairwise.h and the arithmetic of
 * accumulate.h (integers wrap, bool is or/and, complex products as NumPy).
 *
 * Float and complex products are ordered ops (reduce.h): one element after the other,
 * out holding the running product, from the identity, as NumPy multiplies. Integer products wrap, which is
 * associative, so they keep the vectorised pairwise loops. */
#include <stdbool.h>

#include "accumulate.h"
#include "core/dtype_list.h"
#include "ew_complex.h"
#include "pairwise.h"
#include "reduce.h"

#define SUM(E, S, T, K, NAME, ...)                                                    \
  static inline T sum_##S##_term(T x, const T *aux) { (void)aux; return x; }         \
  static inline T sum_##S##_op(T a, T b) { return NDI_ACC_ADD_##K(T, a, b); }        \
  static inline T sum_##S##_id(void) { return (T)0; }                                \
  NDI_PW_LOOPS(sum_##S, T, T)
NDI_DTYPES(SUM, _)

#define PROD_OP(S, T, K)                                                              \
  static inline T prod_##S##_term(T x, const T *aux) { (void)aux; return x; }        \
  static inline T prod_##S##_op(T a, T b) { return NDI_ACC_MUL_##K(T, a, b); }       \
  static inline T prod_##S##_id(void) { return (T)1; }

#define PROD_PAIRWISE(S, T, K) PROD_OP(S, T, K) NDI_PW_LOOPS(prod_##S, T, T)

#define PROD_ORDERED(S, T, K)                                                              \
  PROD_OP(S, T, K)                                                                         \
  NDI_PW_COMBINE_FN(prod_##S, T)                                                           \
  NDI_PW_INIT_FN(prod_##S, T)                                                              \
  NDI_HOT static void prod_##S##_row(void *out, const char *in, int64_t s, int64_t n,      \
                                     const void *aux) {                                    \
    (void)aux;                                                                             \
    T r = *(T *)out;                                                                       \
    for (int64_t i = 0; i < n; i++) r = prod_##S##_op(r, *(const T *)(in + i * s));        \
    *(T *)out = r;                                                                         \
  }                                                                                        \
  PROD_COL(prod_##S##_col, T, COL_MUL_##K)                                                 \
  COL_BACKWARD_##K(S, T)

#define PROD_COL(NAME, T, MUL)                                                               \
  NDI_HOT static void NAME(void *out, const char *in, int64_t sk, int64_t sr, int64_t m,    \
                           int64_t nr, const void *aux) {                                   \
    (void)aux;                                                                               \
    T *restrict o = (T *)out;                                                                \
    for (int64_t r = 0; r < nr; r++)                                                         \
      for (int64_t k = 0; k < m; k++) o[k] = MUL(o[k], *(const T *)(in + r * sr + k * sk));  \
  }

/* NumPy multiplies a product along the fast axis with the plain complex formula (its
 * reduce loop) and one across rows with its multiply ufunc: fma per part (ew_complex.h),
 * but the plain formula again where that input runs backwards (col_backward, reduce.h). */
#define COL_MUL_f(a, b) ((a) * (b))
#define COL_MUL_c(a, b) _Generic((a), float _Complex: ndi_cmul_c64, default: ndi_cmul_c128)(a, b)
#define COL_BACKWARD_f(S, T) /* real products have one formula */
#define COL_BACKWARD_c(S, T) COL_BACKWARD_##S(T)
#define COL_BACKWARD_c64(T) PROD_COL(prod_c64_col_backward, T, prod_c64_op)
#define COL_BACKWARD_c128(T) /* NumPy's complex128 multiply uses fma on a backward input too */

#define PROD_b(S, T) PROD_PAIRWISE(S, T, b)
#define PROD_i(S, T) PROD_PAIRWISE(S, T, i)
#define PROD_u(S, T) PROD_PAIRWISE(S, T, u)
#define PROD_f(S, T) PROD_ORDERED(S, T, f)
#define PROD_c(S, T) PROD_ORDERED(S, T, c)
#define DEF_PROD(E, S, T, K, NAME, ...) PROD_##K(S, T)
NDI_DTYPES(DEF_PROD, _)

#define ORDERED_b(S) false, NULL
#define ORDERED_i ORDERED_b
#define ORDERED_u ORDERED_b
#define ORDERED_f(S) true, NULL
#define ORDERED_c(S) true, BACKWARD_##S
#define BACKWARD_c64 prod_c64_col_backward
#define BACKWARD_c128 NULL
#define ENTRY(E, S, T, K, NAME, OP, ...) \
  [E] = {OP##_##S##_row, OP##_##S##_col, OP##_##S##_combine, OP##_##S##_init, __VA_ARGS__},
#define SUM_ENTRY(E, S, T, K, NAME, ...) ENTRY(E, S, T, K, NAME, sum, false, NULL)
#define PROD_ENTRY(E, S, T, K, NAME, ...) ENTRY(E, S, T, K, NAME, prod, ORDERED_##K(S))
const ndi_reduce_kernel ndi_reduce_sum[ND_NUM_DTYPES] = {NDI_DTYPES(SUM_ENTRY, _)};
const ndi_reduce_kernel ndi_reduce_prod[ND_NUM_DTYPES] = {NDI_DTYPES(PROD_ENTRY, _)};
