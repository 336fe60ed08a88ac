/* Small pairwise contractions: see contract_small.h.
 *
 * A step of a tensor network of bond dimension 2-8 is a product of a few hundred
 * multiply-adds, done in well under a microsecond; the general path (contract.c) spent
 * several microseconds on it before the product started: pricing every mapping in the
 * cost model of contract_map.c, allocating a view and an array for each operand it
 * copied. Here the mapping is fixed: the result is written in the order asked for, M and
 * N are walked in that order, K in the order of whichever operand it merges in (x's
 * first), and an operand is copied only when one of its groups does not walk as one
 * strided axis; all copies of a step share one buffer, on the stack when it is small. The
 * product itself is ndi_la_gemm_run's (nd's direct kernel for small float and complex
 * matrices, its integer kernel, BLAS beyond), so each result element is summed over K in
 * the same way as on the general path with the same K order. */
#include "contract_small.h"

#include <string.h>

#include "blas.h"
#include "core/alloc.h"
#include "core/dtype.h"
#include "iter/odometer.h"
#include "la_common.h"

/* Bytes of copies a step keeps on the stack. */
#define STACK_BYTES 8192

static double ext_of(const ndi_labeled *L, const ndi_lablist *g) {
  double e = 1;
  for (int i = 0; i < g->n; i++) e *= (double)ndi_la_ext(L, g->lab[i]);
  return e;
}

bool ndi_la_small_wanted(const ndi_labeled *Lx, const ndi_labeled *Ly, const ndi_la_groups *g) {
  double madds = ext_of(Lx, &g->B) * ext_of(Lx, &g->M) * ext_of(Ly, &g->N) * ext_of(Lx, &g->K);
  return madds <= NDI_LA_SMALL_MADDS;
}

static size_t padded(double elems, size_t elsize) {
  return ((size_t)elems * elsize + 63) / 64 * 64;
}

/* A C-contiguous layout with axes in label order o (extents from L) at data: its shape,
 * strides and labelled view. */
typedef struct {
  int64_t shape[ND_MAX_DIMS], strides[ND_MAX_DIMS];
  ndi_labeled L;
} dense;

static void dense_init(dense *d, const ndi_labeled *L, const ndi_lablist *o) {
  for (int i = 0; i < o->n; i++) d->shape[i] = ndi_la_ext(L, o->lab[i]);
  ndi_contiguous_strides(o->n, d->shape, ND_C, d->strides);
  ndi_la_label_layout(&d->L, o->n, d->shape, d->strides, o->lab);
}

/* dst[i] = src[i] for every index i of shape (strides in elements of es bytes): a plain
 * loop, as these copies are small (at most NDI_LA_SMALL_MADDS elements; in tensor
 * networks a few hundred), too small for the copy engine's set-up (its plan and kernel
 * dispatch cost more than such a copy). */
#define COPY_ROWS(ES)                                                          \
  for (int64_t i = 0; i < m; i++)                                              \
    for (int64_t j = 0; j < n; j++)                                            \
      memcpy(d + i * dstep1 + j * dstep, s + i * sstep1 + j * sstep, ES);      \
  break;
static void copy_small(int ndim, const int64_t *shape, char *dst, const int64_t *ds,
                       const char *src, const int64_t *ss, size_t es) {
  /* nd's loop planner: axes of extent 1 dropped, neighbours that both sides walk as one
   * merged (no sorting: the copies here are already in the order they walk best) */
  nd_loop l;
  nd_loop_init(&l, 2, ndim, shape, (const int64_t *const[]){ds, ss});
  nd_loop_coalesce(&l, -1);
  int nd = l.ndim;
  if (nd == 0) {
    memcpy(dst, src, es);
    return;
  }
  /* the two innermost axes as a block (rows here are often 2-4 elements long), an
   * odometer over the others */
  int64_t m = 1, dstep1 = 0, sstep1 = 0, outer = 1, n = l.shape[nd - 1];
  const int64_t dstep = l.strides[0][nd - 1] * (int64_t)es;
  const int64_t sstep = l.strides[1][nd - 1] * (int64_t)es;
  int no = nd - 1;
  if (nd >= 2) {
    no = nd - 2;
    m = l.shape[nd - 2];
    dstep1 = l.strides[0][nd - 2] * (int64_t)es;
    sstep1 = l.strides[1][nd - 2] * (int64_t)es;
  }
  nd_odometer o;
  ndi_odo_init(&o, &l, 0, no);
  for (int i = 0; i < no; i++) outer *= l.shape[i];
  for (int64_t r = 0; r < outer; r++, ndi_odo_next(&o)) {
    char *d = dst + o.offset[0] * (int64_t)es;
    const char *s = src + o.offset[1] * (int64_t)es;
    switch (es) {
      case 1: COPY_ROWS(1)
      case 2: COPY_ROWS(2)
      case 4: COPY_ROWS(4)
      case 8: COPY_ROWS(8)
      case 16: COPY_ROWS(16)
      default: COPY_ROWS(es)
    }
  }
}

/* Copies the array of layout L at data into the dense layout d at buf, or back (to_dense
 * false), over d's labels o. */
static void copy_dense(size_t es, const dense *d, const ndi_lablist *o, char *buf,
                       const ndi_labeled *L, char *data, bool to_dense) {
  int64_t s[ND_MAX_DIMS];
  for (int i = 0; i < o->n; i++) s[i] = ndi_la_stride(L, o->lab[i]);
  if (to_dense) copy_small(o->n, d->shape, buf, d->strides, data, s, es);
  else copy_small(o->n, d->shape, data, s, buf, d->strides, es);
}

