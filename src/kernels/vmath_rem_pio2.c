/* Payne and Hanek's reduction of x by pi/2 in integer arithmetic (see vmath_rem_pio2.h).
 *
 * x = m 2^s with m a 53-bit integer. x (2/pi) mod 4 needs only the bits of 2/pi from a
 * little before 2^-s on: a bit of weight 2^-j contributes m 2^(s-j), a multiple of 4 when
 * s - j >= 2. So a 192-bit window of 2/pi starting at bit j0 = max(1, s - 1) (bit 1 has
 * weight 1/2) times m gives x (2/pi) mod 4 as a fixed-point number V 2^-t: its two bits
 * above the point are q, the 128 below are the fraction, and the bits of 2/pi beyond the
 * window are worth less than 2^-137. The fraction (in [-1/2, 1/2) after moving q to the
 * nearest integer) is at least 2^-62 away from 0 for any double x (the closest double to a
 * multiple of pi/2 is about 2^-61 away from it), so its 128 bits carry at least 66
 * significant ones; times pi/2 in double-double it gives r. */
#include "vmath_rem_pio2.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* 2/pi after the binary point, 64 bits a word (1280 bits: enough for s up to 971 plus the
 * 192-bit window) */
static const uint64_t two_over_pi[20] = {
    0xa2f9836e4e441529ULL, 0xfc2757d1f534ddc0ULL, 0xdb6295993c439041ULL,
    0xfe5163abdebbc561ULL, 0xb7246e3a424dd2e0ULL, 0x06492eea09d1921cULL,
    0xfe1deb1cb129a73eULL, 0xe88235f52ebb4484ULL, 0xe99c7026b45f7e41ULL,
    0x3991d639835339f4ULL, 0x9c845f8bbdf9283bULL, 0x1ff897ffde05980fULL,
    0xef2f118b5a0a6d1fULL, 0x6d367ecf27cb09b7ULL, 0x4f463f669e5fea2dULL,
    0x7527bac7ebe5f17bULL, 0x3d0739f78a5292eaULL, 0x6bfb5fb11f8d5d08ULL,
    0x56033046fc7b6babULL, 0xf0cfbc209af4361dULL,
};

#define PIO2_HI 0x1.921fb54442d18p0
#define PIO2_LO 0x1.1a62633145c07p-54

/* bits [pos, pos + 64) of the 256-bit number v (v[0] least significant) */
static uint64_t bits64(const uint64_t v[4], int pos) {
  int w = pos >> 6, sh = pos & 63;
  uint64_t r = w < 4 ? v[w] >> sh : 0;
  if (sh && w + 1 < 4) r |= v[w + 1] << (64 - sh);
  return r;
}

int ndi_vm_rem_pio2(double x, double *rh, double *rl) {
  if (!isfinite(x) || x == 0) {
    *rh = *rl = x - x + x; /* NaN for inf and NaN; x for zero */
    return 0;
  }
  uint64_t xb;
  memcpy(&xb, &x, sizeof xb);
  int neg = (int)(xb >> 63), e = (int)((xb >> 52) & 0x7ff);
  uint64_t m = xb & ((1ULL << 52) - 1);
  if (e) m |= 1ULL << 52;
  else e = 1; /* subnormal: m 2^(1-1075) */
  int s = e - 1075, j0 = s - 1 > 1 ? s - 1 : 1, t = j0 + 191 - s;
  /* the window: bits j0 .. j0+191 of 2/pi, most significant word first */
  int b = j0 - 1, wi = b >> 6, sh = b & 63;
  uint64_t w[3];
  for (int i = 0; i < 3; i++)
    w[i] = sh ? (two_over_pi[wi + i] << sh) | (two_over_pi[wi + i + 1] >> (64 - sh))
              : two_over_pi[wi + i];
  /* V = m * window, 256 bits */
  unsigned __int128 p0 = (unsigned __int128)m * w[2], p1 = (unsigned __int128)m * w[1],
                    p2 = (unsigned __int128)m * w[0];
  uint64_t v[4];
  v[0] = (uint64_t)p0;
  unsigned __int128 c = (p0 >> 64) + (uint64_t)p1;
  v[1] = (uint64_t)c;
  c = (c >> 64) + (p1 >> 64) + (uint64_t)p2;
  v[2] = (uint64_t)c;
  v[3] = (uint64_t)((c >> 64) + (p2 >> 64));
  int q = (int)(bits64(v, t) & 3);
  uint64_t fh = bits64(v, t - 64), fl = bits64(v, t - 128);
  /* the fraction as a signed 128-bit fixed-point number in [-1/2, 1/2) */
  __int128 f = (__int128)(((unsigned __int128)fh << 64) | fl);
  q = (q + (int)(fh >> 63)) & 3;
  int fneg = f < 0;
  unsigned __int128 a = fneg ? -(unsigned __int128)f : (unsigned __int128)f;
  double dh = 0, dl = 0;
  if (a) {
    int lz = (a >> 64) ? __builtin_clzll((uint64_t)(a >> 64))
                       : 64 + __builtin_clzll((uint64_t)a);
    a <<= lz;
    /* a 2^-(128 + lz): its top 53 bits and the next 53, each exactly */
    uint64_t top = (uint64_t)(a >> 75), next = (uint64_t)(a >> 22) & ((1ULL << 53) - 1);
    dh = ldexp((double)top, 75 - 128 - lz);
    dl = ldexp((double)next, 22 - 128 - lz);
    if (fneg) dh = -dh, dl = -dl;
  }
  /* r = (dh + dl) pi/2 */
  double ph = dh * PIO2_HI, pl = fma(dh, PIO2_HI, -ph) + (dh * PIO2_LO + dl * PIO2_HI);
  double rhv = ph + pl;
  double rlv = pl - (rhv - ph);
  if (neg) rhv = -rhv, rlv = -rlv, q = (4 - q) & 3;
  *rh = rhv;
  *rl = rlv;
  return q;
}
