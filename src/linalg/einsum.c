/* einsum: parse (einsum_parse.c), turn each operand into a term (repeated labels become a
 * diagonal view, axes of extent 1 that broadcast are dropped, dtypes converted), take the
 * order (given, cached, or planned by einsum_path.c) and run each step through the
 * contraction engine (contract.c). An intermediate result is asked for in the layout its
 * next step reads in place (its summed labels together, in the order its partner holds
 * them), the last one for the output's order. */
#include <string.h>

#include "contract_map.h"
#include "core/alloc.h"
#include "core/dtype.h"
#include "einsum.h"
#include "la_common.h"

static const char *const casting_names[] = {"no", "safe", "same_kind", "unsafe"};

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

/* Everything a call works on: the parsed subscripts, the terms, the steps. */
typedef struct {
  const char *op;
  ndi_ein_spec *sp;
  ndi_la_term *terms; /* n, then one per step */
  int n, nsteps;
  int *pairs;
  nd_dtype dtype;
} job;

static void job_free(job *J) {
  if (J->terms)
    for (int k = 0; k < J->n; k++) nd_release(J->terms[k].arr);
  ndi_free(J->terms);
  ndi_free(J->pairs);
  ndi_ein_spec_free(J->sp);
}

/* The compute dtype: opts->dtype (each operand castable under the rule) or the promoted
 * one. */
static nd_status compute_dtype(const char *op, int n, nd_array *const *ops,
                               const nd_einsum_options *o, nd_dtype *t) {
  if (o->dtype < 0) {
    ndi_promoter p = {0};
    for (int k = 0; k < n; k++) ndi_promoter_add(&p, ops[k]->dtype);
    *t = ndi_promoter_result(&p);
    return ND_OK;
  }
  if (!nd_dtype_is_valid(o->dtype))
    return ndi_error(ND_ERR_TYPE, "%s: dtype %d is not an nd_dtype", op, o->dtype);
  *t = (nd_dtype)o->dtype;
  for (int k = 0; k < n; k++)
    if (!nd_can_cast_with(ops[k]->dtype, *t, o->casting))
      return ndi_error(ND_ERR_TYPE, "%s: cannot cast operand %d from %s to %s under the '%s' rule", op,
                       k, ndi_dtype_name(ops[k]->dtype), ndi_dtype_name(*t), casting_names[o->casting]);
  return ND_OK;
}

/* The plan cache's key: what the planned order depends on. */
static size_t plan_key(const char *subscripts, int n, nd_array *const *ops, nd_dtype t,
                       nd_einsum_optimize mode, unsigned char *key, size_t cap) {
  size_t len = strlen(subscripts) + 1, need = len + sizeof(int) * 2;
  for (int k = 0; k < n; k++) need += sizeof(int) * 2 + sizeof(int64_t) * 2 * (size_t)ops[k]->ndim;
  if (need > cap) return need;
  unsigned char *p = key;
  memcpy(p, subscripts, len), p += len;
  int head[2] = {(int)mode, n};
  memcpy(p, head, sizeof head), p += sizeof head;
  for (int k = 0; k < n; k++) {
    int d[2] = {ops[k]->ndim, ops[k]->dtype == t};
    memcpy(p, d, sizeof d), p += sizeof d;
    memcpy(p, ops[k]->shape, sizeof(int64_t) * (size_t)d[0]), p += sizeof(int64_t) * (size_t)d[0];
    memcpy(p, ops[k]->strides, sizeof(int64_t) * (size_t)d[0]), p += sizeof(int64_t) * (size_t)d[0];
  }
  return need;
}

static nd_status plan(job *J, const char *subscripts, nd_array *const *ops,
                      const nd_einsum_options *o) {
  int n = J->n;
  J->pairs = ndi_malloc(sizeof(int) * 2 * (size_t)NDI_EIN_MAX_STEPS(n));
  if (!J->pairs) return ndi_nomem(J->op, sizeof(int) * 2 * (size_t)NDI_EIN_MAX_STEPS(n));
  if (o->path) return ndi_einsum_path_steps(J->op, n, o->path, o->path_len, J->pairs, &J->nsteps);
  J->nsteps = n - 1;
  if (n < 2) return ND_OK;
  unsigned char small[1024], *key = small;
  size_t len = plan_key(subscripts, n, ops, J->dtype, o->optimize, small, sizeof small);
  if (len > sizeof small) {
    key = ndi_malloc(len);
    if (key) plan_key(subscripts, n, ops, J->dtype, o->optimize, key, len);
  }
  if (!key || !ndi_einsum_cache_get(key, len, J->pairs, n - 1)) {
    ndi_lset out = {{0}};
    for (int i = 0; i < J->sp->nout; i++) ndi_lset_add(&out, J->sp->out[i]);
    ndi_einsum_plan(n, J->terms, &out, J->sp->dim, o->optimize, J->pairs);
    if (key) ndi_einsum_cache_put(key, len, J->pairs, n - 1);
  }
  if (key != small) ndi_free(key);
  return ND_OK;
}

