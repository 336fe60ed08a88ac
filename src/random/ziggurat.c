/* The ziggurat samplers (see ziggurat.h). Each draw picks a layer from its low 8 bits (the
 * float32 exponential skips one bit, the float64 exponential three), a sign bit for the
 * normal, and a position from the rest; about 99% of draws land inside the layer below
 * and return at once. The rest go through a slow path that draws more numbers: the tail
 * beyond r (idx 0) or the wedge test against the density. The slow paths live in separate,
 * non-inlined functions; the fast loop draws from a local copy of the generator whose
 * address is never taken, so it stays in registers (the slow path gets the generator
 * itself, synchronised around the call). With the copy's address passed to the slow path
 * instead, the compiler kept the state in memory: 7.2 ns per float64 normal, not 3. */
#include "ziggurat.h"

#include <math.h>
#include <string.h>

/* The base layer's edge and its inverse (normal), and the exponential's base edge, as
 * NumPy spells them; the float constants are these decimals rounded to float. */
#define NOR_R 3.6541528853610087963519472518
#define NOR_INV_R 0.27366123732975827203338247596
#define EXP_R 7.6971174701310497140446280481
#define NOR_R_F 3.6541528853610087963519472518f
#define NOR_INV_R_F 0.27366123732975827203338247596f
#define EXP_R_F 7.6971174701310497140446280481f

#define NOINLINE __attribute__((noinline))

/* -x when neg is 1, by flipping the sign bit: the same value as NumPy's `if (sign) x = -x`
 * (-0.0 included), without a branch that the random sign would mispredict half the time
 * (it cost about 3 ns per value). */
static inline double flip_f64(double x, uint64_t neg) {
  uint64_t b;
  memcpy(&b, &x, sizeof b);
  b ^= neg << 63;
  memcpy(&x, &b, sizeof x);
  return x;
}
static inline float flip_f32(float x, uint32_t neg) {
  uint32_t b;
  memcpy(&b, &x, sizeof b);
  b ^= neg << 31;
  memcpy(&x, &b, sizeof x);
  return x;
}

/* The normal's slow path for a draw that fell outside layer idx's inner box: returns 1 and
 * the value in *res when accepted, 0 to start over with a new draw. */
static NOINLINE int normal_slow(ndi_pcg64 *g, int idx, uint64_t rabs, double x, double *res) {
  if (idx == 0) {
    /* The tail beyond r (Marsaglia's method); log1p(-u) avoids log(0). */
    for (;;) {
      double xx = -NOR_INV_R * log1p(-ndi_pcg64_next_double(g));
      double yy = -log1p(-ndi_pcg64_next_double(g));
      if (yy + yy > xx * xx) {
        *res = ((rabs >> 8) & 1u) ? -(NOR_R + xx) : NOR_R + xx;
        return 1;
      }
    }
  }
  double u = ndi_pcg64_next_double(g);
  if ((ndi_zig_fn_f64[idx - 1] - ndi_zig_fn_f64[idx]) * u + ndi_zig_fn_f64[idx] <
      exp(-0.5 * x * x)) {
    *res = x;
    return 1;
  }
  return 0;
}

static inline double normal_f64(ndi_pcg64 *s, ndi_pcg64 *home) {
  for (;;) {
    uint64_t r = ndi_pcg64_next64(s);
    int idx = (int)(r & 0xffu);
    r >>= 8;
    uint64_t rabs = (r >> 1) & 0x000fffffffffffffULL; /* 52 bits; bit 0 of r is the sign */
    double x = flip_f64((double)(int64_t)rabs * ndi_zig_wn_f64[idx], r & 1u);
    if (rabs < ndi_zig_kn_f64[idx]) return x;
    double res;
    *home = *s; /* the slow path draws through the generator itself */
    int ok = normal_slow(home, idx, rabs, x, &res);
    *s = *home;
    if (ok) return res;
  }
}

void ndi_zig_normal_fill(ndi_pcg64 *g, double *out, int64_t n) {
  ndi_pcg64 s = *g;
  for (int64_t i = 0; i < n; i++) out[i] = normal_f64(&s, g);
  *g = s;
}

