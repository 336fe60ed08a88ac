/* Text output following NumPy's array2string for str(): precision 8, threshold 1000 with 3
 * edge items, line width 75, 'maxprec' float mode, and its choice between positional and
 * scientific notation for the whole array. */
#include <complex.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "frontend.h"
#include "nd/core.h"
#include "nd/print.h"
#include "print_digits.h"

#define PRECISION 8
#define THRESHOLD 1000
#define EDGE 3
#define LINE_WIDTH 75

/* ---- a growable string ---------------------------------------------------------------- */

typedef struct {
  char *s;
  size_t len, cap;
  bool failed;
} strbuf;

static void sb_putn(strbuf *b, const char *s, size_t n) {
  if (b->failed) return;
  if (b->len + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + n + 1) cap *= 2;
    char *p = ndi_realloc(b->s, cap);
    if (!p) {
      b->failed = true;
      return;
    }
    b->s = p;
    b->cap = cap;
  }
  memcpy(b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = '\0';
}
static void sb_put(strbuf *b, const char *s) { sb_putn(b, s, strlen(s)); }
static void sb_spaces(strbuf *b, int n) {
  for (int i = 0; i < n; i++) sb_putn(b, " ", 1);
}

/* ---- shortest round-trip digits ------------------------------------------------------- */

static bool is_half(nd_dtype t) { return t == ND_FLOAT16 || t == ND_BFLOAT16; }

/* Positional digits of a finite x: the fewest fractional digits (at most PRECISION) that
 * read back as x, trailing zeros trimmed but the point kept ("1.", "0.5"). With sign, a
 * '+' is written for non-negative values. */
static void positional(char *out, size_t cap, double x, nd_dtype t, bool sign) {
  char tmp[400];
  int p = 0;
  if (is_half(t) && x != 0) { /* Dragon4's digits (print_digits.c), at most PRECISION places */
    char d[32];
    int e;
    ndi_shortest_digits16(x, t, d, &e);
    ndi_digits_fixed(tmp, sizeof tmp, signbit(x), d, e);
    const char *dot = strchr(tmp, '.');
    if (dot && (int)strlen(dot + 1) > PRECISION) snprintf(tmp, sizeof tmp, "%.*f", PRECISION, x);
  } else {
    for (; p <= PRECISION; p++) {
      snprintf(tmp, sizeof tmp, "%.*f", p, x);
      if (ndi_reads_back(tmp, x, t)) break;
    }
    if (p > PRECISION) snprintf(tmp, sizeof tmp, "%.*f", PRECISION, x);
  }
  if (!strchr(tmp, '.')) strcat(tmp, ".");
  size_t n = strlen(tmp);
  while (n > 0 && tmp[n - 1] == '0' && strchr(tmp, '.') < tmp + n - 1) tmp[--n] = '\0';
  snprintf(out, cap, "%s%s", (sign && !signbit(x)) ? "+" : "", tmp);
}

/* Scientific digits: mantissa with the fewest digits (at most PRECISION after the point)
 * that read back as x, trimmed ("1.e-05", "1.5e+00"). */
static void scientific(char *out, size_t cap, double x, nd_dtype t, bool sign) {
  char tmp[64];
  int p = 0;
  if (is_half(t) && x != 0) { /* at most 5 significant digits: within PRECISION */
    char d[32];
    int e;
    ndi_shortest_digits16(x, t, d, &e);
    ndi_digits_sci(tmp, sizeof tmp, signbit(x), d, e);
  } else {
    for (; p <= PRECISION; p++) {
      snprintf(tmp, sizeof tmp, "%.*e", p, x);
      if (ndi_reads_back(tmp, x, t)) break;
    }
    if (p > PRECISION) snprintf(tmp, sizeof tmp, "%.*e", PRECISION, x);
  }
  char *e = strchr(tmp, 'e');
  char mant[64], expo[16];
  size_t ml = (size_t)(e - tmp);
  memcpy(mant, tmp, ml);
  mant[ml] = '\0';
  snprintf(expo, sizeof expo, "%s", e);
  if (!strchr(mant, '.')) strcat(mant, ".");
  ml = strlen(mant);
  while (ml > 0 && mant[ml - 1] == '0' && strchr(mant, '.') < mant + ml - 1) mant[--ml] = '\0';
  snprintf(out, cap, "%s%s%s", (sign && !signbit(x)) ? "+" : "", mant, expo);
}

