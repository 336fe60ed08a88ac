/* The contraction-path search: in which order to contract einsum's operands pairwise.
 *
 * Orders are priced by the time model of contract_map.h (a step's matrix product by its
 * extents, an elementwise product by its size, the copy of an operand whose summed labels
 * cannot be walked as one axis), not by flop counts alone: `kdac,kd,ic->ia` then sums kdac
 * against kd first (one matrix-vector product over kdac) instead of forming kd x ic and
 * copying kdac to sum it against that. Ties go to fewer flops in NumPy's model.
 *
 * Up to NDI_EIN_EXHAUSTIVE terms (AUTO; 12 for OPTIMAL) the best order over all pairwise
 * orders is found by dynamic programming over subsets of the terms (each subset's best
 * cost is the best split into two subsets already priced: 3^n / 2 splits), considering
 * splits into subsets that share no label (outer products) only where a subset has no
 * other split. Beyond, or with GREEDY, opt_einsum's greedy rule: contract the pair that
 * shares a label and whose result is smallest against its operands (size(result) -
 * size(a) - size(b)), ties by time; outer products of the smallest terms when no pair
 * shares a label. Both avoid results of more than ND_MAX_DIMS axes (which cannot be
 * formed) where another choice exists. */
#include <math.h>
#include <string.h>

#include "contract_map.h"
#include "core/alloc.h"
#include "einsum.h"

#define WORDS ((int)(sizeof(ndi_lset) / sizeof(uint64_t)))
#define OPTIMAL_MAX 12
/* per step: allocating the result, planning the product */
#define STEP_S 2e-6
/* orders whose estimated times are this close are told apart by their flops */
#define TIE 0.02

static ndi_lset lor(ndi_lset a, const ndi_lset *b) {
  for (int i = 0; i < WORDS; i++) a.w[i] |= b->w[i];
  return a;
}
static ndi_lset land(ndi_lset a, const ndi_lset *b) {
  for (int i = 0; i < WORDS; i++) a.w[i] &= b->w[i];
  return a;
}
static ndi_lset lminus(ndi_lset a, const ndi_lset *b) {
  for (int i = 0; i < WORDS; i++) a.w[i] &= ~b->w[i];
  return a;
}
static bool lempty(const ndi_lset *a) {
  for (int i = 0; i < WORDS; i++)
    if (a->w[i]) return false;
  return true;
}
static bool lsame(const ndi_lset *a, const ndi_lset *b) { return memcmp(a, b, sizeof *a) == 0; }
static int lcount(const ndi_lset *s) {
  int n = 0;
  for (int i = 0; i < WORDS; i++) n += __builtin_popcountll(s->w[i]);
  return n;
}
static double lsize(const ndi_lset *s, const int64_t *dim) {
  double r = 1;
  for (int i = 0; i < WORDS; i++)
    for (uint64_t w = s->w[i]; w; w &= w - 1) r *= (double)dim[64 * i + __builtin_ctzll(w)];
  return r;
}
/* Can a term with these labels be an array (at most ND_MAX_DIMS axes)? */
static bool fits(const ndi_lset *s) { return lcount(s) <= ND_MAX_DIMS; }

/* ---- pricing one step ------------------------------------------------------------------ */

typedef struct {
  const ndi_la_term *terms; /* the operands, for their layouts */
  const int64_t *dim;
  const ndi_lset *out;
} model;

/* Would contracting operand t over the labels `sum` need a copy of it (they cannot be
 * walked as one axis in any order)? */
static bool needs_copy(const ndi_la_term *t, const ndi_lset *sum) {
  ndi_labeled L;
  ndi_la_label_layout(&L, t->arr->ndim, t->arr->shape, t->arr->strides, t->lab);
  ndi_lablist K = {0};
  for (int i = 0; i < t->arr->ndim; i++)
    if (ndi_lset_has(sum, t->lab[i])) K.lab[K.n++] = t->lab[i];
  K = ndi_la_by_strides(&L, &K);
  return !ndi_la_merges(&L, &K);
}

