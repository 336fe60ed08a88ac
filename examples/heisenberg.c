/* The ground-state energy of the spin-1/2 Heisenberg ring H = sum_i S_i . S_{i+1} (J = 1)
 * by Lanczos (or Davidson) on a matrix-free Hamiltonian in the Sz = 0 sector
 * (nd_linalg_eigsh_op), checking itself:
 *   1. against exact diagonalisation of the dense Hamiltonian of the full 2^N space
 *      (nd_linalg_eigvalsh) for N = 4 to 10: the Sz = 0 sector holds the ground state
 *      (a singlet, Marshall-Lieb-Mattis), so the energies must agree;
 *   2. against the Bethe ansatz: the energy per site tends to e_inf = 1/4 - ln 2 with the
 *      finite-size law of conformal field theory, e_0(N) = e_inf - pi^2 / (12 N^2) (up to
 *      logarithmic corrections): the corrected energies approach e_inf, and a fit of
 *      e_inf + a / N^2 to the two largest rings lands close to it;
 *   3. the ground state of the largest ring to tol = 1e-10 (relative residual), with the
 *      time per product of H with a vector.
 *
 *     heisenberg [--N 20] [--method lanczos|davidson] [--tol 1e-10] [--check]
 *
 * --check (for ctest) stops at N = 14 unless --N says otherwise. Exit status 1 if a check
 * fails. */
#include <math.h>
#include <nd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "heisenberg_chain.h"

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int failures = 0;

static void verdict(bool ok) {
  printf("  %s\n", ok ? "ok" : "FAILED");
  failures += !ok;
}

/* The lowest eigenvalue of the dense Hamiltonian of the full 2^N space, built bond by
 * bond from the spin operators (independently of hchain's basis and tables). */
static double exact_ground(int N) {
  int64_t d = (int64_t)1 << N;
  nd_array *H = nd_zeros(ND_FLOAT64, ND_SHAPE(d, d), ND_C);
  if (!H) return NAN;
  double *h = nd_data(H);
  for (int64_t s = 0; s < d; s++)
    for (int i = 0; i < N; i++) {
      int j = (i + 1) % N;
      int si = (int)(s >> i) & 1, sj = (int)(s >> j) & 1;
      h[s * d + s] += si == sj ? 0.25 : -0.25;
      if (si != sj) h[(s ^ (1 << i) ^ (1 << j)) * d + s] += 0.5;
    }
  nd_array *w = nd_linalg_eigvalsh(H);
  double e = NAN;
  int64_t zero = 0;
  if (w) nd_get_double(w, &zero, &e);
  nd_release(H);
  nd_release(w);
  return e;
}

typedef struct run {
  double e0, seconds, per_product, residual;
  int64_t dim, iterations, matvecs;
} run;

/* The ground state of the ring of N sites; false (message printed) on failure. */
static bool ground_state(int N, nd_eigsh_method method, double tol, run *r) {
  hchain *h = hchain_new(N, 1.0);
  if (!h) {
    fprintf(stderr, "heisenberg: N = %d is not an even number from 2 to 30\n", N);
    return false;
  }
  nd_array *diag = nd_from_data(ND_FLOAT64, 1, &h->dim, h->diag, ND_C);
  nd_linop A = {.n = h->dim, .dtype = ND_FLOAT64, .apply = hchain_apply, .ctx = h, .diagonal = diag};
  nd_eigsh_options o = {.method = method, .tol = tol, .seed = 2024};
  nd_eigsh_info info;
  nd_array *w = NULL;
  double t0 = now();
  nd_status st = nd_linalg_eigsh_op(&A, 1, &o, &w, NULL, &info);
  double t1 = now();
  if (st) {
    fprintf(stderr, "heisenberg: N = %d: %s\n", N, nd_last_error());
  } else {
    /* the operator alone, timed apart: the best of ten products with one vector */
    nd_array *x = nd_ones(ND_FLOAT64, 2, (int64_t[]){h->dim, 1}, ND_F), *y = nd_empty(ND_FLOAT64, 2, (int64_t[]){h->dim, 1}, ND_F);
    r->per_product = INFINITY;
    for (int i = 0; i < 10; i++) {
      double t2 = now();
      hchain_apply(x, y, h);
      if (now() - t2 < r->per_product) r->per_product = now() - t2;
    }
    nd_release(x);
    nd_release(y);
    int64_t zero = 0;
    nd_get_double(w, &zero, &r->e0);
    r->seconds = t1 - t0;
    r->dim = h->dim;
    r->iterations = info.iterations;
    r->matvecs = info.matvecs;
    r->residual = info.residual;
  }
  nd_release(w);
  nd_release(diag);
  hchain_free(h);
  return st == ND_OK;
}

