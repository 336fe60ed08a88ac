/* The reduction engine (see reduce.h for the plan, the two forms and why the result does
 * not depend on the thread count). */
#include "reduce.h"

#include <stdlib.h>
#include <string.h>


#include "core/alloc.h"
#include "core/dtype.h"
#include "core/error.h"
#include "odometer.h"
#include "pool.h"
#include "threads.h"

#define ROW_LEAF 4096       /* elements of one leaf in row form (a multiple of 128) */
#define COL_LEAF 64         /* rows of one leaf in col form (fewer, larger leaves: less tree traffic) */
#define COL_CHUNK_BYTES 8192 /* accumulators of one col task: a vector that stays in L1 */
#define BLOCK_TARGET 65536  /* elements a thread reduces per block, at least */

static int64_t iabs64(int64_t v) { return v < 0 ? -v : v; }

/* ---- planning ---------------------------------------------------------------------- */

typedef struct {
  /* kept axes, outer first; strides in bytes for input, output and aux */
  int nk;
  int64_t kn[ND_MAX_DIMS], ks[3][ND_MAX_DIMS];
  /* reduced axes, outer first (at least one, possibly of extent 1) */
  int nr;
  int64_t rn[ND_MAX_DIMS], rs[ND_MAX_DIMS];
  const char *in;
  char *out;
  const char *aux;
  int64_t nout, nred;
  bool col;
  bool index_order; /* the reduced axes are walked in C index order (none flipped or moved) */
} rplan;

/* Sorts one group of axes (n extents, nst streams of strides, stream 0 the input's) by
 * decreasing |input stride| (sort) and merges the axes every stream steps over as one;
 * returns the new count. */
static int plan_group(int n, int64_t *ext, int64_t (*st)[ND_MAX_DIMS], int nst, bool sort) {
  if (n <= 1) return n; /* nothing to order or merge */
  nd_loop l; /* (not zero-initialised: 4 KiB, and only the axes in use are read) */
  l.nop = nst;
  l.ndim = n;
  for (int i = 0; i < n; i++) {
    l.shape[i] = ext[i];
    l.axis[i] = i;
    for (int q = 0; q < nst; q++) l.strides[q][i] = st[q][i];
  }
  if (sort) nd_loop_sort(&l, 1);
  nd_loop_coalesce(&l, -1);
  for (int i = 0; i < l.ndim; i++) {
    ext[i] = l.shape[i];
    for (int q = 0; q < nst; q++) st[q][i] = l.strides[q][i];
  }
  return l.ndim;
}

/* The innermost axis of extent above 1 in NumPy's order, or -1. */
static int numpy_inner_axis(const ndi_reduce_spec *s) {
  for (int q = s->ndim - 1; q >= 0; q--)
    if (s->shape[s->order[q]] != 1) return s->order[q];
  return -1;
}

