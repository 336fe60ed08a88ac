/* Fuzzes the shape arguments of layout operations: a byte stream decodes into a sequence
 * of reshape / broadcast_to / permute / squeeze / expand_dims / swapaxes / moveaxis /
 * diagonal / flip / ravel calls with arbitrary (often invalid) arguments, applied to an
 * array in C or F order. Every result must stay inside its storage; every failure must set
 * a message. */
#include <string.h>

#include "fuzz_check.h"

typedef struct {
  const uint8_t *p;
  size_t n;
} reader;

static int next(reader *r) {
  if (r->n == 0) return 0;
  r->n--;
  return *r->p++;
}

/* An extent: mostly small, sometimes -1, negative or huge. */
static int64_t extent(reader *r) {
  int b = next(r);
  if (b < 200) return b % 7;
  if (b < 230) return -1;
  if (b < 245) return -(int64_t)(b % 5) - 2;
  return (int64_t)1 << (b % 63);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  reader r = {data, size};
  int ndim = next(&r) % 5;
  int64_t shape[ND_MAX_DIMS];
  for (int i = 0; i < ndim; i++) shape[i] = 1 + next(&r) % 5;
  nd_array *a = nd_zeros(ND_FLOAT32, ndim, shape, (next(&r) & 1) ? ND_F : ND_C);
  if (!a) abort();
  for (int step = 0; step < 8 && r.n > 0; step++) {
    int op = next(&r) % 10, nd = nd_ndim(a);
    int64_t s[ND_MAX_DIMS];
    int ax[ND_MAX_DIMS];
    int k = next(&r) % 6;
    for (int i = 0; i < k; i++) {
      s[i] = extent(&r);
      ax[i] = (int)(int8_t)next(&r) % 8;
    }
    nd_order o = (next(&r) & 1) ? ND_F : ND_C;
    nd_array *b = NULL;
    switch (op) {
      case 0: b = nd_reshape(a, k, s, o); break;
      case 1: b = nd_broadcast_to(a, k, s); break;
      case 2: b = nd_permute(a, k, ax); break;
      case 3: b = nd_squeeze(a, k, ax); break;
      case 4: b = nd_expand_dims(a, ax[0]); break;
      case 5: b = nd_swapaxes(a, ax[0], ax[1]); break;
      case 6: b = nd_moveaxis(a, ax[0], ax[1]); break;
      case 7: b = nd_diagonal(a, s[0], ax[0], ax[1]); break;
      case 8: b = nd_flip(a, k, ax); break;
      default: b = nd_ravel(a, o); break;
    }
    (void)nd;
    if (!b) {
      if (nd_last_status() == ND_OK || nd_last_error()[0] == '\0') abort();
      nd_clear_error();
      continue;
    }
    fuzz_check_view(b);
    nd_release(a);
    a = b;
    /* a huge broadcast view is fine, but reshaping or raveling it may copy it all */
    if (nd_size(a) > (1 << 20)) break;
  }
  nd_release(a);
  return 0;
}
