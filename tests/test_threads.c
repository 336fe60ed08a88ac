/* Many threads running independent nd operations at once: results stay right and each
 * thread sees its own error messages. The TSan build (make test-tsan) runs this too. */
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

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_concurrent_operations),
                                     cmocka_unit_test(test_shared_storage)};
  return TH_RUN(tests);
}
