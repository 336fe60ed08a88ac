/* Small pairwise contractions (contract_small.c): the low-overhead path of
 * ndi_la_contract for products of up to NDI_LA_SMALL_MADDS multiply-adds (the steps of tensor
 * networks of bond dimension 2-8, small tensordots), where choosing among mappings costs
 * more than any choice saves. Internal to src/linalg. */
#ifndef NDI_LINALG_CONTRACT_SMALL_H
#define NDI_LINALG_CONTRACT_SMALL_H

#include <stdbool.h>

#include "contract_map.h"

/* Products of at most this many multiply-adds (batch included) take the small path.
 * Measured (bench/contract_measured.md, "Small contractions"): up to here the small path
 * ran every shape tried 1.2-2.9 times faster than the mapping search (1.4-2.5 us less per
 * call); plain products stay faster on it to 40^3, but a contraction that must permute
 * both operands and the result (abk,ckd->dbca) turns slower from about 10^5 (n = 10: 17
 * against 12 us), where the search's choice of what to copy pays. */
#define NDI_LA_SMALL_MADDS 32768

/* Does the contraction of x (Lx) and y (Ly) with groups g (K not empty, no extent 0)
 * take the small path? */
bool ndi_la_small_wanted(const ndi_labeled *Lx, const ndi_labeled *Ly, const ndi_la_groups *g);

/* ndi_la_contract's product on the small path: the result is C-contiguous in the label
 * order `want` (nwant labels, all of the kept ones; without it B, M, N), computed by
 * ndi_la_gemm_run (nd's direct kernel, its integer kernel, or BLAS); an operand whose M
 * (N) and K labels each walk as one strided axis is read in place, any other is first
 * copied into one buffer shared by the step (on the stack below a size limit). Same
 * dtype rules as ndi_la_contract. Fails only on allocation failure (message naming op). */
nd_status ndi_la_contract_small(const char *op, const ndi_la_term *x, const ndi_labeled *Lx,
                                const ndi_la_term *y, const ndi_labeled *Ly,
                                const ndi_la_groups *g, int nwant, const int *want,
                                bool conj_x, ndi_la_term *out);

#endif
