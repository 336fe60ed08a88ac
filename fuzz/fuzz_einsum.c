/* Fuzzes einsum's subscript parser and planner: the first byte gives the operand count
 * (1-3), then each operand takes a rank byte and one extent byte per axis (extents 0-3,
 * so size-0 and broadcastable axes appear), with a layout byte choosing C, F or a
 * transposed view; the rest of the input is the subscript string (at most 256 bytes,
 * any bytes, not necessarily terminated in the input). nd_einsum_path and nd_einsum
 * must either succeed with a result that stays inside its storage, or fail with a
 * message; they must agree on whether the subscripts are valid. */
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

static void require_message(void) {
  if (nd_last_status() == ND_OK || nd_last_error()[0] == '\0') abort();
  nd_clear_error();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  reader r = {data, size};
  int n = next(&r) % 3 + 1;
  nd_array *ops[3] = {NULL, NULL, NULL};
  for (int k = 0; k < n; k++) {
    int ndim = next(&r) % 5;
    int64_t shape[ND_MAX_DIMS];
    for (int i = 0; i < ndim; i++) shape[i] = next(&r) % 4;
    int layout = next(&r) % 3;
    nd_array *a = nd_ones(ND_FLOAT64, ndim, shape, layout == 1 ? ND_F : ND_C);
    if (!a) abort();
    if (layout == 2 && ndim >= 2) { /* a transposed view: strides no BLAS call expects */
      nd_array *t = nd_matrix_transpose(a);
      nd_release(a);
      a = t;
      if (!a) abort();
    }
    ops[k] = a;
  }
  char subscripts[257];
  size_t len = r.n < 256 ? r.n : 256;
  memcpy(subscripts, r.p, len);
  subscripts[len] = '\0';

  int path[2 * 3];
  double flops = 0;
  nd_status ps = nd_einsum_path(subscripts, n, ops, path, &flops);
  if (ps != ND_OK) require_message();
  nd_array *out = nd_einsum(subscripts, n, ops);
  if (!out) {
    nd_status es = nd_last_status();
    require_message();
    /* a path that planned must contract, unless the result is too big to allocate */
    if (ps == ND_OK && es != ND_ERR_NOMEM) abort();
  } else {
    if (ps != ND_OK) abort();
    for (int i = 0; i + 1 < 2 * (n - 1); i += 2)
      if (path[i] < 0 || path[i] >= path[i + 1]) abort();
    fuzz_check_view(out);
    nd_release(out);
  }
  for (int k = 0; k < n; k++) nd_release(ops[k]);
  return 0;
}
