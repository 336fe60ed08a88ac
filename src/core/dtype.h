/* The dtype table: names, sizes, kinds. */
#ifndef NDI_DTYPE_H
#define NDI_DTYPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dtype_list.h"
#include "nd/types.h"

typedef struct ndi_dtype_info {
  const char *name;
  size_t size;
  char kind; /* 'b', 'i', 'u', 'f', 'c' */
} ndi_dtype_info;

extern const ndi_dtype_info ndi_dtype_table[ND_NUM_DTYPES];

static inline int ndi_dtype_ok(int t) { return t >= 0 && t < ND_NUM_DTYPES; }
static inline size_t ndi_dtype_size(nd_dtype t) { return ndi_dtype_table[t].size; }
static inline char ndi_dtype_kind(nd_dtype t) { return ndi_dtype_table[t].kind; }
/* Alignment an element needs: its size, or its component's size for complex. */
static inline size_t ndi_dtype_align(nd_dtype t) {
  return ndi_dtype_table[t].kind == 'c' ? ndi_dtype_table[t].size / 2 : ndi_dtype_table[t].size;
}
static inline const char *ndi_dtype_name(nd_dtype t) { return ndi_dtype_table[t].name; }

/* float16 and bfloat16: their elements are bits that code computes on as float32. */
static inline bool ndi_is_half(nd_dtype t) { return t == ND_FLOAT16 || t == ND_BFLOAT16; }
/* The dtype that computes for results of dtype t: float32 for the 16-bit floats (which
 * float32 holds exactly; results are rounded to them once, at the end), t otherwise. */
static inline nd_dtype ndi_compute_dtype(nd_dtype t) { return ndi_is_half(t) ? ND_FLOAT32 : t; }

/* Promotion without argument checks (both valid). */
nd_dtype ndi_promote(nd_dtype a, nd_dtype b);

/* Promotion of a sequence of dtypes, NumPy's way (np.result_type of several): a dtype of the
 * sequence that every other one promotes into is the result, whatever the order; otherwise
 * the left fold of ndi_promote. Pairwise promotion is not associative across kinds: int8,
 * uint16, float32 folds through int32 to float64, where NumPy (and nd) give float32. Add
 * the dtypes with ndi_promoter_add (repeats cost nothing), then ask ndi_promoter_result. */
typedef struct ndi_promoter {
  int n;                          /* distinct dtypes seen, in order of first appearance */
  nd_dtype seen[ND_NUM_DTYPES];
} ndi_promoter;
static inline void ndi_promoter_add(ndi_promoter *p, nd_dtype t) {
  for (int i = 0; i < p->n; i++)
    if (p->seen[i] == t) return;
  p->seen[p->n++] = t;
}
/* The promoted dtype; p must hold at least one dtype. */
nd_dtype ndi_promoter_result(const ndi_promoter *p);
/* The real dtype of a complex one (complex64 -> float32); other dtypes map to themselves. */
nd_dtype ndi_real_dtype(nd_dtype t);
/* The complex dtype with the given real component (float32 -> complex64). */
nd_dtype ndi_complex_dtype(nd_dtype real);

/* The int64 values an integer dtype holds (uint64: 0..INT64_MAX, all an int64 can say);
 * non-integer dtypes get the whole int64 range. */
void ndi_int_range(nd_dtype t, int64_t *lo, int64_t *hi);

/* Checks a dtype argument; on failure sets an error naming `op` and returns a status. */
nd_status ndi_check_dtype(const char *op, int t);

#endif
