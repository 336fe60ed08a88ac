/* The spin-1/2 Heisenberg chain H = J sum_i S_i . S_{i+1} on a ring of N sites, in its
 * Sz = 0 sector, as a matrix-free operator for nd_linalg_eigsh_op (nd/iterative.h).
 * Shared by examples/heisenberg.c and the benchmark (bench/cases_eigsh.c); header-only.
 *
 * A basis state is an N-bit word, bit i set for spin up at site i; Sz = 0 means N/2 bits
 * set, C(N, N/2) states (184,756 for N = 20), kept in ascending order. S_i . S_j =
 * Sz_i Sz_j + (S+_i S-_j + S-_i S+_j) / 2: the first term is diagonal (+1/4 for parallel
 * spins, -1/4 for antiparallel), the second swaps two antiparallel spins with amplitude
 * 1/2. The position of a state in the basis comes from Lin's two tables (H. Q. Lin, Phys.
 * Rev. B 42, 6561 (1990)): with the word split into high and low halves, the states with
 * one high half are consecutive, so index = start[high] + rank[low], rank counting the
 * smaller low halves with as many bits set. The product runs over rows (each row gathers
 * its neighbours), in parallel on nd's threads. */
#ifndef ND_EXAMPLE_HEISENBERG_CHAIN_H
#define ND_EXAMPLE_HEISENBERG_CHAIN_H

#include <nd.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct hchain {
  int N;              /* sites (even, 2..30) */
  double J;           /* exchange */
  int64_t dim;        /* C(N, N/2) */
  uint32_t *states;   /* the basis, ascending */
  int64_t *start;     /* [2^(N - N/2)]: index of the first state with that high half */
  int64_t *rank;      /* [2^(N/2)]: rank of a low half among those with its bit count */
  double *diag;       /* the diagonal of H */
  int64_t applies;    /* calls of hchain_apply */
} hchain;

static inline int hchain_popcount(uint32_t x) { return __builtin_popcount(x); }

static inline int64_t hchain_index(const hchain *h, uint32_t s) {
  int lo = h->N / 2;
  return h->start[s >> lo] + h->rank[s & ((1u << lo) - 1)];
}

/* The basis and the tables; NULL (with a message on stderr) on failure. */
static inline hchain *hchain_new(int N, double J) {
  if (N < 2 || N > 30 || N % 2) return NULL;
  hchain *h = calloc(1, sizeof *h);
  int lo = N / 2, hi = N - lo;
  h->N = N;
  h->J = J;
  h->start = malloc(sizeof(int64_t) << hi);
  h->rank = malloc(sizeof(int64_t) << lo);
  int64_t count[32] = {0};
  for (uint32_t l = 0; l < (1u << lo); l++) h->rank[l] = count[hchain_popcount(l)]++;
  int64_t dim = 0;
  for (uint32_t u = 0; u < (1u << hi); u++) {
    h->start[u] = dim;
    int need = N / 2 - hchain_popcount(u);
    if (need >= 0 && need <= lo) dim += count[need];
  }
  h->dim = dim;
  h->states = malloc(sizeof(uint32_t) * (size_t)dim);
  h->diag = malloc(sizeof(double) * (size_t)dim);
  int64_t a = 0;
  for (uint32_t u = 0; u < (1u << hi); u++)
    for (uint32_t l = 0; l < (1u << lo); l++)
      if (hchain_popcount(u) + hchain_popcount(l) == N / 2) h->states[a++] = (u << lo) | l;
  for (int64_t i = 0; i < dim; i++) {
    uint32_t s = h->states[i], rot = (s >> 1) | ((s & 1u) << (N - 1)); /* site i+1 at bit i */
    int anti = hchain_popcount(s ^ rot);
    h->diag[i] = J * 0.25 * (double)(N - 2 * anti);
  }
  return h;
}

static inline void hchain_free(hchain *h) {
  if (!h) return;
  free(h->states);
  free(h->start);
  free(h->rank);
  free(h->diag);
  free(h);
}

typedef struct hchain_block {
  const hchain *h;
  const double *x;
  double *y;
  int64_t b;
} hchain_block;

#define HCHAIN_ROWS 4096 /* rows per task */

static inline void hchain_rows(void *ctx, int64_t task, int slot) {
  (void)slot;
  const hchain_block *k = ctx;
  const hchain *h = k->h;
  int N = h->N;
  int64_t dim = h->dim, end = (task + 1) * HCHAIN_ROWS < dim ? (task + 1) * HCHAIN_ROWS : dim;
  int64_t nb[32];
  for (int64_t a = task * HCHAIN_ROWS; a < end; a++) {
    uint32_t s = h->states[a], rot = (s >> 1) | ((s & 1u) << (N - 1));
    /* the bonds (i, i+1) with antiparallel spins: the set bits of s ^ rot, visited
     * without a branch per bond (a test per bond mispredicts half the time) */
    int m = 0;
    for (uint32_t anti = s ^ rot; anti; anti &= anti - 1) {
      int i = __builtin_ctz(anti), j = i + 1 == N ? 0 : i + 1;
      nb[m++] = hchain_index(h, s ^ (1u << i) ^ (1u << j));
    }
    for (int64_t c = 0; c < k->b; c++) {
      const double *x = k->x + c * dim;
      double acc = 0;
      for (int q = 0; q < m; q++) acc += x[nb[q]];
      k->y[a + c * dim] = h->diag[a] * x[a] + 0.5 * h->J * acc;
    }
  }
}

/* y = H x for a float64 block [dim, b] (nd_linop_apply). */
static inline nd_status hchain_apply(const nd_array *x, nd_array *y, void *ctx) {
  hchain *h = ctx;
  h->applies++;
  hchain_block k = {.h = h, .x = nd_data(x), .y = nd_data(y), .b = nd_shape(x)[1]};
  nd_parallel_for(0, (h->dim + HCHAIN_ROWS - 1) / HCHAIN_ROWS, hchain_rows, &k);
  return ND_OK;
}

#endif
