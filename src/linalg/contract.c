/* Pairwise contraction as a batched GEMM: see contract.h. */
#include "contract.h"
#include "contract_map.h"
#include "contract_small.h"
#include "dot_full.h"

#include <string.h>

#include "blas.h"
#include "core/dtype.h"
#include "iter/plan.h"
#include "kernels/la_kernels.h"
#include "la_common.h"

typedef ndi_lablist lablist;
typedef ndi_labeled labeled;
#define label_layout ndi_la_label_layout
#define merge ndi_la_merge
#define in_want_order(g, n, w) ndi_la_in_order(g, n, w)
#define append ndi_la_append

static int64_t dim_of(const ndi_la_term *x, const labeled *Lx, const ndi_la_term *y,
                      const labeled *Ly, int l) {
  if (Lx->pos[l] >= 0) return x->arr->shape[Lx->pos[l]];
  return y->arr->shape[Ly->pos[l]];
}

/* A new C-contiguous array with axes `order` (extents from x or y). */
static nd_array *alloc_for(const char *op, nd_dtype t, const lablist *order,
                           const ndi_la_term *x, const labeled *Lx, const ndi_la_term *y,
                           const labeled *Ly) {
  int64_t shape[ND_MAX_DIMS];
  for (int i = 0; i < order->n; i++) shape[i] = dim_of(x, Lx, y, Ly, order->lab[i]);
  return ndi_array_alloc(op, t, order->n, shape, ND_C);
}

nd_array *ndi_la_term_view(const char *op, const ndi_la_term *t, int n, const int *order) {
  int64_t shape[ND_MAX_DIMS], strides[ND_MAX_DIMS];
  for (int i = 0; i < n; i++) {
    int ax = 0;
    while (t->lab[ax] != order[i]) ax++;
    shape[i] = t->arr->shape[ax];
    strides[i] = t->arr->strides[ax];
  }
  return ndi_view(op, t->arr, n, shape, strides, t->arr->offset);
}

/* t copied into a C-contiguous array with axes `order` (the transposing copy engine). */
static nd_status pack_term(const char *op, const ndi_la_term *t, const lablist *order,
                           ndi_la_term *out) {
  nd_array *v = ndi_la_term_view(op, t, order->n, order->lab);
  if (!v) return nd_last_status();
  nd_array *c = ndi_array_alloc(op, v->dtype, v->ndim, v->shape, ND_C);
  if (c) ndi_copy_array(c, v);
  nd_release(v);
  if (!c) return nd_last_status();
  out->arr = c;
  memcpy(out->lab, order->lab, sizeof(int) * (size_t)order->n);
  return ND_OK;
}

/* x summed over `sum` (some of its labels), keeping the labels keep[] marks: x times a
 * broadcast (stride-0) array of ones carrying the summed labels. */
static nd_status sum_labels(const char *op, const ndi_la_term *x, const lablist *sum,
                            const bool *keep, int nwant, const int *want, bool conj_x,
                            ndi_la_term *out) {
  nd_array *one = ndi_array_alloc(op, x->arr->dtype, 0, NULL, ND_C);
  if (!one) return nd_last_status();
  nd_status st = ndi_fill(op, one, ND_INT(1));
  labeled Lx;
  label_layout(&Lx, x->arr->ndim, x->arr->shape, x->arr->strides, x->lab);
  int64_t shape[ND_MAX_DIMS], zero[ND_MAX_DIMS] = {0};
  for (int i = 0; i < sum->n; i++) shape[i] = x->arr->shape[Lx.pos[sum->lab[i]]];
  ndi_la_term ones = {ndi_view(op, one, sum->n, shape, zero, 0), {0}};
  nd_release(one);
  if (!ones.arr) return nd_last_status();
  memcpy(ones.lab, sum->lab, sizeof(int) * (size_t)sum->n);
  if (!st) st = ndi_la_contract(op, x, &ones, keep, nwant, want, conj_x, out);
  nd_release(ones.arr);
  return st;
}