static void make_plan(const ndi_reduce_spec *s, rplan *p) {
  p->in = s->in;
  p->out = s->out;
  p->aux = s->aux;
  p->nk = p->nr = 0;
  p->nout = p->nred = 1;
  int64_t rst[1][ND_MAX_DIMS];
  bool ordered = s->kernel->ordered;
  /* an ordered op, and one whose ties follow the index order (min, max), keeps the
   * direction of the reduced axes */
  bool keep_dir = ordered || s->kernel->last_zero;
  p->index_order = true;
  for (int q = 0; q < s->ndim; q++) {
    /* an ordered op takes the axes in NumPy's order, the others in any */
    int i = ordered ? s->order[q] : q;
    int64_t n = s->shape[i];
    if (s->reduced[i]) p->nred *= n;
    else p->nout *= n;
    if (n == 1) continue;
    int64_t si = s->in_strides[i];
    if (s->reduced[i]) {
      /* C order survives the stable sort by decreasing |stride| if |strides| never grow */
      if (p->nr && iabs64(rst[0][p->nr - 1]) < iabs64(si)) p->index_order = false;
      if (si < 0 && !keep_dir) {
        p->index_order = false;
        p->in += si * (n - 1);
        si = -si;
      }
      p->rn[p->nr] = n;
      rst[0][p->nr++] = si;
    } else {
      int64_t so = s->out_strides[i], sa = s->aux ? s->aux_strides[i] : 0;
      if (si < 0) { /* walk the input forwards; the output follows */
        p->in += si * (n - 1);
        p->out += so * (n - 1);
        if (s->aux) p->aux += sa * (n - 1);
        si = -si, so = -so, sa = -sa;
      }
      p->kn[p->nk] = n;
      p->ks[0][p->nk] = si;
      p->ks[1][p->nk] = so;
      p->ks[2][p->nk++] = sa;
    }
  }
  p->nk = plan_group(p->nk, p->kn, p->ks, 3, true);
  p->nr = plan_group(p->nr, p->rn, rst, 1, !ordered);
  memcpy(p->rs, rst[0], sizeof(int64_t) * (size_t)p->nr);
  if (p->nr == 0) { /* nothing reduced (or only unit axes): one element per output */
    p->rn[0] = 1;
    p->rs[0] = 0;
    p->nr = 1;
  }
  int64_t kfast = p->nk ? p->ks[0][p->nk - 1] : 0, rfast = iabs64(p->rs[p->nr - 1]);
  p->col = p->nk > 0 && (p->rn[p->nr - 1] == 1 || kfast < rfast);
  if (ordered && p->nk > 0) { /* NumPy's form: its inner axis kept (or nothing reduced) */
    int inner = numpy_inner_axis(s);
    p->col = inner < 0 || !s->reduced[inner];
  }
  /* Very short reductions (a few elements per output) cost a call per output in row
   * form; accumulating along the fastest kept axis amortises that even when strided. */
  if (!p->col && p->nk > 0 && p->nred < 16 && p->kn[p->nk - 1] >= 64 && !s->kernel->ordered)
    p->col = true; /* (not for an ordered op: NumPy's complex products differ by form) */
  /* An ordered op's rows may run backwards (NumPy's order); taking the outputs backwards
   * too makes one descending stream, which the prefetcher follows (backward rows taken
   * forwards read up to 1.5x slower). */
  if (ordered && !p->col && p->rs[p->nr - 1] < 0)
    for (int k = 0; k < p->nk; k++) {
      p->in += p->ks[0][k] * (p->kn[k] - 1);
      p->out += p->ks[1][k] * (p->kn[k] - 1);
      if (p->aux) p->aux += p->ks[2][k] * (p->kn[k] - 1);
      for (int q = 0; q < 3; q++) p->ks[q][k] = -p->ks[q][k];
    }
}

/* ---- pairwise counter over vectors of accumulators ------------------------------------ */

typedef struct {
  char **slot; /* nlev + 1 buffers: slot[l] holds a complete subtree of 2^l leaves */
  char *cur;   /* the value being pushed */
  uint64_t filled;
  int nlev;
} counter;

static void ctr_reset(counter *c) { c->filled = 0; }

/* Pushes c->cur as a complete subtree at `level`; cur then points to a free buffer. */
static void ctr_push(counter *c, int level, ndi_reduce_combine_fn combine, int64_t m) {
  while (c->filled & (UINT64_C(1) << level)) {
    combine(c->slot[level], c->cur, m); /* earlier subtree on the left */
    char *t = c->slot[level];
    c->slot[level] = c->cur;
    c->cur = t;
    c->filled &= ~(UINT64_C(1) << level);
    level++;
  }
  char *t = c->slot[level];
  c->slot[level] = c->cur;
  c->cur = t;
  c->filled |= UINT64_C(1) << level;
}

