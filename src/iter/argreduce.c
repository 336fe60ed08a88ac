/* argmin/argmax and scans along one axis (see argreduce.h). */
#include "argreduce.h"

#include <string.h>

#include "plan.h"
#include "pool.h"
#include "threads.h"

#define COL_CHUNK 256

typedef struct {
  const ndi_argreduce_kernel *k;
  int64_t sa, len, elsize;
} arg_ctx;

/* n lanes: out at stride st[0] (int64), input lanes at st[1]. */
static void arg_lanes(char *const *p, const int64_t *st, int64_t n, void *ctx) {
  const arg_ctx *c = ctx;
  int64_t sl = st[1] < 0 ? -st[1] : st[1], sa = c->sa < 0 ? -c->sa : c->sa;
  if (n > 1 && sl < sa) { /* lanes are the fast direction: whole rows at a time */
    int64_t idx[COL_CHUNK];
    _Alignas(16) char best[COL_CHUNK * 16];
    for (int64_t k0 = 0; k0 < n; k0 += COL_CHUNK) {
      int64_t m = n - k0 < COL_CHUNK ? n - k0 : COL_CHUNK;
      c->k->col(idx, best, p[1] + k0 * st[1], st[1], c->sa, m, c->len);
      for (int64_t k = 0; k < m; k++) *(int64_t *)(p[0] + (k0 + k) * st[0]) = idx[k];
    }
    return;
  }
  for (int64_t k = 0; k < n; k++)
    *(int64_t *)(p[0] + k * st[0]) = c->k->row(p[1] + k * st[1], c->sa, c->len);
}

typedef struct {
  const arg_ctx *c;
  const char *in;
  int64_t per;
  int64_t *res;
} arg_blocks;

/* Block b's first best (-1 for an empty block). */
static void arg_block(void *v, int64_t b, int slot) {
  const arg_blocks *ab = v;
  const arg_ctx *c = ab->c;
  (void)slot;
  int64_t lo = b * ab->per, hi = lo + ab->per < c->len ? lo + ab->per : c->len;
  ab->res[b] = lo < hi ? lo + c->k->row(ab->in + lo * c->sa, c->sa, hi - lo) : -1;
}

/* One long lane shared by threads: each block's first best, then merged in order (the
 * earlier block wins ties, so the first occurrence is kept). */
static int64_t arg_split(const arg_ctx *c, const char *in, int nt) {
  enum { MAXB = 256 };
  int64_t nb = 16 * (int64_t)nt;
  if (nb > MAXB) nb = MAXB;
  int64_t res[MAXB];
  int64_t per = (c->len + nb - 1) / nb;
  arg_blocks ab = {c, in, per, res};
  ndi_parallel(nt, nb, arg_block, &ab);
  int64_t best = res[0];
  for (int64_t b = 1; b < nb; b++)
    if (res[b] >= 0 && c->k->better(in + best * c->sa, in + res[b] * c->sa)) best = res[b];
  return best;
}

static void lanes_layout(int ndim, const int64_t *shape, int axis, const int64_t *a,
                         int64_t *ls, int64_t *la) {
  for (int i = 0, j = 0; i < ndim; i++) {
    if (i == axis) continue;
    ls[j] = shape[i];
    la[j++] = a[i];
  }
}

void ndi_argreduce_run(const ndi_argreduce_kernel *k, int ndim, const int64_t *shape,
                       const char *in, const int64_t *in_strides, int64_t elsize, int axis,
                       char *out, const int64_t *out_strides) {
  arg_ctx c = {k, in_strides[axis], shape[axis], elsize};
  int64_t ls[ND_MAX_DIMS], os[ND_MAX_DIMS], is[ND_MAX_DIMS], lanes = 1;
  lanes_layout(ndim, shape, axis, out_strides, ls, os);
  lanes_layout(ndim, shape, axis, in_strides, ls, is);
  for (int i = 0; i < ndim - 1; i++) lanes *= ls[i];
  if (lanes == 0) return;
  int nt = ndi_threads_for(c.len);
  if (lanes == 1 && nt > 1) {
    *(int64_t *)out = arg_split(&c, in, nt);
    return;
  }
  ndi_operand ops[2] = {{out, os, 8}, {(char *)in, is, elsize}};
  ndi_plan p;
  ndi_plan_init(&p, 2, ndim - 1, ls, ops, NDI_PLAN_NO_BLOCK);
  p.work_scale = c.len;
  ndi_plan_execute(&p, arg_lanes, &c);
}

void ndi_scan_run(ndi_loop_fn loop, int ndim, const int64_t *shape, char *data,
                  const int64_t *strides, int64_t elsize, int axis) {
  ndi_scan_ctx c = {strides[axis], shape[axis]};
  if (c.len <= 1) return;
  int64_t ls[ND_MAX_DIMS], st[ND_MAX_DIMS];
  lanes_layout(ndim, shape, axis, strides, ls, st);
  ndi_operand op = {data, st, elsize};
  ndi_plan p;
  /* keep the lanes' order: the loop decides itself whether they are the fast direction */
  ndi_plan_init(&p, 1, ndim - 1, ls, &op, NDI_PLAN_NO_BLOCK);
  p.work_scale = c.len;
  ndi_plan_execute(&p, loop, &c);
}
