/** \file
 *  nd: scopes, so that chains of operations need no release of each temporary.
 *
 *      nd_scope_begin();
 *      nd_array *d = nd_keep(nd_subtract(nd_add(ei, ej), nd_add(ea, eb)));
 *      nd_scope_end();          // releases the temporaries, not d
 *      ...
 *      nd_release(d);
 *
 *  Every array an nd function returns on this thread while a scope is open belongs to the
 *  innermost scope and is released (one reference) when it ends. nd_release inside the
 *  scope is still allowed: the scope then forgets the array. Scopes nest (64 deep; further
 *  nd_scope_begin calls are counted but open no scope, so their arrays belong to the 64th
 *  scope, and their nd_scope_end calls only undo the count); arrays of a scope must not be
 *  released on another thread while it is open.
 *
 *  The scope functions themselves cannot fail. While a scope is open, a function that
 *  returns an array also fails with ND_ERR_NOMEM when the scope cannot grow to record it
 *  ("add: out of memory (0 bytes)"). */
#ifndef ND_SCOPE_H
#define ND_SCOPE_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Opens a scope on this thread (see the file comment).
 *  Errors: none. */
ND_API void nd_scope_begin(void);
/** Releases every array still owned by the innermost scope and closes it.
 *  Errors: none; with no scope open it does nothing. */
ND_API void nd_scope_end(void);
/** Takes `a` out of the innermost scope: it moves to the enclosing scope if there is one,
 *  otherwise the caller owns it. An array the innermost scope does not own (one an outer
 *  scope owns, or none) is left as it is, so keeping an array twice in one scope moves it
 *  once. Returns `a` (NULL stays NULL).
 *  Errors: none (if the enclosing scope cannot grow to take it, the caller owns `a`). */
ND_API nd_array *nd_keep(nd_array *a);
/** Number of scopes open on this thread (at most 64).
 *  Errors: none. */
ND_API int nd_scope_depth(void);

#ifdef __cplusplus
}
#endif
#endif
