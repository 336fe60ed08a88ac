/* The .npy header: the preamble (magic, version, length) and the dict literal, parsed
 * from and written to plain byte buffers (see npy_parse.h).
 *
 * The parser accepts what NumPy writes and what NumPy's own reader (a Python literal
 * evaluator) accepts for these three keys: single or double quotes, any whitespace,
 * keys in any order, a trailing comma, Python 2's "3L" integers. It refuses everything
 * else with a message naming the byte where the problem is, and never reads outside the
 * buffer: every access goes through the cursor, which knows the end. */
#include <stdio.h>
#include <string.h>

#include "core/dtype.h"
#include "core/error.h"
#include "kernels/bytes.h"
#include "npy_parse.h"

static const unsigned char npy_magic[6] = {0x93, 'N', 'U', 'M', 'P', 'Y'};

/* ch is one of the characters of set (never the terminating NUL). */
static bool one_of(char ch, const char *set) { return ch != '\0' && strchr(set, ch) != NULL; }

nd_status ndi_npy_data_offset(const unsigned char *buf, size_t len, size_t *data_offset,
                              const ndi_io_where *w) {
  if (len < 8)
    return ndi_io_error(w, ND_ERR_IO, "truncated file: %zu bytes, shorter than the .npy preamble",
                        len);
  if (memcmp(buf, npy_magic, sizeof npy_magic) != 0)
    return ndi_io_error(w, ND_ERR_IO, "not a .npy file (the magic string \\x93NUMPY is missing)");
  int major = buf[6], minor = buf[7];
  if ((major != 1 && major != 2 && major != 3) || minor != 0)
    return ndi_io_error(w, ND_ERR_IO, "unsupported .npy format version %d.%d (nd reads 1.0, 2.0 and 3.0)",
                        major, minor);
  size_t fixed = major == 1 ? 10 : 12;
  if (len < fixed)
    return ndi_io_error(w, ND_ERR_IO, "truncated file: %zu bytes, shorter than the version %d.0 preamble (%zu)",
                        len, major, fixed);
  uint64_t hlen = major == 1 ? (uint64_t)buf[8] | (uint64_t)buf[9] << 8
                             : (uint64_t)buf[8] | (uint64_t)buf[9] << 8 |
                                   (uint64_t)buf[10] << 16 | (uint64_t)buf[11] << 24;
  *data_offset = fixed + (size_t)hlen;
  return ND_OK;
}

/* ---- the dict literal ---------------------------------------------------------------- */

typedef struct cursor {
  const char *start, *p, *end;
  const ndi_io_where *w;
} cursor;

static nd_status garbage(cursor *c, const char *expected) {
  if (c->p >= c->end)
    return ndi_io_error(c->w, ND_ERR_IO, "malformed header: it ends where %s was expected (the header length may be wrong)",
                        expected);
  unsigned char ch = (unsigned char)*c->p;
  char shown[8];
  if (ch >= 0x20 && ch < 0x7f) snprintf(shown, sizeof shown, "'%c'", ch);
  else snprintf(shown, sizeof shown, "0x%02x", ch);
  return ndi_io_error(c->w, ND_ERR_IO, "malformed header: %s at byte %td of the header dictionary, expected %s",
                      shown, c->p - c->start, expected);
}

static void skip_ws(cursor *c) {
  while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r'))
    c->p++;
}

static bool accept(cursor *c, char ch) {
  skip_ws(c);
  if (c->p < c->end && *c->p == ch) {
    c->p++;
    return true;
  }
  return false;
}

/* A quoted string without escapes (nothing NumPy writes needs one). */
static nd_status parse_string(cursor *c, const char **s, size_t *n) {
  skip_ws(c);
  if (c->p >= c->end || (*c->p != '\'' && *c->p != '"')) return garbage(c, "a quoted string");
  char q = *c->p++;
  const char *b = c->p;
  while (c->p < c->end && *c->p != q) {
    if (*c->p == '\\' || *c->p == '\n') return garbage(c, "the end of the string");
    c->p++;
  }
  if (c->p >= c->end) return garbage(c, "the end of the string");
  *s = b;
  *n = (size_t)(c->p - b);
  c->p++;
  return ND_OK;
}

