/* Sorting lanes (see sort.h). */
#include "sort.h"

#include <stdatomic.h>
#include <string.h>

#include "core/alloc.h"
#include "core/dtype.h"
#include "core/error.h"
#include "kernels/sort.h"
#include "plan.h"
#include "pool.h"
#include "threads.h"

#define MSD_MIN (1 << 17) /* lanes from this size on start with an MSD pass */

static int top_bit(uint64_t v) { return 63 - __builtin_clzll(v); }

/* Part t of P of [0, n). The passes below split a lane into P parts, one pool task each:
 * P is the thread count asked for, and which thread runs a part does not matter. */
static void part_range(int64_t n, int64_t t, int64_t P, int64_t *lo, int64_t *hi) {
  *lo = n * t / P;
  *hi = n * (t + 1) / P;
}

/* MSD digit: up to NDI_SORT_COUNT_BITS bits, as many as make the buckets of about BUCKET_TARGET keys (so
 * they fit in L2 and their LSD passes run there), and no more (tiny buckets waste the
 * LSD histograms). */
#define MSD_BITS NDI_SORT_COUNT_BITS
#define MSD_BUCKETS (1 << MSD_BITS)
#define BUCKET_TARGET 8192

/* counts[q * MSD_BUCKETS + d]: keys of thread q's part in bucket d. Thread t's first slot
 * in each bucket comes after all earlier buckets, then after earlier threads' keys. */
static void thread_slots(const int64_t *counts, int nb, int T, int t, int64_t *pos) {
  int64_t run = 0;
  for (int d = 0; d < nb; d++)
    for (int q = 0; q < T; q++) {
      if (q == t) pos[d] = run;
      run += counts[(int64_t)q * MSD_BUCKETS + d];
    }
}

/* start[d]: the first position of bucket d (start[nb] = total). */
static void bucket_starts(const int64_t *counts, int nb, int T, int64_t *start) {
  start[0] = 0;
  for (int d = 0; d < nb; d++) {
    int64_t c = 0;
    for (int q = 0; q < T; q++) c += counts[(int64_t)q * MSD_BUCKETS + d];
    start[d + 1] = start[d] + c;
  }
}

/* One MSD pass of ndi_radix_sort over P parts (the pool tasks below). */
typedef struct {
  const ndi_radix_ops *R;
  int64_t W, n, P;
  char *a, *b;
  int64_t *ia, *ib, *counts, *start;
  int shift, bits, nb;
  _Atomic uint64_t diff;
} msd_pass;

/* the bits in which part t differs from its first key, and that from key 0 */
static void msd_scan(void *v, int64_t t, int slot) {
  msd_pass *m = v;
  (void)slot;
  int64_t lo, hi;
  part_range(m->n, t, m->P, &lo, &hi);
  if (hi <= lo) return;
  uint64_t d = m->R->diff(m->a + lo * m->W, hi - lo), first = 0, mine = 0;
  memcpy(&first, m->a, (size_t)m->W);
  memcpy(&mine, m->a + lo * m->W, (size_t)m->W);
  atomic_fetch_or(&m->diff, d | (first ^ mine));
}

static void msd_count(void *v, int64_t t, int slot) {
  msd_pass *m = v;
  (void)slot;
  int64_t lo, hi, *mine = m->counts + t * MSD_BUCKETS;
  part_range(m->n, t, m->P, &lo, &hi);
  memset(mine, 0, sizeof(int64_t) * MSD_BUCKETS);
  m->R->count(m->a + lo * m->W, hi - lo, m->shift, m->bits, mine);
}

static void msd_scatter(void *v, int64_t t, int slot) {
  msd_pass *m = v;
  (void)slot;
  int64_t lo, hi, pos[MSD_BUCKETS];
  part_range(m->n, t, m->P, &lo, &hi);
  thread_slots(m->counts, m->nb, (int)m->P, (int)t, pos);
  m->R->scatter(m->a + lo * m->W, m->ia ? m->ia + lo : NULL, hi - lo, m->shift, m->bits, pos,
                m->b, m->ib);
}

static void msd(const ndi_radix_ops *R, int64_t W, char *a, char *b, int64_t *ia, int64_t *ib,
                int64_t n, int nt, int64_t *counts);

