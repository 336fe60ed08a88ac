/* Fuzzes the .npz reader (zip container and .npy members) over a byte buffer. */
#include "fuzz_check.h"
#include "io/npy_parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  nd_npz *z = ndi_npz_load_buffer("load_npz", "fuzz", data, size);
  if (z) {
    for (int64_t i = 0; i < nd_npz_count(z); i++) {
      nd_array *a = nd_npz_get(z, nd_npz_name(z, i));
      if (!a) abort();
      fuzz_check_view(a);
      nd_release(a);
    }
    nd_npz_close(z);
  } else if (nd_last_status() == ND_OK || nd_last_error()[0] == '\0') {
    abort();
  }
  nd_clear_error();
  return 0;
}
