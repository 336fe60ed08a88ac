/* einsum_path's text report, in the layout of NumPy's: the complete contraction, naive
 * and optimized scaling and FLOP counts (NumPy's model), the theoretical speedup, the
 * largest intermediate, then one line per contraction with its scaling (labels involved),
 * its subscripts (the operands in reverse position order, as NumPy pops them; an
 * intermediate's labels ordered by extent, then label) and the subscripts left. The axes
 * '...' stands for are shown as letters the subscripts do not use, as NumPy shows them. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "einsum.h"

#define WORDS ((int)(sizeof(ndi_lset) / sizeof(uint64_t)))

typedef struct {
  char *s;
  size_t len, cap;
  bool failed;
} text;

static void put(text *t, const char *fmt, ...) {
  va_list ap;
  for (;;) {
    va_start(ap, fmt);
    int k = vsnprintf(t->s ? t->s + t->len : NULL, t->s ? t->cap - t->len : 0, fmt, ap);
    va_end(ap);
    if (k < 0) {
      t->failed = true;
      return;
    }
    if (t->s && t->len + (size_t)k < t->cap) {
      t->len += (size_t)k;
      return;
    }
    size_t cap = 2 * (t->cap + (size_t)k) + 256;
    char *s = realloc(t->s, cap); /* the caller frees the report with free() */
    if (!s) {
      t->failed = true;
      return;
    }
    t->s = s;
    t->cap = cap;
  }
}

/* A sequence of labels as text. */
typedef struct {
  int n;
  int lab[ND_MAX_DIMS];
} seq;

typedef struct {
  const ndi_ein_spec *sp;
  char ell[ND_MAX_DIMS][2]; /* letters standing for the '...' axes */
} names;

static void put_seq(text *t, const names *N, const seq *q) {
  char buf[8];
  for (int i = 0; i < q->n; i++) {
    int l = q->lab[i];
    if (l >= NDI_EIN_ELLIPSIS && l < NDI_EIN_OTHER) put(t, "%s", N->ell[l - NDI_EIN_ELLIPSIS]);
    else put(t, "%s", ndi_ein_label_text(N->sp, l, buf));
  }
}

static void put_list(text *t, const names *N, const seq *items, int m, const seq *out) {
  for (int i = 0; i < m; i++) {
    if (i) put(t, ",");
    put_seq(t, N, &items[i]);
  }
  put(t, "->");
  put_seq(t, N, out);
}

