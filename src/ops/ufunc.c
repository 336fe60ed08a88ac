/* The elementwise driver (see ufunc.h): argument checks, broadcasting, dtype resolution,
 * output allocation, overlap, and the call into the engine.
 *
 * Promotion follows NumPy 2. Arrays promote by the lattice (nd_result_type); weak scalars
 * (nd_weak, the _scalar forms) follow NEP 50: a scalar of a kind no higher than the
 * arrays' (bool < integer < float < complex) takes the arrays' dtype, so float32 + 2.0 is
 * float32 and int8 + 1 is int8, and an integer scalar that does not fit that dtype is an
 * error (int8 + 1000); a scalar of a higher kind gives its kind's default dtype (int *
 * 0.5 is float64), except that a complex scalar with float32 gives complex64.
 * Comparisons with an out-of-range integer scalar compare exactly instead (int8 < 1000 is
 * true), and signed integers compare exactly with uint64, as NumPy 2 does.
 *
 * The output of the allocating forms follows the first input that spans the whole result
 * without broadcasting: its axis order is kept (an F-ordered or transposed input gives an
 * F-ordered result, as NumPy's order K does); otherwise the result is C-ordered. */
#include "ufunc.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "iter/elementwise.h"
#include "kernels/ew.h"
#include "kernels/ew_loops.h"
#include "kernels/half_widen.h"
#include "nd/creation.h"

static bool is_weak(const nd_array *a) { return (a->flags & NDI_WEAK) != 0; }

/* bool < integer < float < complex */
static int kind_rank(nd_dtype t) {
  switch (ndi_dtype_kind(t)) {
    case 'b': return 0;
    case 'i':
    case 'u': return 1;
    case 'f': return 2;
    default: return 3;
  }
}

static int64_t weak_int(const nd_array *a) { return *(const int64_t *)a->data; }

static bool weak_int_fits(const nd_array *a, nd_dtype t) {
  int64_t lo, hi, v = weak_int(a);
  ndi_int_range(t, &lo, &hi);
  return v >= lo && v <= hi;
}

/* Whether clip's input k (1: lo, 2: hi) is a weak integer that bounds nothing for x's
 * integer dtype: lo at or below its minimum, hi at or above its maximum. np.clip drops
 * such a bound before anything else, and clips with the other alone (NumPy's maximum or
 * minimum, whatever the other's kind: clip(uint8, 400.0, 300) is maximum(x, 400.0)). */
static bool clip_drops(const ndi_ufunc *f, const nd_array *const *in, int k) {
  if (!(f->flags & NDI_UF_CLAMP_WEAK) || k == 0 || !is_weak(in[k]) ||
      kind_rank(in[k]->dtype) != 1 || kind_rank(in[0]->dtype) != 1)
    return false;
  int64_t lo, hi, v = weak_int(in[k]);
  ndi_int_range(in[0]->dtype, &lo, &hi);
  if (k == 2 && in[0]->dtype == ND_UINT64) return false; /* its maximum is beyond int64 */
  return k == 1 ? v <= lo : v >= hi;
}

/* The value a dropped clip bound takes in the dtype c computed in: one that bounds
 * nothing (the end of c's range, or an infinity). */
static void clip_unbounded(nd_dtype c, bool low, void *dst) {
  if (ndi_dtype_kind(c) == 'f') {
    double v = low ? -INFINITY : INFINITY;
    ndi_convert_one(c, dst, ND_FLOAT64, &v);
  } else if (ndi_dtype_kind(c) == 'u') {
    memset(dst, low ? 0 : 0xff, ndi_dtype_size(c));
  } else {
    int64_t lo, hi;
    ndi_int_range(c, &lo, &hi);
    ndi_convert_one(c, dst, ND_INT64, low ? &lo : &hi);
  }
}

static const char *operand_name(const nd_array *a) {
  if (!is_weak(a)) return ndi_dtype_name(a->dtype);
  static const char *const names[] = {"bool scalar", "integer scalar", "float scalar",
                                      "complex scalar"};
  return names[kind_rank(a->dtype)];
}

typedef struct {
  ndi_loop_fn loop;               /* the kernel */
  nd_dtype compute;               /* the dtype the kernel works in */
  nd_dtype out;                   /* the result's dtype */
  nd_dtype kout;                  /* the dtype the kernel writes (out, or float32 for a
                                   * 16-bit float result computed in float32) */
  nd_dtype logical;               /* the dtype NumPy's loop would run in (compute, or the
                                   * 16-bit float computed in float32) */
  nd_dtype in[NDI_EW_MAX_IN];     /* what each input is converted to */
  const uint16_t *table;          /* the 16-bit result table the loop reads, or NULL */
  ndi_half_unary half;            /* the dense paths' loop data (half.f32 NULL and
                                   * half.fast NONE: unused) */
} resolved;

