/* Argument reduction by pi/2 for any finite double (Payne and Hanek's method in integer
 * arithmetic, vmath_rem_pio2.c): the trigonometric kernels (vmath_trig.h) call it for the
 * rare lanes beyond their fast reduction's range. */
#ifndef NDI_VMATH_REM_PIO2_H
#define NDI_VMATH_REM_PIO2_H

/* x = q pi/2 + r with r = *rh + *rl, |r| <= pi/4 (to within 2^-60), *rl below half an
 * ulp of *rh, r accurate to about 2^-70 relative; returns q mod 4 (0 to 3). For x not
 * finite, r is NaN. */
int ndi_vm_rem_pio2(double x, double *rh, double *rl);

#endif