/* x summed over `sum` (labels of x alone), keeping all its other labels. */
static nd_status sum_out(const char *op, const ndi_la_term *x, const lablist *sum, bool conj_x,
                         ndi_la_term *out) {
  bool keep[NDI_LA_MAX_LABELS] = {false};
  for (int i = 0; i < x->arr->ndim; i++) keep[x->lab[i]] = true;
  for (int i = 0; i < sum->n; i++) keep[sum->lab[i]] = false;
  return sum_labels(op, x, sum, keep, 0, NULL, conj_x, out);
}

/* No summed label: out = x * y elementwise, broadcast over the labels either lacks. */
static nd_status multiply(const char *op, const ndi_la_term *x, const labeled *Lx,
                          const ndi_la_term *y, const labeled *Ly, const lablist *order,
                          ndi_la_term *out) {
  if (ndi_is_half(x->arr->dtype)) { /* in float32, as every 16-bit contraction */
    ndi_la_term wx = {ndi_la_as_dtype(op, x->arr, ND_FLOAT32), {0}};
    ndi_la_term wy = {wx.arr ? ndi_la_as_dtype(op, y->arr, ND_FLOAT32) : NULL, {0}};
    nd_status st = wy.arr ? ND_OK : nd_last_status();
    if (!st) {
      memcpy(wx.lab, x->lab, sizeof wx.lab);
      memcpy(wy.lab, y->lab, sizeof wy.lab);
      st = multiply(op, &wx, Lx, &wy, Ly, order, out);
    }
    nd_release(wx.arr);
    nd_release(wy.arr);
    return st;
  }
  nd_array *r = alloc_for(op, x->arr->dtype, order, x, Lx, y, Ly);
  if (!r) return nd_last_status();
  int64_t es = (int64_t)ndi_dtype_size(r->dtype);
  int64_t so[ND_MAX_DIMS], sx[ND_MAX_DIMS], sy[ND_MAX_DIMS];
  for (int i = 0; i < order->n; i++) {
    int l = order->lab[i], ax = Lx->pos[l], ay = Ly->pos[l];
    so[i] = r->strides[i] * es;
    sx[i] = ax >= 0 ? x->arr->strides[ax] * es : 0;
    sy[i] = ay >= 0 ? y->arr->strides[ay] * es : 0;
  }
  ndi_operand ops[3] = {{r->data, so, es}, {x->arr->data, sx, es}, {y->arr->data, sy, es}};
  ndi_plan plan;
  ndi_plan_init(&plan, 3, order->n, r->shape, ops, 0);
  ndi_plan_execute(&plan, ndi_la_mul_loops[r->dtype], NULL);
  out->arr = r;
  memcpy(out->lab, order->lab, sizeof(int) * (size_t)order->n);
  return ND_OK;
}