/* The cost contract_map.c gives contracting x and y (neither with a label only it has and
 * r lacks) into the labels r. */
static double mapped_time(const ndi_la_term *x, const ndi_la_term *y, const ndi_lset *r) {
  ndi_labeled Lx, Ly;
  ndi_la_label_layout(&Lx, x->arr->ndim, x->arr->shape, x->arr->strides, x->lab);
  ndi_la_label_layout(&Ly, y->arr->ndim, y->arr->shape, y->arr->strides, y->lab);
  ndi_la_groups g = {.loop_sums = ndi_la_loops_sums(x->arr->dtype)};
  for (int i = 0; i < x->arr->ndim; i++) {
    int l = x->lab[i];
    ndi_lablist *to = Ly.pos[l] < 0 ? &g.M : ndi_lset_has(r, l) ? &g.B : &g.K;
    to->lab[to->n++] = l;
  }
  for (int i = 0; i < y->arr->ndim; i++)
    if (Lx.pos[y->lab[i]] < 0) g.N.lab[g.N.n++] = y->lab[i];
  ndi_la_map map;
  ndi_la_choose_map(&Lx, &Ly, &g, 0, NULL, &map);
  return map.cost;
}

/* Estimated seconds of contracting terms with labels a and b into labels r; ia, ib: the
 * operands' indices when they are operands (-1 for intermediates, laid out as needed). */
static double step_time(const model *M, const ndi_lset *a, const ndi_lset *b, const ndi_lset *r,
                        int ia, int ib) {
  ndi_lset both = land(*a, b), kept = land(both, r), sum = lminus(both, r);
  ndi_lset mx = land(lminus(*a, b), r), ny = land(lminus(*b, a), r);
  const int64_t *d = M->dim;
  double t = STEP_S;
  /* labels of one term only that nothing needs: summed out of it first */
  ndi_lset ax = lminus(lminus(*a, b), r), by = lminus(lminus(*b, a), r);
  if (!lempty(&ax)) t += ndi_la_product_cost(1, lsize(a, d) / lsize(&ax, d), 1, lsize(&ax, d), false);
  if (!lempty(&by)) t += ndi_la_product_cost(1, lsize(b, d) / lsize(&by, d), 1, lsize(&by, d), false);
  if (lempty(&sum)) /* an elementwise product, one call over the result */
    return t + ndi_la_product_cost(1, 1, 1, 0, false) + ndi_la_copy_cost(lsize(r, d));
  bool copy_a = ia >= 0 && needs_copy(&M->terms[ia], &sum);
  bool copy_b = ib >= 0 && needs_copy(&M->terms[ib], &sum);
  /* two of the einsum's own operands that the product cannot read in place: priced as
   * contract_map.c maps them (a looped sum may beat the copy) */
  if ((copy_a || copy_b) && ia >= 0 && ib >= 0 && lempty(&ax) && lempty(&by))
    return t + mapped_time(&M->terms[ia], &M->terms[ib], r);
  t += ndi_la_product_cost(lsize(&kept, d), lsize(&mx, d), lsize(&ny, d), lsize(&sum, d), false);
  if (copy_a) t += ndi_la_copy_cost(lsize(a, d));
  if (copy_b) t += ndi_la_copy_cost(lsize(b, d));
  return t;
}

/* NumPy's cost of one contraction over the labels `all` of k terms. */
static double numpy_cost(const ndi_lset *all, const ndi_lset *r, int k, const int64_t *dim) {
  return lsize(all, dim) * ((k > 1 ? k - 1 : 1) + (lsame(r, all) ? 0 : 1));
}

/* ---- dynamic programming over subsets -------------------------------------------------- */

typedef struct {
  double cost, flops;
  uint32_t left; /* the split: left subset (the rest is the right one); 0 for one term */
} best_t;

