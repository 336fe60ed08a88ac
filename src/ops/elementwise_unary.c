/* The one-input elementwise functions: their type rules and public wrappers. */
#include "kernels/ew.h"
#include "nd/elementwise.h"
#include "nd/views.h"
#include "ufunc.h"

/* Cost of an element relative to a copy: the thread grain of vector math and libm calls. */
#define MATH_COST 10

#define A_NUMBOOL "numeric and boolean dtypes"
#define A_NUM "numeric dtypes, not bool"
#define A_REALB "real numeric and boolean dtypes, not complex"
#define A_INTB "integer and boolean dtypes"
#define A_BOOL "bool only; compare numbers first, e.g. with nd_not_equal_scalar(x, ND_INT(0))"

#define F_MATH (NDI_UF_INT_TO_FLOAT | NDI_UF_CONTIG)

/* X(name, flags, accepts, cost) */
#define UNARY_FUNCS(X)                                   \
  X(abs, NDI_UF_OUT_REAL, A_NUMBOOL, 1)                  \
  X(negative, 0, A_NUM, 1)                               \
  X(positive, 0, A_NUM, 1)                               \
  X(square, NDI_UF_BOOL_TO_INT8, A_NUMBOOL, 1)           \
  X(reciprocal, NDI_UF_BOOL_TO_INT8, A_NUMBOOL, 1)       \
  X(sign, 0, A_NUM, 1)                                   \
  X(conj, NDI_UF_BOOL_TO_INT8, A_NUMBOOL, 1)             \
  X(exp, F_MATH, A_NUMBOOL, MATH_COST)                   \
  X(expm1, F_MATH, A_NUMBOOL, MATH_COST)                 \
  X(log, F_MATH, A_NUMBOOL, MATH_COST)                   \
  X(log1p, F_MATH, A_NUMBOOL, MATH_COST)                 \
  X(log2, F_MATH, A_NUMBOOL, MATH_COST)                  \
  X(log10, F_MATH, A_NUMBOOL, MATH_COST)                 \
  X(sqrt, NDI_UF_INT_TO_FLOAT, A_NUMBOOL, 2)             \
  X(sin, F_MATH, A_NUMBOOL, MATH_COST)                   \
  X(cos, F_MATH, A_NUMBOOL, MATH_COST)                   \
  X(tan, F_MATH, A_NUMBOOL, MATH_COST)                   \
  X(asin, F_MATH, A_NUMBOOL, MATH_COST)                  \
  X(acos, F_MATH, A_NUMBOOL, MATH_COST)                  \
  X(atan, F_MATH, A_NUMBOOL, MATH_COST)                  \
  X(sinh, F_MATH, A_NUMBOOL, MATH_COST)                  \
  X(cosh, F_MATH, A_NUMBOOL, MATH_COST)                  \
  X(tanh, F_MATH, A_NUMBOOL, MATH_COST)                  \
  X(asinh, F_MATH, A_NUMBOOL, MATH_COST)                 \
  X(acosh, F_MATH, A_NUMBOOL, MATH_COST)                 \
  X(atanh, F_MATH, A_NUMBOOL, MATH_COST)                 \
  X(floor, 0, A_REALB, 1)                                \
  X(ceil, 0, A_REALB, 1)                                 \
  X(trunc, 0, A_REALB, 1)                                \
  X(round, NDI_UF_BOOL_TO_FLOAT, A_NUMBOOL, 1)           \
  X(isnan, NDI_UF_OUT_BOOL, A_NUMBOOL, 1)                \
  X(isinf, NDI_UF_OUT_BOOL, A_NUMBOOL, 1)                \
  X(isfinite, NDI_UF_OUT_BOOL, A_NUMBOOL, 1)             \
  X(signbit, NDI_UF_OUT_BOOL, A_REALB, 1)                \
  X(bitwise_invert, 0, A_INTB, 1)                        \
  X(logical_not, NDI_UF_OUT_BOOL, A_BOOL, 1)

#define DEFINE_UNARY(NAME, FLAGS, ACCEPTS, COST)                                     \
  static const ndi_ufunc uf_##NAME = {#NAME, 1, ndi_k_##NAME, FLAGS, ACCEPTS, COST}; \
  nd_array *nd_##NAME(const nd_array *x) {                                           \
    const nd_array *in[1] = {x};                                                     \
    return ndi_ufunc_new(&uf_##NAME, in);                                            \
  }                                                                                  \
  nd_status nd_##NAME##_out(nd_array *out, const nd_array *x) {                      \
    const nd_array *in[1] = {x};                                                     \
    return ndi_ufunc_out(&uf_##NAME, out, in);                                       \
  }
UNARY_FUNCS(DEFINE_UNARY)

/* real and imag: the views of nd/views.h, copied into out. */
static nd_status part_out(const char *op, nd_array *out, const nd_array *x, int imag) {
  NDI_REQUIRE_ST(op, out);
  NDI_REQUIRE_ST(op, x);
  nd_array *v = imag ? nd_imag((nd_array *)x) : nd_real((nd_array *)x);
  if (!v) return nd_last_status();
  nd_status st = ndi_check_out(op, v->dtype, out);
  if (!st) st = ndi_assign(op, out, v);
  nd_release(v);
  return st;
}

nd_status nd_real_out(nd_array *out, const nd_array *x) { return part_out("real", out, x, 0); }
nd_status nd_imag_out(nd_array *out, const nd_array *x) { return part_out("imag", out, x, 1); }
