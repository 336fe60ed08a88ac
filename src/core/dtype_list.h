/* The one list of dtypes every per-dtype piece of code is generated from.
 *
 * NDI_DTYPES(X, ...) applies X(ENUM, SUFFIX, CTYPE, KIND, NAME, ...) to each dtype, passing
 * any extra arguments through. SUFFIX names generated functions (f64, c128, ...), CTYPE is
 * the element's C type, KIND is NumPy's kind letter as a token (b, i, u, f, c), NAME the
 * dtype's name as a string. */
#ifndef NDI_DTYPE_LIST_H
#define NDI_DTYPE_LIST_H

#include <stdbool.h>
#include <stdint.h>

#define NDI_DTYPES(X, ...)                       \
  X(ND_BOOL, b, bool, b, "bool", __VA_ARGS__)            \
  X(ND_INT8, i8, int8_t, i, "int8", __VA_ARGS__)         \
  X(ND_INT16, i16, int16_t, i, "int16", __VA_ARGS__)      \
  X(ND_INT32, i32, int32_t, i, "int32", __VA_ARGS__)      \
  X(ND_INT64, i64, int64_t, i, "int64", __VA_ARGS__)      \
  X(ND_UINT8, u8, uint8_t, u, "uint8", __VA_ARGS__)       \
  X(ND_UINT16, u16, uint16_t, u, "uint16", __VA_ARGS__)    \
  X(ND_UINT32, u32, uint32_t, u, "uint32", __VA_ARGS__)    \
  X(ND_UINT64, u64, uint64_t, u, "uint64", __VA_ARGS__)    \
  X(ND_FLOAT32, f32, float, f, "float32", __VA_ARGS__)      \
  X(ND_FLOAT64, f64, double, f, "float64", __VA_ARGS__)     \
  X(ND_COMPLEX64, c64, float _Complex, c, "complex64", __VA_ARGS__) \
  X(ND_COMPLEX128, c128, double _Complex, c, "complex128", __VA_ARGS__)

/* The 16-bit floats, kept out of NDI_DTYPES: their elements are uint16_t bit patterns that
 * C cannot compute with, so code generated for the kind f would be wrong for them. Kernels
 * either convert them to float32 (core/half.h) or have loops of their own; tables that only
 * need sizes and names take NDI_ALL_DTYPES. */
#define NDI_HALF_DTYPES(X, ...)                                  \
  X(ND_FLOAT16, f16, uint16_t, f, "float16", __VA_ARGS__)        \
  X(ND_BFLOAT16, bf16, uint16_t, f, "bfloat16", __VA_ARGS__)

#define NDI_ALL_DTYPES(X, ...) NDI_DTYPES(X, __VA_ARGS__) NDI_HALF_DTYPES(X, __VA_ARGS__)

#endif