/* Parses, converts the operands into terms, finds the steps. */
static nd_status prepare(job *J, const char *subscripts, int n, nd_array *const *ops,
                         const nd_einsum_options *o) {
  const char *op = J->op;
  if (!subscripts) return ndi_null_arg_named(op, "subscripts");
  if (n > 0 && !ops) return ndi_null_arg_named(op, "operands");
  for (int k = 0; k < n && k < ND_EINSUM_MAX_OPERANDS; k++)
    if (!ops[k]) return ndi_null_arg_at(op, "operands", k);
  if (n < 1 || n > ND_EINSUM_MAX_OPERANDS)
    return ndi_error(ND_ERR_VALUE, "%s: %d operands (1 to %d are supported)", op, n,
                     ND_EINSUM_MAX_OPERANDS);
  if ((unsigned)o->casting > ND_CAST_UNSAFE)
    return ndi_error(ND_ERR_VALUE, "%s: casting %d is not an nd_casting", op, (int)o->casting);
  J->n = n;
  J->sp = ndi_ein_spec_new(op, n);
  if (!J->sp) return nd_last_status();
  nd_status st = ndi_einsum_parse(op, subscripts, n, ops, J->sp);
  if (!st) st = compute_dtype(op, n, ops, o, &J->dtype);
  if (st) return st;
  size_t tb = sizeof(ndi_la_term) * (size_t)(n + NDI_EIN_MAX_STEPS(n));
  J->terms = ndi_malloc(tb);
  if (!J->terms) return ndi_nomem(op, tb);
  for (int k = 0; k < n; k++) J->terms[k].arr = NULL;
  for (int k = 0; k < n && !st; k++) st = make_term(op, J->sp, k, ops[k], J->dtype, &J->terms[k]);
  return st ? st : plan(J, subscripts, ops, o);
}

/* ---- running the steps ----------------------------------------------------------------- */

static void set_of(const ndi_la_term *t, ndi_lset *s) {
  memset(s, 0, sizeof *s);
  for (int i = 0; i < t->arr->ndim; i++) ndi_lset_add(s, t->lab[i]);
}

/* The label sets of every item the steps make (items n.. are step results), and for each
 * step's result the step that reads it and its partner there (-1: none, the last). */
typedef struct {
  ndi_lset *sets;
  int *reader, *partner;
} flow;

static bool trace_flow(const job *J, const ndi_lset *out, flow *F) {
  int n = J->n, items = n + J->nsteps;
  F->sets = ndi_malloc(sizeof(ndi_lset) * (size_t)items);
  F->reader = ndi_malloc(sizeof(int) * 2 * (size_t)items);
  int *list = ndi_malloc(sizeof(int) * (size_t)(n + 1));
  if (!F->sets || !F->reader || !list) {
    ndi_free(list);
    return false;
  }
  F->partner = F->reader + items;
  for (int k = 0; k < items; k++) F->reader[k] = F->partner[k] = -1;
  for (int k = 0; k < n; k++) set_of(&J->terms[k], &F->sets[k]), list[k] = k;
  int m = n;
  for (int s = 0; s < J->nsteps; s++) {
    int i = J->pairs[2 * s], j = J->pairs[2 * s + 1], a = list[i], b = j >= 0 ? list[j] : -1;
    ndi_lset need = *out, all = F->sets[a];
    for (int q = 0; q < m; q++)
      if (q != i && q != j)
        for (int w = 0; w < (int)(sizeof need.w / sizeof need.w[0]); w++) need.w[w] |= F->sets[list[q]].w[w];
    for (int w = 0; w < (int)(sizeof need.w / sizeof need.w[0]); w++) {
      if (b >= 0) all.w[w] |= F->sets[b].w[w];
      F->sets[n + s].w[w] = all.w[w] & need.w[w];
    }
    F->reader[a] = s, F->partner[a] = b;
    if (b >= 0) F->reader[b] = s, F->partner[b] = a;
    int w = 0;
    for (int q = 0; q < m; q++)
      if (q != i && q != j) list[w++] = list[q];
    list[w] = n + s;
    m = w + 1;
  }
  ndi_free(list);
  return true;
}

/* The layout step s's result is asked for: its labels the next step keeps and shares,
 * then those only it has, then those the next step sums, in the order the partner holds
 * them when the partner is an operand. */
