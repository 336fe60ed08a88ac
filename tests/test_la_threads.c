/* LAPACK-backed functions give the same bits for every nd thread count, and when several
 * user threads call them at once, for matrices below the size where OpenBLAS's own
 * threads are used (NDI_LA_BLAS_THREADED_MIN multiply-adds per matrix): single small
 * matrices, 20x20 ones and batches of small ones. Threaded BLAS inside LAPACK (symv in
 * syevd's tridiagonal reduction, getrf's updates) sums per-thread partial results, so
 * letting it run on these would change the last bits with the thread count.
 * Large products: a user thread whose BLAS section starts while another thread's runs gets
 * one BLAS thread (src/linalg/blas.c), and products from several threads at once agree
 * with single-threaded ones on every layout and float dtype. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "iter/pool.h"
#include "linalg/blas.h"

typedef enum { M_GENERAL, M_SYMMETRIC, M_SPD } matrix_kind;

/* A stack of `batch` n x n matrices (batch 0: a single [n, n]) in dtype t. */
static nd_array *make_matrices(nd_dtype t, int64_t batch, int64_t n, matrix_kind kind,
                               uint64_t seed) {
  bool cplx = t == ND_COMPLEX64 || t == ND_COMPLEX128;
  int64_t nb = batch ? batch : 1, per = n * n * (cplx ? 2 : 1);
  nd_rng *g = nd_rng_new(seed); /* reproducible values uniform in [-1, 1) */
  nd_array *u = nd_random_uniform(g, -1.0, 1.0, ND_FLOAT64, ND_SHAPE(nb * per));
  nd_rng_free(g);
  assert_non_null(u);
  double *v = nd_data(u);
  for (int64_t b = 0; b < nb && kind != M_GENERAL; b++) {
    double *m = v + b * per;
    int w = cplx ? 2 : 1;
    for (int64_t i = 0; i < n; i++)
      for (int64_t j = 0; j < i; j++) { /* Hermitian: m[j,i] = conj(m[i,j]) */
        m[(j * n + i) * w] = m[(i * n + j) * w];
        if (cplx) m[(j * n + i) * w + 1] = -m[(i * n + j) * w + 1];
      }
    for (int64_t i = 0; i < n; i++) {
      if (cplx) m[(i * n + i) * w + 1] = 0;
      if (kind == M_SPD) m[(i * n + i) * w] += (double)n; /* diagonally dominant */
    }
  }
  int64_t shape[3] = {batch, n, n};
  int nd = batch ? 3 : 2;
  nd_array *d = nd_from_data(cplx ? ND_COMPLEX128 : ND_FLOAT64, nd, batch ? shape : shape + 1,
                             v, ND_C);
  nd_release(u);
  nd_array *r = nd_astype(d, t);
  nd_release(d);
  return r;
}

#define NRESULTS 9

/* Every result of the functions under test, for one input. */
typedef struct {
  nd_array *r[NRESULTS];
} results;

static void compute(results *out, nd_array *gen, nd_array *sym, nd_array *spd, nd_array *rhs) {
  nd_array *q = NULL, *rr = NULL, *w = NULL, *vec = NULL;
  out->r[0] = nd_linalg_eigvalsh(sym);
  assert_int_equal(nd_linalg_eigh(sym, &w, &vec), ND_OK);
  nd_release(w);
  out->r[1] = vec;
  out->r[2] = nd_linalg_solve(gen, rhs);
  out->r[3] = nd_linalg_inv(gen);
  out->r[4] = nd_linalg_det(gen);
  out->r[5] = nd_linalg_cholesky(spd, false);
  assert_int_equal(nd_linalg_qr(gen, ND_QR_REDUCED, &q, &rr), ND_OK);
  nd_release(q);
  out->r[6] = rr;
  out->r[7] = nd_linalg_svdvals(gen);
  out->r[8] = nd_linalg_eigvals(gen);
  for (int i = 0; i < NRESULTS; i++) assert_non_null(out->r[i]);
}

static void release_results(results *r) {
  for (int i = 0; i < NRESULTS; i++) nd_release(r->r[i]);
}

static bool same_bits(const nd_array *a, const nd_array *b) {
  if (nd_dtype_of(a) != nd_dtype_of(b) || nd_nbytes(a) != nd_nbytes(b)) return false;
  size_t n = (size_t)nd_nbytes(a);
  char *x = malloc(n + 1), *y = malloc(n + 1);
  nd_to_data(a, x, ND_C);
  nd_to_data(b, y, ND_C);
  bool same = memcmp(x, y, n) == 0;
  free(x);
  free(y);
  return same;
}

typedef struct {
  nd_dtype t;
  int64_t batch, n;
} la_case;

