/* tensordot, vecdot, inner, outer and kron: each labels the axes of its operands and
 * hands them to the contraction engine (contract.c), which reads the operands in place
 * where BLAS can and multiplies elementwise where nothing is summed. */
#include <string.h>

#include "contract.h"
#include "core/dtype.h"
#include "la_common.h"
#include "nd/linalg.h"
#include "nd/views.h"

/* Contracts a and b (axes labelled la, lb; -1 drops an axis of extent 1), keeping the
 * labels `want` in that order; the result dtype is the promoted one. */
static nd_array *contract2(const char *op, const nd_array *a, const int *la, const nd_array *b,
                           const int *lb, int nwant, const int *want, bool conj_a) {
  nd_dtype t = ndi_promote(a->dtype, b->dtype);
  bool keep[NDI_LA_MAX_LABELS] = {false};
  for (int i = 0; i < nwant; i++) keep[want[i]] = true;
  ndi_la_term x = {NULL, {0}}, y = {NULL, {0}}, r = {NULL, {0}};
  nd_status st = ndi_la_make_term(op, a, t, la, &x);
  if (!st) st = ndi_la_make_term(op, b, t, lb, &y);
  if (!st) st = ndi_la_contract(op, &x, &y, keep, nwant, want, conj_a, &r);
  nd_release(x.arr);
  nd_release(y.arr);
  return st ? NULL : ndi_round_result(op, ndi_la_term_finish(op, &r, nwant, want), t);
}

static nd_array *tensordot_impl(const char *op, const nd_array *a, const nd_array *b, int n,
                                const int *axes_a, const int *axes_b) {
  int aa[ND_MAX_DIMS], ab[ND_MAX_DIMS];
  bool seen_a[ND_MAX_DIMS] = {false}, seen_b[ND_MAX_DIMS] = {false};
  if (ndi_normalize_axes(op, n, axes_a, a->ndim, aa, seen_a) ||
      ndi_normalize_axes(op, n, axes_b, b->ndim, ab, seen_b))
    return NULL;
  int la[ND_MAX_DIMS], lb[ND_MAX_DIMS], want[2 * ND_MAX_DIMS], nw = 0;
  for (int i = 0; i < a->ndim; i++) la[i] = i;
  for (int j = 0; j < n; j++) {
    if (a->shape[aa[j]] != b->shape[ab[j]]) {
      char sa[NDI_SHAPE_BUF], sb[NDI_SHAPE_BUF];
      return ndi_error_null(ND_ERR_SHAPE,
                            "%s: %s and %s: summed axes differ (axis %d of a has extent %lld, axis %d of b %lld)",
                            op, ndi_fmt_shape(sa, sizeof sa, a->ndim, a->shape),
                            ndi_fmt_shape(sb, sizeof sb, b->ndim, b->shape), aa[j],
                            (long long)a->shape[aa[j]], ab[j], (long long)b->shape[ab[j]]);
    }
    lb[ab[j]] = aa[j];
  }
  for (int i = 0; i < a->ndim; i++)
    if (!seen_a[i]) want[nw++] = i;
  for (int i = 0; i < b->ndim; i++)
    if (!seen_b[i]) want[nw++] = lb[i] = a->ndim + i;
  if (nw > ND_MAX_DIMS)
    return ndi_error_null(ND_ERR_SHAPE, "%s: the result would have %d axes (at most %d)", op, nw,
                          ND_MAX_DIMS);
  return contract2(op, a, la, b, lb, nw, want, false);
}

nd_array *nd_tensordot(const nd_array *a, const nd_array *b, int naxes) {
  NDI_REQUIRE("tensordot", a);
  NDI_REQUIRE("tensordot", b);
  if (naxes < 0 || naxes > a->ndim || naxes > b->ndim)
    return ndi_error_null(ND_ERR_VALUE,
                          "tensordot: cannot sum over %d axes of arrays with %d and %d axes", naxes,
                          a->ndim, b->ndim);
  int aa[ND_MAX_DIMS], ab[ND_MAX_DIMS];
  for (int j = 0; j < naxes; j++) {
    aa[j] = a->ndim - naxes + j;
    ab[j] = j;
  }
  return tensordot_impl("tensordot", a, b, naxes, aa, ab);
}

