/* Parsing einsum subscripts with NumPy's grammar: operands separated by ',', an optional
 * '->' and output; letters are labels, '...' stands for the leading axes an operand's
 * letters do not name (broadcast across operands, right-aligned), spaces are ignored.
 * Without '->', the output is '...' followed by the labels that appear exactly once, in
 * order (uppercase first). Beyond NumPy, any non-ASCII character (UTF-8) is a label too,
 * ordered after the letters by code point: opt_einsum, quimb and cotengra name labels
 * beyond the 52 letters so, and a 5 x 5 PEPS norm needs 105. Every error names the
 * position (in bytes) in the string. */
#include <string.h>

#include "core/alloc.h"
#include "einsum.h"
#include "la_common.h"

static int letter_id(uint32_t c) {
  if (c >= 'A' && c <= 'Z') return (int)(c - 'A');
  if (c >= 'a' && c <= 'z') return 26 + (int)(c - 'a');
  return -1;
}

ndi_ein_spec *ndi_ein_spec_new(const char *op, int n) {
  size_t bytes = sizeof(ndi_ein_spec) + (size_t)n * (sizeof(int) + sizeof(int[ND_MAX_DIMS]));
  ndi_ein_spec *sp = ndi_malloc(bytes);
  if (!sp) {
    ndi_nomem(op, bytes);
    return NULL;
  }
  sp->lab = (int(*)[ND_MAX_DIMS])(sp + 1);
  sp->nlab = (int *)(sp->lab + n);
  sp->nops = n;
  return sp;
}

void ndi_ein_spec_free(ndi_ein_spec *sp) { ndi_free(sp); }

/* One operand's (or the output's) subscripts as written. */
typedef struct {
  int n;                      /* labels and the ellipsis */
  uint32_t ch[ND_MAX_DIMS + 1]; /* characters; ELL marks where '...' stands */
  int pos[ND_MAX_DIMS + 1];   /* their positions in the string */
  int ell;                    /* index in ch[] of '...', or -1 */
  int start;                  /* position where this term starts */
} written;
#define ELL 0u

static nd_status push(const char *op, written *w, uint32_t c, int pos) {
  if (w->n >= ND_MAX_DIMS + 1)
    return ndi_error(ND_ERR_VALUE, "%s: too many subscripts in one term (at position %d)", op, pos);
  w->ch[w->n] = c;
  w->pos[w->n++] = pos;
  return ND_OK;
}

/* The UTF-8 character at s (a non-ASCII lead byte): its code point and length, or 0. */
static int utf8_char(const unsigned char *s, uint32_t *cp) {
  int len = s[0] >= 0xC2 && s[0] < 0xE0 ? 2 : s[0] >= 0xE0 && s[0] < 0xF0 ? 3
            : s[0] >= 0xF0 && s[0] < 0xF5 ? 4 : 0;
  if (!len) return 0;
  uint32_t c = s[0] & (0x7Fu >> len);
  for (int i = 1; i < len; i++) {
    if ((s[i] & 0xC0) != 0x80) return 0;
    c = (c << 6) | (s[i] & 0x3F);
  }
  static const uint32_t least[5] = {0, 0, 0x80, 0x800, 0x10000};
  if (c < least[len] || c > 0x10FFFF || (c >= 0xD800 && c < 0xE000)) return 0;
  *cp = c;
  return len;
}

static void start_term(written *w, int start) {
  w->n = 0;
  w->ell = -1;
  w->start = start;
}

