/* Everything that calls FFTW: planning (guru64 interface), the plan cache, the planner
 * mode (ESTIMATE by default) and the AUTO policy, wisdom, execution. The rest of the component sees plans as
 * opaque ndf_plan handles.
 *
 * Locks: `cache_lock` guards the table and is held only for lookups and bookkeeping;
 * `planner_lock` serialises FFTW's planner (plan creation and destruction, wisdom), which
 * is not thread-safe, while execution is. A thread planning for a miss does not block
 * other threads' cache hits. FFTW's own planner lock (fftw_make_planner_thread_safe) also
 * protects other FFTW users in the process. */
#include "fftw_plan.h"

#include <fftw3.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nd/core.h"
#include "nd/fft.h"

/* ---- policy constants ---------------------------------------------------------------- */

/* AUTO replaces an estimated plan by a measured one (FFTW_MEASURE with no time limit:
 * under a limit, FFTW finishes its search by estimating, and plans measured under limits
 * of a few hundred executions were no faster than estimated ones). Measuring costs about
 * NDF_MEASURE_BASE_SECONDS + NDF_MEASURE_SECONDS_PER_POINT * n (measured here: 0.08 s at
 * 1024 points, 0.15 s at 4096, 0.35 s at 16384, 1.5 s at 65536, in batches of 32768
 * elements). It is paid on the second use when that is below NDF_MEASURE_EAGER_SECONDS,
 * else once the plan's executions have taken that long, so that measuring at most
 * doubles the time spent on a length (the ski-rental rule). Lengths above
 * NDF_MEASURE_MAX_N are not measured (nd splits longer lengths into such pieces where it
 * can, split.c), nor geometries whose scratch would exceed NDF_MEASURE_MAX_BYTES. */
#define NDF_MEASURE_MAX_N 65536
#define NDF_MEASURE_MAX_BYTES ((size_t)64 << 20)
#define NDF_MEASURE_BASE_SECONDS 0.05
#define NDF_MEASURE_SECONDS_PER_POINT 2e-5
#define NDF_MEASURE_EAGER_SECONDS 0.1

#define NDF_BUCKETS 1024 /* power of two */

struct ndf_plan {
  ndf_geom g;
  int mode;       /* nd_fft_planner the plan was asked for under (part of the key) */
  uint64_t hash;
  void *plan;     /* fftw_plan or fftwf_plan */
  int effort;     /* what it is: ND_FFT_ESTIMATE, MEASURE or PATIENT */
  int64_t bytes;  /* estimated memory */
  int64_t uses;
  int refs;       /* callers holding it (plus nothing for the table) */
  bool cached;    /* in the table */
  bool upgrading; /* a thread is measuring its replacement */
  bool final;     /* AUTO: no (further) upgrade */
  double spent;   /* seconds of executions so far (AUTO's upgrade rule) */
  struct ndf_plan *chain, *prev, *next; /* bucket chain; LRU list (head = newest) */
};

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t planner_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t init_once = PTHREAD_ONCE_INIT;
/* ESTIMATE by default: the same plan for a geometry every time it is made, so the same
 * bits on every call (AUTO's measured replacement changes the last bits; fft.h) */
static _Atomic int planner_mode = ND_FFT_ESTIMATE;

static struct {
  ndf_plan *bucket[NDF_BUCKETS];
  ndf_plan *head, *tail;
  int64_t count, bytes, max_plans, max_bytes;
  nd_fft_cache_stats stats;
} cache = {.max_plans = 256, .max_bytes = (int64_t)256 << 20};

static void init_fftw(void) {
  fftw_make_planner_thread_safe();
  fftwf_make_planner_thread_safe();
}

/* ---- keys -------------------------------------------------------------------------- */

static uint64_t mix(uint64_t h, int64_t v) {
  h ^= (uint64_t)v + 0x9e3779b97f4a7c15u + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdu;
}