static nd_status unsupported(const ndi_ufunc *f, const nd_array *const *in, int first) {
  char list[256] = "";
  for (int k = first; k < f->nin; k++) {
    size_t len = strlen(list);
    snprintf(list + len, sizeof list - len, "%s%s", k > first ? (k + 1 == f->nin ? " and " : ", ") : "",
             operand_name(in[k]));
  }
  bool plural = f->nin - first > 1;
  return ndi_error(ND_ERR_TYPE, "%s: input dtype%s %s %s not supported (accepts %s)", f->name,
                   plural ? "s" : "", list, plural ? "are" : "is", f->accepts);
}

/* A signed integer against uint64 in a comparison: 1 for (signed, uint64), 2 for the other
 * order, when promotion would not be exact (two arrays give float64; a negative scalar
 * does not fit uint64); else 0. */
static int mixed_sign(const ndi_ufunc *f, const nd_array *const *in) {
  if (!f->mixed || f->nin != 2) return 0;
  for (int k = 0; k < 2; k++) {
    const nd_array *u = in[k], *o = in[1 - k];
    if (u->dtype != ND_UINT64 || is_weak(u) || ndi_dtype_kind(o->dtype) != 'i') continue;
    if (!is_weak(o) || weak_int(o) < 0) return k == 1 ? 1 : 2;
  }
  return 0;
}

/* Runs the float32-and-round path of the one-input function f over the 65536 bit patterns
 * of a 16-bit float dtype: the engine call execute would make, into the table. */
static void fill_half_table(uint16_t *table, const uint16_t *bits, const void *arg) {
  const ndi_ufunc *f = ((const void *const *)arg)[0];
  nd_dtype dt = *(const nd_dtype *)((const void *const *)arg)[1];
  int64_t shape[1] = {65536}, unit[1] = {1};
  ndi_ew_operand o = {(char *)table, unit, dt, ND_FLOAT32};
  ndi_ew_operand x = {(char *)bits, unit, dt, ND_FLOAT32};
  ndi_ew_ctx ctx = {0};
  unsigned flags = ((f->flags & NDI_UF_CONTIG) ? NDI_EW_CONTIGUOUS : 0) | NDI_EW_NO_STREAM;
  ndi_elementwise(1, 1, shape, &o, &x, f->loops[ND_FLOAT32], &ctx, flags, f->work_scale);
}

/* The dense path of f's float16 and bfloat16 results where one is faster than the lookup
 * (kernels/half_widen.h). Measured on an AVX-512 CPU (16M elements, one core): the lookup
 * takes about 0.4 ns an element whatever the function; widening and rounding take 0.12 ns,
 * sqrt's float32 loop 0.17 ns (5.0 ms against the lookup's 6.5), but nd's float32 exp,
 * log, sin, tanh and the like 0.5-0.9 ns (they evaluate in float64); exp and log have
 * float32 polynomials of their own that read the table only for uncertain roundings
 * (kernels/half_fast.h): 0.22 and 0.24 ns (3.7 and 4.1 ms). */
static ndi_half_unary dense_path(const ndi_ufunc *f, const uint16_t *table, nd_dtype dt) {
  ndi_half_unary u = {table, NULL, dt == ND_BFLOAT16, NDI_HALF_FAST_NONE};
  if (f->loops == ndi_k_sqrt) u.f32 = f->loops[ND_FLOAT32];
  if (f->loops == ndi_k_exp) u.fast = NDI_HALF_FAST_EXP;
  if (f->loops == ndi_k_log) u.fast = NDI_HALF_FAST_LOG;
  return u;
}

/* A one-input function from a 16-bit float to the same dtype computed in float32 reads its
 * results from a table of all 65536 (kernels/half_table.h) instead: the same bits, at the
 * cost of a lookup. Left on the float32 path when the table cannot be allocated. */
