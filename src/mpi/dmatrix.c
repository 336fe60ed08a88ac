/* The distributed matrix: its piece on this rank, its descriptor, the index arithmetic of
 * the block-cyclic layout, and the matrices made without communication (zeros, eye,
 * fromfunction). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

int64_t ndm_numroc(int64_t n, int64_t nb, int p, int np) {
  int64_t blocks = n / nb;             /* whole blocks */
  int64_t mine = blocks / np * nb;     /* every process gets this many full rounds */
  int64_t extra = blocks % np;         /* processes 0 .. extra-1 get one more block */
  if (p < extra) mine += nb;
  else if (p == extra) mine += n % nb; /* the partial last block */
  return mine;
}

int64_t ndm_default_block(const nd_grid *g, int64_t m, int64_t n) {
  /* 64 (the block ScaLAPACK's users commonly pick: large enough for BLAS 3 to run at
   * speed, small enough to balance the load); less for a small matrix, so that it still
   * spreads over the grid instead of sitting on its first process. */
  int64_t ext = m > n ? m : n;
  int np = g->nprow > g->npcol ? g->nprow : g->npcol;
  int64_t b = (ext + np - 1) / np;
  if (b > 64) b = 64;
  return b < 1 ? 1 : b;
}

static nd_status unsupported(const char *op, nd_dtype t) {
  const char *name = nd_dtype_name(t);
  if (name)
    return nd_set_error(ND_ERR_TYPE, "%s: dtype %s is not supported (" NDM_MPI_DTYPES_TEXT ")", op, name);
  return nd_set_error(ND_ERR_TYPE, "%s: invalid dtype %d", op, (int)t);
}

nd_dmatrix *ndm_dmatrix_new(const char *op, nd_grid *g, nd_dtype t, int64_t m, int64_t n,
                            int64_t mb, int64_t nb) {
  const ndm_sl *sl = ndm_sl_for(t);
  if (!sl) return unsupported(op, t), NULL;
  if (m < 0 || n < 0)
    return nd_set_error(ND_ERR_VALUE, "%s: negative extent in shape [%lld,%lld]", op, (long long)m,
                        (long long)n),
           NULL;
  if (mb <= 0) mb = ndm_default_block(g, m, n);
  if (nb <= 0) nb = ndm_default_block(g, m, n);
  if (m > INT_MAX || n > INT_MAX || mb > INT_MAX || nb > INT_MAX)
    return nd_set_error(ND_ERR_OVERFLOW,
                        "%s: shape [%lld,%lld] with blocks %lldx%lld does not fit ScaLAPACK's "
                        "32-bit integers",
                        op, (long long)m, (long long)n, (long long)mb, (long long)nb),
           NULL;
  nd_dmatrix *d = calloc(1, sizeof *d);
  if (!d) return nd_set_error(ND_ERR_NOMEM, "%s: out of memory (%zu bytes)", op, sizeof *d), NULL;
  d->grid = g;
  d->sl = sl;
  d->dtype = t;
  d->shape[0] = m;
  d->shape[1] = n;
  d->mb = mb;
  d->nb = nb;
  d->mloc = ndm_numroc(m, mb, g->myrow, g->nprow);
  d->nloc = ndm_numroc(n, nb, g->mycol, g->npcol);
  d->id = -1;
  int64_t lld = d->mloc > 1 ? d->mloc : 1;
  /* The memory is never empty, so ScaLAPACK always gets a valid address. */
  d->store = nd_zeros(t, ND_SHAPE(lld, d->nloc > 1 ? d->nloc : 1), ND_F);
  if (d->store) d->local = nd_index_items(d->store, ND_ITEMS(ND_UPTO(d->mloc), ND_UPTO(d->nloc)));
  if (!d->local) {
    nd_release(d->store);
    free(d);
    return NULL;
  }
  int desc[9] = {1, g->ctxt, (int)m, (int)n, (int)mb, (int)nb, 0, 0, (int)lld};
  memcpy(d->desc, desc, sizeof desc);
  ndm_grid_retain(g);
  return d;
}

nd_dmatrix *ndm_dmatrix_like(const char *op, const nd_dmatrix *d, nd_dtype t) {
  return ndm_dmatrix_new(op, d->grid, t, d->shape[0], d->shape[1], d->mb, d->nb);
}

