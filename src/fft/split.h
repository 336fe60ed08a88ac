/* Long one-dimensional transforms split into two passes of shorter ones (four-step). */
#ifndef NDF_SPLIT_H
#define NDF_SPLIT_H

#include "pass.h"

/* Runs the pass, as two shorter passes with twiddles between them when its transform is
 * long and splits well (split.c; real transforms through a complex one of half the length,
 * split_real.c), else as it is. */
nd_status ndf_split_run(const ndf_pass *p);

/* n1 for a length n that splits into n1*n2 (both at most NDF_SPLIT_MAX, small prime
 * factors), or 0. */
int64_t ndf_split_factor(int64_t n);

/* Tables of w^m = exp(sign 2 pi i m / n) (pass.h's ndf_twiddle); *mem is freed by the
 * caller. False if memory runs out. */
bool ndf_twiddle_make(int64_t n, int sign, ndf_twiddle *tw, double **mem);

/* A real transform (r2c or c2r) of even length n whose half n/2 splits. */
nd_status ndf_split_real(const ndf_pass *p);

#endif
