/* Non-temporal stores: writing a large result straight to memory, without first reading
 * each destination cache line (the read-for-ownership a normal store costs) and without
 * evicting useful data from the caches. */
#ifndef NDI_STREAM_H
#define NDI_STREAM_H

#include <stddef.h>

/* Copies n bytes from src to dst; the aligned middle of dst is written with non-temporal
 * stores, the ragged ends with normal ones. */
void ndi_stream_store(void *dst, const void *src, size_t n);
/* Orders the non-temporal stores of this thread before its later stores (call once after
 * a run of ndi_stream_store, before other threads may read the data). */
void ndi_stream_fence(void);
/* Asks for the n bytes at p to be brought into the cache ahead of use. A loop that spends
 * long on each element (exp, log) keeps too few loads in flight for the hardware
 * prefetcher alone to hide memory latency on one core; with this it runs near the speed
 * of the slower of its compute and its memory traffic instead of their sum. */
void ndi_prefetch(const void *p, size_t n);

#endif