/* Merges what is left, lowest level first; returns the buffer holding the result. */
static char *ctr_finish(counter *c, ndi_reduce_combine_fn combine, int64_t m) {
  char *acc = NULL;
  for (int l = 0; l < 64; l++) {
    if (!(c->filled & (UINT64_C(1) << l))) continue;
    if (acc) combine(c->slot[l], acc, m);
    acc = c->slot[l];
  }
  return acc;
}

/* ---- execution context ------------------------------------------------------------- */

typedef struct {
  const rplan *p;
  const ndi_reduce_kernel *k;
  ndi_reduce_col_fn col; /* k->col, or k->col_backward (kernels/reduce.h) */
  ndi_loop_fn cast; /* input -> kin, or NULL */
  int64_t kin_size, acc_size;
  /* inner reduced axis and the leaves along it */
  int64_t lr, sr;       /* extent and input stride of the inner reduced axis */
  int64_t piece, npiece; /* leaf length along it, leaves per outer reduced position */
  int64_t nleaves;      /* per task */
  int64_t leaf_elems;   /* input elements of a (full) leaf */
  /* col form */
  int64_t mc, nchunk; /* accumulators per task, tasks per outer kept position */
  int64_t ntasks;
  int nlev;
} rctx;

typedef struct {
  char *cbuf; /* converted input of one leaf */
  char *abuf; /* aux gathered for one col task */
  counter ctr;
  char *mem;
} workspace;

static int bitlen(uint64_t v) { return v ? 64 - __builtin_clzll(v) : 0; }

static size_t ws_bytes(const rctx *c) {
  int64_t vbytes = (c->p->col ? c->mc : 1) * c->acc_size;
  size_t cb = c->cast ? (size_t)(c->p->col ? COL_LEAF * c->mc : ROW_LEAF) * (size_t)c->kin_size : 0;
  size_t ab = c->p->col && c->p->aux ? (size_t)(c->mc * c->kin_size) : 0;
  return cb + ab + (size_t)(c->nlev + 2) * (size_t)vbytes + (size_t)(c->nlev + 2) * sizeof(char *) + 64 * 4;
}

static char *align_up(char *p) { return (char *)(((uintptr_t)p + 63) & ~(uintptr_t)63); }

static bool ws_alloc(const rctx *c, workspace *w) {
  w->mem = ndi_malloc(ws_bytes(c));
  if (!w->mem) return false;
  int64_t vbytes = (c->p->col ? c->mc : 1) * c->acc_size;
  char *q = align_up(w->mem);
  w->ctr.slot = (char **)q;
  q = align_up(q + (size_t)(c->nlev + 2) * sizeof(char *));
  for (int l = 0; l <= c->nlev; l++, q += vbytes) w->ctr.slot[l] = q;
  w->ctr.cur = q;
  q = align_up(q + vbytes);
  w->ctr.nlev = c->nlev;
  w->cbuf = NULL;
  w->abuf = NULL;
  if (c->cast) {
    w->cbuf = q;
    q = align_up(q + (c->p->col ? COL_LEAF * c->mc : ROW_LEAF) * c->kin_size);
  }
  if (c->p->col && c->p->aux) w->abuf = q;
  return true;
}

/* A task: the input, output and aux pointers of its first element, and its width. */
typedef struct {
  const char *in;
  char *out;
  const char *aux; /* row: one value; col: mc contiguous values */
  int64_t m;
} task;

