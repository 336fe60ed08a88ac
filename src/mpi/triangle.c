/* Work on the triangles of a distributed matrix, element by element by global position:
 * whether a triangle holds only finite values, and a Hermitian matrix made whole from its
 * lower triangle (for solvers that read both). */
#include <math.h>
#include <string.h>

#include "internal.h"

/* Whether global element (i, j) is in the part checked. */
static bool in_part(int64_t i, int64_t j, ndi_part part) {
  return part == NDI_PART_ALL || (part == NDI_PART_LOWER ? i >= j : i <= j);
}

bool ndi_part_finite(const nd_dmatrix *a, ndi_part part) {
  nd_grid *g = a->grid;
  int64_t ld = a->desc[8];
  /* a complex element is two reals, both checked */
  int per = a->sl->is_complex ? 2 : 1;
  bool single = a->sl->real == ND_FLOAT32;
  const void *base = ndi_base(a);
  for (int64_t lj = 0; lj < a->nloc; lj++) {
    int64_t j = ndi_local_to_global(lj, a->nb, g->mycol, g->npcol);
    for (int64_t li = 0; li < a->mloc; li++) {
      if (!in_part(ndi_local_to_global(li, a->mb, g->myrow, g->nprow), j, part)) continue;
      int64_t at = (li + lj * ld) * per;
      for (int r = 0; r < per; r++)
        if (single ? !isfinite(((const float *)base)[at + r]) : !isfinite(((const double *)base)[at + r]))
          return false;
    }
  }
  return true;
}

bool ndi_make_hermitian(ndi_collective *c, nd_dmatrix *h) {
  /* ht = h^H (p?tranc; p?tran for real dtypes), distributed as h since h is square with
   * square blocks: ht's element at a local position is h's mirror element. */
  nd_dmatrix *ht = ndi_dmatrix_like(c->op, h, h->dtype);
  if (!ht) ndi_coll_failed(c);
  if (ndi_agree(c)) return false;
  int n = (int)h->shape[0], one = 1;
  ndi_scalar_buf alpha = ndi_scalar_of(h->dtype, 1, 0), beta = ndi_scalar_of(h->dtype, 0, 0);
  if (n > 0)
    h->sl->tranc(&n, &n, &alpha, ndi_base(h), &one, &one, h->desc, &beta, ndi_base(ht), &one, &one, ht->desc);
  nd_grid *g = h->grid;
  int64_t ld = h->desc[8];
  size_t item = h->sl->item;
  char *dst = ndi_base(h);
  const char *src = ndi_base(ht);
  for (int64_t lj = 0; lj < h->nloc; lj++) {
    int64_t j = ndi_local_to_global(lj, h->nb, g->mycol, g->npcol);
    for (int64_t li = 0; li < h->mloc; li++) {
      int64_t i = ndi_local_to_global(li, h->mb, g->myrow, g->nprow);
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