/* ---- float format for a set of values (NumPy's FloatingFormat) ------------------------- */

typedef struct {
  nd_dtype t; /* the real dtype whose precision the digits have */
  bool sign, exp;
  int pad_left, pad_right, precision, exp_size;
} float_fmt;

/* x rounded to the precision of dtype t (a real float dtype) */
static double in_dtype(double x, nd_dtype t) {
  switch (t) {
    case ND_FLOAT16: return nd_float16_to_double(nd_float16_from_double(x));
    case ND_BFLOAT16: return nd_bfloat16_to_double(nd_bfloat16_from_double(x));
    case ND_FLOAT32: return (float)x;
    default: return x;
  }
}

static void float_fmt_fill(float_fmt *f, const double *v, int64_t n, nd_dtype t, bool sign) {
  memset(f, 0, sizeof *f);
  f->t = t;
  f->sign = sign;
  f->exp_size = -1;
  double mx = 0, mn = INFINITY;
  int64_t finite = 0;
  bool neginf = false, nonfinite = false;
  for (int64_t i = 0; i < n; i++) {
    if (!isfinite(v[i])) {
      nonfinite = true;
      if (isinf(v[i]) && v[i] < 0) neginf = true;
      continue;
    }
    finite++;
    double a = fabs(v[i]);
    if (a == 0) continue;
    if (a > mx) mx = a;
    if (a < mn) mn = a;
  }
  /* NumPy >= 2.2: scientific from 10^min(8, decimal precision of the dtype) on (1e3 for
   * float16, 1e6 for float32; bfloat16, whose precision is 2, takes 1e2 by the same rule),
   * or below 1e-4, or for a range above 1000, all compared in the dtype's own arithmetic
   * (float16's max / min is rounded to float16: overflow to inf counts as above 1000). */
  double cutoff = t == ND_FLOAT16 ? 1e3 : t == ND_BFLOAT16 ? 1e2 : t == ND_FLOAT32 ? 1e6 : 1e8;
  bool small = mn < in_dtype(1e-4, t);
  double ratio = is_half(t) ? in_dtype((float)mx / (float)mn, t) : mx / mn;
  if (mx > 0 && (mx >= cutoff || small || ratio > 1000.0)) f->exp = true;
  char s[400];
  if (finite == 0) {
    f->pad_left = f->pad_right = 0;
  } else if (f->exp) {
    int maxfrac = 0, maxint = 0, maxexp = 0;
    for (int64_t i = 0; i < n; i++) {
      if (!isfinite(v[i])) continue;
      scientific(s, sizeof s, v[i], t, sign);
      char *dot = strchr(s, '.'), *e = strchr(s, 'e');
      if ((int)(dot - s) > maxint) maxint = (int)(dot - s);
      if ((int)(e - dot - 1) > maxfrac) maxfrac = (int)(e - dot - 1);
      if ((int)strlen(e + 2) > maxexp) maxexp = (int)strlen(e + 2);
    }
    f->precision = maxfrac;
    f->exp_size = maxexp;
    f->pad_left = maxint;
    f->pad_right = f->exp_size + 2 + f->precision;
  } else {
    int maxfrac = 0, maxint = 0;
    for (int64_t i = 0; i < n; i++) {
      if (!isfinite(v[i])) continue;
      positional(s, sizeof s, v[i], t, sign);
      char *dot = strchr(s, '.');
      if ((int)(dot - s) > maxint) maxint = (int)(dot - s);
      if ((int)strlen(dot + 1) > maxfrac) maxfrac = (int)strlen(dot + 1);
    }
    f->pad_left = maxint;
    f->pad_right = maxfrac;
  }
  if (nonfinite) {
    int neg = (sign || neginf) ? 1 : 0;
    int offset = f->pad_right + 1;
    if (3 - offset > f->pad_left) f->pad_left = 3 - offset;
    if (3 + neg - offset > f->pad_left) f->pad_left = 3 + neg - offset;
  }
}

