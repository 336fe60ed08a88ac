/* nd's worker pool (src/iter/pool.c) under the loops that use it: on 2, 3 and 4 threads
 * every result has the bits it has on one thread; program threads that run large
 * operations at the same time (one of them gets the pool, the others run alone) get
 * right results, and while one program thread is inside nd's threaded work another one's
 * region runs on that thread alone; a forked child runs parallel loops with workers of its
 * own. The TSan build (make test-tsan) runs this too. */
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "helpers.h"
#include "iter/pool.h"

#define N ((int64_t)1 << 20) /* large enough for every loop to go parallel */

/* The operations checked, each a fresh result from the same inputs. */
enum { OP_ADD, OP_EXP, OP_SUM, OP_SUM_AXIS0, OP_MAX, OP_ARGMAX, OP_SORT, OP_ARGSORT, OP_TAKE,
       OP_CONCAT, OP_TRANSPOSE, OP_RANDOM, OP_COUNT };

static const char *op_name[OP_COUNT] = {"add",   "exp",     "sum",  "sum axis 0",
                                        "max",   "argmax",  "sort", "argsort",
                                        "take",  "concat",  "transposed copy", "random"};

typedef struct {
  nd_array *x, *y, *m, *idx;
} inputs;

static inputs make_inputs(void) {
  inputs in;
  nd_rng *g = nd_rng_new(7);
  in.x = nd_random_standard_normal(g, ND_FLOAT64, ND_SHAPE(N));
  in.y = nd_random_random(g, ND_FLOAT64, ND_SHAPE(N));
  in.m = nd_reshape(in.x, ND_SHAPE(1024, N / 1024), ND_C);
  in.idx = nd_random_integers(g, 0, N, false, ND_INT64, ND_SHAPE(N));
  nd_rng_free(g);
  return in;
}

static void free_inputs(inputs *in) {
  nd_release(in->x);
  nd_release(in->y);
  nd_release(in->m);
  nd_release(in->idx);
}

static nd_array *run_op(int op, const inputs *in) {
  switch (op) {
    case OP_ADD: return nd_add(in->x, in->y);
    case OP_EXP: return nd_exp(in->y);
    case OP_SUM: return nd_sum(in->x, -1, NULL, false);
    case OP_SUM_AXIS0: return nd_sum(in->m, 1, (int[]){0}, false);
    case OP_MAX: return nd_max(in->x, -1, NULL, false);
    case OP_ARGMAX: return nd_argmax(in->x, 0, false);
    case OP_SORT: return nd_sort(in->x, 0, false);
    case OP_ARGSORT: return nd_argsort(in->y, 0, false);
    case OP_TAKE: return nd_take(in->x, in->idx, 0);
    case OP_CONCAT: {
      nd_array *const parts[2] = {in->m, in->m};
      return nd_concat(2, parts, 1);
    }
    case OP_TRANSPOSE: {
      nd_array *t = nd_transpose(in->m);
      nd_array *c = nd_copy(t, ND_C);
      nd_release(t);
      return c;
    }
    case OP_RANDOM: {
      nd_rng *g = nd_rng_new(11);
      nd_array *r = nd_random_random(g, ND_FLOAT64, ND_SHAPE(N));
      nd_rng_free(g);
      return r;
    }
  }
  return NULL;
}

static bool same_bits(const nd_array *a, const nd_array *b) {
  if (!a || !b || nd_dtype_of(a) != nd_dtype_of(b) || nd_size(a) != nd_size(b)) return false;
  nd_array *ca = nd_copy(a, ND_C), *cb = nd_copy(b, ND_C);
  bool same = memcmp(nd_data(ca), nd_data(cb), (size_t)nd_nbytes(ca)) == 0;
  nd_release(ca);
  nd_release(cb);
  return same;
}

static void test_same_bits_on_every_thread_count(void **state) {
  (void)state;
  int before = nd_get_num_threads();
  inputs in = make_inputs();
  nd_array *ref[OP_COUNT];
  nd_set_num_threads(1);
  for (int op = 0; op < OP_COUNT; op++) {
    ref[op] = run_op(op, &in);
    assert_non_null(ref[op]);
  }
  for (int nt = 2; nt <= 4; nt++) {
    nd_set_num_threads(nt);
    for (int rep = 0; rep < 2; rep++) /* the second time with the workers already up */
      for (int op = 0; op < OP_COUNT; op++) {
        nd_array *r = run_op(op, &in);
        if (!same_bits(r, ref[op])) fail_msg("%s on %d threads differs from one thread", op_name[op], nt);
        nd_release(r);
      }
  }
  for (int op = 0; op < OP_COUNT; op++) nd_release(ref[op]);
  free_inputs(&in);
  nd_set_num_threads(before);
}

