/* Matrix norms (p?lange) and the trace. */
#include <stdlib.h>

#include "internal.h"

nd_array *nd_dmatrix_norm(const nd_dmatrix *a, nd_norm_ord ord) {
  ndm_collective c;
  ndm_coll_begin(&c, "dmatrix_norm");
  ndm_coll_matrix(&c, "a", a);
  ndm_coll_value(&c, "ord", ord);
  const char *which = ord == ND_NORM_FRO ? "F" : ord == ND_NORM_1 ? "1" : ord == ND_NORM_INF ? "I" : NULL;
  if (!which)
    ndm_coll_fail(&c, ND_ERR_VALUE, "dmatrix_norm: order %d is not supported for distributed matrices (ND_NORM_FRO, ND_NORM_1 or ND_NORM_INF)",
                  (int)ord);
  nd_array *out = NULL;
  void *work = NULL;
  if (!c.st) {
    /* p?lange's workspace: LOCr rows for 'I', LOCc columns for '1', plus a block each */
    out = nd_zeros(a->sl->real, 0, NULL, ND_C);
    if (!out) ndm_coll_failed(&c);
    else work = ndm_coll_alloc_elems(&c, a->mloc + a->nloc + a->mb + a->nb, a->sl->real);
  }
  if (ndm_agree(&c)) {
    nd_release(out);
    free(work);
    return NULL;
  }
  int m = (int)a->shape[0], n = (int)a->shape[1], one = 1;
  if (m > 0 && n > 0) {
    /* the result is the same on every process of the grid */
    if (a->sl->lange_single)
      *(float *)nd_data(out) = a->sl->lange_single(which, &m, &n, ndm_base(a), &one, &one, a->desc, work, 1);
    else
      *(double *)nd_data(out) = a->sl->lange_double(which, &m, &n, ndm_base(a), &one, &one, a->desc, work, 1);
  }
  free(work);
  return out;
}

nd_array *nd_dmatrix_trace(const nd_dmatrix *a) {
  ndm_collective c;
  ndm_coll_begin(&c, "dmatrix_trace");
  ndm_coll_matrix(&c, "a", a);
  nd_array *out = NULL;
  if (!c.st && !(out = nd_zeros(a->dtype, 0, NULL, ND_C))) ndm_coll_failed(&c);
  if (ndm_agree(&c)) return nd_release(out), NULL;
  /* This rank's diagonal elements: for each local column, its global row if ours. */
  nd_grid *g = a->grid;
  int64_t k = a->shape[0] < a->shape[1] ? a->shape[0] : a->shape[1];
  double sum[2] = {0, 0};
  int64_t ld = a->desc[8];
  for (int64_t lj = 0; lj < a->nloc; lj++) {
    int64_t j = ndm_local_to_global(lj, a->nb, g->mycol, g->npcol);
    if (j >= k || ndm_owner(j, a->mb, g->nprow) != g->myrow) continue;
    int64_t at = ndm_global_to_local(j, a->mb, g->nprow) + lj * ld;
    const void *base = ndm_base(a);
    switch (a->dtype) {
      case ND_FLOAT32: sum[0] += ((const float *)base)[at]; break;
      case ND_FLOAT64: sum[0] += ((const double *)base)[at]; break;
      case ND_COMPLEX64:
        sum[0] += ((const float *)base)[2 * at];
        sum[1] += ((const float *)base)[2 * at + 1];
        break;
      default:
        sum[0] += ((const double *)base)[2 * at];
        sum[1] += ((const double *)base)[2 * at + 1];
        break;
    }
  }
  MPI_Allreduce(MPI_IN_PLACE, sum, 2, MPI_DOUBLE, MPI_SUM, g->comm);
  void *p = nd_data(out);
  switch (a->dtype) {
    case ND_FLOAT32: *(float *)p = (float)sum[0]; break;
    case ND_FLOAT64: *(double *)p = sum[0]; break;
    case ND_COMPLEX64: ((float *)p)[0] = (float)sum[0], ((float *)p)[1] = (float)sum[1]; break;
    default: ((double *)p)[0] = sum[0], ((double *)p)[1] = sum[1]; break;
  }
  return out;
}
