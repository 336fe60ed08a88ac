/* Conversions of contiguous runs between the 16-bit floats and float32, vectorised with
 * the CPU's conversion instructions (F16C, AVX-512) where it has them. Each gives exactly
 * the results of the scalar conversions of core/half.h (NumPy's and ml_dtypes' rules,
 * signalling NaNs included); only the speed depends on the CPU. */
#ifndef NDI_HALF_CONVERT_H
#define NDI_HALF_CONVERT_H

#include <stdint.h>

void ndi_f16_to_f32_n(float *dst, const uint16_t *src, int64_t n);
void ndi_f32_to_f16_n(uint16_t *dst, const float *src, int64_t n);
void ndi_bf16_to_f32_n(float *dst, const uint16_t *src, int64_t n);
void ndi_f32_to_bf16_n(uint16_t *dst, const float *src, int64_t n);
void ndi_f16_to_bf16_n(uint16_t *dst, const uint16_t *src, int64_t n);
void ndi_bf16_to_f16_n(uint16_t *dst, const uint16_t *src, int64_t n);

#endif
