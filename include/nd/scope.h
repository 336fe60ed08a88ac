/* nd: scopes, so that chains of operations need no release of each temporary.
 *
 *     nd_scope_begin();
 *     nd_array *d = nd_keep(nd_subtract(nd_add(ei, ej), nd_add(ea, eb)));
 *     nd_scope_end();          // releases the temporaries, not d
 *     ...
 *     nd_release(d);
 *
 * Every array an nd function returns on this thread while a scope is open belongs to the
 * innermost scope and is released (one reference) when it ends. nd_release inside the
 * scope is still allowed: the scope then forgets the array. Scopes nest; arrays of a scope
 * must not be released on another thread while it is open. */
#ifndef ND_SCOPE_H
#define ND_SCOPE_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

ND_API void nd_scope_begin(void);
/** Releases every array still owned by the innermost scope and closes it. */
ND_API void nd_scope_end(void);
/** Takes `a` out of the innermost scope: it moves to the enclosing scope if there is one,
 *  otherwise the caller owns it. An array the innermost scope does not own (one an outer
 *  scope owns, or none) is left as it is, so keeping an array twice in one scope moves it
 *  once. Returns `a` (NULL stays NULL). */
ND_API nd_array *nd_keep(nd_array *a);
/** Number of scopes open on this thread. */
ND_API int nd_scope_depth(void);

#ifdef __cplusplus
}
#endif
#endif
