/* How a pairwise contraction becomes a batched matrix product (contract_map.c): which
 * labels form the product's M, N and K axes, which are looped over as batch axes, whether
 * an operand is copied first, and how the result is laid out; and the cost model that
 * chooses among these mappings, which einsum's path search shares. Internal to
 * src/linalg. */
#ifndef NDI_LINALG_CONTRACT_MAP_H
#define NDI_LINALG_CONTRACT_MAP_H

#include <stdbool.h>
#include <stdint.h>

#include "contract.h"

typedef struct ndi_lablist {
  int n;
  int lab[ND_MAX_DIMS];
} ndi_lablist;

/* A layout seen through labels: pos[label] is the axis carrying it, or -1. */
typedef struct ndi_labeled {
  int ndim;
  const int64_t *shape, *strides;
  int pos[NDI_LA_MAX_LABELS];
} ndi_labeled;

void ndi_la_label_layout(ndi_labeled *L, int ndim, const int64_t *shape, const int64_t *strides,
                         const int *lab);
/* Extent and stride of label l in L (1 and 0 where L lacks it). */
int64_t ndi_la_ext(const ndi_labeled *L, int l);
int64_t ndi_la_stride(const ndi_labeled *L, int l);
/* Can the labels of g, outermost first, be walked as one axis of L? Gives its extent and
 * stride (the innermost axis's; 0 for an empty group). Axes of extent 1 do not count. */
bool ndi_la_merge(const ndi_labeled *L, const ndi_lablist *g, int64_t *ext, int64_t *stride);
bool ndi_la_merges(const ndi_labeled *L, const ndi_lablist *g);
/* g sorted by decreasing |stride| in L (stable): the order in which L's axes merge. */
ndi_lablist ndi_la_by_strides(const ndi_labeled *L, const ndi_lablist *g);
/* g reordered as its labels appear in `order` (n labels). */
ndi_lablist ndi_la_in_order(const ndi_lablist *g, int n, const int *order);
void ndi_la_append(ndi_lablist *dst, const ndi_lablist *src);

/* The labels of a contraction x, y by role: batch (kept, in both), M (x only), N (y only),
 * K (in both, summed), in the operands' axis order. */
typedef struct ndi_la_groups {
  ndi_lablist B, M, N, K;
  bool loop_sums; /* summed labels may be looped over (the dtype is float or complex) */
} ndi_la_groups;

/* A mapping: the product C[loop..., M, N] = sum_{sum, K} x[loop..., M, sum..., K]
 * y[loop..., sum..., K, N] with M, N and K each one strided axis of the operands (after
 * the copies) and of the result; labels of `sum` are looped over, each index a product
 * accumulated into C (a looped product: nothing copied). */
typedef struct ndi_la_map {
  ndi_lablist loop;    /* batch labels: B, and labels of M or N looped over */
  ndi_lablist sum;     /* summed labels looped over (empty unless K would not merge) */
  ndi_lablist M, N, K; /* in merging order, outermost first */
  bool pack_x, pack_y; /* copy the operand first, into [B, M, K] / [B, K, N] */
  ndi_lablist order;   /* the result's axes, C-contiguous */
  double cost;         /* estimated seconds */
} ndi_la_map;

/* The cheapest mapping of x (Lx) times y (Ly) with groups g (K not empty), writing the
 * result in the label order `want` (nwant labels) when that is not slower than a layout
 * the product writes faster (the result is then a view in want's order). */
void ndi_la_choose_map(const ndi_labeled *Lx, const ndi_labeled *Ly, const ndi_la_groups *g,
                       int nwant, const int *want, ndi_la_map *out);

/* The cost model, in estimated seconds on two cores: a batch of nb products of m x n x k
 * (slow: C's contiguous axis is the short one, which OpenBLAS runs up to twice as slow
 * when the other is long), and copying elems elements with the transposing copy engine. */
double ndi_la_product_cost(double nb, double m, double n, double k, bool slow);
double ndi_la_copy_cost(double elems);

/* Can contractions of dtype t loop over summed labels (accumulating BLAS products: float32,
 * float64, complex64, complex128)? */
bool ndi_la_loops_sums(nd_dtype t);

#endif