static void float_fmt_apply(const float_fmt *f, double x, strbuf *b) {
  char s[400];
  if (!isfinite(x)) {
    const char *r = isnan(x) ? (f->sign ? "+nan" : "nan")
                             : (x < 0 ? "-inf" : f->sign ? "+inf" : "inf");
    sb_spaces(b, f->pad_left + f->pad_right + 1 - (int)strlen(r));
    sb_put(b, r);
    return;
  }
  if (f->exp) {
    scientific(s, sizeof s, x, f->t, f->sign);
    char *dot = strchr(s, '.'), *e = strchr(s, 'e');
    if ((int)(e - dot - 1) < f->precision) {
      /* More digits than this value needs: NumPy prints the value's exact further digits
       * (float32 1e-5 with 7 digits is 9.9999997e-06), not zeros. */
      snprintf(s, sizeof s, "%s%.*e", (f->sign && !signbit(x)) ? "+" : "", f->precision, x);
      dot = strchr(s, '.');
      e = strchr(s, 'e');
    }
    sb_spaces(b, f->pad_left - (int)(dot - s));
    sb_putn(b, s, (size_t)(e - s));
    sb_putn(b, e, 2); /* "e+" or "e-" */
    for (int k = (int)strlen(e + 2); k < f->exp_size; k++) sb_put(b, "0");
    sb_put(b, e + 2);
  } else {
    positional(s, sizeof s, x, f->t, f->sign);
    char *dot = strchr(s, '.');
    sb_spaces(b, f->pad_left - (int)(dot - s));
    sb_put(b, s);
    sb_spaces(b, f->pad_right - (int)strlen(dot + 1));
  }
}

/* ---- element formats ------------------------------------------------------------------ */

typedef struct {
  nd_dtype t;
  char kind;
  int int_width;
  float_fmt re, im;
} elem_fmt;

typedef union {
  int64_t i;
  uint64_t u;
  double f;
  double c[2];
  bool b;
} value;

static value load(nd_dtype t, const char *p) {
  value v;
  memset(&v, 0, sizeof v);
  switch (t) {
    case ND_BOOL: v.b = *(const bool *)p; break;
    case ND_INT8: v.i = *(const int8_t *)p; break;
    case ND_INT16: v.i = *(const int16_t *)p; break;
    case ND_INT32: v.i = *(const int32_t *)p; break;
    case ND_INT64: v.i = *(const int64_t *)p; break;
    case ND_UINT8: v.u = *(const uint8_t *)p; break;
    case ND_UINT16: v.u = *(const uint16_t *)p; break;
    case ND_UINT32: v.u = *(const uint32_t *)p; break;
    case ND_UINT64: v.u = *(const uint64_t *)p; break;
    case ND_FLOAT32: v.f = *(const float *)p; break;
    case ND_FLOAT64: v.f = *(const double *)p; break;
    case ND_COMPLEX64: {
      const float *q = (const float *)p;
      v.c[0] = q[0];
      v.c[1] = q[1];
      break;
    }
    case ND_COMPLEX128: {
      const double *q = (const double *)p;
      v.c[0] = q[0];
      v.c[1] = q[1];
      break;
    }
    case ND_FLOAT16: v.f = nd_float16_to_double(*(const uint16_t *)p); break;
    case ND_BFLOAT16: v.f = nd_bfloat16_to_double(*(const uint16_t *)p); break;
  }
  return v;
}

static void int_str(char *s, size_t cap, nd_dtype t, value v) {
  if (ndi_dtype_kind(t) == 'u') snprintf(s, cap, "%" PRIu64, v.u);
  else snprintf(s, cap, "%" PRId64, v.i);
}