static void half_table_path(const ndi_ufunc *f, resolved *r) {
  nd_dtype dt = r->out;
  const void *arg[2] = {f, &dt};
  r->table = ndi_half_table(f->half, dt == ND_BFLOAT16, fill_half_table, arg);
  if (!r->table) return;
  r->loop = ndi_half_table_loop;
  r->half = dense_path(f, r->table, dt);
  if (r->half.f32 || r->half.fast) r->loop = ndi_half_widen_loop;
  r->compute = r->kout = r->in[0] = dt;
}

static nd_status resolve(const ndi_ufunc *f, const nd_array *const *in, resolved *r) {
  int first = (f->flags & NDI_UF_COND_FIRST) ? 1 : 0;
  int mixed = mixed_sign(f, in);
  r->table = NULL;
  r->half.f32 = NULL;
  r->half.fast = NDI_HALF_FAST_NONE;
  if (mixed) {
    r->loop = f->mixed[mixed - 1];
    r->compute = ND_INT64; /* not used beyond this */
    r->out = r->kout = ND_BOOL;
    r->logical = r->compute;
    r->in[0] = mixed == 1 ? ND_INT64 : ND_UINT64;
    r->in[1] = mixed == 1 ? ND_UINT64 : ND_INT64;
    return ND_OK;
  }
  ndi_promoter strong_types = {0}, all_types = {0};
  for (int k = first; k < f->nin; k++) {
    ndi_promoter_add(&all_types, in[k]->dtype);
    if (!is_weak(in[k])) ndi_promoter_add(&strong_types, in[k]->dtype);
  }
  bool strong = strong_types.n > 0;
  nd_dtype s = strong ? ndi_promoter_result(&strong_types) : ND_BOOL;
  int strong_kind = kind_rank(s); /* a weak scalar of a higher kind counts as its default dtype */
  if (!strong) { /* scalars only: their default dtypes promote as arrays would */
    s = ndi_promoter_result(&all_types);
  } else {
    for (int k = first; k < f->nin; k++) {
      if (!is_weak(in[k])) continue;
      int kw = kind_rank(in[k]->dtype), ks = kind_rank(s);
      if (kw > ks) s = (ks == 2 && kw == 3) ? ndi_complex_dtype(s) : ndi_promote(s, in[k]->dtype);
    }
  }
  nd_dtype c = s;
  if (kind_rank(c) <= 1) {
    if (f->flags & NDI_UF_INT_TO_F64)
      c = ND_FLOAT64;
    else if (f->flags & NDI_UF_INT_TO_FLOAT) {
      /* NumPy picks the first float loop every input casts to safely, input by input:
       * int16 with uint16 runs in float32, though the two promote to int32. */
      c = ND_FLOAT32;
      for (int k = first; k < f->nin; k++) {
        bool counts = !strong || !is_weak(in[k]) || kind_rank(in[k]->dtype) > strong_kind;
        if (counts && in[k]->dtype != ND_BOOL && ndi_dtype_size(in[k]->dtype) > 2) c = ND_FLOAT64;
      }
    }
    else if ((f->flags & NDI_UF_BOOL_TO_INT8) && c == ND_BOOL)
      c = ND_INT8;
    else if ((f->flags & NDI_UF_BOOL_TO_FLOAT) && c == ND_BOOL)
      c = ND_FLOAT32;
  }
  /* An integer scalar must fit the integer dtype it is computed in (NumPy checks the
   * value when converting it to the loop's dtype: int8 / 1000 is fine, in float64). */
  for (int k = first; strong && kind_rank(c) == 1 && k < f->nin; k++) {
    if (!is_weak(in[k]) || kind_rank(in[k]->dtype) != 1 || weak_int_fits(in[k], c)) continue;
    if (f->flags & NDI_UF_COMPARE) {
      c = c == ND_UINT64 ? ND_FLOAT64 : ND_INT64; /* exact for every int64 value */
      continue;
    }
    /* clip drops a bound that bounds nothing for x's dtype; any other out-of-range
     * scalar is an error, as in NumPy */
    if (clip_drops(f, in, k)) continue;
    return ndi_error(ND_ERR_OVERFLOW, "%s: integer scalar %lld is out of bounds for %s",
                     f->name, (long long)weak_int(in[k]), ndi_dtype_name(c));
  }
  /* float16 and bfloat16 without loops of their own are computed in float32, which holds
   * their values, and rounded once: NumPy's float16 loops do the same, and for arithmetic,
   * sqrt and rounding the result is the correctly rounded one. */
  nd_dtype k = ndi_is_half(c) && !f->loops[c] ? ND_FLOAT32 : c;
  if (!f->loops[k]) return unsupported(f, in, first);
  r->loop = f->loops[k];
  r->compute = k;
  r->out = (f->flags & NDI_UF_OUT_BOOL) ? ND_BOOL
           : (f->flags & NDI_UF_OUT_REAL) ? ndi_real_dtype(c)
                                          : c;
  r->kout = r->out == c ? k : r->out;
  r->logical = c;
  for (int j = 0; j < f->nin; j++) r->in[j] = k;
  if (first) r->in[0] = ND_BOOL;
  if (k != c && r->out == c && f->half) half_table_path(f, r);
  return ND_OK;
}
/* The name the header gives input k of f, for NULL-argument messages. */
static const char *param_name(const ndi_ufunc *f, int k) {
  static const char *const unary[] = {"x"}, *const binary[] = {"a", "b"},
                           *const bounds[] = {"x", "lo", "hi"}, *const select[] = {"cond", "a", "b"};
  if (f->nin == 1) return unary[0];
  if (f->nin == 2) return binary[k];
  return (f->flags & NDI_UF_COND_FIRST) ? select[k] : bounds[k];
}