nd_dmatrix *ndm_dmatrix_publish(nd_dmatrix *d) {
  if (d) d->id = d->grid->next_id++;
  return d;
}

void nd_dmatrix_free(nd_dmatrix *d) {
  if (!d) return;
  nd_release(d->local);
  nd_release(d->store);
  ndm_grid_release(d->grid);
  free(d);
}

ndm_scalar_buf ndm_scalar_of(nd_dtype t, double re, double im) {
  ndm_scalar_buf s;
  memset(&s, 0, sizeof s);
  switch (t) {
    case ND_FLOAT32: s.f = (float)re; break;
    case ND_COMPLEX64: s.fc[0] = (float)re; s.fc[1] = (float)im; break;
    case ND_COMPLEX128: s.dc[0] = re; s.dc[1] = im; break;
    default: s.d = re; break;
  }
  return s;
}

/* ---- inspection ---------------------------------------------------------------------- */

nd_array *nd_dmatrix_local(const nd_dmatrix *d) {
  if (!d) {
    nd_null_arg("dmatrix_local", "d");
    return NULL;
  }
  return nd_index_items(d->local, 0, NULL);
}

nd_grid *nd_dmatrix_grid(const nd_dmatrix *d) { return d ? d->grid : NULL; }
nd_dtype nd_dmatrix_dtype(const nd_dmatrix *d) { return d ? d->dtype : (nd_dtype)-1; }
const int64_t *nd_dmatrix_shape(const nd_dmatrix *d) { return d ? d->shape : NULL; }
const int *nd_dmatrix_descriptor(const nd_dmatrix *d) { return d ? d->desc : NULL; }

nd_status nd_dmatrix_blocks(const nd_dmatrix *d, int64_t *mb, int64_t *nb) {
  if (!d) return nd_null_arg("dmatrix_blocks", "d");
  if (mb) *mb = d->mb;
  if (nb) *nb = d->nb;
  return ND_OK;
}

int64_t nd_dmatrix_global_row(const nd_dmatrix *d, int64_t li) {
  if (!d || li < 0 || li >= d->mloc) return -1;
  return ndm_local_to_global(li, d->mb, d->grid->myrow, d->grid->nprow);
}

int64_t nd_dmatrix_global_col(const nd_dmatrix *d, int64_t lj) {
  if (!d || lj < 0 || lj >= d->nloc) return -1;
  return ndm_local_to_global(lj, d->nb, d->grid->mycol, d->grid->npcol);
}

nd_status nd_dmatrix_locate(const nd_dmatrix *d, int64_t i, int64_t j, int *prow, int *pcol,
                            int64_t *li, int64_t *lj) {
  if (!d) return nd_null_arg("dmatrix_locate", "d");
  if (i < 0 || i >= d->shape[0] || j < 0 || j >= d->shape[1])
    return nd_set_error(ND_ERR_INDEX, "dmatrix_locate: index (%lld, %lld) is out of range for shape [%lld,%lld]",
                        (long long)i, (long long)j, (long long)d->shape[0], (long long)d->shape[1]);
  if (prow) *prow = ndm_owner(i, d->mb, d->grid->nprow);
  if (pcol) *pcol = ndm_owner(j, d->nb, d->grid->npcol);
  if (li) *li = ndm_global_to_local(i, d->mb, d->grid->nprow);
  if (lj) *lj = ndm_global_to_local(j, d->nb, d->grid->npcol);
  return ND_OK;
}

/* ---- matrices made where they live --------------------------------------------------- */

/* The collective prologue of the creation functions: arguments, then the new matrix. */
static nd_dmatrix *create(ndm_collective *c, nd_grid *g, nd_dtype t, int64_t m, int64_t n,
                          int64_t mb, int64_t nb) {
  ndm_coll_grid(c, "g", g);
  ndm_coll_value(c, "dtype", t);
  ndm_coll_value(c, "m", m);
  ndm_coll_value(c, "n", n);
  ndm_coll_value(c, "mb", mb);
  ndm_coll_value(c, "nb", nb);
  nd_dmatrix *d = NULL;
  if (!c->st && !(d = ndm_dmatrix_new(c->op, g, t, m, n, mb, nb))) ndm_coll_failed(c);
  return d;
}

