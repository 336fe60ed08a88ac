/* Ziggurat samplers for the standard normal and standard exponential distributions, in
 * NumPy's variants (distributions.c): the same bits of each draw for the layer, the sign
 * and the position, the same tables, the same order of draws on the rare slow paths, so
 * the values equal NumPy's bit for bit. */
#ifndef NDI_RANDOM_ZIGGURAT_H
#define NDI_RANDOM_ZIGGURAT_H

#include <stdint.h>

#include "pcg64.h"

/* Tables (ziggurat_normal_tables.c, ziggurat_exp_tables.c): k = acceptance bounds, w =
 * scales from integers to x, f = the density at the layer edges; _f64 for the float64
 * samplers (52- and 53-bit integers), _f32 for float32 (23-bit). */
extern const uint64_t ndi_zig_kn_f64[256], ndi_zig_ke_f64[256];
extern const double ndi_zig_wn_f64[256], ndi_zig_fn_f64[256];
extern const double ndi_zig_we_f64[256], ndi_zig_fe_f64[256];
extern const uint32_t ndi_zig_kn_f32[256], ndi_zig_ke_f32[256];
extern const float ndi_zig_wn_f32[256], ndi_zig_fn_f32[256];
extern const float ndi_zig_we_f32[256], ndi_zig_fe_f32[256];

/* out[0..n) = n standard normal / standard exponential draws, in order. The float32 forms
 * draw 32-bit words (so they use and leave the generator's kept half word). */
void ndi_zig_normal_fill(ndi_pcg64 *g, double *out, int64_t n);
void ndi_zig_normal_fill_f(ndi_pcg64 *g, float *out, int64_t n);
void ndi_zig_exp_fill(ndi_pcg64 *g, double *out, int64_t n);
void ndi_zig_exp_fill_f(ndi_pcg64 *g, float *out, int64_t n);

#endif
