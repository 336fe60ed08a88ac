/* The one-input elementwise functions: the public wrappers of the table's rows
 * (nd/elementwise.h), and real_out and imag_out. */
#include "ew_rules.h"
#include "kernels/ew.h"
#include "nd/elementwise.h"
#include "nd/views.h"
#include "ufunc.h"

/* A row of the table (nd/elementwise.h) as the descriptor and the public functions. */
#define DEFINE_UNARY(NAME, RULE, ACCEPTS, COST)                                        \
  static const ndi_ufunc uf_##NAME = {#NAME, 1, ndi_k_##NAME, NDI_RULE_##RULE,        \
                                      NDI_ACCEPTS_##ACCEPTS, NDI_COST_##COST};         \
  nd_array *nd_##NAME(const nd_array *x) {                                           \
    const nd_array *in[1] = {x};                                                     \
    return ndi_ufunc_new(&uf_##NAME, in);                                            \
  }                                                                                  \
  nd_status nd_##NAME##_out(nd_array *out, const nd_array *x) {                      \
    const nd_array *in[1] = {x};                                                     \
    return ndi_ufunc_out(&uf_##NAME, out, in);                                       \
  }
ND_UNARY_FUNCTIONS(DEFINE_UNARY)

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
