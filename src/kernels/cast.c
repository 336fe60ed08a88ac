/* Copy and conversion loops for every pair of dtypes.
 *
 * Conversions follow NumPy on x86-64: integers wrap; float to integer truncates toward
 * zero, and a NaN or a value outside the range of the 32-bit (for 8-, 16- and 32-bit
 * targets) or 64-bit intermediate gives that intermediate's minimum, as the hardware
 * conversion does, then wraps (uint32 and uint64: see f2u32); anything to bool is x != 0; complex to real keeps the real
 * part (the frontend refuses that cast where the Array API asks for an error).
 * float16 and bfloat16 convert to the other dtypes through float32, which holds their
 * values exactly, so to integers by float32's rules (NumPy's for float16: int8(300.0) is
 * 44; ml_dtypes would give 0 for a bfloat16 NaN, infinity or out-of-range value). To them,
 * every value rounds once (core/half.h). */
#include <complex.h>
#include <string.h>

#include "core/dtype.h"
#include "core/half.h"
#include "half_convert.h"
#include "loop.h"

static inline int32_t f2i32(double x) {
  return (x > -2147483649.0 && x < 2147483648.0) ? (int32_t)x : INT32_MIN;
}
static inline int64_t f2i64(double x) {
  return (x >= -9223372036854775808.0 && x < 9223372036854775808.0) ? (int64_t)x : INT64_MIN;
}
/* Unsigned targets of 32 and 64 bits as x86-64 converts them (NumPy's results): below
 * 2^(N-1) (NaN included) through the signed conversion; from there on, x - 2^(N-1) through
 * it with the top bit flipped, so values of 2^N and more give 0. */
static inline uint32_t f2u32(double x) {
  if (x >= 2147483648.0) return (uint32_t)f2i32(x - 2147483648.0) ^ UINT32_C(0x80000000);
  return (uint32_t)f2i32(x);
}
static inline uint64_t f2u64(double x) {
  if (x >= 9223372036854775808.0)
    return (uint64_t)f2i64(x - 9223372036854775808.0) ^ (UINT64_C(1) << 63);
  return (uint64_t)f2i64(x);
}

/* Float to integer target N, through the intermediate the hardware would use. */
#define F2I_i8(x) f2i32(x)
#define F2I_i16(x) f2i32(x)
#define F2I_i32(x) f2i32(x)
#define F2I_i64(x) f2i64(x)
#define F2I_u8(x) f2i32(x)
#define F2I_u16(x) f2i32(x)
#define F2I_u32(x) f2u32(x)
#define F2I_u64(x) f2u64(x)

/* CONV_<to kind><from kind>(TN, TT, x): the converted value of x. */
#define CONV_bb(TN, TT, x) (x)
#define CONV_bi(TN, TT, x) ((x) != 0)
#define CONV_bu(TN, TT, x) ((x) != 0)
#define CONV_bf(TN, TT, x) ((x) != 0)
#define CONV_bc(TN, TT, x) ((x) != 0)
#define CONV_ib(TN, TT, x) ((TT)(x))
#define CONV_ii(TN, TT, x) ((TT)(x))
#define CONV_iu(TN, TT, x) ((TT)(x))
#define CONV_if(TN, TT, x) ((TT)F2I_##TN((double)(x)))
#define CONV_ic(TN, TT, x) ((TT)F2I_##TN((double)creal(x)))
#define CONV_ub CONV_ib
#define CONV_ui CONV_ii
#define CONV_uu CONV_iu
#define CONV_uf CONV_if
#define CONV_uc CONV_ic
#define CONV_fb(TN, TT, x) ((TT)(x))
#define CONV_fi(TN, TT, x) ((TT)(x))
#define CONV_fu(TN, TT, x) ((TT)(x))
#define CONV_ff(TN, TT, x) ((TT)(x))
#define CONV_fc(TN, TT, x) ((TT)creal(x))
#define CONV_cb(TN, TT, x) ((TT)(x))
#define CONV_ci(TN, TT, x) ((TT)(x))
#define CONV_cu(TN, TT, x) ((TT)(x))
#define CONV_cf(TN, TT, x) ((TT)(x))
#define CONV_cc(TN, TT, x) ((TT)(x))
#define CONV(TK, FK, TN, TT, x) CONV_##TK##FK(TN, TT, x)

/* One element: conv_<from>_to_<to>(x). Between the 16-bit floats and the other dtypes
 * through float32 (exact for them) or, for float64 and 64-bit integers, directly
 * (core/half.h), so that every conversion rounds once. */
#define ELEM(FN, FT, TN, TT, EXPR) \
  static inline TT conv_##FN##_to_##TN(FT x) { return EXPR; }
