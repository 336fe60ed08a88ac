/* Shortest decimal digits of 16-bit float values, for print.c. */
#ifndef NDI_PRINT_DIGITS_H
#define NDI_PRINT_DIGITS_H

#include <stdbool.h>
#include <stddef.h>

#include "nd/types.h"

/* The value x of dtype t (ND_FLOAT16 or ND_BFLOAT16; finite, nonzero) as the shortest
 * digits that read back as it, NumPy's Dragon4 "unique" mode: digits (a string of
 * significant digits, no point; room for 32) and the decimal exponent of the first one. */
void ndi_shortest_digits16(double x, nd_dtype t, char *digits, int *exp10);

/* Those digits of |x| written as printf's "%.*f" and "%.*e" would write them (the
 * fewest places that show them all; "%e" with at least two exponent digits), signed. */
void ndi_digits_fixed(char *out, size_t cap, bool negative, const char *digits, int exp10);
void ndi_digits_sci(char *out, size_t cap, bool negative, const char *digits, int exp10);

/* Whether the decimal s reads back (through float64) as x in the precision of t
 * (ND_FLOAT16, ND_BFLOAT16, ND_FLOAT32 or ND_FLOAT64). */
bool ndi_reads_back(const char *s, double x, nd_dtype t);

#endif
