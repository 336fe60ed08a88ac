/* How many threads nd's own parallel loops use. */
#ifndef NDI_THREADS_H
#define NDI_THREADS_H

#include <stdint.h>

/* Work below this many elements runs on one thread. */
#define NDI_GRAIN 32768

/* The configured thread count (nd_set_num_threads, else OpenMP's maximum). */
int ndi_max_threads(void);
/* Threads for `work` elements: 1 below the grain or inside a parallel region. */
int ndi_threads_for(int64_t work);

#endif
