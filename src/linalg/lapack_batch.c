/* The batch driver for LAPACK computations and its helpers (see lapack_batch.h). */
#include "lapack_batch.h"

#include <limits.h>
#include <math.h>
#include <string.h>

#include "blas.h"
#include "core/alloc.h"
#include "core/dtype.h"
#include "iter/threads.h"
#include "kernels/loop.h"

void ndi_la_dtypes(int n, const nd_dtype *t, nd_dtype *compute, nd_dtype *result) {
  bool single = true, cplx = false;
  for (int i = 0; i < n; i++) {
    char k = ndi_dtype_kind(t[i]);
    cplx |= k == 'c';
    /* float16 and bfloat16 give float32 results, as SciPy's (LAPACK has no 16-bit
     * routines; NumPy refuses them) */
    single &= t[i] == ND_FLOAT32 || t[i] == ND_COMPLEX64 || ndi_is_half(t[i]);
  }
  *compute = cplx ? ND_COMPLEX128 : ND_FLOAT64;
  *result = cplx ? (single ? ND_COMPLEX64 : ND_COMPLEX128) : (single ? ND_FLOAT32 : ND_FLOAT64);
}

nd_status ndi_la_check_matrix(const char *op, const nd_array *a, bool square) {
  char sh[NDI_SHAPE_BUF];
  if (a->ndim < 2)
    return ndi_error(ND_ERR_SHAPE_MATRIX, "%s: needs a matrix or a stack of matrices (at least 2 axes), got shape %s",
                     op, ndi_fmt_shape(sh, sizeof sh, a->ndim, a->shape));
  if (square && a->shape[a->ndim - 1] != a->shape[a->ndim - 2])
    return ndi_error(ND_ERR_SHAPE_MATRIX, "%s: needs square matrices, got shape %s (%lld x %lld)", op,
                     ndi_fmt_shape(sh, sizeof sh, a->ndim, a->shape),
                     (long long)a->shape[a->ndim - 2], (long long)a->shape[a->ndim - 1]);
  return ND_OK;
}

nd_status ndi_la_check_lapack_size(const char *op, int64_t n) {
  if (n > INT_MAX / 2)
    return ndi_error(ND_ERR_VALUE, "%s: extent %lld is too large for LAPACK", op, (long long)n);
  return ND_OK;
}

bool ndi_la_finite(nd_dtype t, const void *a, int64_t ld, int64_t m, int64_t n) {
  int64_t w = t == ND_COMPLEX128 ? 2 : 1;
  for (int64_t j = 0; j < n; j++) {
    const double *c = (const double *)a + j * ld * w;
    for (int64_t i = 0; i < m * w; i++)
      if (!isfinite(c[i])) return false;
  }
  return true;
}

bool ndi_la_triangle_finite(nd_dtype t, const void *a, int64_t ld, int64_t n, bool upper) {
  int64_t w = t == ND_COMPLEX128 ? 2 : 1;
  for (int64_t j = 0; j < n; j++) {
    const double *c = (const double *)a + j * ld * w;
    int64_t first = upper ? 0 : j, last = upper ? j : n - 1;
    for (int64_t i = first * w; i < (last + 1) * w; i++)
      if (!isfinite(c[i])) return false;
  }
  return true;
}

void ndi_la_load(nd_dtype dt, void *dst, int64_t ld, int64_t m, int64_t n, const void *src,
                 nd_dtype st, int64_t rs, int64_t cs) {
  int64_t de = (int64_t)ndi_dtype_size(dt), se = (int64_t)ndi_dtype_size(st);
  const int64_t strides[2] = {de, rs * se};
  ndi_loop_fn f = ndi_cast_loops[dt][st];
  for (int64_t j = 0; j < n; j++) {
    char *p[2] = {(char *)dst + j * ld * de, (char *)src + j * cs * se};
    f(p, strides, m, NULL);
  }
}

void ndi_la_store(nd_dtype dt, void *dst, int64_t rs, int64_t cs, int64_t m, int64_t n,
                  const void *src, nd_dtype st, int64_t ld) {
  int64_t de = (int64_t)ndi_dtype_size(dt), se = (int64_t)ndi_dtype_size(st);
  ndi_loop_fn f = ndi_cast_loops[dt][st];
  if (cs == 1 && n > 1) { /* a C-ordered destination: copy along its rows */
    const int64_t strides[2] = {de, ld * se};
    for (int64_t i = 0; i < m; i++) {
      char *p[2] = {(char *)dst + i * rs * de, (char *)src + i * se};
      f(p, strides, n, NULL);
    }
    return;
  }
  const int64_t strides[2] = {rs * de, se};
  for (int64_t j = 0; j < n; j++) {
    char *p[2] = {(char *)dst + j * cs * de, (char *)src + j * ld * se};
    f(p, strides, m, NULL);
  }
}