/* Evaluates leaves [lo, hi) of a task, pushing each at level 0. */
static void run_leaves(const rctx *c, workspace *w, const task *t, int64_t lo, int64_t hi) {
  const rplan *p = c->p;
  nd_odometer ro;
  ndi_odo_init_axes(&ro, p->nr - 1, p->rn, 1, (const int64_t *[]){p->rs});
  int64_t row = lo / c->npiece, pc = lo % c->npiece;
  ndi_odo_seek(&ro, row);
  for (int64_t i = lo; i < hi; i++) {
    int64_t start = pc * c->piece;
    int64_t len = c->lr - start < c->piece ? c->lr - start : c->piece;
    const char *src = t->in + ro.offset[0] + start * c->sr;
    if (!p->col) {
      if (c->cast) {
        char *ptrs[2] = {w->cbuf, (char *)src};
        int64_t st[2] = {c->kin_size, c->sr};
        c->cast(ptrs, st, len, NULL);
        c->k->row(w->ctr.cur, w->cbuf, c->kin_size, len, t->aux);
      } else {
        c->k->row(w->ctr.cur, src, c->sr, len, t->aux);
      }
    } else {
      int64_t sk = p->ks[0][p->nk - 1];
      if (c->cast) {
        for (int64_t r = 0; r < len; r++) {
          char *ptrs[2] = {w->cbuf + r * t->m * c->kin_size, (char *)src + r * c->sr};
          int64_t st[2] = {c->kin_size, sk};
          c->cast(ptrs, st, t->m, NULL);
        }
        c->col(w->ctr.cur, w->cbuf, c->kin_size, t->m * c->kin_size, t->m, len, t->aux);
      } else {
        c->col(w->ctr.cur, src, sk, c->sr, t->m, len, t->aux);
      }
    }
    /* an ordered op keeps accumulating into cur; the others merge leaves pairwise */
    if (!c->k->ordered) ctr_push(&w->ctr, 0, c->k->combine, t->m);
    if (++pc == c->npiece) {
      pc = 0;
      ndi_odo_next(&ro);
    }
  }
}

static void store(const rctx *c, const task *t, const char *acc) {
  if (!c->p->col) {
    memcpy(t->out, acc, (size_t)c->acc_size);
    return;
  }
  int64_t so = c->p->ks[1][c->p->nk - 1];
  if (so == c->acc_size) {
    memcpy(t->out, acc, (size_t)(t->m * c->acc_size));
    return;
  }
  for (int64_t k = 0; k < t->m; k++) memcpy(t->out + k * so, acc + k * c->acc_size, (size_t)c->acc_size);
}

/* The odometer over a plan's kept axes (input, output, aux): in row form all of them, in
 * col form all but the fastest (whose chunks are the tasks). */
static void kept_odometer(const rplan *p, nd_odometer *o) {
  ndi_odo_init_axes(o, p->col ? p->nk - 1 : p->nk, p->kn, 3,
                    (const int64_t *[]){p->ks[0], p->ks[1], p->ks[2]});
}

/* Locates task `id`; in col form gathers a strided aux vector into the workspace. */
static void locate(const rctx *c, workspace *w, nd_odometer *ko, int64_t id, task *t) {
  const rplan *p = c->p;
  if (!p->col) {
    t->in = p->in + ko->offset[0];
    t->out = p->out + ko->offset[1];
    t->aux = p->aux ? p->aux + ko->offset[2] : NULL;
    t->m = 1;
    return;
  }
  int64_t outer = id / c->nchunk, ch = id % c->nchunk, k0 = (int64_t)p->nk - 1;
  ndi_odo_seek(ko, outer);
  int64_t first = ch * c->mc;
  t->m = p->kn[k0] - first < c->mc ? p->kn[k0] - first : c->mc;
  t->in = p->in + ko->offset[0] + first * p->ks[0][k0];
  t->out = p->out + ko->offset[1] + first * p->ks[1][k0];
  t->aux = NULL;
  if (p->aux) {
    const char *a = p->aux + ko->offset[2] + first * p->ks[2][k0];
    if (p->ks[2][k0] == c->kin_size) {
      t->aux = a;
    } else {
      for (int64_t k = 0; k < t->m; k++)
        memcpy(w->abuf + k * c->kin_size, a + k * p->ks[2][k0], (size_t)c->kin_size);
      t->aux = w->abuf;
    }
  }
}