static uint64_t key_hash(const ndf_geom *g, int mode) {
  uint64_t h = 1469598103934665603u;
  int64_t f[] = {g->kind, g->single, g->inplace, g->destroy_in, g->align_in, g->align_out,
                 g->n, g->is, g->os, g->howmany, g->idist, g->odist, mode};
  for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) h = mix(h, f[i]);
  return h;
}

static bool key_equal(const ndf_plan *e, const ndf_geom *g, int mode) {
  const ndf_geom *a = &e->g;
  return e->mode == mode && a->kind == g->kind && a->single == g->single &&
         a->inplace == g->inplace && a->destroy_in == g->destroy_in &&
         a->align_in == g->align_in && a->align_out == g->align_out && a->n == g->n &&
         a->is == g->is && a->os == g->os && a->howmany == g->howmany &&
         a->idist == g->idist && a->odist == g->odist;
}

/* ---- the table (cache_lock held) ----------------------------------------------------- */

static ndf_plan *table_find(uint64_t h, const ndf_geom *g, int mode) {
  for (ndf_plan *e = cache.bucket[h & (NDF_BUCKETS - 1)]; e; e = e->chain)
    if (e->hash == h && key_equal(e, g, mode)) return e;
  return NULL;
}

static void lru_unlink(ndf_plan *e) {
  if (e->prev) e->prev->next = e->next;
  else cache.head = e->next;
  if (e->next) e->next->prev = e->prev;
  else cache.tail = e->prev;
  e->prev = e->next = NULL;
}

static void lru_push_front(ndf_plan *e) {
  e->prev = NULL;
  e->next = cache.head;
  if (cache.head) cache.head->prev = e;
  cache.head = e;
  if (!cache.tail) cache.tail = e;
}

/* Takes e out of the table; it is destroyed when its last user releases it. */
static void table_remove(ndf_plan *e) {
  ndf_plan **p = &cache.bucket[e->hash & (NDF_BUCKETS - 1)];
  while (*p != e) p = &(*p)->chain;
  *p = e->chain;
  e->chain = NULL;
  lru_unlink(e);
  e->cached = false;
  cache.count--;
  cache.bytes -= e->bytes;
}

static void table_insert(ndf_plan *e) {
  ndf_plan **b = &cache.bucket[e->hash & (NDF_BUCKETS - 1)];
  e->chain = *b;
  *b = e;
  lru_push_front(e);
  e->cached = true;
  cache.count++;
  cache.bytes += e->bytes;
}

/* Evicts least recently used plans beyond the limits; those nobody uses are chained on
 * *dead for destruction outside the cache lock. `keep` stays. */
static void table_trim(ndf_plan *keep, ndf_plan **dead) {
  ndf_plan *e = cache.tail;
  while (e && (cache.count > cache.max_plans || cache.bytes > cache.max_bytes)) {
    ndf_plan *prev = e->prev;
    if (e != keep) {
      table_remove(e);
      cache.stats.evictions++;
      if (e->refs == 0) {
        e->chain = *dead;
        *dead = e;
      }
    }
    e = prev;
  }
}

/* ---- FFTW calls (planner_lock held) -------------------------------------------------- */

static void destroy_plan_locked(ndf_plan *e) {
  if (e->plan) {
    if (e->g.single) fftwf_destroy_plan((fftwf_plan)e->plan);
    else fftw_destroy_plan((fftw_plan)e->plan);
  }
  free(e);
}

static void destroy_list(ndf_plan *dead) {
  if (!dead) return;
  pthread_mutex_lock(&planner_lock);
  while (dead) {
    ndf_plan *next = dead->chain;
    destroy_plan_locked(dead);
    dead = next;
  }
  pthread_mutex_unlock(&planner_lock);
}

