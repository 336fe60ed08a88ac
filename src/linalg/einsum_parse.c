/* Parsing einsum subscripts with NumPy's grammar: operands separated by ',', an optional
 * '->' and output; letters are labels, '...' stands for the leading axes an operand's
 * letters do not name (broadcast across operands, right-aligned), spaces are ignored.
 * Without '->', the output is '...' followed by the letters that appear exactly once, in
 * order (uppercase first). Every error names the position in the string. */
#include <string.h>

#include "einsum.h"
#include "la_common.h"

static int letter_id(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return 26 + (c - 'a');
  return -1;
}
static char letter_of(int id) { return id < 26 ? (char)('A' + id) : (char)('a' + id - 26); }

/* One operand's (or the output's) subscripts as written. */
typedef struct {
  int n;                       /* letters */
  int id[ND_MAX_DIMS + 1];     /* letter ids; ELL marks where '...' stands */
  int pos[ND_MAX_DIMS + 1];    /* their positions in the string */
  int ell;                     /* index in id[] of '...', or -1 */
  int start;                   /* position where this term starts */
} written;
#define ELL (-1)

static nd_status push(const char *op, written *w, int id, int pos) {
  if (w->n >= ND_MAX_DIMS + 1)
    return ndi_error(ND_ERR_VALUE, "%s: too many subscripts in one term (at position %d)",op, pos);
  w->id[w->n] = id;
  w->pos[w->n++] = pos;
  return ND_OK;
}

/* Splits the string into per-operand terms and the output. */
static nd_status scan(const char *op, const char *s, int n, written *terms, int *nterms,
                      written *out, bool *explicit_out) {
  *nterms = 1;
  *explicit_out = false;
  written *cur = &terms[0];
  memset(cur, 0, sizeof *cur);
  cur->ell = -1;
  for (int p = 0; s[p]; p++) {
    char c = s[p];
    if (c == ' ') continue;
    if (c == ',') {
      if (*explicit_out)
        return ndi_error(ND_ERR_VALUE, "%s: ',' at position %d is in the output",op, p);
      if (*nterms >= ND_EINSUM_MAX_OPERANDS || *nterms >= n)
        return ndi_error(ND_ERR_VALUE, "%s: the subscripts name more operands than the %d given (',' at position %d)",op,
                         n, p);
      cur = &terms[(*nterms)++];
      memset(cur, 0, sizeof *cur);
      cur->ell = -1;
      cur->start = p + 1;
      continue;
    }
    if (c == '-') {
      if (s[p + 1] != '>')
        return ndi_error(ND_ERR_VALUE, "%s: '-' at position %d is not part of '->'",op, p);
      if (*explicit_out)
        return ndi_error(ND_ERR_VALUE, "%s: a second '->' at position %d",op, p);
      *explicit_out = true;
      cur = out;
      memset(cur, 0, sizeof *cur);
      cur->ell = -1;
      cur->start = p + 2;
      p++;
      continue;
    }
    if (c == '.') {
      if (s[p + 1] != '.' || s[p + 2] != '.')
        return ndi_error(ND_ERR_VALUE, "%s: '.' at position %d is not part of an ellipsis '...'",op, p);
      if (cur->ell >= 0)
        return ndi_error(ND_ERR_VALUE, "%s: a second ellipsis at position %d in the same %s",op, p,
                         cur == out ? "output" : "operand");
      cur->ell = cur->n;
      nd_status st = push(op, cur, ELL, p);
      if (st) return st;
      p += 2;
      continue;
    }
    int id = letter_id(c);
    if (id < 0) {
      if (c == '>')
        return ndi_error(ND_ERR_VALUE, "%s: '>' at position %d is not part of '->'",op, p);
      return ndi_error(ND_ERR_VALUE, "%s: invalid character '%c' at position %d (subscripts are letters)",op,
                       c, p);
    }
    nd_status st = push(op, cur, id, p);
    if (st) return st;
  }
  if (*nterms != n)
    return ndi_error(ND_ERR_VALUE, "%s: the subscripts name %d operand%s but %d were given",op, *nterms,
                     *nterms == 1 ? "" : "s", n);
  return ND_OK;
}

/* Extents: every axis of a label has the label's extent or 1 (which broadcasts); a label
 * repeated within one operand (a diagonal) needs equal extents there. */
