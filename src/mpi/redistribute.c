/* Moving matrices between distributions with ScaLAPACK's p?gemr2d: scatter from one rank,
 * gather to one rank (or all), and redistribution to other blocks or another grid. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Bytes of the whole matrix p?gemr2d moves from or to one rank per call. It allocates a
 * send or receive buffer as large as that rank's part, so a matrix held on one rank goes
 * in column panels of about this size rather than all at once (which would also need a
 * second copy of the whole matrix there). */
#define NDM_PANEL_BYTES ((int64_t)64 << 20)

/* Copies the m x n matrix held whole (F order, leading dimension max(1, m)) on rank root
 * into the distributed d (to_distributed) or back, in column panels. `whole` is used on
 * the root only. */
static void move_whole(nd_dmatrix *d, int root, void *whole, bool to_distributed) {
  nd_grid *g = d->grid;
  int64_t m = d->shape[0], n = d->shape[1];
  if (m == 0 || n == 0) return;
  int rctxt = ndm_grid_root_ctxt(g, root);
  int64_t width = NDM_PANEL_BYTES / ((int64_t)d->sl->item * m);
  width = width / d->nb * d->nb; /* whole blocks of the distributed side */
  if (width < d->nb) width = d->nb;
  int one = 1, lld = (int)(m > 1 ? m : 1), ictxt = g->line_ctxt;
  for (int64_t j0 = 0; j0 < n; j0 += width) {
    int w = (int)(n - j0 < width ? n - j0 : width), mi = (int)m, jd = (int)j0 + 1;
    /* The panel as a 1 x 1-grid matrix of its own on the root. */
    int pdesc[9] = {1, rctxt, mi, w, mi, w, 0, 0, lld};
    char *panel = g->rank == root ? (char *)whole + (size_t)j0 * (size_t)m * d->sl->item : NULL;
    if (to_distributed)
      d->sl->gemr2d(&mi, &w, panel, &one, &one, pdesc, ndm_base(d), &one, &jd, d->desc, &ictxt);
    else
      d->sl->gemr2d(&mi, &w, ndm_base(d), &one, &jd, d->desc, panel, &one, &one, pdesc, &ictxt);
  }
}

nd_dmatrix *nd_dmatrix_scatter(nd_grid *g, const nd_array *a, int root, int64_t mb,
                               int64_t nb) {
  ndm_collective c;
  ndm_coll_begin(&c, "dmatrix_scatter");
  ndm_coll_grid(&c, "g", g);
  ndm_coll_value(&c, "root", root);
  ndm_coll_value(&c, "mb", mb);
  ndm_coll_value(&c, "nb", nb);
  bool am_root = false;
  if (g && (root < 0 || root >= g->size))
    ndm_coll_fail(&c, ND_ERR_VALUE, "dmatrix_scatter: root %d is out of range for a grid of %d ranks",
                  root, g->size);
  else if (g) am_root = g->rank == root;
  /* The root checks the array; the others learn its dtype and shape from the root. */
  int64_t meta[3] = {0, 0, 0};
  if (am_root && !c.st) {
    if (!a) {
      ndm_coll_fail(&c, ND_ERR_NULL, "dmatrix_scatter: argument a is NULL on the root (rank %d)", root);
    } else if (nd_ndim(a) != 2) {
      char shape[ND_SHAPE_TEXT];
      ndm_coll_fail(&c, ND_ERR_SHAPE, "dmatrix_scatter: a must be 2-D, got shape %s",
                    nd_format_shape(shape, sizeof shape, nd_ndim(a), nd_shape(a)));
    } else if (!ndm_sl_for(nd_dtype_of(a))) {
      ndm_coll_fail(&c, ND_ERR_TYPE, "dmatrix_scatter: dtype %s is not supported (" NDM_MPI_DTYPES_TEXT ")",
                    nd_dtype_name(nd_dtype_of(a)));
    } else {
      meta[0] = nd_dtype_of(a);
      meta[1] = nd_shape(a)[0];
      meta[2] = nd_shape(a)[1];
    }
  }
  if (ndm_agree(&c)) return NULL;
  MPI_Bcast(meta, 3, MPI_INT64_T, root, g->comm);
  nd_dmatrix *d = ndm_dmatrix_new(c.op, g, (nd_dtype)meta[0], meta[1], meta[2], mb, nb);
  if (!d) ndm_coll_failed(&c);
  /* The root sends from F-ordered memory: a itself when it is F-contiguous, else a copy. */
  nd_array *src = NULL;
  if (am_root && d) {
    src = nd_is_contiguous(a, ND_F) ? nd_retain((nd_array *)a) : nd_copy(a, ND_F);
    if (!src) ndm_coll_failed(&c);
  }
  if (ndm_agree(&c)) {
    nd_release(src);
    nd_dmatrix_free(d);
    return NULL;
  }
  move_whole(d, root, am_root ? nd_data(src) : NULL, true);
  nd_release(src);
  return ndm_dmatrix_publish(d);
}

/* MPI counts are int: large arrays are broadcast in pieces. */
static void bcast_bytes(void *p, size_t n, int root, MPI_Comm comm) {
  const size_t piece = (size_t)1 << 30;
  for (size_t off = 0; off < n; off += piece) {
    size_t len = n - off < piece ? n - off : piece;
    MPI_Bcast((char *)p + off, (int)len, MPI_BYTE, root, comm);
  }
}

