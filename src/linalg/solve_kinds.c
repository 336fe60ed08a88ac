/* Solves of a x = b that use what is known about a: general (LU with partial pivoting,
 * ?gesv, nd_linalg_solve), symmetric or Hermitian indefinite (Bunch-Kaufman, ?sysv /
 * ?hesv), positive definite (Cholesky, ?posv), triangular (?trtrs), and the solves with
 * a factorisation computed before: a Cholesky factor (?potrs) or an LU factorisation
 * with its pivots (?getrs). One driver serves them all: shapes (NumPy 2's rule for b: a
 * vector when 1-D, else a stack of [N, K] matrices; batch axes broadcast with a's),
 * dtypes, the batch, and one element function that loads a and b into column-major
 * buffers and calls the kind's LAPACK routine. */
#include <string.h>

#include "core/dtype.h"
#include "la_typed.h"
#include "lapack_batch.h"
#include "nd/decomp.h"
#include "nd/linalg.h"

typedef enum {
  KIND_GENERAL, KIND_SYMMETRIC, KIND_HERMITIAN, KIND_POSDEF, KIND_TRIANGULAR, KIND_CHOLESKY, KIND_LU
} solve_kind;

enum { FAIL_SINGULAR = 1, FAIL_NOT_PD, FAIL_PIVOT, FAIL_NOMEM };

typedef struct {
  solve_kind kind;
  char uplo, trans, diag;      /* the triangle read, op(a) and a unit diagonal */
  nd_dtype ct, at, pt, bt, xt; /* compute dtype; a, pivots, b and x dtypes */
  int64_t n, k;                /* order, right-hand sides */
  int64_t ars, acs, ps, brs, bcs, xrs, xcs;
  int ib, ix;                  /* operand positions of b and x */
} solve_ctx;

static int64_t ld_of(int64_t n) { return n > 1 ? n : 1; }

/* Whether the diagonal of the n x n column-major matrix a has an exact zero. */
static bool zero_on_diagonal(nd_dtype t, const void *a, int64_t ld, int64_t n) {
  int64_t w = t == ND_COMPLEX128 ? 2 : 1;
  for (int64_t i = 0; i < n; i++) {
    const double *d = (const double *)a + (i * ld + i) * w;
    if (d[0] == 0 && (w == 1 || d[1] == 0)) return true;
  }
  return false;
}

/* lu_solve's 0-based pivots (any integer dtype) as getrs's 1-based ones; false if one is
 * outside [0, n). */
static bool load_pivots(const solve_ctx *c, lapack_int *ipiv, const char *src) {
  int64_t tmp[64];
  for (int64_t i0 = 0; i0 < c->n; i0 += 64) {
    int64_t cnt = c->n - i0 < 64 ? c->n - i0 : 64;
    ndi_la_load(ND_INT64, tmp, cnt, cnt, 1, src + i0 * c->ps * (int64_t)ndi_dtype_size(c->pt), c->pt, c->ps, 0);
    for (int64_t i = 0; i < cnt; i++) {
      if (tmp[i] < 0 || tmp[i] >= c->n) return false;
      ipiv[i0 + i] = (lapack_int)(tmp[i] + 1);
    }
  }
  return true;
}

static int solve_one(const solve_ctx *c, void *wa, lapack_int *ipiv, void *wb) {
  int64_t n = c->n, ld = ld_of(n), k = c->k;
  int info = 0;
  switch (c->kind) {
    case KIND_GENERAL:
      info = c->ct == ND_FLOAT64
                 ? LAPACKE_dgesv_work(LAPACK_COL_MAJOR, (lapack_int)n, (lapack_int)k, wa, (lapack_int)ld, ipiv, wb,
                                      (lapack_int)ld)
                 : LAPACKE_zgesv_work(LAPACK_COL_MAJOR, (lapack_int)n, (lapack_int)k, wa, (lapack_int)ld, ipiv, wb,
                                      (lapack_int)ld);
      return info > 0 ? FAIL_SINGULAR : 0;
    case KIND_SYMMETRIC:
    case KIND_HERMITIAN:
      info = ndi_la_sysv(c->ct, c->kind == KIND_HERMITIAN, c->uplo, n, k, wa, ld, ipiv, wb, ld);
      return NDI_LA_NOMEM(info) ? FAIL_NOMEM : info > 0 ? FAIL_SINGULAR : 0;
    case KIND_POSDEF:
      info = ndi_la_potrf(c->ct, c->uplo, n, wa, ld);
      if (info > 0) return FAIL_NOT_PD;
      ndi_la_potrs(c->ct, c->uplo, n, k, wa, ld, wb, ld);
      return 0;
    case KIND_TRIANGULAR:
      info = ndi_la_trtrs(c->ct, c->uplo, c->trans, c->diag, n, k, wa, ld, wb, ld);
      return info > 0 ? FAIL_SINGULAR : 0;
    case KIND_CHOLESKY:
      if (zero_on_diagonal(c->ct, wa, ld, n)) return FAIL_SINGULAR;
      ndi_la_potrs(c->ct, c->uplo, n, k, wa, ld, wb, ld);
      return 0;
    case KIND_LU:
      if (zero_on_diagonal(c->ct, wa, ld, n)) return FAIL_SINGULAR;
      ndi_la_getrs(c->ct, c->trans, n, k, wa, ld, ipiv, wb, ld);
      return 0;
  }
  return 0;
}

