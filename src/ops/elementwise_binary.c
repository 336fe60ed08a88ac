/* The two-input elementwise functions: their type rules and public wrappers (array,
 * _out, _scalar, _scalar_out and, for operands that do not commute, nd_scalar_<name>). */
#include "kernels/ew.h"
#include "nd/elementwise.h"
#include "ufunc.h"

#define MATH_COST 10

#define A_ALL "every dtype"
#define A_NUMBOOL "numeric and boolean dtypes"
#define A_NUM "numeric dtypes, not bool; use logical_xor for bool"
#define A_REALB "real numeric and boolean dtypes, not complex"
#define A_INTB "integer and boolean dtypes"
#define A_BOOL "bool only; compare numbers first, e.g. with nd_not_equal_scalar(x, ND_INT(0))"

#define F_CMP (NDI_UF_OUT_BOOL | NDI_UF_COMPARE)
#define F_REAL2 NDI_UF_INT_TO_FLOAT

/* X(name, flags, accepts, cost, exact signed/uint64 loops of the comparisons) */
#define BINARY_FUNCS(X)                                          \
  X(add, 0, A_NUMBOOL, 1, NULL)                                        \
  X(subtract, 0, A_NUM, 1, NULL)                                       \
  X(multiply, 0, A_NUMBOOL, 1, NULL)                                   \
  X(divide, NDI_UF_INT_TO_F64, A_NUMBOOL, 1, NULL)                     \
  X(floor_divide, NDI_UF_BOOL_TO_INT8, A_REALB, 2, NULL)               \
  X(remainder, NDI_UF_BOOL_TO_INT8, A_REALB, 2, NULL)                  \
  X(pow, NDI_UF_BOOL_TO_INT8, A_NUMBOOL, MATH_COST, NULL)              \
  X(equal, F_CMP, A_ALL, 1, ndi_k_equal_mixed)                         \
  X(not_equal, F_CMP, A_ALL, 1, ndi_k_not_equal_mixed)                 \
  X(less, F_CMP, A_ALL, 1, ndi_k_less_mixed)                           \
  X(less_equal, F_CMP, A_ALL, 1, ndi_k_less_equal_mixed)               \
  X(greater, F_CMP, A_ALL, 1, ndi_k_greater_mixed)                     \
  X(greater_equal, F_CMP, A_ALL, 1, ndi_k_greater_equal_mixed)         \
  X(maximum, 0, A_ALL, 1, NULL)                                        \
  X(minimum, 0, A_ALL, 1, NULL)                                        \
  X(atan2, F_REAL2, A_REALB, MATH_COST, NULL)                          \
  X(hypot, F_REAL2, A_REALB, MATH_COST, NULL)                          \
  X(copysign, F_REAL2, A_REALB, 1, NULL)                               \
  X(nextafter, F_REAL2, A_REALB, MATH_COST, NULL)                      \
  X(logaddexp, F_REAL2, A_REALB, MATH_COST, NULL)                      \
  X(bitwise_and, 0, A_INTB, 1, NULL)                                   \
  X(bitwise_or, 0, A_INTB, 1, NULL)                                    \
  X(bitwise_xor, 0, A_INTB, 1, NULL)                                   \
  X(bitwise_left_shift, NDI_UF_BOOL_TO_INT8, A_INTB, 1, NULL)          \
  X(bitwise_right_shift, NDI_UF_BOOL_TO_INT8, A_INTB, 1, NULL)         \
  X(logical_and, NDI_UF_OUT_BOOL, A_BOOL, 1, NULL)                     \
  X(logical_or, NDI_UF_OUT_BOOL, A_BOOL, 1, NULL)                      \
  X(logical_xor, NDI_UF_OUT_BOOL, A_BOOL, 1, NULL)

/* The array forms and the forms with a scalar second operand. */
#define DEFINE_BINARY(NAME, FLAGS, ACCEPTS, COST, MIXED)                                     \
  static const ndi_ufunc uf_##NAME = {#NAME, 2, ndi_k_##NAME, FLAGS, ACCEPTS, COST, MIXED}; \
  nd_array *nd_##NAME(const nd_array *a, const nd_array *b) {                        \
    const nd_array *in[2] = {a, b};                                                  \
    return ndi_ufunc_new(&uf_##NAME, in);                                            \
  }                                                                                  \
  nd_status nd_##NAME##_out(nd_array *out, const nd_array *a, const nd_array *b) {   \
    const nd_array *in[2] = {a, b};                                                  \
    return ndi_ufunc_out(&uf_##NAME, out, in);                                       \
  }                                                                                  \
  nd_array *nd_##NAME##_scalar(const nd_array *a, nd_scalar b) {                     \
    return scalar_new(&uf_##NAME, a, b, 1);                                          \
  }                                                                                  \
  nd_status nd_##NAME##_scalar_out(nd_array *out, const nd_array *a, nd_scalar b) {  \
    return scalar_out(&uf_##NAME, out, a, b);                                        \
  }

/* f(a, s) (pos 1) or f(s, a) (pos 0) with s as a weak scalar. A NULL array is named as
 * the header names it: a in NAME_scalar(a, s), b in nd_scalar_NAME(s, b). */
static nd_array *scalar_new(const ndi_ufunc *f, const nd_array *a, nd_scalar s, int pos) {
  if (!a) return ndi_null_arg_named(f->name, pos ? "a" : "b"), NULL;
  nd_array *w = ndi_weak_new(f->name, s);
  if (!w) return NULL;
  const nd_array *in[2] = {pos ? a : w, pos ? w : a};
  nd_array *r = ndi_ufunc_new(f, in);
  nd_release(w);
  return r;
}

static nd_status scalar_out(const ndi_ufunc *f, nd_array *out, const nd_array *a, nd_scalar s) {
  NDI_REQUIRE_ST(f->name, out);
  NDI_REQUIRE_ST(f->name, a);
  nd_array *w = ndi_weak_new(f->name, s);
  if (!w) return nd_last_status();
  const nd_array *in[2] = {a, w};
  nd_status st = ndi_ufunc_out(f, out, in);
  nd_release(w);
  return st;
}

BINARY_FUNCS(DEFINE_BINARY)

#define DEFINE_REVERSED(NAME) \
  nd_array *nd_scalar_##NAME(nd_scalar a, const nd_array *b) { return scalar_new(&uf_##NAME, b, a, 0); }
DEFINE_REVERSED(subtract)
DEFINE_REVERSED(divide)
DEFINE_REVERSED(floor_divide)
DEFINE_REVERSED(remainder)
DEFINE_REVERSED(pow)
DEFINE_REVERSED(atan2)
DEFINE_REVERSED(copysign)
DEFINE_REVERSED(nextafter)
DEFINE_REVERSED(bitwise_left_shift)
DEFINE_REVERSED(bitwise_right_shift)