static void *plan_double(const ndf_geom *g, unsigned flags, void *in, void *out) {
  fftw_iodim64 dim = {g->n, g->is, g->os}, hm = {g->howmany, g->idist, g->odist};
  switch (g->kind) {
    case NDF_C2C_FWD:
    case NDF_C2C_BWD:
      return fftw_plan_guru64_dft(1, &dim, 1, &hm, in, out,
                                  g->kind == NDF_C2C_FWD ? FFTW_FORWARD : FFTW_BACKWARD, flags);
    case NDF_R2C: return fftw_plan_guru64_dft_r2c(1, &dim, 1, &hm, in, out, flags);
    case NDF_C2R: return fftw_plan_guru64_dft_c2r(1, &dim, 1, &hm, in, out, flags);
  }
  return NULL;
}

static void *plan_single(const ndf_geom *g, unsigned flags, void *in, void *out) {
  fftwf_iodim64 dim = {g->n, g->is, g->os}, hm = {g->howmany, g->idist, g->odist};
  switch (g->kind) {
    case NDF_C2C_FWD:
    case NDF_C2C_BWD:
      return fftwf_plan_guru64_dft(1, &dim, 1, &hm, in, out,
                                   g->kind == NDF_C2C_FWD ? FFTW_FORWARD : FFTW_BACKWARD, flags);
    case NDF_R2C: return fftwf_plan_guru64_dft_r2c(1, &dim, 1, &hm, in, out, flags);
    case NDF_C2R: return fftwf_plan_guru64_dft_c2r(1, &dim, 1, &hm, in, out, flags);
  }
  return NULL;
}

static size_t in_elem_size(const ndf_geom *g) {
  size_t r = g->single ? sizeof(float) : sizeof(double);
  return g->kind == NDF_R2C ? r : 2 * r;
}

static size_t out_elem_size(const ndf_geom *g) {
  size_t r = g->single ? sizeof(float) : sizeof(double);
  return g->kind == NDF_C2R ? r : 2 * r;
}

/* Lowest and highest element offsets a geometry addresses on one side. */
static void span_of(int64_t n, int64_t stride, int64_t howmany, int64_t dist, int64_t *lo,
                    int64_t *hi) {
  int64_t a = (n - 1) * stride, b = (howmany - 1) * dist;
  *lo = (a < 0 ? a : 0) + (b < 0 ? b : 0);
  *hi = (a > 0 ? a : 0) + (b > 0 ? b : 0);
}

/* Scratch memory with the geometry's extent and alignment class, for measuring (FFTW
 * overwrites the arrays it measures on). */
typedef struct scratch {
  void *block;
  char *in, *out;
} scratch;

/* Bytes one side addresses, and the byte offset of its element 0 from the lowest one. */
static size_t side_bytes(const ndf_geom *g, bool input, size_t *off) {
  int64_t len = (input ? g->kind == NDF_C2R : g->kind == NDF_R2C) ? g->n / 2 + 1 : g->n;
  int64_t lo, hi;
  if (input) span_of(len, g->is, g->howmany, g->idist, &lo, &hi);
  else span_of(len, g->os, g->howmany, g->odist, &lo, &hi);
  size_t es = input ? in_elem_size(g) : out_elem_size(g);
  *off = (size_t)(-lo) * es;
  return (size_t)(hi - lo + 1) * es;
}

#define NDF_UP64(x) (((x) + 63) / 64 * 64)

static bool scratch_alloc(const ndf_geom *g, scratch *s, size_t cap) {
  size_t off_in, off_out;
  size_t b_in = side_bytes(g, true, &off_in), b_out = side_bytes(g, false, &off_out);
  if (g->inplace) {
    off_in = off_in > off_out ? off_in : off_out;
    b_in = (b_in > b_out ? b_in : b_out) + off_in;
    b_out = 0;
  }
  /* element 0 at an address whose class mod 64 is the arrays' alignment class */
  size_t part_in = NDF_UP64(off_in) + 64 + NDF_UP64(b_in) + 64;
  size_t part_out = g->inplace ? 0 : NDF_UP64(off_out) + 64 + NDF_UP64(b_out) + 64;
  if (part_in + part_out > cap) return false;
  s->block = aligned_alloc(64, part_in + part_out);
  if (!s->block) return false;
  char *base = s->block;
  s->in = base + NDF_UP64(off_in) + (g->align_in < 0 ? 0 : g->align_in);
  s->out = g->inplace ? s->in
                      : base + part_in + NDF_UP64(off_out) + (g->align_out < 0 ? 0 : g->align_out);
  return true;
}

