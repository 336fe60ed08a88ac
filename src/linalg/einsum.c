/* einsum: parse (einsum_parse.c), turn each operand into a term (repeated labels become a
 * diagonal view, axes of extent 1 that broadcast are dropped, dtypes promoted), choose the
 * pairwise order (einsum_path.c) and run each pair through the contraction engine
 * (contract.c), which makes it one batched GEMM reading the terms in place where it can. */
#include <string.h>

#include "core/alloc.h"
#include "core/dtype.h"
#include "einsum.h"
#include "la_common.h"

/* The term of operand k: one axis per distinct label (a repeated label's axes become
 * their diagonal: extent shared, strides added), broadcasting size-1 axes dropped. */
static nd_status make_term(const char *op, const ndi_ein_spec *sp, int k, const nd_array *a,
                           nd_dtype t, ndi_la_term *out) {
  int64_t shape[ND_MAX_DIMS], strides[ND_MAX_DIMS];
  int lab[ND_MAX_DIMS], n = 0;
  for (int i = 0; i < sp->nlab[k]; i++) {
    int l = sp->lab[k][i], j = 0;
    while (j < n && lab[j] != l) j++;
    if (j < n) {
      strides[j] += a->strides[i];
      continue;
    }
    if (a->shape[i] == 1 && sp->dim[l] != 1) continue; /* broadcasts */
    lab[n] = l;
    shape[n] = a->shape[i];
    strides[n++] = a->strides[i];
  }
  nd_array *v = ndi_view(op, a, n, shape, strides, a->offset);
  if (!v) return nd_last_status();
  out->arr = ndi_la_as_dtype(op, v, t);
  nd_release(v);
  memcpy(out->lab, lab, sizeof(int) * (size_t)n);
  return out->arr ? ND_OK : nd_last_status();
}

static void term_set(const ndi_la_term *t, ndi_lset *s) {
  memset(s, 0, sizeof *s);
  for (int i = 0; i < t->arr->ndim; i++) ndi_lset_add(s, t->lab[i]);
}

/* Parses and builds the terms; on success the caller releases terms[0..n). */
static nd_status prepare(const char *op, const char *subscripts, int n, nd_array *const *ops,
                         ndi_ein_spec *sp, ndi_la_term *terms) {
  if (!subscripts) return ndi_null_arg_named(op, "subscripts");
  if (n > 0 && !ops) return ndi_null_arg_named(op, "operands");
  for (int k = 0; k < n && k < ND_EINSUM_MAX_OPERANDS; k++)
    if (!ops[k]) return ndi_null_arg_at(op, "operands", k);
  nd_status st = ndi_einsum_parse(op, subscripts, n, ops, sp);
  if (st) return st;
  ndi_promoter p = {0};
  for (int k = 0; k < n; k++) ndi_promoter_add(&p, ops[k]->dtype);
  nd_dtype t = ndi_promoter_result(&p);
  for (int k = 0; k < n; k++) {
    st = make_term(op, sp, k, ops[k], t, &terms[k]);
    if (st) {
      for (int j = 0; j < k; j++) nd_release(terms[j].arr);
      return st;
    }
  }
  return ND_OK;
}

static void sets_of(int n, const ndi_la_term *terms, const ndi_ein_spec *sp, ndi_lset *sets,
                    ndi_lset *out) {
  for (int k = 0; k < n; k++) term_set(&terms[k], &sets[k]);
  memset(out, 0, sizeof *out);
  for (int i = 0; i < sp->nout; i++) ndi_lset_add(out, sp->out[i]);
}

nd_array *nd_einsum(const char *subscripts, int n, nd_array *const *operands) {
  ndi_ein_spec *sp = ndi_malloc(sizeof *sp);
  if (!sp) {
    ndi_nomem("einsum", sizeof *sp);
    return NULL;
  }
  ndi_la_term terms[ND_EINSUM_MAX_OPERANDS];
  nd_status st = prepare("einsum", subscripts, n, operands, sp, terms);
  if (st) {
    ndi_free(sp);
    return NULL;
  }
  bool keep[NDI_LA_MAX_LABELS] = {false};
  for (int i = 0; i < sp->nout; i++) keep[sp->out[i]] = true;
  nd_dtype t = terms[0].arr->dtype; /* the promoted dtype, of every term */
  ndi_la_term r = {NULL, {0}};
  if (n == 1) {
    st = ndi_la_reduce("einsum", &terms[0], keep, sp->nout, sp->out, &r);
    nd_release(terms[0].arr);
  } else {
    ndi_lset sets[ND_EINSUM_MAX_OPERANDS], out;
    int pairs[2 * ND_EINSUM_MAX_OPERANDS];
    sets_of(n, terms, sp, sets, &out);
    ndi_einsum_optimize(n, sets, &out, sp->dim, pairs);
    int m = n;
    for (int s = 0; s < n - 1 && !st; s++) {
      int i = pairs[2 * s], j = pairs[2 * s + 1];
      /* labels still needed: the output's and those of the other terms */
      bool need[NDI_LA_MAX_LABELS];
      memcpy(need, keep, sizeof need);
      for (int k = 0; k < m; k++)
        if (k != i && k != j)
          for (int a = 0; a < terms[k].arr->ndim; a++) need[terms[k].lab[a]] = true;
      bool last = s == n - 2;
      ndi_la_term res = {NULL, {0}};
      st = ndi_la_contract("einsum", &terms[i], &terms[j], need, last ? sp->nout : 0,
                           last ? sp->out : NULL, false, &res);
      if (st) break;
      nd_release(terms[i].arr);
      nd_release(terms[j].arr);
      int w = 0;
      for (int k = 0; k < m; k++)
        if (k != i && k != j) terms[w++] = terms[k];
      terms[w] = res;
      m--;
    }
    if (!st) r = terms[0];
    else
      for (int k = 0; k < m; k++) nd_release(terms[k].arr);
  }
  nd_array *result =
      st ? NULL
         : ndi_round_result("einsum", ndi_la_term_finish("einsum", &r, sp->nout, sp->out), t);
  ndi_free(sp);
  return result;
}

nd_status nd_einsum_path(const char *subscripts, int n, nd_array *const *operands, int *path,
                         double *flops) {
  ndi_ein_spec *sp = ndi_malloc(sizeof *sp);
  if (!sp) return ndi_nomem("einsum_path", sizeof *sp);
  ndi_la_term terms[ND_EINSUM_MAX_OPERANDS];
  nd_status st = prepare("einsum_path", subscripts, n, operands, sp, terms);
  if (!st) {
    ndi_lset sets[ND_EINSUM_MAX_OPERANDS], out;
    int pairs[2 * ND_EINSUM_MAX_OPERANDS];
    sets_of(n, terms, sp, sets, &out);
    double f = ndi_einsum_optimize(n, sets, &out, sp->dim, pairs);
    if (path) memcpy(path, pairs, sizeof(int) * 2 * (size_t)(n - 1));
    if (flops) *flops = f;
    for (int k = 0; k < n; k++) nd_release(terms[k].arr);
  }
  ndi_free(sp);
  return st;
}
