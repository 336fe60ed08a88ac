/* The contraction-path optimiser: in which order to contract einsum's operands pairwise.
 * Cost model (NumPy's einsum_path): a step costs the product of the extents of every
 * label its two terms carry, doubled when it sums something; the total is the sum plus 1
 * (so the totals match NumPy's "Optimized FLOP count" for the same path). Up to
 * NDI_EIN_EXHAUSTIVE terms every order is tried (depth-first, pruned by the best total so
 * far); beyond, a greedy choice per step (opt_einsum's heuristic): prefer pairs that share
 * a label, then the step that shrinks the total size of the terms most, then the cheapest.
 * A step whose result would have more than ND_MAX_DIMS axes cannot be formed (the
 * contraction engine refuses it): both searches avoid such steps when another order
 * exists, which changes no path that could run. */
#include <math.h>
#include <string.h>

#include "einsum.h"

#define WORDS ((int)(sizeof(ndi_lset) / sizeof(uint64_t)))

static ndi_lset lor(ndi_lset a, const ndi_lset *b) {
  for (int i = 0; i < WORDS; i++) a.w[i] |= b->w[i];
  return a;
}
static ndi_lset land(ndi_lset a, const ndi_lset *b) {
  for (int i = 0; i < WORDS; i++) a.w[i] &= b->w[i];
  return a;
}
static bool lsame(const ndi_lset *a, const ndi_lset *b) {
  return memcmp(a, b, sizeof *a) == 0;
}
static bool lempty(const ndi_lset *a) {
  for (int i = 0; i < WORDS; i++)
    if (a->w[i]) return false;
  return true;
}

/* Can a term with these labels be an array (at most ND_MAX_DIMS axes)? */
static bool fits(const ndi_lset *s) {
  int n = 0;
  for (int i = 0; i < WORDS; i++) n += __builtin_popcountll(s->w[i]);
  return n <= ND_MAX_DIMS;
}

static double lsize(const ndi_lset *s, const int64_t *dim) {
  double r = 1;
  for (int l = 0; l < NDI_LA_MAX_LABELS; l++)
    if (ndi_lset_has(s, l)) r *= (double)dim[l];
  return r;
}

/* Contracting terms i and j of `sets`: the result's labels (those still needed by the
 * output or another term) and the step's cost. */
static double step_cost(int n, const ndi_lset *sets, int i, int j, const ndi_lset *out,
                        const int64_t *dim, ndi_lset *result) {
  ndi_lset need = *out;
  for (int k = 0; k < n; k++)
    if (k != i && k != j) need = lor(need, &sets[k]);
  ndi_lset all = lor(sets[i], &sets[j]);
  *result = land(all, &need);
  return lsize(&all, dim) * (lsame(result, &all) ? 1 : 2);
}

/* The list after contracting i < j: the others in order, then the result. */
static void next_list(int n, const ndi_lset *sets, int i, int j, const ndi_lset *result,
                      ndi_lset *next) {
  int m = 0;
  for (int k = 0; k < n; k++)
    if (k != i && k != j) next[m++] = sets[k];
  next[m] = *result;
}

typedef struct {
  const ndi_lset *out;
  const int64_t *dim;
  int pairs[2 * ND_EINSUM_MAX_OPERANDS];
  int best_pairs[2 * ND_EINSUM_MAX_OPERANDS];
  double best;
} search;

static void dfs(search *S, int n, const ndi_lset *sets, int depth, double cost) {
  if (cost >= S->best) return;
  if (n == 1) {
    S->best = cost;
    memcpy(S->best_pairs, S->pairs, sizeof(int) * 2 * (size_t)depth);
    return;
  }
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      ndi_lset r, next[NDI_EIN_EXHAUSTIVE];
      double c = step_cost(n, sets, i, j, S->out, S->dim, &r);
      if (!fits(&r)) continue;
      next_list(n, sets, i, j, &r, next);
      S->pairs[2 * depth] = i;
      S->pairs[2 * depth + 1] = j;
      dfs(S, n - 1, next, depth + 1, cost + c);
    }
}

static double greedy(int n, const ndi_lset *in, const ndi_lset *out, const int64_t *dim,
                     int *pairs) {
  ndi_lset sets[ND_EINSUM_MAX_OPERANDS], next[ND_EINSUM_MAX_OPERANDS];
  memcpy(sets, in, sizeof(ndi_lset) * (size_t)n);
  double total = 0;
  for (int depth = 0; n > 1; depth++, n--) {
    int bi = 0, bj = 1;
    bool best_share = false, best_fits = false;
    double best_shrink = 0, best_cost = 0;
    ndi_lset best_r = sets[0];
    for (int i = 0; i < n; i++)
      for (int j = i + 1; j < n; j++) {
        ndi_lset r, common = land(sets[i], &sets[j]);
        double c = step_cost(n, sets, i, j, out, dim, &r);
        bool share = !lempty(&common);
        double shrink = lsize(&r, dim) - lsize(&sets[i], dim) - lsize(&sets[j], dim);
        bool first = i == 0 && j == 1, ok = fits(&r);
        bool better = first || (ok && !best_fits) ||
                      (ok == best_fits &&
                       ((share && !best_share) ||
                        (share == best_share &&
                         (shrink < best_shrink || (shrink == best_shrink && c < best_cost)))));
        if (better) {
          bi = i, bj = j, best_share = share, best_shrink = shrink, best_cost = c, best_r = r;
          best_fits = ok;
        }
      }
    total += best_cost;
    pairs[2 * depth] = bi;
    pairs[2 * depth + 1] = bj;
    next_list(n, sets, bi, bj, &best_r, next);
    memcpy(sets, next, sizeof(ndi_lset) * (size_t)(n - 1));
  }
  return total;
}

double ndi_einsum_optimize(int n, const ndi_lset *in, const ndi_lset *out, const int64_t *dim,
                           int *pairs) {
  if (n <= 1) {
    /* one term: the cost of summing it down to the output */
    if (n < 1) return 1;
    ndi_lset r = land(in[0], out);
    return lsize(&in[0], dim) * (lsame(&r, &in[0]) ? 1 : 2) + 1;
  }
  if (n > NDI_EIN_EXHAUSTIVE) return greedy(n, in, out, dim, pairs) + 1;
  search S;
  S.out = out;
  S.dim = dim;
  S.best = INFINITY;
  dfs(&S, n, in, 0, 0);
  if (S.best == INFINITY) /* no order keeps every step within ND_MAX_DIMS axes */
    return greedy(n, in, out, dim, pairs) + 1;
  memcpy(pairs, S.best_pairs, sizeof(int) * 2 * (size_t)(n - 1));
  return S.best + 1;
}