static void elem_apply(const elem_fmt *f, value v, strbuf *b) {
  char s[64];
  switch (f->kind) {
    case 'b': sb_put(b, v.b ? " True" : "False"); break;
    case 'i':
    case 'u':
      int_str(s, sizeof s, f->t, v);
      sb_spaces(b, f->int_width - (int)strlen(s));
      sb_put(b, s);
      break;
    case 'f': float_fmt_apply(&f->re, v.f, b); break;
    default: {
      float_fmt_apply(&f->re, v.c[0], b);
      strbuf im = {0};
      float_fmt_apply(&f->im, v.c[1], &im);
      if (im.failed || !im.s) {
        b->failed = true;
        break;
      }
      size_t n = im.len;
      while (n > 0 && im.s[n - 1] == ' ') n--;
      sb_putn(b, im.s, n);
      sb_put(b, "j");
      sb_put(b, im.s + n);
      ndi_free(im.s);
    }
  }
}

/* ---- which indices are shown ------------------------------------------------------------ */

typedef struct {
  const nd_array *a;
  bool summary;
} view_info;

/* Number of shown positions along an axis, and the index of shown position k. */
static int64_t shown_len(const view_info *vi, int axis) {
  int64_t n = vi->a->shape[axis];
  return (vi->summary && n > 2 * EDGE) ? 2 * EDGE : n;
}
static int64_t shown_index(const view_info *vi, int axis, int64_t k) {
  int64_t n = vi->a->shape[axis];
  if (vi->summary && n > 2 * EDGE && k >= EDGE) return n - 2 * EDGE + k;
  return k;
}

/* Collects the shown values (for choosing the format). */
static void collect(const view_info *vi, int axis, const char *p, value *out, int64_t *n) {
  const nd_array *a = vi->a;
  if (axis == a->ndim) {
    out[(*n)++] = load(a->dtype, p);
    return;
  }
  int64_t len = shown_len(vi, axis), sz = (int64_t)ndi_dtype_size(a->dtype);
  for (int64_t k = 0; k < len; k++)
    collect(vi, axis + 1, p + shown_index(vi, axis, k) * a->strides[axis] * sz, out, n);
}

static bool build_format(const view_info *vi, elem_fmt *f) {
  const nd_array *a = vi->a;
  int64_t count = 1;
  for (int i = 0; i < a->ndim; i++) count *= shown_len(vi, i);
  value *vals = ndi_malloc((size_t)(count ? count : 1) * sizeof(value));
  if (!vals) return false;
  int64_t n = 0;
  collect(vi, 0, a->data, vals, &n);
  f->t = a->dtype;
  f->kind = ndi_dtype_kind(a->dtype);
  f->int_width = 0;
  nd_dtype real = ndi_real_dtype(a->dtype);
  if (f->kind == 'i' || f->kind == 'u') {
    for (int64_t i = 0; i < n; i++) {
      char s[32];
      int_str(s, sizeof s, a->dtype, vals[i]);
      if ((int)strlen(s) > f->int_width) f->int_width = (int)strlen(s);
    }
  } else if (f->kind == 'f' || f->kind == 'c') {
    double *re = ndi_malloc((size_t)(n ? n : 1) * sizeof(double));
    double *im = ndi_malloc((size_t)(n ? n : 1) * sizeof(double));
    if (!re || !im) {
      ndi_free(re);
      ndi_free(im);
      ndi_free(vals);
      return false;
    }
    for (int64_t i = 0; i < n; i++) {
      re[i] = f->kind == 'f' ? vals[i].f : vals[i].c[0];
      im[i] = f->kind == 'f' ? 0 : vals[i].c[1];
    }
    float_fmt_fill(&f->re, re, n, real, false);
    if (f->kind == 'c') float_fmt_fill(&f->im, im, n, real, true);
    ndi_free(re);
    ndi_free(im);
  }
  ndi_free(vals);
  return true;
}

/* ---- NumPy's _formatArray ---------------------------------------------------------------- */

static void extend_line(strbuf *s, strbuf *line, const char *word, int width, int indent_len,
                        const char *indent) {
  bool wrap = (int)(line->len + strlen(word)) > width;
  if ((int)line->len <= indent_len) wrap = false;
  if (wrap) {
    size_t n = line->len;
    while (n > 0 && line->s[n - 1] == ' ') n--;
    sb_putn(s, line->s, n);
    sb_put(s, "\n");
    line->len = 0;
    sb_put(line, indent);
  }
  sb_put(line, word);
}

