/* dtype table, promotion lattice, casting rules and machine limits. */
#include "dtype.h"

#include <ctype.h>
#include <float.h>
#include <string.h>

#include "error.h"
#include "half.h"
#include "nd/core.h"

#define NDI_KIND_CHAR_b 'b'
#define NDI_KIND_CHAR_i 'i'
#define NDI_KIND_CHAR_u 'u'
#define NDI_KIND_CHAR_f 'f'
#define NDI_KIND_CHAR_c 'c'
#define NDI_KIND_CHAR(K) NDI_KIND_CHAR_##K
#define NDI_DTYPE_ENTRY(E, N, T, K, NAME, ...) [E] = {NAME, sizeof(T), NDI_KIND_CHAR(K)},
const ndi_dtype_info ndi_dtype_table[ND_NUM_DTYPES] = {NDI_ALL_DTYPES(NDI_DTYPE_ENTRY)};

nd_status ndi_check_dtype(const char *op, int t) {
  if (ndi_dtype_ok(t)) return ND_OK;
  return ndi_error(ND_ERR_TYPE, "%s: invalid dtype value %d", op, t);
}

nd_dtype ndi_real_dtype(nd_dtype t) {
  if (t == ND_COMPLEX64) return ND_FLOAT32;
  if (t == ND_COMPLEX128) return ND_FLOAT64;
  return t;
}

nd_dtype ndi_complex_dtype(nd_dtype real) {
  return ndi_dtype_size(real) <= 4 ? ND_COMPLEX64 : ND_COMPLEX128;
}

/* Bits of an integer dtype. */
static int int_bits(nd_dtype t) { return (int)ndi_dtype_size(t) * 8; }

static nd_dtype signed_of_bits(int bits) {
  return bits <= 8 ? ND_INT8 : bits <= 16 ? ND_INT16 : bits <= 32 ? ND_INT32 : ND_INT64;
}

/* The wider of two real floats: float16 with bfloat16 is float32 (ml_dtypes; neither
 * holds the other's values), otherwise the larger. */
static nd_dtype wider_float(nd_dtype a, nd_dtype b) {
  if (ndi_dtype_size(a) == ndi_dtype_size(b)) return a == b ? a : ND_FLOAT32;
  return ndi_dtype_size(a) > ndi_dtype_size(b) ? a : b;
}

nd_dtype ndi_promote(nd_dtype a, nd_dtype b) {
  if (a == b) return a;
  char ka = ndi_dtype_kind(a), kb = ndi_dtype_kind(b);
  if (ka == 'b') return b;
  if (kb == 'b') return a;
  /* Order the pair so that the "higher" kind is b: i/u < f < c. */
  int ra = (ka == 'i' || ka == 'u') ? 0 : ka == 'f' ? 1 : 2;
  int rb = (kb == 'i' || kb == 'u') ? 0 : kb == 'f' ? 1 : 2;
  if (ra > rb) {
    nd_dtype t = a; a = b; b = t;
    char k = ka; ka = kb; kb = k;
    int r = ra; ra = rb; rb = r;
  }
  if (rb == 0) { /* both integers */
    if (ka == kb) return ndi_dtype_size(a) >= ndi_dtype_size(b) ? a : b;
    nd_dtype s = ka == 'i' ? a : b, u = ka == 'i' ? b : a;
    if (int_bits(u) < int_bits(s)) return s;
    if (int_bits(u) < 64) return signed_of_bits(2 * int_bits(u));
    return ND_FLOAT64; /* uint64 with any signed integer */
  }
  /* b is float or complex; a is an integer, a float or a complex. An integer needs a float
   * twice its size, as NumPy 2 promotes: 8-bit integers fit either 16-bit float (float16,
   * and ml_dtypes' rule for bfloat16), 16-bit ones float32, wider ones float64. */
  nd_dtype comp = ndi_real_dtype(b), real;
  if (ra == 0) {
    size_t need = 2 * ndi_dtype_size(a);
    real = ndi_dtype_size(comp) >= need ? comp : need <= 4 ? ND_FLOAT32 : ND_FLOAT64;
  } else {
    real = wider_float(ndi_real_dtype(a), comp);
  }
  return (rb == 2 || ra == 2) ? ndi_complex_dtype(real) : real;
}