static int solve_elem(void *vctx, char *const *p, void *work) {
  const solve_ctx *c = vctx;
  int64_t n = c->n, ld = ld_of(n), es = (int64_t)ndi_dtype_size(c->ct);
  char *wa = work, *wb = wa + ndi_la_round((size_t)(ld * n * es));
  lapack_int *ipiv = (lapack_int *)(wb + ndi_la_round((size_t)(ld * c->k * es)));
  ndi_la_load(c->ct, wa, ld, n, n, p[0], c->at, c->ars, c->acs);
  if (c->kind == KIND_LU && !load_pivots(c, ipiv, p[1])) return FAIL_PIVOT;
  ndi_la_load(c->ct, wb, ld, n, c->k, p[c->ib], c->bt, c->brs, c->bcs);
  int code = solve_one(c, wa, ipiv, wb);
  if (code) return code;
  ndi_la_store(c->xt, p[c->ix], c->xrs, c->xcs, n, c->k, wb, c->ct, ld);
  return 0;
}

static const char *failure(const solve_ctx *c, int code) {
  switch (code) {
    case FAIL_NOT_PD: return "is not positive definite";
    case FAIL_PIVOT: return "has a pivot outside [0, N)";
    default: return "is singular";
  }
}

/* Checks b against a [..., N, N] with NumPy 2's rule; *vec: b is one vector. */
static nd_status check_rhs(const char *op, const nd_array *a, const nd_array *b, bool *vec) {
  int64_t n = a->shape[a->ndim - 1];
  char sa[NDI_SHAPE_BUF], sb[NDI_SHAPE_BUF];
  if (b->ndim == 0)
    return ndi_error(ND_ERR_SHAPE, "%s: b must have at least 1 dimension (a is %s, b is 0-d)", op,
                     ndi_fmt_shape(sa, sizeof sa, a->ndim, a->shape));
  *vec = b->ndim == 1;
  int64_t bm = b->shape[*vec ? 0 : b->ndim - 2];
  if (bm != n)
    return ndi_error(ND_ERR_SHAPE, "%s: a %s and b %s do not match (a has %lld rows, b %lld)", op,
                     ndi_fmt_shape(sa, sizeof sa, a->ndim, a->shape), ndi_fmt_shape(sb, sizeof sb, b->ndim, b->shape),
                     (long long)n, (long long)bm);
  return ND_OK;
}

/* Checks lu_solve's pivots: an integer array [..., N]. */
static nd_status check_pivots(const char *op, const nd_array *a, const nd_array *piv) {
  char sa[NDI_SHAPE_BUF], sp[NDI_SHAPE_BUF];
  char kind = ndi_dtype_kind(piv->dtype);
  if (kind != 'i' && kind != 'u')
    return ndi_error(ND_ERR_TYPE, "%s: pivots must be integers, not %s", op, nd_dtype_name(piv->dtype));
  if (piv->ndim < 1 || piv->shape[piv->ndim - 1] != a->shape[a->ndim - 1])
    return ndi_error(ND_ERR_SHAPE, "%s: pivots %s do not match lu %s (one pivot per row)", op,
                     ndi_fmt_shape(sp, sizeof sp, piv->ndim, piv->shape), ndi_fmt_shape(sa, sizeof sa, a->ndim, a->shape));
  return ND_OK;
}

