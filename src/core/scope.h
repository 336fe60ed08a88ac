/* Scopes: arrays created on a thread while a scope is open are released when it closes. */
#ifndef NDI_SCOPE_H
#define NDI_SCOPE_H

#include "nd/types.h"

/* Registers a new header with the innermost open scope of this thread (no-op if none).
 * Returns false if the scope could not grow (out of memory). */
bool ndi_scope_track(nd_array *a);
/* Called when a header is freed: forgets it in its scope. */
void ndi_scope_forget(nd_array *a);
/* Takes an array out of scope tracking for good, for arrays nd keeps inside its own
 * structures (containers), which must outlive the caller's scope. */
void ndi_scope_untrack(nd_array *a);

#endif
