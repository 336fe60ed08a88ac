/* CMPLX/CMPLXF (C11) for compilers whose <complex.h> lacks them (clang with glibc): the
 * brace form builds a complex from its parts without the NaN/inf pitfalls of x + y*I. */
#ifndef NDI_CMPLX_H
#define NDI_CMPLX_H

#include <complex.h>

#ifndef CMPLX
#define CMPLX(x, y) ((double _Complex){(double)(x), (double)(y)})
#endif
#ifndef CMPLXF
#define CMPLXF(x, y) ((float _Complex){(float)(x), (float)(y)})
#endif

/* A product that must stay a separate multiplication. GCC 12's vectoriser turns a
 * vectorised ar*br - ai*bi, ar*bi + ai*br into fused multiply-adds (vfmaddsub) even with
 * -ffp-contract=off, so the bits of a plain complex product would depend on the
 * instruction set; the barrier keeps it plain (and still vectorised). */
#if defined(__has_builtin)
#if __has_builtin(__builtin_assoc_barrier)
#define NDI_UNFUSED(x) __builtin_assoc_barrier(x)
#endif
#endif
#ifndef NDI_UNFUSED
#define NDI_UNFUSED(x) (x)
#endif

/* a*b by the plain formula (no fma, no inf/NaN recovery), the way NumPy multiplies in its
 * add/multiply reductions and scans. */
static inline float _Complex ndi_cmul_plain_c64(float _Complex a, float _Complex b) {
  float ar = crealf(a), ai = cimagf(a), br = crealf(b), bi = cimagf(b);
  return CMPLXF(NDI_UNFUSED(ar * br) - NDI_UNFUSED(ai * bi),
                NDI_UNFUSED(ar * bi) + NDI_UNFUSED(ai * br));
}
static inline double _Complex ndi_cmul_plain_c128(double _Complex a, double _Complex b) {
  double ar = creal(a), ai = cimag(a), br = creal(b), bi = cimag(b);
  return CMPLX(NDI_UNFUSED(ar * br) - NDI_UNFUSED(ai * bi),
               NDI_UNFUSED(ar * bi) + NDI_UNFUSED(ai * br));
}

#endif