static nd_array *solve_run(const char *op, solve_ctx *c, const nd_array *a, const nd_array *piv,
                           const nd_array *b) {
  bool vec = false;
  if (ndi_la_check_matrix(op, a, true) || check_rhs(op, a, b, &vec)) return NULL;
  if (piv && check_pivots(op, a, piv)) return NULL;
  int64_t n = a->shape[a->ndim - 1];
  if (ndi_la_check_lapack_size(op, n)) return NULL;
  nd_dtype ts[2] = {a->dtype, b->dtype};
  ndi_la_dtypes(2, ts, &c->ct, &c->xt);
  c->n = n;
  c->k = vec ? 1 : b->shape[b->ndim - 1];
  if (ndi_la_check_lapack_size(op, c->k)) return NULL;
  c->at = a->dtype;
  c->bt = b->dtype;
  c->ars = a->strides[a->ndim - 2];
  c->acs = a->strides[a->ndim - 1];
  c->brs = b->strides[vec ? 0 : b->ndim - 2];
  c->bcs = vec ? 0 : b->strides[b->ndim - 1];
  if (piv) {
    c->pt = piv->dtype;
    c->ps = piv->strides[piv->ndim - 1];
  }
  ndi_la_batch B;
  const nd_array *in[3] = {a, piv ? piv : b, b};
  const int core[3] = {2, piv ? 1 : (vec ? 1 : 2), vec ? 1 : 2};
  if (ndi_la_batch_init(op, &B, piv ? 3 : 2, in, core)) return NULL;
  c->ib = piv ? 2 : 1;
  int64_t oc[2] = {n, c->k};
  nd_array *x = ndi_la_alloc(op, c->xt, &B, vec ? 1 : 2, oc);
  if (!x) return NULL;
  c->xrs = x->strides[x->ndim - (vec ? 1 : 2)];
  c->xcs = vec ? 0 : 1;
  c->ix = ndi_la_batch_add(&B, x, vec ? 1 : 2);
  B.fn = solve_elem;
  B.ctx = c;
  int64_t ld = ld_of(n), es = (int64_t)ndi_dtype_size(c->ct);
  B.work = ndi_la_round((size_t)(ld * n * es)) + ndi_la_round((size_t)(ld * c->k * es)) +
           ndi_la_round(sizeof(lapack_int) * (size_t)ld);
  bool factored = c->kind == KIND_CHOLESKY || c->kind == KIND_LU || c->kind == KIND_TRIANGULAR;
  B.cost = (double)n * n * ((factored ? 0 : n) + c->k);
  int64_t failed;
  int code;
  nd_status st = ndi_la_batch_run(op, &B, &failed, &code);
  if (!st && failed >= 0)
    st = code == FAIL_NOMEM ? ndi_error(ND_ERR_NOMEM, "%s: out of memory (LAPACK workspace)", op)
                            : ndi_la_batch_error(op, &B, failed, failure(c, code));
  if (st) {
    nd_release(x);
    return NULL;
  }
  return x;
}

static nd_status check_trans(const char *op, nd_trans trans) {
  if (trans != ND_TRANS_N && trans != ND_TRANS_T && trans != ND_TRANS_C)
    return ndi_error(ND_ERR_VALUE, "%s: invalid trans %d (ND_TRANS_N, ND_TRANS_T or ND_TRANS_C)", op, (int)trans);
  return ND_OK;
}

static char trans_char(nd_trans t) { return t == ND_TRANS_N ? 'N' : t == ND_TRANS_T ? 'T' : 'C'; }

nd_array *nd_linalg_solve(const nd_array *a, const nd_array *b) {
  NDI_REQUIRE("solve", a);
  NDI_REQUIRE("solve", b);
  solve_ctx c = {.kind = KIND_GENERAL};
  return solve_run("solve", &c, a, NULL, b);
}

nd_array *nd_linalg_solve_ex(const nd_array *a, const nd_array *b, nd_assume assume, bool lower) {
  NDI_REQUIRE("solve", a);
  NDI_REQUIRE("solve", b);
  solve_ctx c = {.uplo = lower ? 'L' : 'U', .trans = 'N', .diag = 'N'};
  switch (assume) {
    case ND_ASSUME_GENERAL: c.kind = KIND_GENERAL; break;
    case ND_ASSUME_SYMMETRIC: c.kind = KIND_SYMMETRIC; break;
    case ND_ASSUME_HERMITIAN: c.kind = KIND_HERMITIAN; break;
    case ND_ASSUME_POSITIVE_DEFINITE: c.kind = KIND_POSDEF; break;
    case ND_ASSUME_LOWER_TRIANGULAR: c.kind = KIND_TRIANGULAR; c.uplo = 'L'; break;
    case ND_ASSUME_UPPER_TRIANGULAR: c.kind = KIND_TRIANGULAR; c.uplo = 'U'; break;
    default: return ndi_error_null(ND_ERR_VALUE, "solve: invalid assume_a %d", (int)assume);
  }
  return solve_run("solve", &c, a, NULL, b);
}

nd_array *nd_linalg_solve_triangular(const nd_array *a, const nd_array *b, nd_trans trans,
                                     bool lower, bool unit_diagonal) {
  const char *op = "solve_triangular";
  NDI_REQUIRE(op, a);
  NDI_REQUIRE(op, b);
  if (check_trans(op, trans)) return NULL;
  solve_ctx c = {.kind = KIND_TRIANGULAR, .uplo = lower ? 'L' : 'U', .trans = trans_char(trans),
                 .diag = unit_diagonal ? 'U' : 'N'};
  return solve_run(op, &c, a, NULL, b);
}

nd_array *nd_linalg_cho_solve(const nd_array *c, bool lower, const nd_array *b) {
  NDI_REQUIRE("cho_solve", c);
  NDI_REQUIRE("cho_solve", b);
  solve_ctx ctx = {.kind = KIND_CHOLESKY, .uplo = lower ? 'L' : 'U'};
  return solve_run("cho_solve", &ctx, c, NULL, b);
}

nd_array *nd_linalg_lu_solve(const nd_array *lu, const nd_array *piv, const nd_array *b,
                             nd_trans trans) {
  const char *op = "lu_solve";
  NDI_REQUIRE(op, lu);
  NDI_REQUIRE(op, piv);
  NDI_REQUIRE(op, b);
  if (check_trans(op, trans)) return NULL;
  solve_ctx c = {.kind = KIND_LU, .trans = trans_char(trans)};
  return solve_run(op, &c, lu, piv, b);
}