/* Splits the string into per-operand terms and the output. */
static nd_status scan(const char *op, const char *s, int n, written *terms, int *nterms,
                      written *out, bool *explicit_out) {
  *nterms = 1;
  *explicit_out = false;
  written *cur = &terms[0];
  start_term(cur, 0);
  for (int p = 0; s[p];) {
    unsigned char c = (unsigned char)s[p];
    if (c == ' ') {
      p++;
      continue;
    }
    if (c == ',') {
      if (*explicit_out)
        return ndi_error(ND_ERR_VALUE, "%s: ',' at position %d is in the output", op, p);
      if (*nterms >= n)
        return ndi_error(ND_ERR_VALUE,
                         "%s: the subscripts name more operands than the %d given (',' at position %d)",
                         op, n, p);
      cur = &terms[(*nterms)++];
      start_term(cur, ++p);
      continue;
    }
    if (c == '-') {
      if (s[p + 1] != '>')
        return ndi_error(ND_ERR_VALUE, "%s: '-' at position %d is not part of '->'", op, p);
      if (*explicit_out)
        return ndi_error(ND_ERR_VALUE, "%s: a second '->' at position %d", op, p);
      *explicit_out = true;
      cur = out;
      start_term(cur, p + 2);
      p += 2;
      continue;
    }
    if (c == '.') {
      if (s[p + 1] != '.' || s[p + 2] != '.')
        return ndi_error(ND_ERR_VALUE, "%s: '.' at position %d is not part of an ellipsis '...'", op, p);
      if (cur->ell >= 0)
        return ndi_error(ND_ERR_VALUE, "%s: a second ellipsis at position %d in the same %s", op, p,
                         cur == out ? "output" : "operand");
      cur->ell = cur->n;
      nd_status st = push(op, cur, ELL, p);
      if (st) return st;
      p += 3;
      continue;
    }
    uint32_t cp = c;
    int len = 1;
    if (c >= 0x80) {
      len = utf8_char((const unsigned char *)s + p, &cp);
      if (!len)
        return ndi_error(ND_ERR_VALUE, "%s: invalid UTF-8 byte 0x%02x at position %d", op, c, p);
    } else if (letter_id(c) < 0) {
      if (c == '>')
        return ndi_error(ND_ERR_VALUE, "%s: '>' at position %d is not part of '->'", op, p);
      return ndi_error(ND_ERR_VALUE,
                       "%s: invalid character '%c' at position %d (subscripts are letters)", op,
                       c >= 0x20 && c < 0x7F ? c : '?', p);
    }
    nd_status st = push(op, cur, cp, p);
    if (st) return st;
    p += len;
  }
  if (*nterms != n)
    return ndi_error(ND_ERR_VALUE, "%s: the subscripts name %d operand%s but %d were given", op,
                     *nterms, *nterms == 1 ? "" : "s", n);
  return ND_OK;
}

char *ndi_ein_label_text(const ndi_ein_spec *sp, int l, char *buf) {
  uint32_t c = sp->code[l];
  if (c == 0) c = '.';
  if (c < 0x80) {
    buf[0] = (char)c;
    buf[1] = 0;
  } else if (c < 0x800) {
    buf[0] = (char)(0xC0 | (c >> 6));
    buf[1] = (char)(0x80 | (c & 0x3F));
    buf[2] = 0;
  } else if (c < 0x10000) {
    buf[0] = (char)(0xE0 | (c >> 12));
    buf[1] = (char)(0x80 | ((c >> 6) & 0x3F));
    buf[2] = (char)(0x80 | (c & 0x3F));
    buf[3] = 0;
  } else {
    buf[0] = (char)(0xF0 | (c >> 18));
    buf[1] = (char)(0x80 | ((c >> 12) & 0x3F));
    buf[2] = (char)(0x80 | ((c >> 6) & 0x3F));
    buf[3] = (char)(0x80 | (c & 0x3F));
    buf[4] = 0;
  }
  return buf;
}

/* Label ids of the characters beyond the letters: NDI_EIN_OTHER + their rank among the
 * distinct ones, in code-point order. */
typedef struct {
  int n;
  uint32_t cp[NDI_EIN_MAX_OTHER];
} others;

static nd_status add_other(const char *op, others *o, uint32_t c, int pos) {
  int i = 0;
  while (i < o->n && o->cp[i] < c) i++;
  if (i < o->n && o->cp[i] == c) return ND_OK;
  if (o->n == NDI_EIN_MAX_OTHER)
    return ndi_error(ND_ERR_VALUE, "%s: more than %d distinct labels besides the letters (at position %d)",
                     op, NDI_EIN_MAX_OTHER, pos);
  memmove(&o->cp[i + 1], &o->cp[i], sizeof(uint32_t) * (size_t)(o->n - i));
  o->cp[i] = c;
  o->n++;
  return ND_OK;
}

