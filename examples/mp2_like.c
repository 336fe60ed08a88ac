/* MP2-gradient-style tensor expressions (the RSTSR report's examples) on random tensors:
 * the broadcast orbital-energy denominator, three einsums, and the same contractions
 * written as reshape + matmul, checking that both agree and that the reshapes of the 4-D
 * amplitudes into matrices are views, not copies.
 *
 *     mp2_like [--nocc N] [--nvir N] [--naux N]      (exit status 1 if a check fails) */
#include <math.h>
#include <nd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reproducible values uniform in [-0.5, 0.5): NumPy's
 * np.random.default_rng(seed).uniform(-0.5, 0.5, shape), bit for bit. */
static nd_array *random_array(int ndim, const int64_t *shape, uint64_t seed) {
  nd_rng *g = nd_rng_new(seed);
  nd_array *a = g ? nd_random_uniform(g, -0.5, 0.5, ND_FLOAT64, ndim, shape) : NULL;
  nd_rng_free(g);
  return a;
}

/* max |a - b| / max |b| */
static double rel_diff(const nd_array *a, const nd_array *b) {
  double d = NAN, m = NAN;
  nd_item_double(nd_max(nd_abs(nd_subtract(a, b)), -1, NULL, false), &d);
  nd_item_double(nd_max(nd_abs(b), -1, NULL, false), &m);
  return d / m;
}

static int failures = 0;

static void report(const char *what, double rel) {
  bool ok = rel <= 1e-12;
  printf("  %-52s rel. difference %.1e  %s\n", what, rel, ok ? "ok" : "FAILED");
  failures += !ok;
}

static void report_view(const char *what, const nd_array *view, const nd_array *base) {
  bool ok = view && nd_shares_memory(view, base);
  printf("  %-52s %s\n", what, ok ? "a view (no copy)" : "a copy: FAILED");
  failures += !ok;
}

int main(int argc, char **argv) {
  int64_t no = 30, nv = 120, naux = 360;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!strcmp(argv[i], "--nocc")) no = atoll(argv[i + 1]);
    else if (!strcmp(argv[i], "--nvir")) nv = atoll(argv[i + 1]);
    else if (!strcmp(argv[i], "--naux")) naux = atoll(argv[i + 1]);
  }
  nd_scope_begin();
  nd_array *e_occ = random_array(ND_SHAPE(no), 1), *e_vir = random_array(ND_SHAPE(nv), 2);
  nd_array *T = random_array(ND_SHAPE(no, nv, no, nv), 3); /* T[j,b,i,a] */
  nd_array *t = random_array(ND_SHAPE(no, nv, no, nv), 4);
  nd_array *Y = random_array(ND_SHAPE(naux, no, nv), 5); /* Y[P,j,b] */
  if (!e_occ || !e_vir || !T || !t || !Y) {
    fprintf(stderr, "mp2_like: %s\n", nd_last_error());
    return 1;
  }
  printf("MP2-like expressions, nocc=%lld nvir=%lld naux=%lld\n", (long long)no, (long long)nv,
         (long long)naux);

  /* D[i,j,a,b] = e_i + e_j - e_a - e_b from four broadcast views of two vectors */
  nd_array *ei = nd_index(e_occ, ":, None, None, None"), *ej = nd_index(e_occ, "None, :, None, None");
  nd_array *ea = nd_index(e_vir, "None, None, :, None"), *eb = nd_index(e_vir, "None, None, None, :");
  nd_array *D = nd_subtract(nd_subtract(nd_add(ei, ej), ea), eb);
  double worst = 0;
  for (int64_t i = 0; i < no; i += 7)
    for (int64_t j = 0; j < no; j += 5)
      for (int64_t a = 0; a < nv; a += 11)
        for (int64_t b = 0; b < nv; b += 13) {
          double x, vi, vj, va, vb;
          nd_get_double(D, (int64_t[]){i, j, a, b}, &x);
          nd_get_double(e_occ, &i, &vi);
          nd_get_double(e_occ, &j, &vj);
          nd_get_double(e_vir, &a, &va);
          nd_get_double(e_vir, &b, &vb);
          double d = fabs(x - (vi + vj - va - vb));
          if (d > worst) worst = d;
        }
  report("D[i,j,a,b] = e_i + e_j - e_a - e_b (broadcast)", worst);

  /* jbia,kbia->jk  ==  T[j,(bia)] @ t[k,(bia)]^T */
  nd_array *jk = nd_einsum("jbia,kbia->jk", 2, (nd_array *[]){T, t});
  nd_array *Tm = nd_reshape(T, ND_SHAPE(no, -1), ND_C), *tm = nd_reshape(t, ND_SHAPE(no, -1), ND_C);
  report_view("T[j,b,i,a] as a [j, bia] matrix", Tm, T);
  report("einsum jbia,kbia->jk vs reshape + matmul", rel_diff(jk, nd_matmul(Tm, nd_matrix_transpose(tm))));

  /* jcia,jcib->ab  ==  T[(jci),a]^T @ t[(jci),b] */
  nd_array *ab = nd_einsum("jcia,jcib->ab", 2, (nd_array *[]){T, t});
  nd_array *Tv = nd_reshape(T, ND_SHAPE(-1, nv), ND_C), *tv = nd_reshape(t, ND_SHAPE(-1, nv), ND_C);
  report_view("T[j,c,i,a] as a [jci, a] matrix", Tv, T);
  report("einsum jcia,jcib->ab vs reshape + matmul", rel_diff(ab, nd_matmul(nd_matrix_transpose(Tv), tv)));

  /* Pjb,jbia->Pia  ==  (Y[P,(jb)] @ T[(jb),(ia)]) reshaped to [P,i,a] */
  nd_array *Pia = nd_einsum("Pjb,jbia->Pia", 2, (nd_array *[]){Y, T});
  nd_array *Ym = nd_reshape(Y, ND_SHAPE(naux, no * nv), ND_C);
  nd_array *Tjb = nd_reshape(T, ND_SHAPE(no * nv, no * nv), ND_C);
  report_view("Y[P,j,b] as a [P, jb] matrix", Ym, Y);
  report_view("T[j,b,i,a] as a [jb, ia] matrix", Tjb, T);
  nd_array *prod = nd_reshape(nd_matmul(Ym, Tjb), ND_SHAPE(naux, no, nv), ND_C);
  report("einsum Pjb,jbia->Pia vs reshape + matmul", rel_diff(Pia, prod));

  if (!D || !jk || !ab || !Pia) {
    fprintf(stderr, "mp2_like: %s\n", nd_last_error());
    failures++;
  }
  nd_scope_end();
  printf("%s\n", failures ? "some checks FAILED" : "all checks passed");
  return failures ? 1 : 0;
}