static int wanted_order(const job *J, const flow *F, int s, int *want) {
  int n = J->n, item = n + s, t = F->reader[item], z = F->partner[item];
  const ndi_lset *r = &F->sets[item];
  int nw = 0;
  if (t < 0 || z < 0 || ndi_lset_count(r) > ND_MAX_DIMS) return 0; /* (a step that wide fails anyway) */
  const ndi_lset *zs = &F->sets[z], *next = &F->sets[n + t];
  int groups[3][ND_MAX_DIMS], ng[3] = {0, 0, 0};
  for (int l = ndi_lset_next(r, 0); l < NDI_LA_MAX_LABELS; l = ndi_lset_next(r, l + 1)) {
    int g = !ndi_lset_has(zs, l) ? 1 : ndi_lset_has(next, l) ? 0 : 2;
    groups[g][ng[g]++] = l;
  }
  if (z < n) { /* the summed labels in the order of the operand's strides */
    ndi_labeled L;
    const ndi_la_term *zt = &J->terms[z];
    ndi_la_label_layout(&L, zt->arr->ndim, zt->arr->shape, zt->arr->strides, zt->lab);
    ndi_lablist K = {ng[2], {0}};
    memcpy(K.lab, groups[2], sizeof(int) * (size_t)ng[2]);
    K = ndi_la_by_strides(&L, &K);
    memcpy(groups[2], K.lab, sizeof(int) * (size_t)ng[2]);
  }
  for (int g = 0; g < 3; g++)
    for (int i = 0; i < ng[g]; i++) want[nw++] = groups[g][i];
  return nw;
}

/* *dst = *src, copying only the labels src's array has (a term's label array is sized
 * for ND_MAX_DIMS axes: whole copies were most of a tensor network's per-step cost). */
static void move_term(ndi_la_term *dst, const ndi_la_term *src) {
  if (dst == src) return;
  dst->arr = src->arr;
  memcpy(dst->lab, src->lab, sizeof(int) * (size_t)src->arr->ndim);
}

/* Runs the steps; the one term left is the result (its labels: the output's). */
static nd_status run(job *J, ndi_la_term *result) {
  const ndi_ein_spec *sp = J->sp;
  int n = J->n, m = n;
  ndi_lset out = {{0}};
  bool keep_out[NDI_LA_MAX_LABELS] = {false};
  for (int i = 0; i < sp->nout; i++) ndi_lset_add(&out, sp->out[i]), keep_out[sp->out[i]] = true;
  flow F = {NULL, NULL, NULL};
  nd_status st = ND_OK;
  /* the layouts asked of the intermediates, while the operands are in their places */
  int (*wants)[ND_MAX_DIMS + 1] = NULL;
  if (J->nsteps > 0) {
    wants = ndi_malloc(sizeof(*wants) * (size_t)J->nsteps);
    if (!wants || !trace_flow(J, &out, &F))
      st = ndi_nomem(J->op, sizeof(ndi_lset) * (size_t)(n + J->nsteps));
    for (int s = 0; s + 1 < J->nsteps && !st; s++) wants[s][0] = wanted_order(J, &F, s, &wants[s][1]);
  }
  ndi_la_term *T = J->terms;
  for (int s = 0; s < J->nsteps && !st; s++) {
    int i = J->pairs[2 * s], j = J->pairs[2 * s + 1];
    bool keep[NDI_LA_MAX_LABELS] = {false};
    const ndi_lset *kept = &F.sets[n + s];
    for (int l = ndi_lset_next(kept, 0); l < NDI_LA_MAX_LABELS; l = ndi_lset_next(kept, l + 1))
      keep[l] = true;
    bool last = s == J->nsteps - 1;
    int nw = last ? sp->nout : wants[s][0];
    const int *w = last ? sp->out : nw ? &wants[s][1] : NULL;
    ndi_la_term res = {NULL, {0}};
    if (j < 0) st = ndi_la_reduce(J->op, &T[i], keep, nw, w, &res);
    else st = ndi_la_contract(J->op, &T[i], &T[j], keep, nw, w, false, &res);
    if (st) break;
    nd_release(T[i].arr);
    if (j >= 0) nd_release(T[j].arr);
    int k = 0;
    for (int q = 0; q < m; q++)
      if (q != i && q != j) move_term(&T[k++], &T[q]);
    move_term(&T[k], &res);
    m = k + 1;
    for (int q = m; q < J->n; q++) T[q].arr = NULL;
  }
  ndi_free(F.sets);
  ndi_free(F.reader);
  ndi_free(wants);
  if (!st && J->nsteps == 0) { /* one operand: sum it down to the output */
    st = ndi_la_reduce(J->op, &T[0], keep_out, sp->nout, sp->out, result);
    nd_release(T[0].arr);
    T[0].arr = NULL;
    return st;
  }
  if (!st) {
    *result = T[0];
    T[0].arr = NULL;
  }
  return st;
}

