/* Integer-array and boolean-mask indexing (NumPy's advanced indexing) over index items
 * (nd_index_item), its assignment form, and nonzero.
 *
 * Index items without index arrays are basic indexing: a view (layout/index_basic.c).
 * With index arrays, the basic items are applied first as a view (each integer array read
 * as ':', a k-dimensional mask as k of them, a 0-d mask as None); then every index array
 * (masks become their nonzero coordinates, integers become 0-d index arrays, as NumPy
 * treats them next to arrays) is broadcast to one shape B and turned into byte offsets,
 * and the gather engine moves the elements. NumPy's placement rule: when the advanced
 * indices are next to each other the B axes replace them in place, otherwise they go
 * first. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "iter/copy.h"
#include "iter/gather.h"
#include "kernels/loop.h"
#include "indexing.h"
#include "nd/indexing.h"

typedef enum { IT_BASIC, IT_ELLIPSIS, IT_NEWAXIS, IT_ADV } item_kind;

typedef struct {
  item_kind kind;
  const nd_array *arr;  /* IT_ADV: an integer index array */
  const nd_array *mask; /* IT_ADV, first coordinate of a mask: the mask (its shape is checked) */
  int vaxis;            /* IT_ADV: the axis of the basic view it indexes */
  bool adds_axis;       /* IT_ADV of a 0-d mask: it indexes a new axis of extent 1 */
} item;

typedef struct {
  const char *op;
  /* the items with masks expanded (one per dimension), and the basic part: each index
   * array read as ':' (a 0-d mask as None) */
  int nitems;
  item *items;
  nd_index_item *basic;
  nd_array **owned; /* arrays made here (mask coordinates, integers) */
  int nowned;
  /* the basic view */
  int vnd;
  int64_t vshape[ND_MAX_DIMS], vstrides[ND_MAX_DIMS], voffset;
  /* the result: shape, and per axis the source stride (bytes) and offset stride */
  int ond;
  int64_t oshape[ND_MAX_DIMS], src_st[ND_MAX_DIMS], off_st[ND_MAX_DIMS];
  int nb;
  int64_t bshape[ND_MAX_DIMS];
  int64_t *offsets; /* over B, C order */
} adv;

static void adv_free(adv *x) {
  for (int i = 0; i < x->nowned; i++) nd_release(x->owned[i]);
  ndi_free(x->items);
  ndi_free(x->offsets);
}

/* ---- nonzero coordinates ----------------------------------------------------------- */

/* The coordinates of the nonzero elements of a in C order: (*coords)[i * ndim + d]. */
static nd_status nonzero_coords(const char *op, const nd_array *a, int64_t *count,
                                int64_t **coords) {
  *coords = NULL;
  *count = 0;
  int nd = a->ndim;
  if (a->size == 0) return ND_OK;
  nd_array *b = ndi_array_alloc(op, ND_BOOL, nd, a->shape, ND_C);
  if (!b) return nd_last_status();
  ndi_copy_array(b, a);
  const bool *m = (const bool *)b->data;
  int64_t n = 0;
  for (int64_t i = 0; i < a->size; i++) n += m[i];
  size_t bytes = (size_t)(n ? n : 1) * (size_t)(nd ? nd : 1) * sizeof(int64_t);
  int64_t *c = ndi_malloc(bytes);
  if (!c) {
    nd_release(b);
    return ndi_nomem(op, bytes);
  }
  int64_t idx[ND_MAX_DIMS] = {0}, k = 0;
  for (int64_t i = 0; i < a->size; i++) {
    if (m[i]) {
      memcpy(c + k * nd, idx, sizeof(int64_t) * (size_t)nd);
      k++;
    }
    for (int d = nd - 1; d >= 0; d--) {
      if (++idx[d] < a->shape[d]) break;
      idx[d] = 0;
    }
  }
  nd_release(b);
  *count = n;
  *coords = c;
  return ND_OK;
}

nd_status nd_nonzero(const nd_array *a, nd_array **out) {
  NDI_REQUIRE_ST("nonzero", a);
  if (!out) return ndi_null_arg_named("nonzero", "out");
  if (a->ndim == 0)
    return ndi_error(ND_ERR_SHAPE, "nonzero: a zero-dimensional array has no coordinates (use an array of one dimension)");
  int64_t n, *c;
  nd_status st = nonzero_coords("nonzero", a, &n, &c);
  if (st) return st;
  for (int d = 0; d < a->ndim; d++) {
    out[d] = ndi_array_alloc("nonzero", ND_INT64, 1, &n, ND_C);
    if (!out[d]) {
      for (int q = 0; q < d; q++) {
        nd_release(out[q]);
        out[q] = NULL;
      }
      ndi_free(c);
      return ND_ERR_NOMEM;
    }
    int64_t *o = (int64_t *)out[d]->data;
    for (int64_t i = 0; i < n; i++) o[i] = c[i * a->ndim + d];
  }
  ndi_free(c);
  return ND_OK;
}