/* Program threads running large operations at once, each checked against its result
 * computed alone. */
typedef struct {
  const inputs *in;
  nd_array *const *ref;
  int id, failures;
} caller;

static void *call(void *p) {
  caller *c = p;
  for (int r = 0; r < 3; r++) {
    int op = (c->id + r) % OP_COUNT;
    nd_array *x = run_op(op, c->in);
    if (!same_bits(x, c->ref[op])) c->failures++;
    nd_release(x);
  }
  return NULL;
}

static void test_program_threads_share_the_pool(void **state) {
  (void)state;
  int before = nd_get_num_threads();
  inputs in = make_inputs();
  nd_array *ref[OP_COUNT];
  nd_set_num_threads(1);
  for (int op = 0; op < OP_COUNT; op++) ref[op] = run_op(op, &in);
  nd_set_num_threads(2);
  enum { CALLERS = 4 };
  pthread_t th[CALLERS];
  caller c[CALLERS];
  for (int i = 0; i < CALLERS; i++) {
    c[i] = (caller){&in, ref, i, 0};
    assert_int_equal(pthread_create(&th[i], NULL, call, &c[i]), 0);
  }
  for (int i = 0; i < CALLERS; i++) pthread_join(th[i], NULL);
  for (int i = 0; i < CALLERS; i++)
    if (c[i].failures) fail_msg("caller %d: %d results differ", i, c[i].failures);
  for (int op = 0; op < OP_COUNT; op++) nd_release(ref[op]);
  free_inputs(&in);
  nd_set_num_threads(before);
}

/* After fork the child has none of the parent's workers: its parallel loops start their
 * own and finish. */
static void test_forked_child_runs_parallel_loops(void **state) {
  (void)state;
  int before = nd_get_num_threads();
  nd_set_num_threads(2);
  inputs in = make_inputs();
  nd_array *ref = nd_add(in.x, in.y); /* the parent's workers are up */
  assert_non_null(ref);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    nd_array *r = nd_add(in.x, in.y);
    nd_array *s = nd_sort(in.x, 0, false);
    _exit(same_bits(r, ref) && s ? 0 : 1);
  }
  int status = 0;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  assert_true(WIFEXITED(status));
  assert_int_equal(WEXITSTATUS(status), 0);
  nd_release(ref);
  free_inputs(&in);
  nd_set_num_threads(before);
}

/* nd_parallel_for, the pool's public face: every task runs once, slots stay below the
 * thread count and never run two tasks at once, a call nested in a task on the pool runs
 * on that task's thread, nd functions inside a task work, and nothing runs for no tasks
 * or no fn. */
typedef struct {
  _Atomic int runs[1000];
  _Atomic int busy[4];
  _Atomic int bad_slot, overlap, nested_bad;
  int nthreads;
  nd_array *x;
} pf_ctx;

static void pf_inner(void *v, int64_t task, int slot) {
  pf_ctx *c = v;
  (void)task;
  /* nested in a task that runs on the pool: on that task's thread */
  if (slot != 0 && c->nthreads > 1) atomic_store(&c->nested_bad, 1);
}

static void pf_task(void *v, int64_t task, int slot) {
  pf_ctx *c = v;
  if (slot < 0 || slot >= c->nthreads) {
    atomic_store(&c->bad_slot, 1);
    return;
  }
  if (atomic_fetch_add(&c->busy[slot], 1) != 0) atomic_store(&c->overlap, 1);
  atomic_fetch_add(&c->runs[task], 1);
  if (task % 100 == 0) {
    nd_parallel_for(2, 3, pf_inner, c);
    nd_array *s = nd_sum(c->x, 0, NULL, false); /* an nd loop inside a task */
    if (!s) atomic_store(&c->nested_bad, 1);
    nd_release(s);
  }
  atomic_fetch_sub(&c->busy[slot], 1);
}

