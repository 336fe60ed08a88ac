/* The FFT component as a user program meets it: rfft of [0, 1, 2, 3]. */
#include <nd.h>
#include <nd/fft.h>
#include <stdio.h>

int main(void) {
  nd_array *x = nd_arange(ND_FLOAT64, 0, 4, 1);
  nd_array *X = nd_fft_rfft(x, 0, -1, ND_FFT_BACKWARD);
  if (!X) {
    fprintf(stderr, "%s\n", nd_last_error());
    return 1;
  }
  for (int64_t k = 0; k < nd_size(X); k++) {
    double re, im;
    nd_get_complex(X, &k, &re, &im);
    printf("%g%+gi ", re, im);
  }
  printf("\n"); /* prints: 6+0i -2+2i -2+0i */
  nd_release(X);
  nd_release(x);
  return 0;
}