/* ---- expanding the items ------------------------------------------------------------- */

static bool has_array_item(int n, const nd_index_item *items) {
  for (int k = 0; k < n; k++)
    if (items[k].kind == ND_ITEM_ARRAY) return true;
  return false;
}

static nd_array *own(adv *x, nd_array *a) {
  if (a) x->owned[x->nowned++] = a;
  return a;
}

static void push(adv *x, item it, nd_index_item basic) {
  x->items[x->nitems] = it;
  x->basic[x->nitems++] = basic;
}

/* An index array item: an integer array indexes one axis, a k-dimensional mask k axes
 * (through its nonzero coordinates), a 0-d mask a new axis of extent 1. */
static nd_status expand_array(adv *x, const nd_array *ix) {
  if (ix->dtype == ND_BOOL && ix->ndim == 0) {
    /* NumPy: a[True] / a[False] add an axis of extent 1 and select it once or not at all,
     * an advanced index of shape [1] or [0] over that new axis */
    int64_t cnt = *(const bool *)ix->data ? 1 : 0;
    nd_array *col = own(x, ndi_array_alloc(x->op, ND_INT64, 1, &cnt, ND_C));
    if (!col) return ND_ERR_NOMEM;
    if (cnt) ((int64_t *)col->data)[0] = 0;
    push(x, (item){IT_ADV, col, NULL, 0, true}, ND_NEWAXIS);
    return ND_OK;
  }
  if (ix->dtype == ND_BOOL) {
    int64_t cnt, *c;
    nd_status st = nonzero_coords(x->op, ix, &cnt, &c);
    if (st) return st;
    for (int d = 0; d < ix->ndim; d++) {
      nd_array *col = own(x, ndi_array_alloc(x->op, ND_INT64, 1, &cnt, ND_C));
      if (!col) {
        ndi_free(c);
        return ND_ERR_NOMEM;
      }
      for (int64_t i = 0; i < cnt; i++) ((int64_t *)col->data)[i] = c[i * ix->ndim + d];
      push(x, (item){IT_ADV, col, d == 0 ? ix : NULL, 0, false}, ND_ALL);
    }
    ndi_free(c);
    return ND_OK;
  }
  if (ndi_check_index_dtype(x->op, ix)) /* NumPy: an IndexError when indexing */
    return ndi_error(ND_ERR_INDEX, "%s: arrays used as indices must be of integer or boolean type, got %s",
                     x->op, nd_dtype_name(ix->dtype));
  push(x, (item){IT_ADV, ix, NULL, 0, false}, ND_ALL);
  return ND_OK;
}

/* Lists the items with masks expanded and integers made 0-d index arrays, and the basic
 * part. */
static nd_status expand(adv *x, int n, const nd_index_item *items) {
  int total = 0;
  for (int k = 0; k < n; k++)
    total += items[k].kind == ND_ITEM_ARRAY && items[k].array && items[k].array->dtype == ND_BOOL &&
                     items[k].array->ndim > 1
                 ? items[k].array->ndim
                 : 1;
  size_t bytes = (size_t)total * (sizeof(item) + sizeof(nd_index_item) + sizeof(nd_array *));
  x->items = ndi_malloc(bytes ? bytes : 1);
  if (!x->items) return ndi_nomem(x->op, bytes);
  x->basic = (nd_index_item *)(x->items + total);
  x->owned = (nd_array **)(x->basic + total);
  for (int k = 0; k < n; k++) {
    const nd_index_item *it = &items[k];
    nd_status st = ND_OK;
    switch (it->kind) {
      case ND_ITEM_ARRAY:
        if (!it->array) {
          char name[32];
          snprintf(name, sizeof name, "items[%d].array", k);
          return ndi_null_arg_named(x->op, name);
        }
        st = expand_array(x, it->array);
        break;
      case ND_ITEM_INT: {
        /* next to index arrays an integer is an advanced index too (NumPy) */
        nd_array *z = own(x, ndi_array_alloc(x->op, ND_INT64, 0, NULL, ND_C));
        if (!z) return ND_ERR_NOMEM;
        *(int64_t *)z->data = it->index;
        push(x, (item){IT_ADV, z, NULL, 0, false}, ND_ALL);
        break;
      }
      case ND_ITEM_SLICE: push(x, (item){IT_BASIC}, *it); break;
      case ND_ITEM_NEWAXIS: push(x, (item){IT_NEWAXIS}, *it); break;
      case ND_ITEM_ELLIPSIS: push(x, (item){IT_ELLIPSIS}, *it); break;
      default: return ndi_error(ND_ERR_VALUE, "%s: items[%d] has an invalid kind %d", x->op, k, (int)it->kind);
    }
    if (st) return st;
  }
  return ND_OK;
}