static const la_case cases[] = {
    {ND_FLOAT64, 0, 3},   {ND_FLOAT64, 0, 20},    {ND_FLOAT64, 64, 6},
    {ND_FLOAT64, 0, 50},  {ND_COMPLEX128, 0, 3},  {ND_COMPLEX128, 0, 20},
    {ND_FLOAT32, 16, 9},  {ND_COMPLEX64, 0, 12},  {ND_FLOAT64, 5, 30},
};
#define NCASES (int)(sizeof cases / sizeof cases[0])

typedef struct {
  nd_array *gen, *sym, *spd, *rhs;
} inputs;

static void make_inputs(inputs *in, const la_case *c, uint64_t seed) {
  in->gen = make_matrices(c->t, c->batch, c->n, M_GENERAL, seed);
  in->sym = make_matrices(c->t, c->batch, c->n, M_SYMMETRIC, seed + 1);
  in->spd = make_matrices(c->t, c->batch, c->n, M_SPD, seed + 2);
  in->rhs = make_matrices(c->t, c->batch, c->n, M_GENERAL, seed + 3);
}

static void release_inputs(inputs *in) {
  nd_release(in->gen);
  nd_release(in->sym);
  nd_release(in->spd);
  nd_release(in->rhs);
}

/* The 3x3 symmetric matrix whose eigenvalues differed between 1 and 2 threads. */
static void test_eigvalsh_3x3(void **state) {
  (void)state;
  const double a[9] = {2, .3, -.7, .3, 1.5, .2, -.7, .2, -1.1};
  nd_array *m = nd_from_data(ND_FLOAT64, 2, (int64_t[]){3, 3}, a, ND_C);
  nd_set_num_threads(1);
  nd_array *w1 = nd_linalg_eigvalsh(m);
  nd_set_num_threads(2);
  nd_array *w2 = nd_linalg_eigvalsh(m);
  nd_set_num_threads(0);
  assert_true(same_bits(w1, w2));
  nd_release(w1);
  nd_release(w2);
  nd_release(m);
}

static void test_thread_counts(void **state) {
  (void)state;
  for (int c = 0; c < NCASES; c++) {
    inputs in;
    make_inputs(&in, &cases[c], 1000 + (uint64_t)c);
    results one, two;
    nd_set_num_threads(1);
    compute(&one, in.gen, in.sym, in.spd, in.rhs);
    nd_set_num_threads(2);
    compute(&two, in.gen, in.sym, in.spd, in.rhs);
    nd_set_num_threads(0);
    for (int i = 0; i < NRESULTS; i++) {
      if (!same_bits(one.r[i], two.r[i]))
        fail_msg("case %d (dtype %d, batch %lld, n %lld): result %d differs between 1 and 2 "
                 "threads",
                 c, (int)cases[c].t, (long long)cases[c].batch, (long long)cases[c].n, i);
    }
    release_results(&one);
    release_results(&two);
    release_inputs(&in);
  }
}

/* User threads calling at once (nd set to 2 threads) get the single-thread bits. */
#define USERS 4
#define ROUNDS 6

/* Runs work on USERS program threads at once, users[i] (size bytes each) its argument,
 * with nd at two threads (back to the default after). */
static void run_users(void *(*work)(void *), void *users, size_t size) {
  pthread_t th[USERS];
  nd_set_num_threads(2);
  for (int i = 0; i < USERS; i++)
    assert_int_equal(pthread_create(&th[i], NULL, work, (char *)users + (size_t)i * size), 0);
  for (int i = 0; i < USERS; i++) pthread_join(th[i], NULL);
  nd_set_num_threads(0);
}

typedef struct {
  inputs *in;
  results *want;
  int mismatches;
} user;

static void *user_work(void *p) {
  user *u = p;
  for (int r = 0; r < ROUNDS; r++)
    for (int c = 0; c < NCASES; c++) {
      results got;
      compute(&got, u->in[c].gen, u->in[c].sym, u->in[c].spd, u->in[c].rhs);
      for (int i = 0; i < NRESULTS; i++) u->mismatches += !same_bits(got.r[i], u->want[c].r[i]);
      release_results(&got);
    }
  return NULL;
}

static void test_concurrent_users(void **state) {
  (void)state;
  inputs in[NCASES];
  results want[NCASES];
  nd_set_num_threads(1);
  for (int c = 0; c < NCASES; c++) {
    make_inputs(&in[c], &cases[c], 2000 + (uint64_t)c);
    compute(&want[c], in[c].gen, in[c].sym, in[c].spd, in[c].rhs);
  }
  user u[USERS];
  for (int i = 0; i < USERS; i++) u[i] = (user){in, want, 0};
  run_users(user_work, u, sizeof u[0]);
  int mismatches = 0;
  for (int i = 0; i < USERS; i++) mismatches += u[i].mismatches;
  assert_int_equal(mismatches, 0);
  for (int c = 0; c < NCASES; c++) {
    release_results(&want[c]);
    release_inputs(&in[c]);
  }
}

