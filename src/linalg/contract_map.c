/* Choosing the matrix-product mapping of a pairwise contraction (contract_map.h).
 *
 * A contraction's labels fall into batch labels B (kept, in both operands), M (x only),
 * N (y only) and K (summed). The product reads an operand in place when each of its groups
 * can be walked as one strided axis ("merges"); BLAS then takes transposition flags and
 * leading dimensions, so any order of the groups within the operand is fine. When a group
 * does not merge there are two ways on: copy the operand into a layout where it does
 * (the transposing copy engine, at about memory bandwidth), or loop over some of the
 * group's labels as extra batch axes, so that the rest ("a run": labels whose strides
 * chain) is one axis; K cannot be looped over (it is summed), and must merge in both
 * operands in the same order. Every combination (K in x's order or y's, each run of M and
 * of N or a copy) is priced with the cost model below and the cheapest taken.
 *
 * The result's layout is ours to choose, except that the caller may want a label order
 * (einsum's output, tensordot's): it is written directly when the product can write it
 * and that is not slower; otherwise the result is laid out as the product runs fastest
 * and handed back as a view in the wanted order, as NumPy's einsum and tensordot hand
 * back a transposed view of their matrix product. Fastest, on OpenBLAS: the longer of M
 * and N contiguous in C. With the short one contiguous, OpenBLAS 0.3.21 ran these products
 * 1.5-2.3 times slower: 804357 x 93 x 21 (k) 190 against 92 ms, 181629 x 21 x 93 37
 * against 16 ms, 1481544 x 114 x 114 874 against 508 ms, 50000 x 500 x 500 429 against
 * 275 ms; 20000 x 2000 x 200 ran the same either way. */
#include "contract_map.h"

#include <math.h>
#include <string.h>

#include "blas_call.h"
#include "core/dtype.h"

/* ---- labelled layouts -------------------------------------------------------------- */

void ndi_la_label_layout(ndi_labeled *L, int ndim, const int64_t *shape, const int64_t *strides,
                         const int *lab) {
  for (int i = 0; i < NDI_LA_MAX_LABELS; i++) L->pos[i] = -1;
  for (int i = 0; i < ndim; i++) L->pos[lab[i]] = i;
  L->ndim = ndim;
  L->shape = shape;
  L->strides = strides;
}

int64_t ndi_la_ext(const ndi_labeled *L, int l) { return L->pos[l] >= 0 ? L->shape[L->pos[l]] : 1; }
int64_t ndi_la_stride(const ndi_labeled *L, int l) {
  return L->pos[l] >= 0 ? L->strides[L->pos[l]] : 0;
}

bool ndi_la_merge(const ndi_labeled *L, const ndi_lablist *g, int64_t *ext, int64_t *stride) {
  int64_t e = 1, s = 0, next = 0;
  bool any = false;
  for (int i = g->n - 1; i >= 0; i--) {
    int ax = L->pos[g->lab[i]];
    int64_t n = L->shape[ax], st = L->strides[ax];
    if (n == 1) continue;
    if (any && st != next) return false;
    if (!any) s = st;
    any = true;
    e *= n;
    next = st * n;
  }
  *ext = e;
  *stride = s;
  return true;
}

bool ndi_la_merges(const ndi_labeled *L, const ndi_lablist *g) {
  int64_t e, s;
  return ndi_la_merge(L, g, &e, &s);
}

static int64_t abs64(int64_t v) { return v < 0 ? -v : v; }

ndi_lablist ndi_la_by_strides(const ndi_labeled *L, const ndi_lablist *g) {
  ndi_lablist r = *g;
  for (int i = 1; i < r.n; i++) {
    int l = r.lab[i], j = i - 1;
    int64_t s = abs64(L->strides[L->pos[l]]);
    while (j >= 0 && abs64(L->strides[L->pos[r.lab[j]]]) < s) {
      r.lab[j + 1] = r.lab[j];
      j--;
    }
    r.lab[j + 1] = l;
  }
  return r;
}

ndi_lablist ndi_la_in_order(const ndi_lablist *g, int n, const int *order) {
  ndi_lablist r = {0};
  for (int w = 0; w < n; w++)
    for (int i = 0; i < g->n; i++)
      if (g->lab[i] == order[w]) r.lab[r.n++] = order[w];
  return r;
}

