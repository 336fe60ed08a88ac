/* Fuzzes the .npy parser and loader over a byte buffer: a result must be a valid array,
 * a failure must carry a message. */
#include "fuzz_check.h"
#include "io/npy_parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  nd_array *a = ndi_npy_load_buffer("load_npy", "fuzz", data, size);
  if (a) {
    fuzz_check_view(a);
    nd_release(a);
  } else if (nd_last_status() == ND_OK || nd_last_error()[0] == '\0') {
    abort();
  }
  nd_clear_error();
  return 0;
}
