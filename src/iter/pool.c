/* nd's worker pool (pool.h): one region at a time, tasks taken in order from a shared
 * ticket, workers that spin briefly and then sleep. */
#include "pool.h"

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define cpu_relax() _mm_pause()
#elif defined(__aarch64__)
#define cpu_relax() __asm__ __volatile__("yield")
#else
#define cpu_relax() ((void)0)
#endif

#define POOL_MAX 256
/* How long an idle worker (or a caller waiting for the last tasks) spins before it sleeps:
 * long enough that a loop of nd calls finds its workers awake, short enough that an idle
 * worker does not take a busy core's time (libgomp's default spins about a thousand times
 * longer). */
#define SPIN_NS 50000

/* The ticket: the region's number in the high 32 bits, the next task in the low 32. A
 * worker takes task i of region g by moving the ticket from (g, i) to (g, i + 1), so a
 * worker that wakes after its region ended (or while a later one runs) takes nothing of
 * it. */
#define TASK_BITS 32
#define TASK_MASK ((UINT64_C(1) << TASK_BITS) - 1)

static struct {
  pthread_mutex_t lock;
  pthread_cond_t wake; /* sleeping workers wait for the next region here */
  pthread_cond_t done; /* a sleeping caller waits for its last task here */
  atomic_flag busy;    /* held by the thread whose region runs */
  int nworkers;        /* workers started (slots 1..nworkers), under lock */
  _Atomic uint64_t ticket;
  /* the running region, written before its ticket is published */
  _Atomic(ndi_task_fn) fn;
  _Atomic(void *) ctx;
  _Atomic int64_t ntasks;
  _Atomic int nt;
  _Atomic int64_t finished;
  _Atomic int64_t wall0, proc0; /* the running region's start and the process's CPU then */
  _Atomic int sleepers; /* workers asleep on wake */
  _Atomic int waiting;  /* the caller asleep on done */
  /* A worker benched (see below) sits out regions until benched[slot] (a now_ns time);
   * bench_ns[slot] is how long its last bench lasted. */
  _Atomic int64_t benched[POOL_MAX];
  _Atomic int64_t bench_ns[POOL_MAX];
} pool = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER,
          ATOMIC_FLAG_INIT};

/* true on workers, and on a caller while its region runs */
static _Thread_local bool in_region;
/* the slot of the task this thread runs */
static _Thread_local int cur_slot;

int ndi_slot(void) { return cur_slot; }

bool ndi_in_parallel(void) {
#ifdef _OPENMP
  if (omp_in_parallel()) return true;
#endif
  return in_region;
}

static int64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

/* Benching. Two threads on one core are slower than one: when another program keeps a
 * core busy, the kernel gives this process's threads the remaining cores' worth of time
 * (with per-session group scheduling it may even stack two of them on one core and see
 * the load as balanced), and then a task waits for a thread that the kernel keeps off its
 * core for a time slice (milliseconds). A thread notices from its own CPU time: when it
 * ran less than 3/4 of the wall time it spent taking tasks (over at least BENCH_MIN), it
 * shared its core, and one worker sits out (a worker itself, or for the caller the last
 * worker of the region) for BENCH_FIRST; benched again when it comes back, twice as long,
 * up to BENCH_MAX; a region in which it had its core to itself resets that. Loops then
 * plan for the threads that are left (ndi_pool_usable): the tasks they are cut into never
 * change what they compute. */
#define BENCH_MIN 500000       /* ns */
#define BENCH_FIRST 50000000   /* ns */
#define BENCH_MAX 1000000000   /* ns */

static _Atomic bool benching = true;

void ndi_pool_set_benching(bool on) {
  atomic_store(&benching, on);
  for (int w = 0; w < POOL_MAX; w++) {
    atomic_store(&pool.benched[w], 0);
    atomic_store(&pool.bench_ns[w], 0);
  }
}