/* Emits the steps of subset S's best tree: list[] holds the subsets present now. */
static void emit(const best_t *B, uint32_t S, uint32_t *list, int *m, int *pairs, int *s) {
  uint32_t L = B[S].left, R = S ^ L;
  if (!L) return;
  emit(B, L, list, m, pairs, s);
  emit(B, R, list, m, pairs, s);
  int i = 0, j = 0;
  while (list[i] != L && list[i] != R) i++;
  j = i + 1;
  while (list[j] != L && list[j] != R) j++;
  pairs[2 * *s] = i;
  pairs[2 * *s + 1] = j;
  (*s)++;
  memmove(&list[j], &list[j + 1], sizeof(uint32_t) * (size_t)(*m - j - 1));
  memmove(&list[i], &list[i + 1], sizeof(uint32_t) * (size_t)(*m - i - 2));
  list[*m - 2] = S;
  (*m)--;
}

static bool dp(const model *M, int n, const ndi_lset *in, int *pairs) {
  uint32_t full = (1u << n) - 1;
  size_t cnt = (size_t)full + 1;
  best_t *B = ndi_malloc(sizeof(best_t) * cnt);
  ndi_lset *lab = ndi_malloc(sizeof(ndi_lset) * cnt), *res = ndi_malloc(sizeof(ndi_lset) * cnt);
  if (!B || !lab || !res) {
    ndi_free(B), ndi_free(lab), ndi_free(res);
    return false;
  }
  memset(&lab[0], 0, sizeof lab[0]);
  for (uint32_t S = 1; S <= full; S++) lab[S] = lor(lab[S & (S - 1)], &in[__builtin_ctz(S)]);
  for (uint32_t S = 1; S <= full; S++) {
    ndi_lset need = lor(*M->out, &lab[full ^ S]);
    res[S] = land(lab[S], &need);
    B[S] = (best_t){S & (S - 1) ? INFINITY : 0, 0, 0};
  }
  for (uint32_t S = 1; S <= full; S++) {
    if (!(S & (S - 1)) || !fits(&res[S])) continue;
    uint32_t low = S & (~S + 1);
    for (int outer = 0; outer < 2 && B[S].cost == INFINITY; outer++)
      for (uint32_t A = (S - 1) & S; A; A = (A - 1) & S) {
        if (!(A & low)) continue;
        uint32_t C = S ^ A;
        if (B[A].cost == INFINITY || B[C].cost == INFINITY) continue;
        ndi_lset shared = land(res[A], &res[C]);
        if (lempty(&shared) != (outer == 1)) continue;
        int ia = A & (A - 1) ? -1 : __builtin_ctz(A), ic = C & (C - 1) ? -1 : __builtin_ctz(C);
        double c = B[A].cost + B[C].cost + step_time(M, &res[A], &res[C], &res[S], ia, ic);
        ndi_lset all = lor(res[A], &res[C]);
        double f = B[A].flops + B[C].flops + numpy_cost(&all, &res[S], 2, M->dim);
        if (c < B[S].cost * (1 - TIE) || (c <= B[S].cost * (1 + TIE) && f < B[S].flops))
          B[S] = (best_t){c, f, A};
      }
  }
  bool ok = B[full].cost < INFINITY;
  if (ok) {
    uint32_t list[32];
    for (int i = 0; i < n; i++) list[i] = 1u << i;
    int m = n, s = 0;
    emit(B, full, list, &m, pairs, &s);
  }
  ndi_free(B), ndi_free(lab), ndi_free(res);
  return ok;
}

/* ---- greedy ---------------------------------------------------------------------------- */

