/* A small cache of freed large blocks (see block_cache.c). */
#ifndef NDI_BLOCK_CACHE_H
#define NDI_BLOCK_CACHE_H

#include <stdbool.h>
#include <stddef.h>

/* A cached block of at least `bytes` (and not much more), or NULL. */
void *ndi_block_cache_take(size_t bytes);
/* Keeps the block of `bytes` for reuse; false when the cache will not hold it (the caller
 * then frees it). Blocks it evicts to make room are freed here. */
bool ndi_block_cache_put(void *block, size_t bytes);
/* The most bytes the cache holds: ND_ALLOC_CACHE_MB megabytes when set, else an eighth of
 * the physical memory, at least 512 MiB. A block of more than half of it is not kept. */
size_t ndi_block_cache_limit(void);

#endif