void ndi_la_append(ndi_lablist *dst, const ndi_lablist *src) {
  for (int i = 0; i < src->n; i++) dst->lab[dst->n++] = src->lab[i];
}

/* ---- the cost model ------------------------------------------------------------------- */

/* Two cores of this machine's class: OpenBLAS's dgemm at about 80 GFLOP/s on large
 * products, a multiply-add per element of the matrix for gemv (which streams it once, at
 * about 20 GB/s), a copy at about 20 GB/s read plus write, a microsecond per call. An
 * extent d runs at (d + 2) / (d + 16) of the full rate (panels of 8-16 rows and columns:
 * 804357 x 93 x 21 ran at 41 GFLOP/s, 21 x 181629 x 93 at 46, 114 x 1481544 x 114 at 76;
 * tiny products run on nd's direct kernel at a few GFLOP/s). Only the ratios between
 * these matter for the choices. */
#define MADD_RATE 40e9
#define VEC_RATE 2.5e9
#define COPY_RATE 1.25e9
#define CALL_S 1e-6
#define SLOW_FACTOR 1.7
/* A looped sum's products are many small BLAS calls, each packing its operands: 441
 * products of 93 x 93 x 93 ran at 30 GFLOP/s on two cores and 1953 of 93 x 21 x 93 at 22,
 * where the model gives 53 and 38; matrix-vector products stream their matrix at the
 * model's rate. */
#define LOOP_FACTOR 1.8

static double extent_eff(double d) { return (d + 2) / (d + 16); }

double ndi_la_product_cost(double nb, double m, double n, double k, bool slow) {
  double madds = m * n * k, t;
  if (m <= 1 || n <= 1) {
    t = madds / VEC_RATE;
  } else {
    double eff = extent_eff(m) * extent_eff(n) * extent_eff(k);
    t = madds / (MADD_RATE * eff) * (slow ? SLOW_FACTOR : 1.0);
  }
  return nb * (CALL_S + t);
}

double ndi_la_copy_cost(double elems) { return elems / COPY_RATE; }

bool ndi_la_loops_sums(nd_dtype t) {
  char kind = ndi_dtype_kind(t);
  return !ndi_is_half(t) && (kind == 'f' || kind == 'c');
}

/* ---- candidate mappings -------------------------------------------------------------- */

static double ext_of(const ndi_labeled *L, const ndi_lablist *g) {
  double e = 1;
  for (int i = 0; i < g->n; i++) e *= (double)ndi_la_ext(L, g->lab[i]);
  return e;
}

static double size_of(const ndi_labeled *L) {
  double e = 1;
  for (int i = 0; i < L->ndim; i++) e *= (double)L->shape[i];
  return e;
}

/* g minus the labels of h. */
static ndi_lablist minus(const ndi_lablist *g, const ndi_lablist *h) {
  ndi_lablist r = {0};
  for (int i = 0; i < g->n; i++) {
    bool in = false;
    for (int j = 0; j < h->n; j++) in |= g->lab[i] == h->lab[j];
    if (!in) r.lab[r.n++] = g->lab[i];
  }
  return r;
}

/* The runs of g in L: g in merging order cut where the strides stop chaining; labels of
 * extent 1 (which merge anywhere) join the first run. At least one run (maybe empty). */
static int runs_of(const ndi_labeled *L, const ndi_lablist *g, ndi_lablist *runs) {
  ndi_lablist s = ndi_la_by_strides(L, g);
  int nr = 0;
  runs[0].n = 0;
  int64_t prev_stride = 0;
  for (int i = 0; i < s.n; i++) {
    int l = s.lab[i];
    if (ndi_la_ext(L, l) == 1) continue;
    int64_t st = ndi_la_stride(L, l), e = ndi_la_ext(L, l);
    if (nr > 0 && prev_stride == st * e) {
      runs[nr - 1].lab[runs[nr - 1].n++] = l;
    } else {
      runs[nr].n = 0;
      runs[nr].lab[runs[nr].n++] = l;
      nr++;
    }
    prev_stride = st;
  }
  if (nr == 0) nr = 1;
  for (int i = 0; i < s.n; i++)
    if (ndi_la_ext(L, s.lab[i]) == 1) runs[0].lab[runs[0].n++] = s.lab[i];
  return nr;
}

/* One side's choice: the part of its free group (M or N) the product walks, or a copy. */
typedef struct {
  ndi_lablist part;
  bool pack;
} side_opt;