static unsigned effort_flags(int effort) {
  switch (effort) {
    case ND_FFT_MEASURE: return FFTW_MEASURE;
    case ND_FFT_PATIENT: return FFTW_PATIENT;
    default: return FFTW_ESTIMATE;
  }
}

/* Makes an FFTW plan (planner_lock held). ESTIMATE and wisdom-only planning use the
 * caller's arrays, which they do not touch; measuring uses scratch of at most `cap` bytes
 * (*effort drops to ND_FFT_ESTIMATE when that cannot be had). NULL if FFTW cannot plan it
 * or (wisdom_only) has no wisdom for it. */
static void *make_plan(const ndf_geom *g, int *effort, bool wisdom_only, size_t cap, void *in,
                       void *out) {
  scratch s = {0};
  if (*effort != ND_FFT_ESTIMATE && !wisdom_only) {
    if (scratch_alloc(g, &s, cap)) {
      in = s.in;
      out = s.out;
    } else if (in) {
      *effort = ND_FFT_ESTIMATE;
    } else {
      return NULL;
    }
  }
  unsigned flags = effort_flags(*effort);
  if (wisdom_only) flags |= FFTW_WISDOM_ONLY;
  if (g->align_in < 0 || g->align_out < 0) flags |= FFTW_UNALIGNED;
  if (g->destroy_in && !g->inplace) flags |= FFTW_DESTROY_INPUT;
  void *p = g->single ? plan_single(g, flags, in, out) : plan_double(g, flags, in, out);
  free(s.block);
  return p;
}

static ndf_plan *new_entry(const ndf_geom *g, int mode, uint64_t h, void *plan, int effort) {
  ndf_plan *e = calloc(1, sizeof *e);
  if (!e) return NULL;
  e->g = *g;
  e->mode = mode;
  e->hash = h;
  e->plan = plan;
  e->effort = effort;
  e->bytes = g->n * (int64_t)(g->single ? 16 : 32) + 1024;
  e->refs = 1;
  e->uses = 1;
  e->final = effort != ND_FFT_ESTIMATE || g->n > NDF_MEASURE_MAX_N;
  return e;
}

/* What measuring a plan of this length is expected to cost (seconds). */
static double measure_cost(const ndf_geom *g) {
  return NDF_MEASURE_BASE_SECONDS + NDF_MEASURE_SECONDS_PER_POINT * (double)g->n;
}

/* AUTO's rule: measure on the second use when that is cheap, else once the executions
 * have cost as much as measuring will (cache_lock held). */
static bool wants_upgrade(const ndf_plan *e) {
  if (e->final || e->upgrading || e->uses < 2) return false;
  double cost = measure_cost(&e->g);
  return cost <= NDF_MEASURE_EAGER_SECONDS || e->spent >= cost;
}

/* AUTO: replaces the estimated plan e (held by the caller) by a measured one. Returns the
 * plan the caller should use, holding it. */
