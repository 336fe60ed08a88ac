/* Building blocks of the elementwise kernels: loop shapes around an inline per-element
 * function, and the preprocessor switches that generate them for the dtypes (from the one
 * list, NDI_DTYPES) a function accepts.
 *
 * Every loop has the ndi_loop_fn signature: ptrs[0] is the output, ptrs[1..] the inputs,
 * strides in bytes. The frontend guarantees that the output either does not overlap an
 * input or is exactly the same elements (in-place), so dense paths may use restrict. */
#ifndef NDI_EW_LOOPS_H
#define NDI_EW_LOOPS_H

#include <complex.h>
#include <math.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/dtype_list.h"
#include "loop.h"

/* The context the frontend passes to every elementwise kernel: kernels that can fail on
 * data (integer pow with a negative exponent) set `error`; the frontend reports it. `data`
 * is read-only input of the loop the frontend chose (the 16-bit result table of
 * half_table.c). */
typedef struct ndi_ew_ctx {
  _Atomic int error;
  const void *data;
} ndi_ew_ctx;

static inline void ndi_ew_fail(void *ctx, int code) {
  if (ctx) atomic_store_explicit(&((ndi_ew_ctx *)ctx)->error, code, memory_order_relaxed);
}

/* ---- selecting dtypes by kind --------------------------------------------------------
 * A family declares which kinds it accepts with five macros FAM_b, FAM_i, FAM_u, FAM_f,
 * FAM_c set to 0 or 1; NDI_WHEN(FAM_##K)(code) keeps code only for accepted kinds. */
#define NDI_WHEN(c) NDI_WHEN_(c)
#define NDI_WHEN_(c) NDI_WHEN_##c
#define NDI_WHEN_0(...)
#define NDI_WHEN_1(...) __VA_ARGS__

/* Unsigned types of the integer dtypes (wrapping arithmetic without signed overflow), and
 * the unsigned type their arithmetic is done in (never promoted to int). */
#define NDI_UT_i8 uint8_t
#define NDI_UT_i16 uint16_t
#define NDI_UT_i32 uint32_t
#define NDI_UT_i64 uint64_t
#define NDI_UT_u8 uint8_t
#define NDI_UT_u16 uint16_t
#define NDI_UT_u32 uint32_t
#define NDI_UT_u64 uint64_t
#define NDI_WU_i8 unsigned
#define NDI_WU_i16 unsigned
#define NDI_WU_i32 uint32_t
#define NDI_WU_i64 uint64_t
#define NDI_WU_u8 unsigned
#define NDI_WU_u16 unsigned
#define NDI_WU_u32 uint32_t
#define NDI_WU_u64 uint64_t
/* Real component type of each dtype suffix (complex: its part; others: themselves). */
#define NDI_RT_b bool
#define NDI_RT_i8 int8_t
#define NDI_RT_i16 int16_t
#define NDI_RT_i32 int32_t
#define NDI_RT_i64 int64_t
#define NDI_RT_u8 uint8_t
#define NDI_RT_u16 uint16_t
#define NDI_RT_u32 uint32_t
#define NDI_RT_u64 uint64_t
#define NDI_RT_f32 float
#define NDI_RT_f64 double
#define NDI_RT_c64 float
#define NDI_RT_c128 double
/* The libm function of a real dtype: NDI_M(f32, exp) is expf, NDI_M(f64, exp) is exp. */
#define NDI_M(S, fn) NDI_M_##S(fn)
#define NDI_M_f32(fn) fn##f
#define NDI_M_f64(fn) fn

/* A table entry [E] = NAME_S for accepted kinds. */
#define NDI_TABLE_ENTRY(E, S, T, K, NAME_, FAM, PREFIX) NDI_WHEN(FAM##_##K)([E] = PREFIX##_##S, )

/* ---- loop shapes ---------------------------------------------------------------------- */

/* out[i] = F(a[i]): dense and strided paths. */
#define NDI_LOOP1(NAME, TI, TO, F)                                                         \
  NDI_HOT static void NAME(char *const *p, const int64_t *s, int64_t n, void *ctx) {      \
    (void)ctx;                                                                            \
    if (s[0] == (int64_t)sizeof(TO) && s[1] == (int64_t)sizeof(TI)) {                     \
      TO *restrict o = (TO *)p[0];                                                        \
      const TI *restrict a = (const TI *)p[1];                                            \
      for (int64_t i = 0; i < n; i++) o[i] = F(a[i]);                                     \
    } else {                                                                              \
      char *o = p[0];                                                                     \
      const char *a = p[1];                                                               \
      for (int64_t i = 0; i < n; i++, o += s[0], a += s[1]) *(TO *)o = F(*(const TI *)a); \
    }                                                                                     \
  }