nd_dmatrix *nd_dmatrix_zeros(nd_grid *g, nd_dtype t, int64_t m, int64_t n, int64_t mb,
                             int64_t nb) {
  ndm_collective c;
  ndm_coll_begin(&c, "dmatrix_zeros");
  nd_dmatrix *d = create(&c, g, t, m, n, mb, nb);
  if (ndm_agree(&c)) return nd_dmatrix_free(d), NULL;
  return ndm_dmatrix_publish(d);
}

/* Writes value (re, im) at local (li, lj), converting to the matrix's dtype. */
static void put(nd_dmatrix *d, int64_t li, int64_t lj, double re, double im) {
  int64_t at = li + lj * d->desc[8];
  void *base = ndm_base(d);
  switch (d->dtype) {
    case ND_FLOAT32: ((float *)base)[at] = (float)re; break;
    case ND_FLOAT64: ((double *)base)[at] = re; break;
    case ND_COMPLEX64:
      ((float *)base)[2 * at] = (float)re;
      ((float *)base)[2 * at + 1] = (float)im;
      break;
    default:
      ((double *)base)[2 * at] = re;
      ((double *)base)[2 * at + 1] = im;
      break;
  }
}

nd_dmatrix *nd_dmatrix_eye(nd_grid *g, nd_dtype t, int64_t n, int64_t m, int64_t k, int64_t mb,
                           int64_t nb) {
  ndm_collective c;
  ndm_coll_begin(&c, "dmatrix_eye");
  ndm_coll_value(&c, "k", k);
  nd_dmatrix *d = create(&c, g, t, n, m, mb, nb);
  if (ndm_agree(&c)) return nd_dmatrix_free(d), NULL;
  /* Element (i, i + k) for each local column j = i + k whose row i is ours. */
  for (int64_t lj = 0; lj < d->nloc; lj++) {
    int64_t j = ndm_local_to_global(lj, d->nb, g->mycol, g->npcol), i = j - k;
    if (i >= 0 && i < n && ndm_owner(i, d->mb, g->nprow) == g->myrow)
      put(d, ndm_global_to_local(i, d->mb, g->nprow), lj, 1.0, 0.0);
  }
  return ndm_dmatrix_publish(d);
}

static nd_dmatrix *from_function(const char *op, nd_grid *g, nd_dtype t, int64_t m, int64_t n,
                                 int64_t mb, int64_t nb, nd_dmatrix_fn f,
                                 nd_dmatrix_complex_fn fc, void *ctx) {
  ndm_collective c;
  ndm_coll_begin(&c, op);
  nd_dmatrix *d = create(&c, g, t, m, n, mb, nb);
  if (!f && !fc) ndm_coll_fail(&c, ND_ERR_NULL, "%s: argument f is NULL", op);
  if (ndm_agree(&c)) return nd_dmatrix_free(d), NULL;
  for (int64_t lj = 0; lj < d->nloc; lj++) {
    int64_t j = ndm_local_to_global(lj, d->nb, g->mycol, g->npcol);
    for (int64_t li = 0; li < d->mloc; li++) {
      int64_t i = ndm_local_to_global(li, d->mb, g->myrow, g->nprow);
      double re, im = 0.0;
      if (f) re = f(i, j, ctx);
      else fc(i, j, ctx, &re, &im);
      put(d, li, lj, re, im);
    }
  }
  return ndm_dmatrix_publish(d);
}

nd_dmatrix *nd_dmatrix_fromfunction(nd_grid *g, nd_dtype t, int64_t m, int64_t n, int64_t mb,
                                    int64_t nb, nd_dmatrix_fn f, void *ctx) {
  return from_function("dmatrix_fromfunction", g, t, m, n, mb, nb, f, NULL, ctx);
}

nd_dmatrix *nd_dmatrix_fromfunction_complex(nd_grid *g, nd_dtype t, int64_t m, int64_t n,
                                            int64_t mb, int64_t nb, nd_dmatrix_complex_fn f,
                                            void *ctx) {
  return from_function("dmatrix_fromfunction_complex", g, t, m, n, mb, nb, NULL, f, ctx);
}
