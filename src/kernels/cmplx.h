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

#endif