static void format_elem(const view_info *vi, const elem_fmt *f, const char *p, strbuf *out) {
  elem_apply(f, load(vi->a->dtype, p), out);
}

/* sep is the separator between elements: " " for str(), ", " for repr(); between rows
 * it is sep without its trailing space, then the newlines (NumPy's line_sep). */
static void recurse(const view_info *vi, const elem_fmt *f, int axis, const char *p,
                    const char *indent, int width, const char *sep, strbuf *out) {
  const nd_array *a = vi->a;
  int left = a->ndim - axis;
  int64_t n = a->shape[axis], sz = (int64_t)ndi_dtype_size(a->dtype);
  int64_t stride = a->strides[axis] * sz;
  bool summary = vi->summary && n > 2 * EDGE;
  int64_t lead = summary ? EDGE : 0, trail = summary ? EDGE : n;
  size_t ilen = strlen(indent);
  char *next_indent = ndi_malloc(ilen + 2);
  if (!next_indent) {
    out->failed = true;
    return;
  }
  memcpy(next_indent, indent, ilen);
  next_indent[ilen] = ' ';
  next_indent[ilen + 1] = '\0';
  strbuf s = {0};
  sb_put(&s, "");
  const char *row_sep = sep[0] == ',' ? "," : "";
  if (left == 1) {
    int elem_width = width - 1;
    strbuf line = {0};
    sb_put(&line, indent);
    strbuf word = {0};
    for (int64_t i = 0; i < lead + trail; i++) {
      int64_t idx = i < lead ? i : n - (lead + trail - i);
      if (summary && i == lead) {
        extend_line(&s, &line, "...", elem_width, (int)ilen, indent);
        sb_put(&line, sep);
      }
      word.len = 0;
      sb_put(&word, "");
      format_elem(vi, f, p + idx * stride, &word);
      extend_line(&s, &line, word.s ? word.s : "", elem_width, (int)ilen, indent);
      if (i != lead + trail - 1) sb_put(&line, sep);
    }
    sb_put(&s, line.s ? line.s : "");
    if (line.failed || word.failed) out->failed = true;
    ndi_free(line.s);
    ndi_free(word.s);
  } else {
    for (int64_t i = 0; i < lead + trail; i++) {
      int64_t idx = i < lead ? i : n - (lead + trail - i);
      if (summary && i == lead) {
        sb_put(&s, indent);
        sb_put(&s, "...");
        sb_put(&s, row_sep);
        for (int k = 0; k < left - 1; k++) sb_put(&s, "\n");
      }
      sb_put(&s, indent);
      recurse(vi, f, axis + 1, p + idx * stride, next_indent, width - 1, sep, &s);
      if (i != lead + trail - 1) {
        sb_put(&s, row_sep);
        for (int k = 0; k < left - 1; k++) sb_put(&s, "\n");
      }
    }
  }
  /* remove the hanging indent of the first line and wrap in brackets */
  sb_put(out, "[");
  if (s.s && s.len >= ilen) sb_put(out, s.s + ilen);
  sb_put(out, "]");
  if (s.failed) out->failed = true;
  ndi_free(s.s);
  ndi_free(next_indent);
}

/* ---- 0-d arrays print like the scalar's str() ------------------------------------------- */

/* A scalar as NumPy's str() prints it (Python's repr rules): the shortest digits that read
 * back as the value (in its own precision), positional for 1e-4 <= |x| < 1e16 (1e6 for
 * float32, as NumPy >= 2.2; 1e3 for float16, as NumPy's float16 scalars, and 1e2 for
 * bfloat16 by the arrays' rule), else scientific with at least two exponent digits. With
 * strip_zero an integral value has no ".0" (complex parts: "(1+2j)"). */