nd_status nd_dmatrix_gather(const nd_dmatrix *d, int root, nd_array **out) {
  ndm_collective c;
  ndm_coll_begin(&c, "dmatrix_gather");
  ndm_coll_matrix(&c, "d", d);
  ndm_coll_value(&c, "root", root);
  if (out) *out = NULL;
  else ndm_coll_fail(&c, ND_ERR_NULL, "dmatrix_gather: argument out is NULL");
  nd_grid *g = d ? d->grid : NULL;
  if (g && (root < -1 || root >= g->size))
    ndm_coll_fail(&c, ND_ERR_VALUE, "dmatrix_gather: root %d is out of range for a grid of %d ranks (-1: every rank)",
                  root, g->size);
  int to = root < 0 ? 0 : root;
  nd_array *whole = NULL;
  if (!c.st && (root < 0 || g->rank == root)) {
    whole = nd_empty(d->dtype, ND_SHAPE(d->shape[0], d->shape[1]), ND_F);
    if (!whole) ndm_coll_failed(&c);
  }
  if (ndm_agree(&c)) {
    nd_release(whole);
    return c.st;
  }
  move_whole((nd_dmatrix *)d, to, g->rank == to ? nd_data(whole) : NULL, false);
  if (root < 0) bcast_bytes(nd_data(whole), nd_nbytes(whole), to, g->comm);
  *out = whole;
  return ND_OK;
}

/* ---- redistribution ------------------------------------------------------------------ */

nd_dmatrix *ndm_redistributed_copy(ndm_collective *c, const nd_dmatrix *a, nd_grid *g,
                                   int64_t mb, int64_t nb, nd_dtype t) {
  nd_dmatrix *b = ndm_dmatrix_new(c->op, g, t, a->shape[0], a->shape[1], mb, nb);
  if (!b) ndm_coll_failed(c);
  /* A dtype change is done locally first (the pieces of a on a's grid). */
  nd_dmatrix *conv = NULL;
  if (b && t != a->dtype) {
    conv = ndm_dmatrix_like(c->op, a, t);
    if (!conv || nd_assign(conv->local, a->local)) ndm_coll_failed(c);
  }
  if (ndm_agree(c)) {
    nd_dmatrix_free(conv);
    nd_dmatrix_free(b);
    return NULL;
  }
  const nd_dmatrix *src = conv ? conv : a;
  if (g == a->grid && b->mb == a->mb && b->nb == a->nb) {
    nd_assign(b->local, src->local); /* the same distribution: a local copy */
  } else if (a->shape[0] > 0 && a->shape[1] > 0) {
    int m = (int)a->shape[0], n = (int)a->shape[1], one = 1, ictxt = a->grid->line_ctxt;
    b->sl->gemr2d(&m, &n, ndm_base(src), &one, &one, src->desc, ndm_base(b), &one, &one,
                  b->desc, &ictxt);
  }
  nd_dmatrix_free(conv);
  return b;
}

nd_dmatrix *ndm_submatrix(ndm_collective *c, const nd_dmatrix *d, int64_t i0, int64_t j0, int64_t m, int64_t n) {
  nd_dmatrix *r = ndm_dmatrix_new(c->op, d->grid, d->dtype, m, n, d->mb, d->nb);
  if (!r) ndm_coll_failed(c);
  if (ndm_agree(c)) return nd_dmatrix_free(r), NULL;
  int mi = (int)m, ni = (int)n, ia = (int)i0 + 1, ja = (int)j0 + 1, one = 1, ictxt = d->grid->line_ctxt;
  if (m > 0 && n > 0)
    d->sl->gemr2d(&mi, &ni, ndm_base(d), &ia, &ja, d->desc, ndm_base(r), &one, &one, r->desc, &ictxt);
  return r;
}

nd_dmatrix *nd_dmatrix_redistribute(const nd_dmatrix *a, nd_grid *g, int64_t mb, int64_t nb) {
  ndm_collective c;
  ndm_coll_begin(&c, "dmatrix_redistribute");
  ndm_coll_matrix(&c, "a", a);
  ndm_coll_value(&c, "g", g ? g->serial : 0);
  ndm_coll_value(&c, "mb", mb);
  ndm_coll_value(&c, "nb", nb);
  if (a && !g) g = a->grid;
  if (a && g != a->grid) {
    /* p?gemr2d needs a context spanning both grids: a's serves when g has the same ranks. */
    int cmp;
    MPI_Comm_compare(a->grid->comm, g->comm, &cmp);
    if (cmp != MPI_IDENT && cmp != MPI_CONGRUENT && cmp != MPI_SIMILAR)
      ndm_coll_fail(&c, ND_ERR_VALUE, "dmatrix_redistribute: the grids span different ranks");
  }
  if (ndm_agree(&c)) return NULL;
  if (mb <= 0) mb = ndm_default_block(g, a->shape[0], a->shape[1]);
  if (nb <= 0) nb = ndm_default_block(g, a->shape[0], a->shape[1]);
  nd_dmatrix *b = ndm_redistributed_copy(&c, a, g, mb, nb, a->dtype);
  return ndm_dmatrix_publish(b);
}

const nd_dmatrix *ndm_as_dtype(ndm_collective *c, const nd_dmatrix *a, nd_dtype t,
                               nd_dmatrix **owned) {
  *owned = NULL;
  if (c->st || !a || a->dtype == t) return a;
  nd_dmatrix *conv = ndm_dmatrix_like(c->op, a, t);
  if (!conv || nd_assign(conv->local, a->local)) {
    ndm_coll_failed(c);
    nd_dmatrix_free(conv);
    return NULL;
  }
  *owned = conv;
  return conv;
}