#define HALF_TO_F32_f16(x) ndi_f16_to_f32(x)
#define HALF_TO_F32_bf16(x) ndi_bf16_to_f32(x)
/* TO_HALF_<from>(TN, x): a value of the source dtype rounded to the 16-bit float TN */
#define TO_HALF_b(TN, x) ndi_f32_to_##TN((float)(x))
#define TO_HALF_i8 TO_HALF_b
#define TO_HALF_i16 TO_HALF_b
#define TO_HALF_u8 TO_HALF_b
#define TO_HALF_u16 TO_HALF_b
#define TO_HALF_i32(TN, x) ndi_f64_to_##TN((double)(x))
#define TO_HALF_u32 TO_HALF_i32
#define TO_HALF_f64 TO_HALF_i32
#define TO_HALF_i64(TN, x) ndi_f64_to_##TN(ndi_i64_to_f64_odd(x))
#define TO_HALF_u64(TN, x) ndi_f64_to_##TN(ndi_u64_to_f64_odd(x))
#define TO_HALF_f32(TN, x) ndi_f32_to_##TN(x)
#define TO_HALF_c64(TN, x) ndi_f32_to_##TN(crealf(x))
#define TO_HALF_c128(TN, x) ndi_f64_to_##TN(creal(x))
#define ndi_f16_to_f16(x) (x)
#define ndi_bf16_to_bf16(x) (x)