static void test_parallel_for(void **state) {
  (void)state;
  static pf_ctx c;
  c.x = nd_ones(ND_FLOAT64, ND_SHAPE(200000), ND_C);
  for (int nt = 1; nt <= 4; nt++) {
    memset(c.runs, 0, sizeof c.runs);
    c.nthreads = nt;
    nd_parallel_for(nt, 1000, pf_task, &c);
    for (int t = 0; t < 1000; t++)
      if (atomic_load(&c.runs[t]) != 1) fail_msg("%d threads: task %d ran %d times", nt, t, atomic_load(&c.runs[t]));
    assert_int_equal(atomic_load(&c.bad_slot), 0);
    assert_int_equal(atomic_load(&c.overlap), 0);
    assert_int_equal(atomic_load(&c.nested_bad), 0);
  }
  memset(c.runs, 0, sizeof c.runs);
  nd_parallel_for(2, 0, pf_task, &c);
  nd_parallel_for(2, -5, pf_task, &c);
  nd_parallel_for(2, 10, NULL, &c);
  for (int t = 0; t < 1000; t++) assert_int_equal(atomic_load(&c.runs[t]), 0);
  nd_release(c.x);
}

/* A program thread inside nd's threaded work (held there by a barrier: as a BLAS section
 * of linalg/blas.c or another thread's region would be) makes a region run on its caller
 * alone; the caller counts itself in only once however nested, and once the other thread
 * has left, the pool's workers take tasks again. */
static pthread_barrier_t held_inside;

static void *hold_inside(void *p) {
  (void)p;
  (void)ndi_callers_enter();
  pthread_barrier_wait(&held_inside);
  pthread_barrier_wait(&held_inside);
  ndi_callers_leave();
  return NULL;
}

typedef struct {
  _Atomic int on_worker;
} slot_ctx;

static void note_slot(void *v, int64_t task, int slot) {
  (void)task;
  slot_ctx *c = v;
  if (slot != 0) atomic_store(&c->on_worker, 1);
  for (volatile int i = 0; i < 20000; i++) {
  }
}

static void test_other_caller_runs_alone(void **state) {
  (void)state;
  assert_int_equal(pthread_barrier_init(&held_inside, NULL, 2), 0);
  pthread_t th;
  assert_int_equal(pthread_create(&th, NULL, hold_inside, NULL), 0);
  pthread_barrier_wait(&held_inside);
  slot_ctx c = {0};
  nd_parallel_for(2, 256, note_slot, &c);
  int inside = atomic_load(&c.on_worker);
  pthread_barrier_wait(&held_inside);
  pthread_join(th, NULL);
  pthread_barrier_destroy(&held_inside);
  assert_int_equal(inside, 0);
  /* alone, nested in its own count: a worker takes some of 256 tasks again */
  (void)ndi_callers_enter();
  for (int r = 0; r < 50 && !atomic_load(&c.on_worker); r++)
    nd_parallel_for(2, 256, note_slot, &c);
  ndi_callers_leave();
  assert_int_equal(atomic_load(&c.on_worker), 1);
}

/* The benching decision (pool.h, ndi_core_judge) on the clock readings of the three
 * situations it tells apart (ms): a thread that had its core; one that lost a third of it
 * to another program (the process ran no more than its own threads); one that lost a
 * third of it to another library's idle threads spinning in this process (NumPy's
 * OpenBLAS after a call: the process ran as much as both cores allow). Only the second
 * benches a worker. */
static void test_core_judge(void **state) {
  (void)state;
  const int64_t ms = 1000000;
  assert_int_equal(ndi_core_judge(10 * ms, 9 * ms, 10 * ms, 19 * ms, 2), NDI_CORE_ALONE);
  assert_int_equal(ndi_core_judge(10 * ms, 6 * ms, 10 * ms, 12 * ms, 2), NDI_CORE_SHARED);
  assert_int_equal(ndi_core_judge(10 * ms, 6 * ms, 10 * ms, 20 * ms, 2),
                   NDI_CORE_SHARED_IN_PROCESS);
  /* one thread sharing with a spinner of this process; with another program */
  assert_int_equal(ndi_core_judge(10 * ms, 5 * ms, 10 * ms, 10 * ms, 1),
                   NDI_CORE_SHARED_IN_PROCESS);
  assert_int_equal(ndi_core_judge(10 * ms, 5 * ms, 10 * ms, 5 * ms, 1), NDI_CORE_SHARED);
  /* a worker that joined late: its own interval is judged, the process over the region */
  assert_int_equal(ndi_core_judge(6 * ms, 3 * ms, 10 * ms, 20 * ms, 2),
                   NDI_CORE_SHARED_IN_PROCESS);
  assert_int_equal(ndi_core_judge(6 * ms, 3 * ms, 10 * ms, 13 * ms, 2), NDI_CORE_SHARED);
  /* more threads than cores, all of this region: the process ran no more than they did */
  assert_int_equal(ndi_core_judge(10 * ms, 5 * ms, 10 * ms, 20 * ms, 4), NDI_CORE_SHARED);
  /* too short to judge */
  assert_int_equal(ndi_core_judge(ms / 4, 0, ms / 4, 0, 2), NDI_CORE_ALONE);
}

