/* libnd_fft's plans and threads: 1- and 2-thread results bitwise equal (ESTIMATE and AUTO's
 * measured plans); the default planner (ESTIMATE) gives the same bits on every call; the
 * plan cache (hits, the AUTO upgrade, count and byte limits, evictions while plans are in
 * use); planner modes; wisdom files; program threads transforming at once, planning and
 * measuring (also run under ThreadSanitizer by make test-tsan). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fft_check.h"

typedef nd_array *(*job_fn)(const nd_array *x);
static nd_array *job_fft0(const nd_array *x) { return nd_fft_fft(x, 0, 0, ND_FFT_BACKWARD); }
static nd_array *job_fft1(const nd_array *x) { return nd_fft_ifft(x, 0, 1, ND_FFT_ORTHO); }
static nd_array *job_fftn(const nd_array *x) { return nd_fft_fftn(x, -1, NULL, -1, NULL, ND_FFT_BACKWARD); }
static nd_array *job_rfft0(const nd_array *x) { return nd_fft_rfft(x, 0, 0, ND_FFT_BACKWARD); }
static nd_array *job_irfftn(const nd_array *x) { return nd_fft_irfftn(x, -1, NULL, -1, NULL, ND_FFT_BACKWARD); }
static nd_array *job_long(const nd_array *x) { return nd_fft_fft(x, 0, -1, ND_FFT_BACKWARD); }
/* real transforms long enough to go through a complex one of half the length, whose pre-
 * and post-processing run in tasks on nd's threads */
static nd_array *job_rlong(const nd_array *x) { return nd_fft_rfft(x, 0, -1, ND_FFT_BACKWARD); }
static nd_array *job_irlong(const nd_array *x) { return nd_fft_irfft(x, 0, -1, ND_FFT_FORWARD); }

/* The same plans on 1 and 2 threads give bitwise the same results (threads take whole
 * blocks of lines; a long transform's split does not depend on the thread count). */
static void test_threads_same_results(void **state) {
  (void)state;
  nd_array *c = random_array(ND_COMPLEX128, 2, (int64_t[]){256, 300}, 1);
  nd_array *r = random_array(ND_FLOAT64, 2, (int64_t[]){300, 256}, 2);
  nd_array *f = random_array(ND_COMPLEX64, 2, (int64_t[]){130, 257}, 3);
  nd_array *l = random_array(ND_COMPLEX128, 1, (int64_t[]){262144}, 4);
  nd_array *rl = random_array(ND_FLOAT64, 1, (int64_t[]){262144}, 5);
  nd_array *hl = random_array(ND_COMPLEX128, 1, (int64_t[]){131073}, 6);
  nd_array *ct = nd_transpose(c);
  struct { job_fn fn; const nd_array *x; } jobs[] = {
      {job_fft0, c}, {job_fft1, c}, {job_fftn, c}, {job_fft0, ct}, {job_rfft0, r},
      {job_irfftn, f}, {job_fftn, f}, {job_long, l}, {job_rlong, rl},
      {job_irlong, hl}};
  for (int mode = 0; mode < 2; mode++) {
    /* ESTIMATE plans, then AUTO's measured ones (after two calls, its upgrade is done) */
    nd_fft_set_planner(mode ? ND_FFT_AUTO : ND_FFT_ESTIMATE);
    for (size_t j = 0; j < sizeof jobs / sizeof jobs[0]; j++) {
      nd_set_num_threads(2);
      nd_release(jobs[j].fn(jobs[j].x));
      nd_release(jobs[j].fn(jobs[j].x));
      nd_array *two = jobs[j].fn(jobs[j].x);
      nd_set_num_threads(1);
      nd_array *one = jobs[j].fn(jobs[j].x);
      assert_non_null(one);
      th_assert_same_values(one, two);
      nd_release(one);
      nd_release(two);
    }
  }
  nd_set_num_threads(0);
  nd_fft_set_planner(ND_FFT_ESTIMATE);
  nd_release(c);
  nd_release(ct);
  nd_release(r);
  nd_release(f);
  nd_release(l);
  nd_release(rl);
  nd_release(hl);
}

/* The default planner is ESTIMATE, and its plans are never replaced: an irfft repeated
 * gives the same bits every time (AUTO's first and later calls may differ). */