static int label_id(const others *o, uint32_t c) {
  int id = letter_id(c);
  if (id >= 0) return id;
  int i = 0;
  while (o->cp[i] != c) i++;
  return NDI_EIN_OTHER + i;
}

static char *text_of(uint32_t c, char *buf) {
  ndi_ein_spec tmp;
  tmp.code[0] = c;
  return ndi_ein_label_text(&tmp, 0, buf);
}

/* Extents: every axis of a label has the label's extent or 1 (which broadcasts); a label
 * repeated within one operand (a diagonal) needs equal extents there. */
static nd_status set_extents(const char *op, ndi_ein_spec *sp, nd_array *const *ops) {
  int owner[NDI_LA_MAX_LABELS];
  char t[8];
  for (int l = 0; l < NDI_LA_MAX_LABELS; l++) sp->dim[l] = -1;
  for (int k = 0; k < sp->nops; k++) {
    for (int i = 0; i < sp->nlab[k]; i++) {
      int l = sp->lab[k][i];
      int64_t e = ops[k]->shape[i];
      for (int j = 0; j < i; j++)
        if (sp->lab[k][j] == l && ops[k]->shape[j] != e)
          return ndi_error(ND_ERR_SHAPE,
                           "%s: label '%s' is repeated in operand %d with extents %lld and %lld", op,
                           ndi_ein_label_text(sp, l, t), k, (long long)ops[k]->shape[j], (long long)e);
      if (sp->dim[l] < 0 || (sp->dim[l] == 1 && e != 1)) {
        sp->dim[l] = e;
        owner[l] = k;
      } else if (e != 1 && e != sp->dim[l]) {
        if (sp->code[l])
          return ndi_error(ND_ERR_SHAPE,
                           "%s: label '%s' has extent %lld in operand %d but %lld in operand %d", op,
                           ndi_ein_label_text(sp, l, t), (long long)sp->dim[l], owner[l],
                           (long long)e, k);
        return ndi_error(ND_ERR_SHAPE,
                         "%s: axis %d of '...' has extent %lld in operand %d but %lld in operand %d (they do not broadcast)",
                         op, l - NDI_EIN_ELLIPSIS, (long long)sp->dim[l], owner[l], (long long)e, k);
      }
    }
  }
  return ND_OK;
}

/* The labels of the operands; count[] how often each occurs. */
static nd_status label_operands(const char *op, ndi_ein_spec *sp, nd_array *const *ops,
                                const written *terms, const others *oth, int *count, int *nell_out) {
  int n = sp->nops, nell = 0;
  for (int k = 0; k < n; k++) {
    const written *w = &terms[k];
    int letters = w->n - (w->ell >= 0 ? 1 : 0);
    int nd = ops[k]->ndim;
    if (w->ell < 0 && letters != nd)
      return ndi_error(ND_ERR_SHAPE,
                       "%s: operand %d has %d axes but its subscripts (from position %d) name %d", op,
                       k, nd, w->start, letters);
    if (w->ell >= 0 && letters > nd)
      return ndi_error(ND_ERR_SHAPE,
                       "%s: operand %d has %d axes but its subscripts (from position %d) name %d besides '...'",
                       op, k, nd, w->start, letters);
    if (w->ell >= 0 && nd - letters > nell) nell = nd - letters;
  }
  for (int k = 0; k < n; k++) {
    const written *w = &terms[k];
    int a = 0, ne = w->ell >= 0 ? ops[k]->ndim - (w->n - 1) : 0;
    for (int i = 0; i < w->n; i++) {
      if (w->ch[i] == ELL) {
        for (int e = 0; e < ne; e++) sp->lab[k][a++] = NDI_EIN_ELLIPSIS + nell - ne + e;
      } else {
        int id = label_id(oth, w->ch[i]);
        sp->lab[k][a++] = id;
        count[id]++;
      }
    }
    sp->nlab[k] = a;
  }
  *nell_out = nell;
  return ND_OK;
}

