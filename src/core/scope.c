/* Scopes for expression chains: every array handed out on a thread while a scope is open
 * is released when the scope closes, unless nd_keep took it out.
 *
 * Each open scope is a list of slots on a thread-local stack; a header remembers its
 * scope depth and slot, so releasing an array inside the scope clears its slot and the
 * scope never releases it twice. */
#include "scope.h"

#include "alloc.h"
#include "array.h"
#include "error.h"
#include "nd/core.h"
#include "nd/scope.h"

typedef struct {
  nd_array **slots;
  int64_t len, cap;
} scope_frame;

#define NDI_MAX_SCOPES 64

static _Thread_local scope_frame frames[NDI_MAX_SCOPES];
static _Thread_local int depth = 0;   /* open scopes */
static _Thread_local int overflow = 0; /* scopes opened beyond NDI_MAX_SCOPES (ignored) */

static bool push_slot(int d, nd_array *a) {
  scope_frame *f = &frames[d - 1];
  if (f->len == f->cap) {
    int64_t cap = f->cap ? 2 * f->cap : 64;
    nd_array **s = ndi_realloc(f->slots, (size_t)cap * sizeof *s);
    if (!s) return false;
    f->slots = s;
    f->cap = cap;
  }
  a->scope_depth = d;
  a->scope_slot = f->len;
  f->slots[f->len++] = a;
  return true;
}

bool ndi_scope_track(nd_array *a) {
  if (depth == 0) return true;
  return push_slot(depth, a);
}

void ndi_scope_forget(nd_array *a) {
  int d = a->scope_depth;
  if (d <= 0 || d > depth) return;
  scope_frame *f = &frames[d - 1];
  if (a->scope_slot < f->len && f->slots[a->scope_slot] == a) f->slots[a->scope_slot] = NULL;
  a->scope_depth = 0;
}

void ndi_scope_untrack(nd_array *a) {
  if (a) ndi_scope_forget(a);
}

void nd_scope_begin(void) {
  if (depth == NDI_MAX_SCOPES) {
    overflow++;
    return;
  }
  depth++;
  frames[depth - 1].len = 0;
}

void nd_scope_end(void) {
  if (overflow > 0) {
    overflow--;
    return;
  }
  if (depth == 0) return;
  scope_frame *f = &frames[depth - 1];
  /* Release in reverse order of creation; releasing may free other headers of this
   * scope only through their own release, which clears their slots first. */
  for (int64_t i = f->len - 1; i >= 0; i--) {
    nd_array *a = f->slots[i];
    if (!a) continue;
    f->slots[i] = NULL;
    a->scope_depth = 0;
    nd_release(a);
  }
  f->len = 0;
  depth--;
  if (depth == 0) {
    /* Free the slot lists once no scope is open, so threads leave nothing behind. */
    for (int k = 0; k < NDI_MAX_SCOPES && frames[k].cap; k++) {
      ndi_free(frames[k].slots);
      frames[k].slots = NULL;
      frames[k].cap = 0;
    }
  }
}

nd_array *nd_keep(nd_array *a) {
  if (!a) return NULL;
  int d = a->scope_depth;
  /* only an array of the innermost scope moves: one an outer scope owns stays its (a
   * helper keeping what its caller's scope made must not take it from that scope) */
  if (d <= 0 || d != depth) return a;
  ndi_scope_forget(a);
  /* Hand it to the enclosing scope, if any, so it lives exactly as long as that one. If
   * that scope cannot grow, the array stays untracked and the caller owns it. */
  if (d > 1) (void)push_slot(d - 1, a);
  return a;
}

int nd_scope_depth(void) { return depth; }