static bool match_word(cursor *c, const char *word) {
  size_t n = strlen(word);
  if ((size_t)(c->end - c->p) < n || memcmp(c->p, word, n) != 0) return false;
  const char *after = c->p + n;
  if (after < c->end && ((*after >= 'a' && *after <= 'z') || (*after >= 'A' && *after <= 'Z') ||
                         (*after >= '0' && *after <= '9') || *after == '_'))
    return false;
  c->p = after;
  return true;
}

static nd_status parse_bool(cursor *c, bool *v) {
  skip_ws(c);
  if (match_word(c, "True")) *v = true;
  else if (match_word(c, "False")) *v = false;
  else return garbage(c, "True or False for 'fortran_order'");
  return ND_OK;
}

static nd_status parse_int(cursor *c, int64_t *v) {
  skip_ws(c);
  if (c->p >= c->end || *c->p < '0' || *c->p > '9')
    return garbage(c, "a non-negative integer extent in 'shape'");
  int64_t x = 0;
  while (c->p < c->end && *c->p >= '0' && *c->p <= '9') {
    if (__builtin_mul_overflow(x, 10, &x) || __builtin_add_overflow(x, *c->p - '0', &x))
      return ndi_io_error(c->w, ND_ERR_IO, "malformed header: an extent in 'shape' at byte %td does not fit in 64 bits",
                          c->p - c->start);
    c->p++;
  }
  if (c->p < c->end && (*c->p == 'L' || *c->p == 'l')) c->p++; /* Python 2 long */
  *v = x;
  return ND_OK;
}

/* A tuple of extents: "()", "(3,)", "(2, 3)", "(2, 3,)". "(3)" is an int, not a tuple. */
static nd_status parse_shape(cursor *c, ndi_npy_header *h) {
  if (!accept(c, '(')) {
    skip_ws(c);
    return garbage(c, "a tuple '(' for 'shape'");
  }
  h->ndim = 0;
  if (accept(c, ')')) return ND_OK;
  for (;;) {
    if (h->ndim == ND_MAX_DIMS)
      return ndi_io_error(c->w, ND_ERR_IO, "'shape' has more than %d dimensions, nd's limit",
                          ND_MAX_DIMS);
    nd_status st = parse_int(c, &h->shape[h->ndim++]);
    if (st) return st;
    bool comma = accept(c, ',');
    if (accept(c, ')')) {
      if (h->ndim == 1 && !comma) {
        c->p--;
        return garbage(c, "',' (a 1-tuple needs a trailing comma)");
      }
      return ND_OK;
    }
    if (!comma) {
      skip_ws(c);
      return garbage(c, "',' or ')' in 'shape'");
    }
  }
}

static nd_status parse_descr_value(cursor *c, ndi_npy_header *h) {
  skip_ws(c);
  if (c->p < c->end && *c->p == '[')
    return ndi_io_error(c->w, ND_ERR_IO, "unsupported dtype: structured dtypes (a list in 'descr') have no nd dtype");
  const char *s;
  size_t n;
  nd_status st = parse_string(c, &s, &n);
  if (st) return st;
  return ndi_npy_parse_descr(s, n, &h->dtype, &h->swap, c->w);
}

nd_status ndi_npy_parse_descr(const char *s, size_t n, nd_dtype *t, bool *swap,
                              const ndi_io_where *w) {
  /* the descr as a message can show it: at most 32 characters, unprintable ones (a NUL
   * included) as '?' */
  char shown[40];
  size_t ns = n > 32 ? 32 : n;
  for (size_t k = 0; k < ns; k++)
    shown[k] = (unsigned char)s[k] < 0x20 || (unsigned char)s[k] >= 0x7f ? '?' : s[k];
  snprintf(shown + ns, sizeof shown - ns, "%s", n > 32 ? "..." : "");
  char order = '=';
  size_t i = 0;
  if (n > 0 && one_of(s[0], "<>|=")) order = s[i++];
  char kind = 0;
  size_t size = 0;
  if (n - i == 1 && s[i] == '?') {
    kind = 'b';
    size = 1;
  } else if (n - i >= 2 && n - i <= 3 && one_of(s[i], "biufcV")) {
    kind = s[i];
    for (size_t k = i + 1; k < n; k++) {
      if (s[k] < '0' || s[k] > '9') {
        kind = 0;
        break;
      }
      size = size * 10 + (size_t)(s[k] - '0');
    }
  }
  /* a 2-byte void is how NumPy saves an ml_dtypes bfloat16 array ('<V2'; nd has no void
   * dtype, so it reads the bytes as bfloat16, unswapped as NumPy leaves voids) */
  if (kind == 'V' && size == 2) {
    *t = ND_BFLOAT16;
    *swap = false;
    return ND_OK;
  }
  for (int d = 0; kind && kind != 'V' && d < ND_NUM_DTYPES; d++) {
    if (ndi_dtype_kind((nd_dtype)d) == kind && ndi_dtype_size((nd_dtype)d) == size) {
      *t = (nd_dtype)d;
      bool little = ndi_host_little_endian();
      *swap = size > 1 && ((order == '<' && !little) || (order == '>' && little));
      return ND_OK;
    }
  }
  return ndi_io_error(w, ND_ERR_IO, "unsupported dtype '%s' in the header (nd reads bool, int8-64, uint8-64, float16/32/64, complex64/128 and bfloat16 as '<V2': '|b1', '<i4', '>f8', '<c16', ...)",
                      shown);
}

