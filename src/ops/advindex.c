/* Integer-array and boolean-mask indexing (NumPy's advanced indexing), its assignment
 * form, and nonzero.
 *
 * The index string is nd_index's, with `?` for each index array. The basic items are
 * applied first as a view (each `?` kept as `:`, a k-dimensional mask as k of them);
 * then every index array (masks become their nonzero coordinates, integers become 0-d
 * index arrays, as NumPy treats them next to arrays) is broadcast to one shape B and
 * turned into byte offsets, and the gather engine moves the elements. NumPy's placement
 * rule: when the advanced indices are next to each other the B axes replace them in
 * place, otherwise they go first. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "iter/copy.h"
#include "iter/gather.h"
#include "kernels/loop.h"
#include "indexing.h"
#include "nd/indexing.h"

#define MAX_ITEMS (2 * ND_MAX_DIMS + 8)

typedef enum { IT_BASIC, IT_ELLIPSIS, IT_NEWAXIS, IT_ADV } item_kind;

typedef struct {
  item_kind kind;
  const nd_array *arr; /* IT_ADV: an integer index array */
  int vaxis;           /* IT_ADV: the axis of the basic view it indexes */
  bool adds_axis;      /* IT_ADV of a 0-d mask: it indexes a new axis of extent 1 */
} item;