static void py_float(char *out, size_t cap, double x, nd_dtype t, bool strip_zero) {
  if (isnan(x)) {
    snprintf(out, cap, "nan");
    return;
  }
  if (isinf(x)) {
    snprintf(out, cap, x < 0 ? "-inf" : "inf");
    return;
  }
  char digits[32];
  int nd = 0, e = 0;
  if (is_half(t) && x != 0) {
    ndi_shortest_digits16(x, t, digits, &e);
    nd = (int)strlen(digits);
  } else {
    char tmp[64];
    for (int p = 1; p <= 17; p++) {
      snprintf(tmp, sizeof tmp, "%.*e", p - 1, x);
      if (ndi_reads_back(tmp, x, t)) break;
    }
    /* tmp = [-]d.ddde[+-]XX: split into sign, digits and decimal exponent */
    char *ep = strchr(tmp, 'e');
    e = atoi(ep + 1);
    const char *m = tmp[0] == '-' ? tmp + 1 : tmp;
    for (const char *q = m; q < ep; q++)
      if (*q != '.') digits[nd++] = *q;
    while (nd > 1 && digits[nd - 1] == '0') nd--; /* trailing zeros carry no information */
    digits[nd] = '\0';
  }
  const char *sign = signbit(x) ? "-" : "";
  double ax = fabs(x);
  double cutoff = t == ND_FLOAT16 ? 1e3 : t == ND_BFLOAT16 ? 1e2 : t == ND_FLOAT32 ? 1e6 : 1e16;
  if (ax != 0 && (ax < 1e-4 || ax >= cutoff)) {
    ndi_digits_sci(out, cap, signbit(x), digits, e);
    return;
  }
  char buf[64];
  if (ax == 0) snprintf(buf, sizeof buf, "0");
  else ndi_digits_fixed(buf, sizeof buf, false, digits, e);
  bool has_dot = strchr(buf, '.') != NULL;
  snprintf(out, cap, "%s%s%s", sign, buf, (!has_dot && !strip_zero) ? ".0" : "");
}

static void scalar_str(const nd_array *a, strbuf *b) {
  value v = load(a->dtype, a->data);
  char s[160], r[64], i[64];
  nd_dtype real = ndi_real_dtype(a->dtype);
  switch (ndi_dtype_kind(a->dtype)) {
    case 'b': sb_put(b, v.b ? "True" : "False"); break;
    case 'i':
    case 'u':
      int_str(s, sizeof s, a->dtype, v);
      sb_put(b, s);
      break;
    case 'f':
      py_float(s, sizeof s, v.f, real, false);
      sb_put(b, s);
      break;
    default:
      py_float(i, sizeof i, v.c[1], real, true);
      if (v.c[0] == 0 && !signbit(v.c[0])) {
        snprintf(s, sizeof s, "%sj", i);
      } else {
        py_float(r, sizeof r, v.c[0], real, true);
        snprintf(s, sizeof s, "(%s%s%sj)", r, i[0] == '-' ? "" : "+", i);
      }
      sb_put(b, s);
  }
}

char *nd_to_string(const nd_array *a) {
  NDI_REQUIRE("to_string", a);
  strbuf out = {0};
  if (a->ndim == 0) {
    scalar_str(a, &out);
  } else if (a->size == 0) {
    sb_put(&out, "[]");
  } else {
    view_info vi = {a, a->size > THRESHOLD};
    elem_fmt f;
    if (!build_format(&vi, &f)) {
      ndi_nomem("to_string", 0);
      return NULL;
    }
    recurse(&vi, &f, 0, a->data, " ", LINE_WIDTH, " ", &out);
  }
  if (out.failed || !out.s) {
    ndi_free(out.s);
    ndi_nomem("to_string", out.cap);
    return NULL;
  }
  return out.s;
}