static void greedy(const model *M, int n, const ndi_lset *in, int *pairs) {
  ndi_lset *sets = ndi_malloc(sizeof(ndi_lset) * (size_t)n);
  int *orig = ndi_malloc(sizeof(int) * (size_t)n);
  int count[NDI_LA_MAX_LABELS] = {0}; /* terms carrying each label */
  if (!sets || !orig) {               /* no memory to plan: contract in list order */
    for (int s = 0; s < n - 1; s++) pairs[2 * s] = 0, pairs[2 * s + 1] = 1;
    ndi_free(sets), ndi_free(orig);
    return;
  }
  memcpy(sets, in, sizeof(ndi_lset) * (size_t)n);
  for (int i = 0; i < n; i++) {
    orig[i] = i;
    for (int w = 0; w < WORDS; w++)
      for (uint64_t b = in[i].w[w]; b; b &= b - 1) count[64 * w + __builtin_ctzll(b)]++;
  }
  const int64_t *d = M->dim;
  for (int m = n, s = 0; m > 1; m--, s++) {
    int bi = -1, bj = -1;
    double bscore = 0, btime = 0;
    bool bshare = false, bfits = false;
    ndi_lset br = {{0}};
    for (int i = 0; i < m; i++)
      for (int j = i + 1; j < m; j++) {
        ndi_lset shared = land(sets[i], &sets[j]), all = lor(sets[i], &sets[j]), r = all;
        bool share = !lempty(&shared);
        /* a label stays if the output or a third term needs it */
        for (int w = 0; w < WORDS; w++)
          for (uint64_t b = all.w[w]; b; b &= b - 1) {
            int l = 64 * w + __builtin_ctzll(b);
            int here = ndi_lset_has(&sets[i], l) + ndi_lset_has(&sets[j], l);
            if (count[l] == here && !ndi_lset_has(M->out, l)) r.w[w] &= ~((uint64_t)1 << (l % 64));
          }
        bool ok = fits(&r);
        double score = share ? lsize(&r, d) - lsize(&sets[i], d) - lsize(&sets[j], d)
                             : lsize(&sets[i], d) + lsize(&sets[j], d);
        if (bi >= 0 && (ok < bfits || (ok == bfits && share < bshare))) continue;
        bool better = bi < 0 || ok > bfits || share > bshare || score < bscore;
        double t = 0;
        if (!better && score == bscore) {
          t = step_time(M, &sets[i], &sets[j], &r, orig[i], orig[j]);
          better = t < btime;
        }
        if (!better) continue;
        if (t == 0) t = step_time(M, &sets[i], &sets[j], &r, orig[i], orig[j]);
        bi = i, bj = j, bscore = score, btime = t, bshare = share, bfits = ok, br = r;
      }
    pairs[2 * s] = bi;
    pairs[2 * s + 1] = bj;
    for (int w = 0; w < WORDS; w++) {
      for (uint64_t b = sets[bi].w[w]; b; b &= b - 1) count[64 * w + __builtin_ctzll(b)]--;
      for (uint64_t b = sets[bj].w[w]; b; b &= b - 1) count[64 * w + __builtin_ctzll(b)]--;
      for (uint64_t b = br.w[w]; b; b &= b - 1) count[64 * w + __builtin_ctzll(b)]++;
    }
    int k = 0;
    for (int i = 0; i < m; i++)
      if (i != bi && i != bj) sets[k] = sets[i], orig[k++] = orig[i];
    sets[k] = br;
    orig[k] = -1;
  }
  ndi_free(sets), ndi_free(orig);
}

void ndi_einsum_plan(int n, const ndi_la_term *terms, const ndi_lset *out, const int64_t *dim,
                     nd_einsum_optimize mode, int *pairs) {
  if (n < 2) return;
  ndi_lset *in = ndi_malloc(sizeof(ndi_lset) * (size_t)n);
  model M = {terms, dim, out};
  if (!in) {
    for (int s = 0; s < n - 1; s++) pairs[2 * s] = 0, pairs[2 * s + 1] = 1;
    return;
  }
  for (int k = 0; k < n; k++) {
    memset(&in[k], 0, sizeof in[k]);
    for (int i = 0; i < terms[k].arr->ndim; i++) ndi_lset_add(&in[k], terms[k].lab[i]);
  }
  int limit = mode == ND_EINSUM_GREEDY ? 2 : mode == ND_EINSUM_OPTIMAL ? OPTIMAL_MAX : NDI_EIN_EXHAUSTIVE;
  if (n > limit || !dp(&M, n, in, pairs)) greedy(&M, n, in, pairs);
  ndi_free(in);
}

