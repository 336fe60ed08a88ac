/* 16-bit result tables: a one-input function from float16 or bfloat16 to the same dtype
 * read from a table of its 65536 results (half_table.c). The frontend (ops/ufunc.c) fills
 * a table once per function and dtype by running the float32-and-round path over every
 * bit pattern, so the table gives exactly the bits that path gives. */
#ifndef NDI_HALF_TABLE_H
#define NDI_HALF_TABLE_H

#include <stdatomic.h>
#include <stdint.h>

/* Where one function keeps its two tables, [0] float16 and [1] bfloat16: static storage
 * in the function's descriptor, NULL until first needed. */
typedef struct ndi_half_tables {
  _Atomic(uint16_t *) t[2];
} ndi_half_tables;

/* Fills table[i] with the result for the bit pattern i (i = 0 .. 65535), from `bits`
 * holding those 65536 patterns; arg is the caller's. */
typedef void (*ndi_half_table_fill)(uint16_t *table, const uint16_t *bits, const void *arg);

/* The table of slot `which` (0 float16, 1 bfloat16), filled by `fill` the first time it is
 * asked for; NULL when memory runs out (the caller then computes the function itself).
 * Thread-safe; tables are kept for the life of the process. */
const uint16_t *ndi_half_table(ndi_half_tables *slots, int which, ndi_half_table_fill fill,
                               const void *arg);

/* The loop: o[i] = table[x[i]], any strides; ctx is an ndi_ew_ctx whose `data` is the
 * table. */
void ndi_half_table_loop(char *const *p, const int64_t *s, int64_t n, void *ctx);

#endif