static nd_status set_extents(const char *op, ndi_ein_spec *sp, nd_array *const *ops) {
  int owner[NDI_LA_MAX_LABELS];
  for (int l = 0; l < NDI_LA_MAX_LABELS; l++) sp->dim[l] = -1;
  for (int k = 0; k < sp->nops; k++) {
    for (int i = 0; i < sp->nlab[k]; i++) {
      int l = sp->lab[k][i];
      int64_t e = ops[k]->shape[i];
      for (int j = 0; j < i; j++)
        if (sp->lab[k][j] == l && ops[k]->shape[j] != e)
          return ndi_error(ND_ERR_SHAPE,
                           "%s: label '%c' is repeated in operand %d with extents %lld and %lld",op,
                           letter_of(l), k, (long long)ops[k]->shape[j], (long long)e);
      if (sp->dim[l] < 0 || (sp->dim[l] == 1 && e != 1)) {
        sp->dim[l] = e;
        owner[l] = k;
      } else if (e != 1 && e != sp->dim[l]) {
        if (l < NDI_EIN_LETTERS)
          return ndi_error(ND_ERR_SHAPE, "%s: label '%c' has extent %lld in operand %d but %lld in operand %d",op,
                           letter_of(l), (long long)sp->dim[l], owner[l], (long long)e, k);
        return ndi_error(ND_ERR_SHAPE,
                         "%s: axis %d of '...' has extent %lld in operand %d but %lld in operand %d (they do not broadcast)",op,
                         l - NDI_EIN_LETTERS, (long long)sp->dim[l], owner[l], (long long)e, k);
      }
    }
  }
  return ND_OK;
}

nd_status ndi_einsum_parse(const char *op, const char *s, int n, nd_array *const *ops,
                          ndi_ein_spec *sp) {
  if (n < 1 || n > ND_EINSUM_MAX_OPERANDS)
    return ndi_error(ND_ERR_VALUE, "%s: %d operands (1 to %d are supported)",op, n,
                     ND_EINSUM_MAX_OPERANDS);
  written terms[ND_EINSUM_MAX_OPERANDS];
  written out;
  int nterms;
  bool explicit_out;
  nd_status st = scan(op, s, n, terms, &nterms, &out, &explicit_out);
  if (st) return st;
  sp->nops = n;
  /* '...' covers the axes the letters leave; operands' ellipses align on the right */
  int nell = 0, nellk[ND_EINSUM_MAX_OPERANDS];
  for (int k = 0; k < n; k++) {
    written *w = &terms[k];
    int letters = w->n - (w->ell >= 0 ? 1 : 0);
    int nd = ops[k]->ndim;
    if (w->ell < 0 && letters != nd)
      return ndi_error(ND_ERR_SHAPE,
                       "%s: operand %d has %d axes but its subscripts (from position %d) name %d",op,
                       k, nd, w->start, letters);
    if (w->ell >= 0 && letters > nd)
      return ndi_error(ND_ERR_SHAPE,
                       "%s: operand %d has %d axes but its subscripts (from position %d) name %d besides '...'",op,
                       k, nd, w->start, letters);
    nellk[k] = w->ell >= 0 ? nd - letters : 0;
    if (nellk[k] > nell) nell = nellk[k];
  }
  int count[NDI_LA_MAX_LABELS] = {0};
  for (int k = 0; k < n; k++) {
    written *w = &terms[k];
    int a = 0;
    for (int i = 0; i < w->n; i++) {
      if (w->id[i] == ELL) {
        for (int e = 0; e < nellk[k]; e++) sp->lab[k][a++] = NDI_EIN_LETTERS + nell - nellk[k] + e;
      } else {
        sp->lab[k][a++] = w->id[i];
        count[w->id[i]]++;
      }
    }
    sp->nlab[k] = a;
  }
  /* the output */
  sp->nout = 0;
  if (explicit_out) {
    bool seen[NDI_LA_MAX_LABELS] = {false};
    if (nell > 0 && out.ell < 0)
      return ndi_error(ND_ERR_SHAPE, "%s: the operands' '...' stands for %d axes but the output (from position %d) has no '...'",op,
                       nell, out.start);
    if (out.n - (out.ell >= 0 ? 1 : 0) + nell > ND_MAX_DIMS)
      return ndi_error(ND_ERR_SHAPE, "%s: the output would have more than %d axes",op, ND_MAX_DIMS);
    for (int i = 0; i < out.n; i++) {
      int id = out.id[i];
      if (id == ELL) {
        for (int e = 0; e < nell; e++) sp->out[sp->nout++] = NDI_EIN_LETTERS + e;
        continue;
      }
      if (!count[id])
        return ndi_error(ND_ERR_VALUE, "%s: output label '%c' at position %d does not appear in any input",op,
                         letter_of(id), out.pos[i]);
      if (seen[id])
        return ndi_error(ND_ERR_VALUE, "%s: output label '%c' at position %d appears more than once",op,
                         letter_of(id), out.pos[i]);
      seen[id] = true;
      sp->out[sp->nout++] = id;
    }
  } else {
    for (int e = 0; e < nell; e++) sp->out[sp->nout++] = NDI_EIN_LETTERS + e;
    for (int id = 0; id < NDI_EIN_LETTERS; id++)
      if (count[id] == 1) {
        if (sp->nout >= ND_MAX_DIMS)
          return ndi_error(ND_ERR_SHAPE, "%s: the output would have more than %d axes",op, ND_MAX_DIMS);
        sp->out[sp->nout++] = id;
      }
  }
  return set_extents(op, sp, ops);
}