/* Buckets [4g, 4g + 4): each sorted on (LSD or another MSD pass) and back into a. */
static void msd_buckets(void *v, int64_t g, int slot) {
  msd_pass *m = v;
  (void)slot;
  int64_t W = m->W;
  for (int d = (int)(4 * g); d < m->nb && d < 4 * g + 4; d++) {
    int64_t s = m->start[d], c = m->start[d + 1] - s;
    if (c == 0) continue;
    char *bs = m->b + s * W, *as = m->a + s * W;
    int64_t *ibs = m->ib ? m->ib + s : NULL, *ias = m->ia ? m->ia + s : NULL;
    int where = 0; /* 0: the bucket's result is in b, 1: in a */
    if (c >= MSD_MIN) { /* a crowded bucket: another MSD pass (this thread only) */
      int64_t sub[MSD_BUCKETS];
      msd(m->R, W, bs, as, ibs, ias, c, 1, sub);
    } else if (c > 1 && m->shift > 0) {
      where = m->R->lsd(bs, as, ibs, ias, c, m->shift);
    }
    if (!where) {
      memcpy(as, bs, (size_t)(c * W));
      if (ias) memcpy(ias, ibs, (size_t)c * sizeof(int64_t));
    }
  }
}

/* MSD pass on a[0, n) into b, then each bucket back into a. Result in a. counts has room
 * for nt * MSD_BUCKETS entries. */
static void msd(const ndi_radix_ops *R, int64_t W, char *a, char *b, int64_t *ia, int64_t *ib,
                int64_t n, int nt, int64_t *counts) {
  int64_t start[MSD_BUCKETS + 1];
  msd_pass m = {R, W, n, nt, a, b, ia, ib, counts, start, 0, 0, 0, 0};
  ndi_parallel(nt, nt, msd_scan, &m);
  uint64_t diff = atomic_load(&m.diff);
  if (diff == 0) return; /* all keys equal: already in order (stable) */
  m.bits = 1;
  while (m.bits < MSD_BITS && (n >> m.bits) > BUCKET_TARGET) m.bits++;
  int h = top_bit(diff);
  m.shift = h >= m.bits - 1 ? h - (m.bits - 1) : 0;
  m.nb = 1 << m.bits;
  ndi_parallel(nt, nt, msd_count, &m);
  ndi_parallel(nt, nt, msd_scatter, &m);
  bucket_starts(counts, m.nb, nt, start);
  ndi_parallel(nt, (m.nb + 3) / 4, msd_buckets, &m);
}

bool ndi_radix_sort(int wlog2, void *a, void *b, int64_t *ia, int64_t *ib, int64_t n, int nt) {
  const ndi_radix_ops *R = &ndi_radix[wlog2];
  int64_t W = (int64_t)1 << wlog2;
  if (nt <= 0) nt = ndi_threads_for(n);
  if (n < MSD_MIN) {
    if (R->lsd(a, b, ia, ib, n, (int)(8 * W))) {
      memcpy(a, b, (size_t)(n * W));
      if (ia) memcpy(ia, ib, (size_t)n * sizeof(int64_t));
    }
    return true;
  }
  if (nt > 64) nt = 64;
  int64_t *counts = ndi_malloc(sizeof(int64_t) * MSD_BUCKETS * (size_t)nt);
  if (!counts) return false;
  msd(R, W, a, b, ia, ib, n, nt, counts);
  ndi_free(counts);
  return true;
}

/* ---- lanes ------------------------------------------------------------------------- */

typedef struct {
  const ndi_sort_spec *s;
  const ndi_sort_keys *keys;
  int64_t len, sa_in, sa_out, es;
  _Atomic int failed;
} sort_ctx;

/* The passes of sort_direct and sort_lane over P parts of one lane (pool tasks). */
typedef struct {
  sort_ctx *c;
  const char *in;
  char *out;
  int64_t n, P, W;
  bool desc;
  uint64_t ref;
  int shift, bits, nb;
  int64_t *counts, *start;
  char **scratch;           /* sort_direct: one bucket scratch per slot, made on first use */
  char *keys;               /* sort_lane: the sorted keys */
  int64_t *pos;             /* sort_lane: the sorted positions (argsort, or lossy values) */
  _Atomic uint64_t diff;
  _Atomic int lossy, nomem;
} lane_pass;

/* the bits in which part t's keys differ from the first key; any value the keys cannot
 * give back */
static void direct_scan(void *v, int64_t t, int slot) {
  lane_pass *L = v;
  (void)slot;
  int64_t lo, hi, sa = L->c->sa_in;
  part_range(L->n, t, L->P, &lo, &hi);
  uint64_t d = 0;
  if (L->c->keys->scan(L->in + lo * sa, sa, hi - lo, L->desc, L->ref, &d))
    atomic_store(&L->lossy, 1);
  atomic_fetch_or(&L->diff, d);
}

static void direct_count(void *v, int64_t t, int slot) {
  lane_pass *L = v;
  (void)slot;
  int64_t lo, hi, sa = L->c->sa_in, *mine = L->counts + t * MSD_BUCKETS;
  part_range(L->n, t, L->P, &lo, &hi);
  memset(mine, 0, sizeof(int64_t) * MSD_BUCKETS);
  L->c->keys->count(L->in + lo * sa, sa, hi - lo, L->desc, L->shift, L->bits, mine);
}

