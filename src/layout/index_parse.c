/* The index-string parser and NumPy's basic-indexing arithmetic.
 *
 * Grammar (whitespace allowed around items):
 *   spec  := "" | item ("," item)* [","]
 *   item  := "..." | "None" | "newaxis" | int | slice
 *   slice := [bound] ":" [bound] [":" [bound]]
 *   bound := int | "None"          (None: the bound is absent, as in Python)
 *   int   := ["+" | "-"] digit+
 * Whitespace is any of C's isspace. A slice bound beyond int64 saturates, as Python clips
 * slice bounds; an integer index beyond int64 is an error. Errors report the 0-based
 * character position in the spec. */
#include <ctype.h>
#include <string.h>

#include "core/error.h"
#include "layout.h"

typedef enum { ITEM_INT, ITEM_SLICE, ITEM_NEWAXIS, ITEM_ELLIPSIS } item_kind;

typedef struct {
  item_kind kind;
  int pos; /* where the item starts in the spec */
  int64_t v[3];
  bool has[3]; /* start, stop, step present */
} index_item;

typedef struct {
  const char *s;
  int p;
} cursor;

static void skip_ws(cursor *c) {
  while (isspace((unsigned char)c->s[c->p])) c->p++;
}

/* A failure at the cursor: code ND_ERR_VALUE_INDEX for a malformed index, ND_ERR_VALUE for
 * a zero step (NumPy's ValueError). */
static nd_status error_at(int code, const cursor *c, const char *what) {
  char ch = c->s[c->p];
  if (ch == '\0')
    return ndi_error(code, "index: %s at position %d (end of string) in \"%s\"", what, c->p, c->s);
  return ndi_error(code, "index: %s at position %d ('%c') in \"%s\"", what, c->p, ch, c->s);
}

static nd_status syntax_error(const cursor *c, const char *what) {
  return error_at(ND_ERR_VALUE_INDEX, c, what);
}

/* Parses an optional integer; *present says whether one was there. A value beyond int64
 * saturates to INT64_MIN or INT64_MAX (as Python clips slice bounds) and sets *over, for
 * callers to whom that is an error. */
static nd_status parse_int(cursor *c, int64_t *out, bool *present, bool *over) {
  *over = false;
  skip_ws(c);
  int start = c->p;
  bool neg = false;
  if (c->s[c->p] == '+' || c->s[c->p] == '-') {
    neg = c->s[c->p] == '-';
    c->p++;
  }
  if (!isdigit((unsigned char)c->s[c->p])) {
    if (c->p != start) return syntax_error(c, "expected a digit");
    *present = false;
    return ND_OK;
  }
  uint64_t v = 0;
  while (isdigit((unsigned char)c->s[c->p])) {
    uint64_t d = (uint64_t)(c->s[c->p] - '0');
    if (v > (UINT64_C(1) << 63) / 10 || v * 10 + d > (UINT64_C(1) << 63)) *over = true;
    else v = v * 10 + d;
    c->p++;
  }
  *over = *over || (!neg && v > (uint64_t)INT64_MAX);
  if (*over) *out = neg ? INT64_MIN : INT64_MAX;
  else *out = neg ? (int64_t)(0 - v) : (int64_t)v;
  *present = true;
  return ND_OK;
}

static bool match_word(cursor *c, const char *w) {
  size_t n = strlen(w);
  if (strncmp(c->s + c->p, w, n) != 0) return false;
  char next = c->s[c->p + (int)n];
  if (isalnum((unsigned char)next) || next == '_') return false;
  c->p += (int)n;
  return true;
}

/* A slice bound: an integer (saturating), "None" or nothing. */
static nd_status parse_bound(cursor *c, int64_t *out, bool *present) {
  skip_ws(c);
  if (match_word(c, "None")) {
    *present = false;
    return ND_OK;
  }
  bool over;
  return parse_int(c, out, present, &over);
}

/* Whether the cursor is at "None" followed by ':' (a slice with no start). */
static bool none_then_colon(const cursor *c) {
  cursor t = *c;
  if (!match_word(&t, "None")) return false;
  skip_ws(&t);
  return t.s[t.p] == ':';
}

static nd_status parse_item(cursor *c, index_item *it) {
  skip_ws(c);
  it->pos = c->p;
  it->has[0] = it->has[1] = it->has[2] = false;
  if (strncmp(c->s + c->p, "...", 3) == 0) {
    c->p += 3;
    it->kind = ITEM_ELLIPSIS;
    return ND_OK;
  }
  nd_status st;
  if (none_then_colon(c)) {
    if ((st = parse_bound(c, &it->v[0], &it->has[0]))) return st;
  } else if (match_word(c, "None") || match_word(c, "newaxis")) {
    it->kind = ITEM_NEWAXIS;
    return ND_OK;
  } else {
    skip_ws(c);
    cursor at = *c;
    bool over;
    if ((st = parse_int(c, &it->v[0], &it->has[0], &over))) return st;
    skip_ws(c);
    if (over && c->s[c->p] != ':') /* an integer index beyond int64 (a bound would clip) */
      return syntax_error(&at, "integer out of range");
  }
  skip_ws(c);
  if (c->s[c->p] != ':') {
    if (!it->has[0]) return syntax_error(c, "expected an integer, a slice, None or '...'");
    it->kind = ITEM_INT;
    return ND_OK;
  }
  c->p++;
  it->kind = ITEM_SLICE;
  if ((st = parse_bound(c, &it->v[1], &it->has[1]))) return st;
  skip_ws(c);
  if (c->s[c->p] == ':') {
    c->p++;
    if ((st = parse_bound(c, &it->v[2], &it->has[2]))) return st;
  }
  return ND_OK;
}