static NOINLINE int normal_slow_f(ndi_pcg64 *g, int idx, uint32_t rabs, float x, float *res) {
  if (idx == 0) {
    for (;;) {
      float xx = -NOR_INV_R_F * log1pf(-ndi_pcg64_next_float(g));
      float yy = -log1pf(-ndi_pcg64_next_float(g));
      if (yy + yy > xx * xx) {
        *res = ((rabs >> 8) & 1u) ? -(NOR_R_F + xx) : NOR_R_F + xx;
        return 1;
      }
    }
  }
  float u = ndi_pcg64_next_float(g);
  /* NumPy compares against the density in double here (exp, not expf). */
  if ((ndi_zig_fn_f32[idx - 1] - ndi_zig_fn_f32[idx]) * u + ndi_zig_fn_f32[idx] <
      exp(-0.5 * x * x)) {
    *res = x;
    return 1;
  }
  return 0;
}

static inline float normal_f32(ndi_pcg64 *s, ndi_pcg64 *home) {
  for (;;) {
    uint32_t r = ndi_pcg64_next32(s);
    int idx = (int)(r & 0xffu);
    uint32_t rabs = (r >> 9) & 0x007fffffu; /* 23 bits; bit 8 is the sign */
    float x = flip_f32((float)(int32_t)rabs * ndi_zig_wn_f32[idx], (r >> 8) & 1u);
    if (rabs < ndi_zig_kn_f32[idx]) return x;
    float res;
    *home = *s; /* the slow path draws through the generator itself */
    int ok = normal_slow_f(home, idx, rabs, x, &res);
    *s = *home;
    if (ok) return res;
  }
}

void ndi_zig_normal_fill_f(ndi_pcg64 *g, float *out, int64_t n) {
  ndi_pcg64 s = *g;
  for (int64_t i = 0; i < n; i++) out[i] = normal_f32(&s, g);
  *g = s;
}

static NOINLINE int exp_slow(ndi_pcg64 *g, int idx, double x, double *res) {
  if (idx == 0) {
    *res = EXP_R - log1p(-ndi_pcg64_next_double(g)); /* the tail: r + Exp(1) */
    return 1;
  }
  double u = ndi_pcg64_next_double(g);
  if ((ndi_zig_fe_f64[idx - 1] - ndi_zig_fe_f64[idx]) * u + ndi_zig_fe_f64[idx] < exp(-x)) {
    *res = x;
    return 1;
  }
  return 0;
}

static inline double exp_f64(ndi_pcg64 *s, ndi_pcg64 *home) {
  for (;;) {
    uint64_t ri = ndi_pcg64_next64(s) >> 3;
    int idx = (int)(ri & 0xffu);
    ri >>= 8; /* 53 bits */
    double x = (double)(int64_t)ri * ndi_zig_we_f64[idx];
    if (ri < ndi_zig_ke_f64[idx]) return x;
    double res;
    *home = *s; /* the slow path draws through the generator itself */
    int ok = exp_slow(home, idx, x, &res);
    *s = *home;
    if (ok) return res;
  }
}

void ndi_zig_exp_fill(ndi_pcg64 *g, double *out, int64_t n) {
  ndi_pcg64 s = *g;
  for (int64_t i = 0; i < n; i++) out[i] = exp_f64(&s, g);
  *g = s;
}

static NOINLINE int exp_slow_f(ndi_pcg64 *g, int idx, float x, float *res) {
  if (idx == 0) {
    *res = EXP_R_F - log1pf(-ndi_pcg64_next_float(g));
    return 1;
  }
  float u = ndi_pcg64_next_float(g);
  if ((ndi_zig_fe_f32[idx - 1] - ndi_zig_fe_f32[idx]) * u + ndi_zig_fe_f32[idx] < expf(-x)) {
    *res = x;
    return 1;
  }
  return 0;
}

static inline float exp_f32(ndi_pcg64 *s, ndi_pcg64 *home) {
  for (;;) {
    uint32_t ri = ndi_pcg64_next32(s) >> 1;
    int idx = (int)(ri & 0xffu);
    ri >>= 8; /* 23 bits */
    float x = (float)(int32_t)ri * ndi_zig_we_f32[idx];
    if (ri < ndi_zig_ke_f32[idx]) return x;
    float res;
    *home = *s; /* the slow path draws through the generator itself */
    int ok = exp_slow_f(home, idx, x, &res);
    *s = *home;
    if (ok) return res;
  }
}

void ndi_zig_exp_fill_f(ndi_pcg64 *g, float *out, int64_t n) {
  ndi_pcg64 s = *g;
  for (int64_t i = 0; i < n; i++) out[i] = exp_f32(&s, g);
  *g = s;
}
