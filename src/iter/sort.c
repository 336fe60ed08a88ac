/* Sorting lanes (see sort.h). */
#include "sort.h"

#include <stdatomic.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/alloc.h"
#include "core/dtype.h"
#include "core/error.h"
#include "kernels/sort.h"
#include "plan.h"
#include "threads.h"

#define MSD_MIN (1 << 17) /* lanes from this size on start with an MSD pass */

static int top_bit(uint64_t v) { return 63 - __builtin_clzll(v); }

/* The calling thread's number and the team's size (0 and 1 outside OpenMP). */
static int thread_id(int *team) {
#ifdef _OPENMP
  if (team) *team = omp_get_num_threads();
  return omp_get_thread_num();
#else
  if (team) *team = 1;
  return 0;
#endif
}

static void thread_range(int64_t n, int64_t *lo, int64_t *hi) {
  int T, t = thread_id(&T);
  *lo = n * t / T;
  *hi = n * (t + 1) / T;
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

/* MSD pass on a[0, n) into b, then each bucket back into a. Result in a. counts has room
 * for nt * MSD_BUCKETS entries. */
static void msd(const ndi_radix_ops *R, int64_t W, char *a, char *b, int64_t *ia, int64_t *ib,
                int64_t n, int nt, int64_t *counts) {
  uint64_t diff = 0;
#pragma omp parallel num_threads(nt) if (nt > 1) reduction(| : diff)
  {
    int64_t lo, hi;
    thread_range(n, &lo, &hi);
    /* the bits in which this part differs from its first key, and that from key 0 */
    if (hi > lo) {
      diff |= R->diff(a + lo * W, hi - lo);
      uint64_t first = 0, mine = 0;
      memcpy(&first, a, (size_t)W);
      memcpy(&mine, a + lo * W, (size_t)W);
      diff |= first ^ mine;
    }
  }
  if (diff == 0) return; /* all keys equal: already in order (stable) */
  int bits = 1;
  while (bits < MSD_BITS && (n >> bits) > BUCKET_TARGET) bits++;
  int h = top_bit(diff), shift = h >= bits - 1 ? h - (bits - 1) : 0;
  int nb = 1 << bits;
  int T = nt;
#pragma omp parallel num_threads(nt) if (nt > 1)
  {
    int team, t = thread_id(&team);
    if (t == 0) T = team;
    int64_t lo, hi, *mine = counts + (int64_t)t * MSD_BUCKETS;
    thread_range(n, &lo, &hi);
    memset(mine, 0, sizeof(int64_t) * MSD_BUCKETS);
    R->count(a + lo * W, hi - lo, shift, bits, mine);
#pragma omp barrier
    int64_t pos[MSD_BUCKETS];
    thread_slots(counts, nb, team, t, pos);
    R->scatter(a + lo * W, ia ? ia + lo : NULL, hi - lo, shift, bits, pos, b, ib);
  }
  int64_t start[MSD_BUCKETS + 1];
  bucket_starts(counts, nb, T, start);
#pragma omp parallel for num_threads(nt) schedule(dynamic, 4) if (nt > 1)
  for (int d = 0; d < nb; d++) {
    int64_t s = start[d], c = start[d + 1] - s;
    if (c == 0) continue;
    char *bs = b + s * W, *as = a + s * W;
    int64_t *ibs = ib ? ib + s : NULL, *ias = ia ? ia + s : NULL;
    int where = 0; /* 0: the bucket's result is in b, 1: in a */
    if (c >= MSD_MIN) { /* a crowded bucket: another MSD pass (this thread only) */
      int64_t sub[MSD_BUCKETS];
      msd(R, W, bs, as, ibs, ias, c, 1, sub);
    } else if (c > 1 && shift > 0) {
      where = R->lsd(bs, as, ibs, ias, c, shift);
    }
    if (!where) {
      memcpy(as, bs, (size_t)(c * W));
      if (ias) memcpy(ias, ibs, (size_t)c * sizeof(int64_t));
    }
  }
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

/* Sorting the values of a long lane straight into a contiguous output lane, with no key
 * buffer: the MSD passes read the values and compute their keys on the fly (scan for
 * the differing bits, count, scatter the keys into the output), then each bucket is
 * sorted in L2 with a small scratch and turned back into values there. Returns 1 when
 * done, 0 when the lane holds values the keys cannot give back (NaN, -0.0: the caller
 * sorts positions instead), -1 for lack of memory. */
static int sort_direct(sort_ctx *c, const char *in, char *out) {
  const ndi_sort_keys *K = c->keys;
  const ndi_radix_ops *R = &ndi_radix[K->wlog2];
  int64_t n = c->len, W = (int64_t)1 << K->wlog2, sa = c->sa_in;
  bool desc = c->s->descending;
  int nt = ndi_threads_for(n);
  if (nt > 64) nt = 64;
  uint64_t ref = 0, diff = 0;
  K->to_keys(&ref, in, sa, 1, desc); /* little-endian: the low W bytes */
  /* One read finds the bits in which the keys differ (the digit's position) and any value
   * the keys cannot give back; it is a vector loop, cheaper than guessing the digit from a
   * sample and counting again when the guess is wrong (floats in [0, 1), say, where a
   * sample misses the smallest exponents). */
  bool lossy = false;
#pragma omp parallel num_threads(nt) if (nt > 1) reduction(| : diff) reduction(|| : lossy)
  {
    int64_t lo, hi;
    thread_range(n, &lo, &hi);
    lossy = K->scan(in + lo * sa, sa, hi - lo, desc, ref, &diff);
  }
  if (lossy) return 0;
  if (diff == 0) { /* all equal */
    K->from_keys(out, W, &ref, 1, desc);
    for (int64_t i = 1; i < n; i++) memcpy(out + i * W, out, (size_t)W);
    return 1;
  }
  int bits = 1;
  while (bits < MSD_BITS && (n >> bits) > BUCKET_TARGET) bits++;
  int h = top_bit(diff), shift = h >= bits - 1 ? h - (bits - 1) : 0, nb = 1 << bits;
  int64_t *counts = ndi_malloc(sizeof(int64_t) * MSD_BUCKETS * (size_t)nt);
  if (!counts) return -1;
  int T = nt;
#pragma omp parallel num_threads(nt) if (nt > 1)
  {
    int team, t = thread_id(&team);
    if (t == 0) T = team;
    int64_t lo, hi, *mine = counts + (int64_t)t * MSD_BUCKETS;
    thread_range(n, &lo, &hi);
    memset(mine, 0, sizeof(int64_t) * MSD_BUCKETS);
    K->count(in + lo * sa, sa, hi - lo, desc, shift, bits, mine);
#pragma omp barrier
    int64_t pos[MSD_BUCKETS];
    thread_slots(counts, nb, T, t, pos);
    K->scatter(in + lo * sa, sa, hi - lo, desc, shift, bits, pos, out);
  }
  int64_t start[MSD_BUCKETS + 1];
  bucket_starts(counts, nb, T, start);
  ndi_free(counts);
  _Atomic int nomem = 0;
#pragma omp parallel num_threads(nt) if (nt > 1)
  {
    char *scratch = ndi_malloc((size_t)(MSD_MIN * W));
    if (!scratch) atomic_store(&nomem, 1);
#pragma omp for schedule(dynamic, 4)
    for (int d = 0; d < nb; d++) {
      int64_t s0 = start[d], cnt = start[d + 1] - s0;
      char *bk = out + s0 * W;
      if (cnt == 0 || !scratch) continue;
      if (cnt >= MSD_MIN) { /* a crowded bucket: MSD again, with its own scratch */
        char *big = ndi_malloc((size_t)(cnt * W));
        if (!big) {
          atomic_store(&nomem, 1);
          continue;
        }
        int64_t sub[MSD_BUCKETS];
        msd(R, W, bk, big, NULL, NULL, cnt, 1, sub);
        ndi_free(big);
      } else if (cnt > 1 && shift > 0) {
        if (R->lsd(bk, scratch, NULL, NULL, cnt, shift)) memcpy(bk, scratch, (size_t)(cnt * W));
      }
      K->from_keys(bk, W, bk, cnt, desc); /* in place, while the bucket is in cache */
    }
    ndi_free(scratch);
  }
  return atomic_load(&nomem) ? -1 : 1;
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
  if (!ka || !kb2) goto fail;
  bool lossy = false;
#pragma omp parallel num_threads(nt) if (nt > 1) reduction(|| : lossy)
  {
    int64_t lo, hi;
    thread_range(n, &lo, &hi);
    lossy = c->keys->to_keys(ka + lo * W, in + lo * c->sa_in, c->sa_in, hi - lo, desc);
  }
  bool pay = arg || lossy; /* NaN payloads and -0.0 come back through the positions */
  if (pay) {
    ia = ndi_malloc(2 * ib);
    if (!ia) goto fail;
    ib2 = ia + n;
    for (int64_t i = 0; i < n; i++) ia[i] = i;
  }
  if (!ndi_radix_sort(c->keys->wlog2, ka, kb2, ia, ib2, n, nt)) goto fail;
#pragma omp parallel num_threads(nt) if (nt > 1)
  {
    int64_t lo, hi;
    thread_range(n, &lo, &hi);
    if (arg) {
      for (int64_t i = lo; i < hi; i++) *(int64_t *)(out + i * c->sa_out) = ia[i];
    } else if (pay) {
      for (int64_t i = lo; i < hi; i++)
        memcpy(out + i * c->sa_out, in + ia[i] * c->sa_in, (size_t)c->es);
    } else {
      c->keys->from_keys(out + lo * c->sa_out, c->sa_out, ka + lo * W, hi - lo, desc);
    }
  }
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