static int64_t cpu_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static void bench(int slot, int64_t now) {
  if (!atomic_load(&benching)) return;
  int64_t last = atomic_load(&pool.bench_ns[slot]);
  int64_t len = last ? 2 * last : BENCH_FIRST;
  if (len > BENCH_MAX) len = BENCH_MAX;
  atomic_store(&pool.bench_ns[slot], len);
  atomic_store(&pool.benched[slot], now + len);
}

static int64_t process_cpu_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

/* Who took the time a thread lacked. Other threads of this process count too: a library
 * that ran just before (NumPy's OpenBLAS keeps its threads spinning for about 0.1 s after
 * each call) takes a share of the cores that looks, from one thread's clocks, exactly like
 * another program. The process's CPU time tells them apart: over the region's span its nt
 * threads ran at most own + (nt - 1) * span, so the rest went to other threads of this
 * process; when that covers at least half of what the thread lacked, the sharing is within
 * the process and passes with the spinning, and benching a worker would only halve the
 * next regions (a 24.5 ms matrix product took 44-47 ms on the one thread left). */
ndi_core_verdict ndi_core_judge(int64_t wall, int64_t own, int64_t span, int64_t proc, int nt) {
  if (wall < BENCH_MIN || 4 * own >= 3 * wall) return NDI_CORE_ALONE;
  int64_t lacked = wall - own, others = proc - own - (int64_t)(nt > 1 ? nt - 1 : 0) * span;
  return 2 * others >= lacked ? NDI_CORE_SHARED_IN_PROCESS : NDI_CORE_SHARED;
}

bool ndi_core_evidence(ndi_core_seen *s, int64_t wall, int64_t taken) {
  s->wall += wall;
  s->taken += taken;
  if (s->wall > 2 * (int64_t)NDI_CORE_EVIDENCE_NS) {
    s->wall /= 2;
    s->taken /= 2;
  }
  if (s->wall < NDI_CORE_EVIDENCE_NS || 4 * s->taken < s->wall) return false;
  s->wall = s->taken = 0;
  return true;
}

/* each judging thread's evidence (workers for their slot, a caller for its regions and
 * BLAS sections) */
static _Thread_local ndi_core_seen evidence;

/* Whether a thread that took tasks from wall0/cpu0 to now shared its core with another
 * program, over its recent intervals (ndi_core_evidence); the region (nt threads) started
 * at rwall0, when the process had used proc0 ns of CPU. Also resets the bench length of
 * `slot` after a region it ran alone on its core. */
static bool shared_core(int64_t wall0, int64_t cpu0, int64_t rwall0, int64_t proc0, int nt,
                        int64_t now, int slot) {
  int64_t wall = now - wall0, own = cpu_ns() - cpu0;
  if (wall < BENCH_MIN) return false;
  int64_t taken = 0;
  if (4 * own >= 3 * wall) {
    if (slot > 0) atomic_store(&pool.bench_ns[slot], 0);
  } else if (ndi_core_judge(wall, own, now - rwall0, process_cpu_ns() - proc0, nt) ==
             NDI_CORE_SHARED) {
    taken = wall - own;
  }
  return ndi_core_evidence(&evidence, wall, taken);
}

void ndi_pool_bench(int slot) {
  if (slot > 0 && slot < POOL_MAX) bench(slot, now_ns());
}

bool ndi_shared_core(const ndi_core_clocks *c, int nt) {
  return shared_core(c->wall0, c->cpu0, c->wall0, c->proc0, nt, now_ns(), 0);
}

void ndi_core_clocks_start(ndi_core_clocks *c) {
  c->wall0 = now_ns();
  c->cpu0 = cpu_ns();
  c->proc0 = process_cpu_ns();
}

int ndi_pool_usable(int nt) {
  if (nt <= 1) return nt;
  int64_t now = now_ns();
  int n = 1;
  for (int w = 1; w < nt && w < POOL_MAX; w++) n += atomic_load(&pool.benched[w]) <= now;
  return n;
}