static nd_status gemm_terms(const char *op, const ndi_la_term *x, const ndi_la_term *y,
                            const ndi_la_map *map, bool conj_x, ndi_la_term *out) {
  labeled Lx, Ly, Lo;
  label_layout(&Lx, x->arr->ndim, x->arr->shape, x->arr->strides, x->lab);
  label_layout(&Ly, y->arr->ndim, y->arr->shape, y->arr->strides, y->lab);
  /* 16-bit floats: float32 products (rounded once, by the caller, at the end) */
  nd_array *r = alloc_for(op, ndi_compute_dtype(x->arr->dtype), &map->order, x, &Lx, y, &Ly);
  if (!r) return nd_last_status();
  label_layout(&Lo, r->ndim, r->shape, r->strides, map->order.lab);
  ndi_la_gemm g;
  memset(&g, 0, sizeof g);
  g.dtype = x->arr->dtype;
  g.c_float32 = ndi_is_half(x->arr->dtype);
  g.nbd = map->loop.n;
  for (int i = 0; i < map->loop.n; i++) {
    int l = map->loop.lab[i];
    g.bshape[i] = r->shape[Lo.pos[l]];
    g.a.bs[i] = ndi_la_stride(&Lx, l); /* 0 where the operand lacks the label */
    g.b.bs[i] = ndi_la_stride(&Ly, l);
    g.c.bs[i] = r->strides[Lo.pos[l]];
  }
  g.nsd = map->sum.n;
  for (int i = 0; i < map->sum.n; i++) {
    int l = map->sum.lab[i];
    g.sshape[i] = ndi_la_ext(&Lx, l);
    g.a.ss[i] = ndi_la_stride(&Lx, l);
    g.b.ss[i] = ndi_la_stride(&Ly, l);
  }
  merge(&Lx, &map->M, &g.m, &g.a.rs);
  merge(&Lx, &map->K, &g.k, &g.a.cs);
  merge(&Ly, &map->K, &g.k, &g.b.rs);
  merge(&Ly, &map->N, &g.n, &g.b.cs);
  merge(&Lo, &map->M, &g.m, &g.c.rs);
  merge(&Lo, &map->N, &g.n, &g.c.cs);
  g.a.data = x->arr->data;
  g.b.data = y->arr->data;
  g.c.data = r->data;
  g.conj_a = conj_x;
  nd_status st = ndi_la_gemm_run(op, &g);
  if (st) {
    nd_release(r);
    return st;
  }
  out->arr = r;
  memcpy(out->lab, map->order.lab, sizeof(int) * (size_t)map->order.n);
  return ND_OK;
}

/* Every label summed (a scalar), float32 or float64: one pass over both operands, in any
 * layouts, split over nd's threads by the shape (dot_full.c). */
static nd_status dot_full(const char *op, const ndi_la_term *x, const labeled *Lx,
                          const ndi_la_term *y, const labeled *Ly, const lablist *K,
                          ndi_la_term *out) {
  int64_t shape[ND_MAX_DIMS], xs[ND_MAX_DIMS], ys[ND_MAX_DIMS];
  for (int i = 0; i < K->n; i++) {
    shape[i] = ndi_la_ext(Lx, K->lab[i]);
    xs[i] = ndi_la_stride(Lx, K->lab[i]);
    ys[i] = ndi_la_stride(Ly, K->lab[i]);
  }
  nd_array *r = ndi_array_alloc(op, x->arr->dtype, 0, NULL, ND_C);
  if (!r) return nd_last_status();
  nd_status st =
      ndi_la_dot_full(op, r->dtype, K->n, shape, x->arr->data, xs, y->arr->data, ys, r->data);
  if (st) {
    nd_release(r);
    return st;
  }
  out->arr = r;
  return ND_OK;
}

