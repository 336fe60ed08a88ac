/* Iterative eigensolver benchmarks (nd/iterative.h): the ground state of the spin-1/2
 * Heisenberg ring of 20 sites in its Sz = 0 sector (184,756 states) by Lanczos to
 * tol = 1e-10, on the matrix-free Hamiltonian of examples/heisenberg_chain.h, and one
 * product of that Hamiltonian with a vector. The NumPy side (bench/numpy_cases.py) is
 * SciPy's eigsh (ARPACK) on the same Hamiltonian as a CSR matrix, and its product. */
#include <stdlib.h>

#include "bench.h"
#include "heisenberg_chain.h"

typedef struct {
  hchain *h;
  nd_array *x, *y;
} hb_state;

static void *hb_setup(void) {
  hb_state *s = calloc(1, sizeof *s);
  s->h = hchain_new(20, 1.0);
  bench_check(s->h != NULL, "heisenberg setup");
  s->x = nd_ones(ND_FLOAT64, 2, (int64_t[]){s->h->dim, 1}, ND_F);
  s->y = nd_zeros(ND_FLOAT64, 2, (int64_t[]){s->h->dim, 1}, ND_F);
  bench_check(s->x && s->y, "heisenberg setup");
  return s;
}

static void hb_teardown(void *p) {
  hb_state *s = p;
  hchain_free(s->h);
  nd_release(s->x);
  nd_release(s->y);
  free(s);
}

static void hb_product(void *p) {
  hb_state *s = p;
  hchain_apply(s->x, s->y, s->h);
}

static void hb_lanczos(void *p) {
  hb_state *s = p;
  nd_linop A = {.n = s->h->dim, .dtype = ND_FLOAT64, .apply = hchain_apply, .ctx = s->h};
  nd_eigsh_options o = {.method = ND_EIGSH_LANCZOS, .tol = 1e-10};
  nd_array *w = NULL, *v = NULL;
  bench_check(nd_linalg_eigsh_op(&A, 1, &o, &w, &v, NULL) == ND_OK, "eigsh");
  nd_release(w);
  nd_release(v);
}

const bench_case bench_cases_eigsh[] = {
    {"linalg/eigsh_heisenberg_20", "184756 states, k=1", hb_setup, hb_lanczos, hb_teardown, 0},
    {"linalg/heisenberg_20_product", "184756 states", hb_setup, hb_product, hb_teardown, 0},
    {NULL, NULL, NULL, NULL, NULL, 0},
};