/* Applies the basic part as a view and finds the axis of the view each index array
 * indexes; checks masks' shapes and integers against their axes. */
static nd_status locate(adv *x, const nd_array *a) {
  nd_status st = ndi_index_basic(x->op, a->ndim, a->shape, a->strides, x->nitems, x->basic,
                                 &x->vnd, x->vshape, x->vstrides, &x->voffset);
  if (st) return st;
  /* axis of the view each item stands for: an ellipsis spans what the others leave */
  int consumed = 0;
  for (int i = 0; i < x->nitems; i++)
    consumed += x->items[i].kind == IT_BASIC || (x->items[i].kind == IT_ADV && !x->items[i].adds_axis);
  int vax = 0;
  for (int i = 0; i < x->nitems; i++) {
    item *it = &x->items[i];
    if (it->kind == IT_ADV) {
      if (it->mask) { /* first coordinate of a mask: its axes must match the view's */
        /* NumPy lets a mask axis of extent 0 stand for an axis of any extent (it selects
         * nothing): x[np.zeros(0, bool)] is empty whatever len(x) */
        for (int d = 0; d < it->mask->ndim; d++)
          if (it->mask->shape[d] != 0 && it->mask->shape[d] != x->vshape[vax + d])
            return ndi_error(ND_ERR_INDEX, "%s: boolean index did not match indexed array along axis %d; size of axis is %lld but size of corresponding boolean axis is %lld",
                             x->op, vax + d, (long long)x->vshape[vax + d], (long long)it->mask->shape[d]);
      }
      /* NumPy checks an integer (or 0-d index) even when the broadcast index is empty */
      if (it->arr->ndim == 0) {
        int64_t v, extent = x->vshape[vax];
        ndi_convert_one(ND_INT64, &v, it->arr->dtype, it->arr->data);
        bool huge = it->arr->dtype == ND_UINT64 && v < 0;
        if (huge || v < -extent || v >= extent)
          return ndi_error(ND_ERR_INDEX, "%s: index %lld%s is out of bounds for axis %d with size %lld",
                           x->op, (long long)v, huge ? " (as int64)" : "", vax, (long long)extent);
      }
      it->vaxis = vax++;
    } else if (it->kind == IT_ELLIPSIS) {
      vax += a->ndim - consumed;
    } else {
      vax++; /* a slice keeps its axis, None adds one */
    }
  }
  return ND_OK;
}