static int side_options(const ndi_labeled *L, const ndi_lablist *free, bool k_merges,
                        side_opt *opts) {
  int n = 0;
  if (k_merges) {
    ndi_lablist runs[ND_MAX_DIMS];
    int nr = runs_of(L, free, runs);
    for (int r = 0; r < nr; r++) opts[n++] = (side_opt){runs[r], false};
  }
  opts[n++] = (side_opt){ndi_la_by_strides(L, free), true};
  return n;
}

/* Cost of reading an operand's matrices: a copy of the whole operand, or, when BLAS
 * cannot address a batch element's matrix (rows x cols, strides rs, cs), the driver's copy
 * of each of the nb matrices. */
static double read_cost(const ndi_labeled *L, bool pack, const ndi_lablist *rows,
                        const ndi_lablist *cols, double nb) {
  if (pack) return ndi_la_copy_cost(size_of(L));
  int64_t r, c, rs, cs, ld;
  if (!ndi_la_merge(L, rows, &r, &rs) || !ndi_la_merge(L, cols, &c, &cs)) return INFINITY;
  if (ndi_la_addressable(r, c, rs, cs, true, &ld) || ndi_la_addressable(r, c, rs, cs, false, &ld))
    return 0;
  return ndi_la_copy_cost((double)r * (double)c * nb);
}

/* The product's cost when C is the C-contiguous array of label order `order`: its
 * orientation, or the driver's copy of each C matrix BLAS cannot address. */
static double write_cost(const ndi_labeled *Lx, const ndi_labeled *Ly, const ndi_lablist *order,
                         const ndi_lablist *M, const ndi_lablist *N, double nb, double k) {
  int64_t shape[ND_MAX_DIMS], strides[ND_MAX_DIMS];
  for (int i = 0; i < order->n; i++) {
    int l = order->lab[i];
    shape[i] = Lx->pos[l] >= 0 ? ndi_la_ext(Lx, l) : ndi_la_ext(Ly, l);
  }
  ndi_contiguous_strides(order->n, shape, ND_C, strides);
  ndi_labeled Lc;
  ndi_la_label_layout(&Lc, order->n, shape, strides, order->lab);
  int64_t m, n, ms, ns, ld;
  if (!ndi_la_merge(&Lc, M, &m, &ms) || !ndi_la_merge(&Lc, N, &n, &ns)) return INFINITY;
  double extra = 0;
  bool slow = false;
  if (ndi_la_addressable(m, n, ms, ns, true, &ld) || ndi_la_addressable(m, n, ms, ns, false, &ld)) {
    bool m_fast = m > 1 && ms == 1;
    double fast = m_fast ? (double)m : (double)n, other = m_fast ? (double)n : (double)m;
    slow = fast < 512 && other >= 4 * fast;
  } else {
    extra = ndi_la_copy_cost((double)m * (double)n * nb);
  }
  return extra + ndi_la_product_cost(nb, (double)m, (double)n, k, slow);
}

typedef struct {
  const ndi_labeled *Lx, *Ly;
  const ndi_la_groups *g;
  int nwant;
  const int *want;
  ndi_la_map best;
} search;

/* Prices the mapping with K (and the looped summed labels `sum`) and the sides' choices,
 * and keeps it if it is the cheapest yet. A looped sum reads the operands in place: each of
 * its ns indices is a product of the batch, accumulated into C. */