char *nd_repr(const nd_array *a, const char *name) {
  NDI_REQUIRE("repr", a);
  if (!name) name = "array";
  size_t nlen = strlen(name);
  strbuf out = {0};
  sb_put(&out, name);
  sb_put(&out, "(");
  bool summary = a->size > THRESHOLD;
  if (a->size == 0) {
    sb_put(&out, "[]");
  } else {
    view_info vi = {a, summary};
    elem_fmt f;
    if (!build_format(&vi, &f)) {
      ndi_free(out.s);
      ndi_nomem("repr", 0);
      return NULL;
    }
    if (a->ndim == 0 && a->dtype == ND_BOOL) {
      sb_put(&out, *(const bool *)a->data ? "True" : "False"); /* no column to align */
    } else if (a->ndim == 0) {
      format_elem(&vi, &f, a->data, &out);
    } else {
      /* NumPy's array2string(prefix="name(", suffix=")"): the continuation lines are
       * indented past "name([" and the line is one shorter for the closing ")" */
      char *indent = ndi_malloc(nlen + 3);
      if (!indent) {
        ndi_free(out.s);
        ndi_nomem("repr", nlen + 3);
        return NULL;
      }
      memset(indent, ' ', nlen + 2);
      indent[nlen + 2] = '\0';
      recurse(&vi, &f, 0, a->data, indent, LINE_WIDTH - 1, ", ", &out);
      ndi_free(indent);
    }
  }
  /* NumPy's extras: the shape where the text does not show it (an empty array other than
   * 1-D, a summarised one), then the dtype, which nd always gives; on the last line if
   * they fit in the line width, else on a new one */
  strbuf extra = {0};
  if ((a->size == 0 && a->ndim != 1) || summary) {
    sb_put(&extra, "shape=(");
    for (int i = 0; i < a->ndim; i++) {
      char e[32];
      snprintf(e, sizeof e, "%s%" PRId64, i ? ", " : "", a->shape[i]);
      sb_put(&extra, e);
    }
    sb_put(&extra, a->ndim == 1 ? ",), " : "), ");
  }
  sb_put(&extra, "dtype=");
  sb_put(&extra, ndi_dtype_name(a->dtype));
  sb_put(&extra, ")");
  sb_put(&out, ",");
  const char *last = out.s ? strrchr(out.s, '\n') : NULL;
  size_t last_len = out.s ? out.len - (last ? (size_t)(last - out.s) + 1 : 0) : 0;
  if (last_len + extra.len + 1 > LINE_WIDTH) {
    sb_put(&out, "\n");
    sb_spaces(&out, (int)nlen + 1);
  } else {
    sb_put(&out, " ");
  }
  sb_put(&out, extra.s ? extra.s : "");
  bool failed = out.failed || extra.failed || !out.s || !extra.s;
  ndi_free(extra.s);
  if (failed) {
    ndi_free(out.s);
    ndi_nomem("repr", out.cap);
    return NULL;
  }
  return out.s;
}

nd_status nd_fprint(FILE *f, const nd_array *a) {
  NDI_REQUIRE_ST("print", a);
  char *s = nd_to_string(a);
  if (!s) return nd_last_status();
  /* flushed, so that a failing write (a full disk, a stream opened for reading) is
   * reported here rather than lost */
  FILE *to = f ? f : stdout;
  errno = 0;
  bool failed = fprintf(to, "%s\n", s) < 0 || fflush(to) != 0;
  ndi_free(s);
  if (failed)
    return ndi_error(ND_ERR_IO, "print: write error: %s", errno ? strerror(errno) : "stream error");
  return ND_OK;
}

nd_status nd_print(const nd_array *a) { return nd_fprint(stdout, a); }

char *nd_describe(const nd_array *a) {
  NDI_REQUIRE("describe", a);
  char sh[NDI_SHAPE_BUF], st[NDI_SHAPE_BUF], buf[3 * NDI_SHAPE_BUF];
  const char *order = ndi_is_contiguous(a->ndim, a->shape, a->strides, ND_C)
                          ? (ndi_is_contiguous(a->ndim, a->shape, a->strides, ND_F) ? "C and F" : "C")
                          : ndi_is_contiguous(a->ndim, a->shape, a->strides, ND_F) ? "F" : "strided";
  int n = snprintf(buf, sizeof buf, "array(shape=%s, strides=%s, dtype=%s, %s%s)",
                   ndi_fmt_shape(sh, sizeof sh, a->ndim, a->shape),
                   ndi_fmt_shape(st, sizeof st, a->ndim, a->strides), ndi_dtype_name(a->dtype),
                   order, ndi_is_writeable(a) ? "" : ", read-only");
  char *r = ndi_malloc((size_t)n + 1);
  if (!r) {
    ndi_nomem("describe", (size_t)n + 1);
    return NULL;
  }
  memcpy(r, buf, (size_t)n + 1);
  return r;
}