static ndi_lablist concat(const ndi_lablist *a, const ndi_lablist *b, const ndi_lablist *c) {
  ndi_lablist r = *a;
  ndi_la_append(&r, b);
  ndi_la_append(&r, c);
  return r;
}

nd_status ndi_la_contract_small(const char *op, const ndi_la_term *x, const ndi_labeled *Lx,
                                const ndi_la_term *y, const ndi_labeled *Ly,
                                const ndi_la_groups *g, int nwant, const int *want,
                                bool conj_x, ndi_la_term *out) {
  nd_dtype t = x->arr->dtype, ct = ndi_compute_dtype(t);
  size_t es = ndi_dtype_size(t), ces = ndi_dtype_size(ct);
  /* the result: C-contiguous in the wanted order */
  ndi_lablist order = concat(&g->B, &g->M, &g->N);
  if (want) {
    ndi_lablist w = ndi_la_in_order(&order, nwant, want);
    if (w.n == order.n) order = w;
  }
  int64_t shape[ND_MAX_DIMS];
  for (int i = 0; i < order.n; i++) {
    int l = order.lab[i];
    shape[i] = Lx->pos[l] >= 0 ? ndi_la_ext(Lx, l) : ndi_la_ext(Ly, l);
  }
  nd_array *r = ndi_array_alloc(op, ct, order.n, shape, ND_C);
  if (!r) return nd_last_status();
  ndi_labeled Lr;
  ndi_la_label_layout(&Lr, r->ndim, r->shape, r->strides, order.lab);

  /* B, M and N as the result holds them; K in x's order, or y's where only it merges */
  ndi_lablist B, M, N;
  B.n = M.n = N.n = 0;
  for (int i = 0; i < order.n; i++) {
    int l = order.lab[i];
    ndi_lablist *to = Ly->pos[l] < 0 ? &M : Lx->pos[l] < 0 ? &N : &B;
    to->lab[to->n++] = l;
  }
  ndi_lablist K = ndi_la_by_strides(Lx, &g->K);
  if (!(ndi_la_merges(Lx, &K) && ndi_la_merges(Ly, &K))) {
    ndi_lablist ky = ndi_la_by_strides(Ly, &g->K);
    if (ndi_la_merges(Ly, &ky)) K = ky;
  }
  bool x_in = ndi_la_merges(Lx, &M) && ndi_la_merges(Lx, &K);
  bool y_in = ndi_la_merges(Ly, &K) && ndi_la_merges(Ly, &N);
  bool c_in = ndi_la_merges(&Lr, &M) && ndi_la_merges(&Lr, &N);

  /* one buffer for the copies */
  double nx = (double)x->arr->size, ny = (double)y->arr->size, nr = (double)r->size;
  size_t bx = x_in ? 0 : padded(nx, es), by = y_in ? 0 : padded(ny, es);
  size_t bytes = bx + by + (c_in ? 0 : padded(nr, ces));
  _Alignas(64) char stack[STACK_BYTES];
  char *buf = bytes <= STACK_BYTES ? stack : ndi_aligned_alloc(bytes);
  if (!buf) {
    nd_release(r);
    return ndi_nomem(op, bytes);
  }
  dense dx, dy, dc;
  const ndi_labeled *ax = Lx, *ay = Ly, *ac = &Lr;
  char *da = x->arr->data, *db = y->arr->data, *dcd = r->data;
  ndi_lablist ox = concat(&B, &M, &K), oy = concat(&B, &K, &N), oc = concat(&B, &M, &N);
  if (!x_in) {
    dense_init(&dx, Lx, &ox);
    copy_dense(es, &dx, &ox, buf, Lx, x->arr->data, true);
    ax = &dx.L, da = buf;
  }
  if (!y_in) {
    dense_init(&dy, Ly, &oy);
    copy_dense(es, &dy, &oy, buf + bx, Ly, y->arr->data, true);
    ay = &dy.L, db = buf + bx;
  }
  if (!c_in) {
    dense_init(&dc, &Lr, &oc);
    ac = &dc.L, dcd = buf + bx + by;
  }

  ndi_la_gemm G;
  memset(&G, 0, sizeof G);
  G.dtype = t;
  G.c_float32 = ndi_is_half(t); /* float32 products of 16-bit floats, as on the general path */
  G.nbd = B.n;
  for (int i = 0; i < B.n; i++) {
    int l = B.lab[i];
    G.bshape[i] = ndi_la_ext(&Lr, l);
    G.a.bs[i] = ndi_la_stride(ax, l);
    G.b.bs[i] = ndi_la_stride(ay, l);
    G.c.bs[i] = ndi_la_stride(ac, l);
  }
  ndi_la_merge(ax, &M, &G.m, &G.a.rs);
  ndi_la_merge(ax, &K, &G.k, &G.a.cs);
  ndi_la_merge(ay, &K, &G.k, &G.b.rs);
  ndi_la_merge(ay, &N, &G.n, &G.b.cs);
  ndi_la_merge(ac, &M, &G.m, &G.c.rs);
  ndi_la_merge(ac, &N, &G.n, &G.c.cs);
  G.a.data = da;
  G.b.data = db;
  G.c.data = dcd;
  G.conj_a = conj_x;
  nd_status st = ndi_la_gemm_run(op, &G);
  if (!st && !c_in) copy_dense(ces, &dc, &oc, dcd, &Lr, r->data, false);
  if (buf != stack) ndi_aligned_free(buf, bytes);
  if (st) {
    nd_release(r);
    return st;
  }
  out->arr = r;
  memcpy(out->lab, order.lab, sizeof(int) * (size_t)order.n);
  return ND_OK;
}
