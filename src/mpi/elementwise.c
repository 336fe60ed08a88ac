/* Elementwise operations between identically distributed matrices: nd's own elementwise
 * functions on each rank's piece; the only communication is the agreement. */
#include <string.h>

#include "internal.h"

/* Checks that a and b are distributed alike (same grid, shape and blocks). */
static void check_alike(ndm_collective *c, const nd_dmatrix *a, const nd_dmatrix *b) {
  if (c->st || !ndm_same_grid(c, a, b)) return;
  if (a->shape[0] != b->shape[0] || a->shape[1] != b->shape[1] || a->mb != b->mb || a->nb != b->nb) {
    char sa[NDM_MPI_SHAPE], sb[NDM_MPI_SHAPE];
    ndm_coll_fail(c, a->shape[0] != b->shape[0] || a->shape[1] != b->shape[1] ? ND_ERR_SHAPE : ND_ERR_VALUE,
                  "%s: a %s (blocks %lldx%lld) and b %s (blocks %lldx%lld) are distributed "
                  "differently (redistribute one with nd_dmatrix_redistribute)",
                  c->op, ndm_shape_str(a, sa), (long long)a->mb, (long long)a->nb,
                  ndm_shape_str(b, sb), (long long)b->mb, (long long)b->nb);
  }
}

typedef nd_status (*binary_out)(nd_array *out, const nd_array *a, const nd_array *b);

static nd_dmatrix *binary(const char *op, const nd_dmatrix *a, const nd_dmatrix *b, binary_out f) {
  ndm_collective c;
  ndm_coll_begin(&c, op);
  ndm_coll_matrix(&c, "a", a);
  ndm_coll_matrix(&c, "b", b);
  check_alike(&c, a, b);
  nd_dmatrix *r = NULL;
  if (!c.st) {
    int t = nd_result_type(a->dtype, b->dtype);
    nd_status st;
    if (!(r = ndm_dmatrix_like(op, a, (nd_dtype)t))) ndm_coll_failed(&c);
    else if ((st = f(r->local, a->local, b->local))) ndm_coll_failed_as(&c);
  }
  if (ndm_agree(&c)) return nd_dmatrix_free(r), NULL;
  return ndm_dmatrix_publish(r);
}

nd_dmatrix *nd_dmatrix_add(const nd_dmatrix *a, const nd_dmatrix *b) {
  return binary("dmatrix_add", a, b, nd_add_out);
}
nd_dmatrix *nd_dmatrix_subtract(const nd_dmatrix *a, const nd_dmatrix *b) {
  return binary("dmatrix_subtract", a, b, nd_subtract_out);
}
nd_dmatrix *nd_dmatrix_multiply(const nd_dmatrix *a, const nd_dmatrix *b) {
  return binary("dmatrix_multiply", a, b, nd_multiply_out);
}

nd_dmatrix *nd_dmatrix_scale(const nd_dmatrix *a, nd_scalar alpha) {
  ndm_collective c;
  ndm_coll_begin(&c, "dmatrix_scale");
  ndm_coll_matrix(&c, "a", a);
  /* alpha's kind and bits must match across ranks too */
  double re = alpha.kind == ND_SCALAR_COMPLEX ? alpha.v.c.re
              : alpha.kind == ND_SCALAR_FLOAT ? alpha.v.f
              : alpha.kind == ND_SCALAR_INT   ? (double)alpha.v.i
                                              : (double)alpha.v.b;
  double im = alpha.kind == ND_SCALAR_COMPLEX ? alpha.v.c.im : 0.0;
  int64_t bits[2];
  memcpy(&bits[0], &re, sizeof re);
  memcpy(&bits[1], &im, sizeof im);
  ndm_coll_value(&c, "alpha", (int64_t)alpha.kind);
  ndm_coll_value(&c, "alpha", bits[0]);
  ndm_coll_value(&c, "alpha", bits[1]);
  if ((unsigned)alpha.kind > ND_SCALAR_COMPLEX)
    ndm_coll_fail(&c, ND_ERR_VALUE, "dmatrix_scale: invalid scalar kind %d", (int)alpha.kind);
  nd_dmatrix *r = NULL;
  if (!c.st) {
    /* NEP 50: a Python-like scalar does not widen the precision, but a complex one makes
     * a real matrix complex. */
    nd_dtype t = a->dtype;
    if (alpha.kind == ND_SCALAR_COMPLEX && t == ND_FLOAT32) t = ND_COMPLEX64;
    if (alpha.kind == ND_SCALAR_COMPLEX && t == ND_FLOAT64) t = ND_COMPLEX128;
    nd_status st;
    if (!(r = ndm_dmatrix_like(c.op, a, t))) ndm_coll_failed(&c);
    else if ((st = nd_multiply_scalar_out(r->local, a->local, alpha))) ndm_coll_failed_as(&c);
  }
  if (ndm_agree(&c)) return nd_dmatrix_free(r), NULL;
  return ndm_dmatrix_publish(r);
}