static void direct_scatter(void *v, int64_t t, int slot) {
  lane_pass *L = v;
  (void)slot;
  int64_t lo, hi, sa = L->c->sa_in, pos[MSD_BUCKETS];
  part_range(L->n, t, L->P, &lo, &hi);
  thread_slots(L->counts, L->nb, (int)L->P, (int)t, pos);
  L->c->keys->scatter(L->in + lo * sa, sa, hi - lo, L->desc, L->shift, L->bits, pos, L->out);
}

/* Buckets [4g, 4g + 4) of the keys in out: sorted in cache, then turned back into values. */
static void direct_buckets(void *v, int64_t g, int slot) {
  lane_pass *L = v;
  const ndi_sort_keys *K = L->c->keys;
  const ndi_radix_ops *R = &ndi_radix[K->wlog2];
  int64_t W = L->W;
  if (!L->scratch[slot]) L->scratch[slot] = ndi_malloc((size_t)(MSD_MIN * W));
  char *scratch = L->scratch[slot];
  if (!scratch) {
    atomic_store(&L->nomem, 1);
    return;
  }
  for (int d = (int)(4 * g); d < L->nb && d < 4 * g + 4; d++) {
    int64_t s0 = L->start[d], cnt = L->start[d + 1] - s0;
    char *bk = L->out + s0 * W;
    if (cnt == 0) continue;
    if (cnt >= MSD_MIN) { /* a crowded bucket: MSD again, with its own scratch */
      char *big = ndi_malloc((size_t)(cnt * W));
      if (!big) {
        atomic_store(&L->nomem, 1);
        continue;
      }
      int64_t sub[MSD_BUCKETS];
      msd(R, W, bk, big, NULL, NULL, cnt, 1, sub);
      ndi_free(big);
    } else if (cnt > 1 && L->shift > 0) {
      if (R->lsd(bk, scratch, NULL, NULL, cnt, L->shift)) memcpy(bk, scratch, (size_t)(cnt * W));
    }
    K->from_keys(bk, W, bk, cnt, L->desc); /* in place, while the bucket is in cache */
  }
}

/* Sorting the values of a long lane straight into a contiguous output lane, with no key
 * buffer: the MSD passes read the values and compute their keys on the fly (scan for
 * the differing bits, count, scatter the keys into the output), then each bucket is
 * sorted in L2 with a small scratch and turned back into values there. Returns 1 when
 * done, 0 when the lane holds values the keys cannot give back (NaN, -0.0: the caller
 * sorts positions instead), -1 for lack of memory. */
static int sort_direct(sort_ctx *c, const char *in, char *out) {
  const ndi_sort_keys *K = c->keys;
  int64_t n = c->len, W = (int64_t)1 << K->wlog2;
  int nt = ndi_threads_for(n);
  if (nt > 64) nt = 64;
  lane_pass L = {c, in, out, n, nt, W, c->s->descending};
  K->to_keys(&L.ref, in, c->sa_in, 1, L.desc); /* little-endian: the low W bytes */
  /* One read finds the bits in which the keys differ (the digit's position) and any value
   * the keys cannot give back; it is a vector loop, cheaper than guessing the digit from a
   * sample and counting again when the guess is wrong (floats in [0, 1), say, where a
   * sample misses the smallest exponents). */
  ndi_parallel(nt, nt, direct_scan, &L);
  if (atomic_load(&L.lossy)) return 0;
  uint64_t diff = atomic_load(&L.diff);
  if (diff == 0) { /* all equal */
    K->from_keys(out, W, &L.ref, 1, L.desc);
    for (int64_t i = 1; i < n; i++) memcpy(out + i * W, out, (size_t)W);
    return 1;
  }
  L.bits = 1;
  while (L.bits < MSD_BITS && (n >> L.bits) > BUCKET_TARGET) L.bits++;
  int h = top_bit(diff);
  L.shift = h >= L.bits - 1 ? h - (L.bits - 1) : 0;
  L.nb = 1 << L.bits;
  int64_t start[MSD_BUCKETS + 1];
  char *scratch[64] = {NULL};
  L.start = start;
  L.scratch = scratch;
  L.counts = ndi_malloc(sizeof(int64_t) * MSD_BUCKETS * (size_t)nt);
  if (!L.counts) return -1;
  ndi_parallel(nt, nt, direct_count, &L);
  ndi_parallel(nt, nt, direct_scatter, &L);
  bucket_starts(L.counts, L.nb, nt, start);
  ndi_free(L.counts);
  ndi_parallel(nt, (L.nb + 3) / 4, direct_buckets, &L);
  for (int i = 0; i < nt; i++) ndi_free(scratch[i]);
  return atomic_load(&L.nomem) ? -1 : 1;
}