nd_status ndi_la_batch_init(const char *op, ndi_la_batch *b, int n, const nd_array *const *a,
                            const int *core) {
  memset(b, 0, sizeof *b);
  int ndims[NDI_LA_BATCH_OPS] = {0};
  const int64_t *shapes[NDI_LA_BATCH_OPS] = {NULL};
  for (int i = 0; i < n; i++) {
    ndims[i] = a[i]->ndim - core[i];
    shapes[i] = a[i]->shape;
  }
  nd_status st = ndi_broadcast_shapes(op, n, ndims, shapes, &b->nbd, b->bshape);
  if (st) return st;
  for (int i = 0; i < n; i++) ndi_la_batch_add(b, a[i], core[i]);
  return ND_OK;
}

int ndi_la_batch_add(ndi_la_batch *b, const nd_array *a, int core) {
  int k = b->nops++;
  b->ops[k] = a;
  int64_t es[ND_MAX_DIMS], bytes[ND_MAX_DIMS];
  ndi_broadcast_strides("linalg", a->ndim - core, a->shape, a->strides, b->nbd, b->bshape, es);
  for (int i = 0; i < b->nbd; i++) bytes[i] = es[i] * (int64_t)ndi_dtype_size(a->dtype);
  memcpy(b->bs[k], bytes, sizeof(int64_t) * (size_t)b->nbd);
  return k;
}

nd_array *ndi_la_alloc(const char *op, nd_dtype t, const ndi_la_batch *b, int ncore,
                       const int64_t *core) {
  int64_t shape[ND_MAX_DIMS + 3];
  if (b->nbd + ncore > ND_MAX_DIMS)
    return ndi_error_null(ND_ERR_SHAPE, "%s: the result would have more than %d axes", op, ND_MAX_DIMS);
  memcpy(shape, b->bshape, sizeof(int64_t) * (size_t)b->nbd);
  if (ncore) memcpy(shape + b->nbd, core, sizeof(int64_t) * (size_t)ncore);
  return ndi_array_alloc(op, t, b->nbd + ncore, shape, ND_C);
}

/* Batch positions [begin, end): the lowest failing one is kept in *failed. */
static void run_range(const ndi_la_batch *b, int64_t begin, int64_t end, char *work,
                      int64_t *failed, int *code) {
  char *p[NDI_LA_BATCH_OPS];
  for (int64_t e = begin; e < end; e++) {
    int64_t lin = e;
    for (int k = 0; k < b->nops; k++) p[k] = b->ops[k]->data;
    for (int d = b->nbd - 1; d >= 0; d--) {
      int64_t i = lin % b->bshape[d];
      lin /= b->bshape[d];
      for (int k = 0; k < b->nops; k++) p[k] += i * b->bs[k][d];
    }
    int c = b->fn(b->ctx, p, work);
    if (c && e < *failed) {
      *failed = e;
      *code = c;
    }
    if (c) return; /* later elements of this block cannot be the lowest failure */
  }
}

typedef struct {
  const ndi_la_batch *b;
  char *work;     /* b->work bytes per thread, or NULL */
  int64_t *fail;  /* per thread: the first failed element (INT64_MAX: none) */
  int *codes;     /* and its code */
} lapack_job;

static void lapack_block(void *ctx, int64_t begin, int64_t end, int thread) {
  const lapack_job *j = ctx;
  run_range(j->b, begin, end, j->work ? j->work + j->b->work * (size_t)thread : NULL,
            &j->fail[thread], &j->codes[thread]);
}

nd_status ndi_la_batch_run(const char *op, ndi_la_batch *b, int64_t *failed, int *code) {
  int64_t nb = 1;
  for (int i = 0; i < b->nbd; i++) nb *= b->bshape[i];
  *failed = -1;
  *code = 0;
  if (nb == 0) return ND_OK;
  int nt = nb > 1 ? ndi_threads_for((int64_t)((double)nb * b->cost / 4)) : 1;
  if (nt > nb) nt = (int)nb;
  if (nt > 64) nt = 64;
  char *work = NULL;
  if (b->work) {
    work = ndi_aligned_alloc(b->work * (size_t)nt);
    if (!work) return ndi_nomem(op, b->work * (size_t)nt);
  }
  int prev = ndi_la_blas_begin(nt, b->cost);
  int64_t fail[64];
  int codes[64];
  for (int t = 0; t < nt; t++) fail[t] = INT64_MAX;
  lapack_job job = {b, work, fail, codes};
  ndi_la_run_blocks(nb, nt, lapack_block, &job);
  ndi_la_blas_restore(prev);
  ndi_aligned_free(work, b->work * (size_t)nt);
  for (int t = 0; t < nt; t++)
    if (fail[t] != INT64_MAX && (*failed < 0 || fail[t] < *failed)) {
      *failed = fail[t];
      *code = codes[t];
    }
  return ND_OK;
}

nd_status ndi_la_batch_error(const char *op, const ndi_la_batch *b, int64_t failed,
                             const char *what) {
  char which[NDI_SHAPE_BUF + 32];
  ndi_la_fmt_batch(which, sizeof which, b->nbd, b->bshape, failed);
  return ndi_error(ND_ERR_LINALG, "%s: %s %s", op, which, what);
}