static void test_default_same_bits(void **state) {
  (void)state;
  nd_fft_forget_wisdom();
  assert_int_equal(nd_fft_get_planner(), ND_FFT_ESTIMATE);
  nd_array *x = random_array(ND_COMPLEX128, 2, (int64_t[]){8, 1001}, 7);
  nd_array *first = nd_fft_irfft(x, 0, -1, ND_FFT_BACKWARD);
  assert_non_null(first);
  nd_fft_cache_stats s0, s1;
  nd_fft_get_cache_stats(&s0);
  for (int i = 0; i < 6; i++) {
    nd_array *again = nd_fft_irfft(x, 0, -1, ND_FFT_BACKWARD);
    th_assert_same_values(again, first);
    nd_release(again);
  }
  nd_fft_get_cache_stats(&s1);
  assert_int_equal(s1.upgrades, s0.upgrades);
  nd_release(first);
  nd_release(x);
}

static void test_plan_cache(void **state) {
  (void)state;
  nd_fft_forget_wisdom();
  nd_fft_set_planner(ND_FFT_AUTO);
  nd_fft_cache_stats s0, s1;
  assert_int_equal(nd_fft_get_cache_stats(&s0), ND_OK);
  assert_int_equal(s0.plans, 0);
  nd_array *x = random_1d(ND_COMPLEX128, 16, 1);
  for (int i = 0; i < 10; i++) nd_release(nd_fft_fft(x, 0, -1, ND_FFT_BACKWARD));
  nd_fft_get_cache_stats(&s1);
  assert_true(s1.hits - s0.hits >= 9);
  assert_true(s1.misses - s0.misses >= 1);
  assert_true(s1.upgrades - s0.upgrades == 1); /* AUTO: measured once, on the second call */
  nd_release(x);

  /* bounded: two plans at most; results stay right while plans come and go */
  assert_int_equal(nd_fft_set_cache_limits(2, (int64_t)1 << 30), ND_OK);
  for (int64_t n = 20; n < 26; n++) {
    nd_array *y = random_1d(ND_COMPLEX128, n, (unsigned)n);
    check1(F_FFT, y, 0, -1, ND_FFT_BACKWARD, "small cache");
    nd_fft_get_cache_stats(&s1);
    assert_true(s1.plans <= 2);
    nd_release(y);
  }
  assert_true(s1.evictions > 0);
  assert_int_equal(nd_fft_set_cache_limits(100, 1), ND_OK); /* every plan is above 1 byte */
  nd_array *z = random_1d(ND_FLOAT32, 40, 2);
  check1(F_RFFT, z, 0, -1, ND_FFT_BACKWARD, "byte limit");
  nd_fft_get_cache_stats(&s1);
  assert_true(s1.plans <= 1);
  assert_int_equal(nd_fft_set_cache_limits(256, (int64_t)256 << 20), ND_OK);

  /* planner modes, the default last */
  nd_fft_planner modes[] = {ND_FFT_AUTO, ND_FFT_MEASURE, ND_FFT_PATIENT, ND_FFT_ESTIMATE};
  for (int m = 0; m < 4; m++) {
    assert_int_equal(nd_fft_set_planner(modes[m]), ND_OK);
    assert_int_equal(nd_fft_get_planner(), modes[m]);
    check1(F_RFFT, z, 60, -1, ND_FFT_ORTHO, "planner mode");
    nd_array *w = random_array(ND_COMPLEX128, 2, (int64_t[]){12, 30}, 5);
    checkn(N_FFTN, w, -1, NULL, -1, NULL, ND_FFT_BACKWARD, "planner mode");
    nd_release(w);
  }
  nd_release(z);
  TH_EXPECT_ERROR(nd_fft_set_planner((nd_fft_planner)9), ND_ERR_VALUE, "fft_set_planner: invalid planner mode 9");
  TH_EXPECT_ERROR(nd_fft_set_cache_limits(0, 10), ND_ERR_VALUE, "fft_set_cache_limits: limits must be positive");
  TH_EXPECT_ERROR(nd_fft_get_cache_stats(NULL), ND_ERR_NULL, "fft_get_cache_stats: argument stats is NULL");
  assert_int_equal(nd_fft_norm_from_name("ortho"), ND_FFT_ORTHO);
  assert_int_equal(nd_fft_norm_from_name(NULL), ND_FFT_BACKWARD);
  assert_int_equal(nd_fft_norm_from_name("forward"), ND_FFT_FORWARD);
  assert_int_equal(nd_fft_norm_from_name("Ortho"), -1);
  nd_fft_clear_plans();
  nd_fft_get_cache_stats(&s1);
  assert_int_equal(s1.plans, 0);
}