/* The decision itself: two threads inside BLAS sections at once (a barrier holds both
 * inside), so exactly one of them was given BLAS's threads and the other one thread;
 * alone again, a thread gets the threads back. */
static pthread_barrier_t inside;

static void *blas_section(void *p) {
  int *granted = p;
  int prev = ndi_la_blas_parallel_begin();
  pthread_barrier_wait(&inside);
  *granted = ndi_la_blas_granted();
  pthread_barrier_wait(&inside);
  ndi_la_blas_restore(prev);
  return NULL;
}

static int solo_grant(void) {
  int prev = ndi_la_blas_parallel_begin(), n = ndi_la_blas_granted();
  ndi_la_blas_restore(prev);
  return n;
}

static void test_one_caller_threaded(void **state) {
  (void)state;
  nd_set_num_threads(2);
  ndi_pool_set_benching(false); /* a loaded machine must not take the threads away */
  int solo = solo_grant();
  if (solo < 2) { /* OpenBLAS was limited to one thread (OPENBLAS_NUM_THREADS=1) */
    nd_set_num_threads(0);
    ndi_pool_set_benching(true);
    skip();
  }
  for (int round = 0; round < 20; round++) {
    assert_int_equal(pthread_barrier_init(&inside, NULL, 2), 0);
    int got[2] = {0, 0};
    pthread_t th[2];
    for (int i = 0; i < 2; i++)
      assert_int_equal(pthread_create(&th[i], NULL, blas_section, &got[i]), 0);
    for (int i = 0; i < 2; i++) pthread_join(th[i], NULL);
    pthread_barrier_destroy(&inside);
    if (!((got[0] == solo && got[1] == 1) || (got[0] == 1 && got[1] == solo)))
      fail_msg("round %d: BLAS threads %d and %d for two callers at once (alone: %d)", round,
               got[0], got[1], solo);
    assert_int_equal(solo_grant(), solo);
  }
  /* nested sections of one thread do not count as another caller */
  int outer = ndi_la_blas_serial_begin();
  assert_int_equal(solo_grant(), solo);
  ndi_la_blas_restore(outer);
  nd_set_num_threads(0);
  ndi_pool_set_benching(true);
}

/* Large products (BLAS's threads when alone) from several threads at once. OpenBLAS's
 * threaded GEMM does not sum in the order of its single-threaded one (the guide says so),
 * so they are compared with the single-threaded results to within rounding: k products
 * of values in [-1, 1], at most 4 k ulp of 1. */
#define PRODUCTS 6
#define PRODUCT_K 240

static bool close_to(const nd_array *got, const nd_array *want) {
  if (nd_dtype_of(got) != nd_dtype_of(want) || nd_size(got) != nd_size(want)) return false;
  bool single = nd_dtype_of(got) == ND_FLOAT32 || nd_dtype_of(got) == ND_COMPLEX64;
  double tol = 4.0 * PRODUCT_K * (single ? 0x1p-23 : 0x1p-52);
  nd_array *g = nd_astype(got, ND_COMPLEX128), *w = nd_astype(want, ND_COMPLEX128);
  size_t n = 2 * (size_t)nd_size(got);
  double *x = malloc(n * sizeof(double)), *y = malloc(n * sizeof(double));
  nd_to_data(g, x, ND_C);
  nd_to_data(w, y, ND_C);
  bool close = true;
  for (size_t i = 0; i < n; i++) close = close && fabs(x[i] - y[i]) <= tol;
  free(x);
  free(y);
  nd_release(g);
  nd_release(w);
  return close;
}

static nd_array *product_operand(nd_dtype t, int64_t r, int64_t c, uint64_t seed) {
  nd_rng *g = nd_rng_new(seed);
  nd_array *u = nd_random_uniform(g, -1.0, 1.0, ND_FLOAT64, ND_SHAPE(r, c));
  nd_rng_free(g);
  nd_array *x = nd_astype(u, t);
  nd_release(u);
  assert_non_null(x);
  return x;
}

/* a @ b for product i: C order, a transposed view, stepped and reversed views. */
static nd_array *product(nd_array *const *in, int i) {
  nd_array *a = in[2 * i], *b = in[2 * i + 1], *va = NULL, *vb = NULL;
  switch (i % 3) {
    case 1: va = nd_transpose(a); vb = nd_transpose(b); break;
    case 2: va = nd_index(a, "::-1, ::2"); vb = nd_index(b, "::2, ::-1"); break;
    default: break;
  }
  nd_array *r = nd_matmul(va ? va : a, vb ? vb : b);
  nd_release(va);
  nd_release(vb);
  return r;
}