nd_array *nd_tensordot_axes(const nd_array *a, const nd_array *b, int naxes, const int *axes_a,
                            const int *axes_b) {
  NDI_REQUIRE("tensordot", a);
  NDI_REQUIRE("tensordot", b);
  if (naxes < 0 || naxes > a->ndim || naxes > b->ndim)
    return ndi_error_null(ND_ERR_VALUE,
                          "tensordot: cannot sum over %d axes of arrays with %d and %d axes", naxes,
                          a->ndim, b->ndim);
  if (naxes > 0) {
    NDI_REQUIRE("tensordot", axes_a);
    NDI_REQUIRE("tensordot", axes_b);
  }
  return tensordot_impl("tensordot", a, b, naxes, axes_a, axes_b);
}

nd_array *nd_vecdot(const nd_array *a, const nd_array *b, int axis) {
  const char *op = "vecdot";
  NDI_REQUIRE(op, a);
  NDI_REQUIRE(op, b);
  int xa, xb;
  if (a->ndim == 0 || b->ndim == 0)
    return ndi_error_null(ND_ERR_SHAPE, "vecdot: operands need at least one axis (got %d and %d)",
                          a->ndim, b->ndim);
  if (ndi_normalize_axis(op, axis, a->ndim, &xa) || ndi_normalize_axis(op, axis, b->ndim, &xb))
    return NULL;
  if (a->shape[xa] != b->shape[xb])
    return ndi_error_null(ND_ERR_SHAPE, "vecdot: axis %d has extent %lld in x1 but %lld in x2",
                          axis, (long long)a->shape[xa], (long long)b->shape[xb]);
  /* The other axes broadcast; a label per result axis, the summed axis gets label nd. */
  int64_t ra[ND_MAX_DIMS], rb[ND_MAX_DIMS], oshape[ND_MAX_DIMS];
  int na = 0, nb = 0, nd;
  for (int i = 0; i < a->ndim; i++)
    if (i != xa) ra[na++] = a->shape[i];
  for (int i = 0; i < b->ndim; i++)
    if (i != xb) rb[nb++] = b->shape[i];
  const int ndims[2] = {na, nb};
  const int64_t *shapes[2] = {ra, rb};
  if (ndi_broadcast_shapes(op, 2, ndims, shapes, &nd, oshape)) return NULL;
  int la[ND_MAX_DIMS], lb[ND_MAX_DIMS], want[ND_MAX_DIMS];
  for (int i = 0, r = 0; i < a->ndim; i++) {
    if (i == xa) { la[i] = nd; continue; }
    int d = nd - na + r++;
    la[i] = (a->shape[i] == 1 && oshape[d] != 1) ? -1 : d;
  }
  for (int i = 0, r = 0; i < b->ndim; i++) {
    if (i == xb) { lb[i] = nd; continue; }
    int d = nd - nb + r++;
    lb[i] = (b->shape[i] == 1 && oshape[d] != 1) ? -1 : d;
  }
  for (int d = 0; d < nd; d++) want[d] = d;
  return contract2(op, a, la, b, lb, nd, want, true);
}

nd_array *nd_inner(const nd_array *a, const nd_array *b) {
  NDI_REQUIRE("inner", a);
  NDI_REQUIRE("inner", b);
  if (a->ndim == 0 || b->ndim == 0) /* NumPy: a scalar operand multiplies */
    return tensordot_impl("inner", a, b, 0, NULL, NULL);
  if (a->shape[a->ndim - 1] != b->shape[b->ndim - 1]) {
    char sa[NDI_SHAPE_BUF], sb[NDI_SHAPE_BUF];
    return ndi_error_null(ND_ERR_SHAPE, "inner: %s and %s: last axes differ (%lld vs %lld)",
                          ndi_fmt_shape(sa, sizeof sa, a->ndim, a->shape),
                          ndi_fmt_shape(sb, sizeof sb, b->ndim, b->shape),
                          (long long)a->shape[a->ndim - 1], (long long)b->shape[b->ndim - 1]);
  }
  const int aa = a->ndim - 1, ab = b->ndim - 1;
  return tensordot_impl("inner", a, b, 1, &aa, &ab);
}

/* a flattened in C order: a view when a is C-contiguous, else a copy whose failure
 * (a large broadcast view, say) names op rather than ravel. */
static nd_array *flat_operand(const char *op, const nd_array *a) {
  nd_array *c = NULL;
  if (!ndi_is_contiguous(a->ndim, a->shape, a->strides, ND_C)) {
    c = ndi_alloc_like(op, a, a->dtype, ND_C);
    if (!c) return NULL;
    ndi_copy_array(c, a);
  }
  nd_array *f = nd_reshape_view(c ? c : (nd_array *)a, 1, &a->size, ND_C);
  nd_release(c);
  return f;
}