/* Everything decided before any data moves. */
typedef struct {
  int ndim;
  int64_t shape[ND_MAX_DIMS];
  int64_t strides[NDI_EW_MAX_IN][ND_MAX_DIMS]; /* each input seen over `shape` (elements) */
  resolved t;
} prepared;

static nd_status prepare(const ndi_ufunc *f, const nd_array *const *in, const nd_array *out,
                         prepared *p) {
  int ndims[NDI_EW_MAX_IN];
  const int64_t *shapes[NDI_EW_MAX_IN];
  for (int k = 0; k < f->nin; k++) {
    if (!in[k]) return ndi_null_arg_named(f->name, param_name(f, k));
    ndims[k] = in[k]->ndim;
    shapes[k] = in[k]->shape;
  }
  nd_status st = ndi_broadcast_shapes(f->name, f->nin, ndims, shapes, &p->ndim, p->shape);
  if (st) return st;
  if (out) {
    /* The inputs broadcast to out's shape; out itself never broadcasts. */
    bool ok = p->ndim <= out->ndim;
    for (int i = 0; ok && i < p->ndim; i++) {
      int64_t e = p->shape[i], o = out->shape[out->ndim - p->ndim + i];
      ok = e == o || e == 1;
    }
    if (!ok) {
      char b1[NDI_SHAPE_BUF], b2[NDI_SHAPE_BUF];
      return ndi_error(ND_ERR_SHAPE, "%s: output of shape %s does not match the broadcast shape %s of the inputs",
                       f->name, ndi_fmt_shape(b1, sizeof b1, out->ndim, out->shape),
                       ndi_fmt_shape(b2, sizeof b2, p->ndim, p->shape));
    }
    p->ndim = out->ndim;
    memcpy(p->shape, out->shape, sizeof(int64_t) * (size_t)out->ndim);
  }
  for (int k = 0; k < f->nin; k++) {
    st = ndi_broadcast_strides(f->name, in[k]->ndim, in[k]->shape, in[k]->strides, p->ndim,
                               p->shape, p->strides[k]);
    if (st) return st;
  }
  return resolve(f, in, &p->t);
}

/* True if input k is one value over the broadcast shape (stride 0 on every axis). */
static bool single_valued(const prepared *p, int k) {
  for (int i = 0; i < p->ndim; i++)
    if (p->shape[i] > 1 && p->strides[k][i] != 0) return false;
  return true;
}

/* NumPy 2 computes a float x ** e whose exponent is one value (a scalar, a 0-d array or a
 * broadcast single element) as square, sqrt or reciprocal when e is 2, 0.5 or -1, not
 * with pow: bitwise its results, and (-0.0) ** 0.5 is -0.0, (-inf) ** 0.5 NaN. Returns that
 * one-input loop, or NULL. */
static ndi_loop_fn pow_shortcut(const ndi_ufunc *f, const prepared *p, const nd_array *const *in) {
  nd_dtype c = p->t.compute;
  if (f->loops != ndi_k_pow || (c != ND_FLOAT32 && c != ND_FLOAT64)) return NULL;
  if (!single_valued(p, 1)) return NULL;
  _Alignas(16) char v[16];
  double e;
  ndi_convert_one(c, v, in[1]->dtype, in[1]->data);
  ndi_convert_one(ND_FLOAT64, &e, c, v);
  return e == 2 ? ndi_k_square[c] : e == 0.5 ? ndi_k_sqrt[c] : e == -1 ? ndi_k_reciprocal[c] : NULL;
}