typedef struct {
  nd_array *const *in;
  nd_array *const *want;
  int mismatches;
} product_user;

static void *product_work(void *p) {
  product_user *u = p;
  for (int r = 0; r < 3; r++)
    for (int i = 0; i < PRODUCTS; i++) {
      nd_array *got = product(u->in, i);
      u->mismatches += !got || !close_to(got, u->want[i]);
      nd_release(got);
    }
  return NULL;
}

static void test_concurrent_products(void **state) {
  (void)state;
  /* 192 x 240 @ 240 x 200 (the stepped views take every other row or column of twice
   * that): 9.2 million multiply-adds each */
  const nd_dtype types[PRODUCTS] = {ND_FLOAT64, ND_FLOAT32, ND_COMPLEX128,
                                    ND_COMPLEX64, ND_FLOAT64, ND_FLOAT64};
  nd_array *in[2 * PRODUCTS], *want[PRODUCTS];
  for (int i = 0; i < PRODUCTS; i++) {
    bool tr = i % 3 == 1, step = i % 3 == 2;
    int64_t k = PRODUCT_K * (step ? 2 : 1);
    in[2 * i] = product_operand(types[i], tr ? k : 192, tr ? 192 : k, 50 + i);
    in[2 * i + 1] = product_operand(types[i], tr ? 200 : k, tr ? k : 200, 80 + i);
  }
  nd_set_num_threads(1);
  for (int i = 0; i < PRODUCTS; i++) assert_non_null(want[i] = product(in, i));
  product_user u[USERS];
  for (int i = 0; i < USERS; i++) u[i] = (product_user){in, want, 0};
  run_users(product_work, u, sizeof u[0]);
  int mismatches = 0;
  for (int i = 0; i < USERS; i++) mismatches += u[i].mismatches;
  assert_int_equal(mismatches, 0);
  for (int i = 0; i < PRODUCTS; i++) nd_release(want[i]);
  for (int i = 0; i < 2 * PRODUCTS; i++) nd_release(in[i]);
}

/* One product between 2^18 multiply-adds and NDI_LA_BLAS_THREADED_MIN is split along the
 * longer of m and n over nd's threads (gemm_batch.c): the same bits on one and two
 * threads, for blocks that divide the extent and blocks that do not, long m or long n,
 * float and complex, C, transposed and reversed/stepped operands, and a matrix einsum. */
static void test_split_products(void **state) {
  (void)state;
  const int64_t shapes[][3] = {{1024, 32, 32}, {1001, 33, 31}, {40, 37, 900}};
  const nd_dtype types[] = {ND_FLOAT64, ND_FLOAT32, ND_COMPLEX128, ND_COMPLEX64};
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
      int64_t m = shapes[s][0], k = shapes[s][1], n = shapes[s][2];
      nd_array *in[6];
      for (int i = 0; i < 3; i++) {
        bool tr = i == 1, step = i == 2;
        int64_t kk = k * (step ? 2 : 1);
        in[2 * i] = product_operand(types[t], tr ? kk : m, tr ? m : kk, 7 + (uint64_t)i);
        in[2 * i + 1] = product_operand(types[t], tr ? n : kk, tr ? kk : n, 17 + (uint64_t)i);
      }
      for (int i = 0; i < 3; i++) {
        nd_set_num_threads(1);
        nd_array *one = product(in, i);
        nd_set_num_threads(2);
        nd_array *two = product(in, i);
        nd_set_num_threads(0);
        assert_true(same_bits(one, two));
        nd_release(one);
        nd_release(two);
      }
      for (int i = 0; i < 6; i++) nd_release(in[i]);
    }
  /* abc,cd->abd: a [1024, 32] x [32, 32] product inside einsum */
  nd_array *x = product_operand(ND_FLOAT64, 1024, 32, 3), *w = product_operand(ND_FLOAT64, 32, 32, 4);
  nd_array *x3 = nd_reshape(x, ND_SHAPE(32, 32, 32), ND_C);
  nd_set_num_threads(1);
  nd_array *one = nd_einsum("abc,cd->abd", 2, (nd_array *[]){x3, w});
  nd_set_num_threads(2);
  nd_array *two = nd_einsum("abc,cd->abd", 2, (nd_array *[]){x3, w});
  nd_set_num_threads(0);
  assert_true(same_bits(one, two));
  nd_release(one);
  nd_release(two);
  nd_release(x3);
  nd_release(x);
  nd_release(w);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_eigvalsh_3x3),
      cmocka_unit_test(test_thread_counts),
      cmocka_unit_test(test_concurrent_users),
      cmocka_unit_test(test_one_caller_threaded),
      cmocka_unit_test(test_concurrent_products),
      cmocka_unit_test(test_split_products),
  };
  return TH_RUN(tests);
}
