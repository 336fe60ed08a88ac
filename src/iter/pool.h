/* nd's own worker threads for its parallel loops (elementwise, reductions, copies, gathers,
 * sorting, random fills).
 *
 * Why not OpenMP's: libgomp's idle threads spin for a long time (GOMP_SPINCOUNT, hundreds
 * of microseconds to milliseconds) after every parallel region, and a program cannot
 * change that once libgomp is loaded. On a core that another process keeps busy, the
 * spinning counts as that thread's running time, so the kernel's scheduler then lets the
 * other process run first when the next region's work arrives, and the whole region waits
 * for it: a 4000 x 4000 sum on two threads took 11 to 21 ms against 4 ms on one. nd's
 * workers spin briefly, then sleep; and work is handed out as tasks that whichever thread
 * is free takes, so a thread that the scheduler holds back takes fewer of them, and a
 * worker that wakes late finds nothing left to do instead of being waited for.
 *
 * Which thread runs a task never changes what it computes: callers split work into tasks
 * that depend on the task count only, never on the threads (results stay the same bits
 * for every thread count). Linear algebra (OpenBLAS runs its own OpenMP threads) and
 * libnd_fft keep OpenMP. */
#ifndef NDI_POOL_H
#define NDI_POOL_H

#include <stdbool.h>
#include <stdint.h>

/* One task: `task` in [0, ntasks); `slot` in [0, nt) names the thread running it, for
 * per-thread scratch (no two tasks run on one slot at the same time). */
typedef void (*ndi_task_fn)(void *ctx, int64_t task, int slot);

/* Runs fn(ctx, task, slot) once for every task in [0, ntasks), on up to nt threads: the
 * calling thread (slot 0) and nt - 1 pool workers, each taking the next task in order as
 * it becomes free. Returns when all have finished. Runs them all on the calling thread,
 * in order, when nt <= 1, when called from inside a parallel region (nd's or OpenMP's),
 * or while another program thread is inside nd's threaded work (ndi_callers_enter). */
void ndi_parallel(int nt, int64_t ntasks, ndi_task_fn fn, void *ctx);

/* Program threads inside nd's threaded work: a pool region, or a BLAS section of
 * linalg/blas.c. ndi_callers_enter() counts the calling thread in (once, however nested:
 * each enter needs its ndi_callers_leave()) and says whether another program thread is in
 * already; that thread's work then runs on one thread (ndi_parallel runs its tasks on the
 * caller, BLAS gets one thread), so two program threads calling at once (Dask's threaded
 * scheduler) use a core each instead of sharing the cores three or four ways. */
bool ndi_callers_enter(void);
void ndi_callers_leave(void);

/* How many of nt threads a region can use now: 1 and the workers below slot nt that are
 * not benched (pool.c: workers whose core another program keeps busy sit out for a
 * while). */
int ndi_pool_usable(int nt);

/* For threads nd does not own (OpenBLAS's): bench slot `slot` as if its worker had
 * shared its core, so that ndi_pool_usable counts one thread fewer for a while. */
void ndi_pool_bench(int slot);
/* The pool's judgement of a thread that took tasks for `wall` ns and ran `own` ns of
 * them, in a region of nt threads that lasted `span` ns (at least wall) during which the
 * whole process ran `proc` ns of CPU: ALONE when it
 * ran at least 3/4 of the wall time (or the interval is under 0.5 ms); SHARED when
 * another program took the rest; SHARED_IN_PROCESS when other threads of this process
 * did (another library's idle threads spinning), which benches nothing. */
typedef enum { NDI_CORE_ALONE, NDI_CORE_SHARED, NDI_CORE_SHARED_IN_PROCESS } ndi_core_verdict;
ndi_core_verdict ndi_core_judge(int64_t wall, int64_t own, int64_t span, int64_t proc, int nt);

/* Evidence over a thread's recent judged intervals: the wall time they took and the part
 * of it that another program took (a SHARED verdict's wall - own). One interval is not
 * enough: a virtual machine's host takes a core for a few milliseconds now and then, which
 * looks exactly like another program from inside, and benching a worker for 50 ms or more
 * after each such moment cost more than the moments (a CCSD update 2.9 -> 3.6-4.3 s).
 * ndi_core_evidence adds an interval and says whether to bench: once the intervals cover
 * at least NDI_CORE_EVIDENCE_NS and another program took at least a quarter of them (the
 * sums are halved past twice that, so they follow the recent past); a bench starts the
 * sums afresh. */
#define NDI_CORE_EVIDENCE_NS 50000000
typedef struct ndi_core_seen {
  int64_t wall, taken;
} ndi_core_seen;
bool ndi_core_evidence(ndi_core_seen *s, int64_t wall, int64_t taken);

/* The clocks a judged section starts from (wall, this thread's and the process's CPU,
 * ns), and whether the calling thread, busy since then on nt threads, shared its core
 * with another program. */
typedef struct ndi_core_clocks {
  int64_t wall0, cpu0, proc0;
} ndi_core_clocks;
void ndi_core_clocks_start(ndi_core_clocks *c);
bool ndi_shared_core(const ndi_core_clocks *c, int nt);

/* Benching on or off (on by default), and every bench lifted: for tests that must run
 * on all the threads they ask for on a loaded machine. */
void ndi_pool_set_benching(bool on);

/* The slot of the task this thread is running (0 outside ndi_parallel), for code below a
 * task that keeps per-thread scratch. */
int ndi_slot(void);

/* Whether this thread runs inside a parallel region (a pool task or an OpenMP region):
 * nested loops run on one thread. */
bool ndi_in_parallel(void);

#endif
