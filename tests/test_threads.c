/* Many threads running independent nd operations at once: results stay right, each
 * thread sees its own error messages, and separate random generators drawing at the same
 * time give their own streams. The TSan build (make test-tsan) runs this too. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "helpers.h"

#define NTHREADS 8
#define ROUNDS 200

typedef struct {
  int id;
  int failures;
  char why[256];
} worker;

static void *work(void *p) {
  worker *w = p;
  for (int r = 0; r < ROUNDS && !w->failures; r++) {
    nd_scope_begin();
    int64_t n = 5 + (w->id + r) % 7;
    nd_array *a = nd_arange(ND_FLOAT64, 0, (double)(n * 4), 1);
    nd_array *m = nd_reshape(a, ND_SHAPE(n, 4), ND_C);
    nd_array *t = nd_copy(nd_transpose(m), ND_C);
    double x = -1;
    nd_get_double(t, (int64_t[]){3, n - 1}, &x);
    if (x != (double)((n - 1) * 4 + 3)) {
      w->failures++;
      snprintf(w->why, sizeof w->why, "thread %d: transpose copy gave %g", w->id, x);
    }
    /* an error with this thread's own numbers in the message */
    nd_clear_error();
    nd_array *bad = nd_reshape(a, ND_SHAPE(n * 4 + 1 + w->id, -1), ND_C); /* never divides */
    char want[128];
    snprintf(want, sizeof want, "cannot reshape array of size %lld into shape [%lld,-1]",
             (long long)(n * 4), (long long)(n * 4 + 1 + w->id));
    if (bad || !strstr(nd_last_error(), want)) {
      w->failures++;
      snprintf(w->why, sizeof w->why, "thread %d: message \"%s\"", w->id, nd_last_error());
    }
    nd_clear_error();
    nd_scope_end();
  }
  return NULL;
}

static void test_concurrent_operations(void **state) {
  (void)state;
  pthread_t th[NTHREADS];
  worker w[NTHREADS];
  for (int i = 0; i < NTHREADS; i++) {
    w[i] = (worker){i, 0, ""};
    assert_int_equal(pthread_create(&th[i], NULL, work, &w[i]), 0);
  }
  for (int i = 0; i < NTHREADS; i++) pthread_join(th[i], NULL);
  for (int i = 0; i < NTHREADS; i++)
    if (w[i].failures) fail_msg("%s", w[i].why);
}

/* Arrays shared between threads: concurrent views and releases of one storage. */
static void *share(void *p) {
  nd_array *a = p;
  for (int r = 0; r < ROUNDS; r++) {
    nd_array *v = nd_index(a, "1:, ::2");
    nd_array *c = nd_copy(v, ND_F);
    nd_release(c);
    nd_release(v);
  }
  return NULL;
}

static void test_shared_storage(void **state) {
  (void)state;
  nd_array *a = th_arange(ND_INT32, ND_SHAPE(6, 8));
  pthread_t th[NTHREADS];
  for (int i = 0; i < NTHREADS; i++) assert_int_equal(pthread_create(&th[i], NULL, share, a), 0);
  for (int i = 0; i < NTHREADS; i++) pthread_join(th[i], NULL);
  assert_int_equal(nd_storage_refcount(a), 1);
  nd_release(a);
}

/* Different generators at the same time (nd_rng_spawn's children, one per thread): each
 * thread's values are the ones the same child gives when run alone. */
typedef struct {
  nd_rng *g;
  nd_array *got;
} draw_job;

static nd_array *draw_mix(nd_rng *g) {
  nd_array *parts[3] = {nd_random_standard_normal(g, ND_FLOAT32, ND_SHAPE(333)),
                        nd_random_integers(g, -7, 1000, false, ND_INT16, ND_SHAPE(250)),
                        nd_random_random(g, ND_FLOAT64, ND_SHAPE(300))};
  nd_array *z = nd_random_normal(g, 1, 2, ND_FLOAT64, ND_SHAPE(5));
  nd_array *all = nd_concat(3, (nd_array *const[]){nd_astype(parts[0], ND_FLOAT64),
                                                   nd_astype(parts[1], ND_FLOAT64), parts[2]}, 0);
  return nd_concat(2, (nd_array *const[]){all, z}, 0); /* in a scope: the parts go with it */
}

static void *draw(void *p) {
  draw_job *j = p;
  nd_scope_begin();
  j->got = nd_keep(draw_mix(j->g));
  nd_scope_end();
  return NULL;
}

static void test_spawned_generators(void **state) {
  (void)state;
  nd_rng *parent = nd_rng_new(2026), *again = nd_rng_new(2026);
  nd_rng *kids[NTHREADS], *solo[NTHREADS];
  assert_int_equal(nd_rng_spawn(parent, NTHREADS, kids), ND_OK);
  assert_int_equal(nd_rng_spawn(again, NTHREADS, solo), ND_OK);
  pthread_t th[NTHREADS];
  draw_job jobs[NTHREADS];
  for (int i = 0; i < NTHREADS; i++) {
    jobs[i] = (draw_job){kids[i], NULL};
    assert_int_equal(pthread_create(&th[i], NULL, draw, &jobs[i]), 0);
  }
  for (int i = 0; i < NTHREADS; i++) pthread_join(th[i], NULL);
  for (int i = 0; i < NTHREADS; i++) {
    nd_scope_begin();
    nd_array *want = draw_mix(solo[i]);
    assert_non_null(jobs[i].got);
    assert_int_equal(nd_size(jobs[i].got), nd_size(want));
    assert_memory_equal(nd_data(jobs[i].got), nd_data(want), nd_nbytes(want));
    nd_scope_end();
    nd_release(jobs[i].got);
    nd_rng_free(kids[i]);
    nd_rng_free(solo[i]);
  }
  nd_rng_free(parent);
  nd_rng_free(again);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_concurrent_operations),
                                     cmocka_unit_test(test_shared_storage),
                                     cmocka_unit_test(test_spawned_generators)};
  return TH_RUN(tests);
}
