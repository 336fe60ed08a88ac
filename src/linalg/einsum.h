/* einsum internals: the parsed subscripts and the contraction-path optimiser. */
#ifndef NDI_LINALG_EINSUM_H
#define NDI_LINALG_EINSUM_H

#include <stdint.h>

#include "contract.h"
#include "nd/linalg.h"

/* Label ids: 'A'..'Z' are 0..25, 'a'..'z' 26..51 (so id order is NumPy's implicit-output
 * order), the axes '...' stands for 52, 53, ... from the left. */
#define NDI_EIN_LETTERS 52
_Static_assert(NDI_EIN_LETTERS + ND_MAX_DIMS <= NDI_LA_MAX_LABELS, "label ids fit");

typedef struct ndi_ein_spec {
  int nops;
  int nlab[ND_EINSUM_MAX_OPERANDS];             /* = ndim of each operand */
  int lab[ND_EINSUM_MAX_OPERANDS][ND_MAX_DIMS]; /* label of each axis (repeats allowed) */
  int nout;
  int out[ND_MAX_DIMS]; /* output labels, distinct */
  int64_t dim[NDI_LA_MAX_LABELS]; /* extent of each label (-1: unused) */
} ndi_ein_spec;

/* Parses the subscripts against the operands: labels per axis, the output (explicit or
 * NumPy's implicit one), extents (size-1 axes broadcast). Errors name op and the
 * position. */
nd_status ndi_einsum_parse(const char *op, const char *subscripts, int n, nd_array *const *ops,
                           ndi_ein_spec *spec);

/* A set of labels. */
typedef struct ndi_lset {
  uint64_t w[(NDI_LA_MAX_LABELS + 63) / 64];
} ndi_lset;

/* The pairwise order to contract n terms (label sets in[]) into `out`: writes n - 1 pairs
 * (i < j, positions in the current list; the result of a step goes to the end of the list,
 * NumPy's convention) and returns the FLOP estimate in NumPy's model (per step: the
 * product of the extents of all labels involved, times 2 when something is summed; plus
 * 1). Exhaustive search for up to NDI_EIN_EXHAUSTIVE terms, greedy beyond. */
#define NDI_EIN_EXHAUSTIVE 6
double ndi_einsum_optimize(int n, const ndi_lset *in, const ndi_lset *out, const int64_t *dim,
                           int *pairs);

static inline void ndi_lset_add(ndi_lset *s, int l) { s->w[l / 64] |= (uint64_t)1 << (l % 64); }
static inline bool ndi_lset_has(const ndi_lset *s, int l) {
  return (s->w[l / 64] >> (l % 64)) & 1;
}

#endif
