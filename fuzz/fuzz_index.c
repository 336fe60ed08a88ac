/* Fuzzes the index-string parser and basic-indexing arithmetic: the first byte picks the
 * array's rank, the next ones its extents, the rest is the index string. */
#include <string.h>

#include "fuzz_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  int ndim = data[0] % 6;
  if (size < 1 + (size_t)ndim) return 0;
  int64_t shape[6];
  for (int i = 0; i < ndim; i++) shape[i] = data[1 + i] % 8;
  size_t n = size - 1 - (size_t)ndim;
  if (n > 512) n = 512;
  char spec[513];
  memcpy(spec, data + 1 + ndim, n);
  spec[n] = '\0';
  nd_array *a = nd_zeros(ND_INT16, ndim, shape, ND_C);
  if (!a) abort();
  nd_array *v = nd_index(a, spec);
  if (v) {
    fuzz_check_view(v);
    /* index the result again with the same string: chains of views stay in bounds */
    nd_array *w = nd_index(v, spec);
    fuzz_check_view(w);
    nd_release(w);
  } else if (nd_last_status() == ND_OK || nd_last_error()[0] == '\0') {
    abort(); /* a failure must say why */
  }
  nd_clear_error();
  nd_release(v);
  nd_release(a);
  return 0;
}
