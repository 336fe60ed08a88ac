/* Cumulative sums and products (in place, along one axis) and the difference loop of
 * diff, for every dtype, with the arithmetic of accumulate.h (integers wrap, bool is
 * or/and/not-equal, complex products as NumPy). */
#include <stdbool.h>

#include "accumulate.h"
#include "argreduce.h"
#include "core/dtype_list.h"
#include "core/half.h"
#include "ew_complex.h"

/* Lanes along the fast axis (the scan axis slower): row after row, vectorised across the
 * lanes. Otherwise each lane is scanned on its own. */
#define SCAN_LOOP(NAME, S, T, OP)                                                          \
  NDI_HOT static void NAME##_##S(char *const *p, const int64_t *st, int64_t n, void *ctx) { \
    const ndi_scan_ctx *c = ctx;                                                           \
    int64_t sa = c->axis_stride, sl = st[0];                                               \
    int64_t asa = sa < 0 ? -sa : sa, asl = sl < 0 ? -sl : sl;                              \
    if (n > 1 && asl < asa) {                                                              \
      for (int64_t r = 1; r < c->len; r++) {                                               \
        char *cur = p[0] + r * sa, *prev = cur - sa;                                       \
        if (sl == (int64_t)sizeof(T)) {                                                    \
          T *restrict x = (T *)cur;                                                        \
          const T *restrict y = (const T *)prev;                                           \
          for (int64_t k = 0; k < n; k++) x[k] = OP(T, y[k], x[k]);                         \
        } else {                                                                           \
          for (int64_t k = 0; k < n; k++)                                                  \
            *(T *)(cur + k * sl) = OP(T, *(T *)(prev + k * sl), *(T *)(cur + k * sl));     \
        }                                                                                  \
      }                                                                                    \
      return;                                                                              \
    }                                                                                      \
    for (int64_t k = 0; k < n; k++) {                                                      \
      char *x = p[0] + k * sl;                                                             \
      T acc = *(T *)x;                                                                     \
      for (int64_t r = 1; r < c->len; r++) {                                               \
        x += sa;                                                                           \
        acc = OP(T, acc, *(T *)x);                                                         \
        *(T *)x = acc;                                                                     \
      }                                                                                    \
    }                                                                                      \
  }

#define DIFF_LOOP(S, T, OP)                                                                \
  NDI_HOT static void diff_##S(char *const *p, const int64_t *st, int64_t n, void *ctx) {  \
    (void)ctx;                                                                             \
    char *o = p[0];                                                                        \
    const char *a = p[1], *b = p[2];                                                       \
    if (st[0] == (int64_t)sizeof(T) && st[1] == (int64_t)sizeof(T) && st[2] == (int64_t)sizeof(T)) { \
      T *restrict O = (T *)o;                                                              \
      const T *restrict A = (const T *)a, *restrict B = (const T *)b;                      \
      for (int64_t i = 0; i < n; i++) O[i] = OP(T, A[i], B[i]);                             \
      return;                                                                              \
    }                                                                                      \
    for (int64_t i = 0; i < n; i++, o += st[0], a += st[1], b += st[2])                    \
      *(T *)o = OP(T, *(const T *)a, *(const T *)b);                                       \
  }

#define DEFINE_SCAN(E, S, T, K, NAME, ...) \
  SCAN_LOOP(scan_sum, S, T, NDI_ACC_ADD_##K)      \
  SCAN_LOOP(scan_prod, S, T, NDI_ACC_MUL_##K)     \
  DIFF_LOOP(S, T, NDI_ACC_SUB_##K)
NDI_DTYPES(DEFINE_SCAN, _)
/* float16 and bfloat16 differences: computed in float32, rounded once (NumPy's subtract);
 * their scans run in float32 (the frontend widens them) */
#define HALF_SUB(S) ndi_f32_to_##S(ndi_##S##_to_f32(a) - ndi_##S##_to_f32(b))
#define DEFINE_HALF_SUB(E, S, T, K, NAME, ...) \
  static inline T sub_##S(T a, T b) { return HALF_SUB(S); }
NDI_HALF_DTYPES(DEFINE_HALF_SUB, _)
#define SUB_f16(T, a, b) sub_f16(a, b)
#define SUB_bf16(T, a, b) sub_bf16(a, b)
#define DEFINE_HALF_DIFF(E, S, T, K, NAME, ...) DIFF_LOOP(S, T, SUB_##S)
NDI_HALF_DTYPES(DEFINE_HALF_DIFF, _)

#define FUSED_MUL(T, a, b) _Generic((a), float _Complex: ndi_cmul_c64, default: ndi_cmul_c128)(a, b)
#define DEFINE_FUSED_b(S, T)
#define DEFINE_FUSED_i(S, T)
#define DEFINE_FUSED_u(S, T)
#define DEFINE_FUSED_f(S, T)
#define DEFINE_FUSED_c(S, T) SCAN_LOOP(scan_prod_fused, S, T, FUSED_MUL)
#define DEFINE_FUSED(E, S, T, K, NAME, ...) DEFINE_FUSED_##K(S, T)
NDI_DTYPES(DEFINE_FUSED, _)

#define SCAN_ENTRY(E, S, T, K, NAME, OP) [E] = OP##_##S,
#define FUSED_ENTRY_b(E, S)
#define FUSED_ENTRY_i(E, S)
#define FUSED_ENTRY_u(E, S)
#define FUSED_ENTRY_f(E, S)
#define FUSED_ENTRY_c(E, S) [E] = scan_prod_fused_##S,
#define FUSED_ENTRY(E, S, T, K, NAME, ...) FUSED_ENTRY_##K(E, S)
const ndi_loop_fn ndi_scan_sum[ND_NUM_DTYPES] = {NDI_DTYPES(SCAN_ENTRY, scan_sum)};
const ndi_loop_fn ndi_scan_prod[ND_NUM_DTYPES] = {NDI_DTYPES(SCAN_ENTRY, scan_prod)};
const ndi_loop_fn ndi_scan_prod_fused[ND_NUM_DTYPES] = {NDI_DTYPES(FUSED_ENTRY, _)};
const ndi_loop_fn ndi_diff_loops[ND_NUM_DTYPES] = {NDI_ALL_DTYPES(SCAN_ENTRY, diff)};