nd_dtype ndi_promoter_result(const ndi_promoter *p) {
  /* Folding a dtype in twice changes nothing (the fold already holds it), so the distinct
   * dtypes in order of first appearance give the fold of the whole sequence. */
  for (int i = 0; i < p->n; i++) {
    int j = 0;
    while (j < p->n && ndi_promote(p->seen[i], p->seen[j]) == p->seen[i]) j++;
    if (j == p->n) return p->seen[i];
  }
  nd_dtype r = p->seen[0];
  for (int i = 1; i < p->n; i++) r = ndi_promote(r, p->seen[i]);
  return r;
}

int nd_result_type(nd_dtype a, nd_dtype b) {
  if (ndi_check_dtype("result_type", (int)a) || ndi_check_dtype("result_type", (int)b)) return -1;
  return (int)ndi_promote(a, b);
}

int nd_result_type_n(int n, const nd_dtype *types) {
  if (n <= 0) {
    ndi_error(ND_ERR_VALUE, "result_type: at least one dtype is required (n is %d)", n);
    return -1;
  }
  if (!types) {
    ndi_null_arg_named("result_type", "types");
    return -1;
  }
  ndi_promoter p = {0};
  for (int i = 0; i < n; i++) {
    if (ndi_check_dtype("result_type", (int)types[i])) return -1;
    ndi_promoter_add(&p, types[i]);
  }
  return (int)ndi_promoter_result(&p);
}

bool nd_can_cast_with(nd_dtype from, nd_dtype to, nd_casting rule) {
  if (!ndi_dtype_ok((int)from) || !ndi_dtype_ok((int)to)) return false;
  char kf = ndi_dtype_kind(from), kt = ndi_dtype_kind(to);
  switch (rule) {
    case ND_CAST_NO: return from == to;
    case ND_CAST_SAFE: return ndi_promote(from, to) == to;
    case ND_CAST_SAME_KIND:
      if (ndi_promote(from, to) == to) return true;
      /* Within a kind, or up the ladder b < u < i < f < c (unsigned may go to signed, not
       * back). */
      if (kf == 'b') return true;
      if (kf == 'u') return kt != 'b';
      if (kf == 'i') return kt == 'i' || kt == 'f' || kt == 'c';
      if (kf == 'f') return kt == 'f' || kt == 'c';
      return kt == 'c';
    case ND_CAST_UNSAFE: return !(kf == 'c' && kt != 'c');
  }
  return false;
}

bool nd_can_cast(nd_dtype from, nd_dtype to) { return nd_can_cast_with(from, to, ND_CAST_SAFE); }

const char *nd_dtype_name(nd_dtype t) { return ndi_dtype_ok((int)t) ? ndi_dtype_name(t) : NULL; }
size_t nd_dtype_size(nd_dtype t) { return ndi_dtype_ok((int)t) ? ndi_dtype_size(t) : 0; }
char nd_dtype_kind(nd_dtype t) { return ndi_dtype_ok((int)t) ? ndi_dtype_kind(t) : '\0'; }
bool nd_dtype_is_valid(int t) { return ndi_dtype_ok(t); }
bool nd_dtype_is_integer(nd_dtype t) {
  return ndi_dtype_ok((int)t) && (ndi_dtype_kind(t) == 'i' || ndi_dtype_kind(t) == 'u');
}
bool nd_dtype_is_floating(nd_dtype t) { return ndi_dtype_ok((int)t) && ndi_dtype_kind(t) == 'f'; }
bool nd_dtype_is_complex(nd_dtype t) { return ndi_dtype_ok((int)t) && ndi_dtype_kind(t) == 'c'; }

