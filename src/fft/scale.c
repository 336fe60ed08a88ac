/* Elementwise work on transform outputs while they are in cache: the norm's scale factor,
 * conjugation (hfft/ihfft), and the twiddle factors between the two passes of a split
 * transform. One loop per precision, generated from NDF_PRECISIONS. */
#include <stdbool.h>
#include <stdint.h>

#include "pass.h"

/* X(suffix, real type) */
#define NDF_PRECISIONS(X) X(d, double) X(f, float)

#define NDF_SCALE_FN(S, R)                                                                   \
  static void scale_##S(R *x, bool cplx, int64_t lines, int64_t len, int64_t es, int64_t ls, \
                        R scale, R im_sign) {                                                \
    int64_t w = cplx ? 2 : 1;                                                                \
    for (int64_t l = 0; l < lines; l++) {                                                    \
      R *line = x + l * ls * w;                                                              \
      if (!cplx) {                                                                           \
        for (int64_t k = 0; k < len; k++) line[k * es] *= scale;                             \
      } else {                                                                               \
        for (int64_t k = 0; k < len; k++) {                                                  \
          line[2 * k * es] *= scale;                                                         \
          line[2 * k * es + 1] *= scale * im_sign;                                           \
        }                                                                                    \
      }                                                                                      \
    }                                                                                        \
  }
NDF_PRECISIONS(NDF_SCALE_FN)

void ndf_scale_lines(void *data, bool single, bool complex_, int64_t lines, int64_t len,
                     int64_t es, int64_t ls, double scale, bool conj) {
  double sign = conj ? -1.0 : 1.0;
  if (single) scale_f(data, complex_, lines, len, es, ls, (float)scale, (float)sign);
  else scale_d(data, complex_, lines, len, es, ls, scale, sign);
}

/* Element k of line j times w^(j*k): m = j*k mod n is stepped by j along the line, and
 * w^m = lo[m mod 2^shift] * hi[m >> shift] takes one multiply and no division. The
 * product is formed in double for both precisions. */
#define NDF_TWIDDLE_FN(S, R)                                                                 \
  static void twiddle_##S(R *x, const ndf_twiddle *tw, int64_t j, int64_t len, int64_t es) { \
    int64_t jm = j % tw->n, m = 0, mask = ((int64_t)1 << tw->shift) - 1;                   \
    for (int64_t k = 0; k < len; k++) {                                                      \
      const double *lo = tw->lo + 2 * (m & mask), *hi = tw->hi + 2 * (m >> tw->shift);      \
      double wr = lo[0] * hi[0] - lo[1] * hi[1], wi = lo[0] * hi[1] + lo[1] * hi[0];        \
      double a = x[2 * k * es], b = x[2 * k * es + 1];                                       \
      x[2 * k * es] = (R)(a * wr - b * wi);                                                  \
      x[2 * k * es + 1] = (R)(a * wi + b * wr);                                              \
      m += jm;                                                                               \
      if (m >= tw->n) m -= tw->n;                                                            \
    }                                                                                        \
  }
NDF_PRECISIONS(NDF_TWIDDLE_FN)

void ndf_twiddle_lines(void *data, bool single, const ndf_twiddle *tw, int64_t j0, int64_t jstep,
                       int64_t lines, int64_t len, int64_t es, int64_t ls) {
  for (int64_t l = 0; l < lines; l++) {
    if (single) twiddle_f((float *)data + 2 * l * ls, tw, j0 + l * jstep, len, es);
    else twiddle_d((double *)data + 2 * l * ls, tw, j0 + l * jstep, len, es);
  }
}
