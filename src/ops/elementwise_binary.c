/* The two-input elementwise functions: the public wrappers of the table's rows
 * (nd/elementwise.h): array, _out, _scalar, _scalar_out and, for operands that do not
 * commute, nd_scalar_<name>. */
#include "ew_rules.h"
#include "kernels/ew.h"
#include "nd/elementwise.h"
#include "ufunc.h"

/* A row of the table (nd/elementwise.h) as the descriptor, the array forms, the forms
 * with a scalar second operand and, for FIRST, the form with a scalar first operand. */
#define DEFINE_BINARY(NAME, FIRST, MIRROR, RULE, ACCEPTS, COST)                            \
  static const ndi_ufunc uf_##NAME = {#NAME, 2, ndi_k_##NAME, NDI_RULE_##RULE,            \
                                      NDI_ACCEPTS_##ACCEPTS, NDI_COST_##COST,             \
                                      NDI_MIXED_##RULE(NAME)};                            \
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
  }                                                                                  \
  DEFINE_SCALAR_##FIRST(NAME)
#define DEFINE_SCALAR_COMMUTES(NAME)
#define DEFINE_SCALAR_MIRROR(NAME)
#define DEFINE_SCALAR_FIRST(NAME) \
  nd_array *nd_scalar_##NAME(nd_scalar a, const nd_array *b) { return scalar_new(&uf_##NAME, b, a, 0); }

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

ND_BINARY_FUNCTIONS(DEFINE_BINARY)
