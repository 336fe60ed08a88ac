/* diff: n-th discrete difference along an axis, x[i+1] - x[i] repeated n times, after
 * joining prepend and append (nd_concat, which promotes dtypes). The difference loop is
 * kernels/scan.c's (integers wrap; bool gives x[i+1] != x[i], as NumPy). */
#include <string.h>

#include "iter/plan.h"
#include "kernels/argreduce.h"
#include "layout/layout.h"
#include "nd/creation.h"
#include "nd/manipulation.h"
#include "nd/reduce.h"
#include "frontend.h"

/* a[1:] and a[:-1] along the axis, as NumPy's subtract sees them: a's strides over the
 * result's shape (one operand stands for both, which have the same strides). */
typedef struct {
  const nd_array *a;
  const int64_t *shape;
} diff_view;

static void diff_axis_info(const void *ctx, int k, int i, int64_t *extent, int64_t *stride) {
  const diff_view *v = ctx;
  (void)k;
  *extent = v->shape[i];
  *stride = v->a->strides[i];
}

/* One difference along ax: a new array one shorter along it, laid out as NumPy's
 * a[1:] - a[:-1] (an F input gives an F result). */
static nd_array *diff_once(const nd_array *a, int ax) {
  int64_t shape[ND_MAX_DIMS], strides[ND_MAX_DIMS];
  memcpy(shape, a->shape, sizeof(int64_t) * (size_t)a->ndim);
  shape[ax] = a->shape[ax] > 0 ? a->shape[ax] - 1 : 0;
  int perm[ND_MAX_DIMS];
  diff_view v = {a, shape};
  ndi_order_k_perm_multi(NDI_K_ITERATOR, 1, a->ndim, diff_axis_info, &v, perm);
  ndi_strides_for_perm(a->ndim, shape, perm, strides);
  nd_array *out = ndi_array_alloc_strided("diff", a->dtype, a->ndim, shape, strides);
  if (!out || out->size == 0) return out;
  int64_t os[ND_MAX_DIMS], is[ND_MAX_DIMS];
  ndi_byte_strides(out, os);
  ndi_byte_strides(a, is);
  int64_t es = (int64_t)ndi_dtype_size(a->dtype);
  ndi_operand ops[3] = {{out->data, os, es}, {a->data + is[ax], is, es}, {a->data, is, es}};
  ndi_plan p;
  ndi_plan_init(&p, 3, a->ndim, shape, ops, 0);
  ndi_plan_execute(&p, ndi_diff_loops[a->dtype], NULL);
  return out;
}

/* prepend/append as joined to a: a 0-d value is broadcast to a's shape with extent 1
 * along the axis (NumPy); arrays are used as they are (concat checks their shapes). */
static nd_array *edge(const nd_array *a, int ax, const nd_array *e, const char *which) {
  if (e->ndim != 0) {
    bool ok = e->ndim == a->ndim;
    for (int i = 0; ok && i < a->ndim; i++) ok = i == ax || e->shape[i] == a->shape[i];
    if (!ok) {
      char b1[NDI_SHAPE_BUF], b2[NDI_SHAPE_BUF];
      return ndi_error_null(ND_ERR_SHAPE, "diff: %s has shape %s but the array has shape %s (they must match except along axis %d)",
                            which, ndi_fmt_shape(b1, sizeof b1, e->ndim, e->shape),
                            ndi_fmt_shape(b2, sizeof b2, a->ndim, a->shape), ax);
    }
    return nd_retain((nd_array *)e);
  }
  int64_t shape[ND_MAX_DIMS], st[ND_MAX_DIMS] = {0};
  memcpy(shape, a->shape, sizeof(int64_t) * (size_t)a->ndim);
  shape[ax] = 1;
  return ndi_view("diff", e, a->ndim, shape, st, e->offset);
}

nd_array *nd_diff(const nd_array *a, int axis, int n, const nd_array *prepend,
                  const nd_array *append) {
  NDI_REQUIRE("diff", a);
  if (n < 0) return ndi_error_null(ND_ERR_VALUE, "diff: order must be non-negative but got %d", n);
  if (n == 0) return nd_copy(a, ND_K); /* NumPy returns the input as it is, nothing checked */
  if (a->ndim == 0)
    return ndi_error_null(ND_ERR_SHAPE, "diff: requires input that is at least one dimensional");
  int ax;
  if (axis == ND_AXIS_NONE)
    return ndi_error_null(ND_ERR_INDEX, "diff: an axis is required (ND_AXIS_NONE is not accepted; NumPy's default is -1)");
  if (ndi_normalize_axis("diff", axis, a->ndim, &ax)) return NULL;
  nd_array *parts[3];
  int np = 0;
  bool ok = true;
  if (prepend) ok &= (parts[np++] = edge(a, ax, prepend, "prepend")) != NULL;
  parts[np++] = nd_retain((nd_array *)a);
  if (append && ok) ok &= (parts[np++] = edge(a, ax, append, "append")) != NULL;
  nd_array *cur = ok ? nd_concat(np, parts, ax) : NULL;
  for (int i = 0; i < np; i++) nd_release(parts[i]);
  /* once the axis is empty, further differences change nothing */
  for (int k = 0; k < n && cur && cur->shape[ax] > 0; k++) {
    nd_array *next = diff_once(cur, ax);
    nd_release(cur);
    cur = next;
  }
  return cur;
}
