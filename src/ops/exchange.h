/* Zero-copy wrapping of external memory (ops/exchange.c), shared with the readers that
 * map or borrow memory (io: .npy memory maps, DLPack; linalg's Krylov operators). */
#ifndef NDI_OPS_EXCHANGE_H
#define NDI_OPS_EXCHANGE_H

#include "nd/types.h"

/* nd_wrap with errors naming `op` and extra storage flags (NDI_STORAGE_READONLY for a
 * read-only memory map: headers over it are never writeable). On failure the deleter does
 * not run: the caller keeps ownership of `data`. */
nd_array *ndi_wrap(const char *op, nd_dtype t, int ndim, const int64_t *shape,
                   const int64_t *strides, void *data, void (*deleter)(void *data, void *ctx),
                   void *ctx, unsigned storage_flags);

#endif
