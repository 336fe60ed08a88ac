/* Levin-Nave tensor renormalization group (TRG) for the square-lattice Ising model, with
 * nd's public API only: einsum, reshape, transpose, SVD, elementwise and reductions. The
 * free energy is checked against Onsager's exact solution, computed here by numerical
 * integration.
 *
 *     trg_ising [--beta B] [--chi X] [--steps N] [--svd full|gesvdx|randomized|auto]
 *               [--check TOL]
 *
 * prints one line per run:
 *     TRG beta=0.4 chi=16 steps=30 lnZ/N=0.879363060318593 exact=0.879363820774948 ...
 * With --check, exits with status 1 if the relative error exceeds TOL.
 *
 * The method: each site carries a tensor T[l,u,r,d] (left, up, right, down bonds). One
 * step splits T by two SVDs, truncated to the bond dimension chi: on one sublattice
 * (l,u)|(r,d), on the other (u,r)|(d,l). The four halves around each plaquette contract
 * into the tensor of a lattice rotated by 45 degrees with half as many sites. Dividing T
 * by its largest element each step and accumulating the logarithms gives ln Z per site.
 *
 * The SVDs keep chi of d^2 singular values (d the bond dimension, chi once it has grown):
 * the full SVD (--svd full, the default) computes all d^2 and throws most away; --svd
 * gesvdx, randomized or auto computes only the chi largest (nd_linalg_svd_truncated), the
 * same triplets to rounding, so lnZ/N is the same. At chi = 32 and 48 the matrices are
 * 1024 and 2304 square; the truncated SVD is where the time goes (bench/trg_svd.sh). */
#include <math.h>
#include <nd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Onsager: ln Z / N = ln(2 cosh 2b) + (1/pi) int_0^{pi/2} ln((1 + sqrt(1 - k^2 sin^2 t))/2) dt,
 * k = 2 sinh 2b / cosh^2 2b; composite Simpson's rule with a compensated sum. */
static double onsager_lnz(double beta) {
  const int n = 20000;
  double k = 2 * sinh(2 * beta) / (cosh(2 * beta) * cosh(2 * beta));
  double h = (M_PI / 2) / n, sum = 0, comp = 0;
  for (int i = 0; i <= n; i++) {
    double s = sin(i * h), r = 1 - k * k * s * s;
    double f = log((1 + sqrt(r > 0 ? r : 0)) / 2) * (i == 0 || i == n ? 1 : i % 2 ? 4 : 2);
    double y = f - comp, t = sum + y; /* Kahan */
    comp = (t - sum) - y;
    sum = t;
  }
  return log(2 * cosh(2 * beta)) + sum * h / 3 / M_PI;
}

/* T[l,u,r,d] = sum_s W[s,l] W[s,u] W[s,r] W[s,d], W W^T = [[e^b, e^-b], [e^-b, e^b]]. */
static nd_array *initial_tensor(double beta) {
  double c = sqrt(cosh(beta)), s = sqrt(sinh(beta));
  const double w[4] = {c, s, c, -s};
  nd_scope_begin();
  nd_array *W = nd_from_data(ND_FLOAT64, ND_SHAPE(2, 2), w, ND_C);
  nd_array *t = nd_keep(nd_einsum("sa,sb,sc,sd->abcd", 4, (nd_array *[]){W, W, W, W}));
  nd_scope_end();
  return t;
}

/* How split2 computes the SVD: all singular triplets, or the chi largest by a method of
 * nd_linalg_svd_truncated. */
typedef struct {
  bool truncated;
  nd_svd_method method;
} svd_mode;

/* Each m[i] of the batch m[2, n, n] = U S V^T truncated to chi singular values:
 * left[i] = U sqrt(S) reshaped to [d, d, k], right[i] = sqrt(S) V^T reshaped to [k, d, d].
 * The two SVDs are one batched call, so nd runs them side by side, one per core.
 * Returns false on failure. */
static bool split2(nd_array *m, int64_t d, int chi, svd_mode mode, nd_array *left[2], nd_array *right[2]) {
  nd_array *u = NULL, *s = NULL, *vh = NULL;
  int64_t n = nd_dim(m, 1);
  nd_svd_truncated_options opt = {.method = mode.method, .seed = 1};
  nd_status st = mode.truncated && chi < n ? nd_linalg_svd_truncated(m, chi, &opt, &u, &s, &vh)
                                           : nd_linalg_svd(m, false, &u, &s, &vh);
  if (st != ND_OK) return false;
  int64_t k = nd_dim(s, 1) < chi ? nd_dim(s, 1) : chi;
  nd_array *r = nd_sqrt(nd_indexf(s, ":, :%lld", (long long)k));               /* [2, k] */
  nd_array *l = nd_multiply(nd_indexf(u, ":, :, :%lld", (long long)k), nd_index(r, ":, None, :"));
  nd_array *rt = nd_multiply(nd_index(r, ":, :, None"), nd_indexf(vh, ":, :%lld", (long long)k));
  for (int i = 0; i < 2; i++) {
    left[i] = nd_reshape(nd_indexf(l, "%d", i), ND_SHAPE(d, d, k), ND_C);
    right[i] = nd_reshape(nd_indexf(rt, "%d", i), ND_SHAPE(k, d, d), ND_C);
  }
  nd_release(u);
  nd_release(s);
  nd_release(vh);
  return left[0] && left[1] && right[0] && right[1];
}