int64_t ndi_slice_adjust(int64_t n, bool has_start, int64_t start, bool has_stop, int64_t stop,
                         int64_t step, int64_t *first) {
  /* Python's PySlice_AdjustIndices. */
  if (!has_start) start = step > 0 ? 0 : n - 1;
  else if (start < 0) {
    start += n;
    if (start < 0) start = step > 0 ? 0 : -1;
  } else if (start >= n) {
    start = step > 0 ? n : n - 1;
  }
  if (!has_stop) stop = step > 0 ? n : -1;
  else if (stop < 0) {
    stop += n;
    if (stop < 0) stop = step > 0 ? 0 : -1;
  } else if (stop >= n) {
    stop = step > 0 ? n : n - 1;
  }
  int64_t len = 0;
  if (step > 0 && stop > start) len = (stop - start - 1) / step + 1;
  else if (step < 0 && start > stop) len = (start - stop - 1) / (-step) + 1;
  *first = len > 0 ? start : 0;
  return len;
}

nd_status ndi_index_apply(const char *spec, int ndim, const int64_t *shape,
                          const int64_t *strides, int *out_ndim, int64_t *out_shape,
                          int64_t *out_strides, int64_t *out_offset) {
  index_item items[2 * ND_MAX_DIMS + 1];
  int nitems = 0, consumed = 0, ints = 0, ellipsis = -1, nnew = 0;
  cursor c = {spec, 0};
  skip_ws(&c);
  while (c.s[c.p] != '\0') {
    if (nitems == (int)(sizeof items / sizeof items[0]))
      return syntax_error(&c, "too many index items");
    nd_status st = parse_item(&c, &items[nitems]);
    if (st) return st;
    index_item *it = &items[nitems++];
    if (it->kind == ITEM_ELLIPSIS) {
      if (ellipsis >= 0) {
        cursor at = {spec, it->pos};
        return syntax_error(&at, "an index can only have a single ellipsis ('...')");
      }
      ellipsis = nitems - 1;
    } else if (it->kind == ITEM_NEWAXIS) {
      nnew++;
    } else {
      consumed++;
      if (it->kind == ITEM_INT) ints++;
    }
    skip_ws(&c);
    if (c.s[c.p] == ',') {
      c.p++;
      skip_ws(&c);
    } else if (c.s[c.p] != '\0') {
      return syntax_error(&c, "expected ',' or the end of the index");
    }
  }
  if (consumed > ndim)
    return ndi_error(ND_ERR_INDEX,
                     "index: too many indices for array: array is %d-dimensional, but %d were indexed",
                     ndim, consumed);
  if (ndim - ints + nnew > ND_MAX_DIMS) /* every axis but the integer-indexed ones stays */
    return ndi_error(ND_ERR_VALUE, "index: the result would have more than %d dimensions",
                     ND_MAX_DIMS);
  int in = 0, out = 0;
  int64_t offset = 0;
  for (int k = 0; k <= nitems; k++) {
    if (k == nitems || k == ellipsis) {
      /* The ellipsis (explicit, or implied at the end) takes the unindexed axes. */
      int take = (k == nitems) ? ndim - in : ndim - consumed;
      for (int j = 0; j < take; j++, in++, out++) {
        out_shape[out] = shape[in];
        out_strides[out] = strides[in];
      }
      if (k == nitems) break;
      continue;
    }
    index_item *it = &items[k];
    if (it->kind == ITEM_NEWAXIS) {
      out_shape[out] = 1;
      out_strides[out] = 0;
      out++;
    } else if (it->kind == ITEM_INT) {
      int64_t i = it->v[0];
      if (i < -shape[in] || i >= shape[in])
        return ndi_error(ND_ERR_INDEX, "index: index %lld is out of bounds for axis %d with size %lld",
                         (long long)i, in, (long long)shape[in]);
      if (i < 0) i += shape[in];
      offset += i * strides[in];
      in++;
    } else {
      int64_t step = it->has[2] ? it->v[2] : 1;
      if (step == 0) {
        cursor at = {spec, it->pos};
        return error_at(ND_ERR_VALUE, &at, "slice step cannot be zero");
      }
      if (step == INT64_MIN) step = -INT64_MAX; /* keeps -step representable */
      int64_t first;
      int64_t len = ndi_slice_adjust(shape[in], it->has[0], it->v[0], it->has[1], it->v[1], step, &first);
      offset += first * strides[in];
      out_shape[out] = len;
      /* NumPy's stride even for extents 0 and 1, unless it is huge: a huge step leaves at
       * most one element, whose stride is never used but must still convert to bytes. */
      int64_t st;
      if (len <= 1 && (__builtin_mul_overflow(strides[in], step, &st) || st > INT64_MAX / 64 ||
                       st < -(INT64_MAX / 64)))
        st = strides[in];
      else if (len > 1)
        st = strides[in] * step;
      out_strides[out] = st;
      in++;
      out++;
    }
  }
  *out_ndim = out;
  *out_offset = offset;
  return ND_OK;
}