nd_status ndi_la_contract(const char *op, const ndi_la_term *x, const ndi_la_term *y,
                          const bool *keep, int nwant, const int *want, bool conj_x,
                          ndi_la_term *out) {
  if (x->arr->dtype != y->arr->dtype) {
    /* a float32 result of a 16-bit float contraction meets a 16-bit term (einsum's later
     * steps): that term is widened */
    ndi_la_term w = {ndi_la_as_dtype(op, ndi_is_half(x->arr->dtype) ? x->arr : y->arr, ND_FLOAT32), {0}};
    if (!w.arr) return nd_last_status();
    bool wx = ndi_is_half(x->arr->dtype);
    memcpy(w.lab, wx ? x->lab : y->lab, sizeof w.lab);
    nd_status st = ndi_la_contract(op, wx ? &w : x, wx ? y : &w, keep, nwant, want, conj_x, out);
    nd_release(w.arr);
    return st;
  }
  labeled Lx, Ly;
  label_layout(&Lx, x->arr->ndim, x->arr->shape, x->arr->strides, x->lab);
  label_layout(&Ly, y->arr->ndim, y->arr->shape, y->arr->strides, y->lab);
  conj_x = conj_x && ndi_dtype_kind(x->arr->dtype) == 'c';

  /* Labels of one operand only that are not kept are summed out first. */
  lablist sx = {0}, sy = {0};
  for (int i = 0; i < x->arr->ndim; i++)
    if (!keep[x->lab[i]] && Ly.pos[x->lab[i]] < 0) sx.lab[sx.n++] = x->lab[i];
  for (int i = 0; i < y->arr->ndim; i++)
    if (!keep[y->lab[i]] && Lx.pos[y->lab[i]] < 0) sy.lab[sy.n++] = y->lab[i];
  if (sx.n || sy.n) {
    ndi_la_term rx = {nd_retain(x->arr), {0}}, ry = {nd_retain(y->arr), {0}};
    memcpy(rx.lab, x->lab, sizeof rx.lab);
    memcpy(ry.lab, y->lab, sizeof ry.lab);
    nd_status st = ND_OK;
    if (sx.n) {
      nd_release(rx.arr);
      st = sum_out(op, x, &sx, conj_x, &rx);
      if (st) rx.arr = NULL;
      conj_x = false;
    }
    if (!st && sy.n) {
      nd_release(ry.arr);
      st = sum_out(op, y, &sy, false, &ry);
      if (st) ry.arr = NULL;
    }
    if (!st) st = ndi_la_contract(op, &rx, &ry, keep, nwant, want, conj_x, out);
    nd_release(rx.arr);
    nd_release(ry.arr);
    return st;
  }

  /* The groups, first in the operands' axis order. */
  lablist B = {0}, M = {0}, N = {0}, K = {0};
  for (int i = 0; i < x->arr->ndim; i++) {
    int l = x->lab[i];
    lablist *g = Ly.pos[l] >= 0 ? (keep[l] ? &B : &K) : &M;
    g->lab[g->n++] = l;
  }
  for (int i = 0; i < y->arr->ndim; i++)
    if (Lx.pos[y->lab[i]] < 0) N.lab[N.n++] = y->lab[i];
  /* The product has an axis per kept label: each group fits a label list, their union
   * need not (kron's pairs, an einsum step whose labels are all needed later). */
  if (B.n + M.n + N.n > ND_MAX_DIMS)
    return ndi_error(ND_ERR_SHAPE, "%s: the product of operands of %d and %d axes would have %d axes (at most %d)",
                     op, x->arr->ndim, y->arr->ndim, B.n + M.n + N.n, ND_MAX_DIMS);
  if (want) {
    B = in_want_order(&B, nwant, want);
    M = in_want_order(&M, nwant, want);
    N = in_want_order(&N, nwant, want);
  }
  lablist gemm_order = {0};
  append(&gemm_order, &B);

  /* Size 0 anywhere: the result is empty, or zeros if only summed extents are 0. */
  bool empty = false;
  for (int i = 0; i < x->arr->ndim; i++) empty |= x->arr->shape[i] == 0;
  for (int i = 0; i < y->arr->ndim; i++) empty |= y->arr->shape[i] == 0;
  if (K.n == 0 && !conj_x) {
    lablist order = gemm_order;
    append(&order, &M);
    append(&order, &N);
    if (want) order = in_want_order(&order, nwant, want);
    return multiply(op, x, &Lx, y, &Ly, &order, out);
  }

  /* A small product takes a fixed mapping (contract_small.c): pricing the mappings would
   * cost more than any of them saves. Otherwise the mapping (contract_map.c): which labels
   * the product walks as M, N and K, which it loops over, which operand is copied first,
   * the result's layout. */
  ndi_la_groups groups = {B, M, N, K, ndi_la_loops_sums(x->arr->dtype)};
  if (!empty && ndi_la_small_wanted(&Lx, &Ly, &groups))
    return ndi_la_contract_small(op, x, &Lx, y, &Ly, &groups, want ? nwant : 0, want, conj_x, out);
  if (empty) { /* no mapping to choose (an extent of 0 merges with anything, or nothing) */
    lablist order = gemm_order;
    append(&order, &M);
    append(&order, &N);
    if (want) order = in_want_order(&order, nwant, want);
    nd_array *r = alloc_for(op, ndi_compute_dtype(x->arr->dtype), &order, x, &Lx, y, &Ly);
    if (!r) return nd_last_status();
    nd_status st = r->size ? ndi_fill(op, r, ND_INT(0)) : ND_OK;
    if (st) {
      nd_release(r);
      return st;
    }
    out->arr = r;
    memcpy(out->lab, order.lab, sizeof(int) * (size_t)order.n);
    return ND_OK;
  }
  /* every label summed: one pass, whatever the mapping would be (no search needed) */
  if (B.n + M.n + N.n == 0 && ndi_la_dot_full_wanted(x->arr->dtype))
    return dot_full(op, x, &Lx, y, &Ly, &K, out);
  ndi_la_map map;
  ndi_la_choose_map(&Lx, &Ly, &groups, want ? nwant : 0, want, &map);

  /* Operands the mapping copies: x as [B, M, K], y as [B, K, N] (never with a looped
   * sum, which reads both in place). */
  ndi_la_term px = {NULL, {0}}, py = {NULL, {0}};
  nd_status st = ND_OK;
  if (map.pack_x) {
    lablist o = B;
    append(&o, &map.M);
    append(&o, &map.K);
    st = pack_term(op, x, &o, &px);
  }
  if (!st && map.pack_y) {
    lablist o = B;
    append(&o, &map.K);
    append(&o, &map.N);
    st = pack_term(op, y, &o, &py);
  }
  if (!st)
    st = gemm_terms(op, px.arr ? &px : x, py.arr ? &py : y, &map, conj_x, out);
  nd_release(px.arr);
  nd_release(py.arr);
  return st;
}