static ndf_plan *upgrade(ndf_plan *e) {
  pthread_mutex_lock(&planner_lock);
  int effort = ND_FFT_MEASURE;
  void *p = make_plan(&e->g, &effort, false, NDF_MEASURE_MAX_BYTES, NULL, NULL);
  pthread_mutex_unlock(&planner_lock);
  ndf_plan *ne = p ? new_entry(&e->g, e->mode, e->hash, p, ND_FFT_MEASURE) : NULL;
  ndf_plan *dead = NULL;
  pthread_mutex_lock(&cache_lock);
  e->upgrading = false;
  e->final = true;
  if (ne) {
    ne->spent = e->spent;
    if (e->cached) table_remove(e);
    if (!table_find(e->hash, &e->g, e->mode)) table_insert(ne);
    cache.stats.upgrades++;
    table_trim(ne, &dead);
    if (--e->refs == 0 && !e->cached) {
      e->chain = dead;
      dead = e;
    }
  }
  pthread_mutex_unlock(&cache_lock);
  if (!ne && p) {
    pthread_mutex_lock(&planner_lock);
    if (e->g.single) fftwf_destroy_plan((fftwf_plan)p);
    else fftw_destroy_plan((fftw_plan)p);
    pthread_mutex_unlock(&planner_lock);
  }
  destroy_list(dead);
  return ne ? ne : e;
}

ndf_plan *ndf_plan_acquire(const char *op, const ndf_geom *g, void *in, void *out) {
  pthread_once(&init_once, init_fftw);
  int mode = atomic_load(&planner_mode);
  uint64_t h = key_hash(g, mode);
  pthread_mutex_lock(&cache_lock);
  ndf_plan *e = table_find(h, g, mode);
  if (e) {
    e->refs++;
    e->uses++;
    cache.stats.hits++;
    lru_unlink(e);
    lru_push_front(e);
    bool up = mode == ND_FFT_AUTO && wants_upgrade(e);
    if (up) e->upgrading = true;
    pthread_mutex_unlock(&cache_lock);
    return up ? upgrade(e) : e;
  }
  pthread_mutex_unlock(&cache_lock);

  pthread_mutex_lock(&planner_lock);
  pthread_mutex_lock(&cache_lock); /* another thread may have planned it meanwhile */
  e = table_find(h, g, mode);
  if (e) {
    e->refs++;
    e->uses++;
    cache.stats.hits++;
    pthread_mutex_unlock(&cache_lock);
    pthread_mutex_unlock(&planner_lock);
    return e;
  }
  pthread_mutex_unlock(&cache_lock);
  void *p = NULL;
  int effort = mode;
  if (mode == ND_FFT_AUTO) {
    effort = ND_FFT_MEASURE;
    p = make_plan(g, &effort, true, 0, in, out);
    if (!p) {
      effort = ND_FFT_ESTIMATE;
      p = make_plan(g, &effort, false, 0, in, out);
    }
  } else { /* as asked, on scratch of any size (estimated if there is no memory for it) */
    p = make_plan(g, &effort, false, SIZE_MAX, in, out);
  }
  pthread_mutex_unlock(&planner_lock);
  if (!p) {
    nd_set_error(ND_ERR_VALUE, "%s: FFTW cannot plan a transform of length %lld (strides %lld, %lld, %lld transforms)",
                 op, (long long)g->n, (long long)g->is, (long long)g->os, (long long)g->howmany);
    return NULL;
  }
  e = new_entry(g, mode, h, p, effort);
  if (!e) {
    pthread_mutex_lock(&planner_lock);
    if (g->single) fftwf_destroy_plan((fftwf_plan)p);
    else fftw_destroy_plan((fftw_plan)p);
    pthread_mutex_unlock(&planner_lock);
    nd_set_error(ND_ERR_NOMEM, "%s: out of memory (%zu bytes)", op, sizeof(ndf_plan));
    return NULL;
  }
  ndf_plan *dead = NULL;
  pthread_mutex_lock(&cache_lock);
  cache.stats.misses++;
  if (!table_find(h, g, mode)) {
    table_insert(e);
    table_trim(e, &dead);
  }
  pthread_mutex_unlock(&cache_lock);
  destroy_list(dead);
  return e;
}