/* part t's keys into L->keys; any value the keys cannot give back */
static void lane_to_keys(void *v, int64_t t, int slot) {
  lane_pass *L = v;
  (void)slot;
  int64_t lo, hi, sa = L->c->sa_in;
  part_range(L->n, t, L->P, &lo, &hi);
  if (L->c->keys->to_keys(L->keys + lo * L->W, L->in + lo * sa, sa, hi - lo, L->desc))
    atomic_store(&L->lossy, 1);
}

/* part t of the result: the positions (argsort), the values at the positions (lanes with
 * NaN payloads or -0.0), or the values of the keys */
static void lane_results(void *v, int64_t t, int slot) {
  lane_pass *L = v;
  const sort_ctx *c = L->c;
  (void)slot;
  int64_t lo, hi;
  part_range(L->n, t, L->P, &lo, &hi);
  if (c->s->argsort) {
    for (int64_t i = lo; i < hi; i++) *(int64_t *)(L->out + i * c->sa_out) = L->pos[i];
  } else if (L->pos) {
    for (int64_t i = lo; i < hi; i++)
      memcpy(L->out + i * c->sa_out, L->in + L->pos[i] * c->sa_in, (size_t)c->es);
  } else {
    c->keys->from_keys(L->out + lo * c->sa_out, c->sa_out, L->keys + lo * L->W, hi - lo, L->desc);
  }
}

static void sort_lane(sort_ctx *c, const char *in, char *out) {
  int64_t n = c->len, W = (int64_t)1 << c->keys->wlog2;
  bool desc = c->s->descending, arg = c->s->argsort;
  if (!arg && c->sa_out == W && n >= MSD_MIN) {
    int r = sort_direct(c, in, out);
    if (r < 0) atomic_store(&c->failed, 1);
    if (r) return;
  }
  int nt = ndi_threads_for(n);
  size_t kb = (size_t)(n * W), ib = (size_t)n * sizeof(int64_t);
  /* the output lane, when contiguous and not needed for positions, is the scratch half */
  bool out_scratch = !arg && c->sa_out == W;
  char *ka = ndi_malloc(kb), *kb2 = out_scratch ? out : ndi_malloc(kb);
  int64_t *ia = NULL, *ib2 = NULL;
  lane_pass L = {c, in, out, n, nt, W, desc};
  L.keys = ka;
  if (!ka || !kb2) goto fail;
  ndi_parallel(nt, nt, lane_to_keys, &L);
  if (arg || atomic_load(&L.lossy)) { /* NaN payloads and -0.0 come back through the positions */
    ia = ndi_malloc(2 * ib);
    if (!ia) goto fail;
    ib2 = ia + n;
    for (int64_t i = 0; i < n; i++) ia[i] = i;
  }
  if (!ndi_radix_sort(c->keys->wlog2, ka, kb2, ia, ib2, n, nt)) goto fail;
  L.pos = ia;
  ndi_parallel(nt, nt, lane_results, &L);
  goto done;
fail:
  atomic_store(&c->failed, 1);
done:
  ndi_free(ka);
  if (!out_scratch) ndi_free(kb2);
  ndi_free(ia);
}

static void sort_lanes(char *const *p, const int64_t *st, int64_t n, void *ctx) {
  sort_ctx *c = ctx;
  for (int64_t k = 0; k < n; k++) sort_lane(c, p[1] + k * st[1], p[0] + k * st[0]);
}

nd_status ndi_sort_run(const char *op, const ndi_sort_spec *s) {
  sort_ctx c;
  c.s = s;
  c.keys = &ndi_sort_keys_table[s->dtype];
  c.len = s->shape[s->axis];
  c.sa_in = s->in_strides[s->axis];
  c.sa_out = s->out_strides[s->axis];
  c.es = (int64_t)ndi_dtype_size(s->dtype);
  atomic_init(&c.failed, 0);
  int64_t ls[ND_MAX_DIMS], is[ND_MAX_DIMS], os[ND_MAX_DIMS], lanes = 1;
  for (int i = 0, j = 0; i < s->ndim; i++) {
    if (i == s->axis) continue;
    ls[j] = s->shape[i];
    is[j] = s->in_strides[i];
    os[j++] = s->out_strides[i];
    lanes *= s->shape[i];
  }
  if (lanes == 0 || c.len == 0) return ND_OK;
  ndi_operand ops[2] = {{s->out, os, s->argsort ? 8 : c.es}, {(char *)s->in, is, c.es}};
  ndi_plan p;
  ndi_plan_init(&p, 2, s->ndim - 1, ls, ops, NDI_PLAN_NO_BLOCK);
  p.work_scale = c.len * 4; /* a sort costs several passes over its lane */
  ndi_plan_execute(&p, sort_lanes, &c);
  if (atomic_load(&c.failed)) return ndi_nomem(op, (size_t)(c.len * 32));
  return ND_OK;
}