bool nd_isdtype(nd_dtype t, unsigned kinds) {
  if (!ndi_dtype_ok((int)t)) return false;
  unsigned k;
  switch (ndi_dtype_kind(t)) {
    case 'b': k = ND_KIND_BOOL; break;
    case 'i': k = ND_KIND_SIGNED_INTEGER; break;
    case 'u': k = ND_KIND_UNSIGNED_INTEGER; break;
    case 'f': k = ND_KIND_REAL_FLOATING; break;
    default: k = ND_KIND_COMPLEX_FLOATING; break;
  }
  return (k & kinds) != 0;
}

/* NumPy's spellings besides the canonical names: array-protocol codes ("f8", "<f8"),
 * one-character type codes ("d", "F", "l") and C / Python type names ("double", "int",
 * "complex"), with the meanings NumPy 2 gives them on LP64 Linux. */
static int dtype_from_alias(const char *name) {
  static const struct { const char *alias; nd_dtype t; } aliases[] = {
    {"?", ND_BOOL},        {"b1", ND_BOOL},        {"bool_", ND_BOOL},
    {"i1", ND_INT8},       {"b", ND_INT8},         {"byte", ND_INT8},
    {"i2", ND_INT16},      {"h", ND_INT16},        {"short", ND_INT16},
    {"i4", ND_INT32},      {"i", ND_INT32},        {"intc", ND_INT32},
    {"i8", ND_INT64},      {"l", ND_INT64},        {"q", ND_INT64},
    {"p", ND_INT64},       {"int", ND_INT64},      {"int_", ND_INT64},
    {"intp", ND_INT64},    {"long", ND_INT64},     {"longlong", ND_INT64},
    {"u1", ND_UINT8},      {"B", ND_UINT8},        {"ubyte", ND_UINT8},
    {"u2", ND_UINT16},     {"H", ND_UINT16},       {"ushort", ND_UINT16},
    {"u4", ND_UINT32},     {"I", ND_UINT32},       {"uintc", ND_UINT32},
    {"u8", ND_UINT64},     {"L", ND_UINT64},       {"Q", ND_UINT64},
    {"P", ND_UINT64},      {"uint", ND_UINT64},    {"uintp", ND_UINT64},
    {"ulong", ND_UINT64},  {"ulonglong", ND_UINT64},
    {"f2", ND_FLOAT16},    {"e", ND_FLOAT16},      {"half", ND_FLOAT16},
    {"f4", ND_FLOAT32},    {"f", ND_FLOAT32},      {"single", ND_FLOAT32},
    {"f8", ND_FLOAT64},    {"d", ND_FLOAT64},      {"float", ND_FLOAT64},
    {"double", ND_FLOAT64},
    {"c8", ND_COMPLEX64},  {"F", ND_COMPLEX64},    {"csingle", ND_COMPLEX64},
    {"c16", ND_COMPLEX128}, {"D", ND_COMPLEX128},  {"complex", ND_COMPLEX128},
    {"cdouble", ND_COMPLEX128},
  };
  for (int t = 0; t < ND_NUM_DTYPES; t++)
    if (strcmp(name, ndi_dtype_table[t].name) == 0) return t;
  for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
    if (strcmp(name, aliases[i].alias) == 0) return (int)aliases[i].t;
  return -1;
}

/* An array-protocol code after a byte-order mark: "<f8", "=i4", "|u1". Arrays hold
 * native (little-endian) data, so '>' names a dtype only for one-byte types. */
static int dtype_from_typestr(const char *name) {
  char order = name[0];
  const char *code = name + 1;
  if (!(code[0] == 'b' || code[0] == 'i' || code[0] == 'u' || code[0] == 'f' ||
        code[0] == 'c') || !isdigit((unsigned char)code[1]))
    return -1;
  int t = dtype_from_alias(code);
  if (t < 0) return -1;
  if (order == '>' && ndi_dtype_size((nd_dtype)t) != 1) return -1;
  return t;
}

