/* Every allocation nd makes goes through these, so that a test build can make the N-th one
 * fail (ndi_alloc_fail_after) and check that each failure is reported and leaks nothing. */
#ifndef NDI_ALLOC_H
#define NDI_ALLOC_H

#include <stddef.h>

/* Alignment of array data: a cache line, and enough for any vector instruction set. */
#define NDI_ALIGN 64

void *ndi_malloc(size_t n);
void *ndi_calloc(size_t count, size_t size);
void *ndi_realloc(void *p, size_t n);
void ndi_free(void *p);
/* NDI_ALIGN-aligned block of n bytes (n may be 0); free with ndi_aligned_free, passing
 * the same n (large blocks are kept for reuse by size). */
void *ndi_aligned_alloc(size_t n);
void ndi_aligned_free(void *p, size_t n);

/* Test hook: the next `n` allocations succeed and the one after fails (and then all
 * succeed again). n < 0 disables the injection. Returns how many allocations ran since the
 * last call, so a test can first count an operation's allocations. */
long ndi_alloc_fail_after(long n);

#endif