/* Takes and runs the tasks of region gen until none is left. */
static void take_tasks(uint32_t gen, int slot) {
  ndi_task_fn fn = atomic_load(&pool.fn);
  void *ctx = atomic_load(&pool.ctx);
  int64_t n = atomic_load(&pool.ntasks);
  uint64_t t = atomic_load(&pool.ticket);
  cur_slot = slot;
  for (;;) {
    if ((uint32_t)(t >> TASK_BITS) != gen || (int64_t)(t & TASK_MASK) >= n) return;
    if (!atomic_compare_exchange_weak(&pool.ticket, &t, t + 1)) continue;
    fn(ctx, (int64_t)(t & TASK_MASK), slot);
    if (atomic_fetch_add(&pool.finished, 1) + 1 == n && atomic_load(&pool.waiting)) {
      pthread_mutex_lock(&pool.lock);
      pthread_cond_signal(&pool.done);
      pthread_mutex_unlock(&pool.lock);
    }
    t = atomic_load(&pool.ticket);
  }
}

static uint32_t region_of(uint64_t ticket) { return (uint32_t)(ticket >> TASK_BITS); }

/* Waits for a region after `seen`: spins, then sleeps. */
static uint32_t next_region(uint32_t seen) {
  int64_t until = now_ns() + SPIN_NS;
  for (int i = 1;; i++) {
    uint32_t g = region_of(atomic_load(&pool.ticket));
    if (g != seen) return g;
    cpu_relax();
    if (i % 64 == 0 && now_ns() > until) break;
  }
  pthread_mutex_lock(&pool.lock);
  atomic_fetch_add(&pool.sleepers, 1);
  uint32_t g;
  while ((g = region_of(atomic_load(&pool.ticket))) == seen) pthread_cond_wait(&pool.wake, &pool.lock);
  atomic_fetch_sub(&pool.sleepers, 1);
  pthread_mutex_unlock(&pool.lock);
  return g;
}

typedef struct {
  int slot;
  uint32_t seen; /* the region before the one it was started for */
} worker_args;

static worker_args args[POOL_MAX];

static void *worker_main(void *p) {
  const worker_args *a = p;
  int slot = a->slot;
  uint32_t seen = a->seen;
  in_region = true;
  for (;;) {
    seen = next_region(seen);
    int64_t wall0 = now_ns();
    if (slot >= atomic_load(&pool.nt) || atomic_load(&pool.benched[slot]) > wall0) continue;
    int64_t cpu0 = cpu_ns();
    take_tasks(seen, slot);
    int64_t now = now_ns();
    if (shared_core(wall0, cpu0, atomic_load(&pool.wall0), atomic_load(&pool.proc0),
                    atomic_load(&pool.nt), now, slot))
      bench(slot, now);
  }
  return NULL;
}

/* The program threads inside nd's threaded work, and this thread's nesting depth. */
static _Atomic int callers = 0;
static _Thread_local int held;

/* A forked child has none of the parent's workers. */
static void reset_after_fork(void) {
  pthread_mutex_init(&pool.lock, NULL);
  pthread_cond_init(&pool.wake, NULL);
  pthread_cond_init(&pool.done, NULL);
  pool.nworkers = 0;
  atomic_store(&pool.sleepers, 0);
  atomic_store(&pool.waiting, 0);
  atomic_flag_clear(&pool.busy);
  atomic_store(&callers, held > 0); /* the forking thread is the child's only one */
}

static void register_fork_handler(void) { pthread_atfork(NULL, NULL, reset_after_fork); }

/* Starts workers up to slot want (as many as can be had; the caller takes the tasks
 * no worker takes). Called with busy held. */
static void start_workers(int want) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, register_fork_handler);
  pthread_mutex_lock(&pool.lock);
  while (pool.nworkers < want) {
    int slot = pool.nworkers + 1;
    args[slot] = (worker_args){slot, region_of(atomic_load(&pool.ticket))};
    pthread_t th;
    if (pthread_create(&th, NULL, worker_main, &args[slot]) != 0) break;
    pthread_detach(th);
    pool.nworkers = slot;
  }
  pthread_mutex_unlock(&pool.lock);
}