int main(int argc, char **argv) {
  int Nmax = 20;
  bool check = false, n_given = false;
  double tol = 1e-10;
  nd_eigsh_method method = ND_EIGSH_LANCZOS;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--N") && i + 1 < argc) Nmax = atoi(argv[++i]), n_given = true;
    else if (!strcmp(argv[i], "--tol") && i + 1 < argc) tol = atof(argv[++i]);
    else if (!strcmp(argv[i], "--check")) check = true;
    else if (!strcmp(argv[i], "--method") && i + 1 < argc) {
      const char *m = argv[++i];
      method = !strcmp(m, "davidson") ? ND_EIGSH_DAVIDSON : ND_EIGSH_LANCZOS;
    } else {
      fprintf(stderr, "usage: heisenberg [--N 20] [--method lanczos|davidson] [--tol 1e-10] [--check]\n");
      return 2;
    }
  }
  if (check && !n_given) Nmax = 14;
  if (Nmax < 12 || Nmax > 30 || Nmax % 2) {
    fprintf(stderr, "heisenberg: --N must be even, from 12 to 30\n");
    return 2;
  }
  const double e_inf = 0.25 - log(2.0);
  const char *mname = method == ND_EIGSH_DAVIDSON ? "Davidson" : "Lanczos";
  printf("Spin-1/2 Heisenberg ring, J = 1, Sz = 0 sector, %s to tol %.0e\n", mname, tol);

  printf("1. Against exact diagonalisation of the full space (2^N states)\n");
  for (int N = 4; N <= 10; N += 2) {
    run r;
    if (!ground_state(N, method, tol, &r)) return 1;
    double ed = exact_ground(N);
    printf("  N = %2d: E0 = %.12f (Sz = 0, %lld states)  exact %.12f  diff %.1e", N, r.e0, (long long)r.dim, ed,
           fabs(r.e0 - ed));
    verdict(fabs(r.e0 - ed) <= 1e-9 * fabs(ed));
  }

  printf("2. Towards the Bethe ansatz: e_inf = 1/4 - ln 2 = %.10f\n", e_inf);
  double prev_gap = INFINITY, eN[31] = {0};
  run last = {0};
  for (int N = 8; N <= Nmax; N += 2) {
    run r;
    if (!ground_state(N, method, tol, &r)) return 1;
    double e = r.e0 / N, corrected = e + M_PI * M_PI / (12.0 * N * N);
    eN[N] = e;
    printf("  N = %2d: %8lld states  e0 = %.12f  e0 + pi^2/(12 N^2) - e_inf = %+.2e  (%lld products, %.2f s)\n", N,
           (long long)r.dim, e, corrected - e_inf, (long long)r.matvecs, r.seconds);
    /* below e_inf, and the conformal correction accounts for most of the gap */
    if (!(e < e_inf) || !(fabs(corrected - e_inf) < 0.1 * (e_inf - e)) || !(fabs(corrected - e_inf) <= prev_gap)) {
      printf("  N = %d: not the finite-size behaviour of the Bethe ansatz", N);
      verdict(false);
    }
    prev_gap = fabs(corrected - e_inf);
    last = r;
  }
  /* e(N) = e_inf + a / N^2 through the two largest rings */
  double n1 = Nmax - 2, n2 = Nmax, e1 = eN[Nmax - 2], e2 = eN[Nmax];
  double fit = (e2 * n2 * n2 - e1 * n1 * n1) / (n2 * n2 - n1 * n1);
  printf("  fit e_inf + a/N^2 to N = %d, %d: e_inf = %.6f (Bethe ansatz %.6f, diff %.1e)", (int)n1, (int)n2, fit, e_inf,
         fabs(fit - e_inf));
  verdict(fabs(fit - e_inf) < 1e-3);

  printf("3. N = %d: %lld states, ground state to tol %.0e (%s)\n", Nmax, (long long)last.dim, tol, mname);
  printf("  E0 = %.12f, e0 = %.12f per site, residual %.1e x ||H||\n", last.e0, last.e0 / Nmax, last.residual);
  printf("  %lld iterations, %lld products with a vector, %.3f s in all; one product %.2f ms (best of 10)\n",
         (long long)last.iterations,
         (long long)last.matvecs, last.seconds, 1e3 * last.per_product);
  verdict(last.residual <= tol);
  printf(failures ? "%d check(s) FAILED\n" : "all checks passed\n", failures);
  return failures ? 1 : 0;
}
