/* Copy and conversion loops for every pair of dtypes.
 *
 * Conversions follow NumPy on x86-64: integers wrap; float to integer truncates toward
 * zero, and a NaN or a value outside the range of the 32-bit (for 8-, 16- and 32-bit
 * targets) or 64-bit intermediate gives that intermediate's minimum, as the hardware
 * conversion does, then wraps (uint32 and uint64: see f2u32); anything to bool is x != 0; complex to real keeps the real
 * part (the frontend refuses that cast where the Array API asks for an error). */
#include <complex.h>
#include <string.h>

#include "core/dtype.h"
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

/* One loop: contiguous, broadcast-source (fill) and general strided paths. */
#define CAST_LOOP(FE, FN, FT, FK, FNAME, TE, TN, TT, TK)                                      \
  NDI_HOT static void cast_##FN##_to_##TN(char *const *p, const int64_t *s, int64_t n,      \
                                          void *ctx) {                                      \
    (void)ctx;                                                                              \
    char *d = p[0];                                                                         \
    const char *a = p[1];                                                                   \
    if (s[0] == (int64_t)sizeof(TT) && s[1] == (int64_t)sizeof(FT)) {                       \
      TT *restrict D = (TT *)d;                                                             \
      const FT *restrict A = (const FT *)a;                                                 \
      for (int64_t i = 0; i < n; i++) D[i] = CONV(TK, FK, TN, TT, A[i]);                    \
    } else if (s[1] == 0) {                                                                 \
      const TT v = CONV(TK, FK, TN, TT, *(const FT *)a);                                    \
      for (int64_t i = 0; i < n; i++, d += s[0]) *(TT *)d = v;                              \
    } else {                                                                                \
      for (int64_t i = 0; i < n; i++, d += s[0], a += s[1])                                 \
        *(TT *)d = CONV(TK, FK, TN, TT, *(const FT *)a);                                    \
    }                                                                                       \
  }

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

#define DEFINE_ROW(TE, TN, TT, TK) NDI_DTYPES(CAST_LOOP, TE, TN, TT, TK)
CAST_ROWS(DEFINE_ROW)

#define TABLE_ENTRY(FE, FN, FT, FK, FNAME, TN) [FE] = cast_##FN##_to_##TN,
#define TABLE_ROW(TE, TN, TT, TK) [TE] = {NDI_DTYPES(TABLE_ENTRY, TN)},
const ndi_loop_fn ndi_cast_loops[ND_NUM_DTYPES][ND_NUM_DTYPES] = {CAST_ROWS(TABLE_ROW)};

/* The rows must list the same dtypes as the one list. */
#define CHECK_ROW(TE, TN, TT, TK) +1
#define CHECK_LIST(E, N, T, K, NAME, ...) +1
_Static_assert((0 CAST_ROWS(CHECK_ROW)) == (0 NDI_DTYPES(CHECK_LIST)), "cast rows match the dtype list");

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
