/* einsum internals: the parsed subscripts, the contraction-path search, the plan cache and
 * the path report. */
#ifndef NDI_LINALG_EINSUM_H
#define NDI_LINALG_EINSUM_H

#include <stddef.h>
#include <stdint.h>

#include "contract.h"
#include "nd/linalg.h"

/* Label ids: 'A'..'Z' are 0..25, 'a'..'z' 26..51 (so id order is NumPy's implicit-output
 * order), the axes '...' stands for NDI_EIN_ELLIPSIS, ... from the left, and other
 * characters (any non-ASCII one, as opt_einsum names labels beyond 52) NDI_EIN_OTHER and
 * up in code-point order. */
#define NDI_EIN_LETTERS 52
#define NDI_EIN_ELLIPSIS NDI_EIN_LETTERS
#define NDI_EIN_OTHER (NDI_EIN_ELLIPSIS + ND_MAX_DIMS)
#define NDI_EIN_MAX_OTHER (NDI_LA_MAX_LABELS - NDI_EIN_OTHER)
_Static_assert(NDI_EIN_MAX_OTHER >= 64, "room for labels beyond the letters");

typedef struct ndi_ein_spec {
  int nops;
  int *nlab;               /* [nops]: = ndim of each operand */
  int (*lab)[ND_MAX_DIMS]; /* [nops]: label of each axis (repeats allowed) */
  int nout;
  int out[ND_MAX_DIMS]; /* output labels, distinct */
  int64_t dim[NDI_LA_MAX_LABELS];  /* extent of each label (-1: unused) */
  uint32_t code[NDI_LA_MAX_LABELS]; /* the label's character (code point; 0 for '...' axes) */
} ndi_ein_spec;

/* A spec for n operands (NULL and a message naming op when out of memory); free with
 * ndi_ein_spec_free. */
ndi_ein_spec *ndi_ein_spec_new(const char *op, int n);
void ndi_ein_spec_free(ndi_ein_spec *sp);

/* Parses the subscripts against the operands: labels per axis, the output (explicit or
 * NumPy's implicit one), extents (size-1 axes broadcast). Errors name op and the
 * position (in bytes). */
nd_status ndi_einsum_parse(const char *op, const char *subscripts, int n, nd_array *const *ops,
                           ndi_ein_spec *sp);
/* The label as text (UTF-8, at most 4 bytes and a NUL) into buf; "." for '...' axes. */
char *ndi_ein_label_text(const ndi_ein_spec *sp, int l, char *buf);

/* A set of labels. */
typedef struct ndi_lset {
  uint64_t w[(NDI_LA_MAX_LABELS + 63) / 64];
} ndi_lset;

static inline void ndi_lset_add(ndi_lset *s, int l) { s->w[l / 64] |= (uint64_t)1 << (l % 64); }
static inline bool ndi_lset_has(const ndi_lset *s, int l) {
  return (s->w[l / 64] >> (l % 64)) & 1;
}
/* The smallest label of s from l on (0 <= l <= NDI_LA_MAX_LABELS), or NDI_LA_MAX_LABELS:
 * for (l = ndi_lset_next(s, 0); l < NDI_LA_MAX_LABELS; l = ndi_lset_next(s, l + 1)). */
static inline int ndi_lset_next(const ndi_lset *s, int l) {
  for (int w = l / 64; w < (NDI_LA_MAX_LABELS + 63) / 64; w++) {
    uint64_t bits = s->w[w] & (w == l / 64 ? ~(uint64_t)0 << (l % 64) : ~(uint64_t)0);
    if (bits) return w * 64 + __builtin_ctzll(bits);
  }
  return NDI_LA_MAX_LABELS;
}
static inline int ndi_lset_count(const ndi_lset *s) {
  int c = 0;
  for (int w = 0; w < (NDI_LA_MAX_LABELS + 63) / 64; w++) c += __builtin_popcountll(s->w[w]);
  return c;
}

/* A contraction order: n - 1 steps over a list of terms that starts with the operands;
 * step s contracts the terms at positions pairs[2s] < pairs[2s+1] of the current list
 * (pairs[2s+1] < 0: sums the one term at pairs[2s] down to what the others and the output
 * need), removes them and appends the result (NumPy's convention). */

/* The order einsum runs for the terms (their labels and layouts), found by `mode` (AUTO:
 * exhaustive over subsets for up to NDI_EIN_EXHAUSTIVE terms, greedy beyond): pairs only
 * (no one-term steps), each result within ND_MAX_DIMS axes where some order allows. */
#define NDI_EIN_EXHAUSTIVE 10
void ndi_einsum_plan(int n, const ndi_la_term *terms, const ndi_lset *out, const int64_t *dim,
                     nd_einsum_optimize mode, int *pairs);

/* NumPy's FLOP model of an order of nsteps steps (its einsum_path's "Optimized FLOP
 * count"): per step the product of the extents of every label involved, twice that when
 * something is summed; plus 1. With the largest intermediate's size in *largest when not
 * NULL. */
double ndi_einsum_flops(int n, const ndi_lset *in, const ndi_lset *out, const int64_t *dim,
                        const int *pairs, int nsteps, double *largest);

/* Most steps a path of n operands can have (n - 1 pairs and one-term steps), and the
 * steps of a path given in NumPy's format (nd_einsum_options.path) as pairs, checked:
 * every position in range and named once per contraction, everything contracted to one
 * term in the end. Errors name op and the contraction. */
#define NDI_EIN_MAX_STEPS(n) (2 * (n) + 2)
nd_status ndi_einsum_path_steps(const char *op, int n, const int *path, int len, int *pairs,
                                int *nsteps);

/* einsum_path's report (einsum_report.c) for the terms' label sets `in` and the steps; a
 * string the caller frees with free(), NULL (message) when out of memory. */
char *ndi_einsum_report(const ndi_ein_spec *sp, const ndi_lset *in, const int *pairs, int nsteps);

/* The plan cache: the pairs of the last plans, by key (the bytes of subscripts, mode and
 * the operands' shapes and strides). get copies them out and returns true on a hit. */
bool ndi_einsum_cache_get(const void *key, size_t len, int *pairs, int npairs);
void ndi_einsum_cache_put(const void *key, size_t len, const int *pairs, int npairs);

#endif