/* Tasks [lo, hi), each computed whole by this thread. */
static void run_tasks(const rctx *c, workspace *w, int64_t lo, int64_t hi) {
  const rplan *p = c->p;
  nd_odometer ko;
  /* row form: all kept axes; col form: all but the fastest (its chunks are the tasks) */
  kept_odometer(p, &ko);
  if (!p->col) ndi_odo_seek(&ko, lo);
  for (int64_t id = lo; id < hi; id++) {
    task t;
    locate(c, w, &ko, id, &t);
    ctr_reset(&w->ctr);
    if (c->k->ordered) {
      c->k->init(w->ctr.cur, t.m);
      run_leaves(c, w, &t, 0, c->nleaves);
      store(c, &t, w->ctr.cur);
    } else {
      run_leaves(c, w, &t, 0, c->nleaves);
      store(c, &t, ctr_finish(&w->ctr, c->k->combine, t.m));
    }
    if (!p->col) ndi_odo_next(&ko);
  }
}

typedef struct {
  const rctx *c;
  workspace *ws;
  const task *t;
  int j;
  int64_t vbytes;
  char *partial;
} split_blocks;

static void split_block_task(void *v, int64_t b, int slot) {
  const split_blocks *sb = v;
  workspace *w = &sb->ws[slot];
  ctr_reset(&w->ctr);
  run_leaves(sb->c, w, sb->t, b << sb->j, (b + 1) << sb->j);
  memcpy(sb->partial + b * sb->vbytes, ctr_finish(&w->ctr, sb->c->k->combine, sb->t->m),
         (size_t)sb->vbytes);
}

/* One task with its leaves shared by threads: aligned blocks of 2^j leaves (complete
 * subtrees of the serial merge tree) in parallel, then the blocks and the tail merged in
 * order on this thread. Same result as run_tasks. */
static void run_task_split(const rctx *c, workspace *ws, int nt, int64_t id, int j,
                           char *partial) {
  nd_odometer ko;
  kept_odometer(c->p, &ko);
  if (!c->p->col) ndi_odo_seek(&ko, id);
  task t;
  locate(c, &ws[0], &ko, id, &t);
  int64_t nblocks = c->nleaves >> j, vbytes = t.m * c->acc_size;
  /* one block per pool task: a thread that is held up (a shared machine) takes fewer */
  split_blocks sb = {c, ws, &t, j, vbytes, partial};
  ndi_parallel(nt, nblocks, split_block_task, &sb);
  workspace *w = &ws[0];
  ctr_reset(&w->ctr);
  for (int64_t b = 0; b < nblocks; b++) {
    memcpy(w->ctr.cur, partial + b * vbytes, (size_t)vbytes);
    ctr_push(&w->ctr, j, c->k->combine, t.m);
  }
  run_leaves(c, w, &t, nblocks << j, c->nleaves);
  store(c, &t, ctr_finish(&w->ctr, c->k->combine, t.m));
}

typedef struct {
  const rctx *c;
  workspace *ws;
  int64_t chunk;
} task_chunks;

static void task_chunk(void *v, int64_t q, int slot) {
  const task_chunks *tc = v;
  int64_t lo = q * tc->chunk, hi = lo + tc->chunk < tc->c->ntasks ? lo + tc->chunk : tc->c->ntasks;
  run_tasks(tc->c, &tc->ws[slot], lo, hi);
}

/* Outputs of an empty reduction: the identity. */
static void fill_identity(const ndi_reduce_spec *s) {
  int64_t n = 1;
  for (int i = 0; i < s->ndim; i++)
    if (!s->reduced[i]) n *= s->shape[i];
  int64_t ext[ND_MAX_DIMS], st[ND_MAX_DIMS];
  int nk = 0;
  for (int i = 0; i < s->ndim; i++)
    if (!s->reduced[i]) {
      ext[nk] = s->shape[i];
      st[nk++] = s->out_strides[i];
    }
  nd_odometer o;
  ndi_odo_init_axes(&o, nk, ext, 1, (const int64_t *[]){st});
  for (int64_t i = 0; i < n; i++, ndi_odo_next(&o)) s->kernel->init(s->out + o.offset[0], 1);
}