static void consider(search *S, const ndi_lablist *K, const ndi_lablist *sum, const side_opt *xo,
                     const side_opt *yo) {
  const ndi_labeled *Lx = S->Lx, *Ly = S->Ly;
  const ndi_la_groups *g = S->g;
  if (sum->n && (xo->pack || yo->pack)) return;
  ndi_lablist mx = minus(&g->M, &xo->part), ny = minus(&g->N, &yo->part);
  mx = ndi_la_by_strides(Lx, &mx);
  ny = ndi_la_by_strides(Ly, &ny);
  ndi_lablist loop = S->want ? ndi_la_in_order(&g->B, S->nwant, S->want) : ndi_la_by_strides(Lx, &g->B);
  ndi_la_append(&loop, &mx);
  ndi_la_append(&loop, &ny);
  double nb = ext_of(Lx, &g->B) * ext_of(Lx, &mx) * ext_of(Ly, &ny) * ext_of(Lx, sum);
  double m = ext_of(Lx, &xo->part), n = ext_of(Ly, &yo->part), k = ext_of(Lx, K);
  double cost = read_cost(Lx, xo->pack, &xo->part, K, nb) + read_cost(Ly, yo->pack, K, &yo->part, nb);
  if (cost >= S->best.cost) return;
  /* the fastest layout: the longer of M and N contiguous */
  ndi_lablist order = loop;
  ndi_la_append(&order, m >= n ? &yo->part : &xo->part);
  ndi_la_append(&order, m >= n ? &xo->part : &yo->part);
  double c_fast = write_cost(Lx, Ly, &order, &xo->part, &yo->part, nb, k);
  if (S->want) {
    ndi_lablist all = loop;
    ndi_la_append(&all, &xo->part);
    ndi_la_append(&all, &yo->part);
    ndi_lablist w = ndi_la_in_order(&all, S->nwant, S->want);
    double c_want = w.n == all.n ? write_cost(Lx, Ly, &w, &xo->part, &yo->part, nb, k) : INFINITY;
    if (c_want <= c_fast) {
      order = w;
      c_fast = c_want;
    }
  }
  if (sum->n && m > 1 && n > 1) c_fast *= LOOP_FACTOR;
  cost += c_fast;
  if (cost >= S->best.cost) return;
  ndi_la_map *b = &S->best;
  b->cost = cost;
  b->loop = loop;
  b->M = xo->part;
  b->N = yo->part;
  b->K = *K;
  b->sum = *sum;
  b->pack_x = xo->pack;
  b->pack_y = yo->pack;
  b->order = order;
}

/* Every choice of the sides for summed labels K walked as one axis (and `sum` looped). */
static void consider_sides(search *S, const ndi_lablist *K, const ndi_lablist *sum) {
  side_opt xs[ND_MAX_DIMS + 1], ys[ND_MAX_DIMS + 1];
  int nx = side_options(S->Lx, &S->g->M, ndi_la_merges(S->Lx, K), xs);
  int ny = side_options(S->Ly, &S->g->N, ndi_la_merges(S->Ly, K), ys);
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++) consider(S, K, sum, &xs[i], &ys[j]);
}

/* Looped sums: the summed labels that walk as one axis in both operands in the same order
 * are the runs of K in x (or y) cut where the other operand's strides stop chaining; each
 * such piece can be K, the other summed labels looped over. */
static void consider_looped_sums(search *S, const ndi_labeled *L, const ndi_labeled *O) {
  ndi_lablist runs[ND_MAX_DIMS];
  int nr = runs_of(L, &S->g->K, runs);
  for (int r = 0; r < nr; r++) {
    int i = 0;
    while (i < runs[r].n) {
      ndi_lablist piece = {0};
      piece.lab[piece.n++] = runs[r].lab[i++];
      while (i < runs[r].n && ndi_la_merges(O, &(ndi_lablist){2, {piece.lab[piece.n - 1], runs[r].lab[i]}}))
        piece.lab[piece.n++] = runs[r].lab[i++];
      ndi_lablist sum = minus(&S->g->K, &piece);
      if (sum.n && ndi_la_merges(L, &piece) && ndi_la_merges(O, &piece)) {
        sum = ndi_la_by_strides(S->Lx, &sum);
        consider_sides(S, &piece, &sum);
      }
    }
  }
}

void ndi_la_choose_map(const ndi_labeled *Lx, const ndi_labeled *Ly, const ndi_la_groups *g,
                       int nwant, const int *want, ndi_la_map *out) {
  search S = {Lx, Ly, g, nwant, want, {.cost = INFINITY}};
  ndi_lablist korders[2] = {ndi_la_by_strides(Lx, &g->K), ndi_la_by_strides(Ly, &g->K)};
  const ndi_lablist none = {0};
  bool in_place = false; /* K walks as one axis of both operands */
  for (int ko = 0; ko < 2; ko++) {
    in_place |= ndi_la_merges(Lx, &korders[ko]) && ndi_la_merges(Ly, &korders[ko]);
    consider_sides(&S, &korders[ko], &none);
  }
  if (g->loop_sums && !in_place) {
    consider_looped_sums(&S, Lx, Ly);
    consider_looped_sums(&S, Ly, Lx);
  }
  *out = S.best;
}
