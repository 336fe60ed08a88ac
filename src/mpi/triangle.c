/* Work on the triangles of a distributed matrix, element by element by global position:
 * whether a triangle holds only finite values, and a Hermitian matrix made whole from its
 * lower triangle (for solvers that read both). */
#include <math.h>
#include <string.h>

#include "internal.h"

/* Whether global element (i, j) is in the part checked. */
static bool in_part(int64_t i, int64_t j, ndm_part part) {
  return part == NDM_PART_ALL || (part == NDM_PART_LOWER ? i >= j : i <= j);
}

bool ndm_part_finite(const nd_dmatrix *a, ndm_part part) {
  nd_grid *g = a->grid;
  int64_t ld = a->desc[8];
  /* a complex element is two reals, both checked */
  int per = a->sl->is_complex ? 2 : 1;
  bool single = a->sl->real == ND_FLOAT32;
  const void *base = ndm_base(a);
  for (int64_t lj = 0; lj < a->nloc; lj++) {
    int64_t j = ndm_local_to_global(lj, a->nb, g->mycol, g->npcol);
    for (int64_t li = 0; li < a->mloc; li++) {
      if (!in_part(ndm_local_to_global(li, a->mb, g->myrow, g->nprow), j, part)) continue;
      int64_t at = (li + lj * ld) * per;
      for (int r = 0; r < per; r++)
        if (single ? !isfinite(((const float *)base)[at + r]) : !isfinite(((const double *)base)[at + r]))
          return false;
    }
  }
  return true;
}

bool ndm_make_hermitian(ndm_collective *c, nd_dmatrix *h) {
  /* ht = h^H (p?tranc; p?tran for real dtypes), distributed as h since h is square with
   * square blocks: ht's element at a local position is h's mirror element. */
  nd_dmatrix *ht = ndm_dmatrix_like(c->op, h, h->dtype);
  if (!ht) ndm_coll_failed(c);
  if (ndm_agree(c)) return false;
  int n = (int)h->shape[0], one = 1;
  ndm_scalar_buf alpha = ndm_scalar_of(h->dtype, 1, 0), beta = ndm_scalar_of(h->dtype, 0, 0);
  if (n > 0)
    h->sl->tranc(&n, &n, &alpha, ndm_base(h), &one, &one, h->desc, &beta, ndm_base(ht), &one, &one, ht->desc);
  nd_grid *g = h->grid;
  int64_t ld = h->desc[8];
  size_t item = h->sl->item;
  char *dst = ndm_base(h);
  const char *src = ndm_base(ht);
  for (int64_t lj = 0; lj < h->nloc; lj++) {
    int64_t j = ndm_local_to_global(lj, h->nb, g->mycol, g->npcol);
    for (int64_t li = 0; li < h->mloc; li++) {
      int64_t i = ndm_local_to_global(li, h->mb, g->myrow, g->nprow);
      size_t at = (size_t)(li + lj * ld) * item;
      if (i < j) {
        memcpy(dst + at, src + at, item); /* the upper triangle: conj(h[j, i]) */
      } else if (i == j && h->sl->is_complex) {
        /* a Hermitian diagonal is real (LAPACK ignores its imaginary parts) */
        if (h->sl->real == ND_FLOAT32) ((float *)(dst + at))[1] = 0.0f;
        else ((double *)(dst + at))[1] = 0.0;
      }
    }
  }
  nd_dmatrix_free(ht);
  return true;
}