typedef struct {
  const char *op;
  int nitems;
  item items[MAX_ITEMS];
  nd_array *owned[MAX_ITEMS]; /* arrays made here (mask coordinates, integers) */
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

/* ---- parsing and planning ---------------------------------------------------------- */

static nd_array *own(adv *x, nd_array *a) {
  if (a) x->owned[x->nowned++] = a;
  return a;
}

static bool is_integer_token(const char *s, size_t len, int64_t *v) {
  char buf[64];
  if (len == 0 || len >= sizeof buf) return false;
  memcpy(buf, s, len);
  buf[len] = 0;
  char *end;
  long long r = strtoll(buf, &end, 10);
  if (end == buf || *end) return false;
  *v = r;
  return true;
}

/* Re-labels a basic-indexing error ("index: ...") with this function's name. */
/* The basic indexer's message, named after op; when its positions refer to the rewritten
 * basic part rather than to what the caller wrote, the caller's spec is quoted too. */
static nd_status relabel(const char *op, nd_status st, const char *spec, const char *basic) {
  const char *m = nd_last_error();
  int code = nd_last_extended_status();
  if (strncmp(m, "index: ", 7) == 0) {
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", m + 7);
    if (strcmp(spec, basic) != 0 && strstr(buf, "position"))
      ndi_error(code, "%s: %s (the basic part of \"%s\", each index array read as ':')", op, buf,
                spec);
    else
      ndi_error(code, "%s: %s", op, buf);
  }
  return st;
}

/* Splits spec, applies its basic part to a, and lists the advanced indices. */
static nd_status parse(adv *x, const nd_array *a, const char *spec, int n,
                       nd_array *const *indices) {
  size_t cap = strlen(spec) * 2 * ND_MAX_DIMS + 16;
  char *basic = ndi_malloc(cap);
  if (!basic) return ndi_nomem(x->op, cap);
  size_t bl = 0;
  int used = 0;
  nd_status st = ND_OK;
  const char *p = spec;
  x->nitems = 0;
  for (;;) {
    const char *q = p;
    while (*q && *q != ',') q++;
    const char *s = p, *e = q;
    while (s < e && isspace((unsigned char)*s)) s++;
    while (e > s && isspace((unsigned char)e[-1])) e--;
    size_t len = (size_t)(e - s);
    bool last = *q == 0;
    if (len == 0 && last && x->nitems == 0) break; /* "" */
    if (x->nitems >= MAX_ITEMS - ND_MAX_DIMS) {
      st = ndi_error(ND_ERR_VALUE_INDEX, "%s: too many index items in \"%s\"", x->op, spec);
      goto done;
    }
    int64_t v;
    if (len > 1 && memchr(s, '?', len)) {
      st = ndi_error(ND_ERR_VALUE_INDEX, "%s: invalid index item \"%.*s\" at position %d of \"%s\" ('?' stands alone for an index array)",
                     x->op, (int)len, s, (int)(s - spec), spec);
      goto done;
    }
    if (len == 1 && *s == '?') {
      if (used >= n) {
        st = ndi_error(ND_ERR_VALUE_INDEX, "%s: more '?' items in \"%s\" than the %d index arrays given", x->op, spec, n);
        goto done;
      }
      const nd_array *ix = indices[used++];
      if (!ix) {
        st = ndi_null_arg_at(x->op, "indices", used - 1);
        goto done;
      }
      if (ix->dtype == ND_BOOL) {
        if (ix->ndim == 0) {
          /* NumPy: a[True] / a[False] add an axis of extent 1 and select it once or not
           * at all, an advanced index of shape [1] or [0] over that new axis */
          int64_t cnt = *(const bool *)ix->data ? 1 : 0;
          nd_array *col = own(x, ndi_array_alloc(x->op, ND_INT64, 1, &cnt, ND_C));
          if (!col) {
            st = ND_ERR_NOMEM;
            goto done;
          }
          if (cnt) ((int64_t *)col->data)[0] = 0;
          x->items[x->nitems++] = (item){IT_ADV, col, 0, true};
          bl += (size_t)snprintf(basic + bl, cap - bl, "%sNone", bl ? "," : "");
          goto next;
        }
        int64_t cnt, *c;
        if ((st = nonzero_coords(x->op, ix, &cnt, &c))) goto done;
        for (int d = 0; d < ix->ndim; d++) {
          nd_array *col = own(x, ndi_array_alloc(x->op, ND_INT64, 1, &cnt, ND_C));
          if (!col) {
            ndi_free(c);
            st = ND_ERR_NOMEM;
            goto done;
          }
          for (int64_t i = 0; i < cnt; i++) ((int64_t *)col->data)[i] = c[i * ix->ndim + d];
          x->items[x->nitems++] = (item){IT_ADV, col, d}; /* vaxis: dimension of the mask, for now */
          bl += (size_t)snprintf(basic + bl, cap - bl, "%s:", bl ? "," : "");
        }
        ndi_free(c);
        /* remember the mask for the shape check */
        x->items[x->nitems - ix->ndim].vaxis = -1 - (used - 1);
      } else {
        if (ndi_check_index_dtype(x->op, ix)) { /* NumPy: an IndexError when indexing */
          st = ndi_error(ND_ERR_INDEX, "%s: arrays used as indices must be of integer or boolean type, got %s",
                         x->op, nd_dtype_name(ix->dtype));
          goto done;
        }
        x->items[x->nitems++] = (item){IT_ADV, ix, 0};
        bl += (size_t)snprintf(basic + bl, cap - bl, "%s:", bl ? "," : "");
      }
    } else if (n > 0 && is_integer_token(s, len, &v)) {
      /* next to index arrays an integer is an advanced index too (NumPy) */
      nd_array *z = own(x, ndi_array_alloc(x->op, ND_INT64, 0, NULL, ND_C));
      if (!z) {
        st = ND_ERR_NOMEM;
        goto done;
      }
      *(int64_t *)z->data = v;
      x->items[x->nitems++] = (item){IT_ADV, z, 0};
      bl += (size_t)snprintf(basic + bl, cap - bl, "%s:", bl ? "," : "");
    } else {
      item_kind k = IT_BASIC;
      if (len == 3 && strncmp(s, "...", 3) == 0) k = IT_ELLIPSIS;
      else if ((len == 4 && strncmp(s, "None", 4) == 0) || (len == 7 && strncmp(s, "newaxis", 7) == 0)) k = IT_NEWAXIS;
      x->items[x->nitems++] = (item){k, NULL, 0};
      bl += (size_t)snprintf(basic + bl, cap - bl, "%s%.*s", bl ? "," : "", (int)len, s);
    }
  next:
    if (last) break;
    p = q + 1;
  }
  if (used != n) {
    st = ndi_error(ND_ERR_VALUE_INDEX, "%s: %d index arrays given but \"%s\" has %d '?' items", x->op, n, spec, used);
    goto done;
  }
  basic[bl] = 0;
  st = ndi_index_apply(basic, a->ndim, a->shape, a->strides, &x->vnd, x->vshape, x->vstrides, &x->voffset);
  if (st) {
    relabel(x->op, st, spec, basic);
    goto done;
  }
  /* axis of the view each item stands for: an ellipsis spans what the others leave */
  int consumed = 0;
  for (int i = 0; i < x->nitems; i++)
    consumed += x->items[i].kind == IT_BASIC || (x->items[i].kind == IT_ADV && !x->items[i].adds_axis);
  int vax = 0;
  for (int i = 0; i < x->nitems; i++) {
    item *it = &x->items[i];
    if (it->kind == IT_ADV) {
      if (it->vaxis < 0) { /* first coordinate of a mask: its axes must match the view's */
        const nd_array *mask = indices[-1 - it->vaxis];
        /* NumPy lets a mask axis of extent 0 stand for an axis of any extent (it selects
         * nothing): x[np.zeros(0, bool)] is empty whatever len(x) */
        for (int d = 0; d < mask->ndim; d++)
          if (mask->shape[d] != 0 && mask->shape[d] != x->vshape[vax + d]) {
            st = ndi_error(ND_ERR_INDEX, "%s: boolean index did not match indexed array along axis %d; size of axis is %lld but size of corresponding boolean axis is %lld",
                           x->op, vax + d, (long long)x->vshape[vax + d], (long long)mask->shape[d]);
            goto done;
          }
      }
      /* NumPy checks an integer (or 0-d index) even when the broadcast index is empty */
      if (it->arr->ndim == 0) {
        int64_t v, extent = x->vshape[vax];
        ndi_convert_one(ND_INT64, &v, it->arr->dtype, it->arr->data);
        bool huge = it->arr->dtype == ND_UINT64 && v < 0;
        if (huge || v < -extent || v >= extent) {
          st = ndi_error(ND_ERR_INDEX, "%s: index %lld%s is out of bounds for axis %d with size %lld",
                         x->op, (long long)v, huge ? " (as int64)" : "", vax, (long long)extent);
          goto done;
        }
      }
      it->vaxis = vax++;
    } else if (it->kind == IT_ELLIPSIS) {
      vax += a->ndim - consumed;
    } else if (it->kind == IT_NEWAXIS) {
      vax++;
    } else {
      vax++; /* a slice keeps its axis (integers were made advanced above when n > 0) */
    }
  }
done:
  ndi_free(basic);
  return st;
}

/* Broadcasts the advanced indices, computes the offsets and the result's layout. */
static nd_status plan(adv *x, int64_t elsize) {
  int ndims[MAX_ITEMS], na = 0, first = -1, lastpos = -1;
  const int64_t *shapes[MAX_ITEMS];
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

static nd_status prepare(adv *x, const char *op, const nd_array *a, const char *spec, int n,
                         nd_array *const *indices) {
  memset(x, 0, sizeof *x);
  x->op = op;
  if (!spec || (n > 0 && !indices)) return ndi_null_arg_named(op, !spec ? "spec" : "indices");
  if (n < 0) return ndi_error(ND_ERR_VALUE, "%s: negative number of index arrays %d", op, n);
  nd_status st = parse(x, a, spec, n, indices);
  if (!st) st = plan(x, (int64_t)ndi_dtype_size(a->dtype));
  return st;
}

static bool has_adv(const adv *x) {
  for (int i = 0; i < x->nitems; i++)
    if (x->items[i].kind == IT_ADV) return true;
  return false;
}

static nd_array *select_impl(const char *op, const nd_array *a, const char *spec, int n,
                             nd_array *const *indices) {
  adv x;
  nd_array *out = NULL;
  if (prepare(&x, op, a, spec, n, indices) == ND_OK) {
    if (!has_adv(&x)) { /* only basic items: a view, as nd_index */
      out = ndi_view(op, a, x.vnd, x.vshape, x.vstrides, a->offset + x.voffset);
    } else {
      out = ndi_array_alloc(op, a->dtype, x.ond, x.oshape, ND_C);
      if (out && out->size > 0) {
        int64_t ob[ND_MAX_DIMS];
        int64_t es = (int64_t)ndi_dtype_size(a->dtype);
        ndi_byte_strides(out, ob);
        ndi_gather_run(x.ond, x.oshape, out->data, ob, a->data + x.voffset * es, x.src_st,
                       (const char *)x.offsets, x.off_st, es);
      }
    }
  }
  adv_free(&x);
  return out;
}

static nd_status assign_impl(const char *op, nd_array *a, const char *spec, int n,
                             nd_array *const *indices, const nd_array *value) {
  nd_status st = ndi_check_writable(op, a);
  if (st) return st;
  if ((st = ndi_check_weak_fits(op, value, a->dtype))) return st;
  if (ndi_dtype_kind(value->dtype) == 'c' && ndi_dtype_kind(a->dtype) != 'c')
    return ndi_error(ND_ERR_TYPE, "%s: cannot cast %s to %s (complex to real discards the imaginary part)",
                     op, ndi_dtype_name(value->dtype), ndi_dtype_name(a->dtype));
  adv x;
  nd_array *tmp = NULL;
  if ((st = prepare(&x, op, a, spec, n, indices))) goto done;
  int64_t es = (int64_t)ndi_dtype_size(a->dtype);
  if (!has_adv(&x)) {
    nd_array *v = ndi_view(op, a, x.vnd, x.vshape, x.vstrides, a->offset + x.voffset);
    st = v ? ndi_assign(op, v, value) : ND_ERR_NOMEM;
    nd_release(v);
    goto done;
  }
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

nd_array *nd_index_arrays(const nd_array *a, const char *spec, int n, nd_array *const *indices) {
  NDI_REQUIRE("index_arrays", a);
  return select_impl("index_arrays", a, spec, n, indices);
}

nd_status nd_index_arrays_assign(nd_array *a, const char *spec, int n, nd_array *const *indices,
                                 const nd_array *value) {
  NDI_REQUIRE_ST("index_arrays_assign", a);
  NDI_REQUIRE_ST("index_arrays_assign", value);
  return assign_impl("index_arrays_assign", a, spec, n, indices, value);
}

nd_array *nd_mask_select(const nd_array *a, const nd_array *mask) {
  NDI_REQUIRE("mask_select", a);
  NDI_REQUIRE("mask_select", mask);
  if (mask->dtype != ND_BOOL)
    return ndi_error_null(ND_ERR_TYPE, "mask_select: the mask must be a bool array, got %s", ndi_dtype_name(mask->dtype));
  nd_array *m = (nd_array *)mask;
  return select_impl("mask_select", a, "?", 1, &m);
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
  nd_array *m = (nd_array *)mask;
  return assign_impl("mask_assign", a, "?", 1, &m, value);
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
  nd_array *m = (nd_array *)mask;
  st = assign_impl("mask_fill", a, "?", 1, &m, v);
  nd_release(v);
  return st;
}