/* An integer pow whose exponent is one negative value (a scalar, a 0-d array, a broadcast
 * single element) over a non-empty shape fails for every element: true, with the error
 * set, before anything is written, so that an out is left as it was (NumPy also stops at
 * the first element there). An array of exponents is checked by the kernel as it goes. */
static bool negative_exponent(const ndi_ufunc *f, const prepared *p, const nd_array *const *in) {
  if (f->loops != ndi_k_pow || ndi_dtype_kind(p->t.compute) != 'i') return false;
  for (int i = 0; i < p->ndim; i++)
    if (p->shape[i] == 0) return false;
  if (!single_valued(p, 1)) return false;
  int64_t e;
  ndi_convert_one(ND_INT64, &e, in[1]->dtype, in[1]->data);
  if (e >= 0) return false;
  ndi_error(ND_ERR_VALUE, "%s: integers to negative integer powers are not allowed", f->name);
  return true;
}

/* clip's loop: where x equals a bound NumPy keeps x when both bounds are single values
 * (scalars, 0-d, broadcast single elements), and takes the bound otherwise, as its
 * maximum and minimum do where clip has dropped the other bound. */
static ndi_loop_fn clip_loop(const ndi_ufunc *f, const prepared *p, const nd_array *const *in) {
  bool dropped = clip_drops(f, in, 1) || clip_drops(f, in, 2);
  bool keep_x = !dropped && single_valued(p, 1) && single_valued(p, 2);
  return keep_x ? p->t.loop : ndi_k_clip_to_bound[p->t.compute];
}

/* Runs the kernel writing into out (whose shape is p->shape); fresh: out was just
 * allocated. */
static nd_status execute(const ndi_ufunc *f, const prepared *p, nd_array *out,
                         const nd_array *const *in, bool fresh) {
  ndi_ew_operand o = {out->data, out->strides, out->dtype, p->t.kout};
  ndi_ew_operand ops[NDI_EW_MAX_IN];
  _Alignas(16) char unbounded[NDI_EW_MAX_IN][16];
  for (int k = 0; k < f->nin; k++) {
    ops[k] = (ndi_ew_operand){in[k]->data, p->strides[k], in[k]->dtype, p->t.in[k]};
    if (clip_drops(f, in, k)) { /* a dropped clip bound: one that bounds nothing */
      clip_unbounded(p->t.compute, k == 1, unbounded[k]);
      ops[k] = (ndi_ew_operand){unbounded[k], p->strides[k], p->t.compute, p->t.compute};
    } else if (is_weak(in[k]) && p->t.logical != p->t.compute) {
      /* a scalar with a 16-bit float is rounded to it first, as NumPy converts it to its
       * loop's dtype (float16 + (1 + 2^-11 + 2^-40) adds 1 + 2^-10) */
      ndi_convert_one(p->t.logical, unbounded[k], in[k]->dtype, in[k]->data);
      ops[k] = (ndi_ew_operand){unbounded[k], p->strides[k], p->t.logical, p->t.in[k]};
    }
  }
  if (negative_exponent(f, p, in)) return ND_ERR_VALUE;
  bool dense = p->t.half.f32 || p->t.half.fast;
  ndi_ew_ctx ctx = {0, dense ? (const void *)&p->t.half : p->t.table};
  unsigned flags = ((f->flags & NDI_UF_CONTIG) && !p->t.table ? NDI_EW_CONTIGUOUS : 0) |
                   (fresh ? NDI_EW_NO_STREAM : 0);
  ndi_loop_fn unary = pow_shortcut(f, p, in);
  if (unary) {
    ndi_elementwise(1, p->ndim, p->shape, &o, ops, unary, &ctx, flags, 1);
    return ND_OK;
  }
  ndi_loop_fn loop = f->loops == ndi_k_clip ? clip_loop(f, p, in) : p->t.loop;
  /* a table lookup costs about what a conversion does, whatever the function */
  int64_t scale = p->t.table && !p->t.half.f32 ? 2 : f->work_scale;
  ndi_elementwise(f->nin, p->ndim, p->shape, &o, ops, loop, &ctx, flags, scale);
  if (atomic_load(&ctx.error) == NDI_EW_ERR_NEG_POWER)
    return ndi_error(ND_ERR_VALUE, "%s: integers to negative integer powers are not allowed",
                     f->name);
  return ND_OK;
}