/* a and b flattened, out[i, j] = a[i] * b[j]. */
static nd_array *outer_impl(const char *op, const nd_array *a, const nd_array *b) {
  int64_t n;
  if (__builtin_mul_overflow(a->size, b->size, &n))
    return ndi_error_null(ND_ERR_OVERFLOW_SIZE, "%s: a result of %lld x %lld elements overflows int64",
                          op, (long long)a->size, (long long)b->size);
  nd_array *fa = flat_operand(op, a);
  nd_array *fb = fa ? flat_operand(op, b) : NULL;
  nd_array *r = NULL;
  if (fb) {
    const int la = 0, lb = 1, want[2] = {0, 1};
    r = contract2(op, fa, &la, fb, &lb, 2, want, false);
  }
  nd_release(fa);
  nd_release(fb);
  return r;
}

nd_array *nd_outer(const nd_array *a, const nd_array *b) {
  NDI_REQUIRE("outer", a);
  NDI_REQUIRE("outer", b);
  return outer_impl("outer", a, b);
}

nd_array *nd_linalg_outer(const nd_array *x1, const nd_array *x2) {
  const char *op = "linalg.outer";
  NDI_REQUIRE(op, x1);
  NDI_REQUIRE(op, x2);
  if (x1->ndim != 1 || x2->ndim != 1)
    return ndi_error_null(ND_ERR_SHAPE, "%s: x1 and x2 must be 1-D (got %d and %d axes)", op,
                          x1->ndim, x2->ndim);
  return outer_impl(op, x1, x2);
}

nd_array *nd_kron(const nd_array *a, const nd_array *b) {
  NDI_REQUIRE("kron", a);
  NDI_REQUIRE("kron", b);
  /* Shapes padded with leading 1s to the same rank; result axis d of the product
   * [a0, b0, a1, b1, ...] pairs a's and b's axis d, and merging each pair gives
   * a.shape * b.shape. Labels: 2d for a's axis d, 2d + 1 for b's. Axes of extent 1 carry
   * no label (make_term drops them): they change neither the product's elements nor its
   * C order, and without them the product has at most 62 axes whenever the result's size
   * fits in int64 (each remaining extent is at least 2), so operands of up to
   * ND_MAX_DIMS axes work although the product pairs up twice as many. */
  int nd = a->ndim > b->ndim ? a->ndim : b->ndim;
  int la[ND_MAX_DIMS], lb[ND_MAX_DIMS], want[2 * ND_MAX_DIMS], nw = 0;
  int64_t shape[ND_MAX_DIMS], size;
  for (int i = 0; i < a->ndim; i++) la[i] = a->shape[i] == 1 ? -1 : 2 * (nd - a->ndim + i);
  for (int i = 0; i < b->ndim; i++) lb[i] = b->shape[i] == 1 ? -1 : 2 * (nd - b->ndim + i) + 1;
  for (int d = 0; d < nd; d++) {
    int ia = d - (nd - a->ndim), ib = d - (nd - b->ndim);
    int64_t ea = ia >= 0 ? a->shape[ia] : 1, eb = ib >= 0 ? b->shape[ib] : 1;
    if (ea != 1) want[nw++] = 2 * d;
    if (eb != 1) want[nw++] = 2 * d + 1;
    if (__builtin_mul_overflow(ea, eb, &shape[d]))
      return ndi_error_null(ND_ERR_OVERFLOW_SIZE, "kron: extent %lld x %lld overflows", (long long)ea,
                            (long long)eb);
  }
  if (__builtin_mul_overflow(a->size, b->size, &size))
    return ndi_error_null(ND_ERR_OVERFLOW_SIZE, "kron: a result of %lld x %lld elements overflows int64",
                          (long long)a->size, (long long)b->size);
  if (size == 0) /* nothing to compute, and the product's axes need not fit */
    return ndi_array_alloc("kron", ndi_promote(a->dtype, b->dtype), nd, shape, ND_C);
  nd_array *p = contract2("kron", a, la, b, lb, nw, want, false);
  if (!p) return NULL;
  nd_array *r = nd_reshape(p, nd, shape, ND_C); /* a view: p is C-contiguous */
  nd_release(p);
  return r;
}
