/* Shortest digits of float16 and bfloat16 values (see print_digits.h).
 *
 * print.c finds float32 and float64 digits with printf: the fewest places whose correctly
 * rounded digits read back. That is not Dragon4's answer for every 16-bit value: float16
 * 2^-6 = 0.015625 rounds to 0.01562 at four significant digits, which reads back as
 * another float16, while NumPy prints 0.01563, the digits just above, which do read
 * back. So for the 16-bit types each length n is tried with both neighbours of the exact
 * value at n digits (truncated and one unit up), the nearer that reads back kept, a tie
 * to the even last digit. This gives NumPy's digits for all 63,486 finite nonzero
 * float16 values (np.format_float_positional and format_float_scientific, unique=True);
 * bfloat16 follows the same rule, nd's own choice (NumPy has no bfloat16). */
#include "print_digits.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/half.h"

bool ndi_reads_back(const char *s, double x, nd_dtype t) {
  double y = strtod(s, NULL);
  switch (t) {
    case ND_FLOAT16: return ndi_f64_to_f16(y) == ndi_f64_to_f16(x);
    case ND_BFLOAT16: return ndi_f64_to_bf16(y) == ndi_f64_to_bf16(x);
    case ND_FLOAT32: return (float)y == (float)x;
    default: return y == x;
  }
}

void ndi_digits_sci(char *out, size_t cap, bool negative, const char *digits, int exp10) {
  snprintf(out, cap, "%s%c%s%se%c%02d", negative ? "-" : "", digits[0], digits[1] ? "." : "",
           digits + 1, exp10 < 0 ? '-' : '+', abs(exp10));
}

void ndi_digits_fixed(char *out, size_t cap, bool negative, const char *digits, int exp10) {
  char buf[80];
  int len = 0, nd = (int)strlen(digits);
  if (negative) buf[len++] = '-';
  if (exp10 < 0) {
    buf[len++] = '0';
    buf[len++] = '.';
    for (int k = 0; k < -exp10 - 1; k++) buf[len++] = '0';
    for (int k = 0; k < nd; k++) buf[len++] = digits[k];
  } else {
    for (int k = 0; k <= exp10; k++) buf[len++] = k < nd ? digits[k] : '0';
    if (nd > exp10 + 1) {
      buf[len++] = '.';
      for (int k = exp10 + 1; k < nd; k++) buf[len++] = digits[k];
    }
  }
  buf[len] = '\0';
  snprintf(out, cap, "%s", buf);
}

/* n digits plus one unit in the last place; *exp10 grows by one when 9...9 carries. */
static void next_up(char *d, int n, int *exp10) {
  int k = n - 1;
  while (k >= 0 && d[k] == '9') d[k--] = '0';
  if (k >= 0) {
    d[k]++;
    return;
  }
  d[0] = '1'; /* 99 -> 100: "10" with the exponent one higher */
  (*exp10)++;
}

static bool candidate_reads_back(const char *d, int exp10, double x, nd_dtype t) {
  char s[64];
  ndi_digits_sci(s, sizeof s, false, d, exp10);
  return ndi_reads_back(s, fabs(x), t);
}

void ndi_shortest_digits16(double x, nd_dtype t, char *digits, int *exp10) {
  /* The exact decimal expansion: a 16-bit float has at most 96 significant digits (the
   * smallest bfloat16 subnormal, 2^-133), so 110 places print it exactly. */
  char exact[160], all[128];
  snprintf(exact, sizeof exact, "%.110e", fabs(x));
  int na = 0;
  const char *p = exact;
  for (; *p && *p != 'e'; p++)
    if (*p != '.') all[na++] = *p;
  int e = atoi(p + 1);
  for (int n = 1; n <= 17 && n < na; n++) {
    char lo[32], hi[32];
    memcpy(lo, all, (size_t)n);
    lo[n] = '\0';
    bool tail = false;
    for (int k = n; k < na && !tail; k++) tail = all[k] != '0';
    memcpy(hi, lo, (size_t)n + 1);
    int ehi = e;
    next_up(hi, n, &ehi);
    bool lo_ok = candidate_reads_back(lo, e, x, t);
    bool hi_ok = tail && candidate_reads_back(hi, ehi, x, t);
    if (!lo_ok && !hi_ok) continue;
    bool take_hi = hi_ok;
    if (lo_ok && hi_ok) { /* the nearer; the distance to lo is the tail, against half a unit */
      int cmp = all[n] - '5';
      for (int k = n + 1; k < na && cmp == 0; k++) cmp = all[k] != '0';
      take_hi = cmp > 0 || (cmp == 0 && (lo[n - 1] - '0') % 2 == 1);
    }
    const char *d = take_hi ? hi : lo;
    int m = (int)strlen(d);
    while (m > 1 && d[m - 1] == '0') m--;
    memcpy(digits, d, (size_t)m);
    digits[m] = '\0';
    *exp10 = take_hi ? ehi : e;
    return;
  }
  /* not reached for 16-bit values (5 digits always suffice); the exact digits */
  int m = na < 17 ? na : 17;
  memcpy(digits, all, (size_t)m);
  digits[m] = '\0';
  *exp10 = e;
}
