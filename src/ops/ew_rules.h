/* What the rule, accepts and cost columns of the elementwise tables (nd/elementwise.h)
 * mean to the driver (ufunc.h): each token of a table row is pasted onto a prefix here. */
#ifndef NDI_EW_RULES_H
#define NDI_EW_RULES_H

#include "ufunc.h"

/* rule: how the dtype computed in and the result's dtype follow from the inputs' */
#define NDI_RULE_SAME 0
#define NDI_RULE_OUT_REAL NDI_UF_OUT_REAL
#define NDI_RULE_OUT_BOOL NDI_UF_OUT_BOOL
#define NDI_RULE_BOOL_TO_INT8 NDI_UF_BOOL_TO_INT8
#define NDI_RULE_BOOL_TO_FLOAT NDI_UF_BOOL_TO_FLOAT
#define NDI_RULE_INT_TO_FLOAT NDI_UF_INT_TO_FLOAT
#define NDI_RULE_INT_TO_F64 NDI_UF_INT_TO_F64
#define NDI_RULE_MATH (NDI_UF_INT_TO_FLOAT | NDI_UF_CONTIG) /* vector math: dense chunks */
#define NDI_RULE_COMPARE (NDI_UF_OUT_BOOL | NDI_UF_COMPARE)

/* the exact signed/uint64 loops of a two-input function: the comparisons have them */
#define NDI_MIXED_COMPARE(name) ndi_k_##name##_mixed
#define NDI_MIXED_SAME(name) NULL
#define NDI_MIXED_OUT_BOOL(name) NULL
#define NDI_MIXED_BOOL_TO_INT8(name) NULL
#define NDI_MIXED_INT_TO_FLOAT(name) NULL
#define NDI_MIXED_INT_TO_F64(name) NULL

/* accepts: the dtypes taken, as a type error names them */
#define NDI_ACCEPTS_ALL "every dtype"
#define NDI_ACCEPTS_NUMBOOL "numeric and boolean dtypes"
#define NDI_ACCEPTS_NUM "numeric dtypes, not bool"
#define NDI_ACCEPTS_NUM_XOR "numeric dtypes, not bool; use logical_xor for bool"
#define NDI_ACCEPTS_REALB "real numeric and boolean dtypes, not complex"
#define NDI_ACCEPTS_INTB "integer and boolean dtypes"
#define NDI_ACCEPTS_BOOL \
  "bool only; compare numbers first, e.g. with nd_not_equal_scalar(x, ND_INT(0))"

/* cost of an element relative to a copy: the thread grain of vector math and libm calls */
#define NDI_COST_1 1
#define NDI_COST_2 2
#define NDI_COST_MATH 10

#endif