/* The result array, laid out as NumPy's iterator lays out a ufunc's output (order K over
 * all inputs, weak scalars aside): C inputs give C, F inputs F, a mixture of C and F
 * gives C, and a broadcast input has no say along its broadcast axes. */
typedef struct {
  const prepared *p;
  const nd_array *const *in;
} result_view;

static void input_axis_info(const void *ctx, int k, int axis, int64_t *extent, int64_t *stride) {
  const result_view *v = ctx;
  *extent = v->p->shape[axis];
  *stride = is_weak(v->in[k]) ? 0 : v->p->strides[k][axis];
}

static nd_array *alloc_result(const ndi_ufunc *f, const prepared *p, const nd_array *const *in) {
  if (p->ndim < 2) return ndi_array_alloc(f->name, p->t.out, p->ndim, p->shape, ND_C);
  int perm[ND_MAX_DIMS];
  int64_t strides[ND_MAX_DIMS];
  result_view v = {p, in};
  ndi_order_k_perm_multi(NDI_K_ITERATOR, f->nin, p->ndim, input_axis_info, &v, perm);
  ndi_strides_for_perm(p->ndim, p->shape, perm, strides);
  return ndi_array_alloc_strided(f->name, p->t.out, p->ndim, p->shape, strides);
}

nd_array *ndi_ufunc_new(const ndi_ufunc *f, const nd_array *const *in) {
  prepared p;
  if (prepare(f, in, NULL, &p)) return NULL;
  nd_array *r = alloc_result(f, &p, in);
  if (!r) return NULL;
  if (execute(f, &p, r, in, true)) {
    nd_release(r);
    return NULL;
  }
  return r;
}

/* True if `in`, seen over out's shape with strides bs, is exactly out's elements. */
static bool same_elements(const nd_array *out, const nd_array *in, const int64_t *bs) {
  if (out->data != in->data || ndi_dtype_size(out->dtype) != ndi_dtype_size(in->dtype))
    return false;
  for (int i = 0; i < out->ndim; i++)
    if (out->shape[i] > 1 && out->strides[i] != bs[i]) return false;
  return true;
}

nd_status ndi_check_out(const char *op, nd_dtype result, const nd_array *out) {
  nd_status st = ndi_check_writable(op, out);
  if (st) return st;
  if (!nd_can_cast_with(result, out->dtype, ND_CAST_SAME_KIND))
    return ndi_error(ND_ERR_TYPE, "%s: cannot cast the result of dtype %s to the output's dtype %s (same-kind casting)",
                     op, ndi_dtype_name(result), ndi_dtype_name(out->dtype));
  return ND_OK;
}

nd_status ndi_ufunc_out(const ndi_ufunc *f, nd_array *out, const nd_array *const *in) {
  NDI_REQUIRE_ST(f->name, out);
  prepared p;
  nd_status st = prepare(f, in, out, &p);
  if (st) return st;
  if ((st = ndi_check_out(f->name, p.t.out, out))) return st;
  if (out->size == 0) return ND_OK;
  bool overlap = false;
  for (int k = 0; k < f->nin && !overlap; k++) {
    if (is_weak(in[k]) || same_elements(out, in[k], p.strides[k])) continue;
    overlap = nd_may_share_memory(out, in[k]) && nd_shares_memory(out, in[k]);
  }
  /* a 16-bit float result computed in float32 goes into an out of another dtype through
   * a 16-bit temporary, so that it is rounded as the result would be (as NumPy) */
  bool widened = p.t.kout != p.t.out && out->dtype != p.t.out;
  if (!overlap && !widened) return execute(f, &p, out, in, false);
  /* Partial overlap: compute into a fresh array first, as a fresh output would hold. */
  nd_array *tmp = ndi_alloc_like(f->name, out, widened ? p.t.out : out->dtype, ND_K);
  if (!tmp) return ND_ERR_NOMEM;
  st = execute(f, &p, tmp, in, true);
  if (!st) ndi_copy_array(out, tmp);
  nd_release(tmp);
  return st;
}

nd_array *ndi_weak_new(const char *op, nd_scalar v) {
  nd_dtype t = ndi_scalar_default_dtype(v);
  nd_array *a = ndi_array_alloc(op, t, 0, NULL, ND_C);
  if (!a) return NULL;
  if (ndi_scalar_to(op, v, t, a->data)) {
    nd_release(a);
    return NULL;
  }
  a->flags |= NDI_WEAK;
  return a;
}
