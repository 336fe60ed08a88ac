/* Linear-algebra benchmarks: the targets of issue 5.
 *   matmul of 2000x2000 float64 with C, F and transposed operands against NumPy and
 *   against a direct cblas_dgemm call on the same data (nd must reach 95% of it, with no
 *   copy of the operands); 10000 batched 8x8 products; the MP2 einsums of seed 002;
 *   batched eigh (10000 8x8) and svd (1000 32x32). */
#include <cblas.h>
#include <stdlib.h>

#include "bench.h"

#define N 2000

typedef struct {
  nd_array *a, *b, *va, *vb;
  double *out; /* for the direct cblas call */
} mm_state;

/* Values uniform in [-0.5, 0.5) (default_rng(seed).uniform), laid out in order o. */
static nd_array *filled(nd_dtype t, int ndim, const int64_t *shape, nd_order o, unsigned seed) {
  nd_array *a = nd_empty(t, ndim, shape, o);
  nd_rng *g = nd_rng_new(seed);
  bench_check(a && g && nd_random_uniform_out(g, a, -0.5, 0.5) == ND_OK, "setup");
  nd_rng_free(g);
  return a;
}

static void *mm_setup(nd_order o, int transpose) {
  mm_state *s = calloc(1, sizeof *s);
  s->a = filled(ND_FLOAT64, ND_SHAPE(N, N), o, 1);
  s->b = filled(ND_FLOAT64, ND_SHAPE(N, N), o, 2);
  s->va = transpose ? nd_transpose(s->a) : nd_retain(s->a);
  s->vb = transpose ? nd_transpose(s->b) : nd_retain(s->b);
  s->out = malloc(sizeof(double) * N * N);
  return s;
}
static void *mm_setup_c(void) { return mm_setup(ND_C, 0); }
static void *mm_setup_f(void) { return mm_setup(ND_F, 0); }
static void *mm_setup_t(void) { return mm_setup(ND_C, 1); }
static void mm_teardown(void *p) {
  mm_state *s = p;
  nd_release(s->a);
  nd_release(s->b);
  nd_release(s->va);
  nd_release(s->vb);
  free(s->out);
  free(s);
}
static void mm_run(void *p) {
  mm_state *s = p;
  nd_array *r = nd_matmul(s->va, s->vb);
  bench_check(r != NULL, "matmul");
  nd_release(r);
}
static void mm_run_cblas(void *p) {
  mm_state *s = p;
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, N, N, N, 1.0, nd_data(s->a), N,
              nd_data(s->b), N, 0.0, s->out, N);
}

/* 10000 products of 8x8 matrices */
static void *bmm_setup(void) {
  mm_state *s = calloc(1, sizeof *s);
  s->a = filled(ND_FLOAT64, ND_SHAPE(10000, 8, 8), ND_C, 3);
  s->b = filled(ND_FLOAT64, ND_SHAPE(10000, 8, 8), ND_C, 4);
  s->va = nd_retain(s->a);
  s->vb = nd_retain(s->b);
  return s;
}

/* The three MP2 einsums of seed 002 (nocc = 30, nvir = 120, naux = 360). */
#define NOCC 30
#define NVIR 120
#define NAUX 360
typedef struct {
  nd_array *T, *t, *Y;
} mp2_state;
static void *mp2_setup(void) {
  mp2_state *s = calloc(1, sizeof *s);
  s->T = filled(ND_FLOAT64, ND_SHAPE(NOCC, NVIR, NOCC, NVIR), ND_C, 5);
  s->t = filled(ND_FLOAT64, ND_SHAPE(NOCC, NVIR, NOCC, NVIR), ND_C, 6);
  s->Y = filled(ND_FLOAT64, ND_SHAPE(NAUX, NOCC, NVIR), ND_C, 7);
  return s;
}
static void mp2_teardown(void *p) {
  mp2_state *s = p;
  nd_release(s->T);
  nd_release(s->t);
  nd_release(s->Y);
  free(s);
}
static void mp2_run(const char *subs, nd_array *a, nd_array *b) {
  nd_array *r = nd_einsum(subs, 2, (nd_array *[]){a, b});
  bench_check(r != NULL, "einsum");
  nd_release(r);
}
static void mp2_jk(void *p) { mp2_state *s = p; mp2_run("jbia,kbia->jk", s->T, s->t); }
static void mp2_ab(void *p) { mp2_state *s = p; mp2_run("jcia,jcib->ab", s->T, s->t); }
static void mp2_pia(void *p) { mp2_state *s = p; mp2_run("Pjb,jbia->Pia", s->Y, s->T); }