/* the four families of pairs, for X-macro rows of destinations over lists of sources */
#define ELEM_RR(FE, FN, FT, FK, FNAME, TE, TN, TT, TK) ELEM(FN, FT, TN, TT, CONV(TK, FK, TN, TT, x))
#define ELEM_HR(FE, FN, FT, FK, FNAME, TE, TN, TT, TK) \
  ELEM(FN, FT, TN, TT, CONV(TK, f, TN, TT, HALF_TO_F32_##FN(x)))
#define ELEM_RH(FE, FN, FT, FK, FNAME, TE, TN, TT, TK) ELEM(FN, FT, TN, TT, TO_HALF_##FN(TN, x))
#define ELEM_HH(FE, FN, FT, FK, FNAME, TE, TN, TT, TK) ELEM(FN, FT, TN, TT, ndi_##FN##_to_##TN(x))

/* One loop: contiguous (through a vectorised run conversion where one exists),
 * broadcast-source (fill) and general strided paths. */
#define CAST_LOOP(FE, FN, FT, FK, FNAME, TE, TN, TT, TK)                                      \
  NDI_HOT static void cast_##FN##_to_##TN(char *const *p, const int64_t *s, int64_t n,      \
                                          void *ctx) {                                      \
    (void)ctx;                                                                              \
    char *d = p[0];                                                                         \
    const char *a = p[1];                                                                   \
    if (s[0] == (int64_t)sizeof(TT) && s[1] == (int64_t)sizeof(FT)) {                       \
      TT *restrict D = (TT *)d;                                                             \
      const FT *restrict A = (const FT *)a;                                                 \
      if (RUN_FOR(FN, TN)(D, A, n)) return;                                                 \
      for (int64_t i = 0; i < n; i++) D[i] = conv_##FN##_to_##TN(A[i]);                    \
    } else if (s[1] == 0) {                                                                 \
      const TT v = conv_##FN##_to_##TN(*(const FT *)a);                                     \
      for (int64_t i = 0; i < n; i++, d += s[0]) *(TT *)d = v;                              \
    } else {                                                                                \
      for (int64_t i = 0; i < n; i++, d += s[0], a += s[1])                                 \
        *(TT *)d = conv_##FN##_to_##TN(*(const FT *)a);                                     \
    }                                                                                       \
  }

/* RUN_FOR(FN, TN)(D, A, n) converts a contiguous run with half_convert.c's vectorised
 * routine and is true, for the pairs that have one; for the others it is 0 and the plain
 * loop runs. A pair with a routine defines RUN_<from>_<to> as "~, routine": SECOND then
 * picks the routine, and for an undefined name (one argument) the RUN_NONE after it. */
#define RUN_f16_f32 ~, RUN_F16_F32
#define RUN_f32_f16 ~, RUN_F32_F16
#define RUN_bf16_f32 ~, RUN_BF16_F32
#define RUN_f32_bf16 ~, RUN_F32_BF16
#define RUN_f16_bf16 ~, RUN_F16_BF16
#define RUN_bf16_f16 ~, RUN_BF16_F16
#define RUN_F16_F32(D, A, n) (ndi_f16_to_f32_n(D, A, n), 1)
#define RUN_F32_F16(D, A, n) (ndi_f32_to_f16_n(D, A, n), 1)
#define RUN_BF16_F32(D, A, n) (ndi_bf16_to_f32_n(D, A, n), 1)
#define RUN_F32_BF16(D, A, n) (ndi_f32_to_bf16_n(D, A, n), 1)
#define RUN_F16_BF16(D, A, n) (ndi_f16_to_bf16_n(D, A, n), 1)
#define RUN_BF16_F16(D, A, n) (ndi_bf16_to_f16_n(D, A, n), 1)
#define RUN_NONE(D, A, n) 0
#define SECOND(a, b, ...) b
#define SECOND_(...) SECOND(__VA_ARGS__)
#define RUN_FOR(FN, TN) SECOND_(RUN_##FN##_##TN, RUN_NONE, ~)

/* The C preprocessor cannot expand the dtype list inside its own expansion, so the
 * destination types are listed once more here, one row each, each row expanding the
 * list for its sources. */
#define CAST_ROWS(ROW)                            \
  ROW(ND_BOOL, b, bool, b)                        \
  ROW(ND_INT8, i8, int8_t, i)                     \
  ROW(ND_INT16, i16, int16_t, i)                  \
  ROW(ND_INT32, i32, int32_t, i)                  \
  ROW(ND_INT64, i64, int64_t, i)                  \
  ROW(ND_UINT8, u8, uint8_t, u)                   \
  ROW(ND_UINT16, u16, uint16_t, u)                \
  ROW(ND_UINT32, u32, uint32_t, u)                \
  ROW(ND_UINT64, u64, uint64_t, u)                \
  ROW(ND_FLOAT32, f32, float, f)                  \
  ROW(ND_FLOAT64, f64, double, f)                 \
  ROW(ND_COMPLEX64, c64, float _Complex, c)       \
  ROW(ND_COMPLEX128, c128, double _Complex, c)

#define HALF_ROWS(ROW)                            \
  ROW(ND_FLOAT16, f16, uint16_t, f)               \
  ROW(ND_BFLOAT16, bf16, uint16_t, f)

#define DEFINE_PAIR(FE, FN, FT, FK, FNAME, TE, TN, TT, TK, FAMILY) \
  FAMILY(FE, FN, FT, FK, FNAME, TE, TN, TT, TK) CAST_LOOP(FE, FN, FT, FK, FNAME, TE, TN, TT, TK)
#define DEFINE_RR(FE, FN, FT, FK, FNAME, TE, TN, TT, TK, ...) \
  DEFINE_PAIR(FE, FN, FT, FK, FNAME, TE, TN, TT, TK, ELEM_RR)
#define DEFINE_HR(FE, FN, FT, FK, FNAME, TE, TN, TT, TK, ...) \
  DEFINE_PAIR(FE, FN, FT, FK, FNAME, TE, TN, TT, TK, ELEM_HR)
#define DEFINE_RH(FE, FN, FT, FK, FNAME, TE, TN, TT, TK, ...) \
  DEFINE_PAIR(FE, FN, FT, FK, FNAME, TE, TN, TT, TK, ELEM_RH)
#define DEFINE_HH(FE, FN, FT, FK, FNAME, TE, TN, TT, TK, ...) \
  DEFINE_PAIR(FE, FN, FT, FK, FNAME, TE, TN, TT, TK, ELEM_HH)
#define DEFINE_ROW(TE, TN, TT, TK) \
  NDI_DTYPES(DEFINE_RR, TE, TN, TT, TK) NDI_HALF_DTYPES(DEFINE_HR, TE, TN, TT, TK)
#define DEFINE_HALF_ROW(TE, TN, TT, TK) \
  NDI_DTYPES(DEFINE_RH, TE, TN, TT, TK) NDI_HALF_DTYPES(DEFINE_HH, TE, TN, TT, TK)
CAST_ROWS(DEFINE_ROW)
HALF_ROWS(DEFINE_HALF_ROW)

#define TABLE_ENTRY(FE, FN, FT, FK, FNAME, TN) [FE] = cast_##FN##_to_##TN,
#define TABLE_ROW(TE, TN, TT, TK) [TE] = {NDI_ALL_DTYPES(TABLE_ENTRY, TN)},
const ndi_loop_fn ndi_cast_loops[ND_NUM_DTYPES][ND_NUM_DTYPES] = {CAST_ROWS(TABLE_ROW)
                                                                  HALF_ROWS(TABLE_ROW)};

/* The rows must list the same dtypes as the one list. */
#define CHECK_ROW(TE, TN, TT, TK) +1
#define CHECK_LIST(E, N, T, K, NAME, ...) +1
_Static_assert((0 CAST_ROWS(CHECK_ROW) HALF_ROWS(CHECK_ROW)) == (0 NDI_ALL_DTYPES(CHECK_LIST)),
               "cast rows match the dtype list");

void ndi_convert_one(nd_dtype to, void *dst, nd_dtype from, const void *src) {
  /* Through an aligned bounce buffer: dst and src may be unaligned bytes of a file. */
  _Alignas(16) char in[16], out[16];
  size_t nt = ndi_dtype_size(to), nf = ndi_dtype_size(from);
  memcpy(in, src, nf);
  char *p[2] = {out, in};
  int64_t s[2] = {(int64_t)nt, (int64_t)nf};
  ndi_cast_loops[to][from](p, s, 1, NULL);
  memcpy(dst, out, nt);
}