/* The same without instruction-set clones, for functions that call into libm per element
 * (nothing to vectorise). */
#define NDI_LOOP1_PLAIN(NAME, TI, TO, F)                                                   \
  static void NAME(char *const *p, const int64_t *s, int64_t n, void *ctx) {              \
    (void)ctx;                                                                            \
    char *o = p[0];                                                                       \
    const char *a = p[1];                                                                 \
    for (int64_t i = 0; i < n; i++, o += s[0], a += s[1]) *(TO *)o = F(*(const TI *)a);   \
  }

/* out[i] = F(a[i], b[i]): dense, scalar-a, scalar-b and strided paths. The scalar paths
 * serve broadcasting (a column against a row) and scalar operands. */
#define NDI_LOOP2(NAME, TA, TB, TO, F)                                                     \
  NDI_HOT static void NAME(char *const *p, const int64_t *s, int64_t n, void *ctx) {      \
    (void)ctx;                                                                            \
    const int64_t zo = sizeof(TO), za = sizeof(TA), zb = sizeof(TB);                      \
    if (s[0] == zo && s[1] == za && s[2] == zb) {                                         \
      TO *restrict o = (TO *)p[0];                                                        \
      const TA *restrict a = (const TA *)p[1];                                            \
      const TB *restrict b = (const TB *)p[2];                                            \
      for (int64_t i = 0; i < n; i++) o[i] = F(a[i], b[i]);                               \
    } else if (s[0] == zo && s[1] == 0 && s[2] == zb) {                                   \
      TO *restrict o = (TO *)p[0];                                                        \
      const TA x = *(const TA *)p[1];                                                     \
      const TB *restrict b = (const TB *)p[2];                                            \
      for (int64_t i = 0; i < n; i++) o[i] = F(x, b[i]);                                  \
    } else if (s[0] == zo && s[1] == za && s[2] == 0) {                                   \
      TO *restrict o = (TO *)p[0];                                                        \
      const TA *restrict a = (const TA *)p[1];                                            \
      const TB y = *(const TB *)p[2];                                                     \
      for (int64_t i = 0; i < n; i++) o[i] = F(a[i], y);                                  \
    } else {                                                                              \
      char *o = p[0];                                                                     \
      const char *a = p[1], *b = p[2];                                                    \
      for (int64_t i = 0; i < n; i++, o += s[0], a += s[1], b += s[2])                    \
        *(TO *)o = F(*(const TA *)a, *(const TB *)b);                                     \
    }                                                                                     \
  }

/* Binary loop without clones, for per-element libm calls. */
#define NDI_LOOP2_PLAIN(NAME, TA, TB, TO, F)                                               \
  static void NAME(char *const *p, const int64_t *s, int64_t n, void *ctx) {              \
    (void)ctx;                                                                            \
    char *o = p[0];                                                                       \
    const char *a = p[1], *b = p[2];                                                      \
    for (int64_t i = 0; i < n; i++, o += s[0], a += s[1], b += s[2])                      \
      *(TO *)o = F(*(const TA *)a, *(const TB *)b);                                       \
  }

/* Binary loop whose element function also gets the context (to report errors). */
#define NDI_LOOP2_CTX(NAME, T, F)                                                          \
  NDI_HOT static void NAME(char *const *p, const int64_t *s, int64_t n, void *ctx) {      \
    char *o = p[0];                                                                       \
    const char *a = p[1], *b = p[2];                                                      \
    for (int64_t i = 0; i < n; i++, o += s[0], a += s[1], b += s[2])                      \
      *(T *)o = F(*(const T *)a, *(const T *)b, ctx);                                     \
  }

/* out[i] = F(a[i], b[i], c[i]) (clip): dense and strided paths. */
#define NDI_LOOP3(NAME, T, F)                                                              \
  NDI_HOT static void NAME(char *const *p, const int64_t *s, int64_t n, void *ctx) {      \
    (void)ctx;                                                                            \
    const int64_t z = sizeof(T);                                                          \
    if (s[0] == z && s[1] == z && s[2] == 0 && s[3] == 0) {                               \
      T *restrict o = (T *)p[0];                                                          \
      const T *restrict a = (const T *)p[1];                                              \
      const T lo = *(const T *)p[2], hi = *(const T *)p[3];                               \
      for (int64_t i = 0; i < n; i++) o[i] = F(a[i], lo, hi);                             \
    } else {                                                                              \
      char *o = p[0];                                                                     \
      const char *a = p[1], *b = p[2], *c = p[3];                                         \
      for (int64_t i = 0; i < n; i++, o += s[0], a += s[1], b += s[2], c += s[3])         \
        *(T *)o = F(*(const T *)a, *(const T *)b, *(const T *)c);                         \
    }                                                                                     \
  }

#endif