enum { KEY_DESCR = 1, KEY_FORTRAN = 2, KEY_SHAPE = 4 };

static nd_status parse_entry(cursor *c, ndi_npy_header *h, unsigned *seen) {
  const char *key;
  size_t n;
  const char *at = c->p;
  nd_status st = parse_string(c, &key, &n);
  if (st) return st;
  unsigned k = n == 5 && !memcmp(key, "descr", 5)           ? KEY_DESCR
               : n == 13 && !memcmp(key, "fortran_order", 13) ? KEY_FORTRAN
               : n == 5 && !memcmp(key, "shape", 5)           ? KEY_SHAPE
                                                              : 0;
  if (!k)
    return ndi_io_error(c->w, ND_ERR_IO, "malformed header: unexpected key '%.*s' (the keys are 'descr', 'fortran_order' and 'shape')",
                        n > 32 ? 32 : (int)n, key);
  if (*seen & k)
    return ndi_io_error(c->w, ND_ERR_IO, "malformed header: key '%.*s' appears twice (byte %td)",
                        (int)n, key, at - c->start);
  *seen |= k;
  if (!accept(c, ':')) {
    skip_ws(c);
    return garbage(c, "':' after a key");
  }
  if (k == KEY_DESCR) return parse_descr_value(c, h);
  if (k == KEY_FORTRAN) return parse_bool(c, &h->fortran);
  return parse_shape(c, h);
}

static nd_status parse_dict(cursor *c, ndi_npy_header *h) {
  unsigned seen = 0;
  if (!accept(c, '{')) {
    skip_ws(c);
    return garbage(c, "'{' opening the header dictionary");
  }
  for (;;) {
    if (accept(c, '}')) break;
    nd_status st = parse_entry(c, h, &seen);
    if (st) return st;
    if (accept(c, '}')) break;
    if (!accept(c, ',')) {
      skip_ws(c);
      return garbage(c, "',' or '}' after a value");
    }
  }
  if (seen != (KEY_DESCR | KEY_FORTRAN | KEY_SHAPE))
    return ndi_io_error(c->w, ND_ERR_IO, "malformed header: the dictionary lacks %s",
                        !(seen & KEY_DESCR) ? "'descr'" : !(seen & KEY_FORTRAN) ? "'fortran_order'" : "'shape'");
  skip_ws(c); /* only padding may follow */
  if (c->p < c->end) return garbage(c, "only spaces and a newline after the dictionary");
  return ND_OK;
}