int nd_dtype_from_name(const char *name) {
  if (!name) return -1;
  if (name[0] == '<' || name[0] == '>' || name[0] == '=' || name[0] == '|')
    return dtype_from_typestr(name);
  return dtype_from_alias(name);
}

nd_status nd_finfo(nd_dtype t, nd_finfo_t *info) {
  if (!info) return ndi_null_arg_named("finfo", "info");
  if (ndi_check_dtype("finfo", (int)t)) return ND_ERR_TYPE;
  nd_dtype r = ndi_real_dtype(t);
  if (r == ND_FLOAT16) {
    *info = (nd_finfo_t){16, 0x1p-10, 65504.0, -65504.0, 0x1p-14, ND_FLOAT16};
  } else if (r == ND_BFLOAT16) {
    double max = nd_bfloat16_to_double(0x7f7f);
    *info = (nd_finfo_t){16, 0x1p-7, max, -max, 0x1p-126, ND_BFLOAT16};
  } else if (r == ND_FLOAT32) {
    *info = (nd_finfo_t){32, FLT_EPSILON, FLT_MAX, -FLT_MAX, FLT_MIN, ND_FLOAT32};
  } else if (r == ND_FLOAT64) {
    *info = (nd_finfo_t){64, DBL_EPSILON, DBL_MAX, -DBL_MAX, DBL_MIN, ND_FLOAT64};
  } else {
    return ndi_error(ND_ERR_TYPE, "finfo: %s is not a floating-point dtype", ndi_dtype_name(t));
  }
  return ND_OK;
}

void ndi_int_range(nd_dtype t, int64_t *lo, int64_t *hi) {
  switch (t) {
    case ND_INT8: *lo = INT8_MIN, *hi = INT8_MAX; return;
    case ND_INT16: *lo = INT16_MIN, *hi = INT16_MAX; return;
    case ND_INT32: *lo = INT32_MIN, *hi = INT32_MAX; return;
    case ND_UINT8: *lo = 0, *hi = UINT8_MAX; return;
    case ND_UINT16: *lo = 0, *hi = UINT16_MAX; return;
    case ND_UINT32: *lo = 0, *hi = UINT32_MAX; return;
    case ND_UINT64: *lo = 0, *hi = INT64_MAX; return;
    default: *lo = INT64_MIN, *hi = INT64_MAX; return;
  }
}

nd_status nd_iinfo(nd_dtype t, nd_iinfo_t *info) {
  if (!info) return ndi_null_arg_named("iinfo", "info");
  if (ndi_check_dtype("iinfo", (int)t)) return ND_ERR_TYPE;
  char k = ndi_dtype_kind(t);
  if (k != 'i' && k != 'u' && k != 'b')
    return ndi_error(ND_ERR_TYPE, "iinfo: %s is not an integer dtype", ndi_dtype_name(t));
  int bits = k == 'b' ? 8 : int_bits(t);
  info->bits = bits;
  info->dtype = t;
  if (k == 'b') {
    info->min = 0;
    info->max = 1;
    info->umax = 1;
  } else if (k == 'i') {
    info->max = bits == 64 ? INT64_MAX : (int64_t)((UINT64_C(1) << (bits - 1)) - 1);
    info->min = -info->max - 1;
    info->umax = (uint64_t)info->max;
  } else {
    info->min = 0;
    info->umax = bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
    info->max = bits == 64 ? INT64_MAX : (int64_t)info->umax;
  }
  return ND_OK;
}

uint16_t nd_float16_from_double(double x) { return ndi_f64_to_f16(x); }
double nd_float16_to_double(uint16_t h) { return ndi_f16_to_f32(h); }
uint16_t nd_bfloat16_from_double(double x) { return ndi_f64_to_bf16(x); }
double nd_bfloat16_to_double(uint16_t b) { return ndi_bf16_to_f32(b); }
