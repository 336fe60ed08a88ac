/* Signed-zero ties of float min and max (see reduce.h). Of equal elements the later in
 * index order is kept; for floats equal elements differ only as 0.0 and -0.0, so a zero
 * result must carry the sign of the last zero of its elements in C index order. The
 * engine visits elements in whatever order reads memory fastest (flipped, sorted,
 * threaded), so instead of keeping order there, each zero result is looked up afterwards:
 * the reduced elements are searched from the last in index order backwards, row by row
 * along the last reduced axis, and the search stops at the first zero. A result that is
 * not zero (or NaN) is left alone, so the cost is paid only by zero results and is at most
 * one more pass over their elements. */
#include <string.h>

#include "reduce.h"
#include "threads.h"

typedef struct {
  int nk, nr;
  int64_t kn[ND_MAX_DIMS], ks_in[ND_MAX_DIMS], ks_out[ND_MAX_DIMS]; /* kept axes, C order */
  int64_t rn[ND_MAX_DIMS], rs[ND_MAX_DIMS];                         /* reduced, C order */
} ties;

/* The last zero among the reduced elements of one output (at `in`), or NULL. */
static const char *last_zero(const ndi_reduce_spec *s, const ties *t, const char *in) {
  int outer = t->nr - 1; /* rows along the last reduced axis, outer positions backwards */
  int64_t n = t->rn[outer], st = t->rs[outer], rows = 1, idx[ND_MAX_DIMS];
  for (int d = 0; d < outer; d++) {
    rows *= t->rn[d];
    idx[d] = t->rn[d] - 1;
  }
  const char *row = in;
  for (int d = 0; d < outer; d++) row += idx[d] * t->rs[d];
  for (int64_t r = 0; r < rows; r++) {
    int64_t i = s->kernel->last_zero(row, st, n);
    if (i >= 0) return row + i * st;
    for (int d = outer - 1; d >= 0; d--) { /* previous position in C order */
      if (idx[d] > 0) {
        idx[d]--;
        row -= t->rs[d];
        break;
      }
      idx[d] = t->rn[d] - 1;
      row += idx[d] * t->rs[d];
    }
  }
  return NULL;
}

void ndi_reduce_zero_ties(const ndi_reduce_spec *s) {
  ties t = {0};
  int64_t nout = 1, nred = 1;
  for (int i = 0; i < s->ndim; i++) {
    if (s->shape[i] == 1) continue;
    if (s->reduced[i]) {
      t.rn[t.nr] = s->shape[i];
      t.rs[t.nr++] = s->in_strides[i];
      nred *= s->shape[i];
    } else {
      t.kn[t.nk] = s->shape[i];
      t.ks_in[t.nk] = s->in_strides[i];
      t.ks_out[t.nk++] = s->out_strides[i];
      nout *= s->shape[i];
    }
  }
  if (t.nr == 0) return; /* one element per output: nothing to choose between */
  int nt = ndi_threads_for(nout * nred);
#pragma omp parallel for num_threads(nt) schedule(dynamic, 256) if (nt > 1)
  for (int64_t o = 0; o < nout; o++) {
    const char *in = s->in;
    char *out = s->out;
    for (int64_t d = t.nk - 1, lin = o; d >= 0; d--) {
      int64_t k = lin % t.kn[d];
      lin /= t.kn[d];
      in += k * t.ks_in[d];
      out += k * t.ks_out[d];
    }
    if (s->kernel->last_zero(out, 0, 1) != 0) continue; /* not a zero result */
    const char *z = last_zero(s, &t, in);
    if (z) memcpy(out, z, (size_t)s->acc_size);
  }
}