/* The letters the subscripts leave unused, for the '...' axes. */
static void ellipsis_names(names *N) {
  bool used[52] = {false};
  for (int l = 0; l < NDI_EIN_LETTERS; l++) used[l] = N->sp->dim[l] >= 0;
  int e = 0;
  static const char order[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  for (int i = 0; order[i] && e < ND_MAX_DIMS; i++) {
    int id = order[i] >= 'a' ? 26 + order[i] - 'a' : order[i] - 'A';
    if (used[id]) continue;
    N->ell[e][0] = order[i];
    N->ell[e++][1] = 0;
  }
  for (; e < ND_MAX_DIMS; e++) N->ell[e][0] = '?', N->ell[e][1] = 0;
}

static double size_of(const ndi_lset *s, const int64_t *dim) {
  double r = 1;
  for (int l = 0; l < NDI_LA_MAX_LABELS; l++)
    if (ndi_lset_has(s, l)) r *= (double)dim[l];
  return r;
}

static int count_of(const ndi_lset *s) {
  int n = 0;
  for (int l = 0; l < NDI_LA_MAX_LABELS; l++) n += ndi_lset_has(s, l);
  return n;
}

char *ndi_einsum_report(const ndi_ein_spec *sp, const ndi_lset *in, const int *pairs, int nsteps) {
  int n = sp->nops;
  names N = {sp, {{0}}};
  ellipsis_names(&N);
  seq *items = ndi_malloc(sizeof(seq) * (size_t)(n + 1));
  ndi_lset *sets = ndi_malloc(sizeof(ndi_lset) * (size_t)(n + 1));
  text t = {NULL, 0, 0, false}, lines = {NULL, 0, 0, false};
  if (!items || !sets) {
    ndi_free(items), ndi_free(sets);
    ndi_nomem("einsum_path", sizeof(seq) * (size_t)(n + 1));
    return NULL;
  }
  seq out = {sp->nout, {0}};
  memcpy(out.lab, sp->out, sizeof(int) * (size_t)sp->nout);
  ndi_lset all = {{0}}, outset = {{0}};
  int total_axes = 0;
  for (int k = 0; k < n; k++) {
    items[k].n = sp->nlab[k];
    memcpy(items[k].lab, sp->lab[k], sizeof(int) * (size_t)sp->nlab[k]);
    sets[k] = in[k];
    total_axes += count_of(&in[k]);
    for (int w = 0; w < WORDS; w++) all.w[w] |= in[k].w[w];
  }
  for (int i = 0; i < sp->nout; i++) ndi_lset_add(&outset, sp->out[i]);
  put(&t, "  Complete contraction:  ");
  put_list(&t, &N, items, n, &out);
  /* the steps: one line each, and the largest scaling */
  int scale_max = 0;
  for (int m = n, s = 0; s < nsteps; s++) {
    int i = pairs[2 * s], j = pairs[2 * s + 1];
    ndi_lset inv = sets[i], need = outset;
    for (int w = 0; w < WORDS; w++) {
      if (j >= 0) inv.w[w] |= sets[j].w[w];
      for (int q = 0; q < m; q++)
        if (q != i && q != j) need.w[w] |= sets[q].w[w];
    }
    ndi_lset r = inv;
    for (int w = 0; w < WORDS; w++) r.w[w] &= need.w[w];
    int scale = count_of(&inv);
    if (scale > scale_max) scale_max = scale;
    seq res = {0, {0}};
    if (s == nsteps - 1) {
      res = out;
    } else { /* labels by extent, then label */
      for (int l = 0; l < NDI_LA_MAX_LABELS; l++)
        if (ndi_lset_has(&r, l)) res.lab[res.n++] = l;
      for (int a = 1; a < res.n; a++)
        for (int b = a; b > 0 && sp->dim[res.lab[b]] < sp->dim[res.lab[b - 1]]; b--) {
          int tmp = res.lab[b];
          res.lab[b] = res.lab[b - 1];
          res.lab[b - 1] = tmp;
        }
    }
    /* the operands as NumPy pops them (the higher position first) */
    seq pair[2];
    int np = 0;
    if (j >= 0) pair[np++] = items[j];
    pair[np++] = items[i];
    text a = {NULL, 0, 0, false}, b = {NULL, 0, 0, false};
    put_list(&a, &N, pair, np, &res);
    int k = 0;
    for (int q = 0; q < m; q++)
      if (q != i && q != j) items[k] = items[q], sets[k++] = sets[q];
    items[k] = res, sets[k] = r;
    m = k + 1;
    put_list(&b, &N, items, m, &out);
    put(&lines, "\n%4d    %24s %40s", scale, a.s ? a.s : "", b.s ? b.s : "");
    lines.failed |= a.failed || b.failed;
    free(a.s);
    free(b.s);
  }
  double largest = 0, opt = ndi_einsum_flops(n, in, &outset, sp->dim, pairs, nsteps, &largest);
  int nall = count_of(&all);
  double naive = size_of(&all, sp->dim) * ((n > 1 ? n - 1 : 1) + (total_axes > nall ? 1 : 0));
  static const char rule[] = "--------------------------------------------------------------------------";
  put(&t, "\n         Naive scaling:  %d\n", nall);
  put(&t, "     Optimized scaling:  %d\n", scale_max);
  put(&t, "      Naive FLOP count:  %.3e\n", naive);
  put(&t, "  Optimized FLOP count:  %.3e\n", opt);
  put(&t, "   Theoretical speedup:  %3.3f\n", naive / opt);
  put(&t, "  Largest intermediate:  %.3e elements\n", largest);
  put(&t, "%s\n%6s %24s %40s\n%s%s", rule, "scaling", "current", "remaining", rule,
      lines.s ? lines.s : "");
  ndi_free(items), ndi_free(sets);
  free(lines.s);
  if (t.failed || lines.failed) {
    free(t.s);
    ndi_nomem("einsum_path", t.cap);
    return NULL;
  }
  return t.s;
}