static nd_status label_output(const char *op, ndi_ein_spec *sp, const written *out,
                              bool explicit_out, const others *oth, const int *count, int nell) {
  char t[8];
  sp->nout = 0;
  if (!explicit_out) {
    for (int e = 0; e < nell; e++) sp->out[sp->nout++] = NDI_EIN_ELLIPSIS + e;
    for (int id = 0; id < NDI_LA_MAX_LABELS; id++)
      if (count[id] == 1) {
        if (sp->nout >= ND_MAX_DIMS)
          return ndi_error(ND_ERR_SHAPE, "%s: the output would have more than %d axes", op, ND_MAX_DIMS);
        sp->out[sp->nout++] = id;
      }
    return ND_OK;
  }
  bool seen[NDI_LA_MAX_LABELS] = {false};
  if (nell > 0 && out->ell < 0)
    return ndi_error(ND_ERR_SHAPE,
                     "%s: the operands' '...' stands for %d axes but the output (from position %d) has no '...'",
                     op, nell, out->start);
  if (out->n - (out->ell >= 0 ? 1 : 0) + nell > ND_MAX_DIMS)
    return ndi_error(ND_ERR_SHAPE, "%s: the output would have more than %d axes", op, ND_MAX_DIMS);
  for (int i = 0; i < out->n; i++) {
    if (out->ch[i] == ELL) {
      for (int e = 0; e < nell; e++) sp->out[sp->nout++] = NDI_EIN_ELLIPSIS + e;
      continue;
    }
    int id = letter_id(out->ch[i]);
    if (id < 0) {
      int j = 0;
      while (j < oth->n && oth->cp[j] != out->ch[i]) j++;
      id = j < oth->n ? NDI_EIN_OTHER + j : -1;
    }
    if (id < 0 || !count[id])
      return ndi_error(ND_ERR_VALUE, "%s: output label '%s' at position %d does not appear in any input",
                       op, text_of(out->ch[i], t), out->pos[i]);
    if (seen[id])
      return ndi_error(ND_ERR_VALUE, "%s: output label '%s' at position %d appears more than once", op,
                       text_of(out->ch[i], t), out->pos[i]);
    seen[id] = true;
    sp->out[sp->nout++] = id;
  }
  return ND_OK;
}

nd_status ndi_einsum_parse(const char *op, const char *s, int n, nd_array *const *ops,
                           ndi_ein_spec *sp) {
  if (n < 1 || n > ND_EINSUM_MAX_OPERANDS)
    return ndi_error(ND_ERR_VALUE, "%s: %d operands (1 to %d are supported)", op, n,
                     ND_EINSUM_MAX_OPERANDS);
  written *terms = ndi_malloc(sizeof(written) * (size_t)(n + 1));
  if (!terms) return ndi_nomem(op, sizeof(written) * (size_t)(n + 1));
  written *out = &terms[n];
  int nterms, nell = 0;
  bool explicit_out;
  others oth = {0};
  int count[NDI_LA_MAX_LABELS] = {0};
  nd_status st = scan(op, s, n, terms, &nterms, out, &explicit_out);
  for (int k = 0; k < n && !st; k++)
    for (int i = 0; i < terms[k].n && !st; i++)
      if (terms[k].ch[i] != ELL && letter_id(terms[k].ch[i]) < 0)
        st = add_other(op, &oth, terms[k].ch[i], terms[k].pos[i]);
  if (!st) {
    for (int l = 0; l < NDI_LA_MAX_LABELS; l++) sp->code[l] = 0;
    for (int l = 0; l < 26; l++) sp->code[l] = 'A' + (uint32_t)l, sp->code[26 + l] = 'a' + (uint32_t)l;
    for (int i = 0; i < oth.n; i++) sp->code[NDI_EIN_OTHER + i] = oth.cp[i];
    st = label_operands(op, sp, ops, terms, &oth, count, &nell);
  }
  if (!st) st = label_output(op, sp, out, explicit_out, &oth, count, nell);
  ndi_free(terms);
  return st ? st : set_extents(op, sp, ops);
}