/* The result of the call as an array in the output's label order. */
static nd_array *compute(job *J) {
  ndi_la_term r = {NULL, {0}};
  if (run(J, &r)) return NULL;
  /* float16 and bfloat16 terms were contracted in float32: one rounding at the end */
  return ndi_round_result(J->op, ndi_la_term_finish(J->op, &r, J->sp->nout, J->sp->out),
                          J->dtype);
}

nd_array *nd_einsum_ex(const char *subscripts, int n, nd_array *const *operands,
                       const nd_einsum_options *opts) {
  nd_einsum_options o = opts ? *opts : ND_EINSUM_DEFAULTS;
  job J = {"einsum", NULL, NULL, 0, 0, NULL, ND_FLOAT64};
  nd_array *r = prepare(&J, subscripts, n, operands, &o) ? NULL : compute(&J);
  job_free(&J);
  return r;
}

nd_array *nd_einsum(const char *subscripts, int n, nd_array *const *operands) {
  return nd_einsum_ex(subscripts, n, operands, NULL);
}

nd_status nd_einsum_out(nd_array *out, const char *subscripts, int n, nd_array *const *operands,
                        const nd_einsum_options *opts) {
  NDI_REQUIRE_ST("einsum", out);
  nd_einsum_options o = opts ? *opts : ND_EINSUM_DEFAULTS;
  job J = {"einsum", NULL, NULL, 0, 0, NULL, ND_FLOAT64};
  nd_status st = prepare(&J, subscripts, n, operands, &o);
  if (!st) {
    int64_t shape[ND_MAX_DIMS];
    for (int i = 0; i < J.sp->nout; i++) shape[i] = J.sp->dim[J.sp->out[i]];
    char a[NDI_SHAPE_BUF], b[NDI_SHAPE_BUF];
    if (out->ndim != J.sp->nout || memcmp(out->shape, shape, sizeof(int64_t) * (size_t)out->ndim))
      st = ndi_error(ND_ERR_SHAPE, "einsum: out has shape %s but the result has shape %s",
                     ndi_fmt_shape(a, sizeof a, out->ndim, out->shape),
                     ndi_fmt_shape(b, sizeof b, J.sp->nout, shape));
    else if (!nd_can_cast_with(J.dtype, out->dtype, o.casting))
      st = ndi_error(ND_ERR_TYPE, "einsum: cannot cast the result from %s to %s under the '%s' rule",
                     ndi_dtype_name(J.dtype), ndi_dtype_name(out->dtype), casting_names[o.casting]);
    if (!st) st = ndi_check_writable("einsum", out);
  }
  if (!st) {
    nd_array *r = compute(&J);
    st = r ? ndi_assign("einsum", out, r) : nd_last_status();
    nd_release(r);
  }
  job_free(&J);
  return st;
}

nd_status nd_einsum_path_ex(const char *subscripts, int n, nd_array *const *operands,
                            const nd_einsum_options *opts, int *path, int *nsteps,
                            double *flops, char **report) {
  nd_einsum_options o = opts ? *opts : ND_EINSUM_DEFAULTS;
  job J = {"einsum_path", NULL, NULL, 0, 0, NULL, ND_FLOAT64};
  nd_status st = prepare(&J, subscripts, n, operands, &o);
  if (!st) {
    if (path) memcpy(path, J.pairs, sizeof(int) * 2 * (size_t)J.nsteps);
    if (nsteps) *nsteps = J.nsteps;
    ndi_lset *in = ndi_malloc(sizeof(ndi_lset) * (size_t)n), out = {{0}};
    if (!in) st = ndi_nomem(J.op, sizeof(ndi_lset) * (size_t)n);
    for (int k = 0; k < n && in; k++) set_of(&J.terms[k], &in[k]);
    for (int i = 0; i < J.sp->nout; i++) ndi_lset_add(&out, J.sp->out[i]);
    if (!st && flops) *flops = ndi_einsum_flops(n, in, &out, J.sp->dim, J.pairs, J.nsteps, NULL);
    if (!st && report) {
      *report = ndi_einsum_report(J.sp, in, J.pairs, J.nsteps);
      if (!*report) st = nd_last_status();
    }
    ndi_free(in);
  }
  job_free(&J);
  return st;
}

nd_status nd_einsum_path(const char *subscripts, int n, nd_array *const *operands, int *path,
                         double *flops) {
  return nd_einsum_path_ex(subscripts, n, operands, NULL, path, NULL, flops, NULL);
}