void ndf_plan_execute(const ndf_plan *e, void *in, void *out) {
  if (e->g.single) {
    fftwf_plan p = (fftwf_plan)e->plan;
    switch (e->g.kind) {
      case NDF_C2C_FWD:
      case NDF_C2C_BWD: fftwf_execute_dft(p, in, out); break;
      case NDF_R2C: fftwf_execute_dft_r2c(p, in, out); break;
      case NDF_C2R: fftwf_execute_dft_c2r(p, in, out); break;
    }
  } else {
    fftw_plan p = (fftw_plan)e->plan;
    switch (e->g.kind) {
      case NDF_C2C_FWD:
      case NDF_C2C_BWD: fftw_execute_dft(p, in, out); break;
      case NDF_R2C: fftw_execute_dft_r2c(p, in, out); break;
      case NDF_C2R: fftw_execute_dft_c2r(p, in, out); break;
    }
  }
}

void ndf_plan_note_time(ndf_plan *e, double seconds) {
  if (!e) return;
  pthread_mutex_lock(&cache_lock);
  e->spent += seconds;
  pthread_mutex_unlock(&cache_lock);
}

void ndf_plan_release(ndf_plan *e) {
  if (!e) return;
  pthread_mutex_lock(&cache_lock);
  bool dead = --e->refs == 0 && !e->cached;
  pthread_mutex_unlock(&cache_lock);
  if (dead) destroy_list(e);
}

int ndf_alignment_of(const void *p, bool single) {
  return single ? fftwf_alignment_of((float *)(uintptr_t)p)
                : fftw_alignment_of((double *)(uintptr_t)p);
}

void *ndf_buffer_alloc(size_t bytes) { return fftw_malloc(bytes ? bytes : 1); }
void ndf_buffer_free(void *p) { fftw_free(p); }

/* ---- public: planner mode, cache, wisdom ----------------------------------------------- */

nd_status nd_fft_set_planner(nd_fft_planner mode) {
  if ((int)mode < ND_FFT_AUTO || (int)mode > ND_FFT_PATIENT)
    return nd_set_error(ND_ERR_VALUE, "fft_set_planner: invalid planner mode %d", (int)mode);
  atomic_store(&planner_mode, (int)mode);
  return ND_OK;
}

nd_fft_planner nd_fft_get_planner(void) { return (nd_fft_planner)atomic_load(&planner_mode); }

void nd_fft_clear_plans(void) {
  ndf_plan *dead = NULL;
  pthread_mutex_lock(&cache_lock);
  while (cache.tail) {
    ndf_plan *e = cache.tail;
    table_remove(e);
    if (e->refs == 0) {
      e->chain = dead;
      dead = e;
    }
  }
  pthread_mutex_unlock(&cache_lock);
  destroy_list(dead);
}

nd_status nd_fft_set_cache_limits(int64_t max_plans, int64_t max_bytes) {
  if (max_plans < 1 || max_bytes < 1)
    return nd_set_error(ND_ERR_VALUE, "fft_set_cache_limits: limits must be positive (got %lld plans, %lld bytes)",
                        (long long)max_plans, (long long)max_bytes);
  ndf_plan *dead = NULL;
  pthread_mutex_lock(&cache_lock);
  cache.max_plans = max_plans;
  cache.max_bytes = max_bytes;
  table_trim(NULL, &dead);
  pthread_mutex_unlock(&cache_lock);
  destroy_list(dead);
  return ND_OK;
}

nd_status nd_fft_get_cache_stats(nd_fft_cache_stats *stats) {
  if (!stats) {
    if (nd_last_status() == ND_OK)
      nd_set_error(ND_ERR_NULL, "fft_get_cache_stats: argument stats is NULL");
    return ND_ERR_NULL;
  }
  pthread_mutex_lock(&cache_lock);
  *stats = cache.stats;
  stats->plans = cache.count;
  stats->bytes = cache.bytes;
  pthread_mutex_unlock(&cache_lock);
  return ND_OK;
}

void nd_fft_forget_wisdom(void) {
  pthread_once(&init_once, init_fftw);
  nd_fft_clear_plans();
  pthread_mutex_lock(&planner_lock);
  fftw_forget_wisdom();
  fftwf_forget_wisdom();
  pthread_mutex_unlock(&planner_lock);
}