nd_status ndi_npy_parse_header(const unsigned char *buf, size_t len, ndi_npy_header *h,
                               const ndi_io_where *w) {
  memset(h, 0, sizeof *h);
  nd_status st = ndi_npy_data_offset(buf, len, &h->data_offset, w);
  if (st) return st;
  h->major = buf[6];
  h->minor = buf[7];
  if (len < h->data_offset)
    return ndi_io_error(w, ND_ERR_IO, "truncated file: the header length says the data starts at byte %zu, the file has %zu bytes",
                        h->data_offset, len);
  size_t fixed = h->major == 1 ? 10 : 12;
  cursor c = {(const char *)buf + fixed, (const char *)buf + fixed,
              (const char *)buf + h->data_offset, w};
  if ((st = parse_dict(&c, h))) return st;
  /* As NumPy (and ndi_shape_size) do, the product of the nonzero extents must fit even
   * when a zero extent makes the array empty: strides are formed from it. */
  int64_t size = 1;
  bool empty = false;
  for (int i = 0; i < h->ndim; i++) {
    if (h->shape[i] == 0) empty = true;
    else if (__builtin_mul_overflow(size, h->shape[i], &size))
      return ndi_io_error(w, ND_ERR_IO, "'shape' has more elements than fit in 64 bits");
  }
  uint64_t nbytes;
  if (__builtin_mul_overflow((uint64_t)size, (uint64_t)ndi_dtype_size(h->dtype), &nbytes) ||
      nbytes > (uint64_t)INT64_MAX)
    return ndi_io_error(w, ND_ERR_IO, "'shape' has more bytes of %s than fit in 64 bits",
                        ndi_dtype_name(h->dtype));
  h->size = empty ? 0 : size;
  h->nbytes = empty ? 0 : nbytes;
  return ND_OK;
}

/* ---- writing ---------------------------------------------------------------------- */

size_t ndi_npy_format_header_for(nd_dtype t, int ndim, const int64_t *shape, bool fortran,
                                 char *buf) {
  /* 64 extents of at most 19 digits and ", " fit easily: the 1.0 format (a 16-bit length)
   * is always enough, so nd never needs to write 2.0. */
  char dict[NDI_NPY_HEADER_MAX];
  size_t item = ndi_dtype_size(t);
  char order = item == 1 ? '|' : ndi_host_little_endian() ? '<' : '>';
  /* bfloat16 as NumPy saves an ml_dtypes bfloat16 array: a 2-byte void, '<V2' */
  char kind = t == ND_BFLOAT16 ? 'V' : ndi_dtype_kind(t);
  int n = snprintf(dict, sizeof dict, "{'descr': '%c%c%zu', 'fortran_order': %s, 'shape': (", order,
                   kind, item, fortran ? "True" : "False");
  for (int i = 0; i < ndim; i++)
    n += snprintf(dict + n, sizeof dict - (size_t)n, "%s%lld", i ? ", " : "",
                  (long long)shape[i]);
  n += snprintf(dict + n, sizeof dict - (size_t)n, "%s), }", ndim == 1 ? "," : "");
  /* Pad with spaces so that the data starts at a multiple of 64 bytes; end with '\n'. */
  size_t total = 10 + (size_t)n + 1;
  size_t pad = (64 - total % 64) % 64;
  size_t hlen = (size_t)n + pad + 1;
  memcpy(buf, npy_magic, sizeof npy_magic);
  buf[6] = 1;
  buf[7] = 0;
  buf[8] = (char)(hlen & 0xff);
  buf[9] = (char)(hlen >> 8);
  memcpy(buf + 10, dict, (size_t)n);
  memset(buf + 10 + n, ' ', pad);
  buf[10 + (size_t)n + pad] = '\n';
  return 10 + hlen;
}

size_t ndi_npy_format_header(const nd_array *a, bool fortran, char *buf) {
  return ndi_npy_format_header_for(a->dtype, a->ndim, a->shape, fortran, buf);
}

size_t nd_npy_format_header(nd_dtype t, int ndim, const int64_t *shape, bool fortran_order,
                            char *buf, size_t cap) {
  if (!buf || (ndim > 0 && !shape)) return ndi_null_arg_named("npy_format_header", !buf ? "buf" : "shape"), 0;
  if (ndi_check_dtype("npy_format_header", (int)t)) return 0;
  if (ndim < 0 || ndim > ND_MAX_DIMS)
    return ndi_error(ND_ERR_VALUE, "npy_format_header: ndim %d is out of range [0, %d]", ndim,
                     ND_MAX_DIMS), 0;
  for (int i = 0; i < ndim; i++)
    if (shape[i] < 0)
      return ndi_error(ND_ERR_VALUE, "npy_format_header: negative extent %lld (axis %d)",
                       (long long)shape[i], i), 0;
  char tmp[NDI_NPY_HEADER_MAX];
  size_t n = ndi_npy_format_header_for(t, ndim, shape, fortran_order, tmp);
  if (n > cap)
    return ndi_error(ND_ERR_VALUE, "npy_format_header: the header needs %zu bytes, the buffer has %zu",
                     n, cap), 0;
  memcpy(buf, tmp, n);
  return n;
}