/* Broadcasts the advanced indices, computes the offsets and the result's layout. */
static nd_status plan(adv *x, int64_t elsize) {
  /* after locate, each index array indexes an axis of the view: at most ND_MAX_DIMS */
  int ndims[ND_MAX_DIMS], na = 0, first = -1, lastpos = -1;
  const int64_t *shapes[ND_MAX_DIMS];
  bool adjacent = true;
  for (int i = 0; i < x->nitems; i++) {
    if (x->items[i].kind != IT_ADV) continue;
    if (first < 0) first = i;
    else if (lastpos != i - 1) adjacent = false;
    lastpos = i;
    ndims[na] = x->items[i].arr->ndim;
    shapes[na++] = x->items[i].arr->shape;
  }
  if (na == 0) return ND_OK; /* basic indexing only: the view is the answer */
  nd_status st = ndi_broadcast_shapes(x->op, na, ndims, shapes, &x->nb, x->bshape);
  /* index arrays that do not broadcast are an indexing error, NumPy's IndexError (the
   * message may be its own argument: ndi_error formats through a buffer of its own) */
  if (st == ND_ERR_SHAPE) return ndi_error(ND_ERR_INDEX, "%s", nd_last_error());
  if (st) return st;
  int64_t nbsize = 1, bc[ND_MAX_DIMS];
  for (int i = 0; i < x->nb; i++) nbsize *= x->bshape[i];
  x->offsets = ndi_malloc((size_t)(nbsize ? nbsize : 1) * sizeof(int64_t));
  if (!x->offsets) return ndi_nomem(x->op, (size_t)nbsize * sizeof(int64_t));
  bool firstarr = true;
  bool is_adv_axis[ND_MAX_DIMS] = {false};
  for (int i = 0; i < x->nitems; i++) {
    const item *it = &x->items[i];
    if (it->kind != IT_ADV) continue;
    is_adv_axis[it->vaxis] = true;
    st = ndi_index_offsets(x->op, it->arr, x->nb, x->bshape, x->vshape[it->vaxis],
                           x->vstrides[it->vaxis] * elsize, it->vaxis, x->offsets, !firstarr);
    if (st) return st;
    firstarr = false;
  }
  int insert_at = adjacent ? x->items[first].vaxis : 0;
  if (x->vnd - na + x->nb > ND_MAX_DIMS)
    return ndi_error(ND_ERR_VALUE, "%s: the result would have more than %d dimensions", x->op, ND_MAX_DIMS);
  ndi_contiguous_strides(x->nb, x->bshape, ND_C, bc);
  x->ond = 0;
  for (int v = 0; v <= x->vnd; v++) {
    if (v == insert_at)
      for (int j = 0; j < x->nb; j++) {
        x->oshape[x->ond] = x->bshape[j];
        x->src_st[x->ond] = 0;
        x->off_st[x->ond++] = bc[j] * 8;
      }
    if (v == x->vnd || is_adv_axis[v]) continue;
    x->oshape[x->ond] = x->vshape[v];
    x->src_st[x->ond] = x->vstrides[v] * elsize;
    x->off_st[x->ond++] = 0;
  }
  return ND_OK;
}

static nd_status prepare(adv *x, const char *op, const nd_array *a, int n,
                         const nd_index_item *items) {
  memset(x, 0, sizeof *x);
  x->op = op;
  nd_status st = expand(x, n, items);
  if (!st) st = locate(x, a);
  if (!st) st = plan(x, (int64_t)ndi_dtype_size(a->dtype));
  return st;
}

/* a[items] for items with index arrays: a new C-ordered array. */
static nd_array *select_adv(const char *op, const nd_array *a, int n, const nd_index_item *items) {
  adv x;
  nd_array *out = NULL;
  if (prepare(&x, op, a, n, items) == ND_OK) {
    out = ndi_array_alloc(op, a->dtype, x.ond, x.oshape, ND_C);
    if (out && out->size > 0) {
      int64_t ob[ND_MAX_DIMS];
      int64_t es = (int64_t)ndi_dtype_size(a->dtype);
      ndi_byte_strides(out, ob);
      ndi_gather_run(x.ond, x.oshape, out->data, ob, a->data + x.voffset * es, x.src_st,
                     (const char *)x.offsets, x.off_st, es);
    }
  }
  adv_free(&x);
  return out;
}

/* a[items] = value for items with index arrays. */
static nd_status assign_adv(const char *op, nd_array *a, int n, const nd_index_item *items,
                            const nd_array *value) {
  adv x;
  nd_array *tmp = NULL;
  nd_status st = prepare(&x, op, a, n, items);
  if (st) goto done;
  int64_t es = (int64_t)ndi_dtype_size(a->dtype);
  /* Like NumPy, the value may have extra leading axes of extent 1. */
  int lead = 0;
  while (value->ndim - lead > x.ond && value->shape[lead] == 1) lead++;
  int64_t vs[ND_MAX_DIMS];
  if ((st = ndi_broadcast_strides(op, value->ndim - lead, value->shape + lead,
                                  value->strides + lead, x.ond, x.oshape, vs)))
    goto done;
  int64_t total = 1;
  for (int i = 0; i < x.ond; i++) total *= x.oshape[i];
  if (total == 0) goto done;
  /* the values in a's dtype, read before any write (they may overlap a) */
  tmp = ndi_array_alloc(op, a->dtype, x.ond, x.oshape, ND_C);
  if (!tmp) {
    st = ND_ERR_NOMEM;
    goto done;
  }
  ndi_copy_layout(x.ond, x.oshape, (ndi_layout_ref){tmp->data, tmp->strides, a->dtype},
                  (ndi_layout_ref){value->data, vs, value->dtype});
  int64_t tb[ND_MAX_DIMS];
  ndi_byte_strides(tmp, tb);
  ndi_scatter_run(x.ond, x.oshape, a->data + x.voffset * es, x.src_st, tmp->data, tb,
                  (const char *)x.offsets, x.off_st, es);
done:
  nd_release(tmp);
  adv_free(&x);
  return st;
}