static void test_wisdom(void **state) {
  (void)state;
  nd_fft_forget_wisdom();
  nd_fft_set_planner(ND_FFT_MEASURE);
  nd_array *x = random_1d(ND_COMPLEX128, 48, 1), *x32 = nd_astype(x, ND_COMPLEX64);
  nd_release(nd_fft_fft(x, 0, -1, ND_FFT_BACKWARD));
  nd_release(nd_fft_fft(x32, 0, -1, ND_FFT_BACKWARD));
  const char *path = th_path(th_dir, "wisdom.txt");
  assert_int_equal(nd_fft_save_wisdom(path), ND_OK);
  size_t len;
  unsigned char *text = th_read_file(path, &len);
  assert_non_null(text);
  char *t = calloc(len + 1, 1);
  memcpy(t, text, len);
  assert_non_null(strstr(t, " fftw_wisdom"));
  assert_non_null(strstr(t, " fftwf_wisdom"));
  free(t);
  free(text);
  /* loaded wisdom gives measured plans at once: AUTO has nothing to upgrade */
  nd_fft_forget_wisdom();
  assert_int_equal(nd_fft_load_wisdom(path), ND_OK);
  nd_fft_set_planner(ND_FFT_AUTO);
  nd_fft_cache_stats s0, s1;
  nd_fft_get_cache_stats(&s0);
  for (int i = 0; i < 3; i++) check1(F_FFT, x, 0, -1, ND_FFT_BACKWARD, "wisdom");
  nd_fft_get_cache_stats(&s1);
  assert_int_equal(s1.upgrades, s0.upgrades);
  TH_EXPECT_ERROR(nd_fft_load_wisdom(th_path(th_dir, "missing.txt")), ND_ERR_IO, "fft_load_wisdom: cannot open");
  const char *junk = th_path(th_dir, "junk.txt");
  th_write_file(junk, "(fftw-3.3 fftw_wisdom (garbage", 31);
  TH_EXPECT_ERROR(nd_fft_load_wisdom(junk), ND_ERR_IO, "is not FFTW wisdom");
  th_write_file(junk, "hello", 5);
  TH_EXPECT_ERROR(nd_fft_load_wisdom(junk), ND_ERR_IO, "is not FFTW wisdom");
  TH_EXPECT_ERROR(nd_fft_save_wisdom(th_path(th_dir, "no/such/dir/w.txt")), ND_ERR_IO, "fft_save_wisdom: cannot write");
  TH_EXPECT_ERROR(nd_fft_load_wisdom(NULL), ND_ERR_NULL, "fft_load_wisdom: argument path is NULL");
  nd_fft_forget_wisdom();
  nd_fft_set_planner(ND_FFT_ESTIMATE);
  nd_release(x);
  nd_release(x32);
}

/* Several program threads transform at once (plans made, measured and evicted while
 * other threads run them). */
typedef struct worker_arg {
  int id;
  int failures;
} worker_arg;

static void *worker(void *p) {
  worker_arg *w = p;
  for (int it = 0; it < 12; it++) {
    int64_t n = 30 + (w->id * 7 + it) % 9;
    nd_array *x = random_array(ND_COMPLEX128, 2, (int64_t[]){40, n}, (unsigned)(w->id + it));
    nd_array *X = nd_fft_fft(x, 0, -1, ND_FFT_BACKWARD), *y = X ? nd_fft_ifft(X, 0, -1, ND_FFT_BACKWARD) : NULL;
    if (!y || max_abs_diff(x, y) > 1e-12) w->failures++;
    nd_release(x);
    nd_release(X);
    nd_release(y);
  }
  return NULL;
}

static void test_concurrent_callers(void **state) {
  (void)state;
  nd_fft_set_planner(ND_FFT_AUTO); /* measuring too */
  nd_fft_set_cache_limits(4, (int64_t)1 << 30);
  pthread_t th[4];
  worker_arg args[4];
  for (int i = 0; i < 4; i++) {
    args[i] = (worker_arg){.id = i};
    pthread_create(&th[i], NULL, worker, &args[i]);
  }
  for (int i = 0; i < 4; i++) {
    pthread_join(th[i], NULL);
    assert_int_equal(args[i].failures, 0);
  }
  nd_fft_set_cache_limits(256, (int64_t)256 << 20);
  nd_fft_set_planner(ND_FFT_ESTIMATE);
}

/* test_fft_plans [PATTERN]: only the tests whose names match (cmocka's filter). */
int main(int argc, char **argv) {
  if (argc > 1) cmocka_set_test_filter(argv[1]);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_threads_same_results),
      cmocka_unit_test(test_default_same_bits),
      cmocka_unit_test(test_plan_cache),
      cmocka_unit_test(test_wisdom),
      cmocka_unit_test(test_concurrent_callers),
  };
  int rc = cmocka_run_group_tests(tests, th_dir_setup, th_dir_teardown);
  nd_fft_forget_wisdom(); /* frees the cached plans (for the leak checker) */
  return rc;
}