/* ln Z / N after `steps` coarse-graining steps, or NAN with nd's message on failure. */
static double trg(double beta, int chi, int steps, svd_mode mode) {
  nd_array *t = initial_tensor(beta);
  double lnz = 0;
  for (int n = 0; t; n++) {
    nd_scope_begin(); /* everything made in this step except the next tensor */
    double c = NAN;
    nd_item_double(nd_max(nd_abs(t), -1, NULL, false), &c);
    nd_array *tn = nd_divide_scalar(t, ND_FLOAT(c));
    lnz += log(c) / ldexp(1.0, n); /* each tensor now stands for 2^n sites */
    if (n < steps && tn) {
      int64_t d = nd_dim(tn, 0);
      nd_array *left[2], *right[2]; /* sublattice A: s1, s3; sublattice B: s2, s4 */
      nd_array *m1 = nd_reshape(tn, ND_SHAPE(d * d, d * d), ND_C);
      nd_array *m2 = nd_reshape(nd_permute(tn, 4, (int[]){1, 2, 3, 0}), ND_SHAPE(d * d, d * d), ND_C);
      if (split2(nd_stack(2, (nd_array *[]){m1, m2}, 0), d, chi, mode, left, right))
        tn = nd_einsum("apq,bsp,tsc,qtd->abcd", 4, (nd_array *[]){right[0], right[1], left[0], left[1]});
      else
        tn = NULL;
    } else if (tn) {
      double tr = NAN;
      nd_item_double(nd_einsum("abab->", 1, (nd_array *[]){tn}), &tr);
      lnz += log(tr) / ldexp(1.0, n);
      nd_keep(tn);
      nd_scope_end();
      nd_release(tn);
      nd_release(t);
      return lnz;
    }
    nd_keep(tn);
    nd_scope_end();
    nd_release(t);
    t = tn;
  }
  nd_release(t);
  return NAN;
}

int main(int argc, char **argv) {
  double beta = 0.4, check = -1;
  int chi = 16, steps = 30;
  svd_mode mode = {false, ND_SVD_AUTO};
  const char *svd = "full";
  for (int i = 1; i < argc; i++) {
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(argv[i], "--beta") && v) beta = atof(argv[++i]);
    else if (!strcmp(argv[i], "--svd") && v) svd = argv[++i];
    else if (!strcmp(argv[i], "--chi") && v) chi = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--steps") && v) steps = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--check") && v) check = atof(argv[++i]);
    else {
      fprintf(stderr, "usage: %s [--beta B] [--chi X] [--steps N] [--svd full|gesvdx|randomized|auto] [--check TOL]\n",
              argv[0]);
      return 2;
    }
  }
  mode.truncated = strcmp(svd, "full") != 0;
  if (!strcmp(svd, "gesvdx")) mode.method = ND_SVD_GESVDX;
  else if (!strcmp(svd, "randomized")) mode.method = ND_SVD_RANDOMIZED;
  else if (strcmp(svd, "auto") && strcmp(svd, "full")) {
    fprintf(stderr, "trg_ising: --svd is full, gesvdx, randomized or auto (got %s)\n", svd);
    return 2;
  }
  if (chi < 1 || steps < 0 || !(beta > 0)) {
    fprintf(stderr, "trg_ising: need chi >= 1, steps >= 0, beta > 0\n");
    return 2;
  }
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  double lnz = trg(beta, chi, steps, mode);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  if (isnan(lnz)) {
    fprintf(stderr, "trg_ising: %s\n", nd_last_error());
    return 1;
  }
  double exact = onsager_lnz(beta), rel = fabs(lnz - exact) / fabs(exact);
  double secs = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
  printf("TRG beta=%g chi=%d steps=%d svd=%s lnZ/N=%.15f exact=%.15f relerr=%.1e time=%.2fs\n", beta,
         chi, steps, svd, lnz, exact, rel, secs);
  return check >= 0 && !(rel <= check) ? 1 : 0;
}