nd_status ndi_la_reduce(const char *op, const ndi_la_term *x, const bool *keep, int nwant,
                        const int *want, ndi_la_term *out) {
  lablist sum = {0}, kept = {0};
  for (int i = 0; i < x->arr->ndim; i++) {
    lablist *g = keep[x->lab[i]] ? &kept : &sum;
    g->lab[g->n++] = x->lab[i];
  }
  if (sum.n == 0) {
    if (want) kept = in_want_order(&kept, nwant, want);
    out->arr = ndi_la_term_view(op, x, kept.n, kept.lab);
    if (!out->arr) return nd_last_status();
    memcpy(out->lab, kept.lab, sizeof(int) * (size_t)kept.n);
    return ND_OK;
  }
  return sum_labels(op, x, &sum, keep, nwant, want, false, out);
}

nd_status ndi_la_make_term(const char *op, const nd_array *a, nd_dtype t, const int *lab,
                           ndi_la_term *out) {
  int64_t shape[ND_MAX_DIMS], strides[ND_MAX_DIMS];
  int n = 0;
  for (int i = 0; i < a->ndim; i++) {
    if (lab[i] < 0) continue;
    shape[n] = a->shape[i];
    strides[n] = a->strides[i];
    out->lab[n++] = lab[i];
  }
  nd_array *v = ndi_view(op, a, n, shape, strides, a->offset);
  if (!v) return nd_last_status();
  out->arr = ndi_la_as_dtype(op, v, t);
  nd_release(v);
  return out->arr ? ND_OK : nd_last_status();
}

nd_array *ndi_la_term_finish(const char *op, ndi_la_term *t, int n, const int *order) {
  bool same = true;
  for (int i = 0; i < n; i++) same &= t->lab[i] == order[i];
  if (same) return t->arr;
  nd_array *v = ndi_la_term_view(op, t, n, order);
  nd_release(t->arr);
  t->arr = NULL;
  return v;
}