/* The view a[items] for items without index arrays. */
static nd_array *select_basic(const char *op, const nd_array *a, int n, const nd_index_item *items) {
  int nd;
  int64_t shape[ND_MAX_DIMS], strides[ND_MAX_DIMS], off;
  if (ndi_index_basic(op, a->ndim, a->shape, a->strides, n, items, &nd, shape, strides, &off))
    return NULL;
  return ndi_view(op, a, nd, shape, strides, a->offset + off);
}

static nd_status check_items(const char *op, int n, const nd_index_item *items) {
  if (n < 0) return ndi_error(ND_ERR_VALUE, "%s: negative number of index items %d", op, n);
  if (n > 0 && !items) return ndi_null_arg_named(op, "items");
  return ND_OK;
}

nd_array *ndi_index_read(const char *op, const nd_array *a, int n, const nd_index_item *items) {
  if (check_items(op, n, items)) return NULL;
  if (!has_array_item(n, items)) return select_basic(op, a, n, items);
  return select_adv(op, a, n, items);
}

nd_status ndi_index_write(const char *op, nd_array *a, int n, const nd_index_item *items,
                          const nd_array *value) {
  nd_status st = check_items(op, n, items);
  if (st || (st = ndi_check_writable(op, a))) return st;
  if ((st = ndi_check_weak_fits(op, value, a->dtype))) return st;
  if (ndi_dtype_kind(value->dtype) == 'c' && ndi_dtype_kind(a->dtype) != 'c')
    return ndi_error(ND_ERR_TYPE, "%s: cannot cast %s to %s (complex to real discards the imaginary part)",
                     op, ndi_dtype_name(value->dtype), ndi_dtype_name(a->dtype));
  if (has_array_item(n, items)) return assign_adv(op, a, n, items, value);
  nd_array *v = select_basic(op, a, n, items);
  if (!v) return nd_last_status();
  st = ndi_assign(op, v, value);
  nd_release(v);
  return st;
}

nd_array *nd_mask_select(const nd_array *a, const nd_array *mask) {
  NDI_REQUIRE("mask_select", a);
  NDI_REQUIRE("mask_select", mask);
  if (mask->dtype != ND_BOOL)
    return ndi_error_null(ND_ERR_TYPE, "mask_select: the mask must be a bool array, got %s", ndi_dtype_name(mask->dtype));
  return select_adv("mask_select", a, ND_ITEMS(ND_INDICES(mask)));
}

nd_status nd_mask_assign(nd_array *a, const nd_array *mask, const nd_array *value) {
  NDI_REQUIRE_ST("mask_assign", a);
  NDI_REQUIRE_ST("mask_assign", mask);
  NDI_REQUIRE_ST("mask_assign", value);
  if (mask->dtype != ND_BOOL)
    return ndi_error(ND_ERR_TYPE, "mask_assign: the mask must be a bool array, got %s", ndi_dtype_name(mask->dtype));
  /* NumPy's path for a mask over every axis takes a 0-d or 1-d value only */
  if (mask->ndim == a->ndim && value->ndim > 1)
    return ndi_error(ND_ERR_SHAPE, "mask_assign: a mask over every axis takes a 0-d or 1-d value, got %d dimensions",
                     value->ndim);
  return ndi_index_write("mask_assign", a, ND_ITEMS(ND_INDICES(mask)), value);
}

nd_status nd_mask_fill(nd_array *a, const nd_array *mask, nd_scalar value) {
  NDI_REQUIRE_ST("mask_fill", a);
  NDI_REQUIRE_ST("mask_fill", mask);
  if (mask->dtype != ND_BOOL)
    return ndi_error(ND_ERR_TYPE, "mask_fill: the mask must be a bool array, got %s", ndi_dtype_name(mask->dtype));
  _Alignas(16) char elem[16];
  nd_status st = ndi_check_float_assign("mask_fill", value, a->dtype);
  if (st || (st = ndi_scalar_to("mask_fill", value, a->dtype, elem))) return st;
  nd_array *v = ndi_array_alloc("mask_fill", a->dtype, 0, NULL, ND_C);
  if (!v) return ND_ERR_NOMEM;
  memcpy(v->data, elem, ndi_dtype_size(a->dtype));
  st = ndi_index_write("mask_fill", a, ND_ITEMS(ND_INDICES(mask)), v);
  nd_release(v);
  return st;
}