/* The evidence benching waits for (pool.h, ndi_core_evidence): a host that takes a core
 * for a few milliseconds now and then (a virtual machine) benches nothing, however the
 * moments fall among regions that had their core; another program that keeps a core busy
 * benches a worker once 50 ms of intervals show it, and again after the next 50 ms. */
static void test_core_evidence(void **state) {
  (void)state;
  const int64_t ms = 1000000;
  ndi_core_seen s = {0, 0};
  /* a moment at the start: half of a 7 ms region, then ordinary regions */
  assert_false(ndi_core_evidence(&s, 7 * ms, 4 * ms));
  for (int i = 0; i < 100; i++) assert_false(ndi_core_evidence(&s, 5 * ms, 0));
  /* moments now and then, a third of a 23 ms region each time, among ordinary regions */
  for (int i = 0; i < 20; i++) {
    assert_false(ndi_core_evidence(&s, 23 * ms, 8 * ms));
    for (int j = 0; j < 10; j++) assert_false(ndi_core_evidence(&s, 6 * ms, 0));
  }
  /* a core kept busy: every 4 ms region loses a third of its time */
  int regions = 0;
  while (!ndi_core_evidence(&s, 4 * ms, 4 * ms / 3)) regions++;
  assert_in_range(regions, 10, 60);
  assert_false(ndi_core_evidence(&s, 4 * ms, 4 * ms / 3)); /* the sums start afresh */
  regions = 1;
  while (!ndi_core_evidence(&s, 4 * ms, 4 * ms / 3)) regions++;
  assert_in_range(regions, 12, 13);
  /* one long BLAS call that lost a quarter of its time decides on its own */
  ndi_core_seen t = {0, 0};
  assert_true(ndi_core_evidence(&t, 150 * ms, 40 * ms));
}

/* A thread of this process spinning (as another library's idle threads do) while the
 * pool runs regions with benching on: the results keep their bits, and the process clock
 * the judgement reads covers this thread's own time. (Whether a worker sits out depends
 * on the machine's load, so it is not asserted here; test_core_judge checks the rule.) */
static atomic_int spin_stop;
static void *spinner(void *p) {
  (void)p;
  while (!atomic_load(&spin_stop)) {
  }
  return NULL;
}

static void test_spinning_thread_in_process(void **state) {
  (void)state;
  ndi_pool_set_benching(true);
  pthread_t th;
  atomic_store(&spin_stop, 0);
  assert_int_equal(pthread_create(&th, NULL, spinner, NULL), 0);
  inputs in = make_inputs();
  ndi_core_clocks c;
  ndi_core_clocks_start(&c);
  nd_array *s0 = nd_sum(in.x, -1, NULL, false);
  for (int rep = 0; rep < 20; rep++) {
    nd_array *s = nd_sum(in.x, -1, NULL, false);
    nd_array *r = nd_add(in.x, in.y);
    assert_non_null(s);
    assert_non_null(r);
    assert_memory_equal(nd_data(s), nd_data(s0), sizeof(double));
    nd_release(s);
    nd_release(r);
  }
  ndi_core_clocks now;
  ndi_core_clocks_start(&now);
  assert_true(now.proc0 - c.proc0 >= now.cpu0 - c.cpu0);
  nd_release(s0);
  atomic_store(&spin_stop, 1);
  pthread_join(th, NULL);
  free_inputs(&in);
  ndi_pool_set_benching(false);
}

int main(void) {
  /* every region on the threads it asks for, however busy the machine is */
  ndi_pool_set_benching(false);
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_same_bits_on_every_thread_count),
                                     cmocka_unit_test(test_program_threads_share_the_pool),
                                     cmocka_unit_test(test_forked_child_runs_parallel_loops),
                                     cmocka_unit_test(test_parallel_for),
                                     cmocka_unit_test(test_other_caller_runs_alone),
                                     cmocka_unit_test(test_core_judge),
                                     cmocka_unit_test(test_core_evidence),
                                     cmocka_unit_test(test_spinning_thread_in_process)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
