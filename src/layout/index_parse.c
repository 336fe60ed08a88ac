/* The index-string parser: NumPy's index syntax as index items (nd_index_item), which
 * index_basic.c and the advanced-indexing engine then apply.
 *
 * Grammar (whitespace allowed around items):
 *   spec  := "" | item ("," item)* [","]
 *   item  := "..." | "None" | "newaxis" | int | slice | "?"
 *   slice := [bound] ":" [bound] [":" [bound]]
 *   bound := int | "None"          (None: the bound is absent, as in Python)
 *   int   := ["+" | "-"] digit+
 * "?" (an index array, the next of the arrays given) is part of the grammar only for
 * callers that give arrays (nd_index_arrays). Whitespace is any of C's isspace. A slice
 * bound beyond int64 saturates, as Python clips slice bounds; an integer index beyond
 * int64 is an error. Errors report the 0-based character position in the spec. */
#include <ctype.h>

#include "core/error.h"
#include "layout.h"

typedef struct {
  const char *op;
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
    return ndi_error(code, "%s: %s at position %d (end of string) in \"%s\"", c->op, what, c->p,
                     c->s);
  return ndi_error(code, "%s: %s at position %d ('%c') in \"%s\"", c->op, what, c->p, ch, c->s);
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

/* Whether the word w (None, newaxis) is at the cursor, and skips it. Compared character
 * by character: a call of strncmp per item cost a quarter of a short index's time. */
static bool match_word(cursor *c, const char *w) {
  int n = 0;
  while (w[n] && c->s[c->p + n] == w[n]) n++;
  if (w[n]) return false;
  char next = c->s[c->p + n];
  if (isalnum((unsigned char)next) || next == '_') return false;
  c->p += n;
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

/* An integer, a slice, None/newaxis or "..." at the cursor. */
static nd_status parse_basic_item(cursor *c, nd_index_item *it) {
  const cursor item_start = *c;
  *it = (nd_index_item){.kind = ND_ITEM_INT};
  if (c->s[c->p] == '.' && c->s[c->p + 1] == '.' && c->s[c->p + 2] == '.') {
    c->p += 3;
    it->kind = ND_ITEM_ELLIPSIS;
    return ND_OK;
  }
  nd_status st;
  int64_t first = 0;
  bool has_first = false;
  if (none_then_colon(c)) {
    if ((st = parse_bound(c, &first, &has_first))) return st;
  } else if (match_word(c, "None") || match_word(c, "newaxis")) {
    it->kind = ND_ITEM_NEWAXIS;
    return ND_OK;
  } else {
    cursor at = *c;
    bool over;
    if ((st = parse_int(c, &first, &has_first, &over))) return st;
    skip_ws(c);
    if (over && c->s[c->p] != ':') /* an integer index beyond int64 (a bound would clip) */
      return syntax_error(&at, "integer out of range");
  }
  skip_ws(c);
  if (c->s[c->p] != ':') {
    if (!has_first) return syntax_error(c, "expected an integer, a slice, None or '...'");
    it->index = first;
    return ND_OK;
  }
  c->p++;
  it->kind = ND_ITEM_SLICE;
  it->start = first;
  it->has_start = has_first;
  if ((st = parse_bound(c, &it->stop, &it->has_stop))) return st;
  skip_ws(c);
  bool has_step = false;
  if (c->s[c->p] == ':') {
    c->p++;
    if ((st = parse_bound(c, &it->step, &has_step))) return st;
    if (has_step && it->step == 0)
      return error_at(ND_ERR_VALUE, &item_start, "slice step cannot be zero");
  }
  if (!has_step) it->step = 1;
  return ND_OK;
}

/* "?" at the cursor, standing alone in its item: the next index array. */
static nd_status parse_array_item(cursor *c, int narrays, nd_array *const *arrays, int *used,
                                  nd_index_item *it) {
  int start = c->p, end = start;
  while (c->s[end] && c->s[end] != ',') end++;
  int last = end;
  while (last > start && isspace((unsigned char)c->s[last - 1])) last--;
  if (last - start != 1)
    return ndi_error(ND_ERR_VALUE_INDEX,
                     "%s: invalid index item \"%.*s\" at position %d of \"%s\" ('?' stands alone "
                     "for an index array)",
                     c->op, last - start, c->s + start, start, c->s);
  if (*used >= narrays)
    return ndi_error(ND_ERR_VALUE_INDEX, "%s: more '?' items in \"%s\" than the %d index arrays given",
                     c->op, c->s, narrays);
  if (!arrays[*used]) return ndi_null_arg_at(c->op, "indices", *used);
  *it = (nd_index_item){.kind = ND_ITEM_ARRAY, .array = arrays[(*used)++]};
  c->p++;
  return ND_OK;
}

/* Whether the item starting at the cursor holds a '?' (then it must be one alone). */
static bool item_has_mark(const cursor *c) {
  for (int p = c->p; c->s[p] && c->s[p] != ','; p++)
    if (c->s[p] == '?') return true;
  return false;
}

nd_status ndi_index_parse(const char *op, const char *spec, int narrays, nd_array *const *arrays,
                          int cap, nd_index_item *items, int *nitems) {
  cursor c = {op, spec, 0};
  int n = 0, used = 0, ellipsis = 0;
  skip_ws(&c);
  while (c.s[c.p] != '\0') {
    if (n == cap) return syntax_error(&c, "too many index items");
    nd_status st;
    int at = c.p;
    if (narrays >= 0 && item_has_mark(&c)) st = parse_array_item(&c, narrays, arrays, &used, &items[n]);
    else st = parse_basic_item(&c, &items[n]);
    if (st) return st;
    if (items[n++].kind == ND_ITEM_ELLIPSIS && ellipsis++) {
      cursor e = {op, spec, at};
      return syntax_error(&e, "an index can only have a single ellipsis ('...')");
    }
    skip_ws(&c);
    if (c.s[c.p] == ',') {
      c.p++;
      skip_ws(&c);
    } else if (c.s[c.p] != '\0') {
      return syntax_error(&c, "expected ',' or the end of the index");
    }
  }
  if (narrays >= 0 && used != narrays)
    return ndi_error(ND_ERR_VALUE_INDEX, "%s: %d index arrays given but \"%s\" has %d '?' items", op,
                     narrays, spec, used);
  *nitems = n;
  return ND_OK;
}