static void wait_finished(int64_t n) {
  int64_t until = now_ns() + SPIN_NS;
  for (int i = 1; atomic_load(&pool.finished) < n; i++) {
    cpu_relax();
    if (i % 64 == 0 && now_ns() > until) {
      pthread_mutex_lock(&pool.lock);
      atomic_store(&pool.waiting, 1);
      while (atomic_load(&pool.finished) < n) pthread_cond_wait(&pool.done, &pool.lock);
      atomic_store(&pool.waiting, 0);
      pthread_mutex_unlock(&pool.lock);
      return;
    }
  }
}

static void run_serial(int64_t ntasks, ndi_task_fn fn, void *ctx) {
  int outer = cur_slot;
  cur_slot = 0;
  for (int64_t i = 0; i < ntasks; i++) fn(ctx, i, 0);
  cur_slot = outer;
}

bool ndi_callers_enter(void) {
  if (held++ > 0) return atomic_load(&callers) > 1;
  return atomic_fetch_add(&callers, 1) > 0;
}

void ndi_callers_leave(void) {
  if (held > 0 && --held == 0) atomic_fetch_sub(&callers, 1);
}

static void run_region(int nt, int64_t ntasks, ndi_task_fn fn, void *ctx);

void ndi_parallel(int nt, int64_t ntasks, ndi_task_fn fn, void *ctx) {
  if (ntasks <= 0) return;
  if (nt > ntasks) nt = (int)ntasks;
  if (nt > POOL_MAX) nt = POOL_MAX;
  if (nt <= 1 || ntasks > (int64_t)TASK_MASK || ndi_in_parallel()) {
    run_serial(ntasks, fn, ctx);
    return;
  }
  /* Another program thread in nd's threaded work (it may hold the pool, or run alone
   * because this one did): both run alone, a core each. */
  if (ndi_callers_enter() || atomic_flag_test_and_set(&pool.busy)) {
    run_serial(ntasks, fn, ctx);
  } else if (ndi_pool_usable(nt) == 1) { /* every worker it would use is benched */
    atomic_flag_clear(&pool.busy);
    run_serial(ntasks, fn, ctx);
  } else {
    run_region(nt, ntasks, fn, ctx);
  }
  ndi_callers_leave();
}

/* One region on the pool (busy held): the caller and up to nt - 1 workers. */
static void run_region(int nt, int64_t ntasks, ndi_task_fn fn, void *ctx) {
  if (pool.nworkers < nt - 1) start_workers(nt - 1);
  /* Close the last region before changing its parameters: a worker still in take_tasks
   * for it may read the new ntasks beside the old ticket, and would take a task beyond the
   * old region's end and count it in the new region's finished (so that the caller could
   * return before a real task ran). With the index at TASK_MASK, at least any ntasks, no
   * task of the old region can be taken. */
  atomic_store(&pool.ticket, atomic_load(&pool.ticket) | TASK_MASK);
  atomic_store(&pool.fn, fn);
  atomic_store(&pool.ctx, ctx);
  atomic_store(&pool.ntasks, ntasks);
  atomic_store(&pool.nt, nt);
  atomic_store(&pool.finished, 0);
  int64_t wall0 = now_ns(), cpu0 = cpu_ns(), proc0 = process_cpu_ns();
  atomic_store(&pool.wall0, wall0);
  atomic_store(&pool.proc0, proc0);
  uint32_t gen = region_of(atomic_load(&pool.ticket)) + 1;
  atomic_store(&pool.ticket, (uint64_t)gen << TASK_BITS); /* publishes the region */
  if (atomic_load(&pool.sleepers) > 0) {
    pthread_mutex_lock(&pool.lock);
    pthread_cond_broadcast(&pool.wake);
    pthread_mutex_unlock(&pool.lock);
  }
  in_region = true;
  take_tasks(gen, 0);
  int64_t now = now_ns();
  if (shared_core(wall0, cpu0, wall0, proc0, nt, now, 0)) bench(nt - 1, now);
  in_region = false;
  cur_slot = 0;
  wait_finished(ntasks);
  atomic_flag_clear(&pool.busy);
}