/* Batched decompositions: eigh of 10000 symmetric 8x8, svd of 1000 32x32. */
static void *eigh_setup(void) {
  mm_state *s = calloc(1, sizeof *s);
  nd_array *m = filled(ND_FLOAT64, ND_SHAPE(10000, 8, 8), ND_C, 8);
  nd_array *mt = nd_matrix_transpose(m);
  s->a = nd_copy(m, ND_C);
  double *d = nd_data(s->a);
  for (int64_t b = 0; b < 10000; b++) /* symmetrise: (m + m^T) / 2 */
    for (int i = 0; i < 8; i++)
      for (int j = 0; j < 8; j++) d[b * 64 + i * 8 + j] = 0.5 * (((double *)nd_data(m))[b * 64 + i * 8 + j] + ((double *)nd_data(m))[b * 64 + j * 8 + i]);
  nd_release(mt);
  nd_release(m);
  return s;
}
static void eigh_run(void *p) {
  mm_state *s = p;
  nd_array *w, *v;
  bench_check(nd_linalg_eigh(s->a, &w, &v) == ND_OK, "eigh");
  nd_release(w);
  nd_release(v);
}
static void *svd_setup(void) {
  mm_state *s = calloc(1, sizeof *s);
  s->a = filled(ND_FLOAT64, ND_SHAPE(1000, 32, 32), ND_C, 9);
  return s;
}
static void svd_run(void *p) {
  mm_state *s = p;
  nd_array *u, *sv, *vh;
  bench_check(nd_linalg_svd(s->a, true, &u, &sv, &vh) == ND_OK, "svd");
  nd_release(u);
  nd_release(sv);
  nd_release(vh);
}

const bench_case bench_cases_linalg[] = {
    {"linalg/matmul_2000", "2000x2000 f64 C@C", mm_setup_c, mm_run, mm_teardown, 0},
    {"linalg/matmul_2000_cblas", "direct cblas_dgemm", mm_setup_c, mm_run_cblas, mm_teardown, 0},
    {"linalg/matmul_2000_F", "2000x2000 f64 F@F", mm_setup_f, mm_run, mm_teardown, 0},
    {"linalg/matmul_2000_T", "2000x2000 f64 C.T@C.T", mm_setup_t, mm_run, mm_teardown, 0},
    {"linalg/matmul_batch_8x8", "10000x8x8 f64", bmm_setup, mm_run, mm_teardown, 0},
    {"linalg/einsum_mp2_jk", "jbia,kbia->jk", mp2_setup, mp2_jk, mp2_teardown, 0},
    {"linalg/einsum_mp2_ab", "jcia,jcib->ab", mp2_setup, mp2_ab, mp2_teardown, 0},
    {"linalg/einsum_mp2_Pia", "Pjb,jbia->Pia", mp2_setup, mp2_pia, mp2_teardown, 0},
    {"linalg/eigh_batch_8x8", "10000x8x8 f64", eigh_setup, eigh_run, mm_teardown, 0},
    {"linalg/svd_batch_32x32", "1000x32x32 f64", svd_setup, svd_run, mm_teardown, 0},
    {NULL, NULL, NULL, NULL, NULL, 0},
};