nd_status ndi_reduce_run(const char *op, const ndi_reduce_spec *s) {
  rplan p;
  make_plan(s, &p);
  if (p.nout == 0) return ND_OK;
  if (p.nred == 0) {
    fill_identity(s);
    return ND_OK;
  }
  rctx c = {0};
  c.p = &p;
  c.k = s->kernel;
  c.kin_size = (int64_t)ndi_dtype_size(s->kin);
  c.acc_size = s->acc_size;
  c.cast = s->kin != s->in_dtype ? ndi_cast_loops[s->kin][s->in_dtype] : NULL;
  c.col = s->kernel->col;
  if (p.col && s->kernel->col_backward && ndi_reduce_numpy_reads_backward(s))
    c.col = s->kernel->col_backward;
  c.lr = p.rn[p.nr - 1];
  c.sr = p.rs[p.nr - 1];
  int64_t leaf = p.col ? COL_LEAF : ROW_LEAF;
  c.piece = c.lr < leaf ? c.lr : leaf;
  c.npiece = (c.lr + c.piece - 1) / c.piece;
  c.nleaves = c.npiece * (p.nred / c.lr);
  if (p.col) {
    int64_t m = p.kn[p.nk - 1];
    c.mc = COL_CHUNK_BYTES / c.acc_size;
    if (c.mc > m) c.mc = m;
    c.nchunk = (m + c.mc - 1) / c.mc;
    c.ntasks = (p.nout / m) * c.nchunk;
    c.leaf_elems = c.piece * c.mc;
  } else {
    c.ntasks = p.nout;
    c.leaf_elems = c.piece;
  }
  c.nlev = bitlen((uint64_t)c.nleaves) + 1;

  int nt = ndi_threads_for(p.nout * p.nred);
  int j = 0;
  while ((c.leaf_elems << j) < BLOCK_TARGET && j < 62) j++;
  /* an ordered op's task is one sequence: never shared between threads */
  bool split = nt > 1 && c.ntasks < 4 * (int64_t)nt && (c.nleaves >> j) >= 2 && !c.k->ordered;
  if (nt > 1 && !split && c.ntasks < 2) nt = 1;
  if (nt > c.ntasks && !split) nt = (int)c.ntasks;

  workspace ws[64];
  if (nt > 64) nt = 64;
  int nws = nt;
  for (int i = 0; i < nws; i++) {
    if (!ws_alloc(&c, &ws[i])) {
      for (int q = 0; q < i; q++) ndi_free(ws[q].mem);
      return ndi_nomem(op, ws_bytes(&c));
    }
  }
  nd_status st = ND_OK;
  if (split) {
    int64_t vbytes = (p.col ? c.mc : 1) * c.acc_size;
    char *partial = ndi_malloc((size_t)((c.nleaves >> j) * vbytes));
    if (!partial) {
      st = ndi_nomem(op, (size_t)((c.nleaves >> j) * vbytes));
    } else {
      for (int64_t id = 0; id < c.ntasks; id++) run_task_split(&c, ws, nt, id, j, partial);
      ndi_free(partial);
    }
  } else if (nt <= 1) {
    run_tasks(&c, &ws[0], 0, c.ntasks);
  } else {
    /* chunks of tasks, handed out as threads become free */
    task_chunks tc = {&c, ws, (c.ntasks + 8 * (int64_t)nt - 1) / (8 * (int64_t)nt)};
    ndi_parallel(nt, (c.ntasks + tc.chunk - 1) / tc.chunk, task_chunk, &tc);
  }
  for (int i = 0; i < nws; i++) ndi_free(ws[i].mem);
  /* min and max keep the later of equal elements in the plan's order; where that is not
   * the index order, zero results get the sign the index order gives */
  if (!st && s->kernel->last_zero && !p.index_order && s->kin == s->in_dtype)
    ndi_reduce_zero_ties(s);
  return st;
}
