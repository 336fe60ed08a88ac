/* Polar decomposition (nd_linalg_polar) from the SVD a = W S V^H, as scipy.linalg.polar:
 * U = W V^H and P = V S V^H (a = U P) or P = W S W^H (a = P U). The SVD runs in double
 * precision (the input converted first), the results are rounded at the end. */
#include "core/dtype.h"
#include "lapack_batch.h"
#include "nd/elementwise.h"
#include "nd/matfunc.h"
#include "nd/views.h"

/* x^H (the transpose of the last two axes, conjugated for complex x) */
static nd_array *adjoint(nd_array *x) {
  nd_array *t = nd_matrix_transpose(x);
  if (!t || ndi_dtype_kind(x->dtype) != 'c') return t;
  nd_array *c = nd_conj(t);
  nd_release(t);
  return c;
}

nd_status nd_linalg_polar(const nd_array *a, bool left, nd_array **u, nd_array **p) {
  const char *op = "polar";
  NDI_REQUIRE_ST(op, a);
  NDI_REQUIRE_ST(op, u);
  NDI_REQUIRE_ST(op, p);
  *u = *p = NULL;
  if (ndi_la_check_matrix(op, a, false)) return nd_last_status();
  nd_dtype ct, rt;
  ndi_la_dtypes(1, &a->dtype, &ct, &rt);
  nd_array *ad = ndi_la_as_dtype(op, a, ct), *w = NULL, *s = NULL, *vh = NULL;
  if (!ad || ndi_la_svd(op, ad, false, true, &w, &s, &vh)) {
    nd_release(ad);
    return nd_last_status();
  }
  /* P = X diag(s) X^H with X = V (right) or W (left): (X * s[..., None, :]) @ X^H */
  nd_array *x = left ? nd_retain(w) : adjoint(vh), *xh = left ? adjoint(w) : nd_retain(vh);
  nd_array *srow = nd_expand_dims(s, -2), *xs = x && srow ? nd_multiply(x, srow) : NULL;
  nd_array *pd = xs && xh ? ndi_la_matmul(op, xs, xh) : NULL, *ud = pd ? ndi_la_matmul(op, w, vh) : NULL;
  nd_array *U = ud ? ndi_la_as_dtype(op, ud, rt) : NULL, *P = U ? ndi_la_as_dtype(op, pd, rt) : NULL;
  nd_array *tmp[] = {ad, w, s, vh, x, xh, srow, xs, pd, ud};
  for (size_t i = 0; i < sizeof tmp / sizeof *tmp; i++) nd_release(tmp[i]);
  if (!P) {
    nd_release(U);
    return nd_last_status();
  }
  *u = U;
  *p = P;
  return ND_OK;
}