/* The wisdom file holds FFTW's two exports one after the other: the double precision
 * "(fftw-3.x fftw_wisdom ...)" and the single precision "(fftw-3.x fftwf_wisdom ...)". */
nd_status nd_fft_save_wisdom(const char *path) {
  if (!path) {
    if (nd_last_status() == ND_OK) nd_set_error(ND_ERR_NULL, "fft_save_wisdom: argument path is NULL");
    return ND_ERR_NULL;
  }
  pthread_once(&init_once, init_fftw);
  pthread_mutex_lock(&planner_lock);
  char *d = fftw_export_wisdom_to_string();
  char *s = fftwf_export_wisdom_to_string();
  pthread_mutex_unlock(&planner_lock);
  nd_status st = ND_OK;
  FILE *f = d && s ? fopen(path, "w") : NULL;
  if (!d || !s) st = nd_set_error(ND_ERR_NOMEM, "fft_save_wisdom: out of memory exporting wisdom");
  else if (!f || fprintf(f, "%s\n%s\n", d, s) < 0)
    st = nd_set_error(ND_ERR_IO, "fft_save_wisdom: cannot write '%s'", path);
  if (f && fclose(f) != 0 && st == ND_OK)
    st = nd_set_error(ND_ERR_IO, "fft_save_wisdom: cannot write '%s'", path);
  free(d);
  free(s);
  return st;
}

/* The end of the balanced parenthesised expression starting at s[0] == '(' (NULL if it
 * does not close). */
static char *sexp_end(char *s) {
  int depth = 0;
  for (char *p = s; *p; p++) {
    if (*p == '(') depth++;
    else if (*p == ')' && --depth == 0) return p + 1;
  }
  return NULL;
}

nd_status nd_fft_load_wisdom(const char *path) {
  if (!path) {
    if (nd_last_status() == ND_OK) nd_set_error(ND_ERR_NULL, "fft_load_wisdom: argument path is NULL");
    return ND_ERR_NULL;
  }
  pthread_once(&init_once, init_fftw);
  FILE *f = fopen(path, "rb");
  if (!f) return nd_set_error(ND_ERR_IO, "fft_load_wisdom: cannot open '%s'", path);
  size_t cap = 4096, len = 0;
  char *text = malloc(cap);
  for (size_t got; text && (got = fread(text + len, 1, cap - len - 1, f)) > 0;) {
    len += got;
    if (len + 1 == cap) {
      char *bigger = realloc(text, cap * 2);
      if (!bigger) {
        free(text);
        text = NULL;
      } else {
        text = bigger;
        cap *= 2;
      }
    }
  }
  fclose(f);
  if (!text) return nd_set_error(ND_ERR_NOMEM, "fft_load_wisdom: out of memory reading '%s'", path);
  text[len] = '\0';
  int found = 0, bad = 0;
  pthread_mutex_lock(&planner_lock);
  for (char *p = strchr(text, '('); p; p = strchr(p, '(')) {
    char *end = sexp_end(p);
    if (!end) {
      bad++;
      break;
    }
    char keep = *end;
    *end = '\0';
    const char *sp = strchr(p, ' ');
    int ok = 0;
    if (sp && strncmp(sp + 1, "fftw_wisdom", 11) == 0) ok = fftw_import_wisdom_from_string(p);
    else if (sp && strncmp(sp + 1, "fftwf_wisdom", 12) == 0) ok = fftwf_import_wisdom_from_string(p);
    *end = keep;
    if (ok) found++;
    else bad++;
    p = end;
  }
  pthread_mutex_unlock(&planner_lock);
  free(text);
  if (!found || bad)
    return nd_set_error(ND_ERR_IO, "fft_load_wisdom: '%s' is not FFTW wisdom written by fft_save_wisdom", path);
  nd_fft_clear_plans();
  return ND_OK;
}