/* ---- NumPy's FLOP count of an order ----------------------------------------------------- */

double ndi_einsum_flops(int n, const ndi_lset *in, const ndi_lset *out, const int64_t *dim,
                        const int *pairs, int nsteps, double *largest) {
  ndi_lset *sets = ndi_malloc(sizeof(ndi_lset) * (size_t)(n > 0 ? n : 1));
  double total = 1, big = 0;
  if (!sets) return NAN;
  memcpy(sets, in, sizeof(ndi_lset) * (size_t)n);
  if (n == 1) {
    ndi_lset r = land(sets[0], out);
    total += numpy_cost(&sets[0], &r, 1, dim);
  }
  for (int m = n, s = 0; s < nsteps; m--, s++) {
    int i = pairs[2 * s], j = pairs[2 * s + 1], k = j < 0 ? 1 : 2;
    ndi_lset all = j < 0 ? sets[i] : lor(sets[i], &sets[j]), need = *out;
    for (int q = 0; q < m; q++)
      if (q != i && q != j) need = lor(need, &sets[q]);
    ndi_lset r = land(all, &need);
    total += numpy_cost(&all, &r, k, dim);
    if (lsize(&r, dim) > big) big = lsize(&r, dim);
    int w = 0;
    for (int q = 0; q < m; q++)
      if (q != i && q != j) sets[w++] = sets[q];
    sets[w] = r;
    if (j < 0) m++; /* a one-term step leaves as many terms */
  }
  ndi_free(sets);
  if (largest) *largest = big;
  return total;
}

/* ---- a path given in NumPy's format ---------------------------------------------------- */

nd_status ndi_einsum_path_steps(const char *op, int n, const int *path, int len, int *pairs,
                                int *nsteps) {
  int m = n, s = 0, c = 0, max_steps = NDI_EIN_MAX_STEPS(n);
  for (int p = 0; p < len; c++) {
    int q = p;
    while (q < len && path[q] >= 0) q++;
    if (q == len)
      return ndi_error(ND_ERR_VALUE, "%s: path contraction %d is not ended by -1", op, c);
    int k = q - p;
    if (k == 0) return ndi_error(ND_ERR_VALUE, "%s: path contraction %d names no operand", op, c);
    for (int a = p; a < q; a++) {
      if (path[a] >= m)
        return ndi_error(ND_ERR_VALUE, "%s: path contraction %d names position %d but %d %s", op,
                         c, path[a], m, m == 1 ? "operand remains" : "operands remain");
      for (int b = p; b < a; b++)
        if (path[b] == path[a])
          return ndi_error(ND_ERR_VALUE, "%s: path contraction %d names position %d twice", op, c, path[a]);
    }
    if (s + k > max_steps)
      return ndi_error(ND_ERR_VALUE, "%s: the path has more contractions than %d operands allow", op, n);
    if (k == 1) {
      pairs[2 * s] = path[p], pairs[2 * s + 1] = -1;
      s++;
    } else {
      /* positions after the first pair's removal shift; the running result is last */
      int first = path[p] < path[p + 1] ? path[p] : path[p + 1];
      int second = path[p] < path[p + 1] ? path[p + 1] : path[p];
      pairs[2 * s] = first, pairs[2 * s + 1] = second;
      s++;
      int cur = m - 2; /* size of the list after the removal, the result's position */
      int gone[ND_EINSUM_MAX_OPERANDS];
      int ng = 2;
      gone[0] = first, gone[1] = second;
      for (int a = p + 2; a < q; a++) {
        int pos = path[a];
        for (int g = 0; g < ng; g++) pos -= path[a] > gone[g];
        pairs[2 * s] = pos, pairs[2 * s + 1] = cur;
        s++;
        gone[ng++] = path[a];
        cur--;
      }
      m -= k - 1;
    }
    p = q + 1;
  }
  if (m != 1)
    return ndi_error(ND_ERR_VALUE, "%s: the path leaves %d operands (it must end with one)", op, m);
  *nsteps = s;
  return ND_OK;
}
